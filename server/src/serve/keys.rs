//! The server's signing key: Ed25519 (ed25519-dalek), made from the
//! platform's secure random source on first start and kept in the data
//! folder as `signing.key` (64 hex characters, readable by the owner only),
//! or in the file `--key-file` names, which several servers over one Redis
//! share so that every record is signed with the same key.
//!
//! The public half is served at `/api/key` and written into every record the
//! server signs, so that anyone can check a record offline against the key
//! they have seen.

use std::fs;
use std::io::Write as _;
use std::path::Path;
use std::sync::atomic::{AtomicUsize, Ordering};

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
        Keys::load_or_create_file(&folder.join(KEY_FILE))
    }

    /// Reads the key from the file at `path`, or makes one and saves it
    /// there. Several servers started at once over one key file end up with
    /// one key: a new key is written beside the file and linked into place
    /// only if the file is still missing; otherwise the one that got there
    /// first is read.
    pub fn load_or_create_file(path: &Path) -> Result<Keys, String> {
        let bytes = load_or_create_secret(path, || {
            let mut bytes = [0u8; 32];
            getrandom::fill(&mut bytes)
                .map_err(|e| format!("the secure random source failed: {e}"))?;
            Ok(bytes)
        })?;
        Ok(Keys {
            signing: SigningKey::from_bytes(&bytes),
        })
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

/// Reads the 32-byte secret written (as 64 hex characters) in the file at
/// `path`, or makes one with `fresh` and saves it there, readable by its
/// owner only. Several servers started at once over one file end up with
/// one secret: a new one is written beside the file and linked into place
/// only if the file is still missing; otherwise the one that got there
/// first is read. The signing key and the push key (`push/keys.rs`) are
/// kept so.
pub(super) fn load_or_create_secret(
    path: &Path,
    fresh: impl FnOnce() -> Result<[u8; 32], String>,
) -> Result<[u8; 32], String> {
    let read = |text: &str| {
        from_hex(text.trim()).ok_or_else(|| format!("{}: not 64 hex characters", path.display()))
    };
    match fs::read_to_string(path) {
        Ok(text) => read(&text),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            let bytes = fresh()?;
            static DRAFTS: AtomicUsize = AtomicUsize::new(0);
            let n = DRAFTS.fetch_add(1, Ordering::Relaxed);
            let mut draft = path.as_os_str().to_owned();
            draft.push(format!(".new-{}-{n}", std::process::id()));
            let draft = std::path::PathBuf::from(draft);
            let _ = fs::remove_file(&draft);
            write_private(&draft, &format!("{}\n", to_hex(&bytes)))?;
            let linked = fs::hard_link(&draft, path);
            let _ = fs::remove_file(&draft);
            match linked {
                Ok(()) => Ok(bytes),
                Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {
                    let text = fs::read_to_string(path)
                        .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
                    read(&text)
                }
                Err(e) => Err(format!("cannot create {}: {e}", path.display())),
            }
        }
        Err(e) => Err(format!("cannot read {}: {e}", path.display())),
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
        // Eight servers making one shared key file at once get one key.
        let shared = dir.join("shared.key");
        let keys: Vec<String> = std::thread::scope(|scope| {
            let makers: Vec<_> = (0..8)
                .map(|_| scope.spawn(|| Keys::load_or_create_file(&shared).unwrap().public_hex()))
                .collect();
            makers.into_iter().map(|m| m.join().unwrap()).collect()
        });
        assert!(keys.iter().all(|k| *k == keys[0]), "{keys:?}");
        assert_eq!(
            fs::read_dir(&dir).unwrap().count(),
            2,
            "no draft left behind"
        );
        let _ = fs::remove_dir_all(&dir);
    }
}
