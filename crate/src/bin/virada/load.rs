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
//! and reads the server's memory from `/proc/PID/status`.

use std::collections::BTreeMap;
use std::io::{BufRead as _, BufReader, Write as _};
use std::net::Ipv4Addr;
use std::path::PathBuf;
use std::process::{Child, Command, ExitCode, Stdio};
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use futures_util::{SinkExt as _, StreamExt as _};
use serde::Deserialize;
use tokio::io::{AsyncReadExt as _, AsyncWriteExt as _};
use tokio::net::TcpStream;
use tokio::sync::{watch, Semaphore};
use tokio::time::Instant;
use tokio_tungstenite::tungstenite::Message;

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
    /// run with `--tables-per-address 0`.
    #[arg(long, conflicts_with = "spawn", required_unless_present = "spawn")]
    url: Option<String>,
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
    let (address, pid) = match &args.url {
        Some(url) => (loopback_address(url)?, args.pid),
        None => {
            let server = Spawned::start(args.tables)?;
            let found = (server.address.clone(), Some(server.child.id()));
            spawned = Some(server);
            found
        }
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
        address,
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

/// `host:port` from `http://host:port`, only for a loopback host.
fn loopback_address(url: &str) -> Result<String, String> {
    let rest = url
        .strip_prefix("http://")
        .ok_or_else(|| format!("--url must start with http://, not {url}"))?;
    let rest = rest.trim_end_matches('/');
    let (host, port) = rest
        .rsplit_once(':')
        .ok_or_else(|| format!("--url needs a port: {url}"))?;
    let port: u16 = port
        .parse()
        .map_err(|_| format!("--url has a bad port: {url}"))?;
    let ip: Ipv4Addr = if host == "localhost" {
        Ipv4Addr::LOCALHOST
    } else {
        host.parse()
            .map_err(|_| format!("--url must name a loopback address (127.x.x.x), not {host}"))?
    };
    if !ip.is_loopback() {
        return Err(format!(
            "--url must name a loopback address (127.x.x.x), not {host}"
        ));
    }
    Ok(format!("{ip}:{port}"))
}

/// The soft limit on open files, from `/proc/self/limits`.
fn open_file_limit() -> Option<u64> {
    let limits = std::fs::read_to_string("/proc/self/limits").ok()?;
    let line = limits.lines().find(|l| l.starts_with("Max open files"))?;
    let soft = line.split_whitespace().nth(3)?;
    if soft == "unlimited" {
        return Some(u64::MAX);
    }
    soft.parse().ok()
}

/// A kilobyte field (`VmRSS`, `VmHWM` …) of `/proc/PID/status`, in bytes.
fn proc_status(pid: &str, field: &str) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with(field))?;
    let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb * 1024)
}

/// CPU seconds a process has used (user and system, every thread), from
/// `/proc/PID/stat` (clock ticks of 1/100 s, as Linux counts them).
fn cpu_seconds(pid: &str) -> Option<f64> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // The fields after the command's name, which is in parentheses.
    let rest = stat.rsplit_once(')')?.1;
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let user: f64 = fields.get(11)?.parse().ok()?;
    let system: f64 = fields.get(12)?.parse().ok()?;
    Some((user + system) / 100.0)
}

/// A server this command started; stopped and its folder removed on drop.
struct Spawned {
    child: Child,
    address: String,
    folder: PathBuf,
}

