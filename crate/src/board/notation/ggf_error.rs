//! Why a GGF record could not be read: [`GgfError`].

use super::ggf_type::TypeError;
use super::MAX_GGF_CHARS;
use crate::{Color, IllegalMove, Move};
use std::fmt;

/// Why a GGF record could not be read. Columns count characters from 1; plies
/// count moves from 1, passes included.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GgfError {
    /// Longer than [`MAX_GGF_CHARS`].
    TooLong {
        /// Its length in characters.
        chars: usize,
    },
    /// The text does not start with `(;`.
    NotAGame {
        /// Where `(;` was expected.
        column: usize,
    },
    /// The text ends before `;)`, or inside a `[value]`.
    Unterminated {
        /// Where the unfinished part starts.
        column: usize,
    },
    /// Something other than a property name (capital letters) where one was expected.
    BadPropertyName {
        /// Where.
        column: usize,
        /// The character found.
        found: char,
    },
    /// A property name with no `[value]` after it.
    MissingValue {
        /// Where the name starts.
        column: usize,
        /// The name.
        name: String,
    },
    /// A property given twice.
    DuplicateProperty {
        /// Where the second one starts.
        column: usize,
        /// The name.
        name: String,
    },
    /// `GM` names another game.
    WrongGame {
        /// Where its value starts.
        column: usize,
        /// The value.
        found: String,
    },
    /// `BO` or `TY` gives a board size other than 8.
    WrongBoardSize {
        /// Where its value starts.
        column: usize,
        /// The size written.
        found: String,
    },
    /// `TY` names anti-Othello (`a`), where the fewer discs win.
    Anti {
        /// Where its value starts.
        column: usize,
    },
    /// A `TY` value that is not a game type (`[s]SIZE[k][r[N]][a][b|w]`).
    BadType {
        /// Where its value starts.
        column: usize,
        /// What is wrong with it.
        why: String,
    },
    /// A `BO` cell that is not `*`, `O` or `-`.
    BadCell {
        /// Where.
        column: usize,
        /// The character.
        found: char,
    },
    /// `BO` has other than 64 cells.
    WrongCellCount {
        /// Where its value starts.
        column: usize,
        /// How many cells it has.
        cells: usize,
    },
    /// `BO`'s side to move is not `*` or `O`.
    BadSide {
        /// Where its value starts.
        column: usize,
        /// What stands there.
        found: String,
    },
    /// `BO` after the first move.
    BoardAfterMoves {
        /// Where it starts.
        column: usize,
    },
    /// A move value that is not a square, `PA` or `pass` with at most
    /// `/eval/time` after it.
    BadMove {
        /// Where its value starts.
        column: usize,
        /// The ply it would have been.
        ply: usize,
        /// The value.
        text: String,
    },
    /// A move by the side not to move, when no pass explains it.
    WrongColor {
        /// Where it starts.
        column: usize,
        /// The ply it would have been.
        ply: usize,
        /// The side to move.
        expected: Color,
    },
    /// A move the rules refuse in the position reached.
    Illegal {
        /// Where it starts.
        column: usize,
        /// The ply it would have been.
        ply: usize,
        /// The move.
        mv: Move,
        /// Why the rules refuse it.
        reason: IllegalMove,
    },
    /// Text after the closing `;)`.
    TrailingText {
        /// Where.
        column: usize,
    },
}

