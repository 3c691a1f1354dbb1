//! Optimal solving of puzzles past the bidirectional search's reach: IDA*
//! (`engine/ida.rs`) over pattern databases of the puzzle's own orbits
//! (`pattern.rs`), planned to fit a memory budget. A node is one coordinate a table;
//! its bound is the largest of their distances.
//!
//! A state no sequence reaches would send IDA* on without end, so it is refused
//! first: a projection's table does not reach it (a piece twisted alone, or an
//! orbit's pieces in an arrangement its moves never make), or its orbits' permutation
//! parities are ones no combination of moves' parities gives (two pieces swapped
//! alone on the 3x3x3).

use crate::engine::ida::{Listing, ida_star};
use crate::engine::search::{Canon, Moves};
use crate::model::{Error, Kind};
use crate::puzzle::formats::defined::Puzzle;
use crate::puzzle::searches::pattern::{self, Kinds, Pattern};
use crate::puzzle::spaces::linked::odd;
use crate::puzzle::spaces::perimeter::Perimeter;
use std::collections::HashSet;
use std::time::{Duration, Instant};

mod levels;
mod start;
mod tables;

use tables::Tables;

/// The most moves a solution may have: past it the search gives up.
pub const MAX_MOVES: u32 = 40;

/// An IDA* solver of one puzzle, its tables built.
pub struct DeepSolver<'p> {
    puzzle: &'p Puzzle,
    kinds: Vec<Kinds>,
    canon: Canon,
    /// Each move's permutation parities, one bit an orbit of distinct pieces, reduced
    /// to a basis (a leading bit each).
    parities: Vec<u64>,
    /// The orbits whose parities count.
    parity_orbits: Vec<usize>,
    inverses: Vec<usize>,
    memory: u64,
    threads: usize,
    /// The tables built so far (always some after `new`).
    level: Option<Level>,
    /// Every position near solved, when the tables leave kinds of piece unseen.
    perimeter: Option<Perimeter>,
    /// The most nodes searched for one state with a perimeter ([`BLIND_NODES`]).
    blind_nodes: u64,
    /// Time searched since they were built.
    searched: Duration,
    /// The next larger tables, once planned, and the time to build them, by this
    /// level's time per entry; `None` inside when none fit.
    next: Option<Option<(Plan, Duration)>>,
}

/// The stickers after `path` from `stickers`.
fn apply(puzzle: &Puzzle, stickers: &[u8], path: &[u8]) -> Vec<u8> {
    path.iter().fold(stickers.to_vec(), |s, &m| {
        puzzle.moves[m as usize]
            .perm
            .iter()
            .map(|&j| s[j as usize])
            .collect()
    })
}

/// Whether the tables together see every kind of every orbit, but for one kind of
/// an orbit without orientations, whose pieces fill the slots the others leave: then
/// all of them at distance 0 is the goal. A kind too large for any table (the
/// gigaminx's centres) is seen only at the goal.
fn sees_every_kind(kinds: &[Kinds], projections: &[&pattern::Projection]) -> bool {
    kinds.iter().enumerate().all(|(r, k)| {
        let unseen = (0..k.looks.len())
            .filter(|&kind| !projections.iter().any(|p| p.tracked[r][kind]))
            .count();
        unseen == 0 || (unseen == 1 && k.orbit.twists.len() == 1)
    })
}

/// Reduce `v` by a basis with one leading bit each.
fn reduce(basis: &[u64], mut v: u64) -> u64 {
    for &b in basis {
        let lead = 63 - b.leading_zeros();
        if v >> lead & 1 == 1 {
            v ^= b;
        }
    }
    v
}

/// The first tables' largest size (positions), and how much larger each next set
/// is, up to a quarter of the memory budget. Small tables answer short scrambles at
/// once (FTO, 5 scrambles of 10 moves: 1.1 s of CPU with tables of 4 million
/// positions, 7.3 s with the 256 million a 1 GB budget allows); once the searches
/// since a set was built have taken as long as the next set would take to build
/// (by this set's time per entry), the next set is built. A rule of nodes against
/// positions instead grew too early where move tables are large (FTO: 20 s).
const FIRST_CAP: u64 = 1 << 22;
const GROWTH: u64 = 8;

/// The most nodes a search whose tables leave kinds unseen takes for one state:
/// about 30 s on the 2-core VM (a state of 24 stickers no moves make, searched with
/// a perimeter alone, ran on past 60 s toward 40 moves).
const BLIND_NODES: u64 = 1 << 28;

/// The part of the budget a perimeter gets (`perimeter.rs`) when the tables leave
/// kinds of piece unseen; its work is capped too. The big chop, no table at all:
/// five scrambles of six moves in 0.45 s of CPU.
const PERIMETER_SHARE: u64 = 8;

/// The tables to build for one size: what they project, their size, and the
/// entries of their distance and move tables (the work of building them).
struct Plan {
    projections: Vec<pattern::Projection>,
    cap: u64,
    work: u64,
    /// Bytes of the tables and their move tables, those shared counted once.
    bytes: u64,
}

