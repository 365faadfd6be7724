//! Reading a record: strict about form, never panicking, the first problem
//! reported with its line.

use super::{
    Field, Record, RecordError, Signature, MAGIC, MAX_ASSISTS, MAX_BYTES, MAX_LEVEL, MAX_MOVES,
    MAX_WORD_BYTES, VERSION, VERSION_2, VERSION_3, VERSION_4,
};
use crate::game::fairness::Seed;
use crate::game::Played;
use crate::game::Seat;
use crate::game::{Assist, GameKind, GameResult, Moves, Verdict};
use crate::text::excerpt;
use crate::{Move, Square};
use sha2::{Digest, Sha256};

/// A record's lines, numbered from 1, without a byte-order mark (some
/// editors add one), `\r` line ends, blank lines before the first and
/// blank lines at the end (a game's record and a match record alike).
pub(crate) fn numbered_lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.strip_prefix('\u{feff}')
        .unwrap_or(text)
        .trim_end_matches(['\n', '\r', ' ', '\t'])
        .split('\n')
        .map(|l| l.strip_suffix('\r').unwrap_or(l))
        .enumerate()
        .map(|(i, l)| (i + 1, l))
        .skip_while(|(_, l)| l.trim().is_empty())
}

/// Reads a record (see the [module docs](super) for the format).
///
/// ```
/// let text = "virada-record 1\ngame: othello 8\n";
/// let err = virada::record::parse(text).unwrap_err();
/// assert_eq!(err.code(), "missing-field");
/// ```
pub fn parse(text: &str) -> Result<Record, RecordError> {
    if text.len() > MAX_BYTES {
        return Err(RecordError::TooLarge { bytes: text.len() });
    }
    let mut lines = numbered_lines(text);
    let (n, header) = lines.next().ok_or(RecordError::Empty)?;
    let version = check_header(n, header)?;
    let mut body = Sha256::new();
    let mut signed = String::new();
    add_line(&mut body, header);
    signed.push_str(header);
    signed.push('\n');
    let mut last = n;

    let fields: &[Field] = match version {
        VERSION_4 => &Field::ALL_V4,
        VERSION_3 => &Field::ALL_V3,
        VERSION_2 => &Field::ALL_V2,
        _ => &Field::ALL,
    };
    let mut lines = lines.peekable();
    let mut values: Vec<(Field, (usize, &str))> = Vec::with_capacity(fields.len());
    let mut signature = None;
    for &field in fields {
        // An optional line is there when the next line names it.
        // Version 3 always names the second seat's word.
        if field.is_optional() && !(version >= VERSION_3 && field == Field::SecondWord) {
            let named = lines
                .peek()
                .and_then(|(_, l)| l.split_once(':'))
                .is_some_and(|(key, _)| key == field.key());
            if !named {
                continue;
            }
        }
        let (n, line) = lines.next().ok_or(RecordError::MissingField {
            line: last + 1,
            field,
        })?;
        last = n;
        let value = split_key(n, line, field)?;
        if field == Field::Signature {
            signature = Some(parse_signature((n, value), std::mem::take(&mut signed))?);
            continue;
        }
        if field != Field::Digest {
            add_line(&mut body, line);
        }
        signed.push_str(line);
        signed.push('\n');
        values.push((field, (n, value)));
    }
    if let Some((n, _)) = lines.find(|(_, l)| !l.trim().is_empty()) {
        return Err(RecordError::TrailingText { line: n });
    }

    let value = |f: Field| {
        values
            .iter()
            .find(|(g, _)| *g == f)
            .map_or((0, ""), |(_, v)| *v)
    };
    let present = |f: Field| values.iter().any(|(g, _)| *g == f);
    let game = parse_game(value(Field::Game))?;
    let (seats, stand_in) = parse_seats(value(Field::Seats), version)?;
    let (clock, control) = super::timing::parse_clock_line(value(Field::Clock))?;
    let (result, on_time) = super::timing::split_on_time(value(Field::Result));
    let times = present(Field::Times).then(|| value(Field::Times));
    let timing = super::timing::read(control, times, on_time.then_some(value(Field::Result)))?;
    let record = Record {
        game,
        seats,
        clock,
        timing,
        fingerprint: parse_hex32(value(Field::Fingerprint), Field::Fingerprint)?,
        seed: parse_seed(value(Field::Seed))?.0,
        seed_chosen: parse_seed(value(Field::Seed))?.1,
        version,
        word: parse_word(value(Field::Word), Field::Word)?,
        second_word: match present(Field::SecondWord) {
            true => Some(parse_word(value(Field::SecondWord), Field::SecondWord)?),
            false => None,
        },
        randoms: match version {
            VERSION_3 | VERSION_4 => Some([
                parse_random(value(Field::Random), Field::Random)?,
                parse_random(value(Field::SecondRandom), Field::SecondRandom)?,
            ]),
            _ => None,
        },
        stand_in,
        dark: parse_dark(value(Field::Dark))?,
        handicap: match present(Field::Handicap) {
            true => Some(parse_handicap(game, value(Field::Handicap))?),
            false => None,
        },
        moves: parse_moves(game, value(Field::Moves))?,
        assists: match present(Field::Assists) {
            true => parse_assists(value(Field::Assists))?,
            false => Vec::new(),
        },
        result: parse_result(result)?.0,
        resigned: parse_result(result)?.1,
        names: match present(Field::Names) {
            true => Some(parse_names(value(Field::Names))?),
            false => None,
        },
        ratings: match present(Field::Ratings) {
            true => Some(parse_ratings(value(Field::Ratings))?),
            false => None,
        },
        tournament: match present(Field::Tournament) {
            true => Some(parse_tournament(value(Field::Tournament))?),
            false => None,
        },
        digest: parse_hex32(value(Field::Digest), Field::Digest)?,
        body_digest: body.finalize().into(),
        signature,
    };
    Ok(record)
}

