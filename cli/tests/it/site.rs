//! `virada site export DIR`: the folder an operator deploys holds exactly
//! what `virada serve` serves from the repository (what `sw.js` lists, the
//! wasm packages' folders), and nothing else; a listed file missing, or a
//! folder not empty, stops it before anything is written.

use crate::{said, virada};
use std::io::{Read as _, Write as _};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// Every file under `dir`, relative, sorted.
fn files(dir: &Path) -> Vec<String> {
    fn walk(dir: &Path, prefix: &str, out: &mut Vec<String>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let entry = entry.unwrap();
            let name = format!("{prefix}{}", entry.file_name().to_str().unwrap());
            if entry.file_type().unwrap().is_dir() {
                walk(&entry.path(), &format!("{name}/"), out);
            } else {
                out.push(name);
            }
        }
    }
    let mut out = Vec::new();
    walk(dir, "", &mut out);
    out.sort();
    out
}

fn scratch() -> PathBuf {
    let dir = std::env::temp_dir().join(format!("virada-site-export-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

#[test]
fn site_export_copies_what_the_server_serves_and_nothing_else() {
    let dir = scratch();
    let root = dir.join("repo");
    for (path, text) in [
        (
            "sw.js",
            "const SITE_FILES = ['./', './www/a.js', 'www/pkg/x_bg.wasm', 'docs/'];",
        ),
        ("index.html", "<!doctype html><title>t</title>"),
        ("www/a.js", "export const a = 1;"),
        ("www/b.js", "not listed"),
        ("www/pkg/x_bg.wasm", "\0asm"),
        ("www/pkg/x.js", "glue"),
        ("www/pkg/site-version.js", "self.SITE_VERSION = 'v';"),
        ("www/pkg/snippets/s.js", "snippet"),
        ("www/pkg/.gitignore", "*"),
        ("docs/index.html", "docs"),
        ("docs/operations.md", "not listed"),
        ("robots.txt", "User-agent: *"),
        ("Cargo.toml", "not listed"),
        (".git/config", "hidden"),
    ] {
        let path = root.join(path);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    }
    let site = dir.join("site");
    let out = virada(&[
        "site",
        "export",
        site.to_str().unwrap(),
        "--root",
        root.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", said(&out));
    assert!(said(&out).starts_with("Exported 9 files"), "{}", said(&out));
    assert_eq!(
        files(&site),
        [
            "docs/index.html",
            "index.html",
            "robots.txt",
            "sw.js",
            "www/a.js",
            "www/pkg/site-version.js",
            "www/pkg/snippets/s.js",
            "www/pkg/x.js",
            "www/pkg/x_bg.wasm",
        ]
    );
    assert_eq!(
        std::fs::read_to_string(site.join("www/a.js")).unwrap(),
        "export const a = 1;"
    );

    // Not into a folder that holds something.
    let out = virada(&[
        "site",
        "export",
        site.to_str().unwrap(),
        "--root",
        root.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(2), "{}", said(&out));
    assert!(said(&out).contains("is not empty"), "{}", said(&out));

    // A package not built: said, and nothing written.
    std::fs::remove_dir_all(root.join("www/pkg")).unwrap();
    std::fs::remove_file(root.join("www/a.js")).unwrap();
    let unbuilt = dir.join("unbuilt");
    let out = virada(&[
        "site",
        "export",
        unbuilt.to_str().unwrap(),
        "--root",
        root.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(2), "{}", said(&out));
    assert!(
        said(&out).contains("make wasm") && said(&out).contains(": www/a.js, www/pkg/"),
        "{}",
        said(&out)
    );
    assert!(!unbuilt.exists());

    // The exported folder is a site `virada serve` serves.
    let mut child = Command::new(env!("CARGO_BIN_EXE_virada"))
        .args(["serve", "--port", "0", "--new-key", "--root"])
        .arg(&site)
        .arg("--data")
        .arg(dir.join("data"))
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let port = crate::served_port(&mut child);
    let mut stream = TcpStream::connect(("127.0.0.1", port)).unwrap();
    write!(
        stream,
        "GET /www/pkg/snippets/s.js HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n"
    )
    .unwrap();
    let mut answer = String::new();
    stream.read_to_string(&mut answer).unwrap();
    let _ = child.kill();
    let _ = child.wait();
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
    assert!(answer.ends_with("snippet"), "{answer}");
    let _ = std::fs::remove_dir_all(&dir);
}
