//! Searches over a defined puzzle past the bidirectional search: IDA* over pattern
//! databases, and the magic-move search.

pub(crate) mod deep;
pub mod orbit;
pub(crate) mod pattern;
