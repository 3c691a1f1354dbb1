//! cubing.js KPuzzle definitions (JSON), and the piece model shared with twsearch's
//! `.tws` files ([`crate::puzzle::formats::tws`]).
//!
//! Both formats describe a puzzle by orbits of pieces, each piece with a number of
//! orientations. pocket knows stickers only, so a piece of N orientations becomes N
//! stickers: sticker `(slot j, orientation o)` of an orbit is number
//! `offset + j * N + o`. The conventions (those of cubing.js's `KTransformation`):
//!
//! - a move's `permutation[j]` is the slot whose piece moves to slot `j`, and
//!   `orientationDelta[j]` is added to that piece's orientation as it arrives at `j`
//!   (indexed by destination) — so position `j` holds what was at `permutation[j]`,
//!   pocket's own direction;
//! - a piece at orientation `t` shows its facet `f` on sticker `(j, (f + t) mod N)`.
//!
//! Hence a move maps stickers by `p[(j, o)] = (permutation[j], (o - delta[j]) mod N)`,
//! and the solved sticker `(j, o)` is coloured by (orbit, piece, facet `(o - t) mod N`):
//! identical pieces share colours, and the N facets of a piece all differ.

use std::fmt::Write as _;

use serde_json::{Map, Value};

use crate::engine::search::MAX_MOVES;
use crate::puzzle::formats::barred::Bar;
use crate::puzzle::formats::defined::{Piece, PuzzleMove, Sticker};
use crate::puzzle::formats::draft::Draft;

/// What is wrong with a file of another format, and on which line (0: none, the
/// message names the field).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FormatError {
    pub line: usize,
    pub message: String,
}

impl std::fmt::Display for FormatError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.line {
            0 => f.write_str(&self.message),
            n => write!(f, "line {n}: {}", self.message),
        }
    }
}

impl std::error::Error for FormatError {}

/// A pocket puzzle as this module needs it, from its public data (so that it does not
/// depend on how definitions are parsed).
pub struct StickerPuzzle<'a> {
    pub name: &'a str,
    /// The solved colour of each sticker.
    pub solved: &'a [u8],
    pub moves: Vec<StickerMove<'a>>,
    pub pieces: Vec<StickerPiece<'a>>,
    /// Barred positions, written as twsearch's `Illegal` lines.
    pub barred: &'a [Bar],
}

/// A move: its name, its permutation (position i holds what was at `perm[i]`) and its
/// face (moves that are powers of one another share one).
pub struct StickerMove<'a> {
    pub name: &'a str,
    pub perm: &'a [Sticker],
    pub face: u8,
}

/// A `piece` line: its kind and its stickers, in the order its twists count.
pub struct StickerPiece<'a> {
    pub kind: &'a str,
    pub stickers: &'a [Sticker],
}

/// Stickers a pocket definition holds at most.
pub const MAX_STICKERS: usize = 4096;

/// Characters used for colours in the definitions made here: printable ASCII without
/// `#` (93 colours, which a sticker string can type), then every other byte but 0:
/// the megaminx's 120 stickers are all different. Those past the 93 cannot be typed,
/// so such a puzzle's states are given as moves.
fn colour_chars() -> Vec<u8> {
    use crate::puzzle::formats::defined::typed_colour;
    let typed = (1u8..=255).filter(|&c| typed_colour(c));
    typed
        .chain((1u8..=255).filter(|&c| !typed_colour(c)))
        .collect()
}

/// An orbit: a set of pieces that move among themselves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Orbit {
    pub name: String,
    pub pieces: usize,
    pub orientations: usize,
}

/// What a move does to one orbit: `perm[j]` is the slot whose piece arrives at `j`,
/// and `delta[j]` the twist it gets on arriving.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct OrbitMove {
    pub perm: Vec<usize>,
    pub delta: Vec<usize>,
}

/// A puzzle described by pieces.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PieceModel {
    pub name: String,
    pub orbits: Vec<Orbit>,
    /// Per orbit: the piece in each slot (identical pieces share a number) and its
    /// orientation.
    pub solved: Vec<(Vec<usize>, Vec<usize>)>,
    /// Each generator: its name and what it does to each orbit.
    pub moves: Vec<(String, Vec<OrbitMove>)>,
    /// The line of the file that defines each move (0 where unknown), for messages.
    pub move_lines: Vec<usize>,
    /// Per orbit, per slot: the modulus its piece's orientation is known by
    /// (KPuzzle's `orientationMod`; 0, or no entry, for all of them told apart).
    pub orientation_mods: Vec<Vec<usize>>,
    /// Names the file gives a move that is another's (twsearch's `MoveAlias`, a
    /// derived move, or a power equal to another move's), and what they do.
    pub aliases: Vec<(String, Vec<OrbitMove>)>,
    /// Barred positions (twsearch's `Illegal`): (orbit, slot, piece) each, the piece
    /// numbered as in `solved`, and the line that said it.
    pub illegal: Vec<(usize, usize, usize, usize)>,
}

fn fail<T>(message: impl Into<String>) -> Result<T, FormatError> {
    Err(FormatError {
        line: 0,
        message: message.into(),
    })
}

impl PieceModel {
    /// Two moves of one name: `pname` is power `a.1` of move `a.0` and power `b.1`
    /// of move `b.0` (one of them the move of that name itself, power 1), and they
    /// differ. Named as pocket's own format names it, at the line of the power's move.
    fn power_clash(&self, pname: &str, a: (usize, usize), b: (usize, usize)) -> FormatError {
        let (named, power) = if a.1 == 1 { (a, b) } else { (b, a) };
        let line_of = |g: usize| self.move_lines.get(g).copied().unwrap_or(0);
        let at = match line_of(named.0) {
            0 => String::new(),
            n => format!(" (line {n})"),
        };
        FormatError {
            line: line_of(power.0),
            message: format!(
                "the power {pname} of move {} is another move than the move named {pname}{at}; \
                 rename one of them",
                self.moves[power.0].0
            ),
        }
    }
}

/// A word for a pocket definition: no spaces and no `#`.
fn word(s: &str) -> String {
    let w: String = s
        .chars()
        .map(|c| {
            if c.is_whitespace() || c == '#' {
                '_'
            } else {
                c
            }
        })
        .collect();
    if w.is_empty() { "puzzle".into() } else { w }
}

pub use crate::puzzle::formats::derived::power_name;

impl crate::puzzle::formats::derived::Compose for PieceModel {
    type Move = Vec<OrbitMove>;

    fn identity(&self) -> Vec<OrbitMove> {
        PieceModel::identity(self)
    }

    fn compose(&self, a: &Vec<OrbitMove>, b: &Vec<OrbitMove>) -> Vec<OrbitMove> {
        PieceModel::compose(self, a, b)
    }

