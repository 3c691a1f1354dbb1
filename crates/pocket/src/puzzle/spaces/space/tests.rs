//! Tests of puzzle spaces: censuses and solves on coordinates against stickers and
//! the cube's own, on random puzzles and every width of state.

use super::*;
use crate::cube::census::census;
use crate::engine::search::{Solver, SolverConfig};
use crate::model::cost::Metric;
use crate::puzzle::spaces::cheapest::Cheapest;

/// A far state of a group too large to search gives up at the solver's cap, with
/// the message the command line prints (which tests/all/definitions.rs checks at
/// the real cap of 7,000,000 under `--ignored`: 3 s of the suite's CPU).
#[test]
fn a_far_state_gives_up_at_the_cap() {
    let cycle: Vec<String> = (0..16).map(|i| ((i + 1) % 16).to_string()).collect();
    let back: Vec<String> = (0..16).map(|i| ((i + 15) % 16).to_string()).collect();
    let mut swap: Vec<String> = (0..16).map(|i| i.to_string()).collect();
    swap.swap(0, 1);
    let text = format!(
        "solved ABCDEFGHIJKLMNOP\nmove C {}\nmove Ci {}\nmove S {}\n",
        cycle.join(" "),
        back.join(" "),
        swap.join(" ")
    );
    let p = Puzzle::parse(&text, "s16").unwrap();
    let space = p.space(true).unwrap();
    let config = SolverConfig {
        max_states: 20_000,
        ..SolverConfig::default()
    };
    let mut solver = Solver::with_config(&space, config);
    let far = space.state(b"PONMLKJIHGFEDCBA").unwrap();
    let e = solver.try_solve(far).unwrap_err();
    assert_eq!(
        e.to_string(),
        "gave up: the search would hold more than 20,000 positions"
    );
}

#[test]
fn the_2x2x1_of_the_seeds() {
    let p = Puzzle::load("2x2x1").unwrap();
    assert_eq!(p.stickers(), 16);
    let c = p.space(false).unwrap().census().unwrap();
    assert_eq!(c.positions(), [1, 4, 10, 8, 1]);
    assert_eq!((c.total(), c.diameter()), (24, 4));
    let space = p.space(true).unwrap();
    let w = space.census().unwrap();
    assert_eq!(w.format_distance(w.diameter()), "7");
    assert_eq!(w.total(), 24);
    let slow_d = p.with_costs("D=10").unwrap();
    let w = slow_d.space(true).unwrap().census().unwrap();
    assert!(w.diameter() > 7);
    assert!(
        p.with_costs("Q=1")
            .unwrap_err()
            .to_string()
            .contains("no move 'Q'")
    );
}

/// The quarter-turn census, through coordinates (it took 10 s in hash maps).
#[test]
fn pocket_21_has_the_quarter_turn_census() {
    let p = Puzzle::load("pocket-21").unwrap();
    assert_eq!(p.stickers(), 21);
    let space = p.space(false).unwrap();
    assert_eq!(space.engine_name(), "coordinates");
    let c = space.census().unwrap();
    assert_eq!(c.rows, census(Metric::Qtm).rows);
}

/// The generic space of `pocket-golf` is the cube, checked through the coordinate
/// on every 53rd position (every one under `--ignored`): each move of the
/// definition takes the packed stickers of a position to those of the position
/// the cube's move tables give. With the differential test of the generic census
/// (tests/definitions.rs), this carries the census equality below without its 10 s
/// of hash-map search.
#[test]
fn pocket_golf_moves_are_the_cube_moves_on_every_53rd_position() {
    pocket_golf_moves_are_the_cube_moves(53);
}

/// Every position (7 s in a debug build):
/// `cargo test --lib -- --ignored pocket_golf_moves_are_the_cube_moves_on_every_position`.
#[test]
#[ignore = "every position, 7 s"]
fn pocket_golf_moves_are_the_cube_moves_on_every_position() {
    pocket_golf_moves_are_the_cube_moves(1);
}

