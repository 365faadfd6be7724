//! `virada load`: scripted players against `virada serve` on loopback.
//!
//! Each table is opened with `POST /api/tables` (no clock by default, so
//! nobody runs out of time; `--clock 180+2` plays game clocks, `--clock 30`
//! clocks a move, each long enough for the rate), two WebSocket clients
//! say `hello` (the second sits and the game starts), and the client to move plays a random legal move from the
//! state's snapshot at the table's rate; a finished game is replaced by a
//! new table. Every table connects first; then the moves run for
//! `--duration` seconds, the tables' turns spread evenly over each period.
//!
//! The latency of a move runs from sending it to *both* clients having a
//! `state` whose `ply` is past it. A move not seen by both within
//! `--timeout` is lost. With `--spawn` the command starts `virada serve`
//! itself (a free port, a scratch data folder, no per-address table limit)
//! and reads the server's memory from `/proc/PID/status`; with `--spawn
//! --servers N`, Redis, N servers and the shipped proxy as `virada trial`
//! starts them, and `--beside-one` then measures one server alone on the
//! same load. Several `--url`s spread the tables over several servers (a
//! table opened on one, its second player on the next, so that half the
//! moves are relayed); `--redis` reads the memory of the Redis they share,
//! and the `PUBLISH` commands it ran while the tables moved. With
//! `--beside-clock 30` the same load runs first at that clock, then at
//! `--clock`: both reports and the ratio of their p99. Where one
//! process may not open two files a table, the tables are spread over
//! several processes (workers.rs) and their figures merged.

use std::io::Write as _;
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Duration;

mod local;
mod reconnect;
mod redis_stats;
mod seat;
mod server;
mod table;
mod tally;
mod target;
mod workers;

use local::Local;
use redis_stats::RedisStats;
use server::{cpu_seconds, loopback_address, proc_status};
use tally::{Context, Tally};
use target::Target;
use tokio::time::Instant;

/// Milliseconds since the Unix epoch.
fn now_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX))
}

/// The most tables one run may open at once.
const MAX_TABLES: usize = 100_000;
/// The longest run, in seconds.
const MAX_DURATION: f64 = 3600.0;
/// The most moves a second a table (the server takes 20 a second a socket).
const MAX_RATE: f64 = 10.0;
/// Tables being opened at once (in each process).
const OPENING: usize = 64;
/// Bytes a socket reads at once.
const READ_BUFFER: usize = 8 * 1024;
/// How long opening one table (request and both hellos) may take.
const OPEN_TIMEOUT: Duration = Duration::from_secs(20);

