//! The shape of ProbCut's fit, per stage: what `probcut.rs`'s generated
//! table holds and `selective.rs` reads. A leaf.

/// Stages of the fit: empties 50 and more, 40–49, 30–39, 20–29, fewer.
pub const PROBCUT_BUCKETS: usize = 5;

/// A fit of the deep score on the shallow one.
#[derive(Clone, Copy, Debug)]
pub struct Fit {
    /// Positions it was fitted on.
    pub n: u32,
    /// The deep score per shallow point, in 1/1024.
    pub slope: i32,
    /// The deep score at a shallow 0 (evaluation units).
    pub offset: i32,
    /// The standard deviation of the deep score about the fit.
    pub sigma: i32,
}
