//! What `pocket.Puzzle` knows of a puzzle: its sticker rows, colours, moves as
//! gathers, their inverses and faces, and the library's puzzle behind it. Built from
//! a built-in name, `2x2x2` (the package's own cube) or a definition file.
//!
//! The state form, one for every puzzle: a row of `width` uint8 colour numbers, one a
//! sticker, in the definition's sticker order; colours are numbered by their first
//! appearance in the solved row (the 3x3x3: U R F D L B = 0..5). The 2x2x2 is the
//! package's `from_index` rows instead: its 24 stickers in the net of `pocket net`,
//! faces U L F R B D = 0..5, turned by R, U and F only, so that the down-back-left
//! corner stays put.

use pocket_lib::internals::bulk::STICKER_PERMUTATIONS;
use pocket_lib::model::Move;
use pocket_lib::puzzle::BUILTIN_PUZZLES;
use pocket_lib::{Metric, Puzzle, Stickers};

use crate::gather::Gathers;

/// Which of the library's methods a puzzle has beyond the generic ones.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Kind {
    /// The package's 2x2x2: exact distances and position numbers.
    Pocket,
    /// The 3x3x3 in Kociemba's sticker order: uniform random states, Reid's method.
    Cube3,
    /// Any other definition: long random walks, IDA* on its pattern databases.
    Defined,
}

pub(crate) struct Spec {
    pub name: String,
    pub width: usize,
    /// The character of each colour number.
    pub colours: Vec<u8>,
    pub names: Vec<String>,
    /// Moves of one face share a number (a walk never turns one face twice running).
    pub faces: Vec<u8>,
    pub gathers: Gathers,
    /// Each move's inverse move, or -1 where the puzzle has none.
    pub inverse: Vec<i64>,
    pub solved: Vec<u8>,
    pub kind: Kind,
    /// The library's puzzle (None for the 2x2x2, which the library knows as the cube).
    pub defined: Option<Puzzle>,
}

/// The names `Puzzle(name)` takes, the package's cube first.
pub(crate) fn builtin_names() -> Vec<&'static str> {
    std::iter::once("2x2x2")
        .chain(BUILTIN_PUZZLES.iter().map(|(n, _)| *n))
        .collect()
}

fn inverses(width: usize, perms: &[Vec<u16>]) -> Vec<i64> {
    perms
        .iter()
        .map(|p| {
            perms
                .iter()
                .position(|q| (0..width).all(|i| p[q[i] as usize] as usize == i))
                .map_or(-1, |j| j as i64)
        })
        .collect()
}

impl Spec {
    fn build(name: String, colours: Vec<u8>, solved: Vec<u8>, moves: Moves, kind: Kind) -> Spec {
        let width = solved.len();
        let (names, faces, perms) = moves;
        Spec {
            name,
            width,
            colours,
            inverse: inverses(width, &perms),
            gathers: Gathers::new(width, &perms),
            names,
            faces,
            solved,
            kind,
            defined: None,
        }
    }

    /// The package's cube: `from_index` rows, the 9 moves of `pocket.MOVES`.
    pub fn pocket() -> Spec {
        let faces = b"ULFRBD";
        let solved = Stickers::SOLVED
            .as_str()
            .bytes()
            .map(|c| faces.iter().position(|&f| f == c).unwrap_or(0) as u8)
            .collect();
        let steps = Metric::Htm.steps();
        let names = steps.iter().map(|m: &Move| m.to_string()).collect();
        let move_faces = (0..steps.len()).map(|i| (i / 3) as u8).collect();
        let perms = STICKER_PERMUTATIONS
            .iter()
            .map(|p| p.iter().map(|&i| u16::from(i)).collect())
            .collect();
        Spec::build(
            "2x2x2".into(),
            faces.to_vec(),
            solved,
            (names, move_faces, perms),
            Kind::Pocket,
        )
    }

