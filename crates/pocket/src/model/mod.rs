//! The model: what a pocket cube position is and how it is written. Nothing here
//! searches; everything else builds on it.
//!
//! Conventions fixed here: a state is 24 sticker characters in the golf net
//! ([`Stickers`], positions `A`..`X`), or in Kociemba's URFDLB order ([`Layout`]); the
//! down-back-left corner is the reference, so a position is one of the 3,674,160
//! arrangements of the other seven corners ([`Cube`]), numbered by [`Coord`]
//! (permutation rank times 729 plus twist); moves turn R, U and F only, written
//! `R R' R2 U U' U2 F F' F2` and always in that order ([`Move`], [`Alg`]); a metric
//! ([`Metric`]) or weighted costs ([`Costs`]) say what a move costs; a goal
//! ([`Goal`]) is a sticker pattern with `.` for any colour.

pub mod cost;
pub(crate) mod error;
pub(crate) mod geometry;
pub mod goal;
pub(crate) mod invalid;
pub(crate) mod layout;
pub(crate) mod move_tables;
pub mod moves;
pub mod notation;
pub mod paste;
pub mod pieces;
pub mod stickers;
pub(crate) mod text;
pub(crate) mod turned;

pub use cost::{Costs, Metric};
pub use error::Error;
pub use goal::Goal;
pub use invalid::{Invalid, Kind};
pub use layout::Layout;
pub use moves::{Alg, Face, Move, MoveError, parse_generators};
pub use notation::{NotationError, WcaSequence};
pub use pieces::{Coord, Cube, POSITIONS, STICKERS};
pub use stickers::{StateError, Stickers, parse_state};
