//! `pocket serve` over real HTTP on loopback: every endpoint against the command it
//! stands for, every class of bad request, 300 requests at once, and a clean stop.

use crate::common;

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Command, Stdio};
use std::time::Duration;

use common::server::{Server, request};

const HARD: &str = "UUUURLFBLRBFLLFFRRBBDDDD";

/// What `pocket ARGS` prints on stdout.
fn printed(args: &[&str]) -> String {
    common::stdout(&common::pocket(args, b""))
}

fn json(body: &str) -> serde_json::Value {
    serde_json::from_str(body).unwrap_or_else(|e| panic!("JSON ({e}): {body}"))
}

fn error_of(answer: &(u16, String)) -> String {
    json(&answer.1)["error"]
        .as_str()
        .unwrap_or_else(|| panic!("an error field: {}", answer.1))
        .to_string()
}

#[test]
fn every_endpoint_answers_as_the_command_line() {
    let server = Server::start();
    let cases: [(&str, &[&str]); 10] = [
        (
            "/api/solve?state=UUUURLFBLRBFLLFFRRBBDDDD",
            &["solve", "--json", HARD],
        ),
        (
            "/api/solve?state=UUUURLFBLRBFLLFFRRBBDDDD&moves=%5BR%2C+U%5D",
            &["solve", "--json", "--moves", "[R, U]", HARD],
        ),
        (
            "/api/solve?state=UUUURLFBLRBFLLFFRRBBDDDD&all=1&metric=qtm",
            &["solve", "--json", "--all", "--metric", "qtm", HARD],
        ),
        (
            "/api/solve?state=UUUURLFBLRBFLLFFRRBBDDDD&count=true",
            &["solve", "--json", "--count", HARD],
        ),
        (
            "/api/solve?moves=R+U2+F%27&cost=R%3D2",
            &["solve", "--json", "--cost", "R=2", "--moves", "R U2 F'"],
        ),
        (
            "/api/solve?state=UUUURLFBLRBFLLFFRRBBDDDD&goal=............LLFFRRBBDDDD",
            &[
                "solve",
                "--json",
                "--goal",
                "............LLFFRRBBDDDD",
                HARD,
            ],
        ),
        (
            "/api/scramble?seed=7&min-distance=9",
            &["scramble", "--json", "--seed", "7", "--min-distance", "9"],
        ),
        (
            "/api/scramble?seed=7&optimal=1&gen=RU",
            &[
                "scramble",
                "--json",
                "--seed",
                "7",
                "--optimal",
                "--gen",
                "RU",
            ],
        ),
        (
            "/api/census?metric=one-way",
            &["census", "--json", "--metric", "one-way"],
        ),
        (
            "/api/scramble?seed=7&set=cll",
            &["scramble", "--json", "--seed", "7", "--set", "cll"],
        ),
    ];
    for (target, args) in cases {
        let (status, body) = server.get(target);
        assert_eq!(status, 200, "{target}: {body}");
        assert_eq!(body, printed(args).trim_end(), "{target}");
    }
    // Issue 39: a set's cases, as an array of the command's lines; one state's case;
    // a state not of the set is a 404, a set not known a 400 naming it.
    let lines: Vec<serde_json::Value> = printed(&["cases", "pbl", "--json"])
        .lines()
        .map(json)
        .collect();
    let (status, body) = server.get("/api/cases?set=pbl");
    assert_eq!(
        (status, json(&body)),
        (200, serde_json::Value::from(lines.clone()))
    );
    let state = lines[3]["state"].as_str().unwrap_or_default();
    let (status, body) = server.get(&format!("/api/cases?set=pbl&state={state}"));
    assert_eq!((status, json(&body)), (200, lines[3].clone()));
    let (status, _) = server.get("/api/cases?set=cll&state=UFUFLLFDRRUBLLFDRRUBDBDB");
    assert_eq!(status, 404);
    let (status, body) = server.get("/api/cases?set=oll");
    assert!(
        status == 400 && body.contains("unknown case set 'oll'"),
        "{body}"
    );
    // All three censuses: the command's lines, as an array, however "all" is
    // written.
    let lines: Vec<serde_json::Value> = printed(&["census", "--json"]).lines().map(json).collect();
    for target in [
        "/api/census",
        "/api/census?metric=ALL",
        "/api/census?metric=%61ll",
    ] {
        let (status, body) = server.get(target);
        assert_eq!(status, 200, "{target}");
        assert_eq!(
            json(&body),
            serde_json::Value::from(lines.clone()),
            "{target}"
        );
    }
    // A bad state: the command's error line, with a 400.
    let answer = server.get("/api/solve?state=UUUURLFBLRBFLLFFRRBBDDDX");
    assert_eq!(answer.0, 400);
    assert_eq!(
        answer.1,
        printed(&["solve", "--json", "UUUURLFBLRBFLLFFRRBBDDDX"]).trim_end()
    );
    // The page and what it loads, all from the binary.
    for (target, kind) in [
        ("/", "text/html"),
        ("/app.js", "text/javascript"),
        ("/model.js", "text/javascript"),
        ("/style.css", "text/css"),
        ("/census.svg?metric=htm", "image/svg+xml"),
    ] {
        let (status, body) = server.get(target);
        assert_eq!(status, 200, "{target}");
        assert!(!body.is_empty(), "{target}");
        let head = server.headers(target);
        assert!(head.contains(&format!("content-type: {kind}")), "{head}");
        assert!(head.contains("content-security-policy:"), "{head}");
    }
    let (_, svg) = server.get("/census.svg");
    let doc = roxmltree::Document::parse(&svg).expect("the chart is XML");
    assert_eq!(doc.root_element().tag_name().name(), "svg");
    assert!(svg.contains("distance 11: 2,644 positions, 2,644 local maxima"));
}

