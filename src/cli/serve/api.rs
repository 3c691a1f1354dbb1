//! The JSON API: each query read straight into the library's typed request
//! (`SolveRequest`, `ScrambleRequest`, `CensusRequest`), checked and answered by the
//! same code as the command line's, so an answer is byte for byte the line `--json`
//! prints; a refusal names the parameter as the query does (`seed=`).

use std::collections::HashMap;
use std::fmt::Display;
use std::net::IpAddr;
use std::str::FromStr;
use std::sync::Arc;

use axum::extract::{Query, RawQuery, State};
use axum::http::StatusCode;

use super::admission::Peer;
use super::reply::{JSON, Reply, SVG};
use super::shared::{MAX_LISTED, MAX_QUERY, Shared};
use super::work::{Weight, on_a_core};
use pocket::cube::cases::{CaseSet, case_sheet, finger_costs};
use pocket::engine::census::Census;
use pocket::engine::chart::census_svg;
use pocket::model::cost::{Costs, Metric};
use pocket::model::moves::parse_generators;
use pocket::model::stickers::Stickers;
use pocket::request::census::{self, CensusRequest};
use pocket::request::scramble::{DEFAULT_MIN_DISTANCE, ScrambleRequest, to_json};
use pocket::request::solve::{self, SolveRequest};
use pocket::request::{FrontEnd, Opt, RequestError};

/// A query as decoded pairs, or why it could not be.
type Pairs = Result<Query<Vec<(String, String)>>, axum::extract::rejection::QueryRejection>;

/// A request's parameters in order; a query that cannot be decoded, is too long, or
/// repeats a parameter is refused.
fn parameters(
    raw: Option<&str>,
    query: Pairs,
    known: &[&str],
) -> Result<HashMap<String, String>, Reply> {
    let len = raw.map_or(0, str::len);
    if len > MAX_QUERY {
        return Err(Reply::error(
            StatusCode::URI_TOO_LONG,
            &format!("the query is {len} bytes, more than the {MAX_QUERY} answered"),
        ));
    }
    let Query(pairs) = query.map_err(|e| {
        Reply::error(
            StatusCode::BAD_REQUEST,
            &format!("cannot read the query: {}", e.body_text()),
        )
    })?;
    let mut out = HashMap::new();
    for (name, value) in pairs {
        if !known.contains(&name.as_str()) {
            return Err(Reply::error(
                StatusCode::BAD_REQUEST,
                &format!("unknown parameter '{name}' (expected {})", known.join(", ")),
            ));
        }
        if out.insert(name.clone(), value).is_some() {
            return Err(Reply::error(
                StatusCode::BAD_REQUEST,
                &format!("parameter '{name}' is given twice"),
            ));
        }
    }
    Ok(out)
}

/// A refusal of the library, in the query's words.
fn refused(e: RequestError) -> Reply {
    Reply::error(StatusCode::BAD_REQUEST, &e.in_words(FrontEnd::Query))
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
        Reply::error(
            StatusCode::BAD_REQUEST,
            &format!("bad {name} '{text}': {e}"),
        )
    })
}

/// A switch: `1`, `true` or nothing after `=` turn it on, `0` or `false` off.
fn switch(params: &HashMap<String, String>, opt: Opt) -> Result<bool, Reply> {
    match params.get(opt.name()).map(String::as_str) {
        None | Some("0" | "false") => Ok(false),
        Some("" | "1" | "true") => Ok(true),
        Some(other) => Err(Reply::error(
            StatusCode::BAD_REQUEST,
            &format!("parameter '{}' is 1 or 0, not '{other}'", opt.name()),
        )),
    }
}

/// `gen=`: faces (RU) or a list of moves.
fn generators(
    params: &HashMap<String, String>,
) -> Result<Option<Vec<pocket::model::moves::Move>>, Reply> {
    let Some(spec) = params.get(Opt::Gen.name()) else {
        return Ok(None);
    };
    parse_generators(spec)
        .map(Some)
        .map_err(|e| Reply::error(StatusCode::BAD_REQUEST, &format!("bad gen= '{spec}': {e}")))
}

const SOLVE_PARAMETERS: [&str; 10] = [
    "state", "moves", "metric", "layout", "all", "count", "cost", "goal", "gen", "compact",
];

