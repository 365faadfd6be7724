//! Captures (N7–N12): every maximal qualifying rectangle for the mover.
//!
//! A rectangle of enemy discs (N7) has four walls: the cells just outside
//! each side, corners excluded (N8). A wall beyond the board's edge takes the
//! colour of the wall opposite it, or is neutral when the opposite wall is an
//! edge too (N9). Every other wall must be all one colour. The mover must own
//! walls whose lengths add up to more than w + h (N10), and no larger
//! qualifying rectangle may contain this one (N11).
//!
//! ```text
//!      a b c d e
//!   1  . X X . .     b2:c2 is a capture for X: the N and S walls (b1:c1,
//!   2  X O O X .     b3:c3) and the W and E walls (a2, d2) are all dark.
//!   3  . X X . .
//! ```

use super::board::{span, Cell, NabuBoard, NabuParseError};
use crate::Color;
use std::fmt;
use std::str::FromStr;

/// A rectangle of cells, corners inclusive: rows `top..=bottom`, columns
/// `left..=right`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Rect {
    /// First row (0 = row 1).
    pub top: u8,
    /// First column (0 = `a`).
    pub left: u8,
    /// Last row.
    pub bottom: u8,
    /// Last column.
    pub right: u8,
}

impl Rect {
    /// The rectangle with corners `a` (top-left) and `b` (bottom-right), or
    /// `None` if `b` lies above or left of `a`.
    pub fn from_corners(a: Cell, b: Cell) -> Option<Rect> {
        (a.row <= b.row && a.col <= b.col).then_some(Rect {
            top: a.row,
            left: a.col,
            bottom: b.row,
            right: b.col,
        })
    }

    /// The top-left cell.
    pub const fn top_left(self) -> Cell {
        Cell::new(self.top, self.left)
    }

    /// The bottom-right cell.
    pub const fn bottom_right(self) -> Cell {
        Cell::new(self.bottom, self.right)
    }

    /// Width in cells.
    pub const fn width(self) -> usize {
        (self.right - self.left) as usize + 1
    }

    /// Height in cells.
    pub const fn height(self) -> usize {
        (self.bottom - self.top) as usize + 1
    }

    /// Number of cells (= discs a capture flips, N12).
    pub const fn area(self) -> usize {
        self.width() * self.height()
    }

    /// Whether `cell` lies inside.
    pub const fn contains_cell(self, cell: Cell) -> bool {
        self.top <= cell.row
            && cell.row <= self.bottom
            && self.left <= cell.col
            && cell.col <= self.right
    }

    /// Whether `other` lies inside this one (or equals it).
    pub const fn contains(self, other: Rect) -> bool {
        self.top <= other.top
            && other.bottom <= self.bottom
            && self.left <= other.left
            && other.right <= self.right
    }

    /// The cells inside, in reading order.
    pub fn cells(self) -> Vec<Cell> {
        let mut out = Vec::with_capacity(self.area());
        for r in self.top..=self.bottom {
            for c in self.left..=self.right {
                out.push(Cell::new(r, c));
            }
        }
        out
    }

    /// Sort key: top-left, then bottom-right, both in reading order.
    pub const fn reading_key(self) -> (u8, u8, u8, u8) {
        (self.top, self.left, self.bottom, self.right)
    }
}

impl fmt::Display for Rect {
    /// `TOPLEFT:BOTTOMRIGHT`, e.g. `c3:e4` (a 1×1 rectangle is `c3:c3`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.top_left(), self.bottom_right())
    }
}

impl FromStr for Rect {
    type Err = NabuParseError;

    /// Reads `c3:e4` (top-left, then bottom-right).
    fn from_str(s: &str) -> Result<Rect, NabuParseError> {
        let (a, b) = s
            .split_once(':')
            .ok_or_else(|| NabuParseError::Move(s.to_string()))?;
        Rect::from_corners(a.parse()?, b.parse()?)
            .ok_or_else(|| NabuParseError::Move(s.to_string()))
    }
}

/// What one wall of a rectangle is (N8, before the edge rule).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Wall {
    /// Beyond the board's edge.
    Edge,
    /// Completely filled with discs of this colour.
    Solid(Color),
    /// Holds an empty cell or both colours: the rectangle does not qualify.
    Broken,
}

/// The wall of cells given by the bits `mask` of `mover`'s and `enemy`'s line.
fn wall(mover_line: u16, enemy_line: u16, mask: u16, mover: Color) -> Wall {
    if mover_line & mask == mask {
        Wall::Solid(mover)
    } else if enemy_line & mask == mask {
        Wall::Solid(mover.other())
    } else {
        Wall::Broken
    }
}

/// The edge rule (N9) for a pair of opposite walls: the colour each one counts
/// as (`None` = neutral), or `None` overall when a wall is broken.
fn pair(a: Wall, b: Wall) -> Option<(Option<Color>, Option<Color>)> {
    match (a, b) {
        (Wall::Broken, _) | (_, Wall::Broken) => None,
        (Wall::Edge, Wall::Edge) => Some((None, None)),
        (Wall::Edge, Wall::Solid(c)) | (Wall::Solid(c), Wall::Edge) => Some((Some(c), Some(c))),
        (Wall::Solid(x), Wall::Solid(y)) => Some((Some(x), Some(y))),
    }
}

