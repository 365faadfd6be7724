//! Which game is played and how it ended: the words the rules, the record,
//! match play and the table share. A leaf: it imports nothing of the crate.

/// Which game: Othello, or Nabucodonosor on a board of some side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum GameKind {
    /// Othello on 8×8.
    Othello,
    /// Nabucodonosor on N×N (5–15).
    Nabucodonosor(u8),
}

impl GameKind {
    /// The game's name: `othello` or `nabucodonosor`.
    pub const fn name(self) -> &'static str {
        match self {
            GameKind::Othello => "othello",
            GameKind::Nabucodonosor(_) => "nabucodonosor",
        }
    }

    /// The board's side.
    pub const fn size(self) -> u8 {
        match self {
            GameKind::Othello => 8,
            GameKind::Nabucodonosor(n) => n,
        }
    }
}

/// How a game ended, as the record says it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Verdict {
    /// Dark has more discs.
    DarkWins,
    /// Light has more discs.
    LightWins,
    /// Equal counts.
    Draw,
    /// The game was abandoned before its end.
    Unfinished,
}

impl Verdict {
    /// The record's spelling: `dark wins`, `light wins`, `draw`, `unfinished`.
    pub const fn as_str(self) -> &'static str {
        match self {
            Verdict::DarkWins => "dark wins",
            Verdict::LightWins => "light wins",
            Verdict::Draw => "draw",
            Verdict::Unfinished => "unfinished",
        }
    }
}

/// A game's result (the record's `result` line): disc counts and verdict.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct GameResult {
    /// Dark discs on the board at the end.
    pub dark: u32,
    /// Light discs on the board at the end.
    pub light: u32,
    /// Who won, or unfinished.
    pub verdict: Verdict,
}
