//! A defined puzzle as a space of the engine: its pieces, the dense coordinates
//! found from them, and the censuses over them.

pub(crate) mod cheapest;
pub(crate) mod coords;
pub(crate) mod linked;
pub(crate) mod perimeter;
pub(crate) mod pieces;
pub(crate) mod space;
pub(crate) mod split;
pub(crate) mod tracked;
pub(crate) mod weighted;
