//! OBF position lines: the 64 squares a1…h8 (`X` dark, `O` light, `-`
//! empty), a space, the side to move (`X` or `O`), then optionally
//! `; MOVE:score` for some legal moves and a `%` comment:
//!
//! ```text
//! --XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X; G8:+18; H1:+12;
//! ```

use super::board_from_cells;
use crate::{Color, Move, Position, Square};
use std::fmt;

/// The longest OBF line read, in characters.
pub const MAX_OBF_LINE_CHARS: usize = 4096;

/// A move of an OBF line with its score (the final disc difference for the
/// mover under perfect play, in the test suites).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Annotation {
    /// The move: a legal square, or a pass when the mover must pass.
    pub mv: Move,
    /// Its score.
    pub score: i32,
}

/// One OBF line: a position, its annotated moves and its comment.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Obf {
    /// The position.
    pub position: Position,
    /// The `; MOVE:score` annotations, in the order written.
    pub annotations: Vec<Annotation>,
    /// The text after `%`, trimmed; `None` when there is none.
    pub comment: Option<String>,
}

/// Why an OBF line could not be read. Columns count characters from 1.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ObfError {
    /// Longer than [`MAX_OBF_LINE_CHARS`].
    TooLong {
        /// Its length in characters.
        chars: usize,
    },
    /// Nothing but spaces or a comment.
    Empty,
    /// A board cell that is not `X`, `O` or `-`.
    BadCell {
        /// Where.
        column: usize,
        /// The character.
        found: char,
    },
    /// Fewer or more than 64 board cells before the space.
    WrongLength {
        /// How many cells were read.
        cells: usize,
    },
    /// The line ends after the board.
    MissingSide,
    /// The side to move is not `X` or `O`.
    BadSide {
        /// Where.
        column: usize,
        /// What stands there.
        found: String,
    },
    /// Text after the side to move that is neither `;` nor `%`.
    TrailingText {
        /// Where.
        column: usize,
    },
    /// An annotation not of the form `MOVE:score`.
    BadAnnotation {
        /// Where it starts.
        column: usize,
        /// The annotation.
        text: String,
    },
    /// An annotation's move is not a square or `PA`.
    BadMove {
        /// Where it starts.
        column: usize,
        /// The move text.
        text: String,
    },
    /// An annotation's score is not a whole number from -64 to 64.
    BadScore {
        /// Where the annotation starts.
        column: usize,
        /// The score text.
        text: String,
    },
    /// An annotation names a move that is not legal in the position.
    IllegalMove {
        /// Where the annotation starts.
        column: usize,
        /// The move.
        mv: Move,
    },
    /// The same move annotated twice.
    DuplicateMove {
        /// Where the second one starts.
        column: usize,
        /// The move.
        mv: Move,
    },
}

impl ObfError {
    /// A stable code for the user interface to translate.
    pub fn code(&self) -> &'static str {
        match self {
            ObfError::TooLong { .. } => "obf-too-long",
            ObfError::Empty => "obf-empty",
            ObfError::BadCell { .. } => "obf-bad-cell",
            ObfError::WrongLength { .. } => "obf-wrong-length",
            ObfError::MissingSide => "obf-missing-side",
            ObfError::BadSide { .. } => "obf-bad-side",
            ObfError::TrailingText { .. } => "obf-trailing-text",
            ObfError::BadAnnotation { .. } => "obf-bad-annotation",
            ObfError::BadMove { .. } => "obf-bad-move",
            ObfError::BadScore { .. } => "obf-bad-score",
            ObfError::IllegalMove { .. } => "obf-illegal-move",
            ObfError::DuplicateMove { .. } => "obf-duplicate-move",
        }
    }
}

