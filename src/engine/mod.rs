//! The engine: every search of the crate, generic over a [`search::Space`] (any
//! puzzle, its moves and the cost of each), with one canonical-sequence rule
//! ([`search::Canon`]). The pocket cube and puzzles from definition files are two
//! spaces it runs on.
//!
//! - [`search`]: the bidirectional search for one state's optimal solutions.
//! - [`layers`]: the layered search from a set of roots (censuses, distance tables,
//!   goals, pruning tables).
//! - [`walk`]: walks down a distance table (first, all, count, least cost).
//! - [`census`]: the census of a space, as a table or JSON.

pub(crate) mod census;
pub(crate) mod layers;
pub(crate) mod search;
pub(crate) mod walk;
