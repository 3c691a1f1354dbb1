//! Where each sticker sits in space, and the sticker permutation of any face turn or
//! whole-cube rotation, derived by rotating vectors. The hand-written tables of
//! [`crate::model::pieces::STICKER_MOVES`] are checked against these in the tests.

use crate::model::pieces::STICKERS;

pub(crate) type V = [i8; 3];

/// Each sticker of the net: the corner it belongs to (coordinates ±1, x right,
/// y up, z front) and the outward normal of its face.
const PLACES: [(V, V); STICKERS] = {
    const UP: V = [0, 1, 0];
    const LEFT: V = [-1, 0, 0];
    const FRONT: V = [0, 0, 1];
    const RIGHT: V = [1, 0, 0];
    const BACK: V = [0, 0, -1];
    const DOWN: V = [0, -1, 0];
    [
        ([-1, 1, -1], UP),    // A
        ([1, 1, -1], UP),     // B
        ([-1, 1, 1], UP),     // C
        ([1, 1, 1], UP),      // D
        ([-1, 1, -1], LEFT),  // E
        ([-1, 1, 1], LEFT),   // F
        ([-1, 1, 1], FRONT),  // G
        ([1, 1, 1], FRONT),   // H
        ([1, 1, 1], RIGHT),   // I
        ([1, 1, -1], RIGHT),  // J
        ([1, 1, -1], BACK),   // K
        ([-1, 1, -1], BACK),  // L
        ([-1, -1, -1], LEFT), // M
        ([-1, -1, 1], LEFT),  // N
        ([-1, -1, 1], FRONT), // O
        ([1, -1, 1], FRONT),  // P
        ([1, -1, 1], RIGHT),  // Q
        ([1, -1, -1], RIGHT), // R
        ([1, -1, -1], BACK),  // S
        ([-1, -1, -1], BACK), // T
        ([-1, -1, 1], DOWN),  // U
        ([1, -1, 1], DOWN),   // V
        ([-1, -1, -1], DOWN), // W
        ([1, -1, -1], DOWN),  // X
    ]
};

/// Outward axis of each face, in the order U L F R B D.
pub const FACE_AXES: [V; 6] = [
    [0, 1, 0],
    [-1, 0, 0],
    [0, 0, 1],
    [1, 0, 0],
    [0, 0, -1],
    [0, -1, 0],
];

pub(crate) fn dot(a: V, b: V) -> i8 {
    a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
}

/// A quarter turn clockwise as seen looking at the axis from outside: v' = -(k x v) + k (k . v).
pub(crate) fn quarter(k: V, v: V) -> V {
    let cross = [
        k[1] * v[2] - k[2] * v[1],
        k[2] * v[0] - k[0] * v[2],
        k[0] * v[1] - k[1] * v[0],
    ];
    let d = dot(k, v);
    [
        k[0] * d - cross[0],
        k[1] * d - cross[1],
        k[2] * d - cross[2],
    ]
}

/// The sticker permutation of a clockwise quarter turn about `axis`: of the layer on
/// that side only (a face turn), or of the whole cube (a rotation). After it, position
/// `i` holds the sticker that was at `p[i]`.
pub fn quarter_turn(axis: V, whole_cube: bool) -> [u8; STICKERS] {
    let mut p: [u8; STICKERS] = std::array::from_fn(|i| i as u8);
    for (j, &(corner, normal)) in PLACES.iter().enumerate() {
        if whole_cube || dot(corner, axis) > 0 {
            let moved = (quarter(axis, corner), quarter(axis, normal));
            let i = PLACES
                .iter()
                .position(|&place| place == moved)
                .expect("stickers map to stickers");
            p[i] = j as u8;
        }
    }
    p
}

/// A symmetry of the cube as a signed permutation matrix: row `r` has its one
/// nonzero entry, ±1, in column `m[r].0` with sign `m[r].1`.
pub type Matrix = [(usize, i8); 3];

