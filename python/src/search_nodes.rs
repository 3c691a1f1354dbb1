//! The nodes of one batched search: every state met, with its cost so far, its
//! parent and the move from it, found again through an open-addressing table of
//! node numbers hashed on the row's bytes (no allocation a node: a search meets
//! millions). Each slot keeps 32 bits of its row's hash beside the node, so a probe
//! looks further only on a likely match, and a node's children have their slots
//! fetched ahead together.
//!
//! Rows are kept whole only for the nodes expanded (and the root): any other node's
//! row is its parent's row after one move, one gather away. A 3x3x3 search
//! generates about 13 new nodes for each one it expands, so this keeps a 54-byte
//! row for one node in 13; storing every row made the search spend a quarter of its
//! time having the kernel zero fresh pages (python/README.md has the figures).

use crate::gather::Gathers;

/// Whether two rows of one width are equal, eight bytes at a time: inlined, where
/// `==` on slices calls memcmp (20% of a 2x2x2 search's time).
#[inline]
pub(crate) fn same(a: &[u8], b: &[u8]) -> bool {
    let (a8, a_tail) = a.as_chunks::<8>();
    let (b8, b_tail) = b.as_chunks::<8>();
    a8.iter()
        .zip(b8)
        .all(|(x, y)| u64::from_ne_bytes(*x) == u64::from_ne_bytes(*y))
        && a_tail == b_tail
}

/// A vector with room for `n` items, asked for in 2 MB pages where it is large: its
/// pages are touched only as nodes come, and it never moves as it grows. Growing
/// by doubling copied every row again and faulted its pages in twice (a 3x3x3
/// search spent 40% of its time in the kernel). Without the room (an address-space
/// limit), it grows as a vector does.
pub(crate) fn room<T>(n: usize) -> Vec<T> {
    let mut v = Vec::new();
    if v.try_reserve_exact(n).is_ok() {
        advise_past_small_start(v.as_ptr() as usize, n * std::mem::size_of::<T>());
    }
    v
}

/// The start of a search's buffer left in small pages: a search that stays small
/// (most, in a batch of thousands) then touches a few 4 KB pages, not a 2 MB page
/// for each buffer (20,000 2x2x2 searches at once were killed for memory, 24 GB).
const SMALL_START: usize = 4 << 20;

/// Ask for 2 MB pages in `bytes` from `start`, past its first [`SMALL_START`].
fn advise_past_small_start(start: usize, bytes: usize) {
    if bytes > SMALL_START {
        crate::work::advise_huge_pages(start + SMALL_START, bytes - SMALL_START);
    }
}

/// A node's number in its search's arena.
pub(crate) type Node = u32;

/// A free slot. A slot holds the node plus one, so that free is 0 and a fresh table
/// is the system's zeroed pages, untouched until used.
const EMPTY: u64 = 0;

/// A table of `n` free slots, in 2 MB pages where large: probes are random over
/// hundreds of MB, and in 4 KB pages each missed the TLB (half of a 3x3x3 search's
/// time sat on the slot's prefetch).
fn free_slots(n: usize) -> Vec<u64> {
    let slots = vec![EMPTY; n];
    crate::work::advise_huge_pages(slots.as_ptr() as usize, n * 8);
    slots
}

/// The least room (in slots) worth asking for zeroed at a search's start: 64 MB,
/// past the size up to which the C allocator might serve a zeroed request from
/// memory it writes zeros over, so that the room is the system's untouched pages.
const ZEROED_ROOM: usize = 1 << 23;

/// `n` free slots in zeroed room for `room` (a power of two, at least
/// [`ZEROED_ROOM`]), so that the table can double where it lies
/// ([`Nodes::grow_in_place`]): everything past the vector's length stays zero, as
/// nothing is written there. Growing into a fresh table each time zeroed twice the
/// final table's memory, the largest share of a 3x3x3 search's page faults (issue 64).
/// None where the room cannot be had (the table then grows as before).
fn zeroed_slots(n: usize, room: usize) -> Option<Vec<u64>> {
    let layout = std::alloc::Layout::array::<u64>(room).ok()?;
    // SAFETY: the layout has a nonzero size (room >= ZEROED_ROOM).
    let ptr = unsafe { std::alloc::alloc_zeroed(layout) } as *mut u64;
    if ptr.is_null() {
        return None;
    }
    advise_past_small_start(ptr as usize, room * 8);
    // SAFETY: allocated by the global allocator with the layout of `room` u64s, and
    // the first `n` (n <= room) are initialised: zero is EMPTY.
    Some(unsafe { Vec::from_raw_parts(ptr, n.min(room), room) })
}

