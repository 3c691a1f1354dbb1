//! `solve`'s printer: one line of text or one JSON object per input, or its error
//! line, as the request's form asks.

use pocket::cube::Separators;
use pocket::model::cost::format_decimal;
use pocket::model::stickers::escape_text;
use pocket::request::SolveRequest;
use pocket::request::batch::{Outcome, Printer, Solution, Solved, Want};

/// What a terminal shows for a state solved already, instead of an empty line.
pub const ALREADY_SOLVED: &str = "(already solved: no moves)";

/// How `solve` writes each answer.
#[derive(Clone, Copy, Debug, Default)]
pub struct SolvePrinter {
    /// Moves without spaces.
    pub compact: bool,
    /// Every optimal solution.
    pub all: bool,
    /// The number of optimal solutions.
    pub count: bool,
    /// One JSON object a line.
    pub json: bool,
    /// With `all`, one solution per line and an empty line after the last.
    pub lines: bool,
    /// Write [`ALREADY_SOLVED`] for a state with an empty solution.
    pub mark_solved: bool,
}

impl SolvePrinter {
    /// The printer for what `request` wants, in the form it asks.
    pub fn new(request: &SolveRequest) -> SolvePrinter {
        let form = request.form;
        SolvePrinter {
            compact: form.compact,
            all: request.want == Want::All,
            count: request.want == Want::Count,
            json: form.json,
            lines: form.lines,
            mark_solved: form.mark_solved,
        }
    }

    fn moves(&self) -> &'static str {
        if self.compact { "" } else { " " }
    }

    fn text(&self, s: &Solution<'_>) -> String {
        s.moves.join(self.moves())
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

    fn solved_line(
        &self,
        input: &[u8],
        solved: &Solved<'_>,
        metric: Option<&str>,
        out: &mut String,
    ) {
        let number = solved.number();
        if self.json {
            let input = String::from_utf8_lossy(input);
            let mut v = self.json_answer(solved, metric, &input);
            if let Some(search) = solved.search {
                v["search"] = search.into();
            }
            out.push_str(&v.to_string());
            return;
        }
        out.push_str(&solved.pictures);
        if self.count {
            out.push_str(&number.to_string());
            return;
        }
        let texts: Vec<String> = solved.solutions.iter().map(|s| self.text(s)).collect();
        let from = out.len();
        out.push_str(&texts.join(self.between()));
        match out.len() == from && self.mark_solved {
            true => out.push_str(ALREADY_SOLVED),
            false => out.push_str(&self.cost_note(solved)),
        }
        if self.lines {
            out.push('\n');
        }
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

    /// The line for an input that could not be answered.
    fn error_line(&self, input: &[u8], e: &str, out: &mut String) {
        if self.json {
            let v = serde_json::json!({ "input": String::from_utf8_lossy(input), "error": e });
            out.push_str(&v.to_string());
        } else {
            out.push_str("error: ");
            out.push_str(&escape_text(e));
        }
        if self.lines {
            // Every state's group ends in an empty line, an error's too.
            out.push('\n');
        }
    }
}

impl Printer for SolvePrinter {
    fn want(&self) -> Want {
        match (self.all, self.count) {
            (true, _) => Want::All,
            (false, true) => Want::Count,
            _ => Want::First,
        }
    }

    fn listing(&self) -> Option<Separators<'static>> {
        // Plain text: no solution made a value where the solver can write them.
        (!self.json).then(|| Separators {
            moves: self.moves(),
            solutions: self.between(),
        })
    }

    fn number_only(&self) -> bool {
        // Only the number is printed: no first solution to find (1.2 µs of the
        // 5.0 µs an antipode took).
        !self.json
    }

    fn print(&self, input: &[u8], outcome: Outcome<'_, '_>, out: &mut String) {
        match outcome {
            Outcome::Solved { solved, metric } => self.solved_line(input, solved, metric, out),
            Outcome::Counted(number) => out.push_str(&number.to_string()),
            Outcome::Listed { from, .. } => self.close(out, from),
            Outcome::Magic(steps) => crate::magic_method::write_steps(self.json, input, steps, out),
            Outcome::Failed(e) => self.error_line(input, e, out),
        }
        out.push('\n');
    }
}
