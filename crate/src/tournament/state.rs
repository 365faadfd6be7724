//! What the pairing of the next round reads from a TRF: who is to be paired,
//! their scores, colour histories and preferences (C.04.3 A.6), floats
//! (A.4), the pairing-allocated bye's eligibility and the games already
//! played.

use super::entry::{Colour, Entry, Points};
use super::trf::{Trf, TrfError};
use std::collections::{HashMap, HashSet};

/// Why the next round could not be paired.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PairingError {
    /// The file was refused.
    Trf(TrfError),
    /// Round 1 needs the top seed's colour (`XXC white1` or `XXC black1`).
    NoInitialColour,
    /// The file does not state the number of rounds (`XXR`), which the
    /// last round's topscorers depend on.
    NoRounds,
    /// Every round the file states is already paired.
    Finished,
    /// No pairing keeps the absolute criteria (C1–C3).
    NoValidPairing,
    /// The tournament is too large for the pairing's weights.
    TooLarge,
}

impl PairingError {
    /// A stable code for the user interface to translate.
    pub fn code(&self) -> &'static str {
        match self {
            PairingError::Trf(e) => e.code(),
            PairingError::NoInitialColour => "swiss-no-initial-colour",
            PairingError::NoRounds => "swiss-no-rounds",
            PairingError::Finished => "swiss-finished",
            PairingError::NoValidPairing => "swiss-no-valid-pairing",
            PairingError::TooLarge => "swiss-too-large",
        }
    }
}

impl std::fmt::Display for PairingError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PairingError::Trf(e) => write!(f, "{e}"),
            PairingError::NoInitialColour => {
                write!(
                    f,
                    "the first round needs the top seed's colour (XXC white1 or XXC black1)"
                )
            }
            PairingError::NoRounds => {
                write!(f, "the file does not state the number of rounds (XXR)")
            }
            PairingError::Finished => write!(f, "every round of the tournament is paired"),
            PairingError::NoValidPairing => {
                write!(
                    f,
                    "no pairing keeps the absolute criteria (no rematch, one bye, colours)"
                )
            }
            PairingError::TooLarge => write!(f, "the tournament is too large to pair"),
        }
    }
}

impl std::error::Error for PairingError {}

impl From<TrfError> for PairingError {
    fn from(e: TrfError) -> PairingError {
        PairingError::Trf(e)
    }
}

/// A float (A.4): down to a lower score, up to a higher one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Float {
    /// Met a lower score, or had points without a game.
    Down,
    /// Met a higher score.
    Up,
    /// Neither.
    None,
}

/// One player as the pairing sees them.
#[derive(Clone, Debug)]
pub struct Entrant {
    /// The pairing number.
    pub id: u32,
    /// Place in the initial order among the players taking part (0 first).
    pub rank: usize,
    /// Points after the rounds played, tenths.
    pub score: u32,
    /// One entry a round played (absences filled in).
    pub games: Vec<Entry>,
    /// The colour preference (A.6), none before a first game.
    pub pref: Option<Colour>,
    /// |whites − blacks|.
    pub imbalance: u32,
    /// The colour of the last two games when both were the same.
    pub repeated: Option<Colour>,
    /// A strong preference (A.6.b).
    pub strong: bool,
    /// Games played over the board.
    pub played_games: u32,
    /// May still get the pairing-allocated bye (C2): no bye yet and no
    /// points without playing worth a win.
    pub bye_eligible: bool,
    /// Opponents met over the board (C1).
    pub met: HashSet<u32>,
    /// Whether they are to be paired this round.
    pub to_pair: bool,
}

impl Entrant {
    /// An absolute preference (A.6.a): imbalance over 1, or the same colour
    /// in the last two games.
    pub fn absolute(&self) -> bool {
        self.imbalance > 1 || self.repeated.is_some()
    }
}

/// The tournament as of the round to pair.
#[derive(Clone, Debug)]
pub struct State {
    /// Rounds already paired.
    pub played: usize,
    /// Rounds in all.
    pub total: usize,
    /// The point system.
    pub points: Points,
    /// The top seed's colour in round 1.
    pub initial: Colour,
    /// Everyone taking part, in the initial order.
    pub entrants: Vec<Entrant>,
    index: HashMap<u32, usize>,
}

