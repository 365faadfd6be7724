//! Writing a record from a game at the table, for either rule set, or from a [`Record`].

use super::{GameKind, GameResult, Moves, Record, Verdict, MAGIC, VERSION};
use crate::fairness::hex;
use crate::rules::{Played, Rules};
use crate::session::{Seat, Session};
use sha2::{Digest, Sha256};
use std::fmt::Write as _;

/// The record of `game`, with its seed if `reveal` (at the end, or when a
/// game is abandoned), or `seed: hidden` while it is secret.
///
/// ```
/// use virada::fairness::Seed;
/// use virada::session::{Seat, Session};
/// let game = Session::othello([Seat::Person, Seat::Bot { level: 3 }], Some(30), Seed([0; 32]), String::new());
/// let text = virada::record::write(&game, true);
/// assert!(text.starts_with("virada-record 1\ngame: othello 8\n"));
/// assert!(virada::record::verify_text(&text).all_passed());
/// ```
pub fn write<R: Rules>(game: &Session<R>, reveal: bool) -> String {
    let rules = game.rules();
    let [dark, light] = rules.counts();
    let record = Record {
        game: rules.kind(),
        seats: game.seats,
        clock: game.clock,
        fingerprint: game.seed.fingerprint_bytes(),
        seed: reveal.then_some(game.seed),
        seed_chosen: game.seed_chosen,
        word: game.word.clone(),
        dark: game.dark_seat(),
        moves: R::record_moves(game.moves().to_vec()),
        result: GameResult {
            dark,
            light,
            verdict: rules.verdict().unwrap_or(Verdict::Unfinished),
        },
        digest: [0; 32],
        body_digest: [0; 32],
    };
    write_record(&record)
}

/// The text of `record`, with a fresh digest line (its `digest` and
/// `body_digest` fields are not used).
pub fn write_record(r: &Record) -> String {
    let mut s = String::new();
    let seed = match r.seed {
        Some(seed) => seed.to_string(),
        None => "hidden".to_string(),
    };
    let _ = writeln!(s, "{MAGIC} {VERSION}");
    let _ = writeln!(s, "game: {}", game_name(r.game));
    let _ = writeln!(s, "seats: {}, {}", seat(r.seats[0]), seat(r.seats[1]));
    let _ = match r.clock {
        Some(secs) => writeln!(s, "clock: {secs}"),
        None => writeln!(s, "clock: off"),
    };
    let _ = writeln!(s, "fingerprint: {}", hex(&r.fingerprint));
    let chosen = if r.seed_chosen { " chosen" } else { "" };
    let _ = writeln!(s, "seed: {seed}{chosen}");
    let _ = writeln!(s, "word: {}", encode_word(&r.word));
    let _ = writeln!(s, "dark: {}", ["first", "second"][r.dark.min(1)]);
    let _ = writeln!(s, "moves: {}", moves(&r.moves));
    let _ = writeln!(
        s,
        "result: dark {} light {} {}",
        r.result.dark,
        r.result.light,
        r.result.verdict.as_str()
    );
    let digest = hex(&Sha256::digest(s.as_bytes()));
    let _ = writeln!(s, "digest: {digest}");
    s
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
        Moves::Nabucodonosor(plies) => join(plies, crate::nabu::NabuMove::Pass),
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
