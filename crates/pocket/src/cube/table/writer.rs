//! Solutions written as text: straight from the walk, a path's text kept as it goes,
//! so that listing every solution makes no [`Alg`] on the way.

use crate::model::moves::{Alg, Move};

/// How [`TableSolver::write_all`](super::TableSolver::write_all) joins moves and solutions.
#[derive(Clone, Copy, Debug)]
pub struct Separators<'a> {
    /// Between the moves of a solution.
    pub moves: &'a str,
    /// Between solutions.
    pub solutions: &'a str,
}

/// Solutions as text: moves and solutions joined as `seps` says.
pub fn write_algs(algs: &[Alg], seps: Separators<'_>, out: &mut String) {
    for (k, alg) in algs.iter().enumerate() {
        if k > 0 {
            out.push_str(seps.solutions);
        }
        for (j, m) in alg.as_slice().iter().enumerate() {
            if j > 0 {
                out.push_str(seps.moves);
            }
            out.push_str(m.name());
        }
    }
}

/// The text of the current path of a walk, and the output it is copied to.
pub(super) struct Writer<'a> {
    pub(super) seps: Separators<'a>,
    /// The path's text, and the line's.
    pub(super) path: Vec<u8>,
    pub(super) out: Vec<u8>,
    pub(super) written: u64,
    /// The path's moves (indices in [`Move::ALL`]), and where each solution's are
    /// recorded, one after another, when they are to be remembered.
    pub(super) moves: smallvec::SmallVec<[u8; 16]>,
    pub(super) record: Option<Vec<u8>>,
    /// The moves' names for the buffer; `None` if the separator is too long.
    pub(super) tokens: Option<Tokens>,
}

/// Each move's name as 8 bytes and its length, alone (`[0]`) and after the
/// separator between moves (`[1]`).
pub(super) type Tokens = [[([u8; 8], u8); Move::COUNT]; 2];

/// [`Writer`]'s tokens for `seps`.
pub(super) fn tokens(seps: Separators<'_>) -> Option<Tokens> {
    let gap = seps.moves.as_bytes();
    if gap.len() > 5 {
        return None;
    }
    Some(std::array::from_fn(|after| {
        std::array::from_fn(|m| {
            let mut bytes = [0u8; 8];
            let text = [
                if after == 1 { gap } else { &[][..] },
                Move::ALL[m].name().as_bytes(),
            ]
            .concat();
            bytes[..text.len()].copy_from_slice(&text);
            (bytes, text.len() as u8)
        })
    }))
}

impl Writer<'_> {
    /// The path is a solution: copy it out.
    #[inline]
    pub(super) fn solved(&mut self) {
        self.solved_with(&[]);
    }

    /// The path followed by `suffix` (move indices) is a solution: copy it out. The
    /// suffix's text is put together in a buffer, a move's name with the separator
    /// before it as one 8-byte copy, and copied out once (2,000 antipodes, one core:
    /// 25.2 ms of CPU with a copy a move, 23.8 ms byte by byte in a buffer, 17.6 ms
    /// so).
    #[inline]
    pub(super) fn solved_with(&mut self, suffix: &[u8]) {
        if self.written > 0 {
            self.out.extend_from_slice(self.seps.solutions.as_bytes());
        }
        self.out.extend_from_slice(&self.path);
        self.written += 1;
        if let Some(record) = &mut self.record {
            record.extend_from_slice(&self.moves);
            record.extend_from_slice(suffix);
        }
        let Some(tokens) = self.tokens.as_ref().filter(|_| suffix.len() <= 16) else {
            // Separators (or a suffix) too long for the buffer: a copy a move.
            for (k, &m) in suffix.iter().enumerate() {
                if k > 0 || !self.path.is_empty() {
                    self.out.extend_from_slice(self.seps.moves.as_bytes());
                }
                self.out
                    .extend_from_slice(Move::ALL[m as usize].name().as_bytes());
            }
            return;
        };
        let mut buf = [0u8; 8 * 16 + 8];
        let mut n = 0;
        for (k, &m) in suffix.iter().enumerate() {
            let (bytes, len) = tokens[usize::from(k > 0 || !self.path.is_empty())][m as usize];
            buf[n..n + 8].copy_from_slice(&bytes);
            n += len as usize;
        }
        self.out.extend_from_slice(&buf[..n]);
    }

    /// Back up to the text length `back` and drop the last move.
    #[inline]
    pub(super) fn pop(&mut self, back: usize) {
        self.path.truncate(back);
        self.moves.pop();
    }

    /// Step down by move `m` (an index in [`Move::ALL`]); the length to go back to.
    #[inline]
    pub(super) fn push(&mut self, m: usize) -> usize {
        let back = self.path.len();
        if back > 0 {
            self.path.extend_from_slice(self.seps.moves.as_bytes());
        }
        self.moves.push(m as u8);
        self.path.extend_from_slice(Move::ALL[m].name().as_bytes());
        back
    }
}
