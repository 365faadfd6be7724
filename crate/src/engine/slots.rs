//! The storage under both transposition tables (the midgame's and the
//! solver's): two-slot buckets of positions with a data word each, which
//! several threads may read and write at once without locks.
//!
//! A slot is three atomic words written one by one (relaxed): `p ^ data`,
//! `o ^ data` and `data`, the data word carrying check bits taken from the
//! key's hash. A reader checks that both keys decode against the data it
//! read and that the check bits match the key it looks for, so a slot whose
//! words come from two different stores (two threads racing) reads as a
//! miss, short of a coincidence on the key's 128 bits and the check bits.

use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

/// The hash of a position (the mover's discs `p`, the other's `o`): its
/// low bits choose the bucket, its high bits check the data word.
#[inline]
pub(crate) fn hash(p: u64, o: u64) -> u64 {
    let h = p.wrapping_mul(0x9e37_79b9_7f4a_7c15)
        ^ o.rotate_left(29).wrapping_mul(0xc2b2_ae3d_27d4_eb4f);
    h ^ (h >> 31)
}

/// One stored position.
#[derive(Default)]
struct Slot {
    p: AtomicU64,
    o: AtomicU64,
    data: AtomicU64,
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

/// Two-slot buckets: the first slot keeps the costlier entry (as the
/// table's `cost` of a data word says), the second the latest.
pub(crate) struct Buckets {
    slots: Vec<Slot>,
    mask: usize,
    /// The data word's check bits (the same bits of the key's hash).
    check: u64,
}

impl Buckets {
    /// Buckets of about `bytes` bytes in all (at least one), data words
    /// checked on the bits `check`.
    pub(crate) fn with_bytes(bytes: usize, check: u64) -> Buckets {
        let n = (bytes / std::mem::size_of::<Slot>()).max(2);
        let n = 1usize << (usize::BITS - 1 - n.leading_zeros());
        Buckets {
            slots: (0..n).map(|_| Slot::default()).collect(),
            mask: (n - 1) & !1,
            check,
        }
    }

    /// How many positions they hold at most.
    #[cfg(test)]
    pub(crate) fn len(&self) -> usize {
        self.slots.len()
    }

    /// Forgets everything.
    pub(crate) fn clear(&self) {
        for slot in &self.slots {
            slot.write(0, 0, 0);
        }
    }

    /// The data word stored for (`p`, `o`), whose hash is `h`, if any.
    #[inline]
    pub(crate) fn find(&self, p: u64, o: u64, h: u64) -> Option<u64> {
        let i = h as usize & self.mask;
        for slot in &self.slots[i..i + 2] {
            let (sp, so, data) = slot.read();
            if sp == p && so == o && (data ^ h) & self.check == 0 && (p | o) != 0 {
                return Some(data);
            }
        }
        None
    }

    /// Stores `data` (its check bits from `h`, the hash of (`p`, `o`)):
    /// over the position's own slot, else in the first slot when it costs
    /// at least what is there (which moves to the second), else in the
    /// second.
    #[inline]
    pub(crate) fn put(&self, p: u64, o: u64, h: u64, data: u64, cost: impl Fn(u64) -> u8) {
        let i = h as usize & self.mask;
        let (first, second) = (&self.slots[i], &self.slots[i + 1]);
        let (p1, o1, d1) = first.read();
        if p1 == p && o1 == o {
            first.write(p, o, data);
            return;
        }
        let (p2, o2, _) = second.read();
        if p2 == p && o2 == o {
            second.write(p, o, data);
        } else if cost(data) >= cost(d1) {
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

    const CHECK: u64 = 0xffff_0000_0000_0000;

    /// A data word for (`p`, `o`): its check bits, and a payload derived
    /// from the key, so a hit can be checked against the key it was found
    /// under. The payload's low byte is its cost.
    fn data(p: u64, o: u64) -> u64 {
        let h = hash(p, o);
        (h & CHECK) | (hash(o, p) & !CHECK)
    }

    fn put(buckets: &Buckets, p: u64, o: u64) {
        buckets.put(p, o, hash(p, o), data(p, o), |d| d as u8);
    }

    #[test]
    fn an_entry_mixed_from_two_stores_reads_as_a_miss_or_as_one_of_them_whole() {
        // One bucket, so both keys land in it.
        let buckets = Buckets::with_bytes(48, CHECK);
        assert_eq!(buckets.len(), 2);
        let keys = [
            (0x0000_1008_0402_0100, 0x0810_0000_0000_0001),
            (0x0000_1008_0402_0180, 0x0810_0000_0000_0001),
        ];
        let words: Vec<[u64; 3]> = keys
            .iter()
            .map(|&(p, o)| {
                buckets.clear();
                put(&buckets, p, o);
                let slot = &buckets.slots[0];
                [
                    slot.p.load(Relaxed),
                    slot.o.load(Relaxed),
                    slot.data.load(Relaxed),
                ]
            })
            .collect();
        for mix in 0..8usize {
            let slot = &buckets.slots[0];
            slot.p.store(words[mix & 1][0], Relaxed);
            slot.o.store(words[(mix >> 1) & 1][1], Relaxed);
            slot.data.store(words[(mix >> 2) & 1][2], Relaxed);
            buckets.slots[1].write(0, 0, 0);
            for (k, &(p, o)) in keys.iter().enumerate() {
                let whole = mix == 0b111 * k;
                match buckets.find(p, o, hash(p, o)) {
                    Some(found) => {
                        assert!(whole, "mix {mix:03b} read as key {k}");
                        assert_eq!(found, data(p, o));
                    }
                    None => assert!(!whole, "mix {mix:03b} lost key {k}"),
                }
            }
        }
    }

    #[test]
    fn threads_hammering_one_small_table_never_read_a_wrong_entry() {
        // 256 slots for 4 threads × 20,000 keys: every bucket is fought over.
        let buckets = Buckets::with_bytes(256 * 24, CHECK);
        let hits = AtomicU64::new(0);
        std::thread::scope(|scope| {
            for t in 0..4u64 {
                let (buckets, hits) = (&buckets, &hits);
                scope.spawn(move || {
                    for k in 0..20_000u64 {
                        // Keys shared between threads (k) and each thread's own (t).
                        let p = hash(k % 3_000 + 1, t * (k & 1));
                        let o = hash(p, 7) & !p;
                        put(buckets, p, o);
                        let q = hash(k.wrapping_mul(31) % 3_000 + 1, t * (k & 1));
                        let q_o = hash(q, 7) & !q;
                        if let Some(found) = buckets.find(q, q_o, hash(q, q_o)) {
                            assert_eq!(found, data(q, q_o));
                            hits.fetch_add(1, Relaxed);
                        }
                    }
                });
            }
        });
        assert!(hits.load(Relaxed) > 0, "the probes found something");
    }
}