impl State {
    /// Reads the state from a file; the round to pair is the one after the
    /// last paired.
    pub fn new(trf: &Trf) -> Result<State, PairingError> {
        let played = trf.played_rounds();
        let total = trf.rounds.ok_or(PairingError::NoRounds)? as usize;
        if played >= total {
            return Err(PairingError::Finished);
        }
        let initial = trf.first_colour().ok_or(PairingError::NoInitialColour)?;
        let mut players: Vec<_> = trf.players.iter().collect();
        players.sort_by_key(|p| p.id);
        let mut entrants = Vec::new();
        for p in players {
            let valid = p.games.len() <= played || p.games.iter().any(|e| e.paired());
            if !valid {
                continue;
            }
            let mut games: Vec<Entry> = p.games.iter().take(played).copied().collect();
            games.resize(played, Entry::ABSENT);
            entrants.push(entrant(
                p.id,
                entrants.len(),
                games,
                &trf.points,
                p.games.len() <= played,
            ));
        }
        let index = entrants
            .iter()
            .enumerate()
            .map(|(i, e)| (e.id, i))
            .collect();
        Ok(State {
            played,
            total,
            points: trf.points,
            initial,
            entrants,
            index,
        })
    }

    /// The entrant with pairing number `id`.
    pub fn by_id(&self, id: u32) -> Option<&Entrant> {
        self.index.get(&id).map(|&i| &self.entrants[i])
    }

    /// A player's score `back` rounds ago.
    pub fn score_back(&self, e: &Entrant, back: usize) -> u32 {
        let from = self.played - back;
        e.score
            - e.games[from..]
                .iter()
                .map(|g| self.points.of(g))
                .sum::<u32>()
    }

    /// The float a player had `back` rounds ago (1 = the last round).
    pub fn float(&self, e: &Entrant, back: usize) -> Float {
        let g = &e.games[self.played - back];
        if !g.played() {
            return if self.points.of(g) > self.points.loss {
                Float::Down
            } else {
                Float::None
            };
        }
        let Some(o) = g.opponent.and_then(|o| self.by_id(o)) else {
            return Float::None;
        };
        let (mine, theirs) = (self.score_back(e, back), self.score_back(o, back));
        match mine.cmp(&theirs) {
            std::cmp::Ordering::Greater => Float::Down,
            std::cmp::Ordering::Less => Float::Up,
            std::cmp::Ordering::Equal => Float::None,
        }
    }

    /// Whether the round to pair is the last (topscorers, A.7).
    pub fn last_round(&self) -> bool {
        self.played + 1 >= self.total
    }

    /// A topscorer (A.7): more than half the maximum score, in the last round.
    pub fn topscorer(&self, e: &Entrant) -> bool {
        let threshold = (self.played as u32 * self.points.win.max(self.points.draw)) / 2;
        self.last_round() && e.score > threshold
    }
}

fn entrant(id: u32, rank: usize, games: Vec<Entry>, points: &Points, to_pair: bool) -> Entrant {
    let (mut whites, mut blacks, mut run, mut last) = (0u32, 0u32, 0u32, None);
    let mut played_games = 0;
    let mut met = HashSet::new();
    for g in games.iter().filter(|g| g.played()) {
        played_games += 1;
        let c = g.colour.expect("a played game has a colour");
        if c == Colour::White {
            whites += 1;
        } else {
            blacks += 1;
        }
        run = if last == Some(c) { run + 1 } else { 1 };
        last = Some(c);
        if let Some(o) = g.opponent {
            met.insert(o);
        }
    }
    let lower = if whites > blacks {
        Colour::Black
    } else {
        Colour::White
    };
    let imbalance = whites.abs_diff(blacks);
    let pref = if imbalance > 1 {
        Some(lower)
    } else if run > 1 {
        last.map(Colour::other)
    } else if imbalance > 0 {
        Some(lower)
    } else {
        last.map(Colour::other)
    };
    let repeated = if run > 1 { last } else { None };
    let absolute = imbalance > 1 || repeated.is_some();
    let score = games.iter().map(|g| points.of(g)).sum();
    let bye_eligible = !games.iter().any(|g| {
        !g.played() && (points.of(g) >= points.win || (g.paired() && g.opponent.is_none()))
    });
    Entrant {
        id,
        rank,
        score,
        games,
        pref,
        imbalance,
        repeated,
        strong: !absolute && imbalance > 0,
        played_games,
        bye_eligible,
        met,
        to_pair,
    }
}
