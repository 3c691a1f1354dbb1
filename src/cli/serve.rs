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
//!   solve or census per core runs at a time (others wait their turn), searches share
//!   a memory budget ([`MEMORY_BUDGET_MB`]), scrambles of any length are quick (the
//!   library's exact-length table), `all=1` lists at most [`MAX_LISTED`]
//!   solutions, and a request is answered within its time limit (503 past it).
//! - Connections are bounded: per client and in all, the oldest idle one closed to
//!   make room; and only this machine's names are answered in `Host` (DNS rebinding).
//! - Only the embedded files are served; any other path is a 404.

use std::collections::{BTreeMap, HashMap};
use std::io::{self, Write};
use std::net::{IpAddr, SocketAddr};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, OnceLock, PoisonError};
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
use tokio::sync::{Notify, OwnedSemaphorePermit, Semaphore};

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
use super::solve::SolveArgs;
use super::{EXIT_BAD_INPUT, EXIT_OK};
use crate::request::solve;

/// The longest query string answered: a state is 24 characters, and a move sequence
/// of several thousand moves still fits.
pub const MAX_QUERY: usize = 16 * 1024; // 16 KiB

/// The most solutions one `all=1` answer lists; `count=1` counts any number.
pub const MAX_LISTED: u64 = 10_000;

/// The memory the searches running at once may use, in MiB, as estimated by
/// [`Weight`]: two weighted searches at a time, whatever the number of cores.
pub const MEMORY_BUDGET_MB: u32 = 256;

/// How long a request may take, waiting for a core included (`--time-limit`): past
/// it the client gets a 503. The slowest request the caps allow takes about 5 s with
/// `--release` (`all=1` with `cost=R=301,U=1`).
pub const TIME_LIMIT_S: f64 = 15.0;

/// The longest `--time-limit`: an hour.
const MAX_TIME_LIMIT_S: f64 = 3600.0;

/// Connections open at once (`--max-connections`), lowered to the open-file limit
/// less [`FILE_RESERVE`]: each idle connection holds a descriptor and about 12 KB
/// (500 idle ones added 6 MB to the RSS).
pub const MAX_CONNECTIONS: usize = 1024;

/// Connections open at once from one IP address (`--max-per-client`): a browser opens
/// 6 per server, but every local program is the one client 127.0.0.1, so this leaves
/// room for a script's bursts (the tests send 300 requests at once) while one client
/// can hold at most half of [`MAX_CONNECTIONS`].
pub const MAX_PER_CLIENT: usize = 512;

/// Descriptors kept for everything but connections (standard streams, the listener,
/// the runtime's own).
const FILE_RESERVE: usize = 64;

/// The names answered in a `Host` header, with any port, beside the `--host` address.
const LOCAL_NAMES: [&str; 3] = ["localhost", "127.0.0.1", "[::1]"];

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
            request gets a 4xx and an object with an error field. Limits: a request is \
            answered within --time-limit (503 past it); plain answers (table look-ups) \
            have cores of their own and never wait behind searches; searches (cost=, \
            gen=, goal=) take one core each, half the cores at most for one client, and \
            share 256 MiB (two weighted cost= searches at a time, others wait); a request \
            with two Host headers gets a 400, and a Host header other than localhost, \
            127.0.0.1, [::1] or the --host address a 421; when a client (an IP address) or \
            everyone has as many connections open as allowed, its or everyone's oldest \
            idle connection is closed for the new one; a connection idle 10 s (between \
            requests, or in a request's head) is closed. Ctrl-C stops the server."
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
    /// seconds a request may take, waiting included, before a 503 (default 15;
    /// decimals allowed)
    #[argh(option, default = "TIME_LIMIT_S")]
    time_limit: f64,
    /// connections open at once (default 1024, fewer if the open-file limit is lower)
    #[argh(option, default = "MAX_CONNECTIONS")]
    max_connections: usize,
    /// connections open at once from one IP address (default 512)
    #[argh(option, default = "MAX_PER_CLIENT")]
    max_per_client: usize,
}

