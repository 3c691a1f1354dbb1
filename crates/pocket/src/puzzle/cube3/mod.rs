//! The 3x3x3's own methods: seed 001's three steps, Reid's optimal solver, and WCA
//! notation on its stickers.

pub(crate) mod cube3_notation;
pub(crate) mod magic_method;
pub(crate) mod reid;
