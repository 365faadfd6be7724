//! `virada verify FILE`: the same checks as the page's "Verify a game", for
//! a game record or a match record (V1).

use std::io::{Read, Write};
use std::path::PathBuf;
use std::process::ExitCode;

/// Arguments of `virada verify`.
#[derive(clap::Args)]
pub struct Args {
    /// The record to check; `-` reads standard input.
    file: PathBuf,
    /// Print the checks as JSON (codes and parameters) instead of text.
    #[arg(long)]
    json: bool,
}

/// Prints one line a check; exits 0 when every check passed, 1 otherwise.
pub fn run(args: Args) -> Result<ExitCode, String> {
    // A match record holds many games: read up to its limit, each reader
    // then refuses what is too large for it.
    let limit = virada::record::MAX_BYTES.max(virada::record::MAX_MATCH_BYTES) as u64 + 1;
    let mut bytes = Vec::new();
    let read = if args.file.as_os_str() == "-" {
        std::io::stdin().take(limit).read_to_end(&mut bytes)
    } else {
        std::fs::File::open(&args.file).and_then(|f| f.take(limit).read_to_end(&mut bytes))
    };
    read.map_err(|e| format!("cannot read {}: {e}", args.file.display()))?;
    let text = String::from_utf8(bytes).map_err(|e| {
        format!(
            "{} is not UTF-8 text (byte {})",
            args.file.display(),
            e.utf8_error().valid_up_to()
        )
    })?;
    let (ok, json, lines) = if virada::record::is_match(&text) {
        let report = virada::record::verify_match_text(&text);
        (report.all_passed(), report.to_json(), report.to_string())
    } else {
        let report = virada::record::verify_text(&text);
        (report.all_passed(), report.to_json(), report.to_string())
    };
    let out = if args.json {
        format!("{json}\n")
    } else {
        let last = if ok {
            "all checks passed"
        } else {
            "some checks failed"
        };
        format!("{lines}{last}\n")
    };
    // A closed pipe (`| head`) is not an error worth a panic.
    let _ = std::io::stdout().write_all(out.as_bytes());
    Ok(if ok {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}