fn pocket_golf_moves_are_the_cube_moves(stride: usize) {
    use crate::model::moves::Move;
    use crate::model::pieces::{Coord, POSITIONS};
    let p = Puzzle::load("pocket-golf").unwrap();
    let space = p.space(false).unwrap();
    let packed = |c: Coord| {
        let stickers = c.cube().stickers();
        space.state(stickers.as_str().as_bytes()).unwrap()
    };
    let moves: Vec<usize> = p
        .moves
        .iter()
        .map(|m| m.name.parse::<Move>().unwrap().index())
        .collect();
    for c in (0..POSITIONS).step_by(stride) {
        let here = packed(Coord(c));
        for (m, &cube_move) in moves.iter().enumerate() {
            let next = Coord(c).apply(cube_move);
            assert_eq!(
                space.apply(here, m),
                packed(next),
                "{} at {c}",
                p.moves[m].name
            );
        }
    }
}

/// The census through coordinates is the cube's, local maxima too.
#[test]
fn pocket_golf_census_equals_the_fast_census() {
    let p = Puzzle::load("pocket-golf").unwrap();
    let space = p.space(false).unwrap();
    assert_eq!(space.engine_name(), "coordinates");
    let c = space.census().unwrap();
    assert_eq!(c.rows, census(Metric::Htm).rows);
}

/// The same census through the hash-map engine (about 15 s):
/// `cargo test --release -- --ignored pocket_golf_census_on_stickers`.
#[test]
#[ignore = "about 15 s: cargo test --release -- --ignored pocket_golf_census_on_stickers"]
fn pocket_golf_census_on_stickers_equals_the_fast_census() {
    let p = Puzzle::load("pocket-golf").unwrap();
    let c = p.sticker_space(false).unwrap().census().unwrap();
    assert_eq!(c.rows, census(Metric::Htm).rows);
}

/// The 2x2x2 with no fixed corner: 88,179,840 positions, in about 4 s of CPU and
/// 29 MB with --release: `cargo test --release -- --ignored free_2x2x2`.
#[test]
#[ignore = "about 4 s with --release: cargo test --release -- --ignored free_2x2x2"]
fn free_2x2x2_has_the_published_census() {
    let p = Puzzle::load(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../fixtures/puzzles/2x2x2-free.txt"
    ))
    .unwrap();
    let space = p.space(false).unwrap();
    assert_eq!(space.size(), Some(88_179_840));
    let c = space.census().unwrap();
    assert_eq!(
        c.positions(),
        [
            1, 18, 243, 2874, 28000, 205416, 1168516, 5402628, 20776176, 45391616, 15139616, 64736
        ]
    );
}

/// A small random permutation puzzle of `pieces` pieces of `width` stickers: each
/// move carries pieces onto pieces, turning each by a random shift of its
/// stickers; colours random from `colours` (pieces may then look alike, or the
/// same turned: the coordinate engine refuses those, and the test counts them).
fn random_puzzle(seed: &mut u64, pieces: usize, width: usize, colours: u8) -> String {
    let mut next = |bound: usize| {
        *seed ^= *seed << 13;
        *seed ^= *seed >> 7;
        *seed ^= *seed << 17;
        (*seed % bound as u64) as usize
    };
    let n = pieces * width;
    let solved: String = (0..n)
        .map(|_| (b'A' + next(colours as usize) as u8) as char)
        .collect();
    let mut text = format!("solved {solved}\n");
    let identity: Vec<usize> = (0..n).collect();
    let mut made = vec![identity];
    for name in ["a", "b"] {
        // Two different moves, neither the identity (a definition names each
        // permutation once).
        let mut perm = made[0].clone();
        while made.contains(&perm) {
            let mut order: Vec<usize> = (0..pieces).collect();
            for i in (1..pieces).rev() {
                order.swap(i, next(i + 1));
            }
            for (q, &p) in order.iter().enumerate() {
                let shift = next(width);
                for s in 0..width {
                    perm[q * width + s] = p * width + (s + shift) % width;
                }
            }
        }
        made.push(perm.clone());
        let words: Vec<String> = perm.iter().map(|x| x.to_string()).collect();
        text += &format!("move {name} {}\n", words.join(" "));
    }
    text + "powers all\n"
}

