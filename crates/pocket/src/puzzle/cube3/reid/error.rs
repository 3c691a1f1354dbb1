//! Why Reid's solver refuses: the puzzle, the memory budget, or a state that is no
//! 3x3x3. Each carries what it names (a piece, the sizes), and its message is the
//! one every front end shows.

use std::fmt;

/// Why a 54-sticker string is no 3x3x3 that the face turns reach.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CubeStateError {
    /// Not 54 stickers: how many there are.
    Stickers(usize),
    /// Two centres show one colour.
    SameCentres,
    /// The stickers at a corner place (named) make no corner of the cube.
    NoCorner(&'static str),
    /// The stickers at an edge place (named) make no edge of the cube.
    NoEdge(&'static str),
    /// A corner (named) is missing or on the cube twice.
    CornerNotOnce(&'static str),
    /// An edge (named) is missing or on the cube twice.
    EdgeNotOnce(&'static str),
    /// The corners' twists do not add up.
    Twisted,
    /// The edges' flips do not add up.
    Flipped,
    /// The corners' and edges' permutations differ in parity.
    Swapped,
}

impl fmt::Display for CubeStateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CubeStateError::Stickers(n) => write!(f, "a 3x3x3 state has 54 stickers, not {n}"),
            CubeStateError::SameCentres => {
                f.write_str("the six centres are not six different colours")
            }
            CubeStateError::NoCorner(at) => {
                write!(f, "the corner at {at} is no corner of the cube")
            }
            CubeStateError::NoEdge(at) => write!(f, "the edge at {at} is no edge of the cube"),
            CubeStateError::CornerNotOnce(name) => {
                write!(f, "the corner {name} is not on the cube exactly once")
            }
            CubeStateError::EdgeNotOnce(name) => {
                write!(f, "the edge {name} is not on the cube exactly once")
            }
            CubeStateError::Twisted => {
                f.write_str("a corner is twisted in its place (the turns do not add up)")
            }
            CubeStateError::Flipped => f.write_str("an edge is flipped in its place"),
            CubeStateError::Swapped => {
                f.write_str("two pieces are swapped (the corners' and edges' parities differ)")
            }
        }
    }
}

impl std::error::Error for CubeStateError {}

/// Why Reid's solver cannot be made, or cannot solve a state.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReidError {
    /// The puzzle is not the 3x3x3 in Kociemba's sticker order.
    NotTheCube,
    /// The memory budget holds not even the smaller tables: both in MB.
    Budget { least_mb: u64, budget_mb: u64 },
    /// The puzzle does not name a face turn the method uses.
    MissingMove(String),
    /// The state is no 3x3x3.
    State(CubeStateError),
    /// The search found nothing within 20 moves: only wrong tables do that.
    NoSolution,
    /// The caller's budget ended the search after this many nodes.
    Stopped { nodes: u64 },
}

impl fmt::Display for ReidError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReidError::NotTheCube => {
                f.write_str("Reid's method solves the 3x3x3 (`--puzzle 3x3x3`) only")
            }
            ReidError::Budget {
                least_mb,
                budget_mb,
            } => write!(
                f,
                "Reid's tables take at least {least_mb} MB; the budget is {budget_mb} MB"
            ),
            ReidError::MissingMove(name) => write!(
                f,
                "Reid's method turns the move {name}, which the puzzle does not name"
            ),
            ReidError::State(e) => e.fmt(f),
            ReidError::NoSolution => {
                f.write_str("no solution within 20 moves: the tables are wrong")
            }
            ReidError::Stopped { nodes } => write!(
                f,
                "stopped by its budget after {} nodes, with no solution yet",
                crate::io::group(*nodes)
            ),
        }
    }
}

impl std::error::Error for ReidError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            ReidError::State(e) => Some(e),
            _ => None,
        }
    }
}

impl From<CubeStateError> for ReidError {
    fn from(e: CubeStateError) -> ReidError {
        ReidError::State(e)
    }
}
