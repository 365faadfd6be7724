//! The match record (V1): one text holding a match's kind and seats, then
//! every game's own record in order, each after a line with the points it
//! gave, then the totals, the winner and a digest of all of it.
//!
//! ```text
//! virada-match 1
//! match: to 16 points
//! seats: person, bot 1
//! game 1: first 10 second 0
//! virada-record 1
//! …                                  (the game's record, as written)
//! digest: …
//! game 2: first 0 second 4
//! virada-record 1
//! …
//! total: first 18 second 4
//! winner: first
//! digest: <SHA-256 of every line above, each ending in "\n">
//! ```
//!
//! A server writes version 2 (`virada-match 2`): the same lines, then
//! `signature: ed25519 KEY SIGNATURE`, the server's Ed25519 signature of
//! every line above it (the digest's included), as in a game's record.
//!
//! The format is described in `docs/record-format.md`; the checks are in
//! [`verify_match`](super::verify_match).

use super::parse::parse_seat;
use super::write::seat;
use super::{parse, RecordError};
use crate::game::fairness::hex;
use crate::game::GameKind;
use crate::game::Seat;
use crate::record::matchplay::{game_points, Match, MatchError, MatchKind};
use crate::text::excerpt;
use sha2::{Digest, Sha256};
use std::fmt;

/// The first line's format name.
pub const MATCH_MAGIC: &str = "virada-match";
/// The match record's format version on one device (no signature).
pub const MATCH_VERSION: u32 = 1;
/// The match record's format version at the online table: version 1's
/// lines, then the server's `signature` line over all of them.
pub const MATCH_VERSION_2: u32 = 2;
/// The largest match record accepted, in bytes.
pub const MAX_MATCH_BYTES: usize = 1024 * 1024;
/// The most games a match record may hold.
pub const MAX_MATCH_GAMES: usize = 256;
/// The largest number of points a line may state.
const MAX_POINTS: u32 = 1_000_000;

/// How the match record says the match ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum MatchVerdict {
    /// The first seat won.
    First,
    /// The second seat won.
    Second,
    /// Equal totals after every game of a match of N games.
    Draw,
    /// The match was left before its end.
    None,
}

impl MatchVerdict {
    /// `first`, `second`, `draw` or `none`.
    pub const fn as_str(self) -> &'static str {
        match self {
            MatchVerdict::First => "first",
            MatchVerdict::Second => "second",
            MatchVerdict::Draw => "draw",
            MatchVerdict::None => "none",
        }
    }

    /// The verdict a match in this state earns.
    pub fn of(m: &Match) -> MatchVerdict {
        match m.winner() {
            Some(crate::record::matchplay::MatchWinner::First) => MatchVerdict::First,
            Some(crate::record::matchplay::MatchWinner::Second) => MatchVerdict::Second,
            Some(crate::record::matchplay::MatchWinner::Draw) => MatchVerdict::Draw,
            None => MatchVerdict::None,
        }
    }
}

/// One game of a match record: its number, the points its line states and
/// its own record's text.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct MatchGame {
    /// 1, 2, … in order.
    pub number: usize,
    /// The points the `game N:` line states (first seat, second seat).
    pub points: [u32; 2],
    /// The game's record, every line ending in `\n`.
    pub text: String,
}

/// A parsed match record: every field as written, nothing checked beyond its form.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct MatchRecord {
    /// What ends the match.
    pub kind: MatchKind,
    /// The first and second seats.
    pub seats: [Seat; 2],
    /// The games, in order.
    pub games: Vec<MatchGame>,
    /// The stated totals (first seat, second seat).
    pub total: [u32; 2],
    /// The stated winner.
    pub winner: MatchVerdict,
    /// The recorded digest.
    #[cfg_attr(feature = "serde", serde(with = "crate::serde_text::hex"))]
    pub digest: [u8; 32],
    /// SHA-256 of the text above the digest line, as read.
    #[cfg_attr(feature = "serde", serde(with = "crate::serde_text::hex"))]
    pub body_digest: [u8; 32],
    /// The format version (1, or 2 when signed by a server).
    pub version: u32,
    /// Version 2: the server's signature of every line above it.
    pub signature: Option<super::Signature>,
}

