//! Where a batch's distances come from: the metric's full table once it is built,
//! and before that, for a small batch, walks down the built-in HTM table or the
//! bidirectional search, so that a first small call builds nothing. The policy of the
//! Python package's distance calls, kept here beside the tables it chooses among.

use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

use crate::cube::bulk;
use crate::cube::shared::{self, PerMetric};
use crate::cube::solver::PocketSolver;
use crate::cube::table::TableSolver;
use crate::model::cost::Metric;
use crate::model::pieces::Coord;

/// Distances to solved by position number.
pub trait Distances: Sync {
    fn at(&self, x: u32) -> u8;
}

impl Distances for &'static [u8] {
    #[inline]
    fn at(&self, x: u32) -> u8 {
        self[x as usize]
    }
}

impl Distances for &'static TableSolver {
    /// The walk down the built-in HTM table mod 3 (about 0.5 µs).
    fn at(&self, x: u32) -> u8 {
        Coord::new(x).map_or(0, |c| self.distance_at(c) as u8)
    }
}

/// The bidirectional search of a metric, for a few states before its table is built
/// (about a millisecond a state).
pub struct Search(Metric, &'static Mutex<PocketSolver>);

impl Distances for Search {
    fn at(&self, x: u32) -> u8 {
        let cube = Coord::new(x).map(|c| c.cube()).unwrap_or_default();
        let mut solver = self.1.lock().unwrap_or_else(|e| e.into_inner());
        self.0.length(&solver.solve(&cube)) as u8
    }
}

/// Where a batch's distances come from.
pub enum Dist {
    /// The metric's full table, shared.
    Table(&'static [u8]),
    /// Walks down the HTM table built into the library, before the full table is.
    Walk(&'static TableSolver),
    /// The bidirectional search, for a few states of another metric.
    Search(Search),
}

/// How large a batch may be answered without the full table: walked down the built-in
/// HTM table (about 0.5 µs a distance) or searched (QTM, one-way: about 1 ms).
#[derive(Clone, Copy)]
pub struct Without {
    walk: usize,
    search: usize,
}

/// Distances: a batch of 10,000 walks in about 5 ms, 100 searches in about 0.1 s.
pub const FOR_DISTANCES: Without = Without {
    walk: 10_000,
    search: 100,
};
/// optimal_moves asks for ten distances a state (seven in QTM).
pub const FOR_POLICIES: Without = Without {
    walk: 1_000,
    search: 10,
};
/// States walked in all before the HTM table is built anyway: past this, building it
/// (about 65 ms) costs less than walking on.
pub const WALK_IN_ALL: usize = 100_000;
/// States searched in all before a table is built anyway.
pub const SEARCH_IN_ALL: usize = 1_000;

/// The distances for a batch of `n` states in `metric`: the full table (built now if
/// need be), or for a small batch in a process that has not built it, walks down
/// the built-in HTM table or searches, so that a first call costs no build. Nothing
/// runs in the background: a process forked later (multiprocessing) inherits no
/// half-built table.
pub fn distances_for(metric: Metric, n: usize, without: Without) -> Dist {
    static WALKED: AtomicUsize = AtomicUsize::new(0);
    static SEARCHED: AtomicUsize = AtomicUsize::new(0);
    static SEARCHERS: PerMetric<Mutex<PocketSolver>> = PerMetric::new();
    if bulk::distances_ready(metric) {
        return Dist::Table(bulk::distances(metric));
    }
    if metric == Metric::Htm
        && n <= without.walk
        && WALKED.fetch_add(n, Ordering::Relaxed) + n <= WALK_IN_ALL
    {
        return Dist::Walk(shared::table(Metric::Htm));
    }
    if metric != Metric::Htm
        && n <= without.search
        && SEARCHED.fetch_add(n, Ordering::Relaxed) + n <= SEARCH_IN_ALL
    {
        let solver = SEARCHERS.get_or_init(metric, || Mutex::new(PocketSolver::new(metric)));
        return Dist::Search(Search(metric, solver));
    }
    Dist::Table(bulk::distances(metric))
}
