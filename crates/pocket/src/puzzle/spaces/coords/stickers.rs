//! A coordinate read from stickers and written back: the check that a sticker
//! string is one the moves reach, saying which piece is not.

use super::{Coords, Local, Ranked, Unreachable};
use crate::puzzle::spaces::linked::{self, Link};

impl Coords {
    /// The coordinate of a sticker string (already checked to have the solved
    /// string's stickers), or why no move sequence reaches it.
    pub fn encode(&self, stickers: &[u8]) -> Result<u64, Unreachable> {
        let moved = self.moved();
        if let Some(i) = (0..stickers.len()).find(|&i| !moved[i] && stickers[i] != self.solved[i]) {
            return Err(Unreachable(format!(
                "sticker {i} is one no move moves, and is not solved"
            )));
        }
        let mut digits = vec![0u64; self.parts.len()];
        let mut arranged: Vec<Vec<u8>> = Vec::with_capacity(self.orbits.len());
        for r in &self.orbits {
            let local = r.read(stickers).map_err(Unreachable)?;
            self.check_link(r, &local.kinds, &arranged)?;
            if let Some(k) = r.perm_part {
                digits[k] = r.arrangement_digit(&local.kinds);
            }
            if let Some(k) = r.twist_part {
                digits[k] = r.rank_twists(&local.twists);
            }
            arranged.push(local.kinds);
        }
        Ok(digits.iter().zip(&self.strides).map(|(d, s)| d * s).sum())
    }

    /// The sticker string of a coordinate.
    pub fn decode(&self, x: u64) -> Vec<u8> {
        let mut stickers = self.solved.clone();
        let mut arranged: Vec<Vec<u8>> = Vec::with_capacity(self.orbits.len());
        for r in &self.orbits {
            let digit = |k: Option<usize>| k.map(|k| (x / self.strides[k]) % self.parts[k].size);
            let kinds = match (&r.link, digit(r.perm_part)) {
                (Link::Copy(of), _) => arranged[*of].clone(),
                (Link::Implied(reads), Some(d)) => {
                    let odd = reads
                        .iter()
                        .fold(0, |odd, &o| odd ^ linked::parity(&arranged[o]));
                    r.unrank_arrangement(d << 1 | odd)
                }
                (_, Some(d)) => r.unrank_arrangement(d),
                (_, None) => r.kind_at.clone(),
            };
            arranged.push(kinds.clone());
            let twists = match digit(r.twist_part) {
                Some(d) => r.unrank_twists(d),
                None => vec![0; r.orbit.pieces.len()],
            };
            r.write(&Local { kinds, twists }, &mut stickers);
        }
        stickers
    }

    /// Whether an orbit's arrangement is one its links allow, given the arrangements of
    /// the orbits before it.
    fn check_link(
        &self,
        r: &Ranked,
        kinds: &[u8],
        arranged: &[Vec<u8>],
    ) -> Result<(), Unreachable> {
        let stickers = |r: &Ranked| {
            let all: Vec<String> = r
                .orbit
                .pieces
                .iter()
                .flatten()
                .map(|s| s.to_string())
                .collect();
            all.join(" ")
        };
        match &r.link {
            Link::Copy(of) if arranged[*of] != kinds => Err(Unreachable(format!(
                "the pieces of stickers {} are not arranged as those of stickers {}, and every \
                 move carries them alike",
                stickers(r),
                stickers(&self.orbits[*of])
            ))),
            Link::Implied(reads) => {
                let odd = reads
                    .iter()
                    .fold(0, |odd, &o| odd ^ linked::parity(&arranged[o]));
                match linked::parity(kinds) == odd {
                    true => Ok(()),
                    false => Err(Unreachable(format!(
                        "the pieces of stickers {} are in an {} arrangement, and the parities of \
                         the moves make it {}",
                        stickers(r),
                        ["even", "odd"][(odd ^ 1) as usize],
                        ["even", "odd"][odd as usize],
                    ))),
                }
            }
            _ => Ok(()),
        }
    }

    fn moved(&self) -> Vec<bool> {
        let mut moved = vec![false; self.solved.len()];
        for r in &self.orbits {
            for p in &r.orbit.pieces {
                for &s in p {
                    moved[s as usize] = true;
                }
            }
        }
        moved
    }
}