/// The bit of [`Record::row`] that says the row is the node's own.
const OWN: u32 = 1 << 31;

/// What a node knows, in one 16-byte record so that a probe's match costs one cache
/// miss, not one an array.
#[derive(Clone, Copy)]
pub(crate) struct Record {
    /// Its cost so far.
    pub g: u32,
    pub parent: Node,
    /// The kept row that gives its row: its own, with [`OWN`] set, or else its
    /// parent's, to be moved by `via`. A node met again is then checked with one
    /// miss of the cache for the row, not one for its parent's record as well.
    row: u32,
    /// The move from its parent.
    pub via: u16,
    /// Expanded, and not reopened since (BWAS's closed set).
    pub closed: bool,
}

/// A table grows past 3/4 full. Slots are contiguous and carry a tag, so a longer
/// linear probe costs little next to the memory a half-empty table faults in.
fn crowded(nodes: usize, slots: usize) -> bool {
    nodes * 4 > slots * 3
}

pub(crate) struct Nodes {
    width: usize,
    /// The rows kept whole: the root's and each expanded node's.
    rows: Vec<u8>,
    pub records: Vec<Record>,
    /// The hash's high 32 bits, then the node plus one; EMPTY where free. A hash's
    /// home slot is its top bits, so that growing the table places each slot again
    /// from its own bits, with no hash kept a node and no row read.
    slots: Vec<u64>,
    hasher: ahash::RandomState,
}

impl Nodes {
    /// An empty arena with room asked for `expected` nodes, `kept` of them with
    /// their rows (see [`room`]).
    pub fn new(width: usize, expected: usize, kept: usize) -> Nodes {
        // The table that holds `expected` nodes within the load of [`crowded`].
        let most = (expected.saturating_mul(4) / 3 + 1).next_power_of_two();
        let slots = (most >= ZEROED_ROOM)
            .then(|| zeroed_slots(1 << 10, most))
            .flatten()
            .unwrap_or_else(|| free_slots(1 << 10));
        Nodes {
            width,
            rows: room(kept.saturating_mul(width)),
            records: room(expected),
            slots,
            // Fixed keys: a search runs the same way every time.
            hasher: ahash::RandomState::with_seeds(1, 2, 3, 4),
        }
    }

    pub fn len(&self) -> usize {
        self.records.len()
    }

    /// Whether `more` nodes still fit the numbering: a node is a u32, and a kept
    /// row's number has [`OWN`] above it (2^31 nodes, past any memory today's
    /// machines give one search, end it as out of budget).
    pub fn has_room(&self, more: usize) -> bool {
        self.len().saturating_add(more) < OWN as usize
    }

    /// The row of `n`, which must be kept ([`Nodes::keep`]).
    pub fn row(&self, n: Node) -> &[u8] {
        self.kept(self.records[n as usize].row)
    }

    /// Kept row `k` (the [`OWN`] bit ignored).
    fn kept(&self, k: u32) -> &[u8] {
        let at = (k & !OWN) as usize * self.width;
        &self.rows[at..at + self.width]
    }

    /// Keep the row of `n` whole, ahead of its expansion: its parent's row (kept,
    /// as the parent was expanded) after the move that reached it.
    pub fn keep(&mut self, n: Node, moves: &Gathers) {
        let r = self.records[n as usize];
        if r.row & OWN != 0 {
            return;
        }
        let k = self.rows.len() / self.width;
        let from = r.row as usize * self.width;
        self.rows.resize(self.rows.len() + self.width, 0);
        let (before, new) = self.rows.split_at_mut(k * self.width);
        moves.step_rows(&before[from..from + self.width], &[r.via], new);
        self.records[n as usize].row = k as u32 | OWN;
    }

    /// Whether node `c` holds `row`.
    fn holds(&self, c: Node, row: &[u8], moves: &Gathers) -> bool {
        let r = self.records[c as usize];
        if r.row & OWN != 0 {
            return same(self.kept(r.row), row);
        }
        moves.is_after(self.kept(r.row), r.via, row)
    }

