//! Seed 001's method for the 3x3x3 ("Of solving the rubik's from scratch"): place
//! the edges, then place the corners with a 3-cycle that leaves every edge alone,
//! then twist them with a sequence that moves nothing else. The two magic moves are
//! the first that pocket's own orbit search finds ([`OrbitSearch`]); a magic move
//! done between a setup and its inverse (`[S: M]`, a conjugate) leaves the edges
//! alone too, so the few conjugates with short setups serve every corner.
//!
//! Not optimal: a random state takes about 150 moves. Any puzzle with eight
//! `corner` pieces of three stickers and twelve `edge` pieces of two (the
//! definition's `piece` lines) is solved the same way.

use std::sync::OnceLock;

use ahash::AHashMap;

use crate::engine::search::Canon;
use crate::puzzle::Puzzle;
use crate::puzzle::formats::defined::Sticker;
use crate::puzzle::searches::orbit::{Change, MagicMove, OrbitSearch, Rules};

mod error;
mod tables;
pub use error::MagicError;
use tables::{EdgeTables, Kind, Reach};

/// One use of a magic move: `setup`, the move (or its inverse), the setup undone.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Conjugate {
    /// Moves before the magic move (indices into the puzzle's moves).
    pub setup: Vec<u8>,
    /// Whether the magic move's sequence is done backwards (its inverse).
    pub inverse: bool,
}

/// A 3x3x3 solved by the seed's three steps.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MagicSolution {
    /// Step 1: moves that place and orient every edge.
    pub edges: Vec<u8>,
    /// Step 2: uses of the cycling magic move that place every corner.
    pub placing: Vec<Conjugate>,
    /// Step 3: uses of the twisting magic move that orient every corner.
    pub twisting: Vec<Conjugate>,
}

/// The method for one puzzle: its pieces as move tables, the two magic moves, and
/// what their conjugates do.
pub struct MagicMethod<'p> {
    puzzle: &'p Puzzle,
    canon: Canon,
    corners: Kind,
    edges: Kind,
    edge_tables: OnceLock<EdgeTables>,
    /// The 3-cycle of step 2 and the twist of step 3.
    pub cycle: MagicMove,
    pub twist: MagicMove,
    placing: OnceLock<Reach>,
    twisting: OnceLock<Reach>,
    /// `inverses[m]`: the move that undoes move `m`.
    inverses: Vec<u8>,
}

/// Longest setup tried: with three moves every 3-cycle of the 3x3x3's corners is a
/// conjugate of the first magic move (56 corner triples, both ways round).
const SETUP_MOVES: usize = 3;

impl<'p> MagicMethod<'p> {
    /// The method for `puzzle`, with its magic moves found by the orbit search.
    pub fn new(puzzle: &'p Puzzle) -> Result<MagicMethod<'p>, MagicError> {
        let corners = Kind::new(puzzle, "corner", 8, 3)?;
        let edges = Kind::new(puzzle, "edge", 12, 2)?;
        let cycle = first_magic_move(puzzle, Change::Cycle)?;
        let twist = first_magic_move(puzzle, Change::Twist)?;
        Ok(MagicMethod {
            puzzle,
            canon: puzzle.canon(),
            corners,
            edges,
            edge_tables: OnceLock::new(),
            cycle,
            twist,
            placing: OnceLock::new(),
            twisting: OnceLock::new(),
            inverses: (0..puzzle.moves.len() as u8)
                .map(|m| inverse_move(puzzle, m))
                .collect(),
        })
    }

    /// Solve a state given as the puzzle's stickers (any colours: the pieces are
    /// read against the solved string).
    pub fn solve(&self, stickers: &[u8]) -> Result<MagicSolution, MagicError> {
        let stickers = &self.by_centres(stickers)?;
        let mut corners = self.corners.read(stickers, &self.puzzle.solved)?;
        let mut edges = self.edges.read(stickers, &self.puzzle.solved)?;
        check_solvable(&corners, &edges)?;
        let tables = self
            .edge_tables
            .get_or_init(|| EdgeTables::new(&self.edges));
        // Each group's search starts afresh: a turn that ends one may begin the next.
        let edge_moves = merge_turns(
            self.puzzle,
            &tables.solve(&self.edges, &self.canon, &edges)?,
        );
        for &m in &edge_moves {
            self.edges.apply(&mut edges, m);
            self.corners.apply(&mut corners, m);
        }
        let placing = self.placing.get_or_init(|| self.reach(&self.cycle, true));
        let mut solution = MagicSolution {
            edges: edge_moves,
            placing: Vec::new(),
            twisting: Vec::new(),
        };
        for use_ in placing.path(&corners, true)? {
            self.corners
                .apply_all(&mut corners, &self.expand(&self.cycle, &use_));
            solution.placing.push(use_);
        }
        let twisting = self.twisting.get_or_init(|| self.reach(&self.twist, false));
        for use_ in twisting.path(&corners, false)? {
            self.corners
                .apply_all(&mut corners, &self.expand(&self.twist, &use_));
            solution.twisting.push(use_);
        }
        Ok(solution)
    }

    /// The puzzle solved.
    pub fn puzzle(&self) -> &'p Puzzle {
        self.puzzle
    }

