//! The Dutch system's criteria as one number an edge: each criterion of
//! C.04.3 a field of bits, the more important ones higher, so a
//! maximum-weight matching of the players honours them in order: first the
//! absolute criteria and completion (C1–C4, an edge or none), then the pairs
//! and scores paired in the bracket (C5–C6) and in the next (C7), the
//! bye assignee's unplayed games (C9), the colour criteria (C10–C13), the
//! repeated floats and their scores (C14–C21). The lowest fields are left
//! for the bracket's own order: which players go to S1 and S2, and the
//! transpositions and exchanges (B.3).

use super::state::{Entrant, Float, State};
use super::wide::Wide;
use std::collections::HashMap;

/// The number of bits `x` needs.
pub(crate) fn bits(x: usize) -> u32 {
    usize::BITS - x.leading_zeros()
}

/// What the fields' widths depend on: the score groups of the round.
pub(crate) struct Layout {
    /// Bits a field counting players of one score group needs.
    pub size_bits: u32,
    /// Bits of a field with one sub-field a score group.
    pub groups_bits: u32,
    /// Where each score's sub-field starts.
    pub shift: HashMap<u32, u32>,
    /// The bye assignee's score, and whether C9 applies this bracket.
    pub bye_score: u32,
    /// Whether the bracket's one downfloater is the bye assignee.
    pub single_downfloater_bye: bool,
    /// Rank of a number of played games among the bye assignee's group.
    pub unplayed_rank: HashMap<u32, u32>,
}

impl Layout {
    /// The layout of the players to pair, sorted best first.
    pub fn new(sorted: &[&Entrant]) -> Layout {
        let mut shift = HashMap::new();
        let mut groups_bits = 0;
        let mut largest = 0;
        let mut i = sorted.len();
        while i > 0 {
            let score = sorted[i - 1].score;
            let mut j = i;
            while j > 0 && sorted[j - 1].score == score {
                j -= 1;
            }
            let size = i - j;
            shift.insert(score, groups_bits);
            groups_bits += bits(size);
            largest = largest.max(size);
            i = j;
        }
        Layout {
            size_bits: bits(largest),
            groups_bits,
            shift,
            bye_score: 0,
            single_downfloater_bye: false,
            unplayed_rank: HashMap::new(),
        }
    }

    /// The total bits of an edge's weight below its completion field.
    pub fn total_bits(&self, played: usize) -> u32 {
        let (sb, s) = (self.size_bits, self.groups_bits);
        let mut t = sb + s + sb + s + 2 * sb + 4 * sb;
        if played > 0 {
            t += 2 * sb + 2 * s;
        }
        if played > 1 {
            t += 2 * sb + 2 * s;
        }
        t + 3 * sb + 1
    }

    /// The weight above every edge's: what a pair fixed for good gets.
    pub fn max_weight(&self, played: usize) -> Wide {
        Wide::from_u64(1)
            .shl(self.total_bits(played) + 2)
            .sub(&Wide::from_u64(1))
    }

    fn bit_of(&self, score: u32) -> Wide {
        Wide::from_u64(1).shl(self.shift[&score])
    }
}

/// Whether two players may meet (C1 no rematch, C3 no two non-topscorers
/// with the same absolute preference).
pub(crate) fn compatible(st: &State, a: &Entrant, b: &Entrant) -> bool {
    if a.met.contains(&b.id) {
        return false;
    }
    !a.absolute() || !b.absolute() || a.pref != b.pref || st.topscorer(a) || st.topscorer(b)
}

fn bye_candidate(e: &Entrant, bye_score: u32) -> bool {
    e.bye_eligible && e.score <= bye_score
}

/// Appends a field of `width` bits holding `value`.
fn push(w: &mut Wide, width: u32, value: Wide) {
    *w = w.shl(width).add(&value);
}

fn one(b: bool) -> Wide {
    Wide::from_u64(u64::from(b))
}

