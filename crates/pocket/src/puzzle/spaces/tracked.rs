//! A coordinate of a few pieces, each with its own orientation, the rest of their
//! orbits blank and unturned: the pattern databases of Korf's optimal 3x3x3 solver
//! (six edges with their six flips, 42,577,920 positions) and of twsearch. The
//! coordinate of `coords.rs` cannot number these: a blank piece there still shows
//! its orientation, so six edges would cost every edge's flip (2^11) where these
//! cost their own (2^6).
//!
//! A tracked piece's place and orientation are one small number, its *cubie*
//! `place * T + orientation` (T the orbit's orientations), which a move changes by a
//! table of the orbit's own; a state of the searches is a byte a tracked piece. Its
//! index numbers each orbit's places as a partial permutation (`n (n-1) ... (n-k+1)`)
//! and then every orientation as a digit, orientations last, so that the last few
//! orientations are the offset inside a block. A move sends a block to one block and
//! each of those pieces' orientations is multiplied by the twist it gets on its way,
//! which depends on where it is: the offset permutation depends on the block
//! ([`Blocks::offset_move`]), one permutation for each combination of twists.

use crate::engine::layers::Blocks;
use crate::puzzle::spaces::pieces::Orbit;

/// The most pieces one coordinate tracks: a byte each in a 64-bit state.
pub const MAX_TRACKED: usize = 8;

/// The widest offset inside a block: its permutations are a table of `width^2`
/// entries (2 MB at 1,024), and a block's targets are found once for all of it.
const MAX_WIDTH: usize = 1 << 10;

/// The tracked pieces of one orbit and how a move turns each.
#[derive(Clone, Debug)]
struct Group {
    /// The orbit's index in the puzzle's orbits.
    orbit: usize,
    /// Places of the orbit.
    n: usize,
    /// Orientations of a piece.
    t: usize,
    /// Each tracked piece's kind and home place.
    kinds: Vec<u8>,
    homes: Vec<u8>,
    /// `step[m * n * t + cubie]`: the cubie after move `m`.
    step: Vec<u8>,
    /// `product[a * t + b]`: orientation `a ∘ b`.
    product: Vec<u8>,
    /// Each orientation's inverse.
    inverse: Vec<u8>,
}

impl Group {
    fn new(orbit: &Orbit, index: usize, kinds: Vec<u8>, homes: Vec<u8>) -> Group {
        let (n, t) = (orbit.pieces.len(), orbit.twists.len());
        let moves = orbit.src.len();
        let mut step = vec![0u8; moves * n * t];
        for m in 0..moves {
            for (q, &from) in orbit.src[m].iter().enumerate() {
                // The piece at `from` goes to `q`, turned by the twist of its way.
                for o in 0..t {
                    let turned = orbit.mul(o as u8, orbit.twist[m][q]);
                    step[m * n * t + from as usize * t + o] = (q * t) as u8 + turned;
                }
            }
        }
        let inverse = (0..t as u8)
            .map(|a| (0..t as u8).find(|&b| orbit.mul(a, b) == 0).unwrap_or(0))
            .collect();
        Group {
            orbit: index,
            n,
            t,
            kinds,
            homes,
            step,
            product: orbit.product.clone(),
            inverse,
        }
    }

    fn mul(&self, a: u8, b: u8) -> u8 {
        self.product[a as usize * self.t + b as usize]
    }
}

/// One tracked piece as the hot loops read it: a byte of the state.
#[derive(Clone, Copy, Debug)]
struct Digit {
    /// Where its group's move table starts in `steps`, and its row length (`n * t`).
    step: usize,
    cubies: usize,
    /// Where its group's cubies start in `split`.
    split: usize,
    /// Its place digit's radix (`n - j` for the group's `j`th piece), and whether
    /// it is its group's first piece (the places used start again).
    radix: u64,
    first: bool,
    /// Orientations.
    t: u64,
}