impl Spawned {
    fn start(tables: usize) -> Result<Spawned, String> {
        let folder = std::env::temp_dir().join(format!("virada-load-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&folder);
        let root = folder.join("root");
        std::fs::create_dir_all(&root)
            .map_err(|e| format!("cannot make {}: {e}", root.display()))?;
        let exe = std::env::current_exe().map_err(|e| format!("cannot find this program: {e}"))?;
        let connections = (2 * tables + 1000).max(10_000).to_string();
        let mut child = Command::new(exe)
            .args(["serve", "--port", "0", "--host", "127.0.0.1", "--root"])
            .arg(&root)
            .arg("--data")
            .arg(folder.join("data"))
            .args([
                "--tables-per-address",
                "0",
                "--max-connections",
                &connections,
            ])
            .env(
                "RUST_LOG",
                std::env::var("RUST_LOG").unwrap_or_else(|_| "warn".into()),
            )
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .map_err(|e| format!("cannot start virada serve: {e}"))?;
        let mut line = String::new();
        if let Some(out) = child.stdout.take() {
            let _ = BufReader::new(out).read_line(&mut line);
        }
        let address = line
            .trim()
            .trim_end_matches('/')
            .rsplit("http://")
            .next()
            .filter(|a| a.contains(':'))
            .map(str::to_string);
        let mut spawned = Spawned {
            child,
            address: String::new(),
            folder,
        };
        match address {
            Some(a) => {
                spawned.address = a;
                Ok(spawned)
            }
            None => Err(format!(
                "virada serve did not say where it listens: {line:?}"
            )),
        }
    }
}

impl Drop for Spawned {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        let _ = std::fs::remove_dir_all(&self.folder);
    }
}

/// What every table plays by.
struct Settings {
    address: String,
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

/// A frame from the server, only the fields the players read.
#[derive(Deserialize)]
struct Frame {
    #[serde(rename = "type")]
    kind: String,
    #[serde(default)]
    seat: Option<usize>,
    #[serde(default)]
    state: Option<Box<Frame>>,
    #[serde(default)]
    ply: Option<u64>,
    #[serde(default)]
    status: Option<String>,
    #[serde(default)]
    table: Option<Snapshot>,
    #[serde(default)]
    code: Option<String>,
}

/// The game's snapshot: whose turn and the legal moves.
#[derive(Deserialize, Clone)]
struct Snapshot {
    #[serde(rename = "seatToMove")]
    seat_to_move: usize,
    /// Othello: `[[square, flips], …]`.
    #[serde(default)]
    legal: Vec<(usize, u32)>,
    /// Nabucodonosor: the moves' texts.
    #[serde(default, rename = "legalMoves")]
    legal_moves: Vec<String>,
}

/// What a client last heard of the game.
#[derive(Clone, Default)]
struct Seen {
    ply: u64,
    over: bool,
    playing: bool,
    table: Option<Snapshot>,
}

impl Seen {
    fn take(&mut self, frame: Frame) {
        self.ply = frame.ply.unwrap_or(self.ply);
        self.over = frame.status.as_deref() == Some("over");
        self.playing = frame.status.as_deref() == Some("playing");
        self.table = frame.table;
    }
}

type Socket = tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<TcpStream>>;

/// One player's connection.
struct Player {
    socket: Socket,
    seat: usize,
    seen: Seen,
}

/// What woke a table up.
enum Event {
    /// Time for the next move.
    Tick,
    /// The pending move was not seen in time.
    Lost,
    /// A frame (or the end) from player 0 or 1.
    Frame(
        usize,
        Option<Result<Message, tokio_tungstenite::tungstenite::Error>>,
    ),
}

/// A move on its way: sent at `at` for `ply`; `seen` by each client.
struct Pending {
    ply: u64,
    at: Instant,
    seen: [bool; 2],
    by: usize,
}

/// A small random stream (xorshift) for picking moves.
struct Dice(u64);

impl Dice {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n.max(1) as u64) as usize
    }
}

/// One table slot: a table, played, replaced when over, until the run ends.
async fn table_task(
    index: usize,
    tables: usize,
    settings: Arc<Settings>,
    counters: Arc<Counters>,
    mut phase: watch::Receiver<Phase>,
    opening: Arc<Semaphore>,
    ready: Arc<AtomicUsize>,
) {
    let mut dice =
        Dice(0x9E37_79B9_7F4A_7C15 ^ (index as u64 + 1).wrapping_mul(0x2545_F491_4F6C_DD1D));
    let mut players = open_table(&settings, &counters, &opening).await;
    ready.fetch_add(1, Ordering::Relaxed);
    let (from, until) = loop {
        if let Phase::Running { from, until } = *phase.borrow_and_update() {
            break (from, until);
        }
        if phase.changed().await.is_err() {
            return;
        }
    };
    // The table's turns spread evenly over one period.
    let offset = settings.period.mul_f64(index as f64 / tables as f64);
    let mut ticks = tokio::time::interval_at(from + offset, settings.period);
    ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    while Instant::now() < until {
        let Some(mut pair) = players.take() else {
            // The last table could not be opened: try again a little later.
            tokio::time::sleep(Duration::from_millis(500)).await;
            players = open_table(&settings, &counters, &opening).await;
            continue;
        };
        let over = play(
            &mut pair, &settings, &counters, &mut ticks, &mut dice, until,
        )
        .await;
        for player in pair {
            let mut socket = player.socket;
            let _ = socket.close(None).await;
            counters.open_sockets.fetch_sub(1, Ordering::Relaxed);
        }
        if over {
            counters.games.fetch_add(1, Ordering::Relaxed);
        }
        if Instant::now() < until {
            players = open_table(&settings, &counters, &opening).await;
        }
    }
    if let Some(pair) = players {
        for player in pair {
            let mut socket = player.socket;
            let _ = socket.close(None).await;
            counters.open_sockets.fetch_sub(1, Ordering::Relaxed);
        }
    }
}

