//! Shared test helpers: an independent distance oracle, a seeded RNG, and a runner
//! for the real binary.
#![allow(dead_code)]

#[cfg(feature = "serve")]
pub mod server;

pub mod brute;

use std::io::Write;
use std::process::{Command, Output, Stdio};
use std::sync::OnceLock;

/// Sticker cycles of the clockwise quarter turns, read off the net by hand: in
/// `"IJRQ"` the sticker at I moves to J, J's to R, R's to Q and Q's to I. Written
/// independently of the library's tables.
const CYCLES: [&[&str]; 3] = [
    &["IJRQ", "HBSV", "DKXP"], // R
    &["ABDC", "IGEK", "JHFL"], // U
    &["GHPO", "CIVN", "DQUF"], // F
];

/// Sticker permutation of a quarter turn: after it, position i holds old p[i].
pub fn quarter(face: usize) -> [usize; 24] {
    let mut p: [usize; 24] = std::array::from_fn(|i| i);
    for cycle in CYCLES[face] {
        let idx: Vec<usize> = cycle.bytes().map(|b| (b - b'A') as usize).collect();
        for k in 0..idx.len() {
            // The sticker at idx[k] moves to idx[k + 1].
            p[idx[(k + 1) % idx.len()]] = idx[k];
        }
    }
    p
}

/// Apply a move given as (face 0..3 for R U F, quarter turns 1..3) to a sticker string.
pub fn turn(s: &[u8], face: usize, quarters: usize) -> Vec<u8> {
    // Each face's 1 to 3 quarter turns as one permutation, read off the cycles once
    // (every test that turns stickers calls this, some a million times).
    static TURNS: OnceLock<[[[usize; 24]; 3]; 3]> = OnceLock::new();
    let turns = TURNS.get_or_init(|| {
        std::array::from_fn(|face| {
            let p = quarter(face);
            let mut whole: [usize; 24] = std::array::from_fn(|i| i);
            std::array::from_fn(|_| {
                whole = std::array::from_fn(|i| whole[p[i]]);
                whole
            })
        })
    });
    if quarters % 4 == 0 {
        return s.to_vec();
    }
    let p = &turns[face][quarters % 4 - 1];
    (0..24).map(|i| s[p[i]]).collect()
}

/// Apply a solution in standard notation to a sticker string.
pub fn apply(s: &[u8], moves: &str) -> Vec<u8> {
    let mut cur = s.to_vec();
    let b = moves.as_bytes();
    let mut i = 0;
    while i < b.len() {
        let face = match b[i] {
            b'R' => 0,
            b'U' => 1,
            b'F' => 2,
            b' ' => {
                i += 1;
                continue;
            }
            c => panic!("unexpected {} in {moves:?}", c as char),
        };
        let q = match b.get(i + 1) {
            Some(b'2') => {
                i += 1;
                2
            }
            Some(b'\'') => {
                i += 1;
                3
            }
            _ => 1,
        };
        cur = turn(&cur, face, q);
        i += 1;
    }
    cur
}

/// Moves of a solution written with spaces.
pub fn moves_of(solution: &str) -> Vec<String> {
    solution.split_whitespace().map(str::to_string).collect()
}

/// Whether every face shows one colour.
pub fn is_solved(s: &[u8]) -> bool {
    let faces: [[usize; 4]; 6] = [
        [0, 1, 2, 3],
        [4, 5, 12, 13],
        [6, 7, 14, 15],
        [8, 9, 16, 17],
        [10, 11, 18, 19],
        [20, 21, 22, 23],
    ];
    faces.iter().all(|f| f.iter().all(|&i| s[i] == s[f[0]]))
}

/// The position of a state in any colours (its reference corner M, T, W names L, B
/// and D): the coordinate of `model`, written apart from the library.
pub fn key(s: &[u8]) -> u64 {
    let named = crate::model::normalise(s).expect("six colours, each on four stickers");
    crate::model::encode(&named).expect("the corners of a cube") as u64
}

