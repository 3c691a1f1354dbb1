//! A defined puzzle as a subject of `solve`: its states read, and solved by the
//! bidirectional search or, past its cap, by IDA*; apart from the cube and from
//! the batch driver.

use super::{Solution, Solved, Subject, Want};
use crate::engine::ida::Listing;
use crate::engine::search::{SearchError, Space};
use crate::puzzle::{DeepSolver, Puzzle, PuzzleSolver, PuzzleSpace};

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
pub(in crate::request) fn solved_by_ida<'a>(
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
    let (paths, _) = solver
        .solve(&stickers, listing)
        .map_err(|e| e.to_string())?;
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