/// A twsearch definition of three sets: `X` and `Y` moved by random
/// permutations (so that their parities are often linked), and `Z` carried
/// exactly as `X` but turned in place by one more move (twsearch's pyraminx: its
/// tips ride on its corners), a copy.
fn random_linked_puzzle(seed: &mut u64) -> Option<(Puzzle, String)> {
    let mut next = |bound: usize| {
        *seed ^= *seed << 13;
        *seed ^= *seed >> 7;
        *seed ^= *seed << 17;
        (*seed % bound as u64) as usize
    };
    let (a, b) = (3, 2 + next(3));
    let line = |v: &[usize], plus: usize| {
        let words: Vec<String> = v.iter().map(|x| (x + plus).to_string()).collect();
        words.join(" ")
    };
    let zeros = |n: usize| vec![0; n];
    let mut text = format!("Name linked\nSet X {a} 3\nSet Y {b} 1\nSet Z {a} 3\n");
    let solved = |n: usize| (0..n).collect::<Vec<_>>();
    text += &format!(
        "Solved\nX\n{}\nY\n{}\nZ\n{}\nEnd\n",
        line(&solved(a), 1),
        line(&solved(b), 1),
        line(&solved(a), 1)
    );
    for name in ["p", "q", "r"] {
        let mut shuffled = |len: usize| {
            let mut order: Vec<usize> = (0..len).collect();
            for i in (1..len).rev() {
                order.swap(i, next(i + 1));
            }
            order
        };
        let (x, y) = (shuffled(a), shuffled(b));
        let twists: Vec<usize> = (0..a).map(|i| (i * 7 + x[i]) % 3).collect();
        text += &format!(
            "Move {name}\nX\n{}\n{}\nY\n{}\n{}\nZ\n{}\n{}\nEnd\n",
            line(&x, 1),
            line(&twists, 0),
            line(&y, 1),
            line(&zeros(b), 0),
            line(&x, 1),
            line(&zeros(a), 0),
        );
    }
    let mut tip = zeros(a);
    tip[0] = 1;
    text += &format!(
        "Move t\nZ\n{}\n{}\nEnd\n",
        line(&solved(a), 1),
        line(&tip, 0)
    );
    let model = crate::puzzle::formats::tws::read_foreign("linked.tws", &text)
        .unwrap()
        .unwrap();
    // Moves drawn twice (or one the identity) are refused: drawn again.
    let puzzle = Puzzle::assemble(model.to_draft().unwrap(), "linked").ok()?;
    Some((puzzle, text))
}

/// Issue 40: twsearch's 3p1 was refused ("the pieces of stickers 3 2 and 6 7 look
/// alike turned"): its identical edges were found with their slots in two orders,
/// so that one looked like the other flipped. Random sets of two kinds of
/// identical flipping pieces, as twsearch writes them: each piece found turned at
/// home is of its kind, and the census counts as the sticker engine's does.
#[test]
fn identical_pieces_found_turned_count_as_stickers_do() {
    let mut seed = 3u64;
    let mut next = |bound: usize| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        (seed % bound as u64) as usize
    };
    let mut turned = 0;
    for case in 0..40 {
        let n = 4 + case % 3;
        let kinds: Vec<String> = (0..n)
            .map(|i| (1 + (i * 7 + case) % 2).to_string())
            .collect();
        let mut text = format!("Set EDGE {n} 2\nSolved\nEDGE\n{}\nEnd\n", kinds.join(" "));
        for name in ["A", "B", "C"] {
            let mut perm: Vec<usize> = (1..=n).collect();
            for i in (1..n).rev() {
                perm.swap(i, next(i + 1));
            }
            let words: Vec<String> = perm.iter().map(|x| x.to_string()).collect();
            let flips: Vec<String> = (0..n).map(|_| next(2).to_string()).collect();
            text += &format!(
                "Move {name}\nEDGE\n{}\n{}\nEnd\n",
                words.join(" "),
                flips.join(" ")
            );
        }
        let Ok(model) = crate::puzzle::formats::tws::read_foreign("e.tws", &text).unwrap() else {
            continue;
        };
        let Ok(p) = Puzzle::assemble(model.to_draft().unwrap(), "e") else {
            continue;
        };
        let fast = p.space(false).unwrap();
        let Engine::Coordinates(c) = fast.engine() else {
            panic!("{text}{}", fast.engine_note());
        };
        turned += usize::from(c.turned_at_home());
        let slow = p.sticker_space(false).unwrap();
        let (a, b) = (fast.census().unwrap(), slow.census().unwrap());
        assert_eq!(a.rows, b.rows, "{text}");
        assert_eq!(c.decode(c.goal()), p.solved, "{text}");
    }
    assert!(turned >= 5, "only {turned} with pieces turned at home");
}

