//! The engine: searches generic over a [`search::Space`] (any puzzle, its moves and
//! the cost of each), with one canonical-sequence rule. The pocket cube and puzzles
//! from definition files are two spaces it runs on.

pub(crate) mod search;
