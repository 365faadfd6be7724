//! The Nabucodonosor board: n×n cells, 5 ≤ n ≤ 15 (N1), as two 256-bit
//! bitboards stored as sixteen 16-bit rows (bit `c` of row `r` is the cell in
//! column `c`, row `r`; row 0 is row 1 at the top, column 0 is `a`).
//!
//! ```text
//!        a b c d e
//!  row 1 . . . . .      dark[0]  = 0b00000
//!  row 2 . X O . .      dark[1]  = 0b00010, light[1] = 0b00100
//! ```

use crate::Color;
use std::fmt;
use std::str::FromStr;

/// The smallest board side (N1).
pub const MIN_SIZE: usize = 5;
/// The largest board side (N1).
pub const MAX_SIZE: usize = 15;
/// The default board side (N1).
pub const DEFAULT_SIZE: usize = 8;

/// One cell, 0-based: row 0 is the top row (`1`), column 0 is `a`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cell {
    /// Row, 0 = top (written `1`).
    pub row: u8,
    /// Column, 0 = left (written `a`).
    pub col: u8,
}

impl Cell {
    /// The cell at `row`, `col` (0-based).
    pub const fn new(row: u8, col: u8) -> Cell {
        Cell { row, col }
    }

    /// Index in reading order on a board of side `size`: `row * size + col`.
    pub const fn index(self, size: usize) -> usize {
        self.row as usize * size + self.col as usize
    }

    /// The cell of reading-order index `index` on a board of side `size`.
    pub const fn from_index(index: usize, size: usize) -> Cell {
        Cell::new((index / size) as u8, (index % size) as u8)
    }

    /// Reads a cell such as `d3` and checks it lies on a board of side `size`.
    pub fn parse_on(text: &str, size: usize) -> Result<Cell, NabuParseError> {
        let cell: Cell = text.parse()?;
        if cell.row as usize >= size || cell.col as usize >= size {
            return Err(NabuParseError::OffBoard(text.to_string(), size));
        }
        Ok(cell)
    }
}

impl fmt::Display for Cell {
    /// Column letter `a`…`o`, then the row number `1`…`15`: `d3`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.col) as char, self.row + 1)
    }
}

impl FromStr for Cell {
    type Err = NabuParseError;

    /// Reads `a1` … `o15` (column letter in either case).
    fn from_str(s: &str) -> Result<Cell, NabuParseError> {
        let bad = || NabuParseError::Cell(s.to_string());
        let mut chars = s.chars();
        let letter = chars.next().ok_or_else(bad)?.to_ascii_lowercase();
        if !('a'..='o').contains(&letter) {
            return Err(bad());
        }
        let digits = chars.as_str();
        if digits.is_empty() || digits.len() > 2 || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return Err(bad());
        }
        let row: usize = digits.parse().map_err(|_| bad())?;
        if !(1..=MAX_SIZE).contains(&row) || digits.starts_with('0') {
            return Err(bad());
        }
        Ok(Cell::new((row - 1) as u8, letter as u8 - b'a'))
    }
}

/// Why a board, cell or move could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NabuParseError {
    /// A board side outside 5…15.
    Size(usize),
    /// A cells string whose length is not the square of a side in 5…15.
    CellsLength(usize),
    /// A character other than `X`, `O`, `-` in a cells string, at this 0-based position.
    CellsChar(char, usize),
    /// Not a cell such as `d3`.
    Cell(String),
    /// A cell beyond the board's edge (cell, side).
    OffBoard(String, usize),
    /// Not a move (`d3`, `c3:e4`, `swap`, `pass`).
    Move(String),
}

impl fmt::Display for NabuParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NabuParseError::Size(n) => {
                write!(f, "a board side is {MIN_SIZE} to {MAX_SIZE}, not {n}")
            }
            NabuParseError::CellsLength(len) => write!(
                f,
                "the cells string has {len} characters; it must be n×n for a side n of {MIN_SIZE} to {MAX_SIZE} (25, 36, … 225)"
            ),
            NabuParseError::CellsChar(c, i) => write!(
                f,
                "character {} of the cells string is {c:?}; use X (dark), O (light) or - (empty)",
                i + 1
            ),
            NabuParseError::Cell(s) => write!(f, "{s:?} is not a cell (a1 … o15)"),
            NabuParseError::OffBoard(s, n) => write!(f, "{s} is off a {n}×{n} board"),
            NabuParseError::Move(s) => {
                write!(f, "{s:?} is not a move (d3, c3:e4, swap or pass)")
            }
        }
    }
}

impl std::error::Error for NabuParseError {}

/// Bits 0..n-1 set: one full row of a board of side `n`.
pub(crate) const fn row_mask(n: usize) -> u16 {
    ((1u32 << n) - 1) as u16
}

/// Bits `c1..=c2` set.
pub(crate) const fn span(c1: usize, c2: usize) -> u16 {
    (((1u32 << (c2 + 1)) - 1) & !((1u32 << c1) - 1)) as u16
}

/// A placement of dark and light discs on an n×n board: the arrangement that
/// superko (N13) compares.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct NabuBoard {
    size: u8,
    dark: [u16; 16],
    light: [u16; 16],
}

impl fmt::Debug for NabuBoard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "NabuBoard({})", self.cells())
    }
}

impl NabuBoard {
    /// An empty board of side `size` (N2).
    pub fn empty(size: usize) -> Result<NabuBoard, NabuParseError> {
        if !(MIN_SIZE..=MAX_SIZE).contains(&size) {
            return Err(NabuParseError::Size(size));
        }
        Ok(NabuBoard {
            size: size as u8,
            dark: [0; 16],
            light: [0; 16],
        })
    }

