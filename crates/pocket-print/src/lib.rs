//! pocket's printers: how an answer the library found is written, as text or as
//! JSON, shared by every front end that writes lines (the command line, `pocket
//! serve` and the page through `pocket-web`). The library hands each answer over as
//! a value ([`pocket::request::batch::Outcome`]); a printer here turns it into its
//! line. Nothing here finds an answer.

mod magic;
mod solve;

pub use solve::{ALREADY_SOLVED, SolvePrinter};
