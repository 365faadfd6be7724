//! The documentation holds together: README.md stays short (at most 150
//! lines), and every relative link or image in README.md and in `docs/`
//! leads to a file that exists, and to a heading of that file when it names
//! one (`page.md#section`, `#section`).

use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};

/// The repository's root (the crate lives in `crate/`).
pub(crate) fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("the crate has a parent folder")
        .to_path_buf()
}

/// Every Markdown file the check covers: README.md and `docs/**/*.md`.
pub(crate) fn documents(root: &Path) -> Vec<PathBuf> {
    let mut out = vec![root.join("README.md")];
    let mut folders = vec![root.join("docs")];
    while let Some(dir) = folders.pop() {
        let entries = std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
        for entry in entries {
            let path = entry.expect("a folder entry").path();
            if path.is_dir() {
                folders.push(path);
            } else if path.extension().is_some_and(|x| x == "md") {
                out.push(path);
            }
        }
    }
    out.sort();
    out
}

/// The lines of `text` outside fenced code blocks, each with its 1-based
/// line number.
pub(crate) fn unfenced_lines(text: &str) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut fence: Option<&str> = None;
    for (i, line) in text.lines().enumerate() {
        let t = line.trim_start();
        let marker = if t.starts_with("```") {
            Some("```")
        } else if t.starts_with("~~~") {
            Some("~~~")
        } else {
            None
        };
        match (fence, marker) {
            (None, Some(m)) => fence = Some(m),
            (Some(f), Some(m)) if f == m => fence = None,
            (None, None) => out.push((i + 1, line)),
            _ => {}
        }
    }
    out
}

/// The lines of `text` outside fenced code blocks, with inline code spans
/// blanked out (a link written as code is not a link).
fn prose_lines(text: &str) -> Vec<(usize, String)> {
    unfenced_lines(text)
        .into_iter()
        .map(|(n, line)| (n, blank_code_spans(line)))
        .collect()
}

/// `line` with every `` `code` `` span replaced by spaces.
fn blank_code_spans(line: &str) -> String {
    let mut out = String::with_capacity(line.len());
    let mut in_code = false;
    for c in line.chars() {
        if c == '`' {
            in_code = !in_code;
            out.push(' ');
        } else if in_code {
            out.push(' ');
        } else {
            out.push(c);
        }
    }
    out
}

/// The targets of the links and images on one line of prose: `[text](target)`,
/// `![alt](target "title")` and reference definitions `[name]: target`.
fn link_targets(line: &str) -> Vec<String> {
    let mut out = Vec::new();
    let trimmed = line.trim_start();
    if let Some(rest) = trimmed.strip_prefix('[') {
        if let Some(close) = rest.find("]:").filter(|&c| !rest[..c].contains(']')) {
            if let Some(target) = rest[close + 2..].split_whitespace().next() {
                out.push(target.trim_matches(['<', '>']).to_string());
            }
            return out;
        }
    }
    let mut from = 0;
    while let Some(at) = line[from..].find("](") {
        let start = from + at + 2;
        if !line[..from + at].contains('[') {
            from = start;
            continue;
        }
        let Some(len) = line[start..].find(')') else {
            break;
        };
        let inside = line[start..start + len].trim();
        let target = inside.split_whitespace().next().unwrap_or("");
        out.push(target.trim_matches(['<', '>']).to_string());
        from = start + len + 1;
    }
    out
}

/// Whether a link leaves the repository (a web address, mail, another scheme).
fn is_external(target: &str) -> bool {
    let lower = target.to_ascii_lowercase();
    lower.starts_with("http://")
        || lower.starts_with("https://")
        || lower.starts_with("mailto:")
        || lower.starts_with("//")
}

/// `%XX` escapes decoded (a link to `a%20b.md` names `a b.md`).
fn percent_decode(s: &str) -> String {
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' && i + 2 < bytes.len() {
            let hex = std::str::from_utf8(&bytes[i + 1..i + 3]).unwrap_or("");
            if let Ok(b) = u8::from_str_radix(hex, 16) {
                out.push(b);
                i += 3;
                continue;
            }
        }
        out.push(bytes[i]);
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// A heading's anchor as GitHub makes it: lower case, every character that
/// is not a letter, a digit, a space, `-` or `_` dropped, spaces to `-`.
fn slug(heading: &str) -> String {
    heading
        .trim()
        .to_lowercase()
        .chars()
        .filter(|c| c.is_alphanumeric() || matches!(c, ' ' | '-' | '_'))
        .map(|c| if c == ' ' { '-' } else { c })
        .collect()
}

/// The anchors of every heading of a Markdown text (`# Title` … `###### x`),
/// a repeated one numbered as GitHub does (`x`, `x-1`, `x-2`).
fn anchors(text: &str) -> Vec<String> {
    let mut seen: HashMap<String, usize> = HashMap::new();
    let mut out = Vec::new();
    for (_, line) in unfenced_lines(text) {
        let t = line.trim_start();
        let hashes = t.chars().take_while(|&c| c == '#').count();
        if !(1..=6).contains(&hashes) {
            continue;
        }
        let rest = &t[hashes..];
        if !(rest.is_empty() || rest.starts_with(' ')) {
            continue;
        }
        let base = slug(rest.trim().trim_end_matches('#'));
        let n = seen.entry(base.clone()).or_insert(0);
        out.push(if *n == 0 {
            base.clone()
        } else {
            format!("{base}-{n}")
        });
        *n += 1;
    }
    out
}

