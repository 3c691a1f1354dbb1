//! The definition file format: its parser and the built-in definitions. What a
//! definition describes is the [`Puzzle`] type (`defined.rs`); its search space is
//! `space.rs`.
//!
//! ```text
//! # comments start with #
//! name 2x2x1
//! solved WWWWYYYYBBGGOORR
//! move R 0 6 2 4 3 5 1 7 8 10 9 11 12 13 15 14
//! powers R          # also R2 and R' when they are new moves (here R is a half turn)
//! cost R 1          # positive decimals, at most 3 places; moves not named cost 1
//! piece edge UF 7 19 # a piece: kind, name, its stickers (corners clockwise)
//! face D DFR DLF     # pieces on a face no move turns (for the one-face rule)
//! ```
//!
//! A move is a permutation `p` of the sticker positions: after it, position `i` holds
//! what was at `p[i]`. `powers NAME` adds the powers of a move up to its order (`NAME2`
//! ... and `NAME'` for the inverse); `powers all` does it for every move. A move and
//! its powers count as one face: no solution turns it twice in a row. Every move's
//! inverse must be among the moves.
//!
//! `piece` lines name the pieces, for the searches that speak of them (`pocket algs
//! --orbit`) and as the first guess of the coordinates' pieces (found from the moves
//! without them): every move must carry each piece's stickers onto the stickers of one
//! piece of the same kind. Stickers in no piece (centres) are just stickers. The faces
//! of a puzzle are the layers its moves turn, and those `face` lines name.

use std::fmt;

use crate::engine::search::MAX_MOVES;
use crate::model::cost::{gcd, parse_cost};
use crate::puzzle::formats::defined::{Piece, Puzzle, PuzzleMove, Sticker, compose, root};
use crate::puzzle::formats::draft::{Draft, Position};
use crate::puzzle::formats::kpuzzle::MAX_STICKERS;

/// The built-in definitions, from `fixtures/puzzles/`.
pub const BUILTIN_PUZZLES: [(&str, &str); 4] = [
    (
        "2x2x1",
        include_str!("../../../../../fixtures/puzzles/2x2x1.txt"),
    ),
    (
        "pocket-golf",
        include_str!("../../../../../fixtures/puzzles/pocket-golf.txt"),
    ),
    (
        "pocket-21",
        include_str!("../../../../../fixtures/puzzles/pocket-21.txt"),
    ),
    (
        "3x3x3",
        include_str!("../../../../../fixtures/puzzles/3x3x3.txt"),
    ),
];

/// What is wrong with a definition, and on which line (0: the file as a whole).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DefinitionError {
    pub line: usize,
    pub message: String,
}

impl fmt::Display for DefinitionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.line {
            0 => f.write_str(&self.message),
            n => write!(f, "line {n}: {}", self.message),
        }
    }
}

impl std::error::Error for DefinitionError {}

fn err<T>(line: usize, message: impl Into<String>) -> Result<T, DefinitionError> {
    Err(DefinitionError {
        line,
        message: message.into(),
    })
}

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

/// Whether `q` is a power of `p` (as functions on positions). On each cycle of `p`
/// of length `L`, `q` must shift by the same `s` everywhere, and the shifts of all
/// cycles must agree on one exponent: `s1 = s2` modulo `gcd(L1, L2)` for every pair
/// (the Chinese remainder theorem). Orders can be huge, so no powers are listed.
fn is_power(q: &[Sticker], p: &[Sticker]) -> bool {
    let n = p.len();
    let mut seen = vec![false; n];
    let mut shifts: Vec<(u64, u64)> = Vec::new(); // (shift, cycle length)
    for start in 0..n {
        if seen[start] {
            continue;
        }
        let mut cycle = vec![start];
        seen[start] = true;
        let mut x = p[start] as usize;
        while x != start {
            seen[x] = true;
            cycle.push(x);
            x = p[x] as usize;
        }
        let len = cycle.len();
        let Some(s) = cycle.iter().position(|&y| y == q[start] as usize) else {
            return false;
        };
        if (0..len).any(|t| q[cycle[t]] as usize != cycle[(t + s) % len]) {
            return false;
        }
        shifts.push((s as u64, len as u64));
    }
    shifts.sort_unstable();
    shifts.dedup();
    shifts.iter().enumerate().all(|(i, &(s1, l1))| {
        shifts[i + 1..]
            .iter()
            .all(|&(s2, l2)| s1 % gcd(l1, l2) == s2 % gcd(l1, l2))
    })
}

