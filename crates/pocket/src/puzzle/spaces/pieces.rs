//! The pieces of a defined puzzle, found from its moves: stickers that always move
//! together form a piece, pieces the moves carry onto each other form an orbit, and a
//! sticker's place inside its piece is its orientation.
//!
//! Conventions fixed here: a piece position lists its stickers in *slot* order, chosen
//! so that the first move found to carry one piece position onto another keeps the
//! slots (slot `s` goes to slot `s`); every other move then turns slots by a
//! permutation, its *twist*. The twists a puzzle's moves make generate the orbit's
//! orientation group, numbered from 0 (the identity). A piece position's orientation
//! is the group element `o` with: slot `s` of the position shows slot `o[s]` of the
//! piece sitting there. After move `m`, position `q` holds the piece that was at
//! `src[m][q]`, with orientation `o_src ∘ twist[m][q]`.

use ahash::AHashMap;

use crate::puzzle::formats::defined::{Puzzle, Sticker, root};

/// The largest orientation group tabulated (the cube's corners have 3, a piece of
/// five stickers turned every way 120).
pub const MAX_TWISTS: usize = 120;

/// One orbit: piece positions that the moves carry onto each other.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Orbit {
    /// The stickers of each piece position, in slot order.
    pub pieces: Vec<Vec<Sticker>>,
    /// The orientation group: permutations of the slots, `[0]` the identity.
    pub twists: Vec<Vec<u8>>,
    /// `product[a * twists + b]`: the element `twists[a] ∘ twists[b]`.
    pub product: Vec<u8>,
    /// `src[m][q]`: the piece position whose piece move `m` brings to position `q`.
    pub src: Vec<Vec<u8>>,
    /// `twist[m][q]`: the twist of that piece on its way.
    pub twist: Vec<Vec<u8>>,
}

/// The pieces of a puzzle, by orbit; stickers no move moves are in none.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pieces {
    pub orbits: Vec<Orbit>,
}

/// Why a puzzle's pieces cannot be tabulated.
pub type Refusal = String;

impl Orbit {
    /// `a ∘ b` as an element index.
    pub fn mul(&self, a: u8, b: u8) -> u8 {
        self.product[a as usize * self.twists.len() + b as usize]
    }
}

/// `a ∘ b`: slot `s` goes to `a[b[s]]`.
fn after(a: &[u8], b: &[u8]) -> Vec<u8> {
    b.iter().map(|&s| a[s as usize]).collect()
}