#[test]
fn every_class_of_bad_request_gets_a_4xx_with_its_reason() {
    let server = Server::start();
    let cases: [(&str, u16, &str); 15] = [
        ("/api/solve", 400, "give state= (24 stickers), moves="),
        (
            "/api/solve?state=UUUURLFBLRBFLLFFRRBBDDDD&moves=%5BR%2C",
            400,
            "'[' with no ']'",
        ),
        ("/api/solve?state=", 400, "empty"),
        (
            "/api/solve?state=UUUURLFBLRBFLLFFRRBBDDD",
            400,
            "expected 24 stickers",
        ),
        (
            "/api/solve?state=UUUURLFBLRBFLLFFRRBBDDDD&metric=fast",
            400,
            "unknown metric 'fast'",
        ),
        (
            "/api/solve?state=UUUURLFBLRBFLLFFRRBBDDDD&all=1&count=1",
            400,
            "give count= or all=, not both (all=1 alone gives both)",
        ),
        (
            "/api/solve?state=UUUURLFBLRBFLLFFRRBBDDDD&all=yes",
            400,
            "parameter 'all' is 1 or 0, not 'yes'",
        ),
        (
            "/api/solve?state=UUUURLFBLRBFLLFFRRBBDDDD&colour=red",
            400,
            "unknown parameter 'colour'",
        ),
        (
            "/api/solve?state=UUUURLFBLRBFLLFFRRBBDDDD&state=UUUURLFBLRBFLLFFRRBBDDDD",
            400,
            "parameter 'state' is given twice",
        ),
        ("/api/solve?moves=R+Q", 400, "Q"),
        (
            "/api/solve?state=%FF%FE",
            400,
            "not a printable ASCII colour",
        ),
        (
            "/api/scramble?min-distance=12",
            400,
            "more than the largest distance",
        ),
        ("/api/census?metric=all&metric=htm", 400, "given twice"),
        ("/api/census?metric=fast", 400, "unknown metric 'fast'"),
        // No sequence of exactly 11 half turns makes a position that far: an
        // answer at once, not a search for ever.
        (
            "/api/scramble?gen=R2,U2,F2",
            400,
            "is made by exactly 11 moves of R2 U2 F2",
        ),
    ];
    for (target, status, words) in cases {
        let answer = server.get(target);
        assert_eq!(answer.0, status, "{target}: {}", answer.1);
        let e = error_of(&answer);
        assert!(e.contains(words), "{target}: {e}");
    }
    // Too long a query: refused, not read into a solve. Past 64 KB the HTTP layer
    // refuses the request line itself, with the same status and no body.
    let long = format!("/api/solve?moves={}", "R".repeat(20 * 1024));
    let answer = server.get(&long);
    assert_eq!(answer.0, 414);
    assert!(error_of(&answer).contains("more than the 16384 answered"));
    let longer = format!("/api/solve?moves={}", "R".repeat(100 * 1024));
    assert_eq!(server.get(&longer).0, 414);
    // Nothing but the embedded files, whatever the path says.
    for target in [
        "/../../etc/passwd",
        "/%2e%2e/%2e%2e/etc/passwd",
        "/static/../../Cargo.toml",
        "/index.html/..",
        "/api",
    ] {
        let answer = server.get(target);
        assert_eq!(answer.0, 404, "{target}");
        assert!(error_of(&answer).starts_with("no such page"), "{target}");
    }
    let answer = server.request("POST", "/api/solve?state=x");
    assert_eq!(answer.0, 405);
    assert!(error_of(&answer).contains("only GET"));
    // The server is still there after all of that.
    assert_eq!(
        server.get("/api/solve?state=UUUULLFFRRBBLLFFRRBBDDDD").0,
        200
    );
}

