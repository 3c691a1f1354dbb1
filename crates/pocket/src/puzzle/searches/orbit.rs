//! The magic-move search: sequences `S` whose power `S^k` changes only a few pieces
//! of one kind, all on one face (or anywhere), and leaves every other sticker in
//! place, the way the seed write-up found its corner 3-cycles (`R L2 U D2`, four
//! times) and corner twists on the Rubik's cube.
//!
//! Every sequence up to a length is enumerated once (no face twice in a row; two
//! commuting faces only in definition order), its sticker permutation `P` built move
//! by move. `P^k` leaves a sticker in place exactly when the length of its cycle in
//! `P` divides `k`, so one pass over the cycles of `P` answers every `k` at once: the
//! stickers outside the orbit fix the possible `k` (multiples of the least common
//! multiple of their cycle lengths), and the orbit's cycles then say which pieces
//! change. Only those pieces are followed to describe the effect.

use crate::model::{Error, Kind};
use std::fmt;
use std::str::FromStr;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;

use crate::engine::search::Canon;
use crate::model::cost::gcd;
use crate::puzzle::Puzzle;
use crate::puzzle::formats::defined::Sticker;

/// What the changed pieces may do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Change {
    /// All of them move, in one cycle (twisted or not on the way).
    Cycle,
    /// None moves; each is twisted or flipped in place.
    Twist,
    /// Anything.
    Any,
}

impl FromStr for Change {
    type Err = Error;

    fn from_str(s: &str) -> Result<Change, Error> {
        match s {
            "cycle" => Ok(Change::Cycle),
            "twist" => Ok(Change::Twist),
            "any" => Ok(Change::Any),
            _ => Err(Error::invalid(
                Kind::Orbit,
                format!("'{s}' is not a change (cycle, twist or any)"),
            )),
        }
    }
}

/// The conditions on a magic move's effect.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rules {
    /// The kind of piece that may change (`corner`).
    pub kind: String,
    /// The kinds of piece that must stay put (`edge`); `None`: every sticker outside
    /// the pieces of `kind`, centres included.
    pub keep: Option<Vec<String>>,
    pub change: Change,
    /// Most pieces changed.
    pub max_changed: usize,
    /// Highest power of a sequence.
    pub max_power: u32,
    /// Whether the changed pieces must all lie on one face.
    pub one_face: bool,
}

impl Rules {
    /// The seed write-up's conditions: at most 3 pieces of `kind` change, all on one
    /// face, in powers up to 6.
    pub fn new(kind: &str) -> Rules {
        Rules {
            kind: kind.to_string(),
            keep: None,
            change: Change::Any,
            max_changed: 3,
            max_power: 6,
            one_face: true,
        }
    }
}

/// One changed piece of an effect: the position it leaves, the one it goes to, and
/// how far it turns clockwise on the way (in stickers, 0 to its size - 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Moved {
    pub from: usize,
    pub to: usize,
    pub twist: u8,
}

/// A sequence whose power has the wanted effect.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MagicMove {
    /// Indices into the puzzle's moves.
    pub moves: Vec<u8>,
    /// How many times the sequence is applied.
    pub power: u32,
    /// A face all changed pieces lie on, if there is one: a face turn's name, or a
    /// face of the definition's `face` lines.
    pub face: Option<String>,
    /// The changed pieces (indices into the puzzle's pieces), in cycle order.
    pub changed: Vec<Moved>,
}

impl MagicMove {
    /// Whether no piece leaves its position.
    pub fn is_twist(&self) -> bool {
        self.changed.iter().all(|m| m.from == m.to)
    }

    /// The sequence in the puzzle's move names.
    pub fn sequence(&self, puzzle: &Puzzle) -> String {
        let names: Vec<&str> = self
            .moves
            .iter()
            .map(|&m| puzzle.moves[m as usize].name.as_str())
            .collect();
        names.join(" ")
    }

