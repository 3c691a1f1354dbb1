//! The layered search: the distance of states from a set of roots, one cost layer at a
//! time. Every census, distance table, goal search and pruning table of the crate is
//! this search; the bidirectional search ([`super::search`]) grows its two sides the
//! same way but keeps them for meeting.
//!
//! It comes in two forms over one idea:
//! - [`unit_distances`]: unit costs over a *product index* ([`Blocks`]), the cube's
//!   5040 x 729 coordinate. Distances are bytes in a flat array. The search pushes
//!   from an explicit frontier while it is thin, then pulls: every unseen state looks
//!   for a neighbour in the last layer, walking the array one block at a time; for a
//!   fixed move a block's neighbours all lie in one other block, so the memory touched
//!   stays in cache.
//! - [`Layered`]: any [`Space`] with any costs. Dijkstra's over buckets of the costs
//!   that occur (a move costing a million units adds one bucket, not a million), the
//!   distances in a flat array when the space has a dense index ([`Dense`]) or a hash
//!   map ([`Sparse`]) otherwise. A visitor sees each state as it is settled, with
//!   whether it is a local maximum, and may stop the search there.

use std::collections::BTreeMap;
use std::hash::Hash;
use std::ops::ControlFlow;

use ahash::AHashMap;

use super::search::{SearchError, Space};

/// Distance byte of a state not reached.
pub const UNSEEN: u8 = u8::MAX;

/// A space whose states are numbered `block * width + offset`, each move sending
/// blocks to blocks and offsets to offsets on their own (the cube's permutation and
/// twist coordinates).
pub trait Blocks: Sync {
    /// Number of blocks.
    fn blocks(&self) -> usize;
    /// States per block.
    fn width(&self) -> usize;
    /// Number of moves.
    fn move_count(&self) -> usize;
    /// The moves that make the layers of a census: the first ones. The census in
    /// two bits ([`super::packed::packed_census`]) looks at the rest only to tell a
    /// local maximum, and each of them must be the product of two of the first
    /// (a half turn costing two quarter turns); the other searches take all.
    fn layer_moves(&self) -> usize {
        self.move_count()
    }
    /// The block move `m` (or its inverse) sends `block` to.
    fn block_after(&self, block: usize, m: usize, inverse: bool) -> usize;
    /// The offset the offset move `m` (or its inverse) sends `offset` to: move `m`'s
    /// own, or the `m`th of [`Blocks::offset_moves`] when they depend on the block.
    fn offset_after(&self, offset: usize, m: usize, inverse: bool) -> usize;
    /// How many permutations of the offsets the moves make: one a move, the same in
    /// every block (the default), or more when a move's depends on its block (an
    /// orbit too large for a move table, split into the places of some of its pieces
    /// and the order of the rest: `puzzle/spaces/split.rs`). Only the census in two bits
    /// ([`super::packed::packed_census`]) takes spaces of the second kind.
    fn offset_moves(&self) -> usize {
        self.move_count()
    }
    /// Whether a move's offset permutation depends on the block: by default, when
    /// there are more of them than moves.
    fn offsets_by_block(&self) -> bool {
        self.offset_moves() != self.move_count()
    }
    /// The offset permutation move `m` makes in `block`: `m` itself by default.
    fn offset_move(&self, block: usize, m: usize) -> usize {
        let _ = block;
        m
    }
    /// For every move, the block `block` goes to and the offset permutation it makes
    /// there: one call a block, for a space that finds them together.
    fn targets(&self, block: usize, blocks: &mut [usize], offset_moves: &mut [usize]) {
        for (m, (b, o)) in blocks.iter_mut().zip(offset_moves).enumerate() {
            *b = self.block_after(block, m, false);
            *o = self.offset_move(block, m);
        }
    }
}

/// Move tables laid out for the block loops, for `N` moves: for each block the starts
/// of the blocks it goes to, and for each offset the offsets it goes to. A constant
/// `N` lets the compiler unroll the loops over moves and drop the early exits, which
/// mispredict: `pocket census --metric all` went from 272 ms to 211 ms (hyperfine
/// means, 20 runs).
struct BlockMoves<const N: usize> {
    block: Vec<[u32; N]>,
    offset: Vec<[u16; N]>,
}