    /// The hash of a row, for [`Nodes::find`], [`Nodes::add`] and [`Nodes::prefetch`].
    pub fn hash(&self, row: &[u8]) -> u64 {
        self.hasher.hash_one(row)
    }

    /// The hash any arena gives `row` (their keys are fixed).
    pub fn hash_of(row: &[u8]) -> u64 {
        ahash::RandomState::with_seeds(1, 2, 3, 4).hash_one(row)
    }

    /// The home slot of a hash's top 32 bits in a table of `len` slots.
    fn home(tag: u64, len: usize) -> usize {
        (tag << 32 >> (64 - len.trailing_zeros())) as usize
    }

    /// Ask for the slot of a hash ahead of its probe.
    pub fn prefetch(&self, hash: u64) {
        let at = Self::home(hash >> 32, self.slots.len());
        #[cfg(target_arch = "x86_64")]
        // SAFETY: a prefetch of an address inside the table; it never faults.
        unsafe {
            use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
            _mm_prefetch::<_MM_HINT_T0>(self.slots.as_ptr().add(at) as *const i8);
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = at;
    }

    /// The node of `row` (whose hash is `hash`), if met before.
    pub fn find(&self, row: &[u8], hash: u64, moves: &Gathers) -> Option<Node> {
        let mask = self.slots.len() - 1;
        let tag = hash >> 32;
        let mut at = Self::home(tag, self.slots.len());
        loop {
            match self.slots[at] {
                EMPTY => return None,
                s if s >> 32 == tag && self.holds(s as Node - 1, row, moves) => {
                    return Some(s as Node - 1);
                }
                _ => at = (at + 1) & mask,
            }
        }
    }

    /// Room for `more` nodes without the table growing: call before a node's
    /// children are hashed, as growing moves their slots.
    pub fn reserve(&mut self, more: usize) {
        while crowded(self.len() + more, self.slots.len()) {
            if self.slots.capacity() >= 2 * self.slots.len() {
                self.grow_in_place();
                continue;
            }
            let bigger = free_slots(self.slots.len() * 2);
            let old = std::mem::replace(&mut self.slots, bigger);
            for s in old.into_iter().filter(|&s| s != EMPTY) {
                self.place(s);
            }
        }
    }

    /// Double the table within its zeroed room ([`zeroed_slots`]). A slot's home in
    /// twice the table is twice its home, or one more, so slots taken from the end
    /// down move up or stay: each is placed at or after its new home, which lies at
    /// or past its old place, where only slots already moved can be. The few that
    /// cannot be placed so (the run from slot 0, which may have wrapped round the
    /// end; a home before the old place; a probe that would wrap) are placed after.
    fn grow_in_place(&mut self) {
        let (old, new) = (self.slots.len(), self.slots.len() * 2);
        // SAFETY: the capacity holds `new` slots (checked by the caller), and those
        // past the length are zero, as nothing is written there (zeroed_slots).
        unsafe { self.slots.set_len(new) };
        let mut later = Vec::new();
        for i in 0..old {
            if self.slots[i] == EMPTY {
                break;
            }
            later.push(std::mem::replace(&mut self.slots[i], EMPTY));
        }
        for i in (0..old).rev() {
            let slot = std::mem::replace(&mut self.slots[i], EMPTY);
            if slot == EMPTY {
                continue;
            }
            let mut at = Self::home(slot >> 32, new);
            if at < i {
                later.push(slot);
                continue;
            }
            while at < new && self.slots[at] != EMPTY {
                at += 1;
            }
            if at == new {
                later.push(slot);
            } else {
                self.slots[at] = slot;
            }
        }
        for slot in later {
            self.place(slot);
        }
    }

    /// The root: a node for `row`, its row kept.
    pub fn add_root(&mut self, row: &[u8]) -> Node {
        self.reserve(1);
        let hash = self.hash(row);
        let k = (self.rows.len() / self.width) as u32;
        self.rows.extend_from_slice(row);
        self.push(
            hash,
            Record {
                g: 0,
                parent: Node::MAX,
                row: k | OWN,
                via: 0,
                closed: false,
            },
        )
    }

    /// A new node (not met before; its row's hash `hash`), reached from `parent`
    /// (kept) by `via`. Room must have been reserved.
    pub fn add(&mut self, hash: u64, g: u32, parent: Node, via: u16) -> Node {
        let row = self.records[parent as usize].row & !OWN;
        self.push(
            hash,
            Record {
                g,
                parent,
                row,
                via,
                closed: false,
            },
        )
    }

    fn push(&mut self, hash: u64, record: Record) -> Node {
        let n = self.len() as Node;
        self.records.push(record);
        self.place((hash >> 32) << 32 | (u64::from(n) + 1));
        n
    }

    /// Node `c` met again by a shorter way: cost `g`, from `parent` (kept) by
    /// `via`, and open again.
    pub fn reach(&mut self, c: Node, g: u32, parent: Node, via: u16) {
        let from = self.records[parent as usize].row & !OWN;
        let r = &mut self.records[c as usize];
        (r.g, r.parent, r.via, r.closed) = (g, parent, via, false);
        if r.row & OWN == 0 {
            r.row = from;
        }
    }

    /// Put a slot (tag and node) at or after its home.
    fn place(&mut self, slot: u64) {
        let mask = self.slots.len() - 1;
        let mut at = Self::home(slot >> 32, self.slots.len());
        while self.slots[at] != EMPTY {
            at = (at + 1) & mask;
        }
        self.slots[at] = slot;
    }

    /// The moves from the root (node 0) to `n`.
    pub fn path(&self, mut n: Node) -> Vec<u16> {
        let mut moves = Vec::new();
        while n != 0 {
            let r = self.records[n as usize];
            moves.push(r.via);
            n = r.parent;
        }
        moves.reverse();
        moves
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Rows of 8 bytes, all different: their nodes are found again after the table
    /// doubled where it lies ten times over, and rows never added are not.
    #[test]
    fn a_table_grown_in_place_finds_every_node_and_no_other() {
        let moves = Gathers::new(8, &[(0..8).collect()]);
        // Room for 2^23 slots: the zeroed room, grown in place from 2^10.
        let mut nodes = Nodes::new(8, 6_000_000, 1 << 20);
        assert!(nodes.slots.capacity() >= ZEROED_ROOM, "zeroed room");
        let row = |i: u64| (i.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ 0x5555).to_ne_bytes();
        let n = 1_000_000u64;
        for i in 0..n {
            nodes.add_root(&row(i));
        }
        assert!(nodes.slots.len() >= 1 << 20, "{}", nodes.slots.len());
        for i in 0..n {
            let r = row(i);
            assert_eq!(
                nodes.find(&r, nodes.hash(&r), &moves),
                Some(i as Node),
                "{i}"
            );
        }
        for i in n..n + 10_000 {
            let r = row(i);
            assert_eq!(nodes.find(&r, nodes.hash(&r), &moves), None, "{i}");
        }
    }

    /// A cluster near the start but apart from slot 0: 6 rows whose home is slot 6 of
    /// 1,024, then 8 whose home is slot 5, which stand after them. When the table
    /// doubles, those 8 have new homes (10 or 11) before their old places, and must
    /// wait until the first 6 have moved up (to 12 or 13) past them.
    #[test]
    fn a_cluster_that_outruns_its_doubled_homes_is_placed_after() {
        let moves = Gathers::new(8, &[(0..8).collect()]);
        let mut nodes = Nodes::new(8, 6_000_000, 4096);
        assert_eq!(nodes.slots.len(), 1 << 10);
        let home = |nodes: &Nodes, r: &[u8; 8]| Nodes::home(nodes.hash(r) >> 32, 1 << 10);
        let rows: Vec<[u8; 8]> = (0..400_000u64)
            .map(|i| (i * 7919 + 13).to_ne_bytes())
            .collect();
        let mut cluster: Vec<_> = rows
            .iter()
            .filter(|r| home(&nodes, r) == 6)
            .take(6)
            .collect();
        cluster.extend(rows.iter().filter(|r| home(&nodes, r) == 5).take(8));
        assert_eq!(cluster.len(), 14);
        cluster.extend(rows.iter().filter(|r| home(&nodes, r) >= 100).take(800));
        for r in &cluster {
            nodes.add_root(&r[..]);
        }
        assert!(nodes.slots.len() > 1 << 10, "it grew");
        for (i, r) in cluster.iter().enumerate() {
            assert_eq!(
                nodes.find(&r[..], nodes.hash(&r[..]), &moves),
                Some(i as Node),
                "{i}"
            );
        }
    }
}