/// Plays one table until its game is over (`true`), the run ends, or a
/// connection fails (`false`).
async fn play(
    pair: &mut [Player; 2],
    settings: &Settings,
    counters: &Counters,
    ticks: &mut tokio::time::Interval,
    dice: &mut Dice,
    until: Instant,
) -> bool {
    let mut pending: Option<Pending> = None;
    let [a, b] = pair;
    loop {
        let lost_at = pending.as_ref().map(|p| p.at + settings.timeout);
        let running = Instant::now() < until;
        if !running && pending.is_none() {
            return false;
        }
        let event = tokio::select! {
            _ = ticks.tick(), if running && pending.is_none() => Event::Tick,
            () = sleep_until(lost_at) => Event::Lost,
            frame = a.socket.next() => Event::Frame(0, frame),
            frame = b.socket.next() => Event::Frame(1, frame),
        };
        let (who, frame) = match event {
            Event::Tick => {
                if a.seen.over && b.seen.over {
                    return true;
                }
                let by = usize::from(a.seen.table.as_ref().map(|t| t.seat_to_move) != Some(a.seat));
                let mover = if by == 0 { &mut *a } else { &mut *b };
                if !mover.seen.playing
                    || mover.seen.table.as_ref().map(|t| t.seat_to_move) != Some(mover.seat)
                {
                    continue;
                }
                let Some(mv) = pick(&mover.seen, dice) else {
                    continue;
                };
                let ply = mover.seen.ply;
                let text = format!(r#"{{"v":1,"type":"move","ply":{ply},"move":"{mv}"}}"#);
                let at = Instant::now();
                if mover.socket.send(Message::Text(text.into())).await.is_err() {
                    counters.error("send-failed");
                    return false;
                }
                counters.sent.fetch_add(1, Ordering::Relaxed);
                pending = Some(Pending {
                    ply,
                    at,
                    seen: [false, false],
                    by,
                });
                continue;
            }
            Event::Lost => {
                counters.lost.fetch_add(1, Ordering::Relaxed);
                pending = None;
                continue;
            }
            Event::Frame(who, frame) => (who, frame),
        };
        let text = match frame {
            Some(Ok(Message::Text(text))) => text,
            Some(Ok(Message::Close(_)) | Err(_)) | None => {
                counters.error("closed");
                if pending.is_some() {
                    counters.lost.fetch_add(1, Ordering::Relaxed);
                }
                return false;
            }
            Some(Ok(_)) => continue,
        };
        let Ok(frame) = serde_json::from_str::<Frame>(text.as_str()) else {
            counters.error("unreadable-frame");
            continue;
        };
        match frame.kind.as_str() {
            "state" => {
                let player = if who == 0 { &mut *a } else { &mut *b };
                player.seen.take(frame);
                let ply = player.seen.ply;
                if let Some(p) = pending.as_mut() {
                    if ply > p.ply {
                        p.seen[who] = true;
                        if p.seen == [true, true] {
                            let us = u32::try_from(p.at.elapsed().as_micros()).unwrap_or(u32::MAX);
                            counters.acknowledged.fetch_add(1, Ordering::Relaxed);
                            counters
                                .latencies
                                .lock()
                                .unwrap_or_else(std::sync::PoisonError::into_inner)
                                .push(us);
                            pending = None;
                        }
                    }
                }
                if pending.is_none() && a.seen.over && b.seen.over {
                    return true;
                }
            }
            "error" => {
                counters.error(frame.code.as_deref().unwrap_or("error"));
                if pending.as_ref().is_some_and(|p| p.by == who) {
                    counters.refused.fetch_add(1, Ordering::Relaxed);
                    pending = None;
                }
            }
            _ => {}
        }
    }
}

async fn sleep_until(at: Option<Instant>) {
    match at {
        Some(at) => tokio::time::sleep_until(at).await,
        None => std::future::pending().await,
    }
}

/// A random legal move of the snapshot, as text.
fn pick(seen: &Seen, dice: &mut Dice) -> Option<String> {
    let table = seen.table.as_ref()?;
    if !table.legal_moves.is_empty() {
        return Some(table.legal_moves[dice.below(table.legal_moves.len())].clone());
    }
    if table.legal.is_empty() {
        return None;
    }
    let (square, _) = table.legal[dice.below(table.legal.len())];
    let file = char::from(b'a' + (square % 8) as u8);
    Some(format!("{file}{}", square / 8 + 1))
}

/// Opens a table and seats two players; `None` (the error counted) when
/// it could not.
async fn open_table(
    settings: &Settings,
    counters: &Counters,
    opening: &Semaphore,
) -> Option<[Player; 2]> {
    let _permit = opening.acquire().await.ok()?;
    match tokio::time::timeout(OPEN_TIMEOUT, seat_two(settings, counters)).await {
        Ok(Ok(players)) => {
            counters.opened.fetch_add(1, Ordering::Relaxed);
            Some(players)
        }
        Ok(Err(code)) => {
            counters.error(&code);
            None
        }
        Err(_) => {
            counters.error("open-timeout");
            None
        }
    }
}

async fn seat_two(settings: &Settings, counters: &Counters) -> Result<[Player; 2], String> {
    let id = create(settings).await?;
    let url = format!("ws://{}/api/tables/{id}/ws", settings.address);
    let mut first = join(&url, counters).await?;
    let mut second = join(&url, counters).await?;
    // The first seat hears the start as a state after its welcome.
    while !first.seen.playing {
        match first.socket.next().await {
            Some(Ok(Message::Text(text))) => {
                let frame: Frame =
                    serde_json::from_str(text.as_str()).map_err(|_| "unreadable-frame")?;
                if frame.kind == "state" {
                    first.seen.take(frame);
                }
            }
            Some(Ok(_)) => {}
            _ => return Err("closed".into()),
        }
    }
    if !second.seen.playing {
        return Err("not-started".into());
    }
    if first.seat == second.seat {
        let _ = second.socket.close(None).await;
        return Err("same-seat".into());
    }
    Ok([first, second])
}

/// Connects and says hello; the player with its seat and first state.
async fn join(url: &str, counters: &Counters) -> Result<Player, String> {
    // A small read buffer: the default (128 KiB a socket) is most of the
    // memory of thousands of sockets that read 2 KiB frames.
    let config = tokio_tungstenite::tungstenite::protocol::WebSocketConfig::default()
        .read_buffer_size(READ_BUFFER);
    let (mut socket, _) = tokio_tungstenite::connect_async_with_config(url, Some(config), true)
        .await
        .map_err(|e| format!("connect: {}", short(&e.to_string())))?;
    counters.open_sockets.fetch_add(1, Ordering::Relaxed);
    socket
        .send(Message::Text(r#"{"v":1,"type":"hello"}"#.into()))
        .await
        .map_err(|_| "send-failed")?;
    loop {
        match socket.next().await {
            Some(Ok(Message::Text(text))) => {
                let frame: Frame =
                    serde_json::from_str(text.as_str()).map_err(|_| "unreadable-frame")?;
                match frame.kind.as_str() {
                    "welcome" => {
                        let seat = frame.seat.ok_or("spectator")?;
                        let mut seen = Seen::default();
                        if let Some(state) = frame.state {
                            seen.take(*state);
                        }
                        return Ok(Player { socket, seat, seen });
                    }
                    "error" => return Err(frame.code.unwrap_or_else(|| "error".into())),
                    _ => {}
                }
            }
            Some(Ok(_)) => {}
            _ => {
                counters.open_sockets.fetch_sub(1, Ordering::Relaxed);
                return Err("closed".into());
            }
        }
    }
}

/// The first words of an error, as a code.
fn short(e: &str) -> String {
    e.split(':')
        .next()
        .unwrap_or(e)
        .trim()
        .to_lowercase()
        .replace(' ', "-")
}

/// Opens a table with `POST /api/tables`; its id.
async fn create(settings: &Settings) -> Result<String, String> {
    let mut stream = TcpStream::connect(&settings.address)
        .await
        .map_err(|e| format!("connect: {}", short(&e.to_string())))?;
    let request = format!(
        "POST /api/tables HTTP/1.1\r\nHost: {}\r\nContent-Type: application/json\r\n\
         Content-Length: {}\r\nConnection: close\r\n\r\n{}",
        settings.address,
        settings.body.len(),
        settings.body
    );
    stream
        .write_all(request.as_bytes())
        .await
        .map_err(|_| "http-write")?;
    let mut raw = Vec::new();
    stream
        .read_to_end(&mut raw)
        .await
        .map_err(|_| "http-read")?;
    let raw = String::from_utf8_lossy(&raw);
    let status = raw.split(' ').nth(1).unwrap_or("");
    let body = raw.split_once("\r\n\r\n").map_or("", |(_, b)| b);
    if status != "201" {
        let code = serde_json::from_str::<serde_json::Value>(body)
            .ok()
            .and_then(|v| v["code"].as_str().map(str::to_string))
            .unwrap_or_default();
        return Err(format!("http-{status} {code}").trim().to_string());
    }
    serde_json::from_str::<serde_json::Value>(body)
        .ok()
        .and_then(|v| v["id"].as_str().map(str::to_string))
        .ok_or_else(|| "http-no-id".into())
}
