//! The coordinate built: its orbits ranked and linked, its parts sized and refused
//! past the limits before any table is built, then its move tables.

use super::{
    Coords, Layout, MAX_PART, MAX_TABLE_BYTES, MAX_WIDTH, Part, Ranked, SharedTables, TableSizes,
};
use crate::puzzle::formats::defined::Puzzle;
use crate::puzzle::spaces::linked::{self, Link};
use crate::puzzle::spaces::pieces::{self, Orbit, Refusal};
use std::sync::Arc;

impl Coords {
    /// The coordinate of `puzzle`, or why it has none: pieces that cannot be told apart
    /// in every orientation, a part too large for a move table, or more positions than
    /// 64 bits number.
    pub fn new(puzzle: &Puzzle, inverses: &[usize]) -> Result<Coords, Refusal> {
        Coords::with_tables(puzzle, inverses, None)
    }

    /// [`Coords::new`], with the arrangement tables of `shared` where they are the
    /// same, and its own added to them. Its kinds are numbered by count, so that
    /// projections of one orbit share more; numbers no front end shows (the pattern
    /// databases of IDA*).
    pub fn sharing(
        puzzle: &Puzzle,
        inverses: &[usize],
        shared: &mut SharedTables,
    ) -> Result<Coords, Refusal> {
        Coords::with_tables(puzzle, inverses, Some(shared))
    }

    fn with_tables(
        puzzle: &Puzzle,
        inverses: &[usize],
        shared: Option<&mut SharedTables>,
    ) -> Result<Coords, Refusal> {
        let Layout {
            mut orbits,
            sizes,
            size,
            moves,
            ..
        } = Coords::layout(puzzle, shared.is_some())?;
        let mut own = SharedTables::default();
        let shared = shared.unwrap_or(&mut own);
        let (parts, bits) = Coords::build(&mut orbits, &sizes, moves, shared);
        Coords::finish(puzzle, inverses, orbits, parts, bits, size, moves)
    }

    /// The sizes of the coordinate's parts and of its move tables, before any table
    /// is built: a census over the memory budget is refused from these at once (a
    /// puzzle of 70 billion coordinates took 7 s to build tables for its refusal).
    pub fn measure(puzzle: &Puzzle) -> Result<(u64, Vec<u64>, u64), Refusal> {
        let l = Coords::layout(puzzle, false)?;
        let parts = l.sizes.iter().map(|&(_, _, s)| s).collect();
        Ok((l.size, parts, l.table_bytes))
    }

    /// The coordinate's size and its move tables as [`Coords::sharing`] builds them:
    /// each one's bytes, and for an arrangement's, the key that tables equal to it
    /// share, so that a plan of several coordinates counts each table once (the
    /// 4x4x4's six tables of four edges: one move table of 36 MB, not six).
    pub fn measure_sharing(puzzle: &Puzzle) -> Result<TableSizes, Refusal> {
        let l = Coords::layout(puzzle, true)?;
        let tables = l.sizes.iter().map(|&(i, twist, s)| {
            let r = &l.orbits[i];
            let (evens, whole) = r.tabulated(twist, s);
            let key = (!twist).then(|| r.arrangement_key(evens, l.moves));
            (key, whole * l.moves as u64 * 4)
        });
        Ok((l.size, tables.collect()))
    }

