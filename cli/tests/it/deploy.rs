//! The shipped systemd unit (`server/deploy/virada.service`): checked with
//! `systemd-analyze verify` where the machine has it, and every
//! `VIRADA_` variable it sets is one that `virada serve` reads.

use std::process::Command;

const UNIT: &str = include_str!("../../../server/deploy/virada.service");

#[test]
fn the_systemd_unit_sets_only_variables_virada_serve_reads() {
    let help = Command::new(env!("CARGO_BIN_EXE_virada"))
        .args(["serve", "--help"])
        .output()
        .unwrap();
    let help = String::from_utf8_lossy(&help.stdout);
    let set: Vec<&str> = UNIT
        .lines()
        .filter_map(|l| l.strip_prefix("Environment="))
        .filter_map(|l| l.split('=').next())
        .filter(|v| v.starts_with("VIRADA_"))
        .collect();
    assert!(set.len() >= 4, "{set:?}");
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

#[test]
fn the_systemd_unit_passes_systemd_analyze_verify() {
    let Ok(version) = Command::new("systemd-analyze").arg("--version").output() else {
        eprintln!("systemd-analyze is not on this machine: the unit is not verified here");
        return;
    };
    assert!(version.status.success());
    // The unit as installed, its binary this one.
    let dir = std::env::temp_dir().join(format!("virada-unit-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("virada.service");
    std::fs::write(
        &file,
        UNIT.replace("/usr/local/bin/virada", env!("CARGO_BIN_EXE_virada")),
    )
    .unwrap();
    let out = Command::new("systemd-analyze")
        .arg("verify")
        .arg(&file)
        .output()
        .unwrap();
    let _ = std::fs::remove_dir_all(&dir);
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{said}");
    assert!(
        !said.contains("virada.service"),
        "systemd-analyze has words for the unit: {said}"
    );
}
