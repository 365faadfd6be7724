//! `virada swiss`: the next round of a Swiss tournament by FIDE's Dutch
//! system from its TRF (`pair`), the check of a finished one (`check`), and
//! the comparison with bbpPairings built apart (`spar`, not part of
//! `make test`: the program is not there on CI).

use clap::Subcommand;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use virada::tournament::{
    arena_breaches, breaches, check_rounds, is_arena, pair_next_round, Pair, Trf, MAX_TRF_BYTES,
};

mod spar;

/// The subcommands of `virada swiss`.
#[derive(Subcommand)]
pub enum Command {
    /// Pair the round after the file's last, as bbpPairings `--dutch -p`
    /// writes it: the number of pairs, then `WHITE BLACK` a line, a bye as
    /// `ID 0`.
    Pair {
        /// The tournament's TRF.
        file: PathBuf,
        /// Where to write the pairs (standard output without it).
        #[arg(short = 'p', long = "pairings")]
        out: Option<PathBuf>,
    },
    /// Re-pair every round from the results before it and say whether the
    /// pairings played were the Dutch system's, and whether any absolute
    /// criterion is broken; an arena's file (`092 Individual: Arena`), each
    /// wave against the arena's rules. Exits 0 only when all agree.
    Check {
        /// The tournament's TRF.
        file: PathBuf,
    },
    /// Compare with bbpPairings: random tournaments from its generator,
    /// each round paired by both, pair by pair and colour by colour.
    Spar(spar::Args),
}

/// Runs one subcommand.
pub fn run(command: Command) -> Result<ExitCode, String> {
    match command {
        Command::Pair { file, out } => {
            let trf = read_trf(&file)?;
            let pairs = pair_next_round(&trf)
                .map_err(|e| format!("{}: {e} [{}]", file.display(), e.code()))?;
            let text = write_pairs(&pairs);
            match out {
                Some(path) => std::fs::write(&path, text)
                    .map_err(|e| format!("cannot write {}: {e}", path.display()))?,
                None => {
                    let _ = std::io::stdout().write_all(text.as_bytes());
                }
            }
            Ok(ExitCode::SUCCESS)
        }
        Command::Check { file } => {
            let text = read_text(&file)?;
            let trf =
                Trf::parse(&text).map_err(|e| format!("{}: {e} [{}]", file.display(), e.code()))?;
            let (signed, said) = signature_report(&text);
            let (ok, report) = check_report(&trf)?;
            let _ = std::io::stdout().write_all(said.as_bytes());
            let _ = std::io::stdout().write_all(report.as_bytes());
            Ok(if ok && signed {
                ExitCode::SUCCESS
            } else {
                ExitCode::from(1)
            })
        }
        Command::Spar(args) => spar::run(args),
    }
}

/// What the file's signature line says (`XXK`, a tournament's TRF signed
/// by its server), and `false` when a signature is there and does not hold.
fn signature_report(text: &str) -> (bool, String) {
    use virada::tournament::{signature_holds, signed_trf, SignedTrf};
    match signed_trf(text) {
        SignedTrf::Unsigned => (true, "unsigned\n".into()),
        SignedTrf::Malformed => (false, "the signature line is malformed\n".into()),
        SignedTrf::Signed {
            body,
            key,
            signature,
        } => {
            let key_hex: String = key.iter().map(|b| format!("{b:02x}")).collect();
            match signature_holds(body, &key, &signature) {
                Some(true) => (true, format!("signed by {key_hex}: the signature holds\n")),
                _ => (
                    false,
                    format!("signed by {key_hex}: the signature does not hold (the file was changed after it was signed)\n"),
                ),
            }
        }
    }
}

/// Reads and parses a TRF file.
pub fn read_trf(path: &Path) -> Result<Trf, String> {
    let text = read_text(path)?;
    Trf::parse(&text).map_err(|e| format!("{}: {e} [{}]", path.display(), e.code()))
}

/// Reads a TRF file's text.
fn read_text(path: &Path) -> Result<String, String> {
    let bytes = std::fs::read(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    if bytes.len() > MAX_TRF_BYTES {
        return Err(format!("{}: over {MAX_TRF_BYTES} bytes", path.display()));
    }
    String::from_utf8(bytes).map_err(|e| {
        format!(
            "{} is not UTF-8 (byte {})",
            path.display(),
            e.utf8_error().valid_up_to()
        )
    })
}

/// The pairs in bbpPairings' output form.
pub fn write_pairs(pairs: &[Pair]) -> String {
    let mut text = format!("{}\n", pairs.len());
    for p in pairs {
        text.push_str(&format!("{} {}\n", p.white, p.black.unwrap_or(0)));
    }
    text
}

fn show(pairs: &[Pair]) -> String {
    pairs
        .iter()
        .map(|p| format!("{}-{}", p.white, p.black.unwrap_or(0)))
        .collect::<Vec<_>>()
        .join(" ")
}

/// The text `virada swiss check` prints, and whether everything agreed.
pub fn check_report(trf: &Trf) -> Result<(bool, String), String> {
    if is_arena(trf) {
        return Ok(arena_report(trf));
    }
    let mut ok = true;
    let mut out = String::new();
    for r in check_rounds(trf) {
        if r.agrees() {
            out.push_str(&format!("round {}: the Dutch system's pairing\n", r.round));
            continue;
        }
        ok = false;
        match &r.expected {
            Ok(exp) => out.push_str(&format!(
                "round {}: not the Dutch system's pairing\n  played: {}\n  Dutch:  {}\n",
                r.round,
                show(&r.played),
                show(exp)
            )),
            Err(e) => out.push_str(&format!(
                "round {}: cannot be re-paired: {e} [{}]\n",
                r.round,
                e.code()
            )),
        }
    }
    let broken = breaches(trf).map_err(|e| format!("{e} [{}]", e.code()))?;
    for b in &broken {
        ok = false;
        out.push_str(&format!("absolute criterion broken: {b}\n"));
    }
    if broken.is_empty() {
        out.push_str("no absolute criterion broken\n");
    }
    out.push_str(if ok {
        "every round is the Dutch system's pairing\n"
    } else {
        "some rounds are not the Dutch system's pairing\n"
    });
    Ok((ok, out))
}

/// An arena's file: its waves are paired as players come free, not by the
/// Dutch system, so each is checked against the arena's rules (A2).
fn arena_report(trf: &Trf) -> (bool, String) {
    let broken = arena_breaches(trf);
    let mut out = String::new();
    for wave in 1..=trf.played_rounds() {
        let here: Vec<String> = broken
            .iter()
            .map(ToString::to_string)
            .filter(|b| b.starts_with(&format!("wave {wave}:")))
            .collect();
        if here.is_empty() {
            out.push_str(&format!(
                "wave {wave}: an arena's pairing, nobody meeting the same opponent twice in a row, white to whoever had fewer whites\n"
            ));
        }
        for b in here {
            out.push_str(&format!("arena rule broken: {b}\n"));
        }
    }
    let ok = broken.is_empty();
    out.push_str(if ok {
        "an arena: every wave keeps the arena's rules\n"
    } else {
        "an arena: some waves break the arena's rules\n"
    });
    (ok, out)
}
