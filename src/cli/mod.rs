//! The `pocket` command line: argument types and the commands they run.
//!
//! Results go to stdout, diagnostics to stderr. Exit status: 0 success, 1 bad input
//! (or a failed check), 2 usage error.

// Diagnostics go to standard error; when it is closed (`pocket 2>&1 | head -1`), a
// failed write must not panic (the release build aborts on a panic): these replace
// the standard macros in every command.
macro_rules! eprintln {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!(std::io::stderr(), $($arg)*);
    }};
}
macro_rules! eprint {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let _ = write!(std::io::stderr(), $($arg)*);
    }};
}

mod algs;
mod cases;
mod census;
mod check;
#[cfg(unix)]
mod interrupt;
mod invert;
mod judge;
mod net;
mod patterns;
mod puzzles;
mod scramble;
#[cfg(feature = "serve")]
mod serve;
mod show;
mod solve;

use algs::{AlgsArgs, cmd_algs};
use cases::{CasesArgs, cmd_cases};
use census::{CensusArgs, cmd_census};
use check::{CheckArgs, cmd_check};
use invert::{InvertArgs, cmd_invert};
use judge::{JudgeArgs, cmd_judge};
use net::{NetArgs, cmd_net};
use patterns::{PatternsArgs, cmd_patterns};
use puzzles::{PuzzlesArgs, cmd_puzzles};
use scramble::{ScrambleArgs, cmd_scramble};
#[cfg(feature = "serve")]
use serve::{ServeArgs, cmd_serve};
use show::{ShowArgs, cmd_show};
use solve::{SolveArgs, cmd_solve};

use std::ffi::OsString;
use std::io::{self, Write};
use std::process::ExitCode;

use argh::FromArgs;

use pocket::challenge::patterns::Pattern;
use pocket::io::is_broken_pipe;
use pocket::model::stickers::{NET_HELP, escape_text};

use pocket::request::RequestError;
pub use pocket::request::{EXIT_BAD_INPUT, EXIT_OK, EXIT_USAGE};

#[derive(FromArgs, Debug)]
/// Optimal solver and toolkit for the 2x2x2 Rubik's cube (Pocket Cube).
/// A state is 24 sticker characters in a net of the cube (`pocket net` draws it);
/// any 6 printable characters may be the colours.
#[argh(
    example = "pocket solve UUUURLFBLRBFLLFFRRBBDDDD",
    example = "pocket patterns",
    example = "pocket solve --metric qtm < states.txt",
    example = "pocket algs --orbit corner --change cycle",
    example = "pocket net",
    example = "pocket serve   (the solver as a web page at http://127.0.0.1:8080/)",
    note = "Run `pocket <command> --help` for the options of each command. Also -h for \
            --help, and --version (-V)."
)]
pub(crate) struct Pocket {
    #[argh(subcommand)]
    command: Command,
}

#[derive(FromArgs, Debug)]
#[argh(subcommand)]
enum Command {
    Solve(SolveArgs),
    Patterns(PatternsArgs),
    Census(CensusArgs),
    Check(CheckArgs),
    Judge(JudgeArgs),
    Scramble(ScrambleArgs),
    Show(ShowArgs),
    Invert(InvertArgs),
    Puzzles(PuzzlesArgs),
    Algs(AlgsArgs),
    Cases(CasesArgs),
    Net(NetArgs),
    #[cfg(feature = "serve")]
    Serve(ServeArgs),
}

/// The subcommands, for suggestions.
const COMMANDS: [&str; 14] = [
    "solve", "patterns", "census", "check", "judge", "scramble", "show", "invert", "puzzles",
    "algs", "cases", "net", "serve", "help",
];

/// The commands that read states: their help ends with the net.
const READ_STATES: [&str; 3] = ["solve", "show", "check"];

/// The arguments as argh reads them: `-h` is `--help`, and `--option=value` is two
/// arguments. Nothing after `--` is touched (a state may start with `-`).
fn normalise(args: &[String]) -> Vec<String> {
    let mut out = Vec::with_capacity(args.len());
    let mut options = true;
    for a in args {
        match a.as_str() {
            "--" if options => {
                options = false;
                out.push(a.clone());
            }
            "-h" if options => out.push("--help".into()),
            _ if options && a.starts_with("--") && a.contains('=') => {
                let (option, value) = a.split_once('=').unwrap_or((a, ""));
                out.push(option.into());
                out.push(value.into());
            }
            _ => out.push(a.clone()),
        }
    }
    out
}

