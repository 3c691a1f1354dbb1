//! `pocket algs --orbit`: every magic move it prints is applied to the solved 3x3x3
//! (read here from the definition file, not through the library) or pocket cube (the
//! hand-written sticker cycles of the oracle) and its stated effect checked sticker by
//! sticker; the lists are compared with a brute force over every sequence.
use crate::common;

use std::collections::BTreeSet;

use common::*;

/// A cube as sticker permutations: moves with their powers, and pieces.
struct Cube3 {
    stickers: usize,
    moves: Vec<(String, Vec<usize>)>,
    /// (kind, name, stickers)
    pieces: Vec<(String, String, Vec<usize>)>,
}

fn compose(a: &[usize], b: &[usize]) -> Vec<usize> {
    b.iter().map(|&j| a[j]).collect()
}

fn cube3() -> Cube3 {
    let text = include_str!("../../fixtures/puzzles/3x3x3.txt");
    let mut cube = Cube3 {
        stickers: 54,
        moves: Vec::new(),
        pieces: Vec::new(),
    };
    for line in text.lines() {
        let w: Vec<&str> = line.split_whitespace().collect();
        let numbers = |v: &[&str]| v.iter().map(|x| x.parse().unwrap()).collect::<Vec<usize>>();
        match w.first() {
            Some(&"move") => {
                cube.moves.extend(with_powers(w[1], numbers(&w[2..])));
            }
            Some(&"piece") => {
                cube.pieces
                    .push((w[1].to_string(), w[2].to_string(), numbers(&w[3..])))
            }
            _ => {}
        }
    }
    cube
}

/// A quarter turn `name` and its powers `name2`, `name'`.
fn with_powers(name: &str, p: Vec<usize>) -> [(String, Vec<usize>); 3] {
    let p2 = compose(&p, &p);
    let p3 = compose(&p2, &p);
    [
        (name.to_string(), p),
        (format!("{name}2"), p2),
        (format!("{name}'"), p3),
    ]
}

/// The sequence and power of an output line (`S<TAB>xk<TAB>...`).
fn sequence_and_power(line: &str) -> (&str, usize) {
    let mut fields = line.split('\t');
    let sequence = fields.next().unwrap();
    let k = fields.next().and_then(|f| f.strip_prefix('x'));
    (
        sequence,
        k.and_then(|k| k.parse().ok())
            .unwrap_or_else(|| panic!("{line}")),
    )
}

/// The pocket cube from the oracle's hand-written quarter turns, with its corners
/// written here in the net's letters (U or D sticker first, then clockwise).
fn pocket_cube() -> Cube3 {
    let mut moves = Vec::new();
    for (face, name) in ["R", "U", "F"].iter().enumerate() {
        moves.extend(with_powers(name, quarter(face).to_vec()));
    }
    let corners = [
        ("URF", "DIH"),
        ("UFL", "CGF"),
        ("ULB", "AEL"),
        ("UBR", "BKJ"),
        ("DFR", "VPQ"),
        ("DLF", "UNO"),
        ("DBL", "WTM"),
        ("DRB", "XRS"),
    ];
    let pieces = corners
        .iter()
        .map(|(name, letters)| {
            let stickers = letters.bytes().map(|b| (b - b'A') as usize).collect();
            ("corner".to_string(), name.to_string(), stickers)
        })
        .collect();
    Cube3 {
        stickers: 24,
        moves,
        pieces,
    }
}

impl Cube3 {
    /// The sticker permutation of `sequence` repeated `k` times.
    fn power(&self, sequence: &str, k: usize) -> Vec<usize> {
        let p = self.perm(sequence);
        (0..k).fold((0..self.stickers).collect(), |q, _| compose(&q, &p))
    }

    fn perm(&self, sequence: &str) -> Vec<usize> {
        sequence
            .split_whitespace()
            .fold((0..self.stickers).collect(), |p, m| {
                let (_, q) = self.moves.iter().find(|(n, _)| n == m).unwrap();
                compose(&p, q)
            })
    }

