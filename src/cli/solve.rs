//! `pocket solve`: optimal solutions, for the cube or a defined puzzle.

use std::io::{self, IsTerminal, Write};

use argh::FromArgs;

use crate::cli::batch::{Answer, Item, answer_arguments, answer_lines};
use crate::io::{Line, LineReader, trim};
use crate::model::cost::{Costs, Metric};
use crate::model::goal::Goal;
use crate::model::moves::{Move, generators_name};
use crate::model::notation::Layout;
use crate::model::stickers::escape_text;
use crate::pocket::picture::Style;
use crate::pocket::solver::PocketSolver;
use crate::pocket::table::TableSolver;

use super::{EXIT_BAD_INPUT, EXIT_OK, load_puzzle, parse_gen, usage};

#[derive(FromArgs, Debug)]
/// Solve states optimally: one line of moves over R U F per state.
#[argh(
    subcommand,
    name = "solve",
    example = "pocket solve UUUURLFBLRBFLLFFRRBBDDDD",
    example = "pocket solve --compact --metric qtm < states.txt",
    example = "pocket solve --all -- -UUUR...   (use -- before a state starting with -)",
    example = "pocket solve --puzzle pocket-21 \"2 0 3 1 6 7 8 9 10 11 4 5 12 13 14 15 16 17 18 19 20\"",
    note = "With no STATE, states are read from standard input, one per line (blank lines \
            skipped). Each state gets exactly one output line, in input order: the moves, \
            an empty line for a solved cube, or `error: <reason>` for an invalid state. \
            Exit status: 0 all solved, 1 some state invalid, 2 usage error."
)]
pub(super) struct SolveArgs {
    /// metric to minimise: htm (a half turn is one move, default) or qtm (a half
    /// turn counts two)
    #[argh(option, default = "Metric::Htm")]
    metric: Metric,
    /// print moves without spaces, e.g. RU2F'
    #[argh(switch)]
    compact: bool,
    /// print every optimal solution on the state's line, separated by ", " (with
    /// --compact by a space), sorted move by move in the order R R' R2 U U' U2 F F' F2
    #[argh(switch)]
    all: bool,
    /// print only the number of optimal solutions
    #[argh(switch)]
    count: bool,
    /// bidir (default): bidirectional search, instant start; table: build the full
    /// distance table once (about 0.1 s), then solve very fast on both cores
    #[argh(option, default = "Method::Bidir")]
    method: Method,
    /// move costs to minimise instead of a metric, e.g.
    /// "R2=1.5,U2=1.4,F=1.3,F2=2" (a face letter sets that face's other turns; moves
    /// not named cost 1); the text output ends with " (cost X)"
    #[argh(option)]
    cost: Option<String>,
    /// solve the position a WCA move sequence makes from solved (U D L R F B x y z,
    /// with ' and 2); repeat for several; "-" reads one sequence per line from stdin
    #[argh(option)]
    moves: Vec<String>,
    /// facelet order of the states: golf (default, the net of the README) or urfdlb
    /// (Kociemba's U R F D L B order)
    #[argh(option, default = "Layout::Golf")]
    layout: Layout,
    /// turn only these moves: faces (RU) or a list (R2,U2,F2); a state they cannot
    /// reach gets an error line
    #[argh(option, long = "gen", from_str_fn(parse_gen))]
    generators: Option<Vec<Move>>,
    /// solve to the nearest state matching this pattern instead: 24 characters in the
    /// state's colours, `.` for any colour (e.g. first layer: ............LLFFRRBBDDDD)
    #[argh(option)]
    goal: Option<String>,
    /// solve another puzzle: a built-in name (`pocket puzzles`) or a definition file;
    /// states are sticker strings of that puzzle (or sticker numbers, `2 0 3 1 ...`,
    /// when its stickers all differ, as in pocket-21), costs those of its definition;
    /// takes --all, --count, --compact and --cost
    #[argh(option)]
    puzzle: Option<String>,
    /// print one JSON object per state
    #[argh(switch)]
    json: bool,
    /// draw each state before its answer line (see `pocket show`)
    #[argh(switch)]
    show: bool,
    /// with --show, also draw the cube after every move of the solution
    #[argh(switch)]
    steps: bool,
    /// states to solve (default: read standard input)
    #[argh(positional, greedy)]
    states: Vec<String>,
}

