//! A pocket puzzle as a piece model, for export: its generators, and its stickers
//! grouped into orbits of pieces where every move turns them as whole pieces.

use crate::engine::search::MAX_MOVES;
use crate::puzzle::formats::defined::Sticker;

use super::{
    FormatError, Orbit, OrbitMove, PieceModel, StickerMove, StickerPiece, StickerPuzzle, fail,
};

impl PieceModel {
    /// A pocket puzzle as pieces: its generators (one move a face, whose powers
    /// must be exactly the face's moves, as both formats add every power), and its
    /// `piece` lines as orbits when every move turns them cyclically and no piece
    /// looks the same turned; otherwise every sticker is a piece of one orientation.
    /// Also returns a note when pieces could not be used.
    ///
    /// A piece that looks the same turned is written with the modulus its
    /// orientation is known by (`orientationMod`) where `any_modulus` allows it
    /// (KPuzzle); otherwise only a piece of one colour is, its modulus 1 (twsearch's
    /// `?`), and a note says why the others are not.
    pub fn from_puzzle(
        p: &StickerPuzzle,
        any_modulus: bool,
    ) -> Result<(PieceModel, Option<String>), FormatError> {
        let generators = generators(p)?;
        let (mut model, note, pieces) = match by_pieces(p, &generators, any_modulus) {
            Ok(m) => (m, None, p.pieces.as_slice()),
            Err(note) => (by_stickers(p, &generators), note, &[][..]),
        };
        model.illegal = illegal_of(p, pieces, &model)?;
        Ok((model, note))
    }
}

/// The model's slots and pieces each bar names: a bar is the stickers of one slot,
/// its looks those of pieces of the slot's orbit; refused when it is not. `pieces`:
/// the piece lines the model's orbits were made of (none when it is all stickers).
fn illegal_of(
    p: &StickerPuzzle,
    pieces: &[StickerPiece],
    m: &PieceModel,
) -> Result<Vec<(usize, usize, usize, usize)>, FormatError> {
    let at: Vec<(usize, usize)> = (0..m.orbits.len())
        .flat_map(|s| (0..m.orbits[s].pieces).map(move |j| (s, j)))
        .collect();
    // A slot is the stickers of its piece line; the stickers in no piece are the
    // slots of one orbit more (all of them, written without piece lines).
    let loose: Vec<Sticker> = (0..p.solved.len() as Sticker)
        .filter(|i| !pieces.iter().any(|x| x.stickers.contains(i)))
        .collect();
    let slot_stickers = |s: usize, j: usize| -> Vec<Sticker> {
        let kind = &m.orbits[s].name;
        match pieces.iter().filter(|x| x.kind == kind.as_str()).nth(j) {
            Some(piece) => piece.stickers.to_vec(),
            None => loose.get(j).map(|&i| vec![i]).unwrap_or_default(),
        }
    };
    let mut out = Vec::new();
    for bar in p.barred {
        let not_a_slot = || {
            fail(format!(
                "the bar {} is not one slot of a piece: twsearch's Illegal cannot say it",
                bar.said
            ))
        };
        let Some(&(s, j)) = at
            .iter()
            .find(|&&(s, j)| slot_stickers(s, j) == bar.stickers)
        else {
            return not_a_slot();
        };
        for look in &bar.looks {
            let home = (0..m.orbits[s].pieces).find(|&h| {
                let stickers = slot_stickers(s, h);
                let colours: Vec<u8> = stickers.iter().map(|&x| p.solved[x as usize]).collect();
                let k = colours.len();
                (0..k).any(|t| (0..k).all(|f| colours[(f + t) % k] == look[f]))
            });
            let Some(home) = home else {
                return not_a_slot();
            };
            let piece = m.solved[s].0[home];
            if !out.contains(&(s, j, piece, 0)) {
                out.push((s, j, piece, 0));
            }
        }
    }
    Ok(out)
}

