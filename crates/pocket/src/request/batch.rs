//! Answering `pocket solve` inputs in batches: decode each line or argument, solve,
//! format the answer (text or JSON), and write them in input order. A batch is what
//! input is at hand, answered before any read that could block, so a caller writing
//! one state at a time gets each answer at once.

use std::io::{self, Write};

use super::{EXIT_BAD_INPUT, EXIT_OK};
use crate::cube::auto::AutoSolver;
use crate::cube::picture::{Style, draw};
use crate::cube::solver::PocketSolver;
use crate::cube::table::{Separators, TableSolver, write_algs};
use crate::engine::ida::Listing;
use crate::engine::search::{SearchError, Space};
use crate::io::{Line, LineReader, trim};
use crate::model::cost::{Costs, Metric, format_decimal};
use crate::model::goal::Goal;
use crate::model::moves::Alg;
use crate::model::notation::{Layout, NotationError, WcaSequence, turn_plain};
use crate::model::pieces::Cube;
use crate::model::stickers::{StateError, Stickers, sequence_in_line, state_in_line};
use crate::puzzle::{DeepSolver, Puzzle, PuzzleSolver, PuzzleSpace};
use smallvec::SmallVec;

/// A solver of the cube as `solve` uses it.
pub trait Solve {
    /// The cheapest ways to a position matching a goal (the first, or all with
    /// `Want::All`) and how many there are; `None` when unsupported or unreachable.
    fn to_goal(
        &mut self,
        _cube: &Cube,
        _goal: &[Option<u8>; 24],
        _want: Want,
    ) -> Option<(Vec<Alg>, u64)> {
        None
    }
    /// An optimal solution, or `None` if the solver's moves cannot reach the cube.
    fn one(&mut self, cube: &Cube) -> Option<Alg>;
    fn all(&mut self, cube: &Cube) -> Vec<Alg>;
    /// How many optimal solutions there are.
    fn count(&mut self, cube: &Cube) -> u64 {
        self.all(cube).len() as u64
    }
    /// Whether [`Solve::write_all`] answers for every position.
    fn writes_all(&self) -> bool {
        false
    }
    /// Every optimal solution written as text to `out` (no [`Alg`] made where the
    /// solver can help it), and how many there are.
    fn write_all(&mut self, cube: &Cube, seps: Separators<'_>, out: &mut String) -> u64 {
        let all = self.all(cube);
        write_algs(&all, seps, out);
        all.len() as u64
    }
}

impl Solve for PocketSolver {
    fn to_goal(
        &mut self,
        cube: &Cube,
        goal: &[Option<u8>; 24],
        want: Want,
    ) -> Option<(Vec<Alg>, u64)> {
        match want {
            Want::First => self.solve_to_goal(cube, goal).map(|a| (vec![a], 1)),
            Want::All => self.solve_all_to_goal(cube, goal, usize::MAX),
            Want::Count => self.solve_all_to_goal(cube, goal, 1),
        }
    }
    fn one(&mut self, cube: &Cube) -> Option<Alg> {
        self.try_solve(cube)
    }
    fn all(&mut self, cube: &Cube) -> Vec<Alg> {
        self.solve_all(cube)
    }
}

impl Solve for AutoSolver {
    fn one(&mut self, cube: &Cube) -> Option<Alg> {
        Some(self.solve(cube))
    }
    fn all(&mut self, cube: &Cube) -> Vec<Alg> {
        self.solve_all(cube)
    }
    fn count(&mut self, cube: &Cube) -> u64 {
        AutoSolver::count(self, cube)
    }
    fn writes_all(&self) -> bool {
        true
    }
    fn write_all(&mut self, cube: &Cube, seps: Separators<'_>, out: &mut String) -> u64 {
        AutoSolver::write_all(self, cube, seps, out)
    }
}

