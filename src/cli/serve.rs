//! `pocket serve`: the solver as a web page and a JSON API, on axum over tokio.
//!
//! The API is the command line over HTTP: a request's parameters become the
//! arguments of `pocket solve`, `scramble` or `census` with `--json`, are checked by
//! the same code, and are answered by the same code, so an answer is byte for byte
//! the line the command prints. What differs is only what a server must add:
//!
//! - Solvers and censuses are built once and shared: each metric's distance table
//!   (built in for HTM, about 0.07 s to build for QTM and one-way) answers every
//!   plain request in microseconds, and the three censuses are counted once.
//! - Work is bounded: a query longer than [`MAX_QUERY`] is refused, at most one
//!   solve or census per core runs at a time (others wait their turn), and `all=1`
//!   lists at most [`MAX_LISTED`] solutions.
//! - Only the embedded files are served; any other path is a 404.

use std::collections::HashMap;
use std::io::{self, Write};
use std::net::{IpAddr, SocketAddr};
use std::sync::{Arc, OnceLock};
use std::time::Duration;

use argh::FromArgs;
use axum::Router;
use axum::extract::{Query, RawQuery, State};
use axum::http::{HeaderValue, StatusCode, Uri, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::server::graceful::GracefulShutdown;
use hyper_util::service::TowerToHyperService;
use tokio::sync::Semaphore;

use crate::cube::census::census_all;
use crate::cube::scramble::Scrambler;
use crate::cube::table::TableSolver;
use crate::engine::census::Census;
use crate::engine::chart::census_svg;
use crate::model::cost::Metric;
use crate::model::moves::Move;
use crate::model::notation::Layout;
use crate::model::pieces::{CORNER_STICKERS, STICKER_MOVES, STICKERS};
use crate::model::stickers::POSITION_NAMES;

use super::scramble::ScrambleArgs;
use super::solve::{self, SolveArgs};
use super::{EXIT_BAD_INPUT, EXIT_OK};

/// The longest query string answered: a state is 24 characters, and a move sequence
/// of several thousand moves still fits.
pub const MAX_QUERY: usize = 16 * 1024; // 16 KiB

/// The most solutions one `all=1` answer lists; `count=1` counts any number.
pub const MAX_LISTED: u64 = 10_000;

#[derive(FromArgs, Debug)]
/// Serve the solver as a web page, with a JSON API, on this machine.
#[argh(
    subcommand,
    name = "serve",
    example = "pocket serve",
    example = "pocket serve --port 9000 --open",
    example = "curl 'http://127.0.0.1:8080/api/solve?state=UUUURLFBLRBFLLFFRRBBDDDD'",
    note = "The page: paint or type a cube, solve it, step through the solution, and \
            chart the census; everything is built into the binary and works offline. \
            The API answers GET /api/solve (state= or moves=, metric=, layout=, all=1, \
            count=1, compact=1, cost=, goal=, gen=), /api/scramble (seed=, min-distance=, length=, \
            optimal=1, gen=) and /api/census (metric=) with the JSON object the command \
            prints with --json, and /census.svg with the chart of census --svg; a bad \
            request gets a 4xx and an object with an error field. Ctrl-C stops the server."
)]
pub(super) struct ServeArgs {
    /// port to listen on (default 8080; 0 picks a free one)
    #[argh(option, default = "8080")]
    port: u16,
    /// IP address to listen on (default 127.0.0.1, this machine only; 0.0.0.0 for
    /// every network)
    #[argh(option, default = "IpAddr::from([127, 0, 0, 1])")]
    host: IpAddr,
    /// open the page in the default browser once listening
    #[argh(switch)]
    open: bool,
}

/// What every request shares: solvers, censuses and the bound on work.
struct Shared {
    tables: [OnceLock<TableSolver>; 3],
    censuses: [OnceLock<Census>; 3],
    scrambler: OnceLock<Scrambler>,
    /// One permit per core: solves and censuses beyond that wait.
    work: Arc<Semaphore>,
}

impl Shared {
    fn new(cores: usize) -> Shared {
        Shared {
            tables: Default::default(),
            censuses: Default::default(),
            scrambler: OnceLock::new(),
            work: Arc::new(Semaphore::new(cores)),
        }
    }

    fn table(&self, metric: Metric) -> &TableSolver {
        self.tables[metric_slot(metric)].get_or_init(|| TableSolver::new(metric))
    }

