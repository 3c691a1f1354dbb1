//! A draft checked as a whole into a puzzle: the solved state, the moves and their
//! powers, costs, inverses, pieces and faces, each refusal at the line to blame.

use crate::engine::search::MAX_MOVES;
use crate::model::cost::parse_cost;
use crate::puzzle::formats::defined::{Piece, Puzzle, PuzzleMove, Sticker, compose};
use crate::puzzle::formats::draft::{Draft, Position};

use super::faces::assign_faces;
use super::{DefinitionError, err};

impl Puzzle {
    /// Check a definition's parts together and make the puzzle.
    pub(in crate::puzzle) fn assemble(
        draft: Draft,
        default_name: &str,
    ) -> Result<Puzzle, DefinitionError> {
        let Draft {
            name,
            solved,
            moves,
            powers,
            costs,
            pieces,
            faces,
            aliases,
            barred,
        } = draft;
        let solved = check_solved(solved)?;
        let n = solved.len();
        let mut all = check_moves(&moves, n)?;
        let identity: Vec<Sticker> = (0..n as Sticker).collect();
        add_powers(&mut all, &moves, powers, &identity)?;
        assign_faces(&mut all);
        for (line, mname, value) in costs {
            let Some(c) = parse_cost(&value) else {
                return err(
                    line,
                    format!(
                        "cost of {mname} must be a positive number with at most 3 decimals, got '{value}'"
                    ),
                );
            };
            match all.iter_mut().find(|m| m.name == mname) {
                Some(m) => m.cost = c,
                None => return err(line, format!("cost of unknown move '{mname}'")),
            }
        }
        for m in &all {
            if !all.iter().any(|x| compose(&m.perm, &x.perm) == identity) {
                return err(
                    0,
                    format!(
                        "move {} has no inverse among the moves (add: powers {})",
                        m.name, m.name
                    ),
                );
            }
        }
        let pieces = check_pieces(&all, n, pieces)?;
        let mut named_faces = Vec::new();
        for (line, name, on) in faces {
            let mut indices = Vec::new();
            for piece in on {
                match pieces.iter().position(|p| p.name == *piece) {
                    Some(i) => indices.push(i),
                    None => return err(line, format!("face {name}: no piece named '{piece}'")),
                }
            }
            named_faces.push((name, indices));
        }
        let mut colours = Vec::new();
        for &c in &solved {
            if !colours.contains(&c) {
                colours.push(c);
            }
        }
        let bits = (usize::BITS - (colours.len().max(2) - 1).leading_zeros()).max(1);
        let aliases = aliases
            .into_iter()
            .filter_map(|(alias, target)| {
                let i = all.iter().position(|m| m.name == target)?;
                Some((alias, i as u8))
            })
            .collect();
        let puzzle = Puzzle {
            name: name.unwrap_or_else(|| default_name.to_string()),
            solved,
            aliases,
            moves: all,
            pieces,
            faces: named_faces,
            barred,
            colours,
            bits,
        };
        Ok(puzzle)
    }
}

/// The solved string: 1 to 255 colours.
fn check_solved(solved: Option<(usize, Vec<u8>)>) -> Result<Vec<u8>, DefinitionError> {
    let Some((solved_line, solved)) = solved else {
        return err(0, "no solved line");
    };
    let n = solved.len();
    if n == 0 || n > crate::puzzle::formats::kpuzzle::MAX_STICKERS {
        return err(
            solved_line,
            format!(
                "{n} stickers: a puzzle has 1 to {}",
                crate::puzzle::formats::kpuzzle::MAX_STICKERS
            ),
        );
    }
    Ok(solved)
}

/// The moves, each a permutation of the `n` stickers, none defined twice.
fn check_moves(
    moves: &[(usize, PuzzleMove)],
    n: usize,
) -> Result<Vec<PuzzleMove>, DefinitionError> {
    if moves.is_empty() {
        return err(0, "no moves");
    }
    if moves.len() > MAX_MOVES {
        return err(0, format!("{} moves: at most {MAX_MOVES}", moves.len()));
    }
    for (line, m) in moves {
        if m.perm.len() != n {
            return err(
                *line,
                format!(
                    "move {} has {} positions, the puzzle {n} stickers",
                    m.name,
                    m.perm.len()
                ),
            );
        }
        let mut seen = vec![false; n];
        for &x in &m.perm {
            if x as usize >= n {
                return err(
                    *line,
                    format!(
                        "move {}: position {x} is past the last sticker ({})",
                        m.name,
                        n - 1
                    ),
                );
            }
            if std::mem::replace(&mut seen[x as usize], true) {
                return err(
                    *line,
                    format!("move {} is not a permutation: {x} appears twice", m.name),
                );
            }
        }
    }
    let all: Vec<PuzzleMove> = moves.iter().map(|(_, m)| m.clone()).collect();
    let names_of = |all: &[PuzzleMove]| all.iter().map(|m| m.name.clone()).collect::<Vec<_>>();
    for (i, (line, m)) in moves.iter().enumerate() {
        if names_of(&all)[..i].contains(&m.name) {
            return err(*line, format!("move {} is defined twice", m.name));
        }
        // One permutation under two names would list each solution twice.
        if let Some((at, same)) = moves[..i].iter().find(|(_, x)| x.perm == m.perm) {
            return err(
                *line,
                format!(
                    "move {} is the same permutation as move {} (line {at}): define each move once",
                    m.name, same.name
                ),
            );
        }
    }
    Ok(all)
}