/// The number of single-character edits between two words, a swap of neighbours
/// counting as one (`slove` is one edit from `solve`, two from `serve`).
fn edit_distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    // d[i][j]: edits between the first i characters of a and the first j of b.
    let mut d = vec![vec![0usize; b.len() + 1]; a.len() + 1];
    for (i, row) in d.iter_mut().enumerate() {
        row[0] = i;
    }
    for (j, cell) in d[0].iter_mut().enumerate() {
        *cell = j;
    }
    for i in 1..=a.len() {
        for j in 1..=b.len() {
            let change = usize::from(a[i - 1] != b[j - 1]);
            let mut best = (d[i - 1][j - 1] + change)
                .min(d[i - 1][j] + 1)
                .min(d[i][j - 1] + 1);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                best = best.min(d[i - 2][j - 2] + 1);
            }
            d[i][j] = best;
        }
    }
    d[a.len()][b.len()]
}

/// The closest of `known` to a mistyped `word`, if it is close enough to be meant.
fn closest<'k>(word: &str, known: &[&'k str]) -> Option<&'k str> {
    known
        .iter()
        .map(|&k| (edit_distance(word, k), k))
        .filter(|&(d, k)| d > 0 && d <= 2.max(k.len() / 4))
        .min()
        .map(|(_, k)| k)
}

/// The long options of a subcommand, read from its help.
fn options_of(command: &str) -> Vec<String> {
    let help = match Pocket::from_args(&["pocket"], &[command, "--help"]) {
        Err(early) => early.output,
        Ok(_) => String::new(),
    };
    let mut options: Vec<String> = help
        .split(|c: char| !(c.is_ascii_alphanumeric() || c == '-'))
        .filter(|w| w.starts_with("--") && w.len() > 2)
        .map(String::from)
        .collect();
    options.sort();
    options.dedup();
    options
}

/// A hint for an argument argh did not recognise: the command or option meant.
fn suggestion(message: &str, command: Option<&str>) -> Option<String> {
    let word = message.trim().strip_prefix("Unrecognized argument: ")?;
    let meant = match command {
        None => closest(word, &COMMANDS)?.to_string(),
        Some(c) if word.starts_with("--") => {
            let options = options_of(c);
            let known: Vec<&str> = options.iter().map(String::as_str).collect();
            closest(word, &known)?.to_string()
        }
        Some(_) => return None,
    };
    Some(format!("did you mean `{meant}`?"))
}

/// `pocket show UUUU RLFB ...`: a state cut into arguments at its spaces, which the
/// command then refuses one by one. The first words that make 24 characters, quoted.
fn quote_hint(command: Option<&str>, rest: &[&str]) -> Option<String> {
    let c = command.filter(|c| READ_STATES.contains(c))?;
    let words: Vec<&str> = rest
        .iter()
        .skip(1)
        .filter(|w| !w.starts_with('-'))
        .copied()
        .collect();
    let mut total = 0;
    for (k, w) in words.iter().enumerate() {
        total += w.len();
        if w.len() >= 24 || total > 24 {
            return None;
        }
        if total == 24 && k > 0 {
            let state = words[..=k].join(" ");
            return Some(format!(
                "a state typed with spaces must be quoted: pocket {c} \"{state}\""
            ));
        }
    }
    None
}

/// Run the command line `args` (including the program name) and return its status.
pub fn run<I: IntoIterator<Item = OsString>>(args: I) -> ExitCode {
    let args: Vec<String> = args
        .into_iter()
        .map(|a| pocket::model::stickers::os_arg_text(&a))
        .collect();
    let name = args.first().map(|s| program_name(s)).unwrap_or("pocket");
    let rest = normalise(args.get(1..).unwrap_or(&[]));
    let before_end = rest.iter().take_while(|a| *a != "--");
    if before_end.clone().any(|a| a == "--version" || a == "-V") {
        return print_quietly(&format!("pocket {}", env!("CARGO_PKG_VERSION")));
    }
    let command = rest
        .first()
        .filter(|c| COMMANDS.contains(&c.as_str()) && *c != "help")
        .map(String::as_str);
    let rest: Vec<&str> = rest.iter().map(String::as_str).collect();
    if cfg!(not(feature = "serve")) && rest.first() == Some(&"serve") {
        eprintln!(
            "{name}: this pocket was built without the `serve` feature \
             (build with `cargo install --path .`, default features, to get `{name} serve`)"
        );
        return ExitCode::from(EXIT_USAGE);
    }
    let parsed = match Pocket::from_args(&[name], &rest) {
        Ok(p) => p,
        Err(early) => {
            return match early.status {
                Ok(()) if command.is_some_and(|c| READ_STATES.contains(&c)) => {
                    print_quietly(&format!("{}\n\n{NET_HELP}", early.output.trim_end()))
                }
                Ok(()) => print_quietly(&early.output),
                Err(()) => {
                    for line in early.output.trim_end().lines() {
                        eprintln!("{}", escape_text(line));
                    }
                    if let Some(hint) = suggestion(&early.output, command) {
                        eprintln!("{}", escape_text(&hint));
                    }
                    if let Some(hint) = quote_hint(command, &rest) {
                        eprintln!("{}", escape_text(&hint));
                    }
                    match command {
                        Some(c) => eprintln!("Run `{name} {c} --help` for usage."),
                        None => eprintln!("Run `{name} --help` for usage."),
                    }
                    ExitCode::from(EXIT_USAGE)
                }
            };
        }
    };
    let status = match parsed.command {
        Command::Solve(a) => cmd_solve(a),
        Command::Patterns(a) => cmd_patterns(a),
        Command::Census(a) => cmd_census(a),
        Command::Check(a) => cmd_check(a),
        Command::Judge(a) => cmd_judge(a),
        Command::Scramble(a) => cmd_scramble(a),
        Command::Show(a) => cmd_show(a),
        Command::Invert(a) => cmd_invert(a),
        Command::Puzzles(a) => cmd_puzzles(a),
        Command::Algs(a) => cmd_algs(a),
        Command::Cases(a) => cmd_cases(a),
        Command::Net(_) => cmd_net(),
        #[cfg(feature = "serve")]
        Command::Serve(a) => cmd_serve(a),
    };
    match status {
        Ok(code) => ExitCode::from(code),
        Err(e) if is_broken_pipe(&e) => ExitCode::from(EXIT_OK),
        Err(e) => {
            eprintln!("{name}: {e}");
            ExitCode::from(EXIT_BAD_INPUT)
        }
    }
}

