//! People with accounts, for the accounts' tests: HTTP with an `Origin`
//! and a session cookie, and sign-up and sign-in through a software passkey.

use super::client::Listening;
use super::passkey::Passkey;
use serde_json::{json, Value};
use tokio::io::{AsyncReadExt as _, AsyncWriteExt as _};

/// The public origin the accounts' tests give their servers (`--origin`):
/// pages and passkeys say it, whatever port the server listens on.
pub const ORIGIN: &str = "http://localhost:9";

/// An answer: status, the session cookie it set (or cleared: empty), body.
#[derive(Debug)]
pub struct Answer {
    pub status: u16,
    /// The status line and headers.
    pub head: String,
    pub cookie: Option<String>,
    pub body: Value,
    pub text: String,
}

impl Answer {
    /// The refusal's code.
    pub fn code(&self) -> &str {
        self.body["code"].as_str().unwrap_or("")
    }
}

/// One request: `origin` and `cookie` sent when given, `body` as JSON.
pub async fn call(
    server: &impl Listening,
    method: &str,
    path: &str,
    origin: Option<&str>,
    cookie: Option<&str>,
    body: Option<&str>,
) -> Answer {
    let mut head = format!("{method} {path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n");
    if let Some(o) = origin {
        head.push_str(&format!("Origin: {o}\r\n"));
    }
    if let Some(c) = cookie {
        head.push_str(&format!("Cookie: virada_session={c}\r\n"));
    }
    let body = body.unwrap_or("");
    if method == "POST" {
        head.push_str(&format!(
            "Content-Type: application/json\r\nContent-Length: {}\r\n",
            body.len()
        ));
    }
    raw(server, &format!("{head}\r\n{body}")).await
}

/// A POST of `body` (JSON) from the public origin, with no session: how
/// sign-up and sign-in start and finish.
pub async fn post(server: &impl Listening, path: &str, body: &str) -> Answer {
    call(server, "POST", path, Some(ORIGIN), None, Some(body)).await
}

/// A raw request's answer.
pub async fn raw(server: &impl Listening, request: &str) -> Answer {
    let mut stream = tokio::net::TcpStream::connect(("127.0.0.1", server.port()))
        .await
        .unwrap();
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut bytes = Vec::new();
    stream.read_to_end(&mut bytes).await.unwrap();
    let text = String::from_utf8_lossy(&bytes).into_owned();
    let (head, body) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
    let status = head.split(' ').nth(1).and_then(|s| s.parse().ok()).unwrap();
    let cookie = head
        .lines()
        .filter_map(|l| l.split_once(':'))
        .find(|(k, _)| k.eq_ignore_ascii_case("set-cookie"))
        .and_then(|(_, v)| v.trim().strip_prefix("virada_session="))
        .map(|v| v.split(';').next().unwrap_or("").to_string());
    Answer {
        status,
        head: head.to_string(),
        cookie,
        body: serde_json::from_str(body).unwrap_or(Value::Null),
        text: body.to_string(),
    }
}

/// A person: a name, a passkey, and the cookie of their session.
pub struct Person {
    pub name: String,
    pub passkey: Passkey,
    pub cookie: Option<String>,
}

impl Person {
    pub fn new(name: &str) -> Person {
        Person {
            name: name.to_string(),
            passkey: Passkey::new(ORIGIN),
            cookie: None,
        }
    }

    /// A request from this person's page.
    pub async fn call(
        &self,
        server: &impl Listening,
        method: &str,
        path: &str,
        body: Option<&str>,
    ) -> Answer {
        call(
            server,
            method,
            path,
            Some(ORIGIN),
            self.cookie.as_deref(),
            body,
        )
        .await
    }

    /// Signs up: the answer to the finish (its cookie kept).
    pub async fn sign_up(&mut self, server: &impl Listening) -> Answer {
        let body = json!({ "name": self.name }).to_string();
        let started = post(server, "/api/accounts/signup", &body).await;
        assert_eq!(started.status, 200, "{}", started.text);
        let credential = self.passkey.create(&started.body["options"]);
        let finish =
            json!({ "ceremony": started.body["ceremony"], "credential": credential }).to_string();
        let done = post(server, "/api/accounts/signup/finish", &finish).await;
        if done.status == 201 {
            self.cookie.clone_from(&done.cookie);
        }
        done
    }

    /// Signs in (a fresh session, its cookie kept): the finish's answer.
    pub async fn sign_in(&mut self, server: &impl Listening) -> Answer {
        let body = json!({ "name": self.name }).to_string();
        let started = post(server, "/api/accounts/signin", &body).await;
        assert_eq!(started.status, 200, "{}", started.text);
        let credential = self.passkey.get(&started.body["options"]);
        let finish =
            json!({ "ceremony": started.body["ceremony"], "credential": credential }).to_string();
        let done = post(server, "/api/accounts/signin/finish", &finish).await;
        if done.status == 200 {
            self.cookie.clone_from(&done.cookie);
        }
        done
    }

    /// Who the server says this is.
    pub async fn me(&self, server: &impl Listening) -> Value {
        let answer = self.call(server, "GET", "/api/accounts/me", None).await;
        assert_eq!(answer.status, 200, "{}", answer.text);
        answer.body
    }
}
