//! Names the build: the git commit the server is built from, captured here
//! at build time as `VIRADA_COMMIT` (`virada --version`,
//! `virada_build_info`). Where git or the repository is missing (a build
//! from a source archive) it is `VIRADA_COMMIT` from the environment, or
//! `unknown`.

use std::process::Command;

fn git(args: &[&str]) -> Option<String> {
    let out = Command::new("git").args(args).output().ok()?;
    if !out.status.success() {
        return None;
    }
    let text = String::from_utf8(out.stdout).ok()?;
    let text = text.trim();
    (!text.is_empty()).then(|| text.to_string())
}

fn main() {
    println!("cargo:rerun-if-env-changed=VIRADA_COMMIT");
    let commit = std::env::var("VIRADA_COMMIT")
        .ok()
        .filter(|c| !c.is_empty())
        .or_else(|| git(&["rev-parse", "--short=12", "HEAD"]))
        .unwrap_or_else(|| "unknown".to_string());
    println!("cargo:rustc-env=VIRADA_COMMIT={commit}");
    // Built again when the commit changes: HEAD (a worktree's own), the
    // branch it names and the packed refs (in the common folder).
    if let Some(dir) = git(&["rev-parse", "--absolute-git-dir"]) {
        println!("cargo:rerun-if-changed={dir}/HEAD");
        if let Some(common) = git(&["rev-parse", "--path-format=absolute", "--git-common-dir"]) {
            let branch = git(&["symbolic-ref", "-q", "HEAD"]);
            // A path that is not there would build again every time.
            for file in branch.iter().map(String::as_str).chain(["packed-refs"]) {
                let path = format!("{common}/{file}");
                if std::path::Path::new(&path).exists() {
                    println!("cargo:rerun-if-changed={path}");
                }
            }
        }
    }
}
