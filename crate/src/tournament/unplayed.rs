//! A paired game that is not played out (rules W5–W6 in `docs/rules.md`):
//! a seat nobody took by the forfeit time, and a player who withdraws
//! while their game of the round is not over. Each says what the round
//! records, the same wherever the game was (its table on any server).

use super::entry::Outcome;

/// What the round records for a game not played out, each side's outcome
/// (the pairing's first player's, then the second's).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unplayed {
    /// A forfeit (`+` / `-`, no game, no discs): the game is not played,
    /// and no bot plays it in anyone's place (W5).
    Forfeit([Outcome; 2]),
    /// The game was under way: it ends as the leaver's resignation, scored
    /// as a resignation is (the leaver's seat).
    Resigned(usize),
}

/// W5: the forfeit time came with a seat still empty. Whoever sat wins by
/// forfeit; whoever did not loses by forfeit (both, when neither came).
pub fn forfeit(present: [bool; 2]) -> Unplayed {
    Unplayed::Forfeit(present.map(|p| {
        if p {
            Outcome::ForfeitWin
        } else {
            Outcome::ForfeitLoss
        }
    }))
}

/// W6: `leaver` (0 or 1, their seat in the pairing) withdrew from the
/// tournament while their game of the round was not over. Before both
/// sides had moved (while the game could still be aborted) it is a forfeit
/// the opponent wins; after, the game ends as the leaver's resignation.
/// The opponent is never left waiting, nor paired with the bot.
pub fn withdrawal(leaver: usize, both_moved: bool) -> Unplayed {
    let leaver = leaver.min(1);
    if both_moved {
        Unplayed::Resigned(leaver)
    } else {
        let mut present = [true, true];
        present[leaver] = false;
        forfeit(present)
    }
}

impl Unplayed {
    /// The TRF's codes of a forfeit (`+`, `-`), `None` for a resignation
    /// (its result is the game's).
    pub fn codes(self) -> Option<[char; 2]> {
        match self {
            Unplayed::Forfeit(sides) => {
                Some(sides.map(|o| if o == Outcome::ForfeitWin { '+' } else { '-' }))
            }
            Unplayed::Resigned(_) => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn w5_whoever_sat_wins_by_forfeit() {
        assert_eq!(forfeit([true, false]).codes(), Some(['+', '-']));
        assert_eq!(forfeit([false, true]).codes(), Some(['-', '+']));
        assert_eq!(forfeit([false, false]).codes(), Some(['-', '-']));
    }

    #[test]
    fn w6_a_withdrawal_before_both_moved_is_the_opponents_forfeit_win() {
        assert_eq!(withdrawal(0, false).codes(), Some(['-', '+']));
        assert_eq!(withdrawal(1, false).codes(), Some(['+', '-']));
        assert_eq!(
            withdrawal(1, false),
            Unplayed::Forfeit([Outcome::ForfeitWin, Outcome::ForfeitLoss])
        );
    }

    #[test]
    fn w6_a_withdrawal_during_the_game_is_the_leavers_resignation() {
        assert_eq!(withdrawal(0, true), Unplayed::Resigned(0));
        assert_eq!(withdrawal(1, true), Unplayed::Resigned(1));
        assert_eq!(withdrawal(1, true).codes(), None);
    }
}
