//! The 3x3x3 as cubies: which corner and edge sits in each place and how it is
//! turned there, in Kociemba's names and conventions (corners URF UFL ULB UBR DFR
//! DLF DBL DRB, edges UR UF UL UB DR DF DL DB FR FL BL BR; a corner's turn counts
//! clockwise from its U or D sticker, an edge is flipped when its U/D sticker, or for
//! the middle layer its F/B sticker, is not on the U/D or F/B face).

/// Place `i` holds corner `cp[i]` turned `co[i]` (3 to 5: mirrored, for the
/// reflections among the symmetries), and edge `ep[i]` flipped `eo[i]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cubies {
    pub cp: [u8; 8],
    pub co: [u8; 8],
    pub ep: [u8; 12],
    pub eo: [u8; 12],
}

pub const SOLVED: Cubies = Cubies {
    cp: [0, 1, 2, 3, 4, 5, 6, 7],
    co: [0; 8],
    ep: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11],
    eo: [0; 12],
};

/// The six quarter turns clockwise, in the order U R F D L B.
const FACE_TURNS: [Cubies; 6] = [
    Cubies {
        cp: [3, 0, 1, 2, 4, 5, 6, 7],
        co: [0; 8],
        ep: [3, 0, 1, 2, 4, 5, 6, 7, 8, 9, 10, 11],
        eo: [0; 12],
    },
    Cubies {
        cp: [4, 1, 2, 0, 7, 5, 6, 3],
        co: [2, 0, 0, 1, 1, 0, 0, 2],
        ep: [8, 1, 2, 3, 11, 5, 6, 7, 4, 9, 10, 0],
        eo: [0; 12],
    },
    Cubies {
        cp: [1, 5, 2, 3, 0, 4, 6, 7],
        co: [1, 2, 0, 0, 2, 1, 0, 0],
        ep: [0, 9, 2, 3, 4, 8, 6, 7, 1, 5, 10, 11],
        eo: [0, 1, 0, 0, 0, 1, 0, 0, 1, 1, 0, 0],
    },
    Cubies {
        cp: [0, 1, 2, 3, 5, 6, 7, 4],
        co: [0; 8],
        ep: [0, 1, 2, 3, 5, 6, 7, 4, 8, 9, 10, 11],
        eo: [0; 12],
    },
    Cubies {
        cp: [0, 2, 6, 3, 4, 1, 5, 7],
        co: [0, 1, 2, 0, 0, 2, 1, 0],
        ep: [0, 1, 10, 3, 4, 5, 9, 7, 8, 2, 6, 11],
        eo: [0; 12],
    },
    Cubies {
        cp: [0, 1, 3, 7, 4, 5, 2, 6],
        co: [0, 0, 1, 2, 0, 0, 2, 1],
        ep: [0, 1, 2, 11, 4, 5, 6, 10, 8, 9, 3, 7],
        eo: [0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 1, 1],
    },
];

/// The 18 face moves: `3 * face + k` turns face U R F D L B (in that order) `k + 1`
/// quarters clockwise.
pub const MOVES: usize = 18;

impl Cubies {
    /// `self`, then `b` done to it.
    pub fn then(&self, b: &Cubies) -> Cubies {
        let mut out = SOLVED;
        for i in 0..8 {
            let from = b.cp[i] as usize;
            out.cp[i] = self.cp[from];
            out.co[i] = turn_sum(self.co[from], b.co[i]);
        }
        for i in 0..12 {
            let from = b.ep[i] as usize;
            out.ep[i] = self.ep[from];
            out.eo[i] = (self.eo[from] + b.eo[i]) & 1;
        }
        out
    }

    /// What undoes `self`.
    pub fn inverse(&self) -> Cubies {
        let mut out = SOLVED;
        for i in 0..8 {
            let c = self.cp[i] as usize;
            out.cp[c] = i as u8;
            let o = self.co[i];
            out.co[c] = if o >= 3 { o } else { (3 - o) % 3 };
        }
        for i in 0..12 {
            let e = self.ep[i] as usize;
            out.ep[e] = i as u8;
            out.eo[e] = self.eo[i];
        }
        out
    }

    /// `s` then `self` then `s` undone: `self` as seen after the symmetry `s`.
    pub fn conjugate(&self, s: &Cubies, s_inverse: &Cubies) -> Cubies {
        s.then(self).then(s_inverse)
    }
}

/// Two corner turns added, where 3 to 5 are the turns of a mirror image: a mirrored
/// turn reverses the sense of what it meets.
fn turn_sum(a: u8, b: u8) -> u8 {
    match (a < 3, b < 3) {
        (true, true) => (a + b) % 3,
        (true, false) => 3 + (a + b) % 3,
        (false, true) => 3 + (a + 3 - b) % 3,
        (false, false) => (a + 3 - b) % 3,
    }
}

/// The 18 face moves as cubies.
pub fn moves() -> [Cubies; MOVES] {
    std::array::from_fn(|m| {
        let turn = &FACE_TURNS[m / 3];
        (0..m % 3).fold(*turn, |c, _| c.then(turn))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_face_turned_four_times_is_solved_and_inverses_undo() {
        for turn in FACE_TURNS {
            let four = (0..3).fold(turn, |c, _| c.then(&turn));
            assert_eq!(four, SOLVED);
            assert_eq!(turn.then(&turn.inverse()), SOLVED);
        }
        let m = moves();
        let seq = [0, 4, 8, 11, 13, 17, 2, 6];
        let c = seq.iter().fold(SOLVED, |c, &i| c.then(&m[i]));
        assert_eq!(c.then(&c.inverse()), SOLVED);
        assert_eq!(c.inverse().then(&c), SOLVED);
    }

    #[test]
    fn mirrored_turns_add_as_a_reflection_does() {
        for a in 0..6 {
            for b in 0..6 {
                // The sum with a mirrored turn is mirrored; undoing b recovers a.
                let s = turn_sum(a, b);
                assert_eq!(s >= 3, (a >= 3) != (b >= 3));
                let undo = if b >= 3 { b } else { (3 - b) % 3 };
                assert_eq!(turn_sum(s, undo), a, "{a} {b}");
            }
        }
    }
}