/// The assists written as the record's `assists` line gives them (without
/// the key), `None` when malformed.
pub(crate) fn read_assists(text: &str) -> Option<Vec<Assist>> {
    parse_assists((0, text.trim())).ok()
}

/// `hint P, undo P K, …`: at least one, each ply at least 1, each undo
/// taking back at least one ply.
fn parse_assists((n, v): (usize, &str)) -> Result<Vec<Assist>, RecordError> {
    let err = || bad(n, Field::Assists, v);
    let limit = MAX_MOVES as u32 + 1;
    let mut out = Vec::new();
    for item in v.split(',') {
        if out.len() >= MAX_ASSISTS {
            return Err(err());
        }
        let mut words = item.trim().split(' ');
        let assist = match (words.next(), words.next(), words.next(), words.next()) {
            (Some("hint"), Some(p), None, None) => Assist::Hint {
                ply: number(p, limit).filter(|&p| p >= 1).ok_or_else(err)? as usize,
            },
            (Some("undo"), Some(p), Some(k), None) => Assist::Undo {
                ply: number(p, limit).filter(|&p| p >= 1).ok_or_else(err)? as usize,
                plies: number(k, limit).filter(|&k| k >= 1).ok_or_else(err)? as usize,
            },
            _ => return Err(err()),
        };
        out.push(assist);
    }
    Ok(out)
}

/// `ed25519 KEY SIGNATURE`, over the text `signed`.
pub(super) fn parse_signature(
    (n, v): (usize, &str),
    signed: String,
) -> Result<Signature, RecordError> {
    let mut parts = v.split(' ');
    let (Some("ed25519"), Some(key), Some(sig), None) =
        (parts.next(), parts.next(), parts.next(), parts.next())
    else {
        return Err(bad(n, Field::Signature, v));
    };
    let key = parse_hex32((n, key), Field::Signature)?;
    let sig_bytes = sig.as_bytes();
    if sig_bytes.len() != 128 || !sig_bytes.iter().all(u8::is_ascii_hexdigit) {
        return Err(bad(n, Field::Signature, v));
    }
    let (a, b) = sig.split_at(64);
    let mut signature = [0u8; 64];
    signature[..32].copy_from_slice(&parse_hex32((n, a), Field::Signature)?);
    signature[32..].copy_from_slice(&parse_hex32((n, b), Field::Signature)?);
    Ok(Signature {
        key,
        signature,
        signed,
    })
}