    /// The corners `p` changes, if it changes nothing else.
    fn changed_corners(&self, p: &[usize]) -> Option<Vec<&str>> {
        let mut corners = Vec::new();
        for (kind, name, stickers) in &self.pieces {
            if stickers.iter().any(|&s| p[s] != s) {
                if kind != "corner" {
                    return None;
                }
                corners.push(name.as_str());
            }
        }
        // Centres never move, but say so.
        (0..self.stickers)
            .filter(|s| !self.pieces.iter().any(|x| x.2.contains(s)))
            .all(|s| p[s] == s)
            .then_some(corners)
    }

    /// The magic move of a sequence as the seed write-up defines it: the least power
    /// up to 6 that changes only 1 to 3 corners, all with one face letter in their
    /// names.
    fn magic(&self, sequence: &str, one_face: bool) -> Option<usize> {
        let p = self.perm(sequence);
        let mut q: Vec<usize> = (0..self.stickers).collect();
        for k in 1..=6 {
            q = compose(&q, &p);
            if let Some(c) = self.changed_corners(&q) {
                let common = "URFDLB"
                    .chars()
                    .any(|f| c.iter().all(|name| name.contains(f)));
                if (1..=3).contains(&c.len()) && (common || !one_face) {
                    return Some(k);
                }
            }
        }
        None
    }
}

/// Every sequence of `length` moves with no face twice in a row and commuting faces
/// in definition order (U before D, R before L, F before B), as the search lists them.
fn sequences(cube: &Cube3, length: usize) -> Vec<String> {
    let mut out = vec![String::new()];
    for _ in 0..length {
        let mut next = Vec::new();
        for s in &out {
            let last = s.split_whitespace().last().map(|m| &m[..1]);
            for (m, _) in &cube.moves {
                let f = &m[..1];
                let forbidden = match last {
                    None => false,
                    Some(l) => l == f || ["DU", "LR", "BF"].contains(&format!("{l}{f}").as_str()),
                };
                if !forbidden {
                    next.push(format!("{s} {m}").trim().to_string());
                }
            }
        }
        out = next;
    }
    out
}

/// Check one output line against the cube; returns (sequence, power).
fn verify(cube: &Cube3, line: &str, one_face: bool) -> (String, usize) {
    let fields: Vec<&str> = line.split('\t').collect();
    assert_eq!(fields.len(), 4, "{line}");
    let (sequence, k) = sequence_and_power(line);
    let (face, effect) = (fields[2], fields[3]);
    let q = cube.power(sequence, k);
    let changed = cube.changed_corners(&q).unwrap_or_else(|| panic!("{line}"));
    assert!((1..=3).contains(&changed.len()), "{line}");
    if one_face {
        assert!(changed.iter().all(|c| c.contains(face)), "{line}");
    }
    assert_eq!(cube.magic(sequence, one_face), Some(k), "{line}");
    // The effect: (destination, source, clockwise twist) for each named piece.
    let mut moves: Vec<(String, String, usize)> = Vec::new();
    for part in effect.split(", ") {
        if let Some(chain) = part.strip_prefix("cycle ") {
            let names: Vec<&str> = chain.split("->").collect();
            for (i, from) in names.iter().enumerate() {
                let to = names[(i + 1) % names.len()];
                moves.push((to.to_string(), from.to_string(), 0));
            }
        } else if let Some(twists) = part.strip_prefix("twist ") {
            for t in twists.split(' ') {
                let (name, amount) = t.split_once('+').unwrap();
                let amount = amount.parse().unwrap();
                match moves.iter_mut().find(|m| m.0 == name) {
                    Some(m) => m.2 = amount,
                    None => moves.push((name.to_string(), name.to_string(), amount)),
                }
            }
        } else {
            panic!("{line}");
        }
    }
    let named: BTreeSet<&str> = moves.iter().map(|m| m.0.as_str()).collect();
    assert_eq!(named, changed.iter().copied().collect(), "{line}");
    let stickers = |n: &str| &cube.pieces.iter().find(|x| x.1 == n).unwrap().2;
    for (to, from, twist) in &moves {
        // Turned clockwise by t: position i holds the source's sticker i - t.
        let (to, from) = (stickers(to), stickers(from));
        for i in 0..3 {
            assert_eq!(q[to[i]], from[(i + 3 - twist) % 3], "{line}");
        }
    }
    (sequence.to_string(), k)
}

