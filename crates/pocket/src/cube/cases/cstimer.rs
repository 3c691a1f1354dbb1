//! csTimer's names for the cases of its 2x2 trainers (CLL and EG as `H-1` .. `aS-6`,
//! TCLL as `Hammer-1` .. `Gun-6`), so a cuber who drills there finds the same case
//! here. csTimer gives each case as the U corners' places and twists in its own cubie
//! model (cs0x7f/cstimer, src/js/scramble/2x2x2.js, as of commit 13babe2); pocket
//! draws that state and finds it among its own cases, so the names are never copied
//! case by case.

use super::CaseSet;
use crate::model::notation::WcaSequence;
use crate::model::pieces::Cube;
use crate::model::stickers::Stickers;

/// A case as csTimer lists it: places, twists, weight, name.
type Named = (u16, u16, u8, &'static str);

/// csTimer's CLL cases (also its EG-1 and EG-2 cases, over another bottom layer): the
/// U corners' places and twists, four hex digits each (slot 0 in the lowest), how
/// often csTimer draws it (1, 2 or 4: a case with symmetry is fewer positions), and
/// the name. csTimer leaves out the oriented cases (its O set).
pub(super) const CLL: [Named; 40] = [
    (0x3210, 0x1221, 2, "H-1"),
    (0x3120, 0x1221, 2, "H-2"),
    (0x2310, 0x1221, 4, "H-3"),
    (0x3012, 0x1221, 4, "H-4"),
    (0x0312, 0x0210, 4, "L-1"),
    (0x2310, 0x0210, 4, "L-2"),
    (0x0213, 0x0210, 4, "L-3"),
    (0x3210, 0x0210, 4, "L-4"),
    (0x2013, 0x0210, 4, "L-5"),
    (0x3012, 0x0210, 4, "L-6"),
    (0x3210, 0x1212, 4, "Pi-1"),
    (0x0213, 0x1212, 4, "Pi-2"),
    (0x2310, 0x1212, 4, "Pi-3"),
    (0x2013, 0x1212, 4, "Pi-4"),
    (0x3012, 0x1212, 4, "Pi-5"),
    (0x0312, 0x1212, 4, "Pi-6"),
    (0x3210, 0x2220, 4, "S-1"),
    (0x0213, 0x2220, 4, "S-2"),
    (0x0312, 0x2220, 4, "S-3"),
    (0x3012, 0x2220, 4, "S-4"),
    (0x2013, 0x2220, 4, "S-5"),
    (0x2310, 0x2220, 4, "S-6"),
    (0x2310, 0x1020, 4, "T-1"),
    (0x2013, 0x1020, 4, "T-2"),
    (0x0213, 0x1020, 4, "T-3"),
    (0x3210, 0x1020, 4, "T-4"),
    (0x3012, 0x1020, 4, "T-5"),
    (0x0312, 0x1020, 4, "T-6"),
    (0x0213, 0x2010, 4, "U-1"),
    (0x3210, 0x2010, 4, "U-2"),
    (0x0312, 0x2010, 4, "U-3"),
    (0x3012, 0x2010, 4, "U-4"),
    (0x2310, 0x2010, 4, "U-5"),
    (0x2013, 0x2010, 4, "U-6"),
    (0x3210, 0x1011, 4, "aS-1"),
    (0x0213, 0x1011, 4, "aS-2"),
    (0x0312, 0x1011, 4, "aS-3"),
    (0x3012, 0x1011, 4, "aS-4"),
    (0x2310, 0x1011, 4, "aS-5"),
    (0x2013, 0x1011, 4, "aS-6"),
];

/// csTimer's TCLL+ cases: its front-right D corner twisted as pocket's `tcll+` twists
/// the front-left one.
const TCLL_PLUS: [Named; 43] = [
    (0x0123, 0x0221, 4, "Hammer-1"),
    (0x3021, 0x0221, 4, "Hammer-2"),
    (0x0132, 0x0221, 4, "Hammer-3"),
    (0x0231, 0x0221, 4, "Hammer-4"),
    (0x0321, 0x0221, 4, "Hammer-5"),
    (0x2301, 0x0221, 4, "Hammer-6"),
    (0x0123, 0x1022, 4, "Spaceship-1"),
    (0x2301, 0x1022, 4, "Spaceship-2"),
    (0x1320, 0x1022, 4, "Spaceship-3"),
    (0x3021, 0x1022, 4, "Spaceship-4"),
    (0x3012, 0x1022, 4, "Spaceship-5"),
    (0x0231, 0x1022, 4, "Spaceship-6"),
    (0x2031, 0x0002, 4, "Stollery-1"),
    (0x3120, 0x0002, 4, "Stollery-2"),
    (0x3201, 0x0002, 4, "Stollery-3"),
    (0x2103, 0x0002, 4, "Stollery-4"),
    (0x0231, 0x0002, 4, "Stollery-5"),
    (0x2130, 0x0002, 4, "Stollery-6"),
    (0x0123, 0x2222, 1, "Pinwheel-1"),
    (0x1032, 0x2222, 1, "Pinwheel-2"),
    (0x3201, 0x2222, 4, "Pinwheel-3"),
    (0x2031, 0x0110, 2, "2Face-1"),
    (0x3102, 0x0110, 4, "2Face-2"),
    (0x0213, 0x0110, 2, "2Face-3"),
    (0x3021, 0x0110, 4, "2Face-4"),
    (0x1302, 0x0122, 4, "Turtle-1"),
    (0x1032, 0x0122, 4, "Turtle-2"),
    (0x3201, 0x0122, 4, "Turtle-3"),
    (0x1230, 0x0122, 4, "Turtle-4"),
    (0x2310, 0x0122, 4, "Turtle-5"),
    (0x0321, 0x0122, 4, "Turtle-6"),
    (0x3210, 0x1112, 4, "Pinwheel Poser-1"),
    (0x3120, 0x1112, 4, "Pinwheel Poser-2"),
    (0x3201, 0x1112, 4, "Pinwheel Poser-3"),
    (0x2103, 0x1112, 4, "Pinwheel Poser-4"),
    (0x2310, 0x1112, 4, "Pinwheel Poser-5"),
    (0x2130, 0x1112, 4, "Pinwheel Poser-6"),
    (0x2031, 0x0011, 4, "Gun-1"),
    (0x1032, 0x0011, 4, "Gun-2"),
    (0x0132, 0x0011, 4, "Gun-3"),
    (0x3021, 0x0011, 4, "Gun-4"),
    (0x2310, 0x0011, 4, "Gun-5"),
    (0x2130, 0x0011, 4, "Gun-6"),
];

/// csTimer's TCLL- cases: that corner twisted the other way.
const TCLL_MINUS: [Named; 43] = [
    (0x1302, 0x1201, 4, "Hammer-1"),
    (0x3021, 0x1201, 4, "Hammer-2"),
    (0x2310, 0x1201, 4, "Hammer-3"),
    (0x3201, 0x1201, 4, "Hammer-4"),
    (0x1203, 0x1201, 4, "Hammer-5"),
    (0x3120, 0x1201, 4, "Hammer-6"),
    (0x0123, 0x1012, 4, "Spaceship-1"),
    (0x1032, 0x1012, 4, "Spaceship-2"),
    (0x0312, 0x1012, 4, "Spaceship-3"),
    (0x3201, 0x1012, 4, "Spaceship-4"),
    (0x1023, 0x1012, 4, "Spaceship-5"),
    (0x2130, 0x1012, 4, "Spaceship-6"),
    (0x0123, 0x0001, 4, "Stollery-1"),
    (0x3120, 0x0001, 4, "Stollery-2"),
    (0x0132, 0x0001, 4, "Stollery-3"),
    (0x2103, 0x0001, 4, "Stollery-4"),
    (0x3102, 0x0001, 4, "Stollery-5"),
    (0x1203, 0x0001, 4, "Stollery-6"),
    (0x0123, 0x1111, 1, "Pinwheel-1"),
    (0x1032, 0x1111, 1, "Pinwheel-2"),
    (0x1320, 0x1111, 4, "Pinwheel-3"),
    (0x2031, 0x2002, 2, "2Face-1"),
    (0x0132, 0x2002, 4, "2Face-2"),
    (0x1032, 0x2002, 2, "2Face-3"),
    (0x3021, 0x2002, 4, "2Face-4"),
    (0x2031, 0x1102, 4, "Turtle-1"),
    (0x3120, 0x1102, 4, "Turtle-2"),
    (0x1023, 0x1102, 4, "Turtle-3"),
    (0x3021, 0x1102, 4, "Turtle-4"),
    (0x0132, 0x1102, 4, "Turtle-5"),
    (0x1203, 0x1102, 4, "Turtle-6"),
    (0x1302, 0x2122, 4, "Pinwheel Poser-1"),
    (0x0213, 0x2122, 4, "Pinwheel Poser-2"),
    (0x2013, 0x2122, 4, "Pinwheel Poser-3"),
    (0x0312, 0x2122, 4, "Pinwheel Poser-4"),
    (0x2310, 0x2122, 4, "Pinwheel Poser-5"),
    (0x0321, 0x2122, 4, "Pinwheel Poser-6"),
    (0x0123, 0x0022, 4, "Gun-1"),
    (0x1032, 0x0022, 4, "Gun-2"),
    (0x0132, 0x0022, 4, "Gun-3"),
    (0x2310, 0x0022, 4, "Gun-4"),
    (0x0312, 0x0022, 4, "Gun-5"),
    (0x2130, 0x0022, 4, "Gun-6"),
];

/// csTimer's seven moving corners (UFR, UBR, UFL, UBL, DFR, DBR, DFL), each as its
/// three stickers in csTimer's numbering (faces U R F D L B, four stickers each, read
/// row by row), the first on the U or D face, then clockwise.
const CORNER_STICKERS: [[usize; 3]; 7] = [
    [3, 4, 9],
    [1, 20, 5],
    [2, 8, 17],
    [0, 16, 21],
    [13, 11, 6],
    [15, 7, 22],
    [12, 19, 10],
];

/// Where each of csTimer's stickers is in pocket's net (A..X).
const TO_POCKET: [usize; 24] = [
    0, 1, 2, 3, 8, 9, 16, 17, 6, 7, 14, 15, 20, 21, 22, 23, 4, 5, 12, 13, 10, 11, 18, 19,
];

/// The state csTimer means by a case: the U corners as the case says, the D corners
/// in `bottom`'s places with `bottom_twist` (csTimer's slots 4, 5, 6), then the whole
/// cube turned by `rotation` so that pocket's set holds it.
pub(super) fn cstimer_state(
    case: (u16, u16),
    bottom: [u8; 3],
    bottom_twist: [u8; 3],
    rotation: &str,
) -> Cube {
    let nibble = |x: u16, i: usize| ((x >> (4 * i)) & 0xf) as usize;
    let mut place = [0usize; 7];
    let mut twist = [0usize; 7];
    for i in 0..4 {
        place[i] = nibble(case.0, i);
        twist[i] = nibble(case.1, i);
    }
    for i in 0..3 {
        place[4 + i] = usize::from(bottom[i]);
        twist[4 + i] = usize::from(bottom_twist[i]);
    }
    // A sticker's colour is its face; the down-back-left corner never moves.
    let mut face: [usize; 24] = std::array::from_fn(|s| s / 4);
    for slot in 0..7 {
        for j in 0..3 {
            let to = CORNER_STICKERS[slot][(j + twist[slot]) % 3];
            face[to] = CORNER_STICKERS[place[slot]][j] / 4;
        }
    }
    let mut net = [0u8; 24];
    for (s, &f) in face.iter().enumerate() {
        net[TO_POCKET[s]] = b"URFDLB"[f];
    }
    let stickers = Stickers(net);
    let turned = match rotation {
        "" => stickers,
        r => r
            .parse::<WcaSequence>()
            .expect("a fixed rotation")
            .apply(&stickers),
    };
    turned.to_cube().expect("csTimer's cases are cube states")
}

/// A state of each case csTimer names in `set`, with its weight and name; empty for
/// the sets csTimer's 2x2 trainers do not have (Ortega, PBL).
pub(super) fn cstimer_cases(set: CaseSet) -> Vec<(Cube, u8, &'static str)> {
    // The D corners' places: solved, one adjacent swap (front), the diagonal swap.
    let (cases, bottom, twist, rotation): (&[Named], _, _, _) = match set {
        CaseSet::Cll => (&CLL, [4, 5, 6], [0; 3], ""),
        CaseSet::Eg1 => (&CLL, [6, 5, 4], [0; 3], ""),
        CaseSet::Eg2 => (&CLL, [4, 6, 5], [0; 3], ""),
        // csTimer twists the front-right corner, pocket the front-left one: a y
        // turn takes one to the other, and AUFs make it the same case.
        CaseSet::TcllPlus => (&TCLL_PLUS, [4, 5, 6], [1, 0, 0], "y"),
        CaseSet::TcllMinus => (&TCLL_MINUS, [4, 5, 6], [2, 0, 0], "y"),
        CaseSet::Ortega | CaseSet::Pbl => return Vec::new(),
    };
    cases
        .iter()
        .map(|&(place, twists, weight, name)| {
            let cube = cstimer_state((place, twists), bottom, twist, rotation);
            (cube, weight, name)
        })
        .collect()
}
