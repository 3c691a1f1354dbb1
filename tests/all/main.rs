//! The integration tests, in one binary: one link of the library instead of one per
//! file, every test free to run beside any other on both cores, and the oracle's
//! distance tables (`common`) built once for all the tests that read them.
//!
//! `tests/memory.rs` and `tests/goal_memory.rs` stay binaries of their own: they read
//! the peak memory of all the children of their process.

mod common;
mod model;
mod oracle;

mod barred;
mod boundaries;
mod boundaries_2;
#[cfg(feature = "serve")]
mod browser;
mod cases;
mod census;
mod cli;
mod combinations;
mod corpus;
mod definitions;
mod docs;
mod formats;
mod goals;
mod ida;
mod judge;
mod judge_box;
mod judge_leaks;
mod layers;
mod magic;
mod messages;
mod notation;
mod options;
mod orbit;
mod properties;
mod puzzles;
mod reid;
mod robustness;
mod scramble;
#[cfg(feature = "serve")]
mod serve;
#[cfg(feature = "serve")]
mod serve_crowd;
#[cfg(feature = "serve")]
mod web;