    /// The effect in piece names: `cycle URF->UBR->ULB` (the piece at URF goes to
    /// UBR, the one at UBR to ULB, the one at ULB to URF), then the twists the pieces
    /// arrive with, clockwise in stickers: `twist URF+1 UBR+2`.
    pub fn effect(&self, puzzle: &Puzzle) -> String {
        let name = |i: usize| puzzle.pieces[i].name.as_str();
        let mut parts = Vec::new();
        let mut cycle: Vec<&str> = Vec::new();
        // `changed` lists each cycle in order, so a cycle ends where its first began.
        for m in self.changed.iter().filter(|m| m.from != m.to) {
            if cycle.is_empty() {
                cycle.push(name(m.from));
            }
            if name(m.to) == cycle[0] {
                parts.push(format!("cycle {}", cycle.join("->")));
                cycle.clear();
            } else {
                cycle.push(name(m.to));
            }
        }
        let twists: Vec<String> = self
            .changed
            .iter()
            .filter(|m| m.twist != 0)
            .map(|m| format!("{}+{}", name(m.to), m.twist))
            .collect();
        if !twists.is_empty() {
            parts.push(format!("twist {}", twists.join(" ")));
        }
        parts.join(", ")
    }

    /// The magic move as one JSON object: the sequence, its length, the power, the
    /// face, the effect line, and each changed piece with its sticker positions.
    pub fn json(&self, puzzle: &Puzzle) -> serde_json::Value {
        let pieces: Vec<serde_json::Value> = self
            .changed
            .iter()
            .map(|m| {
                serde_json::json!({
                    "from": puzzle.pieces[m.from].name,
                    "to": puzzle.pieces[m.to].name,
                    "twist": m.twist,
                    "stickers": puzzle.pieces[m.to].stickers,
                })
            })
            .collect();
        serde_json::json!({
            "sequence": self.sequence(puzzle),
            "length": self.moves.len(),
            "power": self.power,
            "turns": self.moves.len() * self.power as usize,
            "face": self.face,
            "effect": self.effect(puzzle),
            "changed": pieces,
        })
    }

    /// One output line: sequence, power, face, effect, separated by tabs.
    pub fn line(&self, puzzle: &Puzzle) -> String {
        format!(
            "{}\tx{}\t{}\t{}",
            self.sequence(puzzle),
            self.power,
            self.face.as_deref().unwrap_or("-"),
            self.effect(puzzle)
        )
    }
}

/// A magic-move search over one puzzle, one kind of piece and a set of moves.
pub struct OrbitSearch<'a> {
    puzzle: &'a Puzzle,
    /// Allowed moves, by face then as defined.
    moves: Vec<u8>,
    /// The canonical-sequence rule, commuting faces in order.
    canon: Canon,
    /// Stickers that must end in place: all outside the orbit's pieces.
    fixed: Vec<u8>,
    /// Stickers of the orbit's pieces.
    orbit: Vec<u8>,
    /// The piece (index into the puzzle's pieces) of each sticker of the orbit.
    owner: Vec<Option<usize>>,
    /// Each face's name and pieces, as a bit set over piece indices.
    face_pieces: Vec<(String, u128)>,
    rules: Rules,
}

/// Refuse a kind of piece the puzzle does not have, naming those it has.
fn check_kind(puzzle: &Puzzle, kind: &str) -> Result<(), Error> {
    if puzzle.pieces.iter().any(|p| p.kind == kind) {
        return Ok(());
    }
    let mut kinds: Vec<&str> = puzzle.pieces.iter().map(|p| p.kind.as_str()).collect();
    kinds.sort_unstable();
    kinds.dedup();
    Err(Error::invalid(
        Kind::Orbit,
        if kinds.is_empty() {
            format!(
                "{} names no pieces (add `piece` lines to its definition)",
                puzzle.name
            )
        } else {
            format!(
                "{} has no pieces of kind '{kind}' (it has: {})",
                puzzle.name,
                kinds.join(", ")
            )
        },
    ))
}

