//! A verifier's report: each check passed, failed or a notice, with a
//! stable code and its parameters, said in plain English (`Display`) and
//! written as JSON for the page, which says it in its own language.

use crate::json::{self, Object};
use std::fmt;

/// How a check came out.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Status {
    /// It matches.
    Passed,
    /// It does not.
    Failed,
    /// Worth knowing, not a failure (e.g. a chosen seed).
    Notice,
}

impl Status {
    /// `passed`, `failed` or `notice`.
    pub const fn as_str(self) -> &'static str {
        match self {
            Status::Passed => "passed",
            Status::Failed => "failed",
            Status::Notice => "notice",
        }
    }
}

/// One check of a record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Check {
    /// Which check: `format`, `digest`, `fingerprint`, `seed`, `dark-seat`,
    /// `signature`, `handicap`, `moves`, `table-moves`, `clock`, `result`,
    /// `assists`, `ratings`, `tournament`.
    pub check: &'static str,
    /// Passed, failed or a notice.
    pub status: Status,
    /// A stable code for what was found (e.g. `fingerprint-mismatch`).
    pub code: &'static str,
    /// The parameters of the message, by name.
    pub params: Vec<(&'static str, String)>,
}

impl Check {
    pub(crate) fn new(check: &'static str, status: Status, code: &'static str) -> Check {
        Check {
            check,
            status,
            code,
            params: Vec::new(),
        }
    }

    // Not inlined: a verifier makes many checks, and the wasm package is
    // smaller with one copy of this.
    #[inline(never)]
    pub(crate) fn with(mut self, name: &'static str, value: impl ToString) -> Check {
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

/// Every check of one record, in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Report {
    /// The checks.
    pub checks: Vec<Check>,
}

impl Report {
    /// No check failed.
    pub fn all_passed(&self) -> bool {
        self.checks.iter().all(|c| c.status != Status::Failed)
    }

    /// The first failed check, if any.
    pub fn first_failure(&self) -> Option<&Check> {
        self.checks.iter().find(|c| c.status == Status::Failed)
    }

    /// The check named `check`, if it was made.
    pub fn get(&self, check: &str) -> Option<&Check> {
        self.checks.iter().find(|c| c.check == check)
    }