/// What every request shares: solvers, censuses and the bounds on work.
struct Shared {
    tables: [OnceLock<TableSolver>; 3],
    censuses: [OnceLock<Census>; 3],
    scrambler: OnceLock<Scrambler>,
    /// One permit per core for searches: searches beyond that wait.
    work: Arc<Semaphore>,
    /// One permit per core for table look-ups, censuses and plain scrambles, apart
    /// from the searches': a plain answer never waits behind a search.
    light: Arc<Semaphore>,
    /// Searches one client (an IP address) may have running or waiting for a core at
    /// once, each client's own permits; an entry goes when its client has none out.
    clients: Mutex<HashMap<IpAddr, Arc<Semaphore>>>,
    /// Permits of each client's entry in [`Shared::clients`]: half the cores, at
    /// least one, so that one client cannot take every search slot.
    per_client: usize,
    /// One permit per MiB of [`MEMORY_BUDGET_MB`].
    memory: Arc<Semaphore>,
    /// How long a request may take.
    time_limit: Duration,
    /// Work still running past its time limit, having given its core back.
    late: AtomicUsize,
    /// The most such work before searches are refused: one per core.
    max_late: usize,
    /// The `--host` address, a name a `Host` header may give.
    host: IpAddr,
}

impl Shared {
    fn new(cores: usize, time_limit: Duration, host: IpAddr) -> Shared {
        Shared {
            tables: Default::default(),
            censuses: Default::default(),
            scrambler: OnceLock::new(),
            work: Arc::new(Semaphore::new(cores)),
            light: Arc::new(Semaphore::new(cores)),
            clients: Mutex::new(HashMap::new()),
            per_client: (cores / 2).max(1),
            memory: Arc::new(Semaphore::new(MEMORY_BUDGET_MB as usize)),
            time_limit,
            late: AtomicUsize::new(0),
            max_late: cores,
            host,
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
            body: serde_json::json!({ "error": in_query_words(message) }).to_string(),
        }
    }
}

/// Every parameter of the API, as a query names it (the command line's `--NAME`).
const QUERY_NAMES: [&str; 14] = [
    "state",
    "moves",
    "metric",
    "layout",
    "all",
    "count",
    "compact",
    "cost",
    "goal",
    "gen",
    "seed",
    "min-distance",
    "length",
    "optimal",
];

/// A message of the library or the command line in the words of the query the API
/// user wrote: `--seed` is `seed=`, and argh's "Error parsing option '--seed' with
/// value '-1': ..." is "bad seed= '-1': ...".
fn in_query_words(message: &str) -> String {
    let mut text = match message
        .strip_prefix("Error parsing option '--")
        .and_then(|rest| rest.split_once("' with value '"))
        .and_then(|(name, rest)| Some((name, rest.split_once("': ")?)))
    {
        Some((name, (value, why))) => format!("bad {name}= '{value}': {why}"),
        None => message.to_string(),
    };
    for name in QUERY_NAMES {
        let flag = format!("--{name}");
        let mut out = String::with_capacity(text.len());
        let mut rest = text.as_str();
        while let Some(i) = rest.find(&flag) {
            let after = &rest[i + flag.len()..];
            // A whole option name only (not --min-distance inside a longer word).
            let whole = !after.starts_with(|c: char| c.is_ascii_alphanumeric() || c == '-');
            out.push_str(&rest[..i]);
            match whole {
                true => out.push_str(&format!("{name}=")),
                false => out.push_str(&flag),
            }
            rest = after;
        }
        out.push_str(rest);
        text = out;
    }
    // Every answer of the API is JSON already.
    text.replace("(all= --json gives both)", "(all=1 alone gives both)")
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

/// The memory a request's work is counted for in [`MEMORY_BUDGET_MB`], from the most
/// measured (`/usr/bin/time -f %M`, `--release`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Weight {
    /// A look-up in a shared table, a census, a scramble with all moves (under 8 MB):
    /// not counted, so that searches past the time limit, which keep their memory,
    /// never hold up the plain answers.
    Light,
    /// A search with `gen=` or `goal=`, a scramble with `gen=` (3 to 24 MB).
    Search,
    /// A search with `cost=`: 124 MB with `cost=R=301,U=1` (the costs the library
    /// allows at most apart).
    Weighted,
}