    /// The orbits ranked and the parts' sizes, permutations first.
    fn layout(puzzle: &Puzzle, by_count: bool) -> Result<Layout, Refusal> {
        let found = pieces::find(puzzle)?;
        let mut orbits = Vec::new();
        for orbit in found.orbits {
            orbits.push(Ranked::new(orbit, &puzzle.solved, by_count)?);
        }
        let moves = puzzle.moves.len();
        let ranked: Vec<bool> = orbits
            .iter()
            .map(|r| r.distinct && r.orbit.pieces.len() > 1)
            .collect();
        let found: Vec<&Orbit> = orbits.iter().map(|r| &r.orbit).collect();
        let links = linked::links(&found, &ranked);
        for (r, link) in orbits.iter_mut().zip(links) {
            r.link = link;
        }
        let mut sizes: Vec<(usize, bool, u64)> = Vec::new(); // (orbit, is_twist, size)
        let mut table_bytes = 0;
        for (i, r) in orbits.iter().enumerate() {
            let p = r.perm_size().ok_or_else(|| {
                format!(
                    "an orbit of {} pieces has more than {} arrangements, too many for a move table",
                    r.orbit.pieces.len(),
                    crate::io::group(MAX_PART)
                )
            })?;
            let t = r.twist_size().ok_or_else(|| {
                format!(
                    "an orbit of {} pieces turning {} ways has more than {} orientations, too \
                     many for a move table",
                    r.orbit.pieces.len(),
                    r.orbit.twists.len(),
                    crate::io::group(MAX_PART)
                )
            })?;
            match r.link {
                Link::Copy(_) => {}
                Link::Implied(_) => sizes.push((i, false, p as u64 / 2)),
                _ if p > 1 => sizes.push((i, false, p as u64)),
                _ => {}
            }
            // An implied arrangement's table numbers its whole ranks unless always even.
            let tabulated = match &r.link {
                Link::Copy(_) => 1,
                Link::Implied(reads) if reads.is_empty() => p as u64 / 2,
                _ => p as u64,
            };
            if tabulated > 1 {
                table_bytes += tabulated * moves as u64 * 4;
            }
            if t > 1 {
                sizes.push((i, true, t as u64));
                table_bytes += t as u64 * moves as u64 * 4;
            }
        }
        // Permutations first, orientations last.
        sizes.sort_by_key(|&(i, twist, _)| (twist, i));
        let mut size: u64 = 1;
        for &(_, _, s) in &sizes {
            size = size
                .checked_mul(s)
                .ok_or("more positions than 64 bits number")?;
        }
        if table_bytes > MAX_TABLE_BYTES {
            return Err(format!(
                "its move tables would take {} MB, more than {} MB",
                table_bytes >> 20,
                MAX_TABLE_BYTES >> 20
            ));
        }
        Ok(Layout {
            orbits,
            sizes,
            size,
            moves,
            table_bytes,
        })
    }

    /// The move table of each part; the parts and the bits of their fields.
    fn build(
        orbits: &mut [Ranked],
        sizes: &[(usize, bool, u64)],
        moves: usize,
        shared: &mut SharedTables,
    ) -> (Vec<Part>, u32) {
        let mut parts = Vec::new();
        let mut bits = 0u32;
        for (k, &(i, twist, s)) in sizes.iter().enumerate() {
            let r = &orbits[i];
            let (evens, whole) = r.tabulated(twist, s);
            let table = match twist {
                true => r.move_table(true, false, whole, moves).into(),
                false => {
                    let key = r.arrangement_key(evens, moves);
                    let made = shared
                        .0
                        .entry(key)
                        .or_insert_with(|| r.move_table(false, evens, whole, moves).into());
                    Arc::clone(made)
                }
            };
            let width = u64::BITS - (s - 1).leading_zeros();
            parts.push(Part {
                size: s,
                table,
                shift: bits,
                mask: (1u64 << width) - 1,
                half: None,
            });
            bits += width;
            if twist {
                orbits[i].twist_part = Some(k);
            } else {
                orbits[i].perm_part = Some(k);
            }
        }
        for r in orbits.iter() {
            let reads_some = matches!(&r.link, Link::Implied(reads) if !reads.is_empty());
            if let (Link::Implied(reads), Some(k), true) = (&r.link, r.perm_part, reads_some) {
                let read_parts = reads.iter().map(|&o| orbits[o].perm_part.expect("ranked"));
                parts[k].half = Some(read_parts.collect());
            }
        }
        (parts, bits)
    }

    /// The coordinate from its parts: strides, the state's layout and the goal.
    fn finish(
        puzzle: &Puzzle,
        inverses: &[usize],
        orbits: Vec<Ranked>,
        parts: Vec<Part>,
        bits: u32,
        size: u64,
        moves: usize,
    ) -> Result<Coords, Refusal> {
        let mut strides = vec![1u64; parts.len()];
        for k in (0..parts.len().saturating_sub(1)).rev() {
            strides[k] = strides[k + 1] * parts[k + 1].size;
        }
        if bits > 128 {
            return Err(format!(
                "the coordinate's {} parts need {bits} bits, more than 128",
                parts.len()
            ));
        }
        // The block and the offset are moved apart: an implied part and the parts it
        // reads stay on one side.
        let splits = |at: usize| {
            parts
                .iter()
                .enumerate()
                .all(|(k, p)| p.half.iter().flatten().all(|&read| (read < at) == (k < at)))
        };
        let (mut lead, mut width) = (parts.len(), 1u64);
        let (mut at, mut trailing) = (lead, width);
        while at > 0 && trailing * parts[at - 1].size <= MAX_WIDTH {
            at -= 1;
            trailing *= parts[at].size;
            if splits(at) {
                (lead, width) = (at, trailing);
            }
        }
        let mut coords = Coords {
            orbits,
            parts,
            strides,
            bits,
            size,
            moves,
            inverses: inverses.to_vec(),
            solved: puzzle.solved.clone(),
            goal: 0,
            lead,
            width,
        };
        coords.goal = coords
            .encode(&puzzle.solved)
            .map_err(|e| format!("the solved state: {e}"))?;
        Ok(coords)
    }
}
