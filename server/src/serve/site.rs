//! What the server serves: the site, as its service worker lists it.
//!
//! The site's root holds `sw.js`, whose `SITE_FILES` array names every file
//! the pages need (the list the worker caches for offline play). The server
//! reads that one array of string literals (no JavaScript is run) and serves
//! exactly those paths, plus `sw.js` itself, `robots.txt`, and everything in
//! the folders of the listed wasm modules (the generated packages, with the
//! site's version `site-version.js` beside the wasm). A folder's address
//! (`/`) serves its `index.html` when that is listed. Nothing else under the
//! root is served: not the sources, the docs, the tests or the scripts.
//!
//! The list is read at start-up, and again whenever `sw.js` changes (a new
//! module listed while `virada serve` runs is served at once). A root
//! without `sw.js` serves none of its files (`--no-site`: the online
//! table's API still answers); a `sw.js` whose list cannot be read stops
//! the start-up, and a later change that cannot be read keeps the last
//! list. Paths are compared percent-decoded ([`percent_decode`], which the
//! files' guard uses too: `files.rs` imports this module, never the other
//! way).

use std::collections::HashSet;
use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::SystemTime;

/// The service worker's file, at the site's root.
pub(crate) const WORKER: &str = "sw.js";
/// The name of the worker's array of the site's files.
const LIST_NAME: &str = "SITE_FILES";
/// Served whatever the list says: the worker itself and the crawlers' file.
pub(crate) const ALWAYS: [&str; 2] = [WORKER, "robots.txt"];

/// Why `SITE_FILES` could not be read from a service worker's text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ListError {
    /// No `SITE_FILES = [` in the text.
    Missing,
    /// `SITE_FILES = [` more than once: which one is meant is not clear.
    Twice,
    /// Something other than a string literal or a comment in the array, on
    /// this line (counted from 1).
    NotALiteral(usize),
    /// A string, comment or the array itself not closed; the line it starts.
    Unclosed(usize),
}

impl fmt::Display for ListError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ListError::Missing => write!(f, "no `{LIST_NAME} = [` array"),
            ListError::Twice => write!(f, "`{LIST_NAME} = [` more than once"),
            ListError::NotALiteral(line) => write!(
                f,
                "line {line}: `{LIST_NAME}` holds something other than plain string literals"
            ),
            ListError::Unclosed(line) => {
                write!(f, "line {line}: a string or `{LIST_NAME}` is not closed")
            }
        }
    }
}

impl std::error::Error for ListError {}

/// The string literals of the `SITE_FILES = [ … ]` array in `text` (a
/// service worker's source), in order. Comments and commas between them are
/// skipped; anything else is an error, so a list the server cannot read is
/// never half read.
pub fn site_files(text: &str) -> Result<Vec<String>, ListError> {
    let starts: Vec<usize> = text
        .match_indices(LIST_NAME)
        .filter_map(|(at, _)| array_start(text, at + LIST_NAME.len()))
        .collect();
    let start = match starts[..] {
        [] => return Err(ListError::Missing),
        [one] => one,
        _ => return Err(ListError::Twice),
    };
    let line_of = |at: usize| text[..at].matches('\n').count() + 1;
    let bytes = text.as_bytes();
    let mut files = Vec::new();
    let mut i = start;
    loop {
        let Some(&b) = bytes.get(i) else {
            return Err(ListError::Unclosed(line_of(start)));
        };
        match b {
            b']' => return Ok(files),
            b',' => i += 1,
            b if b.is_ascii_whitespace() => i += 1,
            b'/' if bytes.get(i + 1) == Some(&b'/') => {
                i = text[i..].find('\n').map_or(text.len(), |n| i + n);
            }
            b'/' if bytes.get(i + 1) == Some(&b'*') => {
                let end = text[i + 2..]
                    .find("*/")
                    .ok_or(ListError::Unclosed(line_of(i)))?;
                i += 2 + end + 2;
            }
            b'\'' | b'"' | b'`' => {
                let (file, next) = literal(text, i, line_of(i))?;
                files.push(file);
                i = next;
            }
            _ => return Err(ListError::NotALiteral(line_of(i))),
        }
    }
}

