//! What `solve` answers for, whatever it is: the [`Subject`] a batch is answered
//! from, and the [`Solved`] answer it gives; apart from the subjects themselves
//! and the writing of their answers.

use crate::cube::table::Separators;
use smallvec::SmallVec;

/// One solution as the output needs it: move names and the length in the metric.
pub struct Solution<'a> {
    pub moves: SmallVec<[&'a str; 16]>,
    pub length: u32,
}

/// What one input came to: its optimal solutions (the first, or all of them), the
/// cost of an optimal one in thousandths when costs are weighted, and pictures to
/// print first.
pub struct Solved<'a> {
    pub solutions: Vec<Solution<'a>>,
    /// How many optimal solutions there are, when counted without listing them.
    pub count: Option<u64>,
    pub cost: Option<u64>,
    pub pictures: String,
    /// The position's stickers, when the input was a move sequence (in the layout of
    /// the states), so that a caller can draw it.
    pub state: Option<String>,
    /// The search that answered, where a subject has a choice (`bidirectional`,
    /// `ida`), named in JSON answers.
    pub search: Option<&'static str>,
}

/// How many solutions an answer needs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Want {
    /// The first optimal solution.
    First,
    /// Every optimal solution.
    All,
    /// The first, and how many there are.
    Count,
}

impl Solved<'_> {
    /// How many optimal solutions there are (counted, or listed).
    pub fn number(&self) -> u64 {
        self.count.unwrap_or(self.solutions.len() as u64)
    }
}

/// What `solve` answers for: decodes one input and finds its solutions. The cube and
/// defined puzzles are the two subjects; everything else about an answer is shared.
pub trait Subject {
    /// The metric named in JSON answers (`htm`, `qtm`, `one-way`, `moves`), `None`
    /// when costs are weighted.
    fn metric(&self) -> Option<&'static str>;
    /// The solutions of one input that `want` asks for.
    fn solve(&mut self, raw: &[u8], want: Want) -> Result<Solved<'_>, String>;
    /// All optimal solutions of one input as plain text, written straight to `out`,
    /// and how many there are; `None` when this request needs them listed first
    /// (pictures, costs, a goal, a solver that cannot write them).
    fn write_all(
        &mut self,
        _raw: &[u8],
        _seps: Separators<'_>,
        _out: &mut String,
    ) -> Option<Result<u64, String>> {
        None
    }
    /// The number of optimal solutions of one input alone, with no first solution
    /// found; `None` as for [`Subject::write_all`].
    fn count_alone(&mut self, _raw: &[u8]) -> Option<Result<u64, String>> {
        None
    }
    /// The error for an input line too long to read.
    fn too_long(&self, len: usize) -> String {
        too_long(len)
    }
}

/// The error for an input line of `len` bytes, too long to read.
pub(crate) fn too_long(len: usize) -> String {
    format!(
        "line too long: {len} bytes, the limit is {} bytes",
        crate::io::MAX_LINE
    )
}