    fn census(&self, metric: Metric) -> &Census {
        self.censuses[metric_slot(metric)].get_or_init(|| {
            census_all(&[metric])
                .pop()
                .expect("a census for each metric")
        })
    }
}

fn metric_slot(metric: Metric) -> usize {
    Metric::ALL.iter().position(|&m| m == metric).unwrap_or(0)
}

/// An answer: a status and a body of some type.
struct Reply {
    status: StatusCode,
    kind: &'static str,
    body: String,
}

const JSON: &str = "application/json";
const SVG: &str = "image/svg+xml";

impl Reply {
    fn json(body: String) -> Reply {
        Reply {
            status: StatusCode::OK,
            kind: JSON,
            body,
        }
    }

    fn error(status: StatusCode, message: &str) -> Reply {
        Reply {
            status,
            kind: JSON,
            body: serde_json::json!({ "error": message }).to_string(),
        }
    }
}

impl IntoResponse for Reply {
    fn into_response(self) -> Response {
        let mut r = (self.status, self.body).into_response();
        r.headers_mut()
            .insert(header::CONTENT_TYPE, HeaderValue::from_static(self.kind));
        r
    }
}

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

/// Parameters as command-line arguments: `name=value` is `--name value`, and a
/// switch (`all=1`) is `--all` when true.
fn arguments(
    params: &HashMap<String, String>,
    options: &[&str],
    switches: &[&str],
) -> Result<Vec<String>, Reply> {
    let mut args = vec!["--json".to_string()];
    for &o in options {
        if let Some(v) = params.get(o) {
            args.push(format!("--{o}"));
            args.push(v.clone());
        }
    }
    for &s in switches {
        match params.get(s).map(String::as_str) {
            None | Some("0" | "false") => {}
            Some("" | "1" | "true") => args.push(format!("--{s}")),
            Some(other) => {
                return Err(Reply::error(
                    StatusCode::BAD_REQUEST,
                    &format!("parameter '{s}' is 1 or 0, not '{other}'"),
                ));
            }
        }
    }
    Ok(args)
}

/// argh's reading of the arguments, or its message as a 400.
fn parse<T: FromArgs>(command: &str, args: &[String]) -> Result<T, Reply> {
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    T::from_args(&[command], &args).map_err(|early| {
        let message = early.output.trim().replace("\n", " ");
        Reply::error(StatusCode::BAD_REQUEST, &message)
    })
}

/// Run blocking work on the blocking pool once a core is free.
async fn on_a_core<T: Send + 'static>(
    shared: &Arc<Shared>,
    work: impl FnOnce(&Shared) -> T + Send + 'static,
) -> Result<T, Reply> {
    let busy = || Reply::error(StatusCode::SERVICE_UNAVAILABLE, "the server is stopping");
    // The permit goes with the work: a client that hangs up drops its request, but
    // work already started runs on, and must go on counting against the cores.
    let permit = Arc::clone(&shared.work)
        .acquire_owned()
        .await
        .map_err(|_| busy())?;
    let shared = Arc::clone(shared);
    tokio::task::spawn_blocking(move || {
        let done = work(&shared);
        drop(permit);
        done
    })
    .await
    .map_err(|_| Reply::error(StatusCode::INTERNAL_SERVER_ERROR, "the work failed"))
}

const SOLVE_PARAMETERS: [&str; 10] = [
    "state", "moves", "metric", "layout", "all", "count", "cost", "goal", "gen", "compact",
];

async fn api_solve(
    State(shared): State<Arc<Shared>>,
    RawQuery(raw): RawQuery,
    query: Pairs,
) -> Reply {
    match solve_request(&shared, raw.as_deref(), query).await {
        Ok(r) | Err(r) => r,
    }
}

