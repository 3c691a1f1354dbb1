//! The pocket cube as a space of the engine, and what is built on it: the optimal
//! solver, the dense distance tables and census over the coordinate, goal solving,
//! scrambles, pictures and the search for algorithms by effect.

pub(crate) mod algs;
pub(crate) mod census;
pub(crate) mod goal;
pub(crate) mod picture;
pub(crate) mod scramble;
pub(crate) mod solver;
pub(crate) mod table;
