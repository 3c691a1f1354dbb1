//! The JSON API: each query read straight into the library's request (`RawSolve`
//! into `SolveRequest`, `RawCases` into `CasesRequest`, `ScrambleRequest`,
//! `CensusRequest`), checked and answered by the same code as the command line's and
//! printed by the same `pocket-print` printers, so an answer is byte for byte the
//! line `--json` prints; a refusal names the parameter as the query does (`seed=`).

use std::collections::HashMap;
use std::fmt::Display;
use std::str::FromStr;

use crate::{Reply, SVG};
use pocket::cube::cases::CaseSet;
use pocket::engine::census::Census;
use pocket::engine::chart::census_svg;
use pocket::model::Cube;
use pocket::model::cost::Metric;
use pocket::model::moves::{Move, parse_generators};
use pocket::model::stickers::Stickers;
use pocket::request::batch::Want;
use pocket::request::cases::{CasesRequest, RawCases};
use pocket::request::census::{self, CensusRequest, MetricChoice};
use pocket::request::scramble::{DEFAULT_MIN_DISTANCE, ScrambleRequest};
use pocket::request::solve::{self, Load, One, Plan, RawSolve, SolveRequest};
use pocket::request::{FrontEnd, Opt, RequestError};
use pocket_print::{SolvePrinter, case_json, census_json, scramble_json};

/// The longest query string answered: a state is 24 characters, and a move sequence
/// of several thousand moves still fits.
pub const MAX_QUERY: usize = 16 * 1024; // 16 KiB

/// The most solutions one `all=1` answer lists; `count=1` counts any number.
pub const MAX_LISTED: u64 = 10_000;

/// How much a call's work weighs, from the most memory measured
/// (`/usr/bin/time -f %M`, `--release`): what `pocket serve` counts against its
/// memory budget.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Weight {
    /// A look-up in a shared table, a census, a scramble with all moves (under 8 MB).
    Light,
    /// A search with `gen=` or `goal=`, a scramble with `gen=`, a case set (3 to 24 MB).
    Search,
    /// A search with `cost=`: 124 MB with `cost=R=301,U=1` (the costs the library
    /// allows at most apart).
    Weighted,
}

/// A query read and checked, ready to be answered.
pub enum Call {
    /// `/api/solve`: the plan, and the one input's bytes as sent.
    Solve {
        plan: Box<Plan>,
        printer: SolvePrinter,
        input: Vec<u8>,
    },
    /// `/api/scramble`: one scramble.
    Scramble(ScrambleRequest),
    /// `/api/cases`: a set's cases, or the case of one position.
    Cases {
        request: CasesRequest,
        /// The position whose case is asked for (none: every case).
        state: Option<Cube>,
    },
    /// `/api/census` (JSON) or `/census.svg` (the chart).
    Census { request: CensusRequest, chart: bool },
}

/// A query as decoded pairs; a query too long, or one that names an unknown
/// parameter or one twice, is refused.
fn parameters(raw: &str, known: &[&str]) -> Result<HashMap<String, String>, Reply> {
    if raw.len() > MAX_QUERY {
        return Err(Reply::error(
            414,
            &format!(
                "the query is {} bytes, more than the {MAX_QUERY} answered",
                raw.len()
            ),
        ));
    }
    let mut out = HashMap::new();
    for (name, value) in form_urlencoded::parse(raw.as_bytes()) {
        if !known.contains(&name.as_ref()) {
            return Err(Reply::error(
                400,
                &format!("unknown parameter '{name}' (expected {})", known.join(", ")),
            ));
        }
        if out.insert(name.to_string(), value.into_owned()).is_some() {
            return Err(Reply::error(
                400,
                &format!("parameter '{name}' is given twice"),
            ));
        }
    }
    Ok(out)
}

/// A refusal of the library, in the query's words.
fn refused(e: RequestError) -> Reply {
    Reply::error(400, &e.in_words(FrontEnd::Query))
}

