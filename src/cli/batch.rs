//! Answering `pocket solve` inputs in batches: decode each line or argument, solve,
//! format the answer (text or JSON), and write them in input order. A batch is what
//! input is at hand, answered before any read that could block, so a caller writing
//! one state at a time gets each answer at once.

use std::io::{self, Write};

use crate::cli::{EXIT_BAD_INPUT, EXIT_OK};
use crate::io::{Line, LineReader, trim};
use crate::model::cost::{Costs, Metric};
use crate::model::cube::Cube;
use crate::model::goal::Goal;
use crate::model::moves::Alg;
use crate::model::notation::{Layout, NotationError, WcaSequence};
use crate::model::stickers::Stickers;
use crate::pocket::picture::{Style, draw};
use crate::pocket::solver::PocketSolver;
use crate::pocket::table::TableSolver;

/// A solver as `solve` uses it.
pub(crate) trait Solve {
    /// The cheapest way to a position matching a goal; `None` when unsupported or
    /// unreachable.
    fn to_goal(&mut self, _cube: &Cube, _goal: &[Option<u8>; 24]) -> Option<Alg> {
        None
    }
    /// An optimal solution, or `None` if the solver's moves cannot reach the cube.
    fn one(&mut self, cube: &Cube) -> Option<Alg>;
    fn all(&mut self, cube: &Cube) -> Vec<Alg>;
}

impl Solve for PocketSolver {
    fn to_goal(&mut self, cube: &Cube, goal: &[Option<u8>; 24]) -> Option<Alg> {
        self.solve_to_goal(cube, goal)
    }
    fn one(&mut self, cube: &Cube) -> Option<Alg> {
        self.try_solve(cube)
    }
    fn all(&mut self, cube: &Cube) -> Vec<Alg> {
        self.solve_all(cube)
    }
}

impl Solve for &TableSolver {
    fn one(&mut self, cube: &Cube) -> Option<Alg> {
        Some(self.solve(cube))
    }
    fn all(&mut self, cube: &Cube) -> Vec<Alg> {
        self.solve_all(cube)
    }
}

/// How `solve` reads and answers each state.
#[derive(Clone, Debug)]
pub(crate) struct Answer {
    pub(crate) compact: bool,
    pub(crate) all: bool,
    pub(crate) count: bool,
    pub(crate) json: bool,
    pub(crate) layout: Layout,
    /// Inputs are WCA move sequences, not sticker strings.
    pub(crate) moves_input: bool,
    pub(crate) metric: Metric,
    pub(crate) costs: Option<Costs>,
    /// Draw the state (and with `steps`, every step of the solution) before the answer.
    pub(crate) show: Option<(Style, bool)>,
    /// Solve to this pattern instead of the solved cube.
    pub(crate) goal: Option<Goal>,
    /// The moves turned, for the message about a state they cannot reach.
    pub(crate) reach_name: String,
}

impl Answer {
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

    /// The position an input line or argument stands for, and its stickers in net order.
    fn decode(&self, raw: &[u8]) -> Result<(Cube, Stickers), String> {
        let stickers = if self.moves_input {
            let text = std::str::from_utf8(raw)
                .map_err(|_| "the move sequence is not UTF-8".to_string())?;
            let seq: WcaSequence = text.parse().map_err(|e: NotationError| e.to_string())?;
            seq.apply(&Stickers::SOLVED)
        } else {
            let given = Stickers::from_bytes(raw).map_err(|e| e.message(self.layout))?;
            self.layout.to_golf(&given)
        };
        let cube = stickers.to_cube().map_err(|e| e.message(self.layout))?;
        Ok((cube, stickers))
    }

    fn text(&self, a: &Alg) -> String {
        if self.compact {
            a.compact()
        } else {
            a.to_string()
        }
    }

    fn cost_note(&self, a: &Alg) -> String {
        match &self.costs {
            Some(c) if a.is_empty() => format!("(cost {})", c.total(a)),
            Some(c) => format!(" (cost {})", c.total(a)),
            None => String::new(),
        }
    }