impl GgfError {
    /// A stable code for the user interface to translate.
    pub fn code(&self) -> &'static str {
        match self {
            GgfError::TooLong { .. } => "ggf-too-long",
            GgfError::NotAGame { .. } => "ggf-not-a-game",
            GgfError::Unterminated { .. } => "ggf-unterminated",
            GgfError::BadPropertyName { .. } => "ggf-bad-property-name",
            GgfError::MissingValue { .. } => "ggf-missing-value",
            GgfError::DuplicateProperty { .. } => "ggf-duplicate-property",
            GgfError::WrongGame { .. } => "ggf-wrong-game",
            GgfError::WrongBoardSize { .. } => "ggf-wrong-board-size",
            GgfError::Anti { .. } => "ggf-anti",
            GgfError::BadType { .. } => "ggf-bad-type",
            GgfError::BadCell { .. } => "ggf-bad-cell",
            GgfError::WrongCellCount { .. } => "ggf-wrong-cell-count",
            GgfError::BadSide { .. } => "ggf-bad-side",
            GgfError::BoardAfterMoves { .. } => "ggf-board-after-moves",
            GgfError::BadMove { .. } => "ggf-bad-move",
            GgfError::WrongColor { .. } => "ggf-wrong-color",
            GgfError::Illegal { reason, .. } => match reason {
                IllegalMove::Occupied(_) => "ggf-occupied",
                IllegalMove::NoFlips(_) => "ggf-no-flips",
                IllegalMove::PassWithMoves => "ggf-pass-not-forced",
                IllegalMove::GameOver => "ggf-after-end",
            },
            GgfError::TrailingText { .. } => "ggf-trailing-text",
        }
    }
}

impl fmt::Display for GgfError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GgfError::TooLong { chars } => write!(
                f,
                "the record is {chars} characters long; at most {MAX_GGF_CHARS} are read"
            ),
            GgfError::NotAGame { column } => {
                write!(f, "column {column}: a GGF game starts with (;")
            }
            GgfError::Unterminated { column } => write!(
                f,
                "the record ends too soon: what starts at column {column} is never closed (] or ;))"
            ),
            GgfError::BadPropertyName { column, found } => write!(
                f,
                "column {column}: {found:?} where a property name (capital letters) was expected"
            ),
            GgfError::MissingValue { column, name } => {
                write!(f, "column {column}: property {name} has no [value]")
            }
            GgfError::DuplicateProperty { column, name } => {
                write!(f, "column {column}: property {name} is given twice")
            }
            GgfError::WrongGame { column, found } => {
                write!(f, "column {column}: the game is {found:?}, not Othello")
            }
            GgfError::WrongBoardSize { column, found } => write!(
                f,
                "column {column}: board size {found:?}; only 8 is played here"
            ),
            GgfError::Anti { column } => write!(
                f,
                "column {column}: anti-Othello, where the fewer discs win, is not played here"
            ),
            GgfError::BadType { column, why } => {
                write!(f, "column {column}: game type {why}")
            }
            GgfError::BadCell { column, found } => write!(
                f,
                "column {column}: {found:?} is not a board cell (* dark, O light, - empty)"
            ),
            GgfError::WrongCellCount { column, cells } => write!(
                f,
                "column {column}: the board has {cells} cells; it needs 64"
            ),
            GgfError::BadSide { column, found } => write!(
                f,
                "column {column}: {found:?} is not a side to move (* or O)"
            ),
            GgfError::BoardAfterMoves { column } => {
                write!(f, "column {column}: the board (BO) comes after moves")
            }
            GgfError::BadMove { column, ply, text } => write!(
                f,
                "move {ply} (column {column}): {text:?} is not a move (a square like f5, PA or pass)"
            ),
            GgfError::WrongColor {
                column,
                ply,
                expected,
            } => write!(
                f,
                "move {ply} (column {column}) is by the wrong colour: {expected} is to move"
            ),
            GgfError::Illegal {
                column,
                ply,
                mv,
                reason,
            } => write!(f, "move {ply} ({mv}, column {column}) is illegal: {reason}"),
            GgfError::TrailingText { column } => {
                write!(f, "column {column}: text after the end of the game ;)")
            }
        }
    }
}

impl std::error::Error for GgfError {}

impl GgfError {
    /// The error for a `TY` value the type reader refused.
    pub(super) fn from_type(e: TypeError, column: usize, value: &str) -> GgfError {
        match e {
            TypeError::Size(size) => GgfError::WrongBoardSize {
                column,
                found: if size.is_empty() {
                    value.to_string()
                } else {
                    size
                },
            },
            TypeError::Anti => GgfError::Anti { column },
            TypeError::Malformed(why) => GgfError::BadType { column, why },
        }
    }
}
