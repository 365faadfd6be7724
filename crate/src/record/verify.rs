//! The verifier (F5): recomputes the fingerprint, re-derives who played dark,
//! replays every move, checks the table's time-out moves (T16) and the result.
//! Each check comes back passed or failed with a stable code and its
//! parameters, so the page can say it in its own language.

use super::report::{Check, Report, Status};
use super::{parse, write::seat, Record};
use crate::game::fairness::{drawn_dark_seat, hex};
use crate::game::nabu::NabuGame;
use crate::game::rules::Rules;
use crate::game::Played;
use crate::game::{Assist, Colours, GameKind, Moves, Verdict};
use crate::rating::Outcome;
use crate::{Color, Position};
use sha2::{Digest, Sha256};

/// Reads and checks a record's text; a text that cannot be read gives one
/// failed `format` check saying why.
pub fn verify_text(text: &str) -> Report {
    match parse(text) {
        Ok(record) => verify(&record),
        Err(e) => verify_text_error(e),
    }
}

/// The report of a text that cannot be read: one failed `format` check.
pub(crate) fn verify_text_error(e: super::RecordError) -> Report {
    let mut c = Check::new("format", Status::Failed, e.code());
    c.params = e.params();
    c.params.push(("message", e.to_string()));
    Report { checks: vec![c] }
}

/// Checks a parsed record.
pub fn verify(r: &Record) -> Report {
    let mut checks =
        vec![Check::new("format", Status::Passed, "format-ok").with("moves", r.moves.len())];
    checks.push(if r.digest == r.body_digest {
        Check::new("digest", Status::Passed, "digest-ok")
    } else {
        Check::new("digest", Status::Failed, "digest-mismatch")
            .with("recorded", hex(&r.digest))
            .with("computed", hex(&r.body_digest))
    });
    checks.push(check_fingerprint(r));
    if r.seed_chosen {
        checks.push(Check::new("seed", Status::Notice, "seed-chosen"));
    }
    checks.push(check_dark(r));
    checks.push(check_signature(r));
    match &r.moves {
        Moves::Othello(plies) => {
            let start = match r.handicap {
                Some(h) => {
                    checks.push(handicap_notice(&h, r.dark));
                    h.start(r.dark)
                }
                None => Position::start(),
            };
            checks.extend(check_moves(r, start, plies));
        }
        Moves::Nabucodonosor(plies) => match r.game {
            GameKind::Nabucodonosor(n) => match NabuGame::new(usize::from(n)) {
                Ok(start) => checks.extend(check_moves(r, start, plies)),
                Err(_) => checks.push(Check::new("moves", Status::Failed, "not-replayed")),
            },
            GameKind::Othello => checks.push(Check::new("moves", Status::Failed, "not-replayed")),
        },
    }
    if !r.assists.is_empty() {
        checks.push(check_assists(r));
    }
    if r.ratings.is_some() {
        checks.push(check_ratings(r));
    }
    if let Some(t) = &r.tournament {
        // What the record says, for its reader: the tournament's own file
        // (its TRF) is what checks the pairing.
        checks.push(
            Check::new("tournament", Status::Notice, "tournament-game")
                .with("tournament", &t.id)
                .with("round", t.round),
        );
    }
    Report { checks }
}

/// How a rated game ended for its first seat, as the ratings count it: a
/// seat the bot held at the end for a person who left lost (an abandoned
/// game, as lichess scores it); else the result. `None` when it cannot be
/// rated: both seats left, or the game is unfinished.
pub fn rating_outcome(r: &Record) -> Option<Outcome> {
    match r.stand_in {
        [true, true] => return None,
        [true, false] => return Some(Outcome::Loss),
        [false, true] => return Some(Outcome::Win),
        [false, false] => {}
    }
    let dark_won = match r.result.verdict {
        Verdict::DarkWins => true,
        Verdict::LightWins => false,
        Verdict::Draw => return Some(Outcome::Draw),
        Verdict::Unfinished => return None,
    };
    Some(if dark_won == (r.dark == 0) {
        Outcome::Win
    } else {
        Outcome::Loss
    })
}

