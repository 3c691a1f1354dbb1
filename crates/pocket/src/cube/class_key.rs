//! One key for a position, its inverse and their images under the 6 symmetries that
//! keep the reference corner: positions with one key have as many optimal HTM
//! solutions, so a batch counts each class once ([`crate::cube::TableSolver::count`]).
//!
//! A symmetry S that keeps the reference corner maps a position (p, t) to
//! (`perm[p]`, `shift[p]` ⊕ `twist[t]`) ([`crate::cube::symmetry`]), and a move to a
//! move (σ), so S (P m) S⁻¹ = (S P S⁻¹) σ(m). The maps are made from that rule by a
//! walk over the 5,040 permutations and the 729 twists along the move tables, with
//! twists as three bits a corner so that ⊕ is a few bit operations: made so, they
//! cost well under a millisecond, where reading each image from stickers
//! ([`crate::cube::symmetry`]'s `corner_symmetries`) took 3.1 ms.

use crate::cube::symmetry::Symmetry;
use crate::model::moves::Move;
use crate::model::pieces::{Coord, Cube, PERMS, TWISTS, tables};

/// The lowest bit of each of the six 3-bit fields of a packed twist.
const ONES: u32 = 0o111_111;

/// A twist coordinate as its six digits (lowest first, as [`add_twists`] reads
/// them), three bits each.
///
/// [`add_twists`]: crate::cube::symmetry::add_twists
fn pack(t: u32) -> u32 {
    let mut t = t;
    let mut packed = 0;
    for i in 0..6 {
        packed |= (t % 3) << (3 * i);
        t /= 3;
    }
    packed
}

/// The twist coordinate of a packed twist.
fn unpack(packed: u32) -> u32 {
    (0..6).rev().fold(0, |t, i| t * 3 + (packed >> (3 * i) & 7))
}

/// Packed twists added corner by corner, mod 3.
#[inline]
fn add(a: u32, b: u32) -> u32 {
    let s = a + b;
    let over = ((s + ONES) >> 2) & ONES; // fields of 3 or 4
    s - (over + (over << 1))
}

/// A packed twist undone corner by corner (1 and 2 swap).
#[inline]
fn negate(a: u32) -> u32 {
    ((a & ONES) << 1) | ((a >> 1) & ONES)
}

/// One symmetry's maps: permutation, its twist shift (packed) and twists (packed).
struct Maps {
    perm: Vec<u16>,
    shift: Vec<u32>,
    twist: Vec<u32>,
    /// The move each move becomes, and back.
    sigma: [u8; Move::COUNT],
    unsigma: [u8; Move::COUNT],
}

/// The inverse of each move, by index in [`Move::ALL`].
const UNDO: [u8; Move::COUNT] = [1, 0, 2, 4, 3, 5, 7, 6, 8];

/// Added to a symmetry's place for an image of the inverse.
pub(crate) const INVERSE: usize = 6;

/// The maps of the 6 symmetries that keep the reference corner.
pub(crate) struct ClassKey {
    maps: Vec<Maps>,
}

impl ClassKey {
    pub(crate) fn new() -> ClassKey {
        let t = tables();
        let moved: Vec<Cube> = Move::ALL.iter().map(|&m| Cube::SOLVED.apply(m)).collect();
        let maps = Symmetry::all()
            .into_iter()
            .filter(Symmetry::keeps_reference_corner)
            .map(|s| {
                // σ: the move each move becomes.
                let sigma: [usize; Move::COUNT] = std::array::from_fn(|m| {
                    let image = s.conjugate(&moved[m]);
                    moved.iter().position(|c| *c == image).unwrap_or(m)
                });
                // The seeds, read from stickers: the twists that one move makes.
                let image = |c: u32| s.conjugate(&Coord(c).cube()).coord().index();
                let mut twist = vec![u32::MAX; TWISTS as usize];
                twist[0] = 0;
                for m in 0..Move::COUNT {
                    let w = t.twist[0][m] as usize;
                    twist[w] = pack(image(w as u32));
                }
                // shift of the permutation one move makes: (p, 0) m = (P, T), whose
                // image is σ(m) from solved: shift[P] ⊕ twist[T] = its twist.
                let mut shift = vec![u32::MAX; PERMS as usize];
                let mut perm = vec![u16::MAX; PERMS as usize];
                perm[0] = 0;
                shift[0] = 0;
                // twist[T[w][m]] = T[twist[w]][σ m] ⊖ shift[P[0][m]]: (0, w) m.
                let first_shift: [u32; Move::COUNT] = std::array::from_fn(|m| {
                    let made = u32::from(t.twist[0][sigma[m]]);
                    add(pack(made), negate(twist[t.twist[0][m] as usize]))
                });
                // From solved and the seeds (whose neighbours are reached from them).
                let mut stack: Vec<usize> = (0..TWISTS as usize)
                    .filter(|&w| twist[w] != u32::MAX)
                    .collect();
                while let Some(w) = stack.pop() {
                    let from = unpack(twist[w]) as usize;
                    for m in 0..Move::COUNT {
                        let to = t.twist[w][m] as usize;
                        if twist[to] == u32::MAX {
                            let made = pack(u32::from(t.twist[from][sigma[m]]));
                            twist[to] = add(made, negate(first_shift[m]));
                            stack.push(to);
                        }
                    }
                }
                // perm[P[p][m]] = P[perm[p]][σ m]; shift[P[p][m]] = T[shift[p]][σ m] ⊖
                // twist[T[0][m]]: (p, 0) m.
                let mut stack = vec![0usize];
                while let Some(p) = stack.pop() {
                    let (image_p, from) = (perm[p] as usize, unpack(shift[p]) as usize);
                    for m in 0..Move::COUNT {
                        let to = t.perm[p][m] as usize;
                        if perm[to] == u16::MAX {
                            perm[to] = t.perm[image_p][sigma[m]];
                            let made = pack(u32::from(t.twist[from][sigma[m]]));
                            shift[to] = add(made, negate(twist[t.twist[0][m] as usize]));
                            stack.push(to);
                        }
                    }
                }
                let mut unsigma = [0u8; Move::COUNT];
                for (m, &n) in sigma.iter().enumerate() {
                    unsigma[n] = m as u8;
                }
                Maps {
                    perm,
                    shift,
                    twist,
                    sigma: sigma.map(|n| n as u8),
                    unsigma,
                }
            })
            .collect();
        ClassKey { maps }
    }