/// Every broken relative link of the Markdown file `file` (whose text is
/// `text`), as `file:line: target (why)`.
fn broken_links(file: &Path, text: &str) -> Vec<String> {
    let dir = file.parent().expect("a file has a folder");
    let mut out = Vec::new();
    for (number, line) in prose_lines(text) {
        for target in link_targets(&line) {
            if target.is_empty() || is_external(&target) {
                continue;
            }
            let (path_part, fragment) = match target.split_once('#') {
                Some((p, f)) => (p, Some(f)),
                None => (target.as_str(), None),
            };
            let path_part = percent_decode(path_part.split('?').next().unwrap_or(""));
            let here = format!("{}:{number}: ({target})", file.display());
            let wanted = fragment.map(|f| percent_decode(f).to_lowercase());
            let linked_text = if path_part.is_empty() {
                // `#anchor`: a heading of this same file.
                text.to_string()
            } else {
                let linked = dir.join(&path_part);
                if !linked.exists() {
                    out.push(format!("{here}: no file {}", linked.display()));
                    continue;
                }
                if wanted.is_none() || linked.extension().is_none_or(|x| x != "md") {
                    continue;
                }
                std::fs::read_to_string(&linked)
                    .unwrap_or_else(|e| panic!("{}: {e}", linked.display()))
            };
            if let Some(wanted) = wanted {
                if !anchors(&linked_text).contains(&wanted) {
                    out.push(format!("{here}: no heading #{wanted} there"));
                }
            }
        }
    }
    out
}

#[test]
fn readme_fits_on_a_screen() {
    let path = root().join("README.md");
    let text = std::fs::read_to_string(&path).expect("read README.md");
    let lines = text.lines().count();
    assert!(lines <= 150, "README.md has {lines} lines; at most 150");
}

#[test]
fn every_relative_link_in_the_docs_resolves() {
    let root = root();
    let mut broken: BTreeMap<PathBuf, Vec<String>> = BTreeMap::new();
    let mut links = 0;
    for file in documents(&root) {
        let text =
            std::fs::read_to_string(&file).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
        links += prose_lines(&text)
            .iter()
            .map(|(_, l)| link_targets(l).len())
            .sum::<usize>();
        let found = broken_links(&file, &text);
        if !found.is_empty() {
            broken.insert(file, found);
        }
    }
    assert!(links > 20, "only {links} links found: is the parser right?");
    let report: Vec<String> = broken.into_values().flatten().collect();
    assert!(report.is_empty(), "broken links:\n{}", report.join("\n"));
}

#[test]
fn the_checker_finds_what_is_broken() {
    let dir = std::env::temp_dir().join(format!("virada-docs-links-{}", std::process::id()));
    std::fs::create_dir_all(dir.join("docs")).expect("scratch folder");
    std::fs::write(
        dir.join("docs/a.md"),
        "# A page\n\n## Who plays dark?\n\n## Notes\n\n## Notes\n",
    )
    .expect("write a.md");
    let readme = dir.join("README.md");
    let text = "\
# Title

[good](docs/a.md) [good anchor](docs/a.md#who-plays-dark)
[second notes](docs/a.md#notes-1) ![image](docs/a.md) [self](#title)
[web](https://example.com/nothing.md) [mail](mailto:x@example.com)
`[in code](missing-in-code.md)`

```
[in a fence](missing-in-fence.md)
```

[missing file](docs/b.md) and ![missing image](docs/x.png)
[missing anchor](docs/a.md#who-plays-light) [missing here](#nowhere)
[ref]: docs/c.md
";
    let found = broken_links(&readme, text);
    let _ = std::fs::remove_dir_all(&dir);
    let targets: Vec<&str> = found
        .iter()
        .map(|f| {
            let start = f.find(": (").expect("a target") + 3;
            &f[start..f[start..].find(')').expect("its end") + start]
        })
        .collect();
    assert_eq!(
        targets,
        [
            "docs/b.md",
            "docs/x.png",
            "docs/a.md#who-plays-light",
            "#nowhere",
            "docs/c.md"
        ],
        "{found:#?}"
    );
    assert!(found[0].contains("README.md:12:"), "{}", found[0]);
}

#[test]
fn slugs_follow_github() {
    assert_eq!(slug("The table (the page)"), "the-table-the-page");
    assert_eq!(
        slug("Fair play: the seed, the record, and \"Verify a game\""),
        "fair-play-the-seed-the-record-and-verify-a-game"
    );
    assert_eq!(
        slug("The engine's side (`TableGame`, wasm)"),
        "the-engines-side-tablegame-wasm"
    );
    assert_eq!(slug("The Othello table: T1–T20"), "the-othello-table-t1t20");
    assert_eq!(slug("Português"), "português");
    assert_eq!(slug("`virada verify`"), "virada-verify");
}
