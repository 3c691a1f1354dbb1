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

use super::defined::Puzzle;
use super::pattern::{self, Kinds, Pattern};
use crate::engine::ida::{Estimated, Listing, ida_star};
use crate::engine::search::{Canon, MoveSpec, Moves};
use crate::model::{Error, Kind};

/// The most moves a solution may have: past it the search gives up.
pub const MAX_MOVES: u32 = 40;

/// An IDA* solver of one puzzle, its tables built.
pub struct DeepSolver<'p> {
    puzzle: &'p Puzzle,
    kinds: Vec<Kinds>,
    patterns: Vec<Pattern>,
    canon: Canon,
    /// Each move's permutation parities, one bit an orbit of distinct pieces, reduced
    /// to a basis (a leading bit each).
    parities: Vec<u64>,
    /// The orbits whose parities count.
    parity_orbits: Vec<usize>,
}

/// The tables as IDA* uses them.
struct Tables<'a>(&'a [Pattern], usize);

impl Estimated for Tables<'_> {
    type Node = Vec<u128>;

    fn move_count(&self) -> usize {
        self.1
    }

    #[inline]
    fn apply(&self, from: &Vec<u128>, m: usize, to: &mut Vec<u128>) {
        for ((p, &x), y) in self.0.iter().zip(from).zip(to.iter_mut()) {
            *y = p.coords.step(x, m);
        }
    }

    #[inline]
    fn estimate(&self, node: &Vec<u128>) -> Option<u32> {
        let mut h = 0;
        for (p, &x) in self.0.iter().zip(node) {
            h = h.max(p.distance(x)?);
        }
        Some(h)
    }
}

/// Whether a permutation (`src[q]`: where position `q`'s piece comes from) is odd.
fn odd(src: &[u8]) -> bool {
    let mut seen = vec![false; src.len()];
    let mut odd = false;
    for start in 0..src.len() {
        let mut len = 0;
        let mut x = start;
        while !seen[x] {
            seen[x] = true;
            x = src[x] as usize;
            len += 1;
        }
        odd ^= len > 0 && len % 2 == 0;
    }
    odd
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
        // A byte a position, and a quarter of the budget to a table at most: two or
        // three large tables and the small ones fit.
        let mut cap = (memory / 4).max(1);
        let over = || {
            refuse(format!(
                "its tables need more than the memory budget of {} MB (--memory)",
                memory >> 20
            ))
        };
        let plan = loop {
            let plan = match pattern::plan(puzzle, &kinds, cap) {
                Ok(plan) => plan,
                // The budget was cut to fit, and one piece alone no longer does.
                Err(_) if cap < memory / 4 => return Err(over()),
                Err(e) => return Err(refuse(e)),
            };
            let bytes: u64 = plan
                .iter()
                .map(|p| {
                    let (sub, _, _) = p.puzzle(puzzle, &kinds);
                    super::coords::Coords::measure(&sub).map_or(u64::MAX, |(s, _, t)| s + t)
                })
                .sum();
            if bytes <= memory {
                break plan;
            }
            if cap < 1000 {
                return Err(over());
            }
            cap /= 2;
        };
        let patterns = plan
            .into_iter()
            .map(|p| Pattern::build(puzzle, &kinds, p, &relations.inverses, threads))
            .collect::<Result<Vec<_>, _>>()
            .map_err(refuse)?;
        let specs: Vec<MoveSpec> = puzzle
            .moves
            .iter()
            .map(|m| MoveSpec {
                face: m.face,
                cost: 1,
            })
            .collect();
        let canon = Canon::from_relations(
            &specs,
            |a, b| relations.products[a * n + b],
            |a, b| relations.commutes[a * n + b],
        );
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
        Ok(DeepSolver {
            puzzle,
            kinds,
            patterns,
            canon,
            parities,
            parity_orbits,
        })
    }

    /// The tables: each one's positions and largest distance.
    pub fn tables(&self) -> Vec<(u64, u8)> {
        self.patterns
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
        format!(
            "IDA* over {} pattern database{} ({}; {} MB)",
            tables.len(),
            if tables.len() == 1 { "" } else { "s" },
            tables.join(", "),
            self.bytes().div_ceil(1 << 20)
        )
    }

    /// Bytes of the tables and their move tables.
    pub fn bytes(&self) -> u64 {
        self.patterns
            .iter()
            .map(|p| p.table.len() as u64 + p.coords.table_bytes())
            .sum()
    }

    /// The nodes of the search's start, or why no sequence solves `stickers` (a
    /// checked sticker string of the puzzle).
    fn start(&self, stickers: &[u8]) -> Result<Vec<u128>, String> {
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
        let node = self
            .patterns
            .iter()
            .map(|p| p.state_of(&self.kinds, &read))
            .collect::<Result<Vec<_>, _>>()?;
        if self
            .patterns
            .iter()
            .zip(&node)
            .any(|(p, &x)| p.distance(x).is_none())
        {
            return Err("its pieces are in an arrangement no moves make".into());
        }
        Ok(node)
    }

    /// Optimal solutions of a checked sticker string (the first, or all of them),
    /// each applied to it and checked; the nodes searched.
    pub fn solve(&self, stickers: &[u8], listing: Listing) -> Result<(Vec<Moves>, u64), String> {
        let node = self.start(stickers)?;
        let tables = Tables(&self.patterns, self.puzzle.moves.len());
        let found = ida_star(&tables, &self.canon, node, listing, MAX_MOVES);
        if found.paths.is_empty() {
            return Err(format!("gave up: no solution of at most {MAX_MOVES} moves"));
        }
        for path in &found.paths {
            let end = path.iter().fold(stickers.to_vec(), |s, &m| {
                self.puzzle.moves[m as usize]
                    .perm
                    .iter()
                    .map(|&j| s[j as usize])
                    .collect()
            });
            if end != self.puzzle.solved {
                return Err(format!(
                    "internal error: a solution of {} moves does not solve the state",
                    path.len()
                ));
            }
        }
        Ok((found.paths, found.nodes))
    }
}
