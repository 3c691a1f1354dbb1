//! `pocket algs --orbit`'s answers: a magic move as a tab-separated line or as one
//! JSON object.

use pocket::puzzle::formats::defined::Puzzle;
use pocket::puzzle::searches::orbit::MagicMove;
use serde_json::{Value, json};

/// The magic move as one JSON object: the sequence, its length, the power, the
/// face, the effect line, and each changed piece with its sticker positions.
pub fn magic_move_json(m: &MagicMove, puzzle: &Puzzle) -> Value {
    let pieces: Vec<Value> = m
        .changed
        .iter()
        .map(|c| {
            json!({
                "from": puzzle.pieces[c.from].name,
                "to": puzzle.pieces[c.to].name,
                "twist": c.twist,
                "stickers": puzzle.pieces[c.to].stickers,
            })
        })
        .collect();
    json!({
        "sequence": m.sequence(puzzle),
        "length": m.moves.len(),
        "power": m.power,
        "turns": m.moves.len() * m.power as usize,
        "face": m.face,
        "effect": m.effect(puzzle),
        "changed": pieces,
    })
}

/// One output line: sequence, power, face, effect, separated by tabs.
pub fn magic_move_line(m: &MagicMove, puzzle: &Puzzle) -> String {
    format!(
        "{}\tx{}\t{}\t{}",
        m.sequence(puzzle),
        m.power,
        m.face.as_deref().unwrap_or("-"),
        m.effect(puzzle)
    )
}