impl Solve for &TableSolver {
    fn one(&mut self, cube: &Cube) -> Option<Alg> {
        Some(self.solve(cube))
    }
    fn all(&mut self, cube: &Cube) -> Vec<Alg> {
        self.solve_all(cube)
    }
    fn count(&mut self, cube: &Cube) -> u64 {
        TableSolver::count(self, cube)
    }
    fn writes_all(&self) -> bool {
        true
    }
    fn write_all(&mut self, cube: &Cube, seps: Separators<'_>, out: &mut String) -> u64 {
        TableSolver::write_all(self, cube, seps, out)
    }
}

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
    fn number(&self) -> u64 {
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

/// How the cube's inputs are read and solved.
#[derive(Clone, Debug)]
pub struct CubeInput {
    pub layout: Layout,
    /// Inputs are WCA move sequences, not sticker strings.
    pub moves_input: bool,
    /// A sequence turning each state before it is solved (`solve STATE --moves`).
    pub then: Option<WcaSequence>,
    pub metric: Metric,
    pub costs: Option<Costs>,
    /// Draw the state (and with `steps`, every step of the solution) before the answer.
    pub show: Option<(Style, bool)>,
    /// Solve to this pattern instead of the solved cube.
    pub goal: Option<Goal>,
    /// The moves turned, for the message about a state they cannot reach.
    pub reach_name: String,
}

/// The cube as a subject: its input options and a solver.
pub struct CubeSubject<'a, S: Solve> {
    pub input: &'a CubeInput,
    pub solver: S,
}

impl CubeInput {
    /// The position an input line or argument stands for, and its stickers in net order.
    fn decode(&self, raw: &[u8]) -> Result<(Cube, Stickers), String> {
        if self.moves_input {
            // A line of `pocket scramble` is read for its moves, which must make its
            // state: read as moves, the state's letters turned the cube further.
            let (raw, shown) = sequence_in_line(raw);
            // Moves make a valid cube: no sticker decoding, which is most of a sticker
            // line's cost.
            let turned = match turn_plain(raw) {
                Some(t) => t,
                None => {
                    let text = std::str::from_utf8(raw)
                        .map_err(|_| "the move sequence is not UTF-8".to_string())?;
                    let seq: WcaSequence =
                        text.parse().map_err(|e: NotationError| e.to_string())?;
                    seq.turned()
                }
            };
            let cube = turned.cube();
            if let Some(shown) = shown {
                // In the net `pocket scramble` writes: with --moves, --layout is only
                // how answers and goals are written.
                let after_tab =
                    |e: StateError| format!("the state after the tab: {}", e.message(Layout::Golf));
                if Stickers::from_bytes(shown)
                    .and_then(|s| s.to_cube())
                    .map_err(after_tab)?
                    != cube
                {
                    return Err(format!(
                        "the moves before the tab do not make the state after it ({})",
                        String::from_utf8_lossy(shown).trim()
                    ));
                }
            }
            return Ok((cube, turned.stickers()));
        }
        let given = Stickers::from_bytes(state_in_line(raw)).map_err(|e| e.message(self.layout))?;
        let given = self.layout.to_golf(&given);
        let stickers = match &self.then {
            Some(seq) => {
                // The state as typed must be a cube before it is turned.
                given.to_cube().map_err(|e| e.message(self.layout))?;
                seq.apply(&given)
            }
            None => given,
        };
        let cube = stickers.to_cube().map_err(|e| e.message(self.layout))?;
        Ok((cube, stickers))
    }

    /// The pictures drawn before an answer line.
    fn pictures(&self, start: &Stickers, solution: &Alg) -> String {
        let Some((style, steps)) = self.show else {
            return String::new();
        };
        let mut out = draw(start, style);
        if steps {
            let mut s = *start;
            for &m in solution.as_slice() {
                s = s.apply(m);
                out.push_str(&format!("{m}\n"));
                out.push_str(&draw(&s, style));
            }
        }
        out
    }

    fn solution<'a>(&self, a: &Alg) -> Solution<'a> {
        Solution {
            moves: a.as_slice().iter().map(|m| m.name()).collect(),
            length: self.metric.length(a),
        }
    }

