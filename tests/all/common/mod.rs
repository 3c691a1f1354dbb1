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

/// The state keyed by the reference corner's colours only (M, T, W): lossless.
pub fn key(s: &[u8]) -> u64 {
    let (l, b, d) = (s[12], s[19], s[22]);
    s.iter().enumerate().fold(0u64, |k, (i, &c)| {
        let code = if c == l {
            1
        } else if c == b {
            2
        } else if c == d {
            3
        } else {
            0
        };
        k | (code << (2 * i))
    })
}

pub const SOLVED: &[u8; 24] = b"UUUULLFFRRBBLLFFRRBBDDDD";

/// Breadth-first distances of every position, with moves given as (face, quarter
/// turns); also the positions at the largest distance.
pub struct Oracle {
    pub dist: Distances,
    pub antipodes: Vec<Vec<u8>>,
    pub counts: Vec<usize>,
    /// The metric's moves on encoded states.
    perms: Vec<[usize; 21]>,
}

impl Oracle {
    /// The number of optimal paths from `s` (in the colours of [`SOLVED`]) to solved,
    /// over the oracle's own table, memoised by position: the sum over the neighbours
    /// one closer. (Over sticker vectors and [`key`], all HTM antipodes took 5 s.)
    pub fn optimal_paths(&self, s: &[u8], memo: &mut std::collections::HashMap<u64, u64>) -> u64 {
        let e = encode(s.try_into().expect("24 stickers"));
        self.paths_from(e, self.dist[&key_of(e)], memo)
    }

    fn paths_from(&self, e: u64, d: u8, memo: &mut std::collections::HashMap<u64, u64>) -> u64 {
        if d == 0 {
            return 1;
        }
        if let Some(&n) = memo.get(&e) {
            return n;
        }
        let mut n = 0;
        for p in &self.perms {
            let t = permuted(e, p);
            if self.dist[&key_of(t)] == d - 1 {
                n += self.paths_from(t, d - 1, memo);
            }
        }
        memo.insert(e, n);
        n
    }
}

/// An encoded state turned by an encoded move.
fn permuted(e: u64, p: &[usize; 21]) -> u64 {
    p.iter()
        .enumerate()
        .fold(0, |t, (i, &from)| t | (e >> (3 * from) & 7) << (3 * i))
}

/// Distances by [`key`], read with `dist[&key]`: a table sorted by the key spread
/// over 64 bits (times an odd constant, a bijection), with the start of each value of
/// its top 20 bits. A plain binary search over the 3,674,160 keys was 43% of the time
/// of the antipode tests; a hash map took longer to build than it saved.
pub struct Distances {
    entries: Vec<(u64, u8)>,
    starts: Vec<u32>,
}

const SPREAD: u64 = 0x9E37_79B9_7F4A_7C15;
const TOP: u32 = 20;

impl Distances {
    fn new(keyed: Vec<(u64, u8)>) -> Distances {
        let mut entries: Vec<(u64, u8)> = keyed
            .into_iter()
            .map(|(k, d)| (k.wrapping_mul(SPREAD), d))
            .collect();
        entries.sort_unstable();
        let mut starts = Vec::with_capacity((1 << TOP) + 1);
        let mut i = 0;
        for top in 0..=(1u64 << TOP) {
            while i < entries.len() && entries[i].0 >> (64 - TOP) < top {
                i += 1;
            }
            starts.push(i as u32);
        }
        Distances { entries, starts }
    }
}

impl std::ops::Index<&u64> for Distances {
    type Output = u8;

    fn index(&self, k: &u64) -> &u8 {
        let h = k.wrapping_mul(SPREAD);
        let top = (h >> (64 - TOP)) as usize;
        let near = &self.entries[self.starts[top] as usize..self.starts[top + 1] as usize];
        match near.binary_search_by_key(&h, |e| e.0) {
            Ok(i) => &near[i].1,
            Err(_) => panic!("no position has key {k:#x}"),
        }
    }
}

