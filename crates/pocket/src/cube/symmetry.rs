//! The symmetries of the cube acting on positions, and positions counted up to them.
//!
//! A symmetry S (one of the 48 rotations and reflections) turns a position P into
//! S P S⁻¹: the same position seen in a mirror or from another side, with the colours
//! renamed to match. The result is read back through the reference corner like any
//! state, which absorbs the whole-cube rotation. A symmetry that maps the metric's
//! moves onto themselves keeps every distance, so the census can count classes: all
//! 48 do for the half-turn and quarter-turn metrics. For one-way (clockwise R U F
//! only) the 24 rotations do (on the 2x2x2, L is R followed by a rotation, so every
//! clockwise turn is one of R U F up to a rotation), and a reflection does not: it
//! turns clockwise into anticlockwise.

use crate::engine::census::Classes;
use crate::model::geometry::{is_reflection, symmetry_images, symmetry_matrices};
use crate::model::moves::Move;
use crate::model::pieces::{
    CORNER_FACES, CORNER_STICKERS, Coord, Cube, PERMS, POSITIONS, STICKERS, TWISTS,
};

/// One symmetry of the cube, as it moves stickers and renames faces.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Symmetry {
    /// `to[j]`: where the sticker at position `j` goes.
    to: [u8; STICKERS],
    /// `faces[f]`: the face that face `f` becomes (U L F R B D).
    faces: [u8; 6],
    reflection: bool,
}

impl Symmetry {
    /// All 48, the identity first.
    pub fn all() -> Vec<Symmetry> {
        symmetry_matrices()
            .iter()
            .map(|m| {
                let (to, faces) = symmetry_images(m);
                Symmetry {
                    to,
                    faces,
                    reflection: is_reflection(m),
                }
            })
            .collect()
    }

    /// Whether it reverses handedness.
    pub fn is_reflection(&self) -> bool {
        self.reflection
    }

    /// The stickers of S P S⁻¹, as face numbers, before the whole-cube rotation that
    /// brings the reference corner home.
    fn moved_faces(&self, cube: &Cube) -> [u8; STICKERS] {
        let faces = cube.faces();
        let mut out = [0u8; STICKERS];
        for (j, &f) in faces.iter().enumerate() {
            out[self.to[j] as usize] = self.faces[f as usize];
        }
        out
    }

    /// S P S⁻¹: the position as this symmetry shows it.
    pub fn conjugate(&self, cube: &Cube) -> Cube {
        read(&self.moved_faces(cube))
    }

    /// Whether it maps each of `moves` to one of `moves` (so keeps their distances).
    pub fn keeps(&self, moves: &[Move]) -> bool {
        let made: Vec<Cube> = moves.iter().map(|&m| Cube::SOLVED.apply(m)).collect();
        made.iter().all(|c| made.contains(&self.conjugate(c)))
    }

    /// Whether it maps each of `moves` to the inverse of one of `moves`.
    pub fn reverses(&self, moves: &[Move]) -> bool {
        let undone: Vec<Cube> = moves
            .iter()
            .map(|&m| Cube::SOLVED.apply(m.inverse()))
            .collect();
        moves
            .iter()
            .all(|&m| undone.contains(&self.conjugate(&Cube::SOLVED.apply(m))))
    }
}

/// The stickers of the reference corner (down-back-left), as [`read`] finds them.
const REFERENCE_STICKERS: [u8; 3] = [12, 19, 22];

/// A symmetry that keeps the reference corner in its place, as a map of the
/// coordinate's two parts: S (p, t) S⁻¹ = (`perm[p]`, `shift[p]` ⊕ `twist[t]`), where ⊕
/// adds twists corner by corner ([`add_twists`]). Such a symmetry needs no whole-cube
/// rotation to read its image, so it maps a move's result to a move's result: the
/// census walks one permutation of each class ([`crate::cube::census`]).
pub(crate) struct CoordSymmetry {
    pub(crate) perm: Vec<u16>,
    pub(crate) shift: Vec<u16>,
    pub(crate) twist: Vec<u16>,
    /// The symmetry itself, for what it keeps.
    pub(crate) symmetry: Symmetry,
}

impl Symmetry {
    /// Whether it keeps the reference corner where it is (6 of the 48 do: the 3
    /// rotations about the corner's diagonal and 3 reflections).
    pub fn keeps_reference_corner(&self) -> bool {
        REFERENCE_STICKERS
            .iter()
            .all(|&j| REFERENCE_STICKERS.contains(&self.to[j as usize]))
    }
}

