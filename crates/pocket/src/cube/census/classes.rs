//! The census over symmetry classes: one permutation of each class of the symmetries
//! that keep the reference corner and the moves, so the table is a sixth of the
//! positions and fits in the cache.

use std::sync::OnceLock;

use crate::cube::symmetry::{CoordSymmetry, add_twists, corner_symmetries, twist_sums};
use crate::engine::layers::UNSEEN;
use crate::model::moves::Move;
use crate::model::pieces::{PERMS, TWISTS, tables};

/// The symmetries that keep the reference corner, and sums of twists, built once
/// for every census of the process.
pub(super) struct ClassTables {
    symmetries: Vec<CoordSymmetry>,
    /// `add[a * 729 + b]`: twists `a` and `b` added ([`add_twists`]).
    add: &'static [u16],
}

pub(super) fn class_tables() -> &'static ClassTables {
    static TABLES: OnceLock<ClassTables> = OnceLock::new();
    TABLES.get_or_init(|| {
        let add = twist_sums();
        ClassTables {
            symmetries: corner_symmetries(),
            add,
        }
    })
}

/// The permutations up to a group of corner symmetries: each permutation's class, by
/// its first member (the representative), and the symmetry that takes it there.
struct Classes<'a> {
    tables: &'a ClassTables,
    /// Representatives, ascending.
    reps: Vec<u16>,
    /// Permutations in each class.
    sizes: Vec<u64>,
    /// For each permutation: its class, the symmetry (an index in the tables) that
    /// maps it to the representative, and that symmetry's twist shift.
    class_of: Vec<(u16, u8, u16)>,
    /// For each class whose representative a symmetry other than the identity fixes,
    /// and each such symmetry: where it takes each twist of the class's block.
    fixing: Vec<(usize, Vec<u16>)>,
}

impl<'a> Classes<'a> {
    fn new(tables: &'a ClassTables, group: &[usize]) -> Classes<'a> {
        let mut reps = Vec::new();
        let mut sizes = Vec::new();
        let mut class_of = vec![(0u16, 0u8, 0u16); PERMS as usize];
        for p in 0..PERMS as usize {
            let (rep, s) = group
                .iter()
                .map(|&s| (tables.symmetries[s].perm[p], s))
                .min()
                .unwrap_or((p as u16, 0));
            let class = if rep as usize == p {
                reps.push(rep);
                sizes.push(0);
                reps.len() - 1
            } else {
                // A smaller member was seen first: its class is numbered.
                class_of[rep as usize].0 as usize
            };
            sizes[class] += 1;
            class_of[p] = (class as u16, s as u8, tables.symmetries[s].shift[p]);
        }
        let mut fixing = Vec::new();
        for (c, &r) in reps.iter().enumerate() {
            for &s in group {
                let sym = &tables.symmetries[s];
                if s != 0 && sym.perm[r as usize] == r {
                    let shift = sym.shift[r as usize];
                    let image = (0..TWISTS as usize)
                        .map(|o| add_twists(shift, sym.twist[o]))
                        .collect();
                    fixing.push((c, image));
                }
            }
        }
        Classes {
            tables,
            reps,
            sizes,
            class_of,
            fixing,
        }
    }
}

/// Where each move takes a class's block, for `N` moves: for each class and move the
/// start of the block it lands in, the twist map (which move, seen through which
/// symmetry) and the twist shift to add.
struct ClassMoves<'a, const N: usize> {
    add: &'a [u16],
    targets: Vec<[(u32, u16, u16); N]>,
    /// `twist[s * N + k][o]`: twist `o` after move `k`, seen through symmetry `s`.
    twist: Vec<[u16; TWISTS as usize]>,
}

