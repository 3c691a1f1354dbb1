//! The model: what a pocket cube position is and how it is written.
//!
//! Sticker strings and their layouts ([`stickers`], [`notation`]), pieces and the
//! compact coordinate ([`cube`]), moves and algorithms ([`moves`]), the geometry the
//! tables are derived from ([`geometry`]), what moves cost ([`cost`]) and goals with
//! wildcards ([`goal`]). Nothing here searches; everything else builds on it.

pub(crate) mod cost;
pub(crate) mod cube;
pub(crate) mod geometry;
pub(crate) mod goal;
pub(crate) mod moves;
pub(crate) mod notation;
pub(crate) mod stickers;
