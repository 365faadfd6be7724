//! Shapes `fit --add` can try beside (or, with `--drop`, in place of) the
//! evaluation's base patterns, to choose the pattern set by measurement
//! (docs/training.md, "Patterns tried in place of one"). An added shape's
//! tables live only in the fit: the file the fit writes has the base
//! patterns alone, so an added shape is measured by its held-out error, and
//! one worth keeping would then join `patterns::BASE`.

use virada::engine::eval::patterns;
use virada::Square;

/// A shape: a name and its squares, the first the lowest base-3 digit.
struct Shape {
    name: &'static str,
    squares: &'static str,
}

/// The shapes tried that are not base patterns (each base pattern may be
/// added too, by its name: dropped and added, it is fitted again from zero).
const SHAPES: &[Shape] = &[
    // The corner's triangle: four squares of the edge and of the column,
    // three of the second row, two of the third.
    Shape {
        name: "triangle",
        squares: "a1 b1 c1 d1 a2 b2 c2 a3 b3 a4",
    },
    // Five squares along each edge from the corner, with the X square.
    Shape {
        name: "narrow-triangle",
        squares: "a1 b1 c1 d1 e1 a2 b2 a3 a4 a5",
    },
    // The edge without its B and G squares, and the four middle squares
    // of the second row.
    Shape {
        name: "edge-block",
        squares: "a1 c1 d1 e1 f1 h1 c2 d2 e2 f2",
    },
    // The size of `corner3x3` (9 squares): four squares along each edge
    // from the corner, the X square and c3.
    Shape {
        name: "corner-kite",
        squares: "a1 b1 c1 d1 a2 b2 a3 a4 c3",
    },
    // The size of a row (8 squares): the middle four of the edge and of
    // the second row.
    Shape {
        name: "edge-middle",
        squares: "c1 d1 e1 f1 c2 d2 e2 f2",
    },
    // The size of a row: the corner's 2×2, c2, b3, c3 and d4, along the
    // main diagonal.
    Shape {
        name: "diagonal-block",
        squares: "a1 b1 a2 b2 c2 b3 c3 d4",
    },
];

/// The squares of the shape or base pattern `name`.
fn squares_of(name: &str) -> Result<Vec<u8>, String> {
    if let Some(base) = patterns::BASE.iter().find(|b| b.name == name) {
        return Ok(base.squares.to_vec());
    }
    if let Some(shape) = SHAPES.iter().find(|s| s.name == name) {
        return shape
            .squares
            .split(' ')
            .map(|s| {
                let square: Square = s.parse().map_err(|e| format!("shape {name:?}: {e}"))?;
                Ok(square.index() as u8)
            })
            .collect();
    }
    let names: Vec<&str> = patterns::BASE
        .iter()
        .map(|b| b.name)
        .chain(SHAPES.iter().map(|s| s.name))
        .collect();
    Err(format!("no shape {name:?}; there are {}", names.join(", ")))
}

/// Added shapes as features: the slots of a stage each position reads in
/// them, numbered from `first` (past the base patterns' slots).
pub struct Added {
    /// Per copy: its shape's first slot, the shape, its squares.
    copies: Vec<(usize, usize, Vec<u8>)>,
    /// Per shape: configuration → its canonical configuration.
    canon: Vec<Vec<u32>>,
}

impl Added {
    /// The shapes named, their slots numbered from `first`.
    pub fn new(names: &[String], first: usize) -> Result<Added, String> {
        let (mut copies, mut canon, mut next) = (Vec::new(), Vec::new(), first);
        for (shape, name) in names.iter().enumerate() {
            let squares = squares_of(name)?;
            for placed in patterns::copies_of(&squares) {
                copies.push((next, shape, placed));
            }
            let map = patterns::canonical_of(&squares);
            next += map.len();
            canon.push(map);
        }
        Ok(Added { copies, canon })
    }

    /// Slots the added shapes take in a stage.
    pub fn len(&self) -> usize {
        self.canon.iter().map(Vec::len).sum()
    }

    /// Appends the slots `p` to move against `o` reads in the added shapes.
    pub fn extend(&self, p: u64, o: u64, slots: &mut Vec<u32>) {
        for (first, shape, squares) in &self.copies {
            let index = patterns::configuration(squares, p, o);
            slots.push((first + self.canon[*shape][index] as usize) as u32);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use virada::engine::eval::{Features, Weights};

    /// A square's bit.
    fn bit(name: &str) -> u64 {
        1 << name.parse::<Square>().expect("a square").index()
    }

    #[test]
    fn a_base_pattern_added_reads_the_configurations_the_evaluation_reads() {
        // corner3x3 added again: each position's added slots, less their
        // start, are its corner3x3 slots in the evaluation's own features.
        let features = Features::new(&Weights::hand_set());
        let base = patterns::BASE
            .iter()
            .position(|b| b.name == "corner3x3")
            .expect("corner3x3 is a base pattern");
        let range = features.slots_of(base);
        let added = Added::new(&["corner3x3".into()], features.stride()).expect("known");
        assert_eq!(added.len(), range.len());
        let (p, o) = (0x0000_0018_0c00_0081u64, 0x8100_0000_3000_0000u64);
        let (slots, _) = features.of(p, o);
        let mut want: Vec<u32> = slots
            .iter()
            .filter(|&&s| range.contains(&(s as usize)))
            .map(|&s| s - range.start as u32)
            .collect();
        let mut got = Vec::new();
        added.extend(p, o, &mut got);
        let mut got: Vec<u32> = got.iter().map(|&s| s - features.stride() as u32).collect();
        want.sort_unstable();
        got.sort_unstable();
        assert_eq!(got, want);
    }

    #[test]
    fn a_shape_has_a_copy_for_each_corner_and_each_mirror_image_shares_a_slot() {
        let added = Added::new(&["triangle".into()], 0).expect("known");
        // Symmetric about the diagonal: one copy a corner.
        assert_eq!(added.copies.len(), 4);
        // A disc on b1 and its mirror image a2 read the same slot.
        let (mut b1, mut a2) = (Vec::new(), Vec::new());
        added.extend(bit("b1"), 0, &mut b1);
        added.extend(bit("a2"), 0, &mut a2);
        assert_eq!(b1, a2);
        assert_ne!(b1[0], {
            let mut c1 = Vec::new();
            added.extend(bit("c1"), 0, &mut c1);
            c1[0]
        });
    }

    #[test]
    fn every_shape_names_distinct_squares_of_the_board_and_no_base_pattern() {
        for shape in SHAPES {
            let mut squares = squares_of(shape.name).expect("every square parses");
            assert!(squares.len() <= 10, "{}", shape.name);
            squares.sort_unstable();
            squares.dedup();
            assert_eq!(
                squares.len(),
                shape.squares.split(' ').count(),
                "{} repeats a square",
                shape.name
            );
            assert!(
                patterns::BASE.iter().all(|b| b.name != shape.name),
                "{} is a base pattern's name",
                shape.name
            );
        }
    }

    #[test]
    fn an_unknown_shape_is_named_with_the_known_ones() {
        let err = Added::new(&["spiral".into()], 0).err().expect("unknown");
        assert!(err.contains("\"spiral\"") && err.contains("triangle") && err.contains("edge+2x"));
    }
}
