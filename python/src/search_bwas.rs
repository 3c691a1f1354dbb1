//! DeepCubeA's batch-weighted A*, one state's search. A round pops the `batch`
//! open nodes of lowest `f = weight * g + h` not yet expanded at no greater cost,
//! expands them, and leaves their children pending for the heuristic. A solution
//! is kept once generated, and the search ends when no open node's f is below the
//! solution's `weight * g`: with weight 1 and an admissible, consistent heuristic
//! that is A*'s own stopping rule, so the solution is optimal.
//!
//! An open node is only its origin, the expanded node and move it came from,
//! packed beside its key in the open list's 8-byte entry; its row is made again
//! from its parent's when it is popped, and it is dropped then if its state was
//! expanded meanwhile at no greater cost ([`Closed`]). A child is checked before
//! the heuristic scores it ([`Duplicates`]): by default against the states
//! expanded and the round's other children ([`Twins`]), so that a search keeps 8
//! bytes for each node it generates, not 40 (a table of every node met, its record
//! and its entry: clearing the pages of those 40 bytes took a third of a 3x3x3
//! search's time, issue 64); a state generated in two rounds before either copy is
//! expanded is then scored twice (a few % more rows on the 3x3x3, up to 4x on the
//! 2x2x2 with a zeros heuristic: python/README.md). Or against every state
//! generated, as DeepCubeA does, in a table of their origins.

use crate::gather::Gathers;
use crate::open_list::OpenList;
use crate::search_closed::{Closed, Expanded};
use crate::search_engines::{AHEAD, Ended, Engine, entry, expected_of, key, room_for};
use crate::search_slots::{Node, Slots, hash_row};
use crate::search_space::{Space, same};
use crate::work::{room, try_room};
use std::collections::TryReserveError;

/// Where open nodes' origins live: packed in the entry's low 32 bits (parent above
/// the move) when every parent's number fits above the move's bits, which it does
/// for any search of fewer than 2^27 expansions on the 3x3x3; else listed, the
/// entry holding the origin's place in a list. Either way entries of one key order
/// as the nodes were generated, so the two run a search the same way.
enum Origins {
    Packed { via_bits: u32 },
    Listed(Vec<(Node, u16)>),
}

impl Origins {
    /// The form for a search of `moves` moves expanding at most `most` nodes.
    fn new(moves: usize, most: u64, expected: usize) -> Origins {
        let via_bits = usize::BITS - moves.saturating_sub(1).leading_zeros();
        if most < 1u64 << (32 - via_bits) {
            Origins::Packed { via_bits }
        } else {
            Origins::Listed(room(expected))
        }
    }

    /// Whether `more` origins still fit the entries' low 32 bits.
    fn has_room(&self, more: usize) -> bool {
        match self {
            Origins::Packed { .. } => true,
            Origins::Listed(list) => list.len().saturating_add(more) < Node::MAX as usize,
        }
    }

    fn origin(&mut self, parent: Node, via: u16) -> u32 {
        match self {
            Origins::Packed { via_bits } => parent << *via_bits | u32::from(via),
            Origins::Listed(list) => {
                list.push((parent, via));
                (list.len() - 1) as u32
            }
        }
    }

    fn of(&self, origin: u32) -> (Node, u16) {
        match self {
            Origins::Packed { via_bits } => {
                (origin >> via_bits, (origin & ((1 << via_bits) - 1)) as u16)
            }
            Origins::Listed(list) => list[origin as usize],
        }
    }
}

/// A round's children by row, so that a state generated twice in one round (the
/// moves of opposite faces commute: `R L` and `L R` from one grandparent) is scored
/// once. The table is the round's, small and in the cache; a duplicate across
/// rounds is dropped when popped (see the module's comment). On eight 3x3x3
/// searches of 300,000 expansions (a zeros heuristic, batches of 1,000) it cut the
/// rows scored from 35.3M to 32.1M, where a table of every node met scored 31.9M.
#[derive(Default)]
struct Twins {
    /// A child's number plus one, at or after its hash's home; 0 where free.
    slots: Vec<u32>,
}

impl Twins {
    /// The slots for `n` children, at most half full.
    fn slots_for(n: usize) -> usize {
        n.saturating_mul(2).next_power_of_two().max(16)
    }

    /// Empty, with room for `n` children at most half full.
    fn clear(&mut self, n: usize) {
        self.slots.clear();
        self.slots.resize(Self::slots_for(n), 0);
    }

