//! The library's integration tests, one test binary (one module a subject):
//! rules, notations, records, fair play, the engine, and the docs' links and paths.

mod bot;
mod common;
mod docs_links;
mod docs_paths;
mod endgame;
mod fairness_vectors;
mod match_signed;
mod nabu_games;
mod nabu_rules;
mod nabu_slow;
mod notation;
mod perft;
mod record;
mod record_clock;
mod record_files;
mod record_handicap;
mod record_resign;
mod record_tournament;
mod record_v2;
mod record_v3;
mod record_v4;
#[cfg(feature = "serde")]
mod serde_roundtrip;
mod swiss;
mod swiss_files;
mod table_clock;
mod table_nabu_clock;
mod table_property;
mod tournaments;
