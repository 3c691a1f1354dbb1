//! The `.tws` reader: each keyword's line or block added to what the file has said
//! so far, in the order twsearch wants them, then made into the piece model.

use crate::puzzle::formats::kpuzzle::{FormatError, Orbit, OrbitMove, PieceModel};

use super::block::{UNKNOWN, block, lines};
use super::{fail, is_rotation};

/// Read a `.tws` file. Rotations (blocks named as twsearch names them) are read as
/// twsearch reads them, symmetries and no moves; `MoveSequence` and `MoveAlias` are
/// expanded ([`crate::puzzle::formats::derived`]). Refused, naming the line: `Illegal` blocks, `?`,
/// and unknown keywords.
pub fn read_tws(text: &str) -> Result<PieceModel, FormatError> {
    let ls = lines(text);
    let mut r = Reader::default();
    let mut at = 0;
    while let Some((line, words)) = ls.get(at) {
        let line = *line;
        at += 1;
        match words[0] {
            "Name" => r.name(line, words)?,
            "Set" => r.set(line, words)?,
            "Solved" | "StartState" => at = r.solved(&ls, at, line, words[0], words.len())?,
            "Move" | "MoveTransformation" => at = r.a_move(&ls, at, line, words)?,
            "Illegal" => r.illegal(line, words)?,
            "MoveAlias" | "MoveSequence" => r.sequence(line, words)?,
            other => {
                return fail(
                    line,
                    format!(
                        "unknown keyword '{other}' (Name, Set, Solved, StartState, Move, MoveTransformation)"
                    ),
                );
            }
        }
    }
    r.finish()
}

/// What a `.tws` file has said so far.
#[derive(Default)]
struct Reader {
    name: String,
    orbits: Vec<Orbit>,
    solved: Option<Vec<(Vec<usize>, Vec<usize>)>>,
    /// Per set, per slot: 1 where the solved state's orientation is `?`, else 0.
    orientation_mods: Vec<Vec<usize>>,
    moves: Vec<(String, Vec<OrbitMove>)>,
    move_lines: Vec<usize>,
    /// Blocks named as twsearch names rotations: used in sequences, not moves.
    rotations: Vec<(String, Vec<OrbitMove>)>,
    sequences: Vec<crate::puzzle::formats::derived::Sequence>,
    /// `Illegal` lines: (orbit, slot, piece, line).
    illegal: Vec<(usize, usize, usize, usize)>,
}

impl Reader {
    fn name(&mut self, line: usize, words: &[&str]) -> Result<(), FormatError> {
        if !self.orbits.is_empty() || !self.name.is_empty() {
            return fail(line, "Name must come first, once");
        }
        match words {
            [_, n] => self.name = n.to_string(),
            _ => return fail(line, "expected: Name NAME"),
        }
        Ok(())
    }

    fn set(&mut self, line: usize, words: &[&str]) -> Result<(), FormatError> {
        if self.solved.is_some() {
            return fail(line, "Set after Solved: every Set comes before it");
        }
        let [_, n, pieces, orientations] = words else {
            return fail(line, "expected: Set NAME PIECES ORIENTATIONS");
        };
        if self.orbits.iter().any(|o| o.name == *n) {
            return fail(line, format!("set {n} is defined twice"));
        }
        let size = |w: &str| w.parse::<usize>().ok().filter(|&x| (1..=255).contains(&x));
        let (Some(pieces), Some(orientations)) = (size(pieces), size(orientations)) else {
            return fail(
                line,
                format!("Set {n}: '{pieces} {orientations}' is not two numbers 1 to 255"),
            );
        };
        self.orbits.push(Orbit {
            name: n.to_string(),
            pieces,
            orientations,
        });
        let total: usize = self.orbits.iter().map(|o| o.pieces * o.orientations).sum();
        if total > crate::puzzle::formats::kpuzzle::MAX_STICKERS {
            return fail(
                line,
                format!(
                    "Set {n}: the sets so far make {total} stickers (pieces times orientations): pocket holds at most {}",
                    crate::puzzle::formats::kpuzzle::MAX_STICKERS
                ),
            );
        }
        Ok(())
    }

    /// A `Solved` or `StartState` block (`kw`, a line of `words` words) from `at`;
    /// returns the index after its `End`.
    fn solved(
        &mut self,
        ls: &[(usize, Vec<&str>)],
        at: usize,
        line: usize,
        kw: &str,
        words: usize,
    ) -> Result<usize, FormatError> {
        if words != 1 {
            return fail(line, format!("expected: {kw}"));
        }
        if self.solved.is_some() {
            return fail(line, "a second solved state");
        }
        if self.orbits.is_empty() {
            return fail(line, "a solved state before any Set");
        }
        let first = usize::from(kw == "Solved");
        let (sets, next) = block(ls, at, &self.orbits, first, (kw, true), line)?;
        let mut state = Vec::new();
        for (o, s) in self.orbits.iter().zip(sets) {
            let (pieces, twists) = match s {
                Some((p, t)) => (p, t.unwrap_or(vec![0; o.pieces])),
                None => ((0..o.pieces).collect(), vec![0; o.pieces]),
            };
            // twsearch wants the numbers used to run from the first without gaps.
            let mut used = vec![false; o.pieces];
            for &p in &pieces {
                used[p] = true;
            }
            let count = used.iter().filter(|&&u| u).count();
            if used[..count].iter().any(|&u| !u) {
                return fail(
                    line,
                    format!(
                        "{kw}: the piece numbers of set {} are not {first} to {} without gaps",
                        o.name,
                        count - 1 + first
                    ),
                );
            }
            let mods = twists.iter().map(|&t| usize::from(t == UNKNOWN)).collect();
            let twists = twists
                .iter()
                .map(|&t| if t == UNKNOWN { 0 } else { t })
                .collect();
            self.orientation_mods.push(mods);
            state.push((pieces, twists));
        }
        self.solved = Some(state);
        Ok(next)
    }

