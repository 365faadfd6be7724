//! `virada load`: scripted players against one `virada serve` on loopback.
//!
//! Each table is opened with `POST /api/tables` (no clock, so nobody runs
//! out of time), two WebSocket clients say `hello` (the second sits and the
//! game starts), and the client to move plays a random legal move from the
//! state's snapshot at the table's rate; a finished game is replaced by a
//! new table. Every table connects first; then the moves run for
//! `--duration` seconds, the tables' turns spread evenly over each period.
//!
//! The latency of a move runs from sending it to *both* clients having a
//! `state` whose `ply` is past it. A move not seen by both within
//! `--timeout` is lost. With `--spawn` the command starts `virada serve`
//! itself (a free port, a scratch data folder, no per-address table limit)
//! and reads the server's memory from `/proc/PID/status`. Several `--url`s
//! spread the tables over several servers (a table opened on one, its
//! second player on the next, so that half the moves are relayed); `--redis` reads the memory of
//! the Redis they share (and with `--spawn` starts the server over it).

use std::collections::BTreeMap;
use std::io::Write as _;
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

mod redis_memory;
mod server;
mod table;

use redis_memory::RedisMemory;
use server::{cpu_seconds, loopback_address, open_file_limit, proc_status, Spawned};
use table::table_task;
use tokio::sync::{watch, Semaphore};
use tokio::time::Instant;

/// The most tables one run may open at once.
const MAX_TABLES: usize = 20_000;
/// The longest run, in seconds.
const MAX_DURATION: f64 = 3600.0;
/// The most moves a second a table (the server takes 20 a second a socket).
const MAX_RATE: f64 = 10.0;
/// Tables being opened at once.
const OPENING: usize = 64;
/// Bytes a socket reads at once.
const READ_BUFFER: usize = 8 * 1024;
/// How long opening one table (request and both hellos) may take.
const OPEN_TIMEOUT: Duration = Duration::from_secs(20);

/// Arguments of `virada load`.
#[derive(clap::Args)]
pub struct Args {
    /// The server to load (`http://127.0.0.1:8000`; loopback only). It must
    /// run with `--tables-per-address 0`. Repeat it to spread the tables over
    /// several servers in turn (or give a proxy in front of them).
    #[arg(long, conflicts_with = "spawn", required_unless_present = "spawn")]
    url: Vec<String>,
    /// Start `virada serve` (this binary) on a free port with a scratch
    /// data folder, and stop it at the end.
    #[arg(long)]
    spawn: bool,
    /// The server's process id, to read its memory (with `--url`).
    #[arg(long, conflicts_with = "spawn")]
    pid: Option<u32>,
    /// Tables played at once (two connections each).
    #[arg(long, default_value_t = 100)]
    tables: usize,
    /// Moves a second at each table.
    #[arg(long, default_value_t = 1.0)]
    rate: f64,
    /// Seconds of moves, once every table is connected.
    #[arg(long, default_value_t = 30.0)]
    duration: f64,
    /// The game: othello or nabucodonosor.
    #[arg(long, default_value = "othello")]
    game: String,
    /// Seconds after which a move not seen by both clients is lost.
    #[arg(long, default_value_t = 5.0)]
    timeout: f64,
    /// Worker threads of the load generator (default: one a core).
    #[arg(long)]
    threads: Option<usize>,
    /// The Redis the servers keep their tables in (`redis://127.0.0.1:PORT`):
    /// with `--spawn` the server is started over it (`virada serve --redis`);
    /// either way the report gives Redis's memory a table.
    #[arg(long)]
    redis: Option<String>,
}

