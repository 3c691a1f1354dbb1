//! pocket's printers: how an answer the library found is written, as text or as
//! JSON, shared by every front end that writes lines (the command line, `pocket
//! serve` and the page through `pocket-web`). The library hands each answer over as
//! a value ([`pocket::request::batch::Outcome`] for a solve; a `Scramble`, `Case`,
//! `Census`, `PatternReport`, `MagicMove` or judge's `Summary` for the others); a
//! printer here turns it into its line, its table or its JSON object. Nothing here
//! finds an answer, and the library formats no answer line; it hands over drawn
//! pictures (`--show`) and notation as text, and lists every optimal solution from
//! its table in this printer's separators
//! ([`pocket::request::batch::Outcome::Listed`]).

mod answers;
mod census;
mod judge;
mod magic_method;
mod magic_moves;
mod patterns;
mod solve;

pub use answers::{alg_json, case_json, scramble_json};
pub use census::{CensusTable, census_json};
pub use judge::{SummaryText, summary_json};
pub use magic_moves::{magic_move_json, magic_move_line};
pub use patterns::{pattern_json, patterns_table};
pub use solve::{ALREADY_SOLVED, SolvePrinter};