    /// Reads n×n cells row by row from `a1`: `X` dark, `O` light, `-` empty.
    pub fn from_cells(cells: &str) -> Result<NabuBoard, NabuParseError> {
        let len = cells.chars().count();
        let size = (MIN_SIZE..=MAX_SIZE)
            .find(|n| n * n == len)
            .ok_or(NabuParseError::CellsLength(len))?;
        let mut board = NabuBoard::empty(size)?;
        for (i, ch) in cells.chars().enumerate() {
            let disc = match ch {
                'X' => Some(Color::Dark),
                'O' => Some(Color::Light),
                '-' => None,
                other => return Err(NabuParseError::CellsChar(other, i)),
            };
            board.set(Cell::from_index(i, size), disc);
        }
        Ok(board)
    }

    /// The n×n cells row by row from `a1`: `X` dark, `O` light, `-` empty.
    pub fn cells(&self) -> String {
        let n = self.size();
        (0..n * n)
            .map(|i| match self.get(Cell::from_index(i, n)) {
                Some(c) => c.letter(),
                None => '-',
            })
            .collect()
    }

    /// The side n.
    pub const fn size(&self) -> usize {
        self.size as usize
    }

    /// Whether `cell` lies on the board.
    pub const fn contains(&self, cell: Cell) -> bool {
        (cell.row as usize) < self.size() && (cell.col as usize) < self.size()
    }

    /// The disc on `cell`, if any (`None` also off the board).
    pub fn get(&self, cell: Cell) -> Option<Color> {
        if !self.contains(cell) {
            return None;
        }
        let bit = 1u16 << cell.col;
        if self.dark[cell.row as usize] & bit != 0 {
            Some(Color::Dark)
        } else if self.light[cell.row as usize] & bit != 0 {
            Some(Color::Light)
        } else {
            None
        }
    }

    /// Puts `disc` (or nothing) on `cell`; ignored off the board.
    pub fn set(&mut self, cell: Cell, disc: Option<Color>) {
        if !self.contains(cell) {
            return;
        }
        let (r, bit) = (cell.row as usize, 1u16 << cell.col);
        self.dark[r] &= !bit;
        self.light[r] &= !bit;
        match disc {
            Some(Color::Dark) => self.dark[r] |= bit,
            Some(Color::Light) => self.light[r] |= bit,
            None => {}
        }
    }

    /// The sixteen rows of `color`'s discs (rows and bits beyond n are 0).
    pub const fn rows(&self, color: Color) -> &[u16; 16] {
        match color {
            Color::Dark => &self.dark,
            Color::Light => &self.light,
        }
    }

    pub(crate) fn rows_mut(&mut self, color: Color) -> &mut [u16; 16] {
        match color {
            Color::Dark => &mut self.dark,
            Color::Light => &mut self.light,
        }
    }

    /// The sixteen rows of empty cells.
    pub fn empty_rows(&self) -> [u16; 16] {
        let full = row_mask(self.size());
        let mut out = [0u16; 16];
        for (r, row) in out.iter_mut().enumerate().take(self.size()) {
            *row = full & !(self.dark[r] | self.light[r]);
        }
        out
    }

    /// How many discs of `color` are on the board.
    pub fn count(&self, color: Color) -> u32 {
        self.rows(color).iter().map(|r| r.count_ones()).sum()
    }

    /// How many cells are empty.
    pub fn empty_count(&self) -> u32 {
        (self.size() * self.size()) as u32 - self.count(Color::Dark) - self.count(Color::Light)
    }

    /// The cells where `mover` may place (N6), as rows: every empty cell but
    /// an interior one whose four neighbours are one enemy disc and three
    /// empty cells. Edge and corner cells are never forbidden.
    pub fn placement_rows(&self, mover: Color) -> [u16; 16] {
        let n = self.size();
        let own = self.rows(mover);
        let enemy = self.rows(mover.other());
        let mut legal = self.empty_rows();
        let interior = row_mask(n) & !1 & !(1u16 << (n - 1));
        for r in 1..n - 1 {
            let (u, d) = (enemy[r - 1], enemy[r + 1]);
            let (l, rt) = (enemy[r] << 1, enemy[r] >> 1);
            let any = u | d | l | rt;
            let two = (u & d) | (u & l) | (u & rt) | (d & l) | (d & rt) | (l & rt);
            let own_near = own[r - 1] | own[r + 1] | (own[r] << 1) | (own[r] >> 1);
            let forbidden = interior & any & !two & !own_near;
            legal[r] &= !forbidden;
        }
        legal
    }

    /// The cells where `mover` may place (N6), in reading order.
    pub fn placements(&self, mover: Color) -> Vec<Cell> {
        cells_of(&self.placement_rows(mover))
    }

    /// Whether `mover` may place on `cell` (N6).
    pub fn can_place(&self, mover: Color, cell: Cell) -> bool {
        self.contains(cell) && self.placement_rows(mover)[cell.row as usize] >> cell.col & 1 != 0
    }
}

/// The set cells of sixteen rows, in reading order.
pub fn cells_of(rows: &[u16; 16]) -> Vec<Cell> {
    let mut out = Vec::new();
    for (r, &row) in rows.iter().enumerate() {
        let mut bits = row;
        while bits != 0 {
            let c = bits.trailing_zeros();
            out.push(Cell::new(r as u8, c as u8));
            bits &= bits - 1;
        }
    }
    out
}
