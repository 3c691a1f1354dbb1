//! One property test over the combinations of the options that change an answer:
//! `solve` with a metric, `--gen`, `--goal`, `--cost`, `--method`, `--layout`,
//! `--all`/`--count`, `--moves` and random colours and orientations; `census` with
//! `--gen` and `--metric`; `scramble` with `--gen`, `--length`, `--min-distance` and
//! `--optimal`; `solve --puzzle` on definition files. Every answer of the real binary
//! is checked against `model/`, sticker permutations and a Dijkstra written apart
//! from the engine. `combinations_fixed_seed` runs in `cargo test`;
//! `combinations_random_seed` (ignored) draws a seed from `POCKET_SEED` or the clock
//! and runs many more cases (see docs/testing.md).

use crate::common;
use crate::model;

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use common::{Rng, SOLVED, is_solved};
use model::{Cube, Rules, UNREACHED};

/// Combinations known to fail on this branch, fixed on others in parallel. Each
/// entry relaxes exactly one check (named where it is used); the integrator empties
/// the list once the fixes are merged, and the test must then pass without it.
const KNOWN_OPEN: &[&str] = &[];

fn open(name: &str) -> bool {
    KNOWN_OPEN.contains(&name)
}

/// A child gets this long before it is killed and the case fails.
const CHILD_LIMIT: Duration = Duration::from_secs(10);

struct Run {
    code: Option<i32>,
    out: String,
    err: String,
}

/// Run the real binary with a time limit (a hang is a failure, not a stuck test).
fn run(args: &[String], stdin: &str) -> Run {
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let text = |b: &[u8]| String::from_utf8_lossy(b).into_owned();
    match common::pocket_within(&args, stdin.as_bytes(), CHILD_LIMIT) {
        Ok(o) => Run {
            code: o.status.code(),
            out: text(&o.stdout),
            err: text(&o.stderr),
        },
        Err(err) => Run {
            code: None,
            out: String::new(),
            err: format!("killed after {CHILD_LIMIT:?}\n{}", text(&err)),
        },
    }
}

/// The command line of a case, quoted for a shell, for the failure report.
fn shell(args: &[String], stdin: &str) -> String {
    let q = |a: &str| format!("'{}'", a.replace('\'', "'\\''"));
    let mut line = format!(
        "pocket {}",
        args.iter().map(|a| q(a)).collect::<Vec<_>>().join(" ")
    );
    if !stdin.is_empty() {
        line = format!("printf '%s\\n' {} | {line}", {
            stdin.lines().map(q).collect::<Vec<_>>().join(" ")
        });
    }
    line
}

/// The failures of a run, each with the command line that reproduces it.
#[derive(Default)]
struct Report {
    failures: Vec<String>,
    cases: usize,
    refusals: usize,
}

impl Report {
    fn fail(&mut self, cmd: &str, what: String) {
        self.failures.push(format!("{what}\n    {cmd}"));
    }
}

// ---------------------------------------------------------------- model caching

/// Distances of the model, kept for the last few problems (each is 7 MB) and shared
/// by the tests of this binary, which run at once: the lock makes the second wait
/// for the first's search instead of repeating it.
type Key = (Rules, Vec<u8>, bool);
static DISTANCES: Mutex<Vec<(Key, Arc<Vec<u16>>)>> = Mutex::new(Vec::new());
const KEPT: usize = 8;

/// Distances to `target` (a face-letter pattern, `SOLVED` for the solved cube), or
/// from solved with `forward`.
fn distances(rules: &Rules, target: &[u8], forward: bool) -> Arc<Vec<u16>> {
    let key = (rules.clone(), target.to_vec(), forward);
    let mut kept = DISTANCES.lock().unwrap_or_else(|e| e.into_inner());
    if let Some(e) = kept.iter().find(|e| e.0 == key) {
        return e.1.clone();
    }
    let t = Instant::now();
    let targets = if target == SOLVED {
        vec![model::encode(SOLVED).unwrap()]
    } else {
        model::matching(target)
    };
    let t1 = t.elapsed();
    let d = Arc::new(if forward {
        model::distances_from(rules, &targets)
    } else {
        model::distances(rules, &targets)
    });
    if std::env::var_os("POCKET_VERBOSE").is_some() {
        eprintln!("model: targets {t1:?}, distances {:?}", t.elapsed() - t1);
    }
    if kept.len() >= KEPT {
        kept.remove(0);
    }
    kept.push((key, d.clone()));
    d
}

// ---------------------------------------------------------------- drawing options

/// Move subsets `--gen` takes, and the moves (model indices) each allows.
const GENS: &[&str] = &[
    "RU", "RF", "UF", "R2,U2,F2", "R,U2", "U,F2", "RUF", "R2,U,F2", "R,U2,F2", "R2,U2",
];

fn gen_moves(spec: &str) -> [bool; 9] {
    let mut allowed = [false; 9];
    if spec.contains(',') {
        // A face letter in a list stands for every turn of that face.
        for m in spec.split(',') {
            match b"RUF".iter().position(|&x| m.as_bytes() == [x]) {
                Some(face) => (0..3).for_each(|k| allowed[3 * face + k] = true),
                None => allowed[model::move_index(m).expect("a move")] = true,
            }
        }
    } else {
        for f in spec.bytes() {
            let face = b"RUF".iter().position(|&x| x == f).unwrap();
            for k in 0..3 {
                allowed[3 * face + k] = true;
            }
        }
    }
    allowed
}

#[derive(Clone, Copy, PartialEq, Debug)]
enum Metric {
    Default,
    Htm,
    Qtm,
    OneWay,
}

impl Metric {
    fn arg(self) -> Option<&'static str> {
        match self {
            Metric::Default => None,
            Metric::Htm => Some("htm"),
            Metric::Qtm => Some("qtm"),
            Metric::OneWay => Some("one-way"),
        }
    }
}

/// Costs are drawn in eighths (0.125 to 3, three decimal places).
const UNIT: u32 = 8;

/// Costs in eighths, and the spec text.
fn draw_cost(rng: &mut Rng) -> ([u32; 9], String) {
    let mut cost = [UNIT; 9];
    let mut parts = Vec::new();
    for face in 0..3 {
        // `F=c` names the face (F, F' and F2 unless named); F' and F2 may be named.
        let fname = ["R", "U", "F"][face];
        if rng.below(3) == 0 {
            let c = 1 + rng.below(24) as u32;
            for k in 0..3 {
                cost[3 * face + k] = c;
            }
            parts.push(format!("{fname}={}", units(c)));
        }
        for k in 1..3 {
            if rng.below(4) == 0 {
                let c = 1 + rng.below(24) as u32;
                cost[3 * face + k] = c;
                parts.push(format!("{}={}", model::NAMES[3 * face + k], units(c)));
            }
        }
    }
    if parts.is_empty() {
        parts.push("R2=1.5".into());
        cost[2] = 12;
    }
    // Later names win over the face letter only when named on their own: put the face
    // letters first, as the order must not matter.
    (cost, parts.join(","))
}

fn units(c: u32) -> String {
    let v = c as f64 / UNIT as f64;
    format!("{v}")
}

/// Whether pocket refuses these costs: a turn dearer than two turns of its face
/// making it (docs/commands.md, `--cost`).
fn costs_refused(cost: &[u32; 9]) -> bool {
    (0..3).any(|f| {
        let (q, qi, h) = (cost[3 * f], cost[3 * f + 1], cost[3 * f + 2]);
        h > 2 * q || h > 2 * qi || q > h + qi || qi > h + q
    })
}

