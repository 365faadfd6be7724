//! A run spread over several processes of the load generator, when one may
//! not open enough files: two a table (its two sockets), and some to spare.
//! The command starts as many `virada load --worker FIRST:END` as it takes
//! (the same binary, the same limit), each playing its slots of the tables;
//! each says `ready` once its tables are connected, starts moving at the
//! instant the command gives it (`go`, ms since the epoch), and answers
//! its figures as one JSON line (`result`), which the command merges.

use std::io::{BufRead as _, BufReader, Write as _};
use std::ops::Range;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::Arc;
use std::time::Duration;

use tokio::sync::mpsc;
use tokio::time::Instant;

use super::local::Local;
use super::server::open_file_limit;
use super::tally::Tally;
use super::{now_ms, Args, Settings};

/// Open files a process keeps for itself besides its tables' sockets (the
/// runtime, the tables being opened, standard streams).
const SPARE_FILES: u64 = 96;

/// How many processes `tables` need, and how many tables each may hold:
/// `None` when one process can hold them all.
pub(super) fn plan(tables: usize) -> Result<Option<(usize, usize)>, String> {
    let Some(limit) = open_file_limit() else {
        return Ok(None);
    };
    if 2 * tables as u64 + SPARE_FILES <= limit {
        return Ok(None);
    }
    let each = usize::try_from(limit.saturating_sub(SPARE_FILES) / 2).unwrap_or(usize::MAX);
    if each < 8 {
        return Err(format!(
            "this process may open {limit} files: too few for any table \
             (raise the limit: `ulimit -n 65536`)"
        ));
    }
    Ok(Some((tables.div_ceil(each), each)))
}

/// The slots of `tables` process `k` of `n` plays.
fn slots(tables: usize, n: usize, k: usize) -> Range<usize> {
    (tables * k / n)..(tables * (k + 1) / n)
}

/// The worker processes of a run.
pub(super) struct Workers {
    children: Vec<Child>,
    inputs: Vec<ChildStdin>,
    lines: mpsc::UnboundedReceiver<(usize, String)>,
}

impl Workers {
    /// Starts `n` workers over `addresses`, with `args`' settings.
    pub(super) fn start(args: &Args, addresses: &[String], n: usize) -> Result<Workers, String> {
        let exe = std::env::current_exe().map_err(|e| format!("cannot find this program: {e}"))?;
        let (send, lines) = mpsc::unbounded_channel();
        let mut workers = Workers {
            children: Vec::new(),
            inputs: Vec::new(),
            lines,
        };
        for k in 0..n {
            let range = slots(args.tables, n, k);
            let mut command = Command::new(&exe);
            command
                .arg("load")
                .arg("--worker")
                .arg(format!("{}:{}", range.start, range.end))
                .args(["--tables", &args.tables.to_string()])
                .args(["--rate", &args.rate.to_string()])
                .args(["--duration", &args.duration.to_string()])
                .args(["--game", &args.game])
                .args(["--clock", &args.clock])
                .args(["--timeout", &args.timeout.to_string()]);
            if args.reconnect || args.rolling_restart {
                command.arg("--reconnect");
            }
            for address in addresses {
                command.arg("--url").arg(format!("http://{address}"));
            }
            if let Some(threads) = args.threads {
                command.args(["--threads", &threads.to_string()]);
            }
            let mut child = command
                .stdin(Stdio::piped())
                .stdout(Stdio::piped())
                .stderr(Stdio::inherit())
                .spawn()
                .map_err(|e| format!("cannot start a worker: {e}"))?;
            let out = child.stdout.take().ok_or("a worker's output")?;
            workers
                .inputs
                .push(child.stdin.take().ok_or("a worker's input")?);
            workers.children.push(child);
            let send = send.clone();
            std::thread::spawn(move || {
                for line in BufReader::new(out).lines().map_while(Result::ok) {
                    if send.send((k, line)).is_err() {
                        return;
                    }
                }
            });
        }
        Ok(workers)
    }

