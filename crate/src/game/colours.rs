//! Who decides which seat plays dark (T2, W7): the colour draw from the
//! seed and the seats' contributions (F1–F6), or a tournament's pairing,
//! whose first mover sits in the first seat and plays dark. The word the
//! session, the table and the record share. A leaf: it imports nothing of
//! the crate.

/// The tournament and round a game was paired in (the record's
/// `tournament` line, `tournament: ID round N`).
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct TournamentRound {
    /// The tournament's id: 1 to 64 ASCII letters, digits, `_` or `-`.
    pub id: String,
    /// The round, from 1.
    pub round: u32,
}

/// Who decides which seat plays dark.
///
/// ```
/// use virada::game::fairness::Seed;
/// use virada::game::session::Session;
/// use virada::game::{Colours, Seat, TournamentRound};
/// let mut game = Session::othello([Seat::Person; 2], None, Seed([9; 32]), String::new());
/// game.colours = Colours::Paired(TournamentRound { id: "t1".into(), round: 2 });
/// assert_eq!(game.dark_seat(), 0); // the pairing's first mover, whatever the seed
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum Colours {
    /// The colour draw (F2): the seed and the words (and, at the online
    /// table, each seat's random value) decide.
    #[default]
    Drawn,
    /// A tournament's pairing decided (W7): the first seat is the
    /// pairing's first mover and plays dark. The seed is still committed
    /// before the game and revealed after; it draws no colour.
    Paired(TournamentRound),
}

impl Colours {
    /// The seat the pairing gives dark: the first, the pairing's first
    /// mover.
    pub const PAIRED_DARK: usize = 0;

    /// The tournament and round that paired the seats, `None` for drawn
    /// colours.
    pub fn tournament(&self) -> Option<&TournamentRound> {
        match self {
            Colours::Drawn => None,
            Colours::Paired(t) => Some(t),
        }
    }
}