/// Why a match record cannot be read or written: a stable code, the line
/// (0 when none) and what was found there.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MatchRecordError {
    /// `too-large`, `empty`, `not-a-match`, `unsupported-version`,
    /// `missing-field`, `bad-match`, `bad-seats`, `bad-game-line`,
    /// `game-out-of-order`, `no-games`, `too-many-games`, `bad-total`,
    /// `bad-winner`, `bad-digest`, `bad-signature`, `trailing-text`; when writing, also
    /// `bad-record`, `seats-mismatch`, `match-over`, `game-unfinished`.
    pub code: &'static str,
    /// The line (from 1), or the game's number when writing; 0 for none.
    pub line: usize,
    /// An excerpt of what was found, or the field that is missing.
    pub found: String,
}

impl MatchRecordError {
    fn at(code: &'static str, line: usize, found: &str) -> MatchRecordError {
        MatchRecordError {
            code,
            line,
            found: excerpt(found),
        }
    }
}

impl fmt::Display for MatchRecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let what = match self.code {
            "too-large" => "the match record is too large",
            "empty" => "the text is empty",
            "not-a-match" => "this is not a match record (it should start \"virada-match 1\")",
            "unsupported-version" => "this match record's version is not one this reader knows",
            "missing-field" => "a line is missing",
            "bad-match" => {
                "the match should be \"to N points\" (16, 32, 64, 128) or \"N games\" (2, 4, 6, 8)"
            }
            "bad-seats" => "the seats should be two of \"person\" and \"bot N\"",
            "bad-game-line" => "a game should start with \"game N: first A second B\"",
            "game-out-of-order" => "the games are not numbered 1, 2, 3, … in order",
            "no-games" => "the match holds no game",
            "too-many-games" => "the match holds too many games",
            "bad-total" => "the total should be \"first A second B\"",
            "bad-winner" => "the winner should be first, second, draw or none",
            "bad-digest" => "the digest should be 64 hexadecimal digits",
            "bad-signature" => {
                "the signature should be \"ed25519\", the key (64 hex) and the signature (128 hex)"
            }
            "trailing-text" => "there is text after the digest (or the signature)",
            "bad-record" => "a game's record cannot be read",
            "seats-mismatch" => "a game was not played by the match's seats",
            "match-over" => "a game was played after the match was over",
            "game-unfinished" => "a game was not played to its end",
            _ => "the match record cannot be read",
        };
        f.write_str(what)?;
        if self.line > 0 {
            write!(f, " (line {})", self.line)?;
        }
        if !self.found.is_empty() {
            write!(f, ": {}", self.found)?;
        }
        Ok(())
    }
}

impl std::error::Error for MatchRecordError {}

/// Whether `text` is a match record (its first line names the format);
/// anything else goes to the game record's reader.
pub fn is_match(text: &str) -> bool {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    text.trim_start().starts_with(MATCH_MAGIC)
}

/// `first A second B`.
fn read_points(v: &str) -> Option<[u32; 2]> {
    let (a, b) = v.strip_prefix("first ")?.split_once(" second ")?;
    let n = |t: &str| -> Option<u32> {
        let ok = !t.is_empty()
            && t.len() <= 7
            && t.bytes().all(|b| b.is_ascii_digit())
            && (t == "0" || !t.starts_with('0'));
        ok.then(|| t.parse().ok())
            .flatten()
            .filter(|&n| n <= MAX_POINTS)
    };
    Some([n(a)?, n(b)?])
}

/// `game N: first A second B` → (N, points); `None` when the line is not a
/// game's line at all, `Some(Err)` when it is one, malformed.
fn game_line(line: &str) -> Option<Result<(usize, [u32; 2]), ()>> {
    let rest = line.strip_prefix("game ")?;
    if !rest.starts_with(|c: char| c.is_ascii_digit()) {
        return None;
    }
    let parsed = rest.split_once(": ").and_then(|(n, v)| {
        let number = (n.len() <= 4 && n.bytes().all(|b| b.is_ascii_digit()))
            .then(|| n.parse::<usize>().ok())
            .flatten()?;
        Some((number, read_points(v)?))
    });
    Some(parsed.ok_or(()))
}

