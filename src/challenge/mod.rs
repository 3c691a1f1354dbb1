//! The "Solve the Pocket Cube" challenge: judging claimed solutions ([`check`]), whole
//! solver programs ([`judge`]), and the published test patterns ([`patterns`]).

pub(crate) mod check;
pub(crate) mod judge;
pub(crate) mod patterns;