    /// The move that undoes `m`: composed after it, the identity.
    fn invert(&self, m: &Vec<OrbitMove>) -> Vec<OrbitMove> {
        self.orbits
            .iter()
            .zip(m)
            .map(|(o, a)| {
                let mut perm = vec![0; o.pieces];
                for (j, &p) in a.perm.iter().enumerate() {
                    perm[p] = j;
                }
                let delta = (0..o.pieces)
                    .map(|j| (o.orientations - a.delta[perm[j]]) % o.orientations)
                    .collect();
                OrbitMove { perm, delta }
            })
            .collect()
    }
}

impl PieceModel {
    /// `sequences` made moves of the model ([`crate::puzzle::formats::derived`]), with `rotations` to
    /// use in them.
    pub(in crate::puzzle) fn derive(
        &mut self,
        rotations: &[(String, Vec<OrbitMove>)],
        sequences: Vec<crate::puzzle::formats::derived::Sequence>,
    ) -> Result<(), FormatError> {
        let (made, aliases) =
            crate::puzzle::formats::derived::expand(&*self, &self.moves, rotations, sequences)
                .map_err(|(line, message)| FormatError { line, message })?;
        self.aliases.extend(aliases);
        for (name, m, line) in made {
            self.moves.push((name, m));
            self.move_lines.push(line);
        }
        Ok(())
    }

    fn identity(&self) -> Vec<OrbitMove> {
        self.orbits
            .iter()
            .map(|o| OrbitMove {
                perm: (0..o.pieces).collect(),
                delta: vec![0; o.pieces],
            })
            .collect()
    }

    /// First `a`, then `b`.
    fn compose(&self, a: &[OrbitMove], b: &[OrbitMove]) -> Vec<OrbitMove> {
        self.orbits
            .iter()
            .zip(a.iter().zip(b))
            .map(|(o, (a, b))| OrbitMove {
                perm: b.perm.iter().map(|&j| a.perm[j]).collect(),
                delta: (0..o.pieces)
                    .map(|j| (a.delta[b.perm[j]] + b.delta[j]) % o.orientations)
                    .collect(),
            })
            .collect()
    }

    /// The puzzle as a definition's parts, to be checked as a whole: pieces expanded
    /// into stickers, every power of every move (named as twsearch names them, at the
    /// line of its move), and each piece (kind: its orbit). Refused past pocket's
    /// limits, with the size found.
    pub(in crate::puzzle) fn to_draft(&self) -> Result<Draft, FormatError> {
        self.check_names()?;
        let offsets = self.sticker_offsets()?;
        let solved = self.solved_colours()?;
        let mut moves = Vec::new();
        let mut effects: Vec<(Vec<OrbitMove>, String)> = Vec::new();
        let mut aliases = Vec::new();
        for (g, name, m) in self.all_powers()? {
            // One effect under two names (the extreme gear cube's B2 and F2): the
            // second reads as the first, and the searches have one move.
            if let Some((_, first)) = effects.iter().find(|(e, _)| *e == m) {
                aliases.push((name, first.clone()));
                continue;
            }
            effects.push((m.clone(), name.clone()));
            let mut perm = Vec::with_capacity(solved.len());
            for (s, o) in self.orbits.iter().enumerate() {
                let k = o.orientations;
                for j in 0..o.pieces {
                    for f in 0..k {
                        let from = offsets[s] + m[s].perm[j] * k + (f + k - m[s].delta[j]) % k;
                        perm.push(from as Sticker);
                    }
                }
            }
            let line = self.move_lines.get(g).copied().unwrap_or(0);
            let cost = 1000;
            moves.push((
                line,
                PuzzleMove {
                    name,
                    perm,
                    face: 0,
                    cost,
                },
            ));
        }
        let mut pieces = Vec::new();
        for ((s, o), names) in self.orbits.iter().enumerate().zip(self.piece_names()) {
            let k = o.orientations;
            for (j, name) in names.into_iter().enumerate() {
                let kind = o.name.clone();
                let at = (0..k).map(|f| Ok(offsets[s] + j * k + f)).collect();
                pieces.push((
                    0,
                    Piece {
                        kind,
                        name,
                        stickers: Vec::new(),
                    },
                    at,
                ));
            }
        }
        for (name, m) in &self.aliases {
            let taken = effects.iter().any(|(_, n)| n == name);
            if let Some((_, target)) = effects.iter().find(|(e, _)| e == m).filter(|_| !taken) {
                aliases.push((name.clone(), target.clone()));
            }
        }
        let barred = self.bars(&offsets, &solved);
        Ok(Draft {
            barred,
            aliases,
            name: Some(word(&self.name)),
            solved: Some((0, solved)),
            moves,
            powers: Vec::new(),
            costs: Vec::new(),
            pieces,
            faces: Vec::new(),
        })
    }

    /// Each barred (orbit, slot, piece) as the slot's stickers and the looks of the
    /// piece in every orientation (`solved`: the solved stickers).
    fn bars(&self, offsets: &[usize], solved: &[u8]) -> Vec<Bar> {
        let mut bars: Vec<Bar> = Vec::new();
        for &(s, slot, piece, _) in &self.illegal {
            let (o, k) = (&self.orbits[s], self.orbits[s].orientations);
            let stickers: Vec<Sticker> = (0..k)
                .map(|f| (offsets[s] + slot * k + f) as Sticker)
                .collect();
            let home = self.solved[s]
                .0
                .iter()
                .position(|&p| p == piece)
                .unwrap_or(0);
            let mut looks: Vec<Vec<u8>> = Vec::new();
            for t in 0..k {
                let look = (0..k)
                    .map(|f| solved[offsets[s] + home * k + (f + t) % k])
                    .collect();
                if !looks.contains(&look) {
                    looks.push(look);
                }
            }
            let said = format!("set {} slot {} piece {}", o.name, slot + 1, piece + 1);
            match bars.iter_mut().find(|b| b.stickers == stickers) {
                Some(b) => {
                    for look in looks {
                        if !b.looks.contains(&look) {
                            b.looks.push(look);
                        }
                    }
                    b.said = format!("{}, {}", b.said, piece + 1);
                }
                None => bars.push(Bar {
                    stickers,
                    looks,
                    said,
                }),
            }
        }
        bars
    }

    /// Names pocket cannot read back are refused, not renamed: they are what a user
    /// types (`--moves`).
    fn check_names(&self) -> Result<(), FormatError> {
        let names = self.orbits.iter().map(|o| ("orbit", &o.name));
        for (what, name) in names.chain(self.moves.iter().map(|(n, _)| ("move", n))) {
            if name.is_empty() || name.contains(|c: char| c.is_whitespace() || c == '#') {
                return fail(format!(
                    "{what} name '{name}': pocket cannot read an empty name, or a space or '#' in one"
                ));
            }
        }
        Ok(())
    }