const COLOURS: &[u8; 6] = b"ULFRBD";

/// The stickers R, U and F turn: all but the reference corner's M, T and W (12, 19,
/// 22), which stay L, B and D.
const MOVING: [usize; 21] = [
    0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 14, 15, 16, 17, 18, 20, 21, 23,
];

/// A state in the colours of [`SOLVED`], three bits for each moving sticker: 63 bits.
fn encode(s: &[u8; 24]) -> u64 {
    MOVING.iter().enumerate().fold(0, |e, (i, &at)| {
        let colour = COLOURS.iter().position(|&x| x == s[at]).unwrap() as u64;
        e | colour << (3 * i)
    })
}

fn decode(e: u64) -> Vec<u8> {
    let mut s = SOLVED.to_vec();
    for (i, &at) in MOVING.iter().enumerate() {
        s[at] = COLOURS[(e >> (3 * i) & 7) as usize];
    }
    s
}

/// [`key`] of an encoded state, without decoding it: the reference corner's colours
/// are L, B and D here.
fn key_of(e: u64) -> u64 {
    const CODE: [u64; 8] = [0, 1, 0, 0, 2, 3, 0, 0]; // U L F R B D
    let fixed = 1 << (2 * 12) | 2 << (2 * 19) | 3 << (2 * 22);
    MOVING.iter().enumerate().fold(fixed, |k, (i, &at)| {
        k | CODE[(e >> (3 * i) & 7) as usize] << (2 * at)
    })
}

/// The elements of sorted `a` not in sorted `b`, in one merge.
fn minus(a: Vec<u64>, b: &[u64]) -> Vec<u64> {
    let mut j = 0;
    a.into_iter()
        .filter(|x| {
            while j < b.len() && b[j] < *x {
                j += 1;
            }
            j >= b.len() || b[j] != *x
        })
        .collect()
}

/// A move as a map of encoded states: the sticker that lands at each moving place, as
/// an index into [`MOVING`] (a move keeps the reference corner where it is).
fn encoded_move(face: usize, quarters: usize) -> [usize; 21] {
    let p = quarter(face);
    let mut whole: [usize; 24] = std::array::from_fn(|i| i);
    for _ in 0..quarters {
        whole = std::array::from_fn(|i| whole[p[i]]);
    }
    std::array::from_fn(|i| {
        let from = whole[MOVING[i]];
        MOVING
            .iter()
            .position(|&m| m == from)
            .expect("the corner stays")
    })
}

fn build(moves: &[(usize, usize)]) -> Oracle {
    let perms: Vec<[usize; 21]> = moves.iter().map(|&(f, q)| encoded_move(f, q)).collect();
    // Layer by layer over sorted vectors: the moves come with their inverses, so the
    // neighbours of layer d lie in layers d - 1, d and d + 1, and the next layer is
    // what is left of them after two merges. Every access is sequential: a hash map
    // of all positions took 11 s a metric in release, this about 2 s (and 63-bit
    // states, sorted as u64 rather than u128, halved the tests' oracle time again).
    let mut prev: Vec<u64> = Vec::new();
    let mut layer = vec![encode(SOLVED)];
    let mut all = Vec::with_capacity(3_700_000);
    let mut counts = Vec::new();
    loop {
        counts.push(layer.len());
        let d = counts.len() as u8 - 1;
        debug_assert_eq!(key_of(layer[0]), key(&decode(layer[0])));
        all.extend(layer.iter().map(|&e| (key_of(e), d)));
        let mut next: Vec<u64> = Vec::with_capacity(layer.len() * perms.len());
        for &e in &layer {
            next.extend(perms.iter().map(|p| permuted(e, p)));
        }
        next.sort_unstable();
        next.dedup();
        let next = minus(minus(next, &layer), &prev);
        if next.is_empty() {
            break;
        }
        prev = std::mem::replace(&mut layer, next);
    }
    Oracle {
        dist: Distances::new(all),
        antipodes: layer.into_iter().map(decode).collect(),
        counts,
        perms,
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
