//! FIDE's Tournament Report File (TRF) as bbpPairings and JaVaFo read it:
//! the `001` player lines with one ten-column block a round, the number of
//! rounds (`XXR` or TRF-2026's `142`), the configuration (`XXC white1`,
//! `XXC black1`, or `152 W`/`152 B`) and bbpPairings' point system lines
//! (`BBW`, `BBD`, `BBL`, `BBZ`, `BBF`, `BBU`). Every other line is kept as
//! it is and written back. Points are counted in tenths (a win is 10).

use super::entry::{Colour, Entry, Outcome, Points};
use std::fmt;

/// One `001` line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Player {
    /// The pairing number (1-based).
    pub id: u32,
    /// Columns 1–80 as read (name, rating, federation …), for writing back.
    pub head: String,
    /// The rating (columns 49–52), 0 when blank.
    pub rating: u32,
    /// The score as stated, in tenths.
    pub stated_score: u32,
    /// One entry a round, in order.
    pub games: Vec<Entry>,
}

impl Player {
    /// The name (columns 15–47), trimmed.
    pub fn name(&self) -> &str {
        self.head.get(14..47).unwrap_or("").trim()
    }
}

/// A tournament as its TRF states it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Trf {
    /// Lines other than players and configuration, kept in order.
    pub other_lines: Vec<String>,
    /// The players, in the file's order.
    pub players: Vec<Player>,
    /// The total number of rounds (`XXR`), if stated.
    pub rounds: Option<u32>,
    /// The colour of the top seed in round 1 (`XXC white1`), if stated.
    pub initial_colour: Option<Colour>,
    /// The point system.
    pub points: Points,
}

/// Why a TRF was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TrfError {
    /// The file is larger than [`MAX_TRF_BYTES`].
    TooLong,
    /// A line could not be read; `line` counts from 1.
    BadLine {
        /// The line's number.
        line: usize,
        /// What is wrong with it.
        why: &'static str,
    },
    /// Two `001` lines with the same pairing number.
    RepeatedId(u32),
    /// A game names an opponent with no `001` line.
    UnknownOpponent {
        /// The player.
        id: u32,
        /// The round (1-based).
        round: usize,
    },
    /// Two players disagree about the game they played.
    Inconsistent {
        /// The player.
        id: u32,
        /// The round (1-based).
        round: usize,
    },
    /// The stated score is not the sum of the results.
    ScoreMismatch {
        /// The player.
        id: u32,
        /// The stated score, tenths.
        stated: u32,
        /// The sum of the results, tenths.
        counted: u32,
    },
    /// A feature the pairing does not support (acceleration, forbidden pairs).
    Unsupported(&'static str),
    /// More rounds played than `XXR` states.
    TooManyRounds,
}

/// The longest TRF read: 4 MiB.
pub const MAX_TRF_BYTES: usize = 4 << 20;

impl TrfError {
    /// A stable code for the user interface to translate.
    pub fn code(&self) -> &'static str {
        match self {
            TrfError::TooLong => "trf-too-long",
            TrfError::BadLine { .. } => "trf-bad-line",
            TrfError::RepeatedId(_) => "trf-repeated-id",
            TrfError::UnknownOpponent { .. } => "trf-unknown-opponent",
            TrfError::Inconsistent { .. } => "trf-inconsistent-game",
            TrfError::ScoreMismatch { .. } => "trf-score-mismatch",
            TrfError::Unsupported(_) => "trf-unsupported",
            TrfError::TooManyRounds => "trf-too-many-rounds",
        }
    }
}

impl fmt::Display for TrfError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TrfError::TooLong => write!(f, "the file is over {MAX_TRF_BYTES} bytes"),
            TrfError::BadLine { line, why } => write!(f, "line {line}: {why}"),
            TrfError::RepeatedId(id) => write!(f, "pairing number {id} is on two lines"),
            TrfError::UnknownOpponent { id, round } => {
                write!(f, "player {id}, round {round}: the opponent has no line")
            }
            TrfError::Inconsistent { id, round } => write!(
                f,
                "player {id}, round {round}: the opponent's line tells another game"
            ),
            TrfError::ScoreMismatch {
                id,
                stated,
                counted,
            } => write!(
                f,
                "player {id}: the score {} is not the results' {}",
                tenths(*stated),
                tenths(*counted)
            ),
            TrfError::Unsupported(what) => write!(f, "not supported: {what}"),
            TrfError::TooManyRounds => write!(f, "more rounds played than the file states"),
        }
    }
}

impl std::error::Error for TrfError {}

/// Tenths written as the TRF writes points: `3.5`.
pub fn tenths(t: u32) -> String {
    format!("{}.{}", t / 10, t % 10)
}

