//! The start of a search, or why no sequence solves the state: a sticker no move
//! moves, pieces twisted or swapped as no moves make them, a barred position.

use crate::puzzle::formats::barred::first_held;
use crate::puzzle::searches::pattern::{Kinds, UNSEEN};
use crate::puzzle::spaces::linked::odd;

use super::{DeepSolver, reduce};

/// The exponent of each orientation of a cyclic orientation group whose sum every
/// move keeps (the cube's corner twists), or `None`.
fn kept_sum(k: &Kinds) -> Option<Vec<u8>> {
    let o = &k.orbit;
    let order = o.twists.len();
    (0..order as u8).find_map(|g| {
        let mut exp = vec![0u8; order];
        let mut x = g;
        for e in 1..order {
            if x == 0 {
                return None;
            }
            exp[x as usize] = e as u8;
            x = o.mul(x, g);
        }
        let keeps = o
            .twist
            .iter()
            .all(|row| row.iter().map(|&t| exp[t as usize] as usize).sum::<usize>() % order == 0);
        (x == 0 && keeps).then_some(exp)
    })
}

impl DeepSolver<'_> {
    /// The nodes of the search's start, or why no sequence solves `stickers` (a
    /// checked sticker string of the puzzle).
    pub(super) fn start(&self, stickers: &[u8]) -> Result<Vec<u64>, String> {
        let moved = |i: usize| self.puzzle.moves.iter().any(|m| m.perm[i] as usize != i);
        if let Some(i) =
            (0..stickers.len()).find(|&i| !moved(i) && stickers[i] != self.puzzle.solved[i])
        {
            return Err(format!(
                "sticker {i} is one no move moves, and is not solved"
            ));
        }
        let read = self
            .kinds
            .iter()
            .map(|k| k.read(stickers))
            .collect::<Result<Vec<_>, _>>()?;
        for (k, r) in self.kinds.iter().zip(&read) {
            let mut have: Vec<u8> = r.iter().map(|&(kind, _)| kind).collect();
            let mut want = k.kind_at.clone();
            have.sort_unstable();
            want.sort_unstable();
            if have != want {
                return Err("some piece appears twice and another not at all".into());
            }
        }
        // The tables of an orbit shown without orientations do not see a twist.
        // (An orbit with pieces that do not show their turns cannot be summed.)
        for (k, r) in self.kinds.iter().zip(&read).filter(|(k, _)| k.turns_seen) {
            if let Some(exp) = kept_sum(k) {
                let sum: usize = r.iter().map(|&(_, t)| exp[t as usize] as usize).sum();
                let order = k.orbit.twists.len();
                if sum % order != 0 {
                    return Err(format!(
                        "its pieces are twisted by {} of {order} in all, and every move keeps \
                         the sum",
                        sum % order
                    ));
                }
            }
        }
        let v = self
            .parity_orbits
            .iter()
            .enumerate()
            .fold(0u64, |v, (i, &r)| {
                // Distinct pieces: the kind is the piece, and its home is where it is at home.
                let src: Vec<u8> = read[r]
                    .iter()
                    .map(|&(kind, _)| {
                        self.kinds[r]
                            .kind_at
                            .iter()
                            .position(|&k| k == kind)
                            .unwrap_or(0) as u8
                    })
                    .collect();
                v | u64::from(odd(&src)) << i
            });
        if reduce(&self.parities, v) != 0 {
            return Err(
                "its pieces are in an arrangement no moves make (two pieces swapped alone)".into(),
            );
        }
        if let Some(bar) = first_held(&self.puzzle.barred, stickers) {
            return Err(format!("it is a barred position ({})", bar.said));
        }
        let patterns = &self.level().patterns;
        let mut node = patterns
            .iter()
            .map(|p| p.state_of(&self.kinds, &read))
            .collect::<Result<Vec<_>, _>>()?;
        if patterns
            .iter()
            .zip(&node)
            .any(|(p, &x)| p.distance(x) == UNSEEN)
        {
            return Err("its pieces are in an arrangement no moves make".into());
        }
        if !self.puzzle.barred.is_empty() || self.perimeter.is_some() {
            node.extend(stickers.iter().map(|&c| u64::from(c)));
        }
        Ok(node)
    }
}
