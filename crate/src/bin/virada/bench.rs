//! `virada bench`: the speed figures the README quotes, each section printing
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
    Ok(ExitCode::SUCCESS)
}

/// What the binary was compiled for: the figures depend on it.
fn build_description() -> String {
    let arch = std::env::consts::ARCH;
    if cfg!(target_feature = "avx512f") {
        format!("{arch} build with AVX-512 (e.g. -C target-cpu=native)")
    } else if cfg!(target_feature = "avx2") {
        format!("{arch} build with AVX2 (-C target-cpu=x86-64-v3 or newer)")
    } else if virada::movegen::perft_uses_runtime_avx2() {
        format!(
            "{arch} portable build; perft runs its AVX2 compilation, found on this CPU at run time"
        )
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
