//! The sets of tables: each planned within a cap on positions and the memory budget,
//! built, and the next larger one priced by this one's time per entry.

use crate::puzzle::searches::pattern::{self, Pattern};
use crate::puzzle::spaces::coords::SharedTables;
use std::collections::HashSet;
use std::time::{Duration, Instant};

use super::{DeepSolver, FIRST_CAP, GROWTH, Level, Plan, sees_every_kind};

impl DeepSolver<'_> {
    /// The first tables: within [`FIRST_CAP`] positions (and bytes of move tables)
    /// each and a quarter of the budget, or else the smallest larger cap, up to the
    /// whole budget, at which one piece alone fits. A quarter of a small budget may
    /// not hold one piece's move tables (the 4x4x4's centres, 1.5 MB) where the
    /// whole budget does; Square-1's eight identical corner halves, 735,471
    /// places under 23 moves, need 68 MB of move tables, past the first cap.
    pub(super) fn first_plan(&self) -> Result<Plan, String> {
        let first = FIRST_CAP.min(self.memory / 4).max(1);
        let mut found = self.plan(first);
        let mut cap = first;
        while found.is_err() && cap < self.memory {
            cap = match cap < FIRST_CAP {
                true => FIRST_CAP.min(self.memory),
                false => cap.saturating_mul(GROWTH).min(self.memory),
            };
            found = self.plan(cap);
        }
        found
    }

    /// The tables within `cap` positions each, or the largest set under that which fits
    /// the memory budget.
    pub(super) fn plan(&self, mut cap: u64) -> Result<Plan, String> {
        let (puzzle, kinds) = (self.puzzle, &self.kinds);
        let over = || {
            format!(
                "its tables need more than the memory budget of {} MB (--memory)",
                self.memory >> 20
            )
        };
        let first = cap;
        loop {
            let projections = match pattern::plan(puzzle, kinds, cap, GROWTH, self.memory) {
                Ok(plan) => plan,
                // The budget was cut to fit, and one piece alone no longer does.
                Err(_) if cap < first => return Err(over()),
                Err(e) => return Err(e),
            };
            let (mut bytes, mut work) = (0u64, 0u64);
            // Move tables shared by several tables are built and held once.
            let mut seen = HashSet::new();
            for p in &projections {
                let (size, parts) = p.measure_tables(puzzle, kinds)?;
                let tables: u64 = parts
                    .into_iter()
                    .filter(|(key, _)| key.as_ref().is_none_or(|k| seen.insert(k.clone())))
                    .map(|(_, bytes)| bytes)
                    .sum();
                bytes = bytes.saturating_add(size + tables);
                // A tracked table's build has a cost of its own besides its entries
                // (14 ms each of the kilominx's first seven, against 63 ns an entry
                // later): counted as the 2 MB its permutations were once said to take,
                // its first tables' time per entry does not overstate the next ones'
                // (counted as entries alone, the kilominx batch took 11.1 s, not 7.3 s:
                // it searched 3.4x longer before building larger tables).
                let fixed = if p.is_own() { 2 << 20 } else { 0 };
                work = work.saturating_add(size + (tables + fixed) / 4);
            }
            if bytes <= self.memory {
                return Ok(Plan {
                    projections,
                    cap: first,
                    work,
                    bytes,
                });
            }
            if cap < 1000 {
                return Err(over());
            }
            cap /= 2;
        }
    }

    /// Build the tables of a plan.
    pub(super) fn build(&self, plan: Plan) -> Result<Level, String> {
        let kinds = &self.kinds;
        let clock = Instant::now();
        let planned = plan.bytes;
        // Tables of the same orbit and counts move alike (the 4x4x4's six of four edges).
        let mut shared = SharedTables::default();
        let patterns = plan
            .projections
            .into_iter()
            .map(|p| {
                Pattern::build(
                    self.puzzle,
                    kinds,
                    p,
                    &self.inverses,
                    self.threads,
                    &mut shared,
                )
            })
            .collect::<Result<Vec<Pattern>, _>>()?;
        // The largest tables first: they cut most nodes, and the rest are not read.
        let mut patterns = patterns;
        patterns.sort_by_key(|p| std::cmp::Reverse(p.table.len()));
        let turns = patterns.first().is_none_or(|p| {
            (0..kinds.len()).all(|r| {
                p.projection.turns[r] || p.projection.own[r] || kinds[r].orbit.twists.len() == 1
            })
        });
        let projections: Vec<&pattern::Projection> =
            patterns.iter().map(|p| &p.projection).collect();
        let exact = turns && sees_every_kind(kinds, &projections);
        let level = Level {
            patterns,
            cap: plan.cap,
            exact,
            work: plan.work.max(1),
            built: clock.elapsed(),
        };
        debug_assert_eq!(planned, level.bytes(), "the plan's bytes are the tables'");
        Ok(level)
    }

    /// The next tables, if the budget has room for larger ones, and how long they
    /// would take to build.
    pub(super) fn next_plan(&self) -> Option<(Plan, Duration)> {
        let level = self.level();
        (level.cap < self.memory / 4)
            .then(|| self.plan((level.cap * GROWTH).min(self.memory / 4)).ok())
            .flatten()
            .filter(|p| p.work > level.work)
            .map(|p| {
                let per_entry = level.built.as_secs_f64() / level.work as f64;
                let time = Duration::from_secs_f64(per_entry * p.work as f64);
                (p, time)
            })
    }
}
