//! Property tests with a fixed seed: parsing never panics, printing and parsing round
//! trip, and every solution of a valid state solves it in the optimal number of moves.
use proptest::prelude::*;
use proptest::test_runner::{Config, RngSeed};

use pocket::model::{POSITIONS, WcaSequence};
use pocket::{Alg, Coord, Metric, Move, PocketSolver, Stickers};

fn config(cases: u32) -> Config {
    Config {
        cases,
        rng_seed: RngSeed::Fixed(2026),
        failure_persistence: None,
        ..Config::default()
    }
}

fn table() -> &'static [u8] {
    static T: std::sync::OnceLock<Vec<u8>> = std::sync::OnceLock::new();
    T.get_or_init(|| pocket::cube::distance_table(Metric::Htm))
}

proptest! {
    #![proptest_config(config(2000))]

    #[test]
    fn state_parsing_never_panics(bytes in proptest::collection::vec(any::<u8>(), 0..64)) {
        let _ = Stickers::from_bytes(&bytes).and_then(|s| s.to_cube()).map_err(|e| e.to_string());
    }

    #[test]
    fn near_valid_states_never_panic(
        picks in proptest::collection::vec(0usize..7, 24),
    ) {
        // Strings over a 6-colour alphabet (plus one stray): mostly wrong corners.
        let s: Vec<u8> = picks.iter().map(|&i| b"ULFRBDX"[i]).collect();
        let _ = Stickers::from_bytes(&s).and_then(|s| s.to_cube()).map_err(|e| e.to_string());
    }

    #[test]
    fn move_parsing_never_panics(text in "\\PC{0,40}") {
        let _ = text.parse::<Alg>();
        let _ = text.parse::<WcaSequence>();
        let _ = pocket::challenge::parse_entry(&text);
    }

    #[test]
    fn algorithms_round_trip(moves in proptest::collection::vec(0usize..9, 0..30)) {
        let alg: Alg = moves.iter().map(|&i| Move::from_index(i)).collect();
        prop_assert_eq!(alg.to_string().parse::<Alg>().unwrap(), alg.clone());
        prop_assert_eq!(alg.compact().parse::<Alg>().unwrap(), alg.clone());
        let cube = pocket::Cube::SOLVED.apply_alg(&alg);
        prop_assert!(cube.apply_alg(&alg.inverse()).is_solved());
    }

    #[test]
    fn states_round_trip(index in 0..POSITIONS) {
        let cube = Coord::new(index).unwrap().cube();
        let s = cube.stickers();
        prop_assert_eq!(s.to_string().parse::<Stickers>().unwrap(), s);
        prop_assert_eq!(s.to_cube().unwrap(), cube);
        prop_assert_eq!(cube.coord(), Coord::new(index).unwrap());
    }
}

proptest! {
    #![proptest_config(config(300))]

    #[test]
    fn solutions_solve_in_the_table_distance(index in 0..POSITIONS) {
        // One solver for the whole run, as in a batch.
        thread_local! {
            static SOLVER: std::cell::RefCell<PocketSolver> = std::cell::RefCell::new(PocketSolver::new(Metric::Htm));
        }
        let cube = Coord::new(index).unwrap().cube();
        let alg = SOLVER.with(|s| s.borrow_mut().solve(&cube));
        prop_assert!(cube.apply_alg(&alg).is_solved());
        prop_assert_eq!(alg.len() as u8, table()[index as usize]);
        prop_assert_eq!(alg.repeated_face(), None);
    }
}
