//! The puzzle a definition describes: its stickers, moves, pieces and faces, how its
//! states are written, and how its moves combine. Read by `format.rs`, searched as
//! `space.rs`.

use ahash::AHashMap;

use crate::engine::search::{Canon, MoveSpec, Product};
use crate::model::cost::cost_list;
use crate::model::moves::split_move_list;
use crate::model::{Error, Kind};
use crate::puzzle::formats::barred::Bar;

pub use crate::puzzle::formats::sticker::Sticker;

/// One move of a puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PuzzleMove {
    pub name: String,
    pub perm: Vec<Sticker>,
    /// Moves that are powers of one another share a face.
    pub face: u8,
    /// Cost in thousandths.
    pub cost: u64,
}

/// A named piece of a puzzle: a kind (`corner`, `edge`), a name (`URF`) and its
/// sticker positions, in the order its twists are counted (clockwise for corners).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Piece {
    pub kind: String,
    pub name: String,
    pub stickers: Vec<Sticker>,
}

/// A puzzle from a definition file.
#[derive(Clone, Debug)]
pub struct Puzzle {
    pub name: String,
    pub solved: Vec<u8>,
    pub moves: Vec<PuzzleMove>,
    pub pieces: Vec<Piece>,
    /// Faces named by `face` lines: a name and its pieces (indices into `pieces`).
    pub faces: Vec<(String, Vec<usize>)>,
    /// Other names of moves, read as those moves (a twsearch file's `MoveAlias`, or
    /// its gear cube's B2, which is F2).
    pub aliases: Vec<(String, u8)>,
    /// Positions no sequence passes through (a `.tws` file's `Illegal`): only IDA*
    /// follows them, the other searches refuse the puzzle.
    pub barred: Vec<Bar>,
    /// The colours, in order of first appearance in the solved string.
    pub(in crate::puzzle) colours: Vec<u8>,
    /// Bits per packed sticker.
    pub(in crate::puzzle) bits: u32,
}

/// Whether a sticker string can type colour `c`: printable ASCII but `#`, which
/// starts a comment in a definition (93 colours).
pub(crate) fn typed_colour(c: u8) -> bool {
    (33..=126).contains(&c) && c != b'#'
}

/// First `a`, then `b`.
pub(crate) fn compose<T: Copy, I: Copy + Into<usize>>(a: &[T], b: &[I]) -> Vec<T> {
    // First a, then b: position i gets what b takes from, which a took from.
    b.iter().map(|&j| a[j.into()]).collect()
}

/// The representative of `i` in a union-find forest, halving paths on the way.
pub(in crate::puzzle) fn root(parent: &mut [usize], mut i: usize) -> usize {
    while parent[i] != i {
        parent[i] = parent[parent[i]];
        i = parent[i];
    }
    i
}

impl Puzzle {
    /// The puzzle with costs set from `NAME=COST,...` (moves not named keep theirs).
    pub fn with_costs(&self, spec: &str) -> Result<Puzzle, Error> {
        let mut p = self.clone();
        for (name, cost) in cost_list(spec)? {
            match p.move_index(name).map(|i| &mut p.moves[i]) {
                Some(m) => m.cost = cost,
                None => {
                    return Err(Error::invalid(
                        Kind::Costs,
                        format!("{} has no move '{name}'", self.name),
                    ));
                }
            }
        }
        Ok(p)
    }

    /// Move indices from a list of move names, separated by commas or spaces; the
    /// name of a face's first move stands for all its powers. Without separators,
    /// a string of one-letter faces is read letter by letter (`RLUD`).
    pub fn parse_moves(&self, spec: &str) -> Result<Vec<u8>, Error> {
        let find = |n: &str| self.move_index(n);
        // A face is numbered by its first move.
        let base = |n: &str| find(n).filter(|&i| self.moves[i].face as usize == i);
        let mut out = Vec::new();
        for item in split_move_list(spec, |f| base(f).is_some()) {
            match find(item) {
                Some(i) if base(item).is_some() => out.extend(
                    (0..self.moves.len())
                        .filter(|&j| self.moves[j].face as usize == i)
                        .map(|j| j as u8),
                ),
                Some(i) => out.push(i as u8),
                None => {
                    return Err(Error::invalid(
                        Kind::Moves,
                        format!("{} has no move '{item}'", self.name),
                    ));
                }
            }
        }
        if out.is_empty() {
            return Err(Error::invalid(Kind::Moves, format!("no moves in '{spec}'")));
        }
        Ok(out)
    }