    /// The key of `cube`'s class: the least of the packed images of it and of its
    /// inverse.
    pub(crate) fn key(&self, cube: &Cube) -> u32 {
        self.key_with(cube).0
    }

    /// The key of `cube`'s class, and which image gave it: the symmetry's place,
    /// plus [`INVERSE`] when of the inverse.
    pub(crate) fn key_with(&self, cube: &Cube) -> (u32, usize) {
        let mut least = (u32::MAX, 0);
        for (i, c) in [cube.coord().index(), cube.inverse().coord().index()]
            .into_iter()
            .enumerate()
        {
            let (p, w) = ((c / TWISTS) as usize, (c % TWISTS) as usize);
            for (k, s) in self.maps.iter().enumerate() {
                let image = u32::from(s.perm[p]) << 18 | add(s.shift[p], s.twist[w]);
                least = least.min((image, i * INVERSE + k));
            }
        }
        least
    }

    /// A solution of a position turned into one of its `image` (from
    /// [`ClassKey::key_with`]): inverted (reversed, each move undone) if of the
    /// inverse, then each move as the symmetry makes it.
    pub(crate) fn forth(&self, image: usize, solution: &[u8]) -> [u8; 16] {
        let maps = &self.maps[image % INVERSE];
        let mut out = [0u8; 16];
        let n = solution.len();
        for (k, &m) in solution.iter().enumerate() {
            let (at, m) = match image >= INVERSE {
                true => (n - 1 - k, UNDO[m as usize]),
                false => (k, m),
            };
            out[at] = maps.sigma[m as usize];
        }
        out
    }

    /// [`ClassKey::forth`] undone: a solution of the `image` turned back into one of
    /// the position.
    pub(crate) fn back(&self, image: usize, solution: &[u8]) -> [u8; 16] {
        let maps = &self.maps[image % INVERSE];
        let mut out = [0u8; 16];
        let n = solution.len();
        for (k, &m) in solution.iter().enumerate() {
            let m = maps.unsigma[m as usize];
            match image >= INVERSE {
                true => out[n - 1 - k] = UNDO[m as usize],
                false => out[k] = m,
            }
        }
        out
    }

    /// The coordinate of `cube` under the `i`th symmetry (for tests).
    #[cfg(test)]
    fn image(&self, i: usize, c: u32) -> u32 {
        let (p, w) = ((c / TWISTS) as usize, (c % TWISTS) as usize);
        let s = &self.maps[i];
        u32::from(s.perm[p]) * TWISTS + unpack(add(s.shift[p], s.twist[w]))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cube::symmetry::{add_twists, corner_symmetries};
    use crate::model::pieces::POSITIONS;

    #[test]
    fn packed_twists_add_as_the_digits_do() {
        for a in 0..TWISTS {
            assert_eq!(unpack(pack(a)), a);
            assert_eq!(add(pack(a), negate(pack(a))), 0, "{a}");
            for b in (0..TWISTS).step_by(7) {
                let sum = add_twists(a as u16, b as u16) as u32;
                assert_eq!(unpack(add(pack(a), pack(b))), sum, "{a} {b}");
            }
        }
    }

    #[test]
    fn the_walked_maps_are_the_symmetries_read_from_stickers() {
        let keys = ClassKey::new();
        let read = corner_symmetries();
        assert_eq!(keys.maps.len(), 6);
        for (mine, theirs) in keys.maps.iter().zip(&read) {
            assert_eq!(mine.perm, theirs.perm);
            let shift: Vec<u16> = mine.shift.iter().map(|&s| unpack(s) as u16).collect();
            assert_eq!(shift, theirs.shift);
            let twist: Vec<u16> = mine.twist.iter().map(|&s| unpack(s) as u16).collect();
            assert_eq!(twist, theirs.twist);
        }
        // And the images of whole positions, read from stickers.
        for c in (0..POSITIONS).step_by(1_009) {
            for (i, s) in read.iter().enumerate() {
                let want = s.symmetry.conjugate(&Coord(c).cube()).coord().index();
                assert_eq!(keys.image(i, c), want, "{c}");
            }
        }
    }

    #[test]
    fn a_class_has_one_key() {
        let keys = ClassKey::new();
        let syms: Vec<Symmetry> = Symmetry::all()
            .into_iter()
            .filter(Symmetry::keeps_reference_corner)
            .collect();
        for c in (0..POSITIONS).step_by(4_999) {
            let cube = Coord(c).cube();
            let key = keys.key(&cube);
            for s in &syms {
                assert_eq!(keys.key(&s.conjugate(&cube)), key, "{c}");
                assert_eq!(keys.key(&s.conjugate(&cube.inverse())), key, "{c}");
            }
        }
    }
}
