//! A slow, obviously-right model of the pocket cube for `tests/combinations.rs`,
//! written apart from the engine: sticker permutations (the hand-written cycles of
//! `common`), a corner coordinate of its own built from them, and one Dijkstra (Dial's
//! buckets, which is breadth-first search when every move costs one) over that
//! coordinate from any set of targets, for any subset of the nine moves with any
//! integer costs. Nothing here calls the library.
#![allow(dead_code)]

use crate::common::{SOLVED, quarter, turn};

/// The nine moves in the program's order; move `m` turns face `m / 3` by
/// `QUARTERS[m % 3]` clockwise quarter turns.
pub const NAMES: [&str; 9] = ["R", "R'", "R2", "U", "U'", "U2", "F", "F'", "F2"];
const QUARTERS: [usize; 3] = [1, 3, 2];

pub fn face(m: usize) -> usize {
    m / 3
}

/// The move that undoes `m`.
pub fn inverse(m: usize) -> usize {
    match m % 3 {
        0 => m + 1,
        1 => m - 1,
        _ => m,
    }
}

pub fn move_index(name: &str) -> Option<usize> {
    NAMES.iter().position(|n| *n == name)
}

/// Apply one of the nine moves to a sticker string.
pub fn apply_move(s: &[u8], m: usize) -> Vec<u8> {
    turn(s, face(m), QUARTERS[m % 3])
}

/// A sticker permutation given as cycles of net letters ("GATU": the sticker at G
/// moves to A, A's to T, ...), as `common` writes the face turns.
fn perm_of(cycles: &[&str]) -> [usize; 24] {
    let mut p: [usize; 24] = std::array::from_fn(|i| i);
    for c in cycles {
        let idx: Vec<usize> = c.bytes().map(|b| (b - b'A') as usize).collect();
        for k in 0..idx.len() {
            p[idx[(k + 1) % idx.len()]] = idx[k];
        }
    }
    p
}

/// Position i holds old s[p[i]].
pub fn permute(s: &[u8], p: &[usize; 24]) -> Vec<u8> {
    (0..24).map(|i| s[p[i]]).collect()
}

fn compose(first: &[usize; 24], then: &[usize; 24]) -> [usize; 24] {
    std::array::from_fn(|i| first[then[i]])
}

fn power(p: &[usize; 24], k: usize) -> [usize; 24] {
    let mut r: [usize; 24] = std::array::from_fn(|i| i);
    for _ in 0..k {
        r = compose(&r, p);
    }
    r
}

/// Whole-cube rotations, read off the net by hand: x turns the cube like R (its R
/// face as R does, its L face the other way, the columns F -> U -> B -> D), y like U.
pub fn rot_x() -> [usize; 24] {
    compose(&quarter(0), &perm_of(&["GATU", "OCLW", "FEMN"]))
}

pub fn rot_y() -> [usize; 24] {
    compose(&quarter(1), &perm_of(&["QOMS", "RPNT", "VUWX"]))
}

/// z (like F): the conjugate of x or y that turns the F face as F does, found by
/// trying the four candidates (checked in `rotations_are_rigid`).
pub fn rot_z() -> [usize; 24] {
    let (x, y) = (rot_x(), rot_y());
    let (xi, yi) = (power(&x, 3), power(&y, 3));
    let f = quarter(2);
    let candidates = [
        compose(&compose(&x, &y), &xi),
        compose(&compose(&xi, &y), &x),
        compose(&compose(&y, &x), &yi),
        compose(&compose(&yi, &x), &y),
    ];
    let front = [6usize, 7, 14, 15];
    let mut hits: Vec<_> = candidates
        .into_iter()
        .filter(|c| front.iter().all(|&i| c[i] == f[i]))
        .collect();
    hits.dedup();
    assert_eq!(hits.len(), 1, "exactly one conjugate turns F as F");
    hits[0]
}

/// The sticker permutation of a WCA move (`U D L R F B x y z`, with `'` or `2`),
/// built from R U F and the rotations: D = U then y', L = R then x', B = F then z'.
pub fn wca(name: &str) -> [usize; 24] {
    let (base, q) = match name.as_bytes() {
        [b, b'\''] => (*b, 3),
        [b, b'2'] => (*b, 2),
        [b] => (*b, 1),
        _ => panic!("bad WCA move {name}"),
    };
    let one = match base {
        b'R' => quarter(0),
        b'U' => quarter(1),
        b'F' => quarter(2),
        b'x' => rot_x(),
        b'y' => rot_y(),
        b'z' => rot_z(),
        b'D' => compose(&quarter(1), &power(&rot_y(), 3)),
        b'L' => compose(&quarter(0), &power(&rot_x(), 3)),
        b'B' => compose(&quarter(2), &power(&rot_z(), 3)),
        _ => panic!("bad WCA move {name}"),
    };
    power(&one, q)
}