fn parse_points(text: &str) -> Option<u32> {
    let text = text.trim();
    let (whole, frac) = text.split_once('.').unwrap_or((text, "0"));
    let whole: u32 = whole.parse().ok()?;
    let frac = frac.chars().next().map_or(Some(0), |c| c.to_digit(10))?;
    whole.checked_mul(10)?.checked_add(frac)
}

fn parse_id(text: &str) -> Option<u32> {
    text.trim().parse().ok().filter(|&id| id > 0)
}

impl Trf {
    /// Reads a TRF: lines end with `\n`, `\r\n` or `\r` (bbpPairings writes `\r`).
    pub fn parse(text: &str) -> Result<Trf, TrfError> {
        if text.len() > MAX_TRF_BYTES {
            return Err(TrfError::TooLong);
        }
        let mut trf = Trf {
            other_lines: Vec::new(),
            players: Vec::new(),
            rounds: None,
            initial_colour: None,
            points: Points::default(),
        };
        let mut pab_stated = false;
        for (n, line) in text.split(['\r', '\n']).enumerate() {
            let line_no = n + 1;
            let bad = |why| TrfError::BadLine { line: line_no, why };
            if line.trim().is_empty() {
                continue;
            }
            if !line.is_ascii() {
                // Names may be UTF-8; only the player lines' columns matter.
                if !line.starts_with("001") {
                    trf.other_lines.push(line.to_string());
                    continue;
                }
            }
            let prefix = line.get(..3).ok_or(bad("shorter than its code"))?;
            let rest = line.get(3..).unwrap_or("");
            match prefix {
                "001" => trf.players.push(parse_player(line).map_err(bad)?),
                "XXR" | "142" => {
                    let r: u32 = rest
                        .trim()
                        .parse()
                        .map_err(|_| bad("not a number of rounds"))?;
                    if r == 0 {
                        return Err(bad("zero rounds"));
                    }
                    trf.rounds = Some(r);
                }
                "XXC" => {
                    for word in rest.split_whitespace() {
                        match word {
                            "white1" => trf.initial_colour = Some(Colour::White),
                            "black1" => trf.initial_colour = Some(Colour::Black),
                            "rank" => return Err(TrfError::Unsupported("XXC rank")),
                            _ => {}
                        }
                    }
                }
                "152" => {
                    trf.initial_colour = Some(match rest.trim() {
                        "W" => Colour::White,
                        "B" => Colour::Black,
                        _ => return Err(bad("152 wants W or B")),
                    })
                }
                "BBW" | "BBD" | "BBL" | "BBZ" | "BBF" | "BBU" => {
                    let p = parse_points(rest).ok_or(bad("not a number of points"))?;
                    let pts = &mut trf.points;
                    match prefix {
                        "BBW" => {
                            pts.win = p;
                            if !pab_stated {
                                pts.pairing_bye = p;
                            }
                        }
                        "BBD" => pts.draw = p,
                        "BBL" => pts.loss = p,
                        "BBZ" => pts.zero_bye = p,
                        "BBF" => pts.forfeit_loss = p,
                        _ => {
                            pts.pairing_bye = p;
                            pab_stated = true;
                        }
                    }
                }
                "XXA" | "250" => return Err(TrfError::Unsupported("accelerated pairings")),
                "XXP" | "260" => return Err(TrfError::Unsupported("forbidden pairs")),
                "013" | "310" => return Err(TrfError::Unsupported("team tournaments")),
                "162" => read_points_162(line, &mut trf.points, &mut pab_stated).map_err(bad)?,
                _ => trf.other_lines.push(line.to_string()),
            }
        }
        trf.check()?;
        Ok(trf)
    }

    fn check(&self) -> Result<(), TrfError> {
        let mut seen = std::collections::HashMap::new();
        for (i, p) in self.players.iter().enumerate() {
            if seen.insert(p.id, i).is_some() {
                return Err(TrfError::RepeatedId(p.id));
            }
        }
        let played = self.played_rounds();
        if let Some(r) = self.rounds {
            if played as u32 > r {
                return Err(TrfError::TooManyRounds);
            }
        }
        for p in &self.players {
            for (r, e) in p.games.iter().enumerate() {
                let Some(o) = e.opponent else { continue };
                let round = r + 1;
                let q = seen
                    .get(&o)
                    .map(|&i| &self.players[i])
                    .ok_or(TrfError::UnknownOpponent { id: p.id, round })?;
                let back = q.games.get(r);
                let agrees = back.is_some_and(|b| {
                    b.opponent == Some(p.id)
                        && (e.played() == b.played())
                        && (!e.played() || b.colour == e.colour.map(Colour::other))
                });
                if !agrees {
                    return Err(TrfError::Inconsistent { id: p.id, round });
                }
            }
            let counted: u32 = p.games.iter().take(played).map(|e| self.points.of(e)).sum();
            let all: u32 = p.games.iter().map(|e| self.points.of(e)).sum();
            if p.stated_score != counted && p.stated_score != all {
                return Err(TrfError::ScoreMismatch {
                    id: p.id,
                    stated: p.stated_score,
                    counted,
                });
            }
        }
        Ok(())
    }

