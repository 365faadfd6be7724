//! Accepting connections: one task a connection, HTTP/1.1 with keep-alive,
//! over TLS when the server has a certificate (`--tls-cert`, `--tls-key`,
//! rustls: tls.rs), where a client may choose HTTP/2 (ALPN `h2`). A client gets the header timeout to finish its TLS handshake
//! and then to send a request head (a head trickled byte by byte is cut off
//! then); at most `max_connections` connections are open at once, and one
//! over that is closed at once. Each request carries the address of its
//! client ([`ConnectInfo`]): the connection's peer, or the address a trusted
//! proxy names (`ops::client`).

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use axum::extract::ConnectInfo;
use hyper_util::rt::{TokioExecutor, TokioIo, TokioTimer};
use tokio::io::{AsyncRead, AsyncWrite};
use tokio::net::TcpListener;
use tokio::sync::Semaphore;
use tokio_rustls::TlsAcceptor;
use tower::Service as _;

use super::ops::client::{client_address, Network};

/// The longest request head read (request line and headers); longer gets 431.
const MAX_HEAD: usize = 16 * 1024;
/// How often an HTTP/2 connection is pinged (one that does not answer
/// within the same time is closed).
const H2_PING: Duration = Duration::from_secs(20);
/// How long open requests may go on after a stop signal.
pub const DRAIN: Duration = Duration::from_secs(5);

/// What each connection is held to.
#[derive(Clone)]
pub struct Limits {
    /// Seconds a client has for its TLS handshake, then for a request head.
    pub header_timeout: Duration,
    /// Connections open at once.
    pub max_connections: usize,
    /// The proxies whose `X-Forwarded-For` is believed.
    pub trusted: Arc<Vec<Network>>,
}

/// Accepts connections until `stop` resolves, then lets the open requests
/// finish for [`DRAIN`] at most.
pub async fn accept_loop(
    listener: TcpListener,
    app: axum::Router,
    limits: Limits,
    tls: Option<TlsAcceptor>,
    stop: impl std::future::Future<Output = ()>,
) {
    let open = Arc::new(Semaphore::new(limits.max_connections));
    tokio::pin!(stop);
    loop {
        let (stream, peer) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(pair) => pair,
                Err(e) => {
                    // Out of file descriptors and the like: wait, go on.
                    tracing::warn!("accept: {e}");
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            },
            () = &mut stop => break,
        };
        let Ok(permit) = Arc::clone(&open).try_acquire_owned() else {
            tracing::warn!(
                "{peer}: over {} connections, closed",
                limits.max_connections
            );
            continue;
        };
        let app = app.clone();
        let limits = limits.clone();
        let tls = tls.clone();
        tokio::spawn(async move {
            let _ = stream.set_nodelay(true);
            match tls {
                None => connection(stream, peer, app, &limits, false).await,
                Some(tls) => {
                    match tokio::time::timeout(limits.header_timeout, tls.accept(stream)).await {
                        Ok(Ok(stream)) => {
                            let h2 = stream.get_ref().1.alpn_protocol() == Some(b"h2".as_slice());
                            connection(stream, peer, app, &limits, h2).await;
                        }
                        Ok(Err(e)) => tracing::debug!("{peer}: TLS: {e}"),
                        Err(_) => tracing::debug!("{peer}: TLS handshake too slow"),
                    }
                }
            }
            drop(permit);
        });
    }
    let all = u32::try_from(limits.max_connections).unwrap_or(u32::MAX);
    let _ = tokio::time::timeout(DRAIN, open.acquire_many(all)).await;
}

/// Serves one connection's requests: HTTP/2 when the client chose it in
/// the TLS handshake (ALPN `h2`), else HTTP/1.1.
async fn connection<S>(stream: S, peer: SocketAddr, app: axum::Router, limits: &Limits, h2: bool)
where
    S: AsyncRead + AsyncWrite + Send + Unpin + 'static,
{
    let trusted = Arc::clone(&limits.trusted);
    let service = hyper::service::service_fn(move |mut request: hyper::Request<_>| {
        let client = client_address(peer, request.headers(), &trusted);
        request.extensions_mut().insert(ConnectInfo(client));
        app.clone().call(request)
    });
    let served = if h2 {
        // A page's WebSocket is not offered over HTTP/2 (no extended
        // CONNECT): browsers open it on a connection of HTTP/1.1.
        hyper::server::conn::http2::Builder::new(TokioExecutor::new())
            .timer(TokioTimer::new())
            .max_header_list_size(u32::try_from(MAX_HEAD).unwrap_or(u32::MAX))
            .keep_alive_interval(Some(H2_PING))
            .serve_connection(TokioIo::new(stream), service)
            .await
    } else {
        hyper::server::conn::http1::Builder::new()
            .timer(TokioTimer::new())
            .header_read_timeout(limits.header_timeout)
            .max_buf_size(MAX_HEAD)
            .serve_connection(TokioIo::new(stream), service)
            .with_upgrades()
            .await
    };
    if let Err(e) = served {
        tracing::debug!("{peer}: {e}");
    }
}

/// Resolves on SIGTERM or Ctrl-C.
pub async fn stop_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let term = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let term = std::future::pending::<()>();
    tokio::select! {
        () = ctrl_c => {},
        () = term => {},
    }
}
