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

use crate::puzzle::formats::kpuzzle::{FormatError, PieceModel};

mod block;
mod reader;
mod writer;

pub use reader::read_tws;
pub use writer::write_tws;

fn fail<T>(line: usize, message: impl Into<String>) -> Result<T, FormatError> {
    Err(FormatError {
        line,
        message: message.into(),
    })
}

pub use crate::puzzle::formats::derived::is_rotation;

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
