//! The fit of the exact score on a shallow search's, per empties (10..=22;
//! below, unused), on 3940 positions of solved games. Made by `virada bench
//! --depth 1 --runs 1 --endcut-fit GAMES crate/src/engine/endgame/cut_fit.rs`,
//! GAMES from `virada train gen --solve-at 22` (docs/engine.md); rerun it
//! when the evaluation changes.

/// The fit of the exact score (discs) on a shallow search's (discs) at
/// some number of empties: exact ≈ slope × shallow + offset, σ about it.
#[derive(Clone, Copy, Debug)]
pub struct CutFit {
    /// The shallow search's depth, in plies.
    pub depth: u32,
    /// The exact score per shallow disc.
    pub slope: f64,
    /// The exact score at a shallow 0.
    pub offset: f64,
    /// The standard deviation of the exact score about the fit, in discs.
    pub sigma: f64,
}

/// Index: empties.
pub(super) const FIT: [CutFit; 23] = [
    CutFit {
        depth: 2,
        slope: 1.000,
        offset: 0.000,
        sigma: 0.000,
    },
    CutFit {
        depth: 2,
        slope: 1.000,
        offset: 0.000,
        sigma: 0.000,
    },
    CutFit {
        depth: 2,
        slope: 1.000,
        offset: 0.000,
        sigma: 0.000,
    },
    CutFit {
        depth: 2,
        slope: 1.000,
        offset: 0.000,
        sigma: 0.000,
    },
    CutFit {
        depth: 2,
        slope: 1.000,
        offset: 0.000,
        sigma: 0.000,
    },
    CutFit {
        depth: 2,
        slope: 1.000,
        offset: 0.000,
        sigma: 0.000,
    },
    CutFit {
        depth: 2,
        slope: 1.000,
        offset: 0.000,
        sigma: 0.000,
    },
    CutFit {
        depth: 2,
        slope: 1.000,
        offset: 0.000,
        sigma: 0.000,
    },
    CutFit {
        depth: 2,
        slope: 1.000,
        offset: 0.000,
        sigma: 0.000,
    },
    CutFit {
        depth: 2,
        slope: 1.000,
        offset: 0.000,
        sigma: 0.000,
    },
    CutFit {
        depth: 2,
        slope: 0.995,
        offset: -0.524,
        sigma: 5.348,
    },
    CutFit {
        depth: 2,
        slope: 1.002,
        offset: 0.474,
        sigma: 5.573,
    },
    CutFit {
        depth: 2,
        slope: 0.950,
        offset: -0.543,
        sigma: 6.085,
    },
    CutFit {
        depth: 2,
        slope: 0.976,
        offset: 0.942,
        sigma: 5.872,
    },
    CutFit {
        depth: 4,
        slope: 0.952,
        offset: 0.060,
        sigma: 5.337,
    },
    CutFit {
        depth: 4,
        slope: 0.989,
        offset: 1.437,
        sigma: 5.461,
    },
    CutFit {
        depth: 4,
        slope: 0.998,
        offset: -0.008,
        sigma: 5.444,
    },
    CutFit {
        depth: 4,
        slope: 1.014,
        offset: 1.643,
        sigma: 5.293,
    },
    CutFit {
        depth: 4,
        slope: 1.042,
        offset: -0.037,
        sigma: 5.440,
    },
    CutFit {
        depth: 4,
        slope: 0.996,
        offset: 1.385,
        sigma: 5.671,
    },
    CutFit {
        depth: 6,
        slope: 1.050,
        offset: 0.081,
        sigma: 4.764,
    },
    CutFit {
        depth: 6,
        slope: 1.012,
        offset: 1.338,
        sigma: 4.911,
    },
    CutFit {
        depth: 6,
        slope: 1.023,
        offset: 0.756,
        sigma: 4.708,
    },
];