/// The stickers of `puzzle` in pieces: the `piece` lines where the definition has
/// them, refined (with the stickers in no piece line) until every move carries each
/// piece onto one piece; stickers no move moves are left out.
pub fn find(puzzle: &Puzzle) -> Result<Pieces, Refusal> {
    let n = puzzle.stickers();
    let moves: Vec<&[Sticker]> = puzzle.moves.iter().map(|m| m.perm.as_slice()).collect();
    let moved: Vec<bool> = (0..n)
        .map(|i| moves.iter().any(|p| p[i] as usize != i))
        .collect();
    // First classes: a piece line, or the set of moves that move the sticker.
    let mut class = vec![usize::MAX; n];
    let mut keys: AHashMap<Vec<u8>, usize> = AHashMap::default();
    for (k, piece) in puzzle.pieces.iter().enumerate() {
        for &s in &piece.stickers {
            if moved[s as usize] {
                class[s as usize] = k;
            }
        }
    }
    let first_free = puzzle.pieces.len();
    for i in 0..n {
        if !moved[i] || class[i] != usize::MAX {
            continue;
        }
        let key: Vec<u8> = moves.iter().map(|p| u8::from(p[i] as usize != i)).collect();
        let next = first_free + keys.len();
        class[i] = *keys.entry(key).or_insert(next);
    }
    // Refine until stickers of one class go to one class under every move: the
    // coarsest such partition, so each move then carries classes onto classes.
    let stickers: Vec<usize> = (0..n).filter(|&i| moved[i]).collect();
    loop {
        let mut split: AHashMap<Vec<usize>, usize> = AHashMap::default();
        let mut next = vec![usize::MAX; n];
        for &i in &stickers {
            let mut key = vec![class[i]];
            key.extend(moves.iter().map(|p| class[p[i] as usize]));
            let k = split.len();
            next[i] = *split.entry(key).or_insert(k);
        }
        let mut before: Vec<usize> = stickers.iter().map(|&i| class[i]).collect();
        before.sort_unstable();
        before.dedup();
        class = next;
        if split.len() == before.len() {
            break;
        }
    }
    let classes = stickers.iter().map(|&i| class[i] + 1).max().unwrap_or(0);
    let mut members: Vec<Vec<Sticker>> = vec![Vec::new(); classes];
    for &i in &stickers {
        members[class[i]].push(i as Sticker);
    }
    // Orbits: classes joined by the moves.
    let mut orbit: Vec<usize> = (0..classes).collect();
    for p in &moves {
        for &i in &stickers {
            let (a, b) = (
                root(&mut orbit, class[i]),
                root(&mut orbit, class[p[i] as usize]),
            );
            orbit[a.max(b)] = a.min(b);
        }
    }
    let mut orbits = Vec::new();
    for r in 0..classes {
        if root(&mut orbit, r) != r {
            continue;
        }
        let ids: Vec<usize> = (0..classes).filter(|&c| root(&mut orbit, c) == r).collect();
        orbits.push(label(&moves, &class, &ids, &members)?);
    }
    Ok(Pieces { orbits })
}

