//! The top level's search on several threads in the page
//! ([`crate::engine::search::parallel`]): the bot's worker and helper
//! workers run one module over one shared memory (the package built with
//! WebAssembly threads, `www/pkg-threads`), so they share the engine's
//! tables. The bot's worker makes a [`TeamSearch`], posts its number to the
//! helpers, each of which calls [`team_help`], and leads with
//! [`TeamSearch::run`]. JavaScript only carries the number.

use super::bot::{answer, BOT_ENGINE};
use super::numbered::Numbered;
use super::{browser_clock, position, seed};
use crate::engine::bot::{level_of, plan, searched, seeded_stream, Choice, Plan};
use crate::engine::search::parallel::{help, lead, Team};
use crate::engine::search::{Budget, Limits};
use crate::Position;
use std::sync::Arc;
use wasm_bindgen::prelude::*;

/// The team searching now and its number, for the helpers to join.
static CURRENT: Numbered<Team> = Numbered::new();

/// After the leader's answer, how long it waits at most for the helpers to
/// stop (they do within a few thousand nodes), so that their nodes count
/// and none is still searching when the next move's team starts.
const HELPERS_STOP_MS: f64 = 100.0;

/// The search it leads, when the move needs one.
struct Led {
    position: Position,
    limits: Limits,
    budget: Budget<'static>,
    team: Option<(u32, Arc<Team>)>,
}

/// A move being chosen by the bot's worker and its helper workers: made as
/// `bot_choose` would choose (the book, a forced pass, a weak level's pick
/// are decided at once), else the search, led here and helped by the
/// workers that join.
#[wasm_bindgen]
pub struct TeamSearch {
    chosen: Option<Choice>,
    led: Option<Led>,
}

#[wasm_bindgen]
impl TeamSearch {
    /// Plans the bot's move as `bot_choose` takes it (disc masks, side,
    /// level, the game's seed in hex, the ply, the time in milliseconds)
    /// with `helpers` helper workers; errors: `bad-position`, `bad-seed`. A
    /// level with a node budget (6–9) searches alone, so its games replay.
    #[wasm_bindgen(constructor)]
    #[allow(clippy::too_many_arguments)]
    pub fn new(
        dark: u64,
        light: u64,
        dark_to_move: bool,
        level: u8,
        seed_hex: &str,
        ply: u32,
        time_ms: u32,
        helpers: u32,
    ) -> Result<TeamSearch, js_sys::Error> {
        let seed = seed(seed_hex)?;
        let position = position(dark, light, dark_to_move)?;
        let budget = Budget::millis(f64::from(time_ms.max(1)), browser_clock);
        let mut rng = seeded_stream(&seed, ply);
        BOT_ENGINE.with(|engine| {
            let mut engine = engine.borrow_mut();
            Ok(
                match plan(&mut engine, &position, level, &mut rng, budget) {
                    Plan::Chosen(choice) => TeamSearch {
                        chosen: Some(choice),
                        led: None,
                    },
                    Plan::Search(limits, budget) => {
                        let alone = helpers == 0 || level_of(level).nodes > 0;
                        let team = (!alone).then(|| {
                            let team = Arc::new(Team::new(
                                &engine,
                                helpers as usize,
                                &position,
                                &limits,
                                browser_clock,
                            ));
                            (CURRENT.publish(&team), team)
                        });
                        TeamSearch {
                            chosen: None,
                            led: Some(Led {
                                position,
                                limits,
                                budget,
                                team,
                            }),
                        }
                    }
                },
            )
        })
    }

    /// The team's number for the helpers ([`team_help`]); 0 when the move
    /// needs no helper (decided at once, or searched alone).
    pub fn team(&self) -> u32 {
        self.led
            .as_ref()
            .and_then(|led| led.team.as_ref())
            .map_or(0, |(number, _)| *number)
    }

    /// Searches (leading the team, if any) and answers as `bot_choose`
    /// does (JSON: move, book, nodes, depth), with `helpers`: how many
    /// helper workers joined. Nodes count every thread's. Once only: the
    /// search is spent.
    pub fn run(self) -> String {
        let (Some(led), None) = (self.led, self.chosen) else {
            let choice = self.chosen.unwrap_or_else(|| {
                searched(crate::engine::search::SearchResult {
                    best: crate::Move::Pass,
                    score: 0,
                    depth: 0,
                    exact: false,
                    nodes: 0,
                })
            });
            return answer(&choice, Some(0));
        };
        let Some((number, team)) = led.team else {
            let result = BOT_ENGINE.with(|engine| {
                engine
                    .borrow_mut()
                    .search_alone(&led.position, &led.limits, led.budget)
            });
            return answer(&searched(result), Some(0));
        };
        let mut result =
            BOT_ENGINE.with(|engine| lead(&mut engine.borrow_mut(), &team, led.budget));
        CURRENT.withdraw(number);
        let until = browser_clock() + HELPERS_STOP_MS;
        while team.active() > 0 && browser_clock() < until {
            std::thread::sleep(std::time::Duration::from_micros(200));
        }
        result.nodes += team.helped();
        answer(&searched(result), Some(team.joined()))
    }
}

/// Helps the team numbered `team` as its helper `index` (from 0) until its
/// leader is done; returns at once when that team is over (the message
/// came late) or has no such helper.
#[wasm_bindgen]
pub fn team_help(team: u32, index: u32) {
    if let Some(joined) = CURRENT.get(team) {
        help(&joined, index as usize);
    }
}
