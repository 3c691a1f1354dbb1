//! A set's positions grouped into cases: positions one U (or D) adjustment apart are
//! one case, since one algorithm solves both up to those turns.

use super::CaseSet;
use super::names::{family_rank, twist_pattern};
use crate::model::moves::Move;
use crate::model::notation::WcaSequence;
use crate::model::pieces::{Cube, POSITIONS};

const U: Move = Move::ALL[3];

/// `cube` turned by a WCA sequence (D turns and rotations too), read back in pocket's
/// frame.
fn turned(cube: &Cube, sequence: &str) -> Cube {
    let seq: WcaSequence = sequence.parse().expect("a fixed sequence");
    seq.apply(&cube.stickers())
        .to_cube()
        .expect("a turned cube is a cube")
}

/// The positions one AUF (and for some sets ADF) away: before and after.
fn neighbours(set: CaseSet, x: &Cube) -> Vec<Cube> {
    let inv = x.inverse();
    let mut out = vec![x.apply(U), u_before(&inv)];
    if set.turns_d() {
        out.push(turned(x, "D"));
        out.push(turned(&inv, "D'").inverse());
    }
    out
}

/// U turned before the position whose inverse is `inv`.
fn u_before(inv: &Cube) -> Cube {
    inv.apply(U.inverse()).inverse()
}

/// A position and the three U turns of it, in order.
pub(super) fn auf_turns(c: Cube) -> Vec<Cube> {
    (0..4).map(|k| (0..k).fold(c, |c, _| c.apply(U))).collect()
}

/// The set's positions grouped into cases, each group in order of position number,
/// groups in order of their OLL family and then of their first position.
pub(super) fn classes(set: CaseSet, members: &[Cube]) -> Vec<Vec<Cube>> {
    let mut groups: Vec<Vec<Cube>> = match set {
        CaseSet::Ortega => {
            let mut by: std::collections::BTreeMap<[u8; 4], Vec<Cube>> = Default::default();
            for c in members {
                by.entry(twist_pattern(c)).or_default().push(*c);
            }
            by.into_values().collect()
        }
        _ => closures(set, members),
    };
    for g in &mut groups {
        g.sort_by_key(|c| c.coord().index());
    }
    groups.sort_by_key(|g| (family_rank(set, &g[0]), g[0].coord().index()));
    groups
}

/// The groups of positions joined by [`neighbours`].
fn closures(set: CaseSet, members: &[Cube]) -> Vec<Vec<Cube>> {
    let mut seen = vec![false; POSITIONS as usize];
    let mut groups = Vec::new();
    for start in members {
        if seen[start.coord().index() as usize] {
            continue;
        }
        seen[start.coord().index() as usize] = true;
        let mut group = vec![*start];
        let mut k = 0;
        while k < group.len() {
            for n in neighbours(set, &group[k]) {
                let i = n.coord().index() as usize;
                if !seen[i] && set.contains(&n) {
                    seen[i] = true;
                    group.push(n);
                }
            }
            k += 1;
        }
        groups.push(group);
    }
    groups
}
