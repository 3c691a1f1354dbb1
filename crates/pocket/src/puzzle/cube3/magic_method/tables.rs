//! The method's working parts: pieces of one kind as move tables, the edge search
//! of step 1, and the corner states the conjugates of a magic move reach.
//!
//! A piece's *value* is `slot * size + o`: its first sticker (in the order of its
//! `piece` line) lies on sticker `o` of slot `slot`. Values are kept per piece, in
//! the order of the definition's pieces of that kind.

use ahash::AHashMap;

use super::{Conjugate, MagicError};
use crate::engine::search::Canon;
use crate::puzzle::Puzzle;
use crate::puzzle::formats::defined::Sticker;

/// The pieces of one kind and where each move takes each value.
pub(super) struct Kind {
    names: Vec<String>,
    homes: Vec<Vec<Sticker>>,
    size: u8,
    /// `next[m][v]`: the value that value `v` becomes under move `m`.
    next: Vec<Vec<u8>>,
}

impl Kind {
    /// The `count` pieces of `kind`, each of `size` stickers, of `puzzle`.
    pub(super) fn new(
        puzzle: &Puzzle,
        kind: &'static str,
        count: usize,
        size: u8,
    ) -> Result<Kind, MagicError> {
        let pieces: Vec<_> = puzzle.pieces.iter().filter(|p| p.kind == kind).collect();
        if pieces.len() != count || pieces.iter().any(|p| p.stickers.len() != size as usize) {
            return Err(MagicError::Shape {
                puzzle: puzzle.name.clone(),
                kind,
                found: pieces.len(),
            });
        }
        let homes: Vec<Vec<Sticker>> = pieces.iter().map(|p| p.stickers.clone()).collect();
        let mut at = AHashMap::new();
        for (slot, stickers) in homes.iter().enumerate() {
            for (o, &s) in stickers.iter().enumerate() {
                at.insert(s, (slot as u8, o as u8));
            }
        }
        let mut next = Vec::new();
        for m in &puzzle.moves {
            let mut dest = vec![0 as Sticker; m.perm.len()];
            for (i, &p) in m.perm.iter().enumerate() {
                dest[p as usize] = i as Sticker;
            }
            let mut row = vec![0u8; homes.len() * size as usize];
            for (slot, stickers) in homes.iter().enumerate() {
                let breaks = || MagicError::BreaksPiece {
                    mv: m.name.clone(),
                    kind,
                    piece: pieces[slot].name.clone(),
                };
                for o in 0..size {
                    let went = |j: u8| at.get(&dest[stickers[((o + j) % size) as usize] as usize]);
                    let Some(&(to, o2)) = went(0) else {
                        return Err(breaks());
                    };
                    // A move carries a piece whole, its stickers in their order.
                    if (1..size).any(|j| went(j) != Some(&(to, (o2 + j) % size))) {
                        return Err(breaks());
                    }
                    row[slot * size as usize + o as usize] = to * size + o2;
                }
            }
            next.push(row);
        }
        Ok(Kind {
            names: pieces.iter().map(|p| p.name.clone()).collect(),
            homes,
            size,
            next,
        })
    }

    pub(super) fn solved(&self) -> Vec<u8> {
        (0..self.homes.len() as u8).map(|k| k * self.size).collect()
    }

    /// The values of the pieces in a sticker string, read against `solved`.
    pub(super) fn read(&self, stickers: &[u8], solved: &[u8]) -> Result<Vec<u8>, MagicError> {
        let colours = |s: &[u8], slot: usize| -> Vec<u8> {
            self.homes[slot].iter().map(|&i| s[i as usize]).collect()
        };
        let mut values = vec![u8::MAX; self.homes.len()];
        for slot in 0..self.homes.len() {
            let seen = colours(stickers, slot);
            let found = (0..self.homes.len()).find_map(|k| {
                let want = colours(solved, k);
                (0..self.size).find_map(|o| {
                    let n = self.size as usize;
                    (0..n)
                        .all(|j| seen[(o as usize + j) % n] == want[j])
                        .then_some((k, o))
                })
            });
            let Some((k, o)) = found else {
                return Err(MagicError::NoPiece {
                    place: self.names[slot].clone(),
                    seen,
                });
            };
            if values[k] != u8::MAX {
                return Err(MagicError::Twice(self.names[k].clone()));
            }
            values[k] = slot as u8 * self.size + o;
        }
        Ok(values)
    }