async fn solve_request(
    shared: &Arc<Shared>,
    raw: Option<&str>,
    query: Pairs,
) -> Result<Reply, Reply> {
    let params = parameters(raw, query, &SOLVE_PARAMETERS)?;
    let mut args = arguments(
        &params,
        &["metric", "layout", "cost", "goal", "gen", "moves"],
        &["all", "count", "compact"],
    )?;
    let input = match (params.get("state"), params.get("moves")) {
        (Some(state), None) => {
            args.push("--".into());
            args.push(state.clone());
            state.clone()
        }
        (None, Some(moves)) => moves.clone(),
        _ => {
            return Err(Reply::error(
                StatusCode::BAD_REQUEST,
                "give state= (24 stickers) or moves= (a WCA sequence), one of them",
            ));
        }
    };
    // "-" would read standard input on the command line; a server has none.
    if input.is_empty() || (input == "-" && params.contains_key("moves")) {
        return Err(Reply::error(
            StatusCode::BAD_REQUEST,
            "the state or sequence is empty",
        ));
    }
    // The bytes as sent, so that a byte that is not UTF-8 gets the command line's message.
    let which = if params.contains_key("state") {
        "state"
    } else {
        "moves"
    };
    let input = crate::io::query_bytes(raw.unwrap_or(""), which).unwrap_or(input.into_bytes());
    let parsed: SolveArgs = parse("solve", &args)?;
    let plan = solve::plan(parsed).map_err(|e| Reply::error(StatusCode::BAD_REQUEST, &e))?;
    let all = plan.answer.all;
    let answered = on_a_core(shared, move |shared| {
        let mut plan = plan;
        if !plan.plain {
            // Listed as the search finds them, then held to the same bound.
            return plan.answer_one_bidir(&input);
        }
        let table = shared.table(plan.input.metric);
        if all {
            // Count first: listing is bounded, counting is not.
            plan.answer.all = false;
            plan.answer.count = true;
            let counted = plan.answer_one(table, &input)?;
            if counted.1 > MAX_LISTED {
                return Ok(counted);
            }
            plan.answer.all = true;
            plan.answer.count = false;
        }
        plan.answer_one(table, &input)
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
        }),
    }
}

