//! twsearch's `.tws` puzzle files (the ksolve format), read into and written from the
//! piece model of [`crate::puzzle::formats::kpuzzle`].
//!
//! A file is `Name NAME` (optional), `Set NAME PIECES ORIENTATIONS` lines, one
//! `Solved` (or `StartState`) block, then `Move NAME` (or `MoveTransformation NAME`)
//! blocks. A block holds, for some sets, the set's name, a line of piece numbers and
//! optionally a line of orientations, and ends with `End`; a set not named is left
//! as it is solved (or untouched by a move). Lines starting with `#` are comments.
//!
//! Conventions, as twsearch reads them: in `Solved` and `Move` blocks pieces are
//! numbered from 1 (from 0 in `StartState` and `MoveTransformation`); a move's line
//! `p` says slot `j` receives the piece from slot `p[j]`; a `Move`'s orientation line
//! is indexed by the slot a piece comes *from* (`MoveTransformation`'s, like
//! KPuzzle's `orientationDelta`, by the slot it goes to). Equal numbers in the solved
//! state are identical pieces.

use std::fmt::Write as _;

use crate::puzzle::formats::kpuzzle::{FormatError, Orbit, OrbitMove, PieceModel};

fn fail<T>(line: usize, message: impl Into<String>) -> Result<T, FormatError> {
    Err(FormatError {
        line,
        message: message.into(),
    })
}

pub use crate::puzzle::formats::derived::is_rotation;

/// The lines that are not blank or comments: (line number, words).
fn lines(text: &str) -> Vec<(usize, Vec<&str>)> {
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.trim_start().starts_with('#'))
        .map(|(i, l)| (i + 1, l.split_whitespace().collect::<Vec<_>>()))
        .filter(|(_, w)| !w.is_empty())
        .collect()
}

/// What a block gives for one set: the piece line and the orientation line.
type SetLines = (Vec<usize>, Option<Vec<usize>>);

/// Read a block up to its `End` from `at`; returns the sets it names and the index
/// after `End`. `first` is the lowest piece number (1, or 0 in the zero-indexed
/// blocks). `?` (twsearch's unknown orientation) is read as [`UNKNOWN`] where
/// `unknown_orientations` allows it (the solved state), refused elsewhere.
fn block(
    ls: &[(usize, Vec<&str>)],
    mut at: usize,
    orbits: &[Orbit],
    first: usize,
    (what, unknown_orientations): (&str, bool),
    start: usize,
) -> Result<(Vec<Option<SetLines>>, usize), FormatError> {
    let mut sets: Vec<Option<SetLines>> = vec![None; orbits.len()];
    let mut current: Option<usize> = None;
    loop {
        let Some((line, words)) = ls.get(at) else {
            return fail(start, format!("{what} has no End"));
        };
        let line = *line;
        at += 1;
        if words[0] == "End" {
            if words.len() != 1 {
                return fail(line, "expected: End");
            }
            if let Some(s) = current.filter(|&s| sets[s].is_none()) {
                return fail(line, format!("set {} has no piece line", orbits[s].name));
            }
            return Ok((sets, at));
        }
        let numeric = words[0] == "?" || words[0].bytes().all(|c| c.is_ascii_digit());
        if !numeric {
            if words.len() != 1 {
                return fail(
                    line,
                    format!("expected a set name or End, got '{}'", words.join(" ")),
                );
            }
            if let Some(s) = current.filter(|&s| sets[s].is_none()) {
                return fail(line, format!("set {} has no piece line", orbits[s].name));
            }
            let Some(s) = orbits.iter().position(|o| o.name == words[0]) else {
                return fail(line, format!("no set named '{}'", words[0]));
            };
            if sets[s].is_some() {
                return fail(line, format!("set {} appears twice in {what}", words[0]));
            }
            current = Some(s);
            continue;
        }
        let Some(s) = current else {
            return fail(line, "numbers before a set name");
        };
        let o = &orbits[s];
        let orientation_line = sets[s].is_some();
        if orientation_line && sets[s].as_ref().is_some_and(|x| x.1.is_some()) {
            return fail(line, format!("set {}: a third line of numbers", o.name));
        }
        if words.len() != o.pieces {
            return fail(
                line,
                format!(
                    "set {} has {} pieces, this line {} numbers",
                    o.name,
                    o.pieces,
                    words.len()
                ),
            );
        }
        let unknown = orientation_line && unknown_orientations;
        let values = set_values(line, words, o, (orientation_line, unknown), first)?;
        match &mut sets[s] {
            Some(x) => x.1 = Some(values),
            None => sets[s] = Some((values, None)),
        }
    }
}

/// An orientation of the solved state written `?`: the piece's turn is not told
/// (twsearch's orientation wildcard, KPuzzle's `orientationMod` 1).
const UNKNOWN: usize = usize::MAX;

