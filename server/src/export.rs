//! `virada site export DIR`: the folder an operator deploys. It copies
//! from the site's root (the repository after `make wasm`) exactly what
//! `virada serve` would serve there (serve/site.rs): `sw.js`, every file
//! its `SITE_FILES` lists, `robots.txt`, and the whole folder of each
//! listed wasm module (the generated packages, their `site-version.js`
//! and data files), hidden files left out. A listed file that is missing
//! (a package not built) stops it before anything is written; DIR must be
//! new or empty, so that no file of an older site is left in it.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use crate::serve::site::{read, ALWAYS, WORKER};

/// `virada site …`.
#[derive(clap::Subcommand)]
pub enum SiteCommand {
    /// Copy the site (what its sw.js lists, and the wasm packages' folders)
    /// from ROOT into DIR: the folder `virada serve --root` is given on
    /// the server.
    Export(ExportArgs),
}

/// Arguments of `virada site export`.
#[derive(clap::Args)]
pub struct ExportArgs {
    /// The folder to write: new, or empty.
    dir: PathBuf,
    /// The site's root: the repository, after `make wasm`.
    #[arg(long, default_value = ".")]
    root: PathBuf,
}

/// Runs `virada site …`.
pub fn run(command: SiteCommand) -> Result<ExitCode, String> {
    match command {
        SiteCommand::Export(args) => {
            let (files, bytes) = export(&args.root, &args.dir)?;
            println!(
                "Exported {files} files ({} KiB) from {} into {}",
                bytes.div_ceil(1024),
                args.root.display(),
                args.dir.display()
            );
            Ok(ExitCode::SUCCESS)
        }
    }
}

/// Copies the site under `root` into `dir`; the files and bytes copied.
pub fn export(root: &Path, dir: &Path) -> Result<(usize, u64), String> {
    let root = root
        .canonicalize()
        .map_err(|e| format!("cannot read the site's root {}: {e}", root.display()))?;
    let worker = root.join(WORKER);
    if !worker.is_file() {
        return Err(format!(
            "no {WORKER} in {}: the site's root is the repository (after `make wasm`)",
            root.display()
        ));
    }
    let allowed = read(&worker)?;
    let mut copies: Vec<String> = Vec::new();
    let mut missing = Vec::new();
    for file in allowed.files() {
        let inside = allowed
            .folders()
            .iter()
            .any(|f| file.starts_with(f.as_str()));
        if inside {
            continue;
        }
        match fs::metadata(root.join(file)) {
            Ok(meta) if meta.is_file() => copies.push(file.to_owned()),
            _ if ALWAYS.contains(&file) => {}
            _ => missing.push(file.to_owned()),
        }
    }
    for folder in allowed.folders() {
        let at = root.join(folder);
        if !at.is_dir() {
            missing.push(folder.clone());
            continue;
        }
        walk(&at, folder, &mut copies)?;
    }
    if !missing.is_empty() {
        missing.sort();
        return Err(format!(
            "{} lists what {} does not hold (is `make wasm` done?): {}",
            worker.display(),
            root.display(),
            missing.join(", ")
        ));
    }
    match fs::read_dir(dir) {
        Ok(mut entries) => {
            if entries.next().is_some() {
                return Err(format!(
                    "{} is not empty: export into a new folder (then move it into place)",
                    dir.display()
                ));
            }
        }
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
        Err(e) => return Err(format!("cannot read {}: {e}", dir.display())),
    }
    copies.sort();
    copies.dedup();
    let mut bytes = 0;
    for file in &copies {
        let to = dir.join(file);
        if let Some(parent) = to.parent() {
            fs::create_dir_all(parent)
                .map_err(|e| format!("cannot make {}: {e}", parent.display()))?;
        }
        bytes += fs::copy(root.join(file), &to)
            .map_err(|e| format!("cannot copy {file} into {}: {e}", dir.display()))?;
    }
    Ok((copies.len(), bytes))
}

/// Adds every file under `at` (the root's `prefix`, ending in a slash) to
/// `copies`, but hidden ones and what symbolic links lead to.
fn walk(at: &Path, prefix: &str, copies: &mut Vec<String>) -> Result<(), String> {
    let entries = fs::read_dir(at).map_err(|e| format!("cannot read {}: {e}", at.display()))?;
    for entry in entries {
        let entry = entry.map_err(|e| format!("cannot read {}: {e}", at.display()))?;
        let name = entry.file_name();
        let Some(name) = name.to_str() else { continue };
        if name.starts_with('.') {
            continue;
        }
        let kind = entry
            .file_type()
            .map_err(|e| format!("cannot read {}: {e}", entry.path().display()))?;
        if kind.is_dir() {
            walk(&entry.path(), &format!("{prefix}{name}/"), copies)?;
        } else if kind.is_file() {
            copies.push(format!("{prefix}{name}"));
        }
    }
    Ok(())
}
