//! How many positions a puzzle has at least, before any search: the order of the
//! group its moves generate, by a randomised Schreier–Sims, over what can fix its
//! colours.
//!
//! The positions are the orbit of the solved colouring under the group `G` of the
//! moves: `|G| / |G_c|`, where `G_c` fixes the colouring. `G_c` can only exchange
//! stickers of one colour within one orbit of stickers, so `|G_c|` is at most the
//! product of `k!` over the stickers of each colour in each orbit. And a stabiliser
//! chain grown from elements of `G` bounds `|G|` from below whether or not it is
//! complete: each level's orbit times the order of the next level's group is at most
//! the order of its own. So the bound holds however the random elements fall; they
//! only decide how close it comes (on every puzzle tried, exact: the chain stops after
//! [`QUIET_SIFTS`] elements in a row that it already held).
//!
//! Conventions fixed here: a permutation is a list of images, `p[i]` the point `i`
//! goes to, and `a * b` is `a` then `b`. A move's list (position `i` takes what was
//! at `p[i]`) is the inverse of such a map, which generates the same group.

use ahash::AHashMap;

use crate::puzzle::formats::defined::{Puzzle, Sticker, root};
use crate::puzzle::spaces::pieces::{self, Pieces};

/// Random elements in a row that sift to the identity before the chain is taken as
/// complete: on an incomplete chain each does with probability at most 1/2, so 40 in
/// a row leave it incomplete with a chance below 2^-40 (and the bound holds anyway).
const QUIET_SIFTS: usize = 40;

/// Elements sifted at most: a bound on the work for any puzzle (the 128-sticker ring
/// of `fixtures/puzzles/two-colour-128.txt`: 239 sifts, 127 levels, 12 ms).
const MAX_SIFTS: usize = 4_000;

type Perm = Vec<Sticker>;

fn then(a: &[Sticker], b: &[Sticker]) -> Perm {
    a.iter().map(|&x| b[x as usize]).collect()
}

fn inverse(a: &[Sticker]) -> Perm {
    let mut out = vec![0 as Sticker; a.len()];
    for (i, &x) in a.iter().enumerate() {
        out[x as usize] = i as Sticker;
    }
    out
}

fn is_identity(a: &[Sticker]) -> bool {
    a.iter().enumerate().all(|(i, &x)| x as usize == i)
}

/// One level of the chain: a base point, the generators found to fix the earlier
/// base points, and for each point of the base point's orbit under them an element
/// taking the base point there.
struct Level {
    base: Sticker,
    gens: Vec<Perm>,
    reach: Vec<Option<Perm>>,
    orbit: Vec<Sticker>,
}

impl Level {
    fn new(base: Sticker, n: usize) -> Level {
        let mut reach = vec![None; n];
        reach[base as usize] = Some((0..n as Sticker).collect());
        Level {
            base,
            gens: Vec::new(),
            reach,
            orbit: vec![base],
        }
    }

    /// Add a generator and grow the orbit: the new generator from every point, the
    /// others from the points it adds.
    fn add(&mut self, g: Perm) {
        self.gens.push(g);
        let newest = self.gens.len() - 1;
        let mut next = 0;
        let known = self.orbit.len();
        while next < self.orbit.len() {
            let x = self.orbit[next];
            let gens: &[Perm] = if next < known {
                &self.gens[newest..]
            } else {
                &self.gens
            };
            let mut found = Vec::new();
            for g in gens {
                let y = g[x as usize];
                if self.reach[y as usize].is_none() && !found.iter().any(|(z, _)| *z == y) {
                    let u = self.reach[x as usize].as_ref().expect("an orbit point");
                    found.push((y, then(u, g)));
                }
            }
            for (y, u) in found {
                self.reach[y as usize] = Some(u);
                self.orbit.push(y);
            }
            next += 1;
        }
    }
}

/// The natural logarithm of a lower bound on the order of the group the
/// permutations generate (exact but for a chance below 2^-40).
pub fn log_order_at_least(gens: &[Perm]) -> f64 {
    let Some(n) = gens.first().map(Vec::len) else {
        return 0.0;
    };
    let gens: Vec<Perm> = gens.iter().filter(|g| !is_identity(g)).cloned().collect();
    if gens.is_empty() {
        return 0.0;
    }
    // Random elements by product replacement, from a fixed seed: the same bound on
    // every run.
    let mut seed = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = move |bound: usize| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        (seed % bound as u64) as usize
    };
    let mut pool = gens.clone();
    while pool.len() < 10 {
        pool.push(gens[pool.len() % gens.len()].clone());
    }
    let mut acc: Perm = (0..n as Sticker).collect();
    let mut random = || {
        let (i, mut j) = (next(pool.len()), next(pool.len()));
        if i == j {
            j = (j + 1) % pool.len();
        }
        pool[i] = if next(2) == 0 {
            then(&pool[i], &pool[j])
        } else {
            then(&pool[i], &inverse(&pool[j]))
        };
        acc = then(&acc, &pool[i]);
        acc.clone()
    };
    for _ in 0..50 {
        random();
    }
    let mut levels: Vec<Level> = Vec::new();
    // The generators themselves first, so the chain holds them all.
    let mut queue = gens;
    let mut quiet = 0;
    let mut sifted = 0;
    while quiet < QUIET_SIFTS && sifted < MAX_SIFTS {
        let g = queue.pop().unwrap_or_else(&mut random);
        sifted += 1;
        // Sift: divide out the element taking each base point where g takes it.
        let mut h = g;
        let mut depth = 0;
        while depth < levels.len() {
            let x = h[levels[depth].base as usize];
            match &levels[depth].reach[x as usize] {
                Some(u) => h = then(&h, &inverse(u)),
                None => break,
            }
            depth += 1;
        }
        if depth == levels.len() {
            match h.iter().enumerate().position(|(i, &x)| x as usize != i) {
                None => {
                    quiet += 1;
                    continue;
                }
                Some(moved) => levels.push(Level::new(moved as Sticker, n)),
            }
        }
        quiet = 0;
        // h fixes the base points before `depth`: a generator of those levels.
        for level in &mut levels[..=depth] {
            level.add(h.clone());
        }
    }
    levels.iter().map(|l| (l.orbit.len() as f64).ln()).sum()
}

