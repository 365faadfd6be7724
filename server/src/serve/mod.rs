//! `virada serve`: the site's files and the online table over HTTP (or
//! HTTPS with `--tls-cert` and `--tls-key`), on tokio, hyper and axum.
//!
//! One task a connection, HTTP/1.1 with keep-alive, or HTTP/2 where a
//! client chooses it over TLS (listen.rs). A client
//! gets [`Args::header_timeout`] to send a request head (a head trickled
//! byte by byte is cut off then) and [`Args::request_timeout`] for the whole
//! answer; at most [`Args::max_connections`] connections are open at once,
//! and a connection over that is closed at once, so one slow client holds
//! no more than its own connection. SIGTERM or Ctrl-C: the server says it is
//! not ready (`/readyz`), stops accepting, lets the open requests finish for
//! a few seconds, and exits. `/healthz`, `/readyz` and `/metrics` are the
//! operator's (ops/).

pub mod accounts;
mod api;
mod args;
mod body;
mod clock;
mod data_lock;
mod files;
mod frame;
mod game;
mod hub;
mod keygen;
mod keys;
mod listen;
mod lobby;
pub mod ops;
mod protocol;
mod push;
mod puzzles;
mod redirect;
mod relay;
mod saved;
mod seeks;
pub(crate) mod site;
mod socket;
pub mod store;
mod table;
mod tls;
mod tournament;

pub use args::{Args, LogFormat};
pub use clock::read as read_clock;
pub use keygen::{keygen, run_keygen, KeygenArgs};
pub use relay::TAKEOVER_BOUND;

use std::io::Write as _;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Duration;

use tokio::net::TcpListener;

use listen::DRAIN;

/// The longest a stopping server takes to hand its tables on.
const HAND_ON_WITHIN: Duration = Duration::from_secs(20);

