//! Orbits whose arrangements are linked: ranked so that a coordinate numbers only
//! what the moves can reach.
//!
//! Two links are found from the moves alone:
//! - an orbit whose pieces every move carries exactly as another orbit's (twsearch's
//!   pyraminx: the tips ride on the corners) is a *copy*: its arrangement is the
//!   other's, and it is not ranked at all;
//! - over the orbits of pieces that all differ, each move's permutation parities form
//!   a vector over GF(2), and only their span is reached. Reduced to echelon form,
//!   the pivot orbits' parities are free and every other orbit's parity is the sum
//!   of some of theirs: that orbit is ranked in half its arrangements (*implied*),
//!   and the orbits it reads are ranked parity first, so that the low bit of their
//!   rank is their parity (*read*).
//!
//! twsearch's skewb: 24 x 24 x 720 x 81 x 81 = 2,720,977,920 coordinates became
//! 12 x 12 x 360 x 81 x 81 = 340,122,240 (every move is even), a table of 85 MB in
//! two bits a position instead of 680 MB.

use crate::puzzle::spaces::pieces::Orbit;

/// How one orbit's arrangement is ranked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(in crate::puzzle) enum Link {
    /// Ranked alone: every arrangement numbered.
    Alone,
    /// Its parity is read by an implied orbit: ranked parity first.
    Read,
    /// Its parity is the sum of these orbits' parities: ranked in half.
    Implied(Vec<usize>),
    /// Moved exactly as this earlier orbit: not ranked.
    Copy(usize),
}

/// The links of `orbits`; `ranked[i]` says whether orbit `i` has an arrangement
/// ranked as a permutation of pieces that all differ (the others are left alone).
pub(in crate::puzzle) fn links(orbits: &[&Orbit], ranked: &[bool]) -> Vec<Link> {
    let mut links = vec![Link::Alone; orbits.len()];
    for i in 0..orbits.len() {
        if !ranked[i] {
            continue;
        }
        let copy_of = (0..i)
            .find(|&j| ranked[j] && links[j] == Link::Alone && same_moves(orbits[i], orbits[j]));
        if let Some(j) = copy_of {
            links[i] = Link::Copy(j);
        }
    }
    let free: Vec<usize> = (0..orbits.len())
        .filter(|&i| ranked[i] && links[i] == Link::Alone)
        .collect();
    for (column, sum) in implied_parities(orbits, &free) {
        let reads: Vec<usize> = sum.iter().map(|&c| free[c]).collect();
        for &k in &reads {
            links[k] = Link::Read;
        }
        links[free[column]] = Link::Implied(reads);
    }
    links
}

/// Whether every move carries the pieces of `a` as those of `b`.
fn same_moves(a: &Orbit, b: &Orbit) -> bool {
    a.pieces.len() == b.pieces.len() && a.src == b.src
}

/// The columns (indices into `free`) whose parity is implied, each with the pivot
/// columns it sums: the reduced echelon form of the moves' parity vectors.
fn implied_parities(orbits: &[&Orbit], free: &[usize]) -> Vec<(usize, Vec<usize>)> {
    let t = free.len().min(64);
    let moves = orbits.first().map_or(0, |o| o.src.len());
    let mut rows: Vec<u64> = (0..moves)
        .map(|m| {
            (0..t).fold(0u64, |v, c| {
                v | u64::from(odd(&orbits[free[c]].src[m])) << c
            })
        })
        .collect();
    let mut pivots = Vec::new();
    for column in 0..t {
        let rank = pivots.len();
        let Some(k) = (rank..rows.len()).find(|&k| rows[k] >> column & 1 == 1) else {
            continue;
        };
        rows.swap(rank, k);
        for j in 0..rows.len() {
            if j != rank && rows[j] >> column & 1 == 1 {
                rows[j] ^= rows[rank];
            }
        }
        pivots.push(column);
    }
    (0..t)
        .filter(|c| !pivots.contains(c))
        .map(|c| {
            let sum = (0..pivots.len())
                .filter(|&r| rows[r] >> c & 1 == 1)
                .map(|r| pivots[r])
                .collect();
            (c, sum)
        })
        .collect()
}

/// Whether a permutation (`src[q]`: where position `q`'s piece comes from) is odd.
pub(in crate::puzzle) fn odd(src: &[u8]) -> bool {
    // Even cycles counted: n less the number of cycles, mod 2.
    let mut seen = vec![false; src.len()];
    let mut cycles = 0;
    for start in 0..src.len() {
        if !seen[start] {
            cycles += 1;
            let mut x = start;
            while !seen[x] {
                seen[x] = true;
                x = src[x] as usize;
            }
        }
    }
    (src.len() - cycles) % 2 == 1
}

/// The parity of an arrangement of distinct kinds `0..n` (odd: 1).
pub(in crate::puzzle) fn parity(seq: &[u8]) -> u64 {
    u64::from(odd(seq))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn orbit(src: Vec<Vec<u8>>) -> Orbit {
        let n = src[0].len();
        Orbit {
            pieces: (0..n as u16).map(|s| vec![s]).collect(),
            twists: vec![vec![0]],
            product: vec![0],
            twist: vec![vec![0; n]; src.len()],
            src,
        }
    }

    #[test]
    fn copies_and_parities_are_found() {
        // Move 0 swaps in orbits a, b (a copy of a) and c; move 1 swaps in d alone
        // and 3-cycles c. a's and c's parities are equal (c implied by a), d's free.
        let a = orbit(vec![vec![1, 0, 2], vec![0, 1, 2]]);
        let b = a.clone();
        let c = orbit(vec![vec![1, 0, 2, 3], vec![1, 2, 0, 3]]);
        let d = orbit(vec![vec![0, 1], vec![1, 0]]);
        let found = links(&[&a, &b, &c, &d], &[true; 4]);
        assert_eq!(
            found,
            [
                Link::Read,
                Link::Copy(0),
                Link::Implied(vec![0]),
                Link::Alone
            ]
        );
    }

    #[test]
    fn even_moves_imply_even_arrangements() {
        let a = orbit(vec![vec![1, 2, 0, 3], vec![0, 2, 3, 1]]);
        assert_eq!(links(&[&a], &[true]), [Link::Implied(vec![])]);
        assert_eq!(links(&[&a], &[false]), [Link::Alone]);
    }
}
