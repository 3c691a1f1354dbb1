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
use crate::puzzle::formats::defined::{Piece, Puzzle, PuzzleMove, Sticker};
use crate::puzzle::spaces::coords::{Coords, SharedTables, TableSizes, unseen_turns};
use crate::puzzle::spaces::pieces::{self, Orbit};
use crate::puzzle::spaces::tracked::{self, Tracked};

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

/// The kinds a projection keeps of each orbit (`tracked[orbit][kind]`); an orbit with
/// none is left out of it. An orbit whose orientations are too many to tabulate is
/// shown without them (`turns[orbit]` false): each piece in one colour, so that only
/// where the pieces are counts. An orbit of distinct pieces too large for one table
/// is tracked a few pieces at a time instead (`own[orbit]`), each with its own
/// orientation and the rest blank and unturned ([`Tracked`]); a projection is of one
/// kind or the other.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Projection {
    pub tracked: Vec<Vec<bool>>,
    pub turns: Vec<bool>,
    pub own: Vec<bool>,
}

impl Projection {
    fn has(&self, orbit: usize) -> bool {
        self.tracked[orbit].iter().any(|&t| t)
    }

    /// Whether its pieces are tracked with their own orientations ([`Tracked`]).
    pub fn is_own(&self) -> bool {
        (0..self.tracked.len()).any(|r| self.own[r] && self.has(r))
    }

    /// Its positions and the bytes of its move tables, before anything is built.
    pub fn measure(&self, full: &Puzzle, kinds: &[Kinds]) -> Result<(u64, u64), String> {
        let (size, tables) = self.measure_tables(full, kinds)?;
        Ok((size, tables.iter().map(|&(_, bytes)| bytes).sum()))
    }

    /// Its positions and its move tables: each one's bytes, and the key of those
    /// that tables of other projections may share ([`Coords::measure_sharing`]).
    pub fn measure_tables(&self, full: &Puzzle, kinds: &[Kinds]) -> Result<TableSizes, String> {
        if !self.is_own() {
            let (sub, _, _) = self.puzzle(full, kinds);
            return Coords::measure_sharing(&sub);
        }
        let (mut size, mut turns, mut bytes) = (1u64, Vec::new(), 0u64);
        for (r, k) in kinds.iter().enumerate().filter(|(r, _)| self.has(*r)) {
            let count = self.tracked[r].iter().filter(|&&t| t).count();
            let (n, t) = (k.orbit.pieces.len(), k.orbit.twists.len());
            size = Tracked::positions(n, count, t)
                .and_then(|s| s.checked_mul(size))
                .ok_or("more positions than 64 bits number")?;
            turns.extend(std::iter::repeat_n(t, count));
            bytes += (n * t * full.moves.len()) as u64;
        }
        let pieces = turns.len();
        if pieces > tracked::MAX_TRACKED {
            return Err(format!(
                "more than {} pieces tracked in one table",
                tracked::MAX_TRACKED
            ));
        }
        // The offset's permutations, `width^2` of two bytes (counted as 2 MB whatever
        // the width, tracked tables were never chosen under --memory 8).
        let (width, _) = tracked::offset_width(&turns);
        Ok((size, vec![(None, bytes + (width * width * 2) as u64)]))
    }

    /// The coordinate of a projection of tracked pieces.
    fn tracked(&self, kinds: &[Kinds], inverses: &[usize]) -> Result<Tracked, String> {
        let groups: Vec<(&Orbit, usize, Vec<u8>, Vec<u8>)> = kinds
            .iter()
            .enumerate()
            .filter(|(r, _)| self.has(*r))
            .map(|(r, k)| {
                let chosen: Vec<u8> = (0..k.looks.len() as u8)
                    .filter(|&kind| self.tracked[r][kind as usize])
                    .collect();
                let homes = chosen
                    .iter()
                    .map(|&kind| k.kind_at.iter().position(|&x| x == kind).unwrap_or(0) as u8)
                    .collect();
                (&k.orbit, r, chosen, homes)
            })
            .collect();
        Tracked::new(&groups, inverses)
    }

