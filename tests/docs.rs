//! Every command example of the README and `docs/` runs as written, through the real
//! binary, and the README's example output is what `pocket` prints.

mod common;

use std::path::{Path, PathBuf};
use std::process::Command;

use common::*;

/// The fenced blocks of a Markdown text with their language.
fn blocks(text: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut lines = text.lines();
    while let Some(line) = lines.next() {
        if let Some(lang) = line.strip_prefix("```") {
            let body: Vec<&str> = lines
                .by_ref()
                .take_while(|l| !l.starts_with("```"))
                .collect();
            out.push((lang.to_string(), body.join("\n")));
        }
    }
    out
}

fn documents() -> Vec<(PathBuf, String)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut paths = vec![root.join("README.md")];
    let mut docs: Vec<PathBuf> = std::fs::read_dir(root.join("docs"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "md"))
        .collect();
    docs.sort();
    paths.extend(docs);
    paths
        .into_iter()
        .map(|p| {
            let text = std::fs::read_to_string(&p).unwrap();
            (p, text)
        })
        .collect()
}

/// A shell line without its trailing `# comment` (two spaces before the `#`).
fn command_of(line: &str) -> &str {
    line.split("  #").next().unwrap_or(line).trim()
}

#[test]
fn every_command_example_runs() {
    let dir = Dir::new("docs");
    let bin = Path::new(env!("CARGO_BIN_EXE_pocket")).parent().unwrap();
    let path = format!(
        "{}:{}",
        bin.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    dir.file(
        "states.txt",
        "UUUURLFBLRBFLLFFRRBBDDDD\nUUUDLLFRFRBBLLFRFRBBDUDD\nWWWW OOGG RRBB OOGG RRBB YYYY\n",
    );
    let mut commands = Vec::new();
    for (file, text) in documents() {
        for (lang, body) in blocks(&text) {
            match lang.as_str() {
                "sh" => {
                    for line in body.lines() {
                        let command = command_of(line);
                        // A server runs until stopped: tests/serve.rs starts it.
                        if command.starts_with("pocket serve") {
                            continue;
                        }
                        if command.starts_with("pocket ") {
                            commands.push((file.clone(), command.to_string()));
                        }
                    }
                }
                // A puzzle definition loads as written.
                "puzzle" => {
                    dir.file("my-puzzle.txt", &body);
                }
                _ => {}
            }
        }
    }
    assert!(commands.len() > 40, "{} examples found", commands.len());
    for (file, command) in &commands {
        let o = Command::new("sh")
            .arg("-c")
            .arg(command)
            .current_dir(&dir.0)
            .env("PATH", &path)
            .env("NO_COLOR", "1")
            .stdin(std::process::Stdio::null())
            .output()
            .unwrap();
        assert_eq!(
            o.status.code(),
            Some(0),
            "{}: `{command}` failed:\n{}{}",
            file.display(),
            String::from_utf8_lossy(&o.stdout),
            String::from_utf8_lossy(&o.stderr)
        );
    }
    let puzzle = dir.0.join("my-puzzle.txt");
    let o = pocket(&["census", "--puzzle", puzzle.to_str().unwrap()], b"");
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
}

#[test]
fn the_readme_shows_what_pocket_prints() {
    let (_, readme) = &documents()[0];
    let all = blocks(readme);
    let at = all
        .iter()
        .position(|(_, b)| b.trim() == "pocket solve UUUURLFBLRBFLLFFRRBBDDDD")
        .expect("the first solve example");
    let (lang, shown) = &all[at + 1];
    assert_eq!(lang, "text");
    let o = pocket(&["solve", "UUUURLFBLRBFLLFFRRBBDDDD"], b"");
    assert_eq!(stdout(&o).trim(), shown.trim());
}
