//! Blaming the reference corner: a misread there makes the other corners look wrong,
//! so when a trade of its stickers alone makes the cube valid, the error says so.

use super::{StateError, Stickers};
use crate::model::pieces::{CORNER_STICKERS, STICKERS};

/// Net positions of the reference corner's stickers: M, T and W.
const REFERENCE_STICKERS: [usize; 3] = [12, 19, 22];

/// The corner slot of the reference corner.
pub(super) fn reference_slot() -> usize {
    (0..8)
        .find(|&k| CORNER_STICKERS[k].contains(&(REFERENCE_STICKERS[0] as u8)))
        .unwrap_or(0)
}

/// The down face read mirrored (as seen from below), as sticker trades: left to right,
/// and top to bottom. Each moves the reference corner's down sticker W.
pub(super) const DOWN_MIRRORS: [[[u8; 2]; 2]; 2] = [[[20, 21], [22, 23]], [[20, 22], [21, 23]]];

impl Stickers {
    /// `error`, or the reference corner blamed when it is the likely culprit: a misread
    /// there (two of its colours swapped, a W/Y mix-up with another sticker, the down
    /// face mirrored) makes the other corners look wrong. Only on the error path: at
    /// most 276 trial decodes of a few hundred nanoseconds.
    pub(super) fn blame_reference(&self, error: StateError) -> StateError {
        if !matches!(
            error,
            StateError::NotACorner { .. }
                | StateError::OppositeFaces { .. }
                | StateError::DuplicateCorner { .. }
        ) {
            return error;
        }
        let valid_with = |trades: &[[u8; 2]]| {
            let mut s = *self;
            for &[a, b] in trades {
                s.0.swap(a as usize, b as usize);
            }
            s.decode().is_ok()
        };
        let touching = REFERENCE_STICKERS.iter().flat_map(|&a| {
            (0..STICKERS as u8)
                .filter(move |&b| b as usize != a)
                .map(move |b| vec![[a as u8, b]])
        });
        let fix = touching
            .chain(DOWN_MIRRORS.iter().map(|m| m.to_vec()))
            .find(|trades| valid_with(trades));
        let Some(swap) = fix else {
            return error;
        };
        let away = (0..STICKERS as u8).any(|a| {
            (a + 1..STICKERS as u8).any(|b| {
                !REFERENCE_STICKERS.contains(&(a as usize))
                    && !REFERENCE_STICKERS.contains(&(b as usize))
                    && valid_with(&[[a, b]])
            })
        });
        if away {
            return error;
        }
        StateError::Reference {
            inner: Box::new(error),
            colours: self.corner_colours(reference_slot()),
            swap,
        }
    }
}