/// A solve query as the library's request, with the one input's bytes as sent.
fn solve_query(
    params: &HashMap<String, String>,
    raw: Option<&str>,
) -> Result<(SolveRequest, Vec<u8>), Reply> {
    let (state, moves) = (params.get("state"), params.get("moves"));
    // With both, the moves turn the state (the page's "Apply"), as on the command line.
    let (which, input) = match (state, moves) {
        (Some(state), _) => ("state", state),
        (None, Some(moves)) => ("moves", moves),
        _ => {
            return Err(Reply::error(
                StatusCode::BAD_REQUEST,
                "give state= (24 stickers), moves= (a WCA sequence), or both (the moves turn the state)",
            ));
        }
    };
    // "-" would read standard input on the command line; a server has none.
    if input.is_empty() || (input == "-" && moves.is_some()) {
        return Err(Reply::error(
            StatusCode::BAD_REQUEST,
            "the state or sequence is empty",
        ));
    }
    let request = SolveRequest {
        metric: value(params, Opt::Metric)?.unwrap_or_default(),
        layout: value(params, Opt::Layout)?.unwrap_or_default(),
        cost: params.get("cost").cloned(),
        goal: params.get("goal").cloned(),
        generators: generators(params)?,
        moves: moves.into_iter().cloned().collect(),
        states: state.into_iter().cloned().collect(),
        all: switch(params, Opt::All)?,
        count: switch(params, Opt::Count)?,
        compact: switch(params, Opt::Compact)?,
        json: true,
        ..SolveRequest::default()
    };
    // The bytes as sent, so that a byte that is not UTF-8 gets the command line's message.
    let bytes =
        super::query::query_bytes(raw.unwrap_or(""), which).unwrap_or(input.clone().into_bytes());
    Ok((request, bytes))
}

pub(super) async fn api_solve(
    State(shared): State<Arc<Shared>>,
    peer: Option<axum::Extension<Peer>>,
    RawQuery(raw): RawQuery,
    query: Pairs,
) -> Reply {
    let client = peer.map(|p| p.0.0);
    match solve_request(&shared, client, raw.as_deref(), query).await {
        Ok(r) | Err(r) => r,
    }
}

