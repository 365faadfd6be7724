//! A tournament's file checked as `virada swiss check` checks it, as a list
//! of checks with stable codes and their parameters, for a page to say in
//! its own language: the file read, its signature, each round re-paired
//! from the results before it (the Dutch system's pairing, or the first
//! board where it differs), and the absolute criteria; an arena's file
//! (`092 Individual: Arena`) its waves against the arena's rules instead.
//!
//! ```
//! use virada::tournament::{verify_trf, TrfStatus};
//! let report = verify_trf("not a tournament");
//! assert!(!report.ok());
//! assert_eq!(report.checks[0].status, TrfStatus::Failed);
//! ```

use super::arena_check::{arena_breaches, is_arena, ArenaBreach};
use super::check::{breaches, check_rounds, Breach};
use super::entry::Pair;
use super::signed::{signature_holds, signed_trf, SignedTrf};
use super::trf::{tenths, Trf};

/// How one check came out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TrfStatus {
    /// It holds.
    Passed,
    /// It does not.
    Failed,
    /// Worth knowing, not a failure (an unsigned file; a signature the page
    /// checks with the browser's Ed25519).
    Notice,
}

impl TrfStatus {
    /// `passed`, `failed` or `notice`.
    pub const fn as_str(self) -> &'static str {
        match self {
            TrfStatus::Passed => "passed",
            TrfStatus::Failed => "failed",
            TrfStatus::Notice => "notice",
        }
    }
}

/// One check of a tournament's file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TrfCheck {
    /// Which check: `trf`, `signature`, `round` or `criteria`.
    pub check: &'static str,
    /// Passed, failed or a notice.
    pub status: TrfStatus,
    /// A stable code: `trf-ok` or the reading error's code; `unsigned`,
    /// `signature-malformed`, `signature-ok`, `signature-mismatch`,
    /// `signature-in-page`; `round-dutch`, `round-not-dutch`,
    /// `round-unpaired`; `criteria-ok`, `rematch`, `second-bye`,
    /// `colour-rule`, `criteria-unchecked`; an arena's `round-arena`,
    /// `arena-again`, `arena-colour`.
    pub code: &'static str,
    /// The parameters, by name.
    pub params: Vec<(&'static str, String)>,
}

impl TrfCheck {
    fn new(check: &'static str, status: TrfStatus, code: &'static str) -> TrfCheck {
        TrfCheck {
            check,
            status,
            code,
            params: Vec::new(),
        }
    }

    fn with(mut self, name: &'static str, value: impl ToString) -> TrfCheck {
        self.params.push((name, value.to_string()));
        self
    }

    /// The parameter `name`, or an empty string.
    pub fn param(&self, name: &str) -> &str {
        self.params
            .iter()
            .find(|(n, _)| *n == name)
            .map_or("", |(_, v)| v.as_str())
    }
}

impl std::fmt::Display for TrfCheck {
    /// The check in plain English, as `virada swiss check` says it.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let p = |n| self.param(n);
        match self.code {
            "trf-ok" => write!(f, "{} players, {} rounds", p("players"), p("rounds")),
            "unsigned" => f.write_str("unsigned"),
            "signature-malformed" => f.write_str("the signature line is malformed"),
            "signature-ok" => write!(f, "signed by {}: the signature holds", p("key")),
            "signature-mismatch" => write!(
                f,
                "signed by {}: the signature does not hold (the file was changed after it was signed)",
                p("key")
            ),
            "signature-in-page" => write!(f, "signed with the key {}: the page checks it", p("key")),
            "round-dutch" => write!(f, "round {}: the Dutch system's pairing", p("round")),
            "round-not-dutch" => write!(
                f,
                "round {}: not the Dutch system's pairing; board {}: Dutch {}, played {} (played: {}; Dutch: {})",
                p("round"),
                p("board"),
                p("dutch"),
                p("played"),
                p("played-all"),
                p("dutch-all")
            ),
            "round-unpaired" => write!(f, "round {}: cannot be re-paired: {}", p("round"), p("message")),
            "round-arena" => write!(
                f,
                "wave {}: an arena's pairing, nobody meeting the same opponent twice in a row, white to whoever had fewer whites",
                p("round")
            ),
            "arena-again" => write!(f, "wave {}: {} and {} meet twice in a row", p("round"), p("a"), p("b")),
            "arena-colour" => write!(
                f,
                "wave {}: {} has white after more whites than the opponent",
                p("round"),
                p("player")
            ),
            "criteria-ok" => f.write_str("no absolute criterion broken"),
            "rematch" => write!(f, "round {}: {} and {} meet again", p("round"), p("a"), p("b")),
            "second-bye" => write!(f, "round {}: {} gets a second bye", p("round"), p("player")),
            "colour-rule" => write!(
                f,
                "round {}: {}'s colours break the colour rules",
                p("round"),
                p("player")
            ),
            _ => write!(f, "the file cannot be read: {}", p("message")),
        }
    }
}

