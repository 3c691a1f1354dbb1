//! One orbit as a coordinate ranks it: its kinds of piece, their orientations as a
//! cyclic group's exponents where every move keeps their sum, and its move tables.

use super::ranks::{
    arrangements, rank_distinct, rank_distinct_parity_first, rank_multiset, rank_two_kinds,
    unrank_distinct, unrank_multiset,
};
use super::{Local, MAX_PART, Ranked};
use crate::puzzle::spaces::linked::Link;
use crate::puzzle::spaces::pieces::{Orbit, Refusal};

/// Kinds numbered by their counts, the largest first (ties in the order found), so
/// that projections blanking different pieces of one orbit have one arrangement table
/// ([`SharedTables`](super::SharedTables)): four tracked edges of the 4x4x4 counted `[1, 1, 1, 1, 20]` or
/// `[20, 1, 1, 1, 1]` by where the blank pieces came first.
fn number_by_count(
    kind_at: Vec<u8>,
    looks: Vec<Vec<u8>>,
    counts: Vec<u32>,
) -> (Vec<u8>, Vec<Vec<u8>>, Vec<u32>) {
    let mut by: Vec<usize> = (0..counts.len()).collect();
    by.sort_by_key(|&k| std::cmp::Reverse(counts[k]));
    let mut new_of = vec![0u8; counts.len()];
    for (new, &old) in by.iter().enumerate() {
        new_of[old] = new as u8;
    }
    (
        kind_at.iter().map(|&k| new_of[k as usize]).collect(),
        by.iter().map(|&k| looks[k].clone()).collect(),
        by.iter().map(|&k| counts[k]).collect(),
    )
}

/// The orbit with its orientations forgotten when no piece of it shows them (every
/// piece looks the same however it is turned, as a piece of one colour does): its
/// positions are then its arrangements alone. Pattern databases (`pattern.rs`) colour
/// the pieces of an orbit so, when its orientations are too many to tabulate.
pub(in crate::puzzle) fn unseen_turns(mut orbit: Orbit, solved: &[u8]) -> Orbit {
    let unseen = orbit.pieces.iter().all(|piece| {
        let look: Vec<u8> = piece.iter().map(|&s| solved[s as usize]).collect();
        orbit.twists[1..]
            .iter()
            .all(|g| g.iter().map(|&s| look[s as usize]).eq(look.iter().copied()))
    });
    if unseen && orbit.twists.len() > 1 {
        orbit.twists.truncate(1);
        orbit.product = vec![0];
        for row in &mut orbit.twist {
            row.iter_mut().for_each(|t| *t = 0);
        }
    }
    orbit
}

impl Ranked {
    pub(super) fn new(orbit: Orbit, solved: &[u8], by_count: bool) -> Result<Ranked, Refusal> {
        let orbit = unseen_turns(orbit, solved);
        let mut looks: Vec<Vec<u8>> = Vec::new();
        let mut kind_at = Vec::new();
        // A piece that looks like a kind already seen turned is of that kind, turned
        // at home: pieces found with their slots in another order (twsearch's 3p1,
        // whose identical edges came out as two kinds, each the other flipped).
        let mut home_twists = Vec::new();
        for piece in &orbit.pieces {
            let look: Vec<u8> = piece.iter().map(|&s| solved[s as usize]).collect();
            let seen = looks.iter().enumerate().find_map(|(k, l)| {
                let shows = |g: &Vec<u8>| g.iter().map(|&s| l[s as usize]).eq(look.iter().copied());
                orbit.twists.iter().position(shows).map(|t| (k, t as u8))
            });
            let (k, t) = seen.unwrap_or_else(|| {
                looks.push(look);
                (looks.len() - 1, 0)
            });
            kind_at.push(k as u8);
            home_twists.push(t);
        }
        // Every orientation of every kind must look different from every other: else
        // the stickers do not tell the coordinate.
        for (a, look) in looks.iter().enumerate() {
            for g in &orbit.twists[1..] {
                let turned: Vec<u8> = g.iter().map(|&s| look[s as usize]).collect();
                if let Some(b) = looks.iter().position(|l| *l == turned) {
                    let piece = |k: usize| {
                        let at = kind_at.iter().position(|&x| x as usize == k).expect("kind");
                        let p = &orbit.pieces[at];
                        p.iter()
                            .map(|s| s.to_string())
                            .collect::<Vec<_>>()
                            .join(" ")
                    };
                    return Err(if a == b {
                        format!("the piece of stickers {} looks the same turned", piece(a))
                    } else {
                        format!(
                            "the pieces of stickers {} and {} look alike turned",
                            piece(a),
                            piece(b)
                        )
                    });
                }
            }
        }
        let mut counts = vec![0u32; looks.len()];
        for &k in &kind_at {
            counts[k as usize] += 1;
        }
        if by_count {
            (kind_at, looks, counts) = number_by_count(kind_at, looks, counts);
        }
        let order = orbit.twists.len();
        // A cyclic group: some element whose powers are all of it.
        let mut exponent = None;
        let mut element = Vec::new();
        for g in 0..order as u8 {
            let mut powers = vec![0u8];
            let mut x = g;
            while x != 0 && powers.len() <= order {
                powers.push(x);
                x = orbit.mul(x, g);
            }
            if powers.len() == order {
                let mut exp = vec![0u8; order];
                for (e, &p) in powers.iter().enumerate() {
                    exp[p as usize] = e as u8;
                }
                let keeps = orbit.twist.iter().all(|row| {
                    row.iter().map(|&t| exp[t as usize] as usize).sum::<usize>() % order == 0
                });
                if keeps && order > 1 {
                    exponent = Some(exp);
                    element = powers;
                } else {
                    element = (0..order as u8).collect();
                }
                break;
            }
        }
        if element.is_empty() {
            element = (0..order as u8).collect();
        }
        // The sum every move keeps: the pieces' at home.
        let home_sum = match &exponent {
            Some(exp) => {
                home_twists
                    .iter()
                    .map(|&t| exp[t as usize] as u64)
                    .sum::<u64>()
                    % order as u64
            }
            None => 0,
        };
        Ok(Ranked {
            orbit,
            kinds: looks.len(),
            kind_at,
            looks,
            distinct: counts.iter().all(|&c| c == 1),
            arrangements: arrangements(&counts, MAX_PART).unwrap_or(0),
            counts,
            exponent,
            element,
            home_sum,
            home_turned: home_twists.iter().any(|&t| t != 0),
            link: Link::Alone,
            perm_part: None,
            twist_part: None,
        })
    }

