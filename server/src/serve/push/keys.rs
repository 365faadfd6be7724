//! The server's VAPID key pair (RFC 8292): a P-256 key that signs the token
//! every push carries, whose public half the page gives the browser when it
//! subscribes (`applicationServerKey`). The push service then takes pushes
//! for that subscription only from a holder of the key, so it must stay
//! the same: it is made once (by `virada keygen FILE`, as `FILE.push`, or
//! by `virada serve --new-key`) and kept (64 hex characters, readable by
//! the owner only) beside the signing key: as `push.key` in the data
//! folder, or as `FILE.push` beside `--key-file FILE`, which servers
//! sharing one Redis share; or where `--push-key-file` says. Like the
//! signing key, a missing one stops the start unless `--new-key` asks for
//! a new one.

use std::path::Path;

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine as _;
use jwt_simple::algorithms::{ECDSAP256PublicKeyLike as _, ES256KeyPair};

use super::super::keys::Secret;

/// The file name of the push key in the data folder.
pub const PUSH_KEY_FILE: &str = "push.key";

/// The VAPID key pair.
pub struct PushKeys {
    pair: ES256KeyPair,
    /// The public key, uncompressed (65 bytes), base64url without padding.
    public: String,
}

impl PushKeys {
    /// Reads the key from the file at `path`; when it is missing, makes one
    /// and saves it there if `make` (several servers starting at once over
    /// one file get one key), else says how to make one.
    pub fn open(path: &Path, make: bool) -> Result<PushKeys, String> {
        let secret = Secret {
            path,
            what: "the push key",
            missing: "browsers subscribe to a site's notifications with it, so a new \
                      one is made only when asked. Put the site's push key back there, \
                      or start once with --new-key (each browser subscribed with the old \
                      one subscribes again when it next opens My games)",
        };
        let bytes = secret.read_or_make(make, fresh_secret)?;
        let pair = ES256KeyPair::from_bytes(&bytes)
            .map_err(|e| format!("{}: not a P-256 key: {e}", path.display()))?;
        let public = URL_SAFE_NO_PAD.encode(pair.public_key().public_key().to_bytes_uncompressed());
        Ok(PushKeys { pair, public })
    }

    /// The public key as the page gives it to `PushManager.subscribe`:
    /// 65 bytes (an uncompressed point), base64url without padding.
    pub fn public(&self) -> &str {
        &self.public
    }

    /// The key pair that signs the VAPID tokens.
    pub fn pair(&self) -> &ES256KeyPair {
        &self.pair
    }
}

/// A new P-256 secret.
pub fn fresh_secret() -> Result<[u8; 32], String> {
    ES256KeyPair::generate()
        .to_bytes()
        .try_into()
        .map_err(|_| "a new P-256 key is not 32 bytes".to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_push_key_is_made_once_and_read_back() {
        let dir = std::env::temp_dir().join(format!("virada-push-keys-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join(PUSH_KEY_FILE);
        let first = PushKeys::open(&path, true).unwrap();
        let again = PushKeys::open(&path, true).unwrap();
        assert_eq!(first.public(), again.public());
        let public = URL_SAFE_NO_PAD.decode(first.public()).unwrap();
        assert_eq!(public.len(), 65);
        assert_eq!(public[0], 4, "an uncompressed point");
        std::fs::write(&path, "not a key").unwrap();
        assert!(PushKeys::open(&path, true).is_err());
        let _ = std::fs::remove_dir_all(&dir);
    }
}