/// Slot orders, sources and twists for the orbit of classes `ids`.
fn label(
    moves: &[&[Sticker]],
    class: &[usize],
    ids: &[usize],
    members: &[Vec<Sticker>],
) -> Result<Orbit, Refusal> {
    // Slots are numbered in bytes (`src`).
    if ids.len() > 255 {
        return Err(format!(
            "an orbit of {} pieces: pocket numbers at most 255 pieces an orbit",
            ids.len()
        ));
    }
    let index: AHashMap<usize, usize> = ids.iter().enumerate().map(|(k, &c)| (c, k)).collect();
    let mut pieces: Vec<Option<Vec<Sticker>>> = vec![None; ids.len()];
    pieces[0] = Some(members[ids[0]].clone());
    let mut queue = vec![0usize];
    while let Some(q) = queue.pop() {
        let here = pieces[q].clone().expect("labelled");
        for p in moves {
            // Slot s of q receives the sticker at p[here[s]]: give its piece the
            // same slot order.
            let from: Vec<Sticker> = here.iter().map(|&s| p[s as usize]).collect();
            let k = index[&class[from[0] as usize]];
            if pieces[k].is_none() {
                pieces[k] = Some(from);
                queue.push(k);
            }
        }
    }
    let pieces: Vec<Vec<Sticker>> = pieces.into_iter().map(|p| p.expect("joined")).collect();
    let width = pieces[0].len();
    let mut slot_of = AHashMap::default();
    for (k, piece) in pieces.iter().enumerate() {
        for (s, &x) in piece.iter().enumerate() {
            slot_of.insert(x, (k as u8, s as u8));
        }
    }
    let mut twists: Vec<Vec<u8>> = vec![(0..width as u8).collect()];
    let mut src = Vec::new();
    let mut twist_perms = Vec::new();
    for p in moves {
        let mut s_row = Vec::new();
        let mut t_row = Vec::new();
        for piece in &pieces {
            let (from, _) = slot_of[&p[piece[0] as usize]];
            let t: Vec<u8> = piece.iter().map(|&x| slot_of[&p[x as usize]].1).collect();
            s_row.push(from);
            if !twists.contains(&t) {
                twists.push(t.clone());
            }
            t_row.push(t);
        }
        src.push(s_row);
        twist_perms.push(t_row);
    }
    // The group the twists generate. The moves alone may give more than the most
    // tabulated (one a move, up to 255): then the group is past it too, and its
    // closure is not tried (it may be all 3,628,800 orders of 10 stickers).
    let too_many = || format!("pieces of {width} stickers turn more than {MAX_TWISTS} ways");
    if twists.len() > MAX_TWISTS {
        return Err(too_many());
    }
    let generators = twists.clone();
    let mut i = 0;
    while i < twists.len() {
        for g in &generators {
            let t = after(&twists[i], g);
            if !twists.contains(&t) {
                if twists.len() == MAX_TWISTS {
                    return Err(too_many());
                }
                twists.push(t);
            }
        }
        i += 1;
    }
    let find = |t: &[u8]| twists.iter().position(|x| x == t).expect("closed") as u8;
    let product = twists
        .iter()
        .flat_map(|a| twists.iter().map(|b| find(&after(a, b))))
        .collect();
    let twist = twist_perms
        .iter()
        .map(|row| row.iter().map(|t| find(t)).collect())
        .collect();
    Ok(Orbit {
        pieces,
        twists: twists.clone(),
        product,
        src,
        twist,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_cube_has_eight_corners_of_three_twists() {
        for name in ["pocket-golf", "pocket-21"] {
            let p = Puzzle::load(name).unwrap();
            let found = find(&p).unwrap();
            assert_eq!(found.orbits.len(), 1, "{name}");
            let o = &found.orbits[0];
            // The fixed corner is in no orbit.
            assert_eq!(
                (o.pieces.len(), o.pieces[0].len(), o.twists.len()),
                (7, 3, 3),
                "{name}"
            );
        }
        let p = Puzzle::load("3x3x3").unwrap();
        let found = find(&p).unwrap();
        let mut shape: Vec<(usize, usize, usize)> = found
            .orbits
            .iter()
            .map(|o| (o.pieces.len(), o.pieces[0].len(), o.twists.len()))
            .collect();
        shape.sort_unstable();
        assert_eq!(shape, [(8, 3, 3), (12, 2, 2)]);
    }

    /// 120 moves that each swap all ten stickers in pairs: one piece of ten, whose
    /// twists are already past the most tabulated before any is combined (this
    /// went on closing the 3,628,800 orders of ten stickers: no end in 120 s).
    #[test]
    fn more_moves_than_twists_tabulated_are_refused_at_once() {
        let p = Puzzle::parse(&pairings_of_ten(120), "pairs").unwrap();
        let refusal = find(&p).unwrap_err();
        assert_eq!(refusal, "pieces of 10 stickers turn more than 120 ways");
        // One fewer, and the closure finds the 121st.
        let p = Puzzle::parse(&pairings_of_ten(119), "pairs").unwrap();
        assert_eq!(find(&p).unwrap_err(), refusal);
    }

    /// A definition of ten stickers, five of each colour, and `k` moves that each
    /// swap all ten in pairs (their own inverses), all different.
    fn pairings_of_ten(k: usize) -> String {
        let mut text = String::from("name pairs\nsolved AAAAABBBBB\n");
        let mut seed = 1u64;
        let mut seen = Vec::new();
        while seen.len() < k {
            let mut order: Vec<u8> = (0..10).collect();
            for i in (1..10).rev() {
                seed = seed
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                order.swap(i, (seed >> 33) as usize % (i + 1));
            }
            let mut perm = [0u8; 10];
            for pair in order.chunks(2) {
                perm[pair[0] as usize] = pair[1];
                perm[pair[1] as usize] = pair[0];
            }
            if !seen.contains(&perm) {
                seen.push(perm);
                let images: Vec<String> = perm.iter().map(u8::to_string).collect();
                text += &format!("move M{} {}\n", seen.len(), images.join(" "));
            }
        }
        text
    }

    #[test]
    fn pieces_without_piece_lines_are_found_from_the_moves() {
        let text = Puzzle::load("pocket-golf").unwrap();
        let mut bare = text.clone();
        bare.pieces.clear();
        assert_eq!(find(&bare).unwrap().orbits[0].pieces.len(), 7);
    }
}