    fn solved<'a>(&self, stickers: &Stickers, algs: &[Alg]) -> Solved<'a> {
        Solved {
            solutions: algs.iter().map(|a| self.solution(a)).collect(),
            cost: self.costs.as_ref().map(|c| c.thousandths(&algs[0])),
            pictures: self.pictures(stickers, &algs[0]),
            count: None,
            state: (self.moves_input || self.then.is_some())
                .then(|| self.layout.from_golf(stickers).as_str().to_string()),
            search: None,
        }
    }
}

impl<S: Solve> CubeSubject<'_, S> {
    /// The position of one input, when the request asks for solutions alone (no goal,
    /// pictures or costs) and the solver can write them without listing them first.
    fn plain_cube(&self, raw: &[u8]) -> Option<Result<Cube, String>> {
        let input = self.input;
        let plain = input.goal.is_none() && input.show.is_none() && input.costs.is_none();
        (plain && self.solver.writes_all()).then(|| input.decode(raw).map(|(cube, _)| cube))
    }
}

impl<S: Solve> Subject for CubeSubject<'_, S> {
    fn metric(&self) -> Option<&'static str> {
        self.input.costs.is_none().then(|| self.input.metric.name())
    }

    fn solve(&mut self, raw: &[u8], want: Want) -> Result<Solved<'_>, String> {
        let input = self.input;
        let (cube, stickers) = input.decode(raw)?;
        if let Some(goal) = &input.goal {
            let faces = goal
                .faces_for(&stickers, &cube)
                .map_err(|e| e.to_string())?;
            if let Some(why) = crate::model::goal::unmatchable(goal, &faces) {
                return Err(format!("goal: no position matches it: {why}"));
            }
            let Some((algs, count)) = self.solver.to_goal(&cube, &faces, want) else {
                return Err(format!(
                    "no position matching the goal is reachable with {}",
                    input.reach_name
                ));
            };
            let mut solved = input.solved(&stickers, &algs);
            if want == Want::Count {
                solved.count = Some(count);
            }
            return Ok(solved);
        }
        let algs = if want == Want::All {
            self.solver.all(&cube)
        } else {
            self.solver.one(&cube).into_iter().collect()
        };
        if algs.is_empty() {
            return Err(format!("not reachable with {}", input.reach_name));
        }
        let mut solved = input.solved(&stickers, &algs);
        if want == Want::Count {
            solved.count = Some(self.solver.count(&cube));
        }
        Ok(solved)
    }

    fn write_all(
        &mut self,
        raw: &[u8],
        seps: Separators<'_>,
        out: &mut String,
    ) -> Option<Result<u64, String>> {
        let cube = self.plain_cube(raw)?;
        Some(cube.map(|cube| self.solver.write_all(&cube, seps, out)))
    }

    fn count_alone(&mut self, raw: &[u8]) -> Option<Result<u64, String>> {
        let cube = self.plain_cube(raw)?;
        Some(cube.map(|cube| self.solver.count(&cube)))
    }

    fn too_long(&self, len: usize) -> String {
        let what = if self.input.moves_input {
            "a move sequence"
        } else {
            "a line (a state is 24 characters)"
        };
        format!(
            "line too long: {len} bytes, the limit for {what} is {} bytes",
            crate::io::MAX_LINE
        )
    }
}

/// A defined puzzle as a subject: its states (sticker strings, sticker numbers, or
/// move sequences in its own names) and its solver.
pub struct PuzzleSubject<'p> {
    pub puzzle: &'p Puzzle,
    pub space: &'p PuzzleSpace<'p>,
    pub solver: PuzzleSolver<'p>,
    pub moves_input: bool,
    /// IDA* for a state the bidirectional search gives up on (past its position
    /// cap), within this memory budget and on these cores: built the first time it is needed; `None`
    /// when the request asked for the bidirectional search alone.
    pub fallback: Option<(u64, usize, Option<DeepSolver<'p>>)>,
}

impl PuzzleSubject<'_> {
    fn decode(&self, raw: &[u8]) -> Result<u128, String> {
        if !self.moves_input {
            return self.space.state(raw).map_err(|e| e.to_string());
        }
        let text =
            std::str::from_utf8(raw).map_err(|_| "the move sequence is not UTF-8".to_string())?;
        let moves = self
            .puzzle
            .parse_sequence(text)
            .map_err(|e| e.to_string())?;
        Ok(moves
            .iter()
            .fold(self.space.goal(), |s, &m| self.space.apply(s, m as usize)))
    }
}