impl fmt::Display for ObfError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ObfError::TooLong { chars } => write!(
                f,
                "the line is {chars} characters long; at most {MAX_OBF_LINE_CHARS} are read"
            ),
            ObfError::Empty => f.write_str("the line holds no position"),
            ObfError::BadCell { column, found } => write!(
                f,
                "column {column}: {found:?} is not a cell (X dark, O light, - empty)"
            ),
            ObfError::WrongLength { cells } => {
                write!(f, "the board has {cells} cells; it needs 64 (a1 to h8)")
            }
            ObfError::MissingSide => {
                f.write_str("the side to move (X or O) is missing after the board")
            }
            ObfError::BadSide { column, found } => write!(
                f,
                "column {column}: {found:?} is not a side to move (X or O)"
            ),
            ObfError::TrailingText { column } => write!(
                f,
                "column {column}: unexpected text after the side to move (expected ; or %)"
            ),
            ObfError::BadAnnotation { column, text } => write!(
                f,
                "column {column}: {text:?} is not an annotation (expected MOVE:score, like G8:+18)"
            ),
            ObfError::BadMove { column, text } => write!(
                f,
                "column {column}: {text:?} is not a move (a square like G8, or PA)"
            ),
            ObfError::BadScore { column, text } => write!(
                f,
                "column {column}: {text:?} is not a score (a whole number from -64 to +64)"
            ),
            ObfError::IllegalMove { column, mv } => {
                write!(
                    f,
                    "column {column}: {mv} is not a legal move in this position"
                )
            }
            ObfError::DuplicateMove { column, mv } => {
                write!(f, "column {column}: {mv} is annotated twice")
            }
        }
    }
}

impl std::error::Error for ObfError {}

/// An [`ObfError`] with the line (from 1) of a many-line text where it happened.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ObfLineError {
    /// The line, from 1.
    pub line: usize,
    /// What is wrong there.
    pub error: ObfError,
}

impl ObfLineError {
    /// The code of the error on the line.
    pub fn code(&self) -> &'static str {
        self.error.code()
    }
}

impl fmt::Display for ObfLineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.error)
    }
}

impl std::error::Error for ObfLineError {}

/// Reads every OBF line of a text, skipping blank lines and lines that hold
/// only a comment.
pub fn parse_obf_text(text: &str) -> Result<Vec<Obf>, ObfLineError> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        match line.parse::<Obf>() {
            Ok(obf) => out.push(obf),
            Err(ObfError::Empty) => {}
            Err(error) => return Err(ObfLineError { line: i + 1, error }),
        }
    }
    Ok(out)
}

impl Obf {
    /// A line with no annotations and no comment.
    pub fn new(position: Position) -> Obf {
        Obf {
            position,
            annotations: Vec::new(),
            comment: None,
        }
    }
}

fn parse_move(text: &str) -> Option<Move> {
    if text.eq_ignore_ascii_case("pa") {
        Some(Move::Pass)
    } else {
        text.parse::<Square>().ok().map(Move::Play)
    }
}

fn parse_score(text: &str) -> Option<i32> {
    let (negative, digits) = match text.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, text.strip_prefix('+').unwrap_or(text)),
    };
    if digits.is_empty() || digits.len() > 2 || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let value: i32 = digits.parse().ok()?;
    let score = if negative { -value } else { value };
    (-64..=64).contains(&score).then_some(score)
}

impl std::str::FromStr for Obf {
    type Err = ObfError;

