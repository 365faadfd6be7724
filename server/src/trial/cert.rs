//! `virada trial --tls`'s certificate: self-signed for `localhost` and
//! 127.0.0.1 (rcgen), made afresh in the trial's folder. A browser warns
//! of it once; passkeys then work at `https://localhost:PORT/`.

use std::path::{Path, PathBuf};

/// The files made: the certificate, its key, and both in one (haproxy's
/// `crt`).
pub struct SelfSigned {
    /// The certificate (PEM).
    pub cert: PathBuf,
    /// Its private key (PEM).
    pub key: PathBuf,
    /// The certificate, then the key.
    pub both: PathBuf,
}

/// Makes a certificate for `localhost` and 127.0.0.1 in `dir`.
pub fn self_signed(dir: &Path) -> Result<SelfSigned, String> {
    let made = rcgen::generate_simple_self_signed(vec!["localhost".into(), "127.0.0.1".into()])
        .map_err(|e| format!("cannot make a certificate: {e}"))?;
    let cert = made.cert.pem();
    let key = made.signing_key.serialize_pem();
    std::fs::create_dir_all(dir).map_err(|e| format!("cannot make {}: {e}", dir.display()))?;
    let files = SelfSigned {
        cert: dir.join("cert.pem"),
        key: dir.join("key.pem"),
        both: dir.join("site.pem"),
    };
    for (file, text) in [
        (&files.cert, cert.clone()),
        (&files.key, key.clone()),
        (&files.both, format!("{cert}{key}")),
    ] {
        std::fs::write(file, text).map_err(|e| format!("cannot write {}: {e}", file.display()))?;
    }
    Ok(files)
}
