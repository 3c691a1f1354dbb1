//! A 3x3x3 state as the built-in `3x3x3` writes it (54 stickers in Kociemba's
//! URFDLB order, each face read by its centre's colour) turned into cubies, with
//! every way a sticker string can fail to be a cube named.

use super::cubie::{Cubies, SOLVED};
use super::error::CubeStateError;

/// Each corner place's stickers, from its U or D sticker clockwise.
const CORNER_STICKERS: [[usize; 3]; 8] = [
    [8, 9, 20],
    [6, 18, 38],
    [0, 36, 47],
    [2, 45, 11],
    [29, 26, 15],
    [27, 44, 24],
    [33, 53, 42],
    [35, 17, 51],
];
/// Each edge place's stickers, the U/D (or F/B) one first.
const EDGE_STICKERS: [[usize; 2]; 12] = [
    [5, 10],
    [7, 19],
    [3, 37],
    [1, 46],
    [32, 16],
    [28, 25],
    [30, 43],
    [34, 52],
    [23, 12],
    [21, 41],
    [50, 39],
    [48, 14],
];
const CORNER_NAMES: [&str; 8] = ["URF", "UFL", "ULB", "UBR", "DFR", "DLF", "DBL", "DRB"];
const EDGE_NAMES: [&str; 12] = [
    "UR", "UF", "UL", "UB", "DR", "DF", "DL", "DB", "FR", "FL", "BL", "BR",
];
const FACES: &[u8; 6] = b"URFDLB";

/// The faces each piece shows, in its stickers' order.
fn piece_faces(name: &str) -> Vec<usize> {
    name.bytes()
        .map(|f| FACES.iter().position(|&g| g == f).unwrap_or(0))
        .collect()
}

/// The cubies of a 54-sticker state.
pub fn cubies(stickers: &[u8]) -> Result<Cubies, CubeStateError> {
    if stickers.len() != 54 {
        return Err(CubeStateError::Stickers(stickers.len()));
    }
    let centres: Vec<u8> = (0..6).map(|f| stickers[9 * f + 4]).collect();
    let face = |i: usize| centres.iter().position(|&c| c == stickers[i]);
    if (1..6).any(|f| centres[..f].contains(&centres[f])) {
        return Err(CubeStateError::SameCentres);
    }
    let mut c = SOLVED;
    for (place, at) in CORNER_STICKERS.iter().enumerate() {
        let faces: Option<Vec<usize>> = at.iter().map(|&i| face(i)).collect();
        let found = faces.and_then(|faces| {
            let turn = (0..3).find(|&k| faces[k] % 3 == 0)?;
            let seen = [faces[turn], faces[(turn + 1) % 3], faces[(turn + 2) % 3]];
            let corner = CORNER_NAMES.iter().position(|n| piece_faces(n) == seen)?;
            Some((corner as u8, turn as u8))
        });
        let (corner, turn) = found.ok_or(CubeStateError::NoCorner(CORNER_NAMES[place]))?;
        (c.cp[place], c.co[place]) = (corner, turn);
    }
    for (place, at) in EDGE_STICKERS.iter().enumerate() {
        let faces: Option<Vec<usize>> = at.iter().map(|&i| face(i)).collect();
        let found = faces.and_then(|f| {
            EDGE_NAMES.iter().enumerate().find_map(|(e, n)| {
                let named = piece_faces(n);
                (named == f)
                    .then_some((e as u8, 0))
                    .or_else(|| (named == [f[1], f[0]]).then_some((e as u8, 1)))
            })
        });
        let (edge, flip) = found.ok_or(CubeStateError::NoEdge(EDGE_NAMES[place]))?;
        (c.ep[place], c.eo[place]) = (edge, flip);
    }
    check(&c)?;
    Ok(c)
}

/// That every piece is there once, and the turns, flips and parities are ones the
/// moves make.
fn check(c: &Cubies) -> Result<(), CubeStateError> {
    for (k, name) in CORNER_NAMES.iter().enumerate() {
        if c.cp.iter().filter(|&&x| x as usize == k).count() != 1 {
            return Err(CubeStateError::CornerNotOnce(name));
        }
    }
    for (k, name) in EDGE_NAMES.iter().enumerate() {
        if c.ep.iter().filter(|&&x| x as usize == k).count() != 1 {
            return Err(CubeStateError::EdgeNotOnce(name));
        }
    }
    if c.co.iter().map(|&o| o as u32).sum::<u32>() % 3 != 0 {
        return Err(CubeStateError::Twisted);
    }
    if c.eo.iter().map(|&o| o as u32).sum::<u32>() % 2 != 0 {
        return Err(CubeStateError::Flipped);
    }
    if odd(&c.cp) != odd(&c.ep) {
        return Err(CubeStateError::Swapped);
    }
    Ok(())
}

fn odd(p: &[u8]) -> bool {
    let mut inversions = 0;
    for i in 0..p.len() {
        inversions += p[i + 1..].iter().filter(|&&x| x < p[i]).count();
    }
    inversions % 2 == 1
}
