//! `virada trial` as a process: Redis, N servers and haproxy with the
//! shipped configuration, started by the one command an operator runs, its
//! lines read for where each part listens; and a few words of Redis's
//! protocol, to read its figures and keys.

use super::client::{get_json, Listening, Port};
use serde_json::Value;
use std::io::{BufRead as _, BufReader, Read as _, Write as _};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// A running `virada trial`; stopped (SIGTERM, which stops its parts) when
/// dropped.
pub(super) struct Trial {
    child: Child,
    /// Its standard output, read no more once it said where all is (kept
    /// open, so that it may still write).
    _out: std::io::Lines<BufReader<std::process::ChildStdout>>,
    /// The Redis the servers share (`redis://127.0.0.1:PORT`).
    pub redis: String,
    /// Each server's port and process id.
    pub servers: Vec<(u16, u32)>,
    /// The proxy's port.
    pub proxy: u16,
}

impl Listening for Trial {
    fn port(&self) -> u16 {
        self.proxy
    }
}

impl Trial {
    /// `virada trial --servers N --port 0`, each server with `flags` too.
    pub(super) fn start(servers: usize, flags: &[&str]) -> Trial {
        let root = concat!(env!("CARGO_MANIFEST_DIR"), "/..");
        let mut command = Command::new(env!("CARGO_BIN_EXE_virada"));
        command
            .args(["trial", "--servers", &servers.to_string(), "--port", "0"])
            .args(["--root", root]);
        for flag in flags {
            command.arg(format!("--serve-flag={flag}"));
        }
        let mut child = command
            .env(
                "RUST_LOG",
                std::env::var("TRIAL_LOG").unwrap_or_else(|_| "warn".into()),
            )
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("start virada trial");
        let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
        let (mut redis, mut ports, mut proxy) = (String::new(), Vec::new(), 0);
        let port = |line: &str| -> u16 {
            line.split("127.0.0.1:")
                .nth(1)
                .and_then(|r| r.split(|c: char| !c.is_ascii_digit()).next())
                .and_then(|p| p.parse().ok())
                .unwrap_or_else(|| panic!("no port in {line:?}"))
        };
        for line in lines.by_ref() {
            let line = line.expect("virada trial's lines");
            if line.starts_with("Redis: ") {
                redis = format!("redis://127.0.0.1:{}", port(&line));
            } else if line.starts_with("Server ") {
                let pid = line
                    .rsplit("(pid ")
                    .next()
                    .and_then(|p| p.trim_end_matches(')').parse().ok())
                    .unwrap();
                ports.push((port(&line), pid));
            } else if line.starts_with("Proxy: ") {
                proxy = port(&line);
            } else if line.starts_with("Open ") {
                break;
            }
        }
        let trial = Trial {
            child,
            _out: lines,
            redis,
            servers: ports,
            proxy,
        };
        assert_eq!(trial.servers.len(), servers, "virada trial's servers");
        assert!(trial.proxy > 0, "virada trial's proxy");
        trial
    }

    /// Server `i` (from 0), to talk to it directly.
    pub(super) fn server(&self, i: usize) -> Port {
        Port(self.servers[i].0)
    }

    /// SIGKILLs server `i`.
    pub(super) fn kill(&self, i: usize) {
        signal("KILL", self.servers[i].1);
    }

    /// Every server's `GET /api/relay` (but those in `skip`).
    pub(super) async fn relays(&self, skip: &[usize]) -> Vec<Value> {
        let mut all = Vec::new();
        for i in (0..self.servers.len()).filter(|i| !skip.contains(i)) {
            all.push(get_json(&self.server(i), "/api/relay").await);
        }
        all
    }
}

impl Drop for Trial {
    fn drop(&mut self) {
        signal("TERM", self.child.id());
        let until = Instant::now() + Duration::from_secs(15);
        while Instant::now() < until {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn signal(name: &str, pid: u32) {
    let _ = Command::new("kill")
        .arg(format!("-{name}"))
        .arg(pid.to_string())
        .status();
}

/// Every message the servers published, summed from their counters.
pub(super) fn published(relays: &[Value]) -> u64 {
    relays
        .iter()
        .map(|r| r["published"]["total"].as_u64().unwrap())
        .sum()
}

/// One command to the Redis at `url`; its answer (a status, a number or a
/// text as text; nil as an empty text).
pub(super) fn redis(url: &str, args: &[&str]) -> String {
    let address = url.trim_start_matches("redis://").trim_end_matches('/');
    let mut stream = std::net::TcpStream::connect(address).expect("Redis answers");
    let mut request = format!("*{}\r\n", args.len());
    for a in args {
        request.push_str(&format!("${}\r\n{a}\r\n", a.len()));
    }
    stream.write_all(request.as_bytes()).unwrap();
    let mut reader = BufReader::new(stream);
    let mut head = String::new();
    reader.read_line(&mut head).unwrap();
    let head = head.trim_end();
    match head.chars().next() {
        Some('$') => {
            let n: i64 = head[1..].parse().unwrap();
            if n < 0 {
                return String::new();
            }
            let mut body = vec![0; n as usize + 2];
            reader.read_exact(&mut body).unwrap();
            body.truncate(n as usize);
            String::from_utf8(body).unwrap()
        }
        Some('+' | ':') => head[1..].to_string(),
        _ => panic!("Redis answered {head:?} to {args:?}"),
    }
}

/// How many times Redis ran `PUBLISH` since it started (its own count).
pub(super) fn publish_calls(url: &str) -> u64 {
    let stats = redis(url, &["INFO", "commandstats"]);
    stats
        .lines()
        .find_map(|l| l.strip_prefix("cmdstat_publish:calls="))
        .and_then(|rest| rest.split(',').next())
        .map_or(0, |n| n.parse().unwrap())
}