impl Subject for PuzzleSubject<'_> {
    fn metric(&self) -> Option<&'static str> {
        (!self.puzzle.weighted()).then_some("moves")
    }

    fn solve(&mut self, raw: &[u8], want: Want) -> Result<Solved<'_>, String> {
        let start = self.decode(raw)?;
        let paths = if want != Want::First {
            self.solver.try_solve_all(start)
        } else {
            self.solver
                .try_solve(start)
                .map(|p| p.into_iter().collect())
        };
        let paths = match paths {
            Err(SearchError::TooManyPositions(_)) if self.fallback.is_some() => {
                return self.solve_deep(raw, want);
            }
            other => other.map_err(|e| e.to_string())?,
        };
        let Some(first) = paths.first() else {
            return Err(format!(
                "not reachable with the moves of {}",
                self.puzzle.name
            ));
        };
        let space = self.space;
        Ok(Solved {
            cost: self
                .puzzle
                .weighted()
                .then(|| space.thousandths(first.cost)),
            solutions: paths
                .iter()
                .map(|p| Solution {
                    moves: space.names(&p.moves).into_iter().collect(),
                    length: p.moves.len() as u32,
                })
                .collect(),
            pictures: String::new(),
            count: None,
            state: None,
            search: Some("bidirectional"),
        })
    }
}

impl PuzzleSubject<'_> {
    /// A state the bidirectional search gave up on, by IDA* (its tables built the
    /// first time). Issue 40: a vertushka state 17 moves out gave up at the cap.
    fn solve_deep(&mut self, raw: &[u8], want: Want) -> Result<Solved<'_>, String> {
        let puzzle = self.puzzle;
        let Some((memory, threads, deep)) = &mut self.fallback else {
            return Err("no fallback".into());
        };
        if deep.is_none() {
            let solver = DeepSolver::new(puzzle, *memory, *threads).map_err(|e| {
                format!("the bidirectional search gave up past its position cap, and {e}")
            })?;
            *deep = Some(solver);
        }
        let solver = deep.as_mut().expect("built above");
        solved_by_ida(solver, puzzle, raw, self.moves_input, want)
    }
}

/// The answer of IDA* for one input line of a defined puzzle.
pub(super) fn solved_by_ida<'a>(
    solver: &mut DeepSolver<'_>,
    puzzle: &'a Puzzle,
    raw: &[u8],
    moves_input: bool,
    want: Want,
) -> Result<Solved<'a>, String> {
    let typed = crate::puzzle::formats::input::read_stickers(puzzle, raw, moves_input)?;
    let stickers = puzzle.sticker_string(&typed).map_err(|e| e.to_string())?;
    let listing = match want {
        Want::First => Listing::First,
        Want::All | Want::Count => Listing::All,
    };
    let (paths, _) = solver.solve(&stickers, listing)?;
    Ok(Solved {
        cost: None,
        solutions: paths
            .iter()
            .map(|p| Solution {
                moves: p
                    .iter()
                    .map(|&m| puzzle.moves[m as usize].name.as_str())
                    .collect(),
                length: p.len() as u32,
            })
            .collect(),
        pictures: String::new(),
        count: None,
        state: None,
        search: Some("ida"),
    })
}

/// How `solve` writes each answer.
#[derive(Clone, Copy, Debug)]
pub struct Answer {
    pub compact: bool,
    pub all: bool,
    pub count: bool,
    pub json: bool,
    /// With `all`, one solution per line and an empty line after the last.
    pub lines: bool,
    /// Write `ALREADY_SOLVED` for a state with an empty solution.
    pub mark_solved: bool,
}

/// What a terminal shows for a state solved already, instead of an empty line.
pub const ALREADY_SOLVED: &str = "(already solved: no moves)";

impl Answer {
    fn text(&self, s: &Solution<'_>) -> String {
        s.moves.join(if self.compact { "" } else { " " })
    }

