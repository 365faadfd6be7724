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

/// Arguments of `virada serve`. Each flag may also come from the environment
/// variable named beside it.
#[derive(clap::Args)]
pub struct Args {
    /// The port to listen on (0 picks a free one; the first line printed
    /// names it).
    #[arg(long, env = "VIRADA_PORT", default_value_t = 8000)]
    port: u16,
    /// The site's folder. Only the site is served: the files its service
    /// worker (`sw.js`) lists, and the generated wasm packages. A folder
    /// without `sw.js` is refused (but with `--no-site`).
    #[arg(long, env = "VIRADA_ROOT", default_value = ".")]
    root: PathBuf,
    /// Serve the online table alone, no site's files (`--root` need not
    /// hold `sw.js`): the load generator's servers.
    #[arg(long, env = "VIRADA_NO_SITE")]
    no_site: bool,
    /// The address to listen on.
    #[arg(long, env = "VIRADA_HOST", default_value = "127.0.0.1")]
    host: String,
    /// Seconds a client has to send a whole request head.
    #[arg(long, env = "VIRADA_HEADER_TIMEOUT", default_value_t = 10.0)]
    header_timeout: f64,
    /// Seconds the server takes at most to answer a request.
    #[arg(long, env = "VIRADA_REQUEST_TIMEOUT", default_value_t = 30.0)]
    request_timeout: f64,
    /// Connections open at once; one more is closed at once.
    #[arg(long, env = "VIRADA_MAX_CONNECTIONS", default_value_t = 10_000)]
    max_connections: usize,
    /// Keep the tables and records in this Redis (`redis://HOST:PORT`)
    /// instead of the data folder's database, shared with every server
    /// started over the same Redis: any of them serves any table (each table
    /// runs on the server holding its lease; the others relay), and when one
    /// stops another takes its tables over within seconds. Give every such
    /// server the same signing key (`--key-file`). Run Redis with
    /// `--appendonly yes --appendfsync always`.
    #[arg(long, env = "VIRADA_REDIS")]
    redis: Option<String>,
    /// The signing key's file (64 hex characters, readable by its owner
    /// only; `virada keygen FILE` makes one), instead of the data folder's
    /// `signing.key`: servers sharing one Redis share it. Never in Redis,
    /// and never in the served folder.
    #[arg(long, env = "VIRADA_KEY_FILE")]
    key_file: Option<PathBuf>,
    /// Make the signing key, and the push key, where they are missing.
    /// Without it a missing key stops the start: a data folder restored
    /// without its `signing.key` must not sign with a new key, which
    /// `/api/key` would then name.
    #[arg(long, env = "VIRADA_NEW_KEY")]
    new_key: bool,
    /// The folder for the database and the signing key (made if missing,
    /// readable by its owner only).
    /// Keep it out of the served folder, or hidden (a leading dot), as the
    /// default is: hidden files are never served.
    #[arg(long, env = "VIRADA_DATA", default_value = ".virada")]
    data: PathBuf,
    /// Seconds a person's seat waits for them after their last connection
    /// closes, before the bot takes it.
    #[arg(long, env = "VIRADA_GRACE", default_value_t = 60.0)]
    grace: f64,
    /// Seconds the host waits for someone to sit before the bot does.
    #[arg(long, env = "VIRADA_SEAT_WAIT", default_value_t = 120.0)]
    seat_wait: f64,
    /// Seconds a finished table stays running before it is let go (it comes
    /// back from its record when a page asks again).
    #[arg(long, env = "VIRADA_LINGER", default_value_t = 300.0)]
    linger: f64,
    /// Seconds the seated people have to contribute to the colour draw once
    /// the seats are settled (it closes sooner when all have).
    #[arg(long, env = "VIRADA_CONTRIBUTION_WINDOW", default_value_t = 8.0)]
    contribution_window: f64,
    /// New tables one address may open in ten minutes (0: no limit).
    #[arg(long, env = "VIRADA_TABLES_PER_ADDRESS", default_value_t = 30)]
    tables_per_address: usize,
    /// Another origin allowed to open tables' sockets
    /// (`https://example.org`), besides the page's own; may be repeated.
    #[arg(
        long = "allow-origin",
        env = "VIRADA_ALLOW_ORIGIN",
        value_delimiter = ','
    )]
    allow_origins: Vec<String>,
    /// The site's public origin (`https://othello.example`), where passkeys
    /// are made and used and the only origin whose pages may change an
    /// account. Passkeys need a domain, not an address: the default is
    /// `http://localhost:PORT` (the port listened on).
    #[arg(long, env = "VIRADA_ORIGIN")]
    origin: Option<String>,
    /// Requests that change state (sign-ups, sign-ins, seeks …) one address
    /// may make a minute, after a burst of as many (0: no limit).
    #[arg(long, env = "VIRADA_ACCOUNT_REQUESTS", default_value_t = 60)]
    account_requests: u32,
    /// Rated games an account needs to be on the leaderboard.
    #[arg(long, env = "VIRADA_LEADERBOARD_GAMES", default_value_t = 5)]
    leaderboard_games: u32,
    /// A proxy in front of this server (an address, or a network such as
    /// `10.0.0.0/8`) whose `X-Forwarded-For` names the client; may be
    /// repeated. The rate limits count by the client's address found so;
    /// from anyone else the header is ignored.
    #[arg(
        long = "trusted-proxy",
        env = "VIRADA_TRUSTED_PROXIES",
        value_delimiter = ','
    )]
    trusted_proxies: Vec<ops::client::Network>,
    /// Who may read `/metrics` (addresses or networks, by the client's
    /// address as `--trusted-proxy` finds it); anyone else gets 404, so a
    /// server alone on the internet does not show its figures to all.
    #[arg(
        long = "metrics-from",
        env = "VIRADA_METRICS_FROM",
        value_delimiter = ',',
        default_value = "127.0.0.0/8,::1"
    )]
    metrics_from: Vec<ops::client::Network>,
    /// Serve HTTPS with this certificate chain (PEM), with `--tls-key`:
    /// for a server alone, without a proxy in front. Every answer then says
    /// `Strict-Transport-Security`; the files are read again when they
    /// change and on SIGHUP, with no restart.
    #[arg(long, env = "VIRADA_TLS_CERT", requires = "tls_key")]
    tls_cert: Option<PathBuf>,
    /// The certificate's private key (PEM), with `--tls-cert`.
    #[arg(long, env = "VIRADA_TLS_KEY", requires = "tls_cert")]
    tls_key: Option<PathBuf>,
    /// With TLS, also listen on this port (80) for plain http and send
    /// every request there to the same address over https, at the site's
    /// origin (0 picks a free port; a line printed names it).
    #[arg(long, env = "VIRADA_HTTP_PORT", requires = "tls_cert")]
    http_port: Option<u16>,
    /// The folder an ACME client writes its http-01 challenges under
    /// (certbot's `--webroot`): `/.well-known/acme-challenge/TOKEN` is
    /// answered from it on `--http-port`.
    #[arg(long, env = "VIRADA_ACME_DIR", requires = "http_port")]
    acme_dir: Option<PathBuf>,
    /// Seconds between looks at the certificate's files (0: only on
    /// SIGHUP).
    #[arg(long, env = "VIRADA_TLS_WATCH", default_value_t = 2.0, hide = true)]
    tls_watch: f64,
    /// Seconds a stopping server (SIGTERM) keeps serving while the proxy's
    /// checks find it not ready (`/readyz`), before it closes its tables'
    /// sockets and hands its tables on: at least the proxy's check
    /// interval times its misses (250 ms × 2 in the shipped one).
    #[arg(long, env = "VIRADA_STOP_WAIT", default_value_t = 1.0)]
    stop_wait: f64,
    /// Seconds after a tournament round's start when a seat nobody took
    /// loses by forfeit.
    #[arg(long, env = "VIRADA_TOURNAMENT_FORFEIT", default_value_t = 120.0)]
    tournament_forfeit: f64,
    /// The log's lines: `text` for people, `json` (one object a line, each
    /// request's lines with its id) for a log collector.
    #[arg(long, env = "VIRADA_LOG_FORMAT", value_enum, default_value_t = LogFormat::Text)]
    pub log_format: LogFormat,
    /// For tests only: seconds added to the server's clock (the tables'
    /// clocks, deadlines and records), so that a test restarts a server
    /// "a day later" over the same store. 0 (the default) adds nothing.
    #[arg(long, env = "VIRADA_TIME_SHIFT", default_value_t = 0, hide = true)]
    time_shift: i64,
    /// For tests only: the seconds an arena's minute lasts (60), so that a
    /// test plays an arena of 5 minutes to its end in seconds.
    #[arg(long, env = "VIRADA_ARENA_MINUTE", default_value_t = 60.0, hide = true)]
    arena_minute: f64,
    /// Web Push's key (VAPID, P-256; made by `virada keygen`, or by
    /// `--new-key` if missing), instead of the data
    /// folder's `push.key` (or, with `--key-file FILE`, `FILE.push`).
    /// Browsers' subscriptions are bound to it: keep it, and give every
    /// server over one Redis the same.
    #[arg(long, env = "VIRADA_PUSH_KEY_FILE")]
    push_key_file: Option<PathBuf>,
    /// How push services may reach the site's operator (`mailto:…` or an
    /// https URL), in every push's VAPID token; the site's origin by default.
    #[arg(long, env = "VIRADA_PUSH_CONTACT")]
    push_contact: Option<String>,
    /// For tests only: take push subscriptions whose endpoint is http on
    /// 127.0.0.1 or localhost (a test's own push service). Without it an
    /// endpoint is https on a named host.
    #[arg(long, env = "VIRADA_PUSH_LOOPBACK", hide = true)]
    push_loopback: bool,
}

/// How the log is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum LogFormat {
    /// One line a thing, for people.
    Text,
    /// One JSON object a line.
    Json,
}

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
