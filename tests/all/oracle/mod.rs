//! The tests that need the independent breadth-first oracle of `common`, in one test
//! binary so the oracle's two tables (HTM and QTM, about 10 s each to build) are
//! built once for all of them rather than once per file.

mod algs;
mod optimality;
mod scramble_show;