/// A parameter's value read as its type, if given: `bad seed= '-1': ...` if not one.
fn value<T: FromStr>(params: &HashMap<String, String>, opt: Opt) -> Result<Option<T>, Reply>
where
    T::Err: Display,
{
    let Some(text) = params.get(opt.name()) else {
        return Ok(None);
    };
    text.parse().map(Some).map_err(|e| {
        let name = opt.in_words(FrontEnd::Query);
        Reply::error(400, &format!("bad {name} '{text}': {e}"))
    })
}

/// A switch: `1`, `true` or nothing after `=` turn it on, `0` or `false` off.
fn switch(params: &HashMap<String, String>, opt: Opt) -> Result<bool, Reply> {
    match params.get(opt.name()).map(String::as_str) {
        None | Some("0" | "false") => Ok(false),
        Some("" | "1" | "true") => Ok(true),
        Some(other) => Err(Reply::error(
            400,
            &format!("parameter '{}' is 1 or 0, not '{other}'", opt.name()),
        )),
    }
}

/// `gen=`: faces (RU) or a list of moves.
fn generators(params: &HashMap<String, String>) -> Result<Option<Vec<Move>>, Reply> {
    let Some(spec) = params.get(Opt::Gen.name()) else {
        return Ok(None);
    };
    parse_generators(spec)
        .map(Some)
        .map_err(|e| Reply::error(400, &format!("bad gen= '{spec}': {e}")))
}

const SOLVE_PARAMETERS: [&str; 10] = [
    "state", "moves", "metric", "layout", "all", "count", "cost", "goal", "gen", "compact",
];

const SCRAMBLE_PARAMETERS: [&str; 7] = [
    "seed",
    "min-distance",
    "length",
    "optimal",
    "gen",
    "set",
    "goal",
];

/// Read the query `raw` (what follows `?`, without it) sent to `path` into a call,
/// or the reply that refuses it.
pub fn read(path: &str, raw: &str) -> Result<Call, Reply> {
    match path {
        "/api/solve" => solve_call(raw),
        "/api/scramble" => {
            let params = parameters(raw, &SCRAMBLE_PARAMETERS)?;
            Ok(Call::Scramble(scramble_query(&params)?))
        }
        "/api/cases" => cases_call(raw),
        "/api/census" | "/census.svg" => {
            let params = parameters(raw, &["metric"])?;
            let request = CensusRequest {
                metric: census_metrics(&params)?,
                ..CensusRequest::default()
            };
            let chart = path == "/census.svg";
            Ok(Call::Census { request, chart })
        }
        _ => Err(Reply::error(404, &format!("no such page: {path}"))),
    }
}

/// A solve query as the library's plan, with the one input's bytes as sent.
fn solve_call(raw: &str) -> Result<Call, Reply> {
    let params = parameters(raw, &SOLVE_PARAMETERS)?;
    let (state, moves) = (params.get("state"), params.get("moves"));
    // With both, the moves turn the state (the page's "Apply"), as on the command line.
    let (which, input) = match (state, moves) {
        (Some(state), _) => ("state", state),
        (None, Some(moves)) => ("moves", moves),
        _ => {
            return Err(Reply::error(
                400,
                "give state= (24 stickers), moves= (a WCA sequence), or both (the moves turn the state)",
            ));
        }
    };
    // "-" would read standard input on the command line; a server has none.
    if input.is_empty() || (input == "-" && moves.is_some()) {
        return Err(Reply::error(400, "the state or sequence is empty"));
    }
    let request = RawSolve {
        metric: value(&params, Opt::Metric)?.unwrap_or_default(),
        layout: value(&params, Opt::Layout)?.unwrap_or_default(),
        cost: params.get("cost").cloned(),
        goal: params.get("goal").cloned(),
        generators: generators(&params)?,
        moves: moves.into_iter().cloned().collect(),
        states: state.into_iter().cloned().collect(),
        all: switch(&params, Opt::All)?,
        count: switch(&params, Opt::Count)?,
        compact: switch(&params, Opt::Compact)?,
        json: true,
        ..RawSolve::default()
    };
    // The bytes as sent, so that a byte that is not UTF-8 gets the command line's message.
    let input = crate::query_bytes(raw, which).unwrap_or(input.clone().into_bytes());
    let request = SolveRequest::try_from(request).map_err(refused)?;
    let printer = SolvePrinter::new(&request);
    let plan = Box::new(solve::plan(request).map_err(refused)?);
    Ok(Call::Solve {
        plan,
        printer,
        input,
    })
}

