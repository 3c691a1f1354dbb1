//! Puzzles given by definition files: any permutation puzzle on stickers, solved by
//! the same bidirectional search and counted by the same kind of census.
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
//! --orbit`): every move must carry each piece's stickers onto the stickers of one
//! piece of the same kind. Stickers in no piece (centres) are just stickers. The faces
//! of a puzzle are the layers its moves turn, and those `face` lines name.

use crate::model::{Error, Kind};
use std::fmt;

use ahash::AHashMap;

use std::ops::ControlFlow;

use crate::engine::census::{Census, Row};
use crate::engine::layers::{Direction, Layered, Sparse, Store};
use crate::engine::search::{
    Canon, MAX_MOVES, MoveSpec, Product, SearchError, Solver, SolverConfig, Space, check_moves,
};
use crate::model::cost::{cost_list, format_decimal, gcd, parse_cost};
use crate::model::moves::split_move_list;

/// The built-in definitions, from `fixtures/puzzles/`.
pub const BUILTIN_PUZZLES: [(&str, &str); 4] = [
    ("2x2x1", include_str!("../../fixtures/puzzles/2x2x1.txt")),
    (
        "pocket-golf",
        include_str!("../../fixtures/puzzles/pocket-golf.txt"),
    ),
    (
        "pocket-21",
        include_str!("../../fixtures/puzzles/pocket-21.txt"),
    ),
    ("3x3x3", include_str!("../../fixtures/puzzles/3x3x3.txt")),
];

/// Positions a census enumerates at most.
/// Positions a census or one search holds at most: about 300 MB of hash map and
/// layers (7,000,000 entries fit a table of 2^23 slots at its load factor of 7/8).
pub const MAX_POSITIONS: usize = 7_000_000;

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

/// One move of a puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PuzzleMove {
    pub name: String,
    pub perm: Vec<u8>,
    /// Moves that are powers of one another share a face.
    pub face: u8,
    /// Cost in thousandths.
    pub cost: u64,
}

/// A named piece of a puzzle: a kind (`corner`, `edge`), a name (`URF`) and its
/// sticker positions, in the order its twists are counted (clockwise for corners).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Piece {
    pub kind: String,
    pub name: String,
    pub stickers: Vec<u8>,
}

/// A puzzle from a definition file.
#[derive(Clone, Debug)]
pub struct Puzzle {
    pub name: String,
    pub solved: Vec<u8>,
    pub moves: Vec<PuzzleMove>,
    pub pieces: Vec<Piece>,
    /// Faces named by `face` lines: a name and its pieces (indices into `pieces`).
    pub faces: Vec<(String, Vec<usize>)>,
    /// The colours, in order of first appearance in the solved string.
    colours: Vec<u8>,
    /// Bits per packed sticker.
    bits: u32,
}

fn err<T>(line: usize, message: impl Into<String>) -> Result<T, DefinitionError> {
    Err(DefinitionError {
        line,
        message: message.into(),
    })
}

