//! Which build this is: the package's version and the git commit it was
//! built from (captured by `server/build.rs`, `unknown` without git), as
//! `virada --version` says it and `virada_build_info` exports it.

/// The package's version (`Cargo.toml`).
pub const VERSION: &str = env!("CARGO_PKG_VERSION");

/// The git commit built (12 hex digits), or `unknown`.
pub const COMMIT: &str = env!("VIRADA_COMMIT");

/// `0.1.0 (commit 1d32e88f0a1b)`, as `virada --version` says it.
pub const LONG: &str = concat!(
    env!("CARGO_PKG_VERSION"),
    " (commit ",
    env!("VIRADA_COMMIT"),
    ")"
);