    /// The first child of the round with the row of child `i` (whose hash is
    /// `hash`; `same(j)`: child j's row is child i's); if none, `i` is the first.
    fn first(&mut self, hash: u64, i: u32, same: impl Fn(u32) -> bool) -> Option<u32> {
        let mask = self.slots.len() - 1;
        let mut at = hash as usize & mask;
        loop {
            match self.slots[at] {
                0 => {
                    self.slots[at] = i + 1;
                    return None;
                }
                j if same(j - 1) => return Some(j - 1),
                _ => at = (at + 1) & mask,
            }
        }
    }
}

/// What a child is checked against before the heuristic scores it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum Duplicates {
    /// The states expanded, and the round's other children: 8 bytes a generated
    /// node, but a state generated in two rounds before either copy is expanded is
    /// scored twice.
    Expanded,
    /// Every state generated, as DeepCubeA does: no state is scored twice at one
    /// cost, for a table of every generated node's origin (8-byte slots, at most
    /// 3/4 full).
    Generated,
}

/// A BWAS call's settings, the same for each of its searches.
pub(crate) struct Settings {
    pub weight: f64,
    /// Nodes expanded a round.
    pub batch: usize,
    /// Expansions a search, at most (a round may end past it).
    pub max_nodes: u64,
    pub duplicates: Duplicates,
}

/// The best solution so far: its cost, and the expanded node and move that reach
/// it (none: the start is solved).
type Best = (u32, Option<(Node, u16)>);

pub(crate) struct Bwas {
    closed: Closed,
    open: OpenList,
    origins: Origins,
    /// The nodes expanded this round.
    fresh: Vec<Node>,
    /// The origins of the children waiting for the heuristic.
    pending: Vec<u32>,
    best: Option<Best>,
    weight: f64,
    batch: usize,
    max_nodes: u64,
    expanded: u64,
    /// Whether the root has been expanded: from then on a round pops its nodes.
    started: bool,
    ended: Option<Ended>,
    /// The origins of the nodes popped in a round, their rows (made again from
    /// their parents') and the rows' hashes.
    popped: Vec<u32>,
    popped_rows: Vec<u8>,
    /// The row of the open list's least entry, made again from its parent's.
    top_row: Vec<u8>,
    hashes: Vec<u64>,
    /// A round's children: every row, and the number and hash of each worth a probe.
    kids: Vec<u8>,
    probed: Vec<(u32, u64)>,
    twins: Twins,
    /// Every state generated, by its origin, where duplicates are found against
    /// them ([`Duplicates::Generated`]).
    generated: Option<Slots>,
    /// The start's hash: with a table of the generated, the one state expanded
    /// and not in it.
    root_hash: u64,
    /// The solved row's hash: a child is compared with it only on a match.
    solved_hash: u64,
}

impl Bwas {
    pub fn new(
        start: &[u8],
        solved: &[u8],
        moves: usize,
        settings: &Settings,
        searches: usize,
    ) -> Bwas {
        let &Settings {
            weight,
            batch,
            max_nodes,
            duplicates,
        } = settings;
        let batch = batch.max(1);
        let most = max_nodes.saturating_add(batch as u64 + 1);
        let mut closed = Closed::new(start.len(), room_for(most, searches));
        let hash = hash_row(start);
        let root = closed.add(
            start,
            hash,
            Expanded {
                g: 0,
                parent: Node::MAX,
                via: 0,
            },
            None,
        );
        let expected = expected_of(moves, max_nodes, searches);
        Bwas {
            closed,
            open: OpenList::new(expected),
            origins: Origins::new(moves, most, expected),
            fresh: vec![root],
            pending: Vec::new(),
            best: (start == solved).then_some((0, None)),
            weight,
            batch,
            max_nodes,
            expanded: 0,
            started: false,
            ended: None,
            popped: Vec::new(),
            popped_rows: Vec::new(),
            top_row: Vec::new(),
            hashes: Vec::new(),
            kids: Vec::new(),
            probed: Vec::new(),
            twins: Twins::default(),
            generated: (duplicates == Duplicates::Generated).then(|| Slots::new(expected)),
            root_hash: hash,
            solved_hash: hash_row(solved),
        }
    }

    /// Whether the best solution so far can no longer be beaten by an open node.
    fn proven(&self) -> bool {
        let Some((g, _)) = self.best else {
            return false;
        };
        let bound = key(self.weight * f64::from(g));
        self.open.peek().is_none_or(|e| (e >> 32) as u32 >= bound)
    }

    fn path(&self, best: Best) -> Vec<u16> {
        let Some((parent, via)) = best.1 else {
            return Vec::new();
        };
        let mut path = self.closed.path(parent);
        path.push(via);
        path
    }

