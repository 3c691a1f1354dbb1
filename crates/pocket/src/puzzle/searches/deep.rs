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

use crate::engine::ida::{Estimated, Listing, ida_star};
use crate::engine::search::{Canon, Moves};
use crate::model::{Error, Kind};
use crate::puzzle::formats::barred::first_held;
use crate::puzzle::formats::defined::Puzzle;
use crate::puzzle::searches::pattern::{self, Kinds, Pattern, UNSEEN};
use crate::puzzle::spaces::coords::SharedTables;
use crate::puzzle::spaces::linked::odd;
use crate::puzzle::spaces::perimeter::Perimeter;
use smallvec::SmallVec;
use std::collections::HashSet;
use std::time::{Duration, Instant};

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

/// The tables as IDA* uses them, and the state searched from, to tell the goal when
/// the tables do not see every orientation. A puzzle that bars positions, or is
/// bounded by a perimeter too, has its stickers in each node, one a word after the
/// tables' coordinates, so that a move to a barred position is no step and the
/// perimeter can be read.
struct Tables<'a> {
    patterns: &'a [Pattern],
    puzzle: &'a Puzzle,
    perimeter: Option<&'a Perimeter>,
    start: &'a [u8],
    exact: bool,
}

impl Estimated for Tables<'_> {
    type Node = Vec<u64>;

    fn move_count(&self) -> usize {
        self.puzzle.moves.len()
    }

    /// The tables in turn, stopping at the first whose distance passes `within`:
    /// most nodes are cut by the first table. (Moving every table first and taking
    /// the largest distance: 160 ns a node on the master pyraminx.)
    #[inline]
    fn step(&self, from: &Vec<u64>, m: usize, to: &mut Vec<u64>, within: u32) -> Result<u32, u32> {
        let barred = &self.puzzle.barred;
        if !barred.is_empty() && self.bars(from, m) {
            return Err(u32::MAX);
        }
        let mut h = 0;
        for ((p, &x), y) in self.patterns.iter().zip(from).zip(to.iter_mut()) {
            let (moved, d) = p.advance(x, m);
            *y = moved;
            match u32::from(d) {
                d if d == u32::from(UNSEEN) => return Err(u32::MAX),
                d if d > within => return Err(d),
                d => h = h.max(d),
            }
        }
        if !barred.is_empty() || self.perimeter.is_some() {
            let tables = self.patterns.len();
            let perm = &self.puzzle.moves[m].perm;
            for (i, &j) in perm.iter().enumerate() {
                to[tables + i] = from[tables + j as usize];
            }
        }
        if let Some(perimeter) = self.perimeter {
            match self.perimeter_bound(perimeter, to) {
                d if d > within => return Err(d),
                d => h = h.max(d),
            }
        }
        Ok(h)
    }

    fn estimate(&self, node: &Vec<u64>) -> Option<u32> {
        let mut h = 0;
        for (p, &x) in self.patterns.iter().zip(node) {
            match p.distance(x) {
                UNSEEN => return None,
                d => h = h.max(u32::from(d)),
            }
        }
        if let Some(perimeter) = self.perimeter {
            h = h.max(self.perimeter_bound(perimeter, node));
        }
        Some(h)
    }

    fn is_goal(&self, _node: &Vec<u64>, path: &[u8]) -> bool {
        self.exact || apply(self.puzzle, self.start, path) == self.puzzle.solved
    }
}

impl Tables<'_> {
    /// The perimeter's bound on a node, from the stickers it carries.
    #[inline(never)]
    fn perimeter_bound(&self, perimeter: &Perimeter, node: &[u64]) -> u32 {
        let stickers: SmallVec<[u8; 512]> = node[self.patterns.len()..]
            .iter()
            .map(|&c| c as u8)
            .collect();
        perimeter.bound(&stickers)
    }

    /// Whether move `m` takes node `from` to a barred position.
    #[inline(never)]
    fn bars(&self, from: &[u64], m: usize) -> bool {
        let stickers = &from[self.patterns.len()..];
        let perm = &self.puzzle.moves[m].perm;
        let at = |i: usize| stickers[perm[i] as usize] as u8;
        self.puzzle.barred.iter().any(|b| b.holds(at))
    }
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

