//! A `solve` request, checked and in typed parts: what is solved (the cube, or a
//! defined puzzle with its engine), what is wanted of each input, in which form
//! the answers are written, and the inputs. It is made from a front end's raw
//! arguments by one `TryFrom` ([`super::RawSolve`]), which holds every refusal
//! about options alone; what the request names (a puzzle file) is read when it runs.

use super::Method;
use crate::cube::picture::Style;
use crate::model::cost::{Costs, Metric};
use crate::model::goal::Goal;
use crate::model::moves::Move;
use crate::model::notation::{Layout, WcaSequence};
use crate::request::batch::Want;

/// A checked `solve` request.
#[derive(Debug)]
pub struct SolveRequest {
    /// What is solved, and by which engine.
    pub target: Target,
    /// What each input's answer holds: the first optimal solution, all of them, or
    /// their number.
    pub want: Want,
    /// How the answers are written.
    pub form: Form,
    /// What is solved.
    pub inputs: Inputs,
}

/// What a request solves.
#[derive(Debug)]
pub enum Target {
    /// The pocket cube.
    Cube(CubeTarget),
    /// A defined puzzle, built-in or from a file.
    Puzzle(PuzzleTarget),
}

/// The cube, and how it is solved.
#[derive(Debug)]
pub struct CubeTarget {
    /// Auto, bidir or table (the others are refused for the cube).
    pub method: Method,
    /// The metric minimised (HTM when `costs` are given).
    pub metric: Metric,
    /// Move costs instead of a metric.
    pub costs: Option<Costs>,
    /// The moves turned, when not all nine.
    pub generators: Option<Vec<Move>>,
    /// A pattern to solve to instead of solved, in net order.
    pub goal: Option<Goal>,
    /// The facelet order of states and goals.
    pub layout: Layout,
    /// With states: the one sequence that turns each of them before it is solved.
    pub then: Option<WcaSequence>,
}

/// A defined puzzle, and how it is solved.
#[derive(Debug)]
pub struct PuzzleTarget {
    /// Its built-in name or its definition file.
    pub name: String,
    /// Auto, bidir, ida, magic or reid.
    pub method: Method,
    /// The memory IDA*'s and Reid's tables may take, in bytes.
    pub memory: Option<u64>,
    /// Move costs replacing its definition's, as written.
    pub cost: Option<String>,
}

/// How a request's answers are written. The front end's printer reads it.
#[derive(Clone, Copy, Debug, Default)]
pub struct Form {
    /// One JSON object per input.
    pub json: bool,
    /// Moves without spaces.
    pub compact: bool,
    /// With all solutions wanted, one solution per line (and an empty line after
    /// each input's).
    pub lines: bool,
    /// Say so when a state is solved already.
    pub mark_solved: bool,
    /// Draw each state in this style before its answer, and with `true` every step
    /// of its solution too.
    pub show: Option<(Style, bool)>,
}

/// The inputs of a request.
#[derive(Debug, Default)]
pub struct Inputs {
    /// The states or sequences given (none: the front end's own lines).
    pub given: Vec<String>,
    /// Whether they are move sequences rather than states.
    pub sequences: bool,
}

impl SolveRequest {
    /// What the request reads from the front end's own lines, if it names no inputs:
    /// `"states"` or `"move sequences"` (a front end may say so before it waits).
    pub fn reads_lines(&self) -> Option<&'static str> {
        match (self.inputs.given.is_empty(), self.inputs.sequences) {
            (false, _) => None,
            (true, false) => Some("states"),
            (true, true) => Some("move sequences"),
        }
    }
}
