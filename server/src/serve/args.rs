//! The flags of `virada serve`, each also read from the environment
//! variable named beside it (clap's `env`).

use std::path::PathBuf;

use super::ops;

/// Arguments of `virada serve`. Each flag may also come from the environment
/// variable named beside it.
#[derive(clap::Args)]
pub struct Args {
    /// The port to listen on (0 picks a free one; the first line printed
    /// names it).
    #[arg(long, env = "VIRADA_PORT", default_value_t = 8000)]
    pub(super) port: u16,
    /// The site's folder. Only the site is served: the files its service
    /// worker (`sw.js`) lists, and the generated wasm packages. A folder
    /// without `sw.js` is refused (but with `--no-site`).
    #[arg(long, env = "VIRADA_ROOT", default_value = ".")]
    pub(super) root: PathBuf,
    /// Serve the online table alone, no site's files (`--root` need not
    /// hold `sw.js`): the load generator's servers.
    #[arg(long, env = "VIRADA_NO_SITE")]
    pub(super) no_site: bool,
    /// The address to listen on.
    #[arg(long, env = "VIRADA_HOST", default_value = "127.0.0.1")]
    pub(super) host: String,
    /// Seconds a client has to send a whole request head.
    #[arg(long, env = "VIRADA_HEADER_TIMEOUT", default_value_t = 10.0)]
    pub(super) header_timeout: f64,
    /// Seconds the server takes at most to answer a request.
    #[arg(long, env = "VIRADA_REQUEST_TIMEOUT", default_value_t = 30.0)]
    pub(super) request_timeout: f64,
    /// Connections open at once; one more is closed at once.
    #[arg(long, env = "VIRADA_MAX_CONNECTIONS", default_value_t = 10_000)]
    pub(super) max_connections: usize,
    /// Keep the tables and records in this Redis (`redis://HOST:PORT`)
    /// instead of the data folder's database, shared with every server
    /// started over the same Redis: any of them serves any table (each table
    /// runs on the server holding its lease; the others relay), and when one
    /// stops another takes its tables over within seconds. Give every such
    /// server the same signing key (`--key-file`). Run Redis with
    /// `--appendonly yes --appendfsync always`.
    #[arg(long, env = "VIRADA_REDIS")]
    pub(super) redis: Option<String>,
    /// The signing key's file (64 hex characters, readable by its owner
    /// only; `virada keygen FILE` makes one), instead of the data folder's
    /// `signing.key`: servers sharing one Redis share it. Never in Redis,
    /// and never in the served folder.
    #[arg(long, env = "VIRADA_KEY_FILE")]
    pub(super) key_file: Option<PathBuf>,
    /// Make the signing key, and the push key, where they are missing.
    /// Without it a missing key stops the start: a data folder restored
    /// without its `signing.key` must not sign with a new key, which
    /// `/api/key` would then name.
    #[arg(long, env = "VIRADA_NEW_KEY")]
    pub(super) new_key: bool,
    /// The folder for the database and the signing key (made if missing,
    /// readable by its owner only).
    /// Keep it out of the served folder, or hidden (a leading dot), as the
    /// default is: hidden files are never served.
    #[arg(long, env = "VIRADA_DATA", default_value = ".virada")]
    pub(super) data: PathBuf,
    /// Seconds a person's seat waits for them after their last connection
    /// closes, before the bot takes it.
    #[arg(long, env = "VIRADA_GRACE", default_value_t = 60.0)]
    pub(super) grace: f64,
    /// Seconds the host waits for someone to sit before the bot does.
    #[arg(long, env = "VIRADA_SEAT_WAIT", default_value_t = 120.0)]
    pub(super) seat_wait: f64,
    /// Seconds a finished table stays running before it is let go (it comes
    /// back from its record when a page asks again).
    #[arg(long, env = "VIRADA_LINGER", default_value_t = 300.0)]
    pub(super) linger: f64,
    /// Seconds the seated people have to contribute to the colour draw once
    /// the seats are settled (it closes sooner when all have).
    #[arg(long, env = "VIRADA_CONTRIBUTION_WINDOW", default_value_t = 8.0)]
    pub(super) contribution_window: f64,
    /// New tables one address may open in ten minutes (0: no limit).
    #[arg(long, env = "VIRADA_TABLES_PER_ADDRESS", default_value_t = 30)]
    pub(super) tables_per_address: usize,
    /// Another origin allowed to open tables' sockets
    /// (`https://example.org`), besides the page's own; may be repeated.
    #[arg(
        long = "allow-origin",
        env = "VIRADA_ALLOW_ORIGIN",
        value_delimiter = ','
    )]
    pub(super) allow_origins: Vec<String>,
    /// The site's public origin (`https://othello.example`), where passkeys
    /// are made and used and the only origin whose pages may change an
    /// account. Passkeys need a domain, not an address: the default is
    /// `http://localhost:PORT` (the port listened on).
    #[arg(long, env = "VIRADA_ORIGIN")]
    pub(super) origin: Option<String>,
    /// Requests that change state (sign-ups, sign-ins, seeks …) one address
    /// may make a minute, after a burst of as many (0: no limit).
    #[arg(long, env = "VIRADA_ACCOUNT_REQUESTS", default_value_t = 60)]
    pub(super) account_requests: u32,
    /// Rated games an account needs to be on the leaderboard.
    #[arg(long, env = "VIRADA_LEADERBOARD_GAMES", default_value_t = 5)]
    pub(super) leaderboard_games: u32,
    /// A proxy in front of this server (an address, or a network such as
    /// `10.0.0.0/8`) whose `X-Forwarded-For` names the client; may be
    /// repeated. The rate limits count by the client's address found so;
    /// from anyone else the header is ignored.
    #[arg(
        long = "trusted-proxy",
        env = "VIRADA_TRUSTED_PROXIES",
        value_delimiter = ','
    )]
    pub(super) trusted_proxies: Vec<ops::client::Network>,
    /// Who may read `/metrics` (addresses or networks, by the client's
    /// address as `--trusted-proxy` finds it); anyone else gets 404, so a
    /// server alone on the internet does not show its figures to all.
    #[arg(
        long = "metrics-from",
        env = "VIRADA_METRICS_FROM",
        value_delimiter = ',',
        default_value = "127.0.0.0/8,::1"
    )]
    pub(super) metrics_from: Vec<ops::client::Network>,
    /// Serve HTTPS with this certificate chain (PEM), with `--tls-key`:
    /// for a server alone, without a proxy in front. Every answer then says
    /// `Strict-Transport-Security`; the files are read again when they
    /// change and on SIGHUP, with no restart.
    #[arg(long, env = "VIRADA_TLS_CERT", requires = "tls_key")]
    pub(super) tls_cert: Option<PathBuf>,
    /// The certificate's private key (PEM), with `--tls-cert`.
    #[arg(long, env = "VIRADA_TLS_KEY", requires = "tls_cert")]
    pub(super) tls_key: Option<PathBuf>,
    /// With TLS, also listen on this port (80) for plain http and send
    /// every request there to the same address over https, at the site's
    /// origin (0 picks a free port; a line printed names it).
    #[arg(long, env = "VIRADA_HTTP_PORT", requires = "tls_cert")]
    pub(super) http_port: Option<u16>,
    /// The folder an ACME client writes its http-01 challenges under
    /// (certbot's `--webroot`): `/.well-known/acme-challenge/TOKEN` is
    /// answered from it on `--http-port`.
    #[arg(long, env = "VIRADA_ACME_DIR", requires = "http_port")]
    pub(super) acme_dir: Option<PathBuf>,
    /// Seconds between looks at the certificate's files (0: only on
    /// SIGHUP).
    #[arg(long, env = "VIRADA_TLS_WATCH", default_value_t = 2.0, hide = true)]
    pub(super) tls_watch: f64,
    /// Seconds a stopping server (SIGTERM) keeps serving while the proxy's
    /// checks find it not ready (`/readyz`), before it closes its tables'
    /// sockets and hands its tables on: at least the proxy's check
    /// interval times its misses (250 ms × 2 in the shipped one).
    #[arg(long, env = "VIRADA_STOP_WAIT", default_value_t = 1.0)]
    pub(super) stop_wait: f64,
    /// Seconds after a tournament round's start when a seat nobody took
    /// loses by forfeit.
    #[arg(long, env = "VIRADA_TOURNAMENT_FORFEIT", default_value_t = 120.0)]
    pub(super) tournament_forfeit: f64,
    /// The log's lines: `text` for people, `json` (one object a line, each
    /// request's lines with its id) for a log collector.
    #[arg(long, env = "VIRADA_LOG_FORMAT", value_enum, default_value_t = LogFormat::Text)]
    pub log_format: LogFormat,
    /// For tests only: seconds added to the server's clock (the tables'
    /// clocks, deadlines and records), so that a test restarts a server
    /// "a day later" over the same store. 0 (the default) adds nothing.
    #[arg(long, env = "VIRADA_TIME_SHIFT", default_value_t = 0, hide = true)]
    pub(super) time_shift: i64,
    /// For tests only: the seconds an arena's minute lasts (60), so that a
    /// test plays an arena of 5 minutes to its end in seconds.
    #[arg(long, env = "VIRADA_ARENA_MINUTE", default_value_t = 60.0, hide = true)]
    pub(super) arena_minute: f64,
    /// Web Push's key (VAPID, P-256; made by `virada keygen`, or by
    /// `--new-key` if missing), instead of the data
    /// folder's `push.key` (or, with `--key-file FILE`, `FILE.push`).
    /// Browsers' subscriptions are bound to it: keep it, and give every
    /// server over one Redis the same.
    #[arg(long, env = "VIRADA_PUSH_KEY_FILE")]
    pub(super) push_key_file: Option<PathBuf>,
    /// How push services may reach the site's operator (`mailto:…` or an
    /// https URL), in every push's VAPID token; the site's origin by default.
    #[arg(long, env = "VIRADA_PUSH_CONTACT")]
    pub(super) push_contact: Option<String>,
    /// For tests only: take push subscriptions whose endpoint is http on
    /// 127.0.0.1 or localhost (a test's own push service). Without it an
    /// endpoint is https on a named host.
    #[arg(long, env = "VIRADA_PUSH_LOOPBACK", hide = true)]
    pub(super) push_loopback: bool,
}

/// How the log is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum LogFormat {
    /// One line a thing, for people.
    Text,
    /// One JSON object a line.
    Json,
}
