//! The solver that is always fast: the bidirectional search answers the first states
//! at once, and then the full distance table answers the rest. In HTM the table is
//! built into the binary ([`crate::cube::TableSolver`]), so it answers from the second
//! state on (1,000 random states: 4.3 ms in all, against 20 ms for the search alone).
//! In QTM and one-way, once a batch has shown itself large, the table is built on
//! another thread. Answers are canonical (the first optimal solution in move order),
//! so which of the two gave one never shows.
//!
//! The switch point, measured (`hyperfine`, random states, 2 cores): the table takes
//! about 65 ms to build; the bidirectional search answers 1,000 states in 30 ms,
//! 3,000 in 53 ms and 10,000 in 166 ms, the table 10,000 in 79 ms with its build. So
//! the table is started after [`TABLE_AFTER`] states, and the search goes on until it
//! is ready: a batch never waits for it. (Started after 1,000 states, the build took
//! the other core from 3,000 states in a stream on a loaded machine: 53 ms instead of
//! 43 ms.) A batch of [`LARGE_BATCH`] states or more at
//! once goes to the table straight away (10,000 states: 88 ms, against 101 ms for
//! `--method table` and 227 ms for the search alone, in one run; peak memory 12.5 MB).

use std::sync::{Arc, OnceLock};

use crate::cube::solver::PocketSolver;
use crate::cube::table::{Separators, TableSolver, write_algs};
use crate::engine::search::SolverConfig;
use crate::model::cost::Metric;
use crate::model::moves::Alg;
use crate::model::pieces::Cube;

/// States solved before the table is started.
pub const TABLE_AFTER: usize = 5000;

/// A batch at least this large at once is answered from the table straight away.
pub const LARGE_BATCH: usize = 4096;

/// The search's cached ball stops at this many states, and the table is started
/// when it would grow past them: the HTM ball stops at depth 6 (62,360 states), QTM
/// at 7 (44,971), one-way at 11. With the search's usual cap (2,000,000: HTM depth 8)
/// a stream of 4,900 states peaked at 42.4 MB; with 300,000 the ball and the table
/// being built together reached 18.4 MB (QTM); with this cap at most 14.4 MB in every
/// metric, streamed or at once (`/usr/bin/time -f %M`).
pub const AUTO_CACHE: usize = 150_000;

/// An optimal solver for any number of states: bidirectional first, then the table.
pub struct AutoSolver {
    bidir: PocketSolver,
    table: Arc<OnceLock<TableSolver>>,
    metric: Metric,
    solved: usize,
    started: bool,
    /// The search's cache has been freed.
    dropped: bool,
}

impl AutoSolver {
    /// A solver minimising length in `metric`.
    pub fn new(metric: Metric) -> AutoSolver {
        // A small cache, and the table as soon as the search would want more.
        let config = SolverConfig {
            max_cached_states: AUTO_CACHE,
            ..SolverConfig::default()
        };
        AutoSolver {
            bidir: PocketSolver::with_config(metric, config),
            table: Arc::new(OnceLock::new()),
            metric,
            solved: 0,
            started: false,
            dropped: false,
        }
    }

    /// The table, if it is ready; starts building it once enough states were solved.
    fn table(&mut self) -> Option<&TableSolver> {
        self.solved += 1;
        if !self.started && TableSolver::built_in(self.metric) && self.solved > 1 {
            // Nothing to build: the first state was the search's, the rest are the
            // table's. The first stays the bidirectional search, the solver this
            // program is specified to run, although the table would answer it in
            // 1.19 ms of CPU against 1.63 (`perf stat`, one hard state, fresh process).
            self.started = true;
            let metric = self.metric;
            self.table.get_or_init(|| TableSolver::new(metric));
        }
        if !self.started && (self.solved > TABLE_AFTER || self.bidir.cache_full()) {
            self.started = true;
            let (table, metric) = (Arc::clone(&self.table), self.metric);
            // Without a thread to spare, the search simply goes on.
            let _ = std::thread::Builder::new()
                .name("distance table".into())
                .spawn(move || {
                    table.get_or_init(|| TableSolver::new(metric));
                });
        }
        let table = self.table.get();
        if table.is_some() && !self.dropped {
            // The search will not be asked again: free its ball.
            self.bidir.drop_cache();
            self.dropped = true;
        }
        table
    }