/// The exponent of each orientation of a cyclic orientation group whose sum every
/// move keeps (the cube's corner twists), or `None`.
fn kept_sum(k: &Kinds) -> Option<Vec<u8>> {
    let o = &k.orbit;
    let order = o.twists.len();
    (0..order as u8).find_map(|g| {
        let mut exp = vec![0u8; order];
        let mut x = g;
        for e in 1..order {
            if x == 0 {
                return None;
            }
            exp[x as usize] = e as u8;
            x = o.mul(x, g);
        }
        let keeps = o
            .twist
            .iter()
            .all(|row| row.iter().map(|&t| exp[t as usize] as usize).sum::<usize>() % order == 0);
        (x == 0 && keeps).then_some(exp)
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

    /// The first tables: within [`FIRST_CAP`] positions (and bytes of move tables)
    /// each and a quarter of the budget, or else the smallest larger cap, up to the
    /// whole budget, at which one piece alone fits. A quarter of a small budget may
    /// not hold one piece's move tables (the 4x4x4's centres, 1.5 MB) where the
    /// whole budget does; Square-1's eight identical corner halves, 735,471
    /// places under 23 moves, need 68 MB of move tables, past the first cap.
    fn first_plan(&self) -> Result<Plan, String> {
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
    fn plan(&self, mut cap: u64) -> Result<Plan, String> {
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
    fn build(&self, plan: Plan) -> Result<Level, String> {
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

    fn level(&self) -> &Level {
        self.level.as_ref().expect("tables built in new")
    }

    /// The next tables, if the budget has room for larger ones, and how long they
    /// would take to build.
    fn next_plan(&self) -> Option<(Plan, Duration)> {
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

    /// The nodes of the search's start, or why no sequence solves `stickers` (a
    /// checked sticker string of the puzzle).
    fn start(&self, stickers: &[u8]) -> Result<Vec<u64>, String> {
        let moved = |i: usize| self.puzzle.moves.iter().any(|m| m.perm[i] as usize != i);
        if let Some(i) =
            (0..stickers.len()).find(|&i| !moved(i) && stickers[i] != self.puzzle.solved[i])
        {
            return Err(format!(
                "sticker {i} is one no move moves, and is not solved"
            ));
        }
        let read = self
            .kinds
            .iter()
            .map(|k| k.read(stickers))
            .collect::<Result<Vec<_>, _>>()?;
        for (k, r) in self.kinds.iter().zip(&read) {
            let mut have: Vec<u8> = r.iter().map(|&(kind, _)| kind).collect();
            let mut want = k.kind_at.clone();
            have.sort_unstable();
            want.sort_unstable();
            if have != want {
                return Err("some piece appears twice and another not at all".into());
            }
        }
        // The tables of an orbit shown without orientations do not see a twist.
        // (An orbit with pieces that do not show their turns cannot be summed.)
        for (k, r) in self.kinds.iter().zip(&read).filter(|(k, _)| k.turns_seen) {
            if let Some(exp) = kept_sum(k) {
                let sum: usize = r.iter().map(|&(_, t)| exp[t as usize] as usize).sum();
                let order = k.orbit.twists.len();
                if sum % order != 0 {
                    return Err(format!(
                        "its pieces are twisted by {} of {order} in all, and every move keeps \
                         the sum",
                        sum % order
                    ));
                }
            }
        }
        let v = self
            .parity_orbits
            .iter()
            .enumerate()
            .fold(0u64, |v, (i, &r)| {
                // Distinct pieces: the kind is the piece, and its home is where it is at home.
                let src: Vec<u8> = read[r]
                    .iter()
                    .map(|&(kind, _)| {
                        self.kinds[r]
                            .kind_at
                            .iter()
                            .position(|&k| k == kind)
                            .unwrap_or(0) as u8
                    })
                    .collect();
                v | u64::from(odd(&src)) << i
            });
        if reduce(&self.parities, v) != 0 {
            return Err(
                "its pieces are in an arrangement no moves make (two pieces swapped alone)".into(),
            );
        }
        if let Some(bar) = first_held(&self.puzzle.barred, stickers) {
            return Err(format!("it is a barred position ({})", bar.said));
        }
        let patterns = &self.level().patterns;
        let mut node = patterns
            .iter()
            .map(|p| p.state_of(&self.kinds, &read))
            .collect::<Result<Vec<_>, _>>()?;
        if patterns
            .iter()
            .zip(&node)
            .any(|(p, &x)| p.distance(x) == UNSEEN)
        {
            return Err("its pieces are in an arrangement no moves make".into());
        }
        if !self.puzzle.barred.is_empty() || self.perimeter.is_some() {
            node.extend(stickers.iter().map(|&c| u64::from(c)));
        }
        Ok(node)
    }

    /// Optimal solutions of a checked sticker string (the first, or all of them),
    /// each applied to it and checked; the nodes searched.
    pub fn solve(
        &mut self,
        stickers: &[u8],
        listing: Listing,
    ) -> Result<(Vec<Moves>, u64), String> {
        let mut nodes = 0;
        let found = loop {
            let node = self.start(stickers)?;
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
            let (mut asked, mut blind) = (0u64, false);
            let mut stop = || {
                asked += 1;
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
            if blind {
                return Err(format!(
                    "gave up after {} nodes: the tables leave kinds of piece unseen (too \
                     large for any table), so a state no moves make cannot be told from a \
                     far one",
                    crate::io::group(nodes)
                ));
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
                    self.level = Some(self.plan(smaller).and_then(|p| self.build(p))?);
                    self.next = Some(None);
                }
            }
        };
        if found.paths.is_empty() {
            return Err(format!("gave up: no solution of at most {MAX_MOVES} moves"));
        }
        for path in &found.paths {
            if apply(self.puzzle, stickers, path) != self.puzzle.solved {
                return Err(format!(
                    "internal error: a solution of {} moves does not solve the state",
                    path.len()
                ));
            }
        }
        Ok((found.paths, nodes))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `length` moves of `puzzle` from a linear congruential generator.
    fn random_moves(puzzle: &Puzzle, seed: &mut u64, length: usize) -> Vec<u8> {
        (0..length)
            .map(|_| {
                *seed = seed
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                ((*seed >> 33) % puzzle.moves.len() as u64) as u8
            })
            .collect()
    }

    /// Tables that share their move tables read the distances of tables that do
    /// not (the key of a shared table holds all it is built from), and some do share:
    /// 3x3x3 tables of three and four edges, and two of four, some with flips.
    #[test]
    fn shared_move_tables_give_the_distances_of_unshared_ones() {
        let puzzle = Puzzle::load("3x3x3").expect("built in");
        let kinds = pattern::kinds(&puzzle).expect("kinds");
        let inverses = puzzle.relations().inverses;
        let edges = (0..kinds.len())
            .find(|&r| kinds[r].orbit.twists.len() == 2)
            .unwrap();
        let projection = |picked: &[usize], turns: bool| {
            let mut tracked: Vec<Vec<bool>> =
                kinds.iter().map(|k| vec![false; k.looks.len()]).collect();
            for &e in picked {
                tracked[edges][e] = true;
            }
            let mut shown = vec![false; kinds.len()];
            shown[edges] = turns;
            pattern::Projection {
                tracked,
                turns: shown,
                own: vec![false; kinds.len()],
            }
        };
        let projections = [
            projection(&[0, 1, 2], false),
            projection(&[3, 4, 5, 6], false),
            projection(&[7, 8, 9, 10], false),
            projection(&[0, 5, 10], true),
        ];
        let build = |p: &pattern::Projection, shared: &mut SharedTables| {
            Pattern::build(&puzzle, &kinds, p.clone(), &inverses, 1, shared).expect("built")
        };
        let mut shared = SharedTables::default();
        let together: Vec<Pattern> = projections.iter().map(|p| build(p, &mut shared)).collect();
        let alone: Vec<Pattern> = projections
            .iter()
            .map(|p| build(p, &mut SharedTables::default()))
            .collect();
        let mut seen = HashSet::new();
        let bytes: u64 = together
            .iter()
            .map(|p| p.coords.table_bytes_unseen(&mut seen))
            .sum();
        let apart: u64 = alone
            .iter()
            .map(|p| p.coords.table_bytes_unseen(&mut seen))
            .sum();
        assert!(bytes < apart, "{bytes} bytes shared, {apart} apart");
        let mut seed = 7u64;
        for _ in 0..300 {
            let path = random_moves(&puzzle, &mut seed, 20);
            let stickers = apply(&puzzle, &puzzle.solved, &path);
            let read: Vec<_> = kinds.iter().map(|k| k.read(&stickers).unwrap()).collect();
            for (a, b) in together.iter().zip(&alone) {
                let x = a.distance(a.state_of(&kinds, &read).unwrap());
                assert_eq!(
                    x,
                    b.distance(b.state_of(&kinds, &read).unwrap()),
                    "{path:?}"
                );
            }
        }
    }

    /// Pins a cost found on twsearch's second icosahedron: when one orbit's piece
    /// needed a larger cap than the first, the cap grew for every orbit, and the
    /// other orbits' tables grew with it (26 s for a scramble of one move, 1.8 s
    /// now). A ring of three stickers (A) and one of ten in kinds of 4, 3 and 3 (B
    /// turns it, S swaps two): a kind of three needs 120 places x 13 moves x 4 bytes
    /// of move tables, past a cap of 1,000; the ring of three keeps that cap.
    #[test]
    fn only_the_orbit_that_needs_a_larger_cap_gets_one() {
        // Each move as where each of the 13 stickers comes from.
        let line = |name: &str, from: &dyn Fn(usize) -> usize| {
            let words: Vec<String> = (0..13).map(|i| from(i).to_string()).collect();
            format!("move {name} {}\n", words.join(" "))
        };
        let text = format!(
            "solved xyzAAAABBBCCC\n{}{}{}powers A B\n",
            line("A", &|i| if i < 3 { (i + 1) % 3 } else { i }),
            line("B", &|i| if i < 3 { i } else { 3 + (i - 2) % 10 }),
            line("S", &|i| match i {
                3 => 4,
                4 => 3,
                _ => i,
            }),
        );
        let puzzle = Puzzle::parse(&text, "rings").expect("parsed");
        let kinds = pattern::kinds(&puzzle).expect("kinds");
        let plan = pattern::plan(&puzzle, &kinds, 1_000, GROWTH, 1 << 30).expect("planned");
        let measured: Vec<(u64, u64)> = plan
            .iter()
            .map(|p| p.measure(&puzzle, &kinds).expect("measured"))
            .collect();
        let small = measured.iter().filter(|&&(s, t)| s <= 1_000 && t <= 1_000);
        let large = measured.iter().filter(|&&(_, t)| t > 1_000 && t <= 8_000);
        assert_eq!((small.count(), large.count()), (1, 2), "{measured:?}");
    }

    /// Pins a bug of the third round: the plan counted a move table shared by
    /// several tables once for each, so that the 4x4x4 (six tables of four edges, one
    /// move table) was refused at --memory 16 and built in 11 MB at --memory 32. The
    /// plan's bytes are the built tables' bytes.
    #[test]
    fn plans_count_shared_move_tables_once() {
        let puzzle = Puzzle::load("3x3x3").expect("built in");
        for memory in [1 << 20, 3 << 20, 24 << 20] {
            let solver = DeepSolver::new(&puzzle, memory, 1).expect("tables");
            let plan = solver.plan(solver.level().cap).expect("planned");
            assert_eq!(plan.bytes, solver.bytes(), "{}", solver.describe());
        }
    }

    /// A puzzle's colours may be any bytes (a megaminx from a twsearch file has 120
    /// colours, past printable ASCII): the tables are the same whatever they are.
    /// Before, a projection kept the puzzle's own colours and blanked pieces in 0x80
    /// and up, so that colours there would have met the blanks.
    #[test]
    fn tables_do_not_depend_on_the_colours_bytes() {
        let puzzle = Puzzle::load("3x3x3").expect("built in");
        let mut high = puzzle.clone();
        let recolour = |c: u8| 0x80 + puzzle.colours.iter().position(|&x| x == c).unwrap() as u8;
        high.solved = puzzle.solved.iter().map(|&c| recolour(c)).collect();
        high.colours = puzzle.colours.iter().map(|&c| recolour(c)).collect();
        let mut plain = DeepSolver::new(&puzzle, 4 << 20, 1).expect("tables");
        let mut recoloured = DeepSolver::new(&high, 4 << 20, 1).expect("tables");
        assert_eq!(plain.describe(), recoloured.describe());
        let mut seed = 3u64;
        for _ in 0..12 {
            let path = random_moves(&puzzle, &mut seed, 6);
            let stickers = apply(&puzzle, &puzzle.solved, &path);
            let coloured: Vec<u8> = stickers.iter().map(|&c| recolour(c)).collect();
            let (a, _) = plain.solve(&stickers, Listing::First).expect("solved");
            let (b, _) = recoloured.solve(&coloured, Listing::First).expect("solved");
            assert_eq!(a, b, "{path:?}");
        }
    }

    /// A kind too large for any table (six alike in 24 places under `--memory 1`)
    /// gets a perimeter, and the goal is checked on the stickers; a puzzle whose
    /// tables see every kind (the 3x3x3) gets none.
    #[test]
    fn only_kinds_left_out_of_the_tables_bring_a_perimeter() {
        let ring: Vec<String> = (0..24).map(|i| ((i + 1) % 24).to_string()).collect();
        let swap: Vec<String> = (0..24)
            .map(|i: usize| (if i < 2 { 1 - i } else { i }).to_string())
            .collect();
        let text = format!(
            "solved AAAAAABBBBBBCCCCCCDDDDDD\nmove T {}\nmove S {}\npowers all\n",
            ring.join(" "),
            swap.join(" ")
        );
        let puzzle = Puzzle::parse(&text, "sixes").expect("parsed");
        let solver = DeepSolver::new(&puzzle, 1 << 20, 1).expect("solver");
        assert!(solver.perimeter.is_some(), "{}", solver.describe());
        assert!(!solver.level().exact);
        let cube = Puzzle::load("3x3x3").expect("built in");
        let solver = DeepSolver::new(&cube, 4 << 20, 1).expect("solver");
        assert!(solver.perimeter.is_none(), "{}", solver.describe());
    }

    /// Pins a hang found by a hostile probe: with the colours' kinds left out of the
    /// tables (PSL(2, 23) on 24 places, four colours of six, `--memory 1`), a state
    /// no moves make was searched toward 40 moves, past 60 s. Now the search gives up
    /// at its node limit, saying why; a state the moves make is still solved.
    #[test]
    fn a_blind_search_gives_up_at_its_node_limit() {
        let text = "solved AAAAAABBBBBBCCCCCCDDDDDD\n\
            move S 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 0 23\n\
            move T 23 22 11 15 17 9 19 13 20 5 16 2 21 7 18 3 10 4 14 6 8 12 1 0\n\
            powers all\n";
        let puzzle = Puzzle::parse(text, "psl").expect("parsed");
        let mut solver = DeepSolver::new(&puzzle, 1 << 20, 1).expect("solver");
        assert!(solver.perimeter.is_some(), "{}", solver.describe());
        solver.blind_nodes = 1 << 18;
        let unreachable = b"BAAAAAABBBBBCCCCCCDDDDDD";
        let why = solver
            .solve(unreachable, Listing::First)
            .expect_err("no moves make it");
        assert!(why.starts_with("gave up after 262,144 nodes"), "{why}");
        let path = [0u8, 5, 0];
        let stickers = apply(&puzzle, &puzzle.solved, &path);
        let (found, _) = solver.solve(&stickers, Listing::First).expect("solved");
        assert_eq!(apply(&puzzle, &stickers, &found[0]), puzzle.solved);
    }

    /// Pins the cliff of the second round: a tracked table's offset permutations were
    /// counted as 2 MB whatever their width, so that under `--memory 8` no tracked
    /// table was planned and the 3x3x3 at `--memory 2` had tables of 1,680 positions.
    #[test]
    fn small_budgets_still_plan_tracked_tables() {
        let puzzle = Puzzle::load("3x3x3").expect("built in");
        let solver = DeepSolver::new(&puzzle, 2 << 20, 1).expect("tables within 2 MB");
        let own = solver
            .level()
            .patterns
            .iter()
            .filter(|p| p.projection.is_own());
        assert!(own.count() > 0, "{}", solver.describe());
        assert!(solver.bytes() <= 2 << 20, "{}", solver.bytes());
    }
}