    /// The next line starting with `word` from each worker (their words
    /// after it), waiting until `limit`.
    async fn each(&mut self, word: &str, limit: Instant) -> Result<Vec<String>, String> {
        let mut got: Vec<Option<String>> = vec![None; self.children.len()];
        while got.iter().any(Option::is_none) {
            let line = tokio::time::timeout_at(limit, self.lines.recv())
                .await
                .map_err(|_| format!("a worker did not say {word} in time"))?
                .ok_or_else(|| format!("a worker stopped before it said {word}"))?;
            if let Some(rest) = line.1.strip_prefix(word) {
                got[line.0] = Some(rest.trim().to_string());
            }
        }
        Ok(got.into_iter().flatten().collect())
    }

    /// Waits until every worker's tables are connected: the tables
    /// connected and the sockets open, in all.
    pub(super) async fn connected(&mut self, limit: Instant) -> Result<(u64, usize), String> {
        let mut all = (0, 0);
        for said in self.each("ready", limit).await? {
            let mut words = said.split_whitespace();
            let mut next = || {
                words
                    .next()
                    .and_then(|w| w.parse::<u64>().ok())
                    .unwrap_or(0)
            };
            all.0 += next();
            all.1 += usize::try_from(next()).unwrap_or(0);
        }
        Ok(all)
    }

    /// Every worker moves from `at` (ms since the epoch).
    pub(super) fn go(&mut self, at: i64) -> Result<(), String> {
        for input in &mut self.inputs {
            writeln!(input, "go {at}").map_err(|e| format!("a worker stopped: {e}"))?;
        }
        Ok(())
    }

    /// Every worker's figures, merged.
    pub(super) async fn results(mut self, limit: Instant) -> Result<Tally, String> {
        let mut all: Option<Tally> = None;
        for said in self.each("result", limit).await? {
            let tally: Tally =
                serde_json::from_str(&said).map_err(|e| format!("a worker's figures: {e}"))?;
            match all.as_mut() {
                Some(all) => all.merge(tally),
                None => all = Some(tally),
            }
        }
        for child in &mut self.children {
            let _ = child.wait();
        }
        all.ok_or_else(|| "no worker".to_string())
    }
}

impl Drop for Workers {
    fn drop(&mut self) {
        for child in &mut self.children {
            if matches!(child.try_wait(), Ok(None)) {
                let _ = child.kill();
                let _ = child.wait();
            }
        }
    }
}

/// A worker's run: its slots (`FIRST:END`) of the tables, moved from the
/// instant the command gives on standard input; its figures as one line.
pub(super) fn serve(args: &Args, settings: Settings, range: &str) -> Result<(), String> {
    let slots = range
        .split_once(':')
        .and_then(|(a, b)| Some(a.parse::<usize>().ok()?..b.parse::<usize>().ok()?))
        .filter(|r| r.start < r.end && r.end <= args.tables)
        .ok_or_else(|| format!("--worker {range}: not FIRST:END of the tables"))?;
    let runtime = super::runtime(args.threads)?;
    runtime.block_on(async {
        let settings = Arc::new(settings);
        let mut local = Local::start(&settings, slots.clone(), args.tables);
        let limit = Instant::now() + super::connect_time(slots.len());
        let (connected, sockets) = local.connected(limit).await;
        println!("ready {connected} {sockets}");
        let _ = std::io::stdout().flush();
        let line = tokio::task::spawn_blocking(|| {
            let mut line = String::new();
            std::io::stdin().read_line(&mut line).map(|_| line)
        })
        .await
        .map_err(|e| e.to_string())?
        .map_err(|e| format!("no go: {e}"))?;
        let at = line
            .trim()
            .strip_prefix("go ")
            .and_then(|ms| ms.parse::<i64>().ok())
            .ok_or_else(|| format!("not a go: {line:?}"))?;
        let from =
            Instant::now() + Duration::from_millis(u64::try_from(at - now_ms()).unwrap_or(0));
        let until = from + Duration::from_secs_f64(args.duration);
        local.go(from, until);
        tokio::time::sleep_until(until).await;
        let tally = local.finish().await;
        let json = serde_json::to_string(&tally).map_err(|e| e.to_string())?;
        println!("result {json}");
        let _ = std::io::stdout().flush();
        Ok(())
    })
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_slots_cover_the_tables_once() {
        let n = 4;
        let all: Vec<usize> = (0..n).flat_map(|k| super::slots(300, n, k)).collect();
        assert_eq!(all, (0..300).collect::<Vec<_>>());
        assert_eq!(super::slots(300, n, 0).len(), 75);
    }
}