/// The 6 symmetries that keep the reference corner, the identity first. The identity's
/// tables are written down and those of a product of two already made are composed
/// ([`CoordSymmetry::then`]); only the others (a rotation and a reflection) are read
/// from stickers, 5,769 conjugations each (the census of HTM, process CPU 17.8 to
/// 15.7 ms: building all 6 from stickers was a fifth of it).
pub(crate) fn corner_symmetries() -> Vec<CoordSymmetry> {
    let mut made: Vec<CoordSymmetry> = Vec::new();
    for symmetry in Symmetry::all()
        .into_iter()
        .filter(Symmetry::keeps_reference_corner)
    {
        let product = made.iter().enumerate().find_map(|(i, a)| {
            made[i..]
                .iter()
                .chain(&made[..i])
                .find(|b| a.symmetry.then(&b.symmetry) == symmetry)
                .map(|b| a.then(b))
        });
        let next = if made.is_empty() {
            CoordSymmetry::identity(symmetry)
        } else {
            product.unwrap_or_else(|| CoordSymmetry::from_stickers(symmetry))
        };
        made.push(next);
    }
    made
}

impl Symmetry {
    /// This symmetry, then `other`.
    fn then(&self, other: &Symmetry) -> Symmetry {
        Symmetry {
            to: std::array::from_fn(|j| other.to[self.to[j] as usize]),
            faces: std::array::from_fn(|f| other.faces[self.faces[f] as usize]),
            reflection: self.reflection != other.reflection,
        }
    }
}

impl CoordSymmetry {
    /// Its tables read from the sticker conjugation of each permutation and twist.
    fn from_stickers(symmetry: Symmetry) -> CoordSymmetry {
        let image = |c: u32| symmetry.conjugate(&Coord(c).cube()).coord().index();
        let (mut perm, mut shift) = (Vec::new(), Vec::new());
        for p in 0..PERMS {
            let c = image(p * TWISTS);
            perm.push((c / TWISTS) as u16);
            shift.push((c % TWISTS) as u16);
        }
        // A pure twist stays one: its image is in the first block.
        let twist = (0..TWISTS).map(|t| image(t) as u16).collect();
        CoordSymmetry {
            perm,
            shift,
            twist,
            symmetry,
        }
    }

    /// The identity's tables (`symmetry` is the identity).
    fn identity(symmetry: Symmetry) -> CoordSymmetry {
        CoordSymmetry {
            perm: (0..PERMS as u16).collect(),
            shift: vec![0; PERMS as usize],
            twist: (0..TWISTS as u16).collect(),
            symmetry,
        }
    }

    /// This symmetry, then `other`: (p, t) goes to (p', s ⊕ T(t)) and on to
    /// (P(p'), S(p') ⊕ T'(s) ⊕ T'(T(t))), as the map of twists adds (it only moves
    /// and relabels the corners' twists).
    fn then(&self, other: &CoordSymmetry) -> CoordSymmetry {
        let perm = self.perm.iter().map(|&q| other.perm[q as usize]).collect();
        let shift = (0..PERMS as usize)
            .map(|p| {
                let (q, s) = (self.perm[p] as usize, self.shift[p] as usize);
                add_twists(other.shift[q], other.twist[s])
            })
            .collect();
        let twist = self
            .twist
            .iter()
            .map(|&t| other.twist[t as usize])
            .collect();
        CoordSymmetry {
            perm,
            shift,
            twist,
            symmetry: self.symmetry.then(&other.symmetry),
        }
    }
}

/// The twists `a` and `b` (twist coordinates) added corner by corner, mod 3.
pub(crate) fn add_twists(a: u16, b: u16) -> u16 {
    let (mut a, mut b) = (a, b);
    let (mut sum, mut place) = (0u16, 1u16);
    for _ in 0..6 {
        sum += (a % 3 + b % 3) % 3 * place;
        a /= 3;
        b /= 3;
        place *= 3;
    }
    sum
}

/// The face opposite each face (U L F R B D).
const OPPOSITE: [u8; 6] = [5, 3, 4, 1, 2, 0];

/// The corner with these faces (U or D face first, then clockwise), by
/// `36 * a + 6 * b + c`; 8 for none.
const PIECE_BY_FACES: [u8; 216] = {
    let mut t = [8u8; 216]; // 6 * 6 * 6
    let mut piece = 0;
    while piece < 8 {
        let f = CORNER_FACES[piece];
        t[f[0] as usize * 36 + f[1] as usize * 6 + f[2] as usize] = piece as u8;
        piece += 1;
    }
    t
};

