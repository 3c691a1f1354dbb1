//! Barred positions: twsearch's `Illegal SET SLOT PIECE...`, a state in which a slot
//! holds one of the named pieces is none of the puzzle's, and no sequence passes
//! through one (Square-1's slice cannot turn while a corner straddles it, so a turn
//! of a layer that leaves one there is no move).
//!
//! A bar is a slot's stickers and the looks they must not show: the barred piece in
//! each of its orientations. Only IDA* follows bars (`deep.rs`); the other searches
//! refuse a barred puzzle, saying so.

/// One slot's stickers and the colours they must not show together.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Bar {
    /// The slot's stickers, as in a sticker string.
    pub stickers: Vec<crate::puzzle::formats::sticker::Sticker>,
    /// Each barred look: a colour a sticker, in the order of `stickers`.
    pub looks: Vec<Vec<u8>>,
    /// What the definition said, for messages (`set SLICE slot 3 piece 17`).
    pub said: String,
}

impl Bar {
    /// Whether the state shows a barred look on this bar's stickers; `at(i)` is the
    /// colour of sticker `i`.
    #[inline]
    pub fn holds(&self, at: impl Fn(usize) -> u8) -> bool {
        self.looks.iter().any(|look| {
            look.iter()
                .zip(&self.stickers)
                .all(|(&c, &s)| at(s as usize) == c)
        })
    }
}

/// The first bar a state shows, if any.
pub fn first_held<'a>(bars: &'a [Bar], stickers: &[u8]) -> Option<&'a Bar> {
    bars.iter().find(|b| b.holds(|i| stickers[i]))
}

/// Why a search other than IDA* refuses a barred puzzle.
pub fn refusal(name: &str, what: &str) -> String {
    format!(
        "{name} bars positions (twsearch's Illegal), which {what}; \
         `pocket solve --puzzle` solves it by IDA*, which follows them"
    )
}