/// Two lists of (sequence, power) are equal; on failure, show a few differences.
fn assert_same(found: &BTreeSet<(String, usize)>, expected: &BTreeSet<(String, usize)>) {
    let extra: Vec<_> = found.difference(expected).take(5).collect();
    let missing: Vec<_> = expected.difference(found).take(5).collect();
    assert!(
        extra.is_empty() && missing.is_empty(),
        "{} listed, {} expected; listed only: {extra:?}; expected only: {missing:?}",
        found.len(),
        expected.len()
    );
}

fn brute_force(cube: &Cube3, longest: usize, one_face: bool) -> BTreeSet<(String, usize)> {
    (1..=longest)
        .flat_map(|n| sequences(cube, n))
        .filter_map(|s| cube.magic(&s, one_face).map(|k| (s, k)))
        .collect()
}

#[test]
fn every_magic_move_up_to_5_moves_makes_its_effect_and_none_is_missed() {
    let cube = cube3();
    let lines = ok_lines(&["algs", "--orbit", "corner", "--max-length", "5"]);
    let found: Vec<(String, usize)> = lines.iter().map(|l| verify(&cube, l, true)).collect();
    let set: BTreeSet<(String, usize)> = found.iter().cloned().collect();
    assert_eq!(set.len(), found.len(), "listed twice");
    assert_same(&set, &brute_force(&cube, 5, true));
    // Shortest first.
    let lengths: Vec<usize> = found.iter().map(|f| f.0.split(' ').count()).collect();
    assert!(lengths.windows(2).all(|w| w[0] <= w[1]));
    // Nothing under 5 moves; at 5, the 3-cycle (U R2 U L2 U2)^2 and twists in 30 turns.
    assert_eq!(lengths[0], 5);
    assert!(lines.contains(&"U R2 U L2 U2\tx2\tB\tcycle DRB->UBR->DBL".to_string()));
    assert!(lines.contains(&"U R U' R' F\tx6\tF\ttwist URF+1 UFL+1 DLF+1".to_string()));
}

#[test]
fn the_pocket_cube_has_magic_moves_too() {
    let cube = pocket_cube();
    let lines = ok_lines(&[
        "algs",
        "--orbit",
        "corner",
        "--puzzle",
        "pocket-golf",
        "--max-length",
        "5",
    ]);
    let found: BTreeSet<(String, usize)> = lines.iter().map(|l| verify(&cube, l, true)).collect();
    assert_eq!(found.len(), lines.len());
    assert_same(&found, &brute_force(&cube, 5, true));
    assert!(lines.contains(&"R2 U F2\tx4\tU\tcycle UBR->UFL->ULB".to_string()));
    assert!(lines.contains(&"R U F\tx5\tR\tcycle DFR->URF".to_string()));
}