impl<const N: usize> BlockMoves<N> {
    fn new<B: Blocks + ?Sized>(space: &B, inverse: bool) -> BlockMoves<N> {
        let w = space.width();
        BlockMoves {
            block: (0..space.blocks())
                .map(|b| std::array::from_fn(|m| (space.block_after(b, m, inverse) * w) as u32))
                .collect(),
            offset: (0..w)
                .map(|o| std::array::from_fn(|m| space.offset_after(o, m, inverse) as u16))
                .collect(),
        }
    }
}

/// Call `f::<N>(args)` with the move count as the constant `N` (1 to 9), so the loops
/// over moves unroll.
macro_rules! by_move_count {
    ($count:expr, $f:ident($($arg:expr),*)) => {
        match $count {
            1 => $f::<1, _>($($arg),*),
            2 => $f::<2, _>($($arg),*),
            3 => $f::<3, _>($($arg),*),
            4 => $f::<4, _>($($arg),*),
            5 => $f::<5, _>($($arg),*),
            6 => $f::<6, _>($($arg),*),
            7 => $f::<7, _>($($arg),*),
            8 => $f::<8, _>($($arg),*),
            9 => $f::<9, _>($($arg),*),
            n => panic!("a block search takes 1 to 9 moves, not {n}"),
        }
    };
}

/// Distance of every state from the nearest of `roots` (state numbers), one move one
/// step; states the moves cannot reach stay [`UNSEEN`]. For moves closed under
/// inverses this is also the distance *to* the nearest root.
pub fn unit_distances<B: Blocks + ?Sized>(space: &B, roots: &[u32]) -> Vec<u8> {
    // Every move makes layers here: distances, not only maxima; and moves offsets
    // alike in every block.
    debug_assert_eq!(space.layer_moves(), space.move_count());
    debug_assert!(!space.offsets_by_block());
    by_move_count!(space.move_count(), block_bfs(space, roots))
}

/// The largest layer kept as a list of states to push from; a larger one is found
/// again by a scan of the table. Unbounded lists of the one-way census's large
/// layers (988,788 states) made peak memory 15.9 MB for a one-state solve from the
/// table; with this cap 10.9 MB (HTM 10.6, QTM 11.2). Instructions to build the table
/// (callgrind, before / after): HTM 367 / 326 million, QTM 350 / 349, one-way 282 /
/// 324; a cap of 2^18 scanned more (one-way 336), 2^20 kept 14.0 MB.
const MAX_LISTED: usize = 1 << 19; // 524,288 states, 2 MB

fn block_bfs<const N: usize, B: Blocks + ?Sized>(space: &B, roots: &[u32]) -> Vec<u8> {
    let mut bfs = BlockBfs::<N>::new(space);
    // The layer at distance `d`: listed, or (`None`) every state the table has at `d`.
    let mut frontier: Option<Vec<u32>> = Some(Vec::with_capacity(roots.len()));
    let mut layer = 0usize;
    for &r in roots {
        if bfs.dist[r as usize] == UNSEEN {
            bfs.dist[r as usize] = 0;
            frontier.get_or_insert_with(Vec::new).push(r);
            layer += 1;
        }
    }
    let n = bfs.dist.len();
    let mut unseen = n - layer;
    let mut d = 0u8;
    while unseen > 0 {
        // Pull once the layer's pushes would outnumber the unseen states.
        let found = if layer > 0 && layer * N <= unseen {
            let (found, listed) = bfs.push(frontier.as_deref(), d, layer);
            frontier = listed;
            found
        } else {
            let found = if unseen * 2 > n {
                bfs.pull_every_state(d)
            } else {
                bfs.pull_unseen_states(d)
            };
            // A thin layer is listed to push from; a thick one is pulled again.
            frontier =
                (found * N <= unseen - found && found <= MAX_LISTED).then(|| bfs.list_layer(d + 1));
            found
        };
        if found == 0 {
            break; // nothing more is reachable
        }
        unseen -= found;
        layer = found;
        d += 1;
    }
    bfs.dist
}

/// The breadth-first search of [`block_bfs`]: its move tables and its distances, one
/// method for each way of finding the next layer.
struct BlockBfs<const N: usize> {
    forward: BlockMoves<N>,
    /// A state's predecessors are reached by the inverse moves.
    backward: BlockMoves<N>,
    width: usize,
    dist: Vec<u8>,
}

