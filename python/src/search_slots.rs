//! The open-addressing table through which a search finds a row's node again: node
//! numbers hashed on their rows' bytes (no allocation a node: a search meets
//! millions). Each slot keeps the top 32 bits of its row's hash beside the node, so
//! a probe reads a row only on a likely match, and its home slot is those bits, so
//! that growing the table places each slot again from its own bits, with no hash
//! kept a node and no row read. Which rows the nodes hold is the caller's:
//! [`Slots::find`] asks it.

/// The hash of a row, for its slot: fixed keys, so that a search runs the same way
/// every time.
pub(crate) fn hash_row(row: &[u8]) -> u64 {
    static KEYS: ahash::RandomState = ahash::RandomState::with_seeds(1, 2, 3, 4);
    KEYS.hash_one(row)
}

use std::collections::TryReserveError;

/// A node's number in its search.
pub(crate) type Node = u32;

/// A free slot. A slot holds the node plus one, so that free is 0 and a fresh table
/// is the system's zeroed pages, untouched until used.
const EMPTY: u64 = 0;

/// A table of `n` free slots, in 2 MB pages where large: probes are random over
/// hundreds of MB, and in 4 KB pages each missed the TLB (half of a 3x3x3 search's
/// time sat on the slot's prefetch).
fn free_slots(n: usize) -> Result<Vec<u64>, TryReserveError> {
    let mut slots = Vec::new();
    slots.try_reserve_exact(n)?;
    slots.resize(n, EMPTY);
    crate::work::advise_huge_pages(slots.as_ptr() as usize, n * 8);
    Ok(slots)
}

/// The least room (in slots) worth asking for zeroed at a search's start: 64 MB,
/// past the size up to which the C allocator might serve a zeroed request from
/// memory it writes zeros over, so that the room is the system's untouched pages.
pub(crate) const ZEROED_ROOM: usize = 1 << 23;

/// `n` free slots in zeroed room for `room` (a power of two, at least
/// [`ZEROED_ROOM`]), so that the table can double where it lies
/// ([`Slots::grow_in_place`]): everything past the vector's length stays zero, as
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
    crate::work::advise_past_small_start(ptr as usize, room * 8);
    // SAFETY: allocated by the global allocator with the layout of `room` u64s, and
    // the first `n` (n <= room) are initialised: zero is EMPTY.
    Some(unsafe { Vec::from_raw_parts(ptr, n.min(room), room) })
}

/// A table grows past 3/4 full. Slots are contiguous and carry a tag, so a longer
/// linear probe costs little next to the memory a half-empty table faults in.
fn crowded(nodes: usize, slots: usize) -> bool {
    nodes * 4 > slots * 3
}

pub(crate) struct Slots {
    /// The hash's high 32 bits, then the node plus one; EMPTY where free.
    slots: Vec<u64>,
    /// The nodes placed.
    len: usize,
}