    /// Where each orbit's stickers start; refused past pocket's sticker limit.
    fn sticker_offsets(&self) -> Result<Vec<usize>, FormatError> {
        let mut offsets = Vec::new();
        let mut n = 0;
        for o in &self.orbits {
            offsets.push(n);
            n += o.pieces * o.orientations;
        }
        if n > MAX_STICKERS {
            let sizes: Vec<String> = self
                .orbits
                .iter()
                .map(|o| format!("{} {}x{}", o.name, o.pieces, o.orientations))
                .collect();
            return fail(format!(
                "the pieces make {n} stickers ({}): pocket holds at most {MAX_STICKERS}",
                sizes.join(", ")
            ));
        }
        Ok(offsets)
    }

    /// The solved stickers, one colour per (orbit, piece, facet), numbered in order of
    /// first appearance. Past the 255 colours a byte holds, each orbit numbers its
    /// own from the first: pieces meet only pieces of their orbit, so a colour need
    /// only tell those apart (the 9x9x9 and larger, the gigaminx).
    fn solved_colours(&self) -> Result<Vec<u8>, FormatError> {
        let mut keys: Vec<(usize, usize, usize)> = Vec::new();
        let mut solved = Vec::new();
        for (s, o) in self.orbits.iter().enumerate() {
            let (pieces, twists) = &self.solved[s];
            let mods = self.orientation_mods.get(s);
            for j in 0..o.pieces {
                // A piece whose orientation is known mod m shows m facets, repeated.
                let m = match mods.and_then(|m| m.get(j)) {
                    Some(&m) if m > 0 => m,
                    _ => o.orientations,
                };
                for f in 0..o.orientations {
                    let facet = (f + o.orientations - twists[j]) % o.orientations;
                    let key = (s, pieces[j], facet % m);
                    let c = keys.iter().position(|k| *k == key).unwrap_or_else(|| {
                        keys.push(key);
                        keys.len() - 1
                    });
                    solved.push(c);
                }
            }
        }
        let chars = colour_chars();
        if keys.len() <= chars.len() {
            return Ok(solved.into_iter().map(|c| chars[c]).collect());
        }
        // Each orbit's colours from the first; `keys` are in order of orbit.
        let first_of = |s: usize| keys.iter().position(|k| k.0 == s).unwrap_or(0);
        let mut own = Vec::with_capacity(solved.len());
        for c in solved {
            let s = keys[c].0;
            let k = c - first_of(s);
            if k >= chars.len() {
                return fail(format!(
                    "set {} has more than {} different stickers: pocket has at most {} colours a set",
                    self.orbits[s].name,
                    chars.len(),
                    chars.len()
                ));
            }
            own.push(chars[k]);
        }
        Ok(own)
    }

    /// Every power of every generator but the identity, named as twsearch names them,
    /// once each: (generator, name, effect). A power that is another move of its name
    /// is refused.
    #[allow(clippy::type_complexity)]
    fn all_powers(&self) -> Result<Vec<(usize, String, Vec<OrbitMove>)>, FormatError> {
        let identity = self.identity();
        let mut made: Vec<(usize, String, Vec<OrbitMove>)> = Vec::new();
        // Which power of its generator each of `made` is.
        let mut power_of: Vec<usize> = Vec::new();
        for (g, (name, m)) in self.moves.iter().enumerate() {
            let mut powers = vec![m.clone()];
            loop {
                let next = self.compose(powers.last().unwrap_or(m), m);
                if next == identity {
                    break;
                }
                if powers.len() + made.len() >= MAX_MOVES {
                    return fail(format!(
                        "move {name} and its powers make more than {MAX_MOVES} moves, pocket's limit"
                    ));
                }
                powers.push(next);
            }
            let order = powers.len() + 1;
            for (i, p) in powers.into_iter().enumerate() {
                let pname = power_name(name, i + 1, order);
                match made.iter().position(|(_, n, _)| *n == pname) {
                    Some(k) if made[k].2 == p => continue,
                    Some(k) => {
                        return Err(self.power_clash(&pname, (made[k].0, power_of[k]), (g, i + 1)));
                    }
                    None => {
                        made.push((g, pname, p));
                        power_of.push(i + 1);
                    }
                }
            }
        }
        if made.len() > MAX_MOVES {
            return fail(format!(
                "{} moves with their powers: pocket holds at most {MAX_MOVES}",
                made.len()
            ));
        }
        Ok(made)
    }

    /// The name of each piece: its set's name and its number (`CORNERS3`), or with an
    /// underscore between (`CORNERS_3`) for every piece when two names would be the
    /// same (set `A` piece 11 and set `A1` piece 1): read back from the last
    /// underscore, those cannot meet. big_chop.tws (`CENTER`, `CENTER2`) was refused
    /// for a name it did not write.
    fn piece_names(&self) -> Vec<Vec<String>> {
        let with = |sep: &str| -> Vec<Vec<String>> {
            self.orbits
                .iter()
                .map(|o| {
                    (1..=o.pieces)
                        .map(|j| format!("{}{sep}{j}", o.name))
                        .collect()
                })
                .collect()
        };
        let plain = with("");
        let mut seen = std::collections::HashSet::new();
        match plain.iter().flatten().all(|n| seen.insert(n.as_str())) {
            true => plain,
            false => with("_"),
        }
    }

    /// A pocket puzzle as pieces: its generators (one move a face, whose powers
    /// must be exactly the face's moves, as both formats add every power), and its
    /// `piece` lines as orbits when every move turns them cyclically and no piece
    /// looks the same turned; otherwise every sticker is a piece of one orientation.
    /// Also returns a note when pieces could not be used.
    ///
    /// A piece that looks the same turned is written with the modulus its
    /// orientation is known by (`orientationMod`) where `any_modulus` allows it
    /// (KPuzzle); otherwise only a piece of one colour is, its modulus 1 (twsearch's
    /// `?`), and a note says why the others are not.
    pub fn from_puzzle(
        p: &StickerPuzzle,
        any_modulus: bool,
    ) -> Result<(PieceModel, Option<String>), FormatError> {
        let generators = generators(p)?;
        let (mut model, note, pieces) = match by_pieces(p, &generators, any_modulus) {
            Ok(m) => (m, None, p.pieces.as_slice()),
            Err(note) => (by_stickers(p, &generators), note, &[][..]),
        };
        model.illegal = illegal_of(p, pieces, &model)?;
        Ok((model, note))
    }
}

