//! `virada trial`: several servers on one machine, as an operator would run
//! them, for a trial — Debian's `redis-server` (append-only, `appendfsync
//! always`), N `virada serve --redis` sharing one signing key, and haproxy
//! with the shipped configuration (`server/proxy/haproxy.cfg`) in front of
//! them, all on loopback, in a scratch folder, stopped together. `virada
//! load --servers N` and the tests of several servers start theirs the same
//! way ([`Trial::start`]). With `--tls` the proxy speaks https with a
//! self-signed certificate (cert.rs), so that the whole site, passkeys
//! included, can be tried at `https://localhost:PORT/`.

mod cert;
mod config;
mod parts;

use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Duration;

pub use cert::{self_signed, SelfSigned};
pub use config::{haproxy_config, Listen, HAPROXY_CFG};
use parts::Part;
pub use parts::{backend_states, backends_up};

/// What a trial runs.
#[derive(Clone, Debug)]
pub struct Options {
    /// The `virada` binary the servers run.
    pub exe: PathBuf,
    /// The site's folder.
    pub root: PathBuf,
    /// How many servers.
    pub servers: usize,
    /// haproxy in front of them (the shipped configuration).
    pub proxy: bool,
    /// The proxy's port (0: a free one).
    pub port: u16,
    /// More flags for each `virada serve`.
    pub flags: Vec<String>,
    /// Write each server's log to a file in the trial's folder rather than
    /// to standard error.
    pub quiet: bool,
    /// The proxy's configuration instead of the shipped one (its `bind`
    /// and `server` lines are written for the trial all the same).
    pub proxy_config: Option<PathBuf>,
    /// The proxy speaks https, with a self-signed certificate.
    pub tls: bool,
}

/// A running trial; everything stopped and its folder removed when dropped.
pub struct Trial {
    // Dropped in this order: the proxy, the servers, Redis.
    proxy: Option<(Part, PathBuf)>,
    servers: Vec<Option<Part>>,
    redis: Part,
    /// Whether Redis's stop was said already (said once).
    redis_said: bool,
    folder: PathBuf,
    /// The proxy's ports: the site's, and the plain one with TLS.
    listen: Option<Listen>,
    /// How each server was started, to start it again.
    exe: PathBuf,
    flags: Vec<Vec<String>>,
    logs: Vec<Option<PathBuf>>,
}

impl Trial {
    /// Starts Redis, the servers and the proxy; returns once every one
    /// answers (and the proxy sees every server up).
    pub fn start(o: &Options) -> Result<Trial, String> {
        if o.servers == 0 || o.servers > 64 {
            return Err("--servers must be 1 to 64".into());
        }
        static NEXT: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
        let n = NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let folder = std::env::temp_dir().join(format!("virada-trial-{}-{n}", std::process::id()));
        let _ = std::fs::remove_dir_all(&folder);
        std::fs::create_dir_all(&folder)
            .map_err(|e| format!("cannot make {}: {e}", folder.display()))?;
        let redis = parts::redis(&folder.join("redis"))?;
        let mut trial = Trial {
            proxy: None,
            servers: Vec::new(),
            redis,
            redis_said: false,
            folder,
            listen: None,
            exe: o.exe.clone(),
            flags: Vec::new(),
            logs: Vec::new(),
        };
        // The proxy's ports are chosen first: the servers' origin names it.
        if o.proxy {
            let port = if o.port == 0 {
                parts::free_port()?
            } else {
                o.port
            };
            let tls = match o.tls {
                true => {
                    let made = cert::self_signed(&trial.folder.join("tls"))?;
                    Some((made.both, parts::free_port()?))
                }
                false => None,
            };
            trial.listen = Some(Listen { port, tls });
        }
        // One signing key (and push key) for every server, made as an
        // operator makes it.
        let key = trial.folder.join("signing.key");
        crate::serve::keygen(&key)?;
        for i in 0..o.servers {
            let data = trial.folder.join(format!("server-{}", i + 1));
            let mut flags: Vec<String> = vec!["--root".into()];
            flags.push(o.root.display().to_string());
            flags.extend(["--data".into(), data.display().to_string()]);
            flags.extend(["--redis".into(), trial.redis_url()]);
            flags.extend(["--key-file".into(), key.display().to_string()]);
            if trial.listen.is_some() {
                // The client's address comes from the proxy, on loopback.
                flags.extend(["--trusted-proxy".into(), "127.0.0.1".into()]);
                if !o.flags.iter().any(|f| f == "--origin") {
                    flags.extend(["--origin".into(), trial.page_url()]);
                }
            }
            flags.extend(o.flags.iter().cloned());
            let log = o
                .quiet
                .then(|| trial.folder.join(format!("server-{}.log", i + 1)));
            trial
                .servers
                .push(Some(parts::serve(&o.exe, 0, &flags, log.as_deref())?));
            trial.flags.push(flags);
            trial.logs.push(log);
        }
        if let Some(listen) = trial.listen.clone() {
            let config = match &o.proxy_config {
                Some(file) => std::fs::read_to_string(file)
                    .map_err(|e| format!("cannot read {}: {e}", file.display()))?,
                None => HAPROXY_CFG.to_string(),
            };
            let ports: Vec<u16> = trial.ports();
            let dir = trial.folder.join("proxy");
            trial.proxy = Some(parts::haproxy(&dir, &listen, &ports, &config)?);
        }
        Ok(trial)
    }