    /// Whether a sticker string is the solved state, in any colours (read by the
    /// centres).
    pub fn is_solved(&self, stickers: &[u8]) -> bool {
        self.by_centres(stickers)
            .is_ok_and(|s| s == self.puzzle.solved)
    }

    /// The state in the solved string's colours: each sticker takes the colour of the
    /// centre (a sticker no move moves) that shows its colour in the state.
    fn by_centres(&self, stickers: &[u8]) -> Result<Vec<u8>, MagicError> {
        let p = self.puzzle;
        if stickers.len() != p.stickers() {
            return Err(MagicError::Stickers {
                puzzle: p.name.clone(),
                expected: p.stickers(),
                got: stickers.len(),
            });
        }
        let centres =
            (0..p.stickers()).filter(|&i| p.moves.iter().all(|m| m.perm[i] as usize == i));
        let mut colour = AHashMap::new();
        for i in centres {
            if colour.insert(stickers[i], p.solved[i]).is_some() {
                return Err(MagicError::SameCentres(stickers[i]));
            }
        }
        stickers
            .iter()
            .enumerate()
            .map(|(i, c)| {
                colour.get(c).copied().ok_or(MagicError::NoCentre {
                    sticker: i,
                    colour: *c,
                })
            })
            .collect()
    }

    /// Every move of a solution, in order, with neighbouring turns of one face merged
    /// (`R R` is `R2`, `R R'` nothing).
    pub fn moves(&self, solution: &MagicSolution) -> Vec<u8> {
        let mut all = solution.edges.clone();
        for u in &solution.placing {
            all.extend(self.expand(&self.cycle, u));
        }
        for u in &solution.twisting {
            all.extend(self.expand(&self.twist, u));
        }
        merge_turns(self.puzzle, &all)
    }

    /// The inverse of a sequence: backwards, each move by the move that undoes it.
    fn invert(&self, moves: &[u8]) -> Vec<u8> {
        moves
            .iter()
            .rev()
            .map(|&m| self.inverses[m as usize])
            .collect()
    }

    /// A conjugate of `magic` as the moves it is made of.
    pub fn expand(&self, magic: &MagicMove, use_: &Conjugate) -> Vec<u8> {
        let mut out = use_.setup.clone();
        let sequence = match use_.inverse {
            true => self.invert(&magic.moves),
            false => magic.moves.clone(),
        };
        for _ in 0..magic.power {
            out.extend_from_slice(&sequence);
        }
        out.extend(self.invert(&use_.setup));
        out
    }

    /// A conjugate in cubing notation: `[R U: (U R2 U L2 U2)2]`, or the bare power
    /// without a setup; an inverse magic move is written backwards.
    pub fn notation(&self, magic: &MagicMove, use_: &Conjugate) -> String {
        let names = |moves: &[u8]| {
            moves
                .iter()
                .map(|&m| self.puzzle.moves[m as usize].name.as_str())
                .collect::<Vec<_>>()
                .join(" ")
        };
        let sequence = match use_.inverse {
            true => self.invert(&magic.moves),
            false => magic.moves.clone(),
        };
        let power = format!("({}){}", names(&sequence), magic.power);
        match use_.setup.is_empty() {
            true => power,
            false => format!("[{}: {power}]", names(&use_.setup)),
        }
    }

    /// What the conjugates of `magic` (and of its inverse) with setups of up to
    /// [`SETUP_MOVES`] moves do to the corners, the shortest setup for each effect,
    /// and how far each corner state is from solved in such uses.
    fn reach(&self, magic: &MagicMove, placing: bool) -> Reach {
        let mut uses = Vec::new();
        for setup in self.setups() {
            for inverse in [false, true] {
                let use_ = Conjugate {
                    setup: setup.clone(),
                    inverse,
                };
                let mut corners = self.corners.solved();
                self.corners
                    .apply_all(&mut corners, &self.expand(magic, &use_));
                uses.push((corners, use_));
            }
        }
        Reach::new(uses, placing)
    }

