//! Shared helpers for the integration tests: a small OBF reader.
#![allow(dead_code)]

use virada::{Bitboard, Board, Color, Move, Position, Square};

/// One OBF line: the position and its `;MOVE:score` annotations, best first.
pub struct Obf {
    pub position: Position,
    pub scores: Vec<(Move, i32)>,
}

/// Reads every position of an OBF file under `tests/data/`.
pub fn read_obf(name: &str) -> Vec<Obf> {
    let path = format!("{}/../tests/data/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    text.lines().filter_map(parse_line).collect()
}

fn parse_line(line: &str) -> Option<Obf> {
    let line = line.split('%').next()?.trim();
    if line.is_empty() {
        return None;
    }
    let mut parts = line.split(';');
    let mut head = parts.next()?.split_whitespace();
    let cells = head.next()?;
    let side = head.next()?;
    let (mut dark, mut light) = (0u64, 0u64);
    for (i, c) in cells.chars().enumerate() {
        match c {
            'X' => dark |= 1 << i,
            'O' => light |= 1 << i,
            _ => {}
        }
    }
    let side = if side == "X" {
        Color::Dark
    } else {
        Color::Light
    };
    let board = Board::new(Bitboard(dark), Bitboard(light)).ok()?;
    let scores = parts
        .filter_map(|item| {
            let (mv, score) = item.trim().split_once(':')?;
            let sq: Square = mv.trim().to_ascii_lowercase().parse().ok()?;
            Some((
                Move::Play(sq),
                score.trim().trim_start_matches('+').parse().ok()?,
            ))
        })
        .collect();
    Some(Obf {
        position: Position::new(board, side),
        scores,
    })
}