/// Random distinct printable colours (no '.', the wildcard of goals).
fn draw_colours(rng: &mut Rng) -> Vec<u8> {
    if rng.below(3) == 0 {
        return b"ULFRBD".to_vec();
    }
    let mut palette: Vec<u8> = (33u8..=126).filter(|&c| c != b'.').collect();
    (0..6)
        .map(|_| palette.remove(rng.below(palette.len())))
        .collect()
}

fn recolour(s: &[u8], colours: &[u8]) -> Vec<u8> {
    s.iter()
        .map(|c| colours[b"ULFRBD".iter().position(|x| x == c).unwrap()])
        .collect()
}

/// A random whole-cube orientation of a sticker string.
fn rotate(rng: &mut Rng, s: &[u8]) -> Vec<u8> {
    let (x, y) = (model::rot_x(), model::rot_y());
    let mut cur = s.to_vec();
    for _ in 0..rng.below(6) {
        cur = model::permute(&cur, if rng.below(2) == 0 { &x } else { &y });
    }
    cur
}

/// A random face-letter state: a random walk over `allowed`.
fn walk_state(rng: &mut Rng, allowed: &[bool; 9]) -> Vec<u8> {
    let moves: Vec<usize> = (0..9).filter(|&m| allowed[m]).collect();
    let mut s = SOLVED.to_vec();
    for _ in 0..(20 + rng.below(30)) {
        s = model::apply_move(&s, moves[rng.below(moves.len())]);
    }
    s
}

/// A WCA sequence as written (with wide turns, `r` for `Rw`, and a repeated group)
/// and as the model reads it (plain turns and rotations).
fn draw_wca(rng: &mut Rng) -> (String, String) {
    const W: &[&str] = &["U", "D", "L", "R", "F", "B", "x", "y", "z"];
    // A wide turn is a rotation on the 2x2x2.
    const WIDE: &[(&str, &str, &str)] = &[
        ("Rw", "r", "x"),
        ("Lw", "l", "x'"),
        ("Uw", "u", "y"),
        ("Dw", "d", "y'"),
        ("Fw", "f", "z"),
        ("Bw", "b", "z'"),
    ];
    let one = |rng: &mut Rng| -> (String, String) {
        let suffix = ["", "'", "2"][rng.below(3)];
        if rng.below(5) == 0 {
            let (w, short, rot) = WIDE[rng.below(WIDE.len())];
            let written = format!("{}{suffix}", if rng.below(2) == 0 { w } else { short });
            let q = match suffix {
                "'" => 3,
                "2" => 2,
                _ => 1,
            };
            let model = vec![rot; q].join(" ");
            return (written, model);
        }
        let m = format!("{}{suffix}", W[rng.below(W.len())]);
        (m.clone(), m)
    };
    let mut written = Vec::new();
    let mut read = Vec::new();
    for _ in 0..1 + rng.below(8) {
        if rng.below(8) == 0 {
            let k = 1 + rng.below(3);
            let group: Vec<_> = (0..1 + rng.below(3)).map(|_| one(rng)).collect();
            let w: Vec<_> = group.iter().map(|g| g.0.clone()).collect();
            written.push(format!("({}){k}", w.join(" ")));
            for _ in 0..k {
                read.extend(group.iter().map(|g| g.1.clone()));
            }
        } else {
            let (w, m) = one(rng);
            written.push(w);
            read.push(m);
        }
    }
    (written.join(" "), read.join(" "))
}

/// A goal pattern in face letters: some stickers of a state, the rest '.'.
fn draw_goal(rng: &mut Rng) -> Vec<u8> {
    const NAMED: &[&[u8; 24]] = &[
        b"............LLFFRRBBDDDD",
        b"UUUU....................",
        b"UUUU........LLFFRRBBDDDD",
        b"....LLFF....LLFF....DDDD",
    ];
    if rng.below(2) == 0 {
        return NAMED[rng.below(NAMED.len())].to_vec();
    }
    let from = if rng.below(2) == 0 {
        SOLVED.to_vec()
    } else {
        walk_state(rng, &[true; 9])
    };
    let keep = 4 + rng.below(10);
    let mut pattern = vec![b'.'; 24];
    for _ in 0..keep {
        let i = rng.below(24);
        pattern[i] = from[i];
    }
    pattern
}

// ---------------------------------------------------------------- solve

#[derive(Clone, Copy, PartialEq, Debug)]
enum Mode {
    One,
    All,
    Count,
}

struct SolveCase {
    metric: Metric,
    subset: Option<&'static str>,
    cost: Option<([u32; 9], String)>,
    method: Option<&'static str>,
    urfdlb: bool,
    mode: Mode,
    goal: Option<Vec<u8>>,
    json: bool,
    compact: bool,
    /// `--lines`: with `--all`, a solution a line and an empty line after each input.
    lines: bool,
}

fn draw_solve(rng: &mut Rng) -> SolveCase {
    let cost = (rng.below(4) == 0).then(|| draw_cost(rng));
    let metric = if cost.is_some() && rng.below(5) != 0 {
        Metric::Default
    } else {
        [Metric::Default, Metric::Htm, Metric::Qtm, Metric::OneWay][rng.below(4)]
    };
    let subset = (rng.below(3) == 0).then(|| GENS[rng.below(GENS.len())]);
    let method = if rng.below(3) == 0 {
        Some(["auto", "bidir", "table"][rng.below(3)])
    } else {
        None
    };
    let mode = [Mode::One, Mode::One, Mode::All, Mode::Count][rng.below(4)];
    let goal = (rng.below(5) == 0).then(|| draw_goal(rng));
    SolveCase {
        metric,
        subset,
        cost,
        method,
        urfdlb: rng.below(3) == 0,
        mode,
        goal,
        json: rng.below(2) == 0,
        compact: rng.below(4) == 0,
        lines: rng.below(5) == 0,
    }
}

/// The model's rules for a case: the moves of the metric and `--gen`, their costs.
fn rules_of(c: &SolveCase) -> Rules {
    let allowed = c.subset.map_or([true; 9], gen_moves);
    let mut cost = [None; 9];
    for m in 0..9 {
        if !allowed[m] {
            continue;
        }
        cost[m] = match (&c.cost, c.metric) {
            (Some((q, _)), _) => Some(q[m]),
            (None, Metric::Qtm) => Some(if m % 3 == 2 { 2 } else { 1 }),
            (None, Metric::OneWay) => (m % 3 == 0).then_some(1),
            (None, _) => Some(1),
        };
    }
    Rules {
        cost,
        fewest_moves: c.cost.is_some(),
        same_face_twice: c.metric == Metric::OneWay && c.cost.is_none(),
    }
}

/// Why pocket refuses a combination (exit 2), when docs/commands.md or its usage
/// message says it does (`--cost`, `--gen` and `--goal` need the search: `--method
/// table` is refused with them, `auto` and `bidir` are not).
fn documented_refusal(c: &SolveCase, inputs: &[Input]) -> Option<&'static str> {
    // Options that would change nothing are refused (issue 25, item 5).
    if c.compact && c.mode == Mode::Count && !c.json {
        return Some("--count prints only the number: --compact has nothing to write");
    }
    if c.lines && c.mode != Mode::All {
        return Some("--lines puts each solution of --all on a line of its own");
    }
    if c.lines && c.json {
        return Some("--lines is for text");
    }
    if c.urfdlb && !c.json && c.goal.is_none() && inputs.iter().any(|i| i.moves) {
        return Some("--layout with --moves applies to --goal and --json only");
    }
    let method_other = c.method == Some("table");
    if c.cost.is_some() && matches!(c.metric, Metric::Qtm | Metric::OneWay) {
        return Some("--cost replaces --metric");
    }
    if c.cost.is_some() && method_other {
        return Some("--cost works with the default method");
    }
    if c.cost.as_ref().is_some_and(|(q, _)| costs_refused(q)) {
        return Some("a turn dearer than two turns of its face");
    }
    if c.subset.is_some() && method_other {
        return Some("--gen works with the default method");
    }
    if c.goal.is_some() && method_other {
        return Some("--goal works with the default method");
    }
    if c.goal.is_some() && c.mode != Mode::One && open("goal-all-count-refused") {
        return Some("--goal without --all or --count (KNOWN_OPEN)");
    }
    if rules_of(c).moves().next().is_none() {
        return Some("no move of the metric among --gen");
    }
    None
}