    /// What goes between two solutions of `all`.
    fn between(&self) -> &'static str {
        match (self.lines, self.compact) {
            (true, _) => "\n",
            (false, true) => " ",
            (false, false) => ", ",
        }
    }

    /// After the solutions written from `from` on: the marker of a state solved
    /// already, and the empty line that ends a state's group with `lines`.
    fn close(&self, out: &mut String, from: usize) {
        if self.mark_solved && out.len() == from {
            out.push_str(ALREADY_SOLVED);
        }
        if self.lines {
            out.push('\n');
        }
    }

    fn cost_note(&self, solved: &Solved<'_>) -> String {
        let Some(c) = solved.cost else {
            return String::new();
        };
        let space = if solved.solutions[0].moves.is_empty() {
            ""
        } else {
            " "
        };
        format!("{space}(cost {})", format_decimal(c, 1000))
    }

    /// Append the answer line for `raw` to `out` and say how many optimal solutions
    /// it has; an error is returned, not written.
    fn write(
        &self,
        subject: &mut impl Subject,
        raw: &[u8],
        out: &mut String,
    ) -> Result<u64, String> {
        let metric = subject.metric();
        let want = match (self.all, self.count) {
            (true, _) => Want::All,
            (false, true) => Want::Count,
            _ => Want::First,
        };
        if want == Want::All && !self.json {
            // Plain text: no `Alg`s and no strings joined where the solver can write
            // the solutions itself.
            let seps = Separators {
                moves: if self.compact { "" } else { " " },
                solutions: self.between(),
            };
            let from = out.len();
            if let Some(number) = subject.write_all(raw, seps, out) {
                if number.is_ok() {
                    self.close(out, from);
                }
                return number;
            }
        }
        if want == Want::Count && !self.json {
            // Only the number is printed: no first solution to find (1.2 µs of the
            // 5.0 µs an antipode took).
            if let Some(number) = subject.count_alone(raw) {
                let number = number?;
                out.push_str(&number.to_string());
                return Ok(number);
            }
        }
        let solved = subject.solve(raw, want)?;
        let number = solved.number();
        if self.json {
            let input = String::from_utf8_lossy(raw);
            let mut v = self.json_answer(&solved, metric, &input);
            if let Some(search) = solved.search {
                v["search"] = search.into();
            }
            out.push_str(&v.to_string());
            return Ok(number);
        }
        out.push_str(&solved.pictures);
        if self.count {
            out.push_str(&number.to_string());
            return Ok(number);
        }
        let texts: Vec<String> = solved.solutions.iter().map(|s| self.text(s)).collect();
        let from = out.len();
        out.push_str(&texts.join(self.between()));
        match out.len() == from && self.mark_solved {
            true => out.push_str(ALREADY_SOLVED),
            false => out.push_str(&self.cost_note(&solved)),
        }
        if self.lines {
            out.push('\n');
        }
        Ok(number)
    }

    /// The line for an input that could not be answered.
    pub(crate) fn error_line(&self, raw: &[u8], e: &str, out: &mut String) {
        if self.json {
            out.push_str(&Answer::json_error(raw, e));
        } else {
            out.push_str("error: ");
            out.push_str(&crate::model::stickers::escape_text(e));
        }
    }

    #[allow(dead_code)]
    /// Answer one input on its own: its line (no newline) and how many optimal
    /// solutions it has, or its error line.
    pub fn one(&self, subject: &mut impl Subject, raw: &[u8]) -> Result<(String, u64), String> {
        let mut out = String::new();
        self.write(subject, raw, &mut out)
            .map(|number| (out, number))
            .map_err(|e| {
                let mut line = String::new();
                self.error_line(raw, &e, &mut line);
                line
            })
    }

    fn json_answer(
        &self,
        solved: &Solved<'_>,
        metric: Option<&str>,
        input: &str,
    ) -> serde_json::Value {
        let first = &solved.solutions[0];
        let mut v = serde_json::json!({
            "input": input,
            "solution": self.text(first),
            "moves": first.moves.as_slice(),
            "move_count": first.moves.len(),
            "length": first.length,
            "solved": first.moves.is_empty(),
        });
        match (&solved.cost, metric) {
            (Some(c), _) => v["cost"] = (*c as f64 / 1000.0).into(),
            (None, Some(m)) => v["metric"] = m.into(),
            (None, None) => {}
        }
        if let Some(state) = &solved.state {
            v["state"] = state.as_str().into();
        }
        if self.all || self.count {
            v["count"] = solved.number().into();
        }
        if self.all {
            v["solutions"] = solved
                .solutions
                .iter()
                .map(|s| self.text(s))
                .collect::<Vec<_>>()
                .into();
        }
        v
    }

    fn json_error(input: &[u8], e: &str) -> String {
        serde_json::json!({ "input": String::from_utf8_lossy(input), "error": e }).to_string()
    }

    /// Answer a batch of input lines: the output text and the errors by line.
    pub fn batch(
        &self,
        subject: &mut impl Subject,
        items: &[Item],
        text: &[u8],
    ) -> (String, Vec<(usize, String)>) {
        let mut out = String::with_capacity(items.len() * 40);
        let mut errors = Vec::new();
        for item in items {
            let raw = item.span.map_or(&[][..], |(a, b)| &text[a..b]);
            let result = match item.span {
                Some(_) => self.write(subject, raw, &mut out),
                None => Err(subject.too_long(item.len)),
            };
            if let Err(e) = result {
                self.error_line(raw, &e, &mut out);
                errors.push((item.place, e));
                if self.lines {
                    // Every state's group ends in an empty line, an error's too.
                    out.push('\n');
                }
            }
            out.push('\n');
        }
        (out, errors)
    }
}

