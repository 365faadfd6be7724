//! Which subtrees the solvers sharing a table are searching now: a small
//! lossy set of position hashes, so that a solver reaching a move another is
//! in searches its other moves first (simplified ABDADA).

use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

/// From this many empties, a shared solver marks the subtrees it enters and
/// defers those another has marked.
pub(super) const DEFER_MIN: u32 = 12;

/// The set of positions being searched, one hash a slot (a newer entry
/// overwrites an older one in its slot: it is a hint, never an answer).
pub struct Busy {
    slots: Vec<AtomicU64>,
}

impl Default for Busy {
    fn default() -> Self {
        Busy::new()
    }
}

impl Busy {
    /// An empty set of 16,384 slots.
    pub fn new() -> Busy {
        Busy {
            slots: (0..1 << 14).map(|_| AtomicU64::new(0)).collect(),
        }
    }

    #[inline]
    fn slot(&self, key: u64) -> &AtomicU64 {
        &self.slots[(key >> 40) as usize & (self.slots.len() - 1)]
    }

    /// Whether another solver is searching the position hashed `key`.
    #[inline]
    pub(crate) fn contains(&self, key: u64) -> bool {
        self.slot(key).load(Relaxed) == key
    }

    /// Marks the position hashed `key` as being searched.
    #[inline]
    pub(crate) fn enter(&self, key: u64) {
        self.slot(key).store(key, Relaxed);
    }

    /// Unmarks it, unless another position took its slot since.
    #[inline]
    pub(crate) fn leave(&self, key: u64) {
        let _ = self.slot(key).compare_exchange(key, 0, Relaxed, Relaxed);
    }
}
