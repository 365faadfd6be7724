//! The match record's verifier: every game checked by the game verifier,
//! then that each game was played by the match's seats, after no end of the
//! match and with a seed of its own, that its stated points follow from its
//! result, and that the totals and the winner follow from the games.

use super::match_record::read_game;
use super::match_record::{parse_match, MatchRecord, MatchVerdict};
use super::report::{check_json, Check, Report, Status};
use super::verify::signature_check;
use super::{verify_text, write::seat};
use crate::game::fairness::hex;
use crate::game::GameKind;
use crate::json::{self, Array};
use crate::record::matchplay::{game_points, Match};
use std::fmt;

/// One game's checks in a match: the game verifier's, then the match's.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameReport {
    /// The game's number in the match (1, 2, …).
    pub number: usize,
    /// The points its line states (first seat, second seat).
    pub points: [u32; 2],
    /// The game's own checks, then `game-seats`, `match-order` and `game-points`.
    pub report: Report,
}

/// Every check of a match record: the match's own, and each game's.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MatchReport {
    /// `match-format`, `match-digest`, `match-signature` (version 2 only),
    /// then (after the games) `match-total` and `match-winner`.
    pub checks: Vec<Check>,
    /// Each game's checks, in order.
    pub games: Vec<GameReport>,
    /// The match as read, when it could be read.
    pub record: Option<MatchRecord>,
}

impl MatchReport {
    /// No check failed, neither the match's nor any game's.
    pub fn all_passed(&self) -> bool {
        self.checks.iter().all(|c| c.status != Status::Failed)
            && self.games.iter().all(|g| g.report.all_passed())
    }

    /// The match's check named `check`, if it was made.
    pub fn get(&self, check: &str) -> Option<&Check> {
        self.checks.iter().find(|c| c.check == check)
    }

    /// `{"ok":…,"match":{"kind","target","seats","total","winner"},
    /// "checks":[…],"games":[{"game":N,"ok":…,"points":[A,B],"checks":[…]}…]}`,
    /// each check as `record::Report::to_json` writes one.
    pub fn to_json(&self) -> String {
        let checks = |a: &mut Array<'_>, list: &[Check]| {
            for c in list {
                a.object(|o| check_json(o, c, &message(c)));
            }
        };
        json::object(|o| {
            o.field("ok", self.all_passed());
            match &self.record {
                None => o.field("match", json::Raw("null")),
                Some(r) => o.object("match", |o| {
                    o.field("kind", r.kind.name())
                        .field("target", r.kind.target())
                        .array("seats", |a| {
                            a.item(seat(r.seats[0])).item(seat(r.seats[1]));
                        })
                        .array("total", |a| {
                            a.items(r.total);
                        })
                        .field("winner", r.winner.as_str());
                }),
            };
            o.array("checks", |a| checks(a, &self.checks))
                .array("games", |a| {
                    for g in &self.games {
                        a.object(|o| {
                            o.field("game", g.number)
                                .field("ok", g.report.all_passed())
                                .array("points", |a| {
                                    a.items(g.points);
                                })
                                .array("checks", |a| checks(a, &g.report.checks));
                        });
                    }
                });
        })
    }
}

fn message(c: &Check) -> String {
    let p = |name| c.param(name);
    match c.code {
        "match-format-ok" => format!("the match record reads well ({} games)", p("games")),
        "match-digest-ok" => {
            "the match's digest matches the text: nothing changed since it was written".into()
        }
        "match-digest-mismatch" => {
            "the match's digest does not match the text: it was changed after it was written".into()
        }
        "signature-ok" if c.check == "match-signature" => {
            format!(
                "the match is signed by the server whose key is {}",
                p("key")
            )
        }
        "signature-mismatch" if c.check == "match-signature" => format!(
            "the match's signature does not match the text: it was changed after the server \
             signed it (key {})",
            p("key")
        ),
        "signature-in-page" => "the signature is checked by the page".into(),
        "seats-ok" => "played by the match's seats".into(),
        "seats-mismatch" => format!(
            "played by {}, not by the match's seats {}",
            p("found"),
            p("expected")
        ),
        "in-order" => "played while the match was still on, with a seed of its own".into(),
        "game-after-end" => "played after the match was already over".into(),
        "game-repeated" => format!("the same seed as game {}: a game repeated", p("game")),
        "points-ok" => format!(
            "first seat {} points, second seat {}",
            p("first"),
            p("second")
        ),
        "points-mismatch" => format!(
            "the result gives first seat {} and second seat {} points, the record says {} and {}",
            p("first"),
            p("second"),
            p("recorded-first"),
            p("recorded-second")
        ),
        "game-unfinished" => "the game was not played to its end, so it cannot score".into(),
        "not-othello" => "a match is played at Othello".into(),
        "not-counted" => "a game cannot be read, so the match cannot be counted".into(),
        "total-ok" => format!(
            "the games add up to first seat {}, second seat {}",
            p("first"),
            p("second")
        ),
        "total-mismatch" => format!(
            "the games add up to first seat {} and second seat {}, the record says {} and {}",
            p("first"),
            p("second"),
            p("recorded-first"),
            p("recorded-second")
        ),
        "winner-ok" => format!("the winner follows from the games: {}", p("winner")),
        "winner-mismatch" => format!(
            "the games give the winner \"{}\", the record says \"{}\"",
            p("computed"),
            p("recorded")
        ),
        code if c.check == "match-format" => {
            format!("the match record cannot be read ({code}): {}", p("message"))
        }
        _ => c.to_string(),
    }
}