    /// A `Move` or `MoveTransformation` block from `at`; returns the index after its
    /// `End`.
    fn a_move(
        &mut self,
        ls: &[(usize, Vec<&str>)],
        at: usize,
        line: usize,
        words: &[&str],
    ) -> Result<usize, FormatError> {
        let [kw, n] = words else {
            return fail(line, format!("expected: {} NAME", words[0]));
        };
        if self.solved.is_none() {
            return fail(line, format!("{kw} before the solved state"));
        }
        if self.rotations.iter().any(|(m, _)| m == n) {
            return fail(line, format!("rotation {n} is defined twice"));
        }
        if let Some(i) = self.moves.iter().position(|(m, _)| m == n) {
            return fail(
                line,
                format!("move {n} is defined twice (line {})", self.move_lines[i]),
            );
        }
        let zero = *kw == "MoveTransformation";
        let (sets, next) = block(ls, at, &self.orbits, usize::from(!zero), (kw, false), line)?;
        let mut per_orbit = Vec::new();
        for (o, s) in self.orbits.iter().zip(sets) {
            let Some((perm, twists)) = s else {
                per_orbit.push(OrbitMove {
                    perm: (0..o.pieces).collect(),
                    delta: vec![0; o.pieces],
                });
                continue;
            };
            let mut seen = vec![false; o.pieces];
            for &p in &perm {
                if std::mem::replace(&mut seen[p], true) {
                    return fail(
                        line,
                        format!(
                            "{kw} {n}: set {} is not a permutation: {} appears twice",
                            o.name,
                            p + usize::from(!zero)
                        ),
                    );
                }
            }
            let twists = twists.unwrap_or(vec![0; o.pieces]);
            // A Move's orientations are indexed by the slot a piece leaves.
            let delta = if zero {
                twists
            } else {
                perm.iter().map(|&p| twists[p]).collect()
            };
            per_orbit.push(OrbitMove { perm, delta });
        }
        // twsearch reads a rotation of the whole puzzle as a symmetry, not a move:
        // so does pocket, and sequences may use it.
        if is_rotation(n) {
            self.rotations.push((n.to_string(), per_orbit));
        } else {
            self.moves.push((n.to_string(), per_orbit));
            self.move_lines.push(line);
        }
        Ok(next)
    }

    /// `Illegal SET SLOT PIECE...`: a state with one of the pieces (numbered as in
    /// `Solved`, from 1) in the slot is barred.
    fn illegal(&mut self, line: usize, words: &[&str]) -> Result<(), FormatError> {
        let Some(solved) = &self.solved else {
            return fail(line, "Illegal before the solved state");
        };
        let [_, set, slot, pieces @ ..] = words else {
            return fail(line, "expected: Illegal SET SLOT PIECE...");
        };
        if pieces.is_empty() {
            return fail(line, "expected: Illegal SET SLOT PIECE...");
        }
        let Some(s) = self.orbits.iter().position(|o| o.name == *set) else {
            return fail(line, format!("Illegal: no set named '{set}'"));
        };
        let o = &self.orbits[s];
        let number = |w: &str, high: usize, what: &str| {
            w.parse::<usize>()
                .ok()
                .filter(|x| (1..=high).contains(x))
                .ok_or_else(|| {
                    format!("Illegal: set {}: '{w}' is not {what} (1 to {high})", o.name)
                })
        };
        let slot = number(slot, o.pieces, "a slot").or_else(|e| fail(line, e))?;
        let kinds = solved[s].0.iter().max().map_or(0, |m| m + 1);
        for w in pieces {
            let piece =
                number(w, kinds, "a piece of the solved state").or_else(|e| fail(line, e))?;
            self.illegal.push((s, slot - 1, piece - 1, line));
        }
        Ok(())
    }

    /// `MoveSequence NAME MOVE...` (moves apart by spaces or commas), or
    /// `MoveAlias NAME MOVE`.
    fn sequence(&mut self, line: usize, words: &[&str]) -> Result<(), FormatError> {
        if self.solved.is_none() {
            return fail(line, format!("{} before the solved state", words[0]));
        }
        let moves: Vec<(String, bool)> = words[2.min(words.len())..]
            .iter()
            .flat_map(|w| w.split(','))
            .filter(|w| !w.is_empty())
            .map(|w| (w.to_string(), false))
            .collect();
        if moves.is_empty() || (words[0] == "MoveAlias" && moves.len() != 1) {
            return fail(
                line,
                match words[0] {
                    "MoveAlias" => "expected: MoveAlias NAME MOVE",
                    _ => "expected: MoveSequence NAME MOVE...",
                },
            );
        }
        self.sequences
            .push(crate::puzzle::formats::derived::Sequence {
                name: words[1].to_string(),
                moves,
                line,
            });
        Ok(())
    }

    fn finish(self) -> Result<PieceModel, FormatError> {
        let Some(solved) = self.solved else {
            return fail(0, "no Solved block");
        };
        let mut model = PieceModel {
            name: self.name,
            orbits: self.orbits,
            solved,
            moves: self.moves,
            move_lines: self.move_lines,
            orientation_mods: self.orientation_mods,
            aliases: Vec::new(),
            illegal: self.illegal,
        };
        let rotations = !self.rotations.is_empty();
        model.derive(&self.rotations, self.sequences)?;
        match (model.moves.is_empty(), rotations) {
            (true, true) => fail(0, "no moves: every move the file names is a rotation"),
            (true, false) => fail(0, "no moves"),
            _ => Ok(model),
        }
    }
}