async fn solve_request(
    shared: &Arc<Shared>,
    client: Option<IpAddr>,
    raw: Option<&str>,
    query: Pairs,
) -> Result<Reply, Reply> {
    let params = parameters(raw, query, &SOLVE_PARAMETERS)?;
    let (request, input) = solve_query(&params, raw)?;
    let plan = solve::plan(request).map_err(refused)?;
    let all = plan.answer.all;
    let weight = Weight::from(plan.load());
    let answered = on_a_core(shared, weight, client, move |_| {
        plan.answer_alone(&input, MAX_LISTED)
    })
    .await?;
    match answered {
        Ok((_, n)) if all && n > MAX_LISTED => Err(Reply::error(
            StatusCode::UNPROCESSABLE_ENTITY,
            &format!(
                "{n} optimal solutions, more than the {MAX_LISTED} listed at once; ask count=1"
            ),
        )),
        Ok((line, _)) => Ok(Reply::json(line)),
        // A bad state: the command's error line.
        Err(line) => Err(Reply {
            status: StatusCode::BAD_REQUEST,
            kind: JSON,
            body: line,
            retry_after: None,
        }),
    }
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

pub(super) async fn api_scramble(
    State(shared): State<Arc<Shared>>,
    peer: Option<axum::Extension<Peer>>,
    RawQuery(raw): RawQuery,
    query: Pairs,
) -> Reply {
    let client = peer.map(|p| p.0.0);
    let run = async {
        let known = [
            "seed",
            "min-distance",
            "length",
            "optimal",
            "gen",
            "set",
            "goal",
        ];
        let params = parameters(raw.as_deref(), query, &known)?;
        let request = scramble_query(&params)?;
        let weight = match request.searches() {
            false => Weight::Light,
            true => Weight::Search,
        };
        on_a_core(&shared, weight, client, move |_| {
            let drawn = request.scrambles().map_err(refused)?.next();
            match drawn {
                Some(Ok(sc)) => Ok(Reply::json(to_json(&sc).to_string())),
                Some(Err(e)) => Err(refused(e)),
                None => Err(Reply::error(
                    StatusCode::INTERNAL_SERVER_ERROR,
                    "no scramble",
                )),
            }
        })
        .await?
    };
    match run.await {
        Ok(r) | Err(r) => r,
    }
}

/// `/api/cases?set=cll`: every case of a set, as `pocket cases --json` writes them,
/// in an array; with `state=`, the case of that position (404 when it is not one of
/// the set's).
pub(super) async fn api_cases(
    State(shared): State<Arc<Shared>>,
    peer: Option<axum::Extension<Peer>>,
    RawQuery(raw): RawQuery,
    query: Pairs,
) -> Reply {
    let client = peer.map(|p| p.0.0);
    let run =
        async {
            let params = parameters(raw.as_deref(), query, &["set", "state", "cost"])?;
            let Some(set) = value::<CaseSet>(&params, Opt::Set)? else {
                return Err(Reply::error(StatusCode::BAD_REQUEST, "set= is missing"));
            };
            let costs = match params.get("cost") {
                Some(c) => c.parse::<Costs>().map_err(|e| {
                    Reply::error(StatusCode::BAD_REQUEST, &format!("bad cost= '{c}': {e}"))
                })?,
                None => finger_costs(),
            };
            let state =
                match params.get("state") {
                    Some(s) => Some(s.parse::<Stickers>().and_then(|s| s.to_cube()).map_err(
                        |e| Reply::error(StatusCode::BAD_REQUEST, &format!("bad state= : {e}")),
                    )?),
                    None => None,
                };
            on_a_core(&shared, Weight::Search, client, move |_| {
                let sheet = case_sheet(set, &costs).map_err(|e| {
                    Reply::error(StatusCode::BAD_REQUEST, &format!("bad cost=: {e}"))
                })?;
                let total = sheet.positions;
                match state {
                    None => Ok(Reply::json(
                        serde_json::Value::from(
                            sheet
                                .cases
                                .iter()
                                .map(|c| c.to_json(total))
                                .collect::<Vec<_>>(),
                        )
                        .to_string(),
                    )),
                    Some(cube) => match sheet.case_of(&cube) {
                        Some(case) => Ok(Reply::json(case.to_json(total).to_string())),
                        None => Err(Reply::error(
                            StatusCode::NOT_FOUND,
                            &format!("the state is not a position of the {} set", set.title()),
                        )),
                    },
                }
            })
            .await?
        };
    match run.await {
        Ok(r) | Err(r) => r,
    }
}

/// The censuses a `metric=` asks for: one metric, or all three (the default, as for
/// `pocket census`).
fn census_metrics(params: &HashMap<String, String>) -> Result<Option<Metric>, Reply> {
    match params.get("metric").map(String::as_str) {
        None => Ok(None),
        Some(m) if m.eq_ignore_ascii_case("all") => Ok(None),
        Some(m) => m.parse::<Metric>().map(Some).map_err(|_| {
            Reply::error(
                StatusCode::BAD_REQUEST,
                &format!("unknown metric '{m}' (expected htm, qtm, one-way or all)"),
            )
        }),
    }
}

/// The censuses asked for, and whether all three were (an array answers those).
async fn censuses(
    shared: &Arc<Shared>,
    raw: Option<&str>,
    query: Pairs,
) -> Result<(Vec<Census>, bool), Reply> {
    let params = parameters(raw, query, &["metric"])?;
    let request = CensusRequest {
        metric: census_metrics(&params)?,
        ..CensusRequest::default()
    };
    let all = request.metric.is_none();
    let counted = on_a_core(shared, Weight::Light, None, move |_| {
        census::run(&request, &mut |_| {})
    })
    .await?
    .map_err(refused)?;
    Ok((counted.censuses, all))
}

pub(super) async fn api_census(
    State(shared): State<Arc<Shared>>,
    RawQuery(raw): RawQuery,
    query: Pairs,
) -> Reply {
    match censuses(&shared, raw.as_deref(), query).await {
        // One metric: its object; all three: the objects `census --json` prints one
        // per line, as an array.
        Ok((list, true)) => Reply::json(
            serde_json::Value::from(list.iter().map(Census::to_json).collect::<Vec<_>>())
                .to_string(),
        ),
        Ok((list, false)) => Reply::json(
            list.first()
                .map(Census::to_json)
                .unwrap_or_default()
                .to_string(),
        ),
        Err(r) => r,
    }
}

pub(super) async fn census_chart(
    State(shared): State<Arc<Shared>>,
    RawQuery(raw): RawQuery,
    query: Pairs,
) -> Reply {
    match censuses(&shared, raw.as_deref(), query).await {
        Ok((list, _)) => Reply {
            status: StatusCode::OK,
            kind: SVG,
            body: census_svg(&list),
            retry_after: None,
        },
        Err(r) => r,
    }
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
}
