//! A test of the crate's shape, not part of the library: no import cycle
//! among its modules, at any level.
//!
//! It reads every file under `src/` (but `src/bin/`), with comments, strings
//! and character literals blanked, and collects each module's references to
//! others: every `use` tree and every path that starts with `crate::` or
//! `super::`, tests included. A reference is followed through the `use`
//! declarations it passes (`crate::Position` is `board::position`'s), so it
//! lands on the module that defines the item. Then, for every folder module
//! (the crate root, `engine`, `engine::search`, …), it draws the graph
//! between its children (`a -> b` when code in `a` names something in `b`)
//! and asserts that graph has no cycle. A folder's own file (`mod.rs`,
//! `lib.rs`) is not a node: it is the face its children sit behind.

use std::collections::{BTreeMap, BTreeSet};

/// A module's path from the crate root, inline modules (`mod tests {`) included.
type ModPath = Vec<String>;

/// Each folder module's graph: the edges between its children.
type Graphs = BTreeMap<ModPath, BTreeSet<(String, String)>>;

/// What a module declares: its child modules and the names its `use`
/// declarations bring in (to the crate path they stand for; `None` for a
/// name from another crate).
#[derive(Default)]
struct Module {
    children: BTreeSet<String>,
    names: BTreeMap<String, Option<ModPath>>,
}

/// The code of a Rust file with comments, string and character literals
/// blanked (line breaks kept, so lines still count).
fn blank(text: &str) -> String {
    let s: Vec<char> = text.chars().collect();
    let (mut out, mut i) = (String::with_capacity(text.len()), 0);
    let skip_to = |out: &mut String, from: usize, to: usize| {
        out.extend(s[from..to.min(s.len())].iter().filter(|&&c| c == '\n'));
        to
    };
    while i < s.len() {
        let rest = |k: usize| s.get(i + k).copied().unwrap_or(' ');
        let word_before = i > 0 && (s[i - 1].is_alphanumeric() || s[i - 1] == '_');
        // A raw string `r#"…"#` (or `br"…"`): where its hashes start, and how many.
        let raw = (!word_before && (s[i] == 'r' || (s[i] == 'b' && rest(1) == 'r')))
            .then(|| i + usize::from(s[i] == 'b') + 1)
            .map(|h| (h, s[h..].iter().take_while(|&&c| c == '#').count()))
            .filter(|&(h, n)| s.get(h + n) == Some(&'"'));
        if s[i] == '/' && rest(1) == '/' {
            let end = (i..s.len()).find(|&k| s[k] == '\n').unwrap_or(s.len());
            i = skip_to(&mut out, i, end);
        } else if s[i] == '/' && rest(1) == '*' {
            let (mut depth, mut k) = (0, i);
            while k < s.len() {
                if s[k] == '/' && s.get(k + 1) == Some(&'*') {
                    depth += 1;
                    k += 2;
                } else if s[k] == '*' && s.get(k + 1) == Some(&'/') {
                    depth -= 1;
                    k += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    k += 1;
                }
            }
            i = skip_to(&mut out, i, k);
        } else if let Some((h, hashes)) = raw {
            let mut k = h + hashes + 1;
            while k < s.len() && !(s[k] == '"' && s[k + 1..].iter().take(hashes).all(|&c| c == '#'))
            {
                k += 1;
            }
            i = skip_to(&mut out, i, k + 1 + hashes);
            out.push_str("\"\"");
        } else if s[i] == '"' {
            let mut k = i + 1;
            while k < s.len() && s[k] != '"' {
                k += if s[k] == '\\' { 2 } else { 1 };
            }
            i = skip_to(&mut out, i, k + 1);
            out.push_str("\"\"");
        } else if s[i] == '\'' && rest(1) == '\\' {
            let end = (i + 3..s.len()).find(|&k| s[k] == '\'').unwrap_or(s.len());
            i = end + 1;
            out.push_str("' '");
        } else if s[i] == '\'' && rest(2) == '\'' {
            i += 3;
            out.push_str("' '");
        } else {
            out.push(s[i]);
            i += 1;
        }
    }
    out
}

