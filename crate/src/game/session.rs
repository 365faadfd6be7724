//! A game at the table, for either rule set: seats, clock setting, the secret
//! seed, the word, and every move in order with the ones the table chose
//! marked (T16, T17). This is the state the page keeps, a server would hold,
//! the bot reads and the record writes out.
//!
//! A turn returns what happened ([`Event`]): the move, the cells it turned
//! over, the forced passes the table made right after it, and whether the
//! game is over. No caller ever plays a forced pass itself.

use crate::board::SUPPLY_AT_START;
use crate::game::fairness::{drawn_dark_seat, Seed};
use crate::game::handicap::Handicap;
use crate::game::rules::Rules;
use crate::game::timed::Timed;
use crate::game::{Assist, Colours, Played, Seat, Verdict};
use crate::{Color, Move, Position};

/// What one turn did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Event<M> {
    /// The move played.
    pub mv: M,
    /// The colour that played it.
    pub mover: Color,
    /// Chosen by the table on time-out.
    pub by_table: bool,
    /// The cells it turned over (flips or a capture), reading order from a1.
    pub changed: Vec<usize>,
    /// The colours the table then passed for, in order (forced passes).
    pub passes: Vec<Color>,
    /// The game is over after it.
    pub over: bool,
}

/// One game in progress or finished.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Session<R: Rules> {
    /// The two seats; which one plays dark first is decided by
    /// [`Session::colours`].
    pub seats: [Seat; 2],
    /// Who decides which seat plays dark: the colour draw from the seed
    /// and the words (the default), or a tournament's pairing (W7), whose
    /// first seat plays dark; set before the first move.
    pub colours: Colours,
    /// Seconds per turn under a clock a move, `None` for none.
    pub clock: Option<u32>,
    /// A game clock or correspondence, with each ply's time left and the
    /// flag once one fell (T22, T23); `None` for none.
    pub timed: Option<Timed>,
    /// The secret seed.
    pub seed: Seed,
    /// The seed was chosen by someone (e.g. `?seed=` in the page) rather than
    /// drawn in secret: the record says so, since such a game proves nothing
    /// about fairness.
    pub seed_chosen: bool,
    /// The players' word, mixed into the colour draw; empty for none. At a
    /// table where each seat gives a word, the first seat's.
    pub word: String,
    /// The second seat's word, at a table where each seat gives one (the
    /// online table): the colour draw is then version 2
    /// ([`crate::game::fairness::dark_seat_v2`]) and the record version 2.
    pub second_word: Option<String>,
    /// Each seat's random value, at a table where each seat contributes one
    /// (the online table, `None` inside for a seat that gave none): the
    /// colour draw is then version 3
    /// ([`crate::game::fairness::dark_seat_v3`]) with `word` and
    /// `second_word`, and the record version 3.
    pub randoms: Option<[Option<[u8; 32]>; 2]>,
    /// Seats the bot took from a person who left (the online table): the
    /// record writes them `bot N for person`.
    pub stand_in: [bool; 2],
    /// The hints and undos used so far, in order (the record's `assists`).
    pub assists: Vec<Assist>,
    /// A rated game (a match, the online table): no hint, no undo.
    pub rated: bool,
    /// Othello's handicap (V2), which the start already holds.
    pub handicap: Option<Handicap>,
    start: Box<R>,
    moves: Vec<Played<R::Move>>,
    movers: Vec<Color>,
    state: R,
}

impl<R: Rules> Session<R> {
    /// A new game from `start`.
    pub fn new(
        start: R,
        seats: [Seat; 2],
        clock: Option<u32>,
        seed: Seed,
        word: String,
    ) -> Session<R> {
        Session {
            seats,
            colours: Colours::Drawn,
            clock,
            timed: None,
            seed,
            seed_chosen: false,
            word,
            second_word: None,
            randoms: None,
            stand_in: [false; 2],
            assists: Vec::new(),
            rated: false,
            handicap: None,
            start: Box::new(start.clone()),
            moves: Vec::new(),
            movers: Vec::new(),
            state: start,
        }
    }

    /// The game's state now.
    pub fn rules(&self) -> &R {
        &self.state
    }

    /// The game's start (a handicap's, or the standard one).
    pub fn start(&self) -> &R {
        &self.start
    }

    /// Starts again from `start`, every ply dropped (how a handicap is
    /// set up before the first move).
    pub fn restart(&mut self, start: R) {
        *self.start = start.clone();
        self.state = start;
        self.moves.clear();
        self.movers.clear();
    }