/// Reads a match record (`virada-match 1`: a header, every game's record
/// after its `game K: first A second B` line, the totals, the winner and a
/// digest; `virada-match 2` adds the server's `signature` line after the
/// digest; the format is described in `docs/record-format.md`).
pub fn parse_match(text: &str) -> Result<MatchRecord, MatchRecordError> {
    if text.len() > MAX_MATCH_BYTES {
        return Err(MatchRecordError::at("too-large", 0, ""));
    }
    let mut lines = super::parse::numbered_lines(text).peekable();
    let mut body = Sha256::new();
    // The signed text: every line up to the digest's, as read.
    let mut signed = String::new();
    let mut add = |l: &str| {
        body.update(l.as_bytes());
        body.update(b"\n");
        signed.push_str(l);
        signed.push('\n');
    };
    let (n, header) = lines
        .next()
        .ok_or_else(|| MatchRecordError::at("empty", 0, ""))?;
    let version = match header
        .strip_prefix(MATCH_MAGIC)
        .and_then(|v| v.strip_prefix(' '))
        .map(str::trim)
    {
        Some("1") => MATCH_VERSION,
        Some("2") => MATCH_VERSION_2,
        Some(v) if !v.is_empty() && v.bytes().all(|b| b.is_ascii_digit()) => {
            return Err(MatchRecordError::at("unsupported-version", n, header))
        }
        _ => return Err(MatchRecordError::at("not-a-match", n, header)),
    };
    add(header);
    let mut last = n;
    // `key: value` on the next line, or missing-field.
    let mut field = |lines: &mut std::iter::Peekable<_>, key: &str, add: &mut dyn FnMut(&str)| {
        let next: Option<(usize, &str)> = lines.next();
        match next {
            Some((n, l)) => {
                last = n;
                match l.strip_prefix(key).and_then(|r| r.strip_prefix(": ")) {
                    Some(v) => {
                        add(l);
                        Ok((n, v.trim()))
                    }
                    None => Err(MatchRecordError::at("missing-field", n, key)),
                }
            }
            None => Err(MatchRecordError::at("missing-field", last + 1, key)),
        }
    };
    let (n, v) = field(&mut lines, "match", &mut add)?;
    let kind: MatchKind = v
        .parse()
        .map_err(|_| MatchRecordError::at("bad-match", n, v))?;
    let (n, v) = field(&mut lines, "seats", &mut add)?;
    let seats = v
        .split_once(',')
        .and_then(|(a, b)| Some([parse_seat(a.trim())?, parse_seat(b.trim())?]))
        .ok_or_else(|| MatchRecordError::at("bad-seats", n, v))?;

    let mut games: Vec<MatchGame> = Vec::new();
    while let Some(&(n, line)) = lines.peek() {
        let Some(head) = game_line(line) else { break };
        let (number, points) = head.map_err(|()| MatchRecordError::at("bad-game-line", n, line))?;
        if number != games.len() + 1 {
            return Err(MatchRecordError::at("game-out-of-order", n, line));
        }
        if games.len() == MAX_MATCH_GAMES {
            return Err(MatchRecordError::at("too-many-games", n, line));
        }
        add(line);
        lines.next();
        let mut record = String::new();
        while let Some(&(_, l)) = lines.peek() {
            if game_line(l).is_some() || l.starts_with("total: ") {
                break;
            }
            add(l);
            record.push_str(l);
            record.push('\n');
            lines.next();
        }
        games.push(MatchGame {
            number,
            points,
            text: record,
        });
    }
    if games.is_empty() {
        let (n, l) = lines.peek().copied().unwrap_or((0, ""));
        return Err(MatchRecordError::at("no-games", n, l));
    }
    let (n, v) = field(&mut lines, "total", &mut add)?;
    let total = read_points(v).ok_or_else(|| MatchRecordError::at("bad-total", n, v))?;
    let (n, v) = field(&mut lines, "winner", &mut add)?;
    let winner = match v {
        "first" => MatchVerdict::First,
        "second" => MatchVerdict::Second,
        "draw" => MatchVerdict::Draw,
        "none" => MatchVerdict::None,
        _ => return Err(MatchRecordError::at("bad-winner", n, v)),
    };
    let body_digest: [u8; 32] = body.clone().finalize().into();
    let mut digest_line = String::new();
    let (n, v) = field(&mut lines, "digest", &mut |l: &str| {
        digest_line = format!("{l}\n");
    })?;
    let digest = read_hex32(v).ok_or_else(|| MatchRecordError::at("bad-digest", n, v))?;
    let signature = if version == MATCH_VERSION_2 {
        let (n, v) = field(&mut lines, "signature", &mut |_| {})?;
        let signed = format!("{signed}{digest_line}");
        let s = super::parse::parse_signature((n, v), signed)
            .map_err(|_| MatchRecordError::at("bad-signature", n, v))?;
        Some(s)
    } else {
        None
    };
    if let Some((n, l)) = lines.find(|(_, l)| !l.trim().is_empty()) {
        return Err(MatchRecordError::at("trailing-text", n, l));
    }
    Ok(MatchRecord {
        kind,
        seats,
        games,
        total,
        winner,
        digest,
        body_digest,
        version,
        signature,
    })
}

