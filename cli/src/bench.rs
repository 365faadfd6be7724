//! `virada bench`: the speed figures `docs/engine.md` quotes, each section printing
//! its figure and how it was measured. A section is one function here, called
//! from [`run`]; add new ones the same way.

use std::process::ExitCode;
use std::time::Instant;
use virada::Position;

/// Arguments of `virada bench`.
#[derive(clap::Args)]
pub struct Args {
    /// The perft depth from the start position.
    #[arg(long, default_value_t = 12, value_parser = clap::value_parser!(u32).range(1..=14))]
    depth: u32,
    /// How many times to run each measure; the fastest run counts.
    #[arg(long, default_value_t = 3, value_parser = clap::value_parser!(u32).range(1..=100))]
    runs: u32,
    /// Also solve these endgame positions exactly (OBF), e.g.
    /// tests/data/fforum-40-49.obf (minutes).
    #[arg(long)]
    endgame: Option<std::path::PathBuf>,
    /// Also search the positions after the first N XOT openings
    /// (tests/data/xot-openings.txt) as the bot's top level does, each with a
    /// fresh engine of 4 MiB (the page's) and `--midgame-nodes` nodes.
    #[arg(long)]
    midgame: Option<usize>,
    /// Node budget of each `--midgame` search.
    #[arg(long, default_value_t = 1_000_000)]
    midgame_nodes: u64,
    /// Also search N positions to this depth with ProbCut and at full width
    /// (after each of the first N XOT openings, 0, 8, 16 or 24 moves of level
    /// 5 further, in turn) and compare the nodes.
    #[arg(long, value_names = ["N", "DEPTH"], num_args = 2)]
    probcut: Option<Vec<u32>>,
    /// With `--probcut`: the ProbCut search only (no full-width one), for
    /// comparing the selective search's nodes quickly.
    #[arg(long)]
    probcut_only: bool,
    /// Calibrate ProbCut on N positions and write the table (Rust) to FILE,
    /// e.g. `--probcut-fit 120 crate/src/search/probcut.rs` (minutes).
    #[arg(long, value_names = ["N", "FILE"], num_args = 2)]
    probcut_fit: Option<Vec<String>>,
    /// Calibrate the solver's probable cuts on GAMES (`virada train gen
    /// --solve-at 22`) and write the table to FILE, e.g. `--endcut-fit
    /// games.bin crate/src/engine/endgame/cut_fit.rs`.
    #[arg(long, value_names = ["GAMES", "FILE"], num_args = 2)]
    endcut_fit: Option<Vec<String>>,
    /// Also search N positions to this depth on one thread, on 2 …
    /// `--threads` threads sharing one table, and split across `--threads`
    /// runners with a table each, and compare the time to the depth.
    #[arg(long, value_names = ["N", "DEPTH"], num_args = 2)]
    split: Option<Vec<u32>>,
    /// Also analyse N positions as the review does, every move to this
    /// depth, on one thread, then on 2 … `--threads` threads over one set
    /// of tables, and compare the time.
    #[arg(long, value_names = ["N", "DEPTH"], num_args = 2)]
    analysis: Option<Vec<u32>>,
    /// The same with every move of each position of FILE (OBF) solved
    /// exactly, e.g. `tests/data/fforum-20-39.obf`.
    #[arg(long, value_name = "FILE")]
    analysis_obf: Option<String>,
    /// With `--split`, `--analysis` and `--analysis-obf`: the most threads.
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u32).range(1..=64))]
    threads: u32,
    /// With `--split`: each search's fresh tables in MiB (the threads
    /// sharing one table share them; each runner of the split has its own).
    #[arg(long, default_value_t = 16, value_parser = clap::value_parser!(u32).range(1..=4096))]
    hash_mb: u32,
}

/// Leaves from the start position (Aart Bik, "Perft for Reversi", 2009).
const START_PERFT: [u64; 15] = [
    1,
    4,
    12,
    56,
    244,
    1_396,
    8_200,
    55_092,
    390_216,
    3_005_288,
    24_571_284,
    212_258_800,
    1_939_886_636,
    18_429_641_748,
    184_042_084_512,
];

