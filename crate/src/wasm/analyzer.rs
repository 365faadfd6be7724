//! The review's analysis of one position ([`crate::engine::analysis`]),
//! deepened a step at a time in the worker that runs it: in the bots'
//! package alone, and in the threaded one beside helper workers over one
//! shared memory. There the worker asks [`Analyzer::crew`] for the next
//! step's number, posts it to its helpers, each of which calls
//! [`analysis_help`], and steps; JavaScript only carries the number.

use super::numbered::Numbered;
use super::{browser_clock, position};
use crate::engine::analysis::{Analysis, Crew};
use crate::engine::eval::DISC;
use crate::engine::search::Budget;
use crate::json;
use std::sync::Arc;
use wasm_bindgen::prelude::*;

/// The step being shared now and its number, for the helpers to join.
static CURRENT: Numbered<Crew> = Numbered::new();

/// The review's analysis of one position (see `analysis`), kept in the
/// worker that runs it: every legal move's value, deepened a step at a time.
#[wasm_bindgen]
pub struct Analyzer {
    analysis: Analysis,
    /// The next step's crew and number, once [`Analyzer::crew`] made it.
    crew: Option<(u32, Arc<Crew>)>,
}

#[wasm_bindgen]
impl Analyzer {
    /// An analysis of the position given by its disc masks (bit 0 = a1),
    /// with tables of 16 MiB.
    #[wasm_bindgen(constructor)]
    pub fn new(dark: u64, light: u64, dark_to_move: bool) -> Result<Analyzer, js_sys::Error> {
        let position = position(dark, light, dark_to_move)?;
        Ok(Analyzer {
            analysis: Analysis::new(position, 16 << 20),
            crew: None,
        })
    }

    /// Makes the next step one that helpers may share (over this memory:
    /// the threaded package); its number for them ([`analysis_help`]), or
    /// 0 when nothing is left to do.
    pub fn crew(&mut self) -> u32 {
        let Some(crew) = self.analysis.crew() else {
            return 0;
        };
        let number = CURRENT.publish(&crew);
        self.crew = Some((number, crew));
        number
    }

    /// Works for at most about `time_ms` (leading the helpers, after
    /// [`Analyzer::crew`]) and reports as JSON:
    /// `{"empties","depth","exact","done","progressed","nodes","helpers","moves":[{"sq","v","exact","depth"}],"line":["d3",…]}`,
    /// `v` in discs from the mover's view, best move first; `helpers`: how
    /// many helpers joined the step.
    pub fn step(&mut self, time_ms: u32) -> String {
        let budget = Budget::millis(f64::from(time_ms.max(1)), browser_clock);
        let (r, helpers) = match self.crew.take() {
            Some((number, crew)) => {
                let r = self.analysis.lead(&crew, budget);
                CURRENT.withdraw(number);
                (r, crew.joined())
            }
            None => (self.analysis.step(budget), 0),
        };
        json::object(|o| {
            o.field("empties", self.analysis.position().empty().count())
                .field("depth", r.depth)
                .field("exact", r.exact)
                .field("done", r.done)
                .field("progressed", r.progressed)
                .field("nodes", r.nodes)
                .field("helpers", helpers)
                .array("moves", |a| {
                    for m in &r.moves {
                        a.object(|o| {
                            o.field("sq", m.square.index())
                                .field("v", f64::from(m.value) / f64::from(DISC))
                                .field("exact", m.exact)
                                .field("depth", m.depth);
                        });
                    }
                })
                .array("line", |a| {
                    a.items(r.line.iter().map(|m| m.to_string()));
                });
        })
    }
}

/// Helps the analysis step numbered `crew` until it is over; returns at
/// once when that step is over (the message came late). In the threaded
/// package only: elsewhere no helper shares the memory.
#[cfg(feature = "threads-exports")]
#[wasm_bindgen]
pub fn analysis_help(crew: u32) {
    if let Some(joined) = CURRENT.get(crew) {
        joined.help();
    }
}