#[test]
fn three_hundred_requests_at_once_are_all_answered() {
    let server = Server::start();
    let port = server.port;
    let states: Vec<String> = printed(&["scramble", "-n", "100", "--seed", "300"])
        .lines()
        .map(|l| l.split('\t').nth(1).expect("state").to_string())
        .collect();
    let expected: Vec<String> = printed(
        &[
            &["solve", "--json"][..],
            &states.iter().map(String::as_str).collect::<Vec<_>>(),
        ]
        .concat(),
    )
    .lines()
    .map(String::from)
    .collect();
    let threads: Vec<_> = (0..300)
        .map(|i| {
            let target = match i % 3 {
                0 => format!("/api/solve?state={}", states[i / 3]),
                1 => "/api/census?metric=qtm".to_string(),
                _ => format!("/api/scramble?seed={i}"),
            };
            std::thread::spawn(move || (i, request(port, "GET", &target)))
        })
        .collect();
    for t in threads {
        let (i, (status, body)) = t.join().expect("request thread");
        assert_eq!(status, 200, "request {i}: {body}");
        if i % 3 == 0 {
            assert_eq!(body, expected[i / 3], "request {i}");
        }
    }
}

#[cfg(unix)]
#[test]
fn ctrl_c_stops_it_cleanly() {
    let mut server = Server::start();
    assert_eq!(
        server.get("/api/solve?state=UUUURLFBLRBFLLFFRRBBDDDD").0,
        200
    );
    // A client that sent half a request does not hold the stop up for long.
    let mut half = TcpStream::connect(("127.0.0.1", server.port)).expect("connect");
    write!(half, "GET / HTTP/1.1\r\nHost: x\r\n").expect("send half");
    std::thread::sleep(Duration::from_millis(100));
    let asked = std::time::Instant::now();
    // SAFETY: kill(2) on our own child's pid.
    unsafe {
        libc::kill(server.child.id() as i32, libc::SIGINT);
    }
    let status = server.child.wait().expect("wait");
    assert_eq!(status.code(), Some(0));
    assert!(
        asked.elapsed() < Duration::from_secs(8),
        "{:?}",
        asked.elapsed()
    );
    drop(half);
    let mut err = String::new();
    server
        .child
        .stderr
        .take()
        .expect("stderr")
        .read_to_string(&mut err)
        .expect("stderr text");
    assert!(err.contains("pocket: stopped"), "{err}");
}