/// One input of a case: what is given (state or WCA sequence) and the stickers it
/// stands for, in net order and its own colours.
struct Input {
    given: String,
    net: Vec<u8>,
    moves: bool,
}

fn draw_inputs(rng: &mut Rng, c: &SolveCase) -> Vec<Input> {
    // A goal is in the first input's colours and orientation: one input then.
    let n = if c.goal.is_some() {
        1
    } else {
        1 + rng.below(3)
    };
    let by_moves = rng.below(4) == 0;
    let allowed = c.subset.map_or([true; 9], gen_moves);
    // One colour scheme for the case, so that a goal's colours are every input's.
    let colours = draw_colours(rng);
    (0..n)
        .map(|_| {
            if by_moves {
                let (seq, read) = draw_wca(rng);
                let net = model::apply_wca(SOLVED, &read);
                return Input {
                    given: seq,
                    net,
                    moves: true,
                };
            }
            // Mostly inside the subgroup; sometimes anywhere (then refused).
            let face = if rng.below(5) == 0 {
                walk_state(rng, &[true; 9])
            } else {
                walk_state(rng, &allowed)
            };
            let mut net = recolour(&face, &colours);
            if c.subset.is_none() || rng.below(4) == 0 {
                net = rotate(rng, &net);
            }
            let given = if c.urfdlb {
                model::to_urfdlb(&net)
            } else {
                net.clone()
            };
            Input {
                given: String::from_utf8(given).unwrap(),
                net,
                moves: false,
            }
        })
        .collect()
}

fn solve_args(c: &SolveCase, inputs: &[Input]) -> (Vec<String>, String) {
    let mut a: Vec<String> = vec!["solve".into()];
    let mut push = |k: &str, v: &str| {
        a.push(k.into());
        a.push(v.into());
    };
    if let Some(m) = c.metric.arg() {
        push("--metric", m);
    }
    if let Some(g) = c.subset {
        push("--gen", g);
    }
    if let Some((_, spec)) = &c.cost {
        push("--cost", spec);
    }
    if let Some(m) = c.method {
        push("--method", m);
    }
    if c.urfdlb {
        push("--layout", "urfdlb");
    }
    match c.mode {
        Mode::All => a.push("--all".into()),
        Mode::Count => a.push("--count".into()),
        Mode::One => {}
    }
    if c.json {
        a.push("--json".into());
    }
    if c.compact {
        a.push("--compact".into());
    }
    if c.lines {
        a.push("--lines".into());
    }
    if let Some(goal) = &c.goal {
        // The pattern in the first input's colours and in the layout.
        let names = model::face_names(&inputs[0].net).unwrap();
        let colour = |f: u8| {
            if f == b'.' {
                b'.'
            } else {
                names.iter().find(|n| n.1 == f).unwrap().0
            }
        };
        let net: Vec<u8> = goal.iter().map(|&f| colour(f)).collect();
        let p = if c.urfdlb {
            model::to_urfdlb(&net)
        } else {
            net
        };
        a.push("--goal".into());
        a.push(String::from_utf8(p).unwrap());
    }
    let mut stdin = String::new();
    if inputs[0].moves && inputs.len() > 1 {
        // Several sequences on standard input, every other one as a line of `pocket
        // scramble` (the sequence, a tab, the state it makes in the golf net whatever
        // the --layout), read by its moves.
        a.push("--moves".into());
        a.push("-".into());
        for (k, i) in inputs.iter().enumerate() {
            stdin.push_str(&i.given);
            if k % 2 == 1 {
                stdin.push('\t');
                stdin.push_str(std::str::from_utf8(&i.net).unwrap());
            }
            stdin.push('\n');
        }
    } else if inputs[0].moves {
        for i in inputs {
            a.push("--moves".into());
            a.push(i.given.clone());
        }
    } else {
        for (k, i) in inputs.iter().enumerate() {
            // Spaces inside a state, and a scramble line's tab, are read as documented.
            match k % 3 {
                1 if c.json => stdin.push_str(&i.given),
                1 => {
                    let b = i.given.as_bytes();
                    for (j, chunk) in b.chunks(4).enumerate() {
                        if j > 0 {
                            stdin.push(' ');
                        }
                        stdin.push_str(std::str::from_utf8(chunk).unwrap());
                    }
                }
                2 => {
                    stdin.push_str("R U\t");
                    stdin.push_str(&i.given);
                }
                _ => stdin.push_str(&i.given),
            }
            stdin.push('\n');
        }
    }
    (a, stdin)
}

/// Moves of a printed solution (spaced or compact).
fn parse_moves(text: &str) -> Option<Vec<usize>> {
    let b: Vec<char> = text.chars().filter(|c| !c.is_whitespace()).collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        let mut name = b[i].to_string();
        if i + 1 < b.len() && (b[i + 1] == '\'' || b[i + 1] == '2') {
            name.push(b[i + 1]);
            i += 1;
        }
        out.push(model::move_index(&name)?);
        i += 1;
    }
    Some(out)
}

/// One state's answer as printed: an error, or solutions (or a count) and a cost.
#[derive(Debug)]
enum Answer {
    Error(String),
    Solutions {
        list: Vec<Vec<usize>>,
        count: Option<u64>,
        state: Option<String>,
        /// The printed cost (`(cost X)` or JSON `cost`) and JSON `length`.
        cost: Option<f64>,
        length: Option<u64>,
    },
}

/// The X of a line ending in `(cost X)`.
fn printed_cost(line: &str) -> Option<f64> {
    let i = line.rfind("(cost ")?;
    line[i + 6..].strip_suffix(')')?.parse().ok()
}

fn parse_answer(c: &SolveCase, line: &str) -> Result<Answer, String> {
    if c.json {
        let v: serde_json::Value =
            serde_json::from_str(line).map_err(|e| format!("not JSON ({e}): {line}"))?;
        if let Some(e) = v.get("error") {
            return Ok(Answer::Error(e.to_string()));
        }
        let mut list = Vec::new();
        if let Some(all) = v.get("solutions").and_then(|s| s.as_array()) {
            for s in all {
                list.push(parse_moves(s.as_str().unwrap_or("?")).ok_or(line)?);
            }
        } else if let Some(s) = v.get("solution").and_then(|s| s.as_str()) {
            list.push(parse_moves(s).ok_or(line)?);
        }
        Ok(Answer::Solutions {
            list,
            count: v.get("count").and_then(|n| n.as_u64()),
            state: v.get("state").and_then(|s| s.as_str()).map(str::to_string),
            cost: v.get("cost").and_then(|n| n.as_f64()),
            length: v.get("length").and_then(|n| n.as_u64()),
        })
    } else {
        if let Some(e) = line.strip_prefix("error: ") {
            return Ok(Answer::Error(e.into()));
        }
        let body = match line.rfind(" (cost ") {
            Some(i) if line.ends_with(')') => &line[..i],
            _ if line.starts_with("(cost ") => "",
            _ => line,
        };
        if c.mode == Mode::Count {
            let n = body
                .trim()
                .parse()
                .map_err(|_| format!("not a count: {line}"))?;
            return Ok(Answer::Solutions {
                list: vec![],
                count: Some(n),
                state: None,
                cost: printed_cost(line),
                length: None,
            });
        }
        let parts: Vec<&str> = if c.mode == Mode::All && c.compact {
            body.split(' ').collect()
        } else if c.mode == Mode::All {
            body.split(", ").collect()
        } else {
            vec![body]
        };
        let list = parts
            .iter()
            .map(|p| parse_moves(p).ok_or(format!("bad moves in {line}")))
            .collect::<Result<_, _>>()?;
        Ok(Answer::Solutions {
            list,
            count: None,
            state: None,
            cost: printed_cost(line),
            length: None,
        })
    }
}

