//! `virada keygen FILE`: a new signing key in FILE and a new push key in
//! `FILE.push` beside it, each readable by its owner only (0600), before
//! the server first starts: `virada serve --key-file FILE` then reads them
//! (`FILE.push` is where it looks for the push key by default), and so do
//! the servers sharing one Redis, or a unit that passes them through
//! systemd's credentials. A key is never overwritten: FILE existing is an
//! error, and a `FILE.push` already there is kept.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use super::keys::{fresh_signing_secret, signing_public_hex, write_secret};
use super::push::fresh_secret;

/// Arguments of `virada keygen`.
#[derive(clap::Args)]
pub struct KeygenArgs {
    /// The signing key's file to make (it must not exist); the push key
    /// goes to FILE.push beside it.
    file: PathBuf,
}

/// Runs `virada keygen`: says the public key and the files made.
pub fn run_keygen(args: KeygenArgs) -> Result<ExitCode, String> {
    let made = keygen(&args.file)?;
    println!(
        "Signing key: {} (public {})",
        args.file.display(),
        made.public
    );
    let push = made.push.display();
    if made.push_kept {
        println!("Push key: {push} (there already, kept)");
    } else {
        println!("Push key: {push}");
    }
    Ok(ExitCode::SUCCESS)
}

/// What [`keygen`] made.
pub struct Made {
    /// The signing key's public half, 64 hex characters (what `/api/key`
    /// will say).
    pub public: String,
    /// The push key's file.
    pub push: PathBuf,
    /// Whether the push key's file was there already (and kept).
    pub push_kept: bool,
}

/// Writes a new signing key to `file` and, unless one is there, a new push
/// key to `file.push`, both owner-only; `file` existing is an error.
pub fn keygen(file: &Path) -> Result<Made, String> {
    let secret = fresh_signing_secret()?;
    write_secret(file, &secret)?;
    let mut push = file.as_os_str().to_owned();
    push.push(".push");
    let push = PathBuf::from(push);
    let push_kept = if push.exists() {
        true
    } else {
        write_secret(&push, &fresh_secret()?)?;
        false
    };
    Ok(Made {
        public: signing_public_hex(&secret),
        push,
        push_kept,
    })
}
