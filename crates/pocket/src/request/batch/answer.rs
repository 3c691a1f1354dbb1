//! How `solve` writes each answer ([`Answer`]): a line of text or a JSON object per
//! input, or its error line; apart from finding the answers and from the batch
//! driver that writes them out.

use super::{Item, Solution, Solved, Subject, Want};
use crate::cube::table::Separators;
use crate::model::cost::format_decimal;

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
