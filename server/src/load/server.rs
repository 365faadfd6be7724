//! The server a load run measures: its address (loopback only), or one
//! started for the run (`--spawn`), and what /proc says of a process.

use std::io::{BufRead as _, BufReader};
use std::net::Ipv4Addr;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};

/// `host:port` from `http://host:port`, only for a loopback host.
pub(super) fn loopback_address(url: &str) -> Result<String, String> {
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
pub(super) fn open_file_limit() -> Option<u64> {
    let limits = std::fs::read_to_string("/proc/self/limits").ok()?;
    let line = limits.lines().find(|l| l.starts_with("Max open files"))?;
    let soft = line.split_whitespace().nth(3)?;
    if soft == "unlimited" {
        return Some(u64::MAX);
    }
    soft.parse().ok()
}

/// A kilobyte field (`VmRSS`, `VmHWM` …) of `/proc/PID/status`, in bytes.
pub(super) fn proc_status(pid: &str, field: &str) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with(field))?;
    let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb * 1024)
}

/// CPU seconds a process has used (user and system, every thread), from
/// `/proc/PID/stat` (clock ticks of 1/100 s, as Linux counts them).
pub(super) fn cpu_seconds(pid: &str) -> Option<f64> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // The fields after the command's name, which is in parentheses.
    let rest = stat.rsplit_once(')')?.1;
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let user: f64 = fields.get(11)?.parse().ok()?;
    let system: f64 = fields.get(12)?.parse().ok()?;
    Some((user + system) / 100.0)
}

/// A server this command started; stopped and its folder removed on drop.
pub(super) struct Spawned {
    pub(super) child: Child,
    pub(super) address: String,
    folder: PathBuf,
}

impl Spawned {
    /// Starts one, over `redis` when given (else its own SQLite).
    pub(super) fn start(tables: usize, redis: Option<&str>) -> Result<Spawned, String> {
        let folder = std::env::temp_dir().join(format!("virada-load-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&folder);
        let root = folder.join("root");
        std::fs::create_dir_all(&root)
            .map_err(|e| format!("cannot make {}: {e}", root.display()))?;
        let exe = std::env::current_exe().map_err(|e| format!("cannot find this program: {e}"))?;
        let connections = (2 * tables + 1000).max(10_000).to_string();
        let mut child = Command::new(exe)
            .args([
                "serve",
                "--port",
                "0",
                "--host",
                "127.0.0.1",
                "--new-key",
                "--no-site",
            ])
            .arg("--root")
            .arg(&root)
            .arg("--data")
            .arg(folder.join("data"))
            .args([
                "--tables-per-address",
                "0",
                "--max-connections",
                &connections,
            ])
            .args(redis.map(|url| ["--redis", url]).into_iter().flatten())
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
