//! The server's signing key: Ed25519 (ed25519-dalek), made from the
//! platform's secure random source on first start and kept in the data
//! folder as `signing.key` (64 hex characters, readable by the owner only).
//!
//! The public half is served at `/api/key` and written into every record the
//! server signs, so that anyone can check a record offline against the key
//! they have seen.

use std::fs;
use std::io::Write as _;
use std::path::Path;

use ed25519_dalek::{Signer as _, SigningKey};

/// The file name of the secret key in the data folder.
pub const KEY_FILE: &str = "signing.key";

/// The server's key pair.
pub struct Keys {
    signing: SigningKey,
}

impl Keys {
    /// Reads the key from `folder`, or makes and saves one there.
    pub fn load_or_create(folder: &Path) -> Result<Keys, String> {
        let path = folder.join(KEY_FILE);
        match fs::read_to_string(&path) {
            Ok(text) => {
                let bytes = from_hex(text.trim())
                    .ok_or_else(|| format!("{}: not 64 hex characters", path.display()))?;
                Ok(Keys {
                    signing: SigningKey::from_bytes(&bytes),
                })
            }
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                let mut bytes = [0u8; 32];
                getrandom::fill(&mut bytes)
                    .map_err(|e| format!("the secure random source failed: {e}"))?;
                write_private(&path, &format!("{}\n", to_hex(&bytes)))?;
                Ok(Keys {
                    signing: SigningKey::from_bytes(&bytes),
                })
            }
            Err(e) => Err(format!("cannot read {}: {e}", path.display())),
        }
    }

    /// The public key, 64 hex characters.
    pub fn public_hex(&self) -> String {
        to_hex(self.signing.verifying_key().as_bytes())
    }

    /// The public key's 32 bytes.
    pub fn public_bytes(&self) -> [u8; 32] {
        self.signing.verifying_key().to_bytes()
    }

    /// The signature of `bytes`.
    pub fn sign(&self, bytes: &[u8]) -> [u8; 64] {
        self.signing.sign(bytes).to_bytes()
    }
}

/// Writes a file that only its owner may read.
fn write_private(path: &Path, text: &str) -> Result<(), String> {
    let mut options = fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt as _;
        options.mode(0o600);
    }
    let mut file = options
        .open(path)
        .map_err(|e| format!("cannot create {}: {e}", path.display()))?;
    file.write_all(text.as_bytes())
        .and_then(|()| file.sync_all())
        .map_err(|e| format!("cannot write {}: {e}", path.display()))
}

fn to_hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

fn from_hex(text: &str) -> Option<[u8; 32]> {
    if text.len() != 64 || !text.is_ascii() {
        return None;
    }
    let mut out = [0u8; 32];
    for (i, byte) in out.iter_mut().enumerate() {
        *byte = u8::from_str_radix(&text[2 * i..2 * i + 2], 16).ok()?;
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_key_is_made_once_and_read_back() {
        let dir = std::env::temp_dir().join(format!("virada-keys-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        let first = Keys::load_or_create(&dir).unwrap();
        let again = Keys::load_or_create(&dir).unwrap();
        assert_eq!(first.public_hex(), again.public_hex());
        assert_eq!(first.sign(b"a"), again.sign(b"a"));
        assert_ne!(first.sign(b"a"), first.sign(b"b"));
        fs::write(dir.join(KEY_FILE), "not a key").unwrap();
        assert!(Keys::load_or_create(&dir).is_err());
        let _ = fs::remove_dir_all(&dir);
    }
}
