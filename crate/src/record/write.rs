//! Writing a record from a game at the table, for either rule set, or from a [`Record`].

use super::{Record, RecordError, MAGIC, VERSION, VERSION_2, VERSION_3, VERSION_4};
use crate::game::fairness::hex;
use crate::game::rules::Rules;
use crate::game::session::Session;
use crate::game::Played;
use crate::game::Seat;
use crate::game::{GameKind, GameResult, Moves, Verdict};
use sha2::{Digest, Sha256};
use std::fmt::Write as _;

/// The record of `game`, with its seed if `reveal` (at the end, or when a
/// game is abandoned), or `seed: hidden` while it is secret.
///
/// ```
/// use virada::game::fairness::Seed;
/// use virada::game::{session::Session, Seat};
/// let game = Session::othello([Seat::Person, Seat::Bot { level: 3 }], Some(30), Seed([0; 32]), String::new());
/// let text = virada::record::write(&game, true);
/// assert!(text.starts_with("virada-record 1\ngame: othello 8\n"));
/// assert!(virada::record::verify_text(&text).all_passed());
/// ```
pub fn write<R: Rules>(game: &Session<R>, reveal: bool) -> String {
    let rules = game.rules();
    let [dark, light] = rules.counts();
    let mut record = Record {
        game: rules.kind(),
        seats: game.seats,
        clock: game.clock,
        timing: None,
        fingerprint: game.seed.fingerprint_bytes(),
        seed: reveal.then_some(game.seed),
        seed_chosen: game.seed_chosen,
        version: if game.randoms.is_some() && game.second_word.is_some() {
            VERSION_3
        } else if game.second_word.is_some()
            || game.handicap.is_some()
            || game.stand_in.contains(&true)
            || !game.assists.is_empty()
        {
            VERSION_2
        } else {
            VERSION
        },
        word: game.word.clone(),
        second_word: game.second_word.clone(),
        randoms: game.randoms,
        stand_in: game.stand_in,
        dark: game.dark_seat(),
        handicap: game.handicap,
        moves: R::record_moves(game.moves().to_vec()),
        assists: game.assists.clone(),
        result: GameResult {
            dark,
            light,
            verdict: rules.verdict().unwrap_or(Verdict::Unfinished),
        },
        resigned: None,
        names: None,
        ratings: None,
        // Colours set by a pairing: the record names it, and the verifier
        // checks dark against it rather than the seed (W7).
        tournament: game.colours.tournament().cloned(),
        digest: [0; 32],
        body_digest: [0; 32],
        signature: None,
    };
    if let Some(t) = &game.timed {
        super::timing::set_timing(&mut record, t.control, t.times.clone(), t.loser());
    }
    write_record(&record)
}

/// The text of `record`, with a fresh digest line (its `digest`,
/// `body_digest` and `signature` fields are not used). A version 2 record
/// has its `second-word` line when it has a second word, its `handicap`
/// line when it has a handicap, its `assists` line
/// when it has assists; a version 1 record has neither. A version 3
/// record is a version 2 one with its `second-word` line always, and the
/// `random` and `second-random` lines after it. A record with `names` or
/// `ratings` or `tournament` is version 4: version 3's lines and those.
pub fn write_record(r: &Record) -> String {
    let mut s = String::new();
    let seed = match r.seed {
        Some(seed) => seed.to_string(),
        None => "hidden".to_string(),
    };
    let v4 = r.names.is_some() || r.ratings.is_some() || r.tournament.is_some();
    let v3 = r.version == VERSION_3 || v4;
    let v2 = r.version == VERSION_2 || v3;
    let seat_text = |i: usize| match r.stand_in[i] && v2 {
        true => format!("{} for person", seat(r.seats[i])),
        false => seat(r.seats[i]),
    };
    let version = match (v3, v2) {
        _ if v4 => VERSION_4,
        (true, _) => VERSION_3,
        (false, true) => VERSION_2,
        _ => VERSION,
    };
    let _ = writeln!(s, "{MAGIC} {version}");
    let _ = writeln!(s, "game: {}", game_name(r.game));
    let _ = writeln!(s, "seats: {}, {}", seat_text(0), seat_text(1));
    if let Some([a, b]) = &r.names {
        let name = |n: &str| {
            if n.is_empty() {
                "-".to_string()
            } else {
                n.to_string()
            }
        };
        let _ = writeln!(s, "names: {}, {}", name(a), name(b));
    }
    let _ = writeln!(s, "clock: {}", super::timing::clock_text(r));
    let _ = writeln!(s, "fingerprint: {}", hex(&r.fingerprint));
    let chosen = if r.seed_chosen { " chosen" } else { "" };
    let _ = writeln!(s, "seed: {seed}{chosen}");
    let _ = writeln!(s, "word: {}", encode_word(&r.word));
    if let (true, Some(second)) = (v2, &r.second_word) {
        let _ = writeln!(s, "second-word: {}", encode_word(second));
    } else if v3 {
        let _ = writeln!(s, "second-word: ");
    }
    if v3 {
        let [first, second] = r.randoms.unwrap_or_default();
        let text = |x: Option<[u8; 32]>| x.map_or(String::new(), |b| hex(&b));
        let _ = writeln!(s, "random: {}", text(first));
        let _ = writeln!(s, "second-random: {}", text(second));
    }
    let _ = writeln!(s, "dark: {}", ["first", "second"][r.dark.min(1)]);
    if let (true, Some(h)) = (v2, &r.handicap) {
        let _ = writeln!(s, "handicap: {h}");
    }
    let _ = writeln!(s, "moves: {}", moves(&r.moves));
    if let Some(times) = super::timing::times_text(r) {
        let _ = writeln!(s, "times: {times}");
    }
    if v2 && !r.assists.is_empty() {
        let texts: Vec<String> = r.assists.iter().map(|a| a.to_string()).collect();
        let _ = writeln!(s, "assists: {}", texts.join(", "));
    }
    let _ = write!(
        s,
        "result: dark {} light {} {}{}",
        r.result.dark,
        r.result.light,
        r.result.verdict.as_str(),
        super::timing::result_suffix(r)
    );
    match r.resigned {
        Some(crate::Color::Dark) => s.push_str(", dark resigned\n"),
        Some(crate::Color::Light) => s.push_str(", light resigned\n"),
        None => s.push('\n'),
    }
    if let Some([(a, a2), (b, b2)]) = &r.ratings {
        let _ = writeln!(s, "ratings: {a} {a2}, {b} {b2}");
    }
    if let Some(t) = &r.tournament {
        let _ = writeln!(s, "tournament: {} round {}", t.id, t.round);
    }
    let digest = hex(&Sha256::digest(s.as_bytes()));
    let _ = writeln!(s, "digest: {digest}");
    s
}

