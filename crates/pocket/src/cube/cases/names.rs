//! The names cubers give cases: the OLL family by the U corners' twists, or for an
//! oriented U layer the order of each layer's corners.

use super::CaseSet;
use crate::model::moves::Alg;
use crate::model::pieces::Cube;

/// The twists of the U corners, read around the layer (URF, UFL, ULB, UBR), as the
/// least of their four rotations.
pub(super) fn twist_pattern(c: &Cube) -> [u8; 4] {
    let t = c.twist();
    (0..4)
        .map(|r| [t[r], t[(r + 1) % 4], t[(r + 2) % 4], t[(r + 3) % 4]])
        .min()
        .unwrap_or_default()
}

/// The OLL cases by the algorithm that solves each (its inverse makes the case).
pub(super) const OLL_NAMES: [(&str, &str); 7] = [
    ("Sune", "R U R' U R U2 R'"),
    ("Antisune", "R U2 R' U' R U' R'"),
    ("H", "R2 U2 R U2 R2"),
    ("Pi", "R U2 R2 U' R2 U' R2 U2 R"),
    ("U", "F R U R' U' F'"),
    ("T", "R U R' U' R' F R F'"),
    ("L", "F R U' R' U' R U R' F'"),
];

/// The OLL case's name of a U twist pattern.
fn oll_name(pattern: [u8; 4]) -> Option<&'static str> {
    OLL_NAMES.iter().find_map(|&(name, alg)| {
        let alg: Alg = alg.parse().ok()?;
        (twist_pattern(&Cube::SOLVED.apply_alg(&alg.inverse())) == pattern).then_some(name)
    })
}

/// How a case is named: its OLL family (numbered within it), or for an oriented U
/// layer the order of each layer.
pub(super) struct Family {
    pub(super) name: String,
    pub(super) oriented: bool,
}

pub(super) fn family_name(set: CaseSet, c: &Cube) -> Family {
    let pattern = twist_pattern(c);
    if pattern != [0; 4] {
        let name = oll_name(pattern).unwrap_or("OLL");
        return Family {
            name: name.to_string(),
            oriented: false,
        };
    }
    let perm = c.perm();
    let top = ring_order([perm[0], perm[1], perm[2], perm[3]], [0, 1, 2, 3]);
    let bottom = ring_order([perm[4], perm[5], perm[6], perm[7]], [4, 5, 6, 7]);
    let name = match (set, top, bottom) {
        (CaseSet::Ortega, _, _) => "oriented".to_string(),
        (_, "solved", "solved") => "solved".to_string(),
        (CaseSet::Pbl | CaseSet::Eg1 | CaseSet::Eg2, t, b) => format!("{t}/{b}"),
        (_, t, _) => t.to_string(),
    };
    Family {
        name,
        oriented: true,
    }
}

/// The order of a layer's four corners up to turning it: "solved", "adj" (two
/// neighbours swapped) or "diag" (two opposite ones). The ring of slots in `home`
/// order; `pieces` the pieces there.
pub(super) fn ring_order(pieces: [u8; 4], home: [u8; 4]) -> &'static str {
    let at = |k: usize| home.iter().position(|&h| h == pieces[k % 4]).unwrap_or(0);
    // Each neighbouring pair of slots holds pieces that are neighbours at home, in
    // the same direction (solved) or all reversed (a reflection: a diagonal swap).
    let step = |k: usize| (at(k + 1) + 4 - at(k)) % 4;
    match (0..4).map(step).collect::<Vec<_>>().as_slice() {
        [1, 1, 1, 1] => "solved",
        [3, 3, 3, 3] => "diag",
        _ => "adj",
    }
}

/// Where a family sorts: the OLL order, then the oriented cases.
pub(super) fn family_rank(set: CaseSet, c: &Cube) -> usize {
    let family = family_name(set, c);
    OLL_NAMES
        .iter()
        .position(|&(n, _)| n == family.name)
        .unwrap_or(OLL_NAMES.len() + usize::from(family.name != "solved"))
}