/// Refuse an empty `--keep`, or one naming the searched kind or a kind the puzzle does
/// not have.
fn check_keep(puzzle: &Puzzle, kind: &str, keep: &[String]) -> Result<(), Error> {
    if keep.is_empty() {
        return Err(Error::invalid(
            Kind::Orbit,
            "no kind of piece to keep".to_string(),
        ));
    }
    for k in keep {
        if k == kind || !puzzle.pieces.iter().any(|p| &p.kind == k) {
            return Err(Error::invalid(
                Kind::Orbit,
                format!(
                    "cannot keep '{k}': not a kind of piece of {} other than '{kind}'",
                    puzzle.name
                ),
            ));
        }
    }
    Ok(())
}

/// The pieces of the orbit each face turns: every face the puzzle turns (in the
/// search or not), then the faces it names.
fn face_pieces(puzzle: &Puzzle, orbit: &[u8], owner: &[Option<usize>]) -> Vec<(String, u128)> {
    let mut face_pieces: Vec<(String, u128)> = Vec::new();
    for (f, m) in puzzle.moves.iter().enumerate() {
        if m.face as usize != f {
            continue;
        }
        let set = orbit
            .iter()
            .filter(|&&s| puzzle.moves[f].perm[s as usize] != Sticker::from(s))
            .fold(0u128, |set, &s| set | 1 << owner[s as usize].unwrap_or(0));
        face_pieces.push((m.name.clone(), set));
    }
    for (name, on) in &puzzle.faces {
        let set = on.iter().fold(0u128, |set, &p| set | 1 << p);
        face_pieces.push((name.clone(), set));
    }
    face_pieces
}

