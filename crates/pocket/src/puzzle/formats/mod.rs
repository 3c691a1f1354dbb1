//! Definition files: pocket's own format, twsearch's `.tws`, cubing.js KPuzzle JSON,
//! read into one draft and checked as a whole into the puzzle they describe.

pub mod barred;
pub mod defined;
pub(crate) mod derived;
pub(crate) mod draft;
pub(crate) mod format;
pub(crate) mod group;
pub(crate) mod input;
pub mod kpuzzle;
pub(crate) mod sticker;
pub(crate) mod strict_json;
pub mod tws;
