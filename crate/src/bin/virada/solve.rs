//! `virada solve FILE.obf [--empties-limit N]`: the exact score of each
//! position, checked against the file's `;MOVE:score` annotations.

use std::process::ExitCode;
use std::time::Instant;
use virada::endgame::{EndTable, Solver};
use virada::search::Budget;
use virada::{Board, Color, Move, Position, Square};

/// Arguments of `virada solve`.
#[derive(clap::Args)]
pub struct Args {
    /// An OBF file: 64 squares a1…h8 (X, O, -), a space, the side to move
    /// (X or O), then `;MOVE:score` annotations; `%` starts a comment.
    file: std::path::PathBuf,
    /// Skip positions with more empty squares than this.
    #[arg(long)]
    empties_limit: Option<u32>,
    /// Transposition table size in MiB.
    #[arg(long, default_value_t = 64)]
    hash_mb: usize,
}

/// One OBF line: the position and its annotations.
pub struct ObfLine {
    /// The position.
    pub position: Position,
    /// `(move, score)` pairs as annotated.
    pub scores: Vec<(Move, i32)>,
}

/// Reads one OBF line (without comments). `None` for a blank line.
pub fn parse_obf(line: &str) -> Result<Option<ObfLine>, String> {
    let line = line.split('%').next().unwrap_or("").trim();
    if line.is_empty() {
        return Ok(None);
    }
    let mut parts = line.split(';');
    let head = parts.next().unwrap_or("").trim();
    let mut fields = head.split_whitespace();
    let cells = fields.next().unwrap_or("");
    let side = fields.next().unwrap_or("");
    if cells.chars().count() != 64 {
        return Err(format!(
            "expected 64 squares, found {}",
            cells.chars().count()
        ));
    }
    let (mut dark, mut light) = (0u64, 0u64);
    for (i, c) in cells.chars().enumerate() {
        match c {
            'X' | 'x' | '*' => dark |= 1 << i,
            'O' | 'o' => light |= 1 << i,
            '-' | '.' => {}
            other => return Err(format!("unexpected square {other:?}")),
        }
    }
    let side = match side {
        "X" | "x" | "*" => Color::Dark,
        "O" | "o" => Color::Light,
        other => return Err(format!("unexpected side to move {other:?}")),
    };
    let board =
        Board::new(virada::Bitboard(dark), virada::Bitboard(light)).map_err(|e| e.to_string())?;
    let mut scores = Vec::new();
    for item in parts {
        let item = item.trim();
        if item.is_empty() {
            continue;
        }
        let (mv, score) = item
            .split_once(':')
            .ok_or_else(|| format!("bad annotation {item:?}"))?;
        let mv = mv.trim().to_ascii_lowercase();
        let mv = if mv == "pa" || mv == "ps" {
            Move::Pass
        } else {
            Move::Play(mv.parse::<Square>().map_err(|e| e.to_string())?)
        };
        let score: i32 = score
            .trim()
            .trim_start_matches('+')
            .parse()
            .map_err(|_| format!("bad score in {item:?}"))?;
        scores.push((mv, score));
    }
    Ok(Some(ObfLine {
        position: Position::new(board, side),
        scores,
    }))
}

/// Solves every position and prints `#N MOVE SCORE NODES SECONDS`, then a total.
pub fn run(args: Args) -> Result<ExitCode, String> {
    let text = std::fs::read_to_string(&args.file)
        .map_err(|e| format!("cannot read {}: {e}", args.file.display()))?;
    let mut table = EndTable::with_bytes(args.hash_mb << 20);
    let (mut total_nodes, mut total_secs, mut mismatches, mut solved) = (0u64, 0f64, 0, 0);
    let mut number = 0;
    for (i, line) in text.lines().enumerate() {
        let Some(obf) = parse_obf(line).map_err(|e| format!("line {}: {e}", i + 1))? else {
            continue;
        };
        number += 1;
        let empties = obf.position.empty().count();
        if args.empties_limit.is_some_and(|l| empties > l) {
            continue;
        }
        table.clear();
        let started = Instant::now();
        let mut solver = Solver::new(&mut table, Budget::unlimited());
        let solution = solver.solve(&obf.position).ok_or("the solve was stopped")?;
        let secs = started.elapsed().as_secs_f64();
        total_nodes += solution.nodes;
        total_secs += secs;
        solved += 1;
        let mut note = String::new();
        if let Some(&(_, expected)) = obf.scores.iter().find(|(m, _)| *m == solution.best) {
            if expected != solution.score {
                mismatches += 1;
                note = format!("  MISMATCH: annotated {expected:+}");
            }
        } else if let Some(&(m, best)) = obf.scores.first() {
            if best != solution.score {
                mismatches += 1;
                note = format!("  MISMATCH: annotated best {m} {best:+}");
            }
        }
        println!(
            "#{number} {} {:+} {} {:.3}{note}",
            solution.best, solution.score, solution.nodes, secs
        );
    }
    println!(
        "total {solved} positions {total_nodes} nodes {total_secs:.3}s {:.1}M nodes/s {mismatches} mismatches",
        total_nodes as f64 / total_secs.max(1e-9) / 1e6
    );
    Ok(if mismatches == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}
