//! The solver's transposition table: exact keys (both masks), score bounds
//! in discs, the best square, how many empties the entry was searched at,
//! and how sure its bounds are (the search's [level](super::cut): exact, or
//! found with probable cuts).
//! Several threads may share one without locks (see [`EndTable`]).

use crate::engine::slots::{hash, Buckets};

/// What a probe found.
#[derive(Clone, Copy, Debug)]
pub struct Hit {
    /// The score is at least this.
    pub lower: i32,
    /// The score is at most this.
    pub upper: i32,
    /// The best square found, or 64 for none.
    pub best: u8,
    /// How sure the bounds are: [`EXACT`], or the level
    /// of the selective search that found them.
    pub level: u8,
}

/// A table of two-entry buckets with exact keys, so a probe never confuses
/// two positions.
///
/// Threads may probe and store through a shared reference at once
/// (`engine/slots.rs`: an entry torn by two racing writers reads as a
/// miss). Every stored bound is a true bound of the exact score, whichever
/// thread found it, so sharing never changes an answer.
pub struct EndTable {
    buckets: Buckets,
}

/// What [`EndTable::store`] keeps of a position.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Stored {
    /// Empty squares of the position.
    pub empties: u32,
    /// The score is at least this.
    pub lower: i32,
    /// The score is at most this.
    pub upper: i32,
    /// The best square found, or 64.
    pub best: u8,
    /// How sure the bounds are.
    pub level: u8,
}

/// The level of an exact search: its bounds are true bounds. (Selective
/// levels, below it, are [`cut`](super::cut)'s.)
pub const EXACT: u8 = 3;

/// The check bits of a data word: the key's hash's top 30 bits.
const CHECK: u64 = 0xffff_fffc_0000_0000;

/// The data word of an entry: check bits above, the payload below (the
/// level in bits 32–33).
#[inline]
fn pack(h: u64, lower: i32, upper: i32, best: u8, empties: u32, level: u8) -> u64 {
    (h & CHECK)
        | u64::from(lower.clamp(-64, 64) as i8 as u8)
        | u64::from(upper.clamp(-64, 64) as i8 as u8) << 8
        | u64::from(best) << 16
        | u64::from(empties as u8) << 24
        | u64::from(level & 3) << 32
}

impl EndTable {
    /// A table of about `bytes` bytes (at least two entries).
    pub fn with_bytes(bytes: usize) -> EndTable {
        EndTable {
            buckets: Buckets::with_bytes(bytes, CHECK),
        }
    }

    /// Forgets everything.
    pub fn clear(&self) {
        self.buckets.clear();
    }

    #[inline]
    pub(crate) fn probe(&self, p: u64, o: u64) -> Option<Hit> {
        let data = self.buckets.find(p, o, hash(p, o))?;
        Some(Hit {
            lower: i32::from(data as u8 as i8),
            upper: i32::from((data >> 8) as u8 as i8),
            best: (data >> 16) as u8,
            level: ((data >> 32) & 3) as u8,
        })
    }

    /// Stores bounds found at `level`; an exact search stores [`EXACT`]. The
    /// first slot of a bucket keeps the entry searched at more empties.
    #[inline]
    pub(crate) fn store(&self, p: u64, o: u64, at: Stored) {
        let h = hash(p, o);
        let Stored {
            empties,
            lower,
            upper,
            best,
            level,
        } = at;
        let data = pack(h, lower, upper, best, empties, level);
        self.buckets.put(p, o, h, data, |d| (d >> 24) as u8);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Stores exact bounds.
    fn put(table: &EndTable, p: u64, o: u64, empties: u32, lower: i32, upper: i32, best: u8) {
        let level = EXACT;
        table.store(
            p,
            o,
            Stored {
                empties,
                lower,
                upper,
                best,
                level,
            },
        );
    }

    #[test]
    fn a_stored_entry_reads_back_and_a_missing_one_misses() {
        let table = EndTable::with_bytes(1 << 12);
        put(&table, 3, 12, 20, -6, 10, 37);
        let hit = table.probe(3, 12).expect("stored");
        assert_eq!((hit.lower, hit.upper, hit.best), (-6, 10, 37));
        assert!(table.probe(12, 3).is_none());
        assert!(table.probe(0, 0).is_none());
    }
}