/// A scramble query as the library's request: one scramble.
fn scramble_query(params: &HashMap<String, String>) -> Result<ScrambleRequest, Reply> {
    Ok(ScrambleRequest {
        count: 1,
        seed: value(params, Opt::Seed)?,
        min_distance: value::<u32>(params, Opt::MinDistance)?
            .map_or(DEFAULT_MIN_DISTANCE, u64::from),
        length: value(params, Opt::Length)?,
        optimal: switch(params, Opt::Optimal)?,
        generators: generators(params)?,
        set: value(params, Opt::Set)?,
        goal: params.get("goal").cloned(),
    })
}

/// `/api/cases?set=cll`: every case of a set, as `pocket cases --json` writes them,
/// in an array; with `state=`, the case of that position (404 when it is not one of
/// the set's).
fn cases_call(raw: &str) -> Result<Call, Reply> {
    let params = parameters(raw, &["set", "state", "cost"])?;
    let Some(set) = value::<CaseSet>(&params, Opt::Set)? else {
        return Err(Reply::error(400, "set= is missing"));
    };
    let raw = RawCases {
        set,
        cost: params.get("cost").cloned(),
        json: true,
        svg: None,
        show: false,
    };
    let request = CasesRequest::try_from(raw).map_err(refused)?;
    let state = match params.get("state") {
        Some(s) => Some(
            s.parse::<Stickers>()
                .and_then(|s| s.to_cube())
                .map_err(|e| Reply::error(400, &format!("bad state= : {e}")))?,
        ),
        None => None,
    };
    Ok(Call::Cases { request, state })
}

/// The censuses a `metric=` asks for: one metric, or all three (the default, as for
/// `pocket census`), read by the library's parser and in its words.
fn census_metrics(params: &HashMap<String, String>) -> Result<Option<Metric>, Reply> {
    let Some(text) = params.get(Opt::Metric.name()) else {
        return Ok(None);
    };
    text.parse::<MetricChoice>()
        .map(MetricChoice::metric)
        .map_err(|e| Reply::error(400, &e.to_string()))
}

impl Call {
    /// How much the call's work weighs: from the solve plan's load, and for the rest
    /// from what it runs.
    pub fn weight(&self) -> Weight {
        match self {
            Call::Solve { plan, .. } => match plan.load() {
                Load::Lookup => Weight::Light,
                Load::Search => Weight::Search,
                Load::Weighted => Weight::Weighted,
            },
            Call::Scramble(request) if request.searches() => Weight::Search,
            Call::Scramble(_) | Call::Census { .. } => Weight::Light,
            Call::Cases { .. } => Weight::Search,
        }
    }

    /// Whether the call answers for a client in particular (a census is the same for
    /// everyone, so it is not counted against one client's share).
    pub fn per_client(&self) -> bool {
        !matches!(self, Call::Census { .. })
    }

    /// Answer the call: the blocking work, for a core of its own.
    pub fn answer(self) -> Reply {
        match self {
            Call::Solve {
                plan,
                printer,
                input,
            } => answer_solve(*plan, &printer, &input),
            Call::Scramble(request) => answer_scramble(&request),
            Call::Cases { request, state } => answer_cases(&request, state),
            Call::Census { request, chart } => answer_census(&request, chart),
        }
    }
}

