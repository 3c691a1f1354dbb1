//! Faces found from the moves alone: moves that are powers of one another share one,
//! so that no solution turns a face twice in a row.

use crate::model::cost::gcd;
use crate::puzzle::formats::defined::{PuzzleMove, Sticker, root};

/// Whether `q` is a power of `p` (as functions on positions). On each cycle of `p`
/// of length `L`, `q` must shift by the same `s` everywhere, and the shifts of all
/// cycles must agree on one exponent: `s1 = s2` modulo `gcd(L1, L2)` for every pair
/// (the Chinese remainder theorem). Orders can be huge, so no powers are listed.
fn is_power(q: &[Sticker], p: &[Sticker]) -> bool {
    let n = p.len();
    let mut seen = vec![false; n];
    let mut shifts: Vec<(u64, u64)> = Vec::new(); // (shift, cycle length)
    for start in 0..n {
        if seen[start] {
            continue;
        }
        let mut cycle = vec![start];
        seen[start] = true;
        let mut x = p[start] as usize;
        while x != start {
            seen[x] = true;
            cycle.push(x);
            x = p[x] as usize;
        }
        let len = cycle.len();
        let Some(s) = cycle.iter().position(|&y| y == q[start] as usize) else {
            return false;
        };
        if (0..len).any(|t| q[cycle[t]] as usize != cycle[(t + s) % len]) {
            return false;
        }
        shifts.push((s as u64, len as u64));
    }
    shifts.sort_unstable();
    shifts.dedup();
    shifts.iter().enumerate().all(|(i, &(s1, l1))| {
        shifts[i + 1..]
            .iter()
            .all(|&(s2, l2)| s1 % gcd(l1, l2) == s2 % gcd(l1, l2))
    })
}

/// Number the faces: two moves share a face when one is a power of the other (and
/// so, through chains of powers, R, R2 and R'). A face is numbered by its first move.
pub(super) fn assign_faces(moves: &mut [PuzzleMove]) {
    let n = moves.len();
    let mut face: Vec<usize> = (0..n).collect();
    for i in 0..n {
        for j in i + 1..n {
            let (p, q) = (&moves[i].perm, &moves[j].perm);
            if is_power(q, p) || is_power(p, q) {
                let (a, b) = (root(&mut face, i), root(&mut face, j));
                face[a.max(b)] = a.min(b);
            }
        }
    }
    for (i, m) in moves.iter_mut().enumerate() {
        m.face = root(&mut face, i) as u8;
    }
}
