//! ProbCut's fit of the deep score on the shallow one, per deep depth
//! (6..=12) and stage, on 600 positions. Made by `virada bench
//! --depth 1 --runs 1 --probcut-fit 600 crate/src/engine/search/probcut.rs`
//! (docs/engine.md); rerun it when the evaluation changes.

use super::fit::{Fit, PROBCUT_BUCKETS};

pub(super) const FIT: [[Fit; PROBCUT_BUCKETS]; 7] = [
    // depth 6 from 2
    [
        Fit {
            n: 100,
            slope: 249,
            offset: 23,
            sigma: 156,
        },
        Fit {
            n: 100,
            slope: 1420,
            offset: -112,
            sigma: 310,
        },
        Fit {
            n: 100,
            slope: 1173,
            offset: -83,
            sigma: 370,
        },
        Fit {
            n: 200,
            slope: 1050,
            offset: -53,
            sigma: 457,
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
            slope: 451,
            offset: 169,
            sigma: 125,
        },
        Fit {
            n: 100,
            slope: 1414,
            offset: 100,
            sigma: 313,
        },
        Fit {
            n: 100,
            slope: 1152,
            offset: 54,
            sigma: 336,
        },
        Fit {
            n: 200,
            slope: 1090,
            offset: 98,
            sigma: 408,
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
            slope: 564,
            offset: -20,
            sigma: 115,
        },
        Fit {
            n: 100,
            slope: 1257,
            offset: -1,
            sigma: 274,
        },
        Fit {
            n: 100,
            slope: 1105,
            offset: 30,
            sigma: 321,
        },
        Fit {
            n: 200,
            slope: 1080,
            offset: 37,
            sigma: 382,
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
            slope: 451,
            offset: 186,
            sigma: 125,
        },
        Fit {
            n: 100,
            slope: 1435,
            offset: 113,
            sigma: 352,
        },
        Fit {
            n: 100,
            slope: 1132,
            offset: 31,
            sigma: 355,
        },
        Fit {
            n: 100,
            slope: 1078,
            offset: 2,
            sigma: 360,
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
            slope: 484,
            offset: -31,
            sigma: 126,
        },
        Fit {
            n: 100,
            slope: 1332,
            offset: 29,
            sigma: 328,
        },
        Fit {
            n: 100,
            slope: 1019,
            offset: 73,
            sigma: 304,
        },
        Fit {
            n: 100,
            slope: 1059,
            offset: 96,
            sigma: 331,
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
            slope: 601,
            offset: 149,
            sigma: 132,
        },
        Fit {
            n: 100,
            slope: 1044,
            offset: -6,
            sigma: 270,
        },
        Fit {
            n: 100,
            slope: 987,
            offset: 4,
            sigma: 311,
        },
        Fit {
            n: 100,
            slope: 1043,
            offset: -29,
            sigma: 295,
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
            slope: 572,
            offset: -44,
            sigma: 120,
        },
        Fit {
            n: 100,
            slope: 1114,
            offset: 64,
            sigma: 244,
        },
        Fit {
            n: 100,
            slope: 983,
            offset: 107,
            sigma: 256,
        },
        Fit {
            n: 100,
            slope: 1028,
            offset: 95,
            sigma: 280,
        },
        Fit {
            n: 0,
            slope: 1024,
            offset: 0,
            sigma: 0,
        },
    ],
];