/// The 48 symmetries of the cube, rotations and reflections (every signed
/// permutation of the axes: 3! orders times 2^3 signs), the identity first.
pub fn symmetry_matrices() -> Vec<Matrix> {
    const ORDERS: [[usize; 3]; 6] = [
        [0, 1, 2],
        [0, 2, 1],
        [1, 0, 2],
        [1, 2, 0],
        [2, 0, 1],
        [2, 1, 0],
    ];
    let mut out = Vec::with_capacity(48); // 3! * 2^3
    for order in ORDERS {
        for signs in 0..8u8 {
            let sign = |r: usize| if signs >> r & 1 == 0 { 1 } else { -1 };
            out.push([
                (order[0], sign(0)),
                (order[1], sign(1)),
                (order[2], sign(2)),
            ]);
        }
    }
    out
}

fn times(m: &Matrix, v: V) -> V {
    [m[0].1 * v[m[0].0], m[1].1 * v[m[1].0], m[2].1 * v[m[2].0]]
}

/// Whether a symmetry reverses handedness (a reflection, determinant -1).
pub fn is_reflection(m: &Matrix) -> bool {
    let sign: i8 = m.iter().map(|&(_, s)| s).product();
    // The parity of the axis order: odd orders swap handedness once more.
    let odd = (m[0].0 > m[1].0) as u8 + (m[0].0 > m[2].0) as u8 + (m[1].0 > m[2].0) as u8;
    (sign < 0) != (odd % 2 == 1)
}

/// Where a symmetry sends each sticker position (`to[j]` is the image of `j`), and
/// each face (`faces[f]`, in the order U L F R B D).
pub fn symmetry_images(m: &Matrix) -> ([u8; STICKERS], [u8; 6]) {
    let mut to = [0u8; STICKERS];
    for (j, &(corner, normal)) in PLACES.iter().enumerate() {
        let image = (times(m, corner), times(m, normal));
        to[j] = PLACES
            .iter()
            .position(|&p| p == image)
            .expect("a symmetry maps stickers to stickers") as u8;
    }
    let faces = FACE_AXES.map(|a| {
        let image = times(m, a);
        FACE_AXES
            .iter()
            .position(|&b| b == image)
            .expect("a symmetry maps faces to faces") as u8
    });
    (to, faces)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::pieces::STICKER_MOVES;

    #[test]
    fn forty_eight_symmetries_half_of_them_reflections() {
        let all = symmetry_matrices();
        assert_eq!(all.len(), 48);
        assert_eq!(all.iter().filter(|m| is_reflection(m)).count(), 24);
        assert!(!is_reflection(&all[0]));
        let mut images: Vec<_> = all.iter().map(symmetry_images).collect();
        images.sort();
        images.dedup();
        assert_eq!(images.len(), 48, "distinct on the stickers");
        // A quarter turn of the whole cube is a rotation among them.
        let x = quarter_turn(FACE_AXES[3], true);
        assert!(all.iter().any(|m| {
            let (to, _) = symmetry_images(m);
            (0..STICKERS).all(|j| x[to[j] as usize] == j as u8) && !is_reflection(m)
        }));
    }

    #[test]
    fn hand_tables_match_geometry() {
        // R, U, F in the order of STICKER_MOVES.
        assert_eq!(quarter_turn(FACE_AXES[3], false), STICKER_MOVES[0]);
        assert_eq!(quarter_turn(FACE_AXES[0], false), STICKER_MOVES[1]);
        assert_eq!(quarter_turn(FACE_AXES[2], false), STICKER_MOVES[2]);
    }

    #[test]
    fn rotation_is_a_turn_and_the_opposite_inverse() {
        // x = R L'; L' is three quarter turns of L.
        let compose = |a: &[u8; STICKERS], b: &[u8; STICKERS]| -> [u8; STICKERS] {
            std::array::from_fn(|i| a[b[i] as usize])
        };
        let r = quarter_turn(FACE_AXES[3], false);
        let l = quarter_turn(FACE_AXES[1], false);
        let l_prime = compose(&compose(&l, &l), &l);
        assert_eq!(compose(&r, &l_prime), quarter_turn(FACE_AXES[3], true));
    }
}