    /// A move sequence in the definition's names, separated by spaces (`R U2 R'`).
    pub fn parse_sequence(&self, text: &str) -> Result<Vec<u8>, Error> {
        text.split_whitespace()
            .map(|name| {
                self.move_index(name).map(|i| i as u8).ok_or_else(|| {
                    Error::invalid(Kind::Moves, format!("{} has no move '{name}'", self.name))
                })
            })
            .collect()
    }

    /// The move of a name, or of another name of it.
    pub fn move_index(&self, name: &str) -> Option<usize> {
        let alias = || self.aliases.iter().find(|(a, _)| a == name);
        (self.moves.iter().position(|m| m.name == name))
            .or_else(|| alias().map(|&(_, i)| i as usize))
    }

    /// Whether its colours are all printable ASCII, which a sticker string can type
    /// (those of a twsearch or KPuzzle file of more than 93 colours are not).
    pub fn typeable(&self) -> bool {
        self.solved.iter().all(|&c| typed_colour(c))
    }

    /// Number of stickers.
    pub fn stickers(&self) -> usize {
        self.solved.len()
    }

    /// Whether any move costs other than 1.
    pub fn weighted(&self) -> bool {
        self.moves.iter().any(|m| m.cost != 1000)
    }

    /// Pack a sticker string into a search state, checking it against the solved one.
    ///
    /// When the solved stickers are all different, a state may also be written as
    /// sticker numbers, position by position (`2 0 3 1 ...`, or `[2, 0, 3, 1, ...]`):
    /// number `k` stands for the `k`-th sticker of the solved string.
    pub fn state(&self, s: &[u8]) -> Result<u128, Error> {
        let s = self.sticker_string(s)?;
        let mut packed = 0u128;
        for (i, c) in s.iter().enumerate() {
            let k = self.colours.iter().position(|x| x == c).unwrap_or(0) as u128;
            packed |= k << (i as u32 * self.bits);
        }
        Ok(packed)
    }

    /// A state as its sticker characters, checked against the solved string (see
    /// [`Puzzle::state`] for the ways of writing it).
    pub fn sticker_string(&self, s: &[u8]) -> Result<Vec<u8>, Error> {
        let numbered = self.numbered(s)?;
        let s = numbered.as_deref().unwrap_or(s);
        if s.len() != self.stickers() {
            return Err(Error::invalid(
                Kind::PuzzleState,
                format!(
                    "expected {} stickers, got {} characters",
                    self.stickers(),
                    s.len()
                ),
            ));
        }
        let mut want = self.solved.clone();
        let mut have = s.to_vec();
        want.sort_unstable();
        have.sort_unstable();
        if want != have && !self.typeable() {
            want.dedup();
            let numbers = match want.len() == self.stickers() {
                true => "as sticker numbers (`0 1 2 ...`: the solved state) or ",
                false => "",
            };
            return Err(Error::invalid(
                Kind::PuzzleState,
                format!(
                    "the stickers are not those of the solved {}, whose {} colours are more \
                     than a sticker string can type (93 printable characters): write its \
                     state {numbers}as moves (--moves)",
                    self.name,
                    want.len()
                ),
            ));
        }
        if want != have {
            return Err(Error::invalid(
                Kind::PuzzleState,
                format!(
                    "the stickers are not those of the solved {} ({})",
                    self.name,
                    String::from_utf8_lossy(&self.solved)
                ),
            ));
        }
        Ok(s.to_vec())
    }