/// Serves until stopped. The first line on standard output is
/// `Serving ROOT on http://HOST:PORT/`, said once the stores are open (a
/// Redis not there is an error at once, and nothing is said); one line a request is logged through
/// `tracing` (the `virada` binary writes the log to standard error, filtered
/// by `RUST_LOG`, `info` by default).
pub fn run(args: Args) -> Result<ExitCode, String> {
    let root = args
        .root
        .canonicalize()
        .map_err(|e| format!("cannot serve {}: {e}", args.root.display()))?;
    if !root.is_dir() {
        return Err(format!("cannot serve {}: not a folder", root.display()));
    }
    if !args.no_site && !root.join("sw.js").is_file() {
        return Err(format!(
            "cannot serve {}: it has no sw.js, the site's list of its files \
             (give --root the site's folder; --no-site serves the online table alone)",
            root.display()
        ));
    }
    let seconds = |name: &str, s: f64| {
        Duration::try_from_secs_f64(s)
            .ok()
            .filter(|d| !d.is_zero())
            .ok_or_else(|| format!("--{name} must be a positive number of seconds, not {s}"))
    };
    let header_timeout = seconds("header-timeout", args.header_timeout)?;
    let request_timeout = seconds("request-timeout", args.request_timeout)?;
    if args.max_connections == 0 {
        return Err("--max-connections must be at least 1".into());
    }
    let grace = seconds("grace", args.grace)?;
    let seat_wait = seconds("seat-wait", args.seat_wait)?;
    let linger = seconds("linger", args.linger)?;
    let contribute = seconds("contribution-window", args.contribution_window)?;
    let forfeit = seconds("tournament-forfeit", args.tournament_forfeit)?;
    let arena_minute = seconds("arena-minute", args.arena_minute)?;
    saved::shift_clock(args.time_shift.saturating_mul(1000));
    let stop_wait = Duration::try_from_secs_f64(args.stop_wait)
        .map_err(|_| format!("--stop-wait must be seconds, not {}", args.stop_wait))?;
    let tls_watch = Duration::try_from_secs_f64(args.tls_watch)
        .map_err(|_| format!("--tls-watch must be seconds, not {}", args.tls_watch))?;
    let certificate = match (&args.tls_cert, &args.tls_key) {
        (Some(cert), Some(key)) => Some(tls::Certificate::open(cert, key)?),
        _ => None,
    };
    let tls = certificate
        .as_ref()
        .map(tls::Certificate::acceptor)
        .transpose()?;
    let scheme = if tls.is_some() { "https" } else { "http" };
    crate::private::make_folder(&args.data)
        .map_err(|e| format!("cannot make the data folder {}: {e}", args.data.display()))?;
    // Held until the process ends: a second server over this folder is refused.
    let _lock = data_lock::DataLock::take(&args.data)?;
    let keys = std::sync::Arc::new(match &args.key_file {
        Some(file) => keys::Keys::open(file, args.new_key)?,
        None => keys::Keys::open(&args.data.join(keys::KEY_FILE), args.new_key)?,
    });
    let push_keys = push::PushKeys::open(
        &match (&args.push_key_file, &args.key_file) {
            (Some(file), _) => file.clone(),
            (None, Some(signing)) => {
                let mut name = signing.as_os_str().to_owned();
                name.push(".push");
                PathBuf::from(name)
            }
            (None, None) => args.data.join(push::PUSH_KEY_FILE),
        },
        args.new_key,
    )?;
    let site = Arc::new(
        site::Site::open(root.clone())
            .map_err(|e| format!("cannot serve {}: {e}", root.display()))?,
    );
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start the runtime: {e}"))?;
    runtime.block_on(async move {
        // The stores first: a server whose Redis is not there says so and
        // exits at once (its unit starts it again), rather than hold its
        // port without answering.
        let (store, shared, kv): (store::Store, _, accounts::kv::Kv) = match &args.redis {
            Some(url) => {
                let token = table::fresh_token()?;
                let redis = store::Redis::connect(url).await?.with_token(&token);
                let kv = accounts::kv::RedisKv::open(redis.connection()).await?;
                (Arc::new(redis.clone()), Some((redis, token)), Arc::new(kv))
            }
            None => (
                Arc::new(store::Sqlite::open(&args.data)?),
                None,
                Arc::new(accounts::kv::SqliteKv::open(&args.data)?),
            ),
        };
        let listener = TcpListener::bind((args.host.as_str(), args.port))
            .await
            .map_err(|e| format!("cannot listen on {}:{}: {e}", args.host, args.port))?;
        let addr = listener
            .local_addr()
            .map_err(|e| format!("cannot read the listening address: {e}"))?;
        let origin = args
            .origin
            .clone()
            .unwrap_or_else(|| format!("{scheme}://localhost:{}", addr.port()));
        let plain = match args.http_port {
            Some(port) => {
                let listener = TcpListener::bind((args.host.as_str(), port))
                    .await
                    .map_err(|e| format!("cannot listen on {}:{port}: {e}", args.host))?;
                let at = listener
                    .local_addr()
                    .map_err(|e| format!("cannot read the listening address: {e}"))?;
                Some((listener, at))
            }
            None => None,
        };
        println!("Serving {} on {scheme}://{addr}/", root.display());
        let _ = std::io::stdout().flush();
        // The second line may find the reader gone (a test reads the
        // first only): it is said, not insisted on.
        let _ = writeln!(
            std::io::stdout(),
            "Play at {origin}/ (passkeys need this address)"
        );
        if let Some((_, at)) = &plain {
            let _ = writeln!(std::io::stdout(), "Redirecting http://{at}/ to {origin}/");
        }
        let accounts = accounts::Accounts::new(
            kv,
            accounts::Settings {
                origin,
                also: args.allow_origins.clone(),
                min_games: args.leaderboard_games,
                records: Some((Arc::clone(&store), Arc::clone(&keys))),
            },
        )?;
        let push = Arc::new(push::Push::new(
            push_keys,
            args.push_contact
                .clone()
                .unwrap_or_else(|| accounts.origin().to_string()),
            Arc::clone(accounts.kv()),
            args.push_loopback,
        )?);
        accounts.set_push(Arc::clone(&push));
        // A store of an older schema moves its documents before any request.
        accounts.migrate().await?;
        let tables = Arc::clone(&store);
        let signing = Arc::clone(&keys);
        let hub = hub::Hub::start(
            store,
            keys,
            table::Timing {
                grace,
                seat_wait,
                linger,
                contribute,
            },
            hub::Limits {
                tables_per_address: args.tables_per_address,
                window: Duration::from_secs(600),
            },
            shared,
            Arc::clone(&accounts),
        )
        .await?;
        let ready = ops::Readiness::new(
            args.redis.as_deref(),
            args.redis.is_none().then(|| args.data.join(store::DB_FILE)),
        )?;
        ready.watch();
        let limit = accounts::RateLimit::new(args.account_requests, args.account_requests);
        // Over Redis, the tournaments' runner has a connection of its own:
        // its looks every half second never queue before the tables' moves.
        let runner_kv: accounts::kv::Kv = match &args.redis {
            Some(url) => {
                let own = store::Redis::connect(url).await?;
                Arc::new(accounts::kv::RedisKv::open(own.connection()).await?)
            }
            None => Arc::clone(accounts.kv()),
        };
        tournament::Runner {
            kv: runner_kv,
            store: tables,
            hub: Arc::clone(&hub),
            keys: signing,
            token: table::fresh_token()?,
            forfeit,
            arena_minute,
            tick: Duration::from_millis(500),
        }
        .spawn();
        let tournaments = tournament::Tournaments {
            accounts: Arc::clone(&accounts),
            hub: Arc::clone(&hub),
        };
        let seeks = seeks::Seeks {
            accounts: Arc::clone(&accounts),
            hub: Arc::clone(&hub),
        };
        let puzzles = puzzles::Puzzles::open(&root, Arc::clone(&accounts))?;
        let people = axum::Router::new()
            .merge(accounts::router(Arc::clone(&accounts)))
            .merge(puzzles::router(puzzles))
            .merge(seeks::router(seeks))
            .merge(tournament::router(tournaments))
            .merge(push::router(Arc::clone(&accounts), push))
            .layer(axum::extract::DefaultBodyLimit::max(body::MAX_BODY))
            .layer(limit);
        let stopping = Arc::clone(&hub);
        let operator = ops::router(ops::Ops {
            hub: Arc::clone(&hub),
            ready: Arc::clone(&ready),
            metrics_from: Arc::new(args.metrics_from),
        });
        let api = api::Api {
            hub,
            origins: Arc::new(args.allow_origins),
        };
        let online = axum::Router::new()
            .merge(api::router(api))
            .merge(people)
            .layer(axum::middleware::from_fn(ops::store_gate));
        let app = files::with_common_layers(
            axum::Router::new()
                .merge(online)
                .merge(operator)
                .fallback_service(files::router(site, request_timeout)),
        );
        let app = match tls {
            Some(_) => tls::with_hsts(app),
            None => app,
        };
        tls::watch(certificate, tls_watch);
        let limits = listen::Limits {
            header_timeout,
            max_connections: args.max_connections,
            trusted: Arc::new(args.trusted_proxies),
        };
        if let Some((listener, _)) = plain {
            let redirect =
                files::with_common_layers(redirect::router(accounts.origin(), args.acme_dir));
            let limits = limits.clone();
            tokio::spawn(async move {
                listen::accept_loop(listener, redirect, limits, None, std::future::pending()).await;
            });
        }
        // A rolling restart: not ready at once (the proxy sends nothing
        // new here), then every table socket told to reconnect (through
        // the proxy, to the table's next server) and every table handed
        // on with its lease; then the open requests finish.
        let stop = async move {
            listen::stop_signal().await;
            ready.stop();
            if stopping.shared() {
                tracing::info!("stopping: not ready; sockets closed in {stop_wait:?}");
                tokio::time::sleep(stop_wait).await;
            }
            stopping.close_sockets();
            stopping.hand_all_on(HAND_ON_WITHIN).await;
            tracing::info!("stopping: waiting up to {DRAIN:?} for open requests");
        };
        listen::accept_loop(listener, app, limits, tls, stop).await;
        Ok(ExitCode::SUCCESS)
    })
}
