//! A piece model expanded into stickers: the draft a pocket definition would make,
//! checked against pocket's limits on stickers, colours and moves.

use crate::engine::search::MAX_MOVES;
use crate::puzzle::formats::barred::Bar;
use crate::puzzle::formats::defined::{Piece, PuzzleMove, Sticker};
use crate::puzzle::formats::draft::Draft;

use super::{FormatError, MAX_STICKERS, OrbitMove, PieceModel, fail, power_name};

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

impl PieceModel {
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
}