fn add_line(h: &mut Sha256, line: &str) {
    h.update(line.as_bytes());
    h.update(b"\n");
}

/// The header's version: 1, 2 or 3.
fn check_header(n: usize, line: &str) -> Result<u32, RecordError> {
    let line = line.trim_end();
    match line.strip_prefix(MAGIC).and_then(|r| r.strip_prefix(' ')) {
        Some(v) if v == VERSION.to_string() => Ok(VERSION),
        Some(v) if v == VERSION_2.to_string() => Ok(VERSION_2),
        Some(v) if v == VERSION_3.to_string() => Ok(VERSION_3),
        Some(v) if v == VERSION_4.to_string() => Ok(VERSION_4),
        Some(v) => Err(RecordError::UnsupportedVersion {
            line: n,
            found: excerpt(v),
        }),
        None => Err(RecordError::NotARecord { line: n }),
    }
}

/// The value of `key: value`; the word keeps its spaces, other values are trimmed.
fn split_key(n: usize, line: &str, field: Field) -> Result<&str, RecordError> {
    let unexpected = || RecordError::UnexpectedLine {
        line: n,
        expected: field,
        found: excerpt(line),
    };
    let (key, value) = line.split_once(':').ok_or_else(unexpected)?;
    if key != field.key() {
        return Err(unexpected());
    }
    if matches!(field, Field::Word | Field::SecondWord) {
        Ok(value.strip_prefix(' ').unwrap_or(value))
    } else {
        Ok(value.trim())
    }
}

fn bad(n: usize, field: Field, found: &str) -> RecordError {
    RecordError::BadValue {
        line: n,
        field,
        found: excerpt(found),
    }
}

/// A decimal number of at most `max`, digits only.
fn number(s: &str, max: u32) -> Option<u32> {
    if s.is_empty() || s.len() > 10 || !s.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    s.parse::<u64>()
        .ok()
        .filter(|&v| v <= u64::from(max))
        .map(|v| v as u32)
}

fn parse_game((n, v): (usize, &str)) -> Result<GameKind, RecordError> {
    match v {
        "othello 8" => Ok(GameKind::Othello),
        _ if v.starts_with("nabucodonosor ") => super::nabu::parse_game(v)
            .map(GameKind::Nabucodonosor)
            .ok_or_else(|| bad(n, Field::Game, v)),
        _ => Err(bad(n, Field::Game, v)),
    }
}

pub(super) fn parse_seat(s: &str) -> Option<Seat> {
    if s == "person" {
        return Some(Seat::Person);
    }
    let level = number(s.strip_prefix("bot ")?, u32::from(MAX_LEVEL))?;
    (level >= 1).then_some(Seat::Bot { level: level as u8 })
}

/// The two seats, and (version 2) which of them the bot took from a person.
fn parse_seats((n, v): (usize, &str), version: u32) -> Result<([Seat; 2], [bool; 2]), RecordError> {
    let (a, b) = v.split_once(',').ok_or_else(|| bad(n, Field::Seats, v))?;
    let one = |text: &str| -> Option<(Seat, bool)> {
        let text = text.trim();
        match text.strip_suffix(" for person") {
            Some(bot) if version >= VERSION_2 => match parse_seat(bot.trim_end())? {
                seat @ Seat::Bot { .. } => Some((seat, true)),
                Seat::Person => None,
            },
            _ => Some((parse_seat(text)?, false)),
        }
    };
    match (one(a), one(b)) {
        (Some((a, x)), Some((b, y))) => Ok(([a, b], [x, y])),
        _ => Err(bad(n, Field::Seats, v)),
    }
}