    pub(super) fn apply(&self, values: &mut [u8], m: u8) {
        let row = &self.next[m as usize];
        for v in values.iter_mut() {
            *v = row[*v as usize];
        }
    }

    pub(super) fn apply_all(&self, values: &mut [u8], moves: &[u8]) {
        for &m in moves {
            self.apply(values, m);
        }
    }

    fn moves(&self) -> usize {
        self.next.len()
    }
}

/// The edge groups of step 1, placed in this order with all earlier groups kept: the
/// definition's pieces 4-7, 8-11, then 0-3 (on the 3x3x3 in Kociemba's order: the D
/// layer's edges, the middle layer's, then the U layer's).
const GROUPS: [[usize; 4]; 3] = [[4, 5, 6, 7], [8, 9, 10, 11], [0, 1, 2, 3]];
/// Values of one edge: 12 slots, 2 ways round.
const EDGE_VALUES: usize = 24;
const UNSEEN: u8 = u8::MAX;
/// Most moves one group's search tries: on the 3x3x3 a group takes at most about 12.
const MOST_MOVES: u8 = 20;

type Edges = [u8; 12];

/// Step 1: for each group, the fewest moves that place its four edges (the others
/// ignored), a table of 24^4 bytes; an iterative-deepening search bounded by the
/// largest of them places one group after another, keeping the earlier ones.
pub(super) struct EdgeTables {
    tables: Vec<Vec<u8>>,
}

fn group_index(edges: &Edges, group: &[usize; 4]) -> usize {
    group
        .iter()
        .fold(0, |i, &k| i * EDGE_VALUES + edges[k] as usize)
}

impl EdgeTables {
    pub(super) fn new(kind: &Kind) -> EdgeTables {
        let tables = GROUPS.iter().map(|g| group_table(kind, g)).collect();
        EdgeTables { tables }
    }

    /// The moves that place every edge of `start`; an error when a group takes more
    /// than [`MOST_MOVES`] (a puzzle other than the 3x3x3 whose edges the moves
    /// cannot all place).
    pub(super) fn solve(
        &self,
        kind: &Kind,
        canon: &Canon,
        start: &[u8],
    ) -> Result<Vec<u8>, MagicError> {
        let mut edges: Edges = start.try_into().expect("twelve edges");
        let mut path = Vec::new();
        for stage in 1..=GROUPS.len() {
            let mut depth = self.bound(&edges, stage);
            loop {
                if depth > MOST_MOVES {
                    return Err(MagicError::EdgesUnplaced {
                        most: MOST_MOVES as usize,
                        first: GROUPS[stage - 1][0] as u8 + 1,
                        last: GROUPS[stage - 1][3] as u8 + 1,
                    });
                }
                if self.place(kind, canon, edges, stage, depth, None, &mut path) {
                    break;
                }
                depth += 1;
            }
            for &m in &path[path.len() - depth as usize..] {
                kind.apply(&mut edges, m);
            }
        }
        Ok(path)
    }

    /// A lower bound on the moves that place the first `stage` groups.
    fn bound(&self, edges: &Edges, stage: usize) -> u8 {
        (0..stage)
            .map(|g| self.tables[g][group_index(edges, &GROUPS[g])])
            .max()
            .unwrap_or(0)
    }

    /// Depth-first: `left` more moves that place the first `stage` groups, pushed
    /// onto `path` when found.
    #[allow(clippy::too_many_arguments)]
    fn place(
        &self,
        kind: &Kind,
        canon: &Canon,
        edges: Edges,
        stage: usize,
        left: u8,
        last: Option<usize>,
        path: &mut Vec<u8>,
    ) -> bool {
        let h = self.bound(&edges, stage);
        if h == 0 {
            return left == 0;
        }
        if h > left {
            return false;
        }
        for m in 0..kind.moves() {
            if !canon.allows_sorted(last, m) {
                continue;
            }
            let mut next = edges;
            kind.apply(&mut next, m as u8);
            path.push(m as u8);
            if self.place(kind, canon, next, stage, left - 1, Some(m), path) {
                return true;
            }
            path.pop();
        }
        false
    }
}

