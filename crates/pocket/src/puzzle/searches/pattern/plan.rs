//! The plan of a puzzle's pattern databases: every kind of every orbit in some
//! projection, the projections as large as the caps let them be.

use crate::puzzle::formats::defined::Puzzle;
use crate::puzzle::spaces::tracked::{self, Tracked};

use super::{Kinds, MAX_ONE_COLOUR_KINDS, Projection};

/// The projections to build within `cap` positions (and bytes of move tables) each:
/// each orbit's kinds in runs, as many to a run as fit, then runs of different
/// orbits joined while they fit. Every kind of every orbit is in one of them, so
/// that when every orbit's orientations are shown, the puzzle is solved exactly when
/// every projection is. An orbit one of whose kinds alone does not fit has its own
/// cap, the first of `cap` times a power of `growth` at which it fits, up to
/// `ceiling`; the other orbits keep `cap`. (Once one cap grew for all: the second
/// icosahedron's centres, whose kind of three needs 6.6 MB of move tables, made its
/// edges' tables of 10.5 million positions too, 26 s for a scramble of one move.)
pub fn plan(
    puzzle: &Puzzle,
    kinds: &[Kinds],
    cap: u64,
    growth: u64,
    ceiling: u64,
) -> Result<Vec<Projection>, String> {
    // Move tables within the cap too: each entry costs a rank to build, many times a
    // distance's cost (FTO: a part of 3,991,680 arrangements took 25 s for its 255 MB
    // of move tables, its distances a fraction of it).
    let within = |cap: u64| {
        move |p: &Projection| -> Option<u64> {
            p.measure(puzzle, kinds)
                .ok()
                .filter(|&(s, t)| s <= cap && t <= cap)
                .map(|(size, _)| size)
        }
    };
    let size = within(cap);
    let none = Projection {
        tracked: kinds.iter().map(|k| vec![false; k.looks.len()]).collect(),
        turns: kinds.iter().map(|k| k.turns_seen).collect(),
        own: vec![false; kinds.len()],
    };
    let mut turns = shown_turns(kinds, &none, &size)?;
    turns.own = own_orbits(kinds, &turns, &size);
    let mut runs: Vec<(Projection, u64)> = Vec::new();
    for r in 0..kinds.len() {
        let mut own_cap = cap;
        let orbit_runs = loop {
            let size = within(own_cap);
            let at_ceiling = own_cap >= ceiling;
            let orbit_runs = match turns.own[r] {
                true => own_runs(kinds, &turns, r, &size),
                false => kind_runs(kinds, &turns, r, &size, at_ceiling),
            };
            match orbit_runs {
                Some(found) => break found,
                None if !at_ceiling => own_cap = own_cap.saturating_mul(growth.max(2)).min(ceiling),
                None => {
                    return Err(format!(
                        "one piece of an orbit of {} pieces alone needs a table of more than {} \
                         positions or move tables of more than {} bytes",
                        kinds[r].orbit.pieces.len(),
                        crate::io::group(own_cap),
                        crate::io::group(own_cap)
                    ));
                }
            }
        };
        runs.extend(orbit_runs);
    }
    // Orbits moved exactly as another: a join with one may number far fewer
    // positions than the product.
    let copied: Vec<bool> = (0..kinds.len())
        .map(|r| {
            let o = &kinds[r].orbit;
            (0..kinds.len()).any(|q| {
                q != r
                    && kinds[q].orbit.pieces.len() == o.pieces.len()
                    && kinds[q].orbit.src == o.src
            })
        })
        .collect();
    Ok(join(runs, &size, &|a, b, product| {
        surely_past(&copied, a, b, product, cap)
    }))
}

