//! The colours of a pair (C.04.3's colour allocation rules) and the
//! published order of the boards.

use super::entry::{Colour, Pair};
use super::state::{Entrant, State};

/// The colours of a pair (E.1–E.5): both preferences granted when they
/// differ; else the stronger preference; else alternate from the last
/// round they differed; else the higher ranked player's preference, or,
/// with none, the colour the top seed had in round 1 alternated by rank.
pub(crate) fn colour_of(st: &State, a: &Entrant, b: &Entrant) -> Colour {
    if let Some(c) = neutral_colour(a, b) {
        return c;
    }
    // `a` ranks below `b`?
    let a_lower = (a.score, std::cmp::Reverse(a.rank)) < (b.score, std::cmp::Reverse(b.rank));
    let initial = st.initial;
    match a.pref {
        None => {
            if a_lower {
                if b.rank % 2 == 1 {
                    initial
                } else {
                    initial.other()
                }
            } else if a.rank % 2 == 1 {
                initial.other()
            } else {
                initial
            }
        }
        Some(p) => {
            if a_lower {
                b.pref.map_or(p, Colour::other)
            } else {
                p
            }
        }
    }
}

fn neutral_colour(a: &Entrant, b: &Entrant) -> Option<Colour> {
    if a.pref != b.pref || a.pref.is_none() {
        return a.pref.or(b.pref.map(Colour::other));
    }
    let pref = a.pref?;
    if a.absolute() && (a.imbalance > b.imbalance || !b.absolute()) {
        return Some(pref);
    }
    if b.absolute() && (b.imbalance > a.imbalance || !a.absolute()) {
        return Some(pref.other());
    }
    if a.strong && !b.strong {
        return Some(pref);
    }
    if b.strong && !a.strong {
        return Some(pref.other());
    }
    // The last round in which their colours differed.
    let ca: Vec<Colour> = a
        .games
        .iter()
        .filter(|g| g.played())
        .filter_map(|g| g.colour)
        .collect();
    let cb: Vec<Colour> = b
        .games
        .iter()
        .filter(|g| g.played())
        .filter_map(|g| g.colour)
        .collect();
    ca.iter()
        .rev()
        .zip(cb.iter().rev())
        .find(|(x, y)| x != y)
        .map(|(_, y)| *y)
}

/// The published order: boards by the higher player's score, then the
/// lower's, then the higher's place; the bye last.
pub(crate) fn sort_boards(st: &State, pairs: &mut [Pair]) {
    let key = |p: &Pair| {
        let w = st.by_id(p.white).expect("a paired player");
        let (hi, lo) = match p.black.and_then(|b| st.by_id(b)) {
            Some(b) => {
                if (w.score, std::cmp::Reverse(w.rank)) < (b.score, std::cmp::Reverse(b.rank)) {
                    (b, w)
                } else {
                    (w, b)
                }
            }
            None => (w, w),
        };
        (
            p.black.is_none(),
            std::cmp::Reverse(hi.score),
            std::cmp::Reverse(lo.score),
            hi.rank,
        )
    };
    pairs.sort_by_key(key);
}