fn parse_hex32((n, v): (usize, &str), field: Field) -> Result<[u8; 32], RecordError> {
    let b = v.as_bytes();
    if b.len() != 64 || !b.iter().all(u8::is_ascii_hexdigit) {
        return Err(bad(n, field, v));
    }
    let digit = |c: u8| (c as char).to_digit(16).unwrap_or(0) as u8;
    let mut out = [0u8; 32];
    for (i, pair) in b.chunks(2).enumerate() {
        out[i] = digit(pair[0]) << 4 | digit(pair[1]);
    }
    Ok(out)
}

fn parse_seed((n, v): (usize, &str)) -> Result<(Option<Seed>, bool), RecordError> {
    let (s, chosen) = match v.strip_suffix(" chosen") {
        Some(s) => (s, true),
        None => (v, false),
    };
    if s == "hidden" {
        return Ok((None, chosen));
    }
    let bytes = parse_hex32((n, s), Field::Seed).map_err(|_| bad(n, Field::Seed, v))?;
    Ok((Some(Seed(bytes)), chosen))
}

/// A seat's random value: 64 hex characters, or empty for none.
fn parse_random((n, v): (usize, &str), field: Field) -> Result<Option<[u8; 32]>, RecordError> {
    if v.is_empty() {
        return Ok(None);
    }
    parse_hex32((n, v), field).map(Some)
}

/// Undoes the word's percent-encoding.
fn parse_word((n, v): (usize, &str), field: Field) -> Result<String, RecordError> {
    let b = v.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'%' {
            let hex = b
                .get(i + 1..i + 3)
                .filter(|h| h.iter().all(u8::is_ascii_hexdigit));
            let h = hex.ok_or_else(|| bad(n, field, v))?;
            let d = |c: u8| (c as char).to_digit(16).unwrap_or(0) as u8;
            out.push(d(h[0]) << 4 | d(h[1]));
            i += 3;
        } else if b[i].is_ascii_control() {
            return Err(bad(n, field, v));
        } else {
            out.push(b[i]);
            i += 1;
        }
    }
    if out.len() > MAX_WORD_BYTES {
        return Err(bad(n, field, v));
    }
    String::from_utf8(out).map_err(|_| bad(n, field, v))
}

fn parse_dark((n, v): (usize, &str)) -> Result<usize, RecordError> {
    match v {
        "first" => Ok(0),
        "second" => Ok(1),
        _ => Err(bad(n, Field::Dark, v)),
    }
}

/// The handicap's short form (`seat2:first:a1,h8`), in an Othello record only.
fn parse_handicap(
    game: GameKind,
    (n, v): (usize, &str),
) -> Result<crate::game::handicap::Handicap, RecordError> {
    match game {
        GameKind::Othello => v.parse().map_err(|_| bad(n, Field::Handicap, v)),
        GameKind::Nabucodonosor(_) => Err(bad(n, Field::Handicap, v)),
    }
}

/// The move list, read in the notation of the record's game.
fn parse_moves(game: GameKind, (n, v): (usize, &str)) -> Result<Moves, RecordError> {
    if v.is_empty() {
        return Ok(match game {
            GameKind::Othello => Moves::Othello(Vec::new()),
            GameKind::Nabucodonosor(_) => Moves::Nabucodonosor(Vec::new()),
        });
    }
    let tokens = v.split(' ');
    match game {
        GameKind::Nabucodonosor(_) => super::nabu::parse_moves(n, tokens),
        GameKind::Othello => {
            let mut moves = Vec::new();
            for (i, token) in tokens.enumerate() {
                if i >= MAX_MOVES {
                    return Err(RecordError::TooManyMoves { line: n });
                }
                let m = othello_move(token).ok_or_else(|| RecordError::BadMove {
                    line: n,
                    ply: i + 1,
                    found: excerpt(token),
                })?;
                moves.push(m);
            }
            Ok(Moves::Othello(moves))
        }
    }
}

