//! `virada verify FILE`: the same checks as the page's "Verify a game".

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
    let limit = virada::record::MAX_BYTES as u64 + 1;
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
    let report = virada::record::verify_text(&text);
    let out = if args.json {
        format!("{}\n", report.to_json())
    } else {
        let last = if report.all_passed() {
            "all checks passed"
        } else {
            "some checks failed"
        };
        format!("{report}{last}\n")
    };
    // A closed pipe (`| head`) is not an error worth a panic.
    let _ = std::io::stdout().write_all(out.as_bytes());
    Ok(if report.all_passed() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}