/// One move a face, whose powers are the face's moves; refused when a face is not
/// all the powers of one of its moves (cubing.js and twsearch add every power).
fn generators(p: &StickerPuzzle) -> Result<Vec<usize>, FormatError> {
    let n = p.solved.len();
    let identity: Vec<Sticker> = (0..n as Sticker).collect();
    let mut out = Vec::new();
    for f in 0..p.moves.len() {
        let face: Vec<usize> = (0..p.moves.len())
            .filter(|&i| p.moves[i].face as usize == f)
            .collect();
        if face.is_empty() {
            continue;
        }
        let powers_of = |g: usize| {
            let mut ps = vec![p.moves[g].perm.to_vec()];
            loop {
                let last = &ps[ps.len() - 1];
                let next: Vec<Sticker> =
                    p.moves[g].perm.iter().map(|&j| last[j as usize]).collect();
                if next == identity || ps.len() > 2 * MAX_MOVES {
                    break;
                }
                ps.push(next);
            }
            ps
        };
        let found = face.iter().copied().find(|&g| {
            let ps = powers_of(g);
            ps.iter()
                .all(|q| face.iter().any(|&i| p.moves[i].perm == q.as_slice()))
                && face
                    .iter()
                    .all(|&i| ps.iter().any(|q| q == p.moves[i].perm))
        });
        match found {
            Some(g) => out.push(g),
            None => {
                let names: Vec<&str> = face.iter().map(|&i| p.moves[i].name).collect();
                let g = face[0];
                let missing = powers_of(g)
                    .into_iter()
                    .enumerate()
                    .find(|(_, q)| !face.iter().any(|&i| p.moves[i].perm == q.as_slice()))
                    .map(|(k, _)| k + 1);
                let detail = match missing {
                    Some(k) => format!(" (the power {k} of {} is not a move)", p.moves[g].name),
                    None => String::new(),
                };
                return fail(format!(
                    "the moves {} are not all the powers of one move{detail}: twsearch and \
                     cubing.js add every power of a move, so the exported puzzle would have other moves",
                    names.join(" ")
                ));
            }
        }
    }
    Ok(out)
}

/// Every sticker a piece of one orientation, in one orbit; pieces numbered by colour.
fn by_stickers(p: &StickerPuzzle, generators: &[usize]) -> PieceModel {
    let n = p.solved.len();
    let mut colours: Vec<u8> = Vec::new();
    let pieces: Vec<usize> = p
        .solved
        .iter()
        .map(|c| {
            colours.iter().position(|x| x == c).unwrap_or_else(|| {
                colours.push(*c);
                colours.len() - 1
            })
        })
        .collect();
    PieceModel {
        name: p.name.to_string(),
        orbits: vec![Orbit {
            name: "STICKERS".into(),
            pieces: n,
            orientations: 1,
        }],
        solved: vec![(pieces, vec![0; n])],
        orientation_mods: Vec::new(),
        aliases: Vec::new(),
        illegal: Vec::new(),
        moves: generators
            .iter()
            .map(|&g| {
                let m = &p.moves[g];
                (
                    m.name.to_string(),
                    vec![OrbitMove {
                        perm: m.perm.iter().map(|&x| x as usize).collect(),
                        delta: vec![0; n],
                    }],
                )
            })
            .collect(),
        move_lines: vec![0; generators.len()],
    }
}

/// The `piece` lines as orbits, one a kind (the stickers in no piece make one more
/// orbit, of one orientation); `Err` says why not, `Err(None)` when there are none.
fn by_pieces(
    p: &StickerPuzzle,
    generators: &[usize],
    any_modulus: bool,
) -> Result<PieceModel, Option<String>> {
    if p.pieces.is_empty() {
        return Err(None);
    }
    let (orbits, slots) = orbit_slots(p)?;
    // Where each sticker is: (orbit, slot, facet).
    let mut at = vec![(0, 0, 0); p.solved.len()];
    for (s, of) in slots.iter().enumerate() {
        for (j, stickers) in of.iter().enumerate() {
            for (f, &x) in stickers.iter().enumerate() {
                at[x] = (s, j, f);
            }
        }
    }
    let mut moves = Vec::new();
    for &g in generators {
        let m = &p.moves[g];
        let per_orbit = (0..slots.len())
            .map(|s| orbit_move(m, s, &orbits[s], &slots[s], &at))
            .collect::<Result<Vec<_>, _>>()?;
        moves.push((m.name.to_string(), per_orbit));
    }
    let mut solved = Vec::new();
    let mut orientation_mods = Vec::new();
    for s in 0..slots.len() {
        let (pieces, twists, mods) = solved_pieces(p, &orbits[s], &slots[s], any_modulus)?;
        solved.push((pieces, twists));
        orientation_mods.push(mods);
    }
    Ok(PieceModel {
        name: p.name.to_string(),
        orbits,
        solved,
        move_lines: vec![0; moves.len()],
        moves,
        orientation_mods,
        aliases: Vec::new(),
        illegal: Vec::new(),
    })
}