impl Slots {
    /// An empty table, with zeroed room to grow in place where `expected` nodes
    /// would need [`ZEROED_ROOM`] or more.
    pub fn new(expected: usize) -> Slots {
        // The table that holds `expected` nodes within the load of [`crowded`].
        let most = (expected.saturating_mul(4) / 3 + 1).next_power_of_two();
        let slots = (most >= ZEROED_ROOM)
            .then(|| zeroed_slots(1 << 10, most))
            .flatten()
            .unwrap_or_else(|| vec![EMPTY; 1 << 10]);
        Slots { slots, len: 0 }
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

    /// The slot (its index) of the node whose row has hash `hash`, where `holds`
    /// says a node of the same tag holds the row sought.
    pub fn find(&self, hash: u64, mut holds: impl FnMut(Node) -> bool) -> Option<usize> {
        let mask = self.slots.len() - 1;
        let tag = hash >> 32;
        let mut at = Self::home(tag, self.slots.len());
        loop {
            match self.slots[at] {
                EMPTY => return None,
                s if s >> 32 == tag && holds(s as Node - 1) => return Some(at),
                _ => at = (at + 1) & mask,
            }
        }
    }

    /// The node in slot `at` (one [`Slots::find`] gave).
    pub fn node(&self, at: usize) -> Node {
        self.slots[at] as Node - 1
    }

    /// Slot `at` (one [`Slots::find`] gave) holds `node` from now on.
    pub fn replace(&mut self, at: usize, node: Node) {
        self.slots[at] = self.slots[at] >> 32 << 32 | (u64::from(node) + 1);
    }

    /// Room for `more` nodes without the table growing: call before the slots of
    /// nodes to add are fetched ahead, as growing moves them. A round asks for its
    /// room first ([`Slots::try_reserve`]), so that this never needs memory it
    /// cannot have.
    pub fn reserve(&mut self, more: usize) {
        if let Err(e) = self.try_reserve(more) {
            panic!("a search's table could not grow: {e}");
        }
    }

    /// [`Slots::reserve`], or the error of asking for the memory.
    pub fn try_reserve(&mut self, more: usize) -> Result<(), TryReserveError> {
        while crowded(self.len.saturating_add(more), self.slots.len()) {
            if self.slots.capacity() >= 2 * self.slots.len() {
                self.grow_in_place();
                continue;
            }
            let bigger = free_slots(self.slots.len() * 2)?;
            let old = std::mem::replace(&mut self.slots, bigger);
            for s in old.into_iter().filter(|&s| s != EMPTY) {
                self.place(s);
            }
        }
        Ok(())
    }

    /// Add `node`, whose row has hash `hash` and is not in the table.
    pub fn insert(&mut self, hash: u64, node: Node) {
        self.reserve(1);
        self.len += 1;
        self.place((hash >> 32) << 32 | (u64::from(node) + 1));
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

    /// Put a slot (tag and node) at or after its home.
    fn place(&mut self, slot: u64) {
        let mask = self.slots.len() - 1;
        let mut at = Self::home(slot >> 32, self.slots.len());
        while self.slots[at] != EMPTY {
            at = (at + 1) & mask;
        }
        self.slots[at] = slot;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A table of the hashes of numbers, each node the number: `find` by value.
    fn find(slots: &Slots, hashes: &[u64], i: usize) -> Option<Node> {
        slots
            .find(hashes[i], |c| c as usize == i)
            .map(|at| slots.node(at))
    }

    fn hashes(n: u64) -> Vec<u64> {
        let hasher = ahash::RandomState::with_seeds(1, 2, 3, 4);
        (0..n).map(|i| hasher.hash_one(i)).collect()
    }

    /// Nodes found again after the table doubled where it lies ten times over, and
    /// numbers never added are not.
    #[test]
    fn a_table_grown_in_place_finds_every_node_and_no_other() {
        // Room for 2^23 slots: the zeroed room, grown in place from 2^10.
        let mut slots = Slots::new(6_000_000);
        assert!(slots.slots.capacity() >= ZEROED_ROOM, "zeroed room");
        let n = 1_000_000;
        let hashes = hashes(n as u64 + 10_000);
        for (i, &h) in hashes.iter().enumerate().take(n) {
            slots.insert(h, i as Node);
        }
        assert!(slots.slots.len() >= 1 << 20, "{}", slots.slots.len());
        for i in 0..n {
            assert_eq!(find(&slots, &hashes, i), Some(i as Node), "{i}");
        }
        for i in n..n + 10_000 {
            assert_eq!(find(&slots, &hashes, i), None, "{i}");
        }
    }

    /// A cluster near the start but apart from slot 0: 6 hashes whose home is slot 6
    /// of 1,024, then 8 whose home is slot 5, which stand after them. When the table
    /// doubles, those 8 have new homes (10 or 11) before their old places, and must
    /// wait until the first 6 have moved up (to 12 or 13) past them.
    #[test]
    fn a_cluster_that_outruns_its_doubled_homes_is_placed_after() {
        let mut slots = Slots::new(6_000_000);
        assert_eq!(slots.slots.len(), 1 << 10);
        let all = hashes(400_000);
        let home = |h: u64| Slots::home(h >> 32, 1 << 10);
        let mut cluster: Vec<u64> = all
            .iter()
            .copied()
            .filter(|&h| home(h) == 6)
            .take(6)
            .collect();
        cluster.extend(all.iter().copied().filter(|&h| home(h) == 5).take(8));
        assert_eq!(cluster.len(), 14);
        cluster.extend(all.iter().copied().filter(|&h| home(h) >= 100).take(800));
        for (i, &h) in cluster.iter().enumerate() {
            slots.insert(h, i as Node);
        }
        assert!(slots.slots.len() > 1 << 10, "it grew");
        for i in 0..cluster.len() {
            assert_eq!(find(&slots, &cluster, i), Some(i as Node), "{i}");
        }
    }

    /// A replaced slot gives its new node, found by the same hash.
    #[test]
    fn a_replaced_slot_gives_its_new_node() {
        let mut slots = Slots::new(10);
        let h = hashes(3);
        slots.insert(h[0], 0);
        slots.insert(h[1], 1);
        let at = slots.find(h[1], |c| c == 1).expect("found");
        slots.replace(at, 7);
        assert_eq!(
            slots.find(h[1], |c| c == 7).map(|at| slots.node(at)),
            Some(7)
        );
        assert_eq!(slots.find(h[1], |c| c == 1), None);
    }
}