    /// The rounds paired so far: the last round in which someone took part
    /// in the pairing. An absence or a bye asked for ahead (`H`, `F`, `Z`)
    /// does not make a round paired: it waits for the round's pairing.
    pub fn played_rounds(&self) -> usize {
        let mut played = 0;
        for p in &self.players {
            for (r, e) in p.games.iter().enumerate() {
                // Blank rounds before a later entry are read as absences.
                played = played.max(r);
                if e.paired() {
                    played = played.max(r + 1);
                }
            }
        }
        played
    }

    /// The file cut to its first `rounds` rounds, with what was known before
    /// round `rounds + 1` was paired: byes asked for and absences in that
    /// round stay. Scores are recounted.
    pub fn before_round(&self, rounds: usize) -> Trf {
        let mut out = self.clone();
        for p in &mut out.players {
            let next = p.games.get(rounds).copied().filter(|e| !e.paired());
            p.games.truncate(rounds);
            if let Some(e) = next {
                while p.games.len() < rounds {
                    p.games.push(Entry::ABSENT);
                }
                p.games.push(e);
            }
            p.stated_score = p.games.iter().map(|e| self.points.of(e)).sum();
        }
        out
    }

    /// The colour of the top seed in round 1: as stated, or read from the
    /// first round with colours as bbpPairings infers it (the best-placed
    /// player with a colour that round, reversed for each player above them).
    pub fn first_colour(&self) -> Option<Colour> {
        if self.initial_colour.is_some() {
            return self.initial_colour;
        }
        let mut order: Vec<&Player> = self.players.iter().collect();
        order.sort_by_key(|p| p.id);
        let rounds = order.iter().map(|p| p.games.len()).max().unwrap_or(0);
        for r in 0..rounds {
            for (k, p) in order.iter().enumerate() {
                if let Some(c) = p.games.get(r).filter(|e| e.played()).and_then(|e| e.colour) {
                    return Some(if k % 2 == 0 { c } else { c.other() });
                }
            }
        }
        None
    }

    /// The file as text: the other lines, `XXR`, `XXC`, the point system
    /// where it is not the standard one, then the players; lines end in `\n`.
    pub fn write(&self) -> String {
        let mut out = String::new();
        for l in &self.other_lines {
            out.push_str(l);
            out.push('\n');
        }
        if let Some(r) = self.rounds {
            out.push_str(&format!("XXR {r}\n"));
        }
        if let Some(c) = self.initial_colour {
            let w = if c == Colour::White {
                "white1"
            } else {
                "black1"
            };
            out.push_str(&format!("XXC {w}\n"));
        }
        let d = Points::default();
        let p = &self.points;
        for (code, v, dv) in [
            ("BBW", p.win, d.win),
            ("BBD", p.draw, d.draw),
            ("BBL", p.loss, d.loss),
            ("BBZ", p.zero_bye, d.zero_bye),
            ("BBF", p.forfeit_loss, d.forfeit_loss),
        ] {
            if v != dv {
                out.push_str(&format!("{code} {:>4}\n", tenths(v)));
            }
        }
        if p.pairing_bye != p.win {
            out.push_str(&format!("BBU {:>4}\n", tenths(p.pairing_bye)));
        }
        let ranks = self.ranks();
        for (pl, rank) in self.players.iter().zip(ranks) {
            out.push_str(&write_player(pl, rank));
            out.push('\n');
        }
        out
    }

    /// Each player's place by score, then pairing number (the rank column).
    fn ranks(&self) -> Vec<usize> {
        let mut order: Vec<usize> = (0..self.players.len()).collect();
        let p = &self.players;
        order.sort_by_key(|&i| (std::cmp::Reverse(p[i].stated_score), p[i].id));
        let mut ranks = vec![0; p.len()];
        for (place, i) in order.into_iter().enumerate() {
            ranks[i] = place + 1;
        }
        ranks
    }
}

