//! What the process builds once and every request shares, in one place: each
//! metric's distance table and census, the scrambler of all nine moves, and each case
//! set's sheet at the finger costs. The
//! command line, the server and the Python package all ask here for these, so none
//! of them builds a table twice. (The Python package keeps two caches of its own
//! besides: a search's solved side per metric for its small first batches, and the
//! positions grouped by distance for its samplers.)

use std::sync::OnceLock;

use crate::cube::census::{census, census_all};
use crate::cube::scramble::Scrambler;
use crate::cube::table::TableSolver;
use crate::engine::census::Census;
use crate::model::cost::Metric;

/// One value a metric, each built on first use; threads asking while it is built
/// wait for it.
pub struct PerMetric<T>([OnceLock<T>; 3]);

impl<T> PerMetric<T> {
    /// Nothing built yet.
    pub const fn new() -> PerMetric<T> {
        PerMetric([OnceLock::new(), OnceLock::new(), OnceLock::new()])
    }

    /// `metric`'s value, built by `make` the first time.
    pub fn get_or_init(&self, metric: Metric, make: impl FnOnce() -> T) -> &T {
        self.0[metric.index()].get_or_init(make)
    }

    /// `metric`'s value, if built.
    pub fn get(&self, metric: Metric) -> Option<&T> {
        self.0[metric.index()].get()
    }
}

impl<T> Default for PerMetric<T> {
    fn default() -> PerMetric<T> {
        PerMetric::new()
    }
}

/// `metric`'s table solver: HTM's is built in; QTM's and one-way's are built on first
/// use (about 0.07 s).
pub fn table(metric: Metric) -> &'static TableSolver {
    static TABLES: PerMetric<TableSolver> = PerMetric::new();
    TABLES.get_or_init(metric, || TableSolver::new(metric))
}

static CENSUSES: PerMetric<Census> = PerMetric::new();

/// `metric`'s census, counted on first use by its own breadth-first search.
pub fn census_of(metric: Metric) -> &'static Census {
    CENSUSES.get_or_init(metric, || census(metric))
}

/// The censuses of `metrics`: those not counted yet are counted at once, a thread
/// each (a 2-core machine counts two at a time).
pub fn censuses(metrics: &[Metric]) -> Vec<Census> {
    let missing: Vec<Metric> = metrics
        .iter()
        .copied()
        .filter(|&m| CENSUSES.get(m).is_none())
        .collect();
    if !missing.is_empty() {
        for (&m, counted) in missing.iter().zip(census_all(&missing)) {
            CENSUSES.get_or_init(m, || counted);
        }
    }
    metrics.iter().map(|&m| census_of(m).clone()).collect()
}

/// The scrambler of all nine moves.
pub fn scrambler() -> &'static Scrambler {
    static SCRAMBLER: OnceLock<Scrambler> = OnceLock::new();
    SCRAMBLER.get_or_init(|| Scrambler::with_moves(&crate::model::moves::Move::ALL))
}

/// The case sheet of `set` at the finger costs, each built once: a sheet takes about
/// 100 ms (its algorithms searched), and the page's trainer asks for the case of
/// every scramble it draws. A sheet's error (none at these costs) is kept too.
pub fn finger_case_sheet(
    set: crate::cube::cases::CaseSet,
) -> Result<&'static crate::cube::cases::CaseSheet, &'static crate::model::Invalid> {
    use crate::cube::cases::{CaseSet, CaseSheet, case_sheet, finger_costs};
    type Built = Result<CaseSheet, crate::model::Invalid>;
    static SHEETS: [OnceLock<Built>; CaseSet::ALL.len()] = [const { OnceLock::new() }; 7];
    let k = CaseSet::ALL.iter().position(|&s| s == set).unwrap_or(0);
    SHEETS[k]
        .get_or_init(|| case_sheet(set, &finger_costs()))
        .as_ref()
}