/// Where the array's items begin when `SITE_FILES` (ending at `after`) is
/// followed by `= [` (not `==`).
fn array_start(text: &str, after: usize) -> Option<usize> {
    // Only the whole name: not `OLD_SITE_FILES`, not `SITE_FILES_2`.
    let before = text[..after - LIST_NAME.len()].chars().next_back();
    if before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == '$') {
        return None;
    }
    let rest = text[after..].trim_start();
    let rest = rest.strip_prefix('=')?;
    if rest.starts_with('=') {
        return None;
    }
    let rest = rest.trim_start().strip_prefix('[')?;
    Some(text.len() - rest.len())
}

/// The string literal opening at `at` (with `'`, `"` or a backtick, on
/// line `line`) and the index past its closing quote. Only the escapes
/// `\\`, `\'`, `\"` and `\/` are read (a path needs no other); a template
/// with a substitution is not a literal.
fn literal(text: &str, at: usize, line: usize) -> Result<(String, usize), ListError> {
    let quote = text[at..].chars().next().ok_or(ListError::Unclosed(line))?;
    let mut out = String::new();
    let mut chars = text[at + 1..].char_indices();
    while let Some((n, c)) = chars.next() {
        match c {
            c if c == quote => return Ok((out, at + 1 + n + 1)),
            '\n' | '\r' => break,
            '$' if quote == '`' && text[at + 1 + n..].starts_with("${") => {
                return Err(ListError::NotALiteral(line));
            }
            '\\' => match chars.next().map(|(_, e)| e) {
                Some(e @ ('\\' | '\'' | '"' | '/')) => out.push(e),
                Some('\n' | '\r') | None => break,
                Some(_) => return Err(ListError::NotALiteral(line)),
            },
            c => out.push(c),
        }
    }
    Err(ListError::Unclosed(line))
}

/// The paths the site serves, relative to its root (`www/main.js`).
#[derive(Debug, Default)]
pub struct Allowed {
    /// The listed files, and the ones always served.
    files: HashSet<String>,
    /// Folders served whole (`www/pkg/`, with its slash).
    folders: Vec<String>,
}

impl Allowed {
    /// The paths that `SITE_FILES` entries `listed` allow: each entry as the
    /// worker resolves it against the site's root (`./`, a leading `/`, a
    /// query or a fragment make no difference; `%XX` escapes are decoded),
    /// and the folder of each listed `.wasm` file as a whole.
    pub fn from_list(listed: &[String]) -> Allowed {
        let mut allowed = Allowed::default();
        for file in ALWAYS {
            allowed.files.insert(file.to_owned());
        }
        for entry in listed {
            let Some(path) = normalize(entry) else {
                continue;
            };
            if path.ends_with(".wasm") {
                if let Some((folder, _)) = path.rsplit_once('/') {
                    allowed.folders.push(format!("{folder}/"));
                }
            }
            allowed.files.insert(path);
        }
        allowed
    }

    /// The listed files and the ones always served, relative to the root,
    /// in no order.
    pub fn files(&self) -> impl Iterator<Item = &str> {
        self.files.iter().map(String::as_str)
    }

    /// The folders served whole, each with its trailing slash.
    pub fn folders(&self) -> &[String] {
        &self.folders
    }

    /// Whether `path` (relative to the root, decoded, no `.` or `..`
    /// segments, `a/b/index.html` for the folder `a/b/`) is part of the site.
    pub fn allows(&self, path: &str) -> bool {
        self.files.contains(path) || self.folders.iter().any(|f| path.starts_with(f.as_str()))
    }
}

/// A list entry as a path relative to the root: `./www/a.js` → `www/a.js`,
/// `docs/` → `docs/index.html`; `None` for an entry that decodes to text
/// that is not UTF-8.
fn normalize(entry: &str) -> Option<String> {
    let entry = entry.split(['?', '#']).next().unwrap_or_default();
    let decoded = percent_decode(entry)?;
    let mut segments: Vec<&str> = decoded
        .split('/')
        .filter(|s| !s.is_empty() && *s != ".")
        .collect();
    if decoded.is_empty() || decoded.ends_with('/') {
        segments.push("index.html");
    }
    Some(segments.join("/"))
}

/// The site under a root: the paths its `sw.js` allows, read again when the
/// file changes.
pub struct Site {
    root: PathBuf,
    current: Mutex<Current>,
}