/// Signs a version 2 record's text: appends the `signature` line, made by
/// `sign` (the server's Ed25519 key) over the whole text, whose public key
/// is `key`. Anyone can check it with [`super::verify_text`], offline.
pub fn sign(text: &str, key: &[u8; 32], sign: impl FnOnce(&[u8]) -> [u8; 64]) -> String {
    let mut out = text.to_string();
    if !out.ends_with('\n') {
        out.push('\n');
    }
    let signature = sign(out.as_bytes());
    let _ = writeln!(out, "signature: ed25519 {} {}", hex(key), hex(&signature));
    out
}

fn game_name(g: GameKind) -> String {
    match g {
        GameKind::Othello => "othello 8".to_string(),
        GameKind::Nabucodonosor(n) => format!("nabucodonosor {n}"),
    }
}

/// `person` or `bot N`.
pub(crate) fn seat(s: Seat) -> String {
    match s {
        Seat::Person => "person".to_string(),
        Seat::Bot { level } => format!("bot {level}"),
    }
}

/// The plies, one space apart, `*` before a table's move (a pass is never
/// the table's: it is written plain).
fn moves(m: &Moves) -> String {
    fn join<M: std::fmt::Display + PartialEq>(plies: &[Played<M>], pass: M) -> String {
        let texts: Vec<String> = plies
            .iter()
            .map(|p| match p.mv == pass {
                true => p.mv.to_string(),
                false => p.to_string(),
            })
            .collect();
        texts.join(" ")
    }
    match m {
        Moves::Othello(plies) => join(plies, crate::Move::Pass),
        Moves::Nabucodonosor(plies) => join(plies, crate::game::nabu::NabuMove::Pass),
    }
}

/// `%` and control characters as `%XX` of their UTF-8 bytes; the rest as is.
fn encode_word(w: &str) -> String {
    let mut out = String::with_capacity(w.len());
    for c in w.chars() {
        if c == '%' || c.is_control() {
            let mut buf = [0u8; 4];
            for b in c.encode_utf8(&mut buf).bytes() {
                let _ = write!(out, "%{b:02X}");
            }
        } else {
            out.push(c);
        }
    }
    out
}

/// The record `text` (unsigned, as a table writes it before the end) of a
/// game that `color` resigned: the result is the other colour's win,
/// stated `light wins, dark resigned` after the discs on the board, and
/// the digest is written again. The board's own end cannot be resigned.
///
/// ```
/// use virada::game::fairness::Seed;
/// use virada::game::{session::Session, Seat};
/// let game = Session::othello([Seat::Person; 2], Some(30), Seed([0; 32]), String::new());
/// let text = virada::record::write(&game, true);
/// let resigned = virada::record::resign(&text, virada::Color::Light).unwrap();
/// assert!(resigned.contains("result: dark 2 light 2 dark wins, light resigned\n"));
/// // Unsigned, the verifier does not take a resignation.
/// assert!(!virada::record::verify_text(&resigned).all_passed());
/// ```
pub fn resign(text: &str, color: crate::Color) -> Result<String, RecordError> {
    let mut record = super::parse(text)?;
    if record.result.verdict != Verdict::Unfinished {
        return Err(RecordError::BadValue {
            line: 0,
            field: super::Field::Result,
            found: "a finished game cannot be resigned".to_string(),
        });
    }
    record.result.verdict = match color {
        crate::Color::Dark => Verdict::LightWins,
        crate::Color::Light => Verdict::DarkWins,
    };
    record.resigned = Some(color);
    Ok(write_record(&record))
}
