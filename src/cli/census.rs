//! `pocket census`: God's algorithm, for the cube or a defined puzzle.

use std::io::{self, IsTerminal, Write};

use argh::FromArgs;

use pocket::engine::chart::census_svg;
use pocket::io::{group, timed};
use pocket::model::moves::Move;
use pocket::model::stickers::escape_text;
use pocket::request::RequestError;
use pocket::request::census::{self, CensusRequest, Counted, MetricChoice, Start};
use pocket_print::{CensusTable, census_json};

use super::{EXIT_BAD_INPUT, EXIT_OK, parse_gen, report, usage};

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

/// A memory budget in MB, as bytes.
pub(super) fn parse_megabytes(s: &str) -> Result<u64, String> {
    match s.parse::<u64>() {
        Ok(mb) if (1..=1 << 30).contains(&mb) => Ok(mb << 20),
        _ => Err(format!(
            "--memory takes megabytes, a whole number from 1 to 1073741824, not '{s}'"
        )),
    }
}

/// A progress line on the terminal for a defined puzzle's census, shown once it has
/// run a second: a bar when the total is known before the search.
struct Progress {
    name: String,
    total: Option<u64>,
    start: std::time::Instant,
    shown: bool,
}

impl Progress {
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

pub(super) fn cmd_census(a: CensusArgs) -> io::Result<u8> {
    if a.svg.as_deref() == Some("-") && (a.json || a.symmetry) {
        return usage(
            "census",
            "--svg - writes only the chart to standard output: no room for --json or the \
             --symmetry columns (give --svg FILE)",
        );
    }
    // Progress on a terminal; the line is cleared before any result is printed.
    let terminal = io::stderr().is_terminal();
    let mut progress: Option<Progress> = None;
    let request = a.request();
    let (counted, us) = timed(|| {
        census::run(&request, &mut |step| match step {
            Start::Puzzle { name, total } => {
                progress = Some(Progress {
                    name: name.to_string(),
                    total,
                    start: std::time::Instant::now(),
                    shown: false,
                })
            }
            Start::Settled(settled, distance) => {
                if let Some(p) = progress.as_mut().filter(|_| terminal) {
                    p.report(settled, distance)
                }
            }
        })
    });
    if let Some(p) = &progress {
        p.clear();
    }
    let Counted {
        censuses: mut all,
        engine,
        notes,
    } = match counted {
        Ok(c) => c,
        Err(RequestError::Io(e)) => return Err(e),
        Err(e) => return Ok(report("census", e)),
    };
    for note in notes {
        eprintln!("pocket: {note}");
    }
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
            let mut json = census_json(c);
            if let (Some(e), Some(map)) = (&engine, json.as_object_mut()) {
                map.insert("engine".into(), e.name.into());
                map.insert("engine_note".into(), e.note.clone().into());
            }
            writeln!(out, "{json}")?;
        } else {
            if i > 0 {
                writeln!(out)?;
            }
            write!(out, "{}", CensusTable(c))?;
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

impl CensusArgs {
    /// The request these arguments make.
    fn request(&self) -> CensusRequest {
        CensusRequest {
            metric: self.metric.metric(),
            generators: self.generators.clone(),
            puzzle: self.puzzle.clone(),
            weighted: self.weighted,
            cost: self.cost.clone(),
            symmetry: self.symmetry,
            memory: self.memory,
        }
    }
}
