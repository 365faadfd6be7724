//! The shipped proxy configuration (`server/proxy/haproxy.cfg`) written
//! for a trial on loopback: its `bind` lines on the trial's ports (the
//! https one with the trial's certificate when `--tls`), its servers the
//! trial's, its stats socket and its 503 page in the trial's
//! folder, and no more connections than the machine's
//! open files allow.

use std::path::{Path, PathBuf};

/// The shipped configuration of the proxy.
pub const HAPROXY_CFG: &str = include_str!("../../proxy/haproxy.cfg");

/// The proxy's own answer when no server is up (`errorfile 503`).
pub const HAPROXY_503: &str = include_str!("../../proxy/503.http");

/// The name of the shipped 503 page in the configuration's `errorfile`.
const PAGE_503: &str = "virada-503.http";

/// Where the trial's proxy listens.
#[derive(Clone, Debug)]
pub struct Listen {
    /// The site's port on 127.0.0.1 (https with `tls`).
    pub port: u16,
    /// With TLS: the certificate and key (one PEM file), and the plain
    /// http port that sends pages to https.
    pub tls: Option<(PathBuf, u16)>,
}

/// The shipped configuration made to listen as `listen` says, name
/// `backends` (loopback ports) as its servers, answer on a stats socket at
/// `stats` (instead of its own), answer the shipped 503 page from `page`,
/// and hold no more connections than `files` open files allow (two files
/// a connection, and some to spare). Without TLS, the https frontend
/// listens in plain http and the frontend that sends http to https is left
/// out.
pub fn haproxy_config(
    shipped: &str,
    listen: &Listen,
    backends: &[u16],
    (stats, page): (&Path, &Path),
    files: Option<u64>,
) -> String {
    let port = listen.port;
    // A configuration with a TLS `bind` has a plain one only to send
    // pages to https (and ACME's challenges on).
    let has_tls = shipped
        .lines()
        .any(|l| l.trim_start().starts_with("bind ") && l.contains(" ssl "));
    let mut out = String::new();
    // Within a backend, and whether its servers were written already.
    let mut backend = (false, false);
    // Within a section left out.
    let mut skipping = false;
    let sections: Vec<&str> = shipped.lines().collect();
    for (at, line) in sections.iter().enumerate() {
        let trimmed = line.trim_start();
        if !line.starts_with(' ') && !trimmed.is_empty() {
            backend = (trimmed.starts_with("backend "), false);
            skipping = trimmed.starts_with("frontend ")
                && has_tls
                && listen.tls.is_none()
                && plain_frontend(&sections[at + 1..]);
        }
        if skipping {
            continue;
        }
        if trimmed.starts_with("stats socket ") {
            // The trial's own is written after `global`.
            continue;
        }
        if let Some(rest) = trimmed.strip_prefix("errorfile ") {
            if rest.ends_with(PAGE_503) {
                out.push_str(&format!("  errorfile 503 {}\n", page.display()));
                continue;
            }
        }
        if let Some(bind) = trimmed.strip_prefix("bind ") {
            let tls_bind = bind.contains(" ssl ");
            match (&listen.tls, tls_bind) {
                (Some((pem, _)), true) => {
                    let alpn = bind
                        .split_whitespace()
                        .skip_while(|w| *w != "alpn")
                        .nth(1)
                        .map(|a| format!(" alpn {a}"))
                        .unwrap_or_default();
                    out.push_str(&format!(
                        "  bind 127.0.0.1:{port} ssl crt {}{alpn}\n",
                        pem.display()
                    ));
                }
                (Some((_, http)), false) if has_tls => {
                    out.push_str(&format!("  bind 127.0.0.1:{http}\n"));
                }
                _ => out.push_str(&format!("  bind 127.0.0.1:{port}\n")),
            }
        } else if let (Some(_), Some(rest)) = (
            &listen.tls,
            trimmed.strip_prefix("http-request redirect scheme https"),
        ) {
            // The trial's https is on a port of its own.
            out.push_str(&format!(
                "  http-request redirect location https://localhost:{port}%[capture.req.uri]{rest}\n"
            ));
        } else if let (Some(files), Some(n)) = (files, trimmed.strip_prefix("maxconn ")) {
            let n: u64 = n.trim().parse().unwrap_or(u64::MAX);
            let fits = files.saturating_sub(256) / 2;
            out.push_str(&format!("  maxconn {}\n", n.min(fits).max(64)));
        } else if backend.0
            && trimmed.starts_with("server ")
            && (trimmed.contains(" check") || trimmed.contains(" track "))
        {
            // The backend's first server line stands for all of them.
            if backend.1 {
                continue;
            }
            backend.1 = true;
            let options: Vec<&str> = trimmed.split_whitespace().skip(3).collect();
            for (i, backend) in backends.iter().enumerate() {
                let options: Vec<String> = options
                    .iter()
                    .map(|w| match w.split_once('/') {
                        // `track servers/s1`: the same server of that backend.
                        Some((b, _)) => format!("{b}/s{}", i + 1),
                        None => (*w).to_string(),
                    })
                    .collect();
                out.push_str(&format!(
                    "  server s{} 127.0.0.1:{backend} {}\n",
                    i + 1,
                    options.join(" ")
                ));
            }
        } else {
            out.push_str(line);
            out.push('\n');
            if trimmed == "global" {
                out.push_str(&format!(
                    "  stats socket {} mode 600 level admin\n",
                    stats.display()
                ));
            }
        }
    }
    out
}