/// TRF-2026's point system line: `162` then blocks of nine columns from
/// column 6, a code (`W`, `D`, `L`, `Z` for absences and forfeit losses,
/// `P` for the pairing-allocated bye) and four columns of points.
fn read_points_162(
    line: &str,
    points: &mut Points,
    pab_stated: &mut bool,
) -> Result<(), &'static str> {
    let chars: Vec<char> = line.chars().collect();
    if chars.len() < 10 {
        return Err("a 162 line names at least one result");
    }
    let mut start = 5;
    while start + 5 <= chars.len() {
        let text: String = chars[start + 1..start + 5].iter().collect();
        let p = parse_points(&text).ok_or("a 162 block's points are not a number")?;
        match chars[start] {
            'W' => {
                points.win = p;
                if !*pab_stated {
                    points.pairing_bye = p;
                }
            }
            'D' => points.draw = p,
            'L' => points.loss = p,
            'Z' => {
                points.zero_bye = p;
                points.forfeit_loss = p;
            }
            'P' => {
                points.pairing_bye = p;
                *pab_stated = true;
            }
            _ => return Err("a 162 block's code is not W, D, L, Z or P"),
        }
        start += 9;
    }
    if chars
        .get(start..)
        .is_some_and(|rest| rest.iter().any(|&c| c != ' '))
    {
        return Err("text after the 162 line's last block");
    }
    Ok(())
}

fn parse_player(line: &str) -> Result<Player, &'static str> {
    let chars: Vec<char> = line.chars().collect();
    if chars.len() < 84 {
        return Err("a player line is at least 84 columns");
    }
    let col = |a: usize, b: usize| -> String { chars[a..b.min(chars.len())].iter().collect() };
    let id = parse_id(&col(4, 8)).ok_or("no pairing number in columns 5-8")?;
    let rating_text = col(48, 52);
    let rating = if rating_text.trim().is_empty() {
        0
    } else {
        rating_text
            .trim()
            .parse()
            .map_err(|_| "the rating is not a number")?
    };
    let stated_score = parse_points(&col(80, 84)).ok_or("the score is not a number")?;
    let mut games = Vec::new();
    let mut pending = 0;
    let mut start = 91;
    while start + 8 <= chars.len() {
        let opp_text = col(start, start + 4);
        let colour_char = chars[start + 5];
        let result_char = chars[start + 7];
        let mut blank = true;
        let opponent = match opp_text.as_str() {
            "    " => None,
            "0000" => {
                blank = false;
                None
            }
            t => {
                blank = false;
                let o = parse_id(t).ok_or("an opponent is not a pairing number")?;
                if o == id {
                    return Err("a player meets themself");
                }
                Some(o)
            }
        };
        let colour = match colour_char {
            'w' => Some(Colour::White),
            'b' => Some(Colour::Black),
            '-' | ' ' => None,
            _ => return Err("a colour is not w, b or -"),
        };
        if colour_char != ' ' {
            blank = false;
        }
        let outcome = Outcome::parse(result_char).ok_or("a result code is unknown")?;
        if result_char != ' ' {
            blank = false;
        }
        if opponent.is_none() && colour.is_some() {
            return Err("a colour without an opponent");
        }
        if opponent.is_some()
            && matches!(
                outcome,
                Outcome::PairingBye | Outcome::HalfBye | Outcome::FullBye | Outcome::Absent
            )
        {
            return Err("a bye or absence with an opponent");
        }
        if outcome.over_the_board() && opponent.is_some() && colour.is_none() {
            return Err("a game over the board without a colour");
        }
        if blank {
            pending += 1;
        } else {
            games.extend(std::iter::repeat_n(Entry::ABSENT, pending));
            pending = 0;
            let outcome = if outcome.over_the_board() && opponent.is_none() {
                // JaVaFo's `0000 - =` style of byes: points without a game.
                match outcome {
                    Outcome::Win => Outcome::FullBye,
                    Outcome::Draw => Outcome::HalfBye,
                    _ => Outcome::Absent,
                }
            } else {
                outcome
            };
            games.push(Entry {
                opponent,
                colour,
                outcome,
            });
        }
        start += 10;
    }
    if chars.len() > start && chars[start..].iter().any(|&c| c != ' ') {
        return Err("text after the last round");
    }
    Ok(Player {
        id,
        head: col(0, 80),
        rating,
        stated_score,
        games,
    })
}

fn write_player(p: &Player, rank: usize) -> String {
    let mut head: String = p.head.chars().take(80).collect();
    while head.chars().count() < 80 {
        head.push(' ');
    }
    let mut out = format!("{head}{:>4} {:>4}", tenths(p.stated_score), rank);
    for e in &p.games {
        let opp = e.opponent.map_or("0000".to_string(), |o| format!("{o:>4}"));
        let colour = match e.colour {
            Some(Colour::White) => 'w',
            Some(Colour::Black) => 'b',
            None => '-',
        };
        out.push_str(&format!("  {opp} {colour} {}", e.outcome.code()));
    }
    out
}
