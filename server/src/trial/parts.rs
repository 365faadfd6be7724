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

/// The shipped configuration of the proxy.
pub const HAPROXY_CFG: &str = include_str!("../../proxy/haproxy.cfg");

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
    let redis = binary(
        &["redis-server", "/usr/bin/redis-server"],
        "apt-get install redis-server (as root, `scripts/setup.sh redis` does it)",
    )?;
    let port = free_port()?;
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

/// `exe serve` on a free port with `flags`; its port read from its first
/// line. Its log goes to `log` (standard error when `None`).
pub fn serve(exe: &Path, flags: &[String], log: Option<&Path>) -> Result<Part, String> {
    let stderr = match log {
        Some(file) => Stdio::from(
            std::fs::File::create(file)
                .map_err(|e| format!("cannot write {}: {e}", file.display()))?,
        ),
        None => Stdio::inherit(),
    };
    let mut child = Command::new(exe)
        .args(["serve", "--port", "0", "--host", "127.0.0.1"])
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

/// The shipped configuration made to listen on `port` of loopback, name
/// `backends` (loopback ports) as its servers, answer on a stats socket at
/// `stats`, and hold no more connections than `files` open files allow
/// (two files a connection, and some to spare).
pub fn haproxy_config(
    shipped: &str,
    port: u16,
    backends: &[u16],
    stats: &Path,
    files: Option<u64>,
) -> String {
    let mut out = String::new();
    // Within a backend, and whether its servers were written already.
    let mut backend = (false, false);
    for line in shipped.lines() {
        let trimmed = line.trim_start();
        if !line.starts_with(' ') {
            backend = (trimmed.starts_with("backend "), false);
        }
        if trimmed.starts_with("bind ") {
            out.push_str(&format!("  bind 127.0.0.1:{port}\n"));
        } else if let (Some(files), Some(n)) = (files, trimmed.strip_prefix("maxconn ")) {
            let n: u64 = n.trim().parse().unwrap_or(u64::MAX);
            let fits = files.saturating_sub(256) / 2;
            out.push_str(&format!("  maxconn {}\n", n.min(fits).max(64)));
        } else if backend.0 && trimmed.starts_with("server ") {
            // The backend's first server line stands for all of them.
            if backend.1 {
                continue;
            }
            backend.1 = true;
            let options: Vec<&str> = trimmed.split_whitespace().skip(3).collect();
            for (i, backend) in backends.iter().enumerate() {
                let options: Vec<String> = options
                    .iter()
                    .map(|w| match w.split_once('/') {
                        // `track servers/s1`: the same server of that backend.
                        Some((b, _)) => format!("{b}/s{}", i + 1),
                        None => (*w).to_string(),
                    })
                    .collect();
                out.push_str(&format!(
                    "  server s{} 127.0.0.1:{backend} {}\n",
                    i + 1,
                    options.join(" ")
                ));
            }
        } else {
            out.push_str(line);
            out.push('\n');
            if trimmed == "global" {
                out.push_str(&format!(
                    "  stats socket {} mode 600 level admin\n",
                    stats.display()
                ));
            }
        }
    }
    out
}

/// haproxy on `port` (0: a free one) with `config` (the shipped
/// configuration's text, or one like it) in front of `backends`, its files
/// in `dir`; returns once every backend is up.
pub fn haproxy(
    dir: &Path,
    port: u16,
    backends: &[u16],
    config: &str,
) -> Result<(Part, PathBuf), String> {
    let haproxy = binary(
        &["haproxy", "/usr/sbin/haproxy"],
        "apt-get install haproxy (as root, `scripts/setup.sh haproxy` does it)",
    )?;
    let port = if port == 0 { free_port()? } else { port };
    std::fs::create_dir_all(dir).map_err(|e| format!("cannot make {}: {e}", dir.display()))?;
    let stats = dir.join("stats.sock");
    let file = dir.join("haproxy.cfg");
    let config = haproxy_config(config, port, backends, &stats, open_files_hard());
    std::fs::write(&file, config).map_err(|e| format!("cannot write {}: {e}", file.display()))?;
    let child = Command::new(haproxy)
        .arg("-db")
        .arg("-f")
        .arg(&file)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shipped_configuration_names_the_trials_servers_in_both_backends() {
        let stats = Path::new("/tmp/s.sock");
        let config = haproxy_config(HAPROXY_CFG, 9000, &[7001, 7002], stats, Some(20_000));
        assert!(config.contains("  bind 127.0.0.1:9000\n"), "{config}");
        assert!(!config.contains("10.0.0."), "{config}");
        assert!(config.contains("  stats socket /tmp/s.sock mode 600 level admin\n"));
        assert!(
            config.contains("  server s1 127.0.0.1:7001 check\n"),
            "{config}"
        );
        assert!(
            config.contains("  server s2 127.0.0.1:7002 check\n"),
            "{config}"
        );
        assert!(
            config.contains("  server s1 127.0.0.1:7001 track servers/s1\n"),
            "{config}"
        );
        assert!(
            config.contains("  server s2 127.0.0.1:7002 track servers/s2\n"),
            "{config}"
        );
        assert!(!config.contains(" s3 "), "{config}");
        // Within this machine's open files: two a connection.
        assert!(config.contains("  maxconn 9872\n"), "{config}");
        let roomy = haproxy_config(HAPROXY_CFG, 9000, &[7001], stats, Some(1 << 20));
        assert!(roomy.contains("  maxconn 200000\n"), "{roomy}");
        // The hashing and the header are the shipped file's.
        assert!(config.contains("  balance hash path,field(4,/)\n  hash-type consistent\n"));
        assert!(config.contains("http-request set-header X-Virada-Routed 1"));
    }
}