fn names(seq: &[usize]) -> String {
    seq.iter()
        .map(|&m| model::NAMES[m])
        .collect::<Vec<_>>()
        .join(" ")
}

/// How many of the model's optimal sequences a case lists or counts at most.
const ALL_LIMIT: usize = 3000;
const COUNT_LIMIT: u64 = 300_000;

fn solve_case(rng: &mut Rng, report: &mut Report) {
    let c = draw_solve(rng);
    let inputs = draw_inputs(rng, &c);
    solve_check(&c, &inputs, report);
}

fn solve_check(c: &SolveCase, inputs: &[Input], report: &mut Report) {
    let (args, stdin) = solve_args(c, inputs);
    let cmd = shell(&args, &stdin);
    let r = run(&args, &stdin);
    report.cases += 1;
    if let Some(why) = documented_refusal(c, inputs) {
        if r.code == Some(2) && !r.err.trim().is_empty() && r.out.is_empty() {
            report.refusals += 1;
            return;
        }
        if r.code == Some(0) && r.out.trim().is_empty() {
            return report.fail(&cmd, format!("exit 0 with no output (expected: {why})"));
        }
        if !why.contains("KNOWN_OPEN") && r.code != Some(0) && r.code != Some(1) {
            return report.fail(
                &cmd,
                format!("expected a refusal ({why}), got {:?}: {}", r.code, r.err),
            );
        }
        if r.code == Some(2) || r.code.is_none() {
            return report.fail(&cmd, format!("exit {:?}: {}", r.code, r.err.trim()));
        }
        // Answered although documented as refused: check the answers as any other.
        if !why.contains("KNOWN_OPEN") {
            report.fail(
                &cmd,
                format!("answered although documented as refused ({why})"),
            );
        }
    }
    if r.code == Some(2) || r.code.is_none() {
        return report.fail(
            &cmd,
            format!("refused or failed ({:?}): {}", r.code, r.err.trim()),
        );
    }
    // With --lines, each input's group (ended by an empty line) back on one line.
    let grouped: Vec<String> = match c.lines {
        true => r
            .out
            .split_terminator("\n\n")
            .map(|g| g.replace('\n', if c.compact { " " } else { ", " }))
            .collect(),
        false => r.out.lines().map(str::to_string).collect(),
    };
    let lines: Vec<&str> = grouped.iter().map(String::as_str).collect();
    if lines.len() != inputs.len() {
        return report.fail(
            &cmd,
            format!(
                "{} lines for {} inputs:\n{}{}",
                lines.len(),
                inputs.len(),
                r.out,
                r.err
            ),
        );
    }
    let rules = rules_of(c);
    let mut any_error = false;
    for (input, line) in inputs.iter().zip(&lines) {
        let case = Check {
            c,
            rules: &rules,
            input,
        };
        match case.check(line) {
            Ok(errored) => any_error |= errored,
            Err(e) => report.fail(&cmd, format!("{}: {e}", input.given)),
        }
    }
    let want = if any_error { 1 } else { 0 };
    if r.code != Some(want) {
        report.fail(&cmd, format!("exit {:?}, expected {want}", r.code));
    }
}

struct Check<'a> {
    c: &'a SolveCase,
    rules: &'a Rules,
    input: &'a Input,
}

impl Check<'_> {
    /// Check one answer line; Ok(true) when it is a (correct) error line.
    fn check(&self, line: &str) -> Result<bool, String> {
        let c = self.c;
        let face_state = model::normalise(&self.input.net).ok_or("model: not a cube")?;
        let start = model::encode(&face_state).ok_or("model: no coordinate")?;
        let goal_faces: Option<Vec<u8>> = c.goal.clone();
        let target: Vec<u8> = goal_faces.clone().unwrap_or(SOLVED.to_vec());
        let dist = distances(self.rules, &target, false);
        let walk = model::walk(self.rules, &dist, start, ALL_LIMIT, COUNT_LIMIT);
        let answer = parse_answer(c, line)?;
        let (list, count, state) = match answer {
            Answer::Error(e) => {
                if walk.best == UNREACHED {
                    return Ok(true);
                }
                return Err(format!("error line {e:?}, but the model solves it"));
            }
            Answer::Solutions {
                list,
                count,
                state,
                cost,
                length,
            } => {
                let best = model::cost_of(walk.best);
                // `--count` prints only the number, in text.
                if c.cost.is_some() && (c.json || c.mode != Mode::Count) {
                    let want = best as f64 / UNIT as f64;
                    if cost.is_none_or(|x| (x - want).abs() > 1e-9) {
                        return Err(format!("printed cost {cost:?}, the model's {want}"));
                    }
                } else if let Some(n) = length
                    && n != best as u64
                {
                    return Err(format!("JSON length {n}, the model's {best}"));
                }
                (list, count, state)
            }
        };
        if walk.best == UNREACHED {
            return Err(format!("answered {line:?}, but the model cannot reach it"));
        }
        if let Some(s) = state {
            let want = if c.urfdlb {
                model::to_urfdlb(&self.input.net)
            } else {
                self.input.net.clone()
            };
            if s.as_bytes() != want {
                return Err(format!(
                    "state {s}, model {}",
                    String::from_utf8_lossy(&want)
                ));
            }
        }
        let best_cost = model::cost_of(walk.best);
        for seq in &list {
            self.valid(seq, best_cost)?;
        }
        let first = walk.first.clone().unwrap_or_default();
        let gated = c.goal.is_some()
            && ((c.metric == Metric::Qtm && open("goal-qtm-canonical"))
                || (c.cost.is_some() && open("goal-cost-canonical")));
        match c.mode {
            Mode::One => {
                if list.len() != 1 {
                    return Err(format!("{} solutions on a plain line", list.len()));
                }
                if list[0] != first && !gated {
                    return Err(format!(
                        "not the first optimal solution: printed {:?}, first {:?}",
                        names(&list[0]),
                        names(&first)
                    ));
                }
            }
            Mode::All => {
                if walk.count < COUNT_LIMIT && (walk.count as usize) < ALL_LIMIT && list != walk.all
                {
                    return Err(format!(
                        "--all lists {} solutions, the model {} (first printed {:?}, model {:?})",
                        list.len(),
                        walk.count,
                        list.first().map(|s| names(s)),
                        names(&first)
                    ));
                }
                if let Some(n) = count
                    && n != list.len() as u64
                {
                    return Err(format!("count {n} beside {} solutions", list.len()));
                }
            }
            Mode::Count => {
                let n = count.ok_or("no count")?;
                if walk.count < COUNT_LIMIT && n != walk.count {
                    return Err(format!("--count {n}, the model counts {}", walk.count));
                }
            }
        }
        Ok(false)
    }

    /// A printed sequence: allowed moves, the face rule, reaches the target, optimal.
    fn valid(&self, seq: &[usize], best_cost: u32) -> Result<(), String> {
        let c = self.c;
        let mut total = 0;
        for (i, &m) in seq.iter().enumerate() {
            let k = self.rules.cost[m].ok_or(format!("move {} not allowed", model::NAMES[m]))?;
            total += k;
            if i > 0 && !self.rules.same_face_twice && model::face(seq[i - 1]) == model::face(m) {
                return Err(format!("face turned twice in a row in {}", names(seq)));
            }
        }
        let mut s = self.input.net.clone();
        for &m in seq {
            s = model::apply_move(&s, m);
        }
        let reached = match &c.goal {
            None => is_solved(&s),
            Some(goal) => {
                let faces = model::normalise(&s).unwrap();
                goal.iter().zip(&faces).all(|(g, x)| *g == b'.' || g == x)
            }
        };
        if !reached {
            return Err(format!(
                "{} does not reach the target: {}",
                names(seq),
                String::from_utf8_lossy(&s)
            ));
        }
        if total != best_cost {
            return Err(format!(
                "{} costs {total} units, the model's optimum {best_cost}",
                names(seq)
            ));
        }
        Ok(())
    }
}

