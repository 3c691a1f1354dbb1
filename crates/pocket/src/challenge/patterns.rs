//! Pattern files: named positions with their expected optimal lengths.
//!
//! One position per line: a name (which may contain spaces), the 24-character state,
//! the optimal length in HTM and optionally in QTM, separated by whitespace; or just a
//! state. Blank lines and lines starting with `#` are ignored. See `fixtures/README.md`.

use std::fmt;

use crate::cube::solver::PocketSolver;
use crate::model::cost::Metric;
use crate::model::moves::Alg;
use crate::model::stickers::{StateError, Stickers, escape_text, state_in_line};

/// The 13 published test patterns, embedded from `fixtures/patterns.txt`.
pub const BUILTIN_PATTERNS: &str = include_str!("../../../../fixtures/patterns.txt");

/// One named position of a pattern file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pattern {
    /// 1-based line number in its file.
    pub line: usize,
    pub name: String,
    /// The state exactly as written (it may still be an invalid cube).
    pub state: String,
    pub htm: Option<u32>,
    pub qtm: Option<u32>,
}

/// A line of a pattern file that could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PatternError {
    pub line: usize,
    pub message: String,
}

impl fmt::Display for PatternError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.message)
    }
}

impl std::error::Error for PatternError {}

fn is_length(token: &str) -> bool {
    (1..=3).contains(&token.len()) && token.bytes().all(|b| b.is_ascii_digit())
}

/// Read a pattern file. A file with any bad line is refused as a whole, naming the line.
pub fn parse_patterns(text: &str) -> Result<Vec<Pattern>, PatternError> {
    let mut out = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        let trimmed = raw.trim();
        if trimmed.is_empty() || trimmed.starts_with('#') {
            continue;
        }
        let err = |message: String| PatternError { line, message };
        // A line of `pocket scramble` (SEQUENCE<tab>STATE) is its state.
        let trimmed = std::str::from_utf8(state_in_line(trimmed.as_bytes()))
            .unwrap_or(trimmed)
            .trim();
        let mut tokens: Vec<&str> = trimmed.split_whitespace().collect();
        // Lengths come last and are short numbers; the state is the token before them.
        let mut lengths = Vec::new();
        while lengths.len() < 2 && tokens.len() > 1 && is_length(tokens[tokens.len() - 1]) {
            lengths.push(tokens.pop().unwrap_or_default());
        }
        lengths.reverse();
        if lengths.is_empty() && tokens.len() == 1 {
            // A bare state: a position with no name and no expected length.
            let state = tokens[0];
            Stickers::from_bytes(state.as_bytes())
                .map_err(|e| err(format!("state {state}: {e}")))?;
            let name = format!("line {line}");
            out.push(Pattern {
                line,
                name,
                state: state.into(),
                htm: None,
                qtm: None,
            });
            continue;
        }
        if lengths.is_empty() {
            let usage = "expected NAME STATE HTM-LENGTH [QTM-LENGTH], or a bare STATE";
            return Err(err(usage.to_string()));
        }
        let Some(state) = tokens.pop() else {
            return Err(err("no state before the lengths".to_string()));
        };
        if tokens.is_empty() {
            return Err(err("no name before the state".to_string()));
        }
        Stickers::from_bytes(state.as_bytes()).map_err(|e| err(format!("state {state}: {e}")))?;
        let number = |s: &str| {
            s.parse::<u32>()
                .map_err(|e| err(format!("length {s}: {e}")))
        };
        out.push(Pattern {
            line,
            // A name is printed in tables and messages: a terminal escape sequence or
            // any other character outside printable ASCII is kept as its escape text.
            name: escape_text(&tokens.join(" ")),
            state: state.to_string(),
            htm: Some(number(lengths[0])?),
            qtm: lengths.get(1).map(|s| number(s)).transpose()?,
        });
    }
    Ok(out)
}

/// The built-in patterns.
pub fn builtin_patterns() -> Vec<Pattern> {
    parse_patterns(BUILTIN_PATTERNS).expect("the embedded pattern file is valid")
}

/// The outcome of solving a list of patterns.
#[derive(Clone, Debug)]
pub struct PatternReport {
    /// The metric the patterns were solved in.
    pub metric: Metric,
    /// Each pattern's result, in file order.
    pub results: Vec<PatternResult>,
    /// Every state valid, every solution solving it, every length as expected.
    pub all_good: bool,
    /// Patterns whose found length equals the expected one.
    pub optimal: usize,
}

/// What solving one pattern came to.
#[derive(Clone, Debug, PartialEq)]
pub struct PatternResult {
    pub name: String,
    pub state: String,
    /// The file's length in the metric, if it gives one.
    pub expected: Option<u32>,
    /// The solution found and its length in the metric, or why the state is invalid.
    pub solved: Result<(Alg, u32), StateError>,
    /// Microseconds the solve took.
    pub micros: f64,
    /// Empty when all is well, else what is wrong (`does not solve!`, ...).
    pub problem: &'static str,
}

/// Solve every pattern in `metric`: each one's solution and length, checked
/// against the file's, and the time it took.
pub fn run_patterns(patterns: &[Pattern], metric: Metric) -> PatternReport {
    let mut solver = PocketSolver::new(metric);
    let results: Vec<PatternResult> = patterns
        .iter()
        .map(|p| solve_pattern(&mut solver, p, metric))
        .collect();
    PatternReport {
        metric,
        all_good: results.iter().all(|r| r.problem.is_empty()),
        optimal: results.iter().filter(|r| r.is_optimal()).count(),
        results,
    }
}

