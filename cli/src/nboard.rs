//! `virada nboard`: the NBoard engine protocol on stdin/stdout.
//!
//! The protocol is Chris Welty's, used by the NBoard GUI (described in
//! `instructions/Protocol.htm` of the ntest repository, github.com/weltyc/ntest):
//! `nboard 2`, `set depth N`, `set game GGF`, `set contempt N`,
//! `move F5[/eval/time]`, `go` (answered `=== F5/eval/time`), `hint N`
//! (answered with `search PV EVAL 0 DEPTH` lines between `status` lines),
//! `ping N` (answered `pong N`), `learn` (answered `learned`), `analyze`
//! (an `analysis PLY EVAL` line per position of the game, last first) and `quit`.
//! Evaluations are in discs from the mover's view.
//!
//! Beyond the protocol, to play as the page plays: `set level N` (1–10, the
//! page's levels, [`virada::engine::bot`]; 0 goes back to the fixed depth), `set time
//! MS` (milliseconds a move, 0 for none) and `set nodes N` (a node budget a
//! move, 0 for none; level 10's second in the browser stands as a node
//! budget natively, see docs/engine.md). Every `go` says what the search
//! reached before its answer: `status depth D[ exact] nodes N time S`.
//! `--threads N` searches on N threads over one table.

use std::io::{BufRead, Write};
use std::process::ExitCode;
use std::time::Instant;
use virada::engine::bot::{choose_with, seeded_stream};
use virada::engine::search::{default_clock, Budget, Engine, Limits};
use virada::game::fairness::Seed;
use virada::{Move, Position, Square};

/// Arguments of `virada nboard`.
#[derive(clap::Args)]
pub struct Args {
    /// Transposition tables in MiB.
    #[arg(long, default_value_t = 64)]
    hash_mb: usize,
    /// Report every time as 0 (for reproducible transcripts).
    #[arg(long)]
    zero_times: bool,
    /// Play as the page's level N (1–10) instead of a fixed depth.
    #[arg(long, value_parser = clap::value_parser!(u8).range(1..=10))]
    level: Option<u8>,
    /// Milliseconds a move (the page gives level 10 one second).
    #[arg(long)]
    time_ms: Option<f64>,
    /// A node budget a move (reproducible, unlike time).
    #[arg(long)]
    nodes: Option<u64>,
    /// Never play from the opening book (to compare searches from the
    /// first move).
    #[arg(long)]
    no_book: bool,
    /// Threads searching at once, over one table (levels 6–9, with their
    /// node budgets, search on one whatever this says).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=64))]
    threads: u32,
}

/// The engine's state between commands.
pub struct Session {
    start: Position,
    moves: Vec<Move>,
    depth: u32,
    engine: Engine,
    zero_times: bool,
    /// The page's level to play as, instead of `depth`.
    level: Option<u8>,
    /// Milliseconds a move.
    time_ms: Option<f64>,
    /// Nodes a move.
    nodes: Option<u64>,
    /// Why the last `set game` was refused: until a good one arrives there
    /// is no game, and no move is given.
    refused: Option<String>,
}

impl Session {
    /// A session at the start position, depth 10.
    pub fn new(hash_mb: usize, zero_times: bool) -> Session {
        Session {
            start: Position::start(),
            moves: Vec::new(),
            depth: 10,
            engine: Engine::new(hash_mb << 20),
            zero_times,
            level: None,
            time_ms: None,
            nodes: None,
            refused: None,
        }
    }

    /// Plays as the page's `level`, within `time_ms` and `nodes` a move.
    pub fn with_limits(
        mut self,
        level: Option<u8>,
        time_ms: Option<f64>,
        nodes: Option<u64>,
    ) -> Session {
        self.level = level;
        self.time_ms = time_ms.filter(|&ms| ms > 0.0);
        self.nodes = nodes.filter(|&n| n > 0);
        self
    }

