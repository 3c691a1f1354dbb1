//! The "Solve the Pocket Cube" challenge: judging claimed solutions ([`check`]), whole
//! solver programs ([`run_one`]), and the published test patterns
//! ([`builtin_patterns`], [`run_patterns`]).
//!
//! Conventions fixed here: an entry is a state and a claimed solution in the solver's
//! notation; a solution is valid when it solves the state within [`MOVE_LIMIT`] moves;
//! a judged program reads states and writes one solution line each, within
//! [`Limits`].

pub mod check;
pub mod judge;
pub mod pattern_file;
pub mod patterns;

pub use check::{BONUS_LIMIT, CheckError, MOVE_LIMIT, Verdict, check, parse_entry};
pub use judge::{InputMode, Limits, Outcome, Run, Summary, run_one};
pub use patterns::{
    BUILTIN_PATTERNS, Pattern, PatternError, PatternReport, PatternResult, builtin_patterns,
    parse_patterns, run_patterns,
};
