//! GGF game records (the Generic Game Format of the Generic Game Server):
//!
//! ```text
//! (;GM[Othello]PC[GGS/os]DT[2003.11.14_07:23:30.MET]PB[ann]PW[bob]RE[+4.000]
//!   TI[15:00//02:00]TY[8]BO[8 ---------------------------O*------*O--------------------------- *]
//!   B[f5]W[d6//1.25]B[c3/+2.00/0.5]…;)
//! ```
//!
//! `BO[8 <64 cells> <side>]` gives the start position (`*` dark, `O` light,
//! `-` empty; spaces between cells allowed); `B[..]`/`W[..]` are the moves,
//! a square or `PA`/`pass`, optionally followed by `/eval/time`. Other
//! properties are kept as read.

pub use super::ggf_error::GgfError;
pub use super::ggf_type::GgfType;
use super::{board_from_cells, MAX_GGF_CHARS};
use crate::{Color, IllegalMove, Move, Position, Square};
use std::fmt;

/// One move of a record, with the evaluation and time the server noted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GgfMove {
    /// Who played it.
    pub color: Color,
    /// The move.
    pub mv: Move,
    /// The evaluation written after the first `/`, if any.
    pub eval: Option<String>,
    /// The time written after the second `/`, if any.
    pub time: Option<String>,
}

/// A game record: its properties, start position and moves (checked by the
/// rules when read).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GgfGame {
    /// Every property but `GM`, `BO` and the moves, in the order read
    /// (`PC`, `DT`, `PB`, `PW`, `RE`, `TI`, `TY`, …).
    pub properties: Vec<(String, String)>,
    /// The position before the first move.
    pub start: Position,
    /// The moves, passes included.
    pub moves: Vec<GgfMove>,
}

impl GgfGame {
    /// A record of `moves` played from `start`, with no properties. The moves
    /// are not checked here; writing and reading back checks them.
    pub fn from_moves(start: Position, moves: &[Move]) -> GgfGame {
        let mut side = start.side_to_move();
        let moves = moves
            .iter()
            .map(|&mv| {
                let color = side;
                side = side.other();
                GgfMove {
                    color,
                    mv,
                    eval: None,
                    time: None,
                }
            })
            .collect();
        GgfGame {
            properties: Vec::new(),
            start,
            moves,
        }
    }

    /// The value of a property (`PB`, `PW`, `RE`, …), if given.
    pub fn property(&self, name: &str) -> Option<&str> {
        self.properties
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    }

    /// Sets a property, replacing an earlier value. `GM` and `BO` are written
    /// from the game itself and are not properties here.
    pub fn set_property(&mut self, name: &str, value: &str) {
        match self.properties.iter_mut().find(|(k, _)| k == name) {
            Some(entry) => entry.1 = value.to_string(),
            None => self.properties.push((name.to_string(), value.to_string())),
        }
    }

    /// The game's type from `TY` (an ordinary 8×8 game when absent); a
    /// record read from text always has a type this reader plays.
    pub fn game_type(&self) -> GgfType {
        self.property("TY")
            .and_then(|t| t.parse().ok())
            .unwrap_or_default()
    }

    /// The moves alone.
    pub fn plain_moves(&self) -> Vec<Move> {
        self.moves.iter().map(|m| m.mv).collect()
    }

    /// The position after the last move, or why a move is illegal (a record
    /// read from text always replays).
    pub fn end(&self) -> Result<Position, IllegalMove> {
        self.moves
            .iter()
            .try_fold(self.start, |p, m| p.play_move(m.mv))
    }
}

/// A cursor over the characters of a record.
struct Reader {
    chars: Vec<char>,
    at: usize,
}

impl Reader {
    fn peek(&self) -> Option<char> {
        self.chars.get(self.at).copied()
    }

    fn skip_space(&mut self) {
        while self.peek().is_some_and(char::is_whitespace) {
            self.at += 1;
        }
    }

    fn starts_with(&self, s: &str) -> bool {
        s.chars()
            .enumerate()
            .all(|(i, c)| self.chars.get(self.at + i) == Some(&c))
    }

