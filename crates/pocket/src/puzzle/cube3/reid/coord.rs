//! Numbers for parts of a 3x3x3 state, and how each face move changes them:
//! the corners' turns (`twist`, 3^7), the edges' flips (`flip`, 2^11), where the four
//! middle-layer edges FR FL BL BR are and in which order (`slice`, 12·11·10·9), and
//! where the corners are (`corner_places`, 8!). Each is 0 when solved.

use super::cubie::{Cubies, MOVES, SOLVED, moves};
use super::symmetry::{Symmetries, UD_KEEPING};

pub const TWISTS: usize = 2187;
pub const FLIPS: usize = 2048;
/// The middle-layer edges' places (495 sets of four) times their orders (24).
pub const SLICES: usize = 11880;
pub const CORNER_PLACES: usize = 40320;

pub fn twist(c: &Cubies) -> usize {
    c.co[..7].iter().fold(0, |t, &o| 3 * t + o as usize)
}

pub fn set_twist(c: &mut Cubies, mut t: usize) {
    let mut sum = 0;
    for i in (0..7).rev() {
        c.co[i] = (t % 3) as u8;
        sum += c.co[i];
        t /= 3;
    }
    c.co[7] = (3 - sum % 3) % 3;
}

pub fn flip(c: &Cubies) -> usize {
    c.eo[..11].iter().fold(0, |f, &o| 2 * f + o as usize)
}

pub fn set_flip(c: &mut Cubies, mut f: usize) {
    let mut sum = 0;
    for i in (0..11).rev() {
        c.eo[i] = (f % 2) as u8;
        sum += c.eo[i];
        f /= 2;
    }
    c.eo[11] = sum % 2;
}

/// The middle-layer edges: 24 times the rank of their set of places, plus the rank
/// of their order in those places.
pub fn slice(c: &Cubies) -> usize {
    let (mut set, mut found) = (0, 0);
    let mut order = [0u8; 4];
    for j in (0..12).rev() {
        if c.ep[j] >= 8 {
            found += 1;
            set += choose(11 - j, found);
            order[4 - found] = c.ep[j] - 8;
        }
    }
    24 * set + permutation_rank(&order)
}

pub fn set_slice(c: &mut Cubies, index: usize) {
    let (mut set, order) = (index / 24, permutation_unrank::<4>(index % 24));
    let mut places = [0usize; 4];
    for k in (1..=4).rev() {
        let q = (0..12).rev().find(|&q| choose(q, k) <= set).unwrap_or(0);
        set -= choose(q, k);
        places[4 - k] = 11 - q;
    }
    places.sort_unstable();
    c.ep = [u8::MAX; 12];
    for (place, edge) in places.iter().zip(order) {
        c.ep[*place] = 8 + edge;
    }
    let mut others = 0..8;
    for e in c.ep.iter_mut().filter(|e| **e == u8::MAX) {
        *e = others.next().unwrap_or(0);
    }
}

pub fn corner_places(c: &Cubies) -> usize {
    permutation_rank(&c.cp)
}

pub fn set_corner_places(c: &mut Cubies, index: usize) {
    c.cp = permutation_unrank::<8>(index);
}

/// The binomial coefficient, 0 when `k > n`.
fn choose(n: usize, k: usize) -> usize {
    if k > n {
        return 0;
    }
    (0..k).fold(1, |acc, i| acc * (n - i) / (i + 1))
}

/// The permutation's Lehmer rank: 0 for the identity.
fn permutation_rank(p: &[u8]) -> usize {
    let n = p.len();
    (0..n).fold(0, |r, i| {
        let smaller = p[i + 1..].iter().filter(|&&x| x < p[i]).count();
        r * (n - i) + smaller
    })
}

fn permutation_unrank<const N: usize>(mut r: usize) -> [u8; N] {
    let mut digits = [0usize; N];
    for i in (0..N).rev() {
        digits[i] = r % (N - i);
        r /= N - i;
    }
    let mut left: Vec<u8> = (0..N as u8).collect();
    std::array::from_fn(|i| left.remove(digits[i]))
}

/// A coordinate's move table: `table[x][m]` is coordinate `x` after move `m`.
pub type MoveTable = Vec<[u16; MOVES]>;

fn move_table(
    size: usize,
    set: impl Fn(&mut Cubies, usize),
    get: impl Fn(&Cubies) -> usize,
) -> MoveTable {
    let all = moves();
    (0..size)
        .map(|x| {
            let mut c = SOLVED;
            set(&mut c, x);
            std::array::from_fn(|m| get(&c.then(&all[m])) as u16)
        })
        .collect()
}

/// Every coordinate's move table, and the twist seen after each symmetry that keeps
/// the U-D axis.
pub struct Coordinates {
    pub twist: MoveTable,
    pub flip: MoveTable,
    pub slice: MoveTable,
    pub corner_places: MoveTable,
    /// `twist_seen[t][s]`: the twist of `s c s⁻¹` when `c` has twist `t`.
    pub twist_seen: Vec<[u16; UD_KEEPING]>,
}

impl Coordinates {
    pub fn new(symmetries: &Symmetries) -> Coordinates {
        let twist_seen = (0..TWISTS)
            .map(|t| {
                let mut c = SOLVED;
                set_twist(&mut c, t);
                std::array::from_fn(|s| {
                    let (sym, inverse) = &symmetries.ud[s];
                    twist(&c.conjugate(sym, inverse)) as u16
                })
            })
            .collect();
        Coordinates {
            twist: move_table(TWISTS, set_twist, twist),
            flip: move_table(FLIPS, set_flip, flip),
            slice: move_table(SLICES, set_slice, slice),
            corner_places: move_table(CORNER_PLACES, set_corner_places, corner_places),
            twist_seen,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_coordinate_reads_back_what_was_set() {
        let mut c = SOLVED;
        for t in 0..TWISTS {
            set_twist(&mut c, t);
            assert_eq!(twist(&c), t);
        }
        for f in 0..FLIPS {
            set_flip(&mut c, f);
            assert_eq!(flip(&c), f);
        }
        for s in 0..SLICES {
            set_slice(&mut c, s);
            assert_eq!(slice(&c), s);
        }
        for p in (0..CORNER_PLACES).step_by(7) {
            set_corner_places(&mut c, p);
            assert_eq!(corner_places(&c), p);
        }
        assert_eq!((twist(&SOLVED), flip(&SOLVED)), (0, 0));
        assert_eq!((slice(&SOLVED), corner_places(&SOLVED)), (0, 0));
    }

    #[test]
    fn move_tables_agree_with_cubies() {
        let all = moves();
        let coords = Coordinates::new(&Symmetries::new());
        let mut c = SOLVED;
        for (i, m) in [3, 7, 12, 1, 16, 5, 9, 14, 0, 10, 8]
            .into_iter()
            .enumerate()
        {
            let before = c;
            c = c.then(&all[m]);
            assert_eq!(coords.twist[twist(&before)][m] as usize, twist(&c), "{i}");
            assert_eq!(coords.flip[flip(&before)][m] as usize, flip(&c), "{i}");
            assert_eq!(coords.slice[slice(&before)][m] as usize, slice(&c), "{i}");
            let places = corner_places(&before);
            assert_eq!(coords.corner_places[places][m] as usize, corner_places(&c));
        }
    }
}