    /// The rank of a sequence of kinds.
    fn rank_kinds(&self, kinds: &[u8]) -> u64 {
        if self.distinct {
            rank_distinct(kinds)
        } else if self.counts.len() == 2 && kinds.len() < 65 {
            rank_two_kinds(kinds, self.counts[1])
        } else {
            rank_multiset(kinds, &self.counts, self.arrangements)
        }
    }

    /// A part's move table, `whole` digits by `moves`: each digit unranked once,
    /// moved by every move in a buffer, ranked (the tables of pocket-golf took 75
    /// million instructions with a fresh orbit and a multiset rank per entry, 23
    /// million this way: a process solving one state, 6.3 to 2.7 ms of CPU).
    pub(super) fn move_table(
        &self,
        twist: bool,
        evens: bool,
        whole: u64,
        moves: usize,
    ) -> Vec<u32> {
        let o = &self.orbit;
        let mut table = Vec::with_capacity(whole as usize * moves);
        let mut next = vec![0u8; o.pieces.len()];
        for x in 0..whole {
            let digits = match twist {
                true => self.unrank_twists(x),
                false => self.unrank_arrangement(x << u32::from(evens)),
            };
            for m in 0..moves {
                let moved = o.src[m].iter().zip(&o.twist[m]);
                for (q, (&p, &t)) in moved.enumerate() {
                    let d = digits[p as usize];
                    next[q] = if twist { o.mul(d, t) } else { d };
                }
                table.push(match twist {
                    true => self.rank_twists(&next),
                    false => self.rank_arrangement(&next) >> u32::from(evens),
                } as u32);
            }
        }
        table
    }

    /// What a part's move table numbers: whether the even ranks halved, and how many
    /// rows. An implied arrangement's table numbers its whole ranks, unless it is
    /// always even: then its digits, the even ranks halved (Loopover 3x3's census
    /// with the faster ranks too: 0.60 to 0.15 s of CPU, whole-process medians).
    pub(super) fn tabulated(&self, twist: bool, size: u64) -> (bool, u64) {
        let evens = !twist && matches!(&self.link, Link::Implied(reads) if reads.is_empty());
        let whole = match twist || evens {
            true => size,
            false => self.perm_size().expect("a tabulated part") as u64,
        };
        (evens, whole)
    }

    /// Everything an arrangement's move table is built from ([`Ranked::move_table`]):
    /// equal keys, equal tables.
    pub(super) fn arrangement_key(&self, evens: bool, moves: usize) -> Vec<u8> {
        let mut key = vec![u8::from(evens), u8::from(self.distinct)];
        key.push(u8::from(self.parity_first()));
        key.extend((moves as u32).to_le_bytes());
        key.extend((self.counts.len() as u32).to_le_bytes());
        key.extend(self.counts.iter().flat_map(|c| c.to_le_bytes()));
        for src in &self.orbit.src[..moves] {
            key.extend(src);
        }
        key
    }

    fn parity_first(&self) -> bool {
        matches!(self.link, Link::Read | Link::Implied(_))
    }