/// Tokens with their line: identifiers, `::`, and single punctuation.
fn tokens(code: &str) -> Vec<(String, usize)> {
    let s: Vec<char> = code.chars().collect();
    let (mut out, mut i, mut line) = (Vec::new(), 0, 1);
    while i < s.len() {
        let c = s[i];
        if c == '\n' {
            line += 1;
            i += 1;
        } else if c.is_whitespace() {
            i += 1;
        } else if c.is_alphanumeric() || c == '_' {
            let end = (i..s.len())
                .find(|&k| !(s[k].is_alphanumeric() || s[k] == '_'))
                .unwrap_or(s.len());
            out.push((s[i..end].iter().collect(), line));
            i = end;
        } else if c == ':' && s.get(i + 1) == Some(&':') {
            out.push(("::".into(), line));
            i += 2;
        } else {
            out.push((c.to_string(), line));
            i += 1;
        }
    }
    out
}

/// The leaves of a `use` tree from `t[*at]` on: each full path and the name
/// it brings in (`None` for a glob). Stops after the tree.
fn use_tree(
    t: &[(String, usize)],
    at: &mut usize,
    prefix: ModPath,
    out: &mut Vec<(ModPath, Option<String>)>,
) {
    let tok = |k: usize| t.get(k).map_or("", |(s, _)| s.as_str());
    let mut path = prefix;
    loop {
        match tok(*at) {
            "{" => {
                *at += 1;
                while !matches!(tok(*at), "}" | "") {
                    use_tree(t, at, path.clone(), out);
                    if tok(*at) == "," {
                        *at += 1;
                    }
                }
                *at += 1;
                return;
            }
            "*" => {
                *at += 1;
                out.push((path, None));
                return;
            }
            "self" if !path.is_empty() => {
                *at += 1;
                let name = path.last().cloned();
                out.push((path, name));
                return;
            }
            "" => return,
            word => {
                path.push(word.to_string());
                *at += 1;
                match tok(*at) {
                    "::" => *at += 1,
                    "as" => {
                        let alias = tok(*at + 1).to_string();
                        *at += 2;
                        out.push((path, Some(alias)));
                        return;
                    }
                    _ => {
                        let name = path.last().cloned();
                        out.push((path, name));
                        return;
                    }
                }
            }
        }
    }
}

/// The crate path a path written in module `here` stands for, or `None` for
/// another crate's.
fn absolute(
    here: &[String],
    path: &[String],
    modules: &BTreeMap<ModPath, Module>,
) -> Option<ModPath> {
    let first = path.first()?;
    let (mut base, mut rest): (ModPath, &[String]) = match first.as_str() {
        "crate" => (Vec::new(), &path[1..]),
        "self" => (here.to_vec(), &path[1..]),
        "super" => (here.to_vec(), path),
        name if modules.get(here).is_some_and(|m| m.children.contains(name)) => {
            (here.to_vec(), path)
        }
        _ => return None,
    };
    while rest.first().is_some_and(|s| s == "super") {
        base.pop();
        rest = &rest[1..];
    }
    base.extend(rest.iter().cloned());
    Some(base)
}

/// The module that defines what `path` names, following `use` declarations.
fn canonical(path: &[String], modules: &BTreeMap<ModPath, Module>) -> Option<ModPath> {
    let mut path = path.to_vec();
    'restart: for _ in 0..64 {
        let mut at: ModPath = Vec::new();
        for (i, seg) in path.iter().enumerate() {
            let Some(m) = modules.get(&at) else {
                return Some(at);
            };
            if m.children.contains(seg) {
                at.push(seg.clone());
            } else if let Some(target) = m.names.get(seg) {
                let mut next = target.clone()?;
                next.extend(path[i + 1..].iter().cloned());
                path = next;
                continue 'restart;
            } else {
                return Some(at);
            }
        }
        return Some(at);
    }
    None
}