    /// The budget of one move.
    fn budget(&self) -> Budget<'static> {
        let mut budget = match self.time_ms {
            Some(ms) => Budget::millis(ms, default_clock),
            None => Budget::unlimited(),
        };
        budget.nodes = self.nodes;
        budget
    }

    fn position(&self) -> Position {
        let mut p = self.start;
        for &m in &self.moves {
            p = p.play_move(m).unwrap_or(p);
        }
        p
    }

    fn limits(&self) -> Limits {
        Limits {
            depth: self.depth,
            exact_empties: (self.depth + 8).min(24),
            wld_empties: (self.depth + 10).min(26),
        }
    }

    fn secs(&self, started: Instant) -> f64 {
        if self.zero_times {
            0.0
        } else {
            started.elapsed().as_secs_f64()
        }
    }

    /// Handles one command line, writing any replies; `false` on `quit`.
    pub fn handle(&mut self, line: &str, out: &mut impl Write) -> std::io::Result<bool> {
        let line = line.trim();
        let (command, rest) = line.split_once(' ').unwrap_or((line, ""));
        let rest = rest.trim();
        match command {
            "quit" => return Ok(false),
            "nboard" => writeln!(out, "set myname Virada")?,
            "ping" => writeln!(out, "pong {rest}")?,
            "learn" => writeln!(out, "learned")?,
            "set" => {
                let (what, value) = rest.split_once(' ').unwrap_or((rest, ""));
                match what {
                    "depth" => match value.trim().parse::<u32>() {
                        Ok(d) if (1..=60).contains(&d) => {
                            self.depth = d;
                            writeln!(out, "set myname Virada{d}")?;
                        }
                        _ => writeln!(out, "warning bad depth {value:?}")?,
                    },
                    "level" => match value.trim().parse::<u8>() {
                        Ok(0) => self.level = None,
                        Ok(n) if n <= 10 => {
                            self.level = Some(n);
                            writeln!(out, "set myname Virada-L{n}")?;
                        }
                        _ => writeln!(out, "warning bad level {value:?}")?,
                    },
                    "time" => match value.trim().parse::<f64>() {
                        Ok(ms) if ms >= 0.0 && ms.is_finite() => {
                            self.time_ms = (ms > 0.0).then_some(ms);
                        }
                        _ => writeln!(out, "warning bad time {value:?}")?,
                    },
                    "nodes" => match value.trim().parse::<u64>() {
                        Ok(n) => self.nodes = (n > 0).then_some(n),
                        _ => writeln!(out, "warning bad nodes {value:?}")?,
                    },
                    "game" => match parse_ggf(value) {
                        Ok((start, moves)) => {
                            self.start = start;
                            self.moves = moves;
                            self.engine.clear();
                            self.refused = None;
                        }
                        Err(e) => {
                            writeln!(out, "warning bad game: {e}")?;
                            self.refused = Some(e);
                        }
                    },
                    // Contempt and other settings: accepted, not used.
                    _ => {}
                }
            }
            "move" | "go" | "hint" | "analyze" if self.refused.is_some() => {
                let why = self.refused.as_deref().unwrap_or_default();
                writeln!(
                    out,
                    "warning no game: the last set game was refused ({why}); send a good one"
                )?;
            }
            "move" => {
                let mv = rest.split('/').next().unwrap_or("");
                match parse_move(mv).and_then(|m| self.play(m)) {
                    Ok(()) => {}
                    Err(e) => writeln!(out, "warning {e}")?,
                }
            }
            "go" => self.go(out)?,
            "hint" => {
                let n = rest.parse::<usize>().unwrap_or(1).max(1);
                self.hint(n, out)?;
            }
            "analyze" => self.analyze(out)?,
            _ => {}
        }
        out.flush()?;
        Ok(true)
    }

    fn play(&mut self, mv: Move) -> Result<(), String> {
        let pos = self.position();
        let mv = match mv {
            // A pass the GUI did not send: the mover must pass before this move.
            Move::Play(sq) if pos.must_pass() => {
                self.moves.push(Move::Pass);
                let after = pos.pass_unchecked();
                after.play(sq).map_err(|e| e.to_string())?;
                Move::Play(sq)
            }
            m => {
                pos.play_move(m).map_err(|e| e.to_string())?;
                m
            }
        };
        self.moves.push(mv);
        Ok(())
    }

    fn go(&mut self, out: &mut impl Write) -> std::io::Result<()> {
        let pos = self.position();
        writeln!(out, "status Virada is thinking")?;
        let started = Instant::now();
        let budget = self.budget();
        let (best, score, depth, exact, nodes, book) = match self.level {
            Some(level) => {
                // The page draws a level's randomness from the game's seed;
                // here the seed is fixed, so a session replays.
                let ply = self.moves.len() as u32;
                let mut rng = seeded_stream(&Seed([0; 32]), ply);
                let c = choose_with(&mut self.engine, &pos, level, &mut rng, budget);
                (c.mv, c.score, c.depth, c.exact, c.nodes, c.book)
            }
            None => {
                let r = self.engine.search(&pos, &self.limits(), budget);
                (r.best, r.score, r.depth, r.exact, r.nodes, false)
            }
        };
        let secs = self.secs(started);
        writeln!(out, "nodestats {nodes} {secs:.1}")?;
        if book {
            writeln!(out, "status book")?;
        } else {
            writeln!(
                out,
                "status depth {depth}{} nodes {nodes} time {secs:.2}",
                if exact { " exact" } else { "" }
            )?;
        }
        writeln!(
            out,
            "=== {}/{:.2}/{:.1}",
            upper(best),
            f64::from(score) / 100.0,
            secs
        )?;
        writeln!(out, "status")
    }

    /// Each move's score: the search of the position after it, one ply less.
    fn scored_moves(&mut self, pos: &Position) -> Vec<(Move, i32, u32)> {
        let mut scored = Vec::new();
        let limits = self.limits();
        let child_limits = Limits {
            depth: limits.depth.saturating_sub(1).max(1),
            exact_empties: limits.exact_empties.saturating_sub(1),
            wld_empties: 0,
        };
        for sq in pos.legal_moves() {
            let child = pos.play_unchecked(sq);
            let r = self
                .engine
                .search(&child, &child_limits, Budget::unlimited());
            let score = if child.must_pass() {
                let again =
                    self.engine
                        .search(&child.pass_unchecked(), &child_limits, Budget::unlimited());
                again.score
            } else if child.is_game_over() {
                let d = child.count(pos.side_to_move()) as i32
                    - child.count(pos.side_to_move().other()) as i32;
                let e = child.empty().count() as i32;
                100 * (d + d.signum() * e)
            } else {
                -r.score
            };
            let depth = if r.exact { 60 } else { r.depth + 1 };
            scored.push((Move::Play(sq), score, depth));
        }
        scored.sort_by_key(|&(_, s, _)| -s);
        scored
    }

    fn hint(&mut self, n: usize, out: &mut impl Write) -> std::io::Result<()> {
        let pos = self.position();
        writeln!(out, "status Virada is thinking")?;
        if pos.must_pass() {
            writeln!(out, "search PA 0.00 0 0")?;
        } else {
            for (mv, score, depth) in self.scored_moves(&pos).into_iter().take(n) {
                writeln!(
                    out,
                    "search {} {:.2} 0 {}",
                    upper(mv),
                    f64::from(score) / 100.0,
                    depth
                )?;
            }
        }
        writeln!(out, "status")
    }

    fn analyze(&mut self, out: &mut impl Write) -> std::io::Result<()> {
        writeln!(out, "status Virada is analyzing")?;
        let limits = self.limits();
        let mut positions = vec![self.start];
        for &m in &self.moves {
            let last = positions[positions.len() - 1];
            positions.push(last.play_move(m).unwrap_or(last));
        }
        for (ply, pos) in positions.iter().enumerate().rev() {
            let r = self.engine.search(pos, &limits, Budget::unlimited());
            writeln!(out, "analysis {ply} {:.2}", f64::from(r.score) / 100.0)?;
        }
        writeln!(out, "status")
    }
}