    /// A state written as sticker numbers, as sticker characters; `None` for a state
    /// written as characters.
    fn numbered(&self, s: &[u8]) -> Result<Option<Vec<u8>>, Error> {
        let inner = s
            .strip_prefix(b"[")
            .and_then(|t| t.strip_suffix(b"]"))
            .or_else(|| s.strip_prefix(b"(").and_then(|t| t.strip_suffix(b")")))
            .unwrap_or(s);
        let is_sep = |c: &u8| c.is_ascii_whitespace() || *c == b',';
        if !inner.iter().any(is_sep) || !inner.iter().all(|c| c.is_ascii_digit() || is_sep(c)) {
            return Ok(None);
        }
        let n = self.stickers();
        let mut distinct = self.solved.clone();
        distinct.sort_unstable();
        distinct.dedup();
        if distinct.len() != n {
            return Err(Error::invalid(
                Kind::PuzzleState,
                format!(
                    "a state of {} is written in its sticker characters ({}); numbers name \
                 stickers only when every sticker has its own character",
                    self.name,
                    String::from_utf8_lossy(&self.solved)
                ),
            ));
        }
        let words: Vec<&[u8]> = inner.split(is_sep).filter(|w| !w.is_empty()).collect();
        if words.len() != n {
            return Err(Error::invalid(
                Kind::PuzzleState,
                format!("expected {n} sticker numbers, got {}", words.len()),
            ));
        }
        let mut out = Vec::with_capacity(n);
        for (i, w) in words.iter().enumerate() {
            let text = String::from_utf8_lossy(w);
            match text.parse::<usize>() {
                Ok(k) if k < n => out.push(self.solved[k]),
                _ => {
                    return Err(Error::invalid(
                        Kind::PuzzleState,
                        format!(
                            "sticker number {text} at position {i} is not one of 0 to {}",
                            n - 1
                        ),
                    ));
                }
            }
        }
        Ok(Some(out))
    }

    /// The orbits of sticker places under the moves, as a union-find forest: each
    /// place's parent, the least place of its orbit a root ([`root`] finds it).
    pub(crate) fn sticker_orbits(&self) -> Vec<usize> {
        let mut orbit: Vec<usize> = (0..self.stickers()).collect();
        for m in &self.moves {
            for (i, &j) in m.perm.iter().enumerate() {
                let (a, b) = (root(&mut orbit, i), root(&mut orbit, j as usize));
                orbit[a.max(b)] = a.min(b);
            }
        }
        orbit
    }

    /// An upper bound on the positions the moves reach: the stickers of one orbit of
    /// positions under the moves can only be rearranged among that orbit, so the
    /// positions are at most the product over orbits of the arrangements of their
    /// colours (a multinomial coefficient each).
    pub fn size_bound(&self) -> f64 {
        let n = self.stickers();
        let mut orbit = self.sticker_orbits();
        // ln of the product of multinomials, to stay finite for any size.
        let ln_fact = |k: usize| (2..=k).map(|x| (x as f64).ln()).sum::<f64>();
        let mut counts: AHashMap<(usize, u8), usize> = AHashMap::default();
        let mut sizes: AHashMap<usize, usize> = AHashMap::default();
        for i in 0..n {
            let r = root(&mut orbit, i);
            *counts.entry((r, self.solved[i])).or_default() += 1;
            *sizes.entry(r).or_default() += 1;
        }
        let ln = sizes.values().map(|&k| ln_fact(k)).sum::<f64>()
            - counts.values().map(|&k| ln_fact(k)).sum::<f64>();
        ln.exp().round()
    }

    /// How the moves combine, from their permutations: what each pair makes, which
    /// pairs commute, and each move's inverse.
    pub(in crate::puzzle) fn relations(&self) -> Relations {
        // Each permutation with its cheapest move (two names may make the same one).
        let mut perms: AHashMap<&[Sticker], usize> = AHashMap::default();
        for (i, m) in self.moves.iter().enumerate() {
            let cheapest = perms.entry(m.perm.as_slice()).or_insert(i);
            if m.cost < self.moves[*cheapest].cost {
                *cheapest = i;
            }
        }
        let identity = |p: &[Sticker]| p.iter().enumerate().all(|(i, &v)| v as usize == i);
        let k = self.moves.len();
        let mut products = vec![Product::Other; k * k];
        let mut commutes = vec![false; k * k];
        let mut inverses = vec![0; k];
        for (a, ma) in self.moves.iter().enumerate() {
            for (b, mb) in self.moves.iter().enumerate() {
                let ab = compose(&ma.perm, &mb.perm);
                products[a * k + b] = if identity(&ab) {
                    inverses[a] = b;
                    Product::Identity
                } else {
                    perms
                        .get(ab.as_slice())
                        .map_or(Product::Other, |&c| Product::Move(c))
                };
                commutes[a * k + b] = ab == compose(&mb.perm, &ma.perm);
            }
        }
        Relations {
            products,
            commutes,
            inverses,
        }
    }