/// The position that stickers of a real cube show, read through the reference
/// corner as [`Stickers::to_cube`] reads a state, without its checks: the stickers
/// here come from a position, so they are a cube's. About 30 times faster, which
/// brings the census's symmetry classes from a minute to about a second.
fn read(faces: &[u8; STICKERS]) -> Cube {
    // The reference corner (M, T, W) names L, B and D; their opposites R, F, U.
    let mut name = [0u8; 6];
    for (at, face) in [(12, 1u8), (19, 4), (22, 5)] {
        let shown = faces[at] as usize;
        name[shown] = face;
        name[OPPOSITE[shown] as usize] = OPPOSITE[face as usize];
    }
    let mut cube = Cube::SOLVED;
    for (slot, stickers) in CORNER_STICKERS.iter().enumerate() {
        let f = stickers.map(|s| name[faces[s as usize] as usize]);
        // The twist is where the U or D sticker sits.
        let twist = f.iter().position(|&x| x == 0 || x == 5).unwrap_or(0);
        let (a, b, c) = (f[twist], f[(twist + 1) % 3], f[(twist + 2) % 3]);
        cube.perm[slot] = PIECE_BY_FACES[a as usize * 36 + b as usize * 6 + c as usize];
        cube.twist[slot] = twist as u8;
    }
    cube
}

/// The symmetries that keep a move set, and words for them.
pub fn group_of(moves: &[Move]) -> (Vec<Symmetry>, String) {
    let all = Symmetry::all();
    let kept: Vec<Symmetry> = all.iter().copied().filter(|s| s.keeps(moves)).collect();
    let reflections = kept.iter().filter(|s| s.reflection).count();
    let words = match (kept.len(), reflections) {
        (48, _) => "the 48 symmetries (rotations and reflections)".to_string(),
        (24, 0) => {
            "the 24 rotations (a reflection turns clockwise moves anticlockwise)".to_string()
        }
        (n, 0) => format!("the {n} rotations that keep the moves"),
        (n, r) => format!(
            "the {n} symmetries that keep the moves ({} rotations, {r} reflections)",
            n - r
        ),
    };
    (kept, words)
}

/// Positions up to the symmetries that keep `moves`, and also up to inversion where
/// it keeps distances, counted at each of `distances` (ascending) of `dist`, a
/// distance table indexed by [`Coord`].
///
/// Inversion keeps a distance when followed by a symmetry that turns every move into
/// the inverse of a move: P = m1 ... mk becomes S P⁻¹ S⁻¹, made by k moves again.
/// For moves closed under inverses (HTM, QTM) that is every kept symmetry; for the
/// clockwise-only moves of one-way, the 24 reflections.
pub fn classes(dist: &[u8], moves: &[Move], distances: &[u32]) -> Classes {
    let (group, words) = group_of(moves);
    let reversing: Vec<Symmetry> = Symmetry::all()
        .into_iter()
        .filter(|s| s.reverses(moves))
        .collect();
    let both = !reversing.is_empty();
    let top = distances.iter().max().map_or(0, |&d| d as usize);
    let mut by_symmetry = vec![0u64; top + 1];
    let mut by_both = vec![0u64; top + 1];
    // One pass over the positions: a position not yet reached starts a class, and
    // its images are marked. Bit 0: reached up to symmetry; bit 1: up to both.
    let mut seen = vec![0u8; POSITIONS as usize];
    let mut images = Vec::with_capacity(96);
    let fast = CoordImages::of(&group, &reversing);
    for index in 0..POSITIONS {
        let mark = seen[index as usize];
        let d = dist[index as usize] as usize;
        let new_class = mark & 1 == 0;
        let new_pair = both && mark & 2 == 0;
        if !(new_class || new_pair) || d > top {
            continue;
        }
        let cube = Coord(index).cube();
        images.clear();
        fast.images(&fast.group, &cube, &mut images);
        if new_class {
            by_symmetry[d] += 1;
            for &i in &images {
                seen[i as usize] |= 1;
            }
        }
        if new_pair {
            by_both[d] += 1;
            let inverse = cube.inverse();
            match &fast.reversing {
                Some(reps) => fast.images(reps, &inverse, &mut images),
                None => images.extend(
                    reversing
                        .iter()
                        .map(|s| s.conjugate(&inverse).coord().index()),
                ),
            }
            for &i in &images {
                seen[i as usize] |= 2;
            }
        }
    }
    let pick = |v: &[u64]| {
        distances
            .iter()
            .map(|&d| v[d as usize])
            .collect::<Vec<u64>>()
    };
    let inversion_words = if reversing == group {
        format!("up to {words} and inversion")
    } else {
        format!(
            "up to {words}, and inversion followed by one of the {} reflections (which turn \
             the inverse's anticlockwise moves clockwise again)",
            reversing.len()
        )
    };
    Classes {
        group: words,
        order: group.len() as u32,
        classes: pick(&by_symmetry),
        with_inversion: both.then(|| (inversion_words, pick(&by_both))),
    }
}