impl<'a> OrbitSearch<'a> {
    /// A search for the magic moves `rules` describe, with the moves `moves` (indices
    /// into the puzzle's moves; all when empty).
    pub fn new(puzzle: &'a Puzzle, rules: Rules, moves: &[u8]) -> Result<OrbitSearch<'a>, Error> {
        let n = puzzle.stickers();
        let kind = rules.kind.as_str();
        check_kind(puzzle, kind)?;
        if puzzle.pieces.len() > 128 {
            return Err(Error::invalid(
                Kind::Orbit,
                format!("{} has more than 128 pieces", puzzle.name),
            ));
        }
        // The walk keeps a position a row of bytes, a sticker's colour each.
        if n > 255 {
            return Err(Error::invalid(
                Kind::Orbit,
                format!(
                    "{} has {n} stickers: the search holds at most 255",
                    puzzle.name
                ),
            ));
        }
        let mut owner = vec![None; n];
        for (i, p) in puzzle.pieces.iter().enumerate() {
            if p.kind == kind {
                for &s in &p.stickers {
                    owner[s as usize] = Some(i);
                }
            }
        }
        let (orbit, mut fixed): (Vec<u8>, Vec<u8>) =
            (0..n as u8).partition(|&s| owner[s as usize].is_some());
        if let Some(keep) = &rules.keep {
            check_keep(puzzle, kind, keep)?;
            let kept = |s: u8| {
                puzzle
                    .pieces
                    .iter()
                    .any(|p| keep.contains(&p.kind) && p.stickers.contains(&Sticker::from(s)))
            };
            fixed.retain(|&s| kept(s));
        }
        // Stickers no move moves (centres) need no check.
        fixed.retain(|&s| {
            let s16 = Sticker::from(s);
            puzzle.moves.iter().any(|m| m.perm[s as usize] != s16)
        });
        let mut moves: Vec<u8> = if moves.is_empty() {
            (0..puzzle.moves.len() as u8).collect()
        } else {
            moves.to_vec()
        };
        moves.sort_by_key(|&m| (puzzle.moves[m as usize].face, m));
        moves.dedup();
        Ok(OrbitSearch {
            puzzle,
            moves,
            canon: puzzle.canon(),
            fixed,
            face_pieces: face_pieces(puzzle, &orbit, &owner),
            orbit,
            owner,
            rules,
        })
    }

    /// Every magic move whose sequence has exactly `length` moves, in move order
    /// (faces in definition order), each sequence with its least power.
    pub fn of_length(&self, length: usize, threads: usize) -> Vec<MagicMove> {
        let mut all = Vec::new();
        self.each_of_length(
            length,
            threads,
            |m| {
                all.push(m);
                true
            },
            |_, _| {},
        );
        all
    }

    /// The parts a search of sequences of `length` moves is split into, in the order
    /// their magic moves are listed: the sequences' first `depth` moves (fewer for
    /// shorter sequences), each with how many sequences start with it.
    pub fn parts(&self, length: usize, depth: usize) -> Vec<(Vec<u8>, u64)> {
        if length == 0 {
            return Vec::new();
        }
        let depth = depth.clamp(1, length);
        // after[r][m]: sequences of r more moves that may follow move m.
        let top = self.moves.iter().map(|&m| m as usize).max().unwrap_or(0) + 1;
        let mut after = vec![vec![1u64; top]];
        for r in 1..length {
            let row: Vec<u64> = (0..top)
                .map(|last| {
                    self.moves
                        .iter()
                        .filter(|&&m| self.may_follow(last as u8, m))
                        .map(|&m| after[r - 1][m as usize])
                        .fold(0u64, u64::saturating_add)
                })
                .collect();
            after.push(row);
        }
        let mut prefixes: Vec<Vec<u8>> = self.moves.iter().map(|&m| vec![m]).collect();
        for _ in 1..depth {
            prefixes = prefixes
                .iter()
                .flat_map(|p| {
                    let last = p[p.len() - 1];
                    self.moves
                        .iter()
                        .filter(move |&&m| self.may_follow(last, m))
                        .map(move |&m| {
                            let mut q = p.clone();
                            q.push(m);
                            q
                        })
                })
                .collect();
        }
        prefixes
            .into_iter()
            .map(|p| {
                let last = p[p.len() - 1] as usize;
                let n = after[length - p.len()][last];
                (p, n)
            })
            .collect()
    }

    /// The magic moves of `of_length`, handed to `sink` in the same order as they are
    /// found, on `threads` threads sharing the sequences by their first two moves;
    /// `sink` returns false to stop the search; `progress` hears how many of how many
    /// parts are searched. Memory stays that of the parts found
    /// out of order (a length-8 search on the 3x3x3 lists 2.9 million).
    pub fn each_of_length(
        &self,
        length: usize,
        threads: usize,
        sink: impl FnMut(MagicMove) -> bool,
        progress: impl FnMut(usize, usize),
    ) {
        let all = self.parts(length, 2).len();
        self.each_in_parts(length, 2, 0..all, threads, sink, progress);
    }

    /// As [`OrbitSearch::each_of_length`], for the parts `range` of
    /// [`OrbitSearch::parts`] of that `depth` only: what one shard of a search split
    /// across machines lists.
    pub fn each_in_parts(
        &self,
        length: usize,
        depth: usize,
        range: std::ops::Range<usize>,
        threads: usize,
        mut sink: impl FnMut(MagicMove) -> bool,
        mut progress: impl FnMut(usize, usize),
    ) {
        let all: Vec<Vec<u8>> = self
            .parts(length, depth)
            .into_iter()
            .map(|(p, _)| p)
            .collect();
        let prefixes = all.get(range).unwrap_or(&[]);
        if prefixes.is_empty() {
            return;
        }
        let next = AtomicUsize::new(0);
        let stop = AtomicBool::new(false);
        // Bounded, so that workers wait for a slow reader (a pipe into awk held
        // 114 MB at length 9 with an unbounded channel).
        let (tx, rx) = mpsc::sync_channel::<(usize, Vec<MagicMove>)>(threads.max(1));
        std::thread::scope(|scope| {
            for _ in 0..threads.max(1) {
                let tx = tx.clone();
                let (next, stop, prefixes) = (&next, &stop, &prefixes);
                scope.spawn(move || {
                    while !stop.load(Ordering::Relaxed) {
                        let job = next.fetch_add(1, Ordering::Relaxed);
                        let Some(prefix) = prefixes.get(job) else {
                            return;
                        };
                        let mut found = Vec::new();
                        self.walk_from(prefix, length, &mut found);
                        if tx.send((job, found)).is_err() {
                            return;
                        }
                    }
                });
            }
            drop(tx);
            // Parts arrive in any order; hand them on in job order.
            let mut waiting = std::collections::BTreeMap::new();
            let mut due = 0;
            for (received, (job, found)) in rx.into_iter().enumerate() {
                progress(received + 1, prefixes.len());
                waiting.insert(job, found);
                while let Some(found) = waiting.remove(&due) {
                    due += 1;
                    for m in found {
                        if !sink(m) {
                            stop.store(true, Ordering::Relaxed);
                            return;
                        }
                    }
                }
            }
        });
    }

    /// Whether move `m` may follow move `last` in a listed sequence.
    fn may_follow(&self, last: u8, m: u8) -> bool {
        self.canon.allows_sorted(Some(last as usize), m as usize)
    }

    fn walk_from(&self, prefix: &[u8], length: usize, found: &mut Vec<MagicMove>) {
        let n = self.puzzle.stickers();
        // stack[d]: the permutation after d moves (position i holds solved sticker p[i]).
        let mut stack = vec![[0u8; 256]; length + 1];
        for (i, x) in stack[0].iter_mut().enumerate().take(n) {
            *x = i as u8;
        }
        for (d, &m) in prefix.iter().enumerate() {
            self.push(&mut stack, d, m);
        }
        let mut path = prefix.to_vec();
        self.walk(&mut stack, &mut path, length, found);
    }

    fn push(&self, stack: &mut [[u8; 256]], depth: usize, m: u8) {
        let n = self.puzzle.stickers();
        let (done, rest) = stack.split_at_mut(depth + 1);
        let (cur, next) = (&done[depth], &mut rest[0]);
        for (x, &j) in next
            .iter_mut()
            .zip(&self.puzzle.moves[m as usize].perm[..n])
        {
            *x = cur[j as usize];
        }
    }

    fn walk(
        &self,
        stack: &mut [[u8; 256]],
        path: &mut Vec<u8>,
        length: usize,
        found: &mut Vec<MagicMove>,
    ) {
        let depth = path.len();
        if depth == length {
            let p = &stack[depth];
            self.examine(|x| p[x as usize], path, found);
            return;
        }
        let last = path[depth - 1];
        for &m in &self.moves {
            if !self.may_follow(last, m) {
                continue;
            }
            path.push(m);
            if depth + 1 == length {
                // The last move is read through, not composed: most sequences are
                // refused after a few lookups (L=7 on the 3x3x3: 7.3 s composed, 6.3 s not).
                let (cur, perm) = (&stack[depth], &self.puzzle.moves[m as usize].perm);
                self.examine(|x| cur[perm[x as usize] as usize], path, found);
            } else {
                self.push(stack, depth, m);
                self.walk(stack, path, length, found);
            }
            path.pop();
        }
    }

    /// The magic moves among the powers of the sequence `path` with permutation `p`.
    fn examine(&self, p: impl Fn(u8) -> u8 + Copy, path: &[u8], found: &mut Vec<MagicMove>) {
        let k_max = self.rules.max_power as usize;
        // Each cycle is walked once, not once per sticker (L=7: 6.3 s before, 5.0 s after).
        let mut seen = 0u128;
        let mut step = 1usize;
        for &s in &self.fixed {
            if seen & (1 << s) != 0 {
                continue;
            }
            let mut x = s;
            let mut len = 0;
            loop {
                seen |= 1 << x;
                x = p(x);
                len += 1;
                if x == s {
                    break;
                }
                if len == k_max {
                    return;
                }
            }
            if len > 1 && step % len != 0 {
                step = lcm(step, len);
                if step > k_max {
                    return;
                }
            }
        }
        // The orbit's cycles: (length, its pieces).
        let mut cycles: Vec<(usize, u128)> = Vec::new();
        for &s in &self.orbit {
            if seen & (1 << s) != 0 {
                continue;
            }
            let (mut x, mut len, mut pieces) = (s, 0, 0u128);
            loop {
                seen |= 1 << x;
                pieces |= 1 << self.owner[x as usize].unwrap_or(0);
                x = p(x);
                len += 1;
                if x == s {
                    break;
                }
            }
            if len > 1 {
                cycles.push((len, pieces));
            }
        }
        for k in (step..=k_max).step_by(step) {
            let pieces = cycles
                .iter()
                .filter(|c| k % c.0 != 0)
                .fold(0u128, |set, c| set | c.1);
            let count = pieces.count_ones() as usize;
            if count == 0 || count > self.rules.max_changed {
                continue;
            }
            let face = self
                .face_pieces
                .iter()
                .find(|f| f.1 & pieces == pieces)
                .map(|f| f.0.clone());
            if face.is_none() && self.rules.one_face {
                continue;
            }
            let magic = MagicMove {
                moves: path.to_vec(),
                power: k as u32,
                face,
                changed: self.describe(p, k, pieces),
            };
            let fits = match self.rules.change {
                Change::Any => true,
                Change::Twist => magic.is_twist(),
                Change::Cycle => one_cycle(&magic.changed),
            };
            // The least power only: a higher one repeats an effect already listed.
            if fits {
                found.push(magic);
                return;
            }
        }
    }

    /// Where each piece of `pieces` goes under `p^k`, and how it turns.
    fn describe(&self, p: impl Fn(u8) -> u8, k: usize, pieces: u128) -> Vec<Moved> {
        let all = &self.puzzle.pieces;
        let power = |s: u8| (0..k).fold(s, |x, _| p(x));
        let mut changed = Vec::new();
        for (to, piece) in all.iter().enumerate() {
            if pieces & (1 << to) == 0 {
                continue;
            }
            // Position `to`'s first sticker now holds sticker j of piece `from`.
            // At most 255 stickers (`new`): each is a byte.
            let source = power(piece.stickers[0] as u8);
            let from = self.owner[source as usize].unwrap_or(to);
            let j = all[from]
                .stickers
                .iter()
                .position(|&x| x == Sticker::from(source))
                .unwrap_or(0);
            let size = piece.stickers.len();
            changed.push(Moved {
                from,
                to,
                twist: ((size - j) % size) as u8,
            });
        }
        // Cycle order: start at the first piece, follow where each goes.
        let mut ordered: Vec<Moved> = Vec::with_capacity(changed.len());
        while ordered.len() < changed.len() {
            let start = changed
                .iter()
                .find(|m| !ordered.contains(m))
                .copied()
                .unwrap_or(changed[0]);
            let mut at = start.from;
            while let Some(m) = changed
                .iter()
                .find(|m| m.from == at && !ordered.contains(m))
            {
                ordered.push(*m);
                at = m.to;
            }
        }
        ordered
    }
}

/// Whether every piece moves, all in one cycle.
fn one_cycle(changed: &[Moved]) -> bool {
    if changed.iter().any(|m| m.from == m.to) {
        return false;
    }
    // `describe` lists each cycle in order: one cycle closes only at the end.
    changed
        .iter()
        .position(|m| m.to == changed[0].from)
        .is_some_and(|i| i + 1 == changed.len())
}

fn lcm(a: usize, b: usize) -> usize {
    a / gcd(a as u64, b as u64) as usize * b
}

impl fmt::Display for Change {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Change::Cycle => "cycle",
            Change::Twist => "twist",
            Change::Any => "any",
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn changes_round_trip() {
        for c in [Change::Cycle, Change::Twist, Change::Any] {
            assert_eq!(c.to_string().parse::<Change>(), Ok(c));
        }
        assert!("swap".parse::<Change>().is_err());
    }

    #[test]
    fn the_shortest_corner_three_cycle_of_one_face() {
        let cube = Puzzle::load("3x3x3").unwrap();
        let rules = Rules {
            change: Change::Cycle,
            ..Rules::new("corner")
        };
        let search = OrbitSearch::new(&cube, rules, &[]).unwrap();
        assert!((1..=4).all(|n| search.of_length(n, 2).is_empty()));
        let found = search.of_length(5, 2);
        let first = &found[0];
        assert_eq!(first.sequence(&cube), "U R2 U L2 U2");
        assert_eq!(first.power, 2);
        assert!(!first.is_twist());
        assert_eq!(
            first.line(&cube),
            "U R2 U L2 U2\tx2\tB\tcycle DRB->UBR->DBL"
        );
        // The same list on one thread.
        assert_eq!(search.of_length(5, 1), found);
    }
}