    fn from_str(line: &str) -> Result<Obf, ObfError> {
        let chars_count = line.chars().count();
        if chars_count > MAX_OBF_LINE_CHARS {
            return Err(ObfError::TooLong { chars: chars_count });
        }
        let chars: Vec<char> = line.chars().collect();
        let (body, comment) = match chars.iter().position(|&c| c == '%') {
            Some(at) => {
                let text: String = chars[at + 1..].iter().collect();
                let text = text.trim();
                (&chars[..at], (!text.is_empty()).then(|| text.to_string()))
            }
            None => (&chars[..], None),
        };
        let mut i = 0;
        while i < body.len() && body[i].is_whitespace() {
            i += 1;
        }
        if i == body.len() {
            return Err(ObfError::Empty);
        }
        // The board: cells up to the first space.
        let mut cells = [None; 64];
        let mut count = 0;
        while i < body.len() && !body[i].is_whitespace() && body[i] != ';' {
            let cell = match body[i] {
                'X' | 'x' => Some(true),
                'O' | 'o' => Some(false),
                '-' => None,
                found => {
                    return Err(ObfError::BadCell {
                        column: i + 1,
                        found,
                    })
                }
            };
            if count < 64 {
                cells[count] = cell;
            }
            count += 1;
            i += 1;
        }
        if count != 64 {
            return Err(ObfError::WrongLength { cells: count });
        }
        while i < body.len() && body[i].is_whitespace() {
            i += 1;
        }
        if i == body.len() || body[i] == ';' {
            return Err(ObfError::MissingSide);
        }
        let side_start = i;
        while i < body.len() && !body[i].is_whitespace() && body[i] != ';' {
            i += 1;
        }
        let side_text: String = body[side_start..i].iter().collect();
        let side = match side_text.as_str() {
            "X" | "x" => Color::Dark,
            "O" | "o" => Color::Light,
            _ => {
                return Err(ObfError::BadSide {
                    column: side_start + 1,
                    found: side_text,
                })
            }
        };
        let position = Position::new(board_from_cells(&cells), side);
        while i < body.len() && body[i].is_whitespace() {
            i += 1;
        }
        let mut annotations: Vec<Annotation> = Vec::new();
        if i < body.len() {
            if body[i] != ';' {
                return Err(ObfError::TrailingText { column: i + 1 });
            }
            i += 1;
            // Annotations, each ended by `;` (the last `;` may be left out).
            while i < body.len() {
                while i < body.len() && body[i].is_whitespace() {
                    i += 1;
                }
                if i == body.len() {
                    break;
                }
                let start = i;
                while i < body.len() && body[i] != ';' {
                    i += 1;
                }
                let text: String = body[start..i].iter().collect();
                let text = text.trim_end();
                i += 1; // past the `;`
                let column = start + 1;
                let Some((mv_text, score_text)) = text.split_once(':') else {
                    return Err(ObfError::BadAnnotation {
                        column,
                        text: text.to_string(),
                    });
                };
                let mv = parse_move(mv_text.trim()).ok_or_else(|| ObfError::BadMove {
                    column,
                    text: mv_text.to_string(),
                })?;
                let score = parse_score(score_text.trim()).ok_or_else(|| ObfError::BadScore {
                    column,
                    text: score_text.to_string(),
                })?;
                let legal = match mv {
                    Move::Play(sq) => position.legal_moves().contains(sq),
                    Move::Pass => position.legal_moves().is_empty(),
                };
                if !legal {
                    return Err(ObfError::IllegalMove { column, mv });
                }
                if annotations.iter().any(|a| a.mv == mv) {
                    return Err(ObfError::DuplicateMove { column, mv });
                }
                annotations.push(Annotation { mv, score });
            }
        }
        Ok(Obf {
            position,
            annotations,
            comment,
        })
    }
}

impl fmt::Display for Obf {
    /// The line as in the FFO files: `<cells> X; G8:+18; H1:+12;` and ` % comment`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let side = self.position.side_to_move().letter();
        write!(f, "{} {side}", self.position.board().cells())?;
        if !self.annotations.is_empty() {
            f.write_str(";")?;
            for a in &self.annotations {
                let mv = match a.mv {
                    Move::Play(sq) => sq.to_string().to_uppercase(),
                    Move::Pass => "PA".to_string(),
                };
                write!(f, " {mv}:{:+};", a.score)?;
            }
        }
        if let Some(comment) = &self.comment {
            write!(f, " % {comment}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const LINE: &str = "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X; G8:+18; H1:+12; H7:+6; A2:+6; A3:+4; B1:-4; A4:-22; G2:-24;";

    #[test]
    fn an_ffo_line_round_trips() {
        let obf: Obf = LINE.parse().unwrap();
        assert_eq!(obf.annotations.len(), 8);
        assert_eq!(obf.annotations[0].score, 18);
        assert_eq!(obf.position.side_to_move(), Color::Dark);
        assert_eq!(obf.to_string(), LINE);
    }

    #[test]
    fn comments_and_blank_lines() {
        let text = format!("% the suite\n\n{LINE} % number 1\n");
        let all = parse_obf_text(&text).unwrap();
        assert_eq!(all.len(), 1);
        assert_eq!(all[0].comment.as_deref(), Some("number 1"));
        assert_eq!(all[0].to_string().parse::<Obf>().unwrap(), all[0]);
    }

    #[test]
    fn scores() {
        assert_eq!(parse_score("+0"), Some(0));
        assert_eq!(parse_score("-64"), Some(-64));
        assert_eq!(parse_score("12"), Some(12));
        for bad in ["", "+", "-", "65", "+-3", "--3", "1e2", "0x1", "+1000"] {
            assert_eq!(parse_score(bad), None, "{bad}");
        }
    }
}
