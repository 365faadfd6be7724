//! `virada book build`: grows the opening book best first.
//!
//! Each position taken from the frontier is *expanded*: every legal move
//! from it is searched to `--depth` (the position after the move, from its
//! mover's view). A child's *cost* is its parent's, plus `--ply-cost` for
//! the ply, plus `--deviation-weight` times how far its value falls below
//! the best sibling's; the cheapest positions are expanded first, so the
//! book follows the best lines deep and the near-best ones less deep. The
//! first `--xot` XOT openings enter the frontier at `--xot-cost`. Every
//! search is appended to `--cache` as it is made; a run stopped (or ended by
//! `--minutes` or `--max-evals`) resumes from it, and the same cache always
//! grows the same book.

use super::super::play_match::opening;
use clap::Args as ClapArgs;
use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashMap, HashSet};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Instant;
use virada::engine::book::{key, Book, Node};
use virada::engine::search::{Budget, Engine, Limits};
use virada::{Color, Move, Position};

/// Options of `book build`.
#[derive(ClapArgs)]
pub struct BuildArgs {
    /// Where to write the book.
    #[arg(long, default_value = "crate/weights/book.vrdb")]
    out: PathBuf,
    /// Every search made, appended as it is made (the run resumes from it).
    #[arg(long)]
    cache: PathBuf,
    /// The depth of each search.
    #[arg(long, default_value_t = 14)]
    depth: u32,
    /// Cost of a ply, in 1/100 disc.
    #[arg(long, default_value_t = 100)]
    ply_cost: i64,
    /// Cost of each 1/100 disc a move falls below the best.
    #[arg(long, default_value_t = 2)]
    deviation_weight: i64,
    /// Positions costing more are not expanded.
    #[arg(long, default_value_t = 1400)]
    max_cost: i64,
    /// Positions deeper than this many plies are not expanded.
    #[arg(long, default_value_t = 30)]
    max_ply: usize,
    /// The first N XOT openings enter the frontier too.
    #[arg(long, default_value_t = 0)]
    xot: usize,
    /// The cost an XOT opening enters at.
    #[arg(long, default_value_t = 900)]
    xot_cost: i64,
    /// The XOT openings, one transcript a line.
    #[arg(long, default_value = "tests/data/xot-openings.txt")]
    openings: PathBuf,
    /// Stop after this many new searches (0: no limit).
    #[arg(long, default_value_t = 0)]
    max_evals: usize,
    /// Stop after this many minutes (0: no limit).
    #[arg(long, default_value_t = 0.0)]
    minutes: f64,
    /// Threads.
    #[arg(long, default_value_t = 2)]
    threads: usize,
}

/// Bytes of a cache record: mover's and opponent's discs (the key), value
/// (`i16`, 1/100 disc, the mover's view), depth.
const RECORD: usize = 19;
/// Positions expanded between two writes of the cache.
const BATCH: usize = 4;

/// A frontier entry: cost, then order of arrival (so ties are deterministic).
type Entry = Reverse<(i64, u64)>;

struct Grower {
    cache: HashMap<(u64, u64), i32>,
    /// Expanded positions: the way from the start, for writing the tree.
    expanded: HashSet<(u64, u64)>,
    /// Per position on a way to an expanded one, the keys of the next
    /// positions on such ways.
    through: HashMap<(u64, u64), HashSet<(u64, u64)>>,
    frontier: BinaryHeap<Entry>,
    waiting: HashMap<u64, (Position, Vec<Move>, i64)>,
    arrivals: u64,
}

impl Grower {
    fn push(&mut self, position: Position, path: Vec<Move>, cost: i64) {
        self.arrivals += 1;
        self.frontier.push(Reverse((cost, self.arrivals)));
        self.waiting.insert(self.arrivals, (position, path, cost));
    }

    /// The next positions to expand, cheapest first.
    fn take(&mut self, a: &BuildArgs) -> Vec<(Position, Vec<Move>, i64)> {
        let mut out: Vec<(Position, Vec<Move>, i64)> = Vec::new();
        while out.len() < BATCH {
            let Some(Reverse((cost, id))) = self.frontier.pop() else {
                break;
            };
            let (pos, path, _) = self.waiting.remove(&id).expect("queued");
            let k = key(&pos);
            if cost > a.max_cost
                || path.len() > a.max_ply
                || pos.must_pass()
                || pos.is_game_over()
                || self.expanded.contains(&k)
                || out.iter().any(|(p, _, _)| key(p) == k)
            {
                continue;
            }
            out.push((pos, path, cost));
        }
        out
    }