impl Weight {
    fn mib(self) -> u32 {
        match self {
            Weight::Light => 0,
            Weight::Search => 32,
            Weight::Weighted => 128,
        }
    }
}

/// A running piece of work's core, and whether its request gave up on it.
struct Ticket {
    core: Option<OwnedSemaphorePermit>,
    late: bool,
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Run blocking work on the blocking pool once a core and its memory are free, and
/// answer within the time limit.
///
/// Work cannot be stopped from outside, so work past the limit runs on, but gives its
/// core back (later requests are not held up by it) and keeps its memory; while as
/// many pieces of work as there are cores run late, searches are refused.
async fn on_a_core<T: Send + 'static>(
    shared: &Arc<Shared>,
    weight: Weight,
    client: Option<IpAddr>,
    work: impl FnOnce(&Shared) -> T + Send + 'static,
) -> Result<T, Reply> {
    let limit = shared.time_limit;
    let until = tokio::time::Instant::now() + limit;
    let busy = || Reply::error(StatusCode::SERVICE_UNAVAILABLE, "the server is stopping");
    let late = move || {
        Reply::error(
            StatusCode::SERVICE_UNAVAILABLE,
            &format!(
                "the request took more than the {} s it may take (the server's time limit); \
                 try again later",
                limit.as_secs_f64()
            ),
        )
    };
    if weight != Weight::Light && shared.late.load(Ordering::SeqCst) >= shared.max_late {
        return Err(Reply::error(
            StatusCode::SERVICE_UNAVAILABLE,
            "the server is still finishing searches that ran past its time limit; \
             try again later",
        ));
    }
    // The permits go with the work: a client that hangs up drops its request, but
    // work already started runs on, and must go on counting against the cores.
    // A search waits for its client's own permit first, so that one client's queue
    // never stands in front of another client's search.
    let share = match weight {
        Weight::Light => None,
        _ => Some(ClientShare::new(
            shared,
            client.unwrap_or(IpAddr::from([0, 0, 0, 0])),
        )),
    };
    let permits = tokio::time::timeout_at(until, async {
        let turn = match &share {
            Some(share) => Arc::clone(&share.permits).acquire_owned().await.map(Some),
            None => Ok(None),
        };
        let cores = match weight {
            Weight::Light => &shared.light,
            _ => &shared.work,
        };
        let core = Arc::clone(cores).acquire_owned().await;
        let memory = match weight {
            Weight::Light => Ok(None),
            _ => Arc::clone(&shared.memory)
                .acquire_many_owned(weight.mib())
                .await
                .map(Some),
        };
        (turn, core, memory)
    })
    .await
    .map_err(|_| late())?;
    let (Ok(turn), Ok(core), Ok(memory)) = permits else {
        return Err(busy());
    };
    let ticket = Arc::new(Mutex::new(Ticket {
        core: Some(core),
        late: false,
    }));
    let (worker, mine) = (Arc::clone(shared), Arc::clone(&ticket));
    let task = tokio::task::spawn_blocking(move || {
        let done = work(&worker);
        // The client's turn ends with its work, late or not.
        drop((turn, share));
        drop(memory);
        if weight != Weight::Light {
            give_back_memory();
        }
        let mut t = lock(&mine);
        t.core = None;
        if t.late {
            worker.late.fetch_sub(1, Ordering::SeqCst);
        }
        done
    });
    // The limit is watched by a task of its own, so that it holds even when the
    // client has hung up.
    let watcher = Arc::clone(shared);
    let watched = tokio::spawn(async move {
        match tokio::time::timeout_at(until, task).await {
            Ok(joined) => joined
                .map_err(|_| Reply::error(StatusCode::INTERNAL_SERVER_ERROR, "the work failed")),
            Err(_) => {
                let mut t = lock(&ticket);
                // Still running (not finished in the meantime): give its core back.
                if t.core.take().is_some() {
                    t.late = true;
                    watcher.late.fetch_add(1, Ordering::SeqCst);
                }
                Err(late())
            }
        }
    });
    watched
        .await
        .map_err(|_| Reply::error(StatusCode::INTERNAL_SERVER_ERROR, "the work failed"))?
}