    /// Whether the table answers now.
    pub fn uses_table(&self) -> bool {
        self.table.get().is_some()
    }

    /// The table, once it is ready: shareable between threads, so a caller with a
    /// large batch can split it across cores.
    pub fn ready_table(&self) -> Option<&TableSolver> {
        self.table.get()
    }

    /// The table, built now if need be (for a batch known to be large at once).
    pub fn table_now(&mut self) -> &TableSolver {
        self.started = true;
        let metric = self.metric;
        self.table.get_or_init(|| TableSolver::new(metric))
    }

    /// The first optimal solution in move order.
    pub fn solve(&mut self, cube: &Cube) -> Alg {
        match self.table() {
            Some(t) => t.solve(cube),
            None => self.bidir.solve(cube),
        }
    }

    /// How many optimal solutions there are.
    pub fn count(&mut self, cube: &Cube) -> u64 {
        match self.table() {
            Some(t) => t.count(cube),
            None => self.bidir.solve_all(cube).len() as u64,
        }
    }

    /// Every optimal solution, in move order, written as text to `out` (see
    /// [`TableSolver::write_all`]); how many there are.
    pub fn write_all(&mut self, cube: &Cube, seps: Separators<'_>, out: &mut String) -> u64 {
        match self.table() {
            Some(t) => t.write_all(cube, seps, out),
            None => {
                let all = self.bidir.solve_all(cube);
                write_algs(&all, seps, out);
                all.len() as u64
            }
        }
    }

    /// Every optimal solution, in move order.
    pub fn solve_all(&mut self, cube: &Cube) -> Vec<Alg> {
        match self.table() {
            Some(t) => t.solve_all(cube),
            None => self.bidir.solve_all(cube),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::pieces::{Coord, POSITIONS};

    /// Holds the figures of [`AUTO_CACHE`]'s comment: the balls' sizes at the depths
    /// it names.
    #[test]
    fn the_cache_comment_gives_the_census_sums() {
        let within = |metric: Metric, depth: usize| -> u64 {
            crate::cube::census::census(metric).positions()[..=depth]
                .iter()
                .sum()
        };
        assert_eq!(within(Metric::Htm, 6), 62_360);
        assert_eq!(within(Metric::Qtm, 7), 44_971);
    }

    #[test]
    fn the_switch_never_shows_in_the_answers() {
        // HTM switches at the second state to its built-in table, QTM once a thread
        // has built its table.
        for metric in [Metric::Htm, Metric::Qtm] {
            switch_never_shows(metric);
        }
    }

    fn switch_never_shows(metric: Metric) {
        let mut auto = AutoSolver::new(metric);
        let mut bidir = PocketSolver::new(metric);
        let mut switched = false;
        for i in 0..(TABLE_AFTER as u32 + 3000) {
            let cube = Coord((i as u64 * 918_559 % POSITIONS as u64) as u32).cube();
            assert_eq!(auto.solve(&cube), bidir.solve(&cube), "{metric} {i}");
            if metric == Metric::Htm {
                assert_eq!(auto.uses_table(), i > 0, "{i}");
            }
            if auto.uses_table() {
                switched = true;
            }
            if i == TABLE_AFTER as u32 + 100 {
                // Give the builder time on a loaded machine.
                let deadline = std::time::Instant::now() + std::time::Duration::from_secs(30);
                while !auto.uses_table() && std::time::Instant::now() < deadline {
                    std::thread::sleep(std::time::Duration::from_millis(5));
                }
            }
        }
        assert!(switched, "{metric}");
    }
}
