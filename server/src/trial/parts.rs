//! The processes of a trial: Debian's `redis-server`, `virada serve`, and
//! haproxy with the shipped configuration (`server/proxy/haproxy.cfg`) made
//! to name them; free loopback ports, each process waited for until it
//! answers.

use std::io::{BufRead as _, BufReader, Read as _, Write as _};
use std::net::{TcpListener, TcpStream};
use std::os::unix::net::UnixStream;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use super::config::{haproxy_config, Listen, HAPROXY_503};

/// How long a process may take to answer at start.
const START_WAIT: Duration = Duration::from_secs(30);

/// A process of the trial; killed (SIGKILL) when dropped.
pub struct Part {
    /// The process.
    pub child: Child,
    /// Its loopback port.
    pub port: u16,
}

impl Part {
    /// Its process id.
    pub fn pid(&self) -> u32 {
        self.child.id()
    }
}

impl Drop for Part {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A free loopback port.
pub fn free_port() -> Result<u16, String> {
    TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .map_err(|e| format!("no free port: {e}"))
}

/// The first of `names` that runs (`-v` answers), or why none did.
fn binary(names: &[&str], install: &str) -> Result<String, String> {
    names
        .iter()
        .find(|b| {
            Command::new(b)
                .arg("-v")
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .status()
                .is_ok()
        })
        .map(|b| (*b).to_string())
        .ok_or_else(|| format!("{} is missing: {install}", names[0]))
}

/// `redis-server` on a free port over `dir`, with append-only persistence
/// written to disk before each answer (`appendfsync always`).
pub fn redis(dir: &Path) -> Result<Part, String> {
    redis_on(dir, free_port()?)
}

/// The same on `port` (Redis started again where it was).
pub fn redis_on(dir: &Path, port: u16) -> Result<Part, String> {
    let redis = binary(
        &["redis-server", "/usr/bin/redis-server"],
        "apt-get install redis-server (as root, `scripts/setup.sh redis` does it)",
    )?;
    std::fs::create_dir_all(dir).map_err(|e| format!("cannot make {}: {e}", dir.display()))?;
    let child = Command::new(redis)
        .args(["--port", &port.to_string(), "--bind", "127.0.0.1"])
        .args([
            "--save",
            "",
            "--appendonly",
            "yes",
            "--appendfsync",
            "always",
        ])
        .args(["--maxclients", "100000"])
        .arg("--dir")
        .arg(dir)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .spawn()
        .map_err(|e| format!("cannot start redis-server: {e}"))?;
    let mut part = Part { child, port };
    wait_until(&mut part, "redis-server", || pong(port))?;
    Ok(part)
}

/// Whether Redis answers `PING` on `port`.
fn pong(port: u16) -> bool {
    let Ok(mut stream) = TcpStream::connect(("127.0.0.1", port)) else {
        return false;
    };
    let _ = stream.set_read_timeout(Some(Duration::from_secs(1)));
    let mut answer = [0u8; 7];
    stream.write_all(b"PING\r\n").is_ok()
        && stream.read_exact(&mut answer).is_ok()
        && &answer == b"+PONG\r\n"
}

/// `exe serve` on `port` (0: a free one) with `flags`; its port read from
/// its first line. Its log goes to `log` (standard error when `None`;
/// appended to).
pub fn serve(exe: &Path, port: u16, flags: &[String], log: Option<&Path>) -> Result<Part, String> {
    let stderr = match log {
        Some(file) => Stdio::from(
            std::fs::OpenOptions::new()
                .create(true)
                .append(true)
                .open(file)
                .map_err(|e| format!("cannot write {}: {e}", file.display()))?,
        ),
        None => Stdio::inherit(),
    };
    let mut child = Command::new(exe)
        .args(["serve", "--port", &port.to_string(), "--host", "127.0.0.1"])
        .args(flags)
        .env(
            "RUST_LOG",
            std::env::var("RUST_LOG").unwrap_or_else(|_| "warn".into()),
        )
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(stderr)
        .spawn()
        .map_err(|e| format!("cannot start virada serve: {e}"))?;
    let mut line = String::new();
    if let Some(out) = child.stdout.take() {
        let _ = BufReader::new(out).read_line(&mut line);
    }
    let port = line
        .trim()
        .trim_end_matches('/')
        .rsplit(':')
        .next()
        .and_then(|p| p.parse().ok());
    let Some(port) = port else {
        let _ = child.kill();
        let _ = child.wait();
        return Err(format!(
            "virada serve did not say where it listens: {line:?}"
        ));
    };
    Ok(Part { child, port })
}

/// The most files this process may open (the hard limit; `None` when
/// unlimited or unknown).
fn open_files_hard() -> Option<u64> {
    let limits = std::fs::read_to_string("/proc/self/limits").ok()?;
    let line = limits.lines().find(|l| l.starts_with("Max open files"))?;
    line.split_whitespace().nth(4)?.parse().ok()
}

/// haproxy on `listen` with `config` (the shipped configuration's text, or
/// one like it) in front of `backends`, its files in `dir`; returns once
/// every backend is up.
pub fn haproxy(
    dir: &Path,
    listen: &Listen,
    backends: &[u16],
    config: &str,
) -> Result<(Part, PathBuf), String> {
    let haproxy = binary(
        &["haproxy", "/usr/sbin/haproxy"],
        "apt-get install haproxy (as root, `scripts/setup.sh haproxy` does it)",
    )?;
    let port = listen.port;
    std::fs::create_dir_all(dir).map_err(|e| format!("cannot make {}: {e}", dir.display()))?;
    let stats = dir.join("stats.sock");
    let file = dir.join("haproxy.cfg");
    let page = dir.join("503.http");
    std::fs::write(&page, HAPROXY_503)
        .map_err(|e| format!("cannot write {}: {e}", page.display()))?;
    let config = haproxy_config(config, listen, backends, (&stats, &page), open_files_hard());
    std::fs::write(&file, config).map_err(|e| format!("cannot write {}: {e}", file.display()))?;
    // Its log of requests (`log stdout`) in the trial's folder.
    let log = dir.join("haproxy.log");
    let log =
        std::fs::File::create(&log).map_err(|e| format!("cannot write {}: {e}", log.display()))?;
    let child = Command::new(haproxy)
        .arg("-db")
        .arg("-f")
        .arg(&file)
        .stdin(Stdio::null())
        .stdout(Stdio::from(log))
        .stderr(Stdio::inherit())
        .spawn()
        .map_err(|e| format!("cannot start haproxy: {e}"))?;
    let mut part = Part { child, port };
    let all: Vec<usize> = (0..backends.len()).collect();
    wait_until(&mut part, "haproxy", || backends_up(&stats) == all)?;
    Ok((part, stats))
}

/// The state the proxy's checks give each server of its `servers`
/// backend, in order (`UP`, `DOWN`, `UP 1/2` on its way down, …), read
/// from its stats socket at `stats`; empty when it does not answer.
pub fn backend_states(stats: &Path) -> Vec<String> {
    let Ok(mut socket) = UnixStream::connect(stats) else {
        return Vec::new();
    };
    let _ = socket.write_all(b"show stat\n");
    let mut csv = String::new();
    let _ = socket.read_to_string(&mut csv);
    // Columns: pxname, svname, …, status is the 18th.
    csv.lines()
        .filter(|l| l.starts_with("servers,s"))
        .map(|l| l.split(',').nth(17).unwrap_or("").to_string())
        .collect()
}

/// The servers the proxy's checks find up (`UP`), by index.
pub fn backends_up(stats: &Path) -> Vec<usize> {
    backend_states(stats)
        .iter()
        .enumerate()
        .filter(|(_, s)| *s == "UP")
        .map(|(i, _)| i)
        .collect()
}

/// Waits until `ready`, or the process stops, or [`START_WAIT`] passes.
fn wait_until(part: &mut Part, name: &str, mut ready: impl FnMut() -> bool) -> Result<(), String> {
    let until = Instant::now() + START_WAIT;
    loop {
        if let Ok(Some(status)) = part.child.try_wait() {
            return Err(format!("{name} stopped at start: {status}"));
        }
        if ready() {
            return Ok(());
        }
        if Instant::now() >= until {
            return Err(format!("{name} did not answer in {START_WAIT:?}"));
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}