/// Rows and columns of both colours, for O(1) wall tests.
struct Lines {
    n: usize,
    mover_rows: [u16; 16],
    enemy_rows: [u16; 16],
    mover_cols: [u16; 16],
    enemy_cols: [u16; 16],
}

impl Lines {
    fn new(board: &NabuBoard, mover: Color) -> Lines {
        let n = board.size();
        let mover_rows = *board.rows(mover);
        let enemy_rows = *board.rows(mover.other());
        let mut mover_cols = [0u16; 16];
        let mut enemy_cols = [0u16; 16];
        for r in 0..n {
            for c in 0..n {
                mover_cols[c] |= (mover_rows[r] >> c & 1) << r;
                enemy_cols[c] |= (enemy_rows[r] >> c & 1) << r;
            }
        }
        Lines {
            n,
            mover_rows,
            enemy_rows,
            mover_cols,
            enemy_cols,
        }
    }

    /// Whether the all-enemy rectangle `r` meets N8–N10 for `mover`.
    fn walls_qualify(&self, r: Rect, mover: Color) -> bool {
        let (t, l, b, rt) = (
            r.top as usize,
            r.left as usize,
            r.bottom as usize,
            r.right as usize,
        );
        let cols = span(l, rt);
        let rows = span(t, b);
        let north = if t == 0 {
            Wall::Edge
        } else {
            wall(self.mover_rows[t - 1], self.enemy_rows[t - 1], cols, mover)
        };
        let south = if b + 1 == self.n {
            Wall::Edge
        } else {
            wall(self.mover_rows[b + 1], self.enemy_rows[b + 1], cols, mover)
        };
        let west = if l == 0 {
            Wall::Edge
        } else {
            wall(self.mover_cols[l - 1], self.enemy_cols[l - 1], rows, mover)
        };
        let east = if rt + 1 == self.n {
            Wall::Edge
        } else {
            wall(
                self.mover_cols[rt + 1],
                self.enemy_cols[rt + 1],
                rows,
                mover,
            )
        };
        let Some((n_c, s_c)) = pair(north, south) else {
            return false;
        };
        let Some((w_c, e_c)) = pair(west, east) else {
            return false;
        };
        let (w, h) = (r.width(), r.height());
        let mine = |c: Option<Color>, len: usize| if c == Some(mover) { len } else { 0 };
        mine(n_c, w) + mine(s_c, w) + mine(w_c, h) + mine(e_c, h) > w + h
    }
}

/// Every rectangle of enemy discs that meets N7–N10 for `mover` (maximal or not).
fn qualifying(board: &NabuBoard, mover: Color) -> Vec<Rect> {
    let lines = Lines::new(board, mover);
    let n = lines.n;
    let enemy = &lines.enemy_rows;
    let mut out = Vec::new();
    for top in 0..n {
        let mut starts = enemy[top];
        while starts != 0 {
            let left = starts.trailing_zeros() as usize;
            starts &= starts - 1;
            // Widest run of enemy discs from `left` in each row, narrowing downwards.
            let mut limit = n - 1;
            for (bottom, &row) in enemy.iter().enumerate().take(n).skip(top) {
                if row >> left & 1 == 0 {
                    break;
                }
                let run = (!(row >> left)).trailing_zeros() as usize;
                limit = limit.min(left + run - 1);
                for right in left..=limit {
                    let r = Rect {
                        top: top as u8,
                        left: left as u8,
                        bottom: bottom as u8,
                        right: right as u8,
                    };
                    if lines.walls_qualify(r, mover) {
                        out.push(r);
                    }
                }
            }
        }
    }
    out
}

/// Every capture `mover` has (N7–N11), sorted by top-left then bottom-right
/// in reading order. Superko (N13) is not checked here: it needs the history.
pub fn captures(board: &NabuBoard, mover: Color) -> Vec<Rect> {
    let q = qualifying(board, mover);
    let mut out: Vec<Rect> = q
        .iter()
        .copied()
        .filter(|&r| !q.iter().any(|&o| o != r && o.contains(r)))
        .collect();
    out.sort_by_key(|r| r.reading_key());
    out
}

/// Whether `rect` is one of `mover`'s captures (N7–N11).
pub fn is_capture(board: &NabuBoard, mover: Color, rect: Rect) -> bool {
    captures(board, mover).contains(&rect)
}

/// The board after `mover` flips every disc of `rect` (N12); no rule is checked.
pub fn apply_capture(board: &NabuBoard, mover: Color, rect: Rect) -> NabuBoard {
    let mut next = *board;
    let mask = span(rect.left as usize, rect.right as usize);
    for r in rect.top as usize..=rect.bottom as usize {
        next.rows_mut(mover)[r] |= mask;
        next.rows_mut(mover.other())[r] &= !mask;
    }
    next
}