/// The `ratings` line (version 4): each seat's rating after, recomputed
/// with Glicko-2 ([`crate::rating::rate`]) from both ratings before and the
/// game's outcome ([`rating_outcome`]), within one unit of the last place
/// (another machine's floating point). `not-rateable` when the game is not
/// one the table rates: a seat without an account, a bot's seat, no clock (a clock a move, a game clock or correspondence),
/// or no outcome.
fn check_ratings(r: &Record) -> Check {
    let Some([(a, a_after), (b, b_after)]) = r.ratings else {
        return Check::new("ratings", Status::Failed, "not-rateable");
    };
    let named = r
        .names
        .as_ref()
        .is_some_and(|[x, y]| !x.is_empty() && !y.is_empty());
    let people = (0..2).all(|i| r.seats[i] == crate::game::Seat::Person || r.stand_in[i]);
    let outcome = rating_outcome(r);
    let clocked = r.clock.is_some() || r.timing.is_some();
    let Some(outcome) = outcome.filter(|_| named && people && clocked) else {
        return Check::new("ratings", Status::Failed, "not-rateable");
    };
    let (x, y) = crate::rating::rate(a, b, outcome);
    for (seat, computed, recorded) in [(0, x, a_after), (1, y, b_after)] {
        if !computed.close_to(recorded, 1) {
            return Check::new("ratings", Status::Failed, "ratings-mismatch")
                .with("seat", seat_name(seat))
                .with("recorded", recorded)
                .with("computed", computed);
        }
    }
    Check::new("ratings", Status::Passed, "ratings-ok")
        .with("first", a_after.shown())
        .with("second", b_after.shown())
}

fn check_fingerprint(r: &Record) -> Check {
    let Some(seed) = r.seed else {
        return Check::new("fingerprint", Status::Failed, "seed-hidden");
    };
    let computed = Sha256::digest(seed.0);
    if computed.as_slice() == r.fingerprint {
        Check::new("fingerprint", Status::Passed, "fingerprint-ok")
            .with("fingerprint", hex(&computed))
    } else {
        Check::new("fingerprint", Status::Failed, "fingerprint-mismatch")
            .with("recorded", hex(&r.fingerprint))
            .with("computed", hex(&computed))
    }
}

/// The server's signature: checked against the key the record names (the
/// page then compares that key with the one it has seen from the server).
/// A record without one gets a notice: it proves the moves, not who sat where.
///
/// In the page's wasm package the check is left to the browser's own
/// Ed25519 (WebCrypto, `www/engine.js`), which keeps curve arithmetic out of
/// the page's download: the check comes back as the notice
/// `signature-in-page` with the key, the signature and the signed text.
fn check_signature(r: &Record) -> Check {
    signature_check("signature", r.signature.as_ref())
}

/// The check named `name` of a signature (a game's or a match's): passed,
/// failed, left to the page, or `unsigned` (a notice) when there is none.
pub(super) fn signature_check(name: &'static str, s: Option<&super::Signature>) -> Check {
    let Some(s) = s else {
        return Check::new(name, Status::Notice, "unsigned");
    };
    let check = match signature_holds(s) {
        Some(true) => Check::new(name, Status::Passed, "signature-ok"),
        Some(false) => Check::new(name, Status::Failed, "signature-mismatch"),
        None => Check::new(name, Status::Notice, "signature-in-page")
            .with("signature", hex(&s.signature))
            .with("signed", &s.signed),
    };
    check.with("key", hex(&s.key))
}

/// Whether the Ed25519 signature holds (ed25519-dalek, strict).
#[cfg(not(target_arch = "wasm32"))]
fn signature_holds(s: &super::Signature) -> Option<bool> {
    let key = ed25519_dalek::VerifyingKey::from_bytes(&s.key).ok()?;
    let signature = ed25519_dalek::Signature::from_bytes(&s.signature);
    Some(key.verify_strict(s.signed.as_bytes(), &signature).is_ok())
}

/// Left to the page (see [`check_signature`]).
#[cfg(target_arch = "wasm32")]
fn signature_holds(_: &super::Signature) -> Option<bool> {
    None
}

