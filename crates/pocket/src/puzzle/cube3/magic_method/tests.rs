use super::*;
use crate::puzzle::formats::defined::compose;

fn cube() -> Puzzle {
    Puzzle::load("3x3x3").unwrap()
}

/// A state `n` random moves from solved (a fixed generator: the tests repeat).
fn scrambled(p: &Puzzle, seed: u64, n: usize) -> Vec<u8> {
    let mut x = seed
        .wrapping_mul(6364136223846793005)
        .wrapping_add(1442695040888963407);
    let mut s = p.solved.clone();
    for _ in 0..n {
        x = x
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let m = (x >> 33) as usize % p.moves.len();
        s = compose(&s, &p.moves[m].perm);
    }
    s
}

fn apply(p: &Puzzle, s: &[u8], moves: &[u8]) -> Vec<u8> {
    moves
        .iter()
        .fold(s.to_vec(), |s, &m| compose(&s, &p.moves[m as usize].perm))
}

#[test]
fn every_move_keeps_the_cube_s_invariants() {
    let p = cube();
    let corners = Kind::new(&p, "corner", 8, 3).unwrap();
    let edges = Kind::new(&p, "edge", 12, 2).unwrap();
    for m in 0..p.moves.len() as u8 {
        let (mut c, mut e) = (corners.solved(), edges.solved());
        corners.apply(&mut c, m);
        edges.apply(&mut e, m);
        check_solvable(&c, &e).unwrap();
    }
}

#[test]
fn the_three_steps_solve_random_states() {
    let p = cube();
    let method = MagicMethod::new(&p).unwrap();
    let corners = Kind::new(&p, "corner", 8, 3).unwrap();
    let edges = Kind::new(&p, "edge", 12, 2).unwrap();
    for seed in 0..20 {
        let s = scrambled(&p, seed, 40);
        let solution = method.solve(&s).unwrap();
        // Step 1 leaves every edge placed and oriented.
        let after = apply(&p, &s, &solution.edges);
        assert_eq!(edges.read(&after, &p.solved).unwrap(), edges.solved());
        // Step 2 every corner placed, the edges kept.
        let mut after = after;
        for u in &solution.placing {
            after = apply(&p, &after, &method.expand(&method.cycle, u));
        }
        assert_eq!(edges.read(&after, &p.solved).unwrap(), edges.solved());
        let placed = corners.read(&after, &p.solved).unwrap();
        assert!(placed.iter().enumerate().all(|(k, &v)| v / 3 == k as u8));
        // Step 3 solves it; the merged moves are the same sequence.
        for u in &solution.twisting {
            after = apply(&p, &after, &method.expand(&method.twist, u));
        }
        assert_eq!(after, p.solved);
        assert_eq!(apply(&p, &s, &method.moves(&solution)), p.solved);
    }
}

#[test]
fn states_no_moves_make_are_refused() {
    let p = cube();
    let method = MagicMethod::new(&p).unwrap();
    // UR flipped in place (stickers 5 and 10).
    let mut s = p.solved.clone();
    s.swap(5, 10);
    assert_eq!(method.solve(&s).unwrap_err(), MagicError::Flipped);
    // URF twisted (8 9 20).
    let mut s = p.solved.clone();
    (s[8], s[9], s[20]) = (s[20], s[8], s[9]);
    assert_eq!(method.solve(&s).unwrap_err(), MagicError::Twisted);
    // UR and UF swapped.
    let mut s = p.solved.clone();
    s.swap(5, 7);
    s.swap(10, 19);
    assert_eq!(method.solve(&s).unwrap_err(), MagicError::Swapped);
    // A sticker changed: a piece twice, or no such piece.
    let mut s = p.solved.clone();
    s[5] = b'D';
    assert_eq!(
        method.solve(&s).unwrap_err().to_string(),
        "the piece DR is there twice"
    );
    s[5] = b'R';
    assert_eq!(
        method.solve(&s).unwrap_err().to_string(),
        "the stickers at UR (RR) are no piece of the puzzle"
    );
    assert_eq!(
        method.solve(b"UUU").unwrap_err().to_string(),
        "a state of 3x3x3 has 54 stickers, not 3"
    );
    // Colours are read from the centres: any six characters.
    let ours: Vec<u8> = scrambled(&p, 7, 30)
        .iter()
        .map(|&c| b"wrgyob"[b"URFDLB".iter().position(|&f| f == c).unwrap()])
        .collect();
    let solution = method.solve(&ours).unwrap();
    assert_eq!(
        apply(&p, &scrambled(&p, 7, 30), &method.moves(&solution)),
        p.solved
    );
    let mut two = ours.clone();
    two[4] = b'r';
    assert_eq!(
        method.solve(&two).unwrap_err(),
        MagicError::SameCentres(b'r')
    );
}

/// A puzzle with the 3x3x3's pieces but only some of its moves: a state its moves
/// cannot solve gets an error, not a panic or an endless search.
#[test]
fn a_state_the_moves_cannot_solve_is_an_error() {
    let text = include_str!("../../../../../../fixtures/puzzles/3x3x3.txt");
    let kept: String = text
        .lines()
        .filter(|l| {
            !["move F ", "move D ", "move L ", "move B "]
                .iter()
                .any(|m| l.starts_with(m))
        })
        .map(|l| format!("{l}\n"))
        .collect();
    let ru = Puzzle::parse(&kept, "ru").unwrap();
    let p = cube();
    let f = p.moves.iter().position(|m| m.name == "F").unwrap() as u8;
    let state = apply(&p, &p.solved, &[f]);
    match MagicMethod::new(&ru) {
        Ok(method) => {
            let e = method.solve(&state).unwrap_err();
            assert!(
                matches!(
                    e,
                    MagicError::EdgesUnplaced { .. } | MagicError::CornersUnreached { .. }
                ),
                "{e}"
            );
        }
        Err(e) => assert!(matches!(e, MagicError::NoMagicMove(_)), "{e}"),
    }
}