/// Number the faces: two moves share a face when one is a power of the other (and
/// so, through chains of powers, R, R2 and R'). A face is numbered by its first move.
fn assign_faces(moves: &mut [PuzzleMove]) {
    let n = moves.len();
    let mut face: Vec<usize> = (0..n).collect();
    for i in 0..n {
        for j in i + 1..n {
            let (p, q) = (&moves[i].perm, &moves[j].perm);
            if is_power(q, p) || is_power(p, q) {
                let (a, b) = (root(&mut face, i), root(&mut face, j));
                face[a.max(b)] = a.min(b);
            }
        }
    }
    for (i, m) in moves.iter_mut().enumerate() {
        m.face = root(&mut face, i) as u8;
    }
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

/// Read each line by its keyword; a line that does not read is refused at once.
fn read_lines(text: &str) -> Result<Draft, DefinitionError> {
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

impl Puzzle {
    /// Read a definition; `default_name` names it if it has no `name` line.
    pub fn parse(text: &str, default_name: &str) -> Result<Puzzle, DefinitionError> {
        Puzzle::assemble(read_lines(text)?, default_name)
    }

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

    /// A built-in definition by name, or a file.
    pub fn load(name_or_path: &str) -> Result<Puzzle, DefinitionError> {
        if let Some((n, text)) = BUILTIN_PUZZLES.iter().find(|(n, _)| *n == name_or_path) {
            return Puzzle::parse(text, n);
        }
        let text = crate::io::read_text_file(name_or_path).map_err(|e| DefinitionError {
            line: 0,
            message: format!("no built-in puzzle '{name_or_path}', and the file: {e}"),
        })?;
        let stem = std::path::Path::new(name_or_path)
            .file_stem()
            .and_then(|s| s.to_str())
            .unwrap_or("puzzle");
        // twsearch's `.tws` and cubing.js's KPuzzle JSON, by extension, read as pieces.
        if let Some(model) = crate::puzzle::formats::tws::read_foreign(name_or_path, &text) {
            let draft = model
                .and_then(|m| m.to_draft())
                .map_err(|e| DefinitionError {
                    line: e.line,
                    message: e.message,
                })?;
            return Puzzle::assemble(draft, stem);
        }
        Puzzle::parse(&text, stem)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn definition_errors() {
        let e = |t: &str| Puzzle::parse(t, "x").unwrap_err().to_string();
        assert_eq!(e("move R 0 1"), "no solved line");
        assert_eq!(
            e("solved AB\nmove R 0 1 2"),
            "line 2: move R has 3 positions, the puzzle 2 stickers"
        );
        assert_eq!(
            e("solved AB\nmove R 0 0"),
            "line 2: move R is not a permutation: 0 appears twice"
        );
        assert_eq!(
            e("solved AB\nmove R 0 2"),
            "line 2: move R: position 2 is past the last sticker (1)"
        );
        assert_eq!(
            e("solved AB\nmove R 1 0\nmove R 1 0"),
            "line 3: move R is defined twice"
        );
        assert_eq!(
            e("solved AB\nmove R 1 0\ncost Q 2"),
            "line 3: cost of unknown move 'Q'"
        );
        assert_eq!(
            e("solved AB\nmove R 1 0\ncost R 0"),
            "line 3: cost of R must be a positive number with at most 3 decimals, got '0'"
        );
        assert_eq!(
            e("solved ABC\nmove R 1 2 0"),
            "move R has no inverse among the moves (add: powers R)"
        );
        assert_eq!(
            e("solved ABC\nturn R 1 2 0"),
            "line 2: unknown keyword 'turn' (name, solved, move, powers, cost, piece, face)"
        );
        let swap = "solved ABCD\nmove R 1 0 3 2\n";
        assert_eq!(
            e(&format!("{swap}piece edge X")),
            "line 3: expected: piece KIND NAME P0 P1 ..."
        );
        assert_eq!(
            e(&format!("{swap}piece edge X 0 4")),
            "line 3: piece X: '4' is not a sticker position (0 to 3)"
        );
        assert_eq!(
            e(&format!("{swap}piece edge X 0 1\npiece edge Y 1 2")),
            "line 4: piece Y: sticker 1 is already in piece X"
        );
        assert_eq!(
            e(&format!("{swap}piece edge X 0 1\npiece edge X 2 3")),
            "line 4: piece X is named twice"
        );
        assert_eq!(
            e("solved ABC\nmove R 1 2 0\npowers R\npiece edge X 0 1"),
            "move R breaks piece X: its stickers do not come from one edge piece"
        );
        assert_eq!(
            e("solved ABCD\nmove R 2 3 0 1\npiece edge X 0 1\npiece corner Y 2 3"),
            "move R breaks piece X: its stickers do not come from one edge piece"
        );
        assert_eq!(
            e(&format!("{swap}piece edge X 0 1\nface F X Z")),
            "line 4: face F: no piece named 'Z'"
        );
        assert_eq!(
            e(&format!("{swap}face F")),
            "line 3: expected: face NAME PIECE..."
        );
        let ok = Puzzle::parse(&format!("{swap}piece edge X 0 1\npiece edge Y 2 3"), "x");
        assert_eq!(ok.unwrap().pieces[1].stickers, [2, 3]);
        assert!(Puzzle::parse("solved ABC\nmove R 1 2 0\npowers R", "x").is_ok());
        let big = Puzzle::load("3x3x3").unwrap();
        let refused = big.space(false).err().unwrap().to_string();
        assert!(
            refused.contains("too large for the bidirectional search"),
            "{refused}"
        );
    }
}
