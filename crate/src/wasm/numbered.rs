//! The work shared with helper workers now (a level-10 search, a step of
//! the review's analysis), under a number: the leading worker publishes it
//! and posts the number, a helper looks it up by that number, and a late
//! message finds nothing.

use std::sync::atomic::{AtomicU32, Ordering::Relaxed};
use std::sync::{Arc, Mutex};

/// The last number given, for every kind of work.
static NUMBERED: AtomicU32 = AtomicU32::new(0);

/// One kind of work shared now, if any, and its number.
pub(super) struct Numbered<T>(Mutex<Option<(u32, Arc<T>)>>);

impl<T> Numbered<T> {
    pub(super) const fn new() -> Numbered<T> {
        Numbered(Mutex::new(None))
    }

    /// Makes `work` the one shared now; its number (never 0).
    pub(super) fn publish(&self, work: &Arc<T>) -> u32 {
        let number = NUMBERED.fetch_add(1, Relaxed).wrapping_add(1).max(1);
        if let Ok(mut current) = self.0.lock() {
            *current = Some((number, Arc::clone(work)));
        }
        number
    }

    /// The work numbered `number`, while it is the one shared (helpers
    /// look it up only in the threaded package).
    #[cfg_attr(not(feature = "threads-exports"), allow(dead_code))]
    pub(super) fn get(&self, number: u32) -> Option<Arc<T>> {
        let current = self.0.lock().ok()?;
        current
            .as_ref()
            .filter(|(n, _)| *n == number)
            .map(|(_, work)| Arc::clone(work))
    }

    /// The work numbered `number` is over (another published since stays).
    pub(super) fn withdraw(&self, number: u32) {
        if let Ok(mut current) = self.0.lock() {
            if current.as_ref().is_some_and(|(n, _)| *n == number) {
                *current = None;
            }
        }
    }
}
