//! The layering of the library, `crates/pocket/src/` (docs/architecture.md), read
//! from the source itself:
//!
//! - each top-level module uses only the layers below it;
//! - no file of the library or of the command line (`src/`) is in an import circle
//!   with another, counting every path that names a module (`use crate::a::b`,
//!   `crate::a::f()` in code, `super::x`), so a circle fails with the two files named;
//! - the library depends on no front end's crates (argh, axum, hyper, tokio, pyo3).
//!   That the front ends reach the library only through its public API is the
//!   compiler's to hold: they are other crates.
//!
//! Test modules (`#[cfg(test)] mod tests`, in their file or in a `tests.rs` of
//! their own) may use anything and are left out.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// Bottom to top. `error` composes the layers' errors into the crate's `Error`, so it
/// sits above all of them.
const LAYERS: [&str; 8] = [
    "model",
    "io",
    "engine",
    "cube",
    "puzzle",
    "challenge",
    "error",
    "request",
];

/// The library's sources.
fn library_src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("crates/pocket/src")
}

fn sources(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            sources(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// A file's text without comments and without its test module; nothing of a test
/// module kept in a file of its own (`tests.rs`).
fn code(path: &Path) -> String {
    if path.file_name().is_some_and(|n| n == "tests.rs") {
        return String::new();
    }
    let text = std::fs::read_to_string(path).unwrap();
    let text = match text.find("#[cfg(test)]\nmod tests") {
        Some(at) => &text[..at],
        None => &text[..],
    };
    text.lines()
        .map(|l| match l.find("//") {
            Some(at) => &l[..at],
            None => l,
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The module path of a source file: `src/model/moves.rs` is `["model", "moves"]`,
/// `src/model/mod.rs` is `["model"]`.
fn module_of(src: &Path, file: &Path) -> Vec<String> {
    let rel = file.strip_prefix(src).unwrap().with_extension("");
    let mut parts: Vec<String> = rel
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    if matches!(
        parts.last().map(String::as_str),
        Some("mod" | "lib" | "main")
    ) {
        parts.pop();
    }
    parts
}

fn is_ident(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_'
}

/// Expand a path with braces (`a::{b, c::{d, e}}`) into plain paths.
fn expand(prefix: &[String], text: &str, out: &mut Vec<Vec<String>>) {
    let text = text.trim();
    if let Some(inner) = text.strip_prefix('{').and_then(|t| t.strip_suffix('}')) {
        let mut depth = 0;
        let mut start = 0;
        for (i, c) in inner.char_indices() {
            match c {
                '{' => depth += 1,
                '}' => depth -= 1,
                ',' if depth == 0 => {
                    expand(prefix, &inner[start..i], out);
                    start = i + 1;
                }
                _ => {}
            }
        }
        expand(prefix, &inner[start..], out);
        return;
    }
    let mut path = prefix.to_vec();
    let mut rest = text;
    loop {
        let end = rest.find(|c: char| !is_ident(c)).unwrap_or(rest.len());
        if end > 0 {
            path.push(rest[..end].to_string());
        }
        rest = &rest[end..];
        match rest.strip_prefix("::") {
            Some(r) if r.starts_with('{') => return expand(&path, r, out),
            Some(r) => rest = r,
            None => break,
        }
    }
    if !path.is_empty() {
        out.push(path);
    }
}

/// Every module path named in `code` from `crate::`, `super::` or `self::`, made
/// absolute for the file of module `me`.
fn named_paths(code: &str, me: &[String]) -> Vec<Vec<String>> {
    let mut out = Vec::new();
    for (root, base) in [
        ("crate::", Vec::new()),
        // A file's module is its own path, a `mod.rs` included (`src/a/mod.rs` is
        // `a`), so `super` is that path less its last name either way.
        ("super::", me[..me.len().saturating_sub(1)].to_vec()),
        ("self::", me.to_vec()),
    ] {
        let mut from = 0;
        while let Some(at) = code[from..].find(root) {
            let start = from + at;
            from = start + root.len();
            // A whole word: not `foo_crate::`.
            if code[..start].chars().next_back().is_some_and(is_ident) {
                continue;
            }
            // The path runs to the end of its braces, or to the first other character.
            let bytes = code.as_bytes();
            let mut end = from;
            let mut depth = 0i32;
            while end < bytes.len() {
                let c = bytes[end] as char;
                if c == '{' {
                    depth += 1;
                } else if c == '}' {
                    if depth == 0 {
                        break;
                    }
                    depth -= 1;
                } else if depth == 0 && !(is_ident(c) || c == ':') {
                    break;
                }
                end += 1;
                if depth == 0 && c == '}' {
                    break;
                }
            }
            expand(&base, &code[from..end], &mut out);
        }
    }
    // `super::super::x` is rare enough here to be left out; make it fail loudly.
    assert!(
        !code.contains("super::super"),
        "super::super is not understood"
    );
    out
}

/// Which files each file of `src/` uses.
fn graph(src: &Path) -> BTreeMap<PathBuf, Vec<PathBuf>> {
    let mut files = Vec::new();
    sources(src, &mut files);
    let modules: BTreeMap<Vec<String>, PathBuf> = files
        .iter()
        .map(|f| (module_of(src, f), f.clone()))
        .collect();
    let mut edges = BTreeMap::new();
    for file in &files {
        let me = module_of(src, file);
        let mut used = Vec::new();
        for path in named_paths(&code(file), &me) {
            // The longest prefix that is a module with a file of its own.
            let target = (1..=path.len()).rev().find_map(|k| modules.get(&path[..k]));
            if let Some(t) = target
                && t != file
                && !used.contains(t)
            {
                used.push(t.clone());
            }
        }
        edges.insert(file.clone(), used);
    }
    edges
}

/// A circle, as the files on it in order, if there is one.
fn find_circle(edges: &BTreeMap<PathBuf, Vec<PathBuf>>) -> Option<Vec<PathBuf>> {
    // Depth-first search with colours: an edge to a file still on the stack closes
    // a circle.
    #[derive(Clone, Copy, PartialEq)]
    enum Mark {
        New,
        Open,
        Done,
    }
    let mut mark: BTreeMap<&PathBuf, Mark> = edges.keys().map(|k| (k, Mark::New)).collect();
    for start in edges.keys() {
        if mark[start] != Mark::New {
            continue;
        }
        let mut stack: Vec<(&PathBuf, usize)> = vec![(start, 0)];
        mark.insert(start, Mark::Open);
        while let Some(&mut (file, ref mut next)) = stack.last_mut() {
            let targets = &edges[file];
            if *next == targets.len() {
                mark.insert(file, Mark::Done);
                stack.pop();
                continue;
            }
            let t = &targets[*next];
            *next += 1;
            match mark.get(t).copied() {
                Some(Mark::New) => {
                    mark.insert(t, Mark::Open);
                    stack.push((t, 0));
                }
                Some(Mark::Open) => {
                    let from = stack.iter().position(|(f, _)| *f == t).unwrap();
                    return Some(stack[from..].iter().map(|(f, _)| (*f).clone()).collect());
                }
                _ => {}
            }
        }
    }
    None
}

/// Fails with the files of an import circle among the sources under `src`.
fn assert_no_circle(src: &Path) {
    let edges = graph(src);
    if let Some(circle) = find_circle(&edges) {
        let names: Vec<String> = circle
            .iter()
            .map(|f| f.strip_prefix(src).unwrap().display().to_string())
            .collect();
        panic!(
            "import circle: {} uses {} (the whole circle: {} -> back to the first)",
            names[names.len() - 1],
            names[0],
            names.join(" -> ")
        );
    }
}

#[test]
fn no_file_is_in_an_import_circle() {
    let src = library_src();
    let edges = graph(&src);
    // The reading itself works: a few arrows that must be seen.
    let sees = |a: &str, b: &str| edges[&src.join(a)].contains(&src.join(b));
    assert!(sees("cube/solver.rs", "engine/search.rs"));
    assert!(sees("model/stickers.rs", "model/pieces.rs"));
    assert!(sees("error.rs", "model/mod.rs"));
    assert_no_circle(&src);
    // The command line's own files, read the same way.
    let cli = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let edges = graph(&cli);
    assert!(edges[&cli.join("cli/serve/api.rs")].contains(&cli.join("cli/serve/reply.rs")));
    assert_no_circle(&cli);
}

#[test]
fn a_circle_is_found_and_named() {
    let a = PathBuf::from("a.rs");
    let b = PathBuf::from("b.rs");
    let c = PathBuf::from("c.rs");
    let mut edges = BTreeMap::new();
    edges.insert(a.clone(), vec![b.clone()]);
    edges.insert(b.clone(), vec![c.clone()]);
    edges.insert(c.clone(), vec![]);
    assert_eq!(find_circle(&edges), None);
    edges.insert(c.clone(), vec![a.clone()]);
    assert_eq!(find_circle(&edges), Some(vec![a, b, c]));
    let mut paths = Vec::new();
    expand(
        &[],
        "model::{self, pieces::{Cube, Coord}, moves::Move}",
        &mut paths,
    );
    assert_eq!(paths.len(), 4);
    assert_eq!(paths[1], ["model", "pieces", "Cube"]);
}

/// The layers each layer may import, as docs/architecture.md lists them between its
/// `<!-- imports -->` markers: `| layer | may import |` rows, bottom to top.
fn documented_imports() -> Vec<(String, Vec<String>)> {
    let doc = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/architecture.md");
    let text = std::fs::read_to_string(doc).unwrap();
    let table = text
        .split("<!-- imports -->")
        .nth(1)
        .expect("docs/architecture.md has a table between <!-- imports --> markers");
    table
        .lines()
        .filter_map(|line| {
            let cells: Vec<&str> = line.trim().trim_matches('|').split('|').collect();
            let [layer, imports] = cells[..] else {
                return None;
            };
            let layer = layer.trim().trim_matches('`');
            if layer.is_empty() || layer == "layer" || layer.starts_with('-') {
                return None;
            }
            let imports = imports
                .split(',')
                .map(|i| i.trim().trim_matches('`').to_string())
                .filter(|i| !i.is_empty() && i != "nothing")
                .collect();
            Some((layer.to_string(), imports))
        })
        .collect()
}

/// The layers a layer's files name, outside their tests and comments.
fn used_layers(src: &Path, layer: &str) -> Vec<String> {
    let mut files = Vec::new();
    let dir = src.join(layer);
    if dir.is_dir() {
        sources(&dir, &mut files);
    } else if src.join(format!("{layer}.rs")).is_file() {
        files.push(src.join(format!("{layer}.rs")));
    }
    let texts: Vec<String> = files.iter().map(|f| code(f)).collect();
    LAYERS
        .iter()
        .filter(|&&other| other != layer)
        .filter(|&&other| {
            let used = format!("crate::{other}::");
            let braced = format!("crate::{{{other}");
            let whole = format!("crate::{other};");
            texts.iter().any(|t| {
                t.contains(&used)
                    || t.contains(&braced)
                    || t.contains(&whole)
                    // The crate-wide error is re-exported at the root.
                    || (other == "error" && t.contains("crate::Error"))
            })
        })
        .map(|l| l.to_string())
        .collect()
}

#[test]
fn each_layer_imports_what_the_architecture_doc_lists() {
    let src = library_src();
    let documented = documented_imports();
    let layers: Vec<&str> = documented.iter().map(|(l, _)| l.as_str()).collect();
    assert_eq!(layers, LAYERS, "the doc's layers, bottom to top");
    for (rank, (layer, allowed)) in documented.iter().enumerate() {
        for i in allowed {
            let below = LAYERS[..rank].contains(&i.as_str());
            assert!(
                below,
                "the doc lets {layer} import {i}, which is not below it"
            );
        }
        let used = used_layers(&src, layer);
        // Both ways: the code imports nothing the doc leaves out, and the doc lists
        // nothing the code does not import (a stale line is drift too).
        assert_eq!(
            &used, allowed,
            "src/{layer} imports {used:?}; docs/architecture.md says {allowed:?}"
        );
    }
    let files = std::fs::read_dir(&src).unwrap().count();
    assert!(
        files <= 12,
        "{files} entries directly in crates/pocket/src/"
    );
}

/// The names of the packages a manifest's `[dependencies]` table lists.
fn dependencies(manifest: &str) -> Vec<String> {
    let mut names = Vec::new();
    let mut inside = false;
    for line in manifest.lines() {
        let line = line.trim();
        if line.starts_with('[') {
            inside = line == "[dependencies]";
        } else if inside && let Some((name, _)) = line.split_once('=') {
            names.push(name.trim().to_string());
        }
    }
    names
}

#[test]
fn the_library_depends_on_no_front_end() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let manifest = std::fs::read_to_string(root.join("crates/pocket/Cargo.toml")).unwrap();
    let deps = dependencies(&manifest);
    assert!(deps.contains(&"smallvec".to_string()), "{deps:?}");
    for front in [
        "argh",
        "axum",
        "hyper",
        "hyper-util",
        "tokio",
        "pyo3",
        "numpy",
    ] {
        assert!(
            !deps.iter().any(|d| d == front),
            "the library depends on {front}, a front end's crate"
        );
    }
    // And the front ends name the library as a crate, never its files.
    let cli = std::fs::read_to_string(root.join("Cargo.toml")).unwrap();
    assert!(dependencies(&cli).contains(&"pocket".to_string()));
    let python = std::fs::read_to_string(root.join("python/Cargo.toml")).unwrap();
    assert!(dependencies(&python).contains(&"pocket_lib".to_string()));
}
