//! Pattern databases of a defined puzzle: the exact distance of every position of a
//! *projection*, the puzzle with some of its pieces' colours forgotten. A projection
//! keeps the colours of some kinds of piece of some orbits; every other piece of those
//! orbits looks like one blank piece, whose stickers still show its orientation
//! (sticker `s` of a blank piece shows blank colour `s`). A projection is a puzzle of
//! its own, with the same moves, on the coordinates of `coords.rs`, and its table is
//! the engine's breadth-first search over them (`engine/distance_table.rs`).
//!
//! Solving the puzzle solves every projection, so a projection's distance is a lower
//! bound (IDA*'s, in `deep.rs`); and when the projections together keep every kind of
//! every orbit, the puzzle is solved exactly when all of them are.

pub use crate::engine::distance_table::UNSEEN;
use crate::engine::distance_table::{DistanceTable, distance_table};
use crate::puzzle::formats::defined::{Puzzle, Sticker};
use crate::puzzle::spaces::coords::{Coords, SharedTables, unseen_turns};
use crate::puzzle::spaces::pieces::{self, Orbit};
use crate::puzzle::spaces::tracked::Tracked;

mod plan;
mod projection;

pub use plan::plan;
pub use projection::Projection;

/// The first colour of a blank piece's stickers (past every printable character, so
/// it is no colour of the puzzle's own).
const BLANK: u8 = 0x80;

/// The colour of every sticker of a blank piece in an orbit whose orientations are
/// not shown; kind `k` of such an orbit is all colour `ONE_COLOUR + 1 + k`.
const ONE_COLOUR: u8 = 0xA0;

/// Kinds an orbit shown without orientations may have (colours up to 0xFF).
const MAX_ONE_COLOUR_KINDS: usize = (0xFF - ONE_COLOUR) as usize;

/// One orbit of the puzzle, its kinds of piece and how each looks at home.
#[derive(Clone, Debug)]
pub struct Kinds {
    pub orbit: Orbit,
    /// The kind of the piece at home at each position.
    pub kind_at: Vec<u8>,
    /// How each kind looks at home, in slot order.
    pub looks: Vec<Vec<u8>>,
    /// Whether every piece's orientation can be read from its stickers. A piece of
    /// one colour among pieces that show their turns (twsearch's `?` orientation:
    /// Maltese's edges) does not tell its own, so the tables show where the orbit's
    /// pieces are and not how they are turned.
    pub turns_seen: bool,
}

impl Kinds {
    /// The kinds of an orbit. A piece that looks like a kind already seen turned is
    /// of that kind, turned at home (pieces found with their slots in another order,
    /// as Maltese's gears are); a piece that looks the same turned does not tell its
    /// own orientation. Either way the orbit's orientations are left out of the
    /// tables (`turns_seen`), which then see only where its pieces are.
    pub fn new(orbit: Orbit, solved: &[u8]) -> Kinds {
        let mut looks: Vec<Vec<u8>> = Vec::new();
        let mut kind_at = Vec::new();
        let mut turns_seen = true;
        for piece in &orbit.pieces {
            let look: Vec<u8> = piece.iter().map(|&s| solved[s as usize]).collect();
            let seen = looks.iter().enumerate().find_map(|(k, l)| {
                let shows = |g: &Vec<u8>| g.iter().map(|&s| l[s as usize]).eq(look.iter().copied());
                orbit.twists.iter().position(shows).map(|t| (k, t))
            });
            let k = match seen {
                Some((k, t)) => {
                    turns_seen &= t == 0;
                    k
                }
                None => {
                    looks.push(look);
                    looks.len() - 1
                }
            };
            kind_at.push(k as u8);
        }
        for look in &looks {
            let same = |g: &Vec<u8>| g.iter().map(|&s| look[s as usize]).eq(look.iter().copied());
            turns_seen &= !orbit.twists[1..].iter().any(same);
        }
        Kinds {
            orbit,
            kind_at,
            looks,
            turns_seen,
        }
    }

    /// How many pieces of each kind there are.
    pub fn counts(&self) -> Vec<u32> {
        let mut counts = vec![0; self.looks.len()];
        for &k in &self.kind_at {
            counts[k as usize] += 1;
        }
        counts
    }

    /// The kind and orientation of the piece at each position of `stickers`.
    pub fn read(&self, stickers: &[u8]) -> Result<Vec<(u8, u8)>, String> {
        let o = &self.orbit;
        o.pieces
            .iter()
            .map(|piece| {
                let shown: Vec<u8> = piece.iter().map(|&s| stickers[s as usize]).collect();
                self.looks
                    .iter()
                    .enumerate()
                    .find_map(|(k, look)| {
                        o.twists
                            .iter()
                            .position(|g| {
                                g.iter().zip(&shown).all(|(&s, &c)| look[s as usize] == c)
                            })
                            .map(|t| (k as u8, t as u8))
                    })
                    .ok_or_else(|| {
                        format!(
                            "stickers {} show {}, which no piece of the puzzle shows",
                            piece
                                .iter()
                                .map(|s| s.to_string())
                                .collect::<Vec<_>>()
                                .join(" "),
                            String::from_utf8_lossy(&shown)
                        )
                    })
            })
            .collect()
    }
}

