//! A tournament as the store keeps it (one JSON document), and what is
//! read from it without I/O: its TRF, the next round's pairs, the
//! standings. The pairing and the standings are the library's
//! (`virada::tournament`); this only says who is who.

use std::collections::HashSet;

use serde::{Deserialize, Serialize};
use virada::clock::TimeControl;
use virada::tournament::{
    berger, divisions, pair_next_round, standings, Arena, ArenaResult, Colour, Entry, Outcome,
    Player, RoundResult, Standing, Trf, ARENA_TYPE,
};

/// How a tournament pairs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Format {
    /// FIDE's Dutch system, round by round.
    Swiss,
    /// Everyone meets everyone by Berger tables, in divisions by rating.
    RoundRobin,
    /// For a set time, whoever is free is paired again at once.
    Arena,
}

/// Where a tournament is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Phase {
    /// Taking entries until its start.
    Open,
    /// Its rounds are played.
    Running,
    /// Finished: the standings are final and the TRF signed.
    Over,
}

/// One entrant.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Entrant {
    /// The account's id.
    pub account: String,
    /// Its name.
    pub name: String,
    /// Its rating when it joined (whole points).
    pub rating: u32,
    /// The pairing number, from 1 (given at the start; a late entry's next).
    pub number: u32,
    /// Withdrawn: not paired again.
    pub withdrawn: bool,
    /// Absent: lost a game by forfeit for not being there (W8), so not
    /// paired again until they join again.
    #[serde(default)]
    pub absent: bool,
}

/// One game's result, as the TRF writes it for each side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Result2 {
    /// White's TRF code (`1 = 0 + -`).
    pub white: char,
    /// Black's.
    pub black: char,
    /// Each side's discs at the end (white's, black's); none for a forfeit.
    pub discs: Option<[u32; 2]>,
}

/// One board of a round: `white` (who moves first) against `black`, or
/// `white` alone (the bye; in a round robin, sitting the round out).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Board {
    /// The table's id (none for a bye).
    pub table: Option<String>,
    /// White's pairing number.
    pub white: u32,
    /// Black's; none for a bye.
    pub black: Option<u32>,
    /// The result once known.
    pub result: Option<Result2>,
}

/// One round (in an arena, one wave of pairings).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Round {
    /// From 1.
    pub number: u32,
    /// When it started (ms since the epoch).
    pub started_ms: i64,
    /// Its boards.
    pub boards: Vec<Board>,
    /// Every table of it is open.
    pub opened: bool,
    /// When an empty seat of it loses by forfeit (ms since the epoch; none
    /// in a round written before it was kept).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub forfeit_at_ms: Option<i64>,
}

/// A tournament.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Tournament {
    /// Its id.
    pub id: String,
    /// Its name.
    pub name: String,
    /// How it pairs.
    pub format: Format,
    /// The clock as its notation writes it (`30`, `180+2`): its tables
    /// play it ([`Tournament::time_control`]).
    pub clock: String,
    /// Its games are rated.
    pub rated: bool,
    /// Rounds (Swiss; a round robin's are its Berger table's).
    pub rounds: u32,
    /// A round robin played twice, colours swapped.
    pub double: bool,
    /// An arena's minutes.
    pub minutes: u32,
    /// The lowest rating that may join.
    pub min: Option<u32>,
    /// The highest.
    pub max: Option<u32>,
    /// When it starts (ms since the epoch).
    pub starts_ms: i64,
    /// Who made it (account id) and its name.
    pub creator: String,
    /// The creator's name.
    pub creator_name: String,
    /// Where it is.
    pub phase: Phase,
    /// The entrants, in the order they joined.
    pub entrants: Vec<Entrant>,
    /// The rounds paired.
    pub played: Vec<Round>,
    /// The first seed's colour in round 1 (TRF's `XXC`), drawn at the start.
    pub white1: bool,
    /// A round robin's divisions: pairing numbers by division.
    #[serde(default)]
    pub divisions: Vec<Vec<u32>>,
    /// The signed TRF, once over.
    #[serde(default)]
    pub trf: Option<String>,
    /// An arena's end (ms since the epoch), set at its start.
    #[serde(default)]
    pub ends_ms: Option<i64>,
}