#[test]
fn cycles_twists_and_any_face() {
    let cube = cube3();
    let none = pocket(
        &[
            "algs",
            "--orbit",
            "corner",
            "--change",
            "cycle",
            "--max-length",
            "4",
        ],
        b"",
    );
    assert_eq!(none.status.code(), Some(0));
    assert!(none.stdout.is_empty(), "none up to 4 moves on one face");
    assert_eq!(
        String::from_utf8_lossy(&none.stderr),
        "pocket: no magic move of 1 to 4 moves (--max-length for longer)\n"
    );
    // --limit 0 asks for nothing, and gets it without comment.
    let zero = pocket(&["algs", "--orbit", "corner", "--limit", "0"], b"");
    assert_eq!(zero.status.code(), Some(0));
    assert!(zero.stdout.is_empty() && zero.stderr.is_empty());
    // Without --max-length: the shortest length that has any.
    let cycles = ok_lines(&["algs", "--orbit", "corner", "--change", "cycle"]);
    assert_eq!(cycles.len(), 384);
    for l in &cycles {
        verify(&cube, l, true);
        assert_eq!(l.split('\t').next().unwrap().split(' ').count(), 5, "{l}");
    }
    let twists = ok_lines(&[
        "algs",
        "--orbit",
        "corner",
        "--change",
        "twist",
        "--max-length",
        "5",
    ]);
    assert!(!twists.is_empty());
    for l in &twists {
        verify(&cube, l, true);
        assert!(l.split('\t').nth(3).unwrap().starts_with("twist "), "{l}");
    }
    // Off one face, 4 moves twice make a 3-cycle: the commutator [U R2 U', L2].
    let anywhere = ok_lines(&[
        "algs",
        "--orbit",
        "corner",
        "--any-face",
        "--max-length",
        "4",
    ]);
    let found: BTreeSet<(String, usize)> =
        anywhere.iter().map(|l| verify(&cube, l, false)).collect();
    assert_same(&found, &brute_force(&cube, 4, false));
    assert_eq!(anywhere[0], "U R2 U' L2\tx2\t-\tcycle DFR->ULB->DLF");
    // The seed write-up's R L2 U D2, four times, moves all eight corners.
    let q = cube.power("R L2 U D2", 4);
    assert_eq!(cube.changed_corners(&q).map(|c| c.len()), Some(8));
}

#[test]
fn move_sets_limits_and_other_kinds() {
    let cube = cube3();
    let some = ok_lines(&[
        "algs",
        "--orbit",
        "corner",
        "--gen",
        "R,L,U,D",
        "--max-length",
        "5",
        "--limit",
        "5",
    ]);
    assert_eq!(some.len(), 5);
    for l in &some {
        verify(&cube, l, true);
        assert!(!l.split('\t').next().unwrap().contains(['F', 'B']), "{l}");
    }
    // Keeping the edges is the default on the 3x3x3: its centres never move.
    let kept = ok_lines(&[
        "algs",
        "--orbit",
        "corner",
        "--keep",
        "edge",
        "--max-length",
        "5",
    ]);
    assert_eq!(
        kept,
        ok_lines(&["algs", "--orbit", "corner", "--max-length", "5"])
    );
    // Edges: sequences whose powers flip or cycle at most 3 edges of one face.
    let edges = ok_lines(&[
        "algs",
        "--orbit",
        "edge",
        "--max-length",
        "4",
        "--max-power",
        "12",
        "--limit",
        "3",
    ]);
    assert_eq!(edges.len(), 3);
    for l in &edges {
        let (sequence, k) = sequence_and_power(l);
        let q = cube.power(sequence, k);
        for (kind, name, stickers) in &cube.pieces {
            if kind == "corner" {
                assert!(stickers.iter().all(|&s| q[s] == s), "{l}: {name}");
            }
        }
    }
}

#[test]
fn json_says_what_the_lines_say() {
    let cube = cube3();
    let args = ["algs", "--orbit", "corner", "--max-length", "5"];
    let lines = ok_lines(&args);
    let json = ok_lines(&[&args[..], &["--json"]].concat());
    assert_eq!(json.len(), lines.len());
    for (line, j) in lines.iter().zip(&json) {
        let v: serde_json::Value = serde_json::from_str(j).unwrap();
        let fields: Vec<&str> = line.split('\t').collect();
        assert_eq!(v["sequence"], fields[0]);
        assert_eq!(format!("x{}", v["power"]), fields[1]);
        assert_eq!(v["face"], fields[2]);
        assert_eq!(v["effect"], fields[3]);
        let length = fields[0].split(' ').count() as u64;
        assert_eq!(v["length"], length);
        assert_eq!(v["turns"], length * v["power"].as_u64().unwrap());
        for piece in v["changed"].as_array().unwrap() {
            let (_, _, stickers) = cube.pieces.iter().find(|p| p.1 == piece["to"]).unwrap();
            assert_eq!(piece["stickers"], serde_json::json!(stickers), "{j}");
        }
    }
}

