//! The shipped systemd unit (`server/deploy/virada.service`) and its
//! drop-in for a server alone on 443 (`virada-lone.conf`): checked with
//! `systemd-analyze verify` and held to an exposure of at most 3.0 by
//! `systemd-analyze security` where the machine has it, and every
//! `VIRADA_` variable they set is one that `virada serve` reads.

use std::path::PathBuf;
use std::process::Command;

const UNIT: &str = include_str!("../../../server/deploy/virada.service");
const LONE: &str = include_str!("../../../server/deploy/virada-lone.conf");

/// The most `systemd-analyze security` may say of the unit.
const MOST_EXPOSED: f64 = 3.0;

#[test]
fn the_systemd_unit_sets_only_variables_virada_serve_reads() {
    let help = Command::new(env!("CARGO_BIN_EXE_virada"))
        .args(["serve", "--help"])
        .output()
        .unwrap();
    let help = String::from_utf8_lossy(&help.stdout);
    let set: Vec<&str> = UNIT
        .lines()
        .chain(LONE.lines())
        .filter_map(|l| l.strip_prefix("Environment="))
        .filter_map(|l| l.split('=').next())
        .filter(|v| v.starts_with("VIRADA_"))
        .collect();
    assert!(set.len() >= 10, "{set:?}");
    for variable in set {
        assert!(
            help.contains(&format!("[env: {variable}=")),
            "{variable}: {help}"
        );
    }
    assert!(UNIT.contains("\nExecStart=/usr/local/bin/virada serve\n"));
    assert!(UNIT.contains("\nRestart=on-failure\n"));
    assert!(UNIT.contains("\nUser=virada\n"));
}

/// Whether `systemd-analyze` is on this machine (said when not).
fn systemd_analyze() -> bool {
    match Command::new("systemd-analyze").arg("--version").output() {
        Ok(version) => {
            assert!(version.status.success());
            true
        }
        Err(_) => {
            eprintln!("systemd-analyze is not on this machine: the unit is not checked here");
            false
        }
    }
}

/// The unit as installed, its binary this one, alone and with the
/// drop-in's lines after its own (a section may come twice in one file):
/// the two files, named NAME.service and NAME-lone.service.
fn units(name: &str) -> (PathBuf, [PathBuf; 2]) {
    let dir = std::env::temp_dir().join(format!("virada-unit-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let unit = UNIT.replace("/usr/local/bin/virada", env!("CARGO_BIN_EXE_virada"));
    let files = [
        (dir.join(format!("{name}.service")), unit.clone()),
        (
            dir.join(format!("{name}-lone.service")),
            format!("{unit}\n{LONE}"),
        ),
    ];
    for (file, text) in &files {
        std::fs::write(file, text).unwrap();
    }
    (dir, files.map(|(file, _)| file))
}

#[test]
fn the_systemd_unit_passes_systemd_analyze_verify() {
    if !systemd_analyze() {
        return;
    }
    let (dir, files) = units("verify");
    for file in &files {
        let out = Command::new("systemd-analyze")
            .arg("verify")
            .arg(file)
            .output()
            .unwrap();
        let said = String::from_utf8_lossy(&out.stderr);
        assert!(out.status.success(), "{}: {said}", file.display());
        assert!(
            !said.contains(".service"),
            "systemd-analyze has words for {}: {said}",
            file.display()
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_systemd_unit_is_exposed_at_most_3() {
    if !systemd_analyze() {
        return;
    }
    let (dir, files) = units("security");
    for file in &files {
        let out = Command::new("systemd-analyze")
            .args(["security", "--offline=true", "--no-pager"])
            .arg(file)
            .output()
            .unwrap();
        let said = String::from_utf8_lossy(&out.stdout);
        if !out.status.success() && !said.contains("Overall exposure level") {
            // systemd before 250 reads no unit file offline.
            eprintln!(
                "systemd-analyze security --offline: {}",
                String::from_utf8_lossy(&out.stderr)
            );
            continue;
        }
        // "→ Overall exposure level for NAME.service: 1.1 OK 🙂"
        let level: f64 = said
            .lines()
            .find_map(|l| l.split("Overall exposure level for ").nth(1))
            .and_then(|l| l.split(": ").nth(1))
            .and_then(|l| l.split(' ').next())
            .and_then(|n| n.parse().ok())
            .unwrap_or_else(|| panic!("no exposure level in {said}"));
        assert!(
            level <= MOST_EXPOSED,
            "{}: exposure {level}, above {MOST_EXPOSED}:\n{said}",
            file.display()
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}
