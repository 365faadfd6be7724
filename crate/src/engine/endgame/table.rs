//! The solver's transposition table: exact keys (both masks), score bounds
//! in discs, the best square, and how many empties the entry was searched at.

/// One stored position.
#[derive(Clone, Copy, Default)]
struct Entry {
    p: u64,
    o: u64,
    lower: i8,
    upper: i8,
    best: u8,
    empties: u8,
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
}

/// A table of two-entry buckets with exact keys, so a probe never confuses
/// two positions.
pub struct EndTable {
    entries: Vec<Entry>,
    mask: usize,
}

#[inline]
pub(crate) fn hash(p: u64, o: u64) -> u64 {
    let h = p.wrapping_mul(0x9e37_79b9_7f4a_7c15)
        ^ o.rotate_left(29).wrapping_mul(0xc2b2_ae3d_27d4_eb4f);
    h ^ (h >> 31)
}

impl EndTable {
    /// A table of about `bytes` bytes (at least two entries).
    pub fn with_bytes(bytes: usize) -> EndTable {
        let n = (bytes / std::mem::size_of::<Entry>()).max(2);
        let n = 1usize << (usize::BITS - 1 - n.leading_zeros());
        EndTable {
            entries: vec![Entry::default(); n],
            mask: (n - 1) & !1,
        }
    }

    /// Forgets everything.
    pub fn clear(&mut self) {
        self.entries.fill(Entry::default());
    }

    #[inline]
    pub(crate) fn probe(&self, p: u64, o: u64) -> Option<Hit> {
        let i = hash(p, o) as usize & self.mask;
        for e in &self.entries[i..i + 2] {
            if e.p == p && e.o == o && (p | o) != 0 {
                return Some(Hit {
                    lower: i32::from(e.lower),
                    upper: i32::from(e.upper),
                    best: e.best,
                });
            }
        }
        None
    }

    #[inline]
    pub(crate) fn store(&mut self, p: u64, o: u64, empties: u32, lower: i32, upper: i32, best: u8) {
        let i = hash(p, o) as usize & self.mask;
        let new = Entry {
            p,
            o,
            lower: lower.clamp(-64, 64) as i8,
            upper: upper.clamp(-64, 64) as i8,
            best,
            empties: empties as u8,
        };
        if self.entries[i].p == p && self.entries[i].o == o {
            self.entries[i] = new;
        } else if self.entries[i + 1].p == p && self.entries[i + 1].o == o {
            self.entries[i + 1] = new;
        } else if new.empties >= self.entries[i].empties {
            // The first slot keeps the costlier entry; the one it displaces moves on.
            self.entries[i + 1] = self.entries[i];
            self.entries[i] = new;
        } else {
            self.entries[i + 1] = new;
        }
    }
}