/// The offset of tracked pieces turning `turns[i]` ways, in order: the last
/// orientations whose product stays within [`MAX_WIDTH`]; its width and pieces.
pub fn offset_width(turns: &[usize]) -> (usize, usize) {
    let (mut width, mut pieces) = (1usize, 0usize);
    for &t in turns.iter().rev() {
        if width * t > MAX_WIDTH {
            break;
        }
        width *= t;
        pieces += 1;
    }
    (width, pieces)
}

/// The coordinate: tracked pieces of some orbits, with their move tables.
#[derive(Clone, Debug)]
pub struct Tracked {
    groups: Vec<Group>,
    digits: Vec<Digit>,
    /// Every group's move table, one after another.
    steps: Vec<u8>,
    /// Every group's cubies as (place, orientation), one after another.
    split: Vec<(u8, u8)>,
    /// The product of the orientations' radices: the places' digits are above it.
    turns: u64,
    /// The group of each tracked piece, in digit order.
    owner: Vec<u8>,
    moves: usize,
    inverses: Vec<usize>,
    size: u64,
    /// Orientation digits in the offset: the last pieces'.
    offset_pieces: usize,
    width: usize,
    /// `rows[code * width + offset]`: the offset after its digits are multiplied by
    /// the twists `code` numbers (in the offset's own numbering).
    rows: Vec<u16>,
}

impl Tracked {
    /// Positions of tracking `k` of `n` pieces of `t` orientations each.
    pub fn positions(n: usize, k: usize, t: usize) -> Option<u64> {
        let mut size: u64 = 1;
        for j in 0..k {
            size = size.checked_mul((n - j) as u64)?.checked_mul(t as u64)?;
        }
        Some(size)
    }

    /// Whether an orbit's pieces can be tracked: one byte holds a cubie, and the
    /// places fit the bit masks of the ranking.
    pub fn takes(orbit: &Orbit) -> bool {
        orbit.pieces.len() <= 64 && orbit.pieces.len() * orbit.twists.len() <= 256
    }

    /// The coordinate of the pieces of kinds `kinds[g]` (at home at places
    /// `homes[g]`) of orbits `orbits[g]` (the puzzle's orbit `index[g]`).
    pub fn new(
        orbits: &[(&Orbit, usize, Vec<u8>, Vec<u8>)],
        inverses: &[usize],
    ) -> Result<Tracked, String> {
        let groups: Vec<Group> = orbits
            .iter()
            .map(|(o, index, kinds, homes)| Group::new(o, *index, kinds.clone(), homes.clone()))
            .collect();
        let owner: Vec<u8> = groups
            .iter()
            .enumerate()
            .flat_map(|(g, group)| std::iter::repeat_n(g as u8, group.homes.len()))
            .collect();
        if owner.len() > MAX_TRACKED || groups.iter().any(|g| g.n > 64 || g.n * g.t > 256) {
            return Err(format!(
                "more than {MAX_TRACKED} pieces tracked in one table"
            ));
        }
        let mut size: u64 = 1;
        for g in &groups {
            size = Tracked::positions(g.n, g.homes.len(), g.t)
                .and_then(|s| s.checked_mul(size))
                .ok_or("more positions than 64 bits number")?;
        }
        let turns: Vec<usize> = owner.iter().map(|&g| groups[g as usize].t).collect();
        let (width, offset_pieces) = offset_width(&turns);
        let (mut digits, mut steps, mut split) = (Vec::new(), Vec::new(), Vec::new());
        for g in &groups {
            for j in 0..g.homes.len() {
                digits.push(Digit {
                    step: steps.len(),
                    cubies: g.n * g.t,
                    split: split.len(),
                    radix: (g.n - j) as u64,
                    first: j == 0,
                    t: g.t as u64,
                });
            }
            steps.extend_from_slice(&g.step);
            split.extend((0..g.n * g.t).map(|c| ((c / g.t) as u8, (c % g.t) as u8)));
        }
        let turns = digits.iter().map(|d| d.t).product();
        let mut tracked = Tracked {
            groups,
            digits,
            steps,
            split,
            turns,
            owner,
            moves: inverses.len(),
            inverses: inverses.to_vec(),
            size,
            offset_pieces,
            width,
            rows: Vec::new(),
        };
        tracked.rows = (0..width * width)
            .map(|i| tracked.turn_offset(i % width, i / width, false) as u16)
            .collect();
        Ok(tracked)
    }

