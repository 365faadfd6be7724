//! The `virada` binary's tests, one test binary (one module a subject): the
//! commands' output and arguments, `virada verify` on game and match
//! records, and `virada serve` and `virada load` over real sockets (the
//! site's files, the online table).

mod cli;
mod cli_swiss;
mod cli_verify;
mod deploy;
mod keys;
mod load;
mod match_record;
mod nabu_cli;
mod nboard;
mod online;
mod puzzles;
mod serve;
mod site;
mod train;

use std::io::{BufRead as _, BufReader};
use std::process::{Child, Command, Output};

/// `virada ARGS…` run to its end: its status and output.
fn virada(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_virada"))
        .args(args)
        .output()
        .expect("the binary runs")
}

/// What a command printed, standard output then standard error.
fn said(out: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    )
}

/// The port a `virada serve --port 0` child names in its first line
/// (`Serving ROOT on http://HOST:PORT/`).
fn served_port(child: &mut Child) -> u16 {
    let mut line = String::new();
    BufReader::new(child.stdout.take().expect("the server's stdout is piped"))
        .read_line(&mut line)
        .expect("read the server's first line");
    line.trim()
        .trim_end_matches('/')
        .rsplit(':')
        .next()
        .and_then(|p| p.parse().ok())
        .unwrap_or_else(|| panic!("no port in {line:?}"))
}
