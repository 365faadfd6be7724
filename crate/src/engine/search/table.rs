//! The midgame transposition table: exact keys, score bounds in evaluation
//! units, the depth they were searched to and the best square. Several
//! threads may share one without locks, as they share the solver's
//! ([`EndTable`](crate::engine::endgame::EndTable)): see [`MidTable`].

use crate::engine::slots::hash;
use crate::engine::slots::Buckets;

/// What a probe found.
#[derive(Clone, Copy, Debug)]
pub struct Hit {
    /// The score is at least this (when `depth` is enough).
    pub lower: i32,
    /// The score is at most this.
    pub upper: i32,
    /// The depth of the search that stored it.
    pub depth: u32,
    /// The best square, or 64.
    pub best: u8,
}

/// The check bits of a data word: the key's hash's top 16 bits.
const CHECK: u64 = 0xffff_0000_0000_0000;

/// The data word of an entry: the check bits above, then the depth, the
/// best square and the two bounds.
#[inline]
fn pack(h: u64, depth: u32, lower: i32, upper: i32, best: u8) -> u64 {
    (h & CHECK)
        | u64::from(depth.min(255) as u8) << 40
        | u64::from(best) << 32
        | u64::from(lower.clamp(-32000, 32000) as i16 as u16) << 16
        | u64::from(upper.clamp(-32000, 32000) as i16 as u16)
}

/// The depth a data word was searched to.
#[inline]
fn depth_of(data: u64) -> u8 {
    (data >> 40) as u8
}

/// Two-entry buckets: the first keeps the deeper search, the second the
/// latest.
///
/// Threads may probe and store through a shared reference at once (the
/// search on several threads, [`parallel`](super::parallel);
/// `engine/slots.rs`: an entry torn by two racing writers reads as a
/// miss). Every stored bound is a bound the search found for that position,
/// whichever thread found it.
pub struct MidTable {
    buckets: Buckets,
}

impl MidTable {
    /// A table of about `bytes` bytes.
    pub fn with_bytes(bytes: usize) -> MidTable {
        MidTable {
            buckets: Buckets::with_bytes(bytes, CHECK),
        }
    }

    /// Forgets everything.
    pub fn clear(&self) {
        self.buckets.clear();
    }

    /// The entry for (`p`, `o`), if stored.
    #[inline]
    pub fn probe(&self, p: u64, o: u64) -> Option<Hit> {
        let data = self.buckets.find(p, o, hash(p, o))?;
        Some(Hit {
            lower: i32::from(((data >> 16) as u16) as i16),
            upper: i32::from((data as u16) as i16),
            depth: u32::from(depth_of(data)),
            best: (data >> 32) as u8,
        })
    }

    /// Stores bounds for (`p`, `o`) searched to `depth`.
    #[inline]
    pub fn store(&self, p: u64, o: u64, depth: u32, lower: i32, upper: i32, best: u8) {
        let h = hash(p, o);
        let data = pack(h, depth, lower, upper, best);
        self.buckets.put(p, o, h, data, depth_of);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stored_entry_reads_back_and_a_missing_one_misses() {
        let table = MidTable::with_bytes(1 << 12);
        table.store(3, 12, 7, -250, 1800, 37);
        let hit = table.probe(3, 12).expect("stored");
        assert_eq!(
            (hit.lower, hit.upper, hit.depth, hit.best),
            (-250, 1800, 7, 37)
        );
        assert!(table.probe(12, 3).is_none());
        assert!(table.probe(0, 0).is_none());
        // Bounds beyond the i16 range are clamped, not wrapped.
        table.store(3, 12, 300, -30_000, 30_000, 64);
        let hit = table.probe(3, 12).expect("stored");
        assert_eq!((hit.lower, hit.upper, hit.depth), (-30_000, 30_000, 255));
        table.clear();
        assert!(table.probe(3, 12).is_none());
    }

    #[test]
    fn the_first_slot_keeps_the_deeper_search() {
        // One bucket, so every key lands in it.
        let table = MidTable::with_bytes(48);
        assert_eq!(table.buckets.len(), 2);
        table.store(1, 2, 9, 0, 0, 1);
        table.store(4, 8, 3, 0, 0, 2);
        table.store(16, 32, 4, 0, 0, 3);
        assert_eq!(table.probe(1, 2).map(|h| h.depth), Some(9));
        assert!(table.probe(4, 8).is_none(), "the shallower latest made way");
        assert_eq!(table.probe(16, 32).map(|h| h.depth), Some(4));
        table.store(64, 128, 10, 0, 0, 4);
        assert_eq!(table.probe(64, 128).map(|h| h.depth), Some(10));
        assert_eq!(table.probe(1, 2).map(|h| h.depth), Some(9), "moved on");
    }
}