/// One pattern solved, timed and checked against the file's length.
fn solve_pattern(solver: &mut PocketSolver, p: &Pattern, metric: Metric) -> PatternResult {
    let expected = match metric {
        Metric::Htm => p.htm,
        Metric::Qtm => p.qtm,
        Metric::OneWay => None, // no published lengths
    };
    let result = |solved, micros, problem| PatternResult {
        name: p.name.clone(),
        state: p.state.clone(),
        expected,
        solved,
        micros,
        problem,
    };
    let cube = match p.state.parse::<Stickers>().and_then(|s| s.to_cube()) {
        Ok(c) => c,
        Err(e) => return result(Err(e), 0.0, "invalid state"),
    };
    let (alg, us) = crate::io::timed(|| solver.solve(&cube));
    let found = metric.length(&alg);
    let problem = match (cube.apply_alg(&alg).is_solved(), expected) {
        (false, _) => "does not solve!",
        (true, Some(e)) if e != found => "length differs from the file",
        // A bare state has nothing to compare with: solving it is all.
        (true, _) => "",
    };
    result(Ok((alg, found)), us, problem)
}

impl PatternResult {
    /// Solved in the file's length.
    pub fn is_optimal(&self) -> bool {
        self.problem.is_empty() && self.expected.is_some()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cube::PocketSolver;
    use crate::engine::Solver;
    use crate::model::parse_state;
    use crate::puzzle::Puzzle;

    #[test]
    fn patterns_have_published_lengths() {
        let mut solver = PocketSolver::new(Metric::Htm);
        for p in builtin_patterns() {
            let cube = parse_state(&p.state).unwrap();
            let alg = solver.solve(&cube);
            assert!(cube.apply_alg(&alg).is_solved(), "{}", p.name);
            assert_eq!(Some(alg.len() as u32), p.htm, "{}: {alg}", p.name);
            assert_eq!(alg.repeated_face(), None);
        }
    }

    #[test]
    fn all_solution_counts() {
        let mut solver = PocketSolver::new(Metric::Htm);
        let count = |solver: &mut PocketSolver, name: &str| {
            let p = builtin_patterns()
                .into_iter()
                .find(|p| p.name == name)
                .unwrap();
            let cube = parse_state(&p.state).unwrap();
            let all = solver.solve_all(&cube);
            for a in &all {
                assert!(cube.apply_alg(a).is_solved());
                assert_eq!(Some(a.len() as u32), p.htm);
            }
            all.len()
        };
        assert_eq!(count(&mut solver, "Column turn"), 196);
        assert_eq!(count(&mut solver, "Corner swap"), 24);
        assert_eq!(count(&mut solver, "Cube in cube"), 18);
        assert_eq!(count(&mut solver, "Cube in cube 2"), 8);
        assert_eq!(count(&mut solver, "3-cycle"), 45);
        assert_eq!(count(&mut solver, "2 checkerboards, 4 L"), 8);
    }

    #[test]
    fn pocket_golf_solves_like_the_built_in_solver() {
        let p = Puzzle::load("pocket-golf").unwrap();
        let space = p.space(false).unwrap();
        let mut solver = Solver::new(space);
        for pattern in builtin_patterns() {
            let state = solver.space().state(pattern.state.as_bytes()).unwrap();
            let path = solver.solve(state).unwrap();
            assert_eq!(
                Some(path.moves.len() as u32),
                pattern.htm,
                "{}",
                pattern.name
            );
        }
    }

    #[test]
    fn builtin_file_parses() {
        let p = builtin_patterns();
        assert_eq!(p.len(), 13);
        assert_eq!(p[0].name, "Horizontal flags");
        assert_eq!(p[7].name, "Cube in cube 2");
        assert_eq!(p[9].htm, Some(11));
        assert_eq!(p[12].name, "2 checkerboards, 4 L");
    }

    #[test]
    fn lengths_and_errors() {
        let p = parse_patterns("# c\n\nA b  UUUULLFFRRBBLLFFRRBBDDDD 0 0\n").unwrap();
        assert_eq!(p[0].name, "A b");
        assert_eq!((p[0].htm, p[0].qtm), (Some(0), Some(0)));
        // A state made of digits is still the state.
        let p = parse_patterns("Digits 000011223344112233445555 7").unwrap();
        assert_eq!(p[0].state, "000011223344112233445555");
        assert_eq!(p[0].htm, Some(7));
        let e = parse_patterns("ok UUUULLFFRRBBLLFFRRBBDDDD 0\nbad line\n").unwrap_err();
        assert_eq!(e.line, 2);
        assert!(parse_patterns("UUUULLFFRRBBLLFFRRBBDDDD 0").is_err());
        let bare = parse_patterns("UUUULLFFRRBBLLFFRRBBDDDD\n").unwrap();
        assert_eq!((bare[0].name.as_str(), bare[0].htm), ("line 1", None));
        assert!(
            parse_patterns("Name UUUU 3")
                .unwrap_err()
                .message
                .contains("expected 24")
        );
    }
}