fn program_name(path: &str) -> &str {
    std::path::Path::new(path)
        .file_name()
        .and_then(|s| s.to_str())
        .unwrap_or("pocket")
}

/// Print help text: quiet on a closed pipe, but a failed write (a full disk) is an
/// error, not a success.
fn print_quietly(text: &str) -> ExitCode {
    let mut out = io::stdout().lock();
    let written = out
        .write_all(text.as_bytes())
        .and_then(|_| {
            if text.ends_with('\n') {
                Ok(())
            } else {
                out.write_all(b"\n")
            }
        })
        .and_then(|_| out.flush());
    match written {
        Ok(()) => ExitCode::from(EXIT_OK),
        Err(e) if is_broken_pipe(&e) => ExitCode::from(EXIT_OK),
        Err(e) => {
            eprintln!("pocket: cannot write the help: {e}");
            ExitCode::from(EXIT_BAD_INPUT)
        }
    }
}

/// `--gen` for argh, which wants its message as a string.
fn parse_gen(spec: &str) -> Result<Vec<pocket::model::moves::Move>, String> {
    pocket::model::moves::parse_generators(spec).map_err(|e| e.to_string())
}

fn usage(command: &str, message: &str) -> io::Result<u8> {
    report_usage(command, message);
    Ok(EXIT_USAGE)
}

/// Say what is wrong with the command line, and where help is.
fn report_usage(command: &str, message: &str) {
    eprintln!("pocket: {}", escape_text(message));
    eprintln!("Run `pocket {command} --help` for usage.");
}

/// Report a request's refusal the command line's way, and give its exit status.
fn report(command: &str, e: RequestError) -> u8 {
    match e {
        RequestError::Usage(_) => {
            report_usage(command, &e.to_string());
            EXIT_USAGE
        }
        RequestError::Input(_) => {
            eprintln!("pocket: {e}");
            EXIT_BAD_INPUT
        }
        RequestError::Io(e) if is_broken_pipe(&e) => EXIT_OK,
        RequestError::Io(e) => {
            eprintln!("pocket: {e}");
            EXIT_BAD_INPUT
        }
    }
}

/// The built-in patterns, or those of a file; a file that cannot be used is reported.
fn load_patterns(file: &Option<String>) -> Result<Vec<Pattern>, u8> {
    pocket::challenge::pattern_file::load_patterns(file.as_deref()).map_err(|e| {
        eprintln!("pocket: {e}");
        EXIT_BAD_INPUT
    })
}

/// The picture style for standard output under `--color` (ripgrep's convention:
/// `auto` colours a terminal unless `NO_COLOR` is set and not empty).
fn stdout_style(when: pocket::cube::ColorChoice) -> pocket::cube::Style {
    use std::io::IsTerminal;
    let env = pocket::cube::ColorEnv {
        no_color: std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty()),
        true_colour: matches!(
            std::env::var("COLORTERM").as_deref(),
            Ok("truecolor") | Ok("24bit")
        ),
    };
    pocket::cube::Style::choose(when, io::stdout().is_terminal(), env)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_swap_of_neighbours_is_one_edit() {
        assert_eq!(edit_distance("slove", "solve"), 1);
        assert_eq!(edit_distance("slove", "serve"), 2);
        assert_eq!(edit_distance("", "net"), 3);
        assert_eq!(edit_distance("census", "census"), 0);
        assert_eq!(closest("slove", &COMMANDS), Some("solve"));
        assert_eq!(closest("serv", &COMMANDS), Some("serve"));
    }
}