/// Linked orbits (a copy, parities implied by others') count and solve on
/// coordinates as on stickers, every coordinate decodes to a state that encodes
/// back to it, and a state the links rule out is refused by name.
#[test]
fn linked_orbits_count_and_solve_as_stickers_do() {
    let mut seed = 41u64;
    let (mut implied, mut copies) = (0, 0);
    let mut made = 0;
    while made < 40 {
        let Some((p, text)) = random_linked_puzzle(&mut seed) else {
            continue;
        };
        made += 1;
        let fast = p.space(false).unwrap();
        let slow = p.sticker_space(false).unwrap();
        let Engine::Coordinates(c) = fast.engine() else {
            panic!("{text}{}", fast.engine_note());
        };
        let (halved, copy) = c.links();
        implied += halved;
        copies += copy;
        let (a, b) = (fast.census().unwrap(), slow.census().unwrap());
        assert_eq!(a.rows, b.rows, "{text}{}", fast.engine_note());
        for x in 0..c.size() {
            let stickers = c.decode(x);
            assert_eq!(c.encode(&stickers), Ok(x), "{text}");
        }
        let mut solver = fast.solver();
        let (mut x, mut y) = (fast.goal(), slow.goal());
        for step in 0..8 {
            let m = (seed as usize >> (step * 3)) % p.moves.len();
            (x, y) = (fast.apply(x, m), slow.apply(y, m));
            let path = solver.try_solve(x).unwrap().unwrap();
            let want = slow.solver().try_solve(y).unwrap().unwrap();
            assert_eq!(path.cost, want.cost, "{text}");
        }
        // Two stickers of the first orbit swapped, its copy solved: never reached
        // (the copy's arrangement is the first orbit's).
        let mut swapped = p.solved.clone();
        let i = (0..p.solved.len())
            .find(|&i| p.moves[0].perm[i] as usize != i)
            .unwrap();
        swapped.swap(i, p.moves[0].perm[i] as usize);
        assert!(fast.state(&swapped).is_err(), "{text}");
    }
    assert!(
        implied >= 10 && copies == 40,
        "{implied} implied, {copies} copies"
    );
}

/// The search over coordinates in words of 32, 64 and 128 bits, and over
/// stickers, finds paths of the same cost that solve each state, with the same
/// solutions for `--all`; every random puzzle on coordinates, with move counts and
/// with costs.
#[test]
fn every_width_of_the_search_solves_alike() {
    let mut seed = 7u64;
    let mut on_coordinates = 0;
    for case in 0..60 {
        let (pieces, width) = [(4, 2), (5, 3), (6, 1), (3, 4)][case % 4];
        let text = random_puzzle(&mut seed, pieces, width, [3, 26][case % 2]);
        let p = Puzzle::parse(&text, "r").unwrap();
        let weighted = case % 3 == 0;
        let p = if weighted {
            p.with_costs(&format!("{}=3", p.moves[1].name)).unwrap()
        } else {
            p
        };
        let space = p.space(weighted).unwrap();
        if space.engine_name() != "coordinates" {
            continue;
        }
        on_coordinates += 1;
        let stickers = p.sticker_space(weighted).unwrap();
        let mut solvers = [
            space.solver_in(32),
            space.solver_in(64),
            space.solver_in(128),
        ];
        assert_eq!(solvers.each_ref().map(PuzzleSolver::bits), [32, 64, 128]);
        let mut sticker_solver = stickers.solver();
        let (mut x, mut y) = (space.goal(), stickers.goal());
        for step in 0..12 {
            let m = (seed as usize >> (step % 32)) % p.moves.len();
            x = space.apply(x, m);
            y = stickers.apply(y, m);
            let want = sticker_solver.try_solve(y).unwrap().unwrap();
            let all = sticker_solver.try_solve_all(y).unwrap();
            for solver in &mut solvers {
                let path = solver.try_solve(x).unwrap().unwrap();
                assert_eq!(path.cost, want.cost, "{text}");
                let end = path
                    .moves
                    .iter()
                    .fold(x, |s, &m| space.apply(s, m as usize));
                assert_eq!(end, space.goal(), "{text}");
                assert_eq!(solver.try_solve_all(x).unwrap(), all, "{text}");
            }
        }
    }
    assert!(on_coordinates >= 20, "only {on_coordinates} on coordinates");
}

