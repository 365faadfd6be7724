//! What a run measured: the tables' counters and every move's latency, as
//! one process counts them ([`Counters`]) and as the processes of a run
//! split over several hand them back and merge them ([`Tally`]); and the
//! report's text.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::Mutex;

use serde::{Deserialize, Serialize};

/// A move slower than this is counted apart, with whether a client
/// connected again while it was on its way.
pub(super) const SLOW: std::time::Duration = std::time::Duration::from_secs(1);

/// Counters shared by every table of one process.
#[derive(Default)]
pub(super) struct Counters {
    pub(super) sent: AtomicU64,
    pub(super) acknowledged: AtomicU64,
    pub(super) lost: AtomicU64,
    pub(super) refused: AtomicU64,
    /// Moves seen by both clients more than [`SLOW`] after they were sent,
    /// and those of them across a reconnection of either client.
    pub(super) slow: AtomicU64,
    pub(super) slow_rejoined: AtomicU64,
    pub(super) games: AtomicU64,
    pub(super) opened: AtomicU64,
    pub(super) open_sockets: AtomicUsize,
    pub(super) errors: Mutex<BTreeMap<String, u64>>,
    pub(super) latencies: Mutex<Vec<u32>>,
}

impl Counters {
    pub(super) fn error(&self, code: &str) {
        let mut errors = lock(&self.errors);
        *errors.entry(code.to_string()).or_default() += 1;
    }
}

/// One process's figures, or several merged.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub(super) struct Tally {
    pub(super) sent: u64,
    pub(super) acknowledged: u64,
    pub(super) lost: u64,
    pub(super) refused: u64,
    #[serde(default)]
    pub(super) slow: u64,
    #[serde(default)]
    pub(super) slow_rejoined: u64,
    pub(super) games: u64,
    /// Tables opened (at the start and after each game).
    pub(super) opened: u64,
    /// Tables connected when the moves began.
    pub(super) connected: u64,
    pub(super) sockets_before: usize,
    pub(super) sockets_during: usize,
    pub(super) errors: BTreeMap<String, u64>,
    /// Every acknowledged move's latency, in microseconds.
    pub(super) latencies: Vec<u32>,
    /// The load generator's peak memory (bytes), summed over its processes.
    pub(super) memory: u64,
    /// The load generator's CPU seconds while moving, summed.
    pub(super) cpu: f64,
    /// Its processes.
    pub(super) processes: usize,
}

impl Tally {
    /// What `counters` counted, once the moves are over.
    pub(super) fn of(counters: &Counters, connected: u64, sockets_before: usize) -> Tally {
        let n = |c: &AtomicU64| c.load(Ordering::Relaxed);
        Tally {
            sent: n(&counters.sent),
            acknowledged: n(&counters.acknowledged),
            lost: n(&counters.lost),
            refused: n(&counters.refused),
            slow: n(&counters.slow),
            slow_rejoined: n(&counters.slow_rejoined),
            games: n(&counters.games),
            opened: n(&counters.opened),
            connected,
            sockets_before,
            sockets_during: counters.open_sockets.load(Ordering::Relaxed),
            errors: lock(&counters.errors).clone(),
            latencies: std::mem::take(&mut *lock(&counters.latencies)),
            memory: 0,
            cpu: 0.0,
            processes: 1,
        }
    }

    /// Adds another process's figures.
    pub(super) fn merge(&mut self, other: Tally) {
        self.sent += other.sent;
        self.acknowledged += other.acknowledged;
        self.lost += other.lost;
        self.refused += other.refused;
        self.slow += other.slow;
        self.slow_rejoined += other.slow_rejoined;
        self.games += other.games;
        self.opened += other.opened;
        self.connected += other.connected;
        self.sockets_before += other.sockets_before;
        self.sockets_during += other.sockets_during;
        for (code, n) in other.errors {
            *self.errors.entry(code).or_default() += n;
        }
        self.latencies.extend(other.latencies);
        self.memory += other.memory;
        self.cpu += other.cpu;
        self.processes += other.processes;
    }
}

/// What the report says besides the tally.
pub(super) struct Context<'a> {
    /// What was loaded (`one server over Redis`, …), when the command
    /// started it.
    pub(super) setup: Option<String>,
    pub(super) tables: usize,
    pub(super) game: &'a str,
    pub(super) rate: f64,
    pub(super) duration: f64,
    pub(super) connecting: f64,
    /// The servers' memory: `(pid, RSS peak sampled, VmHWM, RSS at the end)`.
    pub(super) servers: Vec<(u32, u64, Option<u64>, Option<u64>)>,
    /// The servers' CPU seconds while moving, summed (`None`: unknown).
    pub(super) server_cpu: Option<f64>,
    /// Redis's `used_memory` before, seated, after the moves; and the
    /// `PUBLISH` it ran while the tables moved.
    pub(super) redis: Option<([u64; 3], u64)>,
    /// What each restart of `--rolling-restart` did, in words.
    pub(super) restarts: Vec<String>,
}