/// One input line of a batch: where its state is in the batch text, or its length if
/// it was too long to keep; and its line number (or argument number).
pub struct Item {
    span: Option<(usize, usize)>,
    len: usize,
    place: usize,
}

impl Item {
    /// The input's bytes in the batch text, or its length when it was too long to
    /// keep.
    pub(crate) fn bytes<'t>(&self, text: &'t [u8]) -> Result<&'t [u8], usize> {
        self.span.map(|(a, b)| &text[a..b]).ok_or(self.len)
    }

    /// Its line number (or argument number).
    pub(crate) fn place(&self) -> usize {
        self.place
    }
}

/// Counts of a batch, for the exit status and the closing diagnostic.
#[derive(Debug, Default)]
pub struct Tally {
    states: usize,
    invalid: usize,
    first_error: Option<String>,
}

impl Tally {
    fn record(&mut self, states: usize, errors: &[(usize, String)], unit: &str) {
        self.states += states;
        self.invalid += errors.len();
        if let (None, Some((place, e))) = (&self.first_error, errors.first()) {
            self.first_error = Some(format!(
                "{unit} {place}: {}",
                crate::model::stickers::escape_text(e)
            ));
        }
    }

    /// The exit status, and the closing diagnostic if any input was bad (for the
    /// front end to write: the library never prints); the inputs are move sequences
    /// with `sequences`, otherwise states.
    pub fn finish(&self, sequences: bool) -> (u8, Option<String>) {
        if self.invalid == 0 {
            return (EXIT_OK, None);
        }
        let message = format!(
            "pocket: {} of {} {} invalid (first at {})",
            self.invalid,
            self.states,
            if sequences {
                "move sequences"
            } else {
                "states"
            },
            self.first_error.as_deref().unwrap_or("?")
        );
        (EXIT_BAD_INPUT, Some(message))
    }
}

/// Lines gathered before a batch is answered, unless the input runs dry first.
const BATCH_LINES: usize = 8192;

/// Answers part of a batch: the items, the batch's text, and how many items the
/// whole batch has (a solver may choose by it); the output text and the errors by
/// place.
pub type Run<'a> = dyn FnMut(&[Item], &[u8], usize) -> (String, Vec<(usize, String)>) + 'a;

