//! A state of a defined puzzle from a line of input, as the front ends read it:
//! stickers, or a move sequence (WCA notation on the 3x3x3).

use crate::puzzle::cube3::cube3_notation::{apply_cube3, is_kociemba_cube, parse_cube3};
use crate::puzzle::formats::barred::first_held;
use crate::puzzle::formats::defined::{Puzzle, compose};

/// A state of a defined puzzle from a line: its stickers as typed (`moves_input`
/// false), or the position a move sequence makes: WCA notation on the 3x3x3 (wide
/// turns, slices, rotations, groups), the definition's move names otherwise.
pub fn read_stickers(puzzle: &Puzzle, raw: &[u8], moves_input: bool) -> Result<Vec<u8>, String> {
    if !moves_input {
        return Ok(raw.to_vec());
    }
    let text =
        std::str::from_utf8(raw).map_err(|_| "the move sequence is not UTF-8".to_string())?;
    if is_kociemba_cube(puzzle) {
        let turns = parse_cube3(text).map_err(|e| e.to_string())?;
        return Ok(apply_cube3(&puzzle.solved, &turns));
    }
    let moves = puzzle.parse_sequence(text).map_err(|e| e.to_string())?;
    let mut state = puzzle.solved.clone();
    for (i, &m) in moves.iter().enumerate() {
        state = compose(&state, &puzzle.moves[m as usize].perm);
        if let Some(bar) = first_held(&puzzle.barred, &state) {
            return Err(format!(
                "move {} ({}) goes to a barred position ({})",
                i + 1,
                puzzle.moves[m as usize].name,
                bar.said
            ));
        }
    }
    Ok(state)
}
