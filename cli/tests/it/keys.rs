//! The keys and the data folder, with real processes: `virada keygen`
//! makes owner-only keys and never overwrites one; `virada serve` refuses
//! a key that others can read, makes a missing key only when asked
//! (`--new-key`), keeps `/api/key` over a restored folder, reads a key
//! folder it may not write, and makes its data folder, databases, backups
//! and restored folders owner-only.

use crate::{said, virada};
use std::io::{Read as _, Write as _};
use std::net::TcpStream;
use std::os::unix::fs::PermissionsExt as _;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("virada-keys-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn mode(path: &Path) -> u32 {
    std::fs::metadata(path).unwrap().permissions().mode() & 0o777
}

/// A server that started; killed on drop.
struct Running {
    child: Child,
    port: u16,
}

impl Drop for Running {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// `virada serve --port 0 FLAGS…`: the running server, or, when it did
/// not start, its exit code and what it said on standard error.
fn serve(flags: &[&str]) -> Result<Running, (Option<i32>, String)> {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/..");
    let mut child = Command::new(env!("CARGO_BIN_EXE_virada"))
        .args(["serve", "--port", "0", "--root", root])
        .args(flags)
        .env("RUST_LOG", "warn")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut out = child.stdout.take().unwrap();
    let mut first = Vec::new();
    let mut byte = [0u8; 1];
    while out.read(&mut byte).unwrap_or(0) == 1 && byte[0] != b'\n' {
        first.push(byte[0]);
    }
    let first = String::from_utf8_lossy(&first).into_owned();
    if first.is_empty() {
        let status = child.wait().unwrap();
        let mut err = String::new();
        child
            .stderr
            .take()
            .unwrap()
            .read_to_string(&mut err)
            .unwrap();
        return Err((status.code(), err));
    }
    let port = first
        .trim_end_matches('/')
        .rsplit(':')
        .next()
        .and_then(|p| p.parse().ok())
        .unwrap_or_else(|| panic!("no port in {first:?}"));
    // Its standard error is drained so that it never blocks on a full pipe.
    let err = child.stderr.take().unwrap();
    std::thread::spawn(move || std::io::copy(&mut { err }, &mut std::io::sink()));
    std::thread::spawn(move || std::io::copy(&mut { out }, &mut std::io::sink()));
    Ok(Running { child, port })
}

/// The public key a server names at `/api/key`.
fn api_key(server: &Running) -> String {
    let mut stream = TcpStream::connect(("127.0.0.1", server.port)).unwrap();
    write!(
        stream,
        "GET /api/key HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n"
    )
    .unwrap();
    let mut raw = String::new();
    stream.read_to_string(&mut raw).unwrap();
    let body = raw.split_once("\r\n\r\n").unwrap().1;
    let v: serde_json::Value = serde_json::from_str(body).unwrap();
    v["key"].as_str().unwrap().to_string()
}

/// `virada keygen FILE`'s public key, from what it says.
fn keygen(file: &Path) -> String {
    let out = virada(&["keygen", file.to_str().unwrap()]);
    assert!(out.status.success(), "{}", said(&out));
    let text = said(&out);
    text.split("(public ")
        .nth(1)
        .and_then(|s| s.split(')').next())
        .unwrap_or_else(|| panic!("no public key in {text}"))
        .to_string()
}

#[test]
fn keygen_makes_owner_only_keys_and_never_overwrites_one() {
    let dir = scratch("keygen");
    let file = dir.join("site.key");
    let public = keygen(&file);
    assert_eq!(public.len(), 64, "{public}");
    let push = dir.join("site.key.push");
    assert_eq!(mode(&file), 0o600);
    assert_eq!(mode(&push), 0o600);
    let before = std::fs::read_to_string(&file).unwrap();
    let out = virada(&["keygen", file.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2), "{}", said(&out));
    assert!(said(&out).contains("exists already"), "{}", said(&out));
    assert_eq!(std::fs::read_to_string(&file).unwrap(), before);
    // The server reads what keygen made, and names its public key.
    let server = serve(&[
        "--key-file",
        file.to_str().unwrap(),
        "--data",
        dir.join("data").to_str().unwrap(),
    ])
    .unwrap_or_else(|e| panic!("{e:?}"));
    assert_eq!(api_key(&server), public);
    drop(server);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_key_that_others_can_read_is_refused_with_the_chmod_to_run() {
    let dir = scratch("open");
    let file = dir.join("site.key");
    keygen(&file);
    let data = dir.join("data");
    for open in [0o644, 0o640] {
        std::fs::set_permissions(&file, std::fs::Permissions::from_mode(open)).unwrap();
        let (code, err) = serve(&[
            "--key-file",
            file.to_str().unwrap(),
            "--data",
            data.to_str().unwrap(),
        ])
        .err()
        .expect("refused");
        assert_eq!(code, Some(2), "{err}");
        let name = file.display();
        assert!(err.contains(&format!("chmod 600 {name}")), "{err}");
        assert!(err.contains(&format!("{open:04o}")), "{err}");
    }
    // The push key beside it is held to the same.
    std::fs::set_permissions(&file, std::fs::Permissions::from_mode(0o600)).unwrap();
    let push = dir.join("site.key.push");
    std::fs::set_permissions(&push, std::fs::Permissions::from_mode(0o644)).unwrap();
    let (_, err) = serve(&[
        "--key-file",
        file.to_str().unwrap(),
        "--data",
        data.to_str().unwrap(),
    ])
    .err()
    .expect("refused");
    assert!(
        err.contains(&format!("chmod 600 {}", push.display())),
        "{err}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_missing_key_is_made_only_when_asked_and_a_restored_folder_keeps_its_key() {
    let dir = scratch("missing");
    let data = dir.join("data");
    let flags = ["--data", data.to_str().unwrap()];
    // A new folder, no key, not asked: refused, nothing made.
    let (code, err) = serve(&flags).err().expect("refused");
    assert_eq!(code, Some(2), "{err}");
    let key = data.join("signing.key");
    assert!(
        err.contains(&format!("no signing key at {}", key.display())),
        "{err}"
    );
    assert!(
        err.contains("--new-key") && err.contains("virada keygen"),
        "{err}"
    );
    assert!(!key.exists());
    // Asked: made, owner-only, with the folder and its databases.
    let server = serve(&[flags[0], flags[1], "--new-key"]).unwrap_or_else(|e| panic!("{e:?}"));
    let public = api_key(&server);
    assert_eq!(mode(&data), 0o700);
    for entry in std::fs::read_dir(&data).unwrap() {
        let path = entry.unwrap().path();
        assert_eq!(mode(&path), 0o600, "{}", path.display());
    }
    for file in ["signing.key", "push.key", "virada.db", "accounts.db"] {
        assert!(data.join(file).is_file(), "{file}");
    }
    // A backup, and a folder restored from it: owner-only.
    let backup = dir.join("site.backup");
    let out = virada(&[
        "backup",
        "--data",
        data.to_str().unwrap(),
        "--to",
        backup.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", said(&out));
    assert_eq!(mode(&backup), 0o600);
    drop(server);
    let restored = dir.join("restored");
    let out = virada(&[
        "restore",
        "--from",
        backup.to_str().unwrap(),
        "--data",
        restored.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", said(&out));
    assert_eq!(mode(&restored), 0o700);
    for file in ["virada.db", "accounts.db"] {
        assert_eq!(mode(&restored.join(file)), 0o600, "{file}");
    }
    // The restored folder has no key: refused, never a new /api/key.
    let (code, err) = serve(&["--data", restored.to_str().unwrap()])
        .err()
        .expect("refused");
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("no signing key at"), "{err}");
    assert!(!restored.join("signing.key").exists());
    // With its keys put back, the same key as before.
    for file in ["signing.key", "push.key"] {
        std::fs::copy(data.join(file), restored.join(file)).unwrap();
    }
    let server = serve(&["--data", restored.to_str().unwrap()]).unwrap_or_else(|e| panic!("{e:?}"));
    assert_eq!(api_key(&server), public);
    drop(server);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_key_file_in_a_folder_the_server_may_not_write_serves() {
    let dir = scratch("read-only");
    let keys = dir.join("keys");
    std::fs::create_dir_all(&keys).unwrap();
    let file = keys.join("site.key");
    let public = keygen(&file);
    std::fs::set_permissions(&keys, std::fs::Permissions::from_mode(0o500)).unwrap();
    let data = dir.join("data");
    let server = serve(&[
        "--key-file",
        file.to_str().unwrap(),
        "--data",
        data.to_str().unwrap(),
    ])
    .unwrap_or_else(|e| panic!("{e:?}"));
    assert_eq!(api_key(&server), public);
    drop(server);
    // Its push key missing: said, not made there (root could write it).
    std::fs::set_permissions(&keys, std::fs::Permissions::from_mode(0o700)).unwrap();
    std::fs::remove_file(keys.join("site.key.push")).unwrap();
    std::fs::set_permissions(&keys, std::fs::Permissions::from_mode(0o500)).unwrap();
    let (code, err) = serve(&[
        "--key-file",
        file.to_str().unwrap(),
        "--data",
        data.to_str().unwrap(),
    ])
    .err()
    .expect("refused");
    assert_eq!(code, Some(2), "{err}");
    let push = keys.join("site.key.push");
    assert!(
        err.contains(&format!("no push key at {}", push.display())),
        "{err}"
    );
    let names: Vec<_> = std::fs::read_dir(&keys)
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(names, ["site.key"], "nothing written beside the key");
    std::fs::set_permissions(&keys, std::fs::Permissions::from_mode(0o700)).unwrap();
    let _ = std::fs::remove_dir_all(&dir);
}