/// The report's text.
pub(super) fn report(tally: &mut Tally, c: &Context<'_>) -> String {
    tally.latencies.sort_unstable();
    let mut text = String::new();
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
    if let Some(setup) = &c.setup {
        let _ = writeln!(text, "servers: {setup}");
    }
    let _ = writeln!(
        text,
        "tables: {} of {} connected in {:.1} s ({} {} at {} a second each); connections: {} at the start, {} at the end",
        tally.connected,
        c.tables,
        c.connecting,
        c.game,
        if c.tables == 1 { "table" } else { "tables" },
        c.rate,
        tally.sockets_before,
        tally.sockets_during
    );
    let _ = writeln!(
        text,
        "moves: {} sent, {} seen by both clients in {} s: {:.1} moves/s; lost {}; refused {}",
        tally.sent,
        tally.acknowledged,
        c.duration,
        tally.acknowledged as f64 / c.duration,
        tally.lost,
        tally.refused
    );
    let l = &tally.latencies;
    let _ = writeln!(
        text,
        "latency (sent to both clients having it): p50 {}, p99 {}, max {}",
        millis(percentile(l, 0.50)),
        millis(percentile(l, 0.99)),
        millis(l.last().copied())
    );
    if tally.slow > 0 || !c.restarts.is_empty() {
        let _ = writeln!(
            text,
            "moves over {} s: {}, of which {} across a client's reconnection",
            SLOW.as_secs(),
            tally.slow,
            tally.slow_rejoined
        );
    }
    for restart in &c.restarts {
        let _ = writeln!(text, "rolling restart: {restart}");
    }
    let _ = writeln!(
        text,
        "games: {} finished, {} tables opened",
        tally.games, tally.opened
    );
    let listed: Vec<String> = tally
        .errors
        .iter()
        .map(|(k, v)| format!("{k} {v}"))
        .collect();
    let errors = if listed.is_empty() {
        "none".to_string()
    } else {
        listed.join(", ")
    };
    let _ = writeln!(text, "errors: {errors}");
    server_lines(&mut text, &c.servers);
    if let Some(([before, with, end], publishes)) = c.redis {
        let _ = writeln!(
            text,
            "redis memory (used_memory): {:.1} MB before, {:.1} MB with {} tables seated \
             ({:.1} KB a table), {:.1} MB after the moves ({:.1} KB a table)",
            mb(before),
            mb(with),
            tally.connected,
            per_table_kb(before, with, tally.connected),
            mb(end),
            per_table_kb(before, end, tally.connected),
        );
        let _ = writeln!(
            text,
            "redis PUBLISH while moving (INFO commandstats): {publishes}, {:.3} a move",
            publishes as f64 / tally.acknowledged.max(1) as f64
        );
    }
    let processes = if tally.processes > 1 {
        format!(" in {} processes", tally.processes)
    } else {
        String::new()
    };
    let _ = writeln!(
        text,
        "load generator memory: peak {:.1} MB{processes}",
        mb(tally.memory)
    );
    let share = |s: Option<f64>| {
        s.map_or("unknown".into(), |s| {
            format!("{:.0}% of a core", 100.0 * s / c.duration)
        })
    };
    let _ = writeln!(
        text,
        "cpu while moving: server {}, load generator {}",
        share(c.server_cpu),
        share(Some(tally.cpu))
    );
    text
}

/// The servers' memory lines.
fn server_lines(text: &mut String, servers: &[(u32, u64, Option<u64>, Option<u64>)]) {
    match servers {
        [] => {
            let _ = writeln!(text, "server memory: unknown (give --pid, or --spawn)");
        }
        [(pid, peak, Some(hwm), end)] => {
            let _ = writeln!(
                text,
                "server memory (pid {pid}): RSS peak {:.1} MB (VmHWM {:.1} MB), at the end {:.1} MB",
                mb(*peak),
                mb(*hwm),
                mb(end.unwrap_or(0))
            );
        }
        many => {
            let each: Vec<String> = many
                .iter()
                .map(|(pid, peak, _, _)| format!("{:.1} MB (pid {pid})", mb(*peak)))
                .collect();
            let _ = writeln!(
                text,
                "server memory: RSS peak {} ({} servers)",
                each.join(", "),
                many.len()
            );
        }
    }
}

/// The `p50` and `p99` of a report's text, in milliseconds.
pub(super) fn read_latencies(report: &str) -> Option<(f64, f64)> {
    let line = report.lines().find(|l| l.starts_with("latency"))?;
    let after = |label: &str| -> Option<f64> {
        line.split(label)
            .nth(1)?
            .split_whitespace()
            .next()?
            .parse()
            .ok()
    };
    Some((after("p50 ")?, after("p99 ")?))
}

/// Kilobytes a table between two readings of a store's memory.
fn per_table_kb(before: u64, after: u64, tables: u64) -> f64 {
    after.saturating_sub(before) as f64 / 1024.0 / tables.max(1) as f64
}

pub(super) fn mb(bytes: u64) -> f64 {
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

/// A mutex's guard, also after a panic elsewhere.
pub(super) fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_processes_figures_merge_and_their_latencies_read_back() {
        let mut a = Tally {
            sent: 3,
            acknowledged: 3,
            latencies: vec![1000, 3000, 2000],
            errors: [("closed".to_string(), 1)].into_iter().collect(),
            processes: 1,
            ..Tally::default()
        };
        let b = Tally {
            sent: 2,
            acknowledged: 1,
            lost: 1,
            latencies: vec![9000],
            errors: [("closed".to_string(), 2)].into_iter().collect(),
            processes: 1,
            ..Tally::default()
        };
        a.merge(b);
        assert_eq!((a.sent, a.acknowledged, a.lost, a.processes), (5, 4, 1, 2));
        assert_eq!(a.errors["closed"], 3);
        let context = Context {
            setup: None,
            tables: 2,
            game: "othello",
            rate: 1.0,
            duration: 1.0,
            connecting: 0.1,
            servers: Vec::new(),
            server_cpu: None,
            redis: None,
            restarts: Vec::new(),
        };
        let text = report(&mut a, &context);
        assert!(
            text.contains("p50 2.0 ms, p99 9.0 ms, max 9.0 ms"),
            "{text}"
        );
        assert_eq!(read_latencies(&text), Some((2.0, 9.0)));
        assert!(text.contains("in 2 processes"), "{text}");
    }
}