    /// `{"ok":bool,"checks":[{"check":…,"status":…,"code":…,"params":{…},"message":…},…]}`.
    pub fn to_json(&self) -> String {
        json::object(|o| {
            o.field("ok", self.all_passed()).array("checks", |a| {
                for c in &self.checks {
                    a.object(|o| check_json(o, c, &c.to_string()));
                }
            });
        })
    }
}

/// One check's fields, `"check","status","code","params":{…},"message"`,
/// with `message` as its sentence (a game's checks and a match's).
pub(crate) fn check_json(o: &mut Object<'_>, c: &Check, message: &str) {
    o.field("check", c.check)
        .field("status", c.status.as_str())
        .field("code", c.code)
        .object("params", |o| {
            for (k, v) in &c.params {
                o.field(k, v);
            }
        })
        .field("message", message);
}

impl fmt::Display for Check {
    /// The check's outcome in plain English.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let p = |n| self.param(n);
        match self.code {
            "format-ok" => write!(f, "the record reads well ({} moves)", p("moves")),
            "digest-ok" => {
                f.write_str("the digest matches the text: nothing changed since it was written")
            }
            "digest-mismatch" => f.write_str(
                "the digest does not match the text: the record was changed after it was written",
            ),
            "fingerprint-ok" => write!(
                f,
                "the seed's SHA-256 is the fingerprint {}",
                p("fingerprint")
            ),
            "fingerprint-mismatch" => write!(
                f,
                "the seed's SHA-256 is {}, not the recorded fingerprint {}",
                p("computed"),
                p("recorded")
            ),
            "seed-hidden" => f.write_str("the seed is hidden, so this cannot be checked yet"),
            "unsigned" => f.write_str(
                "no signature: the record proves the moves and the colours, not who sat where",
            ),
            "signature-ok" => write!(f, "signed by the server whose key is {}", p("key")),
            "signature-mismatch" => write!(
                f,
                "the signature does not match the record: it was changed after the server signed it (key {})",
                p("key")
            ),
            "signature-in-page" => write!(f, "signed with the key {}: the page checks it", p("key")),
            "assisted" => write!(
                f,
                "the person used {} hints from the bot (a casual game, not a rated one)",
                p("hints")
            ),
            "undo-used" => write!(
                f,
                "moves were taken back {} times (undo) and {} hints used: a casual game, not a rated one",
                p("undos"),
                p("hints")
            ),
            "assists-mismatch" => write!(
                f,
                "the hints and undos cannot have happened in that order (at ply {})",
                p("ply")
            ),
            "handicap" | "handicap-first" => write!(
                f,
                "a handicap game: the {} seat ({}) {} its disc on {}; the moves replay from there",
                p("seat"),
                p("color"),
                match self.code {
                    "handicap-first" => "moved first, with",
                    _ => "started with",
                },
                match p("corners") {
                    "" => "no corner",
                    corners => corners,
                }
            ),
            "tournament-game" => write!(
                f,
                "a game of tournament {}, round {}: its pairing is checked from the tournament's file",
                p("tournament"),
                p("round")
            ),
            "seed-chosen" => f.write_str(
                "the seed was chosen, not drawn in secret: who played dark proves nothing",
            ),
            "dark-seat-ok" => write!(
                f,
                "the seed and the word give dark to the {} seat ({})",
                p("seat"),
                p("who")
            ),
            "dark-seat-pairing" => write!(
                f,
                "the tournament's pairing gives dark to the first seat ({})",
                p("who")
            ),
            "dark-seat-pairing-mismatch" => f.write_str(
                "the tournament's pairing gives dark to the first seat, the record says the second",
            ),
            "dark-seat-mismatch" => write!(
                f,
                "the seed and the word give dark to the {} seat, the record says the {}",
                p("derived"),
                p("recorded")
            ),
            "moves-ok" => write!(
                f,
                "all {} moves are legal (passes: {}, each forced)",
                p("plies"),
                p("passes")
            ),
            "illegal-move" => write!(
                f,
                "move {} ({}, {}) is not legal: {}",
                p("ply"),
                p("move"),
                p("color"),
                p("reason")
            ),
            "table-moves-ok" => write!(
                f,
                "the {} moves placed by the table follow the time-out rule",
                p("count")
            ),
            "table-move-without-clock" => write!(
                f,
                "move {} ({}) is marked as placed by the table, but the clock was off",
                p("ply"),
                p("move")
            ),
            "table-move-mismatch" => write!(
                f,
                "move {} ({}) is marked as placed by the table, but the time-out rule gives {}",
                p("ply"),
                p("move"),
                p("expected")
            ),
            "ratings-ok" => write!(
                f,
                "the ratings after the game follow from those before by Glicko-2: first {}, second {}",
                p("first"),
                p("second")
            ),
            "ratings-mismatch" => write!(
                f,
                "the {} seat's rating after the game is {}, but Glicko-2 gives {}",
                p("seat"),
                p("recorded"),
                p("computed")
            ),
            "not-rateable" => f.write_str(
                "the record states ratings for a game the table does not rate (a seat without an account, the bot, no clock or no result)"
            ),
            "not-replayed" => f.write_str("the result cannot be checked: the moves do not replay"),
            "count-mismatch" => write!(
                f,
                "the moves end with dark {} light {}, the record says dark {} light {}",
                p("dark"),
                p("light"),
                p("recorded-dark"),
                p("recorded-light")
            ),
            "verdict-mismatch" => write!(
                f,
                "the moves end in \"{}\", the record says \"{}\"",
                p("computed"),
                p("recorded")
            ),
            "result-ok" => write!(
                f,
                "dark {} light {}: {}",
                p("dark"),
                p("light"),
                p("verdict")
            ),
            "clock-ok" => write!(
                f,
                "the {} times follow the clock {}: none rises by more than the increment, each pass costs nothing",
                p("times"),
                p("clock")
            ),
            "clock-times-count" => write!(
                f,
                "the record gives {} times for {} moves",
                p("times"),
                p("plies")
            ),
            "clock-time-rises" => write!(
                f,
                "at move {} the time rises from {} to {} s, more than the {} s increment",
                p("ply"),
                p("before"),
                p("after"),
                p("increment")
            ),
            "clock-pass-charged" => write!(
                f,
                "the pass at move {} changes its side's time from {} to {} s; a pass costs nothing",
                p("ply"),
                p("before"),
                p("after")
            ),
            "clock-move-after-flag" => write!(
                f,
                "move {} ({}) was made with no time left",
                p("ply"),
                p("color")
            ),
            "clock-on-time-without-flag" => write!(
                f,
                "the record says the game was lost on time, but no flag fell (move {})",
                p("ply")
            ),
            "clock-on-time-winner" => write!(
                f,
                "lost on time, the game goes to \"{}\", the record says \"{}\"",
                p("computed"),
                p("recorded")
            ),
            "clock-on-time-score" => write!(
                f,
                "lost on time, the game scores dark {} light {}, the record says dark {} light {}",
                p("dark"),
                p("light"),
                p("recorded-dark"),
                p("recorded-light")
            ),
            "resigned-ok" => write!(
                f,
                "{} resigned with dark {} light {} on the board: {}, scored dark {} light {} (rule T24)",
                p("color"),
                p("dark"),
                p("light"),
                p("verdict"),
                p("scored-dark"),
                p("scored-light")
            ),
            "result-on-time" => write!(
                f,
                "lost on time: dark {} light {}, {}",
                p("dark"),
                p("light"),
                p("verdict")
            ),
            _ if !p("message").is_empty() => {
                write!(f, "the record cannot be read: {}", p("message"))
            }
            code => write!(f, "the record cannot be read ({code})"),
        }
    }
}

impl fmt::Display for Report {
    /// One line a check: `passed  fingerprint: …`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for c in &self.checks {
            writeln!(f, "{:<7} {}: {c}", c.status.as_str(), c.check)?;
        }
        Ok(())
    }
}
