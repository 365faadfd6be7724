//! The pattern set: groups of squares whose joint contents index a weight
//! table. Each base pattern is taken under the 8 symmetries of the board
//! (duplicates dropped); the symmetric copies share their table.

/// A base pattern: a name and its squares (indices, a1 = 0), in index order
/// (the first square is the lowest base-3 digit).
pub struct BasePattern {
    /// A short name, for files and debugging.
    pub name: &'static str,
    /// Its squares.
    pub squares: &'static [u8],
}

const fn sq(name: &[u8; 2]) -> u8 {
    (name[1] - b'1') * 8 + (name[0] - b'a')
}

macro_rules! squares {
    ($($s:literal),*) => { &[$(sq($s)),*] };
}

/// The base patterns, in table order.
pub const BASE: &[BasePattern] = &[
    BasePattern {
        name: "edge+2x",
        squares: squares!(b"a1", b"b1", b"c1", b"d1", b"e1", b"f1", b"g1", b"h1", b"b2", b"g2"),
    },
    BasePattern {
        name: "corner2x5",
        squares: squares!(b"a1", b"b1", b"c1", b"d1", b"e1", b"a2", b"b2", b"c2", b"d2", b"e2"),
    },
    BasePattern {
        name: "corner3x3",
        squares: squares!(b"a1", b"b1", b"c1", b"a2", b"b2", b"c2", b"a3", b"b3", b"c3"),
    },
    BasePattern {
        name: "line2",
        squares: squares!(b"a2", b"b2", b"c2", b"d2", b"e2", b"f2", b"g2", b"h2"),
    },
    BasePattern {
        name: "line3",
        squares: squares!(b"a3", b"b3", b"c3", b"d3", b"e3", b"f3", b"g3", b"h3"),
    },
    BasePattern {
        name: "line4",
        squares: squares!(b"a4", b"b4", b"c4", b"d4", b"e4", b"f4", b"g4", b"h4"),
    },
    BasePattern {
        name: "diag8",
        squares: squares!(b"a1", b"b2", b"c3", b"d4", b"e5", b"f6", b"g7", b"h8"),
    },
    BasePattern {
        name: "diag7",
        squares: squares!(b"b1", b"c2", b"d3", b"e4", b"f5", b"g6", b"h7"),
    },
    BasePattern {
        name: "diag6",
        squares: squares!(b"c1", b"d2", b"e3", b"f4", b"g5", b"h6"),
    },
    BasePattern {
        name: "diag5",
        squares: squares!(b"d1", b"e2", b"f3", b"g4", b"h5"),
    },
    BasePattern {
        name: "diag4",
        squares: squares!(b"e1", b"f2", b"g3", b"h4"),
    },
];

/// One placed copy of a base pattern.
#[derive(Clone, Debug)]
pub struct Instance {
    /// Which base pattern (index into [`BASE`]).
    pub base: usize,
    /// Its squares, in the base pattern's digit order.
    pub squares: Vec<u8>,
}

/// A square under symmetry `which` (bit 0 mirrors columns, bit 1 rows, bit 2 transposes).
fn map_square(s: u8, which: u8) -> u8 {
    let (mut c, mut r) = (s % 8, s / 8);
    if which & 4 != 0 {
        std::mem::swap(&mut c, &mut r);
    }
    if which & 2 != 0 {
        r = 7 - r;
    }
    if which & 1 != 0 {
        c = 7 - c;
    }
    r * 8 + c
}

/// For each symmetry of the board that maps `squares` onto themselves,
/// where each digit goes: `perm[i]` is the digit position that square `i`
/// lands on. The identity comes first.
fn symmetries_of(squares: &[u8]) -> Vec<Vec<usize>> {
    let mut out: Vec<Vec<usize>> = Vec::new();
    for which in 0..8 {
        let perm: Option<Vec<usize>> = squares
            .iter()
            .map(|&s| squares.iter().position(|&t| t == map_square(s, which)))
            .collect();
        if let Some(perm) = perm {
            if !out.contains(&perm) {
                out.push(perm);
            }
        }
    }
    out
}

/// Every placed copy of a shape under the 8 symmetries of the board (copies
/// on the same set of squares dropped), each in the shape's digit order.
pub fn copies_of(squares: &[u8]) -> Vec<Vec<u8>> {
    let mut seen: Vec<Vec<u8>> = Vec::new();
    let mut out = Vec::new();
    for which in 0..8 {
        let placed: Vec<u8> = squares.iter().map(|&s| map_square(s, which)).collect();
        let mut set = placed.clone();
        set.sort_unstable();
        if !seen.contains(&set) {
            seen.push(set);
            out.push(placed);
        }
    }
    out
}

/// The configuration `p` to move against `o` shows on `squares`: each
/// square a base-3 digit (0 empty, 1 the mover's, 2 the opponent's), the
/// first square the lowest.
pub fn configuration(squares: &[u8], p: u64, o: u64) -> usize {
    squares.iter().rev().fold(0, |index, &s| {
        index * 3 + ((p >> s) & 1 | ((o >> s) & 1) << 1) as usize
    })
}

/// Every placed copy of every base pattern.
pub fn instances() -> Vec<Instance> {
    BASE.iter()
        .enumerate()
        .flat_map(|(base, pattern)| {
            copies_of(pattern.squares)
                .into_iter()
                .map(move |squares| Instance { base, squares })
        })
        .collect()
}

/// For each configuration of base pattern `base` ([`canonical_of`]).
pub fn canonical(base: usize) -> Vec<u32> {
    canonical_of(BASE[base].squares)
}

/// For each configuration of a shape (its squares' contents as base-3
/// digits), the lowest configuration among its images under the shape's
/// own symmetries: mirror images share it, and its table slot.
pub fn canonical_of(squares: &[u8]) -> Vec<u32> {
    let len = squares.len();
    let perms = symmetries_of(squares);
    (0..3u32.pow(len as u32))
        .map(|index| {
            let digits: Vec<u32> = (0..len).map(|i| index / 3u32.pow(i as u32) % 3).collect();
            perms
                .iter()
                .map(|perm| {
                    (0..len)
                        .map(|i| digits[i] * 3u32.pow(perm[i] as u32))
                        .sum::<u32>()
                })
                .min()
                .unwrap_or(index)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn instance_counts_match_the_symmetries_of_each_shape() {
        let all = instances();
        let count = |b: usize| all.iter().filter(|i| i.base == b).count();
        let expected = [4, 8, 4, 4, 4, 4, 2, 4, 4, 4, 4];
        for (b, &n) in expected.iter().enumerate() {
            assert_eq!(count(b), n, "{}", BASE[b].name);
        }
    }
}
