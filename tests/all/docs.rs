//! Every command example of the README, of `docs/` and of every `--help` runs as
//! written, through the real binary, and the README's example output is what `pocket`
//! prints. An example runs in a scratch directory holding the files examples name;
//! one whose note (`  # ...` in a shell block, `   (...)` in a help text) starts with
//! "error" must fail with exit 1 or 2 instead. `pocket serve` runs until stopped, so
//! tests/serve.rs starts it instead.

use crate::common;
use crate::common::brute::matches;
use crate::common::lines_of;

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

/// A shell line without its trailing `# comment` (two spaces before the `#`), and
/// the comment.
fn command_of(line: &str) -> (&str, &str) {
    match line.split_once("  #") {
        Some((command, note)) => (command.trim(), note.trim()),
        None => (line.trim(), ""),
    }
}

/// A `--help` example without its trailing `(note)` (three spaces before it), and
/// the note.
fn help_example_of(line: &str) -> (&str, &str) {
    match line.split_once("   (") {
        Some((command, note)) => (command.trim(), note.trim_end_matches(')').trim()),
        None => (line.trim(), ""),
    }
}

/// An example the text marks as failing on purpose: its note starts with "error".
fn marked_error(note: &str) -> bool {
    note.starts_with("error")
}

/// A scratch directory holding the files the examples name.
fn example_dir(name: &str) -> Dir {
    let dir = Dir::new(name);
    let states =
        "UUUURLFBLRBFLLFFRRBBDDDD\nUUUDLLFRFRBBLLFRFRBBDUDD\nWWWW OOGG RRBB OOGG RRBB YYYY\n";
    dir.file("states.txt", states);
    // A pattern file's line is a name, a state and lengths, or a bare state.
    let bare = "UUUURLFBLRBFLLFFRRBBDDDD\nUUUDLLFRFRBBLLFRFRBBDUDD\n";
    dir.file("random.txt", bare);
    dir.file("my-positions.txt", bare);
    // The judge's examples: a solver in plain Python, and a script that runs it (the
    // box holds the folders the command line names, here this one).
    dir.file("solver.py", &crate::judge_leaks::python_solver());
    #[cfg(unix)]
    dir.script("solver", "exec python3 solver.py \"$@\"");
    // A folder for `judge --bind`.
    std::fs::create_dir_all(dir.0.join("tables")).unwrap();
    // A directory for `judge --writable`.
    std::fs::create_dir_all(dir.0.join("cache")).unwrap();
    dir
}

/// Whether `command` is run here for the first time in this test process.
fn first_run(command: &str) -> bool {
    static RAN: std::sync::Mutex<Vec<String>> = std::sync::Mutex::new(Vec::new());
    let mut ran = RAN.lock().unwrap_or_else(|e| e.into_inner());
    if ran.iter().any(|c| c == command) {
        return false;
    }
    ran.push(command.to_string());
    true
}

/// Which examples a run takes: the quick ones (`cargo test`) or the slow ones
/// (scripts/test-slow).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Pace {
    Quick,
    Slow,
}

/// Whether an example builds Reid's tables (4 of the 15 s the examples took in the
/// everyday suite's 63 s, warm, on 2 cores).
fn builds_reid_tables(command: &str) -> bool {
    command.contains("--method reid")
}

