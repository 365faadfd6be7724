//! A `redis-server` of the test's own for the online tests over Redis: a
//! free loopback port, append-only persistence (`always`) in a temporary
//! folder; killed, and its folder removed, when dropped.

use std::io::{Read as _, Write as _};
use std::net::{TcpListener, TcpStream};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

pub struct RedisServer {
    child: Child,
    port: u16,
    dir: PathBuf,
}

impl RedisServer {
    pub fn start(name: &str) -> RedisServer {
        let port = TcpListener::bind("127.0.0.1:0")
            .and_then(|l| l.local_addr())
            .unwrap()
            .port();
        let dir = std::env::temp_dir().join(format!("virada-redis-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
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
            .arg(&dir)
            .stdout(Stdio::null())
            .spawn()
            .unwrap_or_else(|e| {
                panic!(
                    "cannot start redis-server ({e}): the online tests over Redis need it. \
                     Install Debian's: apt-get install redis-server \
                     (as root, `scripts/setup.sh redis` does it)"
                )
            });
        let until = Instant::now() + Duration::from_secs(10);
        while !pong(port) {
            if let Ok(Some(status)) = child.try_wait() {
                panic!("redis-server on port {port} stopped at start: {status}");
            }
            assert!(
                Instant::now() < until,
                "redis-server on port {port} did not answer"
            );
            std::thread::sleep(Duration::from_millis(20));
        }
        RedisServer { child, port, dir }
    }

    pub fn url(&self) -> String {
        format!("redis://127.0.0.1:{}", self.port)
    }
}

impl Drop for RedisServer {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

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
