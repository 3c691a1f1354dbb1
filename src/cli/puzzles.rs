//! `pocket puzzles`: the built-in puzzle definitions, and any definition written out
//! in twsearch's or cubing.js's format.

use std::io::{self, Write};

use argh::FromArgs;

use pocket::model::stickers::escape_text;
use pocket::request::puzzles::{ListedPuzzle, PuzzlesAnswer, PuzzlesRequest, RawPuzzles};

use super::{EXIT_OK, report};

#[derive(FromArgs, Debug)]
/// List the built-in puzzle definitions (see `--puzzle` of solve, census and algs), or
/// write one out as a twsearch `.tws` file or a cubing.js KPuzzle (JSON).
#[argh(
    subcommand,
    name = "puzzles",
    example = "pocket puzzles",
    example = "pocket puzzles --export tws pocket-golf > golf.tws"
)]
pub(super) struct PuzzlesArgs {
    /// write the puzzle NAME (built-in or file) in this format: tws or kpuzzle
    #[argh(option)]
    export: Option<String>,
    /// the puzzle to export: a built-in name or a definition file
    #[argh(positional)]
    name: Option<String>,
}

pub(super) fn cmd_puzzles(args: PuzzlesArgs) -> io::Result<u8> {
    let raw = RawPuzzles {
        export: args.export,
        name: args.name,
    };
    let answer = match PuzzlesRequest::try_from(raw).and_then(|r| r.run()) {
        Ok(answer) => answer,
        Err(e) => return Ok(report("puzzles", e)),
    };
    let mut out = io::stdout().lock();
    match answer {
        PuzzlesAnswer::List(list) => {
            for ListedPuzzle { name, read } in list {
                match read {
                    Ok((stickers, moves)) => writeln!(
                        out,
                        "{name}\t{stickers} stickers\tmoves {}",
                        moves.join(" ")
                    )?,
                    Err(e) => writeln!(out, "{name}\terror: {}", escape_text(&e.to_string()))?,
                }
            }
        }
        PuzzlesAnswer::Exported { text, notes } => {
            for note in notes {
                eprintln!("pocket: note: {}", escape_text(&note));
            }
            out.write_all(text.as_bytes())?;
        }
    }
    Ok(EXIT_OK)
}
