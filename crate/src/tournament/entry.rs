//! One round of one player in a TRF: opponent, colour and result, the
//! points each result gives, and one board of a round.

/// A piece colour in a TRF game block (`w` or `b`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Colour {
    /// `w`.
    White,
    /// `b`.
    Black,
}

impl Colour {
    /// The other colour.
    pub fn other(self) -> Colour {
        match self {
            Colour::White => Colour::Black,
            Colour::Black => Colour::White,
        }
    }
}

/// A round's result code, as the TRF spells it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// `1` or `W`: won over the board.
    Win,
    /// `=` or `D`: drawn over the board.
    Draw,
    /// `0` or `L`: lost over the board.
    Loss,
    /// `+`: won by forfeit (with an opponent), or JaVaFo's bye (without).
    ForfeitWin,
    /// `-`: lost by forfeit.
    ForfeitLoss,
    /// `U`: the pairing-allocated bye.
    PairingBye,
    /// `H`: a half-point bye, asked for.
    HalfBye,
    /// `F`: a full-point bye, asked for.
    FullBye,
    /// `Z` or blank: absent, no points.
    Absent,
}

impl Outcome {
    /// The result a TRF code stands for.
    pub fn parse(c: char) -> Option<Outcome> {
        Some(match c.to_ascii_uppercase() {
            '1' | 'W' => Outcome::Win,
            '=' | 'D' => Outcome::Draw,
            '0' | 'L' => Outcome::Loss,
            '+' => Outcome::ForfeitWin,
            '-' => Outcome::ForfeitLoss,
            'U' => Outcome::PairingBye,
            'H' => Outcome::HalfBye,
            'F' => Outcome::FullBye,
            'Z' | ' ' => Outcome::Absent,
            _ => return None,
        })
    }

    /// The code written back.
    pub fn code(self) -> char {
        match self {
            Outcome::Win => '1',
            Outcome::Draw => '=',
            Outcome::Loss => '0',
            Outcome::ForfeitWin => '+',
            Outcome::ForfeitLoss => '-',
            Outcome::PairingBye => 'U',
            Outcome::HalfBye => 'H',
            Outcome::FullBye => 'F',
            Outcome::Absent => 'Z',
        }
    }

    /// Whether the game was played over the board.
    pub fn over_the_board(self) -> bool {
        matches!(self, Outcome::Win | Outcome::Draw | Outcome::Loss)
    }
}

/// One round of a player: whom they met (none for a bye or an absence),
/// with which colour, and the result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The opponent's pairing number.
    pub opponent: Option<u32>,
    /// The colour played (none for a bye or an absence).
    pub colour: Option<Colour>,
    /// The result.
    pub outcome: Outcome,
}

impl Entry {
    /// The round of someone not paired and absent.
    pub const ABSENT: Entry = Entry {
        opponent: None,
        colour: None,
        outcome: Outcome::Absent,
    };

    /// Whether the game was played over the board (a game to count for
    /// colours, rematches and floats).
    pub fn played(&self) -> bool {
        self.opponent.is_some() && self.colour.is_some() && self.outcome.over_the_board()
    }

    /// Whether the player took part in the round's pairing: met someone,
    /// or got the pairing-allocated bye.
    pub fn paired(&self) -> bool {
        self.opponent.is_some() || matches!(self.outcome, Outcome::PairingBye | Outcome::ForfeitWin)
    }
}

/// The points of each kind of result, in tenths (bbpPairings' `BB?` lines).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Points {
    /// A win (`BBW`, 10).
    pub win: u32,
    /// A draw (`BBD`, 5).
    pub draw: u32,
    /// A loss over the board (`BBL`, 0).
    pub loss: u32,
    /// An absence, the zero-point bye (`BBZ`, 0).
    pub zero_bye: u32,
    /// A forfeit loss (`BBF`, 0).
    pub forfeit_loss: u32,
    /// The pairing-allocated bye (`BBU`, a win's unless stated).
    pub pairing_bye: u32,
}

impl Default for Points {
    fn default() -> Points {
        Points {
            win: 10,
            draw: 5,
            loss: 0,
            zero_bye: 0,
            forfeit_loss: 0,
            pairing_bye: 10,
        }
    }
}

impl Points {
    /// The points one entry gives.
    pub fn of(&self, e: &Entry) -> u32 {
        match e.outcome {
            Outcome::Win | Outcome::FullBye => self.win,
            Outcome::ForfeitWin if e.opponent.is_some() => self.win,
            Outcome::ForfeitWin | Outcome::PairingBye => self.pairing_bye,
            Outcome::Draw | Outcome::HalfBye => self.draw,
            Outcome::Loss => self.loss,
            Outcome::ForfeitLoss if e.opponent.is_some() => self.forfeit_loss,
            Outcome::ForfeitLoss | Outcome::Absent => self.zero_bye,
        }
    }
}

/// One board of a round: `white` against `black`, or `white` alone with the
/// pairing-allocated bye (`black` none).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Pair {
    /// The pairing number with white (or the bye's).
    pub white: u32,
    /// The pairing number with black; none for the bye.
    pub black: Option<u32>,
}
