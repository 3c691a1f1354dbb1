//! The cube as a subject of `solve`: its solvers as `solve` uses them ([`Solve`]),
//! how its inputs are read ([`CubeInput`]), and how they are solved
//! ([`CubeSubject`]); apart from defined puzzles and from the batch driver.

use super::{Solution, Solved, Subject, Want};
use crate::cube::auto::AutoSolver;
use crate::cube::picture::{Style, draw};
use crate::cube::solver::PocketSolver;
use crate::cube::table::{Separators, TableSolver, write_algs};
use crate::model::cost::{Costs, Metric};
use crate::model::goal::Goal;
use crate::model::moves::Alg;
use crate::model::notation::{Layout, NotationError, WcaSequence, turn_plain};
use crate::model::pieces::Cube;
use crate::model::stickers::{StateError, Stickers, sequence_in_line, state_in_line};

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

impl<S: Solve + ?Sized> Solve for &mut S {
    fn to_goal(
        &mut self,
        cube: &Cube,
        goal: &[Option<u8>; 24],
        want: Want,
    ) -> Option<(Vec<Alg>, u64)> {
        (**self).to_goal(cube, goal, want)
    }
    fn one(&mut self, cube: &Cube) -> Option<Alg> {
        (**self).one(cube)
    }
    fn all(&mut self, cube: &Cube) -> Vec<Alg> {
        (**self).all(cube)
    }
    fn count(&mut self, cube: &Cube) -> u64 {
        (**self).count(cube)
    }
    fn writes_all(&self) -> bool {
        (**self).writes_all()
    }
    fn write_all(&mut self, cube: &Cube, seps: Separators<'_>, out: &mut String) -> u64 {
        (**self).write_all(cube, seps, out)
    }
}

impl<S: Solve> CubeSubject<'_, S> {
    /// The solutions of one input that `want` asks for, as a value that borrows
    /// nothing (the cube's move names are static), so of any lifetime.
    pub fn solved<'o>(&mut self, raw: &[u8], want: Want) -> Result<Solved<'o>, String> {
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
}

impl<S: Solve> Subject for CubeSubject<'_, S> {
    fn metric(&self) -> Option<&'static str> {
        self.input.costs.is_none().then(|| self.input.metric.name())
    }

    fn solve(&mut self, raw: &[u8], want: Want) -> Result<Solved<'_>, String> {
        self.solved(raw, want)
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