pub fn apply_wca(s: &[u8], seq: &str) -> Vec<u8> {
    seq.split_whitespace()
        .fold(s.to_vec(), |cur, m| permute(&cur, &wca(m)))
}

/// Corner slots by their net positions, each from its U or D sticker clockwise; the
/// last, DBL (M T W), is the reference corner R U F never move.
pub const SLOTS: [[usize; 3]; 8] = [
    [3, 8, 7],    // UFR: D I H
    [2, 6, 5],    // UFL: C G F
    [0, 4, 11],   // UBL: A E L
    [1, 10, 9],   // UBR: B K J
    [21, 15, 16], // DFR: V P Q
    [20, 13, 14], // DFL: U N O
    [23, 17, 18], // DBR: X R S
    [22, 19, 12], // DBL: W T M
];

/// Corner permutations of the seven movable corners times the twists of six of them
/// (the seventh's makes the sum 0 mod 3): every position once, 3,674,160. Distances
/// are `u16`s, 7 MB, so that the searches' random reads stay in the cache (an array
/// over all 3^7 twists, of `u32`, took 2.7 s a search instead of about 0.3).
pub const PERMS: usize = 5040;
pub const TWISTS: usize = 729;
pub const SIZE: usize = PERMS * TWISTS;

fn lehmer(p: &[usize; 7]) -> usize {
    let mut r = 0;
    for i in 0..7 {
        let smaller = (i + 1..7).filter(|&j| p[j] < p[i]).count();
        r = r * (7 - i) + smaller;
    }
    r
}

fn unlehmer(mut r: usize) -> [usize; 7] {
    let mut digits = [0usize; 7];
    for i in (0..7).rev() {
        digits[i] = r % (7 - i);
        r /= 7 - i;
    }
    let mut left: Vec<usize> = (0..7).collect();
    std::array::from_fn(|i| left.remove(digits[i]))
}

/// The coordinate of a state in face letters (standard orientation), or None when
/// its corners are not those of a cube.
pub fn encode(s: &[u8]) -> Option<usize> {
    let mut perm = [0usize; 7];
    let mut twist = 0;
    let mut sum = 0;
    for j in 0..7 {
        let mut colours: Vec<u8> = SLOTS[j].iter().map(|&p| s[p]).collect();
        let t = colours.iter().position(|&c| c == b'U' || c == b'D')?;
        colours.sort_unstable();
        perm[j] = (0..7).find(|&k| {
            let mut home: Vec<u8> = SLOTS[k].iter().map(|&p| SOLVED[p]).collect();
            home.sort_unstable();
            home == colours
        })?;
        sum += t;
        if j < 6 {
            twist = twist * 3 + t;
        }
    }
    if sum % 3 != 0 {
        return None;
    }
    let c = lehmer(&perm) * TWISTS + twist;
    (decode(c) == s).then_some(c)
}

/// The state of a coordinate, in face letters.
pub fn decode(c: usize) -> Vec<u8> {
    let perm = unlehmer(c / TWISTS);
    let mut t = c % TWISTS;
    let mut twists = [0usize; 7];
    for j in (0..6).rev() {
        twists[j] = t % 3;
        t /= 3;
    }
    twists[6] = (6 * 3 - twists.iter().sum::<usize>()) % 3;
    let mut s = SOLVED.to_vec();
    for j in 0..7 {
        let home = SLOTS[perm[j]];
        for i in 0..3 {
            s[SLOTS[j][(twists[j] + i) % 3]] = SOLVED[home[i]];
        }
    }
    s
}

/// Move tables of the coordinate, built by turning decoded stickers.
pub struct Cube {
    pub perm: Vec<[u16; 9]>,
    pub twist: Vec<[u16; 9]>,
}

impl Cube {
    pub fn get() -> &'static Cube {
        static C: std::sync::OnceLock<Cube> = std::sync::OnceLock::new();
        C.get_or_init(|| {
            let perm = (0..PERMS)
                .map(|p| {
                    let s = decode(p * TWISTS);
                    std::array::from_fn(|m| {
                        (encode(&apply_move(&s, m)).expect("a cube") / TWISTS) as u16
                    })
                })
                .collect();
            let twist = (0..TWISTS)
                .map(|t| {
                    let s = decode(t);
                    std::array::from_fn(|m| {
                        (encode(&apply_move(&s, m)).expect("corners") % TWISTS) as u16
                    })
                })
                .collect();
            Cube { perm, twist }
        })
    }

    pub fn step(&self, c: usize, m: usize) -> usize {
        let (p, t) = (c / TWISTS, c % TWISTS);
        self.perm[p][m] as usize * TWISTS + self.twist[t][m] as usize
    }
}