impl<const N: usize> BlockBfs<N> {
    fn new<B: Blocks + ?Sized>(space: &B) -> BlockBfs<N> {
        BlockBfs {
            forward: BlockMoves::new(space, false),
            backward: BlockMoves::new(space, true),
            width: space.width(),
            dist: vec![UNSEEN; space.blocks() * space.width()],
        }
    }

    /// Layer `d + 1` by pushing from layer `d` (`frontier`, or every state at `d` when
    /// it is not listed; `layer` states): the number of states found, and their list
    /// unless it passed its cap (then found by a scan next time).
    fn push(&mut self, frontier: Option<&[u32]>, d: u8, layer: usize) -> (usize, Option<Vec<u32>>) {
        let next = d + 1;
        let (w, forward, dist) = (self.width, &self.forward, &mut self.dist);
        let mut found = 0usize;
        let mut listing = true;
        let mut new_list = Vec::with_capacity((layer * N).min(MAX_LISTED));
        let mut push = |x: usize, dist: &mut [u8]| {
            let (targets, offsets) = (&forward.block[x / w], &forward.offset[x % w]);
            for k in 0..N {
                let y = targets[k] as usize + offsets[k] as usize;
                if dist[y] == UNSEEN {
                    dist[y] = next;
                    found += 1;
                    if listing {
                        if new_list.len() < MAX_LISTED {
                            new_list.push(y as u32);
                        } else {
                            listing = false;
                            new_list = Vec::new();
                        }
                    }
                }
            }
        };
        match frontier {
            Some(list) => {
                for &x in list {
                    push(x as usize, dist);
                }
            }
            // States reached now are at `next`, never `d`: the scan is sound.
            None => {
                for x in 0..dist.len() {
                    if dist[x] == d {
                        push(x, dist);
                    }
                }
            }
        }
        (found, Some(new_list).filter(|_| listing))
    }

    /// Layer `d + 1` by pulling, when most states are unseen: every state is tested,
    /// with no branch on whether it was seen, which a third of them were (hyperfine
    /// medians of 40 runs, census of one metric: HTM 109 to 104 ms, QTM 110 to 98 ms).
    fn pull_every_state(&mut self, d: u8) -> usize {
        let (w, next) = (self.width, d + 1);
        let mut found = 0;
        for b in 0..self.dist.len() / w {
            let sources = &self.backward.block[b];
            for o in 0..w {
                let y = b * w + o;
                let hit = self.reaches(sources, o, d);
                let here = self.dist[y];
                let take = hit & (here == UNSEEN);
                self.dist[y] = if take { next } else { here };
                found += usize::from(take);
            }
        }
        found
    }

    /// Layer `d + 1` by pulling, when most states are seen: only unseen states look
    /// for a neighbour at `d`.
    fn pull_unseen_states(&mut self, d: u8) -> usize {
        let (w, next) = (self.width, d + 1);
        let mut found = 0;
        for b in 0..self.dist.len() / w {
            let sources = &self.backward.block[b];
            for o in 0..w {
                let y = b * w + o;
                if self.dist[y] != UNSEEN {
                    continue;
                }
                if self.reaches(sources, o, d) {
                    self.dist[y] = next;
                    found += 1;
                }
            }
        }
        found
    }

    /// Whether the state at offset `o` of the block whose predecessors' blocks start
    /// at `sources` has a predecessor at `d`: every move looked at, with no branch.
    #[inline(always)]
    fn reaches(&self, sources: &[u32; N], o: usize, d: u8) -> bool {
        let offsets = &self.backward.offset[o];
        let mut hit = false;
        for k in 0..N {
            hit |= self.dist[sources[k] as usize + offsets[k] as usize] == d;
        }
        hit
    }

    /// Every state at distance `d`, in order.
    fn list_layer(&self, d: u8) -> Vec<u32> {
        (0..self.dist.len() as u32)
            .filter(|&y| self.dist[y as usize] == d)
            .collect()
    }
}

/// Local maxima of a table from [`unit_distances`], counted by distance (256 counts):
/// states from which no move leads one step further.
pub fn unit_local_maxima<B: Blocks + ?Sized>(space: &B, dist: &[u8]) -> Vec<u64> {
    by_move_count!(space.move_count(), block_maxima(space, dist))
}

