//! A `puzzles` request: the built-in puzzle definitions listed, or one definition
//! written out in twsearch's `.tws` or cubing.js's KPuzzle format. The command line
//! builds a [`PuzzlesRequest`] from its raw arguments ([`RawPuzzles`]) by one
//! `TryFrom`, and prints what [`PuzzlesRequest::run`] answers.

use super::words::opts::*;
use super::{Message, RequestError, message};
use crate::puzzle::formats::kpuzzle::{
    PieceModel, StickerMove, StickerPiece, StickerPuzzle, write_kpuzzle,
};
use crate::puzzle::formats::tws::write_tws;
use crate::puzzle::{BUILTIN_PUZZLES, DefinitionError, Puzzle};

/// A `puzzles` request as a front end gives it.
#[derive(Clone, Debug, Default)]
pub struct RawPuzzles {
    /// The format to write the puzzle in (`--export`).
    pub export: Option<String>,
    /// The puzzle to write: a built-in name or a definition file.
    pub name: Option<String>,
}

/// A definition format pocket writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ExportFormat {
    /// twsearch's `.tws`.
    Tws,
    /// cubing.js's KPuzzle, as JSON.
    KPuzzle,
}

/// A `puzzles` request, checked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PuzzlesRequest {
    /// Every built-in puzzle, with its stickers and moves.
    List,
    /// One puzzle written out.
    Export { format: ExportFormat, name: String },
}

/// One built-in puzzle as the list shows it.
#[derive(Clone, Debug)]
pub struct ListedPuzzle {
    pub name: &'static str,
    /// Its stickers and move names, or why its definition does not read.
    pub read: Result<(usize, Vec<String>), DefinitionError>,
}

/// What a `puzzles` request answers.
#[derive(Clone, Debug)]
pub enum PuzzlesAnswer {
    /// The built-in puzzles, in their order.
    List(Vec<ListedPuzzle>),
    /// A definition, written; with notes on what did not carry over.
    Exported { text: String, notes: Vec<String> },
}

impl TryFrom<RawPuzzles> for PuzzlesRequest {
    type Error = RequestError;

    fn try_from(raw: RawPuzzles) -> Result<PuzzlesRequest, RequestError> {
        let usage = |m: Message| Err(RequestError::Usage(m));
        match (raw.export, raw.name) {
            (None, None) => Ok(PuzzlesRequest::List),
            (Some(format), Some(name)) => {
                let format = match format.as_str() {
                    "tws" => ExportFormat::Tws,
                    "kpuzzle" => ExportFormat::KPuzzle,
                    _ => {
                        return usage(message!(
                            "{EXPORT} {format}: the formats are tws and kpuzzle"
                        ));
                    }
                };
                Ok(PuzzlesRequest::Export { format, name })
            }
            (Some(_), None) => usage(message!("{EXPORT} needs the puzzle to write: NAME")),
            (None, Some(name)) => usage(message!(
                "unexpected argument '{name}' (a puzzle name goes with {EXPORT})"
            )),
        }
    }
}

impl PuzzlesRequest {
    /// The list, or the puzzle written; a puzzle that cannot be read or written is
    /// a bad input.
    pub fn run(&self) -> Result<PuzzlesAnswer, RequestError> {
        match self {
            PuzzlesRequest::List => Ok(PuzzlesAnswer::List(list())),
            PuzzlesRequest::Export { format, name } => export(*format, name)
                .map_err(|e| RequestError::Input(message!("puzzle {name}: {e}"))),
        }
    }
}

fn list() -> Vec<ListedPuzzle> {
    BUILTIN_PUZZLES
        .iter()
        .map(|&(name, text)| ListedPuzzle {
            name,
            read: Puzzle::parse(text, name).map(|p| {
                let moves = p.moves.iter().map(|m| m.name.clone()).collect();
                (p.stickers(), moves)
            }),
        })
        .collect()
}

fn export(format: ExportFormat, name: &str) -> Result<PuzzlesAnswer, String> {
    let words = match format {
        ExportFormat::Tws => "tws",
        ExportFormat::KPuzzle => "kpuzzle",
    };
    let puzzle = Puzzle::load(name).map_err(|e| e.to_string())?;
    if !puzzle.barred.is_empty() && format != ExportFormat::Tws {
        let why = "KPuzzle cannot write: export it as tws";
        let refusal = crate::puzzle::formats::barred::refusal(&puzzle.name, why);
        return Err(refusal.to_string());
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
    let (model, note) = PieceModel::from_puzzle(&stickers, format != ExportFormat::Tws)
        .map_err(|e| e.to_string())?;
    let mut notes = Vec::new();
    if let Some(note) = &note {
        notes.push(format!(
            "{note}; written as {} stickers of one orientation",
            puzzle.stickers()
        ));
    }
    if puzzle.weighted() {
        notes.push(format!(
            "the move costs do not carry over ({words} has none)"
        ));
    }
    let text = match format {
        ExportFormat::Tws => {
            let header = [format!(
                "{} as written by pocket (pocket puzzles --export tws)",
                puzzle.name
            )];
            write_tws(&model, &header)
        }
        ExportFormat::KPuzzle => write_kpuzzle(&model),
    };
    Ok(PuzzlesAnswer::Exported { text, notes })
}