    /// Canonical sequences of 0 to [`SETUP_MOVES`] moves, shortest first.
    fn setups(&self) -> Vec<Vec<u8>> {
        let mut all = vec![Vec::new()];
        let mut layer = vec![Vec::new()];
        for _ in 0..SETUP_MOVES {
            let mut next = Vec::new();
            for s in &layer {
                for m in 0..self.puzzle.moves.len() {
                    let last = s.last().map(|&l: &u8| l as usize);
                    if self.canon.allows_sorted(last, m) {
                        let mut t: Vec<u8> = s.clone();
                        t.push(m as u8);
                        next.push(t);
                    }
                }
            }
            all.extend(next.iter().cloned());
            layer = next;
        }
        all
    }
}

/// The first magic move of `change` on the corners that pocket's orbit search lists
/// (edges and centres kept, at most three corners on one face, powers up to 6).
fn first_magic_move(puzzle: &Puzzle, change: Change) -> Result<MagicMove, MagicError> {
    let rules = Rules {
        change,
        ..Rules::new("corner")
    };
    let search =
        OrbitSearch::new(puzzle, rules, &[]).map_err(|e| MagicError::Orbit(e.to_string()))?;
    let threads = std::thread::available_parallelism().map_or(1, usize::from);
    for length in 1..=7 {
        if let Some(m) = search.of_length(length, threads).into_iter().next() {
            return Ok(m);
        }
    }
    Err(MagicError::NoMagicMove(puzzle.name.clone()))
}

/// Refuse a state no sequence of moves makes: an edge flipped alone, a corner
/// twisted alone, or two pieces swapped alone.
fn check_solvable(corners: &[u8], edges: &[u8]) -> Result<(), MagicError> {
    let twist: u32 = corners.iter().map(|&v| (v % 3) as u32).sum();
    if twist % 3 != 0 {
        return Err(MagicError::Twisted);
    }
    let flip: u32 = edges.iter().map(|&v| (v % 2) as u32).sum();
    if flip % 2 != 0 {
        return Err(MagicError::Flipped);
    }
    let slots = |values: &[u8], size: u8| values.iter().map(|&v| v / size).collect::<Vec<_>>();
    if odd(&slots(corners, 3)) != odd(&slots(edges, 2)) {
        return Err(MagicError::Swapped);
    }
    Ok(())
}

/// Whether a permutation (the slot of each piece) is odd.
fn odd(slots: &[u8]) -> bool {
    let mut seen = vec![false; slots.len()];
    let mut odd = false;
    for start in 0..slots.len() {
        let mut i = start;
        let mut length = 0;
        while !seen[i] {
            seen[i] = true;
            i = slots[i] as usize;
            length += 1;
        }
        if length > 0 && length % 2 == 0 {
            odd = !odd;
        }
    }
    odd
}

fn inverse_move(puzzle: &Puzzle, m: u8) -> u8 {
    let perm = &puzzle.moves[m as usize].perm;
    let mut back = vec![0 as Sticker; perm.len()];
    for (i, &p) in perm.iter().enumerate() {
        back[p as usize] = i as Sticker;
    }
    puzzle
        .moves
        .iter()
        .position(|n| n.perm == back)
        .expect("the puzzle's moves come with their inverses (powers all)") as u8
}

/// Merge neighbouring moves of one face into the one move they make, or nothing.
fn merge_turns(puzzle: &Puzzle, moves: &[u8]) -> Vec<u8> {
    let mut out: Vec<u8> = Vec::with_capacity(moves.len());
    for &m in moves {
        let Some(&last) = out.last() else {
            out.push(m);
            continue;
        };
        let (a, b) = (&puzzle.moves[last as usize], &puzzle.moves[m as usize]);
        if a.face != b.face {
            out.push(m);
            continue;
        }
        let both = crate::puzzle::formats::defined::compose(&a.perm, &b.perm);
        out.pop();
        if both.iter().enumerate().any(|(i, &p)| p as usize != i) {
            let merged = puzzle
                .moves
                .iter()
                .position(|n| n.perm == both)
                .expect("a face's powers are all moves (powers all)");
            out.push(merged as u8);
        }
    }
    out
}

#[cfg(test)]
mod tests;