fn block_maxima<const N: usize, B: Blocks + ?Sized>(space: &B, dist: &[u8]) -> Vec<u64> {
    let bm = BlockMoves::<N>::new(space, false);
    let w = space.width();
    // Counted with no branch on the answer, which is a coin toss in the largest
    // layers, into four tallies in turn so that runs of one distance do not wait on
    // each other's sums (census of one metric, medians of 40 runs: HTM 110 to 105 ms,
    // QTM 119 to 112 ms).
    let mut tallies = [[0u64; 256]; 4];
    for b in 0..dist.len() / w {
        let targets = &bm.block[b];
        for o in 0..w {
            let here = dist[b * w + o];
            let offsets = &bm.offset[o];
            let further = here.wrapping_add(1);
            let mut escape = false;
            for k in 0..N {
                escape |= dist[targets[k] as usize + offsets[k] as usize] == further;
            }
            tallies[o % 4][here as usize] += u64::from(!escape);
        }
    }
    let mut counts: Vec<u64> = (0..256)
        .map(|d| tallies.iter().map(|t| t[d]).sum())
        .collect();
    counts[UNSEEN as usize] = 0;
    counts
}

/// A space whose states have a dense index `0..size`, for flat arrays of distances.
pub trait Indexed: Space {
    /// Number of states.
    fn size(&self) -> usize;
    /// The index of a state.
    fn index(&self, s: Self::State) -> usize;
}

/// Which way distances run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Direction {
    /// The cost of reaching a state from the nearest root (making it).
    FromRoots,
    /// The cost of reaching the nearest root from a state (solving it).
    ToRoots,
}

/// A state's distance and the move beside it on a cheapest path to a root (`None` at
/// a root): the last move from a root, or the first move towards one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Reached {
    pub distance: u32,
    pub via: Option<u8>,
}

/// Where a layered search keeps what it has reached.
pub trait Store<S> {
    /// What is known of `s`.
    fn get(&self, s: S) -> Option<Reached>;
    /// Record `s`, replacing what was known.
    fn put(&mut self, s: S, r: Reached) -> Result<(), SearchError>;
    /// Room for `extra` more states, where that can be known in advance.
    fn reserve(&mut self, _extra: usize) -> Result<(), SearchError> {
        Ok(())
    }
}

const NO_MOVE: u8 = u8::MAX;

/// Distances in flat arrays over a dense index: five bytes a state whatever the
/// search reaches (18 MB for the cube).
pub struct Dense<'a, P: Indexed> {
    space: &'a P,
    distance: Vec<u32>,
    via: Vec<u8>,
}

impl<'a, P: Indexed> Dense<'a, P> {
    /// An empty store for every state of `space`.
    pub fn new(space: &'a P) -> Dense<'a, P> {
        Dense {
            space,
            distance: vec![u32::MAX; space.size()],
            via: vec![NO_MOVE; space.size()],
        }
    }
}

impl<P: Indexed> Store<P::State> for Dense<'_, P> {
    #[inline]
    fn get(&self, s: P::State) -> Option<Reached> {
        let i = self.space.index(s);
        (self.distance[i] != u32::MAX).then(|| Reached {
            distance: self.distance[i],
            via: (self.via[i] != NO_MOVE).then_some(self.via[i]),
        })
    }

    #[inline]
    fn put(&mut self, s: P::State, r: Reached) -> Result<(), SearchError> {
        let i = self.space.index(s);
        self.distance[i] = r.distance;
        self.via[i] = r.via.unwrap_or(NO_MOVE);
        Ok(())
    }
}

/// Distances in a hash map, for spaces without a dense index; refuses to hold more
/// than a limit, and reports running out of memory instead of aborting.
pub struct Sparse<S> {
    map: AHashMap<S, (u32, u8)>,
    limit: usize,
}

impl<S: Copy + Eq + Hash> Sparse<S> {
    /// An empty store that holds at most `limit` states.
    pub fn new(limit: usize) -> Sparse<S> {
        Sparse {
            map: AHashMap::default(),
            limit,
        }
    }
}

impl<S: Copy + Eq + Hash> Store<S> for Sparse<S> {
    fn get(&self, s: S) -> Option<Reached> {
        self.map.get(&s).map(|&(distance, via)| Reached {
            distance,
            via: (via != NO_MOVE).then_some(via),
        })
    }