fn upper(mv: Move) -> String {
    mv.to_string().to_ascii_uppercase()
}

fn parse_move(text: &str) -> Result<Move, String> {
    let t = text.trim().to_ascii_lowercase();
    if t == "pa" || t == "pass" || t == "ps" {
        return Ok(Move::Pass);
    }
    t.parse::<Square>()
        .map(Move::Play)
        .map_err(|e| e.to_string())
}

/// Reads a GGF game (the crate's GGF reader): its start and its moves.
fn parse_ggf(text: &str) -> Result<(Position, Vec<Move>), String> {
    let game: virada::GgfGame = text
        .trim()
        .parse()
        .map_err(|e: virada::GgfError| e.to_string())?;
    Ok((game.start, game.plain_moves()))
}

/// Runs the protocol until `quit` or the end of input.
pub fn run(args: Args) -> Result<ExitCode, String> {
    let mut session = Session::new(args.hash_mb, args.zero_times).with_limits(
        args.level,
        args.time_ms,
        args.nodes,
    );
    session.engine.set_book(!args.no_book);
    session.engine.set_threads(args.threads as usize);
    let stdin = std::io::stdin();
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    for line in stdin.lock().lines() {
        let line = line.map_err(|e| e.to_string())?;
        if !session.handle(&line, &mut out).map_err(|e| e.to_string())? {
            break;
        }
    }
    Ok(ExitCode::SUCCESS)
}
