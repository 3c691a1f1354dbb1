//! The cube's symmetries that the search uses: the 16 that keep the U-D axis (four
//! turns about it, a half turn about F-B, a mirror in the plane between L and R,
//! and their products), by which the edge table is reduced, and the third of a turn
//! about the URF-DBL diagonal, which looks at a cube from its R-L and F-B axes.

use super::cubie::{Cubies, MOVES, SOLVED, moves};

/// The symmetries that keep the U-D axis.
pub const UD_KEEPING: usize = 16;

const URF3: Cubies = Cubies {
    cp: [0, 4, 5, 1, 3, 7, 6, 2],
    co: [1, 2, 1, 2, 2, 1, 2, 1],
    ep: [1, 8, 5, 9, 3, 11, 7, 10, 0, 4, 6, 2],
    eo: [1, 0, 1, 0, 1, 0, 1, 0, 1, 1, 1, 1],
};
const F2: Cubies = Cubies {
    cp: [5, 4, 7, 6, 1, 0, 3, 2],
    co: [0; 8],
    ep: [6, 5, 4, 7, 2, 1, 0, 3, 9, 8, 11, 10],
    eo: [0; 12],
};
const U4: Cubies = Cubies {
    cp: [3, 0, 1, 2, 7, 4, 5, 6],
    co: [0; 8],
    ep: [3, 0, 1, 2, 7, 4, 5, 6, 11, 8, 9, 10],
    eo: [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1],
};
const LR2: Cubies = Cubies {
    cp: [1, 0, 3, 2, 5, 4, 7, 6],
    co: [3; 8],
    ep: [2, 1, 0, 3, 6, 5, 4, 7, 9, 8, 11, 10],
    eo: [0; 12],
};

/// The symmetries in use, each with its inverse.
pub struct Symmetries {
    /// `ud[s]` and its inverse, `s` = 8 f + 2 u + m: `f` half turns about F-B,
    /// `u` quarter turns about U-D, `m` mirrors.
    pub ud: [(Cubies, Cubies); UD_KEEPING],
    /// The diagonal third turn, and its inverse.
    pub urf3: (Cubies, Cubies),
    /// `axis_moves[k][m]`: move `m` seen after `k` diagonal third turns.
    pub axis_moves: [[u8; MOVES]; 3],
}

impl Symmetries {
    pub fn new() -> Symmetries {
        let ud: [(Cubies, Cubies); UD_KEEPING] = std::array::from_fn(|s| {
            let (f, u, m) = (s / 8, s / 2 % 4, s % 2);
            let mut c = SOLVED;
            for (times, basic) in [(f, &F2), (u, &U4), (m, &LR2)] {
                for _ in 0..times {
                    c = c.then(basic);
                }
            }
            (c, c.inverse())
        });
        let urf3 = (URF3, URF3.inverse());
        let twice = URF3.then(&URF3);
        let axis_moves = [
            seen_after(&(SOLVED, SOLVED)),
            seen_after(&urf3),
            seen_after(&(twice, twice.inverse())),
        ];
        Symmetries {
            ud,
            urf3,
            axis_moves,
        }
    }
}

/// Each move `m` as `s m s⁻¹`, which is another face move.
fn seen_after((s, s_inverse): &(Cubies, Cubies)) -> [u8; MOVES] {
    let all = moves();
    std::array::from_fn(|m| {
        let seen = all[m].conjugate(s, s_inverse);
        all.iter()
            .position(|c| *c == seen)
            .expect("a symmetry maps face moves to face moves") as u8
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn symmetries_are_distinct_and_map_moves_to_moves() {
        let s = Symmetries::new();
        for i in 0..UD_KEEPING {
            assert_eq!(s.ud[i].0.then(&s.ud[i].1), SOLVED);
            for j in 0..i {
                assert_ne!(s.ud[i].0, s.ud[j].0, "{i} {j}");
            }
            // The U-D axis is kept: U and D moves stay U and D moves.
            let seen = seen_after(&s.ud[i]);
            for m in [0, 1, 2, 9, 10, 11] {
                assert!([0, 3].contains(&(seen[m] / 3)), "{i} {m}");
            }
        }
        let three = (0..3).fold(SOLVED, |c, _| c.then(&URF3));
        assert_eq!(three, SOLVED);
        // Seen after one and two third turns, a U move is on each of the other axes.
        let axes: Vec<u8> = (0..3).map(|k| s.axis_moves[k][0] / 3 % 3).collect();
        assert_eq!(axes[0], 0);
        assert!(
            axes[1] != 0 && axes[2] != 0 && axes[1] != axes[2],
            "{axes:?}"
        );
    }
}