#[test]
fn another_host_is_named_on_stderr_and_a_taken_port_is_an_error() {
    let server = Server::start();
    let out = common::pocket(&["serve", "--port", &server.port.to_string()], b"");
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("cannot listen on 127.0.0.1:"), "{err}");
    let out = common::pocket(&["serve", "--host", "nowhere"], b"");
    assert_eq!(out.status.code(), Some(2));
    // Every network: said on stderr, and the address printed is this machine's.
    let mut wide = Command::new(env!("CARGO_BIN_EXE_pocket"))
        .args(["serve", "--host", "0.0.0.0", "--port", "0"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start");
    let mut line = String::new();
    BufReader::new(wide.stdout.as_mut().expect("stdout"))
        .read_line(&mut line)
        .expect("the address");
    assert!(line.starts_with("http://127.0.0.1:"), "{line}");
    let _ = wide.kill();
    let mut err = String::new();
    wide.stderr
        .take()
        .expect("stderr")
        .read_to_string(&mut err)
        .expect("stderr text");
    let _ = wide.wait();
    assert!(
        err.contains("listening on 0.0.0.0 (not only this machine"),
        "{err}"
    );
}

/// A request with its own `Host` line (none if `host` is `None`), answered within 5 s
/// or the test fails: the status and the body.
fn with_host(port: u16, host: Option<&str>, target: &str) -> (u16, String) {
    let mut s = TcpStream::connect(("127.0.0.1", port)).expect("connect");
    s.set_read_timeout(Some(STALLED)).ok();
    let host = host.map_or(String::new(), |h| format!("Host: {h}\r\n"));
    write!(
        s,
        "GET {target} HTTP/1.1\r\n{host}Connection: close\r\n\r\n"
    )
    .expect("send");
    let mut raw = Vec::new();
    s.read_to_end(&mut raw)
        .unwrap_or_else(|e| panic!("{target}: no answer within {STALLED:?}: {e}"));
    let text = String::from_utf8_lossy(&raw).into_owned();
    let (head, body) = text.split_once("\r\n\r\n").expect("head and body");
    let status = head.split(' ').nth(1).and_then(|c| c.parse().ok());
    (status.expect("status"), body.to_string())
}

/// Long enough to tell "slow on a busy machine" from "stalled for ever".
const STALLED: Duration = Duration::from_secs(5);

#[test]
fn stalling_scrambles_are_refused_and_do_not_hold_the_server() {
    let server = Server::start();
    let port = server.port;
    // With R2 U2 F2 an odd exact length was a search of every sequence: two of them
    // once held both cores for ever. Now the library refuses it at once, as the
    // command does.
    let stalling: Vec<_> = (0..2)
        .map(|_| {
            std::thread::spawn(move || {
                with_host(
                    port,
                    Some("localhost"),
                    "/api/scramble?gen=R2,U2,F2&length=999",
                )
            })
        })
        .collect();
    for t in stalling {
        let answer = t.join().expect("request thread");
        assert_eq!(answer.0, 400, "{}", answer.1);
        let e = error_of(&answer);
        assert!(e.contains("made by exactly 999 moves of R2 U2 F2"), "{e}");
    }
    let answer = with_host(port, Some("localhost"), &format!("/api/solve?state={HARD}"));
    assert_eq!(answer.0, 200, "{}", answer.1);
    // Without gen= any length the command takes is quick.
    let answer = with_host(port, Some("localhost"), "/api/scramble?length=1000&seed=1");
    assert_eq!(json(&answer.1)["length"], 1000);
}

#[test]
fn work_past_the_time_limit_gets_a_503_and_gives_its_core_back() {
    // A weighted search of all solutions with far-apart costs: 0.45 s in the test
    // build, far past 0.1 s.
    let server = Server::with_args(&["--time-limit", "0.1"]);
    let port = server.port;
    let slow: Vec<_> = (0..2)
        .map(|_| {
            std::thread::spawn(move || {
                with_host(
                    port,
                    Some("localhost"),
                    &format!("/api/solve?state={HARD}&all=1&cost=R=301,U=1"),
                )
            })
        })
        .collect();
    for t in slow {
        let answer = t.join().expect("request thread");
        assert_eq!(answer.0, 503, "{}", answer.1);
        let e = error_of(&answer);
        assert!(e.contains("more than the 0.1 s it may take"), "{e}");
    }
    // Both searches run on, but the cores are free for the next request.
    let answer = with_host(port, Some("localhost"), &format!("/api/solve?state={HARD}"));
    assert_eq!(answer.0, 200, "{}", answer.1);
    for bad in ["0", "-1", "nan", "7200"] {
        let out = common::pocket(&["serve", "--port", "0", "--time-limit", bad], b"");
        assert_eq!(out.status.code(), Some(2), "{bad}");
    }
}

#[test]
fn only_this_machines_names_are_answered_in_host() {
    let server = Server::start();
    let port = server.port;
    let with_port = |name: &str| format!("{name}:{port}");
    for host in [
        "localhost".to_string(),
        "LocalHost".to_string(),
        "127.0.0.1".to_string(),
        "[::1]".to_string(),
        with_port("localhost"),
        with_port("127.0.0.1"),
        with_port("[::1]"),
    ] {
        let answer = with_host(port, Some(&host), "/api/census?metric=htm");
        assert_eq!(answer.0, 200, "{host}: {}", answer.1);
    }
    // A page of another site that had its name resolve to 127.0.0.1 (DNS
    // rebinding) sends its own name.
    for host in [
        Some("evil.example".to_string()),
        Some(with_port("evil.example")),
        Some(with_port("localhost.evil.example")),
        Some(with_port("127.0.0.1.nip.io")),
        Some("0.0.0.0".to_string()),
        Some("::1".to_string()),
        Some("127.0.0.1:port".to_string()),
        Some(String::new()),
        None,
    ] {
        let answer = with_host(port, host.as_deref(), "/api/census?metric=htm");
        assert_eq!(answer.0, 421, "{host:?}: {}", answer.1);
        let e = error_of(&answer);
        assert!(e.contains("Host"), "{e}");
    }
    let answer = with_host(port, Some("evil.example"), "/");
    assert!(
        error_of(&answer)
            .contains("answers to localhost, 127.0.0.1, [::1], not to the Host 'evil.example'"),
        "{}",
        answer.1
    );
}

/// Open connections that send nothing (or half a request's head).
fn idle_connections(port: u16, n: usize) -> Vec<TcpStream> {
    (0..n)
        .map(|i| {
            let mut s = TcpStream::connect(("127.0.0.1", port)).expect("connect");
            if i % 2 == 1 {
                write!(s, "GET / HTTP/1.1\r\n").expect("half a head");
            }
            s
        })
        .collect()
}

#[test]
fn idle_connections_do_not_keep_a_request_out() {
    // Past the cap of one client, then past the cap of all.
    for caps in [["--max-per-client", "8"], ["--max-connections", "8"]] {
        let server = Server::with_args(&caps);
        let port = server.port;
        let mut idle = idle_connections(port, 40);
        // Give the server time to accept them all, so that they are the oldest, and
        // for them to count as unused: a connection gets 1 s to send its first
        // request before it may be closed for another (issue 61).
        std::thread::sleep(Duration::from_millis(1200));
        let answer = with_host(port, Some("localhost"), &format!("/api/solve?state={HARD}"));
        assert_eq!(answer.0, 200, "{caps:?}: {}", answer.1);
        // The oldest idle connections were closed to make room: reading one ends.
        let first = &mut idle[0];
        first.set_read_timeout(Some(STALLED)).ok();
        let mut buf = [0u8; 64];
        let read = first.read(&mut buf);
        assert!(
            matches!(read, Ok(0))
                || read.is_err_and(|e| e.kind() != std::io::ErrorKind::WouldBlock
                    && e.kind() != std::io::ErrorKind::TimedOut),
            "{caps:?}: the oldest idle connection is still open"
        );
    }
    for bad in [["--max-connections", "0"], ["--max-per-client", "0"]] {
        let out = common::pocket(&[&["serve", "--port", "0"][..], &bad[..]].concat(), b"");
        assert_eq!(out.status.code(), Some(2), "{bad:?}");
    }
}

/// Issue 36, item 13: a request with two Host headers was answered 200 when
/// `localhost` came first. RFC 9112 requires a 400, in either order.
#[test]
fn two_host_headers_get_a_400() {
    let server = Server::start();
    for (first, second) in [("localhost", "evil.example"), ("evil.example", "localhost")] {
        let mut s = TcpStream::connect(("127.0.0.1", server.port)).expect("connect");
        s.set_read_timeout(Some(STALLED)).ok();
        write!(
            s,
            "GET /api/census HTTP/1.1\r\nHost: {first}\r\nHost: {second}\r\nConnection: close\r\n\r\n"
        )
        .expect("send");
        let mut raw = String::new();
        s.read_to_string(&mut raw).expect("an answer");
        assert!(raw.starts_with("HTTP/1.1 400"), "{first}, {second}: {raw}");
        assert!(raw.contains("more than one Host header"), "{raw}");
    }
}

/// A GET from the loopback address `source` (127.0.0.x: another client to the
/// server): the status, and when the answer came.
#[cfg(unix)]
fn get_from(source: [u8; 4], port: u16, target: &str) -> (u16, std::time::Instant) {
    let mut s = common::server::connect_from(source, port).expect("connect");
    s.set_read_timeout(Some(Duration::from_secs(60))).ok();
    write!(
        s,
        "GET {target} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n"
    )
    .unwrap();
    let mut raw = String::new();
    s.read_to_string(&mut raw).expect("an answer");
    let status = raw
        .split(' ')
        .nth(1)
        .and_then(|c| c.parse().ok())
        .unwrap_or(0);
    (status, std::time::Instant::now())
}

/// Issue 36, item 12: four to twenty heavy solves of one client delayed every plain
/// solve by seconds. Now a plain solve (a table look-up) never waits behind searches,
/// and one client's queue of searches does not stand in front of another client's.
#[cfg(unix)]
#[test]
fn one_clients_searches_hold_up_no_plain_solve_and_no_other_client() {
    let server = Server::with_args(&["--time-limit", "60"]);
    let port = server.port;
    let heavy = format!("/api/solve?state={HARD}&all=1&cost=R=301,U=1");
    // Four in the first client's queue, one core at a time: about 4 s of searches
    // (each builds the whole cost table, about 1 s in a test build).
    let queue: Vec<_> = (0..4)
        .map(|_| {
            let target = heavy.clone();
            std::thread::spawn(move || get_from([127, 0, 0, 1], port, &target))
        })
        .collect();
    std::thread::sleep(Duration::from_millis(200));
    let plain = get_from([127, 0, 0, 1], port, &format!("/api/solve?state={HARD}"));
    let other = get_from([127, 0, 0, 2], port, &heavy);
    let mut done: Vec<std::time::Instant> = queue
        .into_iter()
        .map(|t| {
            let (status, at) = t.join().unwrap();
            assert_eq!(status, 200);
            at
        })
        .collect();
    done.sort();
    assert_eq!((plain.0, other.0), (200, 200));
    assert!(
        plain.1 < done[0],
        "the plain solve waited behind the searches"
    );
    assert!(
        other.1 < done[2],
        "the other client's search waited behind the first client's queue"
    );
}

/// Issue 36, item 17: the API's errors were the command line's words ("Error parsing
/// option '--seed'"); they name the query parameter as the API user wrote it.
#[test]
fn api_errors_name_the_query_parameters() {
    let server = Server::start();
    for (target, want) in [
        ("/api/scramble?seed=-1", "bad seed= '-1'"),
        (
            "/api/scramble?min-distance=99",
            "min-distance= 99 is more than",
        ),
        (
            "/api/scramble?optimal=1&length=3",
            "choose length= or optimal=, not both",
        ),
        (
            &format!("/api/solve?state={HARD}&metric=foo") as &str,
            "bad metric= 'foo': unknown metric 'foo'",
        ),
    ] {
        let answer = request(server.port, "GET", target);
        assert_eq!(answer.0, 400, "{target}: {}", answer.1);
        let e = error_of(&answer);
        assert!(e.contains(want), "{target}: {e}");
        assert!(!e.contains("--"), "{target}: {e}");
    }
}
