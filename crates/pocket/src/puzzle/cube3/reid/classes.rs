//! The edges' part of the table, reduced by the 16 symmetries that keep the U-D axis:
//! a flip and a middle-layer coordinate (`slice * FLIPS + flip`, the "raw" edge
//! coordinate) is one of about a sixteenth as many classes, each named by its
//! smallest member (Reid's and Kociemba's reduction).

use super::coord::{FLIPS, SLICES, flip, set_flip, set_slice, slice};
use super::cubie::SOLVED;
use super::symmetry::{Symmetries, UD_KEEPING};

/// Whether the table knows the middle-layer edges' order (24 times the classes,
/// and a stronger bound) or only their places.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Slice {
    /// Where the four middle-layer edges are, and in which order: Kociemba's larger
    /// table (1,523,864 classes).
    Ordered,
    /// Only which four places they are in: Reid's table (64,430 classes).
    Places,
}

impl Slice {
    /// What the slice coordinate is divided by in this table.
    pub fn divisor(self) -> usize {
        match self {
            Slice::Ordered => 1,
            Slice::Places => 24,
        }
    }

    pub fn count(self) -> usize {
        SLICES / self.divisor()
    }

    /// The classes of this table's raw edge coordinates.
    pub fn classes(self) -> usize {
        match self {
            Slice::Ordered => 1_523_864,
            Slice::Places => 64_430,
        }
    }
}

/// Each raw edge coordinate's class and the symmetry that takes it to its class's
/// representative.
pub struct Classes {
    pub slice: Slice,
    /// `of[raw]`: class `<< 4 |` symmetry `s`, with `s raw s⁻¹` the representative.
    pub of: Vec<u32>,
    /// Each class's representative (a raw coordinate).
    pub representative: Vec<u32>,
    /// Each class's symmetries that leave its representative as it is (bit `s`).
    pub stabiliser: Vec<u16>,
}

const UNSET: u32 = u32::MAX;

impl Classes {
    pub fn new(slice_kind: Slice, symmetries: &Symmetries) -> Classes {
        let raws = slice_kind.count() * FLIPS;
        let mut of = super::memory::vec_of(raws, || UNSET);
        let (mut representative, mut stabiliser) = (Vec::new(), Vec::new());
        for raw in 0..raws {
            if of[raw] != UNSET {
                continue;
            }
            let class = representative.len() as u32;
            representative.push(raw as u32);
            let mut c = SOLVED;
            set_slice(&mut c, raw / FLIPS * slice_kind.divisor());
            set_flip(&mut c, raw % FLIPS);
            let mut kept = 0u16;
            for (s, (sym, inverse)) in symmetries.ud.iter().enumerate() {
                // `raw` is s seen · seen · s⁻¹, so `seen` is s⁻¹ · raw · s.
                let seen = c.conjugate(inverse, sym);
                let seen = slice(&seen) / slice_kind.divisor() * FLIPS + flip(&seen);
                if seen == raw {
                    kept |= 1 << s;
                }
                if of[seen] == UNSET {
                    of[seen] = class << 4 | s as u32;
                }
            }
            stabiliser.push(kept);
        }
        debug_assert!(symmetries.ud.len() == UD_KEEPING);
        Classes {
            slice: slice_kind,
            of,
            representative,
            stabiliser,
        }
    }

    pub fn len(&self) -> usize {
        self.representative.len()
    }

    /// Bytes these tables take.
    pub fn bytes(slice: Slice) -> u64 {
        (slice.count() * FLIPS * 4 + slice.classes() * 6) as u64
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reids_table_has_its_known_number_of_classes() {
        let classes = Classes::new(Slice::Places, &Symmetries::new());
        assert_eq!(classes.len(), Slice::Places.classes());
        assert_eq!(classes.of[0], 0);
        assert_eq!(classes.stabiliser[0], u16::MAX);
    }
}