/// Arguments of `virada load`.
#[derive(clap::Args, Clone)]
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
    /// With `--spawn`: start Redis, N servers over it and, for more than
    /// one, the shipped proxy in front of them (server/proxy/haproxy.cfg),
    /// as `virada trial` does, and load them through the proxy.
    #[arg(long, requires = "spawn", conflicts_with = "redis")]
    servers: Option<usize>,
    /// With `--servers N`: first the same load on one server alone over a
    /// Redis of its own, then on the N; both reports and the ratios.
    #[arg(long, requires = "servers")]
    beside_one: bool,
    /// With `--servers N`: the proxy's configuration to try instead of the
    /// shipped one (as `virada trial --proxy-config`).
    #[arg(long, requires = "servers")]
    proxy_config: Option<std::path::PathBuf>,
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
    /// The tables' clock in its notation: `off`, seconds a move (`30`), or
    /// a game clock (`180+2`). Correspondence (`2d`) plays as any other.
    #[arg(long, default_value = "off")]
    clock: String,
    /// First the same load at this clock (`30`), then at `--clock`: both
    /// reports and the ratio of their p99, in one run.
    #[arg(long)]
    beside_clock: Option<String>,
    /// Seconds after which a move not seen by both clients is lost.
    #[arg(long, default_value_t = 5.0)]
    timeout: f64,
    /// Worker threads of the load generator (default: one a core).
    #[arg(long)]
    threads: Option<usize>,
    /// The Redis the servers keep their tables in (`redis://127.0.0.1:PORT`):
    /// with `--spawn` the server is started over it (`virada serve --redis`);
    /// either way the report gives Redis's memory a table and the `PUBLISH`
    /// it ran while the tables moved.
    #[arg(long)]
    redis: Option<String>,
    /// With `--servers N`: while the moves run, stop each server in turn
    /// (SIGTERM: it hands its tables on and exits) and start it again; the
    /// clients reconnect as the pages do. The report gives the moves lost
    /// and the worst latency.
    #[arg(long, requires = "servers")]
    rolling_restart: bool,
    /// Clients connect again when their socket closes (set by
    /// `--rolling-restart`, for the processes of a run).
    #[arg(long, hide = true)]
    reconnect: bool,
    /// Plays table slots FIRST:END of a run spread over several processes
    /// (started by the command itself).
    #[arg(long, hide = true)]
    worker: Option<String>,
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
    if !matches!(args.game.as_str(), "othello" | "nabucodonosor") {
        return Err(format!(
            "--game is othello or nabucodonosor, not {}",
            args.game
        ));
    }
    for clock in std::iter::once(&args.clock).chain(&args.beside_clock) {
        crate::serve::read_clock(clock).map_err(|e| format!("--clock {clock}: {e}"))?;
    }
    if args.beside_clock.is_some() && args.beside_one {
        return Err("--beside-clock and --beside-one compare one thing at a time".into());
    }
    if args.servers.is_some_and(|n| n == 0 || n > 64) {
        return Err("--servers must be 1 to 64".into());
    }
    if let Some(range) = &args.worker {
        let addresses = urls(&args)?;
        workers::serve(&args, settings(&args, addresses), range)?;
        return Ok(ExitCode::SUCCESS);
    }
    let mut ok = true;
    let mut reports = Vec::new();
    if args.beside_one {
        let (text, moved) = once(&args, Some(1))?;
        print_now(&text);
        ok &= moved;
        reports.push(text);
    }
    if let Some(clock) = &args.beside_clock {
        let first = Args {
            clock: clock.clone(),
            ..args.clone()
        };
        let (text, moved) = once(&first, args.servers)?;
        print_now(&format!("clock {clock}:\n{text}"));
        ok &= moved;
        reports.push(text);
    }
    let (text, moved) = once(&args, args.servers)?;
    if args.beside_clock.is_some() {
        print_now(&format!("clock {}:\n{text}", args.clock));
    } else {
        print_now(&text);
    }
    ok &= moved;
    reports.push(text);
    match (reports.as_slice(), &args.beside_clock) {
        ([first, then], Some(clock)) => print_now(&compare_clocks(first, then, clock, &args.clock)),
        ([alone, many], None) => print_now(&compare(alone, many, args.servers.unwrap_or(1))),
        _ => {}
    }
    Ok(if ok {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

fn print_now(text: &str) {
    let _ = std::io::stdout().write_all(text.as_bytes());
    let _ = std::io::stdout().flush();
}

/// The line comparing N servers behind the proxy with one alone.
fn compare(alone: &str, many: &str, n: usize) -> String {
    match (tally::read_latencies(alone), tally::read_latencies(many)) {
        (Some((p50_one, p99_one)), Some((p50, p99))) => format!(
            "beside one server alone: p99 {p99:.1} ms against {p99_one:.1} ms ({:.2} times), \
             p50 {p50:.1} ms against {p50_one:.1} ms ({:+.1} ms), {n} servers behind the proxy\n",
            p99 / p99_one.max(0.001),
            p50 - p50_one
        ),
        _ => "beside one server alone: no latency to compare\n".into(),
    }
}

/// The line comparing the tables at `--clock` with the same load at
/// `--beside-clock`.
fn compare_clocks(first: &str, then: &str, beside: &str, clock: &str) -> String {
    match (tally::read_latencies(first), tally::read_latencies(then)) {
        (Some((p50_first, p99_first)), Some((p50, p99))) => format!(
            "clock {clock} beside clock {beside}: p99 {p99:.1} ms against {p99_first:.1} ms \
             ({:.2} times), p50 {p50:.1} ms against {p50_first:.1} ms ({:+.1} ms)\n",
            p99 / p99_first.max(0.001),
            p50 - p50_first
        ),
        _ => "beside the other clock: no latency to compare\n".into(),
    }
}

/// The server addresses of `--url`.
fn urls(args: &Args) -> Result<Vec<String>, String> {
    args.url.iter().map(|url| loopback_address(url)).collect()
}

/// What every table plays by.
fn settings(args: &Args, addresses: Vec<String>) -> Settings {
    Settings {
        addresses,
        body: format!(r#"{{"game":"{}","clock":"{}"}}"#, args.game, args.clock),
        period: Duration::from_secs_f64(1.0 / args.rate),
        timeout: Duration::from_secs_f64(args.timeout),
        reconnect: args.reconnect || args.rolling_restart,
    }
}

/// The load generator's runtime.
fn runtime(threads: Option<usize>) -> Result<tokio::runtime::Runtime, String> {
    let mut runtime = tokio::runtime::Builder::new_multi_thread();
    if let Some(threads) = threads {
        runtime.worker_threads(threads.max(1));
    }
    runtime
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start the runtime: {e}"))
}

/// How long `tables` may take to connect.
fn connect_time(tables: usize) -> Duration {
    Duration::from_secs(60) + OPEN_TIMEOUT * u32::try_from(tables / OPENING).unwrap_or(u32::MAX)
}

/// One run on `servers` (started here when given): the report, and
/// whether any move came through.
fn once(args: &Args, servers: Option<usize>) -> Result<(String, bool), String> {
    let plan = workers::plan(args.tables)?;
    let target = Target::new(args, servers)?;
    let runtime = runtime(args.threads)?;
    let mut tally_context = runtime.block_on(drive(args, &target, plan))?;
    let (tally, context) = (&mut tally_context.0, &tally_context.1);
    let moved = tally.acknowledged > 0;
    Ok((tally::report(tally, context), moved))
}

/// Where the run is.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Phase {
    /// Tables are being opened.
    Connecting,
    /// Moves until the instant.
    Running { from: Instant, until: Instant },
}

/// What every table plays by.
struct Settings {
    /// The servers (`host:port`), a table slot on each in turn.
    addresses: Vec<String>,
    body: String,
    period: Duration,
    timeout: Duration,
    /// Clients connect again when their socket closes.
    reconnect: bool,
}

/// The tables: in this process, or spread over workers.
enum Players {
    Here(Local),
    Workers(workers::Workers),
}

async fn drive(
    args: &Args,
    target: &Target,
    plan: Option<(usize, usize)>,
) -> Result<(Tally, Context<'static>), String> {
    let settings = Arc::new(settings(args, target.addresses.clone()));
    let pids = target.pids.clone();
    let stop = Arc::new(std::sync::atomic::AtomicBool::new(false));
    let sampler = tokio::spawn(sample(pids.clone(), Arc::clone(&stop)));
    let redis = match &target.redis {
        Some(url) => Some(RedisStats::connect(url).await?),
        None => None,
    };
    let redis_before = match &redis {
        Some(r) => Some(r.used().await?),
        None => None,
    };
    let began = Instant::now();
    let limit = began + connect_time(args.tables);
    let mut players = match plan {
        None => Players::Here(Local::start(&settings, 0..args.tables, args.tables)),
        Some((n, each)) => {
            eprintln!(
                "virada load: {} tables over {n} processes of at most {each} (this one may open too few files)",
                args.tables
            );
            Players::Workers(workers::Workers::start(args, &target.addresses, n)?)
        }
    };
    let (connected, sockets) = match &mut players {
        Players::Here(local) => local.connected(limit).await,
        Players::Workers(w) => w.connected(limit).await?,
    };
    let seated = match &redis {
        Some(r) => Some((r.used().await?, r.publish_calls().await?)),
        None => None,
    };
    let connecting = began.elapsed();
    let from = Instant::now() + Duration::from_millis(500);
    let until = from + Duration::from_secs_f64(args.duration);
    let cpu_start = servers_cpu(&pids);
    match &mut players {
        Players::Here(local) => local.go(from, until),
        Players::Workers(w) => w.go(now_ms() + 500)?,
    }
    eprintln!(
        "virada load: {connected} of {} tables connected ({sockets} sockets) in {:.1} s; moves for {} s",
        args.tables,
        connecting.as_secs_f64(),
        args.duration
    );
    let restarts = async {
        let mut said = Vec::new();
        if !args.rolling_restart {
            return said;
        }
        let n = args.servers.unwrap_or(1);
        let step = (until - from) / u32::try_from(n + 1).unwrap_or(u32::MAX);
        for i in 0..n {
            tokio::time::sleep_until(from + step * u32::try_from(i + 1).unwrap_or(0)).await;
            eprintln!("virada load: restarting server {} (SIGTERM)", i + 1);
            let line = match tokio::task::block_in_place(|| target.restart(i)) {
                Ok(took) => format!(
                    "server {} handed its tables on and stopped in {:.1} s, then started again",
                    i + 1,
                    took.as_secs_f64()
                ),
                Err(e) => format!("server {} not restarted: {e}", i + 1),
            };
            eprintln!("virada load: {line}");
            said.push(line);
        }
        said
    };
    let ((), restarts) = tokio::join!(progress(&players, &pids, from, until), restarts);
    let cpu_end = servers_cpu(&pids);
    let redis_end = match &redis {
        Some(r) => Some((r.used().await?, r.publish_calls().await?)),
        None => None,
    };
    let tally = match players {
        Players::Here(local) => local.finish().await,
        Players::Workers(w) => {
            let limit = Instant::now() + Duration::from_secs_f64(args.timeout) + connect_time(0);
            w.results(limit).await?
        }
    };
    stop.store(true, std::sync::atomic::Ordering::Relaxed);
    let peaks = sampler.await.unwrap_or_default();
    let servers = pids
        .iter()
        .map(|&pid| {
            let p = pid.to_string();
            let peak = peaks.iter().find(|(q, _)| *q == pid).map_or(0, |(_, m)| *m);
            (
                pid,
                peak,
                proc_status(&p, "VmHWM:"),
                proc_status(&p, "VmRSS:"),
            )
        })
        .collect();
    let redis = match (redis_before, seated, redis_end) {
        (Some(before), Some((with, p0)), Some((end, p1))) => Some(([before, with, end], p1 - p0)),
        _ => None,
    };
    let context = Context {
        setup: target.setup.clone(),
        tables: args.tables,
        game: if args.game == "othello" {
            "othello"
        } else {
            "nabucodonosor"
        },
        rate: args.rate,
        duration: args.duration,
        connecting: connecting.as_secs_f64(),
        servers,
        server_cpu: cpu_start.zip(cpu_end).map(|(s, e)| e - s),
        redis,
        restarts,
    };
    Ok((tally, context))
}

/// The servers' CPU seconds, summed (`None` when one is unknown).
fn servers_cpu(pids: &[u32]) -> Option<f64> {
    if pids.is_empty() {
        return None;
    }
    pids.iter().map(|p| cpu_seconds(&p.to_string())).sum()
}

/// Each server's peak `VmRSS`, sampled four times a second until `stop`.
async fn sample(pids: Vec<u32>, stop: Arc<std::sync::atomic::AtomicBool>) -> Vec<(u32, u64)> {
    let mut peaks: Vec<(u32, u64)> = pids.iter().map(|&p| (p, 0)).collect();
    while !stop.load(std::sync::atomic::Ordering::Relaxed) {
        for (pid, peak) in &mut peaks {
            if let Some(rss) = proc_status(&pid.to_string(), "VmRSS:") {
                *peak = (*peak).max(rss);
            }
        }
        tokio::time::sleep(Duration::from_millis(250)).await;
    }
    peaks
}

/// Progress every ten seconds on standard error until `until`.
async fn progress(players: &Players, pids: &[u32], from: Instant, until: Instant) {
    let mut last = 0;
    while Instant::now() < until {
        let next = (Instant::now() + Duration::from_secs(10)).min(until);
        tokio::time::sleep_until(next).await;
        let rss: u64 = pids
            .iter()
            .filter_map(|p| proc_status(&p.to_string(), "VmRSS:"))
            .sum();
        let rss = if rss > 0 {
            format!(", server RSS {:.0} MB", tally::mb(rss))
        } else {
            String::new()
        };
        let Players::Here(local) = players else {
            eprintln!("virada load: {:.0} s{rss}", from.elapsed().as_secs_f64());
            continue;
        };
        let c = local.counters();
        let acked = c.acknowledged.load(std::sync::atomic::Ordering::Relaxed);
        eprintln!(
            "virada load: {:.0} s: {} moves acknowledged (+{}), {} lost, {} sockets{rss}",
            from.elapsed().as_secs_f64(),
            acked,
            acked - last,
            c.lost.load(std::sync::atomic::Ordering::Relaxed),
            c.open_sockets.load(std::sync::atomic::Ordering::Relaxed),
        );
        last = acked;
    }
}