/// The model's slots and pieces each bar names: a bar is the stickers of one slot,
/// its looks those of pieces of the slot's orbit; refused when it is not. `pieces`:
/// the piece lines the model's orbits were made of (none when it is all stickers).
fn illegal_of(
    p: &StickerPuzzle,
    pieces: &[StickerPiece],
    m: &PieceModel,
) -> Result<Vec<(usize, usize, usize, usize)>, FormatError> {
    let at: Vec<(usize, usize)> = (0..m.orbits.len())
        .flat_map(|s| (0..m.orbits[s].pieces).map(move |j| (s, j)))
        .collect();
    // A slot is the stickers of its piece line; the stickers in no piece are the
    // slots of one orbit more (all of them, written without piece lines).
    let loose: Vec<Sticker> = (0..p.solved.len() as Sticker)
        .filter(|i| !pieces.iter().any(|x| x.stickers.contains(i)))
        .collect();
    let slot_stickers = |s: usize, j: usize| -> Vec<Sticker> {
        let kind = &m.orbits[s].name;
        match pieces.iter().filter(|x| x.kind == kind.as_str()).nth(j) {
            Some(piece) => piece.stickers.to_vec(),
            None => loose.get(j).map(|&i| vec![i]).unwrap_or_default(),
        }
    };
    let mut out = Vec::new();
    for bar in p.barred {
        let not_a_slot = || {
            fail(format!(
                "the bar {} is not one slot of a piece: twsearch's Illegal cannot say it",
                bar.said
            ))
        };
        let Some(&(s, j)) = at
            .iter()
            .find(|&&(s, j)| slot_stickers(s, j) == bar.stickers)
        else {
            return not_a_slot();
        };
        for look in &bar.looks {
            let home = (0..m.orbits[s].pieces).find(|&h| {
                let stickers = slot_stickers(s, h);
                let colours: Vec<u8> = stickers.iter().map(|&x| p.solved[x as usize]).collect();
                let k = colours.len();
                (0..k).any(|t| (0..k).all(|f| colours[(f + t) % k] == look[f]))
            });
            let Some(home) = home else {
                return not_a_slot();
            };
            let piece = m.solved[s].0[home];
            if !out.contains(&(s, j, piece, 0)) {
                out.push((s, j, piece, 0));
            }
        }
    }
    Ok(out)
}

/// One move a face, whose powers are the face's moves; refused when a face is not
/// all the powers of one of its moves (cubing.js and twsearch add every power).
fn generators(p: &StickerPuzzle) -> Result<Vec<usize>, FormatError> {
    let n = p.solved.len();
    let identity: Vec<Sticker> = (0..n as Sticker).collect();
    let mut out = Vec::new();
    for f in 0..p.moves.len() {
        let face: Vec<usize> = (0..p.moves.len())
            .filter(|&i| p.moves[i].face as usize == f)
            .collect();
        if face.is_empty() {
            continue;
        }
        let powers_of = |g: usize| {
            let mut ps = vec![p.moves[g].perm.to_vec()];
            loop {
                let last = &ps[ps.len() - 1];
                let next: Vec<Sticker> =
                    p.moves[g].perm.iter().map(|&j| last[j as usize]).collect();
                if next == identity || ps.len() > 2 * MAX_MOVES {
                    break;
                }
                ps.push(next);
            }
            ps
        };
        let found = face.iter().copied().find(|&g| {
            let ps = powers_of(g);
            ps.iter()
                .all(|q| face.iter().any(|&i| p.moves[i].perm == q.as_slice()))
                && face
                    .iter()
                    .all(|&i| ps.iter().any(|q| q == p.moves[i].perm))
        });
        match found {
            Some(g) => out.push(g),
            None => {
                let names: Vec<&str> = face.iter().map(|&i| p.moves[i].name).collect();
                let g = face[0];
                let missing = powers_of(g)
                    .into_iter()
                    .enumerate()
                    .find(|(_, q)| !face.iter().any(|&i| p.moves[i].perm == q.as_slice()))
                    .map(|(k, _)| k + 1);
                let detail = match missing {
                    Some(k) => format!(" (the power {k} of {} is not a move)", p.moves[g].name),
                    None => String::new(),
                };
                return fail(format!(
                    "the moves {} are not all the powers of one move{detail}: twsearch and \
                     cubing.js add every power of a move, so the exported puzzle would have other moves",
                    names.join(" ")
                ));
            }
        }
    }
    Ok(out)
}

/// Every sticker a piece of one orientation, in one orbit; pieces numbered by colour.
fn by_stickers(p: &StickerPuzzle, generators: &[usize]) -> PieceModel {
    let n = p.solved.len();
    let mut colours: Vec<u8> = Vec::new();
    let pieces: Vec<usize> = p
        .solved
        .iter()
        .map(|c| {
            colours.iter().position(|x| x == c).unwrap_or_else(|| {
                colours.push(*c);
                colours.len() - 1
            })
        })
        .collect();
    PieceModel {
        name: p.name.to_string(),
        orbits: vec![Orbit {
            name: "STICKERS".into(),
            pieces: n,
            orientations: 1,
        }],
        solved: vec![(pieces, vec![0; n])],
        orientation_mods: Vec::new(),
        aliases: Vec::new(),
        illegal: Vec::new(),
        moves: generators
            .iter()
            .map(|&g| {
                let m = &p.moves[g];
                (
                    m.name.to_string(),
                    vec![OrbitMove {
                        perm: m.perm.iter().map(|&x| x as usize).collect(),
                        delta: vec![0; n],
                    }],
                )
            })
            .collect(),
        move_lines: vec![0; generators.len()],
    }
}

/// The `piece` lines as orbits, one a kind (the stickers in no piece make one more
/// orbit, of one orientation); `Err` says why not, `Err(None)` when there are none.
fn by_pieces(
    p: &StickerPuzzle,
    generators: &[usize],
    any_modulus: bool,
) -> Result<PieceModel, Option<String>> {
    if p.pieces.is_empty() {
        return Err(None);
    }
    let (orbits, slots) = orbit_slots(p)?;
    // Where each sticker is: (orbit, slot, facet).
    let mut at = vec![(0, 0, 0); p.solved.len()];
    for (s, of) in slots.iter().enumerate() {
        for (j, stickers) in of.iter().enumerate() {
            for (f, &x) in stickers.iter().enumerate() {
                at[x] = (s, j, f);
            }
        }
    }
    let mut moves = Vec::new();
    for &g in generators {
        let m = &p.moves[g];
        let per_orbit = (0..slots.len())
            .map(|s| orbit_move(m, s, &orbits[s], &slots[s], &at))
            .collect::<Result<Vec<_>, _>>()?;
        moves.push((m.name.to_string(), per_orbit));
    }
    let mut solved = Vec::new();
    let mut orientation_mods = Vec::new();
    for s in 0..slots.len() {
        let (pieces, twists, mods) = solved_pieces(p, &orbits[s], &slots[s], any_modulus)?;
        solved.push((pieces, twists));
        orientation_mods.push(mods);
    }
    Ok(PieceModel {
        name: p.name.to_string(),
        orbits,
        solved,
        move_lines: vec![0; moves.len()],
        moves,
        orientation_mods,
        aliases: Vec::new(),
        illegal: Vec::new(),
    })
}

