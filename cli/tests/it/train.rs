//! `virada train`: a few solved games, then a fit that changes only the
//! stages it was asked to fit and keeps the evaluation symmetric; `gen
//! --labels` writes what `label` would, `fit --extra` fits the terms asked
//! and no others, `fit --drop` leaves a pattern out, `fit --add` fits a
//! shape beside the patterns, and `fit --stages` cuts the game into the
//! stages asked.

use std::process::Command;
use virada::engine::eval::{patterns, Eval, Features, Weights};
use virada::Position;

fn virada(args: &[&str]) {
    let out = Command::new(env!("CARGO_BIN_EXE_virada"))
        .args(args)
        .current_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/.."))
        .output()
        .expect("the binary runs");
    assert!(
        out.status.success(),
        "virada {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn games_are_labelled_and_the_fit_touches_only_the_stages_asked() {
    let dir = std::env::temp_dir().join(format!("virada-train-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let data = dir.join("games.bin");
    let weights = dir.join("eval.vrdw");
    let (data_s, weights_s) = (data.to_str().unwrap(), weights.to_str().unwrap());
    virada(&[
        "train", "gen", "--out", data_s, "--games", "6", "--depth", "2",
    ]);
    let bytes = std::fs::read(&data).unwrap();
    assert_eq!(bytes.len() % 17, 0);
    let positions: Vec<(u64, u64, i8)> = bytes
        .chunks_exact(17)
        .map(|c| {
            (
                u64::from_le_bytes(c[0..8].try_into().unwrap()),
                u64::from_le_bytes(c[8..16].try_into().unwrap()),
                c[16] as i8,
            )
        })
        .collect();
    // Six games of 52 plies or so from the XOT openings, every label a final margin.
    assert!(positions.len() > 6 * 40, "{} positions", positions.len());
    assert!(positions
        .iter()
        .all(|&(p, o, s)| p & o == 0 && (-64..=64).contains(&s)));
    // The last position of a game solved to the end is one move from it: its
    // label is what the solver says.
    let &(p, o, s) = positions.last().unwrap();
    let mut table = virada::engine::endgame::EndTable::with_bytes(1 << 20);
    let pos = Position::from_masks(p, o, virada::Color::Dark);
    let solved = virada::engine::endgame::Solver::new(
        &mut table,
        virada::engine::search::Budget::unlimited(),
    )
    .solve(&pos)
    .unwrap();
    assert_eq!(i32::from(s), solved.score);

    virada(&[
        "train",
        "fit",
        data_s,
        "--out",
        weights_s,
        "--first-stage",
        "4",
        "--passes",
        "20",
    ]);
    let fitted = Weights::from_bytes(&std::fs::read(&weights).unwrap()).unwrap();
    let hand = Weights::hand_set();
    for stage in 0..4 {
        assert_eq!(
            fitted.stage_values(stage),
            hand.stage_values(stage),
            "stage {stage}"
        );
    }
    assert_ne!(fitted.stage_values(5), hand.stage_values(5));
    // Mirror-image configurations share their slot: the 8 symmetries agree.
    let eval = Eval::new(fitted);
    for &(p, o, _) in positions.iter().step_by(7) {
        let pos = Position::from_masks(p, o, virada::Color::Dark);
        let v = eval.evaluate(p, o);
        for which in 1..8 {
            let s = pos.symmetry(which);
            assert_eq!(eval.evaluate(s.player().0, s.opponent().0), v);
        }
    }
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn gen_labels_as_label_would_and_fit_makes_the_stages_asked() {
    let dir = std::env::temp_dir().join(format!("virada-train-labels-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = |name: &str| dir.join(name).to_str().unwrap().to_string();
    let gen = |out: &str, extra: &[&str]| {
        let mut args = vec![
            "train",
            "gen",
            "--out",
            out,
            "--games",
            "4",
            "--depth",
            "2",
            "--solve-at",
            "12",
        ];
        args.extend(extra);
        virada(&args);
    };
    let (plain, games, labels, relabelled, fitted) = (
        path("plain.bin"),
        path("games.bin"),
        path("labels.bin"),
        path("relabelled.bin"),
        path("fitted.vrdw"),
    );
    gen(&plain, &[]);
    gen(&games, &["--labels", &labels]);
    // The same games with and without labels.
    let games_bytes = std::fs::read(&games).unwrap();
    assert_eq!(std::fs::read(&plain).unwrap(), games_bytes);
    // The labels are `label`'s on the same positions, position for position.
    virada(&[
        "train",
        "label",
        &games,
        "--out",
        &relabelled,
        "--depth",
        "2",
        "--exact",
        "12",
    ]);
    let labels_bytes = std::fs::read(&labels).unwrap();
    assert_eq!(labels_bytes.len(), games_bytes.len());
    assert_eq!(labels_bytes, std::fs::read(&relabelled).unwrap());
    // Far from the end a label is the search's, not only the game's result.
    let scores = |b: &[u8]| b.chunks_exact(17).map(|c| c[16]).collect::<Vec<u8>>();
    assert_ne!(scores(&labels_bytes), scores(&games_bytes));

    virada(&[
        "train", "fit", &labels, "--out", &fitted, "--stages", "12", "--passes", "5",
    ]);
    let w = Weights::from_bytes(&std::fs::read(&fitted).unwrap()).unwrap();
    assert_eq!(w.stages(), 12);
    // The late stages moved from where they started (the shipped table's).
    let start = Weights::shipped().restaged(12);
    assert_ne!(w.stage_values(11), start.stage_values(11));
    // Without `--extra` the table weighs no extra term and stays VRDW2.
    assert_eq!(&std::fs::read(&fitted).unwrap()[..5], b"VRDW2");
    assert!((0..12).all(|s| w.stage_scalars(s).to_array()[3..] == [0, 0, 0]));

    // With `--extra parity,regions` those two are fitted, stable discs not.
    let extra = path("extra.vrdw");
    virada(&[
        "train",
        "fit",
        &labels,
        "--out",
        &extra,
        "--passes",
        "5",
        "--extra",
        "parity,regions",
    ]);
    let bytes = std::fs::read(&extra).unwrap();
    assert_eq!(&bytes[..5], b"VRDW3");
    let x = Weights::from_bytes(&bytes).unwrap();
    let scalars: Vec<[i16; 6]> = (0..x.stages())
        .map(|s| x.stage_scalars(s).to_array())
        .collect();
    assert!(scalars.iter().any(|t| t[3] != 0), "{scalars:?}");
    assert!(scalars.iter().all(|t| t[5] == 0), "{scalars:?}");

    // `--drop diag4` leaves that pattern's tables zero, and only them.
    let dropped = path("dropped.vrdw");
    virada(&[
        "train", "fit", &labels, "--out", &dropped, "--passes", "5", "--drop", "diag4",
    ]);
    let d = Weights::from_bytes(&std::fs::read(&dropped).unwrap()).unwrap();
    let diag4 = patterns::BASE
        .iter()
        .position(|b| b.name == "diag4")
        .unwrap();
    let slots = Features::new(&d).slots_of(diag4);
    assert!(slots.len() == 81, "3^4 configurations");
    for stage in 0..d.stages() {
        assert!(d.stage_values(stage)[slots.clone()].iter().all(|&v| v == 0));
    }
    assert!(d.stage_values(d.stages() - 1)[..slots.start]
        .iter()
        .any(|&v| v != 0));
    // `--add triangle` fits a shape the file cannot hold beside the base
    // patterns: the held-out error is the fit's own, a number on each row,
    // and the file written holds the base patterns alone.
    let added = path("added.vrdw");
    let out = Command::new(env!("CARGO_BIN_EXE_virada"))
        .args([
            "train", "fit", &labels, "--out", &added, "--passes", "5", "--drop", "diag4", "--add",
            "triangle",
        ])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{err}");
    assert!(
        err.contains("fitted: with triangle beside the base patterns"),
        "{err}"
    );
    let all = err
        .lines()
        .find(|l| l.starts_with("| all |"))
        .expect("a total row");
    let fitted: f64 = all
        .trim_end_matches(" |")
        .rsplit("| ")
        .next()
        .and_then(|v| v.trim().parse().ok())
        .unwrap_or_else(|| panic!("no error on {all:?}"));
    assert!(fitted.is_finite() && fitted > 0.0, "{all}");
    let a = Weights::from_bytes(&std::fs::read(&added).unwrap()).unwrap();
    assert_eq!(a.stage_values(0).len(), d.stage_values(0).len());
    for stage in 0..a.stages() {
        assert!(a.stage_values(stage)[slots.clone()].iter().all(|&v| v == 0));
    }
    // An unknown shape is refused with the names there are.
    let out = Command::new(env!("CARGO_BIN_EXE_virada"))
        .args(["train", "fit", &labels, "--out", &added, "--add", "spiral"])
        .output()
        .unwrap();
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("no shape \"spiral\""));
    // An unknown name is refused with the names there are.
    let out = Command::new(env!("CARGO_BIN_EXE_virada"))
        .args([
            "train", "fit", &labels, "--out", &dropped, "--drop", "diag9",
        ])
        .output()
        .unwrap();
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("\"diag9\"") && err.contains("corner3x3"),
        "{err}"
    );
    std::fs::remove_dir_all(&dir).ok();
}
