//! Transcripts: the moves of a game as square names run together,
//! `f5d6c3d3c4…`, either case, with passes written `PA` or left out.

use crate::{IllegalMove, Move, Position, Square};
use std::fmt;

/// The longest transcript read, in characters: far more than any game (60
/// moves and a few passes, with spaces) needs.
pub const MAX_TRANSCRIPT_CHARS: usize = 1024;

/// Why a transcript could not be read. Columns count characters from 1; plies
/// count the moves of the game from 1, passes included.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TranscriptError {
    /// Longer than [`MAX_TRANSCRIPT_CHARS`].
    TooLong {
        /// Its length in characters.
        chars: usize,
    },
    /// A character that starts no move.
    BadChar {
        /// Where.
        column: usize,
        /// The character.
        found: char,
    },
    /// A column letter with no row digit after it, or `P` with no `A`.
    Incomplete {
        /// Where the move starts.
        column: usize,
    },
    /// A column letter followed by something that is not a row 1–8.
    BadSquare {
        /// Where the move starts.
        column: usize,
        /// The two characters read.
        text: String,
    },
    /// A move the rules refuse in the position reached.
    Illegal {
        /// The ply it would have been.
        ply: usize,
        /// Where it starts.
        column: usize,
        /// The move.
        mv: Move,
        /// Why the rules refuse it.
        reason: IllegalMove,
    },
}

impl TranscriptError {
    /// A stable code for the user interface to translate.
    pub fn code(&self) -> &'static str {
        match self {
            TranscriptError::TooLong { .. } => "transcript-too-long",
            TranscriptError::BadChar { .. } => "transcript-bad-char",
            TranscriptError::Incomplete { .. } => "transcript-incomplete",
            TranscriptError::BadSquare { .. } => "transcript-bad-square",
            TranscriptError::Illegal { reason, .. } => match reason {
                IllegalMove::Occupied(_) => "transcript-occupied",
                IllegalMove::NoFlips(_) => "transcript-no-flips",
                IllegalMove::PassWithMoves => "transcript-pass-not-forced",
                IllegalMove::GameOver => "transcript-after-end",
            },
        }
    }
}

impl fmt::Display for TranscriptError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TranscriptError::TooLong { chars } => write!(
                f,
                "the transcript is {chars} characters long; at most {MAX_TRANSCRIPT_CHARS} are read"
            ),
            TranscriptError::BadChar { column, found } => write!(
                f,
                "column {column}: {found:?} starts no move (expected a square like f5 or PA for a pass)"
            ),
            TranscriptError::Incomplete { column } => {
                write!(f, "column {column}: the transcript ends in the middle of a move")
            }
            TranscriptError::BadSquare { column, text } => write!(
                f,
                "column {column}: {text:?} is not a square (columns a–h, rows 1–8)"
            ),
            TranscriptError::Illegal {
                ply,
                column,
                mv,
                reason,
            } => write!(f, "move {ply} ({mv}, column {column}) is illegal: {reason}"),
        }
    }
}

impl std::error::Error for TranscriptError {}