/// The images of a position under the symmetries of a census. Those that keep the
/// reference corner (a subgroup H) are read from the coordinate tables of
/// [`CoordSymmetry`]; the group is H k for a few symmetries k (8 for the 48), so only
/// those go through stickers: S X S⁻¹ for S = h k is h (k X k⁻¹) h⁻¹, and reading
/// through the reference corner commutes with h, which keeps it. `census --symmetry`
/// (release, whole process): 1.2 s through stickers for all 48.
struct CoordImages {
    all: Vec<CoordSymmetry>,
    /// The group's members that keep the reference corner, as indices in `all`.
    keeping: Vec<usize>,
    /// One member of each coset `H k` (the identity first, for the first).
    group: Vec<Symmetry>,
    /// The same for the reversing symmetries, if they are H k too.
    reversing: Option<Vec<Symmetry>>,
    /// `add[a * 729 + b]`: twists `a` and `b` added ([`add_twists`]).
    add: &'static [u16],
}

impl CoordImages {
    fn of(group: &[Symmetry], reversing: &[Symmetry]) -> CoordImages {
        let all = corner_symmetries();
        let keeping: Vec<usize> = (0..all.len())
            .filter(|&i| group.contains(&all[i].symmetry))
            .collect();
        let cosets = |set: &[Symmetry]| {
            let mut reps: Vec<Symmetry> = Vec::new();
            let mut covered: Vec<Symmetry> = Vec::new();
            for s in set {
                if !covered.contains(s) {
                    reps.push(*s);
                    covered.extend(keeping.iter().map(|&h| s.then(&all[h].symmetry)));
                }
            }
            let exact = covered.len() == set.len() && covered.iter().all(|c| set.contains(c));
            exact.then_some(reps)
        };
        // Where the group is not a union of such cosets, every member goes through
        // stickers (and the identity of `all` is the only table used).
        let (keeping, group, reversing) = match cosets(group) {
            Some(reps) => (keeping.clone(), reps, cosets(reversing)),
            None => (vec![0], group.to_vec(), None),
        };
        CoordImages {
            all,
            keeping,
            group,
            reversing,
            add: twist_sums(),
        }
    }

    /// Through a symmetry that keeps the reference corner (an index in `all`).
    fn image(&self, s: usize, index: u32) -> u32 {
        let sym = &self.all[s];
        let (p, t) = ((index / TWISTS) as usize, (index % TWISTS) as usize);
        let twist = self.add[sym.shift[p] as usize * TWISTS as usize + sym.twist[t] as usize];
        u32::from(sym.perm[p]) * TWISTS + u32::from(twist)
    }

    fn images(&self, reps: &[Symmetry], cube: &Cube, out: &mut Vec<u32>) {
        let identity = self.all[0].symmetry;
        for k in reps {
            let y = if *k == identity {
                cube.coord().index()
            } else {
                k.conjugate(cube).coord().index()
            };
            out.extend(self.keeping.iter().map(|&h| self.image(h, y)));
        }
    }
}