/// Squares dearer than the moves they square, with their inverses (2 or 3
/// against 1: a census of the cheapest moves, cheapest.rs; 1.5: the flat table),
/// count on coordinates as the sticker engine's Dijkstra counts them, local
/// maxima included.
#[test]
fn dear_squares_count_as_stickers_do() {
    let mut seed = 1128u64;
    let mut cheapest = 0;
    for case in 0..60 {
        let (pieces, width) = [(4, 2), (5, 3), (4, 3), (6, 1), (3, 4)][case % 5];
        let text = random_puzzle(&mut seed, pieces, width, [3, 26][case % 2]);
        let p = Puzzle::parse(&text, "r").unwrap();
        let cost = ["2", "3", "1.5"][case % 3];
        let squares = dear_squares(&p, cost);
        if squares.is_empty() {
            continue;
        }
        let p = p.with_costs(&squares).unwrap();
        let fast = p.space(true).unwrap();
        if fast.engine_name() != "coordinates" {
            continue;
        }
        cheapest += usize::from(Cheapest::find(&p, &p.relations().products).is_some());
        let slow = p.sticker_space(true).unwrap();
        let (a, b) = (fast.census().unwrap(), slow.census().unwrap());
        assert_eq!(a.rows, b.rows, "{text}{squares:?}");
    }
    assert!(
        cheapest >= 20,
        "only {cheapest} counted by the cheapest moves"
    );
}

/// Both engines count every random puzzle alike: positions and local maxima at
/// every distance, with move counts and with costs.
#[test]
fn coordinates_and_stickers_count_alike() {
    let mut seed = 2026u64;
    let (mut on_coordinates, mut exact) = (0, 0);
    for case in 0..120 {
        let (pieces, width) = [(3, 1), (4, 2), (5, 3), (4, 3), (6, 1), (3, 4)][case % 6];
        let colours = [2, 3, 26][case % 3];
        let text = random_puzzle(&mut seed, pieces, width, colours);
        let p = Puzzle::parse(&text, "r").unwrap();
        let weighted = case % 4 == 0;
        // Costs near: the flat table of weighted.rs; far apart: the dense store.
        let cost = [2, 100][case / 4 % 2];
        let p = if weighted {
            p.with_costs(&format!("{}={cost}", p.moves[0].name))
                .unwrap()
        } else {
            p
        };
        let fast = p.space(weighted).unwrap();
        let slow = p.sticker_space(weighted).unwrap();
        on_coordinates += usize::from(fast.engine_name() == "coordinates");
        let (a, b) = (fast.census().unwrap(), slow.census().unwrap());
        assert_eq!(a.rows, b.rows, "{text}{}", fast.engine_note());
        if let Some(size) = fast.size() {
            assert!(a.total() <= size, "{text}");
        }
        // The group order's bound is a lower bound, met when the moves make
        // every arrangement.
        let least = p.log_size_at_least();
        assert!(least <= (a.total() as f64).ln() + 1e-9, "{text}");
        exact += usize::from((least - (a.total() as f64).ln()).abs() < 1e-9);
    }
    assert!(on_coordinates >= 40, "only {on_coordinates} on coordinates");
    assert!(exact >= 60, "the group order's bound exact on only {exact}");
}