/// The list last read, and the `sw.js` it was read from.
struct Current {
    /// `sw.js`'s modification time and length then (`None`: there was none).
    stamp: Option<(SystemTime, u64)>,
    allowed: Arc<Allowed>,
}

impl Site {
    /// The site under `root` (canonical): reads `root/sw.js`'s list. A root
    /// without `sw.js` serves none of its files (a log line says so); a
    /// `sw.js` that cannot be read, or whose list cannot, is an error.
    pub fn open(root: PathBuf) -> Result<Site, String> {
        let worker = root.join(WORKER);
        let (stamp, allowed) = match stamp(&worker) {
            // Not an error: a server for the online table alone (`virada
            // load --spawn` runs one) has no site; said at `info`.
            None => {
                tracing::info!(
                    "no {} in {}: none of its files are served",
                    WORKER,
                    root.display()
                );
                (None, Allowed::from_list(&[]))
            }
            Some(now) => (Some(now), read(&worker)?),
        };
        Ok(Site {
            root,
            current: Mutex::new(Current {
                stamp,
                allowed: Arc::new(allowed),
            }),
        })
    }

    /// The site's folder (canonical).
    pub fn root(&self) -> &Path {
        &self.root
    }

    /// The paths served now: `sw.js`'s list, read again when the file has
    /// changed since; when a changed list cannot be read, or `sw.js` is gone,
    /// the last one read. Blocks on the file system.
    pub fn allowed(&self) -> Arc<Allowed> {
        let worker = self.root.join(WORKER);
        let now = stamp(&worker);
        let mut current = self.current.lock().unwrap_or_else(|e| e.into_inner());
        if now.is_some() && now != current.stamp {
            current.stamp = now;
            match read(&worker) {
                Ok(allowed) => current.allowed = Arc::new(allowed),
                Err(e) => tracing::warn!("{e}: the last list read is kept"),
            }
        }
        Arc::clone(&current.allowed)
    }
}

/// `sw.js`'s modification time and length; `None` when it is not a file.
fn stamp(worker: &Path) -> Option<(SystemTime, u64)> {
    let meta = std::fs::metadata(worker).ok().filter(|m| m.is_file())?;
    Some((meta.modified().ok()?, meta.len()))
}

/// The paths `sw.js` at `worker` allows.
pub(crate) fn read(worker: &Path) -> Result<Allowed, String> {
    let text = std::fs::read_to_string(worker)
        .map_err(|e| format!("cannot read {}: {e}", worker.display()))?;
    let listed = site_files(&text).map_err(|e| format!("{}: {e}", worker.display()))?;
    Ok(Allowed::from_list(&listed))
}