/// How `solve` searches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Method {
    Bidir,
    Table,
}

impl std::str::FromStr for Method {
    type Err = String;

    fn from_str(s: &str) -> Result<Method, String> {
        match s.to_ascii_lowercase().as_str() {
            "bidir" | "bidirectional" => Ok(Method::Bidir),
            "table" => Ok(Method::Table),
            _ => Err(format!("unknown method '{s}' (expected bidir or table)")),
        }
    }
}

/// `pocket solve --puzzle`: states of a defined puzzle, one answer line each.
fn solve_puzzle(a: &SolveArgs, name: &str) -> io::Result<u8> {
    if a.generators.is_some()
        || !a.moves.is_empty()
        || a.json
        || a.show
        || a.steps
        || a.goal.is_some()
        || a.method == Method::Table
        || a.metric != Metric::Htm
        || a.layout != Layout::Golf
    {
        return usage(
            "solve",
            "--puzzle takes only --all, --count, --compact and --cost",
        );
    }
    let puzzle = match load_puzzle("solve", name, a.cost.as_deref()) {
        Ok(p) => p,
        Err(code) => return Ok(code),
    };
    let space = match puzzle.space(true) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("pocket: puzzle {name}: {e}");
            return Ok(EXIT_BAD_INPUT);
        }
    };
    let weighted = puzzle.weighted();
    let mut solver = space.solver();
    let mut answer = |state: &[u8]| -> Result<String, String> {
        let start = puzzle.state(state).map_err(|e| e.to_string())?;
        let paths = if a.all || a.count {
            solver.try_solve_all(start)
        } else {
            solver.try_solve(start).map(|p| p.into_iter().collect())
        }
        .map_err(|e| e.to_string())?;
        let Some(first) = paths.first() else {
            return Err(format!("not reachable with the moves of {}", puzzle.name));
        };
        let sep = if a.compact { "" } else { " " };
        let mut line = if a.count {
            paths.len().to_string()
        } else {
            let texts: Vec<String> = paths
                .iter()
                .map(|p| space.names(&p.moves).join(sep))
                .collect();
            texts.join(if a.compact { " " } else { ", " })
        };
        if weighted && !a.count {
            line.push_str(&format!(
                "{}(cost {})",
                if first.moves.is_empty() { "" } else { " " },
                space.format_cost(first.cost)
            ));
        }
        Ok(line)
    };
    let mut out = io::BufWriter::new(io::stdout().lock());
    let mut invalid = 0;
    let mut emit = |result: Result<String, String>, out: &mut dyn Write| -> io::Result<()> {
        match result {
            Ok(line) => writeln!(out, "{line}"),
            Err(e) => {
                invalid += 1;
                writeln!(out, "error: {}", escape_text(&e))
            }
        }
    };
    if a.states.is_empty() {
        let mut reader = LineReader::new(io::stdin().lock());
        loop {
            let line = {
                let mut flush = || out.flush();
                reader.next_line(&mut flush)?
            };
            let result = match line {
                None => break,
                Some(Line::TooLong(n)) => Err(format!("line too long ({n} bytes)")),
                Some(Line::Text(t)) if trim(t).is_empty() => continue,
                Some(Line::Text(t)) => answer(trim(t)),
            };
            emit(result, &mut out)?;
        }
    } else {
        for s in &a.states {
            emit(answer(s.as_bytes()), &mut out)?;
        }
    }
    out.flush()?;
    Ok(if invalid == 0 {
        EXIT_OK
    } else {
        EXIT_BAD_INPUT
    })
}