fn answer_solve(plan: Plan, printer: &SolvePrinter, input: &[u8]) -> Reply {
    let all = plan.want == Want::All;
    let one = plan.answer_alone(printer, input, MAX_LISTED);
    match one {
        One { failed: true, .. } => Reply {
            // A bad state: the command's error line.
            status: 400,
            ..Reply::json(one.line)
        },
        One { count, .. } if all && count > MAX_LISTED => Reply::error(
            422,
            &format!(
                "{count} optimal solutions, more than the {MAX_LISTED} listed at once; ask count=1"
            ),
        ),
        One { line, .. } => Reply::json(line),
    }
}

fn answer_scramble(request: &ScrambleRequest) -> Reply {
    let drawn = match request.scrambles() {
        Ok(mut scrambles) => scrambles.next(),
        Err(e) => return refused(e),
    };
    match drawn {
        Some(Ok(sc)) => Reply::json(scramble_json(&sc).to_string()),
        Some(Err(e)) => refused(e),
        None => Reply::error(500, "no scramble"),
    }
}

fn answer_cases(request: &CasesRequest, state: Option<Cube>) -> Reply {
    let sheet = match request.run() {
        Ok(sheet) => sheet,
        Err(e) => return refused(e),
    };
    let set = request.set;
    let total = sheet.positions;
    match state {
        None => Reply::json(
            serde_json::Value::from(
                sheet
                    .cases
                    .iter()
                    .map(|c| case_json(c, total))
                    .collect::<Vec<_>>(),
            )
            .to_string(),
        ),
        Some(cube) => match sheet.case_of(&cube) {
            Some(case) => Reply::json(case_json(case, total).to_string()),
            None => Reply::error(
                404,
                &format!("the state is not a position of the {} set", set.title()),
            ),
        },
    }
}

fn answer_census(request: &CensusRequest, chart: bool) -> Reply {
    let list: Vec<Census> = match census::run(request, &mut |_| {}) {
        Ok(counted) => counted.censuses,
        Err(e) => return refused(e),
    };
    if chart {
        return Reply {
            status: 200,
            kind: SVG,
            body: census_svg(&list),
        };
    }
    // One metric: its object; all three: the objects `census --json` prints one per
    // line, as an array.
    let body = match request.metric {
        None => serde_json::Value::from(list.iter().map(census_json).collect::<Vec<_>>()),
        Some(_) => list.first().map(census_json).unwrap_or_default(),
    };
    Reply::json(body.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn switches_and_values() {
        let mut p = HashMap::new();
        p.insert("all".to_string(), "1".to_string());
        p.insert("metric".to_string(), "qtm".to_string());
        assert_eq!(switch(&p, Opt::All).ok(), Some(true));
        assert_eq!(switch(&p, Opt::Count).ok(), Some(false));
        assert_eq!(
            value::<Metric>(&p, Opt::Metric).ok(),
            Some(Some(Metric::Qtm))
        );
        p.insert("all".to_string(), "yes".to_string());
        assert!(switch(&p, Opt::All).is_err());
        p.insert("metric".to_string(), "x".to_string());
        let refused = value::<Metric>(&p, Opt::Metric).expect_err("refused");
        assert!(refused.body.contains("bad metric= 'x'"), "{}", refused.body);
    }

    /// Issue 62: /api/cases read its cost=, and /api/census its metric=, with
    /// refusals of their own; they are the library's now, cost= worded as
    /// /api/solve's.
    #[test]
    fn cases_and_solve_refuse_a_bad_cost_alike() {
        let body = |path: &str, query: &str| match read(path, query) {
            Ok(call) => call.answer().body,
            Err(reply) => reply.body,
        };
        let cases = body("/api/cases", "set=cll&cost=R=x");
        let solve = body("/api/solve", "state=UUUUFFRRBBLLLLFFRRBBDDDD&cost=R=x");
        assert!(cases.contains("bad cost=: cost of R must be"), "{cases}");
        assert_eq!(cases, solve);
        let census = body("/api/census", "metric=x");
        assert!(census.contains("unknown metric 'x' (expected htm, qtm, one-way or all)"));
    }
}