    /// Every ply so far, passes included.
    pub fn moves(&self) -> &[Played<R::Move>] {
        &self.moves
    }

    /// The colour that made each ply.
    pub fn movers(&self) -> &[Color] {
        &self.movers
    }

    /// Which seat (0 or 1) plays dark at the start: the pairing's first
    /// seat in a tournament's game, else the colour draw's.
    pub fn dark_seat(&self) -> usize {
        if let Colours::Paired(_) = self.colours {
            return Colours::PAIRED_DARK;
        }
        drawn_dark_seat(
            &self.seed,
            &self.word,
            self.second_word.as_deref(),
            self.randoms,
        )
    }

    /// The seat that holds `color` now (after a swap, the other one).
    pub fn seat_of(&self, color: Color) -> usize {
        let dark = self.dark_seat() ^ usize::from(self.state.swapped());
        match color {
            Color::Dark => dark,
            Color::Light => 1 - dark,
        }
    }

    /// Whether the game is over: ended on the board, or lost on time.
    pub fn is_over(&self) -> bool {
        self.state.verdict().is_some() || self.lost_on_time().is_some()
    }

    /// The colour that lost on time, if a flag fell (T23).
    pub fn lost_on_time(&self) -> Option<Color> {
        self.timed.as_ref().and_then(Timed::loser)
    }

    /// Who won, once the game is over: the board's verdict, or the side
    /// whose flag did not fall.
    pub fn verdict(&self) -> Option<Verdict> {
        match self.lost_on_time() {
            Some(Color::Dark) => Some(Verdict::LightWins),
            Some(Color::Light) => Some(Verdict::DarkWins),
            None => self.state.verdict(),
        }
    }

    /// One ply checked against the rules, with no forced pass after it (how
    /// records and stored games replay); returns the cells it turned over.
    pub fn play(&mut self, mv: R::Move, by_table: bool) -> Result<Vec<usize>, R::Illegal> {
        let mover = self.state.side_to_move();
        let changed = self.state.play(mv)?;
        self.moves.push(Played { mv, by_table });
        self.movers.push(mover);
        Ok(changed)
    }

    /// The table passes for every side that has no legal move; returns the
    /// colours it passed for.
    pub fn forced_passes(&mut self) -> Vec<Color> {
        let mut passes = Vec::new();
        while self.state.must_pass() {
            let mover = self.state.side_to_move();
            if self.play(R::pass_move(), false).is_err() {
                break;
            }
            passes.push(mover);
        }
        passes
    }

    /// Notes a hint asked now, before the next ply: the record's `hint P`.
    pub fn note_hint(&mut self) {
        let ply = self.moves.len() + 1;
        self.assists.push(Assist::Hint { ply });
    }

    /// Takes back the last `plies` plies (all there are, at most), noted as
    /// the record's `undo P K`, and replays the rest from the start.
    /// Returns how many were taken back.
    pub fn take_back(&mut self, plies: usize) -> usize {
        let plies = plies.min(self.moves.len());
        if plies == 0 {
            return 0;
        }
        let ply = self.moves.len() + 1;
        self.assists.push(Assist::Undo { ply, plies });
        let keep = self.moves.len() - plies;
        let kept: Vec<_> = self.moves[..keep].to_vec();
        self.moves.clear();
        self.movers.clear();
        self.state = (*self.start).clone();
        for p in kept {
            // These plies were legal from this very start a moment ago.
            if self.play(p.mv, p.by_table).is_err() {
                break;
            }
        }
        plies
    }

    /// A player's turn: `mv` checked, then the forced passes.
    pub fn turn(&mut self, mv: R::Move) -> Result<Event<R::Move>, R::Illegal> {
        self.step(mv, false)
    }

    /// The clock ran out: the table plays the time-out move, marked, then the
    /// forced passes. `None` once the game is over.
    pub fn time_out(&mut self) -> Option<Event<R::Move>> {
        let mv = self.state.timeout_move()?;
        // A pass is never marked: it is forced, not chosen by the table.
        self.step(mv, mv != R::pass_move()).ok()
    }

    fn step(&mut self, mv: R::Move, by_table: bool) -> Result<Event<R::Move>, R::Illegal> {
        let mover = self.state.side_to_move();
        let changed = self.play(mv, by_table)?;
        let passes = self.forced_passes();
        Ok(Event {
            mv,
            mover,
            by_table,
            changed,
            passes,
            over: self.is_over(),
        })
    }
}