/// Every cycle among sibling modules of the crate whose files are `files`
/// (path under `src/`, text), one message each.
fn cycles(files: &[(String, String)]) -> (Vec<String>, Graphs) {
    let mut modules: BTreeMap<ModPath, Module> = BTreeMap::new();
    let mut found: Vec<(ModPath, ModPath, String)> = Vec::new();
    let mut parsed = Vec::new();
    for (file, text) in files {
        let stem = file.trim_end_matches(".rs");
        let mut path: ModPath = stem.split('/').map(String::from).collect();
        if matches!(path.last().map(String::as_str), Some("mod" | "lib")) {
            path.pop();
        }
        parsed.push((file.clone(), path, tokens(&blank(text))));
    }
    // Three passes: the modules, the names their `use`s bring in, then the
    // references.
    for pass in 0..3 {
        for (file, path, t) in &parsed {
            let mut stack: Vec<(String, usize)> = Vec::new();
            let mut depth = 0;
            let mut k = 0;
            while k < t.len() {
                let here: ModPath = path
                    .iter()
                    .cloned()
                    .chain(stack.iter().map(|(n, _)| n.clone()))
                    .collect();
                let tok = |j: usize| t.get(j).map_or("", |(s, _)| s.as_str());
                match tok(k) {
                    "mod" if tok(k + 2) == "{" || tok(k + 2) == ";" => {
                        let name = tok(k + 1).to_string();
                        if pass == 0 {
                            let m = modules.entry(here.clone()).or_default();
                            m.children.insert(name.clone());
                        }
                        if tok(k + 2) == "{" {
                            depth += 1;
                            stack.push((name, depth));
                        }
                        k += 3;
                    }
                    "{" => {
                        depth += 1;
                        k += 1;
                    }
                    "}" => {
                        if stack.last().is_some_and(|&(_, d)| d == depth) {
                            stack.pop();
                        }
                        depth -= 1;
                        k += 1;
                    }
                    "use" => {
                        let line = t[k].1;
                        k += 1;
                        let mut leaves = Vec::new();
                        use_tree(t, &mut k, Vec::new(), &mut leaves);
                        for (p, name) in leaves {
                            let target = absolute(&here, &p, &modules);
                            if let (1, Some(name)) = (pass, name) {
                                modules
                                    .entry(here.clone())
                                    .or_default()
                                    .names
                                    .insert(name, target);
                            } else if let (2, Some(target)) = (pass, target) {
                                found.push((here.clone(), target, format!("{file}:{line}")));
                            }
                        }
                    }
                    "crate" | "super" if tok(k + 1) == "::" => {
                        let line = t[k].1;
                        let mut p = vec![tok(k).to_string()];
                        k += 1;
                        while tok(k) == "::"
                            && tok(k + 1).starts_with(|c: char| c.is_alphabetic() || c == '_')
                        {
                            p.push(tok(k + 1).to_string());
                            k += 2;
                        }
                        if let (2, Some(target)) = (pass, absolute(&here, &p, &modules)) {
                            found.push((here.clone(), target, format!("{file}:{line}")));
                        }
                    }
                    _ => k += 1,
                }
            }
        }
    }
    let mut edges: BTreeMap<ModPath, BTreeMap<(String, String), String>> = BTreeMap::new();
    for (from, to, at) in found {
        let Some(to) = canonical(&to, &modules) else {
            continue;
        };
        let common = from.iter().zip(&to).take_while(|(a, b)| a == b).count();
        if common < from.len() && common < to.len() {
            let edge = (from[common].clone(), to[common].clone());
            let folder = from[..common].to_vec();
            edges.entry(folder).or_default().entry(edge).or_insert(at);
        }
    }
    let mut messages = Vec::new();
    for (folder, list) in &edges {
        let graph: BTreeMap<&str, Vec<&str>> =
            list.keys().fold(BTreeMap::new(), |mut g, (a, b)| {
                g.entry(a.as_str())
                    .or_insert_with(Vec::new)
                    .push(b.as_str());
                g
            });
        let name = if folder.is_empty() {
            "crate".to_string()
        } else {
            folder.join("::")
        };
        for tangle in tangles(&graph) {
            let mut m = format!(
                "import cycle among the modules of `{name}`: {}",
                tangle.join(", ")
            );
            for ((a, b), at) in list {
                if tangle.contains(&a.as_str()) && tangle.contains(&b.as_str()) {
                    m.push_str(&format!("\n  {a} -> {b}: {at}"));
                }
            }
            messages.push(m);
        }
    }
    let graphs = edges
        .into_iter()
        .map(|(folder, list)| (folder, list.into_keys().collect()))
        .collect();
    (messages, graphs)
}

/// The nodes `from` reaches in `graph`.
fn reach<'a>(graph: &BTreeMap<&'a str, Vec<&'a str>>, from: &'a str) -> BTreeSet<&'a str> {
    let (mut seen, mut todo) = (BTreeSet::new(), vec![from]);
    while let Some(n) = todo.pop() {
        for &next in graph.get(n).into_iter().flatten() {
            if seen.insert(next) {
                todo.push(next);
            }
        }
    }
    seen
}