/// Every sum of two twists: `[a * 729 + b]` is [`add_twists`]`(a, b)`. Built once a
/// process, for the census by classes and the symmetry classes alike.
pub(crate) fn twist_sums() -> &'static [u16] {
    static SUMS: std::sync::OnceLock<Vec<u16>> = std::sync::OnceLock::new();
    SUMS.get_or_init(|| {
        let mut add = vec![0u16; (TWISTS * TWISTS) as usize];
        for a in 0..TWISTS as u16 {
            for b in 0..TWISTS as u16 {
                add[a as usize * TWISTS as usize + b as usize] = add_twists(a, b);
            }
        }
        add
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::cost::Metric;
    use crate::model::pieces::FACE_LETTERS;
    use crate::model::stickers::Stickers;

    #[test]
    fn the_fast_reading_agrees_with_the_checked_one() {
        let all = Symmetry::all();
        // Every 997th position, through every symmetry.
        for index in (0..POSITIONS).step_by(997) {
            let cube = Coord(index).cube();
            assert_eq!(read(&cube.faces()), cube);
            for s in &all {
                let faces = s.moved_faces(&cube);
                let letters = Stickers(faces.map(|f| FACE_LETTERS[f as usize]));
                assert_eq!(s.conjugate(&cube), letters.to_cube().unwrap());
            }
        }
    }

    #[test]
    fn the_half_and_quarter_turn_metrics_keep_all_48_one_way_fewer() {
        assert_eq!(group_of(&Metric::Htm.steps()).0.len(), 48);
        assert_eq!(group_of(&Metric::Qtm.steps()).0.len(), 48);
        let (one_way, words) = group_of(&Metric::OneWay.steps());
        assert_eq!(one_way.len(), 24, "{words}");
        assert!(one_way.iter().all(|s| !s.is_reflection()), "{words}");
    }

    #[test]
    fn a_kept_symmetry_keeps_every_distance() {
        for metric in [Metric::Htm, Metric::OneWay] {
            let moves = metric.steps();
            let dist = crate::cube::census::distance_table_for(&moves);
            let (group, _) = group_of(&moves);
            let reversing: Vec<Symmetry> = Symmetry::all()
                .into_iter()
                .filter(|s| s.reverses(&moves))
                .collect();
            for index in (0..POSITIONS).step_by(7919) {
                let cube = Coord(index).cube();
                let d = dist[index as usize];
                for s in &group {
                    assert!(s.conjugate(&Cube::SOLVED).is_solved());
                    assert_eq!(dist[s.conjugate(&cube).coord().index() as usize], d);
                }
                for s in &reversing {
                    let image = s.conjugate(&cube.inverse());
                    assert_eq!(dist[image.coord().index() as usize], d, "{metric}");
                }
            }
        }
    }

    #[test]
    fn the_corner_symmetries_act_on_the_two_parts() {
        let all = corner_symmetries();
        assert_eq!(all.len(), 6);
        assert_eq!(all.iter().filter(|s| s.symmetry.is_reflection()).count(), 3);
        assert!((0..PERMS).all(|p| all[0].perm[p as usize] == p as u16));
        for index in (0..POSITIONS).step_by(4001) {
            let (p, t) = ((index / TWISTS) as usize, (index % TWISTS) as u16);
            for s in &all {
                let image = s.symmetry.conjugate(&Coord(index).cube()).coord().index();
                let parts = (
                    s.perm[p] as u32,
                    add_twists(s.shift[p], s.twist[t as usize]),
                );
                assert_eq!((image / TWISTS, (image % TWISTS) as u16), parts, "{index}");
            }
        }
        for m in Move::ALL {
            let made = Cube::SOLVED.apply(m);
            assert!(all.iter().all(|s| {
                Move::ALL
                    .iter()
                    .any(|&n| Cube::SOLVED.apply(n) == s.symmetry.conjugate(&made))
            }));
        }
    }

    #[test]
    fn the_composed_corner_symmetries_are_those_read_from_stickers() {
        let all = corner_symmetries();
        for s in &all {
            let read = CoordSymmetry::from_stickers(s.symmetry);
            assert_eq!(
                (&s.perm, &s.shift, &s.twist),
                (&read.perm, &read.shift, &read.twist)
            );
        }
        // Each is a different one of the 6.
        for (i, a) in all.iter().enumerate() {
            assert!(all[..i].iter().all(|b| b.symmetry != a.symmetry));
        }
    }

    /// The position `a` then `b` (both as made from solved).
    fn compose(a: &Cube, b: &Cube) -> Cube {
        let mut c = Cube::SOLVED;
        for slot in 0..8 {
            let from = b.perm[slot] as usize;
            c.perm[slot] = a.perm[from];
            c.twist[slot] = (a.twist[from] + b.twist[slot]) % 3;
        }
        c
    }

    #[test]
    fn inverse_undoes() {
        let alg: crate::model::moves::Alg = "R U2 F' R2 U F R'".parse().unwrap();
        let p = Cube::SOLVED.apply_alg(&alg);
        assert_eq!(p.inverse(), Cube::SOLVED.apply_alg(&alg.inverse()));
        assert!(compose(&p, &p.inverse()).is_solved());
    }
}
