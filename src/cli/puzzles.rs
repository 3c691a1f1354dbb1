//! `pocket puzzles`: the built-in puzzle definitions.

use std::io::{self, Write};

use argh::FromArgs;

use crate::model::stickers::escape_text;
use crate::puzzle::{BUILTIN_PUZZLES, Puzzle};

use super::EXIT_OK;

#[derive(FromArgs, Debug)]
/// List the built-in puzzle definitions (see `--puzzle` of solve, census and algs).
#[argh(subcommand, name = "puzzles", example = "pocket puzzles")]
pub(super) struct PuzzlesArgs {}

pub(super) fn cmd_puzzles() -> io::Result<u8> {
    let mut out = io::stdout().lock();
    for (name, text) in BUILTIN_PUZZLES {
        match Puzzle::parse(text, name) {
            Ok(p) => {
                let moves: Vec<&str> = p.moves.iter().map(|m| m.name.as_str()).collect();
                writeln!(
                    out,
                    "{name}\t{} stickers\tmoves {}",
                    p.stickers(),
                    moves.join(" ")
                )?;
            }
            Err(e) => writeln!(out, "{name}\terror: {}", escape_text(&e.to_string()))?,
        }
    }
    Ok(EXIT_OK)
}
