//! A server process and WebSocket clients for the online tests.

use futures_util::{SinkExt as _, StreamExt as _};
use serde_json::Value;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::Duration;
use tokio::io::{AsyncReadExt as _, AsyncWriteExt as _};
use tokio_tungstenite::tungstenite::Message;

/// How long any one wait may take before the test fails.
const PATIENCE: Duration = Duration::from_secs(60);

/// `virada serve` on a free port with its own data folder; killed on drop.
pub struct Server {
    child: Child,
    pub port: u16,
    data: PathBuf,
    flags: Vec<String>,
}

impl Server {
    pub fn start(name: &str, flags: &[&str]) -> Server {
        let data =
            std::env::temp_dir().join(format!("virada-online-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&data);
        // A fresh folder: its keys made on the first start.
        let flags: Vec<String> = std::iter::once("--new-key")
            .chain(flags.iter().copied())
            .map(str::to_string)
            .collect();
        let (child, port) = spawn(&data, 0, &flags);
        Server {
            child,
            port,
            data,
            flags,
        }
    }

    /// A server over data folder `data` as it is (a restored one): its keys
    /// must be there.
    pub fn over(data: PathBuf, flags: &[&str]) -> Server {
        let flags: Vec<String> = flags.iter().map(|s| s.to_string()).collect();
        let (child, port) = spawn(&data, 0, &flags);
        Server {
            child,
            port,
            data,
            flags,
        }
    }

    /// Its process id (to stop it with a signal of one's choosing).
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// Its data folder.
    pub fn data(&self) -> &std::path::Path {
        &self.data
    }

    /// SIGKILL, then the same server again on the same port and data folder.
    pub fn kill_and_restart(&mut self) {
        self.child.kill().unwrap();
        self.child.wait().unwrap();
        let (child, port) = spawn(&self.data, self.port, &self.flags);
        self.child = child;
        assert_eq!(port, self.port);
    }
}

fn spawn(data: &PathBuf, port: u16, flags: &[String]) -> (Child, u16) {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/..");
    let mut child = Command::new(env!("CARGO_BIN_EXE_virada"))
        .args([
            "serve",
            "--port",
            &port.to_string(),
            "--root",
            root,
            "--data",
        ])
        .arg(data)
        .args(flags)
        .env("RUST_LOG", "warn")
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .expect("start virada serve");
    let port = crate::served_port(&mut child);
    (child, port)
}

/// Something the tests send requests to: a server, or the proxy in front
/// of several.
pub trait Listening {
    /// Its loopback port.
    fn port(&self) -> u16;
}

impl Listening for Server {
    fn port(&self) -> u16 {
        self.port
    }
}

/// A loopback port as something to connect to.
pub struct Port(pub u16);

impl Listening for Port {
    fn port(&self) -> u16 {
        self.0
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        let _ = std::fs::remove_dir_all(&self.data);
    }
}

/// One HTTP request with a JSON body; the answer's status and body.
async fn http(server: &impl Listening, method: &str, path: &str, body: &str) -> (u16, String) {
    request(server, method, path, Some("application/json"), body).await
}

/// One HTTP request, its `Content-Type` as given (none for `None`); the
/// answer's status and body.
pub async fn request(
    server: &impl Listening,
    method: &str,
    path: &str,
    content_type: Option<&str>,
    body: &str,
) -> (u16, String) {
    let mut stream = tokio::net::TcpStream::connect(("127.0.0.1", server.port()))
        .await
        .unwrap();
    let content_type = content_type.map_or(String::new(), |t| format!("Content-Type: {t}\r\n"));
    let request = format!(
        "{method} {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n{content_type}\
         Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut raw = Vec::new();
    stream.read_to_end(&mut raw).await.unwrap();
    let raw = String::from_utf8_lossy(&raw).into_owned();
    let status = raw.split(' ').nth(1).and_then(|s| s.parse().ok()).unwrap();
    let body = raw
        .split_once("\r\n\r\n")
        .map_or("", |(_, b)| b)
        .to_string();
    (status, body)
}

/// Opens a table; its id.
pub async fn create_table(server: &impl Listening, settings: &str) -> String {
    let v = open_table(server, "/api/tables", settings).await;
    v["id"].as_str().unwrap().to_string()
}

/// Opens (or, through `/api/pair`, joins) a table at `route`; the answer.
pub async fn open_table(server: &impl Listening, route: &str, settings: &str) -> Value {
    let (status, body) = http(server, "POST", route, settings).await;
    assert_eq!(status, 201, "{body}");
    serde_json::from_str(&body).unwrap()
}

pub async fn get_json(server: &impl Listening, path: &str) -> Value {
    serde_json::from_str(&get_text(server, path).await).unwrap()
}

pub async fn get_text(server: &impl Listening, path: &str) -> String {
    let (status, body) = http(server, "GET", path, "").await;
    assert_eq!(status, 200, "{path}: {body}");
    body
}

/// The first legal move of a table snapshot, as text.
pub fn first_legal(table: &Value) -> String {
    if let Some(moves) = table["legalMoves"].as_array() {
        return moves[0].as_str().unwrap().to_string();
    }
    let sq = table["legal"][0][0].as_u64().unwrap() as usize;
    format!("{}{}", (b'a' + (sq % 8) as u8) as char, sq / 8 + 1)
}

type Socket =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// A page at the table: every frame it received, in order.
pub struct Client {
    socket: Socket,
    pub frames: Vec<Value>,
    state: Option<Value>,
    /// Its seat, once welcomed.
    pub seat: Option<usize>,
    /// The word it contributes (empty for none).
    pub word: String,
    /// The random value it contributes (64 hex), distinct for each client.
    pub random: String,
    contributed: bool,
}

/// A fresh random value for each client of the test process.
fn next_random() -> String {
    use std::sync::atomic::{AtomicU32, Ordering};
    static COUNT: AtomicU32 = AtomicU32::new(1);
    let n = COUNT.fetch_add(1, Ordering::Relaxed);
    format!("{:08x}", n.wrapping_mul(0x9e37_79b9)).repeat(8)
}

impl Client {
    pub async fn connect(server: &impl Listening, id: &str) -> Client {
        Client::try_connect(server, id)
            .await
            .unwrap_or_else(|e| panic!("cannot open the table's socket: {e}"))
    }

    /// A socket at the table, or why none opened.
    pub async fn try_connect(server: &impl Listening, id: &str) -> Result<Client, String> {
        Client::try_connect_as(server, id, None, false).await
    }

    /// A socket at the table from a page signed in with session `cookie`.
    pub async fn connect_as(server: &impl Listening, id: &str, cookie: &str) -> Client {
        Client::try_connect_as(server, id, Some(cookie), false)
            .await
            .unwrap_or_else(|e| panic!("cannot open the table's socket: {e}"))
    }

    /// A socket at the table as the proxy in front of several servers sends
    /// it (`X-Virada-Routed`): the server takes itself for the table's home.
    pub async fn connect_routed(server: &impl Listening, id: &str) -> Client {
        Client::try_connect_as(server, id, None, true)
            .await
            .unwrap_or_else(|e| panic!("cannot open the table's socket: {e}"))
    }

    pub(super) async fn try_connect_as(
        server: &impl Listening,
        id: &str,
        cookie: Option<&str>,
        routed: bool,
    ) -> Result<Client, String> {
        use tokio_tungstenite::tungstenite::client::IntoClientRequest as _;
        let url = format!("ws://127.0.0.1:{}/api/tables/{id}/ws", server.port());
        let mut request = url.into_client_request().map_err(|e| e.to_string())?;
        if let Some(cookie) = cookie {
            let value = format!("virada_session={cookie}")
                .parse()
                .map_err(|_| "cookie")?;
            request.headers_mut().insert("cookie", value);
        }
        if routed {
            request
                .headers_mut()
                .insert("X-Virada-Routed", "1".parse().unwrap());
        }
        let (socket, _) = tokio_tungstenite::connect_async(request)
            .await
            .map_err(|e| e.to_string())?;
        Ok(Client {
            socket,
            frames: Vec::new(),
            state: None,
            seat: None,
            word: String::new(),
            random: next_random(),
            contributed: false,
        })
    }

    pub async fn send(&mut self, message: Value) {
        self.send_text(&message.to_string()).await;
    }

    pub async fn send_text(&mut self, text: &str) {
        self.socket
            .send(Message::Text(text.to_string().into()))
            .await
            .unwrap();
    }

    pub async fn close(mut self) {
        let _ = self.socket.close(None).await;
    }

    /// The next frame (kept, and the latest state remembered).
    pub async fn next(&mut self, within: Duration) -> Option<Value> {
        loop {
            let frame = tokio::time::timeout(within, self.socket.next())
                .await
                .ok()??;
            if let Ok(Message::Text(text)) = frame {
                let v: Value = serde_json::from_str(&text).unwrap();
                if v["type"] == "state" {
                    self.state = Some(v.clone());
                } else if v["type"] == "welcome" {
                    self.state = Some(v["state"].clone());
                }
                self.frames.push(v.clone());
                return Some(v);
            }
        }
    }

    pub async fn hello(&mut self, token: Option<&str>) -> Value {
        self.send(serde_json::json!({"v":2,"type":"hello","token":token}))
            .await;
        loop {
            let v = self.next(PATIENCE).await.expect("welcome");
            if v["type"] == "welcome" {
                self.seat = v["seat"].as_u64().map(|s| s as usize);
                return v;
            }
            assert_ne!(v["type"], "error", "{v}");
        }
    }

    /// `hello` with a seat's token; the `welcome`, or `None` when the socket
    /// closes or says nothing in time (a server going away under it).
    pub async fn try_hello(&mut self, token: &str, within: Duration) -> Option<Value> {
        let hello = serde_json::json!({"v":2,"type":"hello","token":token}).to_string();
        self.socket.send(Message::Text(hello.into())).await.ok()?;
        loop {
            let v = self.next(within).await?;
            if v["type"] == "welcome" {
                self.seat = v["seat"].as_u64().map(|s| s as usize);
                return Some(v);
            }
        }
    }

    /// Sends this client's contribution (its random value and word).
    pub async fn contribute(&mut self) {
        let mut message = serde_json::json!({"v":2,"type":"contribute","random":self.random});
        if !self.word.is_empty() {
            message["word"] = Value::from(self.word.clone());
        }
        self.contributed = true;
        self.send(message).await;
    }

    /// Contributes once, as a page does, when the window is open and this
    /// client's seat has not contributed; whether it did now.
    pub async fn contribute_if_open(&mut self) -> bool {
        let Some(seat) = self.seat else {
            return false;
        };
        let state = self.latest_state().await;
        let asked = state["status"] == "contributing"
            && state["seats"][seat]["contributed"] == false
            && !self.contributed;
        if asked {
            self.contribute().await;
        }
        asked
    }

    /// The newest state, after reading whatever is waiting.
    pub async fn latest_state(&mut self) -> Value {
        while self.next(Duration::from_millis(50)).await.is_some() {}
        if self.state.is_none() {
            self.next(PATIENCE).await;
        }
        self.state.clone().expect("a state")
    }

    /// Every frame that arrives within `within` from now.
    pub async fn frames_for(&mut self, within: Duration) -> Vec<Value> {
        let until = tokio::time::Instant::now() + within;
        let mut heard = Vec::new();
        while let Some(left) = until.checked_duration_since(tokio::time::Instant::now()) {
            match self.next(left).await {
                Some(v) => heard.push(v),
                None => break,
            }
        }
        heard
    }

    /// Reads until a state satisfies `done`.
    pub async fn wait_state(&mut self, done: impl Fn(&Value) -> bool) -> Value {
        if let Some(s) = &self.state {
            if done(s) {
                return s.clone();
            }
        }
        loop {
            let v = self.next(PATIENCE).await.expect("a state in time");
            if v["type"] == "state" && done(&v) {
                return v;
            }
        }
    }

    /// The next error frame's code.
    pub async fn error(&mut self) -> String {
        loop {
            let v = self.next(PATIENCE).await.expect("an error in time");
            if v["type"] == "error" {
                return v["code"].as_str().unwrap().to_string();
            }
        }
    }

    /// Whether an error with `code` arrives within `within`.
    pub async fn saw_error(&mut self, code: &str, within: Duration) -> bool {
        let end = tokio::time::Instant::now() + within;
        while let Some(v) = self
            .next(end.saturating_duration_since(tokio::time::Instant::now()))
            .await
        {
            if v["type"] == "error" && v["code"] == code {
                return true;
            }
        }
        false
    }

    /// Reads whatever is waiting.
    pub async fn drain(&mut self) {
        while self.next(Duration::from_millis(200)).await.is_some() {}
    }
}