    /// Reads a `[value]` from the `[`, undoing `\` escapes; returns the value
    /// and the column of its first character, with each character's column.
    fn value(&mut self) -> Result<Vec<(usize, char)>, GgfError> {
        let open = self.at + 1;
        self.at += 1;
        let mut out = Vec::new();
        loop {
            match self.peek() {
                None => return Err(GgfError::Unterminated { column: open }),
                Some(']') => {
                    self.at += 1;
                    return Ok(out);
                }
                Some('\\') => {
                    self.at += 1;
                    match self.peek() {
                        None => return Err(GgfError::Unterminated { column: open }),
                        Some(c) => out.push((self.at + 1, c)),
                    }
                    self.at += 1;
                }
                Some(c) => {
                    out.push((self.at + 1, c));
                    self.at += 1;
                }
            }
        }
    }
}

fn text_of(value: &[(usize, char)]) -> String {
    value.iter().map(|&(_, c)| c).collect()
}

/// Reads `8 <64 cells> <side>` into a position.
fn parse_board(value: &[(usize, char)], column: usize) -> Result<Position, GgfError> {
    let mut tokens: Vec<&[(usize, char)]> = value
        .split(|&(_, c)| c.is_whitespace())
        .filter(|t| !t.is_empty())
        .collect();
    let size = tokens.first().copied().unwrap_or(&[]);
    if text_of(size) != "8" {
        return Err(GgfError::WrongBoardSize {
            column,
            found: text_of(size),
        });
    }
    tokens.remove(0);
    let Some(side) = tokens.pop() else {
        return Err(GgfError::WrongCellCount { column, cells: 0 });
    };
    let mut cells = [None; 64];
    let mut count = 0;
    for &(at, c) in tokens.iter().flat_map(|t| t.iter()) {
        let cell = match c {
            '*' | 'X' | 'x' => Some(true),
            'O' | 'o' => Some(false),
            '-' | '.' => None,
            found => return Err(GgfError::BadCell { column: at, found }),
        };
        if count < 64 {
            cells[count] = cell;
        }
        count += 1;
    }
    if count != 64 {
        return Err(GgfError::WrongCellCount {
            column,
            cells: count,
        });
    }
    let side_text = text_of(side);
    let color = match side_text.as_str() {
        "*" | "X" | "x" | "B" | "b" => Color::Dark,
        "O" | "o" | "W" | "w" => Color::Light,
        _ => {
            return Err(GgfError::BadSide {
                column: side.first().map_or(column, |&(at, _)| at),
                found: side_text,
            })
        }
    };
    Ok(Position::new(board_from_cells(&cells), color))
}

/// Reads a move value: `f5`, `PA`, `pass`, with `/eval/time` optional.
fn parse_move_value(text: &str) -> Option<(Move, Option<String>, Option<String>)> {
    let mut parts = text.split('/');
    let head = parts.next()?.trim();
    let eval = parts.next().map(str::trim).filter(|s| !s.is_empty());
    let time = parts.next().map(str::trim).filter(|s| !s.is_empty());
    if parts.next().is_some() {
        return None;
    }
    let mv = if head.eq_ignore_ascii_case("pa") || head.eq_ignore_ascii_case("pass") {
        Move::Pass
    } else {
        Move::Play(head.parse::<Square>().ok()?)
    };
    let plain = |s: &str| {
        s.chars()
            .all(|c| c.is_ascii_digit() || matches!(c, '+' | '-' | '.' | ':'))
    };
    if !eval.is_none_or(plain) || !time.is_none_or(plain) {
        return None;
    }
    Some((mv, eval.map(str::to_string), time.map(str::to_string)))
}

impl std::str::FromStr for GgfGame {
    type Err = GgfError;