    /// The whole rank of an arrangement of kinds: parity first when linked.
    fn rank_arrangement(&self, kinds: &[u8]) -> u64 {
        match self.parity_first() {
            true => rank_distinct_parity_first(kinds),
            false => self.rank_kinds(kinds),
        }
    }

    /// The arrangement of a whole rank.
    pub(super) fn unrank_arrangement(&self, r: u64) -> Vec<u8> {
        match self.distinct {
            true => unrank_distinct(r, self.counts.len(), self.parity_first()),
            false => unrank_multiset(r, &self.counts),
        }
    }

    /// The digit of an arrangement's part: half the whole rank when implied.
    pub(super) fn arrangement_digit(&self, kinds: &[u8]) -> u64 {
        match self.link {
            Link::Implied(_) => self.rank_kinds(kinds) >> 1,
            _ => self.rank_arrangement(kinds),
        }
    }

    /// Orientation digits ranked: the last one left out when implied.
    fn twist_digits(&self) -> usize {
        let n = self.orbit.pieces.len();
        if self.exponent.is_some() { n - 1 } else { n }
    }

    pub(super) fn perm_size(&self) -> Option<u128> {
        arrangements(&self.counts, MAX_PART).map(u128::from)
    }

    pub(super) fn twist_size(&self) -> Option<u128> {
        let r = self.orbit.twists.len() as u128;
        let mut size: u128 = 1;
        for _ in 0..self.twist_digits() {
            size = size.checked_mul(r)?;
            if size > MAX_PART as u128 {
                return None;
            }
        }
        Some(size)
    }

    pub(super) fn rank_twists(&self, twists: &[u8]) -> u64 {
        let r = self.orbit.twists.len() as u64;
        let digit = |t: u8| match &self.exponent {
            Some(exp) => exp[t as usize] as u64,
            None => t as u64,
        };
        twists[..self.twist_digits()]
            .iter()
            .fold(0, |acc, &t| acc * r + digit(t))
    }

    pub(super) fn unrank_twists(&self, mut x: u64) -> Vec<u8> {
        let r = self.orbit.twists.len() as u64;
        let n = self.orbit.pieces.len();
        let digits = self.twist_digits();
        let mut out = vec![0u8; n];
        for i in (0..digits).rev() {
            out[i] = (x % r) as u8;
            x /= r;
        }
        if self.exponent.is_some() {
            let sum: u64 = out[..digits].iter().map(|&e| e as u64).sum();
            out[n - 1] = ((self.home_sum + r - sum % r) % r) as u8;
        }
        if self.exponent.is_some() {
            for t in &mut out {
                *t = self.element[*t as usize];
            }
        }
        out
    }

    /// Read the orbit from stickers.
    pub(super) fn read(&self, stickers: &[u8]) -> Result<Local, String> {
        let o = &self.orbit;
        let mut local = Local {
            kinds: Vec::with_capacity(o.pieces.len()),
            twists: Vec::with_capacity(o.pieces.len()),
        };
        for piece in &o.pieces {
            let shown: Vec<u8> = piece.iter().map(|&s| stickers[s as usize]).collect();
            let found = self.looks.iter().enumerate().find_map(|(k, look)| {
                o.twists
                    .iter()
                    .position(|g| g.iter().zip(&shown).all(|(&s, &c)| look[s as usize] == c))
                    .map(|t| (k as u8, t as u8))
            });
            let Some((k, t)) = found else {
                let at: Vec<String> = piece.iter().map(|s| s.to_string()).collect();
                return Err(format!(
                    "stickers {} show {}, which no piece of the puzzle shows",
                    at.join(" "),
                    String::from_utf8_lossy(&shown)
                ));
            };
            local.kinds.push(k);
            local.twists.push(t);
        }
        let mut counts = vec![0u32; self.kinds];
        for &k in &local.kinds {
            counts[k as usize] += 1;
        }
        if counts != self.counts {
            return Err("some piece appears twice and another not at all".into());
        }
        if let Some(exp) = &self.exponent {
            let r = o.twists.len();
            let sum: usize = local.twists.iter().map(|&t| exp[t as usize] as usize).sum();
            let twisted = (sum + r - self.home_sum as usize) % r;
            if twisted != 0 {
                return Err(format!(
                    "its pieces are twisted by {twisted} of {r} in all, and every move keeps the sum"
                ));
            }
        }
        Ok(local)
    }

    /// Write the orbit into stickers.
    pub(super) fn write(&self, local: &Local, stickers: &mut [u8]) {
        for (q, piece) in self.orbit.pieces.iter().enumerate() {
            let look = &self.looks[local.kinds[q] as usize];
            let g = &self.orbit.twists[local.twists[q] as usize];
            for (s, &x) in piece.iter().enumerate() {
                stickers[x as usize] = look[g[s] as usize];
            }
        }
    }
}
