//! `pocket census`: God's algorithm, for the cube or a defined puzzle.

use std::io::{self, Write};

use argh::FromArgs;

use crate::io::{group, timed};
use crate::model::moves::{Move, generators_name};
use crate::pocket::census::{Census, CensusMetric};
use crate::puzzle::PuzzleCensus;

use super::{EXIT_BAD_INPUT, EXIT_OK, load_puzzle, parse_gen, usage};

#[derive(FromArgs, Debug)]
/// Count positions and local maxima at every distance from solved (God's algorithm).
#[argh(
    subcommand,
    name = "census",
    example = "pocket census",
    example = "pocket census --metric qtm",
    example = "pocket census --metric all --json",
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
    /// print JSON instead of tables
    #[argh(switch)]
    json: bool,
}

/// One census metric or all of them.
#[derive(Clone, Copy, Debug)]
enum MetricChoice {
    One(CensusMetric),
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

/// `pocket census --puzzle`: distances of every position of a defined puzzle.
fn census_puzzle(a: &CensusArgs, name: &str) -> io::Result<u8> {
    if a.generators.is_some() || !matches!(a.metric, MetricChoice::All) {
        return usage(
            "census",
            "--puzzle counts the moves of its definition: no --metric or --gen",
        );
    }
    let puzzle = match load_puzzle("census", name, a.cost.as_deref()) {
        Ok(p) => p,
        Err(code) => return Ok(code),
    };
    let weighted = a.weighted || a.cost.is_some();
    let space = match puzzle.space(weighted) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("pocket: puzzle {name}: {e}");
            return Ok(EXIT_BAD_INPUT);
        }
    };
    let census = match PuzzleCensus::compute(&space) {
        Ok(c) => c,
        Err(e) => {
            eprintln!("pocket: puzzle {name}: {e}");
            return Ok(EXIT_BAD_INPUT);
        }
    };
    let mut out = io::stdout().lock();
    let unit = if weighted { "cost" } else { "distance" };
    if a.json {
        let rows: Vec<serde_json::Value> = census
            .rows
            .iter()
            .map(|&(d, p, l)| serde_json::json!({ unit: space.format_cost(d).parse::<f64>().unwrap_or(0.0), "positions": p, "local_maxima": l }))
            .collect();
        let v = serde_json::json!({
            "puzzle": puzzle.name,
            "weighted": weighted,
            "rows": rows,
            "total_positions": census.total(),
            "diameter": space.format_cost(census.diameter()).parse::<f64>().unwrap_or(0.0),
        });
        writeln!(out, "{v}")?;
    } else {
        writeln!(out, "{} ({} stickers)", puzzle.name, puzzle.stickers())?;
        writeln!(
            out,
            "{unit:>8}  {:>10}  {:>12}",
            "positions", "local maxima"
        )?;
        for &(d, p, l) in &census.rows {
            writeln!(
                out,
                "{:>8}  {:>10}  {:>12}",
                space.format_cost(d),
                group(p),
                group(l)
            )?;
        }
        let maxima: u64 = census.rows.iter().map(|r| r.2).sum();
        writeln!(
            out,
            "{:>8}  {:>10}  {:>12}",
            "total",
            group(census.total()),
            group(maxima)
        )?;
    }
    Ok(EXIT_OK)
}

pub(super) fn cmd_census(a: CensusArgs) -> io::Result<u8> {
    if let Some(name) = a.puzzle.clone() {
        return census_puzzle(&a, &name);
    }
    let metrics = match a.metric {
        MetricChoice::One(m) => vec![m],
        MetricChoice::All => CensusMetric::ALL.to_vec(),
    };
    let (all, us) = match &a.generators {
        None => timed(|| Census::compute_all(&metrics)),
        Some(generators) => timed(|| {
            let mut all = Vec::new();
            for &m in &metrics {
                match Census::compute_in(m, generators) {
                    Some(c) => all.push(c),
                    None => eprintln!(
                        "pocket: {m} has no move among {}",
                        generators_name(generators)
                    ),
                }
            }
            all
        }),
    };
    let mut out = io::stdout().lock();
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