/// Whether the section whose lines follow binds only plain http.
fn plain_frontend(lines: &[&str]) -> bool {
    let binds: Vec<&str> = lines
        .iter()
        .take_while(|l| l.starts_with(' ') || l.trim().is_empty())
        .map(|l| l.trim_start())
        .filter(|l| l.starts_with("bind "))
        .collect();
    !binds.is_empty() && binds.iter().all(|b| !b.contains(" ssl "))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn plain(port: u16) -> Listen {
        Listen { port, tls: None }
    }

    #[test]
    fn the_shipped_configuration_names_the_trials_servers_in_both_backends() {
        let stats = Path::new("/tmp/s.sock");
        let page = Path::new("/tmp/503.http");
        let config = haproxy_config(
            HAPROXY_CFG,
            &plain(9000),
            &[7001, 7002],
            (stats, page),
            Some(20_000),
        );
        assert!(config.contains("  bind 127.0.0.1:9000\n"), "{config}");
        assert_eq!(config.matches("  bind ").count(), 1, "{config}");
        assert!(!config.contains("redirect"), "{config}");
        assert!(!config.contains("10.0.0."), "{config}");
        assert!(config.contains("  stats socket /tmp/s.sock mode 600 level admin\n"));
        assert_eq!(config.matches("stats socket").count(), 1, "{config}");
        assert!(
            config.contains("  errorfile 503 /tmp/503.http\n"),
            "{config}"
        );
        assert!(config.contains("  option httplog\n"), "{config}");
        assert!(
            config.contains("  log stdout format raw local0 info\n"),
            "{config}"
        );
        assert!(
            config.contains("  server s1 127.0.0.1:7001 check\n"),
            "{config}"
        );
        assert!(
            config.contains("  server s2 127.0.0.1:7002 check\n"),
            "{config}"
        );
        assert!(
            config.contains("  server s1 127.0.0.1:7001 track servers/s1\n"),
            "{config}"
        );
        assert!(
            config.contains("  server s2 127.0.0.1:7002 track servers/s2\n"),
            "{config}"
        );
        assert!(!config.contains(" s3 "), "{config}");
        // ACME's backend keeps its one server.
        assert!(
            config.contains("  server acme 127.0.0.1:8888\n"),
            "{config}"
        );
        // Within this machine's open files: two a connection.
        assert!(config.contains("  maxconn 9872\n"), "{config}");
        let roomy = haproxy_config(
            HAPROXY_CFG,
            &plain(9000),
            &[7001],
            (stats, page),
            Some(1 << 20),
        );
        assert!(roomy.contains("  maxconn 200000\n"), "{roomy}");
        // The hashing, the header, the checks and the client's address are
        // the shipped file's.
        assert!(config.contains("  balance hash path,field(4,/)\n  hash-type consistent\n"));
        assert!(config.contains("http-request set-header X-Virada-Routed 1"));
        assert!(config.contains("http-check send meth GET uri /readyz\n"));
        assert!(config.contains("  option forwardfor\n"));
        assert!(config.contains("deny deny_status 404 if { path_beg /metrics }"));
    }

    #[test]
    fn with_tls_the_site_is_https_and_plain_http_is_sent_there() {
        let stats = (Path::new("/tmp/s.sock"), Path::new("/tmp/503.http"));
        let listen = Listen {
            port: 9443,
            tls: Some((PathBuf::from("/tmp/t/site.pem"), 9080)),
        };
        let config = haproxy_config(HAPROXY_CFG, &listen, &[7001], stats, None);
        assert!(
            config.contains("  bind 127.0.0.1:9443 ssl crt /tmp/t/site.pem alpn h2,http/1.1\n"),
            "{config}"
        );
        assert!(config.contains("  bind 127.0.0.1:9080\n"), "{config}");
        assert!(
            config.contains(
                "  http-request redirect location https://localhost:9443%[capture.req.uri] code 301 unless acme\n"
            ),
            "{config}"
        );
        assert!(config.contains("use_backend acme if acme"), "{config}");
        assert!(config.contains("Strict-Transport-Security"), "{config}");
    }
}