    fn from_str(text: &str) -> Result<GgfGame, GgfError> {
        let chars = text.chars().count();
        if chars > MAX_GGF_CHARS {
            return Err(GgfError::TooLong { chars });
        }
        let mut r = Reader {
            chars: text.chars().collect(),
            at: 0,
        };
        r.skip_space();
        if !r.starts_with("(;") {
            return Err(GgfError::NotAGame { column: r.at + 1 });
        }
        let game_start = r.at + 1;
        r.at += 2;
        let mut game = GgfGame {
            properties: Vec::new(),
            start: Position::start(),
            moves: Vec::new(),
        };
        let mut position = game.start;
        let mut seen: Vec<String> = Vec::new();
        loop {
            r.skip_space();
            if r.starts_with(";)") {
                r.at += 2;
                break;
            }
            let Some(c) = r.peek() else {
                return Err(GgfError::Unterminated { column: game_start });
            };
            if !c.is_ascii_uppercase() {
                return Err(GgfError::BadPropertyName {
                    column: r.at + 1,
                    found: c,
                });
            }
            let column = r.at + 1;
            let mut name = String::new();
            while let Some(c) = r.peek().filter(char::is_ascii_uppercase) {
                name.push(c);
                r.at += 1;
            }
            r.skip_space();
            if r.peek() != Some('[') {
                return Err(GgfError::MissingValue { column, name });
            }
            let value = r.value()?;
            let value_column = value.first().map_or(column + name.len() + 1, |v| v.0);
            let value_text = text_of(&value);
            match name.as_str() {
                "B" | "W" => {
                    let color = if name == "B" {
                        Color::Dark
                    } else {
                        Color::Light
                    };
                    let ply = game.moves.len() + 1;
                    let (mv, eval, time) =
                        parse_move_value(&value_text).ok_or_else(|| GgfError::BadMove {
                            column: value_column,
                            ply,
                            text: value_text.clone(),
                        })?;
                    if position.is_game_over() {
                        return Err(GgfError::Illegal {
                            column,
                            ply,
                            mv,
                            reason: IllegalMove::GameOver,
                        });
                    }
                    if color != position.side_to_move() {
                        if !position.must_pass() {
                            return Err(GgfError::WrongColor {
                                column,
                                ply,
                                expected: position.side_to_move(),
                            });
                        }
                        // A pass left out of the record.
                        game.moves.push(GgfMove {
                            color: position.side_to_move(),
                            mv: Move::Pass,
                            eval: None,
                            time: None,
                        });
                        position = position.pass_unchecked();
                    }
                    position = position.play_move(mv).map_err(|reason| GgfError::Illegal {
                        column,
                        ply: game.moves.len() + 1,
                        mv,
                        reason,
                    })?;
                    game.moves.push(GgfMove {
                        color,
                        mv,
                        eval,
                        time,
                    });
                }
                _ => {
                    if seen.contains(&name) {
                        return Err(GgfError::DuplicateProperty { column, name });
                    }
                    seen.push(name.clone());
                    match name.as_str() {
                        "GM" => {
                            if !value_text.trim().eq_ignore_ascii_case("othello") {
                                return Err(GgfError::WrongGame {
                                    column: value_column,
                                    found: value_text,
                                });
                            }
                        }
                        "BO" => {
                            if !game.moves.is_empty() {
                                return Err(GgfError::BoardAfterMoves { column });
                            }
                            game.start = parse_board(&value, value_column)?;
                            position = game.start;
                        }
                        _ => {
                            if name == "TY" {
                                if let Err(e) = value_text.parse::<GgfType>() {
                                    return Err(GgfError::from_type(e, value_column, &value_text));
                                }
                            }
                            game.properties.push((name, value_text));
                        }
                    }
                }
            }
        }
        r.skip_space();
        if r.peek().is_some() {
            return Err(GgfError::TrailingText { column: r.at + 1 });
        }
        Ok(game)
    }
}

/// Writes a value with `]` and `\` escaped.
fn escaped(value: &str) -> String {
    value.replace('\\', "\\\\").replace(']', "\\]")
}