/// A line of numbers of set `o`: its pieces (from `first`), or with
/// `orientation_line` their orientations, each checked against the set's range;
/// `?` is an orientation [`UNKNOWN`] where `unknown` allows it.
fn set_values(
    line: usize,
    words: &[&str],
    o: &Orbit,
    (orientation_line, unknown): (bool, bool),
    first: usize,
) -> Result<Vec<usize>, FormatError> {
    let (low, high) = if orientation_line {
        (0, o.orientations - 1)
    } else {
        (first, o.pieces - 1 + first)
    };
    let mut values = Vec::new();
    for w in words {
        if *w == "?" {
            if unknown {
                values.push(UNKNOWN);
                continue;
            }
            let what = match orientation_line {
                true => "an orientation left unknown is read in the solved state only",
                false => {
                    "a piece left unknown does not carry over: pocket tells every piece of the solved state"
                }
            };
            return fail(line, format!("set {}: '?' ({what})", o.name));
        }
        match w.parse::<usize>() {
            Ok(v) if (low..=high).contains(&v) => {
                values.push(v - if orientation_line { 0 } else { first })
            }
            _ => {
                let kind = if orientation_line {
                    "an orientation"
                } else {
                    "a piece number"
                };
                return fail(
                    line,
                    format!("set {}: '{w}' is not {kind} ({low} to {high})", o.name),
                );
            }
        }
    }
    Ok(values)
}

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

/// A file named `path` read as pieces: `.tws` for twsearch, `.json` for a KPuzzle;
/// `None` for pocket's own format.
pub fn read_foreign(path: &str, text: &str) -> Option<Result<PieceModel, FormatError>> {
    let ext = std::path::Path::new(path)
        .extension()?
        .to_str()?
        .to_ascii_lowercase();
    match ext.as_str() {
        "tws" => Some(read_tws(text)),
        "json" => Some(crate::puzzle::formats::kpuzzle::read_kpuzzle(text)),
        _ => None,
    }
}

fn numbers(xs: impl Iterator<Item = usize>) -> String {
    xs.map(|x| x.to_string()).collect::<Vec<_>>().join(" ")
}

