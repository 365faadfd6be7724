//! The shipped puzzle set checked with the library's solver, every puzzle
//! (every move of its position solved exactly, not the builder's
//! null-window tests), and `virada puzzles build` and `export`.

use std::process::Command;
use virada::puzzle::{self, find, id_of, read_set, Oracle, MARGIN};

const SET: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../www/puzzle/puzzles.txt");

/// Every how many puzzles of the set one is solved move by move: every
/// one, as the set's promise is (about 31 s of CPU on the 2-core machine,
/// docs/puzzles.md, beside the other tests). Every puzzle's id and
/// empties are checked too.
const SAMPLE_EVERY: usize = 1;

#[test]
fn every_shipped_puzzle_has_one_best_move_and_its_exact_score() {
    let set = read_set(&std::fs::read_to_string(SET).unwrap()).unwrap();
    assert!(set.len() >= 100, "{} puzzles", set.len());
    let mut oracle = Oracle::new(16 << 20);
    let mut ids = std::collections::BTreeSet::new();
    for p in &set {
        assert!(ids.insert(p.id.clone()), "{} twice", p.id);
        assert_eq!(p.id, id_of(&p.position));
        assert!((find::MIN_EMPTIES..=find::MAX_EMPTIES).contains(&p.empties()));
    }
    for p in set.iter().step_by(SAMPLE_EVERY) {
        let values = oracle.move_values(&p.position);
        let best = values.iter().map(|&(_, v)| v).max().unwrap();
        assert_eq!(best, p.score, "{}: the score", p.id);
        for &(sq, v) in &values {
            if sq == p.best {
                assert_eq!(v, p.score, "{}", p.id);
            } else {
                assert!(v <= p.score - MARGIN, "{}: {sq} scores {v}", p.id);
            }
        }
        assert_eq!(
            puzzle::find::difficulty(&p.position, p.best).rating(),
            p.rating,
            "{}",
            p.id
        );
    }
}

fn virada(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_virada"))
        .args(args)
        .current_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/.."))
        .output()
        .unwrap()
}

#[test]
fn export_prints_obf_the_best_move_the_id_and_the_rating() {
    let out = virada(&["puzzles", "export"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    let set = read_set(&std::fs::read_to_string(SET).unwrap()).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), set.len());
    for (line, p) in lines.iter().zip(&set) {
        assert_eq!(*line, p.export_line());
        // `<64 cells> X; G8:+18; id=…; rating=…`
        let (obf, rest) = line.split_once(';').unwrap();
        assert_eq!(obf.len(), 66);
        let best = p.best.to_string().to_uppercase();
        assert!(
            rest.starts_with(&format!(" {best}:{:+};", p.score)),
            "{line}"
        );
        assert!(
            rest.ends_with(&format!("; id={}; rating={}", p.id, p.rating)),
            "{line}"
        );
    }
    let missing = virada(&["puzzles", "export", "/nonexistent/set.txt"]);
    assert_eq!(missing.status.code(), Some(2));
}

#[test]
fn build_finds_puzzles_in_transcripts_and_refuses_bad_games() {
    let dir = std::env::temp_dir().join(format!("virada-puzzles-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    // Our own games: at ply `i` each side plays its legal square number
    // `(i · k + k) mod n` in reading order, for k from 1 to 6.
    let mut lines = vec!["# ours".to_string()];
    for k in 1..=6 {
        let mut at = virada::Position::start();
        let mut moves = Vec::new();
        while !at.is_game_over() {
            let legal: Vec<virada::Square> = at.legal_moves().into_iter().collect();
            let mv = if legal.is_empty() {
                virada::Move::Pass
            } else {
                virada::Move::Play(legal[(moves.len() * k + k) % legal.len()])
            };
            moves.push(mv);
            at = at.play_move(mv).unwrap();
        }
        lines.push(virada::write_transcript_with_passes(&moves));
    }
    lines.push("f5f5".into());
    let games = dir.join("games.txt");
    std::fs::write(&games, lines.join("\n")).unwrap();
    let out_path = dir.join("set.txt");
    let out = virada(&[
        "puzzles",
        "build",
        games.to_str().unwrap(),
        "--max-empties",
        "16",
        "--out",
        out_path.to_str().unwrap(),
    ]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    assert!(stderr.contains("from 7 games (1 refused)"), "{stderr}");
    let set = read_set(&std::fs::read_to_string(&out_path).unwrap()).unwrap();
    assert!(!set.is_empty());
    let bad = virada(&[
        "puzzles",
        "build",
        games.to_str().unwrap(),
        "--max-empties",
        "30",
    ]);
    assert_eq!(bad.status.code(), Some(2));
    let _ = std::fs::remove_dir_all(&dir);
}
