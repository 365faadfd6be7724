//! The `virada` binary's tests, one test binary (one module a subject): the
//! commands' output and arguments, `virada verify` on game and match
//! records, and `virada serve` and `virada load` over real sockets (the
//! site's files, the online table).

mod cli;
mod cli_verify;
mod load;
mod match_record;
mod nabu_cli;
mod nboard;
mod online;
mod serve;
mod train;