/// A client's entry in [`Shared::clients`], held while one of its searches waits or
/// runs; the last one out removes the entry, so that the map holds only clients with
/// work (it does not grow with every address ever seen).
struct ClientShare {
    shared: Arc<Shared>,
    client: IpAddr,
    permits: Arc<Semaphore>,
}

impl ClientShare {
    fn new(shared: &Arc<Shared>, client: IpAddr) -> ClientShare {
        let permits = Arc::clone(
            lock(&shared.clients)
                .entry(client)
                .or_insert_with(|| Arc::new(Semaphore::new(shared.per_client))),
        );
        ClientShare {
            shared: Arc::clone(shared),
            client,
            permits,
        }
    }
}

impl Drop for ClientShare {
    fn drop(&mut self) {
        let mut clients = lock(&self.shared.clients);
        // Ours and the map's: no other request of this client is out.
        if Arc::strong_count(&self.permits) == 2 {
            clients.remove(&self.client);
        }
    }
}

/// Hand the memory freed by a search back to the system, rather than leave it in the
/// arena of the blocking thread that ran it: the server's RSS after two rounds of four
/// `cost=R=301,U=1` solves (peak 290 MB, two at a time on 2 cores) was 73-75 MB with
/// this, 85 then 100 MB without.
fn give_back_memory() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: malloc_trim only returns free memory of the allocator to the system.
    unsafe {
        libc::malloc_trim(0);
    }
}

const SOLVE_PARAMETERS: [&str; 10] = [
    "state", "moves", "metric", "layout", "all", "count", "cost", "goal", "gen", "compact",
];

/// The address of the client of a request, put in its extensions when the
/// connection is accepted.
#[derive(Clone, Copy, Debug)]
struct Peer(IpAddr);