pub const SOLVED: &[u8; 24] = b"UUUULLFFRRBBLLFFRRBBDDDD";

/// Breadth-first distances of every position, with moves given as (face, quarter
/// turns); also the positions at the largest distance. Built over the coordinate of
/// `model` (move tables made by turning its decoded stickers), in a dense table:
/// layers of sorted sticker encodings took 5.7 s of the suite's CPU for both
/// metrics, this a tenth of that.
pub struct Oracle {
    pub dist: Distances,
    pub antipodes: Vec<Vec<u8>>,
    pub counts: Vec<usize>,
    /// The metric's moves, as `model` numbers them.
    moves: Vec<usize>,
}

impl Oracle {
    /// The number of optimal paths from `s` (in the colours of [`SOLVED`]) to solved,
    /// over the oracle's own table, memoised by position: the sum over the neighbours
    /// one closer. (Over sticker vectors and [`key`], all HTM antipodes took 5 s.)
    pub fn optimal_paths(&self, s: &[u8], memo: &mut std::collections::HashMap<u64, u64>) -> u64 {
        let c = key(s);
        self.paths_from(c, self.dist[&c], memo)
    }

    fn paths_from(&self, c: u64, d: u8, memo: &mut std::collections::HashMap<u64, u64>) -> u64 {
        if d == 0 {
            return 1;
        }
        if let Some(&n) = memo.get(&c) {
            return n;
        }
        let cube = crate::model::Cube::get();
        let mut n = 0;
        for &m in &self.moves {
            let t = cube.step(c as usize, m) as u64;
            if self.dist[&t] == d - 1 {
                n += self.paths_from(t, d - 1, memo);
            }
        }
        memo.insert(c, n);
        n
    }
}

/// Distances by [`key`], read with `dist[&key]`.
pub struct Distances(Vec<u8>);

impl std::ops::Index<&u64> for Distances {
    type Output = u8;

    fn index(&self, k: &u64) -> &u8 {
        &self.0[*k as usize]
    }
}

fn build(moves: &[(usize, usize)]) -> Oracle {
    use crate::model::TWISTS;
    const UNSEEN: u8 = u8::MAX;
    let moves: Vec<usize> = moves
        .iter()
        .map(|&(face, quarters)| face * 3 + [0, 0, 2, 1][quarters])
        .collect();
    let cube = crate::model::Cube::get();
    let mut dist = vec![UNSEEN; crate::model::SIZE];
    let solved = key(SOLVED) as usize;
    dist[solved] = 0;
    let mut layer = vec![solved];
    let mut counts = Vec::new();
    loop {
        counts.push(layer.len());
        let d = counts.len() as u8;
        let mut next = Vec::new();
        for &c in &layer {
            let (perm, twist) = (&cube.perm[c / TWISTS], &cube.twist[c % TWISTS]);
            for &m in &moves {
                let t = perm[m] as usize * TWISTS + twist[m] as usize;
                if dist[t] == UNSEEN {
                    dist[t] = d;
                    next.push(t);
                }
            }
        }
        if next.is_empty() {
            break;
        }
        layer = next;
    }
    layer.sort_unstable();
    Oracle {
        dist: Distances(dist),
        antipodes: layer.into_iter().map(crate::model::decode).collect(),
        counts,
        moves,
    }
}

/// The half-turn metric oracle.
pub fn htm() -> &'static Oracle {
    static O: OnceLock<Oracle> = OnceLock::new();
    O.get_or_init(|| {
        let moves: Vec<(usize, usize)> = (0..3).flat_map(|f| (1..4).map(move |q| (f, q))).collect();
        build(&moves)
    })
}

