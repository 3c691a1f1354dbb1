//! The messages of [`StateError`]: corners and stickers named as a cuber names them,
//! in the layout the state was read in.

use super::blame::{DOWN_MIRRORS, reference_slot};
use super::{Layout, StateError};
use crate::model::pieces::{CORNER_STICKERS, FACE_LETTERS, STICKER_FACE, STICKERS};

fn quoted(colours: &[u8]) -> String {
    let parts: Vec<String> = colours
        .iter()
        .map(|&c| format!("'{}'", c as char))
        .collect();
    parts.join(" ")
}

/// Where a sticker is, as a cuber says it: its face and place on the face as the net
/// shows it (`U top-right`), for the sticker at net position `golf`.
pub fn sticker_place(golf: usize) -> String {
    const PLACES: [&str; 4] = ["top-left", "top-right", "bottom-left", "bottom-right"];
    let face = STICKER_FACE[golf];
    let k = (0..golf).filter(|&p| STICKER_FACE[p] == face).count();
    format!("{} {}", FACE_LETTERS[face as usize] as char, PLACES[k])
}

/// A corner slot by its faces, as cubers name corners (`UFR`, `DBL`).
pub fn corner_name(slot: usize) -> String {
    let mut faces: Vec<u8> = CORNER_STICKERS[slot]
        .iter()
        .map(|&p| FACE_LETTERS[STICKER_FACE[p as usize] as usize])
        .collect();
    faces.sort_by_key(|f| b"UDFBRL".iter().position(|x| x == f));
    String::from_utf8(faces).unwrap_or_default()
}

/// A corner as `UFL at C F G ('W' 'O' 'G')`: positions in reading order, each colour
/// under its position.
fn corner_at(layout: Layout, slot: usize, colours: &[u8; 3]) -> String {
    let mut items: Vec<(usize, String, u8)> = CORNER_STICKERS[slot]
        .iter()
        .zip(colours)
        .map(|(&p, &c)| {
            let i = layout.index_of_golf(p as usize);
            (i, layout.position_name(i), c)
        })
        .collect();
    items.sort();
    let names: Vec<&str> = items.iter().map(|(_, n, _)| n.as_str()).collect();
    let cs: Vec<u8> = items.iter().map(|&(_, _, c)| c).collect();
    format!(
        "{} at {} ({})",
        corner_name(slot),
        names.join(" "),
        quoted(&cs)
    )
}

/// Positions (golf indices) named as in `layout`, in reading order.
fn places(layout: Layout, at: &[u8]) -> String {
    let mut named: Vec<(usize, String)> = at
        .iter()
        .map(|&p| {
            let i = layout.index_of_golf(p as usize);
            (i, layout.position_name(i))
        })
        .collect();
    named.sort();
    named
        .into_iter()
        .map(|(_, n)| n)
        .collect::<Vec<_>>()
        .join(" ")
}

impl StateError {
    /// The message, naming positions as in `layout` (net letters, or `U1`..`B4`).
    pub fn message(&self, layout: Layout) -> String {
        let corner = |slot: usize, colours: &[u8; 3]| corner_at(layout, slot, colours);
        match self {
            StateError::Length { len } => format!("expected 24 stickers, got {len} characters"),
            StateError::BadCharacter { what, at } => {
                let pos = if *at <= STICKERS {
                    let golf = layout.to_golf_index(at - 1);
                    format!(
                        " (sticker {}, {})",
                        layout.position_name(at - 1),
                        sticker_place(golf)
                    )
                } else {
                    String::new()
                };
                format!("{what} at position {at}{pos} is not a printable ASCII colour")
            }
            StateError::ColourCount { colours, rarest } => {
                colour_count(layout, colours, rarest.as_ref())
            }
            StateError::ColourTimes {
                colour,
                times,
                at,
                other,
            } => {
                let mut m = format!(
                    "colour '{}' is on {times} stickers ({}), expected 4",
                    *colour as char,
                    places(layout, at)
                );
                if let Some((c, n)) = other {
                    m.push_str(&format!("; '{}' is on {n}", *c as char));
                }
                m
            }
            StateError::NotACorner {
                corner: c,
                colours,
                why,
            } => format!("corner {}: {why}", corner(*c, colours)),
            StateError::OppositeFaces {
                corner: c,
                colours,
                pair,
            } => format!(
                "corner {} shows '{}' and '{}', colours of opposite faces",
                corner(*c, colours),
                pair[0] as char,
                pair[1] as char
            ),
            StateError::DuplicateCorner {
                first,
                second,
                colours,
            } => format!(
                "corners {} and {} are the same corner",
                corner(*first, &colours[0]),
                corner(*second, &colours[1]),
            ),
            StateError::Reference {
                inner,
                colours,
                swap,
            } => reference(layout, inner, colours, swap),
            StateError::Twisted { sum } => format!(
                "twisted corner: the corner twists add up to {sum} mod 3, not 0 \
                 (a corner was turned {} in place)",
                if *sum == 1 {
                    "clockwise"
                } else {
                    "anticlockwise"
                }
            ),
        }
    }
}

/// [`StateError::ColourCount`]'s message.
fn colour_count(layout: Layout, colours: &[u8], rarest: Option<&(u8, Vec<u8>)>) -> String {
    let mut m = format!(
        "expected 6 colours, found {}: {}",
        colours.len(),
        quoted(colours)
    );
    // 'w' and 'W' are two colours: say so when that is the only trouble.
    let mut folded: Vec<u8> = colours.iter().map(u8::to_ascii_uppercase).collect();
    folded.sort_unstable();
    folded.dedup();
    if folded.len() < colours.len() && folded.len() <= 6 {
        m.push_str(
            "; colours are case-sensitive ('w' and 'W' are two colours): \
             type each colour in one case",
        );
    }
    if let Some((c, at)) = rarest {
        let n = at.len();
        let s = if n == 1 { "" } else { "s" };
        m.push_str(&format!(
            " ('{}' is only on {n} sticker{s}: {})",
            *c as char,
            places(layout, at)
        ));
    }
    m
}

/// [`StateError::Reference`]'s message: the error the stickers gave, and the swap
/// of the reference corner's stickers that makes the cube valid.
fn reference(layout: Layout, inner: &StateError, colours: &[u8; 3], swap: &[[u8; 2]]) -> String {
    let name = |p: u8| layout.position_name(layout.index_of_golf(p as usize));
    let fix = if DOWN_MIRRORS.iter().any(|m| m.as_slice() == swap) {
        format!(
            "with the down face read the other way round ({} and {} trade places, \
             and {} and {})",
            name(swap[0][0]),
            name(swap[0][1]),
            name(swap[1][0]),
            name(swap[1][1])
        )
    } else {
        format!(
            "with {} and {} trading places",
            name(swap[0][0]),
            name(swap[0][1])
        )
    };
    format!(
        "{}; but the likely culprit is the reference corner {}, which names the \
         L, B and D faces for all the others: the cube is valid {fix}",
        inner.message(layout),
        corner_at(layout, reference_slot(), colours)
    )
}
