//! The fit of the exact score on a shallow search's, per empties (10..=22;
//! below, unused), on 3919 positions of solved games. Made by `virada bench
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
        slope: 0.983,
        offset: -0.036,
        sigma: 6.899,
    },
    CutFit {
        depth: 2,
        slope: 0.974,
        offset: 0.916,
        sigma: 7.088,
    },
    CutFit {
        depth: 2,
        slope: 0.899,
        offset: -0.815,
        sigma: 6.802,
    },
    CutFit {
        depth: 2,
        slope: 0.906,
        offset: 1.604,
        sigma: 6.936,
    },
    CutFit {
        depth: 4,
        slope: 0.903,
        offset: -0.385,
        sigma: 6.367,
    },
    CutFit {
        depth: 4,
        slope: 0.920,
        offset: 2.076,
        sigma: 6.532,
    },
    CutFit {
        depth: 4,
        slope: 0.941,
        offset: -0.375,
        sigma: 5.839,
    },
    CutFit {
        depth: 4,
        slope: 0.972,
        offset: 1.983,
        sigma: 5.635,
    },
    CutFit {
        depth: 4,
        slope: 0.992,
        offset: 0.300,
        sigma: 5.604,
    },
    CutFit {
        depth: 4,
        slope: 1.013,
        offset: 1.580,
        sigma: 5.748,
    },
    CutFit {
        depth: 6,
        slope: 1.006,
        offset: 0.509,
        sigma: 5.371,
    },
    CutFit {
        depth: 6,
        slope: 1.042,
        offset: 1.775,
        sigma: 5.230,
    },
    CutFit {
        depth: 6,
        slope: 1.034,
        offset: 0.655,
        sigma: 5.669,
    },
];