/// The orbits of a puzzle's pieces, one per kind in order of first appearance, and
/// each orbit's slots as lists of sticker positions; stickers of no piece form one
/// more orbit of one-sticker pieces.
#[allow(clippy::type_complexity)]
fn orbit_slots(p: &StickerPuzzle) -> Result<(Vec<Orbit>, Vec<Vec<Vec<usize>>>), Option<String>> {
    let mut kinds: Vec<&str> = Vec::new();
    for piece in &p.pieces {
        if !kinds.contains(&piece.kind) {
            kinds.push(piece.kind);
        }
    }
    let mut slots: Vec<Vec<Vec<usize>>> = Vec::new();
    let mut orbits = Vec::new();
    for kind in &kinds {
        let of: Vec<Vec<usize>> = p
            .pieces
            .iter()
            .filter(|x| x.kind == *kind)
            .map(|x| x.stickers.iter().map(|&s| s as usize).collect())
            .collect();
        let k = of[0].len();
        if of.iter().any(|s| s.len() != k) {
            return Err(Some(format!(
                "the {kind} pieces have different numbers of stickers"
            )));
        }
        orbits.push(Orbit {
            name: kind.to_string(),
            pieces: of.len(),
            orientations: k,
        });
        slots.push(of);
    }
    let n = p.solved.len();
    let mut owned = vec![false; n];
    for s in slots.iter().flatten().flatten() {
        owned[*s] = true;
    }
    let loose: Vec<Vec<usize>> = (0..n).filter(|&i| !owned[i]).map(|i| vec![i]).collect();
    if !loose.is_empty() {
        let mut name = "STICKERS".to_string();
        while kinds.contains(&name.as_str()) {
            name.push('_');
        }
        orbits.push(Orbit {
            name,
            pieces: loose.len(),
            orientations: 1,
        });
        slots.push(loose);
    }
    Ok((orbits, slots))
}

/// What move `m` does to orbit `s` (its slots `of`; `at` places every sticker): the
/// slot each slot's piece comes from and its turn, or why the move does not turn the
/// orbit's pieces as whole pieces.
fn orbit_move(
    m: &StickerMove,
    s: usize,
    orbit: &Orbit,
    of: &[Vec<usize>],
    at: &[(usize, usize, usize)],
) -> Result<OrbitMove, Option<String>> {
    let k = orbit.orientations;
    let mut perm = Vec::new();
    let mut delta = Vec::new();
    for (j, stickers) in of.iter().enumerate() {
        let (s0, from, shift) = at[m.perm[stickers[0]] as usize];
        let cyclic = s0 == s
            && stickers
                .iter()
                .enumerate()
                .all(|(f, &x)| at[m.perm[x] as usize] == (s, from, (f + shift) % k));
        if !cyclic {
            return Err(Some(format!(
                "move {} turns the {} piece {} other than cyclically",
                m.name,
                orbit.name,
                j + 1
            )));
        }
        perm.push(from);
        delta.push((k - shift) % k);
    }
    Ok(OrbitMove { perm, delta })
}

/// The solved state of one orbit: slots whose colours are the same up to a turn hold
/// the same piece; the first such slot holds it unturned. Each slot's modulus too:
/// the smallest turn that shows its piece as it was (0 for none), where
/// `any_modulus` allows it, or where it is 1.
#[allow(clippy::type_complexity)]
fn solved_pieces(
    p: &StickerPuzzle,
    orbit: &Orbit,
    of: &[Vec<usize>],
    any_modulus: bool,
) -> Result<(Vec<usize>, Vec<usize>, Vec<usize>), Option<String>> {
    let k = orbit.orientations;
    let colours: Vec<Vec<u8>> = of
        .iter()
        .map(|st| st.iter().map(|&x| p.solved[x]).collect())
        .collect();
    let mut firsts: Vec<usize> = Vec::new();
    let mut pieces = Vec::new();
    let mut twists = Vec::new();
    let mut mods = Vec::new();
    for (j, c) in colours.iter().enumerate() {
        // Facet f of the piece shows on (j, f + t).
        let turned = |first: &[u8], t: usize| (0..k).all(|o| c[o] == first[(o + k - t) % k]);
        let modulus = (1..k).find(|&r| turned(c, r));
        if let Some(r) = modulus.filter(|&r| r > 1 && !any_modulus) {
            return Err(Some(format!(
                "the {} piece {} looks the same turned {r} of {k}: its orientation would be known only mod {r}, which twsearch cannot write",
                orbit.name,
                j + 1
            )));
        }
        mods.push(modulus.unwrap_or(0));
        let same = firsts
            .iter()
            .enumerate()
            .find_map(|(id, &i)| (0..k).find(|&t| turned(&colours[i], t)).map(|t| (id, t)));
        match same {
            Some((id, t)) => {
                pieces.push(id);
                twists.push(t);
            }
            None => {
                pieces.push(firsts.len());
                twists.push(0);
                firsts.push(j);
            }
        }
    }
    Ok((pieces, twists, mods))
}

// ---------------------------------------------------------------------------
// KPuzzle JSON

fn field<'a>(obj: &'a Map<String, Value>, key: &str, path: &str) -> Result<&'a Value, FormatError> {
    match obj.get(key) {
        Some(v) => Ok(v),
        None => fail(format!("{path}: no field \"{key}\"")),
    }
}

fn number(v: &Value, path: &str, below: usize) -> Result<usize, FormatError> {
    match v.as_u64() {
        Some(x) if (x as usize) < below => Ok(x as usize),
        Some(x) => fail(format!("{path} is {x}: at most {}", below - 1)),
        None => fail(format!("{path}: expected a whole number, got {v}")),
    }
}

fn numbers(v: &Value, path: &str, len: usize, below: usize) -> Result<Vec<usize>, FormatError> {
    let Some(items) = v.as_array() else {
        return fail(format!("{path}: expected a list of {len} numbers"));
    };
    if items.len() != len {
        return fail(format!(
            "{path} has {} numbers, expected {len}",
            items.len()
        ));
    }
    items
        .iter()
        .enumerate()
        .map(|(i, x)| number(x, &format!("{path}[{i}]"), below))
        .collect()
}

fn object<'a>(v: &'a Value, path: &str) -> Result<&'a Map<String, Value>, FormatError> {
    v.as_object()
        .map_or_else(|| fail(format!("{path}: expected an object")), Ok)
}