/// Answer `items` a part of at most `part` at a time, writing and flushing each
/// part's output before the next is computed: long answers (`--all`, pictures) never
/// pile up, and an answer is out before a slow one after it starts.
///
/// Parts start at one item and double while a part takes under [`QUICK_PART`], so
/// that a batch of quick answers is written in large blocks (a write a part) while
/// answers that take long go out one by one: 40 easy 3x3x3 scrambles before a hard
/// one were held with it, and SIGINT during the hard one lost all 41 (issue 61).
fn answer_parts(
    items: &[Item],
    text: &[u8],
    part: usize,
    run: &mut Run<'_>,
    out: &mut dyn Write,
) -> io::Result<Vec<(usize, String)>> {
    let mut errors = Vec::new();
    let (mut at, mut size) = (0, 1);
    while at < items.len() {
        let chunk = &items[at..items.len().min(at + size.min(part.max(1)))];
        let timer = PartTimer::start();
        let (text_out, more) = run(chunk, text, items.len());
        out.write_all(text_out.as_bytes())?;
        out.flush()?;
        errors.extend(more);
        at += chunk.len();
        if timer.quick() {
            size = size.saturating_mul(2);
        }
    }
    Ok(errors)
}

/// How long a part of a batch may take and still be followed by one twice its size.
const QUICK_PART: std::time::Duration = std::time::Duration::from_millis(10);

/// Times a part of a batch. The browser's wasm32 has no clock in std (`Instant::now`
/// panics there): parts just double.
struct PartTimer(#[cfg(not(target_arch = "wasm32"))] std::time::Instant);

impl PartTimer {
    fn start() -> PartTimer {
        PartTimer(
            #[cfg(not(target_arch = "wasm32"))]
            std::time::Instant::now(),
        )
    }

    fn quick(&self) -> bool {
        #[cfg(not(target_arch = "wasm32"))]
        return self.0.elapsed() < QUICK_PART;
        #[cfg(target_arch = "wasm32")]
        true
    }
}

/// Answer command-line arguments in one batch.
pub fn answer_arguments(
    inputs: &[String],
    part: usize,
    run: &mut Run<'_>,
    out: &mut dyn Write,
) -> io::Result<Tally> {
    let text: Vec<u8> = inputs.iter().flat_map(|s| s.bytes()).collect();
    let mut at = 0;
    let items: Vec<Item> = inputs
        .iter()
        .enumerate()
        .map(|(i, s)| {
            at += s.len();
            Item {
                span: Some((at - s.len(), at)),
                len: s.len(),
                place: i + 1,
            }
        })
        .collect();
    let errors = answer_parts(&items, &text, part, run, out)?;
    let mut tally = Tally::default();
    tally.record(items.len(), &errors, "argument");
    out.flush()?;
    Ok(tally)
}

/// Answer lines of input, a batch at a time, flushing before any read that could block.
pub fn answer_lines<R: io::Read>(
    reader: &mut LineReader<R>,
    part: usize,
    run: &mut Run<'_>,
    out: &mut dyn Write,
) -> io::Result<Tally> {
    let mut tally = Tally::default();
    let mut line_no = 0usize;
    let (mut items, mut text) = (Vec::new(), Vec::new());
    loop {
        // Gather what is at hand; answer it before any read that could block.
        let mut eof = false;
        while items.len() < BATCH_LINES && (items.is_empty() || reader.has_buffered()) {
            let mut flush = || out.flush();
            let Some(line) = reader.next_line(&mut flush)? else {
                eof = true;
                break;
            };
            line_no += 1;
            match line {
                Line::TooLong(len) => items.push(Item {
                    span: None,
                    len,
                    place: line_no,
                }),
                Line::Text(t) => {
                    let t = trim(t);
                    if !t.is_empty() {
                        text.extend_from_slice(t);
                        let span = Some((text.len() - t.len(), text.len()));
                        items.push(Item {
                            span,
                            len: t.len(),
                            place: line_no,
                        });
                    }
                }
            }
        }
        if !items.is_empty() {
            let errors = answer_parts(&items, &text, part, run, out)?;
            tally.record(items.len(), &errors, "line");
            items.clear();
            text.clear();
        }
        if eof {
            break;
        }
    }
    out.flush()?;
    Ok(tally)
}