#[test]
fn bad_orbit_searches() {
    // (arguments after `algs`, what the message says); every one is a usage error.
    let cases = [
        ("", "give --effect PATTERN or --orbit KIND"),
        (
            "--orbit corner --effect UUUULLFFRRBBLLFFRRBBDDDD",
            "give one",
        ),
        (
            "--orbit centre",
            "3x3x3 has no pieces of kind 'centre' (it has: corner, edge)",
        ),
        ("--orbit corner --puzzle 2x2x1", "2x2x1 names no pieces"),
        ("--orbit corner --change swap", "'swap' is not a change"),
        ("--orbit corner --max-power 0", "--max-power is 1 to 1000"),
        ("--orbit corner --max-length 13", "at most 12"),
        ("--orbit corner --max-changed 0", "at least 1"),
        ("--orbit corner --gen R,Q", "3x3x3 has no move 'Q'"),
        ("--orbit corner --cost R=2", "--cost"),
        (
            "--orbit corner --keep centre",
            "cannot keep 'centre': not a kind of piece of 3x3x3 other than 'corner'",
        ),
        ("--orbit corner --keep corner", "cannot keep 'corner'"),
        ("--orbit corner --keep ,", "no kind of piece to keep"),
        (
            "--effect UUUULLFFRRBBLLFFRRBBDDDD --max-power 3",
            "are for --orbit",
        ),
        (
            "--effect UUUULLFFRRBBLLFFRRBBDDDD --keep edge",
            "are for --orbit",
        ),
        ("--effect UUUULLFFRRBBLLFFRRBBDDDD --gen Q", "bad --gen"),
        ("--orbit corner --shard 2/4", "give --max-length"),
        (
            "--orbit corner --max-length 4 --shard 2/4 --limit 3",
            "no --limit",
        ),
        ("--orbit corner --max-length 4 --shard 5/4", "not K/N"),
        ("--orbit corner --max-length 4 --shard 0/4", "not K/N"),
        (
            "--effect UUUULLFFRRBBLLFFRRBBDDDD --shard 1/2",
            "are for --orbit",
        ),
    ];
    for (args, says) in cases {
        let args: Vec<&str> = std::iter::once("algs")
            .chain(args.split_whitespace())
            .collect();
        let o = pocket(&args, b"");
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(err.contains(says), "{args:?}: {err}");
    }
    let o = pocket(
        &["algs", "--orbit", "corner", "--puzzle", "no/such/file"],
        b"",
    );
    assert_eq!(o.status.code(), Some(1));
}

#[test]
fn shards_concatenated_in_order_are_the_whole_search() {
    for args in [
        "algs --orbit corner --max-length 5",
        "algs --orbit edge --change twist --max-length 5 --json",
    ] {
        let args: Vec<&str> = args.split_whitespace().collect();
        let whole = stdout(&pocket(&args, b""));
        assert!(!whole.is_empty(), "{args:?}");
        // 40 shards: more than the parts of the short lengths, so some are empty.
        for n in [1, 3, 7, 40] {
            let mut joined = String::new();
            for k in 1..=n {
                let shard = format!("{k}/{n}");
                let mut with: Vec<&str> = args.clone();
                with.extend(["--shard", &shard]);
                let o = pocket(&with, b"");
                assert_eq!(o.status.code(), Some(0), "{with:?}");
                joined.push_str(&stdout(&o));
            }
            assert_eq!(joined, whole, "{args:?} in {n} shards");
        }
    }
}