/// The weight of pairing `hi` (the better placed) with `lo`, for the
/// bracket where `lo` is in the current bracket (`in_current`) or in the
/// next (`in_next`); zero when they may not meet.
pub(crate) fn edge(
    st: &State,
    lay: &Layout,
    hi: &Entrant,
    lo: &Entrant,
    in_current: bool,
    in_next: bool,
) -> Wide {
    if !compatible(st, hi, lo) {
        return Wide::ZERO;
    }
    let (sb, s) = (lay.size_bits, lay.groups_bits);
    let mut w = Wide::from_u64(
        1 + u64::from(!bye_candidate(hi, lay.bye_score))
            + u64::from(!bye_candidate(lo, lay.bye_score)),
    );
    // C5, C6: pairs and scores paired in this bracket.
    push(&mut w, sb, one(in_current));
    push(
        &mut w,
        s,
        if in_current {
            lay.bit_of(hi.score)
        } else {
            Wide::ZERO
        },
    );
    // C7: pairs and scores in the next bracket.
    push(&mut w, sb, one(in_next));
    push(
        &mut w,
        s,
        if in_next {
            lay.bit_of(hi.score)
        } else {
            Wide::ZERO
        },
    );
    // C9: the bye assignee's unplayed games.
    let mut c9 = 0;
    if lay.single_downfloater_bye {
        for p in [hi, lo] {
            if p.score == lay.bye_score {
                c9 += u64::from(lay.unplayed_rank[&p.played_games]);
            }
        }
    }
    push(&mut w, 2 * sb, Wide::from_u64(c9));
    // C10–C13: colours.
    let (p, o) = (lo, hi);
    let m = in_current;
    let abs_imb = |e: &Entrant| e.imbalance > 1;
    push(
        &mut w,
        sb,
        one(m && (!abs_imb(p) || !abs_imb(o) || p.pref != o.pref)),
    );
    let second = !p.absolute()
        || !o.absolute()
        || p.pref != o.pref
        || if p.imbalance == o.imbalance {
            p.repeated.is_none() || p.repeated != o.repeated
        } else {
            let less = if p.imbalance > o.imbalance { o } else { p };
            less.repeated != p.pref.map(|c| c.other())
        };
    push(&mut w, sb, one(m && second));
    push(
        &mut w,
        sb,
        one(m && (p.pref != o.pref || p.pref.is_none() || o.pref.is_none())),
    );
    let weak = |e: &Entrant| !e.strong && !e.absolute();
    let fourth = weak(p) || weak(o) || (p.absolute() && o.absolute()) || p.pref != o.pref;
    push(&mut w, sb, one(m && fourth));
    // C14–C17: the same float as one and two rounds before.
    for back in [1, 2] {
        if st.played < back {
            continue;
        }
        let down = u64::from(st.float(lo, back) == Float::Down)
            + u64::from(hi.score <= lo.score && st.float(hi, back) == Float::Down);
        push(
            &mut w,
            sb,
            if m { Wide::from_u64(down) } else { Wide::ZERO },
        );
        let up = !(hi.score > lo.score && st.float(lo, back) == Float::Up);
        push(&mut w, sb, one(m && up));
    }
    // C18–C21: their scores.
    for back in [1, 2] {
        if st.played < back {
            continue;
        }
        let mut down = Wide::ZERO;
        if m {
            if st.float(lo, back) == Float::Down {
                down = down.add(&lay.bit_of(lo.score));
            }
            if st.float(hi, back) == Float::Down {
                down = down.add(&lay.bit_of(hi.score));
            }
        }
        push(&mut w, s, down);
        let up = m && !(st.float(lo, back) == Float::Up && hi.score > lo.score);
        push(
            &mut w,
            s,
            if up { lay.bit_of(hi.score) } else { Wide::ZERO },
        );
    }
    // Room for the bracket's order (S1, S2, exchanges) and one bit to test.
    w.shl(3 * sb + 1)
}

/// The weight that finds the bye assignee's score: compatible pairs,
/// bye-ineligible players first, the higher scores paired.
pub(crate) fn bye_finder(st: &State, lay: &Layout, top: u32, a: &Entrant, b: &Entrant) -> Wide {
    if !compatible(st, a, b) {
        return Wide::ZERO;
    }
    let mut w = Wide::from_u64(1 + u64::from(!a.bye_eligible) + u64::from(!b.bye_eligible));
    let sum = u64::from(lay.shift[&a.score] + lay.shift[&b.score]);
    push(&mut w, lay.groups_bits, Wide::from_u64(sum));
    push(&mut w, lay.size_bits, one(a.score >= top));
    w
}
