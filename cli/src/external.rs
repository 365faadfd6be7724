//! An engine in another process, spoken to over the NBoard protocol (the
//! protocol `virada nboard` answers; Chris Welty's description is
//! `instructions/Protocol.htm` of github.com/weltyc/ntest). `virada match`
//! plays it as `nboard:COMMAND`, e.g. an older build of Virada:
//! `nboard:old/virada nboard --level 10 --nodes 1000000`.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use virada::{GgfGame, Move, Position, Square};

/// A running engine and what it has been told of the game.
pub struct External {
    command: String,
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
    /// The game as last sent: its start and how many moves.
    sent: Option<(Position, usize)>,
}

/// What the engine answered to `go`.
pub struct Reply {
    /// Its move.
    pub mv: Move,
    /// Nodes, from its `nodestats` line (0 if it sent none).
    pub nodes: u64,
    /// Depth, from a `status depth D` line (0 if it sent none).
    pub depth: u32,
}

impl External {
    /// Starts `command` (split on spaces: a program and its arguments) and
    /// greets it with `nboard 2`.
    pub fn start(command: &str) -> Result<External, String> {
        let mut words = command.split_whitespace();
        let program = words
            .next()
            .ok_or("nboard: needs a command, e.g. nboard:virada nboard")?;
        let mut child = Command::new(program)
            .args(words)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .map_err(|e| format!("cannot start {command:?}: {e}"))?;
        let input = child.stdin.take().ok_or("no stdin")?;
        let output = BufReader::new(child.stdout.take().ok_or("no stdout")?);
        let mut engine = External {
            command: command.to_string(),
            child,
            input,
            output,
            sent: None,
        };
        engine.send("nboard 2")?;
        Ok(engine)
    }

    fn send(&mut self, line: &str) -> Result<(), String> {
        writeln!(self.input, "{line}")
            .and_then(|()| self.input.flush())
            .map_err(|e| format!("{}: cannot write: {e}", self.command))
    }

    /// Forgets the game (the next `choose` sends it whole).
    pub fn new_game(&mut self) {
        self.sent = None;
    }

    /// The engine's move after `moves` from `start`.
    pub fn choose(&mut self, start: &Position, moves: &[Move]) -> Result<Reply, String> {
        match self.sent {
            Some((s, n)) if s == *start && n <= moves.len() => {
                for mv in &moves[n..] {
                    self.send(&format!("move {}", mv.to_string().to_ascii_uppercase()))?;
                }
            }
            _ => {
                let game = GgfGame::from_moves(*start, moves);
                self.send(&format!("set game {game}"))?;
            }
        }
        self.sent = Some((*start, moves.len()));
        self.send("go")?;
        let mut reply = Reply {
            mv: Move::Pass,
            nodes: 0,
            depth: 0,
        };
        let mut line = String::new();
        loop {
            line.clear();
            let n = self
                .output
                .read_line(&mut line)
                .map_err(|e| format!("{}: cannot read: {e}", self.command))?;
            if n == 0 {
                return Err(format!("{}: ended without a move", self.command));
            }
            let text = line.trim();
            if let Some(rest) = text.strip_prefix("===") {
                let word = rest.trim().split('/').next().unwrap_or("").trim();
                reply.mv = parse_move(word)
                    .ok_or_else(|| format!("{}: unreadable move {text:?}", self.command))?;
                return Ok(reply);
            }
            if let Some(n) = first_number(text, "nodestats ") {
                reply.nodes = n;
            }
            if let Some(n) = first_number(text, "status depth ") {
                reply.depth = u32::try_from(n).unwrap_or(0);
            }
        }
    }
}

impl Drop for External {
    fn drop(&mut self) {
        let _ = self.send("quit");
        let _ = self.child.wait();
    }
}

/// The number after `prefix` when `line` starts with it.
fn first_number(line: &str, prefix: &str) -> Option<u64> {
    line.strip_prefix(prefix)?
        .split_whitespace()
        .next()?
        .parse()
        .ok()
}

fn parse_move(word: &str) -> Option<Move> {
    let w = word.to_ascii_lowercase();
    if w == "pa" || w == "pass" || w == "ps" {
        return Some(Move::Pass);
    }
    w.parse::<Square>().ok().map(Move::Play)
}