/// Whether two runs joined surely pass `cap` positions, from the product of their
/// sizes, without building the join to measure it: when they share no orbit and no
/// orbit of theirs is moved as another is (a copy, not ranked at all), the join
/// numbers their positions' product, less at most one half an orbit whose parity
/// the others imply. Measuring every join a plan tries was most of a plan's time:
/// the 9x9x9's first plan measured 5,800 projections, 4 s of a scramble's 9 s.
fn surely_past(copied: &[bool], a: &Projection, b: &Projection, product: u128, cap: u64) -> bool {
    let orbits: Vec<usize> = (0..copied.len())
        .filter(|&r| a.has(r) || b.has(r))
        .collect();
    let shared = orbits.iter().any(|&r| a.has(r) && b.has(r));
    if shared || orbits.iter().any(|&r| copied[r]) {
        return false;
    }
    product >> orbits.len().min(127) > u128::from(cap)
}

/// The orbits tracked a few pieces at a time, each with its own orientation: those
/// of distinct pieces that turn, too large for one table, where such a table is at
/// least twice as large as one of the orbit's kinds with every piece's orientation
/// shown (`shown`), which is cheaper to build and to read. Larger tables see more:
/// on the 3x3x3, five edges with every edge's flip (194,641,920 positions, 8.15
/// moves on average) against six with their own (42,577,920, 7.65): 0.95 million
/// nodes against 1.62 million on three scrambles; seven with their own
/// (510,935,040, 8.49): 0.27 million. On the kilominx, whose corners' 3^19 turns
/// are too many to show, four corners with their own turns against six corners'
/// places: 5 scrambles in 7.0 s of CPU against 99 s. Where the sizes are close (the
/// 3x3x3's first tables: five edges and their flips, 3,041,280 positions, against
/// three and every flip, 2,703,360), the 20-scramble batch took 1.17x the CPU
/// tracked (whole-process timings, 5 paired runs).
fn own_orbits(
    kinds: &[Kinds],
    shown: &Projection,
    size: &dyn Fn(&Projection) -> Option<u64>,
) -> Vec<bool> {
    let largest = |runs: Option<Vec<(Projection, u64)>>| {
        runs.and_then(|runs| runs.iter().map(|&(_, s)| s).max())
    };
    let mut own_shown = shown.clone();
    own_shown.own = vec![true; kinds.len()];
    kinds
        .iter()
        .enumerate()
        .map(|(r, k)| {
            let mut whole = shown.clone();
            whole.tracked[r].iter_mut().for_each(|t| *t = true);
            let candidate = k.turns_seen
                && k.counts().iter().all(|&c| c == 1)
                && k.orbit.twists.len() > 1
                && Tracked::takes(&k.orbit)
                && size(&whole).is_none();
            let own = largest(own_runs(kinds, &own_shown, r, size));
            let shown = largest(kind_runs(kinds, shown, r, size, false));
            candidate && own.is_some_and(|o| shown.is_none_or(|s| o >= 2 * s))
        })
        .collect()
}

/// The projection with each orbit's orientations shown where one kind's table with
/// them fits, or refused when an orbit shown without them has too many kinds to
/// colour.
fn shown_turns(
    kinds: &[Kinds],
    base: &Projection,
    size: &dyn Fn(&Projection) -> Option<u64>,
) -> Result<Projection, String> {
    let mut shown = base.clone();
    for (r, k) in kinds.iter().enumerate() {
        if k.orbit.twists.len() == 1 {
            continue;
        }
        let mut one = shown.clone();
        one.tracked[r][0] = true;
        if size(&one).is_none() {
            if k.looks.len() > MAX_ONE_COLOUR_KINDS {
                return Err(format!(
                    "an orbit of {} kinds of piece has too many orientations to tabulate",
                    k.looks.len()
                ));
            }
            shown.turns[r] = false;
        }
    }
    Ok(shown)
}

