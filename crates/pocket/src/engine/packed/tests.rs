//! Tests of the packed census against a plain breadth-first model, on tori and
//! every tuning of when a layer is listed, pushed or pulled.

use super::*;

/// A cycle of `n` states times a cycle of `w` offsets, moves ±1 on either.
struct Torus {
    n: usize,
    w: usize,
}

impl Blocks for Torus {
    fn blocks(&self) -> usize {
        self.n
    }
    fn width(&self) -> usize {
        self.w
    }
    fn move_count(&self) -> usize {
        4
    }
    fn block_after(&self, b: usize, m: usize, _: bool) -> usize {
        match m {
            0 => (b + 1) % self.n,
            1 => (b + self.n - 1) % self.n,
            _ => b,
        }
    }
    fn offset_after(&self, o: usize, m: usize, _: bool) -> usize {
        match m {
            2 => (o + 1) % self.w,
            3 => (o + self.w - 1) % self.w,
            _ => o,
        }
    }
}

/// Four pieces that move and twist: blocks are their 24 arrangements, offsets
/// their 81 twists. Moves: two generators, their inverses and the squares of
/// the four (the census wants every move's inverse); the squares make layers or
/// only count for maxima.
struct Twisty {
    perms: Vec<[usize; 4]>,
    moves: Vec<([usize; 4], [usize; 4])>,
    layers: usize,
}

impl Twisty {
    fn new(squares_make_layers: bool) -> Twisty {
        let mut perms = Vec::new();
        for a in 0..4 {
            for b in 0..4 {
                for c in 0..4 {
                    // The fourth is what the other three leave of 0 + 1 + 2 + 3.
                    let Some(d) = 6usize.checked_sub(a + b + c) else {
                        continue;
                    };
                    if a != b && b != c && a != c && d < 4 && d != a && d != b && d != c {
                        perms.push([a, b, c, d]);
                    }
                }
            }
        }
        let generators = [([1, 2, 0, 3], [1, 0, 0, 0]), ([0, 1, 3, 2], [0, 0, 1, 0])];
        let apply = |(p, t): ([usize; 4], [usize; 4]), (q, u): ([usize; 4], [usize; 4])| {
            (
                std::array::from_fn(|i| p[q[i]]),
                std::array::from_fn(|i| (t[q[i]] + u[i]) % 3),
            )
        };
        let power = |g, k| (1..k).fold(g, |acc, _| apply(acc, g));
        let order = |g| (1..).find(|&k| power(g, k + 1) == g).unwrap();
        let mut moves = Vec::new();
        for g in generators {
            moves.push(g);
            moves.push(power(g, order(g) - 1));
        }
        for g in generators {
            moves.push(power(g, 2));
            moves.push(power(g, order(g) - 2));
        }
        Twisty {
            perms,
            moves,
            layers: if squares_make_layers { 8 } else { 4 },
        }
    }
}

impl Blocks for Twisty {
    fn blocks(&self) -> usize {
        24
    }
    fn width(&self) -> usize {
        81
    }
    fn move_count(&self) -> usize {
        self.moves.len()
    }
    fn layer_moves(&self) -> usize {
        self.layers
    }
    fn block_after(&self, b: usize, m: usize, _: bool) -> usize {
        let (p, _) = self.moves[m];
        let q = self.perms[b];
        let r: [usize; 4] = std::array::from_fn(|i| q[p[i]]);
        self.perms.iter().position(|&x| x == r).unwrap()
    }
    fn offset_after(&self, o: usize, m: usize, _: bool) -> usize {
        let (p, t) = self.moves[m];
        let twist: [usize; 4] = std::array::from_fn(|i| o / 3usize.pow(i as u32) % 3);
        (0..4)
            .map(|i| (twist[p[i]] + t[i]) % 3 * 3usize.pow(i as u32))
            .sum()
    }
}

/// [`Twisty`] with each block's offsets in an order of its own, so that a move's
/// offset permutation depends on the block (one per block and move), as a split
/// orbit's does (`puzzle/spaces/split.rs`).
struct Shuffled {
    inner: Twisty,
    /// `order[b][o]`: the inner offset of offset `o` in block `b`; `place` inverts it.
    order: Vec<Vec<usize>>,
    place: Vec<Vec<usize>>,
}

impl Shuffled {
    fn new(inner: Twisty, mut seed: u64) -> Shuffled {
        let (mut order, mut place) = (Vec::new(), Vec::new());
        for _ in 0..inner.blocks() {
            let mut o: Vec<usize> = (0..inner.width()).collect();
            for i in (1..o.len()).rev() {
                seed = seed
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                o.swap(i, (seed >> 33) as usize % (i + 1));
            }
            let mut p = vec![0; o.len()];
            for (i, &x) in o.iter().enumerate() {
                p[x] = i;
            }
            order.push(o);
            place.push(p);
        }
        Shuffled {
            inner,
            order,
            place,
        }
    }
}