fn compose(a: &[u8], b: &[u8]) -> Vec<u8> {
    // First a, then b: position i gets what b takes from, which a took from.
    b.iter().map(|&j| a[j as usize]).collect()
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
fn is_power(q: &[u8], p: &[u8]) -> bool {
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

/// The representative of `i` in a union-find forest, halving paths on the way.
fn root(parent: &mut [usize], mut i: usize) -> usize {
    while parent[i] != i {
        parent[i] = parent[parent[i]];
        i = parent[i];
    }
    i
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

/// Read the sticker positions of `piece` lines and check that every move carries
/// pieces onto pieces of their kind.
fn check_pieces(
    moves: &[PuzzleMove],
    n: usize,
    lines: Vec<(usize, Piece, Vec<&str>)>,
) -> Result<Vec<Piece>, DefinitionError> {
    let mut owner: Vec<Option<usize>> = vec![None; n];
    let mut pieces = Vec::new();
    for (line, mut piece, words) in lines {
        if pieces.iter().any(|p: &Piece| p.name == piece.name) {
            return err(line, format!("piece {} is named twice", piece.name));
        }
        for w in words {
            let x = match w.parse::<usize>() {
                Ok(x) if x < n => x,
                _ => {
                    return err(
                        line,
                        format!(
                            "piece {}: '{w}' is not a sticker position (0 to {})",
                            piece.name,
                            n - 1
                        ),
                    );
                }
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
            piece.stickers.push(x as u8);
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

impl Puzzle {
    /// Read a definition; `default_name` names it if it has no `name` line.
    pub fn parse(text: &str, default_name: &str) -> Result<Puzzle, DefinitionError> {
        let mut name = None;
        let mut solved: Option<(usize, Vec<u8>)> = None;
        let mut moves: Vec<(usize, PuzzleMove)> = Vec::new();
        let mut powers: Vec<(usize, String)> = Vec::new();
        let mut costs: Vec<(usize, String, String)> = Vec::new();
        let mut pieces: Vec<(usize, Piece, Vec<&str>)> = Vec::new();
        let mut faces: Vec<(usize, &str, Vec<&str>)> = Vec::new();
        for (i, raw) in text.lines().enumerate() {
            let line = i + 1;
            let content =
                strip_comment(raw).map_err(|message| DefinitionError { line, message })?;
            let mut words = content.split_whitespace();
            let Some(keyword) = words.next() else {
                continue;
            };
            let rest: Vec<&str> = words.collect();
            match keyword {
                "name" => match rest.as_slice() {
                    [n] => name = Some(n.to_string()),
                    _ => return err(line, "expected: name NAME"),
                },
                "solved" => match rest.as_slice() {
                    [s] if solved.is_none() => solved = Some((line, s.as_bytes().to_vec())),
                    [_] => return err(line, "a second solved line"),
                    _ => return err(line, "expected: solved STRING (no spaces)"),
                },
                "move" => {
                    let Some((n, values)) = rest.split_first() else {
                        return err(line, "expected: move NAME P0 P1 ...");
                    };
                    let mut perm = Vec::new();
                    for v in values {
                        match v.parse::<u8>() {
                            Ok(x) => perm.push(x),
                            Err(_) => {
                                return err(
                                    line,
                                    format!("'{v}' is not a sticker position (0 to 127)"),
                                );
                            }
                        }
                    }
                    let face = 0; // set once all moves are known
                    moves.push((
                        line,
                        PuzzleMove {
                            name: n.to_string(),
                            perm,
                            face,
                            cost: 1000,
                        },
                    ));
                }
                "powers" => {
                    if rest.is_empty() {
                        return err(line, "expected: powers NAME... or powers all");
                    }
                    powers.extend(rest.iter().map(|n| (line, n.to_string())));
                }
                "cost" => match rest.as_slice() {
                    [n, c] => costs.push((line, n.to_string(), c.to_string())),
                    _ => return err(line, "expected: cost NAME COST"),
                },
                "piece" => match rest.as_slice() {
                    [kind, name, stickers @ ..] if !stickers.is_empty() => pieces.push((
                        line,
                        Piece {
                            kind: kind.to_string(),
                            name: name.to_string(),
                            stickers: Vec::new(),
                        },
                        stickers.to_vec(),
                    )),
                    _ => return err(line, "expected: piece KIND NAME P0 P1 ..."),
                },
                "face" => match rest.as_slice() {
                    [name, on @ ..] if !on.is_empty() => faces.push((line, name, on.to_vec())),
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
        }
        let Some((solved_line, solved)) = solved else {
            return err(0, "no solved line");
        };
        let n = solved.len();
        if n == 0 || n > 128 {
            return err(solved_line, format!("{n} stickers: a puzzle has 1 to 128"));
        }
        if let Some(&c) = solved.iter().find(|c| !(33..=126).contains(*c)) {
            return err(
                solved_line,
                format!("byte {c} is not a printable ASCII colour"),
            );
        }
        if moves.is_empty() {
            return err(0, "no moves");
        }
        if moves.len() > MAX_MOVES {
            return err(0, format!("{} moves: at most {MAX_MOVES}", moves.len()));
        }
        for (line, m) in &moves {
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
        let mut all: Vec<PuzzleMove> = moves.iter().map(|(_, m)| m.clone()).collect();
        let names_of = |all: &[PuzzleMove]| all.iter().map(|m| m.name.clone()).collect::<Vec<_>>();
        for (i, (line, m)) in moves.iter().enumerate() {
            if names_of(&all)[..i].contains(&m.name) {
                return err(*line, format!("move {} is defined twice", m.name));
            }
        }
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
        let identity: Vec<u8> = (0..n as u8).collect();
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
                match pieces.iter().position(|p| p.name == piece) {
                    Some(i) => indices.push(i),
                    None => return err(line, format!("face {name}: no piece named '{piece}'")),
                }
            }
            named_faces.push((name.to_string(), indices));
        }
        let mut colours = Vec::new();
        for &c in &solved {
            if !colours.contains(&c) {
                colours.push(c);
            }
        }
        let bits = (usize::BITS - (colours.len().max(2) - 1).leading_zeros()).max(1);
        let puzzle = Puzzle {
            name: name.unwrap_or_else(|| default_name.to_string()),
            solved,
            moves: all,
            pieces,
            faces: named_faces,
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
        // twsearch's `.tws` and cubing.js's KPuzzle JSON, by extension, made into a
        // definition's text.
        if let Some(made) = super::tws::as_definition(name_or_path, &text) {
            let made = made.map_err(|e| DefinitionError {
                line: e.line,
                message: e.message,
            })?;
            return Puzzle::parse(&made, stem).map_err(|e| DefinitionError {
                line: 0,
                message: format!("the puzzle as stickers: {e}"),
            });
        }
        Puzzle::parse(&text, stem)
    }

    /// The puzzle with costs set from `NAME=COST,...` (moves not named keep theirs).
    pub fn with_costs(&self, spec: &str) -> Result<Puzzle, Error> {
        let mut p = self.clone();
        for (name, cost) in cost_list(spec)? {
            match p.moves.iter_mut().find(|m| m.name == name) {
                Some(m) => m.cost = cost,
                None => {
                    return Err(Error::invalid(
                        Kind::Costs,
                        format!("{} has no move '{name}'", self.name),
                    ));
                }
            }
        }
        Ok(p)
    }

    /// Move indices from a list of move names, separated by commas or spaces; the
    /// name of a face's first move stands for all its powers. Without separators,
    /// a string of one-letter faces is read letter by letter (`RLUD`).
    pub fn parse_moves(&self, spec: &str) -> Result<Vec<u8>, Error> {
        let find = |n: &str| self.moves.iter().position(|m| m.name == n);
        // A face is numbered by its first move.
        let base = |n: &str| find(n).filter(|&i| self.moves[i].face as usize == i);
        let mut out = Vec::new();
        for item in split_move_list(spec, |f| base(f).is_some()) {
            match find(item) {
                Some(i) if base(item).is_some() => out.extend(
                    (0..self.moves.len())
                        .filter(|&j| self.moves[j].face as usize == i)
                        .map(|j| j as u8),
                ),
                Some(i) => out.push(i as u8),
                None => {
                    return Err(Error::invalid(
                        Kind::Moves,
                        format!("{} has no move '{item}'", self.name),
                    ));
                }
            }
        }
        if out.is_empty() {
            return Err(Error::invalid(Kind::Moves, format!("no moves in '{spec}'")));
        }
        Ok(out)
    }

    /// A move sequence in the definition's names, separated by spaces (`R U2 R'`).
    pub fn parse_sequence(&self, text: &str) -> Result<Vec<u8>, Error> {
        text.split_whitespace()
            .map(|name| {
                self.moves
                    .iter()
                    .position(|m| m.name == name)
                    .map(|i| i as u8)
                    .ok_or_else(|| {
                        Error::invalid(Kind::Moves, format!("{} has no move '{name}'", self.name))
                    })
            })
            .collect()
    }

    /// Number of stickers.
    pub fn stickers(&self) -> usize {
        self.solved.len()
    }

    /// Whether any move costs other than 1.
    pub fn weighted(&self) -> bool {
        self.moves.iter().any(|m| m.cost != 1000)
    }

    /// Pack a sticker string into a search state, checking it against the solved one.
    ///
    /// When the solved stickers are all different, a state may also be written as
    /// sticker numbers, position by position (`2 0 3 1 ...`, or `[2, 0, 3, 1, ...]`):
    /// number `k` stands for the `k`-th sticker of the solved string.
    pub fn state(&self, s: &[u8]) -> Result<u128, Error> {
        let numbered = self.numbered(s)?;
        let s = numbered.as_deref().unwrap_or(s);
        if s.len() != self.stickers() {
            return Err(Error::invalid(
                Kind::PuzzleState,
                format!(
                    "expected {} stickers, got {} characters",
                    self.stickers(),
                    s.len()
                ),
            ));
        }
        let mut want = self.solved.clone();
        let mut have = s.to_vec();
        want.sort_unstable();
        have.sort_unstable();
        if want != have {
            return Err(Error::invalid(
                Kind::PuzzleState,
                format!(
                    "the stickers are not those of the solved {} ({})",
                    self.name,
                    String::from_utf8_lossy(&self.solved)
                ),
            ));
        }
        let mut packed = 0u128;
        for (i, c) in s.iter().enumerate() {
            let k = self.colours.iter().position(|x| x == c).unwrap_or(0) as u128;
            packed |= k << (i as u32 * self.bits);
        }
        Ok(packed)
    }

    /// A state written as sticker numbers, as sticker characters; `None` for a state
    /// written as characters.
    fn numbered(&self, s: &[u8]) -> Result<Option<Vec<u8>>, Error> {
        let inner = s
            .strip_prefix(b"[")
            .and_then(|t| t.strip_suffix(b"]"))
            .or_else(|| s.strip_prefix(b"(").and_then(|t| t.strip_suffix(b")")))
            .unwrap_or(s);
        let is_sep = |c: &u8| c.is_ascii_whitespace() || *c == b',';
        if !inner.iter().any(is_sep) || !inner.iter().all(|c| c.is_ascii_digit() || is_sep(c)) {
            return Ok(None);
        }
        let n = self.stickers();
        let mut distinct = self.solved.clone();
        distinct.sort_unstable();
        distinct.dedup();
        if distinct.len() != n {
            return Err(Error::invalid(
                Kind::PuzzleState,
                format!(
                    "a state of {} is written in its sticker characters ({}); numbers name \
                 stickers only when every sticker has its own character",
                    self.name,
                    String::from_utf8_lossy(&self.solved)
                ),
            ));
        }
        let words: Vec<&[u8]> = inner.split(is_sep).filter(|w| !w.is_empty()).collect();
        if words.len() != n {
            return Err(Error::invalid(
                Kind::PuzzleState,
                format!("expected {n} sticker numbers, got {}", words.len()),
            ));
        }
        let mut out = Vec::with_capacity(n);
        for (i, w) in words.iter().enumerate() {
            let text = String::from_utf8_lossy(w);
            match text.parse::<usize>() {
                Ok(k) if k < n => out.push(self.solved[k]),
                _ => {
                    return Err(Error::invalid(
                        Kind::PuzzleState,
                        format!(
                            "sticker number {text} at position {i} is not one of 0 to {}",
                            n - 1
                        ),
                    ));
                }
            }
        }
        Ok(Some(out))
    }

    /// An upper bound on the positions the moves reach: the stickers of one orbit of
    /// positions under the moves can only be rearranged among that orbit, so the
    /// positions are at most the product over orbits of the arrangements of their
    /// colours (a multinomial coefficient each).
    pub fn size_bound(&self) -> f64 {
        let n = self.stickers();
        let mut orbit: Vec<usize> = (0..n).collect();
        for m in &self.moves {
            for (i, &j) in m.perm.iter().enumerate() {
                let (a, b) = (root(&mut orbit, i), root(&mut orbit, j as usize));
                orbit[a.max(b)] = a.min(b);
            }
        }
        // ln of the product of multinomials, to stay finite for any size.
        let ln_fact = |k: usize| (2..=k).map(|x| (x as f64).ln()).sum::<f64>();
        let mut counts: AHashMap<(usize, u8), usize> = AHashMap::default();
        let mut sizes: AHashMap<usize, usize> = AHashMap::default();
        for i in 0..n {
            let r = root(&mut orbit, i);
            *counts.entry((r, self.solved[i])).or_default() += 1;
            *sizes.entry(r).or_default() += 1;
        }
        let ln = sizes.values().map(|&k| ln_fact(k)).sum::<f64>()
            - counts.values().map(|&k| ln_fact(k)).sum::<f64>();
        ln.exp().round()
    }

    /// How the moves combine, from their permutations: what each pair makes, which
    /// pairs commute, and each move's inverse.
    fn relations(&self) -> Relations {
        // Each permutation with its cheapest move (two names may make the same one).
        let mut perms: AHashMap<&[u8], usize> = AHashMap::default();
        for (i, m) in self.moves.iter().enumerate() {
            let cheapest = perms.entry(m.perm.as_slice()).or_insert(i);
            if m.cost < self.moves[*cheapest].cost {
                *cheapest = i;
            }
        }
        let identity = |p: &[u8]| p.iter().enumerate().all(|(i, &v)| v as usize == i);
        let k = self.moves.len();
        let mut products = vec![Product::Other; k * k];
        let mut commutes = vec![false; k * k];
        let mut inverses = vec![0; k];
        for (a, ma) in self.moves.iter().enumerate() {
            for (b, mb) in self.moves.iter().enumerate() {
                let ab = compose(&ma.perm, &mb.perm);
                products[a * k + b] = if identity(&ab) {
                    inverses[a] = b;
                    Product::Identity
                } else {
                    perms
                        .get(ab.as_slice())
                        .map_or(Product::Other, |&c| Product::Move(c))
                };
                commutes[a * k + b] = ab == compose(&mb.perm, &ma.perm);
            }
        }
        Relations {
            products,
            commutes,
            inverses,
        }
    }

    /// The canonical-sequence rule of the moves counted one each, for enumerating
    /// sequences of any puzzle, however many stickers (the magic-move search).
    pub fn canon(&self) -> Canon {
        let specs: Vec<MoveSpec> = self
            .moves
            .iter()
            .map(|m| MoveSpec {
                face: m.face,
                cost: 1,
            })
            .collect();
        let r = self.relations();
        let k = specs.len();
        Canon::from_relations(
            &specs,
            |a, b| r.products[a * k + b],
            |a, b| r.commutes[a * k + b],
        )
    }

    /// A costed definition as a search space; costs in thousandths, reduced. Refused
    /// when a position does not fit in 128 bits, or when the costs are so far apart
    /// that one move costs more than [`MAX_MOVE_COST`] of the cheapest unit.
    pub fn space(&self, weighted: bool) -> Result<PuzzleSpace<'_>, Error> {
        let n = self.stickers() as u32;
        if n * self.bits > 128 {
            return Err(Error::invalid(
                Kind::Puzzle,
                format!(
                    "{n} stickers of {} colours need {} bits a position: too large to solve here (at most 128)",
                    self.colours.len(),
                    n * self.bits
                ),
            ));
        }
        let g = self.moves.iter().fold(0, |g, m| gcd(g, m.cost));
        if weighted {
            let (lo, hi) = self.moves.iter().fold((u64::MAX, 0), |(lo, hi), m| {
                (lo.min(m.cost), hi.max(m.cost))
            });
            if hi / g > MAX_MOVE_COST as u64 {
                return Err(Error::invalid(
                    Kind::Puzzle,
                    format!(
                        "costs too far apart or too finely divided: {} is {} units of {} (the \
                     cheapest move costs {}), at most {MAX_MOVE_COST}",
                        format_decimal(hi, 1000),
                        hi / g,
                        format_decimal(g, 1000),
                        format_decimal(lo, 1000),
                    ),
                ));
            }
        }
        let relations = self.relations();
        let specs = self
            .moves
            .iter()
            .map(|m| MoveSpec {
                face: m.face,
                cost: if weighted { (m.cost / g) as u32 } else { 1 },
            })
            .collect();
        let space = PuzzleSpace {
            puzzle: self,
            specs,
            inverses: relations.inverses,
            products: relations.products,
            commutes: relations.commutes,
            goal: self.state(&self.solved)?,
            unit: if weighted { g } else { 1000 },
            weighted,
        };
        check_moves(&space)?;
        Ok(space)
    }
}

/// The largest cost of one move in units of the costs' greatest common divisor, so
/// that every distance of a search fits its 32-bit counters with room to spare.
pub const MAX_MOVE_COST: u32 = 1_000_000;

/// How the moves of a definition combine (see [`Puzzle::relations`]); pairs are
/// indexed `a * moves + b`.
struct Relations {
    products: Vec<Product>,
    commutes: Vec<bool>,
    inverses: Vec<usize>,
}

/// A puzzle definition as a search space over packed sticker states.
pub struct PuzzleSpace<'a> {
    puzzle: &'a Puzzle,
    specs: Vec<MoveSpec>,
    /// The move undoing each move (a definition has every inverse).
    inverses: Vec<usize>,
    /// `products[a * n + b]`: what move `a` then move `b` make.
    products: Vec<Product>,
    /// `commutes[a * n + b]`: whether `a b` and `b a` are the same.
    commutes: Vec<bool>,
    goal: u128,
    /// Thousandths per cost unit of the search.
    unit: u64,
    /// Whether distances are the definition's costs rather than move counts.
    weighted: bool,
}

impl PuzzleSpace<'_> {
    /// A search cost in thousandths of the definition's costs (exact).
    pub fn thousandths(&self, units: u32) -> u64 {
        units as u64 * self.unit
    }

    /// The names of the moves of a path.
    pub fn names(&self, moves: &[u8]) -> Vec<&str> {
        moves
            .iter()
            .map(|&m| self.puzzle.moves[m as usize].name.as_str())
            .collect()
    }

    /// A solver for this space that gives up past [`MAX_POSITIONS`] positions.
    pub fn solver(&self) -> Solver<&Self> {
        Solver::with_config(
            self,
            SolverConfig {
                max_states: MAX_POSITIONS,
                ..SolverConfig::default()
            },
        )
    }
}

impl Space for PuzzleSpace<'_> {
    type State = u128;

    fn moves(&self) -> &[MoveSpec] {
        &self.specs
    }

    fn apply(&self, s: u128, m: usize) -> u128 {
        let p = &self.puzzle;
        let mask = (1u128 << p.bits) - 1;
        let mut packed = 0u128;
        for (i, &src) in p.moves[m].perm.iter().enumerate() {
            packed |= ((s >> (src as u32 * p.bits)) & mask) << (i as u32 * p.bits);
        }
        packed
    }

    fn apply_inverse(&self, s: u128, m: usize) -> u128 {
        self.apply(s, self.inverses[m])
    }

    fn goal(&self) -> u128 {
        self.goal
    }

    fn product(&self, a: usize, b: usize) -> Product {
        self.products[a * self.specs.len() + b]
    }

    fn commutes(&self, a: usize, b: usize) -> bool {
        self.commutes[a * self.specs.len() + b]
    }
}

impl PuzzleSpace<'_> {
    /// The census: every position by the cost of solving it (which differs from the
    /// cost of making it when a move and its inverse cost differently), with local
    /// maxima, by the engine's layered search. Gives up past [`MAX_POSITIONS`]
    /// positions (at once when the orbits of the stickers show there can be no more),
    /// or when memory runs out.
    pub fn census(&self) -> Result<Census, Error> {
        self.census_with_progress(&mut |_, _| {})
    }

    /// [`PuzzleSpace::census`], calling `progress` with the positions settled so far
    /// and the distance reached, every 65,536 positions.
    pub fn census_with_progress(
        &self,
        progress: &mut dyn FnMut(u64, u32),
    ) -> Result<Census, Error> {
        let p = self.puzzle;
        let refuse = |e: SearchError| {
            Error::invalid(
                Kind::Puzzle,
                format!("census {}", e.to_string().replace("the search", "it")),
            )
        };
        let mut store = Sparse::new(MAX_POSITIONS);
        let bound = p.size_bound();
        if bound <= MAX_POSITIONS as f64 {
            // The bound is usually the size: one allocation instead of doublings.
            store.reserve(bound as usize).map_err(refuse)?;
        }
        let mut rows: Vec<Row> = Vec::new();
        let mut settled = 0u64;
        Layered::new(self, Direction::ToRoots)
            .run(&[self.goal], &mut store, |s| {
                if rows.last().is_none_or(|r| r.distance != s.distance) {
                    rows.push(Row {
                        distance: s.distance,
                        positions: 0,
                        local_maxima: 0,
                    });
                }
                let row = rows.last_mut().expect("a row for this distance");
                row.positions += 1;
                row.local_maxima += s.local_maximum as u64;
                settled += 1;
                if settled % 65_536 == 0 {
                    progress(settled, s.distance);
                }
                ControlFlow::Continue(())
            })
            .map_err(refuse)?;
        let weighted = self.weighted;
        Ok(Census {
            puzzle: p.name.clone(),
            metric: if weighted { "cost" } else { "moves" }.into(),
            moves: p.moves.iter().map(|m| m.name.clone()).collect(),
            subset: false,
            title: format!("{} ({} stickers)", p.name, p.stickers()),
            cost_unit: weighted.then_some(self.unit),
            rows,
            symmetry: None,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_2x2x1_of_the_seeds() {
        let p = Puzzle::load("2x2x1").unwrap();
        assert_eq!(p.stickers(), 16);
        let c = p.space(false).unwrap().census().unwrap();
        assert_eq!(c.positions(), [1, 4, 10, 8, 1]);
        assert_eq!((c.total(), c.diameter()), (24, 4));
        let space = p.space(true).unwrap();
        let w = space.census().unwrap();
        assert_eq!(w.format_distance(w.diameter()), "7");
        assert_eq!(w.total(), 24);
        let slow_d = p.with_costs("D=10").unwrap();
        let w = slow_d.space(true).unwrap().census().unwrap();
        assert!(w.diameter() > 7);
        assert!(
            p.with_costs("Q=1")
                .unwrap_err()
                .to_string()
                .contains("no move 'Q'")
        );
    }

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
        assert!(refused.contains("too large to solve here"), "{refused}");
    }
}

#[cfg(test)]
mod golf_tests {
    use super::*;
    use crate::cube::census::census;
    use crate::model::cost::Metric;

    fn order(p: &[u8]) -> usize {
        let identity: Vec<u8> = (0..p.len() as u8).collect();
        let mut q = p.to_vec();
        let mut k = 1;
        while q != identity {
            q = compose(&q, p);
            k += 1;
        }
        k
    }

    #[test]
    fn the_3x3x3_moves_have_the_known_orders() {
        let p = Puzzle::load("3x3x3").unwrap();
        let m = |n: &str| p.moves.iter().find(|m| m.name == n).unwrap().perm.clone();
        assert_eq!(p.stickers(), 54);
        assert_eq!(p.moves.len(), 18);
        assert_eq!(order(&m("R")), 4);
        assert_eq!(order(&compose(&m("R"), &m("U"))), 105);
        let sexy = compose(&compose(&m("R"), &m("U")), &compose(&m("R'"), &m("U'")));
        assert_eq!(order(&sexy), 6);
        // Opposite faces commute.
        assert_eq!(compose(&m("R"), &m("L")), compose(&m("L"), &m("R")));
    }

    #[test]
    fn the_pieces_turn_rigidly() {
        for (name, corners, edges) in [("3x3x3", 8, 12), ("pocket-golf", 8, 0)] {
            let p = Puzzle::load(name).unwrap();
            let kinds = |k: &str| p.pieces.iter().filter(|x| x.kind == k).count();
            assert_eq!((kinds("corner"), kinds("edge")), (corners, edges));
            assert_rigid(&p);
        }
    }

    /// Every move keeps each piece's stickers in cyclic order: a twist is a rotation
    /// of the listing, never a mirror, so twists count alike everywhere.
    fn assert_rigid(p: &Puzzle) {
        for m in &p.moves {
            for piece in &p.pieces {
                let from: Vec<u8> = piece.stickers.iter().map(|&i| m.perm[i as usize]).collect();
                let source = p
                    .pieces
                    .iter()
                    .find(|q| q.stickers.contains(&from[0]))
                    .unwrap();
                let j = source.stickers.iter().position(|&x| x == from[0]).unwrap();
                let n = source.stickers.len();
                assert!(
                    (0..n).all(|i| from[i] == source.stickers[(j + i) % n]),
                    "{} {}",
                    m.name,
                    piece.name
                );
            }
        }
    }

    /// The whole census through the generic hash-map search: about 10 s, most of a
    /// warm `cargo test`. Its parts are checked quickly elsewhere (the write-up's move
    /// tables and breadth-first lengths in tests/definitions.rs, the generic census
    /// against Dijkstra on random definitions).
    #[test]
    #[ignore = "about 10 s: run with cargo test --release -- --ignored"]
    fn pocket_21_has_the_quarter_turn_census() {
        let p = Puzzle::load("pocket-21").unwrap();
        assert_eq!(p.stickers(), 21);
        let c = p.space(false).unwrap().census().unwrap();
        assert_eq!(c.positions(), census(Metric::Qtm).positions());
    }

    /// The generic space of `pocket-golf` is the cube, checked on every position
    /// through the coordinate: each move of the definition takes the packed stickers
    /// of a position to those of the position the cube's move tables give. With the
    /// differential test of the generic census (tests/definitions.rs), this carries
    /// the census equality below without its 10 s of hash-map search.
    #[test]
    fn pocket_golf_moves_are_the_cube_moves_on_every_position() {
        use crate::model::moves::Move;
        use crate::model::pieces::{Coord, POSITIONS};
        let p = Puzzle::load("pocket-golf").unwrap();
        let space = p.space(false).unwrap();
        let packed: Vec<u128> = (0..POSITIONS)
            .map(|c| {
                let stickers = Coord(c).cube().stickers();
                p.state(stickers.as_str().as_bytes()).unwrap()
            })
            .collect();
        let moves: Vec<usize> = p
            .moves
            .iter()
            .map(|m| m.name.parse::<Move>().unwrap().index())
            .collect();
        for c in 0..POSITIONS {
            for (m, &cube_move) in moves.iter().enumerate() {
                let next = Coord(c).apply(cube_move);
                assert_eq!(
                    space.apply(packed[c as usize], m),
                    packed[next.0 as usize],
                    "{} at {c}",
                    p.moves[m].name
                );
            }
        }
    }

    /// The whole census through the generic hash-map search (about 15 s):
    /// `cargo test --release -- --ignored pocket_golf_census`.
    #[test]
    #[ignore]
    fn pocket_golf_census_equals_the_fast_census() {
        let p = Puzzle::load("pocket-golf").unwrap();
        let c = p.space(false).unwrap().census().unwrap();
        assert_eq!(c.rows, census(Metric::Htm).rows);
    }
}