/// Decodes `%XX` escapes; `None` for a broken escape or text that is not
/// UTF-8.
pub(super) fn percent_decode(text: &str) -> Option<String> {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' {
            let hex = bytes.get(i + 1..i + 3)?;
            let hex = std::str::from_utf8(hex).ok()?;
            out.push(u8::from_str_radix(hex, 16).ok()?);
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    String::from_utf8(out).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decodes_escapes_and_rejects_broken_ones() {
        assert_eq!(percent_decode("/a%20b/%2e%2E").as_deref(), Some("/a b/.."));
        assert_eq!(percent_decode("/caf%C3%A9").as_deref(), Some("/café"));
        assert_eq!(percent_decode("/%"), None);
        assert_eq!(percent_decode("/%2"), None);
        assert_eq!(percent_decode("/%zz"), None);
        assert_eq!(percent_decode("/%ff"), None);
    }

    fn list(text: &str) -> Result<Vec<String>, ListError> {
        site_files(text)
    }

    #[test]
    fn reads_the_literals_of_the_one_array() {
        let worker = "// The site's files (SITE_FILES, the one list).\n\
            const SITE_FILES = [\n\
              // the pages\n\
              'index.html', \"nabu.html\",\n\
              /* the modules, ] and ' in a comment */ `www/a.js`,\n\
              'www/it\\'s.js', // trailing comma next\n\
            ];\n\
            const LISTED = new Set(SITE_FILES.map((f) => f));\n\
            if (SITE_FILES == []) {}\n";
        assert_eq!(
            list(worker).unwrap(),
            ["index.html", "nabu.html", "www/a.js", "www/it's.js"]
        );
        assert_eq!(list("SITE_FILES=[]").unwrap(), Vec::<String>::new());
        assert_eq!(list("let SITE_FILES =\n[ 'a]b' ]").unwrap(), ["a]b"]);
    }

    #[test]
    fn refuses_what_is_not_a_plain_list() {
        assert_eq!(list("const FILES = ['a'];"), Err(ListError::Missing));
        assert_eq!(
            list("const OLD_SITE_FILES = ['a'];"),
            Err(ListError::Missing)
        );
        assert_eq!(
            list("SITE_FILES = ['a'];\nSITE_FILES = ['b'];"),
            Err(ListError::Twice)
        );
        assert_eq!(
            list("const SITE_FILES = [\n'a',\nPREFIX + 'b',\n];"),
            Err(ListError::NotALiteral(3))
        );
        assert_eq!(
            list("const SITE_FILES = [`www/${name}.js`];"),
            Err(ListError::NotALiteral(1))
        );
        assert_eq!(
            list("const SITE_FILES = ['a\\x41'];"),
            Err(ListError::NotALiteral(1))
        );
        assert_eq!(
            list("const SITE_FILES = ['a',\n'b\n'];"),
            Err(ListError::Unclosed(2))
        );
        assert_eq!(
            list("const SITE_FILES = ['a', /* b"),
            Err(ListError::Unclosed(1))
        );
        assert_eq!(
            list("\nconst SITE_FILES = ['a', 'b'"),
            Err(ListError::Unclosed(2))
        );
    }

    #[test]
    fn the_list_and_the_wasm_modules_folders_are_allowed() {
        let listed: Vec<String> = [
            "index.html",
            "./www/main.js",
            "/www/style.css?v=2",
            "data/a%20b.json",
            "docs/",
            "www/pkg/virada_bg.wasm",
            "www/pkg/virada.js",
        ]
        .map(String::from)
        .into();
        let allowed = Allowed::from_list(&listed);
        for path in [
            "index.html",
            "www/main.js",
            "www/style.css",
            "data/a b.json",
            "docs/index.html",
            "www/pkg/virada_bg.wasm",
            "www/pkg/site-version.js",
            "www/pkg/snippets/x/y.js",
            "sw.js",
            "robots.txt",
        ] {
            assert!(allowed.allows(path), "{path}");
        }
        for path in [
            "Cargo.toml",
            "crate/Cargo.toml",
            "docs/server.md",
            "www/other.js",
            "www/pkg",
            "www/pkg-bot/virada.js",
            "data/a%20b.json",
            "tests/index.html",
        ] {
            assert!(!allowed.allows(path), "{path}");
        }
    }

    #[test]
    fn the_list_is_read_again_when_sw_js_changes_and_kept_when_it_goes() {
        let root = std::env::temp_dir().join(format!("virada-site-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&root);
        std::fs::create_dir_all(&root).unwrap();
        let worker = root.join("sw.js");
        let write = |text: &str, seconds: u64| {
            std::fs::write(&worker, text).unwrap();
            let when = SystemTime::UNIX_EPOCH + std::time::Duration::from_secs(seconds);
            std::fs::File::options()
                .write(true)
                .open(&worker)
                .unwrap()
                .set_modified(when)
                .unwrap();
        };

        let bare = Site::open(root.clone()).unwrap();
        assert!(!bare.allowed().allows("a.js"));
        assert!(bare.allowed().allows("robots.txt"));

        write("const SITE_FILES = ['a.js'];", 1_000_000);
        let site = Site::open(root.clone()).unwrap();
        assert!(site.allowed().allows("a.js"));
        assert!(!site.allowed().allows("b.js"));
        write("const SITE_FILES = ['b.js'];", 2_000_000);
        assert!(!site.allowed().allows("a.js"));
        assert!(site.allowed().allows("b.js"));
        // A list that cannot be read, then no sw.js at all: the last list.
        write("const SITE_FILES = [b];", 3_000_000);
        assert!(site.allowed().allows("b.js"));
        std::fs::remove_file(&worker).unwrap();
        assert!(site.allowed().allows("b.js"));

        write("const SITE_FILES = [b];", 4_000_000);
        let message = Site::open(root.clone()).err().unwrap();
        assert!(message.contains("sw.js: line 1"), "{message}");
        std::fs::remove_dir_all(&root).unwrap();
    }
}
