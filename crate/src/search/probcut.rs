//! ProbCut's fit of the deep score on the shallow one, per deep depth
//! (6..=12) and stage, on 600 positions. Made by `virada bench
//! --depth 1 --runs 1 --probcut-fit 600 crate/src/search/probcut.rs`
//! (docs/engine.md); rerun it when the evaluation changes.

use super::selective::{Fit, PROBCUT_BUCKETS};

pub(super) const FIT: [[Fit; PROBCUT_BUCKETS]; 7] = [
    // depth 6 from 2
    [
        Fit {
            n: 100,
            slope: 337,
            offset: 46,
            sigma: 118,
        },
        Fit {
            n: 100,
            slope: 980,
            offset: -27,
            sigma: 177,
        },
        Fit {
            n: 100,
            slope: 1145,
            offset: -19,
            sigma: 194,
        },
        Fit {
            n: 200,
            slope: 1044,
            offset: -70,
            sigma: 502,
        },
        Fit {
            n: 0,
            slope: 1024,
            offset: 0,
            sigma: 0,
        },
    ],
    // depth 7 from 3
    [
        Fit {
            n: 100,
            slope: 437,
            offset: 57,
            sigma: 105,
        },
        Fit {
            n: 100,
            slope: 1035,
            offset: 48,
            sigma: 179,
        },
        Fit {
            n: 100,
            slope: 2052,
            offset: 499,
            sigma: 707,
        },
        Fit {
            n: 200,
            slope: 1075,
            offset: 128,
            sigma: 434,
        },
        Fit {
            n: 0,
            slope: 1024,
            offset: 0,
            sigma: 0,
        },
    ],
    // depth 8 from 4
    [
        Fit {
            n: 100,
            slope: 575,
            offset: 32,
            sigma: 87,
        },
        Fit {
            n: 100,
            slope: 955,
            offset: 8,
            sigma: 173,
        },
        Fit {
            n: 100,
            slope: 1969,
            offset: -173,
            sigma: 646,
        },
        Fit {
            n: 200,
            slope: 1088,
            offset: 75,
            sigma: 410,
        },
        Fit {
            n: 0,
            slope: 1024,
            offset: 0,
            sigma: 0,
        },
    ],
    // depth 9 from 3
    [
        Fit {
            n: 100,
            slope: 424,
            offset: 42,
            sigma: 100,
        },
        Fit {
            n: 100,
            slope: 1036,
            offset: 48,
            sigma: 198,
        },
        Fit {
            n: 100,
            slope: 1937,
            offset: 419,
            sigma: 618,
        },
        Fit {
            n: 100,
            slope: 1031,
            offset: 140,
            sigma: 440,
        },
        Fit {
            n: 0,
            slope: 1024,
            offset: 0,
            sigma: 0,
        },
    ],
    // depth 10 from 4
    [
        Fit {
            n: 100,
            slope: 476,
            offset: 45,
            sigma: 87,
        },
        Fit {
            n: 100,
            slope: 1019,
            offset: 8,
            sigma: 180,
        },
        Fit {
            n: 100,
            slope: 1764,
            offset: -147,
            sigma: 507,
        },
        Fit {
            n: 100,
            slope: 1022,
            offset: 137,
            sigma: 416,
        },
        Fit {
            n: 0,
            slope: 1024,
            offset: 0,
            sigma: 0,
        },
    ],
    // depth 11 from 5
    [
        Fit {
            n: 100,
            slope: 509,
            offset: 23,
            sigma: 94,
        },
        Fit {
            n: 100,
            slope: 1081,
            offset: -14,
            sigma: 131,
        },
        Fit {
            n: 100,
            slope: 1938,
            offset: 382,
            sigma: 607,
        },
        Fit {
            n: 100,
            slope: 1022,
            offset: -31,
            sigma: 357,
        },
        Fit {
            n: 0,
            slope: 1024,
            offset: 0,
            sigma: 0,
        },
    ],
    // depth 12 from 6
    [
        Fit {
            n: 100,
            slope: 568,
            offset: 34,
            sigma: 82,
        },
        Fit {
            n: 100,
            slope: 1084,
            offset: 22,
            sigma: 121,
        },
        Fit {
            n: 100,
            slope: 1903,
            offset: -161,
            sigma: 582,
        },
        Fit {
            n: 100,
            slope: 1020,
            offset: 168,
            sigma: 363,
        },
        Fit {
            n: 0,
            slope: 1024,
            offset: 0,
            sigma: 0,
        },
    ],
];
