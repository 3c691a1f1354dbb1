//! Goals with wildcards: sticker patterns such as "only the first layer solved".
//!
//! A goal is 24 characters in the net of the state, using the state's own colour
//! characters, with `.` for "any colour". Before any search, a goal is checked against
//! the pieces: a pattern no position shows is refused with the corner at fault.

use super::invalid::{Invalid, Kind};
use crate::model::pieces::{
    CORNER_FACES, CORNER_STICKERS, Cube, FACE_LETTERS, REFERENCE_SLOT, STICKERS,
};
use crate::model::stickers::{Stickers, describe_char};

/// The wildcard character of goals.
pub const WILDCARD: u8 = b'.';

/// A sticker pattern: a colour or any colour at each position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Goal(pub [Option<u8>; STICKERS]);

impl Goal {
    /// A pattern written in `layout`, reordered into the net's order.
    pub fn in_net_order(self, layout: crate::model::notation::Layout) -> Goal {
        Goal(std::array::from_fn(|g| self.0[layout.index_of_golf(g)]))
    }

    /// Read a pattern; `.` is any colour.
    pub fn parse(text: &str) -> Result<Goal, Invalid> {
        // Spaces and tabs group a goal as they group a state (`"UUUU ....."`).
        let kept: String = text.chars().filter(|&c| c != ' ' && c != '\t').collect();
        let text = kept.as_str();
        let bytes = text.as_bytes();
        if let Some(i) = bytes.iter().position(|b| !(33..=126).contains(b)) {
            let c = text[i..].chars().next().unwrap_or('?');
            return Err(Invalid::new(
                Kind::Goal,
                format!(
                    "goal: {} at position {} is not a colour or '.'",
                    describe_char(c),
                    i + 1
                ),
            ));
        }
        if bytes.len() != STICKERS {
            return Err(Invalid::new(
                Kind::Goal,
                format!("goal: expected 24 stickers, got {} characters", bytes.len()),
            ));
        }
        Ok(Goal(std::array::from_fn(|i| {
            (bytes[i] != WILDCARD).then_some(bytes[i])
        })))
    }

    /// The goal as faces (U L F R B D = 0..6) for a state coloured like `stickers`
    /// (whose decoded pieces are `cube`): checks that every colour is one of the
    /// state's and that no colour is asked for on more than four stickers.
    pub fn faces_for(
        &self,
        stickers: &Stickers,
        cube: &Cube,
    ) -> Result<[Option<u8>; STICKERS], Invalid> {
        let faces = cube.faces();
        let mut face_of = [None; 128];
        for i in 0..STICKERS {
            face_of[stickers.0[i] as usize] = Some(faces[i]);
        }
        // A goal written in face letters (`............LLFFRRBBDDDD`, as the help
        // shows it) for a state typed in colours: each letter is that face of the
        // state, which its reference corner orients.
        let asked = || self.0.iter().flatten();
        if asked().any(|&c| face_of[c as usize].is_none())
            && asked().all(|c| FACE_LETTERS.contains(c))
        {
            face_of = [None; 128];
            for (f, &letter) in FACE_LETTERS.iter().enumerate() {
                face_of[letter as usize] = Some(f as u8);
            }
        }
        let mut count = [0usize; 6];
        let mut out = [None; STICKERS];
        for (i, c) in self.0.iter().enumerate() {
            let Some(c) = *c else { continue };
            let Some(f) = face_of[c as usize] else {
                return Err(Invalid::new(
                    Kind::Goal,
                    format!(
                        "goal: '{}' at position {} is not a colour of the state",
                        c as char,
                        i + 1
                    ),
                ));
            };
            count[f as usize] += 1;
            if count[f as usize] > 4 {
                return Err(Invalid::new(
                    Kind::Goal,
                    format!(
                        "goal: colour '{}' is asked for on more than 4 stickers",
                        c as char
                    ),
                ));
            }
            out[i] = Some(f);
        }
        Ok(out)
    }
}