    /// Where programs go: the proxy, or the first server without one.
    pub fn url(&self) -> String {
        let port = match &self.proxy {
            Some((proxy, _)) => proxy.port,
            None => self.ports().first().copied().unwrap_or(0),
        };
        format!("{}://127.0.0.1:{port}", self.scheme())
    }

    /// Where people go: the same at `localhost`, where passkeys work.
    pub fn page_url(&self) -> String {
        match &self.listen {
            Some(listen) => format!("{}://localhost:{}", self.scheme(), listen.port),
            None => self.url().replace("127.0.0.1", "localhost"),
        }
    }

    fn scheme(&self) -> &'static str {
        match self.listen.as_ref().and_then(|l| l.tls.as_ref()) {
            Some(_) => "https",
            None => "http",
        }
    }

    /// The Redis the servers share.
    pub fn redis_url(&self) -> String {
        format!("redis://127.0.0.1:{}", self.redis.port)
    }

    /// The servers' ports, in order (of those still running).
    pub fn ports(&self) -> Vec<u16> {
        self.servers.iter().flatten().map(|s| s.port).collect()
    }

    /// The servers' process ids, in order (0 for one stopped).
    pub fn pids(&self) -> Vec<u32> {
        self.servers
            .iter()
            .map(|s| s.as_ref().map_or(0, Part::pid))
            .collect()
    }

    /// Stops Redis (SIGKILL), as an outage does; [`Trial::start_redis`]
    /// brings it back.
    pub fn stop_redis(&mut self) {
        let _ = self.redis.child.kill();
        let _ = self.redis.child.wait();
    }

    /// Starts Redis again on its port, over its folder (its append-only
    /// file); returns once it answers.
    pub fn start_redis(&mut self) -> Result<(), String> {
        let port = self.redis.port;
        let again = parts::redis_on(&self.folder.join("redis"), port)?;
        // The old part, dead already, is replaced (its drop kills nothing).
        self.redis = again;
        self.redis_said = false;
        Ok(())
    }

    /// The trial's scratch folder.
    pub fn folder(&self) -> &Path {
        &self.folder
    }

    /// The backends the proxy sees up, by index (empty without a proxy).
    pub fn up(&self) -> Vec<usize> {
        self.proxy
            .as_ref()
            .map_or_else(Vec::new, |(_, stats)| parts::backends_up(stats))
    }

    /// Restarts server `i` (from 0) as a deploy does: SIGTERM (it hands
    /// its tables on and exits), then the same server again on the same
    /// port; returns once the proxy sees it up again, with how long it
    /// took to stop.
    pub fn restart(&mut self, i: usize) -> Result<Duration, String> {
        let Some(Some(mut part)) = self.servers.get_mut(i).map(Option::take) else {
            return Err(format!("no server {}", i + 1));
        };
        let port = part.port;
        let began = std::time::Instant::now();
        let _ = std::process::Command::new("kill")
            .args(["-TERM", &part.pid().to_string()])
            .status();
        let until = began + Duration::from_secs(60);
        loop {
            if let Ok(Some(_)) = part.child.try_wait() {
                break;
            }
            if std::time::Instant::now() >= until {
                return Err(format!("server {} did not stop in 60 s", i + 1));
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        let stopped = began.elapsed();
        drop(part);
        let again = parts::serve(&self.exe, port, &self.flags[i], self.logs[i].as_deref())?;
        self.servers[i] = Some(again);
        if let Some((_, stats)) = &self.proxy {
            let stats = stats.clone();
            let up_until = std::time::Instant::now() + Duration::from_secs(30);
            while !parts::backends_up(&stats).contains(&i) {
                if std::time::Instant::now() >= up_until {
                    return Err(format!("the proxy did not see server {} up again", i + 1));
                }
                std::thread::sleep(Duration::from_millis(20));
            }
        }
        Ok(stopped)
    }

    /// The lines that say where everything is.
    pub fn describe(&self) -> String {
        let mut text = format!(
            "Redis: {} (appendonly, appendfsync always; pid {})\n",
            self.redis_url(),
            self.redis.pid()
        );
        for (i, server) in self.servers.iter().enumerate() {
            if let Some(s) = server {
                text.push_str(&format!(
                    "Server {}: http://127.0.0.1:{}/ (pid {})\n",
                    i + 1,
                    s.port,
                    s.pid()
                ));
            }
        }
        if let Some((proxy, _)) = &self.proxy {
            text.push_str(&format!(
                "Proxy: {}://127.0.0.1:{}/ (haproxy, server/proxy/haproxy.cfg; pid {}; its log {})\n",
                self.scheme(),
                proxy.port,
                proxy.pid(),
                self.folder.join("proxy/haproxy.log").display()
            ));
        }
        if let Some((file, http)) = self.listen.as_ref().and_then(|l| l.tls.as_ref()) {
            text.push_str(&format!(
                "TLS: a self-signed certificate for localhost ({}); http://127.0.0.1:{http}/ sends to https\n",
                file.display()
            ));
        }
        text
    }

    /// The processes that stopped by themselves since last asked (a trial
    /// goes on: a server killed is an experiment of its own).
    fn stopped(&mut self) -> Vec<String> {
        let mut said = Vec::new();
        if let (false, Ok(Some(s))) = (self.redis_said, self.redis.child.try_wait()) {
            said.push(format!("redis-server stopped ({s})"));
            self.redis_said = true;
        }
        for (i, server) in self.servers.iter_mut().enumerate() {
            if let Some(Ok(Some(s))) = server.as_mut().map(|p| p.child.try_wait()) {
                said.push(format!("server {} stopped ({s})", i + 1));
                *server = None;
            }
        }
        if let Some((proxy, _)) = &mut self.proxy {
            if let Ok(Some(s)) = proxy.child.try_wait() {
                said.push(format!("haproxy stopped ({s})"));
            }
        }
        said
    }
}

impl Drop for Trial {
    fn drop(&mut self) {
        self.proxy = None;
        self.servers.clear();
        let _ = self.redis.child.kill();
        let _ = self.redis.child.wait();
        let _ = std::fs::remove_dir_all(&self.folder);
    }
}

/// Arguments of `virada trial`.
#[derive(clap::Args)]
pub struct Args {
    /// How many `virada serve --redis` to start.
    #[arg(long, default_value_t = 3)]
    servers: usize,
    /// The proxy's port on 127.0.0.1 (0: a free one).
    #[arg(long, default_value_t = 8000)]
    port: u16,
    /// The site's folder, as for `virada serve`.
    #[arg(long, default_value = ".")]
    root: PathBuf,
    /// A flag for every server (`--serve-flag=--grace --serve-flag=30`);
    /// may be repeated.
    #[arg(long = "serve-flag", allow_hyphen_values = true)]
    serve_flags: Vec<String>,
    /// The proxy's configuration to try instead of the shipped one (a copy
    /// of server/proxy/haproxy.cfg, edited); its `bind` and `server` lines
    /// are written for the trial.
    #[arg(long)]
    proxy_config: Option<PathBuf>,
    /// The proxy speaks https (and sends http there) with a self-signed
    /// certificate for localhost, made for the trial: passkeys work at the
    /// address it says, once the browser is told to accept it.
    #[arg(long)]
    tls: bool,
}

/// Starts a trial, says where everything is, and runs until stopped
/// (Ctrl-C or SIGTERM); a part that stops by itself (a server killed to see
/// its tables taken over) is said, and the rest go on.
pub fn run(args: Args) -> Result<ExitCode, String> {
    let root = args
        .root
        .canonicalize()
        .map_err(|e| format!("cannot serve {}: {e}", args.root.display()))?;
    let exe = std::env::current_exe().map_err(|e| format!("cannot find this program: {e}"))?;
    let mut trial = Trial::start(&Options {
        exe,
        root,
        servers: args.servers,
        proxy: true,
        port: args.port,
        flags: args.serve_flags,
        quiet: false,
        proxy_config: args.proxy_config,
        tls: args.tls,
    })?;
    print!("{}", trial.describe());
    println!("Open {}/ ; Ctrl-C stops them all.", trial.page_url());
    let _ = std::io::stdout().flush();
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start the runtime: {e}"))?;
    runtime.block_on(async {
        let mut term = tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate())
            .map_err(|e| format!("cannot wait for SIGTERM: {e}"))?;
        loop {
            tokio::select! {
                _ = tokio::signal::ctrl_c() => return Ok::<_, String>(()),
                _ = term.recv() => return Ok(()),
                () = tokio::time::sleep(Duration::from_millis(500)) => {
                    for said in trial.stopped() {
                        eprintln!("virada trial: {said}; the others go on");
                    }
                }
            }
        }
    })?;
    drop(trial);
    Ok(ExitCode::SUCCESS)
}