/// A player as the file names them: pairing number, name and points.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TrfEntrant {
    /// The pairing number.
    pub id: u32,
    /// The name, as written in the file.
    pub name: String,
    /// The points, as the file states them (`6.5`).
    pub points: String,
}

/// Every check of a tournament's file, in order, and its players.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TrfReport {
    /// The checks.
    pub checks: Vec<TrfCheck>,
    /// The players, by pairing number (none when the file cannot be read).
    pub players: Vec<TrfEntrant>,
}

impl TrfReport {
    /// No check failed.
    pub fn ok(&self) -> bool {
        self.checks.iter().all(|c| c.status != TrfStatus::Failed)
    }
}

/// `W-B`, a bye as `W-0`, as `virada swiss check` and bbpPairings write them.
pub fn pair_text(p: &Pair) -> String {
    format!("{}-{}", p.white, p.black.unwrap_or(0))
}

fn pairs_text(pairs: &[Pair]) -> String {
    pairs.iter().map(pair_text).collect::<Vec<_>>().join(" ")
}

/// Checks a tournament's file (a TRF, signed by its server or not) as
/// `virada swiss check` does. Never panics on any text.
pub fn verify_trf(text: &str) -> TrfReport {
    let mut checks = Vec::new();
    let unread = |code: &'static str, message: String| TrfReport {
        checks: vec![TrfCheck::new("trf", TrfStatus::Failed, code).with("message", message)],
        players: Vec::new(),
    };
    let trf = match Trf::parse(text) {
        Ok(trf) => trf,
        Err(e) => return unread(e.code(), e.to_string()),
    };
    // Lines a TRF does not know are kept, so any text reads as one: a file
    // with no player in it is no tournament's.
    if trf.players.is_empty() {
        return unread(
            "no-players",
            "the file names no player (no 001 line)".into(),
        );
    }
    if is_arena(&trf) {
        let waves = trf.played_rounds();
        checks.push(
            TrfCheck::new("trf", TrfStatus::Passed, "trf-ok")
                .with("players", trf.players.len())
                .with("rounds", waves),
        );
        checks.push(signature(text));
        let broken = arena_breaches(&trf);
        for wave in 1..=waves {
            let here: Vec<&ArenaBreach> = broken.iter().filter(|b| wave_of(b) == wave).collect();
            if here.is_empty() {
                checks.push(
                    TrfCheck::new("round", TrfStatus::Passed, "round-arena").with("round", wave),
                );
            }
            checks.extend(here.into_iter().map(arena_breach));
        }
        return TrfReport {
            checks,
            players: entrants(&trf),
        };
    }
    let rounds = check_rounds(&trf);
    checks.push(
        TrfCheck::new("trf", TrfStatus::Passed, "trf-ok")
            .with("players", trf.players.len())
            .with("rounds", rounds.len()),
    );
    checks.push(signature(text));
    for r in &rounds {
        let round = TrfCheck::new("round", TrfStatus::Passed, "round-dutch").with("round", r.round);
        checks.push(match &r.expected {
            _ if r.agrees() => round,
            Ok(dutch) => first_difference(r.round, dutch, &r.played),
            Err(e) => TrfCheck::new("round", TrfStatus::Failed, "round-unpaired")
                .with("round", r.round)
                .with("error", e.code())
                .with("message", e.to_string()),
        });
    }
    match breaches(&trf) {
        Ok(broken) if broken.is_empty() => {
            checks.push(TrfCheck::new("criteria", TrfStatus::Passed, "criteria-ok"));
        }
        Ok(broken) => checks.extend(broken.iter().map(breach)),
        Err(e) => checks.push(
            TrfCheck::new("criteria", TrfStatus::Failed, "criteria-unchecked")
                .with("error", e.code())
                .with("message", e.to_string()),
        ),
    }
    TrfReport {
        checks,
        players: entrants(&trf),
    }
}