    /// Marks `pos` expanded (its children searched) and queues its children.
    fn expand(&mut self, pos: Position, path: &[Move], cost: i64, a: &BuildArgs) {
        let k = key(&pos);
        self.expanded.insert(k);
        let mut at = Position::start();
        for &m in path {
            let next = at.play_move(m).expect("a legal way");
            self.through.entry(key(&at)).or_default().insert(key(&next));
            at = next;
        }
        let children: Vec<(Move, Position, i32)> = pos
            .legal_moves()
            .squares()
            .map(|sq| {
                let c = pos.play_unchecked(sq);
                (Move::Play(sq), c, -self.cache[&key(&c)])
            })
            .collect();
        let best = children.iter().map(|c| c.2).max().unwrap_or(0);
        for (m, c, v) in children {
            let child_cost = cost + a.ply_cost + a.deviation_weight * i64::from(best - v);
            if child_cost <= a.max_cost && !self.expanded.contains(&key(&c)) {
                let mut way = path.to_vec();
                way.push(m);
                self.push(c, way, child_cost);
            }
        }
    }

    /// The value of `k`: the best of its children's if expanded, else its search's.
    fn negamax(&self, pos: &Position, memo: &mut HashMap<(u64, u64), i32>) -> Option<i32> {
        let k = key(pos);
        if let Some(&v) = memo.get(&k) {
            return Some(v);
        }
        let v = if self.expanded.contains(&k) {
            let mut best = i32::MIN;
            for sq in pos.legal_moves().squares() {
                best = best.max(-self.negamax(&pos.play_unchecked(sq), memo)?);
            }
            best
        } else {
            *self.cache.get(&k)?
        };
        memo.insert(k, v);
        Some(v)
    }

    /// The book's tree under `pos`, entered by `mv`.
    fn tree(
        &self,
        pos: &Position,
        mv: Option<Move>,
        memo: &mut HashMap<(u64, u64), i32>,
        written: &mut HashSet<(u64, u64)>,
    ) -> Node {
        let k = key(pos);
        let value = self.negamax(pos, memo);
        let mut node = Node {
            mv,
            value,
            children: Vec::new(),
        };
        if !written.insert(k) {
            return node;
        }
        let expanded = self.expanded.contains(&k);
        let through = self.through.get(&k);
        let next: Vec<(Move, Position)> = if pos.must_pass() && !pos.is_game_over() {
            vec![(Move::Pass, pos.pass_unchecked())]
        } else {
            pos.legal_moves()
                .squares()
                .map(|sq| (Move::Play(sq), pos.play_unchecked(sq)))
                .collect()
        };
        for (m, c) in next {
            if expanded || through.is_some_and(|t| t.contains(&key(&c))) {
                node.children.push(self.tree(&c, Some(m), memo, written));
            }
        }
        node
    }
}

fn read_cache(path: &Path, depth: u32) -> Result<HashMap<(u64, u64), i32>, String> {
    let mut cache = HashMap::new();
    let bytes = match std::fs::read(path) {
        Ok(b) => b,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(cache),
        Err(e) => return Err(format!("cannot read {}: {e}", path.display())),
    };
    let whole = bytes.len() / RECORD * RECORD;
    if whole < bytes.len() {
        // A run stopped inside a write: drop the part record.
        println!(
            "{}: dropping {} bytes of a record cut short",
            path.display(),
            bytes.len() - whole
        );
        std::fs::OpenOptions::new()
            .write(true)
            .open(path)
            .and_then(|f| f.set_len(whole as u64))
            .map_err(|e| format!("cannot truncate {}: {e}", path.display()))?;
    }
    for r in bytes[..whole].chunks_exact(RECORD) {
        let p = u64::from_le_bytes(r[0..8].try_into().expect("8 bytes"));
        let o = u64::from_le_bytes(r[8..16].try_into().expect("8 bytes"));
        if p & o != 0 {
            return Err(format!(
                "{}: a record with overlapping discs",
                path.display()
            ));
        }
        if u32::from(r[18]) == depth {
            cache.insert((p, o), i32::from(i16::from_le_bytes([r[16], r[17]])));
        }
    }
    Ok(cache)
}

fn search(engine: &mut Engine, pos: &Position, depth: u32) -> i32 {
    engine.clear();
    let limits = Limits {
        depth,
        exact_empties: 0,
        wld_empties: 0,
    };
    engine.search(pos, &limits, Budget::unlimited()).score
}

/// Searches `todo` on `threads` threads; the values in order.
fn search_all(engines: &mut [Engine], todo: &[Position], depth: u32) -> Vec<i32> {
    let next = AtomicUsize::new(0);
    let out = Mutex::new(vec![0; todo.len()]);
    std::thread::scope(|s| {
        for engine in engines.iter_mut() {
            let (next, out) = (&next, &out);
            s.spawn(move || loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(pos) = todo.get(i) else { break };
                let v = search(engine, pos, depth);
                out.lock().expect("no thread panicked")[i] = v;
            });
        }
    });
    out.into_inner().expect("no thread panicked")
}

