//! A checked cube request planned ([`Plan`]): its solver chosen and built; and one
//! input answered by the plan alone, by the solver it chose, as `pocket serve` asks
//! (a printed line) and the Python package (a value); apart from checking a request
//! and from running a whole one.

use super::Method;
use super::request::{CubeTarget, Form, Inputs, SolveRequest, Target};
use crate::cube::solver::PocketSolver;
use crate::model::invalid::{Invalid, Kind};
use crate::model::moves::{Move, generators_name};
use crate::request::RequestError;
use crate::request::batch::{
    CubeInput, CubeSubject, Outcome, Printer, Solve, Solved, Subject, Want, answer_input,
};
use crate::request::words::opts::*;
use crate::request::{Message, message};

/// A cube request, checked: what to answer, how, and with which solver. The command
/// line, `pocket serve` and the Python package all run requests through it, so they
/// answer alike.
pub struct Plan {
    pub(crate) inputs: Vec<String>,
    pub(crate) input: CubeInput,
    /// What each answer holds: the first solution, all of them, or their number.
    pub want: Want,
    pub(crate) method: Method,
    /// The bidirectional search with the request's moves and costs.
    pub(crate) bidir: PocketSolver,
    /// No --gen, --cost or --goal: the metric's table gives the same answers.
    pub(crate) plain: bool,
}

/// Plan a checked cube request: its solver chosen and built (the bidirectional
/// search with the request's moves and costs); a puzzle's request is refused.
pub fn plan(request: SolveRequest) -> Result<Plan, RequestError> {
    let SolveRequest {
        target,
        want,
        form,
        inputs,
    } = request;
    let Target::Cube(cube) = target else {
        return Err(RequestError::Usage(message!(
            "a puzzle is answered by `pocket solve {PUZZLE}`"
        )));
    };
    cube_plan(cube, want, form, inputs).map_err(RequestError::Usage)
}

fn cube_plan(t: CubeTarget, want: Want, form: Form, inputs: Inputs) -> Result<Plan, Message> {
    let generators = t.generators.clone().unwrap_or_else(|| Move::ALL.to_vec());
    let bidir = match &t.costs {
        Some(c) => {
            PocketSolver::with_costs_in(c, &generators).map_err(|e| message!("bad {COST}: {e}"))
        }
        None => PocketSolver::with_moves(&generators, t.metric).map_err(|e| e.to_string().into()),
    }?;
    let plain = t.generators.is_none() && t.costs.is_none() && t.goal.is_none();
    let input = CubeInput {
        layout: t.layout,
        moves_input: inputs.sequences,
        then: t.then,
        metric: t.metric,
        costs: t.costs,
        show: form.show,
        goal: t.goal,
        reach_name: generators_name(t.generators.as_deref().unwrap_or(&Move::ALL)),
    };
    Ok(Plan {
        inputs: inputs.given,
        input,
        want,
        method: t.method,
        bidir,
        plain,
    })
}

/// One input answered alone, as the front end's printer wrote it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct One {
    /// The printer's line (with no newline): the answer's, or the input's error
    /// line; empty when the listing was cut at its cap (see [`Plan::answer_alone`]).
    pub line: String,
    /// How many optimal solutions the input has (0 when it could not be answered).
    pub count: u64,
    /// The input could not be answered: `line` is its error line.
    pub failed: bool,
}

impl Plan {
    /// Answer one input (its bytes as given) with `solver`, written by `printer`.
    fn answer_one(&self, printer: &dyn Printer, solver: impl Solve, raw: &[u8]) -> One {
        answer_with(&self.input, printer, solver, raw)
    }

    /// Answer one input with the bidirectional search (moves, costs or a goal).
    fn answer_one_bidir(self, printer: &dyn Printer, raw: &[u8]) -> One {
        answer_with(&self.input, printer, self.bidir, raw)
    }

    /// What answering one input costs, by the solver this plan chose: so that a
    /// front end that schedules requests (`pocket serve`) weighs them by the plan,
    /// never by reading the request again.
    pub fn load(&self) -> Load {
        match (self.plain, self.input.costs.is_some()) {
            (true, _) => Load::Lookup,
            (false, true) => Load::Weighted,
            (false, false) => Load::Search,
        }
    }

    /// Answer one input on its own by the solver this plan chose: the metric's
    /// shared table for a plain request, else the bidirectional search. Asked for
    /// all solutions, the table counts them first and lists them only up to
    /// `max_listed` (listing is bounded, counting is not): past it the line is empty
    /// and the number says how many, for the front end to refuse. The search lists
    /// as it finds them.
    pub fn answer_alone(self, printer: &dyn Printer, raw: &[u8], max_listed: u64) -> One {
        if !self.plain {
            return self.answer_one_bidir(printer, raw);
        }
        let table = crate::cube::shared::table(self.input.metric);
        if self.want == Want::All {
            let counted = self.count_one(table, raw);
            if counted > max_listed {
                return One {
                    line: String::new(),
                    count: counted,
                    failed: false,
                };
            }
        }
        self.answer_one(printer, table, raw)
    }

    /// One input's answer as a value, by the solver this plan chose (as
    /// [`Plan::answer_alone`] answers): what `want` asks of it (the plan's own
    /// [`Plan::want`], or another for a front end that keeps one plan for several
    /// calls), or why it has none. A front end that answers in values (Python)
    /// formats it itself.
    pub fn solved(&mut self, raw: &[u8], want: Want) -> Result<Solved<'static>, Invalid> {
        let input = &self.input;
        let solved = match self.plain {
            false => CubeSubject {
                input,
                solver: &mut self.bidir,
            }
            .solved(raw, want),
            true => CubeSubject {
                input,
                solver: crate::cube::shared::table(input.metric),
            }
            .solved(raw, want),
        };
        solved.map_err(|e| Invalid::new(Kind::Input, e))
    }

    /// How many optimal solutions one input has, by `solver`, with no line written
    /// (counted alone where the solver can, else with the first solution); 0 for a
    /// bad input, whose error line the answer then writes.
    fn count_one(&self, solver: impl Solve, raw: &[u8]) -> u64 {
        let mut subject = CubeSubject {
            input: &self.input,
            solver,
        };
        match subject.count_alone(raw) {
            Some(counted) => counted.unwrap_or(0),
            None => subject.solve(raw, Want::Count).map_or(0, |s| s.number()),
        }
    }
}

/// What one input of a [`Plan`] costs to answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Load {
    /// A look-up in the metric's shared table: no memory of its own.
    Lookup,
    /// The bidirectional search with other moves or a goal: 3 to 24 MB.
    Search,
    /// The bidirectional search with costs: up to 124 MB (`cost=R=301,U=1`, the
    /// costs furthest apart that the library allows).
    Weighted,
}

fn answer_with(input: &CubeInput, printer: &dyn Printer, solver: impl Solve, raw: &[u8]) -> One {
    let mut subject = CubeSubject { input, solver };
    let mut line = String::new();
    let answered = answer_input(printer, &mut subject, raw, &mut line);
    if let Err(e) = &answered {
        line.clear();
        printer.print(raw, Outcome::Failed(e), &mut line);
    }
    line.truncate(line.trim_end_matches('\n').len());
    One {
        line,
        count: *answered.as_ref().unwrap_or(&0),
        failed: answered.is_err(),
    }
}