impl Blocks for Shuffled {
    fn blocks(&self) -> usize {
        self.inner.blocks()
    }
    fn width(&self) -> usize {
        self.inner.width()
    }
    fn move_count(&self) -> usize {
        self.inner.move_count()
    }
    fn layer_moves(&self) -> usize {
        self.inner.layer_moves()
    }
    fn block_after(&self, b: usize, m: usize, _: bool) -> usize {
        self.inner.block_after(b, m, false)
    }
    fn offset_moves(&self) -> usize {
        self.blocks() * self.move_count()
    }
    fn offset_move(&self, b: usize, m: usize) -> usize {
        b * self.move_count() + m
    }
    fn offset_after(&self, o: usize, p: usize, _: bool) -> usize {
        let (b, m) = (p / self.move_count(), p % self.move_count());
        let to = self.inner.block_after(b, m, false);
        self.place[to][self.inner.offset_after(self.order[b][o], m, false)]
    }
}

/// The census by the book: distances by a queue over the layer moves, then a
/// state is a maximum when no move at all leads further.
fn model<B: Blocks>(space: &B, roots: &[u32]) -> Counts {
    let n = space.blocks() * space.width();
    let w = space.width();
    let next = |x: usize, m: usize| {
        let p = space.offset_move(x / w, m);
        space.block_after(x / w, m, false) * w + space.offset_after(x % w, p, false)
    };
    let mut dist = vec![u32::MAX; n];
    let mut queue = std::collections::VecDeque::new();
    for &r in roots {
        dist[r as usize] = 0;
        queue.push_back(r as usize);
    }
    while let Some(x) = queue.pop_front() {
        for m in 0..space.layer_moves() {
            let y = next(x, m);
            if dist[y] == u32::MAX {
                dist[y] = dist[x] + 1;
                queue.push_back(y);
            }
        }
    }
    let mut counts = Counts::default();
    for x in (0..n).filter(|&x| dist[x] != u32::MAX) {
        let d = dist[x] as usize;
        if counts.positions.len() <= d {
            counts.positions.resize(d + 1, 0);
            counts.local_maxima.resize(d + 1, 0);
        }
        counts.positions[d] += 1;
        let further = (0..space.move_count()).any(|m| dist[next(x, m)] > dist[x]);
        counts.local_maxima[d] += u64::from(!further);
    }
    counts
}

/// Every way of building the layers: always listed, listed a little, never;
/// always pulling, pushing sometimes, always pushing.
fn tunings() -> Vec<Tuning> {
    let mut all = Vec::new();
    for max_listed in [0, 3, 1 << 16] {
        for push_factor in [0, 1, 10, u64::MAX] {
            all.push(Tuning {
                max_listed,
                push_factor,
            });
        }
    }
    all
}

#[test]
fn every_way_of_building_layers_counts_as_the_model() {
    for squares_make_layers in [true, false] {
        let space = Twisty::new(squares_make_layers);
        // Several roots break the symmetry of a single one: maxima come early.
        for roots in [&[0][..], &[0, 5, 1000], &[3, 17, 200, 900, 1500, 1943]] {
            let want = model(&space, roots);
            for tuning in tunings() {
                let got = packed_census_tuned(&space, roots, tuning, &mut |_, _| {}).unwrap();
                assert_eq!(
                    got, want,
                    "{tuning:?}, roots {roots:?}, {squares_make_layers}"
                );
            }
        }
    }
    for squares_make_layers in [true, false] {
        let space = Shuffled::new(Twisty::new(squares_make_layers), 40);
        for roots in [&[0][..], &[3, 17, 200, 900, 1500, 1943]] {
            let want = model(&space, roots);
            for tuning in tunings() {
                let got = packed_census_tuned(&space, roots, tuning, &mut |_, _| {}).unwrap();
                assert_eq!(got, want, "shuffled, {tuning:?}, roots {roots:?}");
            }
        }
    }
    for (n, w) in [(5, 7), (40, 3), (64, 33)] {
        let t = Torus { n, w };
        for tuning in tunings() {
            let got = packed_census_tuned(&t, &[0], tuning, &mut |_, _| {}).unwrap();
            assert_eq!(got, model(&t, &[0]), "{tuning:?}, {n} x {w}");
        }
    }
}

#[test]
fn a_torus_counts_as_its_distances_say() {
    for (n, w) in [(1, 1), (5, 7), (40, 3), (9, 100), (64, 33)] {
        let t = Torus { n, w };
        let c = packed_census(&t, &[0], &mut |_, _| {}).unwrap();
        let d = |a: usize, m: usize| a.min(m - a);
        let mut want = vec![0u64; n / 2 + w / 2 + 1];
        let mut maxima = want.clone();
        for b in 0..n {
            for o in 0..w {
                want[d(b, n) + d(o, w)] += 1;
                // No neighbour further: both at their cycle's far point.
                let stuck = |a: usize, m: usize| d(a, m) == m / 2;
                maxima[d(b, n) + d(o, w)] += u64::from(stuck(b, n) && stuck(o, w));
            }
        }
        assert_eq!(c.positions, want, "{n} x {w}");
        assert_eq!(c.local_maxima, maxima, "{n} x {w}");
    }
}