    /// A puzzle of the library's definitions (its stickers are bytes, so its colours
    /// number at most 256 and fit a uint8).
    pub fn defined(puzzle: Puzzle) -> Result<Spec, String> {
        let mut colours: Vec<u8> = Vec::new();
        for &c in &puzzle.solved {
            if !colours.contains(&c) {
                colours.push(c);
            }
        }
        let solved = puzzle
            .solved
            .iter()
            .map(|c| colours.iter().position(|x| x == c).unwrap_or(0) as u8)
            .collect();
        let names = puzzle.moves.iter().map(|m| m.name.clone()).collect();
        let faces = puzzle.moves.iter().map(|m| m.face).collect();
        let perms = puzzle.moves.iter().map(|m| m.perm.clone()).collect();
        let kind = if pocket_lib::puzzle::ReidSolver::takes(&puzzle) {
            Kind::Cube3
        } else {
            Kind::Defined
        };
        let mut spec = Spec::build(
            puzzle.name.clone(),
            colours,
            solved,
            (names, faces, perms),
            kind,
        );
        spec.defined = Some(puzzle);
        Ok(spec)
    }

    /// A built-in puzzle by name.
    pub fn named(name: &str) -> Result<Spec, String> {
        if name == "2x2x2" {
            return Ok(Spec::pocket());
        }
        if !BUILTIN_PUZZLES.iter().any(|(n, _)| *n == name) {
            return Err(format!(
                "no built-in puzzle '{name}' (the names: {}); Puzzle.from_file reads a \
                 definition file",
                builtin_names().join(", ")
            ));
        }
        let puzzle = Puzzle::load(name).map_err(|e| e.to_string())?;
        Spec::defined(puzzle)
    }

    /// A definition file: pocket's own, a twsearch `.tws` or a KPuzzle `.json`.
    pub fn from_file(path: &str) -> Result<Spec, String> {
        if !std::path::Path::new(path).is_file() {
            return Err(format!("no definition file {path}"));
        }
        let puzzle = Puzzle::load(path).map_err(|e| format!("{path}: {e}"))?;
        Spec::defined(puzzle)
    }

    pub fn moves(&self) -> usize {
        self.names.len()
    }

    /// The move numbers of a sequence in the puzzle's names, separated by spaces.
    pub fn sequence(&self, text: &str) -> Result<Vec<u16>, String> {
        text.split_whitespace()
            .map(|word| {
                let known = self
                    .names
                    .iter()
                    .position(|n| n == word)
                    .or_else(|| self.defined.as_ref().and_then(|p| p.move_index(word)));
                known.map(|i| i as u16).ok_or_else(|| {
                    format!(
                        "{} has no move '{word}' (its moves: {})",
                        self.name,
                        self.names.join(" ")
                    )
                })
            })
            .collect()
    }

    /// A row from a sticker string in the puzzle's colour characters.
    pub fn row_of_text(&self, text: &str) -> Result<Vec<u8>, String> {
        let bytes = text.as_bytes();
        if bytes.len() != self.width {
            return Err(format!(
                "a {} state has {} stickers, not {}",
                self.name,
                self.width,
                bytes.len()
            ));
        }
        bytes
            .iter()
            .enumerate()
            .map(|(i, c)| {
                self.colours
                    .iter()
                    .position(|x| x == c)
                    .map(|v| v as u8)
                    .ok_or_else(|| {
                        format!(
                            "sticker {i} is '{}', no colour of {} (its colours: {})",
                            *c as char,
                            self.name,
                            String::from_utf8_lossy(&self.colours)
                        )
                    })
            })
            .collect()
    }

    /// The sticker string of a row, or where it has a value that is no colour.
    pub fn text_of_row(&self, row: &[u8]) -> Result<String, String> {
        row.iter()
            .enumerate()
            .map(|(i, &v)| {
                self.colours
                    .get(v as usize)
                    .map(|&c| c as char)
                    .ok_or_else(|| {
                        format!(
                            "sticker {i} is {v}, and {} has {} colours (0 to {})",
                            self.name,
                            self.colours.len(),
                            self.colours.len() - 1
                        )
                    })
            })
            .collect()
    }
}

/// Names, faces and gathers of a puzzle's moves.
type Moves = (Vec<String>, Vec<u8>, Vec<Vec<u16>>);
