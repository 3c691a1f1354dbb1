//! `pocket puzzles`: the built-in puzzle definitions, and any definition written out
//! in twsearch's or cubing.js's format.

use std::io::{self, Write};

use argh::FromArgs;

use pocket::model::stickers::escape_text;
use pocket::puzzle::formats::kpuzzle::{
    PieceModel, StickerMove, StickerPiece, StickerPuzzle, write_kpuzzle,
};
use pocket::puzzle::formats::tws::write_tws;
use pocket::puzzle::{BUILTIN_PUZZLES, Puzzle};

use super::{EXIT_BAD_INPUT, EXIT_OK, usage};

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
    match (&args.export, &args.name) {
        (None, None) => list(),
        (Some(format), Some(name)) => export(format, name),
        (Some(_), None) => usage("puzzles", "--export needs the puzzle to write: NAME"),
        (None, Some(name)) => usage(
            "puzzles",
            &format!("unexpected argument '{name}' (a puzzle name goes with --export)"),
        ),
    }
}

fn list() -> io::Result<u8> {
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

fn export(format: &str, name: &str) -> io::Result<u8> {
    if format != "tws" && format != "kpuzzle" {
        return usage(
            "puzzles",
            &format!("--export {format}: the formats are tws and kpuzzle"),
        );
    }
    let failed = |e: &dyn std::fmt::Display| {
        eprintln!("pocket: puzzle {name}: {}", escape_text(&e.to_string()));
        Ok(EXIT_BAD_INPUT)
    };
    let puzzle = match Puzzle::load(name) {
        Ok(p) => p,
        Err(e) => return failed(&e),
    };
    if !puzzle.barred.is_empty() && format != "tws" {
        let why = "KPuzzle cannot write: export it as tws";
        return failed(&pocket::puzzle::formats::barred::refusal(&puzzle.name, why));
    }
    let stickers = StickerPuzzle {
        name: &puzzle.name,
        solved: &puzzle.solved,
        moves: puzzle
            .moves
            .iter()
            .map(|m| StickerMove {
                name: &m.name,
                perm: &m.perm,
                face: m.face,
            })
            .collect(),
        pieces: puzzle
            .pieces
            .iter()
            .map(|p| StickerPiece {
                kind: &p.kind,
                stickers: &p.stickers,
            })
            .collect(),
        barred: &puzzle.barred,
    };
    let (model, note) = match PieceModel::from_puzzle(&stickers, format != "tws") {
        Ok(x) => x,
        Err(e) => return failed(&e),
    };
    if let Some(note) = &note {
        eprintln!(
            "pocket: note: {}; written as {} stickers of one orientation",
            escape_text(note),
            puzzle.stickers()
        );
    }
    if puzzle.weighted() {
        eprintln!("pocket: note: the move costs do not carry over ({format} has none)");
    }
    let text = if format == "tws" {
        let header = [format!(
            "{} as written by pocket (pocket puzzles --export tws)",
            puzzle.name
        )];
        write_tws(&model, &header)
    } else {
        write_kpuzzle(&model)
    };
    io::stdout().lock().write_all(text.as_bytes())?;
    Ok(EXIT_OK)
}
