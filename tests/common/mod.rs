//! Shared test helpers: an independent distance oracle, a seeded RNG, and a runner
//! for the real binary.
#![allow(dead_code)]

use std::collections::HashMap;
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
    let p = quarter(face);
    let mut cur = s.to_vec();
    for _ in 0..quarters {
        cur = (0..24).map(|i| cur[p[i]]).collect();
    }
    cur
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

/// Breadth-first distances of every position, with moves of the given quarter counts
/// and costs. Also returns the positions at the largest distance.
pub struct Oracle {
    pub dist: HashMap<u64, u8>,
    pub antipodes: Vec<Vec<u8>>,
    pub counts: Vec<usize>,
}

fn build(moves: &[(usize, usize, u8)]) -> Oracle {
    // Dial's algorithm: buckets by distance (costs are 1 or 2).
    let mut dist: HashMap<u64, u8> = HashMap::with_capacity(3_700_000);
    let mut buckets: Vec<Vec<Vec<u8>>> = vec![vec![SOLVED.to_vec()]];
    dist.insert(key(SOLVED), 0);
    let mut d = 0;
    while d < buckets.len() {
        let layer = std::mem::take(&mut buckets[d]);
        let mut kept = Vec::new();
        for s in layer {
            if dist[&key(&s)] as usize != d {
                continue;
            }
            for &(face, q, cost) in moves {
                let t = turn(&s, face, q);
                let nd = d + cost as usize;
                let k = key(&t);
                if dist.get(&k).is_none_or(|&old| (old as usize) > nd) {
                    dist.insert(k, nd as u8);
                    while buckets.len() <= nd {
                        buckets.push(Vec::new());
                    }
                    buckets[nd].push(t);
                }
            }
            kept.push(s);
        }
        buckets[d] = kept;
        d += 1;
    }
    let mut counts = vec![0usize; buckets.len()];
    for &v in dist.values() {
        counts[v as usize] += 1;
    }
    while counts.last() == Some(&0) {
        counts.pop();
    }
    let max = counts.len() - 1;
    let mut antipodes: Vec<Vec<u8>> = std::mem::take(&mut buckets[max]);
    antipodes.sort();
    antipodes.dedup();
    Oracle {
        dist,
        antipodes,
        counts,
    }
}

/// The half-turn metric oracle.
pub fn htm() -> &'static Oracle {
    static O: OnceLock<Oracle> = OnceLock::new();
    O.get_or_init(|| {
        let moves: Vec<(usize, usize, u8)> = (0..3)
            .flat_map(|f| (1..4).map(move |q| (f, q, 1)))
            .collect();
        build(&moves)
    })
}

/// The quarter-turn metric oracle.
pub fn qtm() -> &'static Oracle {
    static O: OnceLock<Oracle> = OnceLock::new();
    O.get_or_init(|| {
        let moves: Vec<(usize, usize, u8)> = (0..3).flat_map(|f| [(f, 1, 1), (f, 3, 1)]).collect();
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
    let axes = pocket::FACE_AXES;
    for _ in 0..rng.below(4) {
        let p = pocket::quarter_turn(axes[rng.below(6)], true);
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

/// Run the real binary with arguments and standard input.
pub fn pocket(args: &[&str], stdin: &[u8]) -> Output {
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
    let out = child.wait_with_output().expect("the binary finishes");
    writer.join().unwrap();
    out
}

pub fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// Run the binary, require success, and return its output lines.
pub fn ok_lines(args: &[&str]) -> Vec<String> {
    let o = pocket(args, b"");
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
