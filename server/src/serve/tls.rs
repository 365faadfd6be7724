//! HTTPS for a server alone (`--tls-cert`, `--tls-key`): rustls over ring,
//! with a certificate that is read again, with no restart, when its files
//! change (looked at every two seconds, `--tls-watch`) and on SIGHUP
//! (`systemctl reload`). A renewed certificate (certbot's deploy hook, or
//! any ACME client writing the two files) is then served to the next
//! connection; the open ones keep theirs. A new pair that cannot be read,
//! or whose key does not fit its certificate (the files caught between two
//! writes), is said in the log and the last good one kept; the next change
//! is tried again.

use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, RwLock};
use std::time::Duration;

use tokio_rustls::rustls::crypto::CryptoProvider;
use tokio_rustls::rustls::server::{ClientHello, ResolvesServerCert};
use tokio_rustls::rustls::sign::CertifiedKey;
use tokio_rustls::TlsAcceptor;

/// The certificate served now, and where it is read from.
pub struct Certificate {
    cert: PathBuf,
    key: PathBuf,
    provider: Arc<CryptoProvider>,
    current: RwLock<Arc<CertifiedKey>>,
    /// The files' stamps at the last reading tried.
    seen: Mutex<Stamps>,
}

/// Each file's SHA-256 (`None`: unreadable): what it holds, not when it
/// was written (a file's time may not move between two quick writes).
type Stamps = [Option<[u8; 32]>; 2];

impl std::fmt::Debug for Certificate {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Certificate")
            .field("cert", &self.cert)
            .field("key", &self.key)
            .finish_non_exhaustive()
    }
}

impl ResolvesServerCert for Certificate {
    fn resolve(&self, _: ClientHello<'_>) -> Option<Arc<CertifiedKey>> {
        Some(Arc::clone(
            &self.current.read().unwrap_or_else(|e| e.into_inner()),
        ))
    }
}

impl Certificate {
    /// Reads the certificate chain and its private key (PEM files: keys in
    /// PKCS#8, PKCS#1 or SEC1).
    pub fn open(cert: &Path, key: &Path) -> Result<Arc<Certificate>, String> {
        // ring: it builds with the C compiler alone. Its provider has no
        // post-quantum key exchange (aws-lc-rs's has), hence rustls' warning.
        #[allow(deprecated)]
        let provider = Arc::new(tokio_rustls::rustls::crypto::ring::default_provider());
        let seen = stamps(cert, key);
        let first = read(cert, key, &provider)?;
        Ok(Arc::new(Certificate {
            cert: cert.to_path_buf(),
            key: key.to_path_buf(),
            provider,
            current: RwLock::new(Arc::new(first)),
            seen: Mutex::new(seen),
        }))
    }

    /// A TLS acceptor serving this certificate, offering HTTP/2 and
    /// HTTP/1.1.
    pub fn acceptor(self: &Arc<Self>) -> Result<TlsAcceptor, String> {
        let resolver: Arc<dyn ResolvesServerCert> = Arc::clone(self) as _;
        let mut config =
            tokio_rustls::rustls::ServerConfig::builder_with_provider(Arc::clone(&self.provider))
                .with_safe_default_protocol_versions()
                .map_err(|e| format!("TLS: {e}"))?
                .with_no_client_auth()
                .with_cert_resolver(resolver);
        config.alpn_protocols = vec![b"h2".to_vec(), b"http/1.1".to_vec()];
        Ok(TlsAcceptor::from(Arc::new(config)))
    }

    /// Reads the files again, now; keeps the last good pair when they
    /// cannot be read or do not fit.
    pub fn reload(&self) -> Result<(), String> {
        *self.seen.lock().unwrap_or_else(|e| e.into_inner()) = stamps(&self.cert, &self.key);
        let fresh = read(&self.cert, &self.key, &self.provider)?;
        *self.current.write().unwrap_or_else(|e| e.into_inner()) = Arc::new(fresh);
        Ok(())
    }

    /// Reads the files again if they changed since the last reading tried.
    fn reload_if_changed(&self) -> Option<Result<(), String>> {
        let now = stamps(&self.cert, &self.key);
        let changed = *self.seen.lock().unwrap_or_else(|e| e.into_inner()) != now;
        changed.then(|| self.reload())
    }

    fn said(&self, why: &str, done: Result<(), String>) {
        match done {
            Ok(()) => tracing::info!("TLS: {} read again ({why})", self.cert.display()),
            Err(e) => tracing::warn!("{e} ({why}); the certificate served is kept"),
        }
    }
}