/// The model as a `.tws` file (`Solved` and `Move` blocks, numbered from 1). Names
/// are written as they are; `header` lines become comments.
pub fn write_tws(m: &PieceModel, header: &[String]) -> String {
    let mut t = String::new();
    for h in header {
        let _ = writeln!(t, "# {h}");
    }
    let word = |s: &str| -> String {
        let w: String = s
            .chars()
            .map(|c| if c.is_whitespace() { '_' } else { c })
            .collect();
        if w.is_empty() { "puzzle".into() } else { w }
    };
    let _ = writeln!(t, "Name {}\n", word(&m.name));
    for o in &m.orbits {
        let _ = writeln!(t, "Set {} {} {}", word(&o.name), o.pieces, o.orientations);
    }
    t += "\nSolved\n";
    for (s, (o, (pieces, twists))) in m.orbits.iter().zip(&m.solved).enumerate() {
        let _ = writeln!(t, "{}", word(&o.name));
        let _ = writeln!(t, "{}", numbers(pieces.iter().map(|p| p + 1)));
        if o.orientations > 1 {
            // A piece whose turn is not told (modulus 1) is twsearch's `?`.
            let unknown = |j: usize| m.orientation_mods.get(s).and_then(|v| v.get(j)) == Some(&1);
            let words: Vec<String> = (0..o.pieces)
                .map(|j| match unknown(j) {
                    true => "?".to_string(),
                    false => twists[j].to_string(),
                })
                .collect();
            let _ = writeln!(t, "{}", words.join(" "));
        }
    }
    t += "End\n";
    for (name, per_orbit) in &m.moves {
        let _ = writeln!(t, "\nMove {}", word(name));
        for (o, om) in m.orbits.iter().zip(per_orbit) {
            let _ = writeln!(t, "{}", word(&o.name));
            let _ = writeln!(t, "{}", numbers(om.perm.iter().map(|p| p + 1)));
            if o.orientations > 1 {
                // Indexed by the slot a piece leaves: the piece leaving p[j] gets delta[j].
                let mut by_source = vec![0; o.pieces];
                for (j, &p) in om.perm.iter().enumerate() {
                    by_source[p] = om.delta[j];
                }
                let _ = writeln!(t, "{}", numbers(by_source.into_iter()));
            }
        }
        t += "End\n";
    }
    if !m.illegal.is_empty() {
        t += "\n";
    }
    for &(s, slot, piece, _) in &m.illegal {
        let _ = writeln!(
            t,
            "Illegal {} {} {}",
            word(&m.orbits[s].name),
            slot + 1,
            piece + 1
        );
    }
    t
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Two pieces of two orientations that one move swaps, flipping the one leaving
    /// slot 2 (so, by destination, the piece arriving at slot 1).
    const TWO: &str = "# a comment\nName two\n\nSet E 2 2\nSolved\nE\n1 2\n0 0\nEnd\n\nMove S\nE\n2 1\n0 1\nEnd\n";

    #[test]
    fn reads_and_writes_the_orientation_by_source() {
        let m = read_tws(TWO).unwrap();
        assert_eq!(m.moves[0].1[0].perm, vec![1, 0]);
        assert_eq!(m.moves[0].1[0].delta, vec![1, 0]);
        let text = write_tws(&m, &[]);
        assert!(text.contains("Move S\nE\n2 1\n0 1\nEnd"), "{text}");
        assert_eq!(read_tws(&text).unwrap(), m);
        // The same move as a MoveTransformation: numbered from 0, twists by destination.
        let t = TWO.replace("Move S\nE\n2 1\n0 1", "MoveTransformation S\nE\n1 0\n1 0");
        assert_eq!(read_tws(&t).unwrap(), m);
    }

    /// Issue 40: twsearch's puck and maltese write a piece whose turn is not told
    /// as `?` in the solved state's orientations; it was refused. It reads as
    /// KPuzzle's `orientationMod` 1 for that slot.
    #[test]
    fn an_unknown_orientation_is_known_mod_one() {
        let m = read_tws(&TWO.replace("1 2\n0 0", "1 2\n? 0")).unwrap();
        assert_eq!(m.solved[0].1, vec![0, 0]);
        assert_eq!(m.orientation_mods, vec![vec![1, 0]]);
        assert_eq!(read_tws(TWO).unwrap().orientation_mods, vec![vec![0, 0]]);
    }

    /// Issue 40: twsearch's `Illegal` (squareone.tws, nautilus.tws) was refused.
    #[test]
    fn illegal_lines_bar_pieces_from_slots() {
        let m = read_tws(&TWO.replace("End\n\nMove", "End\nIllegal E 2 1 2\nMove")).unwrap();
        assert_eq!(m.illegal, vec![(0, 1, 0, 10), (0, 1, 1, 10)]);
    }

    #[test]
    fn rotations_are_named_as_twsearch_names_them() {
        for r in ["x", "y2", "z'", "Uv", "BLv"] {
            assert!(is_rotation(r), "{r}");
        }
        for m in ["R", "x3", "Rw", "Uvv", "v", "U2v"] {
            assert!(!is_rotation(m), "{m}");
        }
    }

    #[test]
    fn refusals_name_the_line() {
        let cases = [
            (
                TWO.replace("End\n\nMove", "End\nIllegal E 3 1\nMove"),
                "line 10: Illegal: set E: '3' is not a slot (1 to 2)",
            ),
            (
                TWO.replace("End\n\nMove", "End\nIllegal E 1 3\nMove"),
                "line 10: Illegal: set E: '3' is not a piece of the solved state (1 to 2)",
            ),
            (
                TWO.replace("End\n\nMove", "End\nIllegal F 1 1\nMove"),
                "line 10: Illegal: no set named 'F'",
            ),
            (
                TWO.replace("Solved", "Illegal E 1 1\nSolved"),
                "line 5: Illegal before the solved state",
            ),
            (
                TWO.replace("2 1\n0 1", "2 1\n0 ?"),
                "line 14: set E: '?' (an orientation left unknown is read in the solved state only)",
            ),
            (
                TWO.replace("1 2\n0 0", "1 ?\n0 0"),
                "line 7: set E: '?' (a piece left unknown does not carry over",
            ),
            (
                TWO.replace("Move S", "Move x"),
                "no moves: every move the file names is a rotation",
            ),
            (
                TWO.replace("Name two", "Nom two"),
                "line 2: unknown keyword 'Nom'",
            ),
            (
                TWO.replace("2 1\n0 1", "2 2\n0 1"),
                "line 11: Move S: set E is not a permutation: 2 appears twice",
            ),
            (
                TWO.replace("2 1\n0 1", "2 3\n0 1"),
                "line 13: set E: '3' is not a piece number (1 to 2)",
            ),
            (
                TWO.replace("Set E 2 2", "Set E 2 2\nSet F 255 17"),
                "line 5: Set F: the sets so far make 4339 stickers",
            ),
            (
                TWO.replace("1 2\n0 0", "2 2\n0 0"),
                "line 5: Solved: the piece numbers of set E are not 1 to 1 without gaps",
            ),
            (
                "Set E 2 2\nSolved\nE\n1 2\n".to_string(),
                "line 2: Solved has no End",
            ),
        ];
        for (text, want) in cases {
            let e = read_tws(&text).unwrap_err().to_string();
            assert!(e.starts_with(want), "{e} (wanted {want})");
        }
    }
}