fn read_hex32(v: &str) -> Option<[u8; 32]> {
    if v.len() != 64 || !v.bytes().all(|b| b.is_ascii_hexdigit()) {
        return None;
    }
    let mut out = [0u8; 32];
    for (i, byte) in out.iter_mut().enumerate() {
        *byte = u8::from_str_radix(&v[2 * i..2 * i + 2], 16).ok()?;
    }
    Some(out)
}

/// A game's record read (one call site for the parser: the wasm build
/// inlines less).
#[inline(never)]
pub(super) fn read_game(text: &str) -> Result<super::Record, RecordError> {
    parse(text)
}

/// The seats a game's record gives the match: a seat the bot took from a
/// person online (`bot N for person`) is still that person's.
pub(super) fn match_seats(r: &super::Record) -> [Seat; 2] {
    [0, 1].map(|i| {
        if r.stand_in[i] {
            Seat::Person
        } else {
            r.seats[i]
        }
    })
}

/// The match so far from its games' records, in order: the match and the
/// seats, or why a game cannot join it (its number in `line`).
pub fn score_games(
    kind: MatchKind,
    records: &[String],
) -> Result<(Match, [Seat; 2]), MatchRecordError> {
    let mut m = Match::new(kind);
    let mut seats = None;
    if records.len() > MAX_MATCH_GAMES {
        return Err(MatchRecordError::at("too-many-games", 0, ""));
    }
    for (i, text) in records.iter().enumerate() {
        let number = i + 1;
        let r = parse(text)
            .map_err(|e: RecordError| MatchRecordError::at("bad-record", number, e.code()))?;
        if r.game != GameKind::Othello {
            return Err(MatchRecordError::at("bad-record", number, "not-othello"));
        }
        let played = match_seats(&r);
        if *seats.get_or_insert(played) != played {
            return Err(MatchRecordError::at("seats-mismatch", number, ""));
        }
        let points = game_points(&r.result, r.dark)
            .map_err(|e| MatchRecordError::at(e.code(), number, ""))?;
        m.add(points)
            .map_err(|e: MatchError| MatchRecordError::at(e.code(), number, ""))?;
    }
    let seats = seats.ok_or_else(|| MatchRecordError::at("no-games", 0, ""))?;
    Ok((m, seats))
}

/// Writes the match record of `records` (each game's record, revealed, in
/// order): the points, the totals and the winner follow from the games.
pub fn write_match(kind: MatchKind, records: &[String]) -> Result<String, MatchRecordError> {
    write_version(kind, records, MATCH_VERSION)
}

/// Writes the match record of `records` as a server signs it (version 2):
/// version 1's lines under `virada-match 2`, then the `signature` line made
/// by `sign` (the server's Ed25519 key, whose public key is `key`) over all
/// of them, as [`sign`](super::sign) signs a game's record.
pub fn write_match_signed(
    kind: MatchKind,
    records: &[String],
    key: &[u8; 32],
    sign: impl FnOnce(&[u8]) -> [u8; 64],
) -> Result<String, MatchRecordError> {
    let text = write_version(kind, records, MATCH_VERSION_2)?;
    Ok(super::sign(&text, key, sign))
}

fn write_version(
    kind: MatchKind,
    records: &[String],
    version: u32,
) -> Result<String, MatchRecordError> {
    let (m, seats) = score_games(kind, records)?;
    let mut out = format!(
        "{MATCH_MAGIC} {version}\nmatch: {kind}\nseats: {}, {}\n",
        seat(seats[0]),
        seat(seats[1])
    );
    for (i, (text, [a, b])) in records.iter().zip(m.games()).enumerate() {
        out.push_str(&format!("game {}: first {a} second {b}\n", i + 1));
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        for line in text.trim().lines() {
            out.push_str(line.strip_suffix('\r').unwrap_or(line));
            out.push('\n');
        }
    }
    let [a, b] = m.totals();
    out.push_str(&format!(
        "total: first {a} second {b}\nwinner: {}\n",
        MatchVerdict::of(&m).as_str()
    ));
    let digest = hex(&Sha256::digest(out.as_bytes()));
    out.push_str(&format!("digest: {digest}\n"));
    Ok(out)
}