    fn put(&mut self, s: S, r: Reached) -> Result<(), SearchError> {
        let held = self.map.len();
        if held == self.map.capacity() && self.map.try_reserve(held.max(16)).is_err() {
            return Err(SearchError::OutOfMemory(held));
        }
        if self
            .map
            .insert(s, (r.distance, r.via.unwrap_or(NO_MOVE)))
            .is_none()
            && self.map.len() > self.limit
        {
            return Err(SearchError::TooManyPositions(self.limit));
        }
        Ok(())
    }

    fn reserve(&mut self, extra: usize) -> Result<(), SearchError> {
        if extra > self.limit {
            return Ok(()); // it will give up before growing that far
        }
        self.map
            .try_reserve(extra)
            .map_err(|_| SearchError::OutOfMemory(self.map.len()))
    }
}

/// A state as it is settled: its distance, and whether it is a local maximum (no move
/// leads further; the search follows every move, so this is known).
#[derive(Clone, Copy, Debug)]
pub struct Settled<S> {
    pub state: S,
    pub distance: u32,
    pub local_maximum: bool,
}

/// Dijkstra's over cost buckets from a set of roots, over any space.
pub struct Layered<'a, P: Space> {
    space: &'a P,
    direction: Direction,
}

impl<'a, P: Space> Layered<'a, P> {
    /// A search over `space` in `direction`, following every move.
    pub fn new(space: &'a P, direction: Direction) -> Layered<'a, P> {
        Layered { space, direction }
    }

    /// Settle states in order of distance from `roots`, calling `visit` for each,
    /// until every reachable state is settled or `visit` breaks; the store then holds
    /// the distances (exact for settled states).
    pub fn run<St: Store<P::State>>(
        &self,
        roots: &[P::State],
        store: &mut St,
        mut visit: impl FnMut(Settled<P::State>) -> ControlFlow<()>,
    ) -> Result<(), SearchError> {
        let moves = self.space.moves();
        // With one cost for every move no entry is ever improved, so none is stale.
        let uniform = moves.windows(2).all(|w| w[0].cost == w[1].cost);
        let mut buckets: BTreeMap<u32, Vec<P::State>> = BTreeMap::new();
        let mut first = Vec::with_capacity(roots.len());
        for &r in roots {
            if store.get(r).is_none() {
                store.put(
                    r,
                    Reached {
                        distance: 0,
                        via: None,
                    },
                )?;
                first.push(r);
            }
        }
        buckets.insert(0, first);
        while let Some((d, layer)) = buckets.pop_first() {
            for x in layer {
                let Some(here) = store.get(x) else { continue };
                if !uniform && here.distance != d {
                    continue; // reached more cheaply since
                }
                // Settled in order of cost, a neighbour already at d or less stays
                // there, and one not yet there ends past d: so looking before relaxing
                // decides whether x is a local maximum, with no second pass.
                let mut further = false;
                for (m, spec) in moves.iter().enumerate() {
                    // From the roots, y = x m. Towards them, x = y m: y = x m'.
                    let y = match self.direction {
                        Direction::FromRoots => self.space.apply(x, m),
                        Direction::ToRoots => self.space.apply_inverse(x, m),
                    };
                    let nd = d
                        .checked_add(spec.cost)
                        .ok_or(SearchError::TooManyPositions(usize::MAX))?;
                    let better = match store.get(y) {
                        None => {
                            further = true;
                            true
                        }
                        Some(r) => {
                            further |= r.distance > d;
                            r.distance > nd
                        }
                    };
                    if better {
                        store.put(
                            y,
                            Reached {
                                distance: nd,
                                via: Some(m as u8),
                            },
                        )?;
                        let bucket = buckets.entry(nd).or_default();
                        if bucket.len() == bucket.capacity()
                            && bucket.try_reserve(bucket.len().max(16)).is_err()
                        {
                            return Err(SearchError::OutOfMemory(bucket.len()));
                        }
                        bucket.push(y);
                    }
                }
                let settled = Settled {
                    state: x,
                    distance: d,
                    local_maximum: !further,
                };
                if visit(settled).is_break() {
                    return Ok(());
                }
            }
        }
        Ok(())
    }
}