/// Runs every section.
pub fn run(args: Args) -> Result<ExitCode, String> {
    println!("virada bench: {}", build_description());
    println!("one thread; the fastest of {} runs counts", args.runs);
    perft_section(&args)?;
    if let Some(file) = &args.endgame {
        crate::bench_endgame::section(file, 64)?;
    }
    if let Some(count) = args.midgame {
        midgame_section(count, args.midgame_nodes)?;
    }
    if let Some(v) = &args.probcut_fit {
        let count = v[0].parse().map_err(|_| format!("not a count: {}", v[0]))?;
        crate::probcut_fit::section(count, std::path::Path::new(&v[1]))?;
    }
    if let Some(v) = &args.endcut_fit {
        crate::endcut_fit::section(std::path::Path::new(&v[0]), std::path::Path::new(&v[1]))?;
    }
    if let Some(v) = &args.probcut {
        probcut_section(v[0] as usize, v[1], args.probcut_only)?;
    }
    if let Some(v) = &args.split {
        crate::bench_split::section(v[0] as usize, v[1], args.threads as usize, args.hash_mb)?;
    }
    if let Some(v) = &args.analysis {
        crate::bench_analysis::midgame(v[0] as usize, v[1], args.threads as usize)?;
    }
    if let Some(file) = &args.analysis_obf {
        crate::bench_analysis::exact(file, args.threads as usize)?;
    }
    Ok(ExitCode::SUCCESS)
}

/// What the binary was compiled for: the figures depend on it.
fn build_description() -> String {
    let arch = std::env::consts::ARCH;
    if cfg!(target_feature = "avx512f") {
        format!("{arch} build with AVX-512 (e.g. -C target-cpu=native)")
    } else if cfg!(target_feature = "avx2") {
        format!("{arch} build with AVX2 (-C target-cpu=x86-64-v3 or newer)")
    } else if virada::board::movegen::perft_uses_runtime_avx2() {
        let solver = if virada::engine::endgame::solver_uses_runtime_avx2() {
            " and the endgame solver run their AVX2 compilations"
        } else {
            " runs its AVX2 compilation"
        };
        format!("{arch} portable build; perft{solver}, found on this CPU at run time")
    } else {
        format!("{arch} portable build, no AVX2")
    }
}

/// One timed run: wall-clock seconds, and the seconds the thread spent on a
/// CPU when the system tells (Linux), which a busy machine does not inflate.
pub struct Timing {
    /// Wall-clock seconds.
    pub wall: f64,
    /// On-CPU seconds of this thread, if known.
    pub cpu: Option<f64>,
}

/// Times `work`.
pub fn time<T>(work: impl FnOnce() -> T) -> (T, Timing) {
    let cpu_before = thread_cpu_ns();
    let started = Instant::now();
    let out = work();
    let wall = started.elapsed().as_secs_f64();
    let cpu = match (cpu_before, thread_cpu_ns()) {
        (Some(a), Some(b)) if b > a => Some((b - a) as f64 / 1e9),
        _ => None,
    };
    (out, Timing { wall, cpu })
}

/// Nanoseconds this thread has run on a CPU (Linux `/proc/thread-self/schedstat`).
fn thread_cpu_ns() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    text.split_whitespace().next()?.parse().ok()
}

/// Perft from the start, the last ply counted in bulk, one thread.
fn perft_section(args: &Args) -> Result<(), String> {
    let depth = args.depth;
    println!(
        "perft {depth} from the start position (last ply counted in bulk: leaves are counted, not made)"
    );
    let mut best_wall = f64::INFINITY;
    let mut best_cpu: Option<f64> = None;
    let mut leaves = 0;
    for run in 1..=args.runs {
        let (n, t) = time(|| Position::start().perft(depth));
        leaves = n;
        let cpu = t.cpu.map_or(String::new(), |c| format!(", {c:.3}s on CPU"));
        println!("  run {run}: {n} leaves in {:.3}s wall{cpu}", t.wall);
        best_wall = best_wall.min(t.wall);
        best_cpu = match (best_cpu, t.cpu) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
    }
    let expected = START_PERFT[depth as usize];
    if leaves != expected {
        return Err(format!(
            "perft {depth} counted {leaves} leaves but the reference count is {expected}"
        ));
    }
    let rate = |secs: f64| leaves as f64 / secs / 1e6;
    print!(
        "perft {depth}: {:.1}M leaves/s by wall clock",
        rate(best_wall)
    );
    match best_cpu {
        Some(cpu) => println!(", {:.1}M leaves/s by on-CPU time", rate(cpu)),
        None => println!(),
    }
    Ok(())
}

