//! The walk over the sequences of a part, move by move, and the one pass over each
//! sequence's cycles that finds its powers' effects.

use crate::model::cost::gcd;
use crate::puzzle::formats::defined::Sticker;

use super::{Change, MagicMove, Moved, OrbitSearch};

impl OrbitSearch<'_> {
    /// Whether move `m` may follow move `last` in a listed sequence.
    pub(super) fn may_follow(&self, last: u8, m: u8) -> bool {
        self.canon.allows_sorted(Some(last as usize), m as usize)
    }

    pub(super) fn walk_from(&self, prefix: &[u8], length: usize, found: &mut Vec<MagicMove>) {
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