/// `f5`, `*f5` (placed by the table) or `PA`.
fn othello_move(token: &str) -> Option<Played<Move>> {
    if token == "PA" {
        return Some(Played {
            mv: Move::Pass,
            by_table: false,
        });
    }
    let (by_table, square) = match token.strip_prefix('*') {
        Some(s) => (true, s),
        None => (false, token),
    };
    let b = square.as_bytes();
    if b.len() != 2 || !(b'a'..=b'h').contains(&b[0]) {
        return None;
    }
    let sq: Square = square.parse().ok()?;
    Some(Played {
        mv: Move::Play(sq),
        by_table,
    })
}

/// `alice, -`: each seat's account name, `-` for none (read as empty).
fn parse_names((n, v): (usize, &str)) -> Result<[String; 2], RecordError> {
    let one = |t: &str| match t.trim() {
        "-" => Some(String::new()),
        name if super::valid_name(name) => Some(name.to_string()),
        _ => None,
    };
    let (a, b) = v.split_once(',').ok_or_else(|| bad(n, Field::Names, v))?;
    match (one(a), one(b)) {
        (Some(a), Some(b)) => Ok([a, b]),
        _ => Err(bad(n, Field::Names, v)),
    }
}

/// `R/RD/σ R/RD/σ, R/RD/σ R/RD/σ`: each seat's rating before and after.
fn parse_ratings(
    (n, v): (usize, &str),
) -> Result<[(crate::rating::Stated, crate::rating::Stated); 2], RecordError> {
    let one = |t: &str| {
        let (before, after) = t.trim().split_once(' ')?;
        Some((before.parse().ok()?, after.trim_start().parse().ok()?))
    };
    let (a, b) = v.split_once(',').ok_or_else(|| bad(n, Field::Ratings, v))?;
    match (one(a), one(b)) {
        (Some(a), Some(b)) => Ok([a, b]),
        _ => Err(bad(n, Field::Ratings, v)),
    }
}

/// `ID round N`: the tournament a game was paired in and its round.
fn parse_tournament((n, v): (usize, &str)) -> Result<super::TournamentRound, RecordError> {
    let err = || bad(n, Field::Tournament, v);
    let mut words = v.split(' ');
    let (Some(id), Some("round"), Some(round), None) =
        (words.next(), words.next(), words.next(), words.next())
    else {
        return Err(err());
    };
    if !super::valid_tournament_id(id) {
        return Err(err());
    }
    let round = number(round, super::MAX_TOURNAMENT_ROUND)
        .filter(|&r| r >= 1)
        .ok_or_else(err)?;
    Ok(super::TournamentRound {
        id: id.to_string(),
        round,
    })
}

/// The result, and the colour that resigned (`light wins, dark resigned`).
fn parse_result((n, v): (usize, &str)) -> Result<(GameResult, Option<crate::Color>), RecordError> {
    let err = || bad(n, Field::Result, v);
    let mut parts = v.splitn(5, ' ');
    let mut next = || parts.next().ok_or_else(err);
    if next()? != "dark" {
        return Err(err());
    }
    let dark = number(next()?, 64 * 64).ok_or_else(err)?;
    if next()? != "light" {
        return Err(err());
    }
    let light = number(next()?, 64 * 64).ok_or_else(err)?;
    use crate::Color;
    let (verdict, resigned) = match next()? {
        "dark wins" => (Verdict::DarkWins, None),
        "light wins" => (Verdict::LightWins, None),
        "draw" => (Verdict::Draw, None),
        "unfinished" => (Verdict::Unfinished, None),
        "dark wins, light resigned" => (Verdict::DarkWins, Some(Color::Light)),
        "light wins, dark resigned" => (Verdict::LightWins, Some(Color::Dark)),
        _ => return Err(err()),
    };
    let result = GameResult {
        dark,
        light,
        verdict,
    };
    Ok((result, resigned))
}
