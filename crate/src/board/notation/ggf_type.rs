//! A GGF game's type, the `TY[…]` property, as the Generic Game Server's
//! Othello service writes it: `[s]SIZE[k][r[N]][a][b|w]`, for example `8`,
//! `8r`, `s8r18`, `8k`, `10a`.
//!
//! - `s`: synchro — one of two games played at once from the same start,
//!   each player dark in one; each game is an ordinary game.
//! - `SIZE`: the board's side (4 to 14 on the server); only 8 is played here.
//! - `k`: komi — colours and the winning margin were bid before the game;
//!   the moves are ordinary.
//! - `r` with an optional disc count: a random start, written in `BO[…]`.
//! - `a`: anti-Othello, where the fewer discs win: another game, refused.
//! - `b` / `w`: the asking player's colour preference; it changes nothing.
//!
//! Letters are read in either case and the modifiers in any order (before
//! the size too: `k8` is `8k`), each at most once; digits right after `r`
//! are its disc count, so `r8` has no board size.

use std::fmt;

/// A type this reader accepts: an 8×8 Othello game with its modifiers.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct GgfType {
    /// One game of a synchro pair (`s`).
    pub synchro: bool,
    /// A komi game (`k`).
    pub komi: bool,
    /// A random start (`r`), with its disc count when written (`r18`).
    pub random: Option<Option<u32>>,
}

/// Why a `TY` value is not a type this reader plays.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TypeError {
    /// Not of the form `[s]SIZE` followed by modifiers.
    Malformed(String),
    /// A board side other than 8.
    Size(String),
    /// Anti-Othello (`a`): the fewer discs win.
    Anti,
}

impl fmt::Display for TypeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TypeError::Malformed(why) => f.write_str(why),
            TypeError::Size(size) => write!(f, "a {size}×{size} board; only 8 is played here"),
            TypeError::Anti => {
                f.write_str("anti-Othello (a), where the fewer discs win, is not played here")
            }
        }
    }
}

impl std::str::FromStr for GgfType {
    type Err = TypeError;

    fn from_str(text: &str) -> Result<GgfType, TypeError> {
        let text = text.trim();
        let lower = text.to_ascii_lowercase();
        let mut rest = lower.as_str();
        let mut ty = GgfType::default();
        let mut size: Option<&str> = None;
        let (mut anti, mut preference) = (false, false);
        let digits = |s: &str| s.chars().take_while(char::is_ascii_digit).count();
        while let Some(c) = rest.chars().next() {
            if c.is_ascii_digit() {
                let (n, after) = rest.split_at(digits(rest));
                rest = after;
                if size.replace(n).is_some() {
                    return Err(TypeError::Malformed(format!("{text:?}: two board sizes")));
                }
                continue;
            }
            rest = &rest[c.len_utf8()..];
            let seen = match c {
                's' => std::mem::replace(&mut ty.synchro, true),
                'k' => std::mem::replace(&mut ty.komi, true),
                'a' => std::mem::replace(&mut anti, true),
                'b' | 'w' => std::mem::replace(&mut preference, true),
                'r' => {
                    let (count, after) = rest.split_at(digits(rest));
                    rest = after;
                    let count = if count.is_empty() {
                        None
                    } else {
                        Some(count.parse::<u32>().map_err(|_| {
                            TypeError::Malformed(format!("{text:?}: {count} discs is too many"))
                        })?)
                    };
                    ty.random.replace(count).is_some()
                }
                other => {
                    return Err(TypeError::Malformed(format!(
                        "{text:?}: {other:?} is not a game type letter (s, k, r, a, b or w)"
                    )))
                }
            };
            if seen {
                return Err(TypeError::Malformed(format!(
                    "{text:?}: {c:?} is given twice"
                )));
            }
        }
        let Some(size) = size else {
            return Err(TypeError::Malformed(format!(
                "{text:?} has no board size (e.g. 8, 8k or s8r18)"
            )));
        };
        if size.trim_start_matches('0') != "8" {
            return Err(TypeError::Size(size.to_string()));
        }
        if anti {
            return Err(TypeError::Anti);
        }
        Ok(ty)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(text: &str) -> Result<GgfType, TypeError> {
        text.parse()
    }

    #[test]
    fn reads_the_types_the_server_writes() {
        assert_eq!(read("8"), Ok(GgfType::default()));
        assert_eq!(
            read("s8r18"),
            Ok(GgfType {
                synchro: true,
                komi: false,
                random: Some(Some(18)),
            })
        );
        assert_eq!(read("8r").unwrap().random, Some(None));
        assert!(read("8k").unwrap().komi);
        assert_eq!(read(" S8R20 ").unwrap().random, Some(Some(20)));
        assert!(read("8kr22b").unwrap().komi);
        // Modifiers before the size read the same.
        assert_eq!(read("k8"), read("8k"));
    }

    #[test]
    fn refuses_other_games_with_reasons() {
        assert_eq!(read("10"), Err(TypeError::Size("10".into())));
        assert_eq!(read("s10r12"), Err(TypeError::Size("10".into())));
        assert_eq!(read("8a"), Err(TypeError::Anti));
        assert_eq!(read("s8ra"), Err(TypeError::Anti));
        for bad in ["", "s", "r8", "8x", "8kk", "8r1r2", "8 10", "8r99999999999"] {
            assert!(
                matches!(read(bad), Err(TypeError::Malformed(_))),
                "{bad:?}: {:?}",
                read(bad)
            );
        }
        assert!(read("8q").unwrap_err().to_string().contains("'q'"));
    }
}