/// From now on, on SIGHUP: reads `certificate` again (none: says there is
/// no certificate to read), and looks at its files every `every` (zero:
/// never), reading them again when they change. Without this a SIGHUP
/// would end the process.
pub fn watch(certificate: Option<Arc<Certificate>>, every: Duration) {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{signal, SignalKind};
        match signal(SignalKind::hangup()) {
            Ok(mut hangups) => {
                let certificate = certificate.clone();
                tokio::spawn(async move {
                    while hangups.recv().await.is_some() {
                        match &certificate {
                            Some(c) => c.said("SIGHUP", c.reload()),
                            None => tracing::info!("SIGHUP: no certificate to read again"),
                        }
                    }
                });
            }
            Err(e) => tracing::warn!("SIGHUP cannot be heard: {e}"),
        }
    }
    if let (Some(certificate), false) = (certificate, every.is_zero()) {
        tokio::spawn(async move {
            let mut ticks = tokio::time::interval(every);
            ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
            loop {
                ticks.tick().await;
                let c = Arc::clone(&certificate);
                let looked = tokio::task::spawn_blocking(move || {
                    if let Some(done) = c.reload_if_changed() {
                        c.said("its files changed", done);
                    }
                })
                .await;
                if looked.is_err() {
                    return;
                }
            }
        });
    }
}

/// The certificate chain and key in `cert` and `key`, checked to fit.
fn read(cert: &Path, key: &Path, provider: &CryptoProvider) -> Result<CertifiedKey, String> {
    use rustls_pki_types::pem::PemObject as _;
    use rustls_pki_types::{CertificateDer, PrivateKeyDer};
    let chain: Vec<CertificateDer<'static>> = CertificateDer::pem_file_iter(cert)
        .and_then(Iterator::collect)
        .map_err(|e| format!("cannot read the certificate {}: {e}", cert.display()))?;
    if chain.is_empty() {
        return Err(format!("no certificate in {}", cert.display()));
    }
    let private = PrivateKeyDer::from_pem_file(key)
        .map_err(|e| format!("cannot read the private key {}: {e}", key.display()))?;
    CertifiedKey::from_der(chain, private, provider).map_err(|e| {
        format!(
            "TLS: the certificate {} and the key {} do not fit: {e}",
            cert.display(),
            key.display()
        )
    })
}

fn stamps(cert: &Path, key: &Path) -> Stamps {
    use sha2::Digest as _;
    [cert, key].map(|path| Some(sha2::Sha256::digest(std::fs::read(path).ok()?).into()))
}

/// `app` with `Strict-Transport-Security: max-age=31536000` on every
/// answer: a browser that has seen it goes to the site over https only,
/// for a year.
pub fn with_hsts(app: axum::Router) -> axum::Router {
    app.layer(tower_http::set_header::SetResponseHeaderLayer::overriding(
        axum::http::header::STRICT_TRANSPORT_SECURITY,
        axum::http::HeaderValue::from_static("max-age=31536000"),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_pair_that_does_not_fit_is_refused_and_the_last_good_one_kept() {
        let dir = std::env::temp_dir().join(format!("virada-tls-unit-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let one = crate::trial::self_signed(&dir.join("one")).unwrap();
        let two = crate::trial::self_signed(&dir.join("two")).unwrap();
        let said = Certificate::open(&one.cert, &two.key).unwrap_err();
        assert!(said.contains("do not fit"), "{said}");
        let (cert, key) = (dir.join("cert.pem"), dir.join("key.pem"));
        std::fs::copy(&one.cert, &cert).unwrap();
        std::fs::copy(&one.key, &key).unwrap();
        let served = Certificate::open(&cert, &key).unwrap();
        let der = |c: &Certificate| c.current.read().unwrap().cert[0].to_vec();
        let first = der(&served);
        assert!(served.reload_if_changed().is_none(), "nothing changed");
        std::fs::copy(&two.cert, &cert).unwrap();
        assert!(served.reload_if_changed().unwrap().is_err());
        assert_eq!(der(&served), first, "the last good pair is kept");
        assert!(served.reload_if_changed().is_none(), "tried once a change");
        std::fs::copy(&two.key, &key).unwrap();
        assert!(served.reload_if_changed().unwrap().is_ok());
        assert_ne!(der(&served), first);
        std::fs::write(&cert, "not a certificate").unwrap();
        assert!(served.reload().is_err());
        assert_ne!(der(&served), first);
        let _ = std::fs::remove_dir_all(&dir);
    }
}