pub(super) fn cmd_solve(mut a: SolveArgs) -> io::Result<u8> {
    if let Some(name) = a.puzzle.clone() {
        return solve_puzzle(&a, &name);
    }
    let costs = match a.cost.as_deref().map(str::parse::<Costs>).transpose() {
        Ok(c) => c,
        Err(e) => return usage("solve", &format!("bad --cost: {e}")),
    };
    if costs.is_some() && (a.metric != Metric::Htm || a.method == Method::Table) {
        return usage(
            "solve",
            "--cost replaces --metric and works with the default method only",
        );
    }
    if a.generators.is_some() && a.method == Method::Table {
        return usage("solve", "--gen works with the default method only");
    }
    let goal = match a.goal.as_deref().map(Goal::parse).transpose() {
        Ok(g) => g,
        Err(e) => return usage("solve", &e.to_string()),
    };
    if goal.is_some() && (a.method == Method::Table || a.all || a.count || a.json) {
        return usage(
            "solve",
            "--goal works with the default method, without --all, --count or --json",
        );
    }
    let generators = a.generators.clone().unwrap_or_else(|| Move::ALL.to_vec());
    if !a.moves.is_empty() && !a.states.is_empty() {
        return usage("solve", "give either --moves sequences or states, not both");
    }
    let moves_input = !a.moves.is_empty();
    if a.moves.iter().any(|m| m == "-") {
        if a.moves.len() > 1 {
            return usage(
                "solve",
                "--moves - reads standard input and cannot be mixed with sequences",
            );
        }
        a.moves.clear();
    }
    let answer = Answer {
        compact: a.compact,
        all: a.all,
        count: a.count,
        json: a.json,
        layout: a.layout,
        moves_input,
        metric: a.metric,
        costs: costs.clone(),
        show: a
            .show
            .then(|| (Style::detect(io::stdout().is_terminal()), a.steps)),
        goal,
        reach_name: generators_name(a.generators.as_deref().unwrap_or(&Move::ALL)),
    };
    let table = (a.method == Method::Table).then(|| TableSolver::new(a.metric));
    let built = match &costs {
        Some(c) => {
            PocketSolver::with_costs_in(c, &generators).map_err(|e| format!("bad --cost: {e}"))
        }
        None => PocketSolver::with_moves(&generators, a.metric).map_err(|e| e.to_string()),
    };
    let mut bidir = match built {
        Ok(s) => s,
        Err(e) => return usage("solve", &e),
    };
    let inputs = if moves_input {
        std::mem::take(&mut a.moves)
    } else {
        std::mem::take(&mut a.states)
    };
    // Answer a batch: on both cores with the table, which is shared read-only.
    let mut run = |items: &[Item], text: &[u8]| match &table {
        None => answer.batch(&mut bidir, items, text),
        Some(t) if items.len() < 64 => answer.batch(&mut &*t, items, text),
        Some(t) => {
            let (left, right) = items.split_at(items.len() / 2);
            std::thread::scope(|s| {
                let other = s.spawn(|| answer.batch(&mut &*t, right, text));
                let (mut out, mut errors) = answer.batch(&mut &*t, left, text);
                let (out2, errors2) = other.join().expect("solver thread");
                out.push_str(&out2);
                errors.extend(errors2);
                (out, errors)
            })
        }
    };
    let stdout = io::stdout();
    let mut out = io::BufWriter::with_capacity(64 * 1024, stdout.lock());
    let tally = if inputs.is_empty() {
        let stdin = io::stdin();
        if stdin.is_terminal() {
            eprintln!("pocket: reading states from standard input, one per line (Ctrl-D ends)");
        }
        answer_lines(&mut LineReader::new(stdin.lock()), &mut run, &mut out)?
    } else {
        answer_arguments(&inputs, &mut run, &mut out)?
    };
    Ok(tally.finish())
}
