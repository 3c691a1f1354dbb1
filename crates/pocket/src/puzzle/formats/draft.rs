//! A definition before it is checked as a whole: the one form pocket's own files and
//! the piece models of `.tws` and KPuzzle files both become (`Puzzle::assemble`
//! checks and builds it).

use crate::puzzle::formats::barred::Bar;
use crate::puzzle::formats::defined::{Piece, PuzzleMove};

/// A sticker position as written: its number, or the word that is not one.
pub(crate) type Position = Result<usize, String>;

/// A definition before it is checked as a whole: what its lines say, each part with
/// the line it came from (0: none). Read from pocket's own text (`format.rs`),
/// or made from a `.tws` or KPuzzle file's pieces (`kpuzzle.rs`), the line then
/// being that file's.
pub(crate) struct Draft {
    pub name: Option<String>,
    pub solved: Option<(usize, Vec<u8>)>,
    pub moves: Vec<(usize, PuzzleMove)>,
    pub powers: Vec<(usize, String)>,
    pub costs: Vec<(usize, String, String)>,
    /// Each piece with its sticker positions as written.
    pub pieces: Vec<(usize, Piece, Vec<Position>)>,
    pub faces: Vec<(usize, String, Vec<String>)>,
    /// Other names of moves: (alias, move).
    pub aliases: Vec<(String, String)>,
    /// Barred positions (a `.tws` file's `Illegal`).
    pub barred: Vec<Bar>,
}
