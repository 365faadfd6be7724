//! TLS: `virada serve --tls-cert --tls-key` serves https itself (HSTS,
//! plain http sent to https on `--http-port` but for ACME's challenges,
//! a certificate replaced under it served with no restart), and
//! `virada trial --tls` puts the shipped haproxy configuration in front
//! with a self-signed certificate: https (a table's WebSocket included),
//! HSTS, `/metrics` kept inside, plain http sent to https but for ACME's
//! challenges.

use std::io::{BufRead as _, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use tokio::io::{AsyncReadExt as _, AsyncWriteExt as _};
use tokio_rustls::rustls;
use tokio_rustls::TlsConnector;

/// A client trusting only the certificate in `cert` (PEM).
fn connector(cert: &Path) -> TlsConnector {
    trusting(&[cert])
}

/// A client trusting only the certificates in `certs` (PEM files).
fn trusting(certs: &[&Path]) -> TlsConnector {
    use rustls_pki_types::pem::PemObject as _;
    let mut roots = rustls::RootCertStore::empty();
    for cert in certs {
        for c in rustls_pki_types::CertificateDer::pem_file_iter(cert).unwrap() {
            roots.add(c.unwrap()).unwrap();
        }
    }
    #[allow(deprecated)]
    let provider = Arc::new(rustls::crypto::ring::default_provider());
    let config = rustls::ClientConfig::builder_with_provider(provider)
        .with_safe_default_protocol_versions()
        .unwrap()
        .with_root_certificates(roots)
        .with_no_client_auth();
    TlsConnector::from(Arc::new(config))
}

/// A TLS connection to `port` on loopback, for `localhost`.
async fn tls(cert: &Path, port: u16) -> tokio_rustls::client::TlsStream<tokio::net::TcpStream> {
    let tcp = tokio::net::TcpStream::connect(("127.0.0.1", port))
        .await
        .unwrap();
    let name = rustls_pki_types::ServerName::try_from("localhost").unwrap();
    connector(cert).connect(name, tcp).await.unwrap()
}

/// One request over `stream` (a POST opens an Othello table); the
/// status, the head (in lower case) and the body.
async fn exchange<S>(mut stream: S, method: &str, path: &str) -> (u16, String, String)
where
    S: tokio::io::AsyncRead + tokio::io::AsyncWrite + Unpin,
{
    let body = if method == "POST" {
        r#"{"game":"othello"}"#
    } else {
        ""
    };
    let request = format!(
        "{method} {path} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n\
         Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut bytes = Vec::new();
    let _ = stream.read_to_end(&mut bytes).await;
    let text = String::from_utf8_lossy(&bytes).into_owned();
    let (head, body) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
    let status = head
        .split(' ')
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    (status, head.to_ascii_lowercase(), body.to_string())
}

/// The protocol a TLS client offering `protocols` gets from `port`; for
/// `h2`, checked to be spoken: the server's first frame is SETTINGS.
async fn negotiated(cert: &Path, port: u16, protocols: &[&[u8]]) -> Option<Vec<u8>> {
    use rustls_pki_types::pem::PemObject as _;
    let mut roots = rustls::RootCertStore::empty();
    roots
        .add(rustls_pki_types::CertificateDer::from_pem_file(cert).unwrap())
        .unwrap();
    #[allow(deprecated)]
    let provider = Arc::new(rustls::crypto::ring::default_provider());
    let mut config = rustls::ClientConfig::builder_with_provider(provider)
        .with_safe_default_protocol_versions()
        .unwrap()
        .with_root_certificates(roots)
        .with_no_client_auth();
    config.alpn_protocols = protocols.iter().map(|p| p.to_vec()).collect();
    let tcp = tokio::net::TcpStream::connect(("127.0.0.1", port))
        .await
        .unwrap();
    let name = rustls_pki_types::ServerName::try_from("localhost").unwrap();
    let mut stream = TlsConnector::from(Arc::new(config))
        .connect(name, tcp)
        .await
        .unwrap();
    let chosen = stream.get_ref().1.alpn_protocol().map(<[u8]>::to_vec);
    if chosen.as_deref() == Some(b"h2".as_slice()) {
        // The client's preface and an empty SETTINGS frame.
        stream
            .write_all(b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n\0\0\0\x04\0\0\0\0\0")
            .await
            .unwrap();
        let mut head = [0u8; 9];
        stream.read_exact(&mut head).await.unwrap();
        assert_eq!(head[3], 0x04, "a SETTINGS frame first: {head:?}");
    }
    chosen
}

async fn https(cert: &Path, port: u16, method: &str, path: &str) -> (u16, String, String) {
    exchange(tls(cert, port).await, method, path).await
}

async fn http(port: u16, path: &str) -> (u16, String, String) {
    let tcp = tokio::net::TcpStream::connect(("127.0.0.1", port))
        .await
        .unwrap();
    exchange(tcp, "GET", path).await
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("virada-tls-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Kills the child when dropped.
struct Running(Child);

impl Drop for Running {
    fn drop(&mut self) {
        let _ = Command::new("kill")
            .args(["-TERM", &self.0.id().to_string()])
            .status();
        let _ = self.0.wait();
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_server_alone_serves_https_with_its_certificate() {
    let dir = scratch("serve");
    let made = virada_server::trial::self_signed(&dir).unwrap();
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/..");
    let acme = dir.join("acme");
    let mut child = Command::new(env!("CARGO_BIN_EXE_virada"))
        .args(["serve", "--port", "0", "--new-key", "--root", root])
        .arg("--data")
        .arg(dir.join("data"))
        .arg("--tls-cert")
        .arg(&made.cert)
        .arg("--tls-key")
        .arg(&made.key)
        .args(["--http-port", "0", "--acme-dir"])
        .arg(&acme)
        .env("RUST_LOG", "warn")
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
    let first = lines.next().unwrap().unwrap();
    let second = lines.next().unwrap().unwrap();
    let third = lines.next().unwrap().unwrap();
    let server = Running(child);
    assert!(first.contains(" on https://127.0.0.1:"), "{first}");
    let port: u16 = first
        .trim_end_matches('/')
        .rsplit(':')
        .next()
        .unwrap()
        .parse()
        .unwrap();
    assert_eq!(
        second,
        format!("Play at https://localhost:{port}/ (passkeys need this address)")
    );
    let (status, head, body) = https(&made.cert, port, "GET", "/healthz").await;
    assert_eq!((status, body.as_str()), (200, "ok\n"));
    assert!(
        head.contains("\r\nstrict-transport-security: max-age=31536000"),
        "{head}"
    );
    let (status, head, _) = https(&made.cert, port, "GET", "/lobby.html").await;
    assert_eq!(status, 200, "{head}");
    assert!(head.contains("\r\nstrict-transport-security: "), "{head}");
    // Plain http to the https port gets no page.
    assert_eq!(http(port, "/healthz").await.0, 0);
    // HTTP/2 for a client that asks for it (ALPN), which the server then
    // speaks: its first frame is its SETTINGS.
    assert_eq!(
        negotiated(&made.cert, port, &[b"h2", b"http/1.1"]).await,
        Some(b"h2".to_vec())
    );
    assert_eq!(
        negotiated(&made.cert, port, &[b"http/1.1"]).await,
        Some(b"http/1.1".to_vec())
    );
    // The plain port sends everything to https, but ACME's challenges.
    let plain: u16 = third
        .strip_prefix("Redirecting http://127.0.0.1:")
        .and_then(|rest| rest.split('/').next())
        .and_then(|p| p.parse().ok())
        .unwrap_or_else(|| panic!("{third}"));
    assert!(
        third.ends_with(&format!(" to https://localhost:{port}/")),
        "{third}"
    );
    let (status, head, _) = http(plain, "/lobby.html?x=1").await;
    assert_eq!(status, 301, "{head}");
    assert!(
        head.contains(&format!(
            "\r\nlocation: https://localhost:{port}/lobby.html?x=1\r\n"
        )),
        "{head}"
    );
    assert!(!head.contains("strict-transport-security"), "{head}");
    let challenges = acme.join(".well-known/acme-challenge");
    std::fs::create_dir_all(&challenges).unwrap();
    std::fs::write(challenges.join("tok-EN_9"), "tok-EN_9.thumbprint").unwrap();
    std::fs::write(acme.join("secret"), "not served").unwrap();
    let (status, _, body) = http(plain, "/.well-known/acme-challenge/tok-EN_9").await;
    assert_eq!((status, body.as_str()), (200, "tok-EN_9.thumbprint"));
    for path in [
        "/.well-known/acme-challenge/other",
        "/.well-known/acme-challenge/..%2Fsecret",
        "/.well-known/acme-challenge/a.b",
    ] {
        assert_eq!(http(plain, path).await.0, 404, "{path}");
    }
    drop(server);
    let _ = std::fs::remove_dir_all(&dir);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_trials_proxy_ends_tls_and_sends_http_to_https() {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/..");
    let mut child = Command::new(env!("CARGO_BIN_EXE_virada"))
        .args([
            "trial",
            "--tls",
            "--servers",
            "2",
            "--port",
            "0",
            "--root",
            root,
        ])
        .env("RUST_LOG", "warn")
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let lines: Vec<String> = BufReader::new(child.stdout.take().unwrap())
        .lines()
        .map(Result::unwrap)
        .take_while(|l| !l.starts_with("Open "))
        .chain(std::iter::once(String::new()))
        .collect();
    let trial = Running(child);
    let line = |start: &str| {
        lines
            .iter()
            .find(|l| l.starts_with(start))
            .unwrap_or_else(|| panic!("no {start} line: {lines:?}"))
            .clone()
    };
    let number = |text: &str| -> u16 {
        text.split(|c: char| !c.is_ascii_digit())
            .find(|p| !p.is_empty())
            .unwrap()
            .parse()
            .unwrap()
    };
    let proxy = line("Proxy: https://127.0.0.1:");
    let port = number(proxy.trim_start_matches("Proxy: https://127.0.0.1:"));
    let said = line("TLS: ");
    let pem = said.split('(').nth(1).unwrap().split(')').next().unwrap();
    let cert = Path::new(pem).with_file_name("cert.pem");
    let plain = number(said.split("http://127.0.0.1:").nth(1).unwrap());

    let (status, head, body) = https(&cert, port, "GET", "/healthz").await;
    assert_eq!((status, body.as_str()), (200, "ok\n"), "{head}");
    assert!(
        head.contains("\r\nstrict-transport-security: max-age=31536000"),
        "{head}"
    );
    let (status, _, _) = https(&cert, port, "GET", "/readyz").await;
    assert_eq!(status, 200);
    let (status, _, body) = https(&cert, port, "GET", "/metrics").await;
    assert_eq!(status, 404, "{body}");
    // Plain http: sent to https, but for ACME's challenges.
    let (status, head, _) = http(plain, "/lobby.html?x=1").await;
    assert_eq!(status, 301, "{head}");
    assert!(
        head.contains(&format!(
            "\r\nlocation: https://localhost:{port}/lobby.html?x=1"
        )),
        "{head}"
    );
    let (status, head, _) = http(plain, "/.well-known/acme-challenge/abc").await;
    assert_ne!(status, 301, "{head}");
    // A table opened and its WebSocket, over TLS through the proxy.
    let (status, _, body) = https(&cert, port, "POST", "/api/tables").await;
    assert_eq!(status, 201, "{body}");
    let id: serde_json::Value = serde_json::from_str(&body).unwrap();
    let id = id["id"].as_str().unwrap();
    let stream = tls(&cert, port).await;
    let (mut socket, _) = tokio_tungstenite::client_async(
        format!("wss://localhost:{port}/api/tables/{id}/ws"),
        stream,
    )
    .await
    .unwrap();
    use futures_util::StreamExt as _;
    let first = socket.next().await.unwrap().unwrap();
    assert!(
        first.to_text().unwrap().contains("\"commitment\""),
        "{first}"
    );
    drop(trial);
}

/// The certificate a server on `port` presents now (DER), trusting any of
/// `certs`.
async fn served_certificate(certs: &[&Path], port: u16) -> Vec<u8> {
    let tcp = tokio::net::TcpStream::connect(("127.0.0.1", port))
        .await
        .unwrap();
    let name = rustls_pki_types::ServerName::try_from("localhost").unwrap();
    let stream = trusting(certs).connect(name, tcp).await.unwrap();
    stream.get_ref().1.peer_certificates().unwrap()[0].to_vec()
}

/// The certificate in a PEM file (DER).
fn der(pem: &Path) -> Vec<u8> {
    use rustls_pki_types::pem::PemObject as _;
    rustls_pki_types::CertificateDer::from_pem_file(pem)
        .unwrap()
        .to_vec()
}

/// Puts `made`'s key and certificate in place of `cert` and `key`, each
/// by a rename, the key first (as a deploy hook would).
fn replace(made: &virada_server::trial::SelfSigned, cert: &Path, key: &Path) {
    for (from, to) in [(&made.key, key), (&made.cert, cert)] {
        let draft = to.with_extension("new");
        std::fs::copy(from, &draft).unwrap();
        std::fs::rename(&draft, to).unwrap();
    }
}

/// Asks until `port` serves the certificate `want`.
async fn until_served(certs: &[&Path], port: u16, want: &[u8]) {
    let deadline = tokio::time::Instant::now() + std::time::Duration::from_secs(60);
    while served_certificate(certs, port).await != want {
        assert!(
            tokio::time::Instant::now() < deadline,
            "the new certificate is not served"
        );
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_certificate_replaced_under_a_running_server_is_served_without_a_restart() {
    let dir = scratch("renew");
    let first = virada_server::trial::self_signed(&dir.join("first")).unwrap();
    let second = virada_server::trial::self_signed(&dir.join("second")).unwrap();
    let third = virada_server::trial::self_signed(&dir.join("third")).unwrap();
    let trusted = [
        first.cert.as_path(),
        second.cert.as_path(),
        third.cert.as_path(),
    ];
    let live = dir.join("live");
    std::fs::create_dir_all(&live).unwrap();
    let (cert, key) = (live.join("fullchain.pem"), live.join("privkey.pem"));
    replace(&first, &cert, &key);
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/..");
    // Two servers over the same files: one that looks at them (the
    // default), one that reads them only on SIGHUP.
    let start = |watch: &str| {
        let mut child = Command::new(env!("CARGO_BIN_EXE_virada"))
            .args(["serve", "--port", "0", "--new-key", "--root", root])
            .arg("--data")
            .arg(dir.join(format!("data-{watch}")))
            .arg("--tls-cert")
            .arg(&cert)
            .arg("--tls-key")
            .arg(&key)
            .args(["--tls-watch", watch])
            .env("RUST_LOG", "warn")
            .stdout(Stdio::piped())
            .spawn()
            .unwrap();
        let port = crate::served_port(&mut child);
        (Running(child), port)
    };
    let (watching, port) = start("0.2");
    let (hearing, hup_port) = start("0");
    assert_eq!(served_certificate(&trusted, port).await, der(&first.cert));
    assert_eq!(
        served_certificate(&trusted, hup_port).await,
        der(&first.cert)
    );

    // Renewed: the watching server serves the new one, by itself.
    replace(&second, &cert, &key);
    until_served(&trusted, port, &der(&second.cert)).await;
    // The other still serves the first, until SIGHUP.
    assert_eq!(
        served_certificate(&trusted, hup_port).await,
        der(&first.cert)
    );
    let hup = Command::new("kill")
        .args(["-HUP", &hearing.0.id().to_string()])
        .status()
        .unwrap();
    assert!(hup.success());
    until_served(&trusted, hup_port, &der(&second.cert)).await;

    // A key that does not fit its certificate: the last good pair stays.
    std::fs::copy(&third.key, &key).unwrap();
    let _ = Command::new("kill")
        .args(["-HUP", &hearing.0.id().to_string()])
        .status();
    assert_eq!(
        https(&second.cert, hup_port, "GET", "/healthz").await.0,
        200
    );
    // Then the right certificate: served.
    std::fs::copy(&third.cert, &cert).unwrap();
    let _ = Command::new("kill")
        .args(["-HUP", &hearing.0.id().to_string()])
        .status();
    until_served(&trusted, hup_port, &der(&third.cert)).await;
    until_served(&trusted, port, &der(&third.cert)).await;
    drop((watching, hearing));
    let _ = std::fs::remove_dir_all(&dir);
}
