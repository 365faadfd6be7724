//! The midgame transposition table: exact keys, score bounds in evaluation
//! units, the depth they were searched to and the best square.

use crate::engine::endgame::hash;

#[derive(Clone, Copy, Default)]
struct Entry {
    p: u64,
    o: u64,
    lower: i16,
    upper: i16,
    depth: u8,
    best: u8,
}

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

/// Two-entry buckets: the first keeps the deeper search, the second the latest.
pub struct MidTable {
    entries: Vec<Entry>,
    mask: usize,
}

impl MidTable {
    /// A table of about `bytes` bytes.
    pub fn with_bytes(bytes: usize) -> MidTable {
        let n = (bytes / std::mem::size_of::<Entry>()).max(2);
        let n = 1usize << (usize::BITS - 1 - n.leading_zeros());
        MidTable {
            entries: vec![Entry::default(); n],
            mask: (n - 1) & !1,
        }
    }

    /// Forgets everything.
    pub fn clear(&mut self) {
        self.entries.fill(Entry::default());
    }

    /// The entry for (`p`, `o`), if stored.
    #[inline]
    pub fn probe(&self, p: u64, o: u64) -> Option<Hit> {
        let i = hash(p, o) as usize & self.mask;
        self.entries[i..i + 2]
            .iter()
            .find(|e| e.p == p && e.o == o && (p | o) != 0)
            .map(|e| Hit {
                lower: i32::from(e.lower),
                upper: i32::from(e.upper),
                depth: u32::from(e.depth),
                best: e.best,
            })
    }

    /// Stores bounds for (`p`, `o`) searched to `depth`.
    #[inline]
    pub fn store(&mut self, p: u64, o: u64, depth: u32, lower: i32, upper: i32, best: u8) {
        let i = hash(p, o) as usize & self.mask;
        let new = Entry {
            p,
            o,
            lower: lower.clamp(-32000, 32000) as i16,
            upper: upper.clamp(-32000, 32000) as i16,
            depth: depth.min(255) as u8,
            best,
        };
        if self.entries[i].p == p && self.entries[i].o == o {
            self.entries[i] = new;
        } else if self.entries[i + 1].p == p && self.entries[i + 1].o == o {
            self.entries[i + 1] = new;
        } else if new.depth >= self.entries[i].depth {
            self.entries[i + 1] = self.entries[i];
            self.entries[i] = new;
        } else {
            self.entries[i + 1] = new;
        }
    }
}
