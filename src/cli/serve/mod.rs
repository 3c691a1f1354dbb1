//! `pocket serve`: the solver as a web page and a JSON API, on axum over tokio.
//!
//! The API is the command line over HTTP: a query is read into the same typed
//! request as `pocket solve`, `scramble` or `census` with `--json` make, checked and
//! answered by the same code, so an answer is byte for byte the line the command
//! prints. What differs is only what a server must add:
//!
//! - Solvers and censuses are built once and shared: each metric's distance table
//!   (built in for HTM, about 0.07 s to build for QTM and one-way) answers every
//!   plain request in microseconds, and the three censuses are counted once.
//! - Work is bounded: a query longer than [`MAX_QUERY`](pocket_web::MAX_QUERY) is refused, at most one
//!   solve or census per core runs at a time (others wait their turn), searches share
//!   a memory budget ([`MEMORY_BUDGET_MB`]), scrambles of any length are quick (the
//!   library's exact-length table), `all=1` lists at most [`MAX_LISTED`](pocket_web::MAX_LISTED)
//!   solutions, and a request is answered within its time limit (503 past it).
//! - Connections are bounded: per client and in all, the oldest idle one closed to
//!   make room; and only this machine's names are answered in `Host` (DNS rebinding).
//! - Only the embedded files are served; any other path is a 404.

//!
//! The files: `api.rs` reads queries into requests and answers them; `work.rs`
//! schedules the work on cores; `admission.rs` admits connections; `guard.rs`
//! checks `Host` and adds the security headers; `page.rs` serves the page;
//! `reply.rs` and `shared.rs` are what they share; this file is the command.

mod admission;
mod api;
mod guard;
mod reply;
mod shared;
mod work;

use std::io::{self, Write};
use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;
use std::time::Duration;

use argh::FromArgs;
use axum::Router;
use axum::http::StatusCode;
use axum::routing::get;

use super::{EXIT_BAD_INPUT, EXIT_OK};
use admission::{Connections, serve_until};
use reply::Reply;
use shared::{
    FILE_RESERVE, MAX_CONNECTIONS, MAX_PER_CLIENT, MAX_QUEUED_PER_CLIENT, MAX_REFUSING,
    MAX_TIME_LIMIT_S, Shared, TIME_LIMIT_S,
};

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
            share 256 MiB (two weighted cost= searches at a time, others wait); a client \
            with --max-queued-per-client searches waiting gets a 429 with Retry-After for \
            more; a request \
            with two Host headers gets a 400, and a Host header other than localhost, \
            127.0.0.1, [::1] or the --host address a 421; when a client (an IP address) has as many \
            connections open as allowed, its oldest unused one (idle 1 s) is closed for \
            the new one, and when everyone has, a client under half its fair share gets \
            the oldest idle one of the client holding the most (any other, its own unused \
            one); where none can be closed the new connection's request gets a 429 with \
            Retry-After; \
            a connection idle 10 s (between \
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
    /// searches one IP address may have waiting for a core beyond those running
    /// (default 8; more get a 429)
    #[argh(option, default = "MAX_QUEUED_PER_CLIENT")]
    max_queued_per_client: usize,
}

fn router(shared: Arc<Shared>) -> Router {
    Router::new()
        .route("/", get(api::page))
        .route("/app.js", get(api::page))
        .route("/backend.js", get(api::page))
        .route("/worker.js", get(api::page))
        .route("/trainer.js", get(api::page))
        .route("/theme.js", get(api::page))
        .route("/sw.js", get(api::page))
        .route("/manifest.webmanifest", get(api::page))
        .route("/icon.svg", get(api::page))
        .route("/model.js", get(api::page))
        .route("/style.css", get(api::page))
        .route("/census.svg", get(api::api))
        .route("/api/solve", get(api::api))
        .route("/api/scramble", get(api::api))
        .route("/api/census", get(api::api))
        .route("/api/cases", get(api::api))
        .fallback(api::not_found)
        .method_not_allowed_fallback(|| async {
            Reply::error(
                StatusCode::METHOD_NOT_ALLOWED,
                "only GET (and HEAD) requests are answered",
            )
        })
        .layer(axum::middleware::from_fn_with_state(
            Arc::clone(&shared),
            guard::check_host,
        ))
        .layer(axum::middleware::map_response(guard::harden))
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
        let room = files.saturating_sub(FILE_RESERVE + MAX_REFUSING).max(1);
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
        let shared = Shared::new(cores, time_limit, a.host, a.max_queued_per_client);
        let app = router(Arc::new(shared));
        serve_until(listener, app, connections, stop_signal()).await;
        eprintln!("pocket: stopped");
        Ok(EXIT_OK)
    });
    // Work still running (a long census) is not waited for.
    runtime.shutdown_timeout(Duration::from_millis(100));
    status
}
