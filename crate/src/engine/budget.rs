//! When a search must stop: a node limit, a time limit read from a clock the
//! caller supplies (the browser has no `Instant`), and a stop flag.

use std::sync::atomic::{AtomicBool, Ordering};

/// A monotonic clock in milliseconds.
pub type Clock = fn() -> f64;

/// The native clock: milliseconds since the first call. On WebAssembly it
/// reads 0; the wasm door passes the browser's clock instead.
pub fn default_clock() -> f64 {
    #[cfg(not(target_arch = "wasm32"))]
    {
        use std::sync::OnceLock;
        use std::time::Instant;
        static START: OnceLock<Instant> = OnceLock::new();
        START.get_or_init(Instant::now).elapsed().as_secs_f64() * 1000.0
    }
    #[cfg(target_arch = "wasm32")]
    {
        0.0
    }
}

/// The limits of one search. Checked every few thousand nodes.
#[derive(Clone, Copy)]
pub struct Budget<'a> {
    /// Stop after this many nodes.
    pub nodes: Option<u64>,
    /// Stop when the clock passes this reading (milliseconds).
    pub deadline: Option<f64>,
    /// The clock to read.
    pub clock: Clock,
    /// Stop when this flag is set (from another thread, or a signal handler).
    pub stop: Option<&'a AtomicBool>,
}

impl Default for Budget<'_> {
    fn default() -> Self {
        Budget::unlimited()
    }
}

impl<'a> Budget<'a> {
    /// No limit at all.
    pub fn unlimited() -> Budget<'a> {
        Budget {
            nodes: None,
            deadline: None,
            clock: default_clock,
            stop: None,
        }
    }

    /// A budget of `ms` milliseconds from now on `clock`.
    pub fn millis(ms: f64, clock: Clock) -> Budget<'a> {
        Budget {
            nodes: None,
            deadline: Some(clock() + ms),
            clock,
            stop: None,
        }
    }

    /// Milliseconds left before the deadline (infinite without one).
    pub fn remaining(&self) -> f64 {
        self.deadline.map_or(f64::INFINITY, |d| d - (self.clock)())
    }

    /// Whether the search has used its budget, having searched `nodes`.
    pub fn spent(&self, nodes: u64) -> bool {
        self.nodes.is_some_and(|n| nodes >= n)
            || self.deadline.is_some_and(|d| (self.clock)() >= d)
            || self.stop.is_some_and(|s| s.load(Ordering::Relaxed))
    }
}