/// The players as the file names them.
fn entrants(trf: &Trf) -> Vec<TrfEntrant> {
    trf.players
        .iter()
        .map(|p| TrfEntrant {
            id: p.id,
            name: p.name().to_string(),
            points: tenths(p.stated_score),
        })
        .collect()
}

fn wave_of(b: &ArenaBreach) -> usize {
    match *b {
        ArenaBreach::AgainInARow { round, .. } | ArenaBreach::Colour { round, .. } => round,
    }
}

fn arena_breach(b: &ArenaBreach) -> TrfCheck {
    let check = |code| TrfCheck::new("round", TrfStatus::Failed, code);
    match *b {
        ArenaBreach::AgainInARow { round, players } => check("arena-again")
            .with("round", round)
            .with("a", players.0)
            .with("b", players.1),
        ArenaBreach::Colour { round, player } => check("arena-colour")
            .with("round", round)
            .with("player", player),
    }
}

/// The signature line's check; the text signed goes with a signature the
/// page checks (`signature-in-page`), as a game record's does.
fn signature(text: &str) -> TrfCheck {
    let hex = |b: &[u8]| b.iter().map(|b| format!("{b:02x}")).collect::<String>();
    match signed_trf(text) {
        SignedTrf::Unsigned => TrfCheck::new("signature", TrfStatus::Notice, "unsigned"),
        SignedTrf::Malformed => {
            TrfCheck::new("signature", TrfStatus::Failed, "signature-malformed")
        }
        SignedTrf::Signed {
            body,
            key,
            signature,
        } => match signature_holds(body, &key, &signature) {
            Some(true) => TrfCheck::new("signature", TrfStatus::Passed, "signature-ok"),
            Some(false) => TrfCheck::new("signature", TrfStatus::Failed, "signature-mismatch"),
            None => TrfCheck::new("signature", TrfStatus::Notice, "signature-in-page")
                .with("signature", hex(&signature))
                .with("signed", body),
        }
        .with("key", hex(&key)),
    }
}

/// A round that is not the Dutch system's: the first board of the Dutch
/// pairing that was not played (`board`, `dutch`), what its white player
/// played instead (`played`, `-` for nothing), and both pairings whole.
fn first_difference(round: usize, dutch: &[Pair], played: &[Pair]) -> TrfCheck {
    let of = |id: u32| {
        played
            .iter()
            .find(|p| p.white == id || p.black == Some(id))
            .map_or("-".to_string(), pair_text)
    };
    let (board, want, got) = match dutch.iter().enumerate().find(|(_, p)| !played.contains(p)) {
        Some((i, p)) => (i + 1, pair_text(p), of(p.white)),
        None => {
            let extra = played.iter().find(|p| !dutch.contains(p));
            (
                dutch.len() + 1,
                "-".to_string(),
                extra.map_or("-".to_string(), pair_text),
            )
        }
    };
    TrfCheck::new("round", TrfStatus::Failed, "round-not-dutch")
        .with("round", round)
        .with("board", board)
        .with("dutch", want)
        .with("played", got)
        .with("dutch-all", pairs_text(dutch))
        .with("played-all", pairs_text(played))
}

fn breach(b: &Breach) -> TrfCheck {
    let check = |code| TrfCheck::new("criteria", TrfStatus::Failed, code);
    match *b {
        Breach::Rematch { round, players } => check("rematch")
            .with("round", round)
            .with("a", players.0)
            .with("b", players.1),
        Breach::SecondBye { round, player } => check("second-bye")
            .with("round", round)
            .with("player", player),
        Breach::Colour { round, player } => check("colour-rule")
            .with("round", round)
            .with("player", player),
    }
}

#[cfg(test)]
#[path = "verify_tests.rs"]
mod tests;