/// A projection's coordinate: the pieces' of `coords.rs`, or tracked pieces'.
pub enum Coordinate {
    /// With the projection's stickers, and its number of each sticker of the full
    /// puzzle (`Sticker::MAX`: not kept).
    Whole {
        coords: Coords,
        len: usize,
        renumber: Vec<Sticker>,
    },
    Tracked(Tracked),
}

impl Coordinate {
    /// The table's index of state `x`.
    #[inline(always)]
    pub fn index_of(&self, x: u64) -> u64 {
        match self {
            Coordinate::Whole { coords, .. } => coords.index_of(x),
            Coordinate::Tracked(t) => t.index_of(x),
        }
    }

    /// Bytes of its move tables not in `seen`, which gets them.
    pub fn table_bytes_unseen(&self, seen: &mut std::collections::HashSet<usize>) -> u64 {
        match self {
            Coordinate::Whole { coords, .. } => coords.table_bytes_unseen(seen),
            Coordinate::Tracked(t) => t.table_bytes(),
        }
    }
}

/// A projection with its coordinate and distance table.
pub struct Pattern {
    pub projection: Projection,
    pub coords: Coordinate,
    pub table: DistanceTable,
}

impl Pattern {
    /// Build the projection's coordinate and table (`threads` share the search).
    pub fn build(
        full: &Puzzle,
        kinds: &[Kinds],
        projection: Projection,
        inverses: &[usize],
        threads: usize,
        shared: &mut SharedTables,
    ) -> Result<Pattern, String> {
        if projection.is_own() {
            let tracked = projection.tracked(kinds, inverses)?;
            let table = distance_table(&tracked, tracked.goal() as usize, threads)
                .map_err(|e| format!("its table: {e}"))?;
            return Ok(Pattern {
                projection,
                coords: Coordinate::Tracked(tracked),
                table,
            });
        }
        let (_, colours) = projection.palette(kinds);
        if colours >= usize::from(BLANK) {
            return Err(format!(
                "its pieces show {colours} colours, more than a table's {}",
                BLANK - 1
            ));
        }
        let (puzzle, kept, renumber) = projection.puzzle(full, kinds);
        let coords = Coords::sharing(&puzzle, inverses, shared)?;
        // A state of the searches in 64 bits (a table of at most 2^32 positions has
        // fields of at most 32 bits and one more a part).
        if coords.bits() > 64 {
            return Err(format!("its coordinate needs {} bits", coords.bits()));
        }
        let table = distance_table(&coords, coords.goal() as usize, threads)
            .map_err(|e| format!("its table: {e}"))?;
        Ok(Pattern {
            projection,
            coords: Coordinate::Whole {
                coords,
                len: kept.len(),
                renumber,
            },
            table,
        })
    }

    /// The coordinate's state of the searches for a position already read, or why no
    /// sequence reaches it (its pieces twisted in a way no move twists them).
    pub fn state_of(&self, kinds: &[Kinds], read: &[Vec<(u8, u8)>]) -> Result<u64, String> {
        match &self.coords {
            Coordinate::Whole {
                coords,
                len,
                renumber,
            } => {
                let stickers = self.projection.stickers(kinds, *len, renumber, Some(read));
                let index = coords.encode(&stickers).map_err(|e| e.0)?;
                Ok(coords.state(index) as u64)
            }
            Coordinate::Tracked(t) => t.state_of(read),
        }
    }

    /// The distance of a state of the searches ([`UNSEEN`] when no sequence reaches
    /// it).
    #[inline(always)]
    pub fn distance(&self, x: u64) -> u8 {
        self.table.get(self.coords.index_of(x) as usize)
    }

    /// State `x` after move `m`, and its distance, with one dispatch on the
    /// coordinate's kind; the tracked kind's work out of line, so that the other's
    /// stays as lean as before there were two.
    #[inline(always)]
    pub fn advance(&self, x: u64, m: usize) -> (u64, u8) {
        match &self.coords {
            Coordinate::Whole { coords, .. } => {
                let y = coords.step(x, m);
                (y, self.table.get(coords.index_of(y) as usize))
            }
            Coordinate::Tracked(t) => self.advance_tracked(t, x, m),
        }
    }

    #[inline(never)]
    fn advance_tracked(&self, t: &Tracked, x: u64, m: usize) -> (u64, u8) {
        let y = t.step(x, m);
        (y, self.table.get(t.index_of(y) as usize))
    }
}

/// The kinds of every orbit of `puzzle`. An orbit none of whose pieces shows a turn
/// (each of one colour: the centres of Reid's 3x3x3, `orientationMod` 1) is read
/// without orientations, as its coordinate reads it.
pub fn kinds(puzzle: &Puzzle) -> Result<Vec<Kinds>, String> {
    Ok(pieces::find(puzzle)?
        .orbits
        .into_iter()
        .map(|o| Kinds::new(unseen_turns(o, &puzzle.solved), &puzzle.solved))
        .collect())
}