/// Reads a transcript played from `start`, replaying it so that every move is
/// checked and every pass the rules force is put in, written or not.
///
/// Spaces between moves are allowed. A pass the rules force after the last
/// move is left out unless written.
///
/// ```
/// use virada::{parse_transcript, Position};
/// let moves = parse_transcript("f5D6c3", Position::start()).unwrap();
/// assert_eq!(moves.len(), 3);
/// assert!(parse_transcript("f5f5", Position::start()).is_err());
/// ```
pub fn parse_transcript(text: &str, start: Position) -> Result<Vec<Move>, TranscriptError> {
    let chars = text.chars().count();
    if chars > MAX_TRANSCRIPT_CHARS {
        return Err(TranscriptError::TooLong { chars });
    }
    let mut position = start;
    let mut moves = Vec::new();
    let mut it = text.chars().enumerate().peekable();
    while let Some((i, c)) = it.next() {
        let column = i + 1;
        if c.is_whitespace() {
            continue;
        }
        let mv = match c.to_ascii_lowercase() {
            'a'..='h' => {
                let Some((_, row)) = it.next() else {
                    return Err(TranscriptError::Incomplete { column });
                };
                let text: String = [c, row].iter().collect();
                let sq = text
                    .parse::<Square>()
                    .map_err(|_| TranscriptError::BadSquare { column, text })?;
                Move::Play(sq)
            }
            'p' => match it.next() {
                Some((_, a)) if a.eq_ignore_ascii_case(&'a') => Move::Pass,
                Some((j, other)) => {
                    return Err(TranscriptError::BadChar {
                        column: j + 1,
                        found: other,
                    })
                }
                None => return Err(TranscriptError::Incomplete { column }),
            },
            _ => return Err(TranscriptError::BadChar { column, found: c }),
        };
        if position.is_game_over() {
            return Err(TranscriptError::Illegal {
                ply: moves.len() + 1,
                column,
                mv,
                reason: IllegalMove::GameOver,
            });
        }
        // A pass left out: put it in before a square when the rules force one.
        if matches!(mv, Move::Play(_)) && position.must_pass() {
            position = position.pass_unchecked();
            moves.push(Move::Pass);
        }
        position = position
            .play_move(mv)
            .map_err(|reason| TranscriptError::Illegal {
                ply: moves.len() + 1,
                column,
                mv,
                reason,
            })?;
        moves.push(mv);
    }
    Ok(moves)
}

/// Writes moves as a transcript in the usual compact form: lower-case squares
/// run together, passes left out (reading puts them back).
pub fn write_transcript(moves: &[Move]) -> String {
    let mut out = String::with_capacity(moves.len() * 2);
    for mv in moves {
        if let Move::Play(sq) = mv {
            out.push_str(&sq.to_string());
        }
    }
    out
}

/// Writes moves as a transcript with every pass written `PA`, so that even a
/// pass after the last move is kept.
pub fn write_transcript_with_passes(moves: &[Move]) -> String {
    moves.iter().map(Move::to_string).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn start() -> Position {
        Position::start()
    }

    #[test]
    fn reads_either_case_and_spaces() {
        let a = parse_transcript("f5d6c3d3c4", start()).unwrap();
        let b = parse_transcript("F5 D6 c3D3  c4", start()).unwrap();
        assert_eq!(a, b);
        assert_eq!(write_transcript(&a), "f5d6c3d3c4");
    }

    #[test]
    fn empty_transcript_is_no_moves() {
        assert_eq!(parse_transcript("", start()), Ok(vec![]));
        assert_eq!(parse_transcript("  ", start()), Ok(vec![]));
    }

    #[test]
    fn errors_name_the_place() {
        let cases: [(&str, &str, &str); 9] = [
            ("f5x6", "transcript-bad-char", "column 3"),
            ("f5d", "transcript-incomplete", "column 3"),
            ("f5d9", "transcript-bad-square", "column 3"),
            ("f5dd", "transcript-bad-square", "column 3"),
            ("f5f5", "transcript-occupied", "move 2"),
            ("f5a1", "transcript-no-flips", "move 2"),
            ("f5PA", "transcript-pass-not-forced", "move 2"),
            ("f5pb", "transcript-bad-char", "column 4"),
            ("f5p", "transcript-incomplete", "column 3"),
        ];
        for (text, code, place) in cases {
            let err = parse_transcript(text, start()).unwrap_err();
            assert_eq!(err.code(), code, "{text}");
            assert!(err.to_string().contains(place), "{text}: {err}");
        }
        let long = "f5".repeat(1000);
        assert_eq!(
            parse_transcript(&long, start()).unwrap_err().code(),
            "transcript-too-long"
        );
        let err = parse_transcript("f5é5", start()).unwrap_err();
        assert_eq!(
            err,
            TranscriptError::BadChar {
                column: 3,
                found: 'é'
            }
        );
    }
}