    /// Bytes of its move tables and offset permutations.
    pub fn table_bytes(&self) -> u64 {
        let steps: usize = self.groups.iter().map(|g| g.step.len()).sum();
        (steps + self.rows.len() * 2) as u64
    }

    /// Tracked pieces.
    fn pieces(&self) -> usize {
        self.owner.len()
    }

    /// The offset's orientation digits, first to last.
    fn offset_digits(&self, mut x: usize) -> smallvec::SmallVec<[u8; MAX_TRACKED]> {
        let first = self.pieces() - self.offset_pieces;
        let mut digits = smallvec::SmallVec::from_elem(0u8, self.offset_pieces);
        for i in (0..self.offset_pieces).rev() {
            let t = self.groups[self.owner[first + i] as usize].t;
            digits[i] = (x % t) as u8;
            x /= t;
        }
        digits
    }

    /// Offset `offset` with each digit multiplied by the twist (or its inverse) that
    /// offset `code` numbers.
    fn turn_offset(&self, offset: usize, code: usize, inverse: bool) -> usize {
        let first = self.pieces() - self.offset_pieces;
        let (a, b) = (self.offset_digits(offset), self.offset_digits(code));
        a.iter().zip(&b).enumerate().fold(0, |x, (i, (&o, &c))| {
            let g = &self.groups[self.owner[first + i] as usize];
            let c = if inverse { g.inverse[c as usize] } else { c };
            x * g.t + g.mul(o, c) as usize
        })
    }

    /// The state of the searches at index `x`: a cubie a byte.
    fn state_at(&self, mut x: u64) -> u64 {
        let mut turns = [0u8; MAX_TRACKED];
        for (o, d) in turns.iter_mut().zip(&self.digits).rev() {
            *o = (x % d.t) as u8;
            x /= d.t;
        }
        let mut places = [0u8; MAX_TRACKED];
        for (p, d) in places.iter_mut().zip(&self.digits).rev() {
            *p = (x % d.radix) as u8;
            x /= d.radix;
        }
        // Each place digit counts the places left below it in its group.
        let (mut state, mut used) = (0u64, 0u64);
        for (i, d) in self.digits.iter().enumerate() {
            if d.first {
                used = 0;
            }
            let mut left = places[i];
            let mut p = 0u8;
            while used >> p & 1 == 1 || left > 0 {
                if used >> p & 1 == 0 {
                    left -= 1;
                }
                p += 1;
            }
            used |= 1 << p;
            let cubie = u64::from(p) * d.t + u64::from(turns[i]);
            state |= cubie << (8 * i);
        }
        state
    }

    /// The goal's index: every piece at home, unturned.
    pub fn goal(&self) -> u64 {
        let mut state = 0u64;
        let homes = self
            .groups
            .iter()
            .flat_map(|g| g.homes.iter().map(|&h| (h, g.t)));
        for (i, (h, t)) in homes.enumerate() {
            state |= (h as u64 * t as u64) << (8 * i);
        }
        self.index_of(state)
    }

    /// The state of the searches of a position read as each orbit's kind and
    /// orientation at each place.
    pub fn state_of(&self, read: &[Vec<(u8, u8)>]) -> Result<u64, String> {
        let mut x = 0u64;
        let mut i = 0;
        for g in &self.groups {
            for &kind in &g.kinds {
                let (p, &(_, o)) = read[g.orbit]
                    .iter()
                    .enumerate()
                    .find(|(_, (k, _))| *k == kind)
                    .ok_or("a piece is missing")?;
                x |= ((p * g.t) as u64 + u64::from(o)) << (8 * i);
                i += 1;
            }
        }
        Ok(x)
    }