// ---------------------------------------------------------------- census

fn census_case(rng: &mut Rng, report: &mut Report) {
    // The whole cube only now and then: its model search is the slow part.
    let subset = if rng.below(6) == 0 {
        None
    } else {
        Some(GENS[rng.below(GENS.len())])
    };
    let metric = [Metric::Htm, Metric::Qtm, Metric::OneWay][rng.below(3)];
    census_check(subset, metric, report);
}

fn census_check(subset: Option<&'static str>, metric: Metric, report: &mut Report) {
    let allowed = subset.map_or([true; 9], gen_moves);
    let halves = (0..3).any(|f| allowed[3 * f + 2] && !allowed[3 * f]);
    if metric == Metric::Qtm && halves && open("census-gen-qtm-half-turns") {
        return;
    }
    let c = SolveCase {
        metric,
        subset,
        cost: None,
        method: None,
        urfdlb: false,
        mode: Mode::One,
        goal: None,
        json: true,
        compact: false,
        lines: false,
    };
    let rules = rules_of(&c);
    let mut args: Vec<String> = vec!["census".into(), "--json".into()];
    args.extend(["--metric".into(), metric.arg().unwrap().into()]);
    if let Some(g) = subset {
        args.extend(["--gen".into(), g.into()]);
    }
    let cmd = shell(&args, "");
    let r = run(&args, "");
    report.cases += 1;
    if rules.moves().next().is_none() {
        if r.code == Some(2) && !r.err.trim().is_empty() {
            report.refusals += 1;
        } else {
            report.fail(
                &cmd,
                format!(
                    "no move of the metric in --gen: expected a refusal (exit 2), got exit {:?} with stdout {:?} and stderr {:?}",
                    r.code,
                    r.out,
                    r.err.trim()
                ),
            );
        }
        return;
    }
    if r.code != Some(0) {
        return report.fail(&cmd, format!("exit {:?}: {}", r.code, r.err.trim()));
    }
    let v: serde_json::Value = match serde_json::from_str(r.out.trim()) {
        Ok(v) => v,
        Err(e) => return report.fail(&cmd, format!("not JSON ({e}): {}", r.out)),
    };
    // One-way distances are those of a directed graph: a census counts them from
    // solved (the moves that make a position), and a local maximum has no move
    // leading further; the other metrics' moves come with their inverses.
    let dist = distances(&rules, SOLVED, metric == Metric::OneWay);
    let cube = Cube::get();
    let mut positions: Vec<u64> = Vec::new();
    let mut maxima: Vec<u64> = Vec::new();
    for (s, &d) in dist.iter().enumerate() {
        if d == UNREACHED {
            continue;
        }
        let d = model::cost_of(d) as usize;
        if positions.len() <= d {
            positions.resize(d + 1, 0);
            maxima.resize(d + 1, 0);
        }
        positions[d] += 1;
        let further = rules.moves().any(|m| {
            let n = dist[cube.step(s, m)];
            n != UNREACHED && model::cost_of(n) as usize > d
        });
        if !further {
            maxima[d] += 1;
        }
    }
    // The printed rows, indexed by their distances.
    let rows = |field: &str| -> Vec<u64> {
        let ds = v["distances"].as_array().cloned().unwrap_or_default();
        let vs = v[field].as_array().cloned().unwrap_or_default();
        let mut out = vec![0; positions.len().max(ds.len())];
        for (d, n) in ds.iter().zip(&vs) {
            let d = d.as_u64().unwrap_or(0) as usize;
            if d >= out.len() {
                out.resize(d + 1, 0);
            }
            out[d] = n.as_u64().unwrap_or(0);
        }
        out
    };
    let pad = |mut x: Vec<u64>, n: usize| {
        x.resize(n, 0);
        x
    };
    let (p, m) = (rows("positions"), rows("local_maxima"));
    let n = p.len().max(positions.len());
    if pad(p.clone(), n) != pad(positions.clone(), n) {
        report.fail(
            &cmd,
            format!("positions by distance {p:?}, the model {positions:?}"),
        );
    } else if pad(m.clone(), n) != pad(maxima.clone(), n) {
        report.fail(
            &cmd,
            format!("local maxima by distance {m:?}, the model {maxima:?}"),
        );
    }
}

// ---------------------------------------------------------------- scramble

fn scramble_case(rng: &mut Rng, report: &mut Report) {
    let subset = (rng.below(4) != 0).then(|| GENS[rng.below(GENS.len())]);
    let length = (rng.below(3) != 0).then(|| 1 + rng.below(25));
    let min_distance = (rng.below(2) == 0).then(|| rng.below(12));
    let optimal = rng.below(5) == 0;
    let n = 1 + rng.below(4);
    let seed = rng.next();
    scramble_check(subset, length, min_distance, optimal, n, seed, report);
}