/// Refuse keys other than `known`, naming the first.
fn only(obj: &Map<String, Value>, known: &[&str], path: &str) -> Result<(), FormatError> {
    match obj.keys().find(|k| !known.contains(&k.as_str())) {
        Some(k) => fail(format!(
            "{path}: unknown field \"{k}\" (known: {})",
            known.join(", ")
        )),
        None => Ok(()),
    }
}

/// Orbit sizes past this are refused at once (they could never fit in 128 stickers).
const MAX_ORBIT: u64 = 1 << 16;

/// Whether a JSON object is a KPuzzle pattern (every value a set's `pieces` and
/// `orientation`), which a definition file's readers sometimes give by mistake.
fn is_pattern(top: &Map<String, Value>) -> bool {
    !top.is_empty()
        && !top.contains_key("orbits")
        && top.values().all(|v| {
            v.as_object()
                .is_some_and(|o| o.contains_key("pieces") && o.contains_key("orientation"))
        })
}

/// Read a KPuzzle definition (JSON). Moves come in the order of their names (a JSON
/// object has none of its own here), then `derivedMoves` ([`crate::puzzle::formats::derived`]); moves
/// named as twsearch names rotations (`x`, `Uv`) are rotations, used in derived moves
/// but no moves of the puzzle; `experimentalPuzzleDescription`, the shape, is
/// checked to be text or an object; `orientationMod` makes a piece show only as many
/// facets as its modulus. Refused: unknown fields.
pub fn read_kpuzzle(text: &str) -> Result<PieceModel, FormatError> {
    let root = parse_json(text)?;
    let top = object(&root, "the file")?;
    if is_pattern(top) {
        return fail(
            "this is a KPuzzle pattern (a position: each set's pieces and orientation), not a \
             definition: give the puzzle's definition file (orbits, defaultPattern, moves)",
        );
    }
    only(
        top,
        &[
            "$schema",
            "name",
            "orbits",
            "defaultPattern",
            "moves",
            "derivedMoves",
            "experimentalPuzzleDescription",
        ],
        "the file",
    )?;
    // cubing.js's description of the puzzle's shape, as text (`o f 0.333`) or as an
    // object (`{"shape": "o", "cuts": [...]}`, twsearch's
    // samples/json/scramble/fto-UL.def.json): it says nothing the orbits and moves
    // do not, so it is only checked to be one of the two.
    match top.get("experimentalPuzzleDescription") {
        None | Some(Value::String(_)) | Some(Value::Object(_)) => {}
        Some(v) => {
            return fail(format!(
                "experimentalPuzzleDescription: expected a description (text or an object), got {v}"
            ));
        }
    }
    let name = match top.get("name") {
        Some(Value::String(s)) => s.clone(),
        Some(v) => return fail(format!("name: expected a string, got {v}")),
        None => String::new(),
    };
    let orbits = read_orbits(top)?;
    let (solved, orientation_mods) = read_solved(top, &orbits)?;
    let (rotations, moves): (Vec<_>, Vec<_>) = read_moves(top, &orbits)?
        .into_iter()
        .partition(|(m, _)| crate::puzzle::formats::derived::is_rotation(m));
    let move_lines = moves
        .iter()
        .map(|(m, _)| key_line(text, "moves", m))
        .collect();
    let mut model = PieceModel {
        name,
        orbits,
        solved,
        moves,
        move_lines,
        orientation_mods,
        aliases: Vec::new(),
        illegal: Vec::new(),
    };
    let derived = read_derived(top, text)?;
    model.derive(&rotations, derived)?;
    if model.moves.is_empty() {
        return fail("no moves: every move the file names is a rotation");
    }
    Ok(model)
}

/// `derivedMoves`: names and sequences in cubing.js's notation.
fn read_derived(
    top: &Map<String, Value>,
    text: &str,
) -> Result<Vec<crate::puzzle::formats::derived::Sequence>, FormatError> {
    let Some(derived) = top.get("derivedMoves") else {
        return Ok(Vec::new());
    };
    let derived = object(derived, "derivedMoves")?;
    let mut out = Vec::new();
    for (name, alg) in derived {
        let line = key_line(text, "derivedMoves", name);
        let Value::String(alg) = alg else {
            return Err(FormatError {
                line,
                message: format!("derivedMoves.{name}: expected a move sequence, got {alg}"),
            });
        };
        let moves = crate::puzzle::formats::derived::flatten(alg).map_err(|why| FormatError {
            line,
            message: format!("derivedMoves.{name}: '{alg}': {why}"),
        })?;
        out.push(crate::puzzle::formats::derived::Sequence {
            name: name.clone(),
            moves,
            line,
        });
    }
    Ok(out)
}

/// The JSON of a file, strictly (no key twice), with the line of a syntax error.
fn parse_json(text: &str) -> Result<Value, FormatError> {
    crate::puzzle::formats::strict_json::from_str(text).map_err(|e| {
        // The line goes in front, as every refusal's; the column stays in the words.
        let full = e.to_string();
        let suffix = format!(" at line {} column {}", e.line(), e.column());
        let what = full.strip_suffix(&suffix).unwrap_or(&full);
        let message = match e.classify() {
            serde_json::error::Category::Data => format!("{what} (column {})", e.column()),
            _ => format!("not KPuzzle JSON: {what} (column {})", e.column()),
        };
        FormatError {
            line: e.line(),
            message,
        }
    })
}

/// `orbits`: the current list of {orbitName, numPieces, numOrientations}, or the
/// older object keyed by name.
fn read_orbits(top: &Map<String, Value>) -> Result<Vec<Orbit>, FormatError> {
    let mut raw: Vec<(String, &Map<String, Value>, String)> = Vec::new();
    match field(top, "orbits", "the file")? {
        Value::Array(items) => {
            for (i, v) in items.iter().enumerate() {
                let path = format!("orbits[{i}]");
                let o = object(v, &path)?;
                only(o, &["orbitName", "numPieces", "numOrientations"], &path)?;
                let Some(n) = field(o, "orbitName", &path)?.as_str() else {
                    return fail(format!("{path}.orbitName: expected a string"));
                };
                raw.push((n.to_string(), o, path));
            }
        }
        Value::Object(map) => {
            for (n, v) in map {
                let path = format!("orbits.{n}");
                let o = object(v, &path)?;
                only(o, &["numPieces", "numOrientations"], &path)?;
                raw.push((n.clone(), o, path));
            }
        }
        v => return fail(format!("orbits: expected a list, got {v}")),
    }
    if raw.is_empty() {
        return fail("orbits: no orbits");
    }
    let mut orbits = Vec::new();
    for (n, o, path) in raw {
        if orbits.iter().any(|x: &Orbit| x.name == n) {
            return fail(format!("{path}: orbit {n} is defined twice"));
        }
        let pieces = number(
            field(o, "numPieces", &path)?,
            &format!("{path}.numPieces"),
            MAX_ORBIT as usize,
        )?;
        let orientations = number(
            field(o, "numOrientations", &path)?,
            &format!("{path}.numOrientations"),
            MAX_ORBIT as usize,
        )?;
        if pieces == 0 || orientations == 0 {
            return fail(format!(
                "{path}: numPieces and numOrientations must be at least 1"
            ));
        }
        orbits.push(Orbit {
            name: n,
            pieces,
            orientations,
        });
    }
    let total: usize = orbits.iter().map(|o| o.pieces * o.orientations).sum();
    if total > MAX_STICKERS {
        let sizes: Vec<String> = orbits
            .iter()
            .map(|o| format!("{} {}x{}", o.name, o.pieces, o.orientations))
            .collect();
        return fail(format!(
            "orbits: the pieces make {total} stickers ({}): pocket holds at most {MAX_STICKERS}",
            sizes.join(", ")
        ));
    }
    Ok(orbits)
}

