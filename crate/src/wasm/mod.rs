//! The browser's door into the crate: the only module that knows wasm-bindgen.
//!
//! Values that cross are small and copyable: cell indices (reading order
//! from a1), strings (moves, records, JSON snapshots) and typed arrays.
//! Nothing here may panic. Every error comes back to JavaScript as an `Error`
//! (`js_sys::Error`) whose message is `code: English sentence`; the code (the text before the
//! first colon) is stable, for the page to translate.
//!
//! One concern a file: [`table`] (the game at the table, both games), `fair`
//! (seeds and records), `clock` (the clock as people type it, the score
//! of a game ended early), `matchplay` (a match's score, record and verifier), `bot` (the
//! bots' moves and the trained weights), `split` (the top level's search split across
//! helper workers), `team` (the top level's search on several threads over
//! one shared memory), `review` (a game read for review), `analyzer` (the
//! analysis of a position, on helper threads too), `history` (the history page's list line and
//! replay), `tournament` (a tournament's file checked), `puzzle` (the
//! puzzle page's line played with the exact solver, its choices and its
//! rating on the device), and,
//! with the `bench` feature only, `bench` (perft, search and solve figures).
//!
//! Two packages are built from these (see the Makefile's `wasm`): with the
//! `page-exports` feature alone the page's (`www/pkg`: `table` and `fair`,
//! what the first board needs), with `bot-exports` alone the one the bots'
//! workers, the review, the history and match play load (`www/pkg-bot`:
//! `bot`, `review`, `analyzer`, `history`, `matchplay` and `clock`), so the search, the
//! evaluation, the analysis and match play stay out of the page's download.
//! A third, with `threads-exports` alone and WebAssembly threads (atomics,
//! one shared memory), is the top level's where the page is cross-origin
//! isolated (`www/pkg-threads`: `bot`, `team` and `analyzer`). A fourth, with
//! `trf-exports` alone, is the check of a tournament's file
//! (`www/pkg-trf`: `tournament`), which "Verify a game" loads only when a
//! file is a TRF. A fifth, with `puzzle-exports` alone, is the puzzle
//! page's worker's (`www/pkg-puzzle`: `puzzle`), which no other page loads.
//! The clock as people type it comes with the bots'
//! package, which the pages load only when they read a typed clock
//! (`www/core/clock-rules.js`): none of it is in the first board's
//! download, and the whole transfer counts that package once.

#[cfg(any(feature = "bot-exports", feature = "threads-exports"))]
mod analyzer;
#[cfg(feature = "bench")]
mod bench;
#[cfg(any(feature = "bot-exports", feature = "threads-exports"))]
mod bot;
#[cfg(feature = "bot-exports")]
mod clock;
#[cfg(feature = "page-exports")]
mod fair;
#[cfg(feature = "bot-exports")]
mod history;
#[cfg(feature = "bot-exports")]
mod matchplay;
#[cfg(any(feature = "bot-exports", feature = "threads-exports"))]
mod numbered;
#[cfg(feature = "puzzle-exports")]
mod puzzle;
#[cfg(feature = "bot-exports")]
mod review;
#[cfg(feature = "bot-exports")]
mod split;
#[cfg(feature = "page-exports")]
pub mod table;
#[cfg(feature = "threads-exports")]
mod team;
#[cfg(feature = "trf-exports")]
mod tournament;

/// The error JavaScript sees, a JavaScript `Error` whose message is
/// `code: message` (the tournament file's package's check answers every
/// text with a report; its clock functions throw this).
#[cfg(any(
    feature = "page-exports",
    feature = "bot-exports",
    feature = "threads-exports",
    feature = "trf-exports",
    feature = "puzzle-exports",
    feature = "bench"
))]
fn coded(code: &str, message: impl std::fmt::Display) -> js_sys::Error {
    js_sys::Error::new(&format!("{code}: {message}"))
}

/// A seed given in hex, or a coded `bad-seed` error.
#[cfg(any(
    feature = "page-exports",
    feature = "bot-exports",
    feature = "threads-exports"
))]
fn seed(seed_hex: &str) -> Result<crate::game::fairness::Seed, js_sys::Error> {
    seed_hex
        .parse()
        .map_err(|e: crate::game::fairness::SeedError| coded("bad-seed", e))
}

/// The Othello position given by its two disc masks (bit 0 = a1 … bit 63 =
/// h8) and the side to move, or a coded `bad-position` error.
#[cfg(any(
    feature = "bot-exports",
    feature = "threads-exports",
    feature = "bench"
))]
fn position(dark: u64, light: u64, dark_to_move: bool) -> Result<crate::Position, js_sys::Error> {
    let board = crate::Board::new(crate::Bitboard(dark), crate::Bitboard(light))
        .map_err(|e| coded("bad-position", e))?;
    let side = if dark_to_move {
        crate::Color::Dark
    } else {
        crate::Color::Light
    };
    Ok(crate::Position::new(board, side))
}

#[cfg(any(
    feature = "bot-exports",
    feature = "threads-exports",
    feature = "bench"
))]
thread_local! {
    /// The global object's `performance` (the window's or the worker's:
    /// both have one, and `js_sys::global` is whichever runs this thread),
    /// looked up once a thread.
    static PERFORMANCE: Option<web_sys::Performance> = js_sys::Reflect::get(
        &js_sys::global(),
        &wasm_bindgen::JsValue::from_str("performance"),
    )
    .ok()
    .and_then(|p| wasm_bindgen::JsCast::dyn_into::<web_sys::Performance>(p).ok());
}

/// The browser's monotonic clock in milliseconds (window or worker), from
/// web-sys's `Performance::now`; `Date.now()` where no `performance` is.
#[cfg(any(
    feature = "bot-exports",
    feature = "threads-exports",
    feature = "bench"
))]
fn browser_clock() -> f64 {
    PERFORMANCE.with(|p| p.as_ref().map_or_else(js_sys::Date::now, |p| p.now()))
}
