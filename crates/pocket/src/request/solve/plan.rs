//! A cube request checked into its [`Plan`]: every option weighed against the
//! others (a refusal is a usage error), the input read and the solver chosen;
//! and one input answered by the plan alone, by the solver it chose, as `pocket
//! serve` asks; apart from running a whole request.

use super::inputs::{Inputs, take_inputs};
use super::{Method, SolveRequest};
use crate::cube::solver::PocketSolver;
use crate::model::cost::{Costs, Metric};
use crate::model::goal::Goal;
use crate::model::moves::{Move, generators_name};
use crate::model::notation::{Layout, WcaSequence};
use crate::request::RequestError;
use crate::request::batch::{
    CubeInput, CubeSubject, Outcome, Printer, Solve, Subject, Want, answer_input,
};
use crate::request::words::opts::*;
use crate::request::{Message, message};

/// A cube request, checked: what to answer, how, and with which solver. The command
/// line and `pocket serve` both run requests through it, so they answer alike.
pub struct Plan {
    pub inputs: Vec<String>,
    pub input: CubeInput,
    /// Every optimal solution is asked for (`--all`).
    pub all: bool,
    pub method: Method,
    /// The bidirectional search with the request's moves and costs.
    pub bidir: PocketSolver,
    /// No --gen, --cost or --goal: the metric's table gives the same answers.
    pub plain: bool,
}

/// Check a cube request (not `--puzzle`): a refusal is a usage error.
pub fn plan(a: SolveRequest) -> Result<Plan, RequestError> {
    checked(a).map_err(RequestError::Usage)
}

fn checked(mut a: SolveRequest) -> Result<Plan, Message> {
    let Inputs {
        given: inputs,
        sequences: moves_input,
        then,
    } = take_inputs(&mut a)?;
    let then = then
        .map(|t| t.parse::<WcaSequence>())
        .transpose()
        .map_err(|e| message!("{MOVES}: {e}"))?;
    if a.puzzle.is_some() {
        return Err(message!("a puzzle is answered by `pocket solve {PUZZLE}`"));
    }
    if a.steps && a.show.is_none() {
        return Err(message!("{STEPS} draws the steps of {SHOW}: give both"));
    }
    if a.show.is_some() && a.json {
        return Err(message!(
            "{SHOW} draws pictures, which {JSON} has no room for"
        ));
    }
    // Options that would change nothing are refused, never ignored.
    if a.compact && a.count && !a.json {
        return Err(message!(
            "{COUNT} prints only the number of solutions: {COMPACT} has nothing to write"
        ));
    }
    if moves_input && a.layout != Layout::Golf && !a.json && a.goal.is_none() {
        return Err(message!(
            "{LAYOUT} is how states are written: with {MOVES} it applies to {GOAL} and to \
                    the \"state\" of {JSON} only"
        ));
    }
    let costs = read_costs(a.cost.as_deref(), a.metric)?;
    if costs.is_some() && a.method == Method::Table {
        return Err(message!(
            "{COST} needs the search ({METHOD} auto or bidir): the table knows only the metrics"
        ));
    }
    if a.generators.is_some() && a.method == Method::Table {
        return Err(message!(
            "{GEN} needs the search ({METHOD} auto or bidir): the table knows all nine moves only"
        ));
    }
    // A goal is written like the states, in their layout.
    let goal = a
        .goal
        .as_deref()
        .map(Goal::parse)
        .transpose()
        .map_err(|e| e.to_string())?
        .map(|g| g.in_net_order(a.layout));
    if goal.is_some() && a.method == Method::Table {
        return Err(message!(
            "{GOAL} needs the search ({METHOD} auto or bidir): the table knows only solved"
        ));
    }
    let generators = a.generators.clone().unwrap_or_else(|| Move::ALL.to_vec());
    let bidir = match &costs {
        Some(c) => {
            PocketSolver::with_costs_in(c, &generators).map_err(|e| message!("bad {COST}: {e}"))
        }
        None => PocketSolver::with_moves(&generators, a.metric).map_err(|e| e.to_string().into()),
    }?;
    let plain = a.generators.is_none() && costs.is_none() && goal.is_none();
    let input = CubeInput {
        layout: a.layout,
        moves_input,
        then,
        metric: a.metric,
        costs,
        show: a.show.map(|style| (style, a.steps)),
        goal,
        reach_name: generators_name(a.generators.as_deref().unwrap_or(&Move::ALL)),
    };
    Ok(Plan {
        inputs,
        input,
        all: a.all,
        method: a.method,
        bidir,
        plain,
    })
}

/// The move costs a request gives, read and checked against its metric: the one
/// wording of these refusals for every front end (`--cost` on the command line,
/// `cost=` in a link, `cost` in Python).
pub fn costs_for(cost: Option<&str>, metric: Metric) -> Result<Option<Costs>, RequestError> {
    read_costs(cost, metric).map_err(RequestError::Usage)
}

fn read_costs(cost: Option<&str>, metric: Metric) -> Result<Option<Costs>, Message> {
    let costs = cost
        .map(str::parse::<Costs>)
        .transpose()
        .map_err(|e| message!("bad {COST}: {e}"))?;
    if costs.is_some() && metric != Metric::Htm {
        return Err(message!("{COST} replaces {METRIC}: give one of them"));
    }
    Ok(costs)
}

/// One input answered alone: the printer's line for it (with no newline) and how
/// many optimal solutions it has, or the printer's error line.
pub type One = Result<(String, u64), String>;

impl Plan {
    /// Answer one input (its bytes as given) with `solver`, written by `printer`.
    pub fn answer_one(&self, printer: &dyn Printer, solver: impl Solve, raw: &[u8]) -> One {
        answer_with(&self.input, printer, solver, raw)
    }

    /// Answer one input with the bidirectional search (moves, costs or a goal).
    pub fn answer_one_bidir(self, printer: &dyn Printer, raw: &[u8]) -> One {
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
    /// `max_listed` (listing is bounded, counting is not): past it the answer is the
    /// count's, whose number says how many. The search lists as it finds them.
    pub fn answer_alone(self, printer: &dyn Printer, raw: &[u8], max_listed: u64) -> One {
        if !self.plain {
            return self.answer_one_bidir(printer, raw);
        }
        let table = crate::cube::shared::table(self.input.metric);
        if printer.want() == Want::All {
            let counted = self.count_one(table, raw);
            if counted > max_listed {
                return Ok((String::new(), counted));
            }
        }
        self.answer_one(printer, table, raw)
    }

    /// How many optimal solutions one input has, by `solver`, with no line written;
    /// 0 for a bad input, whose error line [`Plan::answer_one`] then writes.
    fn count_one(&self, solver: impl Solve, raw: &[u8]) -> u64 {
        let mut subject = CubeSubject {
            input: &self.input,
            solver,
        };
        match subject.count_alone(raw) {
            Some(Ok(count)) => count,
            _ => 0,
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
    if line.ends_with('\n') {
        line.pop();
    }
    match answered {
        Ok(count) => Ok((line, count)),
        Err(_) => Err(line),
    }
}