/// Runs `book build`.
pub fn run(a: &BuildArgs) -> Result<(), String> {
    if a.depth == 0 || a.depth > 40 || a.threads == 0 {
        return Err("--depth is 1 to 40 and --threads at least 1".into());
    }
    let mut g = Grower {
        cache: read_cache(&a.cache, a.depth)?,
        expanded: HashSet::new(),
        through: HashMap::new(),
        frontier: BinaryHeap::new(),
        waiting: HashMap::new(),
        arrivals: 0,
    };
    let known = g.cache.len();
    let mut file = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(&a.cache)
        .map_err(|e| format!("cannot open {}: {e}", a.cache.display()))?;
    g.push(Position::start(), Vec::new(), 0);
    if a.xot > 0 {
        let text = std::fs::read_to_string(&a.openings)
            .map_err(|e| format!("cannot read {}: {e}", a.openings.display()))?;
        let lines = text
            .lines()
            .filter(|l| !l.trim().is_empty() && !l.starts_with('#'));
        for line in lines.take(a.xot) {
            let pos = opening(line)?;
            let path = virada::parse_transcript(line.trim(), Position::start())
                .map_err(|e| format!("{line}: {e}"))?;
            g.push(pos, path, a.xot_cost);
        }
    }
    let mut engines: Vec<Engine> = (0..a.threads).map(|_| Engine::new(32 << 20)).collect();
    let started = Instant::now();
    let (mut fresh, mut last_report) = (0usize, 0f64);
    println!(
        "book: depth {}, {known} searches in {}, {} threads",
        a.depth,
        a.cache.display(),
        a.threads
    );
    loop {
        let batch = g.take(a);
        if batch.is_empty() {
            break;
        }
        let mut todo: Vec<Position> = Vec::new();
        for (pos, _, _) in &batch {
            for sq in pos.legal_moves().squares() {
                let c = pos.play_unchecked(sq);
                let k = key(&c);
                if !g.cache.contains_key(&k) && !todo.iter().any(|t| key(t) == k) {
                    todo.push(c);
                }
            }
        }
        // Limits count new searches only: a resumed run first replays the
        // cache's expansions, which cost none.
        let minutes = started.elapsed().as_secs_f64() / 60.0;
        let out_of_time = a.minutes > 0.0 && minutes >= a.minutes;
        if !todo.is_empty() && (out_of_time || (a.max_evals > 0 && fresh >= a.max_evals)) {
            break;
        }
        let values = search_all(&mut engines, &todo, a.depth);
        let mut bytes = Vec::with_capacity(todo.len() * RECORD);
        for (c, v) in todo.iter().zip(values) {
            let (p, o) = key(c);
            let v = v.clamp(-i32::from(i16::MAX), i32::from(i16::MAX));
            bytes.extend_from_slice(&p.to_le_bytes());
            bytes.extend_from_slice(&o.to_le_bytes());
            bytes.extend_from_slice(&(v as i16).to_le_bytes());
            bytes.push(a.depth as u8);
            g.cache.insert((p, o), v);
        }
        file.write_all(&bytes)
            .map_err(|e| format!("cannot write {}: {e}", a.cache.display()))?;
        fresh += todo.len();
        for (pos, path, cost) in batch {
            g.expand(pos, &path, cost, a);
        }
        let seconds = started.elapsed().as_secs_f64();
        if fresh > 0 && seconds - last_report >= 30.0 {
            last_report = seconds;
            let cost = g.frontier.peek().map_or(0, |Reverse((c, _))| *c);
            println!(
                "  {:.1} min: {} expanded, {} searches ({fresh} new, {:.2} s each), next cost {:.1}",
                seconds / 60.0,
                g.expanded.len(),
                g.cache.len(),
                seconds * a.threads as f64 / fresh as f64,
                cost as f64 / 100.0
            );
        }
    }
    let mut memo = HashMap::new();
    let mut written = HashSet::new();
    let root = g.tree(&Position::start(), None, &mut memo, &mut written);
    let bytes = Book::to_bytes(&root);
    let book =
        Book::from_bytes(&bytes).map_err(|e| format!("the book written reads back wrong: {e}"))?;
    std::fs::write(&a.out, &bytes).map_err(|e| format!("cannot write {}: {e}", a.out.display()))?;
    let start = book.value(&Position::start()).unwrap_or(0);
    println!(
        "book: {} expanded, {} positions valued, {} nodes, {} bytes to {}; the start {:+.2} discs for {}",
        g.expanded.len(),
        book.len(),
        bytes.len().saturating_sub(9) / 4,
        bytes.len(),
        a.out.display(),
        f64::from(start) / 100.0,
        Color::Dark
    );
    Ok(())
}
