//! The layout a `.tws` file shares among its blocks: its lines of words, and a
//! block's set names and lines of numbers, each checked against its set.

use crate::puzzle::formats::kpuzzle::{FormatError, Orbit};

use super::fail;

/// The lines that are not blank or comments: (line number, words).
pub(super) fn lines(text: &str) -> Vec<(usize, Vec<&str>)> {
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
pub(super) fn block(
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
pub(super) const UNKNOWN: usize = usize::MAX;

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