fn scramble_check(
    subset: Option<&'static str>,
    length: Option<usize>,
    min_distance: Option<usize>,
    optimal: bool,
    n: usize,
    seed: u64,
    report: &mut Report,
) {
    if subset.is_some() && length.is_some_and(|l| l > 15) && open("scramble-gen-long-length") {
        return;
    }
    let mut args: Vec<String> = vec![
        "scramble".into(),
        "--json".into(),
        "-n".into(),
        n.to_string(),
        "--seed".into(),
        seed.to_string(),
    ];
    if let Some(g) = subset {
        args.extend(["--gen".into(), g.into()]);
    }
    if let Some(l) = length {
        args.extend(["--length".into(), l.to_string()]);
    }
    if let Some(d) = min_distance {
        args.extend(["--min-distance".into(), d.to_string()]);
    }
    if optimal {
        args.push("--optimal".into());
    }
    let cmd = shell(&args, "");
    let r = run(&args, "");
    report.cases += 1;
    // Distances of the scramble: HTM over the moves of --gen.
    let allowed = subset.map_or([true; 9], gen_moves);
    let mut cost = [None; 9];
    for m in 0..9 {
        if allowed[m] {
            cost[m] = Some(1);
        }
    }
    let rules = Rules {
        cost,
        fewest_moves: false,
        same_face_twice: false,
    };
    let dist = distances(&rules, SOLVED, false);
    let diameter = dist
        .iter()
        .filter(|&&d| d != UNREACHED)
        .map(|&d| model::cost_of(d))
        .max()
        .unwrap() as usize;
    let want_min = min_distance.unwrap_or(4);
    if r.code == Some(2) && optimal && length.is_some() && r.err.contains("not both") {
        // Documented: --length and --optimal exclude each other.
        report.refusals += 1;
        return;
    }
    if r.code == Some(2) {
        // A refusal is right when no position that far is made by that many moves.
        if want_min > diameter {
            report.refusals += 1;
            return;
        }
        if !optimal && r.err.contains("no position") {
            // Checked below by the model: which distances exactly L canonical moves make.
            let l = length.unwrap_or_else(|| default_length(subset, &rules, &dist));
            if exact_length_reach(&rules, l, want_min) {
                return report.fail(
                    &cmd,
                    format!(
                        "refused, but the model makes a position >= {want_min} with exactly {l} moves: {}",
                        r.err.trim()
                    ),
                );
            }
            report.refusals += 1;
            return;
        }
        return report.fail(&cmd, format!("refused: {}", r.err.trim()));
    }
    if r.code != Some(0) {
        return report.fail(&cmd, format!("exit {:?}: {}", r.code, r.err.trim()));
    }
    if want_min > diameter {
        return report.fail(
            &cmd,
            format!("answered, but no position is {want_min} from solved (diameter {diameter})"),
        );
    }
    let lines: Vec<&str> = r.out.lines().collect();
    if lines.len() != n {
        return report.fail(&cmd, format!("{} lines for -n {n}", lines.len()));
    }
    let length = Some(length.unwrap_or_else(|| default_length(subset, &rules, &dist)));
    for line in lines {
        if let Err(e) = check_scramble(line, &allowed, &dist, length, want_min, optimal) {
            report.fail(&cmd, format!("{line}: {e}"));
        }
    }
}

/// The length a scramble takes without `--length`: 11, or with `--gen` the group's.
fn default_length(subset: Option<&str>, rules: &Rules, dist: &[u16]) -> usize {
    match subset {
        None => 11,
        Some(_) => default_gen_length(rules, dist),
    }
}

fn check_scramble(
    line: &str,
    allowed: &[bool; 9],
    dist: &[u16],
    length: Option<usize>,
    min: usize,
    optimal: bool,
) -> Result<(), String> {
    let v: serde_json::Value = serde_json::from_str(line).map_err(|e| e.to_string())?;
    let seq = parse_moves(v["scramble"].as_str().ok_or("no scramble")?).ok_or("bad moves")?;
    let state = v["state"].as_str().ok_or("no state")?;
    for (i, &m) in seq.iter().enumerate() {
        if !allowed[m] {
            return Err(format!("move {} outside --gen", model::NAMES[m]));
        }
        if i > 0 && model::face(seq[i - 1]) == model::face(m) {
            return Err("a face turned twice in a row".into());
        }
    }
    let mut s = SOLVED.to_vec();
    for &m in &seq {
        s = model::apply_move(&s, m);
    }
    if s != state.as_bytes() {
        return Err(format!(
            "the sequence makes {}, not the printed state",
            String::from_utf8_lossy(&s)
        ));
    }
    let d = dist[model::encode(&s).ok_or("not a cube")?];
    let d = model::cost_of(d) as usize;
    if d < min {
        return Err(format!("distance {d} < --min-distance {min}"));
    }
    if v["distance"].as_u64() != Some(d as u64) {
        return Err(format!("printed distance {}, model {d}", v["distance"]));
    }
    let want_len = if optimal {
        d
    } else {
        length.unwrap_or(11).max(d)
    };
    if seq.len() != want_len {
        return Err(format!("{} moves, expected {want_len}", seq.len()));
    }
    Ok(())
}

/// The positions made by exactly one more canonical move of `rules` than `layer`'s,
/// each with the faces its ways there end on (R, U, F as 0, 1, 2; 3 for the empty
/// sequence).
fn next_layer(rules: &Rules, layer: &HashMap<usize, [bool; 4]>) -> HashMap<usize, [bool; 4]> {
    let cube = Cube::get();
    let mut next: HashMap<usize, [bool; 4]> = HashMap::new();
    for (&s, last) in layer {
        for m in rules.moves() {
            let f = model::face(m);
            // Allowed when some way here ended on another face.
            if !(0..4).any(|g| last[g] && g != f) {
                continue;
            }
            next.entry(cube.step(s, m)).or_default()[f] = true;
        }
    }
    next
}

fn start_layer() -> HashMap<usize, [bool; 4]> {
    HashMap::from([(model::encode(SOLVED).unwrap(), [false, false, false, true])])
}

/// Whether some position at least `min` from solved is made by exactly `len`
/// canonical moves of `rules` (layer by layer over (position, last face)).
fn exact_length_reach(rules: &Rules, len: usize, min: usize) -> bool {
    let dist = distances(rules, SOLVED, false);
    let mut layer = start_layer();
    for _ in 0..len {
        layer = next_layer(rules, &layer);
        if layer.len() > 200_000 {
            return true;
        }
    }
    // A position farther than `len` is written with its distance instead.
    layer
        .keys()
        .any(|&s| model::cost_of(dist[s]) as usize >= min)
        || dist
            .iter()
            .any(|&d| d != UNREACHED && model::cost_of(d) as usize > len.max(min - 1))
}

/// The default length of a `--gen` scramble, as `pocket help scramble` says: the
/// shortest from 11 at which every position of the group is written, with exactly
/// that many canonical moves or, when farther, with its distance.
fn default_gen_length(rules: &Rules, dist: &[u16]) -> usize {
    let mut layer = start_layer();
    for len in 1..=40 {
        layer = next_layer(rules, &layer);
        let written = |(s, &d): (usize, &u16)| {
            d == UNREACHED || model::cost_of(d) as usize > len || layer.contains_key(&s)
        };
        if len >= 11 && dist.iter().enumerate().all(written) {
            return len;
        }
    }
    panic!("no length up to 40 writes every position of the group");
}

// ---------------------------------------------------------------- definitions

/// A definition with its moves as permutations (position i takes old p[i]).
struct Def {
    text: String,
    solved: Vec<u8>,
    moves: Vec<(String, Vec<usize>, u32)>,
}

fn random_def(rng: &mut Rng) -> Def {
    // Self-inverse moves (products of disjoint swaps), so no `powers` are needed.
    let n = 6 + rng.below(5);
    let colours = b"abcdef";
    let solved: Vec<u8> = (0..n).map(|_| colours[rng.below(3)]).collect();
    let mut moves = Vec::new();
    for k in 0..(2 + rng.below(2)) {
        // A definition names each permutation once (two names for one are refused,
        // as documented): drawn again until it is new.
        let p = loop {
            let mut p: Vec<usize> = (0..n).collect();
            let mut idx: Vec<usize> = (0..n).collect();
            for _ in 0..(1 + rng.below(n / 2)) {
                let a = idx.remove(rng.below(idx.len()));
                let b = idx.remove(rng.below(idx.len()));
                p.swap(a, b);
            }
            if moves
                .iter()
                .all(|(_, q, _): &(String, Vec<usize>, u32)| *q != p)
            {
                break p;
            }
        };
        let cost = 1 + rng.below(24) as u32;
        moves.push((format!("M{k}"), p, cost));
    }
    let mut text = format!("name random\nsolved {}\n", String::from_utf8_lossy(&solved));
    for (name, p, cost) in &moves {
        let ps: Vec<String> = p.iter().map(|x| x.to_string()).collect();
        text.push_str(&format!("move {name} {}\n", ps.join(" ")));
        text.push_str(&format!("cost {name} {}\n", units(*cost)));
    }
    Def {
        text,
        solved,
        moves,
    }
}