/// `ln k!`.
fn ln_factorial(k: usize) -> f64 {
    (2..=k).map(|x| (x as f64).ln()).sum()
}

impl Puzzle {
    /// The natural logarithm of a lower bound on the positions the moves reach: the
    /// group order over the most that can fix the colours (see the module docs).
    pub fn log_size_at_least(&self) -> f64 {
        let gens: Vec<Perm> = self.moves.iter().map(|m| m.perm.clone()).collect();
        let fixing = self.log_fixing_by_stickers();
        let fixing = match pieces::find(self) {
            Ok(found) => fixing.min(self.log_fixing_by_pieces(&found)),
            Err(_) => fixing,
        };
        (log_order_at_least(&gens) - fixing).max(0.0)
    }

    /// `ln` of the most elements that can fix the colours, sticker by sticker: the
    /// stickers of one colour in one orbit of stickers exchanged every way.
    fn log_fixing_by_stickers(&self) -> f64 {
        let n = self.stickers();
        let mut orbit = self.sticker_orbits();
        let mut alike: AHashMap<(usize, u8), usize> = AHashMap::default();
        for i in 0..n {
            let r = root(&mut orbit, i);
            *alike.entry((r, self.solved[i])).or_default() += 1;
        }
        alike.values().map(|&k| ln_factorial(k)).sum()
    }

    /// The same by pieces, where the moves carry pieces onto pieces: an element that
    /// fixes the colours carries each piece onto one that looks the same turned, and
    /// one that keeps every piece in place turns each only in ways that keep its
    /// look. On the cube both are 1: every position is a group element.
    fn log_fixing_by_pieces(&self, found: &Pieces) -> f64 {
        let mut total = 0.0;
        for orbit in &found.orbits {
            let mut classes: AHashMap<Vec<u8>, usize> = AHashMap::default();
            for piece in &orbit.pieces {
                let look: Vec<u8> = piece.iter().map(|&s| self.solved[s as usize]).collect();
                let turned: Vec<Vec<u8>> = orbit
                    .twists
                    .iter()
                    .map(|g| g.iter().map(|&s| look[s as usize]).collect())
                    .collect();
                let keeping = turned.iter().filter(|t| **t == look).count();
                total += (keeping as f64).ln();
                let class = turned.into_iter().min().expect("the identity turn");
                *classes.entry(class).or_default() += 1;
            }
            total += classes.values().map(|&k| ln_factorial(k)).sum::<f64>();
        }
        total
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cycle(n: usize, k: usize) -> Perm {
        (0..n).map(|i| ((i + k) % n) as Sticker).collect()
    }

    #[test]
    fn orders_of_known_groups() {
        let close = |ln: f64, order: f64| (ln - order.ln()).abs() < 1e-9;
        // A 5-cycle and a swap: all 120 orders.
        let mut swap: Perm = (0..5).collect();
        swap.swap(0, 1);
        assert!(close(log_order_at_least(&[cycle(5, 1), swap]), 120.0));
        // A 5-cycle and a 3-cycle: the even orders only.
        assert!(close(
            log_order_at_least(&[cycle(5, 1), vec![1, 2, 0, 3, 4]]),
            60.0
        ));
        // One 7-cycle.
        assert!(close(log_order_at_least(&[cycle(7, 1)]), 7.0));
        // Nothing moves.
        assert_eq!(log_order_at_least(&[(0..4).collect()]), 0.0);
    }

    #[test]
    fn the_cubes_group_and_positions() {
        let golf = Puzzle::load("pocket-golf").unwrap();
        // The corners of the cube with one held: 7! 3^6 = 3,674,160, and every
        // corner shows its colours, so that many positions.
        assert!((golf.log_size_at_least() - 3_674_160f64.ln()).abs() < 1e-6);
        // Every built-in: at most its positions.
        for (name, total) in [("2x2x1", 24.0), ("pocket-21", 3_674_160.0)] {
            let p = Puzzle::load(name).unwrap();
            let ln = p.log_size_at_least();
            assert!(ln <= f64::ln(total) + 1e-9, "{name}: {}", ln.exp());
        }
    }
}
