//! The documentation names files that exist: every source path written in
//! backticks in README.md and in `docs/` (`crate/src/wasm/`, `www/core/i18n.js`,
//! `eval/format.rs`, `harness.mjs`) is a file or folder of the tree.
//!
//! A word inside a code span counts as a path when it has a slash and starts
//! in one of the tree's folders or has a file's ending, or when it is a bare
//! name with a source file's ending (`.rs`, `.js`, `.mjs` …); not when it is
//! an address (`/api/tables`), a command's option, a placeholder (`…`, `*`)
//! or something the build makes (`target/`, `www/pkg/`). A path with a slash is looked for from the
//! repository's root, then from each member crate's `src/`, `www/` and the
//! document's own folder; a bare file name (`harness.mjs`) anywhere in the
//! tree.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use crate::docs_links::{documents, root, unfenced_lines};

/// The endings of source files: a bare name with one of these (`harness.mjs`)
/// must be a file of the tree.
const CODE: [&str; 8] = ["rs", "js", "mjs", "ts", "html", "css", "sh", "toml"];

/// The endings of every file a path with a slash may name.
const ENDINGS: &str =
    "rs js mjs ts html css sh toml md json txt obf vrdw vrdb webmanifest svg png lock ggf";

/// What the build makes, and so may be absent from a fresh clone.
const MADE: [&str; 12] = [
    "target",
    "node_modules",
    "www/pkg",
    "www/pkg-bot",
    "www/pkg-threads",
    "www/pkg-trf",
    "www/pkg-puzzle",
    "pkg-bot",
    "pkg-threads",
    "pkg-trf",
    "pkg-puzzle",
    "artifacts",
];

/// Files the build makes, named alone.
const MADE_NAMES: [&str; 4] = [
    "virada.d.ts",
    "virada.js",
    "virada_bg.wasm",
    "site-version.js",
];

/// The folders a path with a slash may be relative to, besides the root and
/// the document's own folder.
const BASES: [&str; 4] = ["crate/src", "server/src", "cli/src", "www"];

/// The code spans of one line (`` `like this` ``).
fn code_spans(line: &str) -> Vec<&str> {
    line.split('`').skip(1).step_by(2).collect()
}

/// The ending of `word`'s file name, if it has one.
fn ending(word: &str) -> Option<&str> {
    let name = word.rsplit('/').next().unwrap_or(word);
    name.rsplit_once('.')
        .filter(|(stem, _)| !stem.is_empty())
        .map(|(_, ending)| ending)
}

/// Whether `word` was made by the build (`www/pkg/virada.js`, `target/`).
fn made(word: &str) -> bool {
    MADE_NAMES.contains(&word)
        || MADE
            .iter()
            .any(|m| word == *m || word.strip_prefix(m).is_some_and(|r| r.starts_with('/')))
}

/// Whether the first folder of `word` is one of the tree's (`crate/…`,
/// `eval/…` under `crate/src`), so that the word is a path and not a media
/// type (`application/wasm`) or a string with slashes.
fn starts_in_tree(root: &Path, word: &str) -> bool {
    let first = word.split('/').next().unwrap_or("");
    !first.is_empty()
        && std::iter::once(root.to_path_buf())
            .chain(BASES.iter().map(|b| root.join(b)))
            .any(|base| base.join(first).is_dir())
}

/// The word of a code span as a path of the tree, cleaned of trailing
/// punctuation; `None` for a word that is something else.
fn path_word<'a>(root: &Path, word: &'a str) -> Option<&'a str> {
    let word = word.trim_end_matches([',', ';', ')', ':']);
    let skip = word.is_empty()
        || word.starts_with(['/', '-'])
        || word.starts_with('.') && !word.starts_with(".ci/")
        || word.contains([
            '…', '*', '<', '>', '"', '\'', '=', '@', '{', '(', '$', '#', '?', '[', ':',
        ])
        || made(word);
    if skip {
        return None;
    }
    let is_path = if word.contains('/') {
        starts_in_tree(root, word)
            || ending(word).is_some_and(|e| ENDINGS.split(' ').any(|x| x == e))
    } else {
        ending(word).is_some_and(|e| CODE.contains(&e))
    };
    is_path.then_some(word)
}

/// Every file name in the tree (not under `.git`, `target` or `node_modules`).
fn file_names(root: &Path) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    let mut folders = vec![root.to_path_buf()];
    while let Some(dir) = folders.pop() {
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            let name = entry.file_name().to_string_lossy().into_owned();
            if path.is_dir() {
                if !matches!(name.as_str(), ".git" | "target" | "node_modules") {
                    folders.push(path);
                }
            } else {
                out.insert(name);
            }
        }
    }
    out
}

/// Whether the path `word`, named in `doc`, is in the tree.
fn exists(root: &Path, doc: &Path, names: &BTreeSet<String>, word: &str) -> bool {
    let relative = word.trim_start_matches("./");
    if !relative.contains('/') {
        return names.contains(relative);
    }
    let mut bases: Vec<PathBuf> = vec![root.to_path_buf()];
    bases.extend(BASES.iter().map(|b| root.join(b)));
    bases.push(doc.parent().expect("a document has a folder").to_path_buf());
    bases.iter().any(|base| base.join(relative).exists())
}

/// Every path named in backticks in `text` (the document `doc`) that is not
/// in the tree, as `doc:line: path`.
fn missing_paths(root: &Path, doc: &Path, text: &str, names: &BTreeSet<String>) -> Vec<String> {
    let mut out = Vec::new();
    for (number, line) in unfenced_lines(text) {
        for span in code_spans(line) {
            for word in span.split_whitespace().filter_map(|w| path_word(root, w)) {
                if !exists(root, doc, names, word) {
                    out.push(format!("{}:{number}: {word}", doc.display()));
                }
            }
        }
    }
    out
}

#[test]
fn every_source_path_in_the_docs_exists() {
    let root = root();
    let names = file_names(&root);
    let mut missing = Vec::new();
    let mut checked = 0;
    for doc in documents(&root) {
        let text =
            std::fs::read_to_string(&doc).unwrap_or_else(|e| panic!("{}: {e}", doc.display()));
        checked += unfenced_lines(&text)
            .iter()
            .flat_map(|(_, l)| code_spans(l))
            .flat_map(|s| s.split_whitespace().filter_map(|w| path_word(&root, w)))
            .count();
        missing.extend(missing_paths(&root, &doc, &text, &names));
    }
    assert!(
        checked > 50,
        "only {checked} paths found: is the reader right?"
    );
    assert!(
        missing.is_empty(),
        "paths named in the docs that are not in the tree:\n{}",
        missing.join("\n")
    );
}

#[test]
fn the_path_checker_finds_what_is_missing() {
    let root = root();
    let names = file_names(&root);
    let doc = root.join("docs/development.md");
    let text = "\
`crate/src/lib.rs` and `crate/src/wasm/` and `Cargo.toml` and `lib.rs`
`crate/src/wasm.rs` is gone, `nowhere/at/all.js` too, `ghost.mjs` never was
`/api/tables` `--root .` `www/pkg/virada.js` `tests/data/*.obf` `crate/…` `level:10@1000/nobook`
```
`inside/a/fence.rs`
```
";
    let found = missing_paths(&root, &doc, text, &names);
    let words: Vec<&str> = found
        .iter()
        .map(|f| f.rsplit(": ").next().expect("a word"))
        .collect();
    assert_eq!(
        words,
        ["crate/src/wasm.rs", "nowhere/at/all.js", "ghost.mjs"],
        "{found:#?}"
    );
    assert!(found[0].contains("development.md:2:"), "{}", found[0]);
}