impl<'a, const N: usize> ClassMoves<'a, N> {
    fn new(classes: &Classes<'a>, moves: &[Move]) -> ClassMoves<'a, N> {
        let t = tables();
        let syms = &classes.tables.symmetries;
        let targets = classes
            .reps
            .iter()
            .map(|&r| {
                std::array::from_fn(|k| {
                    let q = t.perm[r as usize][moves[k].index()] as usize;
                    let (class, s, shift) = classes.class_of[q];
                    (
                        u32::from(class) * TWISTS,
                        s as u16 * N as u16 + k as u16,
                        shift,
                    )
                })
            })
            .collect();
        let twist = syms
            .iter()
            .flat_map(|s| {
                moves
                    .iter()
                    .map(move |m| std::array::from_fn(|o| s.twist[t.twist[o][m.index()] as usize]))
            })
            .collect();
        ClassMoves {
            add: classes.tables.add,
            targets,
            twist,
        }
    }

    /// The neighbours of the block of class `c`, for each move: its start, its twist
    /// map and its shift row.
    #[inline]
    fn of(&self, c: usize) -> [(usize, &[u16; TWISTS as usize], &[u16]); N] {
        std::array::from_fn(|k| {
            let (start, map, shift) = self.targets[c][k];
            let row = shift as usize * TWISTS as usize;
            (
                start as usize,
                &self.twist[map as usize],
                &self.add[row..row + TWISTS as usize],
            )
        })
    }
}

/// Whether any byte of `word` is `b`: a zero byte of `word ^ bbbbbbbb` borrows into
/// its top bit when one is subtracted from each byte (exact for "any").
#[inline]
pub(super) fn has_byte(word: u64, b: u8) -> bool {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const TOPS: u64 = 0x8080_8080_8080_8080;
    let x = word ^ (ONES * u64::from(b));
    x.wrapping_sub(ONES) & !x & TOPS != 0
}

/// The first index from `i` of a run of 8 entries (or the shorter run that ends at
/// `end`) that may hold `b`: whole words without it are passed over 8 entries at a
/// time, which is what a layer's scan mostly meets (a pass over a thin layer, HTM
/// 0.23 to 0.14 ms, one-way 0.37 to 0.13 ms).
#[inline]
pub(super) fn skip_without(dist: &[u8], mut i: usize, end: usize, b: u8) -> usize {
    while i + 8 <= end {
        let word: [u8; 8] = dist[i..i + 8].try_into().expect("8 bytes");
        if has_byte(u64::from_ne_bytes(word), b) {
            break;
        }
        i += 8;
    }
    i
}

/// Positions and local maxima by distance (256 counts each) for `moves`, by a
/// breadth-first search over one permutation of each class of the symmetries that
/// keep the reference corner and the moves (6 for HTM and QTM, the 3 rotations for
/// one-way): a position and its images have one distance and are local maxima
/// together, so each entry counts for the permutations of its class. The table is a
/// sixth of the positions (620 KB, in the second-level cache).
pub(super) fn by_classes(moves: &[Move]) -> (Vec<u64>, Vec<u64>) {
    let tables = class_tables();
    let group: Vec<usize> = (0..tables.symmetries.len())
        .filter(|&s| tables.symmetries[s].symmetry.keeps(moves))
        .collect();
    let classes = Classes::new(tables, &group);
    match moves.len() {
        3 => class_search::<3>(&classes, moves),
        6 => class_search::<6>(&classes, moves),
        9 => class_search::<9>(&classes, moves),
        n => unreachable!("a metric has 3, 6 or 9 moves, not {n}"),
    }
}

fn class_search<const N: usize>(classes: &Classes<'_>, moves: &[Move]) -> (Vec<u64>, Vec<u64>) {
    let forward = ClassMoves::<N>::new(classes, moves);
    let undo: Vec<Move> = moves.iter().map(|m| m.inverse()).collect();
    let backward = ClassMoves::<N>::new(classes, &undo);
    let n = classes.reps.len() * TWISTS as usize;
    let mut dist = vec![UNSEEN; n];
    dist[0] = 0; // solved: the identity permutation is its own class, first
    let (mut d, mut layer, mut unseen) = (0u8, 1usize, n - 1);
    loop {
        // Push while the layer is smaller than the unseen entries: a push is now a
        // little dearer per move than a pull, not twice (the one-way layer 15 to 16,
        // 4.8 to 3.1 ms; with the branchy push, under half was the better bound: CPU
        // 67 to 60 ms against pushing only while a layer is under a 36th of them).
        let found = if layer < unseen {
            push_classes(&mut dist, classes, &forward, d)
        } else {
            pull_classes(&mut dist, &backward, d)
        };
        if found == 0 {
            break;
        }
        unseen -= found;
        layer = found;
        d += 1;
    }
    tally_classes(&dist, classes, &forward)
}

/// Layer `d + 1` pushed from a thin layer `d`: entries found.
fn push_classes<const N: usize>(
    dist: &mut [u8],
    classes: &Classes<'_>,
    forward: &ClassMoves<N>,
    d: u8,
) -> usize {
    let (w, next) = (TWISTS as usize, d + 1);
    let mut found = 0;
    for c in 0..classes.reps.len() {
        let around = forward.of(c);
        let mut o = 0;
        while o < w {
            o = skip_without(dist, c * w + o, c * w + w, d) - c * w;
            let end = (o + 8).min(w);
            for o in o..end {
                if dist[c * w + o] != d {
                    continue;
                }
                for &(start, map, add) in &around {
                    let y = start + add[map[o] as usize] as usize;
                    // No branch on it: new or not is a coin toss in the big layers
                    // (HTM 8 to 9, 4.7 to 2.9 ms).
                    let fresh = dist[y] == UNSEEN;
                    dist[y] = if fresh { next } else { dist[y] };
                    found += usize::from(fresh);
                }
            }
            o = end;
        }
    }
    // A push reaches one image of each position in a class's block; where symmetries
    // fix the representative, its other images are in the same block and are marked
    // here (a pull looks at each entry's own neighbours, so needs none of this).
    for (c, image) in &classes.fixing {
        for o in 0..w {
            let y = c * w + image[o] as usize;
            if dist[c * w + o] == next && dist[y] == UNSEEN {
                dist[y] = next;
                found += 1;
            }
        }
    }
    found
}

/// Layer `d + 1` pulled from a thick layer `d`: every unseen entry looks for a
/// neighbour in it. Entries found.
fn pull_classes<const N: usize>(dist: &mut [u8], backward: &ClassMoves<N>, d: u8) -> usize {
    let (w, next) = (TWISTS as usize, d + 1);
    let mut found = 0;
    for c in 0..dist.len() / w {
        let around = backward.of(c);
        let mut o = 0;
        while o < w {
            o = skip_without(dist, c * w + o, c * w + w, UNSEEN) - c * w;
            let end = (o + 8).min(w);
            for o in o..end {
                let y = c * w + o;
                if dist[y] != UNSEEN {
                    continue;
                }
                let mut hit = false;
                for &(start, map, add) in &around {
                    hit |= dist[start + add[map[o] as usize] as usize] == d;
                }
                if hit {
                    dist[y] = next;
                    found += 1;
                }
            }
            o = end;
        }
    }
    found
}

/// Positions and local maxima at each distance: each entry counts for the positions
/// of its class, and is a maximum when no move leads one further.
fn tally_classes<const N: usize>(
    dist: &[u8],
    classes: &Classes<'_>,
    forward: &ClassMoves<N>,
) -> (Vec<u64>, Vec<u64>) {
    let w = TWISTS as usize;
    let mut positions = vec![0u64; 256];
    let mut maxima = vec![0u64; 256];
    let mut here_count = [0u64; 256];
    let mut here_maxima = [0u64; 256];
    for c in 0..classes.reps.len() {
        let around = forward.of(c);
        here_count.fill(0);
        here_maxima.fill(0);
        for o in 0..w {
            let here = dist[c * w + o];
            let further = here.wrapping_add(1);
            let mut escape = false;
            for &(start, map, add) in &around {
                escape |= dist[start + add[map[o] as usize] as usize] == further;
            }
            here_count[here as usize] += 1;
            here_maxima[here as usize] += u64::from(!escape);
        }
        let size = classes.sizes[c];
        for k in 0..256 {
            positions[k] += here_count[k] * size;
            maxima[k] += here_maxima[k] * size;
        }
    }
    positions[UNSEEN as usize] = 0;
    maxima[UNSEEN as usize] = 0;
    (positions, maxima)
}
