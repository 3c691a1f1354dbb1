//! `pocket census`: God's algorithm, for the cube or a defined puzzle.

use std::io::{self, IsTerminal, Write};

use argh::FromArgs;

use crate::cube::census::{census_all_with, census_in};
use crate::engine::census::Census;
use crate::engine::chart::census_svg;
use crate::io::{group, timed};
use crate::model::cost::Metric;
use crate::model::moves::{Move, generators_name};
use crate::model::stickers::escape_text;
use crate::puzzle::space::DEFAULT_MEMORY;

use super::{EXIT_BAD_INPUT, EXIT_OK, EXIT_USAGE, load_puzzle, parse_gen, report_usage, usage};

#[derive(FromArgs, Debug)]
/// Count positions and local maxima at every distance from solved (God's algorithm).
#[argh(
    subcommand,
    name = "census",
    example = "pocket census",
    example = "pocket census --metric qtm",
    example = "pocket census --metric all --json",
    example = "pocket census --svg census.svg",
    example = "pocket census --metric htm --symmetry",
    note = "Metrics: htm (R R' R2 U U' U2 F F' F2), qtm (R R' U U' F F'), one-way (R U F \
            only: distances along a directed graph). A local maximum is a position from \
            which no single move of the metric leads further from solved. --json prints \
            one JSON object per metric and line."
)]
pub(super) struct CensusArgs {
    /// htm, qtm, one-way or all (default: all)
    #[argh(option, default = "MetricChoice::All")]
    metric: MetricChoice,
    /// count only these moves: faces (RU) or a list (R2,U2,F2)
    #[argh(option, long = "gen", from_str_fn(parse_gen))]
    generators: Option<Vec<Move>>,
    /// count another puzzle: a built-in name (`pocket puzzles`) or a definition file
    #[argh(option)]
    puzzle: Option<String>,
    /// with --puzzle, distances in the costs of its definition instead of moves
    #[argh(switch)]
    weighted: bool,
    /// with --puzzle, distances in these costs (NAME=COST,...; moves not named keep
    /// the definition's cost)
    #[argh(option)]
    cost: Option<String>,
    /// also count positions up to the cube's symmetries (rotations and reflections),
    /// and up to symmetry and inversion
    #[argh(switch)]
    symmetry: bool,
    /// with --puzzle, the memory the census may take, in MB (default 1024): a puzzle
    /// whose table needs more is refused at once
    #[argh(option, from_str_fn(parse_megabytes))]
    memory: Option<u64>,
    /// print JSON instead of tables
    #[argh(switch)]
    json: bool,
    /// also draw the census as a bar chart (SVG, logarithmic scale) into FILE; "-"
    /// writes it to standard output instead of the tables
    #[argh(option)]
    svg: Option<String>,
}

/// One census metric or all of them.
#[derive(Clone, Copy, Debug)]
enum MetricChoice {
    One(Metric),
    All,
}

impl std::str::FromStr for MetricChoice {
    type Err = String;

    fn from_str(s: &str) -> Result<MetricChoice, String> {
        if s.eq_ignore_ascii_case("all") {
            Ok(MetricChoice::All)
        } else {
            s.parse()
                .map(MetricChoice::One)
                .map_err(|_| format!("unknown metric '{s}' (expected htm, qtm, one-way or all)"))
        }
    }
}

/// A memory budget in MB, as bytes.
fn parse_megabytes(s: &str) -> Result<u64, String> {
    match s.parse::<u64>() {
        Ok(mb) if (1..=1 << 30).contains(&mb) => Ok(mb << 20),
        _ => Err(format!(
            "--memory takes megabytes, a whole number from 1 to 1073741824, not '{s}'"
        )),
    }
}

/// Which engine counted a defined puzzle: its name and a phrase on it.
struct EngineUsed {
    name: &'static str,
    note: String,
}

/// A progress line on the terminal for a defined puzzle's census, shown once it has
/// run a second: a bar when the total is known before the search.
struct Progress<'a> {
    name: &'a str,
    total: Option<u64>,
    start: std::time::Instant,
    shown: bool,
}

impl Progress<'_> {
    fn report(&mut self, settled: u64, distance: u32) {
        if self.start.elapsed().as_secs_f64() < 1.0 {
            return;
        }
        self.shown = true;
        let line = match self.total {
            Some(total) if total > 0 => {
                const WIDTH: u64 = 30;
                let done = (settled.min(total) * WIDTH / total) as usize;
                format!(
                    "[{}{}] {} of at most {} positions, distance {distance}",
                    "#".repeat(done),
                    " ".repeat(WIDTH as usize - done),
                    group(settled),
                    group(total)
                )
            }
            _ => format!("{} positions, distance {distance}", group(settled)),
        };
        eprint!("\rpocket: census of {}: {line}\x1b[K", self.name);
    }

    fn clear(&self) {
        if self.shown {
            eprint!("\r\x1b[K");
        }
    }
}

