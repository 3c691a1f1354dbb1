//! Random-state scrambles, as the WCA scrambler makes them: a position drawn uniformly
//! from all 3,674,160, refused if it is too close to solved, then written as a move
//! sequence of a fixed length (11 by default, so the length reveals nothing).

use crate::cube::census::distance_table_for;
use crate::cube::solver::PocketSpace;
use crate::engine::layers::UNSEEN;
use crate::engine::search::Canon;
use crate::engine::walk::Walk;
use crate::model::moves::{Alg, Move};
use crate::model::pieces::{Coord, Cube, POSITIONS};

/// A small, fast generator with a stable output for a given seed (xoshiro256**),
/// so that `--seed` scrambles never change between versions.
#[derive(Clone, Debug)]
pub struct Rng([u64; 4]);

impl Rng {
    /// A generator from a 64-bit seed (expanded with SplitMix64).
    pub fn from_seed(seed: u64) -> Rng {
        let mut z = seed;
        let mut next = || {
            z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut x = z;
            x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            x ^ (x >> 31)
        };
        Rng([next(), next(), next(), next()])
    }

    /// A generator seeded from the operating system (`/dev/urandom`), or failing that
    /// from the clock and the process id.
    pub fn from_entropy() -> Rng {
        use std::io::Read;
        let mut bytes = [0u8; 8];
        let ok = std::fs::File::open("/dev/urandom")
            .and_then(|mut f| f.read_exact(&mut bytes))
            .is_ok();
        let seed = if ok {
            u64::from_le_bytes(bytes)
        } else {
            let t = std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| d.as_nanos() as u64);
            t ^ ((std::process::id() as u64) << 32)
        };
        Rng::from_seed(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        let s = &mut self.0;
        let result = s[1].wrapping_mul(5).rotate_left(7).wrapping_mul(9);
        let t = s[1] << 17;
        s[2] ^= s[0];
        s[3] ^= s[1];
        s[1] ^= s[2];
        s[0] ^= s[3];
        s[2] ^= t;
        s[3] = s[3].rotate_left(45);
        result
    }

    /// A uniform number in `0..n` (rejection sampling: no modulo bias).
    pub fn below(&mut self, n: u64) -> u64 {
        let zone = u64::MAX - u64::MAX % n;
        loop {
            let r = self.next_u64();
            if r < zone {
                return r % n;
            }
        }
    }
}

/// How long a scramble sequence is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Length {
    /// Exactly this many moves.
    Fixed(usize),
    /// The shortest sequence that makes the position.
    Optimal,
}

/// One scramble: the sequence, the position it makes, and that position's distance.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Scramble {
    pub alg: Alg,
    pub cube: Cube,
    pub distance: u32,
}

/// Positions far enough from solved but impossible to write with exactly the length
/// asked for, drawn before a scramble is given up. With all nine moves a failure needs a
/// position within 2 moves of solved: 64 of 3,674,160.
pub const MAX_DRAWS: usize = 1000;

/// Makes scrambles; holds the distance table of its moves (built once, about 0.1 s).
pub struct Scrambler {
    dist: Vec<u8>,
    space: PocketSpace,
    canon: Canon,
    /// The positions the moves reach, when they are not all of them.
    reachable: Option<Vec<u32>>,
    diameter: u32,
}

impl Default for Scrambler {
    fn default() -> Scrambler {
        Scrambler::new()
    }
}

impl Scrambler {
    /// Scrambles with all nine moves.
    pub fn new() -> Scrambler {
        Scrambler::with_moves(&Move::ALL)
    }

    /// Scrambles of the positions `moves` reach, written with those moves.
    pub fn with_moves(moves: &[Move]) -> Scrambler {
        let dist = distance_table_for(moves);
        let reachable: Vec<u32> = (0..POSITIONS)
            .filter(|&i| dist[i as usize] != UNSEEN)
            .collect();
        let diameter = reachable
            .iter()
            .map(|&i| dist[i as usize] as u32)
            .max()
            .unwrap_or(0);
        let reachable = (reachable.len() < POSITIONS as usize).then_some(reachable);
        let costed: Vec<(Move, u32)> = moves.iter().map(|&m| (m, 1)).collect();
        let space = PocketSpace::with_moves(&costed).expect("distinct moves of cost 1");
        Scrambler {
            dist,
            canon: Canon::new(&space),
            space,
            reachable,
            diameter,
        }
    }

    /// The largest distance from solved.
    pub fn diameter(&self) -> u32 {
        self.diameter
    }

    /// Draw a position uniformly among those at distance `min_distance` or more, and
    /// write it with `length` moves. A fixed length below the position's distance is
    /// raised to the distance. Returns `None` if no position is that far, or if
    /// [`MAX_DRAWS`] positions far enough cannot be written with exactly that many
    /// moves (with `R2,U2,F2` no sequence of exactly 11 moves, never turning one face
    /// twice in a row, makes any position 4 or more from solved).
    pub fn scramble(&self, rng: &mut Rng, min_distance: u32, length: Length) -> Option<Scramble> {
        if min_distance > self.diameter {
            return None;
        }
        // Only positions that cannot be written count: those too close to solved
        // are simply drawn again (some are far enough: the distance was checked).
        let mut unwritable = 0;
        loop {
            let c = match &self.reachable {
                None => Coord(rng.below(POSITIONS as u64) as u32),
                Some(r) => Coord(r[rng.below(r.len() as u64) as usize]),
            };
            let distance = self.dist[c.0 as usize] as u32;
            if distance < min_distance {
                continue;
            }
            // A sequence making the position is the inverse of a solution of it.
            let n = match length {
                Length::Optimal => distance as usize,
                Length::Fixed(n) => n.max(distance as usize),
            };
            let to_solved = |c: Coord| {
                let d = self.dist[c.index() as usize];
                (d != UNSEEN).then_some(d as u32)
            };
            let walk = Walk::new(&self.space, &self.canon, to_solved);
            let mut found = None;
            let mut visit = |p: &crate::engine::search::Moves| {
                found = Some(
                    p.iter()
                        .map(|&i| self.space.move_at(i as usize))
                        .collect::<Alg>(),
                );
                false
            };
            if length == Length::Optimal {
                walk.each(c, n as u32, None, &mut visit);
            } else {
                let mut shuffle = |tries: &mut [u8]| {
                    for i in (1..tries.len()).rev() {
                        tries.swap(i, rng.below(i as u64 + 1) as usize);
                    }
                };
                walk.each(c, n as u32, Some(&mut shuffle), &mut visit);
            }
            if let Some(path) = found {
                return Some(Scramble {
                    alg: path.inverse(),
                    cube: c.cube(),
                    distance,
                });
            }
            // No sequence of exactly that length (rare, tiny distances): draw again.
            unwritable += 1;
            if unwritable == MAX_DRAWS {
                return None;
            }
        }
    }

    /// The distance of a position with the scrambler's moves (`None`: out of reach).
    pub fn distance(&self, cube: &Cube) -> Option<u32> {
        let d = self.dist[cube.coord().0 as usize];
        (d != UNSEEN).then_some(d as u32)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seeded_generator_is_stable() {
        let mut a = Rng::from_seed(42);
        let mut b = Rng::from_seed(42);
        let xs: Vec<u64> = (0..5).map(|_| a.next_u64()).collect();
        let ys: Vec<u64> = (0..5).map(|_| b.next_u64()).collect();
        assert_eq!(xs, ys);
        assert_ne!(Rng::from_seed(43).next_u64(), xs[0]);
        let mut r = Rng::from_seed(1);
        assert!((0..1000).all(|_| r.below(7) < 7));
    }
}