impl Entrant {
    /// Paired in the next round: neither withdrawn nor absent (W3, W8).
    pub fn pairable(&self) -> bool {
        !self.withdrawn && !self.absent
    }
}

/// Points of a result code, tenths (Swiss and round robin: 1, ½, 0).
fn points_of(code: char) -> u32 {
    match code {
        '1' | '+' => 10,
        '=' => 5,
        _ => 0,
    }
}

impl Tournament {
    /// The entrant with pairing number `n`.
    pub fn by_number(&self, n: u32) -> Option<&Entrant> {
        self.entrants.iter().find(|e| e.number == n)
    }

    /// The entrant of `account`.
    pub fn by_account(&self, account: &str) -> Option<&Entrant> {
        self.entrants.iter().find(|e| e.account == account)
    }

    /// Where a rating stands against the range: `None` inside it, else
    /// `below` or `above`.
    pub fn out_of_range(&self, rating: f64) -> Option<&'static str> {
        if self.min.is_some_and(|min| rating < f64::from(min)) {
            Some("below")
        } else if self.max.is_some_and(|max| rating > f64::from(max)) {
            Some("above")
        } else {
            None
        }
    }

    /// Every board of the last round has its result.
    pub fn round_done(&self) -> bool {
        self.played
            .last()
            .is_none_or(|r| r.boards.iter().all(|b| b.result.is_some()))
    }

    /// Writes `result` into the board of round `round` at `table`, once (a
    /// second report of the same board changes nothing). A side that lost
    /// by forfeit (`-`, no game played) and has not withdrawn is marked
    /// absent: not paired again until they join again (W8; not in a
    /// round robin, whose table pairs everyone).
    pub fn record_result(&mut self, round: u32, table: &str, result: Result2) {
        let board = self
            .played
            .iter_mut()
            .filter(|r| r.number == round)
            .flat_map(|r| r.boards.iter_mut())
            .find(|b| b.table.as_deref() == Some(table));
        let Some(b) = board.filter(|b| b.result.is_none()) else {
            return;
        };
        b.result = Some(result);
        // A round robin's pairings are its Berger table's, whoever comes.
        if self.format == Format::RoundRobin {
            return;
        }
        let mut gone = Vec::new();
        if result.white == '-' {
            gone.push(b.white);
        }
        if let Some(black) = b.black.filter(|_| result.black == '-') {
            gone.push(black);
        }
        for e in self.entrants.iter_mut() {
            if gone.contains(&e.number) && !e.withdrawn {
                e.absent = true;
            }
        }
    }

    /// Gives pairing numbers by rating (then name) at the start.
    pub fn number_entrants(&mut self) {
        let mut order: Vec<usize> = (0..self.entrants.len()).collect();
        let e = &self.entrants;
        order.sort_by(|&a, &b| {
            e[b].rating
                .cmp(&e[a].rating)
                .then(e[a].name.cmp(&e[b].name))
        });
        for (n, i) in order.into_iter().enumerate() {
            self.entrants[i].number = n as u32 + 1;
        }
        if self.format == Format::RoundRobin {
            let ratings: Vec<(u32, u32)> =
                self.entrants.iter().map(|e| (e.number, e.rating)).collect();
            let (mut groups, rest) = divisions(&ratings);
            if groups.is_empty() {
                groups.push(rest);
            } else if let Some(last) = groups.last_mut() {
                last.extend(rest);
            }
            self.divisions = groups;
            let per = self
                .divisions
                .iter()
                .map(|d| berger(d.len() as u32, self.double).len())
                .max()
                .unwrap_or(0);
            self.rounds = per as u32;
        }
    }

    /// Each player's TRF entries, one a round played.
    fn entries(&self, n: u32) -> Vec<Entry> {
        let mut out = Vec::new();
        for round in &self.played {
            let board = round
                .boards
                .iter()
                .find(|b| b.white == n || b.black == Some(n));
            out.push(match board {
                None => Entry::ABSENT,
                Some(b) => {
                    let white = b.white == n;
                    let opponent = if white { b.black } else { Some(b.white) };
                    let code = b
                        .result
                        .map(|r| if white { r.white } else { r.black })
                        .unwrap_or(' ');
                    match opponent {
                        None if self.format == Format::RoundRobin => Entry::ABSENT,
                        None => Entry {
                            opponent: None,
                            colour: None,
                            outcome: Outcome::PairingBye,
                        },
                        Some(o) => Entry {
                            opponent: Some(o),
                            colour: Some(if white { Colour::White } else { Colour::Black }),
                            outcome: Outcome::parse(code).unwrap_or(Outcome::Absent),
                        },
                    }
                }
            });
        }
        out
    }

    /// The tournament's TRF: `next` adds an absence for each withdrawn
    /// entrant in the round to pair.
    pub fn trf(&self, next: bool) -> Trf {
        let mut players: Vec<Player> = self
            .entrants
            .iter()
            .filter(|e| e.number > 0)
            .map(|e| {
                let mut games = self.entries(e.number);
                if next && !e.pairable() {
                    games.push(Entry::ABSENT);
                }
                let name: String = e.name.chars().take(33).collect();
                let trf = Trf {
                    other_lines: Vec::new(),
                    players: Vec::new(),
                    rounds: None,
                    initial_colour: None,
                    points: Default::default(),
                };
                let stated_score = games.iter().map(|g| trf.points.of(g)).sum();
                Player {
                    id: e.number,
                    head: format!(
                        "001 {:>4}      {name:<33} {:>4}",
                        e.number,
                        e.rating.min(9999)
                    ),
                    rating: e.rating.min(9999),
                    stated_score,
                    games,
                }
            })
            .collect();
        players.sort_by_key(|p| p.id);
        // The id in the name's line: `XXS` would be JaVaFo's points.
        let mut other_lines = vec![format!("012 {} (Virada tournament {})", self.name, self.id)];
        // An arena's rounds are its waves, as many as were paired; its file
        // says it is an arena's, so that the check reads it as one.
        let rounds = match self.format {
            Format::Arena => {
                other_lines.push(ARENA_TYPE.to_string());
                self.played.len() as u32
            }
            _ => self.rounds,
        };
        Trf {
            other_lines,
            players,
            rounds: Some(rounds.max(1)),
            initial_colour: Some(if self.white1 {
                Colour::White
            } else {
                Colour::Black
            }),
            points: Default::default(),
        }
    }

    /// The next round's boards (pairing numbers), `Err` with the library's
    /// code when it cannot be paired.
    pub fn next_boards(&self) -> Result<Vec<(u32, Option<u32>)>, String> {
        match self.format {
            Format::Swiss => {
                let active = self.entrants.iter().filter(|e| e.pairable()).count();
                if active < 2 {
                    return Err("swiss-too-few".into());
                }
                let pairs = pair_next_round(&self.trf(true)).map_err(|e| e.code().to_string())?;
                Ok(pairs.into_iter().map(|p| (p.white, p.black)).collect())
            }
            Format::RoundRobin => {
                let r = self.played.len();
                let mut out = Vec::new();
                for d in &self.divisions {
                    let table = berger(d.len() as u32, self.double);
                    for g in table.get(r).into_iter().flatten() {
                        let seat = |s: u32| d[s as usize - 1];
                        out.push((seat(g.white), g.black.map(seat)));
                    }
                }
                Ok(out)
            }
            Format::Arena => Ok(Vec::new()),
        }
    }

    /// The arena's pairs now: each free entrant (in no unfinished game,
    /// not withdrawn, not absent) with the nearest free one (A1).
    pub fn arena_boards(&self) -> Vec<(u32, Option<u32>)> {
        let arena = self.arena();
        let busy: HashSet<u32> = self
            .played
            .iter()
            .flat_map(|r| &r.boards)
            .filter(|b| b.result.is_none())
            .flat_map(|b| [Some(b.white), b.black])
            .flatten()
            .collect();
        let mut free: Vec<u32> = self
            .entrants
            .iter()
            .filter(|e| e.pairable() && e.number > 0 && !busy.contains(&e.number))
            .map(|e| e.number)
            .collect();
        // The players still in it: the last two play again at once (A2).
        let left = self.arena_left();
        let mut out = Vec::new();
        while let Some(&me) = free.first() {
            let others: Vec<u32> = free[1..].to_vec();
            match arena.pair_left(me, &others, left) {
                Some((w, b)) => {
                    free.retain(|&x| x != w && x != b);
                    out.push((w, Some(b)));
                }
                None => {
                    free.remove(0);
                }
            }
        }
        out
    }

    /// An arena's players who have not withdrawn.
    pub fn arena_left(&self) -> usize {
        self.entrants
            .iter()
            .filter(|e| !e.withdrawn && e.number > 0)
            .count()
    }

    /// The clock its tables play (`None` only for a document whose clock
    /// no longer reads, which no table opens with).
    pub fn time_control(&self) -> Option<TimeControl> {
        tournament_clock(&self.clock).ok()
    }

    /// The arena's scores from its games in order (A2–A3).
    pub fn arena(&self) -> Arena {
        let mut arena = Arena::new();
        for e in self.entrants.iter().filter(|e| e.number > 0) {
            arena.join(e.number, e.rating);
        }
        for b in self.played.iter().flat_map(|r| &r.boards) {
            if let (Some(black), Some(r)) = (b.black, b.result) {
                let result = match (r.white, r.black) {
                    ('1' | '+', _) => ArenaResult::Win,
                    ('=', _) => ArenaResult::Draw,
                    _ => ArenaResult::Loss,
                };
                arena.record(b.white, black, result);
            }
        }
        arena
    }

    /// The standings (S1–S5), each place with what decided it.
    pub fn standings(&self) -> Vec<Standing> {
        let players: Vec<(u32, Vec<RoundResult>)> = self
            .entrants
            .iter()
            .filter(|e| e.number > 0)
            .map(|e| (e.number, self.results_of(e.number)))
            .collect();
        let withdrawn = self
            .entrants
            .iter()
            .filter(|e| e.withdrawn)
            .map(|e| e.number)
            .collect();
        standings(&players, &withdrawn)
    }

    /// One player's rounds as the standings read them.
    fn results_of(&self, n: u32) -> Vec<RoundResult> {
        let mut out = Vec::new();
        for round in &self.played {
            let Some(b) = round
                .boards
                .iter()
                .find(|b| b.white == n || b.black == Some(n))
            else {
                out.push(RoundResult {
                    opponent: None,
                    points: 0,
                    discs: None,
                });
                continue;
            };
            let white = b.white == n;
            let opponent = if white { b.black } else { Some(b.white) };
            let (points, discs) = match (b.result, opponent) {
                (_, None) if self.format == Format::RoundRobin => (0, None),
                (_, None) => (10, None),
                (None, _) => continue,
                (Some(r), Some(_)) => {
                    let code = if white { r.white } else { r.black };
                    let discs = r.discs.map(|d| if white { d[0] } else { d[1] });
                    (points_of(code), discs)
                }
            };
            out.push(RoundResult {
                opponent,
                points,
                discs,
            });
        }
        out
    }
}

/// A tournament's clock, which its tables play as they are: a clock a
/// move (`30`) or a game clock (`180+2`, the flag falling as at any
/// table); not correspondence.
pub fn tournament_clock(clock: &str) -> Result<TimeControl, &'static str> {
    match clock.parse::<TimeControl>() {
        Ok(TimeControl::Correspondence { .. }) => Err("a tournament plays on a clock, not by days"),
        Ok(tc) => Ok(tc),
        Err(_) => Err("a clock is seconds a move (30) or a game clock (180+2)"),
    }
}