    /// The projection as a puzzle: its orbits' stickers, renumbered in order, their
    /// colours kept or blanked, and the same moves.
    pub fn puzzle(&self, full: &Puzzle, kinds: &[Kinds]) -> (Puzzle, Vec<Sticker>, Vec<Sticker>) {
        // The full puzzle's sticker of each sticker kept, and back.
        let mut kept = Vec::new();
        for (_, k) in kinds.iter().enumerate().filter(|(r, _)| self.has(*r)) {
            for piece in &k.orbit.pieces {
                kept.extend_from_slice(piece);
            }
        }
        let mut renumber = vec![Sticker::MAX; full.stickers()];
        for (i, &s) in kept.iter().enumerate() {
            renumber[s as usize] = i as Sticker;
        }
        let solved = self.stickers(kinds, kept.len(), &renumber, None);
        let moves = full
            .moves
            .iter()
            .map(|m| PuzzleMove {
                name: m.name.clone(),
                perm: kept
                    .iter()
                    .map(|&s| renumber[m.perm[s as usize] as usize])
                    .collect(),
                face: m.face,
                cost: m.cost,
            })
            .collect();
        let mut pieces = Vec::new();
        for (r, k) in kinds.iter().enumerate().filter(|(r, _)| self.has(*r)) {
            for (q, piece) in k.orbit.pieces.iter().enumerate() {
                pieces.push(Piece {
                    kind: format!("orbit{r}"),
                    name: format!("o{r}p{q}"),
                    stickers: piece.iter().map(|&s| renumber[s as usize]).collect(),
                });
            }
        }
        let mut colours: Vec<u8> = Vec::new();
        for &c in &solved {
            if !colours.contains(&c) {
                colours.push(c);
            }
        }
        let bits = (usize::BITS - (colours.len().max(2) - 1).leading_zeros()).max(1);
        let puzzle = Puzzle {
            aliases: full.aliases.clone(),
            name: format!("{} (projection)", full.name),
            solved,
            moves,
            pieces,
            faces: Vec::new(),
            // A table that passes through barred positions still bounds the moves
            // from below: it counts no fewer than the barred puzzle needs.
            barred: Vec::new(),
            colours,
            bits,
        };
        (puzzle, kept, renumber)
    }

    /// The colours its tracked pieces show, numbered from 1 in order (`0`: not
    /// shown), so that they stay below [`BLANK`] whatever the puzzle's own colours are
    /// (a megaminx's 120 go past it); and how many there are.
    fn palette(&self, kinds: &[Kinds]) -> ([u8; 256], usize) {
        let mut palette = [0u8; 256];
        let mut count = 0;
        for (r, k) in kinds.iter().enumerate().filter(|(r, _)| self.turns[*r]) {
            let tracked = (0..k.looks.len()).filter(|&kind| self.tracked[r][kind]);
            for c in tracked.flat_map(|kind| k.looks[kind].iter().copied()) {
                if palette[c as usize] == 0 {
                    count += 1;
                    palette[c as usize] = count.min(usize::from(BLANK - 1)) as u8;
                }
            }
        }
        (palette, count)
    }

