//! The top level's search split across the page's helper workers
//! ([`crate::engine::search::split`]): the bot's worker plans with a
//! [`SplitSearch`] and posts its jobs, as lines of text, to helper workers
//! of the same module, each answering with [`split_job`] on its own engine.
//! JavaScript only carries the lines.

use super::bot::{answer, BOT_ENGINE};
use super::{browser_clock, coded, position, seed};
use crate::engine::bot::{plan, searched, seeded_stream, Choice, Plan};
use crate::engine::search::split::{run_job, Job, JobResult, Split};
use crate::engine::search::Budget;
use wasm_bindgen::prelude::*;

/// A move being chosen by helper workers: made as `bot_choose` would
/// choose (the book, a forced pass, a weak level's pick are decided at
/// once), else a split search that hands out jobs and takes their results.
#[wasm_bindgen]
pub struct SplitSearch {
    split: Option<Split>,
    chosen: Option<Choice>,
}

#[wasm_bindgen]
impl SplitSearch {
    /// Plans the bot's move as [`bot_choose`](super::bot::bot_choose) takes
    /// it (disc masks, side, level, the game's seed in hex, the ply, the
    /// time in milliseconds); errors: `bad-position`, `bad-seed`.
    #[wasm_bindgen(constructor)]
    pub fn new(
        dark: u64,
        light: u64,
        dark_to_move: bool,
        level: u8,
        seed_hex: &str,
        ply: u32,
        time_ms: u32,
    ) -> Result<SplitSearch, js_sys::Error> {
        let seed = seed(seed_hex)?;
        let position = position(dark, light, dark_to_move)?;
        let time = f64::from(time_ms.max(1));
        let budget = Budget::millis(time, browser_clock);
        let mut rng = seeded_stream(&seed, ply);
        let planned = BOT_ENGINE.with(|engine| {
            let mut engine = engine.borrow_mut();
            match plan(&mut engine, &position, level, &mut rng, budget) {
                Plan::Chosen(choice) => Err(choice),
                Plan::Search(limits, budget) => Ok((limits, budget.nodes)),
            }
        });
        Ok(match planned {
            Err(choice) => SplitSearch {
                split: None,
                chosen: Some(choice),
            },
            Ok((limits, nodes)) => SplitSearch {
                split: Some(Split::new(
                    &position,
                    &limits,
                    Some(time),
                    nodes,
                    browser_clock,
                )),
                chosen: None,
            },
        })
    }

    /// Whether the move is decided.
    pub fn done(&self) -> bool {
        self.split.as_ref().is_none_or(Split::is_done)
    }

    /// The next job's line for helper `runner` (0, 1, …, which has none
    /// out), or nothing when there is none for it now.
    pub fn next_job(&mut self, runner: usize) -> Option<String> {
        self.split.as_mut()?.next_job(runner).map(|j| j.to_text())
    }

    /// Takes a helper's result line (a result no longer awaited is
    /// ignored); error: `bad-split-result`.
    pub fn take(&mut self, line: &str) -> Result<(), js_sys::Error> {
        let result = JobResult::from_text(line).map_err(|e| coded("bad-split-result", e))?;
        if let Some(split) = self.split.as_mut() {
            split.take(result);
        }
        Ok(())
    }

    /// Decides now with what is known (the time is up, a helper is lost).
    pub fn stop(&mut self) {
        if let Some(split) = self.split.as_mut() {
            split.stop();
        }
    }

    /// The move as `bot_choose` answers it (JSON: move, book, nodes,
    /// depth); the best so far if not yet decided.
    pub fn answer(&self) -> String {
        let choice = match (&self.chosen, &self.split) {
            (Some(choice), _) => *choice,
            (None, Some(split)) => searched(split.outcome()),
            (None, None) => searched(crate::engine::search::SearchResult {
                best: crate::Move::Pass,
                score: 0,
                depth: 0,
                exact: false,
                nodes: 0,
            }),
        };
        answer(&choice, None)
    }
}

/// A helper worker's answer to a job's line from a [`SplitSearch`]: the
/// result's line, searched on this worker's own engine; error: `bad-split-job`.
#[wasm_bindgen]
pub fn split_job(line: &str) -> Result<String, js_sys::Error> {
    let job = Job::from_text(line).map_err(|e| coded("bad-split-job", e))?;
    let result =
        BOT_ENGINE.with(|engine| run_job(&mut engine.borrow_mut(), &job, browser_clock, None));
    Ok(result.to_text())
}