/// The quarter-turn metric oracle.
pub fn qtm() -> &'static Oracle {
    static O: OnceLock<Oracle> = OnceLock::new();
    O.get_or_init(|| {
        let moves: Vec<(usize, usize)> = (0..3).flat_map(|f| [(f, 1), (f, 3)]).collect();
        build(&moves)
    })
}

/// SplitMix64: a small seeded generator, so test inputs never change.
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// A random position with random colours and a random whole-cube orientation.
pub fn random_state(rng: &mut Rng) -> Vec<u8> {
    let mut s = SOLVED.to_vec();
    for _ in 0..40 {
        s = turn(&s, rng.below(3), 1 + rng.below(3));
    }
    // Whole-cube rotations from the library's geometry (only to vary the input: the
    // oracle and the checks above do not depend on it).
    let axes = pocket::internals::FACE_AXES;
    for _ in 0..rng.below(4) {
        let p = pocket::internals::quarter_turn(axes[rng.below(6)], true);
        s = (0..24).map(|i| s[p[i] as usize]).collect();
    }
    // Random distinct printable colours.
    let mut palette: Vec<u8> = (33u8..=126).collect();
    let mut colours = Vec::new();
    for _ in 0..6 {
        colours.push(palette.remove(rng.below(palette.len())));
    }
    s.iter()
        .map(|c| colours[b"ULFRBD".iter().position(|x| x == c).unwrap()])
        .collect()
}

/// States as the lines of one batch for standard input.
pub fn batch_input(states: &[Vec<u8>]) -> Vec<u8> {
    states
        .iter()
        .flat_map(|s| s.iter().copied().chain([b'\n']))
        .collect()
}

/// The real binary started with piped output, and the thread writing `stdin` to it
/// (written from a thread so that a large input cannot block on a full output pipe).
fn spawn_pocket(args: &[&str], stdin: &[u8]) -> (std::process::Child, std::thread::JoinHandle<()>) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_pocket"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let mut input = child.stdin.take().unwrap();
    let data = stdin.to_vec();
    let writer = std::thread::spawn(move || {
        let _ = input.write_all(&data);
    });
    (child, writer)
}

/// Run the real binary with arguments and standard input.
pub fn pocket(args: &[&str], stdin: &[u8]) -> Output {
    let (child, writer) = spawn_pocket(args, stdin);
    let out = child.wait_with_output().expect("the binary finishes");
    writer.join().unwrap();
    out
}

/// Run the real binary with a time limit: its output, or `None` (and the stderr read
/// so far) when it ran past `limit` and was killed, so that a hang fails a test
/// instead of stalling it.
pub fn pocket_within(
    args: &[&str],
    stdin: &[u8],
    limit: std::time::Duration,
) -> Result<Output, Vec<u8>> {
    use std::io::Read;
    let (mut child, writer) = spawn_pocket(args, stdin);
    let read_all = |mut pipe: Box<dyn Read + Send>| {
        std::thread::spawn(move || {
            let mut v = Vec::new();
            let _ = pipe.read_to_end(&mut v);
            v
        })
    };
    let out_reader = read_all(Box::new(child.stdout.take().unwrap()));
    let err_reader = read_all(Box::new(child.stderr.take().unwrap()));
    let start = std::time::Instant::now();
    let status = loop {
        if let Some(s) = child.try_wait().unwrap() {
            break Some(s);
        }
        if start.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            break None;
        }
        std::thread::sleep(std::time::Duration::from_millis(5));
    };
    writer.join().unwrap();
    let stdout = out_reader.join().unwrap();
    let stderr = err_reader.join().unwrap();
    match status {
        Some(status) => Ok(Output {
            status,
            stdout,
            stderr,
        }),
        None => Err(stderr),
    }
}

pub fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// Run the binary, require success, and return its output lines.
pub fn ok_lines(args: &[&str]) -> Vec<String> {
    lines_of(args, b"")
}