async fn api_scramble(
    State(shared): State<Arc<Shared>>,
    RawQuery(raw): RawQuery,
    query: Pairs,
) -> Reply {
    let run = async {
        let known = ["seed", "min-distance", "length", "optimal", "gen"];
        let params = parameters(raw.as_deref(), query, &known)?;
        let args = arguments(
            &params,
            &["seed", "min-distance", "length", "gen"],
            &["optimal"],
        )?;
        let a: ScrambleArgs = parse("scramble", &args)?;
        on_a_core(&shared, move |shared| {
            let own;
            let scrambler = match a.generators() {
                None => shared
                    .scrambler
                    .get_or_init(|| Scrambler::with_moves(&Move::ALL)),
                Some(g) => {
                    own = Scrambler::with_moves(g);
                    &own
                }
            };
            let length = super::scramble::check(&a, scrambler)
                .map_err(|e| Reply::error(StatusCode::BAD_REQUEST, &e))?;
            let sc = scrambler
                .scramble(&mut a.rng(), a.min_distance(), length)
                .ok_or_else(|| {
                    Reply::error(
                        StatusCode::BAD_REQUEST,
                        &super::scramble::unwritable(&a, length),
                    )
                })?;
            Ok(Reply::json(super::scramble::to_json(&sc).to_string()))
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
    let one = census_metrics(&params)?;
    let metrics = one.map_or(Metric::ALL.to_vec(), |m| vec![m]);
    let list = on_a_core(shared, move |shared| {
        metrics.iter().map(|&m| shared.census(m).clone()).collect()
    })
    .await?;
    Ok((list, one.is_none()))
}

async fn api_census(
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

async fn census_chart(
    State(shared): State<Arc<Shared>>,
    RawQuery(raw): RawQuery,
    query: Pairs,
) -> Reply {
    match censuses(&shared, raw.as_deref(), query).await {
        Ok((list, _)) => Reply {
            status: StatusCode::OK,
            kind: SVG,
            body: census_svg(&list),
        },
        Err(r) => r,
    }
}

/// The model the page draws with, from the crate's own tables: the sticker
/// permutation of every move, the corners, and the URFDLB order.
fn model_js() -> String {
    let mut moves = serde_json::Map::new();
    for m in Move::ALL {
        let p = &STICKER_MOVES[m.face() as usize];
        let mut perm: [usize; STICKERS] = std::array::from_fn(|i| i);
        for _ in 0..m.quarters() {
            perm = std::array::from_fn(|i| perm[p[i] as usize]);
        }
        moves.insert(m.name().into(), perm.to_vec().into());
    }
    let urfdlb: Vec<usize> = (0..STICKERS)
        .map(|i| Layout::Urfdlb.to_golf_index(i))
        .collect();
    let model = serde_json::json!({
        "moves": moves,
        "corners": CORNER_STICKERS,
        "names": String::from_utf8_lossy(POSITION_NAMES),
        "urfdlb": urfdlb,
        "solved": crate::model::stickers::Stickers::SOLVED.as_str(),
    });
    format!("// Generated by pocket from its model.\nconst MODEL = {model};\n")
}

const INDEX_HTML: &str = include_str!("serve/index.html");
const APP_JS: &str = include_str!("serve/app.js");
const STYLE_CSS: &str = include_str!("serve/style.css");

fn asset(kind: &'static str, body: &str) -> Reply {
    Reply {
        status: StatusCode::OK,
        kind,
        body: body.to_string(),
    }
}

async fn not_found(uri: Uri) -> Reply {
    Reply::error(
        StatusCode::NOT_FOUND,
        &format!("no such page: {}", uri.path()),
    )
}

/// Headers on every answer: nothing is fetched from another host, nothing is sniffed,
/// and the API's answers are not cached.
async fn harden(mut r: Response) -> Response {
    let h = r.headers_mut();
    // The chart carries its own style sheet; it runs nothing.
    let svg = h.get(header::CONTENT_TYPE) == Some(&HeaderValue::from_static(SVG));
    let policy = if svg {
        "default-src 'none'; style-src 'unsafe-inline'"
    } else {
        "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; \
         frame-ancestors 'none'"
    };
    h.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(policy),
    );
    h.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    r
}

fn router(shared: Arc<Shared>) -> Router {
    let model = model_js();
    Router::new()
        .route(
            "/",
            get(|| async { asset("text/html; charset=utf-8", INDEX_HTML) }),
        )
        .route(
            "/app.js",
            get(|| async { asset("text/javascript; charset=utf-8", APP_JS) }),
        )
        .route(
            "/model.js",
            get(move || async move { asset("text/javascript; charset=utf-8", &model) }),
        )
        .route(
            "/style.css",
            get(|| async { asset("text/css; charset=utf-8", STYLE_CSS) }),
        )
        .route("/census.svg", get(census_chart))
        .route("/api/solve", get(api_solve))
        .route("/api/scramble", get(api_scramble))
        .route("/api/census", get(api_census))
        .fallback(not_found)
        .method_not_allowed_fallback(|| async {
            Reply::error(
                StatusCode::METHOD_NOT_ALLOWED,
                "only GET (and HEAD) requests are answered",
            )
        })
        .layer(axum::middleware::map_response(harden))
        .with_state(shared)
}

/// Resolves on Ctrl-C or SIGTERM.
async fn stop_signal() {
    let interrupt = tokio::signal::ctrl_c();
    #[cfg(unix)]
    {
        use tokio::signal::unix::{SignalKind, signal};
        match signal(SignalKind::terminate()) {
            Ok(mut term) => {
                tokio::select! {
                    _ = interrupt => {}
                    _ = term.recv() => {}
                }
            }
            Err(_) => {
                let _ = interrupt.await;
            }
        }
    }
    #[cfg(not(unix))]
    {
        let _ = interrupt.await;
    }
}

/// Open the page in the desktop's browser, saying so if that fails.
fn open_browser(url: &str) {
    let opener = if cfg!(target_os = "macos") {
        "open"
    } else if cfg!(windows) {
        "explorer"
    } else {
        "xdg-open"
    };
    let started = std::process::Command::new(opener)
        .arg(url)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn();
    if let Err(e) = started {
        eprintln!("pocket: cannot open a browser with {opener}: {e}; open {url} by hand");
    }
}

/// A client gets this long to send a request's head; then its connection is
/// closed (a client sending half a request would otherwise hold its connection, and
/// a stop, for ever).
const HEADER_TIMEOUT: Duration = Duration::from_secs(10);

/// After a stop, connections get this long to finish what they are answering.
const GRACE: Duration = Duration::from_secs(3);

/// Accept connections and answer them with `app` until `stop` resolves; then let
/// them finish, for at most [`GRACE`].
async fn serve_until(
    listener: tokio::net::TcpListener,
    app: Router,
    stop: impl std::future::Future<Output = ()>,
) {
    let graceful = GracefulShutdown::new();
    let mut stop = std::pin::pin!(stop);
    loop {
        tokio::select! {
            accepted = listener.accept() => {
                let stream = match accepted {
                    Ok((stream, _)) => stream,
                    // Out of file descriptors, say: wait for connections to close.
                    Err(_) => {
                        tokio::time::sleep(Duration::from_millis(50)).await;
                        continue;
                    }
                };
                let mut http = hyper::server::conn::http1::Builder::new();
                http.timer(TokioTimer::new())
                    .header_read_timeout(HEADER_TIMEOUT);
                let connection = http.serve_connection(
                    TokioIo::new(stream),
                    TowerToHyperService::new(app.clone()),
                );
                let connection = graceful.watch(connection);
                tokio::spawn(async move {
                    let _ = connection.await;
                });
            }
            _ = &mut stop => break,
        }
    }
    drop(listener);
    tokio::select! {
        _ = graceful.shutdown() => {}
        _ = tokio::time::sleep(GRACE) => {}
    }
}

pub(super) fn cmd_serve(a: ServeArgs) -> io::Result<u8> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_io()
        .enable_time()
        .build()?;
    let cores = std::thread::available_parallelism().map_or(1, usize::from);
    let status = runtime.block_on(async move {
        let addr = SocketAddr::new(a.host, a.port);
        let listener = match tokio::net::TcpListener::bind(addr).await {
            Ok(l) => l,
            Err(e) => {
                eprintln!("pocket: cannot listen on {addr}: {e}");
                return Ok(EXIT_BAD_INPUT);
            }
        };
        let bound = listener.local_addr()?;
        // An address for every interface is opened here as this machine's.
        let shown = match bound.ip() {
            ip if ip.is_unspecified() && ip.is_ipv4() => IpAddr::from([127, 0, 0, 1]),
            ip if ip.is_unspecified() => IpAddr::from(std::net::Ipv6Addr::LOCALHOST),
            ip => ip,
        };
        let url = match shown {
            IpAddr::V6(ip) => format!("http://[{ip}]:{}/", bound.port()),
            IpAddr::V4(ip) => format!("http://{ip}:{}/", bound.port()),
        };
        if !a.host.is_loopback() {
            eprintln!(
                "pocket: listening on {} (not only this machine: others on the network can reach it)",
                a.host
            );
        }
        // The address is the result: on stdout, at once, for a script to read.
        let mut out = io::stdout().lock();
        writeln!(out, "{url}")?;
        out.flush()?;
        drop(out);
        eprintln!("pocket: serving the solver at {url} (Ctrl-C stops)");
        if a.open {
            open_browser(&url);
        }
        let app = router(Arc::new(Shared::new(cores)));
        serve_until(listener, app, stop_signal()).await;
        eprintln!("pocket: stopped");
        Ok(EXIT_OK)
    });
    // Work still running (a long census) is not waited for.
    runtime.shutdown_timeout(Duration::from_millis(100));
    status
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn model_moves_match_the_sticker_moves() {
        let js = model_js();
        let json = js
            .split_once("const MODEL = ")
            .and_then(|(_, rest)| rest.trim_end().strip_suffix(';'))
            .expect("model object");
        let v: serde_json::Value = serde_json::from_str(json).expect("valid JSON");
        for m in Move::ALL {
            let perm: Vec<usize> = v["moves"][m.name()]
                .as_array()
                .expect("a permutation")
                .iter()
                .map(|x| x.as_u64().expect("index") as usize)
                .collect();
            // Distinct stickers show where each one goes.
            let start: Vec<u8> = (0..24u8).collect();
            let moved: Vec<u8> = perm.iter().map(|&i| start[i]).collect();
            let mut expect =
                crate::model::stickers::Stickers(std::array::from_fn(|i| b'A' + i as u8));
            expect = expect.apply(m);
            let got: Vec<u8> = moved.iter().map(|&i| b'A' + i).collect();
            assert_eq!(got, expect.0.to_vec(), "{m}");
        }
    }

    #[test]
    fn switches_and_unknown_parameters() {
        let mut p = HashMap::new();
        p.insert("all".to_string(), "1".to_string());
        p.insert("metric".to_string(), "qtm".to_string());
        let args = arguments(&p, &["metric"], &["all"])
            .ok()
            .expect("arguments");
        assert_eq!(args, ["--json", "--metric", "qtm", "--all"]);
        p.insert("all".to_string(), "yes".to_string());
        assert!(arguments(&p, &["metric"], &["all"]).is_err());
    }
}