/// A search problem: which moves, each move's integer cost, whether ties of cost are
/// broken by fewer moves, and whether a face may be turned twice in a row.
#[derive(Clone, Debug, PartialEq)]
pub struct Rules {
    pub cost: [Option<u32>; 9],
    pub fewest_moves: bool,
    pub same_face_twice: bool,
}

/// Distance keys: cost in the high bits, moves in the low six (when they break ties).
pub const UNREACHED: u16 = u16::MAX;
const MOVE_BITS: u32 = 6;

impl Rules {
    pub fn key(&self, m: usize) -> u16 {
        ((self.cost[m].unwrap() << MOVE_BITS) + self.fewest_moves as u32) as u16
    }

    pub fn moves(&self) -> impl Iterator<Item = usize> + '_ {
        (0..9).filter(|&m| self.cost[m].is_some())
    }
}

pub fn cost_of(key: u16) -> u32 {
    key as u32 >> MOVE_BITS
}

/// Dial's algorithm backwards from every target: the key of the cheapest way from
/// each position to a target (faces may repeat here; `walk` applies the face rule).
pub fn distances(rules: &Rules, targets: &[usize]) -> Vec<u16> {
    search(rules, targets, false)
}

/// The same forwards: the key of the cheapest way from a source to each position.
pub fn distances_from(rules: &Rules, sources: &[usize]) -> Vec<u16> {
    search(rules, sources, true)
}

fn search(rules: &Rules, targets: &[usize], forward: bool) -> Vec<u16> {
    let cube = Cube::get();
    let mut dist = vec![UNREACHED; SIZE];
    let mut buckets: Vec<Vec<u32>> = vec![Vec::new()];
    for &t in targets {
        dist[t] = 0;
        buckets[0].push(t as u32);
    }
    // Backwards: s turned by m is t. Forwards: t turned by m is s.
    let steps: Vec<(usize, u32)> = rules
        .moves()
        .map(|m| (if forward { m } else { inverse(m) }, rules.key(m) as u32))
        .collect();
    let mut k = 0;
    while k < buckets.len() {
        // Sorted, a bucket's positions come a corner permutation at a time, and the
        // children of one permutation under one move fall in one block of 729
        // distances: the reads stay in the cache (unsorted, 1 to 2 s a search; sorted
        // about a third of that).
        let mut bucket = std::mem::take(&mut buckets[k]);
        bucket.sort_unstable();
        bucket.dedup();
        for t in bucket {
            let t = t as usize;
            if dist[t] != k as u16 {
                continue;
            }
            // One division a position, not one a move (a third of the search's time).
            let (perm, twist) = (&cube.perm[t / TWISTS], &cube.twist[t % TWISTS]);
            for &(turn, key) in &steps {
                let s = perm[turn] as usize * TWISTS + twist[turn] as usize;
                let cand = (k as u32 + key).min(UNREACHED as u32 - 1) as u16;
                if cand < dist[s] {
                    dist[s] = cand;
                    if buckets.len() <= cand as usize {
                        buckets.resize(cand as usize + 1, Vec::new());
                    }
                    buckets[cand as usize].push(s as u32);
                }
            }
        }
        k += 1;
    }
    dist
}

/// The optimal sequences from `start` under the face rule, in the program's move
/// order, by a search pruned with `dist` (exact, so it follows only optimal paths):
/// the first one, and how many (stopping at `limit`).
pub struct Walk {
    pub best: u16,
    pub first: Option<Vec<usize>>,
    pub count: u64,
    pub all: Vec<Vec<usize>>,
}

pub fn walk(rules: &Rules, dist: &[u16], start: usize, keep: usize, limit: u64) -> Walk {
    let mut w = Walk {
        best: dist[start],
        first: None,
        count: 0,
        all: Vec::new(),
    };
    if w.best == UNREACHED {
        return w;
    }
    let mut path = Vec::new();
    go(rules, dist, start, w.best, &mut path, &mut w, keep, limit);
    w
}