/// Runs the load and prints the report; exits 1 when no move came through.
pub fn run(args: Args) -> Result<ExitCode, String> {
    if args.tables == 0 || args.tables > MAX_TABLES {
        return Err(format!("--tables must be 1 to {MAX_TABLES}"));
    }
    if !(args.duration > 0.0 && args.duration <= MAX_DURATION) {
        return Err(format!(
            "--duration must be more than 0 and at most {MAX_DURATION} seconds"
        ));
    }
    if !(args.rate > 0.0 && args.rate <= MAX_RATE) {
        return Err(format!(
            "--rate must be more than 0 and at most {MAX_RATE} moves a second"
        ));
    }
    if !(args.timeout > 0.0 && args.timeout <= 600.0) {
        return Err("--timeout must be more than 0 and at most 600 seconds".into());
    }
    let game = match args.game.as_str() {
        "othello" | "nabucodonosor" => args.game.clone(),
        other => return Err(format!("--game is othello or nabucodonosor, not {other}")),
    };
    let sockets = 2 * args.tables + 64;
    if let Some(limit) = open_file_limit() {
        if limit < sockets as u64 {
            return Err(format!(
                "{} tables need about {sockets} open files, and this process may open {limit}; \
                 raise the limit first (`ulimit -n 65536`)",
                args.tables
            ));
        }
    }
    let mut spawned = None;
    let (addresses, pid) = if args.spawn {
        let server = Spawned::start(args.tables, args.redis.as_deref())?;
        let found = (vec![server.address.clone()], Some(server.child.id()));
        spawned = Some(server);
        found
    } else {
        let addresses = args
            .url
            .iter()
            .map(|url| loopback_address(url))
            .collect::<Result<Vec<_>, _>>()?;
        (addresses, args.pid)
    };
    let mut runtime = tokio::runtime::Builder::new_multi_thread();
    if let Some(threads) = args.threads {
        runtime.worker_threads(threads.max(1));
    }
    let runtime = runtime
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start the runtime: {e}"))?;
    let settings = Settings {
        addresses,
        body: format!(r#"{{"game":"{game}","clock":0}}"#),
        period: Duration::from_secs_f64(1.0 / args.rate),
        timeout: Duration::from_secs_f64(args.timeout),
    };
    let report = runtime.block_on(drive(&args, settings, pid));
    drop(spawned);
    let report = report?;
    let _ = std::io::stdout().write_all(report.text.as_bytes());
    Ok(if report.acknowledged > 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

/// What every table plays by.
struct Settings {
    /// The servers (`host:port`), a table slot on each in turn.
    addresses: Vec<String>,
    body: String,
    period: Duration,
    timeout: Duration,
}

/// Counters shared by every table.
#[derive(Default)]
struct Counters {
    sent: AtomicU64,
    acknowledged: AtomicU64,
    lost: AtomicU64,
    refused: AtomicU64,
    games: AtomicU64,
    opened: AtomicU64,
    open_sockets: AtomicUsize,
    errors: Mutex<BTreeMap<String, u64>>,
    latencies: Mutex<Vec<u32>>,
}

impl Counters {
    fn error(&self, code: &str) {
        let mut errors = self
            .errors
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        *errors.entry(code.to_string()).or_default() += 1;
    }
}

/// Where the run is.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Phase {
    /// Tables are being opened.
    Connecting,
    /// Moves until the instant.
    Running { from: Instant, until: Instant },
}

struct Report {
    text: String,
    acknowledged: u64,
}

async fn drive(args: &Args, settings: Settings, pid: Option<u32>) -> Result<Report, String> {
    let settings = Arc::new(settings);
    let counters = Arc::new(Counters::default());
    let (phase_tx, phase) = watch::channel(Phase::Connecting);
    let opening = Arc::new(Semaphore::new(OPENING));
    let ready = Arc::new(AtomicUsize::new(0));
    let stop = Arc::new(AtomicBool::new(false));
    let memory = Arc::new(AtomicU64::new(0));
    let sampler = pid.map(|pid| {
        let memory = Arc::clone(&memory);
        let stop = Arc::clone(&stop);
        tokio::spawn(async move {
            let pid = pid.to_string();
            while !stop.load(Ordering::Relaxed) {
                if let Some(rss) = proc_status(&pid, "VmRSS:") {
                    memory.fetch_max(rss, Ordering::Relaxed);
                }
                tokio::time::sleep(Duration::from_millis(250)).await;
            }
        })
    });
    let redis = match &args.redis {
        Some(url) => Some(RedisMemory::connect(url).await?),
        None => None,
    };
    let redis_before = match &redis {
        Some(r) => Some(r.used().await?),
        None => None,
    };
    let began = Instant::now();
    let mut tasks = Vec::with_capacity(args.tables);
    for index in 0..args.tables {
        tasks.push(tokio::spawn(table_task(
            index,
            args.tables,
            Arc::clone(&settings),
            Arc::clone(&counters),
            phase.clone(),
            Arc::clone(&opening),
            Arc::clone(&ready),
        )));
    }
    // Every table connected (or failed), then the clock starts.
    let connect_limit =
        began + Duration::from_secs(60) + OPEN_TIMEOUT * (args.tables / OPENING) as u32;
    while ready.load(Ordering::Relaxed) < args.tables && Instant::now() < connect_limit {
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let connected = counters.opened.load(Ordering::Relaxed);
    let sockets_before = counters.open_sockets.load(Ordering::Relaxed);
    let redis_connected = match &redis {
        Some(r) => Some(r.used().await?),
        None => None,
    };
    let connecting = began.elapsed();
    let from = Instant::now() + Duration::from_millis(200);
    let until = from + Duration::from_secs_f64(args.duration);
    let _ = phase_tx.send(Phase::Running { from, until });
    let cpu = |pid: Option<u32>| pid.and_then(|p| cpu_seconds(&p.to_string()));
    let cpu_start = (cpu(pid), cpu_seconds("self"));
    eprintln!(
        "virada load: {connected} of {} tables connected ({sockets_before} sockets) in {:.1} s; moves for {} s",
        args.tables,
        connecting.as_secs_f64(),
        args.duration
    );
    // Progress every ten seconds on standard error.
    let mut last = 0;
    while Instant::now() < until {
        let next = (Instant::now() + Duration::from_secs(10)).min(until);
        tokio::time::sleep_until(next).await;
        let acked = counters.acknowledged.load(Ordering::Relaxed);
        let rss = pid
            .and_then(|p| proc_status(&p.to_string(), "VmRSS:"))
            .map_or(String::new(), |r| format!(", server RSS {:.0} MB", mb(r)));
        eprintln!(
            "virada load: {:.0} s: {} moves acknowledged (+{}), {} lost, {} sockets{rss}",
            from.elapsed().as_secs_f64(),
            acked,
            acked - last,
            counters.lost.load(Ordering::Relaxed),
            counters.open_sockets.load(Ordering::Relaxed),
        );
        last = acked;
    }
    let sockets_during = counters.open_sockets.load(Ordering::Relaxed);
    let cpu_end = (cpu(pid), cpu_seconds("self"));
    let redis_end = match &redis {
        Some(r) => Some(r.used().await?),
        None => None,
    };
    for task in tasks {
        if task.await.is_err() {
            counters.error("task-panicked");
        }
    }
    stop.store(true, Ordering::Relaxed);
    if let Some(s) = sampler {
        let _ = s.await;
    }
    let hwm = pid.and_then(|p| proc_status(&p.to_string(), "VmHWM:"));
    let rss_end = pid.and_then(|p| proc_status(&p.to_string(), "VmRSS:"));
    let own = proc_status("self", "VmHWM:");

    let sent = counters.sent.load(Ordering::Relaxed);
    let acknowledged = counters.acknowledged.load(Ordering::Relaxed);
    let lost = counters.lost.load(Ordering::Relaxed);
    let refused = counters.refused.load(Ordering::Relaxed);
    let mut latencies = std::mem::take(
        &mut *counters
            .latencies
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner),
    );
    latencies.sort_unstable();
    let errors = counters
        .errors
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
        .clone();

    let mut text = String::new();
    use std::fmt::Write as _;
    let command: Vec<String> = std::env::args().collect();
    let _ = writeln!(text, "command: {}", command.join(" "));
    let _ = writeln!(
        text,
        "machine: {} cores, load average {}",
        std::thread::available_parallelism().map_or(0, usize::from),
        std::fs::read_to_string("/proc/loadavg")
            .ok()
            .map(|l| l.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
            .unwrap_or_else(|| "?".into())
    );
    let _ = writeln!(
        text,
        "tables: {} of {} connected in {:.1} s ({} {} at {} a second each); connections: {} at the start, {} at the end",
        connected,
        args.tables,
        connecting.as_secs_f64(),
        args.game,
        if args.tables == 1 { "table" } else { "tables" },
        args.rate,
        sockets_before,
        sockets_during
    );
    let _ = writeln!(
        text,
        "moves: {sent} sent, {acknowledged} seen by both clients in {} s: {:.1} moves/s; lost {lost}; refused {refused}",
        args.duration,
        acknowledged as f64 / args.duration
    );
    let _ = writeln!(
        text,
        "latency (sent to both clients having it): p50 {}, p99 {}, max {}",
        millis(percentile(&latencies, 0.50)),
        millis(percentile(&latencies, 0.99)),
        millis(latencies.last().copied())
    );
    let _ = writeln!(
        text,
        "games: {} finished, {} tables opened",
        counters.games.load(Ordering::Relaxed),
        counters.opened.load(Ordering::Relaxed)
    );
    let listed: Vec<String> = errors.iter().map(|(k, v)| format!("{k} {v}")).collect();
    let _ = writeln!(
        text,
        "errors: {}",
        if listed.is_empty() {
            "none".to_string()
        } else {
            listed.join(", ")
        }
    );
    match (pid, hwm) {
        (Some(pid), Some(hwm)) => {
            let _ = writeln!(
                text,
                "server memory (pid {pid}): RSS peak {:.1} MB (VmHWM {:.1} MB), at the end {:.1} MB",
                mb(memory.load(Ordering::Relaxed)),
                mb(hwm),
                mb(rss_end.unwrap_or(0))
            );
        }
        _ => {
            let _ = writeln!(text, "server memory: unknown (give --pid, or --spawn)");
        }
    }
    if let (Some(before), Some(with), Some(end)) = (redis_before, redis_connected, redis_end) {
        let _ = writeln!(
            text,
            "redis memory (used_memory): {:.1} MB before, {:.1} MB with {connected} tables seated \
             ({:.1} KB a table), {:.1} MB after the moves ({:.1} KB a table)",
            mb(before),
            mb(with),
            per_table_kb(before, with, connected),
            mb(end),
            per_table_kb(before, end, connected),
        );
    }
    if let Some(own) = own {
        let _ = writeln!(text, "load generator memory: peak {:.1} MB", mb(own));
    }
    let share = |start: Option<f64>, end: Option<f64>| match (start, end) {
        (Some(s), Some(e)) => format!("{:.0}% of a core", 100.0 * (e - s) / args.duration),
        _ => "unknown".into(),
    };
    let _ = writeln!(
        text,
        "cpu while moving: server {}, load generator {}",
        share(cpu_start.0, cpu_end.0),
        share(cpu_start.1, cpu_end.1)
    );
    Ok(Report { text, acknowledged })
}

/// Kilobytes a table between two readings of a store's memory.
fn per_table_kb(before: u64, after: u64, tables: u64) -> f64 {
    after.saturating_sub(before) as f64 / 1024.0 / tables.max(1) as f64
}

fn mb(bytes: u64) -> f64 {
    bytes as f64 / (1024.0 * 1024.0)
}

/// The `q` quantile of sorted microseconds (nearest rank).
fn percentile(sorted: &[u32], q: f64) -> Option<u32> {
    if sorted.is_empty() {
        return None;
    }
    let rank = ((q * sorted.len() as f64).ceil() as usize).clamp(1, sorted.len());
    Some(sorted[rank - 1])
}

fn millis(us: Option<u32>) -> String {
    us.map_or("-".into(), |us| format!("{:.1} ms", f64::from(us) / 1000.0))
}
