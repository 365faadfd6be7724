//! The solver's transposition table: exact keys (both masks), score bounds
//! in discs, the best square, how many empties the entry was searched at,
//! and how sure its bounds are (the search's [level](super::cut): exact, or
//! found with probable cuts).
//! Several threads may share one without locks (see [`EndTable`]).

use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

/// One stored position as three words: `p ^ data`, `o ^ data` and `data`
/// (bounds, best square, empties, level, and 30 check bits from the key's
/// hash).
/// A reader checks that both keys decode against the data it read, so an
/// entry torn by two writers racing reads as a miss.
#[derive(Default)]
struct Slot {
    p: AtomicU64,
    o: AtomicU64,
    data: AtomicU64,
}

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
/// Threads may probe and store through a shared reference at once: each
/// entry is three atomic words written one by one (relaxed), and an entry
/// whose words come from two different stores fails its key check and reads
/// as a miss (short of a coincidence on 64 key bits and 32 check bits). Every
/// stored bound is a true bound of the exact score, whichever thread found
/// it, so sharing never changes an answer.
pub struct EndTable {
    slots: Vec<Slot>,
    mask: usize,
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

#[inline]
pub(crate) fn hash(p: u64, o: u64) -> u64 {
    let h = p.wrapping_mul(0x9e37_79b9_7f4a_7c15)
        ^ o.rotate_left(29).wrapping_mul(0xc2b2_ae3d_27d4_eb4f);
    h ^ (h >> 31)
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

impl Slot {
    /// The slot's key and data as read (possibly torn).
    #[inline]
    fn read(&self) -> (u64, u64, u64) {
        let data = self.data.load(Relaxed);
        (
            self.p.load(Relaxed) ^ data,
            self.o.load(Relaxed) ^ data,
            data,
        )
    }

    #[inline]
    fn write(&self, p: u64, o: u64, data: u64) {
        self.p.store(p ^ data, Relaxed);
        self.o.store(o ^ data, Relaxed);
        self.data.store(data, Relaxed);
    }
}

impl EndTable {
    /// A table of about `bytes` bytes (at least two entries).
    pub fn with_bytes(bytes: usize) -> EndTable {
        let n = (bytes / std::mem::size_of::<Slot>()).max(2);
        let n = 1usize << (usize::BITS - 1 - n.leading_zeros());
        EndTable {
            slots: (0..n).map(|_| Slot::default()).collect(),
            mask: (n - 1) & !1,
        }
    }

    /// Forgets everything.
    pub fn clear(&mut self) {
        for slot in &mut self.slots {
            *slot = Slot::default();
        }
    }

    #[inline]
    pub(crate) fn probe(&self, p: u64, o: u64) -> Option<Hit> {
        let h = hash(p, o);
        let i = h as usize & self.mask;
        for slot in &self.slots[i..i + 2] {
            let (sp, so, data) = slot.read();
            if sp == p && so == o && (data ^ h) & CHECK == 0 && (p | o) != 0 {
                return Some(Hit {
                    lower: i32::from(data as u8 as i8),
                    upper: i32::from((data >> 8) as u8 as i8),
                    best: (data >> 16) as u8,
                    level: ((data >> 32) & 3) as u8,
                });
            }
        }
        None
    }

    /// Stores bounds found at `level`; an exact search stores [`EXACT`].
    #[inline]
    pub(crate) fn store(&self, p: u64, o: u64, at: Stored) {
        let h = hash(p, o);
        let i = h as usize & self.mask;
        let Stored {
            empties,
            lower,
            upper,
            best,
            level,
        } = at;
        let data = pack(h, lower, upper, best, empties, level);
        let (first, second) = (&self.slots[i], &self.slots[i + 1]);
        let (p1, o1, d1) = first.read();
        if p1 == p && o1 == o {
            first.write(p, o, data);
            return;
        }
        let (p2, o2, _) = second.read();
        if p2 == p && o2 == o {
            second.write(p, o, data);
        } else if empties as u8 >= (d1 >> 24) as u8 {
            // The first slot keeps the costlier entry; the one it displaces moves on.
            second.write(p1, o1, d1);
            first.write(p, o, data);
        } else {
            second.write(p, o, data);
        }
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

    /// Bounds, square and empties derived from the key, so a hit can be
    /// checked against the key it was found under.
    fn payload(p: u64, o: u64) -> (i32, i32, u8, u32) {
        let h = hash(o, p);
        let lower = (h % 129) as i32 - 64;
        let upper = lower.max(((h >> 8) % 129) as i32 - 64);
        (
            lower,
            upper,
            (h >> 16) as u8 % 65,
            9 + (h >> 24) as u32 % 50,
        )
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

    #[test]
    fn an_entry_mixed_from_two_stores_reads_as_a_miss_or_as_one_of_them_whole() {
        // One bucket, so both keys land in it.
        let table = EndTable::with_bytes(2 * std::mem::size_of::<Slot>());
        let keys = [
            (0x0000_1008_0402_0100, 0x0810_0000_0000_0001),
            (0x0000_1008_0402_0180, 0x0810_0000_0000_0001),
        ];
        let words: Vec<[u64; 3]> = keys
            .iter()
            .map(|&(p, o)| {
                let (lower, upper, best, empties) = payload(p, o);
                put(&table, p, o, empties, lower, upper, best);
                let slot = &table.slots[0];
                [
                    slot.p.load(Relaxed),
                    slot.o.load(Relaxed),
                    slot.data.load(Relaxed),
                ]
            })
            .collect();
        for mix in 0..8usize {
            let slot = &table.slots[0];
            slot.p.store(words[mix & 1][0], Relaxed);
            slot.o.store(words[(mix >> 1) & 1][1], Relaxed);
            slot.data.store(words[(mix >> 2) & 1][2], Relaxed);
            table.slots[1].write(0, 0, 0);
            for (k, &(p, o)) in keys.iter().enumerate() {
                let whole = mix == 0b111 * k;
                match table.probe(p, o) {
                    Some(hit) => {
                        let (lower, upper, best, _) = payload(p, o);
                        assert!(whole, "mix {mix:03b} read as key {k}");
                        assert_eq!((hit.lower, hit.upper, hit.best), (lower, upper, best));
                    }
                    None => assert!(!whole, "mix {mix:03b} lost key {k}"),
                }
            }
        }
    }

    #[test]
    fn threads_hammering_one_small_table_never_read_a_wrong_entry() {
        // 256 slots for 4 threads × 20,000 keys: every bucket is fought over.
        let table = EndTable::with_bytes(256 * 24);
        let hits = std::sync::atomic::AtomicU64::new(0);
        std::thread::scope(|scope| {
            for t in 0..4u64 {
                let (table, hits) = (&table, &hits);
                scope.spawn(move || {
                    for k in 0..20_000u64 {
                        // Keys shared between threads (k) and each thread's own (t).
                        let p = hash(k % 3_000 + 1, t * (k & 1));
                        let o = hash(p, 7) & !p;
                        let (lower, upper, best, empties) = payload(p, o);
                        put(table, p, o, empties, lower, upper, best);
                        let q = hash(k.wrapping_mul(31) % 3_000 + 1, t * (k & 1));
                        let q_o = hash(q, 7) & !q;
                        if let Some(hit) = table.probe(q, q_o) {
                            let (lower, upper, best, _) = payload(q, q_o);
                            assert_eq!((hit.lower, hit.upper, hit.best), (lower, upper, best));
                            hits.fetch_add(1, Relaxed);
                        }
                    }
                });
            }
        });
        assert!(hits.load(Relaxed) > 0, "the probes found something");
    }
}