/// `defaultPattern`: each orbit's pieces (equal numbers are identical pieces) and
/// orientations, and the moduli its orientations are known by (`orientationMod`:
/// Reid's 3x3x3 ignores its centres' turns).
#[allow(clippy::type_complexity)]
fn read_solved(
    top: &Map<String, Value>,
    orbits: &[Orbit],
) -> Result<(Vec<(Vec<usize>, Vec<usize>)>, Vec<Vec<usize>>), FormatError> {
    let pattern = object(field(top, "defaultPattern", "the file")?, "defaultPattern")?;
    if let Some(k) = pattern
        .keys()
        .find(|k| !orbits.iter().any(|o| o.name == **k))
    {
        return fail(format!("defaultPattern: no orbit named {k}"));
    }
    let (mut solved, mut mods) = (Vec::new(), Vec::new());
    for o in orbits {
        let path = format!("defaultPattern.{}", o.name);
        let d = object(field(pattern, &o.name, "defaultPattern")?, &path)?;
        only(d, &["pieces", "orientation", "orientationMod"], &path)?;
        // Pieces are numbered from 0; equal numbers are identical pieces.
        let pieces = numbers(
            field(d, "pieces", &path)?,
            &format!("{path}.pieces"),
            o.pieces,
            usize::MAX,
        )?;
        let twists = numbers(
            field(d, "orientation", &path)?,
            &format!("{path}.orientation"),
            o.pieces,
            o.orientations,
        )?;
        let mut orbit_mods = Vec::new();
        if let Some(m) = d.get("orientationMod") {
            orbit_mods = numbers(m, &format!("{path}.orientationMod"), o.pieces, usize::MAX)?;
            if let Some((i, &m)) = orbit_mods
                .iter()
                .enumerate()
                .find(|&(_, &m)| m != 0 && o.orientations % m != 0)
            {
                return fail(format!(
                    "{path}.orientationMod[{i}] is {m}, which does not divide the orbit's {} orientations",
                    o.orientations
                ));
            }
            if let Some((i, _)) = orbit_mods
                .iter()
                .enumerate()
                .find(|&(j, &m)| m > 0 && twists[j] >= m)
            {
                return fail(format!(
                    "{path}.orientation[{i}] is {}, not below its orientationMod {}",
                    twists[i], orbit_mods[i]
                ));
            }
        }
        solved.push((pieces, twists));
        mods.push(orbit_mods);
    }
    Ok((solved, mods))
}

/// `moves`: what each does to each orbit (an orbit not named stays put).
fn read_moves(
    top: &Map<String, Value>,
    orbits: &[Orbit],
) -> Result<Vec<(String, Vec<OrbitMove>)>, FormatError> {
    let mut moves = Vec::new();
    for (mname, v) in object(field(top, "moves", "the file")?, "moves")? {
        let path = format!("moves.{mname}");
        let m = object(v, &path)?;
        if let Some(k) = m.keys().find(|k| !orbits.iter().any(|o| o.name == **k)) {
            return fail(format!("{path}: no orbit named {k}"));
        }
        let mut per_orbit = Vec::new();
        for o in orbits {
            let opath = format!("{path}.{}", o.name);
            let Some(t) = m.get(&o.name) else {
                per_orbit.push(OrbitMove {
                    perm: (0..o.pieces).collect(),
                    delta: vec![0; o.pieces],
                });
                continue;
            };
            let t = object(t, &opath)?;
            only(
                t,
                &["permutation", "orientationDelta", "orientation"],
                &opath,
            )?;
            let perm = numbers(
                field(t, "permutation", &opath)?,
                &format!("{opath}.permutation"),
                o.pieces,
                o.pieces,
            )?;
            let mut seen = vec![false; o.pieces];
            for (i, &x) in perm.iter().enumerate() {
                if std::mem::replace(&mut seen[x], true) {
                    return fail(format!(
                        "{opath}.permutation[{i}]: {x} appears twice (not a permutation)"
                    ));
                }
            }
            // "orientation" is the older name of "orientationDelta".
            let key = if t.contains_key("orientationDelta") {
                "orientationDelta"
            } else {
                "orientation"
            };
            let delta = numbers(
                field(t, key, &opath)?,
                &format!("{opath}.{key}"),
                o.pieces,
                o.orientations,
            )?;
            per_orbit.push(OrbitMove { perm, delta });
        }
        moves.push((mname.clone(), per_orbit));
    }
    if moves.is_empty() {
        return fail("moves: no moves");
    }
    Ok(moves)
}

/// The line of the key `"key"` in the JSON `text`, the first after the key `"after"`
/// (the object it is in); 0 if it cannot be found. For messages only: the parsed
/// value keeps no positions.
fn key_line(text: &str, after: &str, key: &str) -> usize {
    let find_key = |from: usize, k: &str| -> Option<usize> {
        let quoted = serde_json::to_string(k).ok()?;
        let mut at = from;
        while let Some(i) = text.get(at..)?.find(&quoted) {
            let end = at + i + quoted.len();
            if text[end..].trim_start().starts_with(':') {
                return Some(at + i);
            }
            at = end;
        }
        None
    };
    find_key(0, after)
        .and_then(|start| find_key(start, key))
        .map_or(0, |i| text[..i].matches('\n').count() + 1)
}

fn list(xs: &[usize]) -> String {
    let items: Vec<String> = xs.iter().map(|x| x.to_string()).collect();
    format!("[{}]", items.join(", "))
}

fn quoted(s: &str) -> String {
    Value::String(s.to_string()).to_string()
}