fn fixture_2x2x1() -> Def {
    let text = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/puzzles/2x2x1.txt"),
    )
    .unwrap();
    let mut solved = Vec::new();
    let mut moves: Vec<(String, Vec<usize>, u32)> = Vec::new();
    for line in text.lines() {
        let w: Vec<&str> = line.split('#').next().unwrap().split_whitespace().collect();
        match w.as_slice() {
            ["solved", s] => solved = s.as_bytes().to_vec(),
            ["move", name, rest @ ..] => moves.push((
                name.to_string(),
                rest.iter().map(|x| x.parse().unwrap()).collect(),
                UNIT,
            )),
            ["cost", name, c] => {
                let q = (c.parse::<f64>().unwrap() * UNIT as f64).round() as u32;
                moves.iter_mut().find(|m| m.0 == *name).unwrap().2 = q;
            }
            _ => {}
        }
    }
    Def {
        text,
        solved,
        moves,
    }
}

fn apply_perm(s: &[u8], p: &[usize]) -> Vec<u8> {
    p.iter().map(|&i| s[i]).collect()
}

/// Least cost to solved of every position, by Dijkstra over sticker strings.
fn def_distances(def: &Def, costs: &[u32]) -> HashMap<Vec<u8>, u32> {
    let mut dist: HashMap<Vec<u8>, u32> = HashMap::new();
    let mut heap = std::collections::BinaryHeap::new();
    dist.insert(def.solved.clone(), 0);
    heap.push(std::cmp::Reverse((0u32, def.solved.clone())));
    while let Some(std::cmp::Reverse((d, t))) = heap.pop() {
        if dist[&t] != d {
            continue;
        }
        for (k, (_, p, _)) in def.moves.iter().enumerate() {
            // Each move is its own inverse in these definitions... except the
            // fixture's? All of 2x2x1's moves are half turns: also self-inverse.
            let s = apply_perm(&t, p);
            let nd = d + costs[k];
            if dist.get(&s).is_none_or(|&old| nd < old) {
                dist.insert(s.clone(), nd);
                heap.push(std::cmp::Reverse((nd, s)));
            }
        }
    }
    dist
}

fn definition_case(rng: &mut Rng, dir: &common::Dir, report: &mut Report) {
    if rng.below(4) == 0 {
        return pocket_golf_case(rng, report);
    }
    let def = if rng.below(3) == 0 {
        fixture_2x2x1()
    } else {
        random_def(rng)
    };
    let path = dir.file(&format!("def{}.txt", rng.below(1000)), &def.text);
    let mut costs: Vec<u32> = def.moves.iter().map(|m| m.2).collect();
    let mut args: Vec<String> = vec!["solve".into(), "--puzzle".into(), path];
    if rng.below(3) == 0 {
        let k = rng.below(costs.len());
        costs[k] = 1 + rng.below(24) as u32;
        args.extend([
            "--cost".into(),
            format!("{}={}", def.moves[k].0, units(costs[k])),
        ]);
    }
    let json = rng.below(2) == 0;
    if json {
        args.push("--json".into());
    }
    let dist = def_distances(&def, &costs);
    let states: Vec<Vec<u8>> = (0..3)
        .map(|_| {
            let mut s = def.solved.clone();
            for _ in 0..rng.below(12) {
                s = apply_perm(&s, &def.moves[rng.below(def.moves.len())].1);
            }
            s
        })
        .collect();
    let stdin: String = states
        .iter()
        .map(|s| format!("{}\n", String::from_utf8_lossy(s)))
        .collect();
    let cmd = shell(&args, &stdin);
    let r = run(&args, &stdin);
    report.cases += 1;
    if r.code != Some(0) {
        return report.fail(&cmd, format!("exit {:?}: {}", r.code, r.err.trim()));
    }
    let lines: Vec<&str> = r.out.lines().collect();
    if lines.len() != states.len() {
        return report.fail(&cmd, format!("{} lines for {}", lines.len(), states.len()));
    }
    for (s, line) in states.iter().zip(lines) {
        let text = if json {
            let v: serde_json::Value = serde_json::from_str(line).unwrap_or_default();
            v["solution"].as_str().unwrap_or("?").to_string()
        } else {
            match line.rfind(" (cost ") {
                Some(i) => line[..i].to_string(),
                None if line.starts_with("(cost") => String::new(),
                None => line.to_string(),
            }
        };
        let mut cur = s.clone();
        let mut total = 0;
        for name in text.split_whitespace() {
            match def.moves.iter().position(|m| m.0 == name) {
                Some(k) => {
                    cur = apply_perm(&cur, &def.moves[k].1);
                    total += costs[k];
                }
                None => return report.fail(&cmd, format!("unknown move {name} in {line}")),
            }
        }
        if cur != def.solved {
            report.fail(
                &cmd,
                format!("{line} does not solve {}", String::from_utf8_lossy(s)),
            );
        } else if total != dist[s] {
            report.fail(
                &cmd,
                format!("{line} costs {total} eighths, the model {}", dist[s]),
            );
        }
    }
}

/// The built-in `pocket-golf` is this cube in this net: its solutions solve the
/// stickers and have the model's HTM lengths.
fn pocket_golf_case(rng: &mut Rng, report: &mut Report) {
    let states: Vec<Vec<u8>> = (0..3).map(|_| walk_state(rng, &[true; 9])).collect();
    let stdin: String = states
        .iter()
        .map(|s| format!("{}\n", String::from_utf8_lossy(s)))
        .collect();
    let args: Vec<String> = ["solve", "--puzzle", "pocket-golf"]
        .map(String::from)
        .to_vec();
    let cmd = shell(&args, &stdin);
    let r = run(&args, &stdin);
    report.cases += 1;
    if r.code != Some(0) {
        return report.fail(&cmd, format!("exit {:?}: {}", r.code, r.err.trim()));
    }
    let htm = Rules {
        cost: [Some(1); 9],
        fewest_moves: false,
        same_face_twice: false,
    };
    let dist = distances(&htm, SOLVED, false);
    let lines: Vec<&str> = r.out.lines().collect();
    if lines.len() != states.len() {
        return report.fail(&cmd, format!("{} lines for {}", lines.len(), states.len()));
    }
    for (s, line) in states.iter().zip(lines) {
        let Some(seq) = parse_moves(line) else {
            return report.fail(&cmd, format!("bad moves {line:?}"));
        };
        let mut cur = s.clone();
        for &m in &seq {
            cur = model::apply_move(&cur, m);
        }
        let d = model::cost_of(dist[model::encode(s).unwrap()]) as usize;
        if cur != SOLVED || seq.len() != d {
            report.fail(
                &cmd,
                format!(
                    "{line:?}: solved {}, {} moves, model {d}",
                    cur == SOLVED,
                    seq.len()
                ),
            );
        }
    }
}

// ---------------------------------------------------------------- the runs

/// A goal pattern in a state's colours, in face letters.
fn in_faces(net: &[u8], pattern: &[u8]) -> Vec<u8> {
    let names = model::face_names(net).unwrap();
    pattern
        .iter()
        .map(|&p| names.iter().find(|n| n.0 == p).map_or(b'.', |n| n.1))
        .collect()
}