    /// The projection's stickers of a position of the full puzzle, read as kinds and
    /// orientations (`read`: already read, one list per orbit), or the solved state's.
    fn stickers(
        &self,
        kinds: &[Kinds],
        len: usize,
        renumber: &[Sticker],
        read: Option<&[Vec<(u8, u8)>]>,
    ) -> Vec<u8> {
        let (palette, _) = self.palette(kinds);
        let mut out = vec![0u8; len];
        for (r, k) in kinds.iter().enumerate().filter(|(r, _)| self.has(*r)) {
            for (q, piece) in k.orbit.pieces.iter().enumerate() {
                let (kind, twist) = match read {
                    Some(read) => read[r][q],
                    None => (k.kind_at[q], 0),
                };
                let g = &k.orbit.twists[twist as usize];
                let tracked = self.tracked[r][kind as usize];
                for (s, &x) in piece.iter().enumerate() {
                    let slot = g[s] as usize;
                    out[renumber[x as usize] as usize] = match (self.turns[r], tracked) {
                        (true, true) => palette[k.looks[kind as usize][slot] as usize],
                        // A piece that shows no turn is one colour blank too.
                        (true, false) if k.orbit.twists.len() == 1 => ONE_COLOUR,
                        (true, false) => BLANK + slot as u8,
                        (false, true) => ONE_COLOUR + 1 + kind,
                        (false, false) => ONE_COLOUR,
                    };
                }
            }
        }
        out
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

/// The projections to build within `cap` positions (and bytes of move tables) each:
/// each orbit's kinds in runs, as many to a run as fit, then runs of different
/// orbits joined while they fit. Every kind of every orbit is in one of them, so
/// that when every orbit's orientations are shown, the puzzle is solved exactly when
/// every projection is. An orbit one of whose kinds alone does not fit has its own
/// cap, the first of `cap` times a power of `growth` at which it fits, up to
/// `ceiling`; the other orbits keep `cap`. (Once one cap grew for all: the second
/// icosahedron's centres, whose kind of three needs 6.6 MB of move tables, made its
/// edges' tables of 10.5 million positions too, 26 s for a scramble of one move.)
pub fn plan(
    puzzle: &Puzzle,
    kinds: &[Kinds],
    cap: u64,
    growth: u64,
    ceiling: u64,
) -> Result<Vec<Projection>, String> {
    // Move tables within the cap too: each entry costs a rank to build, many times a
    // distance's cost (FTO: a part of 3,991,680 arrangements took 25 s for its 255 MB
    // of move tables, its distances a fraction of it).
    let within = |cap: u64| {
        move |p: &Projection| -> Option<u64> {
            p.measure(puzzle, kinds)
                .ok()
                .filter(|&(s, t)| s <= cap && t <= cap)
                .map(|(size, _)| size)
        }
    };
    let size = within(cap);
    let none = Projection {
        tracked: kinds.iter().map(|k| vec![false; k.looks.len()]).collect(),
        turns: kinds.iter().map(|k| k.turns_seen).collect(),
        own: vec![false; kinds.len()],
    };
    let mut turns = shown_turns(kinds, &none, &size)?;
    turns.own = own_orbits(kinds, &turns, &size);
    let mut runs: Vec<(Projection, u64)> = Vec::new();
    for r in 0..kinds.len() {
        let mut own_cap = cap;
        let orbit_runs = loop {
            let size = within(own_cap);
            let at_ceiling = own_cap >= ceiling;
            let orbit_runs = match turns.own[r] {
                true => own_runs(kinds, &turns, r, &size),
                false => kind_runs(kinds, &turns, r, &size, at_ceiling),
            };
            match orbit_runs {
                Some(found) => break found,
                None if !at_ceiling => own_cap = own_cap.saturating_mul(growth.max(2)).min(ceiling),
                None => {
                    return Err(format!(
                        "one piece of an orbit of {} pieces alone needs a table of more than {} \
                         positions or move tables of more than {} bytes",
                        kinds[r].orbit.pieces.len(),
                        crate::io::group(own_cap),
                        crate::io::group(own_cap)
                    ));
                }
            }
        };
        runs.extend(orbit_runs);
    }
    // Orbits moved exactly as another: a join with one may number far fewer
    // positions than the product.
    let copied: Vec<bool> = (0..kinds.len())
        .map(|r| {
            let o = &kinds[r].orbit;
            (0..kinds.len()).any(|q| {
                q != r
                    && kinds[q].orbit.pieces.len() == o.pieces.len()
                    && kinds[q].orbit.src == o.src
            })
        })
        .collect();
    Ok(join(runs, &size, &|a, b, product| {
        surely_past(&copied, a, b, product, cap)
    }))
}

/// Whether two runs joined surely pass `cap` positions, from the product of their
/// sizes, without building the join to measure it: when they share no orbit and no
/// orbit of theirs is moved as another is (a copy, not ranked at all), the join
/// numbers their positions' product, less at most one half an orbit whose parity
/// the others imply. Measuring every join a plan tries was most of a plan's time:
/// the 9x9x9's first plan measured 5,800 projections, 4 s of a scramble's 9 s.
fn surely_past(copied: &[bool], a: &Projection, b: &Projection, product: u128, cap: u64) -> bool {
    let orbits: Vec<usize> = (0..copied.len())
        .filter(|&r| a.has(r) || b.has(r))
        .collect();
    let shared = orbits.iter().any(|&r| a.has(r) && b.has(r));
    if shared || orbits.iter().any(|&r| copied[r]) {
        return false;
    }
    product >> orbits.len().min(127) > u128::from(cap)
}

/// The orbits tracked a few pieces at a time, each with its own orientation: those
/// of distinct pieces that turn, too large for one table, where such a table is at
/// least twice as large as one of the orbit's kinds with every piece's orientation
/// shown (`shown`), which is cheaper to build and to read. Larger tables see more:
/// on the 3x3x3, five edges with every edge's flip (194,641,920 positions, 8.15
/// moves on average) against six with their own (42,577,920, 7.65): 0.95 million
/// nodes against 1.62 million on three scrambles; seven with their own
/// (510,935,040, 8.49): 0.27 million. On the kilominx, whose corners' 3^19 turns
/// are too many to show, four corners with their own turns against six corners'
/// places: 5 scrambles in 7.0 s of CPU against 99 s. Where the sizes are close (the
/// 3x3x3's first tables: five edges and their flips, 3,041,280 positions, against
/// three and every flip, 2,703,360), the 20-scramble batch took 1.17x the CPU
/// tracked (farm-bench, 5 paired runs).
fn own_orbits(
    kinds: &[Kinds],
    shown: &Projection,
    size: &dyn Fn(&Projection) -> Option<u64>,
) -> Vec<bool> {
    let largest = |runs: Option<Vec<(Projection, u64)>>| {
        runs.and_then(|runs| runs.iter().map(|&(_, s)| s).max())
    };
    let mut own_shown = shown.clone();
    own_shown.own = vec![true; kinds.len()];
    kinds
        .iter()
        .enumerate()
        .map(|(r, k)| {
            let mut whole = shown.clone();
            whole.tracked[r].iter_mut().for_each(|t| *t = true);
            let candidate = k.turns_seen
                && k.counts().iter().all(|&c| c == 1)
                && k.orbit.twists.len() > 1
                && Tracked::takes(&k.orbit)
                && size(&whole).is_none();
            let own = largest(own_runs(kinds, &own_shown, r, size));
            let shown = largest(kind_runs(kinds, shown, r, size, false));
            candidate && own.is_some_and(|o| shown.is_none_or(|s| o >= 2 * s))
        })
        .collect()
}

/// The projection with each orbit's orientations shown where one kind's table with
/// them fits, or refused when an orbit shown without them has too many kinds to
/// colour.
fn shown_turns(
    kinds: &[Kinds],
    base: &Projection,
    size: &dyn Fn(&Projection) -> Option<u64>,
) -> Result<Projection, String> {
    let mut shown = base.clone();
    for (r, k) in kinds.iter().enumerate() {
        if k.orbit.twists.len() == 1 {
            continue;
        }
        let mut one = shown.clone();
        one.tracked[r][0] = true;
        if size(&one).is_none() {
            if k.looks.len() > MAX_ONE_COLOUR_KINDS {
                return Err(format!(
                    "an orbit of {} kinds of piece has too many orientations to tabulate",
                    k.looks.len()
                ));
            }
            shown.turns[r] = false;
        }
    }
    Ok(shown)
}

/// Orbit `r`'s kinds in runs, as many to a run as fit; `None` when one alone does
/// not, unless `leave_out`: then such kinds are in no table, and the search sees
/// them only at its goal (the gigaminx's centres, kinds of five alike in 60 places:
/// C(60, 5) = 5,461,512 places under 96 moves, 2 GB of move tables). In an orbit
/// without orientations, the kind of most pieces is left out when it alone does not
/// fit: with every other kind at home, its pieces fill the slots left, at home too
/// (Square-1's eight corner halves, whose 735,471 places need 68 MB of move tables
/// under its 23 moves, where the rest fit in 4 MB tables: 5 scrambles of 10 moves in
/// 0.3 s of CPU against 7.1 s with them).
fn kind_runs(
    kinds: &[Kinds],
    empty: &Projection,
    r: usize,
    size: &dyn Fn(&Projection) -> Option<u64>,
    leave_out: bool,
) -> Option<Vec<(Projection, u64)>> {
    let counts = kinds[r].counts();
    let implied = (kinds[r].orbit.twists.len() == 1 && counts.len() > 1)
        .then(|| (0..counts.len()).max_by_key(|&k| (counts[k], std::cmp::Reverse(k))))
        .flatten()
        .filter(|&k| {
            let mut alone = empty.clone();
            alone.tracked[r][k] = true;
            size(&alone).is_none()
        });
    let mut runs = Vec::new();
    let mut run = empty.clone();
    let mut fitted = None;
    for kind in (0..kinds[r].looks.len()).filter(|&k| Some(k) != implied) {
        run.tracked[r][kind] = true;
        if let Some(s) = size(&run) {
            fitted = Some(s);
            continue;
        }
        run.tracked[r][kind] = false;
        if let Some(s) = fitted {
            runs.push((run, s));
        }
        run = empty.clone();
        run.tracked[r][kind] = true;
        fitted = size(&run);
        if fitted.is_none() {
            if !leave_out {
                return None;
            }
            run.tracked[r][kind] = false;
        }
    }
    if let Some(s) = fitted {
        runs.push((run, s));
    }
    Some(runs)
}

/// Orbit `r`'s pieces tracked `k` at a time, `k` as large as fits, in as few runs
/// as cover them all, spread evenly round the orbit (so they may overlap: the
/// 3x3x3's 12 edges seven at a time are two runs sharing two edges).
fn own_runs(
    kinds: &[Kinds],
    empty: &Projection,
    r: usize,
    size: &dyn Fn(&Projection) -> Option<u64>,
) -> Option<Vec<(Projection, u64)>> {
    let n = kinds[r].looks.len();
    let run_of = |start: usize, k: usize| {
        let mut run = empty.clone();
        for j in start..start + k {
            run.tracked[r][j % n] = true;
        }
        run
    };
    let k = (1..=n.min(tracked::MAX_TRACKED))
        .take_while(|&k| size(&run_of(0, k)).is_some())
        .last()?;
    let count = n.div_ceil(k);
    (0..count)
        .map(|j| {
            let run = run_of(j * n / count, k);
            size(&run).map(|s| (run, s))
        })
        .collect()
}

/// Runs joined, smallest first, while a join fits: one table that sees more. Runs
/// of tracked pieces join only each other.
fn join(
    mut runs: Vec<(Projection, u64)>,
    size: &dyn Fn(&Projection) -> Option<u64>,
    past: &dyn Fn(&Projection, &Projection, u128) -> bool,
) -> Vec<Projection> {
    runs.sort_by_key(|&(_, s)| s);
    let mut joined: Vec<(Projection, u64)> = Vec::new();
    for (run, s) in runs {
        let fit = joined.iter().enumerate().find_map(|(i, (j, js))| {
            if j.is_own() != run.is_own() || past(j, &run, u128::from(*js) * u128::from(s)) {
                return None;
            }
            let mut both = j.clone();
            for (r, kinds) in run.tracked.iter().enumerate() {
                for (k, &t) in kinds.iter().enumerate() {
                    both.tracked[r][k] |= t;
                }
            }
            size(&both).map(|s| (i, both, s))
        });
        match fit {
            Some((i, both, s)) => joined[i] = (both, s),
            None => joined.push((run, s)),
        }
    }
    joined.into_iter().map(|(p, _)| p).collect()
}