async fn api_solve(
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
    let mut args = arguments(
        &params,
        &["metric", "layout", "cost", "goal", "gen", "moves"],
        &["all", "count", "compact"],
    )?;
    let input = match (params.get("state"), params.get("moves")) {
        // With both, the moves turn the state (the page's "Apply"), as on the command line.
        (Some(state), _) => {
            args.push("--".into());
            args.push(state.clone());
            state.clone()
        }
        (None, Some(moves)) => moves.clone(),
        _ => {
            return Err(Reply::error(
                StatusCode::BAD_REQUEST,
                "give state= (24 stickers), moves= (a WCA sequence), or both (the moves turn the state)",
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
    let plan =
        solve::plan(parsed.request()).map_err(|e| Reply::error(StatusCode::BAD_REQUEST, &e))?;
    let all = plan.answer.all;
    let weight = if plan.plain {
        Weight::Light
    } else if params.contains_key("cost") {
        Weight::Weighted
    } else {
        Weight::Search
    };
    let answered = on_a_core(shared, weight, client, move |shared| {
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
    peer: Option<axum::Extension<Peer>>,
    RawQuery(raw): RawQuery,
    query: Pairs,
) -> Reply {
    let client = peer.map(|p| p.0.0);
    let run = async {
        let known = ["seed", "min-distance", "length", "optimal", "gen"];
        let params = parameters(raw.as_deref(), query, &known)?;
        let args = arguments(
            &params,
            &["seed", "min-distance", "length", "gen"],
            &["optimal"],
        )?;
        let a: ScrambleArgs = parse("scramble", &args)?;
        let weight = match a.generators() {
            None => Weight::Light,
            Some(_) => Weight::Search,
        };
        on_a_core(&shared, weight, client, move |shared| {
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
    let list = on_a_core(shared, Weight::Light, None, move |shared| {
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

/// The name part of a `Host` header (`[::1]` of `[::1]:8080`), if it is well formed.
fn host_name(host: &str) -> Option<&str> {
    let end = if host.starts_with('[') {
        host.find(']')? + 1
    } else {
        host.find(':').unwrap_or(host.len())
    };
    let (name, port) = host.split_at(end);
    let port_ok = port.is_empty()
        || port
            .strip_prefix(':')
            .is_some_and(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()));
    (port_ok && !name.is_empty()).then_some(name)
}

/// Whether a `Host` header names this machine: a page of another site can reach
/// 127.0.0.1 under its own name by DNS rebinding, and the name it must send gives it
/// away. On every network (`--host 0.0.0.0`) any address is answered too: a
/// rebinding page sends a name, never an address.
fn host_allowed(host: &str, configured: IpAddr) -> bool {
    let Some(name) = host_name(host) else {
        return false;
    };
    let name = name.to_ascii_lowercase();
    if LOCAL_NAMES.contains(&name.as_str()) {
        return true;
    }
    let bare = name
        .strip_prefix('[')
        .and_then(|n| n.strip_suffix(']'))
        .unwrap_or(&name);
    // An IPv6 address is written in brackets, an IPv4 one without.
    match bare.parse::<IpAddr>() {
        Ok(ip) if ip.is_ipv6() != name.starts_with('[') => false,
        Ok(ip) => ip == configured || configured.is_unspecified(),
        Err(_) => false,
    }
}

/// Refuse a request whose `Host` (or absolute request target) is not this machine's.
async fn check_host(
    State(shared): State<Arc<Shared>>,
    request: axum::extract::Request,
    next: axum::middleware::Next,
) -> Response {
    // RFC 9112, section 3.2: a request with more than one Host header gets a 400
    // (which one would be believed?).
    if request.headers().get_all(header::HOST).iter().count() > 1 {
        return Reply::error(
            StatusCode::BAD_REQUEST,
            "the request has more than one Host header: give one",
        )
        .into_response();
    }
    let host = match request.uri().authority() {
        Some(a) => Some(a.as_str().to_string()),
        None => request
            .headers()
            .get(header::HOST)
            .map(|h| String::from_utf8_lossy(h.as_bytes()).into_owned()),
    };
    match host {
        Some(h) if host_allowed(&h, shared.host) => next.run(request).await,
        Some(h) => Reply::error(
            StatusCode::MISDIRECTED_REQUEST,
            &format!(
                "this server answers to {}, not to the Host '{h}' (a page of another site \
                 must not reach it)",
                answered_names(shared.host)
            ),
        )
        .into_response(),
        None => Reply::error(
            StatusCode::MISDIRECTED_REQUEST,
            "the request has no Host header: give localhost or the address you connect to",
        )
        .into_response(),
    }
}

/// The names [`host_allowed`] answers, for a message.
fn answered_names(configured: IpAddr) -> String {
    let mut names: Vec<String> = LOCAL_NAMES.iter().map(|n| n.to_string()).collect();
    let own = match configured {
        _ if configured.is_unspecified() => "any IP address".to_string(),
        IpAddr::V6(ip) => format!("[{ip}]"),
        IpAddr::V4(ip) => ip.to_string(),
    };
    if !names.contains(&own) {
        names.push(own);
    }
    names.join(", ")
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
        .layer(axum::middleware::from_fn_with_state(
            Arc::clone(&shared),
            check_host,
        ))
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
/// a stop, for ever). hyper starts the same clock when a kept-alive connection waits
/// for its next request, so this is also how long a connection may stay idle.
const HEADER_TIMEOUT: Duration = Duration::from_secs(10);

/// After a stop, connections get this long to finish what they are answering.
const GRACE: Duration = Duration::from_secs(3);

/// One open connection, as the caps see it.
struct Open {
    peer: IpAddr,
    /// Requests being answered on it: none, and it is idle.
    busy: Arc<AtomicUsize>,
    /// Closes it.
    close: Arc<Notify>,
}

/// The open connections, oldest first, and their caps.
struct Connections {
    total: usize,
    per_client: usize,
    next: u64,
    open: BTreeMap<u64, Open>,
}

impl Connections {
    fn new(total: usize, per_client: usize) -> Connections {
        Connections {
            total,
            per_client,
            next: 0,
            open: BTreeMap::new(),
        }
    }

    /// Make room for a connection from `peer`, closing the oldest idle one of that
    /// client, then of anyone, where a cap is reached: its number and what it shares
    /// with its task, or `None` when every connection in the way is answering.
    fn admit(&mut self, peer: IpAddr) -> Option<(u64, Open)> {
        let theirs = self.open.values().filter(|c| c.peer == peer).count();
        if theirs >= self.per_client && !self.close_oldest_idle(Some(peer)) {
            return None;
        }
        if self.open.len() >= self.total && !self.close_oldest_idle(None) {
            return None;
        }
        let id = self.next;
        self.next += 1;
        let open = Open {
            peer,
            busy: Arc::new(AtomicUsize::new(0)),
            close: Arc::new(Notify::new()),
        };
        let shared = Open {
            peer,
            busy: Arc::clone(&open.busy),
            close: Arc::clone(&open.close),
        };
        self.open.insert(id, open);
        Some((id, shared))
    }

    fn close_oldest_idle(&mut self, peer: Option<IpAddr>) -> bool {
        let idle = self
            .open
            .iter()
            .find(|(_, c)| peer.is_none_or(|p| c.peer == p) && c.busy.load(Ordering::SeqCst) == 0);
        let Some(&id) = idle.map(|(id, _)| id) else {
            return false;
        };
        if let Some(c) = self.open.remove(&id) {
            c.close.notify_one();
        }
        true
    }
}

/// Counts a request as being answered on its connection while it lives.
struct Busy(Arc<AtomicUsize>);

impl Busy {
    fn new(count: &Arc<AtomicUsize>) -> Busy {
        count.fetch_add(1, Ordering::SeqCst);
        Busy(Arc::clone(count))
    }
}

impl Drop for Busy {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::SeqCst);
    }
}

/// Accept connections and answer them with `app` until `stop` resolves; then let
/// them finish, for at most [`GRACE`].
async fn serve_until(
    listener: tokio::net::TcpListener,
    app: Router,
    connections: Connections,
    stop: impl std::future::Future<Output = ()>,
) {
    let graceful = GracefulShutdown::new();
    let connections = Arc::new(Mutex::new(connections));
    let mut stop = std::pin::pin!(stop);
    loop {
        tokio::select! {
            accepted = listener.accept() => {
                let (stream, peer) = match accepted {
                    Ok(accepted) => accepted,
                    // Out of file descriptors, say: wait for connections to close.
                    Err(_) => {
                        tokio::time::sleep(Duration::from_millis(50)).await;
                        continue;
                    }
                };
                // Every connection in the way is answering: this one is refused.
                let Some((id, open)) = lock(&connections).admit(peer.ip()) else {
                    continue;
                };
                let mut http = hyper::server::conn::http1::Builder::new();
                http.timer(TokioTimer::new())
                    .header_read_timeout(HEADER_TIMEOUT);
                let service = TowerToHyperService::new(app.clone());
                let busy = open.busy;
                let counted = hyper::service::service_fn(move |mut request: hyper::Request<_>| {
                    request.extensions_mut().insert(Peer(peer.ip()));
                    let answering = Busy::new(&busy);
                    let answer = hyper::service::Service::call(&service, request);
                    async move {
                        let answer = answer.await;
                        drop(answering);
                        answer
                    }
                });
                let connection = http.serve_connection(TokioIo::new(stream), counted);
                let connection = graceful.watch(connection);
                let registry = Arc::clone(&connections);
                tokio::spawn(async move {
                    tokio::select! {
                        _ = connection => {}
                        // Closed to make room: dropping it closes the socket.
                        _ = open.close.notified() => {}
                    }
                    lock(&registry).open.remove(&id);
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

/// Raise the soft limit on open files to the hard one (often 1,024 against
/// 524,288), and return the soft limit then.
#[cfg(unix)]
fn raise_file_limit() -> Option<usize> {
    let mut limit = libc::rlimit {
        rlim_cur: 0,
        rlim_max: 0,
    };
    // SAFETY: getrlimit writes into the struct it is given.
    if unsafe { libc::getrlimit(libc::RLIMIT_NOFILE, &mut limit) } != 0 {
        return None;
    }
    if limit.rlim_cur < limit.rlim_max {
        let raised = libc::rlimit {
            rlim_cur: limit.rlim_max,
            rlim_max: limit.rlim_max,
        };
        // SAFETY: setrlimit reads the struct it is given. It can fail (macOS refuses
        // an unlimited soft limit); the soft limit then stays as it was.
        if unsafe { libc::setrlimit(libc::RLIMIT_NOFILE, &raised) } == 0 {
            limit.rlim_cur = limit.rlim_max;
        }
    }
    Some(usize::try_from(limit.rlim_cur).unwrap_or(usize::MAX))
}

#[cfg(not(unix))]
fn raise_file_limit() -> Option<usize> {
    None
}

pub(super) fn cmd_serve(a: ServeArgs) -> io::Result<u8> {
    // Below a millisecond every request would fail; past an hour is no limit.
    if !(0.001..=MAX_TIME_LIMIT_S).contains(&a.time_limit) {
        return super::usage(
            "serve",
            &format!(
                "--time-limit {} is not from 0.001 to {MAX_TIME_LIMIT_S} (seconds)",
                a.time_limit
            ),
        );
    }
    if a.max_connections == 0 || a.max_per_client == 0 {
        return super::usage(
            "serve",
            "--max-connections and --max-per-client are at least 1",
        );
    }
    let mut total = a.max_connections;
    if let Some(files) = raise_file_limit() {
        let room = files.saturating_sub(FILE_RESERVE).max(1);
        if room < total {
            eprintln!(
                "pocket: at most {room} connections at once (the open-file limit is {files})"
            );
            total = room;
        }
    }
    let connections = Connections::new(total, a.max_per_client);
    let time_limit = Duration::from_secs_f64(a.time_limit);
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
        let app = router(Arc::new(Shared::new(cores, time_limit, a.host)));
        serve_until(listener, app, connections, stop_signal()).await;
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
    fn host_names_of_this_machine_only() {
        let local = IpAddr::from([127, 0, 0, 1]);
        let lan = IpAddr::from([192, 168, 1, 5]);
        let every = IpAddr::from([0, 0, 0, 0]);
        for host in [
            "localhost",
            "LOCALHOST:8080",
            "127.0.0.1:1",
            "[::1]",
            "[::1]:80",
        ] {
            assert!(host_allowed(host, local), "{host}");
        }
        for host in [
            "evil.example",
            "localhost.evil.example:8080",
            "127.0.0.1:",
            "127.0.0.1:x",
            "[::1",
            "::1",
            "[127.0.0.1]",
            "",
            ":8080",
            "192.168.1.5:8080",
        ] {
            assert!(!host_allowed(host, local), "{host}");
        }
        assert!(host_allowed("192.168.1.5:8080", lan));
        assert!(!host_allowed("192.168.1.6", lan));
        // Every network: any address, still no name.
        assert!(host_allowed("10.0.0.7:8080", every));
        assert!(host_allowed("[fe80::1]:8080", every));
        assert!(!host_allowed("pocket.lan:8080", every));
    }

    #[test]
    fn a_full_cap_closes_the_oldest_idle_connection() {
        let (a, b) = (IpAddr::from([10, 0, 0, 1]), IpAddr::from([10, 0, 0, 2]));
        let mut c = Connections::new(3, 2);
        let (first, one) = c.admit(a).expect("room");
        let (_, two) = c.admit(a).expect("room");
        // a's cap: its oldest idle one goes; the one answering stays.
        one.busy.fetch_add(1, Ordering::SeqCst);
        let (third, _) = c.admit(a).expect("the idle one closed");
        assert!(c.open.contains_key(&first));
        assert_eq!(c.open.len(), 2);
        // Both of a's busy: a third of a's is refused, but b gets in.
        two.busy.fetch_add(1, Ordering::SeqCst);
        if let Some(o) = c.open.get(&third) {
            o.busy.fetch_add(1, Ordering::SeqCst);
        }
        assert!(c.admit(a).is_none());
        assert!(c.admit(b).is_some());
        // The total cap: everyone busy but b's idle one, which goes.
        assert!(c.admit(b).is_some());
        assert_eq!(c.open.len(), 3);
        assert_eq!(c.open.values().filter(|o| o.peer == b).count(), 1);
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