/// The orbits of a puzzle's pieces, one per kind in order of first appearance, and
/// each orbit's slots as lists of sticker positions; stickers of no piece form one
/// more orbit of one-sticker pieces.
#[allow(clippy::type_complexity)]
fn orbit_slots(p: &StickerPuzzle) -> Result<(Vec<Orbit>, Vec<Vec<Vec<usize>>>), Option<String>> {
    let mut kinds: Vec<&str> = Vec::new();
    for piece in &p.pieces {
        if !kinds.contains(&piece.kind) {
            kinds.push(piece.kind);
        }
    }
    let mut slots: Vec<Vec<Vec<usize>>> = Vec::new();
    let mut orbits = Vec::new();
    for kind in &kinds {
        let of: Vec<Vec<usize>> = p
            .pieces
            .iter()
            .filter(|x| x.kind == *kind)
            .map(|x| x.stickers.iter().map(|&s| s as usize).collect())
            .collect();
        let k = of[0].len();
        if of.iter().any(|s| s.len() != k) {
            return Err(Some(format!(
                "the {kind} pieces have different numbers of stickers"
            )));
        }
        orbits.push(Orbit {
            name: kind.to_string(),
            pieces: of.len(),
            orientations: k,
        });
        slots.push(of);
    }
    let n = p.solved.len();
    let mut owned = vec![false; n];
    for s in slots.iter().flatten().flatten() {
        owned[*s] = true;
    }
    let loose: Vec<Vec<usize>> = (0..n).filter(|&i| !owned[i]).map(|i| vec![i]).collect();
    if !loose.is_empty() {
        let mut name = "STICKERS".to_string();
        while kinds.contains(&name.as_str()) {
            name.push('_');
        }
        orbits.push(Orbit {
            name,
            pieces: loose.len(),
            orientations: 1,
        });
        slots.push(loose);
    }
    Ok((orbits, slots))
}

/// What move `m` does to orbit `s` (its slots `of`; `at` places every sticker): the
/// slot each slot's piece comes from and its turn, or why the move does not turn the
/// orbit's pieces as whole pieces.
fn orbit_move(
    m: &StickerMove,
    s: usize,
    orbit: &Orbit,
    of: &[Vec<usize>],
    at: &[(usize, usize, usize)],
) -> Result<OrbitMove, Option<String>> {
    let k = orbit.orientations;
    let mut perm = Vec::new();
    let mut delta = Vec::new();
    for (j, stickers) in of.iter().enumerate() {
        let (s0, from, shift) = at[m.perm[stickers[0]] as usize];
        let cyclic = s0 == s
            && stickers
                .iter()
                .enumerate()
                .all(|(f, &x)| at[m.perm[x] as usize] == (s, from, (f + shift) % k));
        if !cyclic {
            return Err(Some(format!(
                "move {} turns the {} piece {} other than cyclically",
                m.name,
                orbit.name,
                j + 1
            )));
        }
        perm.push(from);
        delta.push((k - shift) % k);
    }
    Ok(OrbitMove { perm, delta })
}

/// The solved state of one orbit: slots whose colours are the same up to a turn hold
/// the same piece; the first such slot holds it unturned. Each slot's modulus too:
/// the smallest turn that shows its piece as it was (0 for none), where
/// `any_modulus` allows it, or where it is 1.
#[allow(clippy::type_complexity)]
fn solved_pieces(
    p: &StickerPuzzle,
    orbit: &Orbit,
    of: &[Vec<usize>],
    any_modulus: bool,
) -> Result<(Vec<usize>, Vec<usize>, Vec<usize>), Option<String>> {
    let k = orbit.orientations;
    let colours: Vec<Vec<u8>> = of
        .iter()
        .map(|st| st.iter().map(|&x| p.solved[x]).collect())
        .collect();
    let mut firsts: Vec<usize> = Vec::new();
    let mut pieces = Vec::new();
    let mut twists = Vec::new();
    let mut mods = Vec::new();
    for (j, c) in colours.iter().enumerate() {
        // Facet f of the piece shows on (j, f + t).
        let turned = |first: &[u8], t: usize| (0..k).all(|o| c[o] == first[(o + k - t) % k]);
        let modulus = (1..k).find(|&r| turned(c, r));
        if let Some(r) = modulus.filter(|&r| r > 1 && !any_modulus) {
            return Err(Some(format!(
                "the {} piece {} looks the same turned {r} of {k}: its orientation would be known only mod {r}, which twsearch cannot write",
                orbit.name,
                j + 1
            )));
        }
        mods.push(modulus.unwrap_or(0));
        let same = firsts
            .iter()
            .enumerate()
            .find_map(|(id, &i)| (0..k).find(|&t| turned(&colours[i], t)).map(|t| (id, t)));
        match same {
            Some((id, t)) => {
                pieces.push(id);
                twists.push(t);
            }
            None => {
                pieces.push(firsts.len());
                twists.push(0);
                firsts.push(j);
            }
        }
    }
    Ok((pieces, twists, mods))
}
