//! A `redis-server` of a test's own: a free loopback port, append-only
//! persistence (`appendfsync always`, so that a SIGKILL loses nothing Redis
//! answered) in a temporary folder of its own; killed, and its folder
//! removed, when dropped.
//!
//! Test support only: the store's tests (`store/tests.rs`) declare it as a
//! module, and the CLI's online tests include this same file with
//! `#[path]` (`cli/tests/it/online/mod.rs`), so both start Redis one way.

use std::io::{Read as _, Write as _};
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

/// A running `redis-server` on 127.0.0.1.
pub struct RedisServer {
    child: Child,
    port: u16,
    dir: PathBuf,
}

impl RedisServer {
    /// Starts one, `name` telling its folder apart; waits until it answers.
    pub fn start(name: &str) -> RedisServer {
        static NEXT: AtomicUsize = AtomicUsize::new(0);
        let port = TcpListener::bind("127.0.0.1:0")
            .and_then(|l| l.local_addr())
            .unwrap()
            .port();
        let n = NEXT.fetch_add(1, Ordering::Relaxed);
        let dir =
            std::env::temp_dir().join(format!("virada-redis-{}-{name}-{n}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let child = spawn(port, &dir);
        RedisServer { child, port, dir }
    }

    /// Its address for a client: `redis://127.0.0.1:PORT`.
    pub fn url(&self) -> String {
        format!("redis://127.0.0.1:{}", self.port)
    }

    /// Kills Redis (SIGKILL) and starts it again over the same folder and
    /// port; returns once it answers (its data loaded).
    #[allow(dead_code)] // not every includer restarts it
    pub fn restart(&mut self) {
        self.kill();
        self.start_again();
    }

    /// Kills Redis (SIGKILL); [`RedisServer::start_again`] brings it back.
    #[allow(dead_code)] // not every includer kills it
    pub fn kill(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }

    /// Starts Redis again over the same folder and port, once killed.
    #[allow(dead_code)] // not every includer kills it
    pub fn start_again(&mut self) {
        self.child = spawn(self.port, &self.dir);
    }
}

impl Drop for RedisServer {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// Starts `redis-server` on `port` over `dir` and waits until it answers.
fn spawn(port: u16, dir: &Path) -> Child {
    let mut child = Command::new("redis-server")
        .args(["--port", &port.to_string(), "--bind", "127.0.0.1"])
        .args([
            "--save",
            "",
            "--appendonly",
            "yes",
            "--appendfsync",
            "always",
        ])
        .arg("--dir")
        .arg(dir)
        .stdout(Stdio::null())
        .spawn()
        .unwrap_or_else(|e| {
            panic!(
                "cannot start redis-server ({e}): the tests over Redis need it. \
                 Install Debian's: apt-get install redis-server \
                 (as root, `scripts/setup.sh redis` does it)"
            )
        });
    let until = Instant::now() + Duration::from_secs(10);
    loop {
        if let Ok(Some(status)) = child.try_wait() {
            panic!("redis-server on port {port} stopped at start: {status}");
        }
        if pong(port) {
            return child;
        }
        assert!(
            Instant::now() < until,
            "redis-server on port {port} did not answer"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// Whether Redis answers `PING` on `port` (and has loaded its data).
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
