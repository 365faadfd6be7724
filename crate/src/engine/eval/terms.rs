//! The evaluation's scalar terms: what a stage weighs beside its pattern
//! tables, one number each, mover minus opponent.

use crate::board::movegen::moves;
use crate::board::stable;

/// How many scalar terms a stage weighs ([`Scalars`], [`terms`]).
pub const TERMS: usize = 6;

/// The per-stage weights that are not tables, in 1/100 disc per unit. The
/// last three are zero in tables that do not use them (every `VRDW1` and
/// `VRDW2` file), and the evaluation then does not compute them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Scalars {
    /// Per legal move of the mover more than the opponent's.
    pub mobility: i16,
    /// Per empty square next to an opponent disc, mover minus opponent.
    pub potential: i16,
    /// Per disc of the mover more than the opponent's.
    pub discs: i16,
    /// For an odd number of empties (the mover would play last if nobody
    /// passed), against an even one: +1 or −1.
    pub parity: i16,
    /// Per board quarter with an odd number of empties where the mover can
    /// play, less those where the opponent can.
    pub odd_regions: i16,
    /// Per stable disc ([`stable`]) of the mover more than the opponent's.
    pub stable: i16,
}

impl Scalars {
    /// The weights in the order of [`terms`].
    pub fn to_array(self) -> [i16; TERMS] {
        [
            self.mobility,
            self.potential,
            self.discs,
            self.parity,
            self.odd_regions,
            self.stable,
        ]
    }

    /// From weights in the order of [`terms`].
    pub fn from_array(a: [i16; TERMS]) -> Scalars {
        let [mobility, potential, discs, parity, odd_regions, stable] = a;
        Scalars {
            mobility,
            potential,
            discs,
            parity,
            odd_regions,
            stable,
        }
    }

    /// Whether any of the terms after the first three is weighed.
    pub(super) fn uses_extra(self) -> bool {
        self.parity != 0 || self.odd_regions != 0 || self.stable != 0
    }
}

/// The four quarters of the board.
const QUARTERS: [u64; 4] = [
    0x0000_0000_0f0f_0f0f,
    0x0000_0000_f0f0_f0f0,
    0x0f0f_0f0f_0000_0000,
    0xf0f0_f0f0_0000_0000,
];

/// The scalar terms of `p` to move against `o`, mover minus opponent, in
/// the order of [`Scalars`]; the last three only when `extra` (zero
/// otherwise).
pub fn terms(p: u64, o: u64, extra: bool) -> [i32; TERMS] {
    let [mobility, potential, discs] = base_terms(p, o);
    let [parity, odd_regions, stable] = if extra { extra_terms(p, o) } else { [0; 3] };
    [mobility, potential, discs, parity, odd_regions, stable]
}

/// Mobility, potential mobility and discs: the terms every table weighs.
#[inline(always)]
fn base_terms(p: u64, o: u64) -> [i32; 3] {
    let empties = !(p | o);
    let mobility = moves(p, o).count_ones() as i32 - moves(o, p).count_ones() as i32;
    let potential = frontier_empties(o, empties) - frontier_empties(p, empties);
    let discs = p.count_ones() as i32 - o.count_ones() as i32;
    [mobility, potential, discs]
}

/// Parity, odd regions and stable discs: the terms most tables leave out.
fn extra_terms(p: u64, o: u64) -> [i32; 3] {
    let empties = !(p | o);
    let (mp, mo) = (moves(p, o), moves(o, p));
    let parity = if empties.count_ones() % 2 == 1 { 1 } else { -1 };
    let mut odd_regions = 0;
    for q in QUARTERS {
        if (empties & q).count_ones() % 2 == 1 {
            odd_regions += i32::from(mp & q != 0) - i32::from(mo & q != 0);
        }
    }
    let stable = stable(p, o).count_ones() as i32 - stable(o, p).count_ones() as i32;
    [parity, odd_regions, stable]
}

impl Scalars {
    /// The weighted sum of `p`'s terms against `o`: the scalars' part of
    /// the evaluation. The last three terms are computed only when weighed
    /// (apart, so that the usual path stays as small as before them).
    #[inline(always)]
    pub(super) fn weigh(self, p: u64, o: u64) -> i32 {
        let [mobility, potential, discs] = base_terms(p, o);
        let mut total = i32::from(self.mobility) * mobility
            + i32::from(self.potential) * potential
            + i32::from(self.discs) * discs;
        if self.uses_extra() {
            total += self.weigh_extra(p, o);
        }
        total
    }