    /// State `x` after move `m`: a table lookup a tracked piece.
    #[inline]
    pub fn step(&self, x: u64, m: usize) -> u64 {
        let mut y = 0;
        for (i, d) in self.digits.iter().enumerate() {
            let c = (x >> (8 * i)) as u8 as usize;
            y |= u64::from(self.steps[d.step + m * d.cubies + c]) << (8 * i);
        }
        y
    }

    /// The index of state `x`: its places as partial permutations, then its
    /// orientations.
    #[inline]
    pub fn index_of(&self, x: u64) -> u64 {
        let (mut places, mut turns, mut used) = (0u64, 0u64, 0u64);
        for (i, d) in self.digits.iter().enumerate() {
            let (p, o) = self.split[d.split + ((x >> (8 * i)) as u8 as usize)];
            if d.first {
                used = 0;
            }
            let below = (used & ((1u64 << p) - 1)).count_ones() as u64;
            places = places * d.radix + u64::from(p) - below;
            used |= 1 << p;
            turns = turns * d.t + u64::from(o);
        }
        places * self.turns + turns
    }

    /// For each move, the index of block `block`'s first state after it.
    fn each_move(&self, block: usize) -> impl Iterator<Item = u64> + '_ {
        let x = self.state_at(block as u64 * self.width as u64);
        (0..self.moves).map(move |m| self.index_of(self.step(x, m)))
    }
}

impl Blocks for Tracked {
    fn blocks(&self) -> usize {
        (self.size / self.width as u64) as usize
    }

    fn width(&self) -> usize {
        self.width
    }

    fn move_count(&self) -> usize {
        self.moves
    }

    fn block_after(&self, block: usize, m: usize, inverse: bool) -> usize {
        let m = if inverse { self.inverses[m] } else { m };
        let x = self.state_at(block as u64 * self.width as u64);
        (self.index_of(self.step(x, m)) / self.width as u64) as usize
    }

    fn offset_after(&self, offset: usize, code: usize, inverse: bool) -> usize {
        match inverse {
            false => self.rows[code * self.width + offset] as usize,
            true => self.turn_offset(offset, code, true),
        }
    }

    fn offset_moves(&self) -> usize {
        self.width
    }

    fn offsets_by_block(&self) -> bool {
        true
    }

    /// The twists the offset's pieces get, numbered as an offset: block `block`'s
    /// pieces are unturned in offset 0, so after the move they are turned by exactly
    /// those twists.
    fn offset_move(&self, block: usize, m: usize) -> usize {
        let x = self.state_at(block as u64 * self.width as u64);
        (self.index_of(self.step(x, m)) % self.width as u64) as usize
    }