/// The top level's search after each of the first `count` XOT openings with
/// `nodes` nodes a search: one line a position (`dark light side` masks in
/// hex for `tests/bench/wasm-bot.mjs`, move, score, nodes, seconds), then the
/// total and the rate.
fn midgame_section(count: usize, nodes: u64) -> Result<(), String> {
    use virada::engine::bot::choose_with;
    use virada::engine::search::{Budget, Engine};
    let text = std::fs::read_to_string("tests/data/xot-openings.txt")
        .map_err(|e| format!("cannot read tests/data/xot-openings.txt: {e}"))?;
    println!("level 10, {nodes} nodes a search, fresh 4 MiB engine, after each of the first {count} XOT openings");
    let (mut total_nodes, mut total_wall, mut total_cpu) = (0u64, 0f64, 0f64);
    for line in text.lines().filter(|l| !l.trim().is_empty()).take(count) {
        let pos = crate::play_match::opening(line)?;
        let budget = Budget {
            nodes: Some(nodes),
            ..Budget::unlimited()
        };
        let mut engine = Engine::new(4 << 20);
        // A search's figures: no move from the opening book.
        engine.set_book(false);
        let (choice, t) = time(|| choose_with(&mut engine, &pos, 10, &mut || 0, budget));
        let cpu = t.cpu.unwrap_or(t.wall);
        total_nodes += choice.nodes;
        total_wall += t.wall;
        total_cpu += cpu;
        let dark = pos.board().discs(virada::Color::Dark).0;
        let light = pos.board().discs(virada::Color::Light).0;
        let side = if pos.side_to_move() == virada::Color::Dark {
            'X'
        } else {
            'O'
        };
        println!(
            "  {dark:016x} {light:016x} {side} {} {} {} {:.3}s",
            choice.mv, choice.score, choice.nodes, cpu
        );
    }
    println!(
        "midgame: {total_nodes} nodes {total_wall:.2}s wall {total_cpu:.2}s on CPU {:.2}M nodes/s on CPU",
        total_nodes as f64 / total_cpu.max(1e-9) / 1e6
    );
    Ok(())
}

/// Nodes to a fixed depth with ProbCut against the full-width search, on the
/// same positions, each search with a fresh engine of 16 MiB and no endgame
/// solve (the search's own solving of the last 12 empties aside).
/// Positions to measure searches on: after each of the first `count` XOT
/// openings (`tests/data/xot-openings.txt`), 0, 8, 16, … moves of level 5
/// (the opening's number modulo `cycle` times 8), those where the mover
/// has a move.
pub fn sample_positions(count: usize, cycle: usize) -> Result<Vec<Position>, String> {
    let text = std::fs::read_to_string("tests/data/xot-openings.txt")
        .map_err(|e| format!("cannot read tests/data/xot-openings.txt: {e}"))?;
    let mut out = Vec::new();
    for (i, line) in text
        .lines()
        .filter(|l| !l.trim().is_empty())
        .take(count)
        .enumerate()
    {
        let mut pos = crate::play_match::opening(line)?;
        for _ in 0..8 * (i % cycle) {
            if pos.is_game_over() {
                break;
            }
            let mv = if pos.must_pass() {
                virada::Move::Pass
            } else {
                virada::engine::bot::choose(&pos, 5)
            };
            pos = pos.play_move(mv).map_err(|e| e.to_string())?;
        }
        if !pos.is_game_over() && !pos.must_pass() {
            out.push(pos);
        }
    }
    Ok(out)
}

fn probcut_section(count: usize, depth: u32, only: bool) -> Result<(), String> {
    use virada::engine::search::{Budget, Engine, Limits};
    use virada::Move;
    let limits = Limits {
        depth,
        exact_empties: 0,
        wld_empties: 0,
    };
    let (mut nodes, mut secs, mut same, mut searched) = ([0u64; 2], [0f64; 2], 0, 0);
    for pos in sample_positions(count, 4)? {
        let mut best = [Move::Pass; 2];
        for (k, probcut) in [false, true].into_iter().enumerate() {
            if only && !probcut {
                continue;
            }
            let mut engine = Engine::new(16 << 20);
            engine.set_probcut(probcut);
            let (r, t) = time(|| engine.search(&pos, &limits, Budget::unlimited()));
            nodes[k] += r.nodes;
            secs[k] += t.cpu.unwrap_or(t.wall);
            best[k] = r.best;
        }
        searched += 1;
        same += usize::from(best[0] == best[1]);
    }
    if only {
        println!(
            "depth {depth}, {searched} positions: ProbCut {} nodes {:.2}s",
            nodes[1], secs[1]
        );
    } else {
        println!(
            "depth {depth}, {searched} positions: full width {} nodes {:.2}s, ProbCut {} nodes {:.2}s ({:.0}% of the nodes), the same move in {same}",
            nodes[0],
            secs[0],
            nodes[1],
            secs[1],
            100.0 * nodes[1] as f64 / nodes[0].max(1) as f64
        );
    }
    Ok(())
}