    #[inline(never)]
    fn weigh_extra(self, p: u64, o: u64) -> i32 {
        let [parity, odd_regions, stable] = extra_terms(p, o);
        i32::from(self.parity) * parity
            + i32::from(self.odd_regions) * odd_regions
            + i32::from(self.stable) * stable
    }
}

/// How many empty squares touch a disc of `x`: where `x`'s opponent may one
/// day move.
#[inline(always)]
pub(crate) fn frontier_empties(x: u64, empties: u64) -> i32 {
    const NOT_A: u64 = 0xfefe_fefe_fefe_fefe;
    const NOT_H: u64 = 0x7f7f_7f7f_7f7f_7f7f;
    let around = ((x << 1) & NOT_A)
        | ((x >> 1) & NOT_H)
        | (x << 8)
        | (x >> 8)
        | ((x << 9) & NOT_A)
        | ((x >> 9) & NOT_H)
        | ((x << 7) & NOT_H)
        | ((x >> 7) & NOT_A);
    (around & empties).count_ones() as i32
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Position;

    fn terms_of(pos: &Position) -> [i32; TERMS] {
        terms(pos.player().0, pos.opponent().0, true)
    }

    #[test]
    fn the_start_is_level_in_every_term_but_parity() {
        // 60 empties: even, so the opponent would play last.
        assert_eq!(terms_of(&Position::start()), [0, 0, 0, -1, 0, 0]);
        // Without the extra terms they are zero.
        let s = Position::start();
        assert_eq!(terms(s.player().0, s.opponent().0, false), [0; TERMS]);
    }

    #[test]
    fn after_f5_each_term_is_what_the_board_shows() {
        // Black played f5: White (d4) to move against d5, e4, e5, f5.
        let pos = Position::start().play("f5".parse().unwrap()).unwrap();
        let [mobility, _, discs, parity, odd_regions, stable] = terms_of(&pos);
        // White's d6, f4, f6 against Black's c3, d3, c4.
        assert_eq!(mobility, 0);
        assert_eq!(discs, 1 - 4);
        // 59 empties: the mover would play last.
        assert_eq!(parity, 1);
        // Empties by quarter: a1–d4 15, e1–h4 15, a5–d8 15, e5–h8 14.
        // White reaches two odd quarters (f4, d6), Black one (c3, d3, c4).
        assert_eq!(odd_regions, 2 - 1);
        assert_eq!(stable, 0);
    }

    #[test]
    fn odd_regions_count_only_odd_quarters_each_side_reaches() {
        // One empty square in the a1 quarter (a1), the rest full except
        // two in the h8 quarter (g8, h8): the mover reaches a1 only.
        let empties = 1u64 | (1 << 62) | (1 << 63);
        let o = 1u64 << 1 | 1 << 9 | 1 << 8; // b1, b2, a2
        let p = !empties & !o;
        let [_, _, _, parity, odd_regions, stable] = terms(p, o, true);
        assert_eq!(parity, 1, "three empties");
        // Only the a1 quarter is odd; the mover can play a1, the opponent
        // cannot (it has nothing to flank).
        assert_eq!(odd_regions, 1);
        assert!(stable > 0, "the mover holds corners and full lines");
    }

    #[test]
    fn stable_discs_count_mover_minus_opponent() {
        // The mover holds a1, b1, c1 on the edge; the opponent one inner disc.
        let p = 0b111u64;
        let o = 1u64 << 27;
        assert_eq!(terms(p, o, true)[5], 3);
        assert_eq!(terms(o, p, true)[5], -3);
    }

    #[test]
    fn scalars_round_trip_through_their_array() {
        let a = [1, -2, 3, -4, 5, -6];
        assert_eq!(Scalars::from_array(a).to_array(), a);
        assert!(Scalars::from_array(a).uses_extra());
        assert!(!Scalars::from_array([1, 2, 3, 0, 0, 0]).uses_extra());
    }
}