    /// The canonical-sequence rule of the moves counted one each, for enumerating
    /// sequences of any puzzle, however many stickers (the magic-move search).
    pub fn canon(&self) -> Canon {
        let specs: Vec<MoveSpec> = self
            .moves
            .iter()
            .map(|m| MoveSpec {
                face: m.face,
                cost: 1,
            })
            .collect();
        let r = self.relations();
        let k = specs.len();
        Canon::from_relations(
            &specs,
            |a, b| r.products[a * k + b],
            |a, b| r.commutes[a * k + b] && self.either_order_passes(a, b),
        )
    }

    /// Whether commuting moves `a` and `b` pass the same bars in either order, so
    /// that a search may try one order only: where they move stickers apart and each
    /// moves every sticker of a bar or none (Square-1's U and D), the position
    /// between shows each bar as it is before both or after both. Otherwise one
    /// order alone may pass no barred position.
    fn either_order_passes(&self, a: usize, b: usize) -> bool {
        if self.barred.is_empty() {
            return true;
        }
        let moved = |m: usize, i: Sticker| self.moves[m].perm[i as usize] != i;
        let apart = (0..self.solved.len() as Sticker).all(|i| !(moved(a, i) && moved(b, i)));
        let whole = |m: usize| {
            self.barred.iter().all(|bar| {
                let inside = bar.stickers.iter().filter(|&&i| moved(m, i)).count();
                inside == 0 || inside == bar.stickers.len()
            })
        };
        apart && whole(a) && whole(b)
    }
}

/// How the moves of a definition combine (see [`Puzzle::relations`]); pairs are
/// indexed `a * moves + b`.
pub(in crate::puzzle) struct Relations {
    pub(in crate::puzzle) products: Vec<Product>,
    pub(in crate::puzzle) commutes: Vec<bool>,
    pub(in crate::puzzle) inverses: Vec<usize>,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn order(p: &[Sticker]) -> usize {
        let identity: Vec<Sticker> = (0..p.len() as Sticker).collect();
        let mut q = p.to_vec();
        let mut k = 1;
        while q != identity {
            q = compose(&q, p);
            k += 1;
        }
        k
    }

    #[test]
    fn the_3x3x3_moves_have_the_known_orders() {
        let p = Puzzle::load("3x3x3").unwrap();
        let m = |n: &str| p.moves.iter().find(|m| m.name == n).unwrap().perm.clone();
        assert_eq!(p.stickers(), 54);
        assert_eq!(p.moves.len(), 18);
        assert_eq!(order(&m("R")), 4);
        assert_eq!(order(&compose(&m("R"), &m("U"))), 105);
        let sexy = compose(&compose(&m("R"), &m("U")), &compose(&m("R'"), &m("U'")));
        assert_eq!(order(&sexy), 6);
        // Opposite faces commute.
        assert_eq!(compose(&m("R"), &m("L")), compose(&m("L"), &m("R")));
    }

    #[test]
    fn the_pieces_turn_rigidly() {
        for (name, corners, edges) in [("3x3x3", 8, 12), ("pocket-golf", 8, 0)] {
            let p = Puzzle::load(name).unwrap();
            let kinds = |k: &str| p.pieces.iter().filter(|x| x.kind == k).count();
            assert_eq!((kinds("corner"), kinds("edge")), (corners, edges));
            assert_rigid(&p);
        }
    }

    /// Every move keeps each piece's stickers in cyclic order: a twist is a rotation
    /// of the listing, never a mirror, so twists count alike everywhere.
    fn assert_rigid(p: &Puzzle) {
        for m in &p.moves {
            for piece in &p.pieces {
                let from: Vec<Sticker> =
                    piece.stickers.iter().map(|&i| m.perm[i as usize]).collect();
                let source = p
                    .pieces
                    .iter()
                    .find(|q| q.stickers.contains(&from[0]))
                    .unwrap();
                let j = source.stickers.iter().position(|&x| x == from[0]).unwrap();
                let n = source.stickers.len();
                assert!(
                    (0..n).all(|i| from[i] == source.stickers[(j + i) % n]),
                    "{} {}",
                    m.name,
                    piece.name
                );
            }
        }
    }
}
