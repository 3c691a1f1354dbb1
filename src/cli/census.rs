//! `pocket census`: God's algorithm, for the cube or a defined puzzle.

use std::io::{self, IsTerminal, Write};

use argh::FromArgs;

use crate::cube::census::{census_all_with, census_in};
use crate::engine::census::Census;
use crate::engine::chart::census_svg;
use crate::io::{group, timed};
use crate::model::cost::Metric;
use crate::model::moves::{Move, generators_name};

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

/// The censuses asked for: the cube's metrics, or a defined puzzle's. A problem is
/// reported and becomes the exit status.
fn compute(a: &CensusArgs) -> Result<Vec<Census>, u8> {
    let Some(name) = &a.puzzle else {
        let metrics = match a.metric {
            MetricChoice::One(m) => vec![m],
            MetricChoice::All => Metric::ALL.to_vec(),
        };
        let Some(generators) = &a.generators else {
            return Ok(census_all_with(&metrics, a.symmetry));
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
        return Ok(all);
    };
    if a.generators.is_some() || !matches!(a.metric, MetricChoice::All) || a.symmetry {
        report_usage(
            "census",
            "--puzzle counts the moves of its definition: no --metric, --gen or --symmetry",
        );
        return Err(EXIT_USAGE);
    }
    let puzzle = load_puzzle("census", name, a.cost.as_deref())?;
    // Progress on a terminal, when the results go elsewhere.
    let progress = io::stderr().is_terminal() && !io::stdout().is_terminal();
    let mut report = |settled: u64, _distance: u32| {
        if progress {
            eprint!(
                "\rpocket: census of {name}: {} positions...",
                group(settled)
            );
        }
    };
    let census = puzzle
        .space(a.weighted || a.cost.is_some())
        .and_then(|space| {
            space.census_with_progress(crate::puzzle::space::DEFAULT_MEMORY, &mut report)
        });
    if progress {
        eprint!("\r{:60}\r", "");
    }
    match census {
        Ok(c) => Ok(vec![c]),
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
    let all = match all {
        Ok(all) => all,
        Err(code) => return Ok(code),
    };
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
            writeln!(out, "{}", c.to_json())?;
        } else {
            if i > 0 {
                writeln!(out)?;
            }
            write!(out, "{c}")?;
        }
    }
    out.flush()?;
    if !a.json {
        eprintln!("pocket: census computed in {:.0} ms", us / 1000.0);
    }
    Ok(EXIT_OK)
}