/// The powers a `powers` line asks for, added to the moves under their names (`R2`,
/// `R'`), unless a move already is that permutation.
fn add_powers(
    all: &mut Vec<PuzzleMove>,
    moves: &[(usize, PuzzleMove)],
    powers: Vec<(usize, String)>,
    identity: &[Sticker],
) -> Result<(), DefinitionError> {
    let base: Vec<PuzzleMove> = all.clone();
    let powers_all_line = powers
        .iter()
        .find(|(_, p)| p == "all")
        .map_or(0, |(l, _)| *l);
    let wanted: Vec<(usize, String)> = if powers_all_line > 0 {
        base.iter().map(|m| (0, m.name.clone())).collect()
    } else {
        powers
    };
    // Where each move was defined, for naming both sides of a clash.
    let mut defined_at: Vec<usize> = moves.iter().map(|(line, _)| *line).collect();
    for (line, pname) in wanted {
        let Some(m) = base.iter().find(|m| m.name == pname) else {
            return err(line, format!("powers of unknown move '{pname}'"));
        };
        let mut p = m.perm.clone();
        let mut ks = Vec::new();
        for k in 2.. {
            p = compose(&p, &m.perm);
            if p == identity {
                break;
            }
            if k > 24 {
                return err(line, format!("move {pname} has order over 24"));
            }
            ks.push((k, p.clone()));
        }
        let order = ks.len() + 2;
        let here = if line == 0 { powers_all_line } else { line };
        for (k, perm) in ks {
            let name = if k == order - 1 {
                format!("{pname}'")
            } else {
                format!("{pname}{k}")
            };
            if all.iter().any(|x| x.perm == perm) {
                continue; // already a move, under whatever name
            }
            if let Some(i) = all.iter().position(|x| x.name == name) {
                let from = match defined_at[i] {
                    0 => String::new(),
                    l => format!(" (line {l})"),
                };
                return err(
                    here,
                    format!(
                        "powers {pname}: the power {name} of {pname} is another move than the move named {name}{from}; rename one of them",
                        name = all[i].name
                    ),
                );
            }
            if all.len() == MAX_MOVES {
                return err(
                    here,
                    format!("powers {pname}: more than {MAX_MOVES} moves with the powers"),
                );
            }
            all.push(PuzzleMove {
                name,
                perm,
                face: 0,
                cost: 1000,
            });
            defined_at.push(here);
        }
    }
    Ok(())
}

fn not_a_position(piece: &Piece, word: &str, n: usize) -> String {
    format!(
        "piece {}: '{word}' is not a sticker position (0 to {})",
        piece.name,
        n - 1
    )
}

/// Read the sticker positions of `piece` lines and check that every move carries
/// pieces onto pieces of their kind.
fn check_pieces(
    moves: &[PuzzleMove],
    n: usize,
    lines: Vec<(usize, Piece, Vec<Position>)>,
) -> Result<Vec<Piece>, DefinitionError> {
    let mut owner: Vec<Option<usize>> = vec![None; n];
    let mut pieces = Vec::new();
    for (line, mut piece, words) in lines {
        if pieces.iter().any(|p: &Piece| p.name == piece.name) {
            return err(line, format!("piece {} is named twice", piece.name));
        }
        for w in words {
            let x = match w {
                Ok(x) if x < n => x,
                Ok(x) => return err(line, not_a_position(&piece, &x.to_string(), n)),
                Err(w) => return err(line, not_a_position(&piece, &w, n)),
            };
            if let Some(other) = owner[x] {
                let other: &Piece = &pieces[other];
                return err(
                    line,
                    format!(
                        "piece {}: sticker {x} is already in piece {}",
                        piece.name, other.name
                    ),
                );
            }
            owner[x] = Some(pieces.len());
            piece.stickers.push(x as Sticker);
        }
        pieces.push(piece);
    }
    // After a move, position i holds what was at perm[i]: the stickers a piece's
    // position receives must all come from one piece of the same kind.
    for m in moves {
        for p in &pieces {
            let from: Vec<Option<usize>> = p
                .stickers
                .iter()
                .map(|&i| owner[m.perm[i as usize] as usize])
                .collect();
            let source = from[0].map(|k| &pieces[k]);
            let whole = source.is_some_and(|s| {
                s.kind == p.kind
                    && s.stickers.len() == p.stickers.len()
                    && from.iter().all(|&f| f == from[0])
            });
            if !whole {
                return err(
                    0,
                    format!(
                        "move {} breaks piece {}: its stickers do not come from one {} piece",
                        m.name, p.name, p.kind
                    ),
                );
            }
        }
    }
    Ok(pieces)
}