/// The censuses asked for: the cube's metrics, or a defined puzzle's (with the engine
/// that counted it). A problem is reported and becomes the exit status.
fn compute(a: &CensusArgs) -> Result<(Vec<Census>, Option<EngineUsed>), u8> {
    let Some(name) = &a.puzzle else {
        if a.weighted || a.cost.is_some() {
            let what = if a.weighted { "--weighted" } else { "--cost" };
            report_usage(
                "census",
                &format!(
                    "{what} needs --puzzle (a definition's costs); the cube's distances are \
                     counted in --metric htm, qtm or one-way"
                ),
            );
            return Err(EXIT_USAGE);
        }
        if a.memory.is_some() {
            report_usage(
                "census",
                "--memory bounds the census of a --puzzle (the cube's takes 4 MB a metric)",
            );
            return Err(EXIT_USAGE);
        }
        let metrics = match a.metric {
            MetricChoice::One(m) => vec![m],
            MetricChoice::All => Metric::ALL.to_vec(),
        };
        let Some(generators) = &a.generators else {
            return Ok((census_all_with(&metrics, a.symmetry), None));
        };
        if a.symmetry {
            report_usage(
                "census",
                "--symmetry counts the whole cube: not with --gen (a move subset has fewer symmetries)",
            );
            return Err(EXIT_USAGE);
        }
        let mut all = Vec::new();
        for &m in &metrics {
            match census_in(m, generators) {
                Some(c) => all.push(c),
                None => eprintln!(
                    "pocket: {m} has no move among {}",
                    generators_name(generators)
                ),
            }
        }
        if all.is_empty() {
            report_usage(
                "census",
                &format!(
                    "--metric {} turns none of the moves of --gen {}",
                    metrics[0],
                    generators_name(generators)
                ),
            );
            return Err(EXIT_USAGE);
        }
        return Ok((all, None));
    };
    if a.generators.is_some() || !matches!(a.metric, MetricChoice::All) || a.symmetry {
        report_usage(
            "census",
            "--puzzle counts the moves of its definition: no --metric, --gen or --symmetry",
        );
        return Err(EXIT_USAGE);
    }
    let puzzle = load_puzzle("census", name, a.cost.as_deref())?;
    let space = match puzzle.space(a.weighted || a.cost.is_some()) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("pocket: puzzle {name}: {e}");
            return Err(EXIT_BAD_INPUT);
        }
    };
    let engine = EngineUsed {
        name: space.engine_name(),
        note: space.engine_note(),
    };
    // Progress on a terminal; the line is cleared before any result is printed.
    let mut progress = Progress {
        name,
        total: space.size(),
        start: std::time::Instant::now(),
        shown: false,
    };
    let terminal = io::stderr().is_terminal();
    let census = space.census_with_progress(a.memory.unwrap_or(DEFAULT_MEMORY), &mut |s, d| {
        if terminal {
            progress.report(s, d)
        }
    });
    progress.clear();
    match census {
        Ok(c) => Ok((vec![c], Some(engine))),
        Err(e) => {
            eprintln!("pocket: puzzle {name}: {e}");
            Err(EXIT_BAD_INPUT)
        }
    }
}

pub(super) fn cmd_census(a: CensusArgs) -> io::Result<u8> {
    if a.svg.as_deref() == Some("-") && (a.json || a.symmetry) {
        return usage(
            "census",
            "--svg - writes only the chart to standard output: no room for --json or the \
             --symmetry columns (give --svg FILE)",
        );
    }
    let (all, us) = timed(|| compute(&a));
    let (mut all, engine) = match all {
        Ok(all) => all,
        Err(code) => return Ok(code),
    };
    // A definition file's name is printed in the table's title and the chart: a
    // terminal escape sequence there is shown as its escape text (JSON escapes it).
    if !a.json {
        for c in &mut all {
            c.title = escape_text(&c.title);
            c.puzzle = escape_text(&c.puzzle);
        }
    }
    let mut out = io::stdout().lock();
    if let Some(path) = &a.svg {
        let svg = census_svg(&all);
        if path == "-" {
            out.write_all(svg.as_bytes())?;
            out.flush()?;
            return Ok(EXIT_OK);
        }
        if let Err(e) = std::fs::write(path, svg) {
            eprintln!("pocket: cannot write {path}: {e}");
            return Ok(EXIT_BAD_INPUT);
        }
    }
    for (i, c) in all.iter().enumerate() {
        if a.json {
            let mut json = c.to_json();
            if let (Some(e), Some(map)) = (&engine, json.as_object_mut()) {
                map.insert("engine".into(), e.name.into());
                map.insert("engine_note".into(), e.note.clone().into());
            }
            writeln!(out, "{json}")?;
        } else {
            if i > 0 {
                writeln!(out)?;
            }
            write!(out, "{c}")?;
        }
    }
    out.flush()?;
    if !a.json {
        match &engine {
            Some(e) => eprintln!(
                "pocket: census computed in {:.0} ms on {}",
                us / 1000.0,
                e.note
            ),
            None => eprintln!("pocket: census computed in {:.0} ms", us / 1000.0),
        }
    }
    Ok(EXIT_OK)
}
