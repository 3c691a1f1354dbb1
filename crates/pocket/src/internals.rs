//! What the Python package, the integration tests and the benches use beyond the
//! library's surface: the batch kernels over arrays of states, the per-metric tables
//! every front end shares, and the model's raw tables. Not a stable API: it changes
//! with the package, which is built from the same commit.

/// Batch kernels over arrays of states (numbers, sticker rows, faces).
pub mod bulk {
    pub use crate::cube::bulk::*;
}

/// Where a batch's distances come from (the full table, walks down the built-in
/// table, or the search).
pub mod lookup {
    pub use crate::cube::lookup::*;
}

/// The process's per-metric tables, censuses and scrambler.
pub mod shared {
    pub use crate::cube::shared::*;
}

/// A count with thousands separated by commas, as every message prints one.
pub use crate::io::group;
pub use crate::model::geometry::{FACE_AXES, quarter_turn};
pub use crate::model::pieces::tables;
pub use crate::model::stickers::state_in_line;