impl fmt::Display for GgfGame {
    /// The record on one line: `(;GM[Othello]`, the properties, `BO[8 …]`,
    /// the moves, `;)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("(;GM[Othello]")?;
        for (name, value) in &self.properties {
            write!(f, "{name}[{}]", escaped(value))?;
        }
        let cells = self.start.board().cells().replace('X', "*");
        let side = match self.start.side_to_move() {
            Color::Dark => '*',
            Color::Light => 'O',
        };
        write!(f, "BO[8 {cells} {side}]")?;
        for m in &self.moves {
            let who = match m.color {
                Color::Dark => 'B',
                Color::Light => 'W',
            };
            write!(f, "{who}[{}", m.mv)?;
            match (&m.eval, &m.time) {
                (None, None) => {}
                (Some(e), None) => write!(f, "/{e}")?,
                (e, Some(t)) => write!(f, "/{}/{t}", e.as_deref().unwrap_or(""))?,
            }
            f.write_str("]")?;
        }
        f.write_str(";)")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const GAME: &str = "(;GM[Othello]PC[GGS/os]DT[2003.11.14_07:23:30.MET]PB[ann]PW[bob]RE[+4.000]TI[15:00//02:00]TY[8]BO[8 -------- -------- -------- ---O*--- ---*O--- -------- -------- -------- *]B[f5]W[d6//1.25]B[C3/+2.00/0.5]W[pass];)";

    #[test]
    fn reads_a_server_record() {
        // The last "pass" is not forced: the record must be refused.
        let err = GAME.parse::<GgfGame>().unwrap_err();
        assert_eq!(err.code(), "ggf-pass-not-forced");
        assert!(err.to_string().contains("move 4"), "{err}");
        let ok = GAME.replace("W[pass]", "W[d3]");
        let game: GgfGame = ok.parse().unwrap();
        assert_eq!(game.property("PB"), Some("ann"));
        assert_eq!(game.property("TY"), Some("8"));
        assert_eq!(game.start, Position::start());
        assert_eq!(game.moves.len(), 4);
        assert_eq!(game.moves[1].eval, None);
        assert_eq!(game.moves[1].time.as_deref(), Some("1.25"));
        assert_eq!(game.moves[2].eval.as_deref(), Some("+2.00"));
        let again: GgfGame = game.to_string().parse().unwrap();
        assert_eq!(again, game);
    }

    #[test]
    fn reads_the_types_of_server_games() {
        // A synchro random game: the start is the record's board.
        let board = "-------- -------- --*O---- --O**O-- --*O*O-- ---O*--- -------- --------";
        let synchro = format!("(;GM[Othello]PC[GGS/os]TY[s8r12]BO[8 {board} *]B[c2];)");
        let game: GgfGame = synchro.parse().unwrap();
        assert_eq!(game.game_type().random, Some(Some(12)));
        assert!(game.game_type().synchro);
        assert_ne!(game.start, Position::start());
        assert_eq!(game.moves.len(), 1);
        assert_eq!(game.property("TY"), Some("s8r12"));
        let komi = GAME.replace("TY[8]", "TY[8k]").replace("W[pass]", "W[d3]");
        assert!(komi.parse::<GgfGame>().unwrap().game_type().komi);
        // Other games are refused with their codes and the column of the value.
        let refused = |ty: &str| {
            GAME.replace("TY[8]", &format!("TY[{ty}]"))
                .parse::<GgfGame>()
                .unwrap_err()
        };
        assert_eq!(refused("10").code(), "ggf-wrong-board-size");
        assert_eq!(refused("s10r12").code(), "ggf-wrong-board-size");
        let anti = refused("8a");
        assert_eq!(anti.code(), "ggf-anti");
        assert!(anti.to_string().contains("anti-Othello"), "{anti}");
        let bad = refused("8x");
        assert_eq!(bad.code(), "ggf-bad-type");
        let column = GAME.find("TY[").unwrap() + 4;
        assert!(
            bad.to_string().starts_with(&format!("column {column}:")),
            "{bad}"
        );
    }

    #[test]
    fn escapes_round_trip() {
        let mut game = GgfGame::from_moves(Position::start(), &[]);
        game.set_property("PB", "a]b\\c");
        let text = game.to_string();
        assert!(text.contains("PB[a\\]b\\\\c]"), "{text}");
        assert_eq!(text.parse::<GgfGame>().unwrap(), game);
    }
}