/// Run the binary on `input`, require success, and return its output lines.
pub fn lines_of(args: &[&str], input: &[u8]) -> Vec<String> {
    let o = pocket(args, input);
    assert_eq!(
        o.status.code(),
        Some(0),
        "{args:?}: {}",
        String::from_utf8_lossy(&o.stderr)
    );
    stdout(&o).lines().map(str::to_string).collect()
}

/// A scratch directory for a test, removed afterwards.
pub struct Dir(pub std::path::PathBuf);

impl Dir {
    pub fn new(name: &str) -> Dir {
        let d = std::env::temp_dir().join(format!("pocket-{name}-{}", std::process::id()));
        std::fs::create_dir_all(&d).unwrap();
        Dir(d)
    }

    /// An executable shell script with this body; its path.
    #[cfg(unix)]
    pub fn script(&self, name: &str, body: &str) -> String {
        use std::os::unix::fs::PermissionsExt;
        let p = self.0.join(name);
        std::fs::write(&p, format!("#!/bin/sh\n{body}\n")).unwrap();
        std::fs::set_permissions(&p, std::fs::Permissions::from_mode(0o755)).unwrap();
        p.to_str().unwrap().to_string()
    }

    /// A file with this text; its path.
    pub fn file(&self, name: &str, text: &str) -> String {
        let p = self.0.join(name);
        std::fs::write(&p, text).unwrap();
        p.to_str().unwrap().to_string()
    }
}

impl Drop for Dir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// The built-in 3x3x3's moves as sticker permutations, read from its definition file
/// (`U`, `U2`, `U'`, ...): after a move, sticker `i` shows what sticker `perm[i]`
/// showed.
pub fn cube3_moves() -> Vec<(String, Vec<usize>)> {
    let text = include_str!("../../../fixtures/puzzles/3x3x3.txt");
    let mut out: Vec<(String, Vec<usize>)> = Vec::new();
    for line in text.lines().filter(|l| l.starts_with("move ")) {
        let mut words = line.split_whitespace().skip(1);
        let name = words.next().unwrap().to_string();
        let perm: Vec<usize> = words.map(|w| w.parse().unwrap()).collect();
        let twice: Vec<usize> = (0..54).map(|i| perm[perm[i]]).collect();
        let thrice: Vec<usize> = (0..54).map(|i| perm[twice[i]]).collect();
        out.push((format!("{name}2"), twice));
        out.push((format!("{name}'"), thrice));
        out.push((name, perm));
    }
    out
}

/// What a test may need that a machine may lack.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Need {
    Chromium,
    /// The static site of scripts/build-web, with its pocket.wasm.
    WebSite,
    Namespaces,
    Root,
    OpenFiles,
}

impl Need {
    fn name(self) -> &'static str {
        match self {
            Need::Chromium => "chromium",
            Need::WebSite => "web",
            Need::Namespaces => "namespaces",
            Need::Root => "root",
            Need::OpenFiles => "open-files",
        }
    }
}

/// A test (or a case of one) that cannot run on this machine, and why. It is said
/// past the harness's capture, so it shows in every run, and counted in
/// `CARGO_TARGET_TMPDIR/skipped-tests`, whose lines `scripts/test` prints at the end:
/// a skip is never a silent pass. Where the environment's `POCKET_REQUIRE` names the
/// need (a comma-separated list; CI, which installs Chromium, names `chromium`), the
/// test fails instead.
pub fn skip(test: &str, need: Need, why: &str) {
    let required = std::env::var("POCKET_REQUIRE").unwrap_or_default();
    if required.split(',').any(|n| n.trim() == need.name()) {
        panic!(
            "{test} cannot run here ({why}), and POCKET_REQUIRE names {}",
            need.name()
        );
    }
    let _ = writeln!(std::io::stderr(), "skipped {test}: {why}");
    let tally = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("skipped-tests");
    if let Ok(mut f) = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(tally)
    {
        let _ = writeln!(f, "{test}: {why}");
    }
}