    /// The cost of a child of expanded node `parent`.
    fn g_after(&self, parent: Node) -> u32 {
        self.closed.record(parent).g + 1
    }

    /// Drop the open list's least entries while their states were expanded at no
    /// greater cost, so that the stopping rule weighs a node that could still be
    /// expanded: a leftover copy at the top kept a search with its solution found
    /// one round longer (past `max_nodes`, unsolved) than one that finds
    /// duplicates as they are generated (found by a hostile review).
    fn drop_expanded_top(&mut self, space: &Space) {
        self.top_row.resize(space.moves.width, 0);
        while let Some(e) = self.open.peek() {
            let (parent, via) = self.origins.of(e as u32);
            let row = &mut self.top_row;
            space.moves.step_rows(self.closed.row(parent), &[via], row);
            let found = self.closed.find(row, hash_row(row));
            if found.is_none_or(|at| self.closed.g_at(at) > self.g_after(parent)) {
                return;
            }
            self.open.pop();
        }
    }

    /// Pop open nodes until `batch` are expanded (or none is left), each dropped
    /// if its state was expanded at no greater cost.
    fn pop(&mut self, space: &Space) {
        self.fresh.clear();
        while self.fresh.len() < self.batch {
            self.popped.clear();
            while self.popped.len() < self.batch - self.fresh.len() {
                if space.stopped_at(self.popped.len()) {
                    return;
                }
                let Some(e) = self.open.pop() else {
                    break;
                };
                self.popped.push(e as u32);
            }
            if self.popped.is_empty() {
                break;
            }
            self.close_popped(space);
        }
    }

    /// Expand the nodes popped whose states were not expanded at no greater cost.
    /// Their rows are made and hashed first, so that each one's slot is fetched
    /// ahead of its probe: probed one at a time as popped, with the misses of the
    /// cache in full, the table's probes were 31% of a 3x3x3 search's profile, and
    /// the search expanded 0.96-1.40M nodes a CPU second in five runs in a row
    /// against 1.15-1.65M after (not paired: this machine's noise is as large).
    fn close_popped(&mut self, space: &Space) {
        let w = space.moves.width;
        self.popped_rows.resize(self.popped.len() * w, 0);
        self.hashes.clear();
        for (&o, row) in self.popped.iter().zip(self.popped_rows.chunks_exact_mut(w)) {
            let (parent, via) = self.origins.of(o);
            space.moves.step_rows(self.closed.row(parent), &[via], row);
            self.hashes.push(hash_row(row));
        }
        self.closed.reserve(self.popped.len());
        for &h in self.hashes.iter().take(AHEAD) {
            self.closed.prefetch(h);
        }
        for (i, (&o, row)) in self
            .popped
            .iter()
            .zip(self.popped_rows.chunks_exact(w))
            .enumerate()
        {
            if let Some(&h) = self.hashes.get(i + AHEAD) {
                self.closed.prefetch(h);
            }
            if space.stopped_at(i) {
                return;
            }
            let (parent, via) = self.origins.of(o);
            let g = self.g_after(parent);
            let found = self.closed.find(row, self.hashes[i]);
            if found.is_some_and(|at| self.closed.g_at(at) <= g) {
                continue;
            }
            let record = Expanded { g, parent, via };
            let k = self.closed.add(row, self.hashes[i], record, found);
            self.fresh.push(k);
        }
    }

    /// Ask for a child's slots ahead of its probes.
    fn prefetch(&self, hash: u64) {
        match &self.generated {
            Some(set) => set.prefetch(hash),
            None => self.closed.prefetch(hash),
        }
    }

    /// Every child of the nodes expanded this round, but those met before at no
    /// greater cost (see [`Duplicates`]), left pending with its row in `rows`.
    fn expand(&mut self, space: &Space, rows: &mut Vec<u8>) {
        let (w, m) = (space.moves.width, space.moves.moves());
        self.children(space);
        for &(_, h) in self.probed.iter().take(AHEAD) {
            self.prefetch(h);
        }
        for at in 0..self.probed.len() {
            if let Some(&(_, h)) = self.probed.get(at + AHEAD) {
                self.prefetch(h);
            }
            if space.stopped_at(at) {
                return;
            }
            let (i, hash) = self.probed[at];
            let i = i as usize;
            let (parent, via) = (self.fresh[i / m], (i % m) as u16);
            let g = self.g_after(parent);
            let Child::New { slot } = self.check(space.moves, i, hash, g) else {
                continue;
            };
            let origin = self.origins.origin(parent, via);
            if let Some(set) = &mut self.generated {
                match slot {
                    Some(at) => set.replace(at, origin),
                    None => set.insert(hash, origin),
                }
            }
            let kid = &self.kids[i * w..(i + 1) * w];
            rows.extend_from_slice(kid);
            self.pending.push(origin);
            if hash == self.solved_hash
                && same(kid, space.solved)
                && self.best.is_none_or(|(b, _)| g < b)
            {
                self.best = Some((g, Some((parent, via))));
            }
        }
    }