/// The groups of nodes of `graph` that reach each other (its strongly
/// connected components of more than one node): each holds a cycle.
fn tangles<'a>(graph: &BTreeMap<&'a str, Vec<&'a str>>) -> Vec<Vec<&'a str>> {
    let reached: BTreeMap<&str, BTreeSet<&str>> =
        graph.keys().map(|&n| (n, reach(graph, n))).collect();
    let mut placed = BTreeSet::new();
    let mut out = Vec::new();
    for (&n, from_n) in &reached {
        if placed.contains(n) || !from_n.contains(n) {
            continue;
        }
        let group: Vec<&str> = from_n
            .iter()
            .copied()
            .filter(|m| reached.get(m).is_some_and(|r| r.contains(n)))
            .collect();
        placed.extend(group.iter().copied());
        out.push(group);
    }
    out
}

/// Every `.rs` file under `dir`, as (path under `src/`, text), `bin/` left out.
fn read_tree(dir: &std::path::Path, under: &str, out: &mut Vec<(String, String)>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .expect("src/ is readable")
        .flatten()
        .collect();
    entries.sort_by_key(|e| e.file_name());
    for e in entries {
        let name = e.file_name().to_string_lossy().into_owned();
        let rel = if under.is_empty() {
            name.clone()
        } else {
            format!("{under}/{name}")
        };
        if e.path().is_dir() {
            if rel != "bin" {
                read_tree(&e.path(), &rel, out);
            }
        } else if name.ends_with(".rs") {
            out.push((
                rel,
                std::fs::read_to_string(e.path()).expect("a readable source file"),
            ));
        }
    }
}

#[test]
fn the_library_has_no_import_cycle() {
    let mut files = Vec::new();
    let src = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    read_tree(&src, "", &mut files);
    let (messages, graphs) = cycles(&files);
    assert!(messages.is_empty(), "{}", messages.join("\n"));
    // The crate's top level in layers, each naming only those before it
    // (lib.rs says the same): the arrows run one way.
    let layers = [
        "serde_text",
        "clock",
        "json",
        "text",
        "rating",
        "tournament",
        "board",
        "game",
        "record",
        "engine",
        "puzzle",
        "table",
        "wasm",
    ];
    let root = &graphs[&Vec::new()];
    for (a, b) in root {
        let rank = |m: &str| layers.iter().position(|&l| l == m);
        assert!(
            rank(a) > rank(b) && rank(b).is_some(),
            "`{a}` names `{b}`, against the layers {layers:?}"
        );
    }
    // Not vacuous: the layers' arrows are seen.
    for (a, b) in [
        ("game", "board"),
        ("record", "game"),
        ("engine", "record"),
        ("table", "engine"),
        ("wasm", "table"),
    ] {
        assert!(
            root.contains(&(a.into(), b.into())),
            "{a} -> {b} not seen: {root:?}"
        );
    }
}

#[test]
fn a_cycle_is_caught_through_re_exports_and_inline_modules() {
    let file = |p: &str, t: &str| (p.to_string(), t.to_string());
    let files = [
        file("lib.rs", "mod a;\nmod b;\npub use a::Thing;\n"),
        file("a/mod.rs", "mod x;\nmod y;\npub use x::Thing;\n"),
        file(
            "a/x.rs",
            "// use crate::b::Other;\npub struct Thing;\nfn f() { let _ = \"crate::b\"; }\n",
        ),
        file(
            "a/y.rs",
            "#[cfg(test)]\nmod tests {\n    use super::super::x::Thing;\n}\n",
        ),
        file("b.rs", "use crate::Thing;\npub struct Other;\n"),
    ];
    let (messages, graphs) = cycles(&files);
    assert!(messages.is_empty(), "{messages:?}");
    assert!(graphs[&Vec::new()].contains(&("b".into(), "a".into())));
    assert!(graphs[&vec!["a".to_string()]].contains(&("y".into(), "x".into())));
    let mut with_cycle = files.to_vec();
    with_cycle[2] = file("a/x.rs", "pub struct Thing(crate::b::Other);\n");
    let (messages, _) = cycles(&with_cycle);
    assert_eq!(messages.len(), 1, "{messages:?}");
    assert!(
        messages[0].starts_with("import cycle among the modules of `crate`: "),
        "{}",
        messages[0]
    );
    assert!(messages[0].contains("a/x.rs:1"), "{}", messages[0]);
}