/// Run each example in `dir` with the binary first on the PATH: it must exit 0, or
/// (marked as an error example) 1 or 2 with a message on standard error.
/// Returns how many ran.
fn run_examples(dir: &Dir, examples: &[(String, String, bool)], pace: Pace) -> usize {
    let mut ran = 0;
    let bin = Path::new(env!("CARGO_BIN_EXE_pocket")).parent().unwrap();
    let path = format!(
        "{}:{}",
        bin.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let verbose = std::env::var_os("POCKET_VERBOSE").is_some();
    for (source, command, error) in examples {
        // The same line in two documents (the README and docs/commands.md), or in a
        // document and a `--help`, runs once in the process (`census --symmetry`
        // three times was 3 s of the suite's CPU).
        if builds_reid_tables(command) != (pace == Pace::Slow) || !first_run(command) {
            continue;
        }
        ran += 1;
        let started = std::time::Instant::now();
        let o = Command::new("sh")
            .arg("-c")
            .arg(command)
            .current_dir(&dir.0)
            .env("PATH", &path)
            .env("NO_COLOR", "1")
            .stdin(std::process::Stdio::null())
            .output()
            .unwrap();
        if verbose {
            eprintln!("{:?} {command}", started.elapsed());
        }
        let code = o.status.code();
        let fine = if *error {
            matches!(code, Some(1 | 2))
        } else {
            code == Some(0)
        };
        assert!(
            fine,
            "{source}: `{command}` exited {code:?}{}:\n{}{}",
            if *error { " (an error example)" } else { "" },
            String::from_utf8_lossy(&o.stdout),
            String::from_utf8_lossy(&o.stderr)
        );
    }
    ran
}

#[test]
fn every_command_example_runs() {
    let dir = example_dir("docs");
    let commands = doc_examples(&dir);
    assert!(commands.len() > 40, "{} examples found", commands.len());
    run_examples(&dir, &commands, Pace::Quick);
    let puzzle = dir.0.join("my-puzzle.txt");
    let o = pocket(&["census", "--puzzle", puzzle.to_str().unwrap()], b"");
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
}

/// The `pocket ...` lines of the documents' `sh` blocks, with where each is from;
/// their `puzzle` blocks written into `dir` as they name them.
fn doc_examples(dir: &Dir) -> Vec<(String, String, bool)> {
    let mut commands = Vec::new();
    for (file, text) in documents() {
        for (lang, body) in blocks(&text) {
            match lang.as_str() {
                "sh" => {
                    for line in body.lines() {
                        let (command, note) = command_of(line);
                        // A server runs until stopped: tests/serve.rs starts it.
                        if command.starts_with("pocket serve") {
                            continue;
                        }
                        if command.starts_with("pocket ") {
                            let source = file.display().to_string();
                            commands.push((source, command.to_string(), marked_error(note)));
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
    commands
}

/// The `pocket ...` lines of the "Examples:" section of a `--help` text.
fn help_examples(help: &str) -> Vec<(String, bool)> {
    help.lines()
        .skip_while(|l| l.trim() != "Examples:")
        .skip(1)
        .take_while(|l| !l.trim().is_empty())
        .map(help_example_of)
        .filter(|(command, _)| command.starts_with("pocket "))
        .map(|(command, note)| (command.to_string(), marked_error(note)))
        .collect()
}

/// Item 4 of issue 25: every example of `pocket --help` and of every command's
/// `--help` runs and exits 0 (the help names the commands; none is missed).
#[test]
fn every_help_example_runs() {
    run_examples(&example_dir("help"), &help_examples_of_all(), Pace::Quick);
}

/// The examples that build Reid's tables, which `cargo test` leaves to this test: 4 s
/// each in a test build, and tests/reid.rs builds the same tables.
#[test]
#[ignore = "slow, Reid's tables: scripts/test-slow"]
fn every_slow_example_runs() {
    let dir = example_dir("slow");
    let mut examples = doc_examples(&dir);
    examples.extend(help_examples_of_all());
    // The README's, docs/commands.md's and `solve --help`'s are one line, run once.
    assert_eq!(run_examples(&dir, &examples, Pace::Slow), 1);
}

/// Every command's `--help` examples, with where each is from.
fn help_examples_of_all() -> Vec<(String, String, bool)> {
    let top = stdout(&pocket(&["--help"], b""));
    let names: Vec<String> = top
        .lines()
        .skip_while(|l| l.trim() != "Commands:")
        .skip(1)
        .take_while(|l| !l.trim().is_empty())
        // A command's line starts with two spaces and its name; wrapped text has more.
        .filter(|l| l.starts_with("  ") && !l.starts_with("   "))
        .filter_map(|l| l.split_whitespace().next().map(str::to_string))
        .collect();
    assert!(names.len() >= 11, "{names:?}");
    let mut examples: Vec<(String, String, bool)> = help_examples(&top)
        .into_iter()
        .map(|(c, e)| ("pocket --help".to_string(), c, e))
        .collect();
    for name in &names {
        let help = stdout(&pocket(&[name, "--help"], b""));
        let found = help_examples(&help);
        assert!(!found.is_empty(), "pocket {name} --help has no example");
        examples.extend(
            found
                .into_iter()
                .map(|(c, e)| (format!("pocket {name} --help"), c, e)),
        );
    }
    // A server runs until stopped: tests/serve.rs starts it and asks its API.
    examples.retain(|(_, command, _)| !command.starts_with("pocket serve"));
    examples
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

/// Item 4: the `--effect` examples of `algs --help` are positions, and the
/// algorithms listed for them make them (tests/docs.rs runs every example).
/// Issue 25, item 4.
#[test]
fn help_examples_are_possible() {
    let help = lines_of(&["algs", "--help"], b"");
    let effects: Vec<&str> = help
        .iter()
        .filter_map(|l| l.split("--effect ").nth(1))
        .filter_map(|rest| rest.split_whitespace().next())
        .filter(|e| e.len() == 24)
        .collect();
    assert!(effects.len() >= 3, "{help:?}");
    for effect in effects {
        let listed = lines_of(&["algs", "--effect", effect, "--limit", "30"], b"");
        assert!(!listed.is_empty(), "{effect}");
        for alg in &listed {
            let after = apply(SOLVED, alg.split(" (cost").next().unwrap());
            let after: [u8; 24] = after.try_into().unwrap();
            assert!(matches(&after, effect.as_bytes()), "{effect}: {alg}");
        }
    }
}

/// Every file or folder of the repository a document names in backticks
/// (`tests/all/layers.rs`, `crates/pocket/src/cube/`) is there: a moved file leaves
/// no false pointer behind.
#[test]
fn every_path_the_docs_name_is_there() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let tops = [
        "src/",
        "crates/",
        "tests/",
        "scripts/",
        "python/",
        "docs/",
        "fixtures/",
        ".ci/",
    ];
    let mut missing = Vec::new();
    let mut seen = 0;
    for (file, text) in documents() {
        for quoted in text.split('`').skip(1).step_by(2) {
            let named = quoted.split([' ', ':']).next().unwrap_or("");
            let is_path = tops.iter().any(|t| named.starts_with(t))
                && !named.contains(['*', '{', '<', '$'])
                && named.len() > 4;
            if !is_path {
                continue;
            }
            seen += 1;
            if !root.join(named).exists() {
                missing.push(format!("{}: {named}", file.display()));
            }
        }
    }
    assert!(seen > 20, "only {seen} paths found");
    assert!(missing.is_empty(), "named but not there: {missing:#?}");
}