#[allow(clippy::too_many_arguments)]
fn go(
    rules: &Rules,
    dist: &[u16],
    c: usize,
    left: u16,
    path: &mut Vec<usize>,
    w: &mut Walk,
    keep: usize,
    limit: u64,
) {
    if w.count >= limit {
        return;
    }
    if left == 0 {
        if w.first.is_none() {
            w.first = Some(path.clone());
        }
        if w.all.len() < keep {
            w.all.push(path.clone());
        }
        w.count += 1;
        return;
    }
    let cube = Cube::get();
    for m in rules.moves() {
        if !rules.same_face_twice && path.last().is_some_and(|&p| face(p) == face(m)) {
            continue;
        }
        let k = rules.key(m);
        if k > left {
            continue;
        }
        let next = cube.step(c, m);
        if dist[next] == left - k {
            path.push(m);
            go(rules, dist, next, left - k, path, w, keep, limit);
            path.pop();
        }
    }
}

/// Colours of a state named by face: the reference corner (M T W) names L B D, and
/// each other colour the face opposite the colour it never shares a corner with.
pub fn face_names(s: &[u8]) -> Option<Vec<(u8, u8)>> {
    let (l, b, d) = (s[12], s[19], s[22]);
    let mut colours: Vec<u8> = s.to_vec();
    colours.sort_unstable();
    colours.dedup();
    if colours.len() != 6 {
        return None;
    }
    let together = |a: u8, c: u8| {
        SLOTS
            .iter()
            .any(|sl| sl.iter().any(|&p| s[p] == a) && sl.iter().any(|&p| s[p] == c))
    };
    let opposite = |a: u8| {
        let o: Vec<u8> = colours
            .iter()
            .copied()
            .filter(|&c| c != a && !together(a, c))
            .collect();
        (o.len() == 1).then(|| o[0])
    };
    Some(vec![
        (l, b'L'),
        (b, b'B'),
        (d, b'D'),
        (opposite(l)?, b'R'),
        (opposite(b)?, b'F'),
        (opposite(d)?, b'U'),
    ])
}

/// A state in any colours (net order) in face letters, by its reference corner.
pub fn normalise(s: &[u8]) -> Option<Vec<u8>> {
    let names = face_names(s)?;
    s.iter()
        .map(|c| names.iter().find(|n| n.0 == *c).map(|n| n.1))
        .collect()
}

/// The URFDLB facelet order as net positions: U (A B C D), R (I J Q R), F (G H O P),
/// D (U V W X), L (E F M N), B (K L S T).
pub const URFDLB: &[u8; 24] = b"ABCDIJQRGHOPUVWXEFMNKLST";

pub fn to_urfdlb(s: &[u8]) -> Vec<u8> {
    URFDLB.iter().map(|&p| s[(p - b'A') as usize]).collect()
}

pub fn from_urfdlb(s: &[u8]) -> Vec<u8> {
    let mut out = vec![0; 24];
    for (k, &p) in URFDLB.iter().enumerate() {
        out[(p - b'A') as usize] = s[k];
    }
    out
}

/// Every coordinate whose face letters match a pattern in face letters ('.' any):
/// which (corner, twist) each slot may hold, then every permutation and twist.
pub fn matching(pattern: &[u8]) -> Vec<usize> {
    let fits = |j: usize, corner: usize, t: usize| {
        (0..3).all(|i| {
            let p = pattern[SLOTS[j][(t + i) % 3]];
            p == b'.' || p == SOLVED[SLOTS[corner][i]]
        })
    };
    let ok: Vec<[[bool; 3]; 7]> = (0..7)
        .map(|j| std::array::from_fn(|k| std::array::from_fn(|t| fits(j, k, t))))
        .collect();
    let mut out = Vec::new();
    for p in 0..PERMS {
        let perm = unlehmer(p);
        if !(0..7).all(|j| ok[j][perm[j]].iter().any(|&b| b)) {
            continue;
        }
        for t in 0..TWISTS {
            let mut rest = t;
            let mut twists = [0usize; 7];
            for j in (0..6).rev() {
                twists[j] = rest % 3;
                rest /= 3;
            }
            twists[6] = (18 - twists.iter().sum::<usize>()) % 3;
            if (0..7).all(|j| ok[j][perm[j]][twists[j]]) {
                out.push(p * TWISTS + t);
            }
        }
    }
    // The reference corner never moves, but a pattern may ask for it.
    if SLOTS[7]
        .iter()
        .any(|&i| pattern[i] != b'.' && pattern[i] != SOLVED[i])
    {
        out.clear();
    }
    out
}

/// The sum of a twist coordinate's digits: 0 mod 3 exactly for the twists of a cube.
pub fn twist_sum(mut t: usize) -> usize {
    let mut sum = 0;
    for _ in 0..7 {
        sum += t % 3;
        t /= 3;
    }
    sum
}