impl Session<Position> {
    /// A new Othello game at the start position.
    pub fn othello(
        seats: [Seat; 2],
        clock: Option<u32>,
        seed: Seed,
        word: String,
    ) -> Session<Position> {
        Session::new(Position::start(), seats, clock, seed, word)
    }

    /// Sets the handicap (V2) and starts again from its start position (or
    /// the standard one for `None`), every ply dropped: before the first
    /// move, once the colours are known (the words are in).
    pub fn set_handicap(&mut self, handicap: Option<Handicap>) {
        self.handicap = handicap;
        let start = match handicap {
            Some(h) => h.start(self.dark_seat()),
            None => Position::start(),
        };
        self.restart(start);
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        &self.state
    }

    /// Discs each colour still has to place (T7), `[dark, light]`, from 30
    /// each (a handicap's corner discs come out of its seat's). A colour
    /// whose supply is empty when it places is given one by the other.
    pub fn supplies(&self) -> [u32; 2] {
        let mut supply = match &self.handicap {
            Some(h) => h.supplies(self.dark_seat()),
            None => [SUPPLY_AT_START; 2],
        };
        for (played, mover) in self.moves.iter().zip(&self.movers) {
            if let Move::Play(_) = played.mv {
                let (me, other) = match mover {
                    Color::Dark => (0, 1),
                    Color::Light => (1, 0),
                };
                if supply[me] > 0 {
                    supply[me] -= 1;
                } else {
                    supply[other] = supply[other].saturating_sub(1);
                }
            }
        }
        supply
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::nabu::{NabuGame, NabuMove};

    fn othello() -> Session<Position> {
        Session::othello(
            [Seat::Person, Seat::Person],
            Some(30),
            Seed([7; 32]),
            String::new(),
        )
    }

    #[test]
    fn supplies_fall_by_one_per_placement_and_not_on_passes() {
        let mut g = othello();
        assert_eq!(g.supplies(), [30, 30]);
        g.play(Move::Play("f5".parse().unwrap()), false).unwrap();
        assert_eq!(g.supplies(), [29, 30]);
        assert!(g.play(Move::Pass, false).is_err());
        assert_eq!(g.moves().len(), 1);
    }

    #[test]
    fn a_turn_says_what_happened_and_passes_for_a_blocked_side() {
        let mut g = othello();
        let e = g.turn(Move::Play("f5".parse().unwrap())).unwrap();
        assert_eq!(
            (e.mover, e.changed.clone(), e.over),
            (Color::Dark, vec![36], false)
        );
        assert!(e.passes.is_empty());
        let mut passes = 0;
        while let Some(e) = g.time_out() {
            passes += e.passes.len();
            assert_eq!(e.over, g.is_over());
            assert!(!g.position().must_pass());
            assert_eq!(e.by_table, e.mv != Move::Pass);
        }
        assert!(g.is_over());
        let counted = g.moves().iter().filter(|m| m.mv == Move::Pass).count();
        assert_eq!(passes, counted);
        assert_eq!(
            g.turn(Move::Pass).unwrap_err(),
            crate::IllegalMove::GameOver
        );
    }

    #[test]
    fn a_pairing_gives_dark_to_the_first_seat_whatever_the_draw() {
        let round = crate::game::TournamentRound {
            id: "t".into(),
            round: 1,
        };
        let mut drawn = [false; 2];
        for b in 0..32 {
            let mut g = Session::othello([Seat::Person; 2], None, Seed([b; 32]), "w".into());
            drawn[g.dark_seat()] = true;
            g.colours = Colours::Paired(round.clone());
            assert_eq!((g.dark_seat(), g.seat_of(Color::Dark)), (0, 0));
            assert_eq!(g.seat_of(Color::Light), 1);
        }
        assert_eq!(drawn, [true, true], "the draw gave dark to either seat");
    }

    #[test]
    fn nabucodonosor_passes_twice_to_the_end_and_the_swap_moves_seats() {
        let mut s = Session::new(
            NabuGame::new(5).unwrap(),
            [Seat::Person, Seat::Bot { level: 1 }],
            Some(5),
            Seed([1; 32]),
            "w".into(),
        );
        let dark = s.dark_seat();
        s.turn("c3".parse().unwrap()).unwrap();
        s.turn(NabuMove::Swap).unwrap();
        assert_eq!(s.seat_of(Color::Dark), 1 - dark);
        while let Some(e) = s.time_out() {
            assert!(e.passes.iter().all(|_| true));
            if e.over {
                break;
            }
        }
        assert!(s.is_over());
        assert!(s.time_out().is_none());
    }
}