/// The hints and undos (version 2's `assists`): a notice, never a pass —
/// `undo-used` when a move was taken back, else `assisted` — with the
/// counts; failed `assists-mismatch` (with the ply) when they cannot have
/// happened in that order: each one's ply follows the game as the one
/// before left it, an undo takes back no more plies than were played,
/// and the game ends no shorter than the last one left it.
fn check_assists(r: &Record) -> Check {
    let (mut hints, mut undos) = (0, 0);
    let mut plies = 0; // plies on the board after the assist before
    for a in &r.assists {
        let (ply, back) = match *a {
            Assist::Hint { ply } => (ply, 0),
            Assist::Undo { ply, plies } => (ply, plies),
        };
        match ply.checked_sub(1) {
            Some(before) if before >= plies && back <= before => plies = before - back,
            _ => return Check::new("assists", Status::Failed, "assists-mismatch").with("ply", ply),
        }
        match a {
            Assist::Hint { .. } => hints += 1,
            Assist::Undo { .. } => undos += 1,
        }
    }
    if r.moves.len() < plies {
        return Check::new("assists", Status::Failed, "assists-mismatch").with("ply", plies);
    }
    let code = if undos > 0 { "undo-used" } else { "assisted" };
    Check::new("assists", Status::Notice, code)
        .with("hints", hints)
        .with("undos", undos)
}

/// The handicap (V2) the moves replay from: a notice, not a failure —
/// `handicap-first` when its seat moved first, else `handicap` — with the
/// seat, its colour and its corners (space separated, empty for none).
/// A tournament's record written before the pairing set the colours (W7)
/// gave its pairing's first mover the first move so: `seat1:first`.
fn handicap_notice(h: &crate::game::handicap::Handicap, dark: usize) -> Check {
    let corners: Vec<String> = h.corners.squares().map(|s| s.to_string()).collect();
    let code = if h.first {
        "handicap-first"
    } else {
        "handicap"
    };
    Check::new("handicap", Status::Notice, code)
        .with("seat", seat_name(h.seat))
        .with("color", h.color(dark))
        .with("corners", corners.join(" "))
}

fn seat_name(i: usize) -> &'static str {
    ["first", "second"][i.min(1)]
}

/// Who played dark. A tournament's game (a `tournament` line and no
/// `handicap` line) takes its colours from the pairing (W7): its first
/// seat, the pairing's first mover, played dark ([`check_paired`]). Any
/// other game, and a tournament's game recorded before that rule (its
/// pairing's first move given as the handicap `seat1:first`), by the
/// colour draw from the seed and the words.
fn check_dark(r: &Record) -> Check {
    if let (Some(_), None) = (&r.tournament, &r.handicap) {
        return check_paired(r);
    }
    let Some(seed) = r.seed else {
        return Check::new("dark-seat", Status::Failed, "seed-hidden");
    };
    let derived = drawn_dark_seat(&seed, &r.word, r.second_word.as_deref(), r.randoms);
    if derived == r.dark {
        Check::new("dark-seat", Status::Passed, "dark-seat-ok")
            .with("seat", seat_name(derived))
            .with("who", seat(r.seats[derived]))
    } else {
        Check::new("dark-seat", Status::Failed, "dark-seat-mismatch")
            .with("recorded", seat_name(r.dark))
            .with("derived", seat_name(derived))
    }
}

/// The pairing's colours (W7): `dark-seat-pairing` (who: the first
/// seat's account name, else the seat) when the first seat played dark, else
/// `dark-seat-pairing-mismatch`: the record gives dark to the second. The
/// `tournament` check names the tournament and the round. The seed draws
/// no colour here; it is still checked against the fingerprint.
fn check_paired(r: &Record) -> Check {
    if r.dark == Colours::PAIRED_DARK {
        let who = match &r.names {
            Some([name, _]) if !name.is_empty() => name.clone(),
            _ => seat(r.seats[Colours::PAIRED_DARK]),
        };
        Check::new("dark-seat", Status::Passed, "dark-seat-pairing").with("who", who)
    } else {
        Check::new("dark-seat", Status::Failed, "dark-seat-pairing-mismatch")
    }
}

