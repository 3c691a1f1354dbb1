//! The definition's lines read one by one into a draft, each refused at once with
//! its line; nothing is checked against the other lines here.

use crate::puzzle::formats::defined::{Piece, PuzzleMove, Sticker};
use crate::puzzle::formats::draft::Draft;
use crate::puzzle::formats::kpuzzle::MAX_STICKERS;

use super::{DefinitionError, err};

/// The text of a definition line before its comment. A comment starts with `#` at the
/// start of the line or after whitespace; a `#` inside a word is refused, since a
/// colour written `#` would otherwise silently cut the line short.
fn strip_comment(raw: &str) -> Result<&str, String> {
    let mut prev_space = true;
    for (i, c) in raw.char_indices() {
        if c == '#' {
            if prev_space {
                return Ok(raw[..i].trim());
            }
            return Err(format!(
                "'#' inside a word at column {}: '#' starts a comment, so it cannot be a \
                 colour or part of a name in a definition file (put a space before a comment)",
                i + 1
            ));
        }
        prev_space = c.is_whitespace();
    }
    Ok(raw.trim())
}

/// Read each line by its keyword; a line that does not read is refused at once.
pub(super) fn read_lines(text: &str) -> Result<Draft, DefinitionError> {
    let mut draft = Draft {
        aliases: Vec::new(),
        barred: Vec::new(),
        name: None,
        solved: None,
        moves: Vec::new(),
        powers: Vec::new(),
        costs: Vec::new(),
        pieces: Vec::new(),
        faces: Vec::new(),
    };
    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        let content = strip_comment(raw).map_err(|message| DefinitionError { line, message })?;
        let mut words = content.split_whitespace();
        if let Some(keyword) = words.next() {
            let rest: Vec<&str> = words.collect();
            read_line(&mut draft, line, keyword, &rest)?;
        }
    }
    Ok(draft)
}

/// One line of a definition, `keyword` and the words after it, into `draft`.
fn read_line(
    draft: &mut Draft,
    line: usize,
    keyword: &str,
    rest: &[&str],
) -> Result<(), DefinitionError> {
    match keyword {
        "name" => match rest {
            [n] => draft.name = Some(n.to_string()),
            _ => return err(line, "expected: name NAME"),
        },
        "solved" => match rest {
            [s] if draft.solved.is_none() => {
                // A written definition's colours are typed: printable ASCII (those of
                // a twsearch or KPuzzle file are pocket's own, and may be any byte).
                if let Some(&c) = s.as_bytes().iter().find(|c| !(33..=126).contains(*c)) {
                    return err(line, format!("byte {c} is not a printable ASCII colour"));
                }
                draft.solved = Some((line, s.as_bytes().to_vec()))
            }
            [_] => return err(line, "a second solved line"),
            _ => return err(line, "expected: solved STRING (no spaces)"),
        },
        "move" => draft.moves.push((line, read_move(line, rest)?)),
        "powers" => {
            if rest.is_empty() {
                return err(line, "expected: powers NAME... or powers all");
            }
            draft
                .powers
                .extend(rest.iter().map(|n| (line, n.to_string())));
        }
        "cost" => match rest {
            [n, _] if draft.costs.iter().any(|(_, m, _)| m == n) => {
                let first = draft
                    .costs
                    .iter()
                    .find(|(_, m, _)| m == n)
                    .map_or(0, |c| c.0);
                return err(
                    line,
                    format!("the cost of '{n}' is given twice (first on line {first})"),
                );
            }
            [n, c] => draft.costs.push((line, n.to_string(), c.to_string())),
            _ => return err(line, "expected: cost NAME COST"),
        },
        "piece" => match rest {
            [kind, name, stickers @ ..] if !stickers.is_empty() => draft.pieces.push((
                line,
                Piece {
                    kind: kind.to_string(),
                    name: name.to_string(),
                    stickers: Vec::new(),
                },
                stickers
                    .iter()
                    .map(|w| w.parse::<usize>().map_err(|_| w.to_string()))
                    .collect(),
            )),
            _ => return err(line, "expected: piece KIND NAME P0 P1 ..."),
        },
        "face" => match rest {
            [name, on @ ..] if !on.is_empty() => draft.faces.push((
                line,
                name.to_string(),
                on.iter().map(|p| p.to_string()).collect(),
            )),
            _ => return err(line, "expected: face NAME PIECE..."),
        },
        other => {
            return err(
                line,
                format!(
                    "unknown keyword '{other}' (name, solved, move, powers, cost, piece, face)"
                ),
            );
        }
    }
    Ok(())
}

/// A `move NAME P0 P1 ...` line's words after the keyword.
fn read_move(line: usize, rest: &[&str]) -> Result<PuzzleMove, DefinitionError> {
    let Some((n, values)) = rest.split_first() else {
        return err(line, "expected: move NAME P0 P1 ...");
    };
    let mut perm = Vec::new();
    for v in values {
        match v.parse::<Sticker>() {
            Ok(x) if usize::from(x) < MAX_STICKERS => perm.push(x),
            _ => {
                let last = MAX_STICKERS - 1;
                return err(
                    line,
                    format!("'{v}' is not a sticker position (0 to {last})"),
                );
            }
        }
    }
    Ok(PuzzleMove {
        name: n.to_string(),
        perm,
        face: 0, // set once all moves are known
        cost: 1000,
    })
}