/// Orbit `r`'s kinds in runs, as many to a run as fit; `None` when one alone does
/// not, unless `leave_out`: then such kinds are in no table, and the search sees
/// them only at its goal (the gigaminx's centres, kinds of five alike in 60 places:
/// C(60, 5) = 5,461,512 places under 96 moves, 2 GB of move tables). In an orbit
/// without orientations, the kind of most pieces is left out when it alone does not
/// fit: with every other kind at home, its pieces fill the slots left, at home too
/// (Square-1's eight corner halves, whose 735,471 places need 68 MB of move tables
/// under its 23 moves, where the rest fit in 4 MB tables: 5 scrambles of 10 moves in
/// 0.3 s of CPU against 7.1 s with them).
fn kind_runs(
    kinds: &[Kinds],
    empty: &Projection,
    r: usize,
    size: &dyn Fn(&Projection) -> Option<u64>,
    leave_out: bool,
) -> Option<Vec<(Projection, u64)>> {
    let counts = kinds[r].counts();
    let implied = (kinds[r].orbit.twists.len() == 1 && counts.len() > 1)
        .then(|| (0..counts.len()).max_by_key(|&k| (counts[k], std::cmp::Reverse(k))))
        .flatten()
        .filter(|&k| {
            let mut alone = empty.clone();
            alone.tracked[r][k] = true;
            size(&alone).is_none()
        });
    let mut runs = Vec::new();
    let mut run = empty.clone();
    let mut fitted = None;
    for kind in (0..kinds[r].looks.len()).filter(|&k| Some(k) != implied) {
        run.tracked[r][kind] = true;
        if let Some(s) = size(&run) {
            fitted = Some(s);
            continue;
        }
        run.tracked[r][kind] = false;
        if let Some(s) = fitted {
            runs.push((run, s));
        }
        run = empty.clone();
        run.tracked[r][kind] = true;
        fitted = size(&run);
        if fitted.is_none() {
            if !leave_out {
                return None;
            }
            run.tracked[r][kind] = false;
        }
    }
    if let Some(s) = fitted {
        runs.push((run, s));
    }
    Some(runs)
}

/// Orbit `r`'s pieces tracked `k` at a time, `k` as large as fits, in as few runs
/// as cover them all, spread evenly round the orbit (so they may overlap: the
/// 3x3x3's 12 edges seven at a time are two runs sharing two edges).
fn own_runs(
    kinds: &[Kinds],
    empty: &Projection,
    r: usize,
    size: &dyn Fn(&Projection) -> Option<u64>,
) -> Option<Vec<(Projection, u64)>> {
    let n = kinds[r].looks.len();
    let run_of = |start: usize, k: usize| {
        let mut run = empty.clone();
        for j in start..start + k {
            run.tracked[r][j % n] = true;
        }
        run
    };
    let k = (1..=n.min(tracked::MAX_TRACKED))
        .take_while(|&k| size(&run_of(0, k)).is_some())
        .last()?;
    let count = n.div_ceil(k);
    (0..count)
        .map(|j| {
            let run = run_of(j * n / count, k);
            size(&run).map(|s| (run, s))
        })
        .collect()
}

/// Runs joined, smallest first, while a join fits: one table that sees more. Runs
/// of tracked pieces join only each other.
fn join(
    mut runs: Vec<(Projection, u64)>,
    size: &dyn Fn(&Projection) -> Option<u64>,
    past: &dyn Fn(&Projection, &Projection, u128) -> bool,
) -> Vec<Projection> {
    runs.sort_by_key(|&(_, s)| s);
    let mut joined: Vec<(Projection, u64)> = Vec::new();
    for (run, s) in runs {
        let fit = joined.iter().enumerate().find_map(|(i, (j, js))| {
            if j.is_own() != run.is_own() || past(j, &run, u128::from(*js) * u128::from(s)) {
                return None;
            }
            let mut both = j.clone();
            for (r, kinds) in run.tracked.iter().enumerate() {
                for (k, &t) in kinds.iter().enumerate() {
                    both.tracked[r][k] |= t;
                }
            }
            size(&both).map(|s| (i, both, s))
        });
        match fit {
            Some((i, both, s)) => joined[i] = (both, s),
            None => joined.push((run, s)),
        }
    }
    joined.into_iter().map(|(p, _)| p).collect()
}