/// Replays the plies under the game's rules from `start`: `moves`, then
/// `table-moves` (each marked move must be the time-out move, and only with a
/// clock), then `result`.
fn check_moves<R: Rules>(r: &Record, mut game: R, plies: &[Played<R::Move>]) -> Vec<Check> {
    let mut passes = 0;
    let mut sides = Vec::with_capacity(plies.len());
    let mut table: Option<Check> = None;
    let mut table_count = 0;
    for (i, p) in plies.iter().enumerate() {
        let ply = i + 1;
        if p.by_table {
            table_count += 1;
            let expected = game.timeout_move();
            if table.is_none() && r.clock.is_none() {
                table = Some(
                    Check::new("table-moves", Status::Failed, "table-move-without-clock")
                        .with("ply", ply)
                        .with("move", p.mv),
                );
            } else if table.is_none() && expected != Some(p.mv) {
                let expected = match expected {
                    Some(m) if m != R::pass_move() => m.to_string(),
                    _ => "none".to_string(),
                };
                table = Some(
                    Check::new("table-moves", Status::Failed, "table-move-mismatch")
                        .with("ply", ply)
                        .with("move", p.mv)
                        .with("expected", expected),
                );
            }
        }
        let mover = game.side_to_move();
        // The clock is the player's: after the swap (N4) each colour's mover
        // is the player who held the other colour at the start.
        let clock = usize::from(mover == Color::Light) ^ usize::from(game.swapped());
        if let Err(e) = game.play(p.mv) {
            let mut out = vec![Check::new("moves", Status::Failed, "illegal-move")
                .with("ply", ply)
                .with("move", p.mv)
                .with("color", mover)
                .with("why", R::illegal_code(&e))
                .with("reason", e)];
            out.extend(table);
            out.push(Check::new("result", Status::Failed, "not-replayed"));
            return out;
        }
        passes += usize::from(p.mv == R::pass_move());
        sides.push((mover, clock, p.mv == R::pass_move()));
    }
    let mut out = vec![Check::new("moves", Status::Passed, "moves-ok")
        .with("plies", plies.len())
        .with("passes", passes)];
    out.push(table.unwrap_or_else(|| {
        Check::new("table-moves", Status::Passed, "table-moves-ok").with("count", table_count)
    }));
    let [dark, light] = game.counts();
    let over = game.verdict();
    let verdict = over.unwrap_or(Verdict::Unfinished);
    let on_time = match &r.timing {
        Some(t) => {
            let size = game.size() as u32;
            let replayed = super::timing::Replayed {
                plies: &sides,
                to_move: game.side_to_move(),
                over: over.is_some(),
                counts: [dark, light],
                squares: size * size,
            };
            let (clock, on_time) = super::timing::checks(r, t, &replayed);
            out.push(clock);
            on_time
        }
        None => None,
    };
    out.push(match (on_time, r.resigned) {
        (Some(check), _) => check,
        (None, Some(color)) => resigned_check(r, dark, light, verdict, color),
        (None, None) => result_check(r, dark, light, verdict),
    });
    out
}

/// A resignation is a result the board does not give: it stands on the
/// server's word, so only a signed record states one (the `signature`
/// check says whether the signature holds), over a board where the game
/// goes on; the counts are the board's, and the verdict the other colour's
/// win (the parser takes no other). The check names the score rule T24
/// gives it ([`Record::score`]).
fn resigned_check(r: &Record, dark: u32, light: u32, verdict: Verdict, color: Color) -> Check {
    if r.signature.is_none() {
        Check::new("result", Status::Failed, "resignation-unsigned").with("color", color)
    } else if verdict != Verdict::Unfinished {
        Check::new("result", Status::Failed, "resigned-after-end")
            .with("computed", verdict.as_str())
            .with("color", color)
    } else if (dark, light) != (r.result.dark, r.result.light) {
        result_check(r, dark, light, verdict)
    } else {
        let (scored_dark, scored_light) = r.score();
        Check::new("result", Status::Passed, "resigned-ok")
            .with("dark", dark)
            .with("light", light)
            .with("verdict", r.result.verdict.as_str())
            .with("color", color)
            .with("scored-dark", scored_dark)
            .with("scored-light", scored_light)
    }
}

/// The `result` check for any game kind: the replayed counts and verdict
/// against the recorded ones.
fn result_check(r: &Record, dark: u32, light: u32, verdict: Verdict) -> Check {
    if (dark, light) != (r.result.dark, r.result.light) {
        Check::new("result", Status::Failed, "count-mismatch")
            .with("dark", dark)
            .with("light", light)
            .with("recorded-dark", r.result.dark)
            .with("recorded-light", r.result.light)
    } else if verdict != r.result.verdict {
        Check::new("result", Status::Failed, "verdict-mismatch")
            .with("computed", verdict.as_str())
            .with("recorded", r.result.verdict.as_str())
    } else {
        Check::new("result", Status::Passed, "result-ok")
            .with("dark", dark)
            .with("light", light)
            .with("verdict", verdict.as_str())
    }
}
