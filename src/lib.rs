//! Scaffolding; replaced below.
pub mod cube;
pub mod geometry;
pub mod moves;
pub mod patterns;
pub mod search;
pub mod solver;
pub mod stickers;
