//! A projection: the kinds of piece it keeps, measured before anything is built,
//! and the puzzle it makes with every other piece of its orbits blank.

use crate::puzzle::formats::defined::{Piece, Puzzle, PuzzleMove, Sticker};
use crate::puzzle::spaces::coords::{Coords, TableSizes};
use crate::puzzle::spaces::pieces::Orbit;
use crate::puzzle::spaces::tracked::{self, Tracked};

use super::{BLANK, Kinds, ONE_COLOUR};

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
    pub(super) fn has(&self, orbit: usize) -> bool {
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
    pub(super) fn tracked(&self, kinds: &[Kinds], inverses: &[usize]) -> Result<Tracked, String> {
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
    pub(super) fn palette(&self, kinds: &[Kinds]) -> ([u8; 256], usize) {
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
    pub(super) fn stickers(
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