    /// Append the answer line for `raw` to `out`; an error is returned, not written.
    fn write(&self, solver: &mut impl Solve, raw: &[u8], out: &mut String) -> Result<(), String> {
        let (cube, stickers) = self.decode(raw)?;
        if let Some(goal) = &self.goal {
            let faces = goal
                .faces_for(&stickers, &cube)
                .map_err(|e| e.to_string())?;
            if let Some(why) = crate::model::goal::unmatchable(goal, &faces) {
                return Err(format!("goal: no position matches it: {why}"));
            }
            let Some(a) = solver.to_goal(&cube, &faces) else {
                return Err(format!(
                    "no position matching the goal is reachable with {}",
                    self.reach_name
                ));
            };
            out.push_str(&self.pictures(&stickers, &a));
            out.push_str(&self.text(&a));
            out.push_str(&self.cost_note(&a));
            return Ok(());
        }
        // Solve once: every form of the answer below uses these.
        let all = (self.all || self.count).then(|| solver.all(&cube));
        let one = match &all {
            Some(all) => all.first().cloned(),
            None => solver.one(&cube),
        };
        let Some(one) = one else {
            return Err(format!("not reachable with {}", self.reach_name));
        };
        if self.json {
            let input = String::from_utf8_lossy(raw);
            out.push_str(&self.json_answer(&one, all.as_deref(), &input).to_string());
            return Ok(());
        }
        out.push_str(&self.pictures(&stickers, &one));
        match &all {
            Some(all) if self.count => out.push_str(&all.len().to_string()),
            Some(all) => {
                let texts: Vec<String> = all.iter().map(|a| self.text(a)).collect();
                out.push_str(&texts.join(if self.compact { " " } else { ", " }));
                out.push_str(&self.cost_note(&one));
            }
            None => {
                out.push_str(&self.text(&one));
                out.push_str(&self.cost_note(&one));
            }
        }
        Ok(())
    }

    fn json_answer(&self, a: &Alg, all: Option<&[Alg]>, input: &str) -> serde_json::Value {
        let moves: Vec<String> = a.as_slice().iter().map(|m| m.to_string()).collect();
        let mut v = serde_json::json!({
            "input": input,
            "solution": self.text(a),
            "moves": moves,
            "length": self.metric.length(a),
        });
        match &self.costs {
            None => v["metric"] = self.metric.to_string().into(),
            Some(c) => v["cost"] = c.total(a).parse::<f64>().unwrap_or(0.0).into(),
        }
        if let Some(all) = all {
            v["count"] = all.len().into();
            if self.all {
                v["solutions"] = all.iter().map(|a| self.text(a)).collect::<Vec<_>>().into();
            }
        }
        v
    }

    fn json_error(input: &[u8], e: &str) -> String {
        serde_json::json!({ "input": String::from_utf8_lossy(input), "error": e }).to_string()
    }

    /// Answer a batch of input lines: the output text and the errors by line.
    pub(crate) fn batch(
        &self,
        solver: &mut impl Solve,
        items: &[Item],
        text: &[u8],
    ) -> (String, Vec<(usize, String)>) {
        let mut out = String::with_capacity(items.len() * 40);
        let mut errors = Vec::new();
        for item in items {
            let raw = item.span.map_or(&[][..], |(a, b)| &text[a..b]);
            let result = match item.span {
                Some(_) => self.write(solver, raw, &mut out),
                None => Err(format!(
                    "line too long ({} bytes; a state is 24 characters)",
                    item.len
                )),
            };
            if let Err(e) = result {
                if self.json {
                    out.push_str(&Answer::json_error(raw, &e));
                } else {
                    out.push_str("error: ");
                    out.push_str(&crate::model::stickers::escape_text(&e));
                }
                errors.push((item.place, e));
            }
            out.push('\n');
        }
        (out, errors)
    }
}

/// One input line of a batch: where its state is in the batch text, or its length if
/// it was too long to keep; and its line number (or argument number).
pub(crate) struct Item {
    span: Option<(usize, usize)>,
    len: usize,
    place: usize,
}

/// Counts of a batch, for the exit status and the closing diagnostic.
#[derive(Default)]
pub(crate) struct Tally {
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

    pub(crate) fn finish(&self) -> u8 {
        if self.invalid == 0 {
            return EXIT_OK;
        }
        eprintln!(
            "pocket: {} of {} states invalid (first at {})",
            self.invalid,
            self.states,
            self.first_error.as_deref().unwrap_or("?")
        );
        EXIT_BAD_INPUT
    }
}

/// Lines gathered before a batch is answered, unless the input runs dry first.
const BATCH_LINES: usize = 8192;

/// Answers one batch; the output text and the errors by place.
pub(crate) type Run<'a> = dyn FnMut(&[Item], &[u8]) -> (String, Vec<(usize, String)>) + 'a;

/// Answer command-line arguments in one batch.
pub(crate) fn answer_arguments(
    inputs: &[String],
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
    let (text_out, errors) = run(&items, &text);
    let mut tally = Tally::default();
    tally.record(items.len(), &errors, "argument");
    out.write_all(text_out.as_bytes())?;
    out.flush()?;
    Ok(tally)
}

/// Answer lines of input, a batch at a time, flushing before any read that could block.
pub(crate) fn answer_lines<R: io::Read>(
    reader: &mut LineReader<R>,
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
            let (text_out, errors) = run(&items, &text);
            tally.record(items.len(), &errors, "line");
            out.write_all(text_out.as_bytes())?;
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