/// The model as KPuzzle JSON (the current field names: an `orbits` list and
/// `orientationDelta`).
pub fn write_kpuzzle(m: &PieceModel) -> String {
    let mut t = String::from("{\n");
    let _ = writeln!(t, "  \"name\": {},", quoted(&m.name));
    t += "  \"orbits\": [\n";
    for (i, o) in m.orbits.iter().enumerate() {
        let _ = write!(
            t,
            "    {{ \"orbitName\": {}, \"numPieces\": {}, \"numOrientations\": {} }}",
            quoted(&o.name),
            o.pieces,
            o.orientations
        );
        t += if i + 1 < m.orbits.len() { ",\n" } else { "\n" };
    }
    t += "  ],\n  \"defaultPattern\": {\n";
    for (i, (o, (pieces, twists))) in m.orbits.iter().zip(&m.solved).enumerate() {
        let mods = m
            .orientation_mods
            .get(i)
            .filter(|v| v.iter().any(|&x| x > 0));
        let _ = write!(
            t,
            "    {}: {{ \"pieces\": {}, \"orientation\": {}{} }}",
            quoted(&o.name),
            list(pieces),
            list(twists),
            match mods {
                Some(v) => format!(", \"orientationMod\": {}", list(v)),
                None => String::new(),
            }
        );
        t += if i + 1 < m.orbits.len() { ",\n" } else { "\n" };
    }
    t += "  },\n  \"moves\": {\n";
    for (i, (name, per_orbit)) in m.moves.iter().enumerate() {
        let _ = writeln!(t, "    {}: {{", quoted(name));
        for (k, (o, om)) in m.orbits.iter().zip(per_orbit).enumerate() {
            let _ = write!(
                t,
                "      {}: {{ \"permutation\": {}, \"orientationDelta\": {} }}",
                quoted(&o.name),
                list(&om.perm),
                list(&om.delta)
            );
            t += if k + 1 < m.orbits.len() { ",\n" } else { "\n" };
        }
        t += if i + 1 < m.moves.len() {
            "    },\n"
        } else {
            "    }\n"
        };
    }
    t += "  }\n}\n";
    t
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A bar of a puzzle exported as loose stickers names the sticker's own slot:
    /// the bar's slot was once looked up among the stickers in no piece line,
    /// though the export had made every sticker a slot.
    #[test]
    fn bars_of_a_puzzle_written_as_stickers_name_their_sticker() {
        let powers: [&[Sticker]; 3] = [
            &[1, 2, 3, 0, 5, 4],
            &[2, 3, 0, 1, 4, 5],
            &[3, 0, 1, 2, 5, 4],
        ];
        let bar = Bar {
            stickers: vec![5],
            looks: vec![vec![b'X']],
            said: "test".into(),
        };
        let p = StickerPuzzle {
            name: "spun",
            // The piece looks the same turned by 2 of 4: no tws piece.
            solved: b"ABABXY",
            moves: ["M", "M2", "M'"]
                .into_iter()
                .zip(powers)
                .map(|(name, perm)| StickerMove {
                    name,
                    perm,
                    face: 0,
                })
                .collect(),
            pieces: vec![StickerPiece {
                kind: "c",
                stickers: &[0, 1, 2, 3],
            }],
            barred: std::slice::from_ref(&bar),
        };
        let (m, note) = PieceModel::from_puzzle(&p, false).unwrap();
        assert!(note.is_some());
        assert_eq!(m.orbits.len(), 1);
        // Sticker 5's slot, and colour X, the third numbered.
        assert_eq!(m.illegal, vec![(0, 5, 2, 0)]);
    }

    /// Two pieces of two orientations that one move swaps, flipping one.
    const TWO: &str = r#"{
      "name": "two flips",
      "orbits": [{ "orbitName": "E", "numPieces": 2, "numOrientations": 2 }],
      "defaultPattern": { "E": { "pieces": [0, 1], "orientation": [0, 0] } },
      "moves": { "S": { "E": { "permutation": [1, 0], "orientationDelta": [1, 0] } } }
    }"#;

    #[test]
    fn a_move_becomes_a_sticker_permutation() {
        let draft = read_kpuzzle(TWO).unwrap().to_draft().unwrap();
        // Slot 0 receives piece 1 turned by 1: its sticker o shows what was at
        // (1, o - 1); slot 1 receives piece 0 unturned.
        let moves: Vec<(&str, &[Sticker])> = draft
            .moves
            .iter()
            .map(|(_, m)| (m.name.as_str(), m.perm.as_slice()))
            .collect();
        // S has order 4: S, S2, S'.
        assert_eq!(moves[0], ("S", &[3, 2, 0, 1][..]));
        assert_eq!(
            moves.iter().map(|m| m.0).collect::<Vec<_>>(),
            ["S", "S2", "S'"]
        );
        assert_eq!(draft.solved.unwrap().1, b"!\"$%");
        assert_eq!(draft.name.as_deref(), Some("two_flips"));
    }

    #[test]
    fn power_names_follow_twsearch() {
        let names: Vec<String> = (1..6).map(|k| power_name("R", k, 6)).collect();
        assert_eq!(names, ["R", "R2", "R3", "R2'", "R'"]);
        assert_eq!(power_name("R", 1, 2), "R");
        assert_eq!(power_name("R", 2, 3), "R'");
    }

    #[test]
    fn refusals_name_the_field() {
        let modded = TWO.replace(
            "\"orientation\": [0, 0] }",
            "\"orientation\": [0, 0], \"orientationMod\": [0, 3] }",
        );
        let e = read_kpuzzle(&modded).unwrap_err().to_string();
        assert!(
            e.contains("defaultPattern.E.orientationMod[1] is 3, which does not divide"),
            "{e}"
        );
        let e = read_kpuzzle(&TWO.replace(
            "[1, 0], \"orientationDelta\": [1, 0]",
            "[1, 1], \"orientationDelta\": [1, 0]",
        ))
        .unwrap_err()
        .to_string();
        assert!(
            e.contains("moves.S.E.permutation[1]: 1 appears twice"),
            "{e}"
        );
        let e = read_kpuzzle(&TWO.replace("\"name\"", "\"nom\""))
            .unwrap_err()
            .to_string();
        assert!(e.contains("unknown field \"nom\""), "{e}");
        let e = read_kpuzzle(&TWO.replace("\"numPieces\": 2", "\"numPieces\": 2100"))
            .unwrap_err()
            .to_string();
        assert!(e.contains(" 4200 stickers"), "{e}");
        let spaced = read_kpuzzle(&TWO.replace("\"S\":", "\"S 1\":")).unwrap();
        let e = spaced.to_draft().err().unwrap().to_string();
        assert!(e.contains("move name 'S 1'"), "{e}");
        let e = read_kpuzzle("{\n\"name\": }").unwrap_err();
        assert_eq!(e.line, 2);
    }
}