/// One case of each combination in `KNOWN_OPEN`, with an input that shows it, so
/// that the fixed run fails once the list is emptied before the fixes are merged.
fn pinned_cases(report: &mut Report) {
    let state = |net: &[u8]| Input {
        given: String::from_utf8(net.to_vec()).unwrap(),
        net: net.to_vec(),
        moves: false,
    };
    let case = |metric, cost: Option<([u32; 9], String)>, mode, goal: &[u8]| SolveCase {
        metric,
        subset: None,
        cost,
        method: None,
        urfdlb: false,
        mode,
        goal: Some(goal.to_vec()),
        json: false,
        compact: false,
        lines: false,
    };
    // goal-qtm-canonical: printed "R U2 F' U2 R", first "R U R' F2 R F'".
    let net = b"8Ik?DI88I:??:DkD8kID:k?:";
    solve_check(
        &case(
            Metric::Qtm,
            None,
            Mode::One,
            &in_faces(net, b"kkkk...................."),
        ),
        &[state(net)],
        report,
    );
    // goal-cost-canonical: printed "R' F' R' F2 R' U2 F'", first "R' U R F R F' R".
    let net = b":VTTTu:D66DDuu:TuV:6V6VD";
    let mut cost = [UNIT; 9];
    cost[3..6].copy_from_slice(&[10, 10, 10]);
    solve_check(
        &case(
            Metric::Default,
            Some((cost, "U=1.25".into())),
            Mode::One,
            &in_faces(net, b"TTTT........uu::DD66VVVV"),
        ),
        &[state(net)],
        report,
    );
    // goal-all-count-refused.
    for mode in [Mode::All, Mode::Count] {
        solve_check(
            &case(Metric::Htm, None, mode, b"............LLFFRRBBDDDD"),
            &[state(b"UUUDLLFRFRBBLLFRFRBBDUDD")],
            report,
        );
    }
    // census-gen-qtm-half-turns.
    for subset in ["R2,U2,F2", "R,U2,F2", "U,F2"] {
        census_check(Some(subset), Metric::Qtm, report);
    }
    // scramble-gen-long-length.
    scramble_check(Some("R2,U2,F2"), Some(21), None, false, 1, 1, report);
}

/// `cases` cases from `seed`; with `every_kind`, the kinds in turn (so that a short
/// run has each), else drawn.
fn run_cases(seed: u64, cases: usize, every_kind: bool) -> Report {
    let mut rng = Rng(seed);
    let mut report = Report::default();
    let dir = common::Dir::new(&format!("combinations-{seed}"));
    let verbose = std::env::var_os("POCKET_VERBOSE").is_some();
    for i in 0..cases {
        let t = Instant::now();
        let before = report.failures.len();
        let kind = match every_kind {
            true => i % 10,
            false => rng.below(10),
        };
        match kind {
            0..=5 => solve_case(&mut rng, &mut report),
            6 => census_case(&mut rng, &mut report),
            7 | 8 => scramble_case(&mut rng, &mut report),
            _ => definition_case(&mut rng, &dir, &mut report),
        }
        if verbose {
            eprintln!(
                "case {i} (kind {kind}): {:?}{}",
                t.elapsed(),
                if report.failures.len() > before {
                    " FAILED"
                } else {
                    ""
                }
            );
        }
    }
    report
}

fn assert_clean(seed: u64, report: &Report) {
    assert!(
        report.failures.is_empty(),
        "seed {seed}: {} of {} cases failed ({} refusals accepted):\n{}",
        report.failures.len(),
        report.cases,
        report.refusals,
        report.failures.join("\n")
    );
}

/// The model itself: rotations are rigid, the coordinate round-trips, the move
/// tables agree with the stickers, and the HTM census is the published one.
#[test]
fn the_model_is_a_cube() {
    for r in [model::rot_x(), model::rot_y(), model::rot_z()] {
        let s = model::permute(SOLVED, &r);
        assert!(is_solved(&s) && s != SOLVED, "a rotation keeps faces whole");
    }
    for w in ["D", "L", "B", "D'", "L2", "B'"] {
        let s = model::apply_wca(SOLVED, w);
        assert!(!is_solved(&s), "{w} turns a face");
        // Four of a turn are none; a turn with its rotation back keeps faces whole.
        let four = model::apply_wca(SOLVED, &[w; 4].join(" "));
        assert_eq!(four, SOLVED, "{w} four times");
    }
    // Held by its reference corner, the cube after D is the cube after U (y = U D'
    // turns nothing), after L the cube after R, after B after F.
    for (turn, same) in [("D", "U"), ("L", "R"), ("B", "F")] {
        let held = model::normalise(&model::apply_wca(SOLVED, turn)).unwrap();
        let m = model::move_index(same).unwrap();
        assert_eq!(held, model::apply_move(SOLVED, m), "{turn} is {same}");
    }
    let cube = Cube::get();
    let mut rng = Rng(7);
    let mut rotated = Vec::new();
    for _ in 0..2000 {
        let s = walk_state(&mut rng, &[true; 9]);
        let c = model::encode(&s).expect("a coordinate");
        assert_eq!(model::decode(c), s);
        for m in 0..9 {
            assert_eq!(
                cube.step(c, m),
                model::encode(&model::apply_move(&s, m)).unwrap()
            );
        }
        let colours = draw_colours(&mut rng);
        let net = rotate(&mut rng, &recolour(&s, &colours));
        assert!(model::normalise(&net).is_some());
        rotated.push((s, net));
    }
    let htm = Rules {
        cost: [Some(1); 9],
        fewest_moves: false,
        same_face_twice: false,
    };
    let d = distances(&htm, SOLVED, false);
    let mut counts = vec![0usize; 12];
    for &k in d.iter() {
        if k != UNREACHED {
            counts[model::cost_of(k) as usize] += 1;
        }
    }
    assert_eq!(
        counts,
        [
            1, 9, 54, 321, 1847, 9992, 50136, 227536, 870072, 1887748, 623800, 2644
        ]
    );
    // Colours and whole-cube orientations keep the distance.
    for (s, net) in rotated {
        let a = d[model::encode(&s).unwrap()];
        let b = d[model::encode(&model::normalise(&net).unwrap()).unwrap()];
        assert_eq!(
            a,
            b,
            "{} as {}",
            String::from_utf8_lossy(&s),
            String::from_utf8_lossy(&net)
        );
    }
}

/// The fixed seed and number of cases `cargo test` runs: each of the ten kinds of
/// case at least once (20 cases were 3 s more of the suite's CPU); the random run
/// below draws 400 by default.
const FIXED_SEED: u64 = 2026;
const FIXED_CASES: usize = 12;
/// The random run's default number of cases (`POCKET_CASES` overrides).
const RANDOM_CASES: usize = 400;

#[test]
fn combinations_fixed_seed() {
    let mut report = run_cases(FIXED_SEED, FIXED_CASES, true);
    pinned_cases(&mut report);
    assert_clean(FIXED_SEED, &report);
}

#[test]
#[ignore = "random seed, many cases: POCKET_SEED=N POCKET_CASES=M cargo test --test all -- --ignored combinations_random --nocapture"]
fn combinations_random_seed() {
    let seed = std::env::var("POCKET_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| {
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .unwrap()
                .as_nanos() as u64
        });
    let cases = std::env::var("POCKET_CASES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(RANDOM_CASES);
    eprintln!("combinations: seed {seed}, {cases} cases (POCKET_SEED={seed} repeats it)");
    let report = run_cases(seed, cases, false);
    assert_clean(seed, &report);
}
