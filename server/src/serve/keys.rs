//! The server's signing key: Ed25519 (ed25519-dalek), 64 hex characters
//! in a file readable by its owner only: the data folder's `signing.key`,
//! or the file `--key-file` names, which several servers over one Redis
//! share so that every record is signed with the same key. `virada keygen
//! FILE` makes one; `virada serve --new-key` makes a missing one on start.
//! Without that flag a missing key stops the start: a data folder restored
//! without its key must not sign with a new one. A key file that its group
//! or others may read is refused, as ssh refuses one.
//!
//! The public half is served at `/api/key` and written into every record the
//! server signs, so that anyone can check a record offline against the key
//! they have seen.

use std::fs;
use std::io::Write as _;
use std::path::Path;
use std::sync::atomic::{AtomicUsize, Ordering};

use ed25519_dalek::{Signer as _, SigningKey};

use crate::private;

/// The file name of the secret key in the data folder.
pub const KEY_FILE: &str = "signing.key";

/// The server's key pair.
pub struct Keys {
    signing: SigningKey,
}

impl Keys {
    /// Reads the key from `folder`, or makes and saves one there (the
    /// server's unit tests).
    #[cfg(test)]
    pub fn load_or_create(folder: &Path) -> Result<Keys, String> {
        Keys::open(&folder.join(KEY_FILE), true)
    }

    /// Reads the key from the file at `path`; when it is missing, makes one
    /// and saves it there if `make`, else says how to make one. Several
    /// servers started at once over one missing key file end up with one
    /// key: a new key is written beside the file and linked into place only
    /// if the file is still missing; otherwise the one that got there first
    /// is read.
    pub fn open(path: &Path, make: bool) -> Result<Keys, String> {
        let secret = Secret {
            path,
            what: "the signing key",
            missing: &format!(
                "records are signed with it and /api/key names it, so a new one is \
                 made only when asked. Put the site's key back there (a restored data \
                 folder needs the signing.key it had), or make a new one with \
                 `virada keygen {}`, or start once with --new-key",
                path.display()
            ),
        };
        let bytes = secret.read_or_make(make, fresh_signing_secret)?;
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

/// 32 bytes from the platform's secure random source: a new signing key.
pub(crate) fn fresh_signing_secret() -> Result<[u8; 32], String> {
    let mut bytes = [0u8; 32];
    getrandom::fill(&mut bytes).map_err(|e| format!("the secure random source failed: {e}"))?;
    Ok(bytes)
}

/// The public half (64 hex characters) of the signing key whose secret is
/// `secret`.
pub(crate) fn signing_public_hex(secret: &[u8; 32]) -> String {
    to_hex(SigningKey::from_bytes(secret).verifying_key().as_bytes())
}

/// A 32-byte secret kept as 64 hex characters in a file of its owner's:
/// the signing key, and the push key (`push/keys.rs`).
pub(crate) struct Secret<'a> {
    /// Its file.
    pub path: &'a Path,
    /// What it is, in the messages ("the signing key").
    pub what: &'a str,
    /// What the message for a missing file says after "no KEY at PATH:".
    pub missing: &'a str,
}

impl Secret<'_> {
    /// Reads the secret; a file that its group or others may read is
    /// refused. When the file is missing: made with `fresh` and saved
    /// there, readable by its owner only, if `make`; else an error that
    /// says `missing`. Several servers started at once over one missing
    /// file end up with one secret: a new one is written beside the file
    /// and linked into place only if the file is still missing; otherwise
    /// the one that got there first is read.
    pub fn read_or_make(
        &self,
        make: bool,
        fresh: impl FnOnce() -> Result<[u8; 32], String>,
    ) -> Result<[u8; 32], String> {
        let path = self.path;
        match self.read() {
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
            read => return read.map_err(|e| format!("cannot read {}: {e}", path.display()))?,
        }
        if !make {
            return Err(format!(
                "no {} at {}: {}",
                self.what.trim_start_matches("the "),
                path.display(),
                self.missing
            ));
        }
        let bytes = fresh()?;
        static DRAFTS: AtomicUsize = AtomicUsize::new(0);
        let n = DRAFTS.fetch_add(1, Ordering::Relaxed);
        let mut draft = path.as_os_str().to_owned();
        draft.push(format!(".new-{}-{n}", std::process::id()));
        let draft = std::path::PathBuf::from(draft);
        let _ = fs::remove_file(&draft);
        write_secret(&draft, &bytes)?;
        let linked = fs::hard_link(&draft, path);
        let _ = fs::remove_file(&draft);
        match linked {
            Ok(()) => Ok(bytes),
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => self
                .read()
                .map_err(|e| format!("cannot read {}: {e}", path.display()))?,
            Err(e) => Err(format!("cannot create {}: {e}", path.display())),
        }
    }

    /// The file's secret (the outer error: the file could not be read; the
    /// inner one: what it holds is refused).
    fn read(&self) -> std::io::Result<Result<[u8; 32], String>> {
        let text = fs::read_to_string(self.path)?;
        Ok(
            private::check_owner_only(self.path, self.what).and_then(|()| {
                from_hex(text.trim())
                    .ok_or_else(|| format!("{}: not 64 hex characters", self.path.display()))
            }),
        )
    }
}

/// Writes `bytes` as 64 hex characters into a new file at `path` that only
/// its owner may read; an existing file is never overwritten.
pub(crate) fn write_secret(path: &Path, bytes: &[u8; 32]) -> Result<(), String> {
    let mut file = private::create_new(path).map_err(|e| {
        if e.kind() == std::io::ErrorKind::AlreadyExists {
            format!(
                "{} exists already: a key is never overwritten (move it away first \
                 if you mean to replace it)",
                path.display()
            )
        } else {
            format!("cannot create {}: {e}", path.display())
        }
    })?;
    file.write_all(format!("{}\n", to_hex(bytes)).as_bytes())
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
        // Missing, and not asked for: refused, and nothing made.
        let missing = dir.join("elsewhere.key");
        let said = Keys::open(&missing, false).err().unwrap();
        assert!(said.starts_with("no signing key at "), "{said}");
        assert!(said.contains("virada keygen"), "{said}");
        assert!(!missing.exists());
        // Readable by others: refused, with the chmod that mends it.
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt as _;
            let open = dir.join("open.key");
            write_secret(&open, &[7; 32]).unwrap();
            assert!(Keys::open(&open, false).is_ok());
            assert!(write_secret(&open, &[8; 32]).is_err(), "never overwritten");
            fs::set_permissions(&open, fs::Permissions::from_mode(0o644)).unwrap();
            let said = Keys::open(&open, true).err().unwrap();
            assert!(said.contains("chmod 600"), "{said}");
            fs::remove_file(&open).unwrap();
        }
        // Eight servers making one shared key file at once get one key.
        let shared = dir.join("shared.key");
        let keys: Vec<String> = std::thread::scope(|scope| {
            let makers: Vec<_> = (0..8)
                .map(|_| scope.spawn(|| Keys::open(&shared, true).unwrap().public_hex()))
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