    /// Every child's row into `kids`, and the number and hash of each worth a probe
    /// (not in vain after its parent's move) into `probed`; room made for them.
    fn children(&mut self, space: &Space) {
        let (w, m) = (space.moves.width, space.moves.moves());
        self.kids.resize(self.fresh.len() * m * w, 0);
        self.probed.clear();
        let rows = self.kids.chunks_exact_mut(m * w);
        for (j, (&k, out)) in self.fresh.iter().zip(rows).enumerate() {
            if space.stopped_at(j) {
                return;
            }
            space.moves.next_rows(self.closed.row(k), out);
            let last = (k != 0).then(|| self.closed.record(k).via);
            for (b, kid) in out.chunks_exact(w).enumerate() {
                if last.is_none_or(|a| !space.in_vain(a, b)) {
                    self.probed.push(((j * m + b) as u32, hash_row(kid)));
                }
            }
        }
        match &mut self.generated {
            Some(set) => set.reserve(self.probed.len()),
            None => self.twins.clear(self.probed.len()),
        }
    }

    /// Whether child `i` (its row's hash `hash`, its cost `g`) was met before at
    /// no greater cost, as [`Duplicates`] says.
    fn check(&mut self, moves: &Gathers, i: usize, hash: u64, g: u32) -> Child {
        let m = moves.moves();
        let (closed, origins) = (&self.closed, &self.origins);
        let kid = &self.kids[i * moves.width..(i + 1) * moves.width];
        let g_of = |p: Node| closed.record(p).g + 1;
        let Some(set) = &self.generated else {
            if closed
                .find(kid, hash)
                .is_some_and(|at| closed.g_at(at) <= g)
            {
                return Child::Seen;
            }
            let kids = &self.kids;
            let twin = self.twins.first(hash, i as u32, |j| {
                let j = j as usize * moves.width;
                same(&kids[j..j + moves.width], kid)
            });
            return match twin.is_some_and(|j| g_of(self.fresh[j as usize / m]) <= g) {
                true => Child::Seen,
                false => Child::New { slot: None },
            };
        };
        // Every state expanded was generated, but the root: this table answers for
        // both.
        let at = set.find(hash, |o| {
            let (p, v) = origins.of(o);
            moves.is_after(closed.row(p), v, kid)
        });
        match at {
            Some(at) if g_of(origins.of(set.node(at)).0) <= g => Child::Seen,
            None if hash == self.root_hash && same(kid, closed.row(0)) => Child::Seen,
            slot => Child::New { slot },
        }
    }
}

/// A child checked for duplicates.
enum Child {
    /// Met before at no greater cost.
    Seen,
    /// New at its cost; its slot in the table of the generated where it was met at
    /// a greater cost.
    New { slot: Option<usize> },
}

impl Engine for Bwas {
    fn round(&mut self, space: &Space, rows: &mut Vec<u8>) {
        self.pending.clear();
        if self.best.is_some() {
            self.drop_expanded_top(space);
        }
        if let Some(best) = self.best.filter(|_| self.proven()) {
            self.ended = Some(Ended::Solved {
                path: self.path(best),
                proven: true,
            });
            return;
        }
        // The most this round expands: a batch_size past the open list (even past
        // 2^32, which ended a search at once) expands all of it.
        let most = self.batch.min(self.open.len().max(1));
        if (self.started && self.open.is_empty())
            || self.expanded >= self.max_nodes
            || !self
                .origins
                .has_room(most.saturating_mul(space.moves.moves()))
            || !self.closed.has_room(most)
        {
            // A solution generated and not proven is still an answer (found by a
            // newcomer's review: it was dropped for None).
            self.ended = Some(match self.best {
                Some(best) => Ended::Solved {
                    path: self.path(best),
                    proven: false,
                },
                None => Ended::Failed,
            });
            return;
        }
        if std::mem::replace(&mut self.started, true) {
            self.pop(space);
        }
        self.expanded += self.fresh.len() as u64;
        self.expand(space, rows);
    }

    fn next_round(&self) -> usize {
        match self.ended {
            Some(_) => 0,
            None => self.batch.min(self.open.len().max(1)),
        }
    }