/// One set of tables, built to one size.
struct Level {
    patterns: Vec<Pattern>,
    /// Each table's largest size.
    cap: u64,
    /// Whether the tables see every orientation: then all of them at distance 0 is
    /// the goal.
    exact: bool,
    /// Entries of its distance and move tables, and the time they took to build.
    work: u64,
    built: Duration,
}

impl Level {
    /// Bytes of the tables and their move tables, those shared counted once.
    fn bytes(&self) -> u64 {
        let mut seen = HashSet::new();
        let patterns = self.patterns.iter();
        patterns
            .map(|p| p.table.len() as u64 + p.coords.table_bytes_unseen(&mut seen))
            .sum()
    }
}

impl<'p> DeepSolver<'p> {
    /// The solver of `puzzle` with tables of at most `memory` bytes in all, built by
    /// `threads` threads; refused when its pieces cannot be told apart or one piece
    /// alone needs more.
    pub fn new(puzzle: &'p Puzzle, memory: u64, threads: usize) -> Result<DeepSolver<'p>, Error> {
        let refuse = |why: String| {
            Error::invalid(
                Kind::Puzzle,
                format!("no pattern databases for {}: {why}", puzzle.name),
            )
        };
        if puzzle.weighted() {
            return Err(refuse(
                "its moves have costs, and IDA* here counts moves".into(),
            ));
        }
        let kinds = pattern::kinds(puzzle).map_err(refuse)?;
        let relations = puzzle.relations();
        let n = puzzle.moves.len();
        let canon = puzzle.canon();
        let parity_orbits: Vec<usize> = (0..kinds.len())
            .filter(|&r| kinds[r].counts().iter().all(|&c| c == 1))
            .take(64)
            .collect();
        let mut parities: Vec<u64> = Vec::new();
        for m in 0..n {
            let v = parity_orbits.iter().enumerate().fold(0u64, |v, (i, &r)| {
                v | u64::from(odd(&kinds[r].orbit.src[m])) << i
            });
            let v = reduce(&parities, v);
            if v != 0 {
                parities.push(v);
                parities.sort_unstable_by(|a, b| b.cmp(a));
            }
        }
        let mut solver = DeepSolver {
            puzzle,
            kinds,
            canon,
            parities,
            parity_orbits,
            inverses: relations.inverses,
            memory,
            threads,
            level: None,
            perimeter: None,
            blind_nodes: BLIND_NODES,
            searched: Duration::ZERO,
            next: None,
        };
        let plan = solver.first_plan().map_err(refuse)?;
        let projections: Vec<&pattern::Projection> = plan.projections.iter().collect();
        if !sees_every_kind(&solver.kinds, &projections) {
            // An eighth of the budget, the tables keep the rest.
            let share = memory / PERIMETER_SHARE;
            solver.perimeter = Some(Perimeter::build(puzzle, share));
            solver.memory -= share;
        }
        solver.level = Some(solver.build(plan).map_err(refuse)?);
        Ok(solver)
    }

    fn level(&self) -> &Level {
        self.level.as_ref().expect("tables built in new")
    }

    /// The tables: each one's positions and largest distance.
    pub fn tables(&self) -> Vec<(u64, u8)> {
        self.level()
            .patterns
            .iter()
            .map(|p| (p.table.len() as u64, p.table.depth))
            .collect()
    }

    /// What the search runs on, for a note: `IDA* over 4 pattern databases
    /// (88,179,840 positions to depth 11, ...; 478 MB)`.
    pub fn describe(&self) -> String {
        let tables: Vec<String> = self
            .tables()
            .iter()
            .map(|&(n, d)| format!("{} positions to depth {d}", crate::io::group(n)))
            .collect();
        let perimeter = match &self.perimeter {
            Some(p) if tables.is_empty() => {
                return format!("IDA* over a perimeter ({})", p.describe());
            }
            Some(p) => format!(" and a perimeter ({})", p.describe()),
            None => String::new(),
        };
        format!(
            "IDA* over {} pattern database{} ({}; {} MB){perimeter}",
            tables.len(),
            if tables.len() == 1 { "" } else { "s" },
            tables.join(", "),
            self.bytes().div_ceil(1 << 20)
        )
    }

    /// Bytes of the tables and their move tables, those shared counted once.
    pub fn bytes(&self) -> u64 {
        self.level().bytes()
    }

    /// Optimal solutions of a checked sticker string (the first, or all of them),
    /// each applied to it and checked; the nodes searched.
    pub fn solve(
        &mut self,
        stickers: &[u8],
        listing: Listing,
    ) -> Result<(Vec<Moves>, u64), DeepError> {
        self.solve_within(stickers, listing, &mut |_| true)
    }

    /// [`DeepSolver::solve`] within a budget: `keep_going(nodes)` is asked about every
    /// 65,536 nodes, and a `false` ends the search with an error that says so.
    pub fn solve_within(
        &mut self,
        stickers: &[u8],
        listing: Listing,
        keep_going: &mut dyn FnMut(u64) -> bool,
    ) -> Result<(Vec<Moves>, u64), DeepError> {
        let mut nodes = 0;
        let found = loop {
            let node = self.start(stickers).map_err(DeepError::State)?;
            let level = self.level();
            let tables = Tables {
                patterns: &level.patterns,
                puzzle: self.puzzle,
                perimeter: self.perimeter.as_ref(),
                start: stickers,
                exact: level.exact,
            };
            // Searching as long as larger tables take to build builds them. They
            // are planned only once the search has taken as long as these took to
            // build, which they would take longer than: a plan measures every
            // projection it tries (the 9x9x9's next plan was a quarter of a
            // three-move scramble's 13 s).
            let clock = Instant::now();
            let (searched, built) = (self.searched, level.built);
            let mut planned = None;
            // Tables blind to a kind cannot tell a state no moves make from a far
            // one (the search would go on to 40 moves): a node limit ends it.
            let blind_left = self
                .perimeter
                .as_ref()
                .map(|_| self.blind_nodes.saturating_sub(nodes));
            let (mut asked, mut blind, mut spent_budget) = (0u64, false, false);
            let mut stop = || {
                asked += 1;
                if !keep_going(nodes + (asked << 16)) {
                    spent_budget = true;
                    return true;
                }
                if blind_left.is_some_and(|left| asked << 16 >= left) {
                    blind = true;
                    return true;
                }
                let spent = searched + clock.elapsed();
                if spent <= built {
                    return false;
                }
                let next = match &self.next {
                    Some(next) => next,
                    None => planned.get_or_insert_with(|| self.next_plan()),
                };
                next.as_ref().is_some_and(|(_, t)| spent > *t)
            };
            let found = ida_star(&tables, &self.canon, node, listing, MAX_MOVES, &mut stop);
            if let Some(next) = planned {
                self.next = Some(next);
            }
            self.searched += clock.elapsed();
            nodes += found.nodes;
            if spent_budget {
                return Err(DeepError::Budget { nodes });
            }
            if blind {
                return Err(DeepError::Blind { nodes });
            }
            if found.complete {
                break found;
            }
            let Some(Some((plan, _))) = self.next.take() else {
                break found;
            };
            // The smaller tables go first, so that the budget holds while the larger
            // ones are built (a random 3x3x3 at --memory 2048 held both: 1.58 GB).
            let smaller = self.level.take().map_or(FIRST_CAP, |l| l.cap);
            match self.build(plan) {
                Ok(level) => {
                    self.level = Some(level);
                    self.searched = Duration::ZERO;
                }
                // Larger tables could not be had: the smaller ones again, and on.
                Err(_) => {
                    let level = self.plan(smaller).and_then(|p| self.build(p));
                    self.level = Some(level.map_err(DeepError::Tables)?);
                    self.next = Some(None);
                }
            }
        };
        if found.paths.is_empty() {
            return Err(DeepError::GaveUp);
        }
        for path in &found.paths {
            if apply(self.puzzle, stickers, path) != self.puzzle.solved {
                return Err(DeepError::Unsolved { moves: path.len() });
            }
        }
        Ok((found.paths, nodes))
    }
}

/// Why IDA* over pattern databases gave no solution.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DeepError {
    /// The state cannot be searched (a sticker no move moves is not solved, or its
    /// pieces cannot be read): the reason.
    State(String),
    /// The caller's budget ended the search first, after this many nodes.
    Budget { nodes: u64 },
    /// Tables blind to a kind of piece cannot tell a state no moves make from a far
    /// one: the search gave up after this many nodes.
    Blind { nodes: u64 },
    /// No solution of at most `MAX_MOVES` moves.
    GaveUp,
    /// The tables a search needs could not be built: the reason.
    Tables(String),
    /// A solution found did not solve the state (a bug): its moves.
    Unsolved { moves: usize },
}

impl std::fmt::Display for DeepError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            DeepError::State(why) | DeepError::Tables(why) => f.write_str(why),
            DeepError::Budget { nodes } => write!(
                f,
                "stopped by its budget after {} nodes, with no solution yet",
                crate::io::group(*nodes)
            ),
            DeepError::Blind { nodes } => write!(
                f,
                "gave up after {} nodes: the tables leave kinds of piece unseen (too large \
                 for any table), so a state no moves make cannot be told from a far one",
                crate::io::group(*nodes)
            ),
            DeepError::GaveUp => write!(f, "gave up: no solution of at most {MAX_MOVES} moves"),
            DeepError::Unsolved { moves } => write!(
                f,
                "internal error: a solution of {moves} moves does not solve the state"
            ),
        }
    }
}

impl std::error::Error for DeepError {}

#[cfg(test)]
mod tests;