    fn targets(&self, block: usize, blocks: &mut [usize], offset_moves: &mut [usize]) {
        let width = self.width as u64;
        for ((b, o), x) in blocks
            .iter_mut()
            .zip(offset_moves)
            .zip(self.each_move(block))
        {
            *b = (x / width) as usize;
            *o = (x % width) as usize;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::distance_table::distance_table;
    use crate::puzzle::formats::defined::Puzzle;
    use crate::puzzle::spaces::pieces;
    use ahash::AHashMap;

    /// The 3x3x3's pieces: its corners and its edges.
    fn orbits_of_3x3x3() -> (Vec<Orbit>, Vec<usize>) {
        let puzzle = Puzzle::load("3x3x3").expect("built in");
        let orbits = pieces::find(&puzzle).expect("pieces").orbits;
        (orbits, puzzle.relations().inverses)
    }

    /// Pieces `homes` of orbit `r` (every piece its own kind, numbered by place).
    fn tracking(orbits: &[Orbit], picks: &[(usize, Vec<u8>)], inverses: &[usize]) -> Tracked {
        let groups: Vec<(&Orbit, usize, Vec<u8>, Vec<u8>)> = picks
            .iter()
            .map(|(r, homes)| (&orbits[*r], *r, homes.clone(), homes.clone()))
            .collect();
        Tracked::new(&groups, inverses).expect("a coordinate")
    }

    #[test]
    fn indices_number_every_state_once() {
        let (orbits, inverses) = orbits_of_3x3x3();
        let by_size = |t: u64| (0..orbits.len()).find(|&r| orbits[r].twists.len() as u64 == t);
        let (corners, edges) = (by_size(3).unwrap(), by_size(2).unwrap());
        let t = tracking(
            &orbits,
            &[(corners, vec![1, 4]), (edges, vec![0, 7, 11])],
            &inverses,
        );
        assert_eq!(t.size, 8 * 7 * 9 * (12 * 11 * 10 * 8));
        for x in 0..t.size {
            assert_eq!(t.index_of(t.state_at(x)), x);
        }
    }

    /// A block's targets and the offset permutations they name take every state of
    /// it where moving its pieces one by one does: the block search's distances are
    /// the pieces'.
    #[test]
    fn blocks_move_as_the_pieces_do() {
        let (orbits, inverses) = orbits_of_3x3x3();
        let edges = (0..orbits.len())
            .find(|&r| orbits[r].twists.len() == 2)
            .unwrap();
        let corners = 1 - edges;
        for picks in [
            vec![(edges, vec![0, 3, 5, 6, 9, 10])],
            vec![(corners, vec![0, 2, 3, 7]), (edges, vec![1, 2])],
        ] {
            let t = tracking(&orbits, &picks, &inverses);
            let (mut to, mut codes) = (vec![0; t.moves], vec![0; t.moves]);
            let w = t.width();
            for b in (0..t.blocks()).step_by(997) {
                t.targets(b, &mut to, &mut codes);
                for o in 0..w {
                    let x = t.state_at((b * w + o) as u64);
                    for m in 0..t.moves {
                        let after = to[m] * w + t.offset_after(o, codes[m], false);
                        assert_eq!(after as u64, t.index_of(t.step(x, m)), "block {b} move {m}");
                        assert_eq!(
                            t.offset_after(t.offset_after(o, codes[m], false), codes[m], true),
                            o
                        );
                        assert_eq!(to[m], t.block_after(b, m, false));
                        assert_eq!(codes[m], t.offset_move(b, m));
                    }
                }
            }
        }
    }

    /// The distance table of four tracked edges against a plain breadth-first search
    /// of their states.
    #[test]
    fn distances_are_a_plain_searchs() {
        let (orbits, inverses) = orbits_of_3x3x3();
        let edges = (0..orbits.len())
            .find(|&r| orbits[r].twists.len() == 2)
            .unwrap();
        let t = tracking(&orbits, &[(edges, vec![2, 4, 6, 10])], &inverses);
        let table = distance_table(&t, t.goal() as usize, 2).expect("fits");
        let start = t.state_at(t.goal());
        let mut seen: AHashMap<u64, u8> = AHashMap::default();
        seen.insert(start, 0);
        let mut layer = vec![start];
        for d in 1.. {
            let mut next = Vec::new();
            for &x in &layer {
                for m in 0..t.moves {
                    let y = t.step(x, m);
                    if !seen.contains_key(&y) {
                        seen.insert(y, d);
                        next.push(y);
                    }
                }
            }
            if next.is_empty() {
                break;
            }
            layer = next;
        }
        assert_eq!(seen.len() as u64, t.size, "every state reached");
        for (&x, &d) in &seen {
            assert_eq!(table.get(t.index_of(x) as usize), d);
        }
        assert_eq!(
            u64::from(table.depth),
            u64::from(*seen.values().max().unwrap())
        );
    }
}
