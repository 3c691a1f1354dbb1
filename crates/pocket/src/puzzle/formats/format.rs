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

use crate::puzzle::formats::defined::Puzzle;

mod assemble;
mod faces;
mod reader;

use reader::read_lines;

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

impl Puzzle {
    /// Read a definition; `default_name` names it if it has no `name` line.
    pub fn parse(text: &str, default_name: &str) -> Result<Puzzle, DefinitionError> {
        Puzzle::assemble(read_lines(text)?, default_name)
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
