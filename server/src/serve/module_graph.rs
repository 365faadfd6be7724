//! A test of the server's shape, not part of it: of the modules of
//! `serve`, those that once named each other both ways now import one way
//! only. It reads every file under `src/serve/`, with line comments left
//! out, and collects the modules of `serve` each file names: a path that
//! starts `crate::serve::NAME`, or `super::` as many times as climbs to
//! `serve` from the file's own module (`super::NAME` in `hub.rs` or
//! `relay/mod.rs`, `super::super::NAME` in `relay/front.rs`), a brace
//! group there included (`super::{hub, store}`). Inline modules (`mod
//! tests {`) are read as their file's.

use std::collections::BTreeSet;
use std::path::Path;

/// (lower, higher): code in module `lower` never names module `higher`,
/// which uses it. The hub holds the relay's cluster, and the relay asks
/// the hub's tables through its own trait (`relay::Tables`); Web Push
/// reads the accounts' store, and the accounts know nothing of pushes.
const ONE_WAY: [(&str, &str); 2] = [("accounts", "push"), ("relay", "hub")];

/// The modules of `serve` named by the code `text` of the file at `path`
/// (relative to `src/serve/`, its parts).
fn named(path: &[&str], text: &str) -> BTreeSet<String> {
    // The file's module path below `serve`: `relay/front.rs` is
    // [relay, front], `relay/mod.rs` is [relay].
    let mut module: Vec<&str> = path.iter().map(|p| p.trim_end_matches(".rs")).collect();
    if module.last() == Some(&"mod") {
        module.pop();
    }
    let mut found = BTreeSet::new();
    let ident = |s: &str| -> String {
        s.trim_start()
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect()
    };
    let take = |rest: &str, found: &mut BTreeSet<String>| {
        let rest = rest.trim_start();
        if let Some(group) = rest.strip_prefix('{') {
            let mut depth = 0;
            let mut part = String::new();
            for c in group.chars() {
                match c {
                    '{' => depth += 1,
                    '}' if depth == 0 => break,
                    '}' => depth -= 1,
                    ',' if depth == 0 => {
                        found.insert(ident(&part));
                        part.clear();
                        continue;
                    }
                    _ => {}
                }
                if depth == 0 {
                    part.push(c);
                }
            }
            found.insert(ident(&part));
        } else {
            found.insert(ident(rest));
        }
    };
    for line in text.lines() {
        let code = line.split("//").next().unwrap_or_default();
        for (at, _) in code.match_indices("crate::serve::") {
            take(&code[at + "crate::serve::".len()..], &mut found);
        }
        let mut from = 0;
        while let Some(at) = code[from..].find("super::") {
            let start = from + at;
            let before = code[..start].chars().next_back();
            let mut end = start;
            let mut climbs = 0;
            while code[end..].starts_with("super::") {
                end += "super::".len();
                climbs += 1;
            }
            from = end;
            if before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == ':') {
                continue;
            }
            if climbs == module.len() {
                take(&code[end..], &mut found);
            }
        }
    }
    found.retain(|name| !name.is_empty() && Some(name.as_str()) != module.first().copied());
    found
}

/// Every `.rs` file under `dir`, as its parts below `root`.
fn files(root: &Path, dir: &Path, out: &mut Vec<Vec<String>>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            files(root, &path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            let parts = path.strip_prefix(root).unwrap();
            out.push(
                parts
                    .iter()
                    .map(|p| p.to_string_lossy().into_owned())
                    .collect(),
            );
        }
    }
}

#[test]
fn the_reader_finds_what_a_file_names() {
    let found = named(&["accounts", "mod.rs"], "use super::push::Push;");
    assert!(found.contains("push"), "{found:?}");
    let found = named(
        &["relay", "front.rs"],
        "use super::super::{hub::Handle, store::{Redis, Storage}};\nuse super::lease;",
    );
    assert_eq!(found, BTreeSet::from(["hub".into(), "store".into()]));
    let found = named(
        &["accounts", "sessions.rs"],
        "x(crate::serve::push::subscriptions::push_key(id)); // super::super::hub",
    );
    assert_eq!(found, BTreeSet::from(["push".into()]));
    assert!(named(&["relay", "mod.rs"], "use super::super::hub::Hub;").is_empty());
}

#[test]
fn these_modules_import_one_way() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/serve");
    let mut all = Vec::new();
    files(&root, &root, &mut all);
    for (lower, higher) in ONE_WAY {
        for path in all.iter().filter(|p| p[0].trim_end_matches(".rs") == lower) {
            let parts: Vec<&str> = path.iter().map(String::as_str).collect();
            let text = std::fs::read_to_string(root.join(path.join("/"))).unwrap();
            assert!(
                !named(&parts, &text).contains(higher),
                "src/serve/{} names `{higher}`, which uses `{lower}`: imports run one way",
                path.join("/")
            );
        }
    }
}