/// Breadth-first from the solved group: the fewest moves to place each value of
/// the group's four edges.
fn group_table(kind: &Kind, group: &[usize; 4]) -> Vec<u8> {
    let size = EDGE_VALUES.pow(4);
    let mut table = vec![UNSEEN; size];
    let solved: [u8; 4] = group.map(|k| k as u8 * 2);
    let index = |v: &[u8; 4]| v.iter().fold(0, |i, &x| i * EDGE_VALUES + x as usize);
    table[index(&solved)] = 0;
    let mut layer = vec![solved];
    let mut depth = 0;
    while !layer.is_empty() {
        depth += 1;
        let mut next = Vec::new();
        for v in &layer {
            for m in 0..kind.moves() {
                let mut w = *v;
                kind.apply(&mut w, m as u8);
                let i = index(&w);
                if table[i] == UNSEEN {
                    table[i] = depth;
                    next.push(w);
                }
            }
        }
        layer = next;
    }
    table
}

/// Steps 2 and 3: the corner effects of a magic move's conjugates, the shortest use
/// for each, and how many uses each corner state is from solved.
pub(super) struct Reach {
    /// Each effect (the corners' values after it, from solved) with its use.
    uses: Vec<(Vec<u8>, Conjugate)>,
    dist: Vec<u8>,
    placing: bool,
}

impl Reach {
    /// `uses` shortest first; `placing`: states by where the corners are (step 2),
    /// else by how they are turned, all in place (step 3).
    pub(super) fn new(uses: Vec<(Vec<u8>, Conjugate)>, placing: bool) -> Reach {
        let mut reach = Reach {
            uses: Vec::new(),
            dist: vec![UNSEEN; if placing { 40320 } else { 6561 }],
            placing,
        };
        // One use for each effect on what the step sets right (where the corners go,
        // or how they turn): the first, with the shortest setup. Kept whole, the 3-cycles'
        // effects with their twists were 2,000 and took the first answer 2 s.
        let mut seen = AHashMap::new();
        for (effect, use_) in uses {
            if seen.insert(reach.key(&effect), ()).is_none() {
                reach.uses.push((effect, use_));
            }
        }
        let solved: [u8; 8] = std::array::from_fn(|k| k as u8 * 3);
        let start = reach.key(&solved);
        reach.dist[start] = 0;
        let mut layer = vec![solved];
        let mut depth = 0;
        while !layer.is_empty() {
            depth += 1;
            let mut next = Vec::new();
            for state in &layer {
                for (effect, _) in &reach.uses {
                    let after = then(state, effect);
                    let k = reach.key(&after);
                    if reach.dist[k] == UNSEEN {
                        reach.dist[k] = depth;
                        next.push(after);
                    }
                }
            }
            layer = next;
        }
        reach
    }

    /// The uses that take `corners` to placed (or, all placed, to oriented).
    /// An error when the magic move's conjugates do not reach the state (a puzzle
    /// other than the 3x3x3).
    pub(super) fn path(&self, corners: &[u8], placing: bool) -> Result<Vec<Conjugate>, MagicError> {
        debug_assert_eq!(placing, self.placing);
        let mut state = corners.to_vec();
        let mut out = Vec::new();
        let mut d = self.dist[self.key(&state)];
        if d == UNSEEN {
            return Err(MagicError::CornersUnreached { placing });
        }
        while d > 0 {
            let (after, use_) = self
                .uses
                .iter()
                .map(|(effect, use_)| (then(&state, effect), use_))
                .find(|(after, _)| self.dist[self.key(after)] == d - 1)
                .expect("a use one nearer to solved");
            out.push(use_.clone());
            state = after.to_vec();
            d -= 1;
        }
        Ok(out)
    }

    fn key(&self, corners: &[u8]) -> usize {
        match self.placing {
            true => lehmer(corners),
            false => corners.iter().fold(0, |k, &v| k * 3 + (v % 3) as usize),
        }
    }
}

/// Corner values after an effect: the piece in slot `a` goes where the effect takes
/// slot `a`'s piece, turned as much more.
fn then(state: &[u8], effect: &[u8]) -> [u8; 8] {
    std::array::from_fn(|k| {
        let (v, e) = (state[k], effect[(state[k] / 3) as usize]);
        e / 3 * 3 + (v % 3 + e % 3) % 3
    })
}

/// The rank among all permutations of where the corners are (their values' slots).
fn lehmer(corners: &[u8]) -> usize {
    let mut rank = 0;
    for i in 0..corners.len() {
        let smaller = corners[i + 1..]
            .iter()
            .filter(|&&v| v / 3 < corners[i] / 3)
            .count();
        rank = rank * (corners.len() - i) + smaller;
    }
    rank
}
