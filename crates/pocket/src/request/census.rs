//! A `census` request, decided in one place: the cube's metrics (with move subsets
//! and symmetry classes) or a defined puzzle's, on the engine that suits it, within
//! its memory budget. The command line only parses the options and prints; the
//! server reads `metric=` with the same [`MetricChoice`].

use super::words::opts::*;
use super::{RequestError, load_puzzle};
use crate::cube::census::{census_all_with, census_in};
use crate::cube::shared;
use crate::engine::census::Census;
use crate::model::cost::Metric;
use crate::model::moves::{Move, generators_name};
use crate::puzzle::spaces::space::DEFAULT_MEMORY;
use crate::request::message;

/// The census a metric option asks for: one metric, or all three (`all`, and the
/// default). Parsed alike by every front end (`--metric`, `metric=`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum MetricChoice {
    One(Metric),
    #[default]
    All,
}

impl MetricChoice {
    /// The one metric, or `None` for all three, as [`CensusRequest::metric`] takes it.
    pub fn metric(self) -> Option<Metric> {
        match self {
            MetricChoice::One(m) => Some(m),
            MetricChoice::All => None,
        }
    }
}

impl std::str::FromStr for MetricChoice {
    type Err = crate::model::Invalid;

    fn from_str(s: &str) -> Result<MetricChoice, crate::model::Invalid> {
        if s.eq_ignore_ascii_case("all") {
            return Ok(MetricChoice::All);
        }
        s.parse().map(MetricChoice::One).map_err(|_| {
            crate::model::Invalid::new(
                crate::model::Kind::Name,
                format!("unknown metric '{s}' (expected htm, qtm, one-way or all)"),
            )
        })
    }
}

/// What a `census` asks, option by option as `pocket census` takes them.
#[derive(Debug, Default)]
pub struct CensusRequest {
    /// One metric, or all three.
    pub metric: Option<Metric>,
    /// Only these moves.
    pub generators: Option<Vec<Move>>,
    /// A defined puzzle instead of the cube.
    pub puzzle: Option<String>,
    /// A puzzle's distances in its definition's costs.
    pub weighted: bool,
    /// A puzzle's distances in these costs.
    pub cost: Option<String>,
    /// Also count up to the cube's symmetries.
    pub symmetry: bool,
    /// A puzzle census's memory budget, in bytes.
    pub memory: Option<u64>,
}

/// Which engine counted a defined puzzle: its name and a phrase on it.
#[derive(Clone, Debug)]
pub struct EngineUsed {
    /// `coordinates` or `stickers`.
    pub name: &'static str,
    /// The engine with the size it knew before the search.
    pub note: String,
}

/// What a census request counted.
#[derive(Debug)]
pub struct Counted {
    /// One census a metric, or the puzzle's one.
    pub censuses: Vec<Census>,
    /// For a defined puzzle, the engine that counted it.
    pub engine: Option<EngineUsed>,
    /// What a front end should say beside the answer (a metric with no move of a
    /// subset).
    pub notes: Vec<String>,
}

/// How far a defined puzzle's census has come, for a progress line.
#[derive(Clone, Copy, Debug)]
pub enum Start<'a> {
    /// The census starts: the puzzle's name and the positions it has at most.
    Puzzle { name: &'a str, total: Option<u64> },
    /// Positions settled so far, and the distance being settled.
    Settled(u64, u32),
}

/// Told how a census goes (a front end may show it, or not).
pub type Progress<'a> = dyn FnMut(Start<'_>) + 'a;

/// The censuses asked for: the cube's metrics, or a defined puzzle's (with the engine
/// that counted it, and `progress` told the positions settled and the distance as it
/// goes).
pub fn run(a: &CensusRequest, progress: &mut Progress<'_>) -> Result<Counted, RequestError> {
    let Some(name) = &a.puzzle else {
        if a.weighted || a.cost.is_some() {
            let what = if a.weighted { WEIGHTED } else { COST };
            return Err(RequestError::Usage(message!(
                "{what} needs {PUZZLE} (a definition's costs); the cube's distances are \
                     counted in {METRIC} htm, qtm or one-way"
            )));
        }
        if a.memory.is_some() {
            return Err(RequestError::Usage(message!(
                "{MEMORY} bounds the census of a {PUZZLE} (the cube's takes 4 MB a metric)"
            )));
        }
        let metrics = match a.metric {
            Some(m) => vec![m],
            None => Metric::ALL.to_vec(),
        };
        let Some(generators) = &a.generators else {
            // Without classes, the process's own censuses (a server counts each once).
            let censuses = match a.symmetry {
                true => census_all_with(&metrics, true),
                false => shared::censuses(&metrics),
            };
            return Ok(Counted {
                censuses,
                engine: None,
                notes: Vec::new(),
            });
        };
        if a.symmetry {
            return Err(RequestError::Usage(message!(
                "{SYMMETRY} counts the whole cube: not with {GEN} (a move subset has fewer symmetries)"
            )));
        }
        let (mut all, mut notes) = (Vec::new(), Vec::new());
        for &m in &metrics {
            match census_in(m, generators) {
                Some(c) => all.push(c),
                None => notes.push(format!(
                    "{m} has no move among {}",
                    generators_name(generators)
                )),
            }
        }
        if all.is_empty() {
            return Err(RequestError::Usage(message!(
                "{METRIC} {} turns none of the moves of {GEN} {}",
                metrics[0],
                generators_name(generators)
            )));
        }
        return Ok(Counted {
            censuses: all,
            engine: None,
            notes,
        });
    };
    if a.generators.is_some() || a.metric.is_some() || a.symmetry {
        return Err(RequestError::Usage(message!(
            "{PUZZLE} counts the moves of its definition: no {METRIC}, {GEN} or {SYMMETRY}"
        )));
    }
    let puzzle = load_puzzle(name, a.cost.as_deref())?;
    let memory = a.memory.unwrap_or(DEFAULT_MEMORY);
    puzzle
        .census_fits(a.weighted || a.cost.is_some(), memory)
        .map_err(|e| RequestError::Input(message!("puzzle {name}: {e}")))?;
    let space = puzzle
        .census_space(a.weighted || a.cost.is_some())
        .map_err(|e| RequestError::Input(message!("puzzle {name}: {e}")))?;
    let engine = EngineUsed {
        name: space.engine_name(),
        note: space.engine_note(),
    };
    progress(Start::Puzzle {
        name,
        total: space.size(),
    });
    let census = space
        .census_with_progress(memory, &mut |s, d| progress(Start::Settled(s, d)))
        .map_err(|e| RequestError::Input(message!("puzzle {name}: {e}")))?;
    Ok(Counted {
        censuses: vec![census],
        engine: Some(engine),
        notes: Vec::new(),
    })
}