/// Why no position matches a goal in faces (`pattern` is the goal as written, for
/// the message), or `None` when some position does: a corner slot no corner can fill
/// as asked, or slots that cannot all be filled at once.
pub fn unmatchable(pattern: &Goal, goal: &[Option<u8>; STICKERS]) -> Option<String> {
    let fits = fits(goal);
    if let Some(slot) = fits.iter().position(Vec::is_empty) {
        let at = CORNER_STICKERS[slot].map(|i| i as usize);
        let shown: Vec<String> = at
            .iter()
            .map(|&i| pattern.0[i].map_or("any".to_string(), |c| format!("'{}'", c as char)))
            .collect();
        let names: Vec<String> = at
            .iter()
            .map(|&i| ((b'A' + i as u8) as char).to_string())
            .collect();
        return Some(format!(
            "no corner shows {} at stickers {}",
            shown.join(" "),
            names.join(" ")
        ));
    }
    if !placeable(&fits) {
        return Some("the corners it asks for cannot all be in place at once".into());
    }
    None
}

/// Whether a position matches a goal in faces (a face U L F R B D = 0..6 per sticker,
/// `None` for any): the one goal matcher of the crate.
pub fn matches(goal: &[Option<u8>; STICKERS], cube: &Cube) -> bool {
    goal.iter()
        .zip(cube.faces())
        .all(|(g, f)| g.is_none_or(|g| g == f))
}

/// Every position matching a goal in faces, as pieces (none if no position
/// matches): each corner slot takes, in turn, a corner that fits it there, and the
/// last twist is the one that makes the sum 0 mod 3.
pub fn matching(goal: &[Option<u8>; STICKERS]) -> Vec<Cube> {
    struct Placing<'f> {
        fits: &'f [Vec<(usize, usize)>],
        perm: [u8; 8],
        twist: [u8; 8],
        out: Vec<Cube>,
    }
    fn place(p: &mut Placing<'_>, slot: usize, used: usize, sum: usize) {
        if slot == 8 {
            if let Ok(c) = Cube::new(p.perm, p.twist) {
                p.out.push(c);
            }
            return;
        }
        for k in 0..p.fits[slot].len() {
            let (piece, o) = p.fits[slot][k];
            // The last slot takes only the twist that closes the sum.
            if used & (1 << piece) != 0 || (slot == 7 && (sum + o) % 3 != 0) {
                continue;
            }
            p.perm[slot] = piece as u8;
            p.twist[slot] = o as u8;
            place(p, slot + 1, used | 1 << piece, (sum + o) % 3);
        }
    }
    let fits = fits(goal);
    let mut p = Placing {
        fits: &fits,
        perm: [0; 8],
        twist: [0; 8],
        out: Vec::new(),
    };
    if placeable(&fits) {
        place(&mut p, 0, 0, 0);
    }
    p.out
}

/// For each corner slot, the (piece, twist) pairs whose stickers match the goal there.
fn fits(goal: &[Option<u8>; STICKERS]) -> Vec<Vec<(usize, usize)>> {
    CORNER_STICKERS
        .iter()
        .enumerate()
        .map(|(slot, stickers)| {
            let mut ok = Vec::new();
            for (piece, faces) in CORNER_FACES.iter().enumerate() {
                // The reference corner never leaves its slot, nor twists.
                let twists = match (slot == REFERENCE_SLOT, piece == REFERENCE_SLOT) {
                    (true, true) => 0..1,
                    (false, false) => 0..3,
                    _ => 0..0,
                };
                for o in twists {
                    let shows = (0..3).all(|t| {
                        goal[stickers[t] as usize].is_none_or(|g| g == faces[(t + 3 - o) % 3])
                    });
                    if shows {
                        ok.push((piece, o));
                    }
                }
            }
            ok
        })
        .collect()
}

/// Whether the corners can be placed, one per slot, with twists summing to 0.
fn placeable(fits: &[Vec<(usize, usize)>]) -> bool {
    // seen[slot][used][sum]: already known to lead nowhere.
    let mut dead = vec![[false; 3]; 8 * 256];
    fn place(
        slot: usize,
        used: usize,
        sum: usize,
        fits: &[Vec<(usize, usize)>],
        dead: &mut [[bool; 3]],
    ) -> bool {
        if slot == 8 {
            return sum == 0;
        }
        if dead[slot * 256 + used][sum] {
            return false;
        }
        for &(piece, o) in &fits[slot] {
            if used & (1 << piece) == 0
                && place(slot + 1, used | 1 << piece, (sum + o) % 3, fits, dead)
            {
                return true;
            }
        }
        dead[slot * 256 + used][sum] = true;
        false
    }
    place(0, 0, 0, fits, &mut dead)
}