impl fmt::Display for MatchReport {
    /// One line a check, each game's indented under its number.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let own = self
            .checks
            .iter()
            .take_while(|c| c.check != "match-total" && c.check != "match-winner")
            .count();
        let (head, tail) = self.checks.split_at(own);
        for c in head {
            writeln!(f, "{:<7} {}: {}", c.status.as_str(), c.check, message(c))?;
        }
        for g in &self.games {
            writeln!(f, "game {}:", g.number)?;
            for c in &g.report.checks {
                writeln!(f, "  {:<7} {}: {}", c.status.as_str(), c.check, message(c))?;
            }
        }
        for c in tail {
            writeln!(f, "{:<7} {}: {}", c.status.as_str(), c.check, message(c))?;
        }
        Ok(())
    }
}

/// Reads and checks a match record's text; one that cannot be read gives
/// one failed `match-format` check saying why.
pub fn verify_match_text(text: &str) -> MatchReport {
    match parse_match(text) {
        Ok(r) => verify_match(&r),
        Err(e) => {
            let c = Check::new("match-format", Status::Failed, e.code)
                .with("line", e.line)
                .with("found", &e.found)
                .with("field", &e.found)
                .with("bytes", text.len())
                .with("max", super::MAX_MATCH_BYTES)
                .with("message", e.to_string());
            MatchReport {
                checks: vec![c],
                games: Vec::new(),
                record: None,
            }
        }
    }
}

/// Checks a parsed match record.
#[inline(never)]
pub fn verify_match(r: &MatchRecord) -> MatchReport {
    let mut checks = vec![
        Check::new("match-format", Status::Passed, "match-format-ok")
            .with("games", r.games.len())
            .with("match", r.kind),
        if r.digest == r.body_digest {
            Check::new("match-digest", Status::Passed, "match-digest-ok")
        } else {
            Check::new("match-digest", Status::Failed, "match-digest-mismatch")
                .with("recorded", hex(&r.digest))
                .with("computed", hex(&r.body_digest))
        },
    ];
    // Version 2: the server's signature of the whole match (version 1 has none).
    if r.version >= super::MATCH_VERSION_2 {
        checks.push(signature_check("match-signature", r.signature.as_ref()));
    }
    let mut m = Match::new(r.kind);
    let mut counted = true;
    let mut fingerprints: Vec<[u8; 32]> = Vec::new();
    let mut games = Vec::new();
    for g in &r.games {
        // Read twice (once by the game verifier): the wasm build then keeps
        // one copy of the game verifier instead of inlining a second.
        let mut report = verify_text(&g.text);
        match read_game(&g.text).ok() {
            Some(game) => {
                let expected = format!("{}, {}", seat(r.seats[0]), seat(r.seats[1]));
                let played = super::match_record::match_seats(&game);
                report.checks.push(if played == r.seats {
                    Check::new("game-seats", Status::Passed, "seats-ok")
                } else {
                    Check::new("game-seats", Status::Failed, "seats-mismatch")
                        .with("found", format!("{}, {}", seat(played[0]), seat(played[1])))
                        .with("expected", expected)
                });
                let repeated = fingerprints.iter().position(|f| *f == game.fingerprint);
                fingerprints.push(game.fingerprint);
                report.checks.push(if m.is_over() {
                    Check::new("match-order", Status::Failed, "game-after-end")
                } else if let Some(i) = repeated {
                    Check::new("match-order", Status::Failed, "game-repeated").with("game", i + 1)
                } else {
                    Check::new("match-order", Status::Passed, "in-order")
                });
                let points = if game.game == GameKind::Othello {
                    game_points(&game.result, game.dark).map_err(|_| "game-unfinished")
                } else {
                    Err("not-othello")
                };
                report.checks.push(match points {
                    Ok(p) if p == g.points => {
                        Check::new("game-points", Status::Passed, "points-ok")
                            .with("first", p[0])
                            .with("second", p[1])
                    }
                    Ok(p) => Check::new("game-points", Status::Failed, "points-mismatch")
                        .with("first", p[0])
                        .with("second", p[1])
                        .with("recorded-first", g.points[0])
                        .with("recorded-second", g.points[1]),
                    Err(code) => Check::new("game-points", Status::Failed, code),
                });
                match points {
                    // A game after the end is already a failure; it adds nothing.
                    Ok(p) if !m.is_over() => {
                        let _ = m.add(p);
                    }
                    Ok(_) => {}
                    Err(_) => counted = false,
                }
            }
            None => counted = false,
        }
        games.push(GameReport {
            number: g.number,
            points: g.points,
            report,
        });
    }
    let [a, b] = m.totals();
    checks.push(if !counted {
        Check::new("match-total", Status::Failed, "not-counted")
    } else if [a, b] == r.total {
        Check::new("match-total", Status::Passed, "total-ok")
            .with("first", a)
            .with("second", b)
    } else {
        Check::new("match-total", Status::Failed, "total-mismatch")
            .with("first", a)
            .with("second", b)
            .with("recorded-first", r.total[0])
            .with("recorded-second", r.total[1])
    });
    let winner = MatchVerdict::of(&m);
    checks.push(if !counted {
        Check::new("match-winner", Status::Failed, "not-counted")
    } else if winner == r.winner {
        Check::new("match-winner", Status::Passed, "winner-ok").with("winner", winner.as_str())
    } else {
        Check::new("match-winner", Status::Failed, "winner-mismatch")
            .with("computed", winner.as_str())
            .with("recorded", r.winner.as_str())
    });
    MatchReport {
        checks,
        games,
        record: Some(r.clone()),
    }
}
