//! The servers one run loads: started for it (`--spawn`, or `--spawn
//! --servers N` as `virada trial` starts them), or given (`--url`).

use super::server::Spawned;
use super::Args;

/// The servers of one run: started here, or given.
pub(super) struct Target {
    /// What was started, in words.
    pub(super) setup: Option<String>,
    pub(super) addresses: Vec<String>,
    pub(super) pids: Vec<u32>,
    pub(super) redis: Option<String>,
    /// What was started, stopped when dropped (the trial before its
    /// site's folder).
    _spawned: Option<Spawned>,
    trial: Option<std::sync::Mutex<crate::trial::Trial>>,
    _root: Option<Scratch>,
}

/// A scratch folder, removed when dropped.
struct Scratch(std::path::PathBuf);

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

impl Target {
    /// Restarts server `i` of those started (`--rolling-restart`): how long
    /// it took to hand its tables on and stop.
    pub(super) fn restart(&self, i: usize) -> Result<std::time::Duration, String> {
        let trial = self.trial.as_ref().ok_or("no servers started here")?;
        trial
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .restart(i)
    }

    pub(super) fn new(args: &Args, servers: Option<usize>) -> Result<Target, String> {
        if let Some(n) = servers {
            let scratch = Scratch(
                std::env::temp_dir().join(format!("virada-load-site-{}", std::process::id())),
            );
            let root = scratch.0.join("root");
            std::fs::create_dir_all(&root)
                .map_err(|e| format!("cannot make {}: {e}", root.display()))?;
            let exe =
                std::env::current_exe().map_err(|e| format!("cannot find this program: {e}"))?;
            let connections = (2 * args.tables + 1000).max(10_000).to_string();
            let trial = crate::trial::Trial::start(&crate::trial::Options {
                exe,
                root,
                servers: n,
                proxy: n > 1,
                port: 0,
                flags: [
                    "--no-site",
                    "--tables-per-address",
                    "0",
                    "--max-connections",
                    &connections,
                ]
                .map(String::from)
                .to_vec(),
                quiet: false,
                proxy_config: args.proxy_config.clone(),
                tls: false,
            })?;
            let address = trial.url().trim_start_matches("http://").to_string();
            let setup = if n > 1 {
                format!(
                    "{n} virada serve --redis behind haproxy (server/proxy/haproxy.cfg), \
                     Redis with appendfsync always"
                )
            } else {
                "one virada serve --redis alone, Redis with appendfsync always".to_string()
            };
            return Ok(Target {
                setup: Some(setup),
                addresses: vec![address],
                pids: trial.pids(),
                redis: Some(trial.redis_url()),
                _spawned: None,
                trial: Some(std::sync::Mutex::new(trial)),
                _root: Some(scratch),
            });
        }
        if args.spawn {
            let server = Spawned::start(args.tables, args.redis.as_deref())?;
            let setup = match &args.redis {
                Some(url) => format!("one virada serve --redis {url}"),
                None => "one virada serve (SQLite)".to_string(),
            };
            return Ok(Target {
                setup: Some(setup),
                addresses: vec![server.address.clone()],
                pids: vec![server.child.id()],
                redis: args.redis.clone(),
                _spawned: Some(server),
                trial: None,
                _root: None,
            });
        }
        Ok(Target {
            setup: None,
            addresses: super::urls(args)?,
            pids: args.pid.into_iter().collect(),
            redis: args.redis.clone(),
            _spawned: None,
            trial: None,
            _root: None,
        })
    }
}
