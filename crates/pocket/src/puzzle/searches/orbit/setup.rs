//! A magic-move search set up: the kind and kinds kept checked against the puzzle,
//! the stickers that must stay, and the pieces each face turns.

use crate::model::{Error, Kind};
use crate::puzzle::Puzzle;
use crate::puzzle::formats::defined::Sticker;

use super::{OrbitSearch, Rules};

/// Refuse a kind of piece the puzzle does not have, naming those it has.
fn check_kind(puzzle: &Puzzle, kind: &str) -> Result<(), Error> {
    if puzzle.pieces.iter().any(|p| p.kind == kind) {
        return Ok(());
    }
    let mut kinds: Vec<&str> = puzzle.pieces.iter().map(|p| p.kind.as_str()).collect();
    kinds.sort_unstable();
    kinds.dedup();
    Err(Error::invalid(
        Kind::Orbit,
        if kinds.is_empty() {
            format!(
                "{} names no pieces (add `piece` lines to its definition)",
                puzzle.name
            )
        } else {
            format!(
                "{} has no pieces of kind '{kind}' (it has: {})",
                puzzle.name,
                kinds.join(", ")
            )
        },
    ))
}

/// Refuse an empty `--keep`, or one naming the searched kind or a kind the puzzle does
/// not have.
fn check_keep(puzzle: &Puzzle, kind: &str, keep: &[String]) -> Result<(), Error> {
    if keep.is_empty() {
        return Err(Error::invalid(
            Kind::Orbit,
            "no kind of piece to keep".to_string(),
        ));
    }
    for k in keep {
        if k == kind || !puzzle.pieces.iter().any(|p| &p.kind == k) {
            return Err(Error::invalid(
                Kind::Orbit,
                format!(
                    "cannot keep '{k}': not a kind of piece of {} other than '{kind}'",
                    puzzle.name
                ),
            ));
        }
    }
    Ok(())
}

/// The pieces of the orbit each face turns: every face the puzzle turns (in the
/// search or not), then the faces it names.
fn face_pieces(puzzle: &Puzzle, orbit: &[u8], owner: &[Option<usize>]) -> Vec<(String, u128)> {
    let mut face_pieces: Vec<(String, u128)> = Vec::new();
    for (f, m) in puzzle.moves.iter().enumerate() {
        if m.face as usize != f {
            continue;
        }
        let set = orbit
            .iter()
            .filter(|&&s| puzzle.moves[f].perm[s as usize] != Sticker::from(s))
            .fold(0u128, |set, &s| set | 1 << owner[s as usize].unwrap_or(0));
        face_pieces.push((m.name.clone(), set));
    }
    for (name, on) in &puzzle.faces {
        let set = on.iter().fold(0u128, |set, &p| set | 1 << p);
        face_pieces.push((name.clone(), set));
    }
    face_pieces
}

impl<'a> OrbitSearch<'a> {
    /// A search for the magic moves `rules` describe, with the moves `moves` (indices
    /// into the puzzle's moves; all when empty).
    pub fn new(puzzle: &'a Puzzle, rules: Rules, moves: &[u8]) -> Result<OrbitSearch<'a>, Error> {
        let n = puzzle.stickers();
        let kind = rules.kind.as_str();
        check_kind(puzzle, kind)?;
        if puzzle.pieces.len() > 128 {
            return Err(Error::invalid(
                Kind::Orbit,
                format!("{} has more than 128 pieces", puzzle.name),
            ));
        }
        // The walk keeps a position a row of bytes, a sticker's colour each.
        if n > 255 {
            return Err(Error::invalid(
                Kind::Orbit,
                format!(
                    "{} has {n} stickers: the search holds at most 255",
                    puzzle.name
                ),
            ));
        }
        let mut owner = vec![None; n];
        for (i, p) in puzzle.pieces.iter().enumerate() {
            if p.kind == kind {
                for &s in &p.stickers {
                    owner[s as usize] = Some(i);
                }
            }
        }
        let (orbit, mut fixed): (Vec<u8>, Vec<u8>) =
            (0..n as u8).partition(|&s| owner[s as usize].is_some());
        if let Some(keep) = &rules.keep {
            check_keep(puzzle, kind, keep)?;
            let kept = |s: u8| {
                puzzle
                    .pieces
                    .iter()
                    .any(|p| keep.contains(&p.kind) && p.stickers.contains(&Sticker::from(s)))
            };
            fixed.retain(|&s| kept(s));
        }
        // Stickers no move moves (centres) need no check.
        fixed.retain(|&s| {
            let s16 = Sticker::from(s);
            puzzle.moves.iter().any(|m| m.perm[s as usize] != s16)
        });
        let mut moves: Vec<u8> = if moves.is_empty() {
            (0..puzzle.moves.len() as u8).collect()
        } else {
            moves.to_vec()
        };
        moves.sort_by_key(|&m| (puzzle.moves[m as usize].face, m));
        moves.dedup();
        Ok(OrbitSearch {
            puzzle,
            moves,
            canon: puzzle.canon(),
            fixed,
            face_pieces: face_pieces(puzzle, &orbit, &owner),
            orbit,
            owner,
            rules,
        })
    }
}