    fn try_room(&mut self, space: &Space) -> Result<(), TryReserveError> {
        let (w, m) = (space.moves.width, space.moves.moves());
        let n = self.next_round();
        let kids = n.saturating_mul(m);
        try_room(&mut self.kids, kids.saturating_mul(w))?;
        try_room(&mut self.probed, kids)?;
        try_room(&mut self.pending, kids)?;
        try_room(&mut self.popped, n)?;
        try_room(&mut self.popped_rows, n.saturating_mul(w))?;
        try_room(&mut self.hashes, n)?;
        try_room(&mut self.fresh, n)?;
        if let Origins::Listed(list) = &mut self.origins {
            try_room(list, list.len().saturating_add(kids))?;
        }
        self.open.try_room(kids)?;
        match &mut self.generated {
            Some(set) => set.try_reserve(kids)?,
            None => try_room(&mut self.twins.slots, Twins::slots_for(kids))?,
        }
        self.closed.try_room(n)
    }

    fn pending(&self) -> &[Node] {
        &self.pending
    }

    fn scored(&mut self, h: &[f64]) {
        for (&o, &v) in self.pending.iter().zip(h) {
            let (parent, _) = self.origins.of(o);
            let f = self.weight * f64::from(self.g_after(parent)) + v;
            self.open.push(entry(f, o));
        }
    }

    fn expanded(&self) -> u64 {
        self.expanded
    }

    fn ended(&self) -> Option<&Ended> {
        self.ended.as_ref()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle_spec::Spec;

    /// A search run to its end with `h` as heuristic: how it ended, and its
    /// expansions.
    fn run(mut search: Bwas, space: &Space, h: impl Fn(&[u8]) -> f64) -> (Ended, u64) {
        loop {
            let mut rows = Vec::new();
            search.round(space, &mut rows);
            if let Some(end) = search.ended() {
                return (end.clone(), search.expanded());
            }
            let values: Vec<f64> = rows.chunks_exact(space.moves.width).map(&h).collect();
            search.scored(&values);
        }
    }

    /// A row met twice in a round gives its first child; another row is new.
    #[test]
    fn twins_give_the_first_child_of_a_row() {
        let rows: [&[u8]; 4] = [b"ab", b"cd", b"ab", b"ef"];
        let mut twins = Twins::default();
        twins.clear(rows.len());
        let hash = |r: &[u8]| hash_row(r);
        let first = |twins: &mut Twins, i: usize| {
            twins.first(hash(rows[i]), i as u32, |j| rows[j as usize] == rows[i])
        };
        assert_eq!(first(&mut twins, 0), None);
        assert_eq!(first(&mut twins, 1), None);
        assert_eq!(first(&mut twins, 2), Some(0));
        assert_eq!(first(&mut twins, 3), None);
        twins.clear(1);
        assert_eq!(first(&mut twins, 2), None, "a new round forgets");
    }

    /// The two forms of origins run one search the same way, with either check of
    /// duplicates, to the same solution, which solves the start; the listed form is
    /// otherwise met only past 2^27 expansions of the 3x3x3.
    #[test]
    fn listed_origins_run_a_search_as_packed_ones_do() {
        let spec = Spec::named("3x3x3").expect("built in");
        let space = Space::new(&spec.gathers, &spec.solved);
        let mut start = spec.solved.clone();
        let scramble = spec.sequence("R U F' L2 D").expect("moves");
        spec.gathers.walk(&mut start, scramble.iter().copied());
        let misplaced = |row: &[u8]| {
            let wrong = row.iter().zip(&spec.solved).filter(|(a, b)| a != b).count();
            wrong as f64 / 12.0
        };
        for duplicates in [Duplicates::Expanded, Duplicates::Generated] {
            let settings = Settings {
                weight: 1.0,
                batch: 50,
                max_nodes: 200_000,
                duplicates,
            };
            let search = || Bwas::new(&start, &spec.solved, spec.moves(), &settings, 1);
            let packed = search();
            assert!(matches!(packed.origins, Origins::Packed { via_bits: 5 }));
            let mut listed = search();
            listed.origins = Origins::Listed(Vec::new());
            let (end, expanded) = run(packed, &space, misplaced);
            assert_eq!(run(listed, &space, misplaced), (end.clone(), expanded));
            let Ended::Solved { path, .. } = end else {
                panic!("{duplicates:?}: not solved in {expanded} expansions")
            };
            assert!(path.len() <= 5, "{duplicates:?}: {path:?}");
            let mut row = start.clone();
            spec.gathers.walk(&mut row, path.iter().copied());
            assert_eq!(row, spec.solved, "{duplicates:?}");
        }
    }
}
