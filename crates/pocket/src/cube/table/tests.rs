use super::count::count_htm;
use super::distances::{HTM_MOD3, distances_to_solved, mod3};
use super::near::{EMPTY, NEAR_COUNT, NEAR_DEPTH, NEAR_DOWN, Near};
use super::*;
use crate::cube::census::distance_table;
use crate::cube::solver::PocketSolver;

#[test]
fn agrees_with_the_bidirectional_search() {
    for metric in Metric::ALL {
        let table = TableSolver::new(metric);
        let mut bidir = PocketSolver::new(metric);
        for i in 0..300u32 {
            let cube = Coord(i * 12_241 % crate::model::pieces::POSITIONS).cube();
            let a = table.solve(&cube);
            assert!(cube.apply_alg(&a).is_solved());
            // Canonical: the same first solution in move order from both methods.
            assert_eq!(a, bidir.solve(&cube), "{metric} {i}");
            if i % 10 == 0 {
                let all = bidir.solve_all(&cube);
                assert_eq!(table.solve_all(&cube), all, "{metric} {i}");
                assert_eq!(all[0], a);
                assert_eq!(table.count(&cube), all.len() as u64);
            }
        }
    }
}

#[test]
fn counting_by_levels_is_listing_for_every_antipode() {
    // Every HTM antipode, and a spread of other positions: the count of the
    // built-in table's walk by levels against the solutions listed one by one.
    let table = TableSolver::new(Metric::Htm);
    let graph = table.graph();
    let dist = distance_table(Metric::Htm);
    let far = (0..crate::model::pieces::POSITIONS).filter(|&i| dist[i as usize] == 11);
    let spread = (0..crate::model::pieces::POSITIONS).step_by(7_919);
    let symmetries: Vec<crate::cube::Symmetry> = crate::cube::Symmetry::all()
        .into_iter()
        .filter(crate::cube::Symmetry::keeps_reference_corner)
        .collect();
    let mut antipodes = 0;
    for i in far.chain(spread) {
        antipodes += usize::from(dist[i as usize] == 11);
        let cube = Coord(i).cube();
        let listed = table.solve_all(&cube).len() as u64;
        assert_eq!(table.count(&cube), listed, "position {i}");
        // Again, and its class: remembered once the positions near solved are
        // made (after NEAR_AFTER states), counted by a walk before.
        assert_eq!(table.count(&cube), listed, "position {i}");
        assert_eq!(table.count_walked(&cube), listed, "position {i}");
        for s in &symmetries {
            assert_eq!(table.count(&s.conjugate(&cube)), listed, "position {i}");
            let inverse = s.conjugate(&cube.inverse());
            assert_eq!(table.count(&inverse), listed, "position {i}");
        }
        assert_eq!(graph.count(i), listed, "position {i}");
    }
    assert_eq!(antipodes, 2644); // none of the spread is one
    assert_eq!(table.count(&Cube::SOLVED), 1);
}

#[test]
fn the_positions_near_solved_have_their_counts_and_moves_down() {
    // Exactly the positions within NEAR_DEPTH, each with the count of the
    // general walk by levels and the moves that take it one closer.
    let table = TableSolver::new(Metric::Htm);
    let graph = table.graph();
    let dist = distance_table(Metric::Htm);
    let near = Near::new();
    let within = dist.iter().filter(|&&d| d <= NEAR_DEPTH).count();
    let held = near.slots.iter().filter(|s| s.0 != EMPTY).count();
    assert_eq!((within, held), (62_360, 62_360));
    for i in (0..crate::model::pieces::POSITIONS).step_by(3) {
        let d = dist[i as usize];
        let Some(v) = near.get(i) else {
            assert!(d > NEAR_DEPTH, "position {i}");
            continue;
        };
        assert_eq!(u64::from(v & NEAR_COUNT), graph.count(i), "position {i}");
        let down = (0..Move::COUNT)
            .filter(|&m| d > 0 && dist[Coord(i).apply(m).index() as usize] == d - 1)
            .fold(0, |bits, m| bits | 1 << m);
        assert_eq!(v >> NEAR_DOWN & 0x1FF, down, "position {i}");
    }
    // Meeting them halfway counts as walking to solved, for every antipode.
    for i in (0..crate::model::pieces::POSITIONS).filter(|&i| dist[i as usize] == 11) {
        let walked = count_htm(HTM_MOD3, None, i);
        assert_eq!(count_htm(HTM_MOD3, Some(&near), i), walked, "position {i}");
    }
}

#[test]
fn written_solutions_are_the_listed_ones() {
    // Every HTM antipode (most after the positions near solved are made) and a
    // spread of positions in every metric: the text written straight from the
    // walk is the solutions listed as algorithms, joined.
    let seps = [(" ", ", "), ("", " ")].map(|(moves, solutions)| Separators { moves, solutions });
    for metric in Metric::ALL {
        let table = TableSolver::new(metric);
        let dist = distances_to_solved(metric);
        let far = (0..crate::model::pieces::POSITIONS)
            .filter(|&i| metric == Metric::Htm && dist[i as usize] == 11);
        let spread = (0..crate::model::pieces::POSITIONS).step_by(15_401);
        for i in far.chain(spread) {
            let cube = Coord(i).cube();
            let listed = table.solve_all(&cube);
            for sep in seps {
                let mut want = String::new();
                write_algs(&listed, sep, &mut want);
                let mut got = String::from("before: ");
                let n = table.write_all(&cube, sep, &mut got);
                assert_eq!(got, format!("before: {want}"), "{metric} {i}");
                assert_eq!(n, listed.len() as u64, "{metric} {i}");
            }
        }
    }
}

#[test]
fn the_built_in_table_is_the_breadth_first_search_mod_3() {
    let dist = distance_table(Metric::Htm);
    assert_eq!(HTM_MOD3.len() * 4, dist.len()); // 3,674,160 = 4 * 918,540
    for (i, &d) in dist.iter().enumerate() {
        assert_eq!(mod3(HTM_MOD3, i as u32), d % 3, "position {i}");
    }
    // The distance is the walk down to solved.
    let table = TableSolver::new(Metric::Htm);
    for i in (0..crate::model::pieces::POSITIONS).step_by(997) {
        assert_eq!(table.distance_at(Coord(i)), dist[i as usize] as u32, "{i}");
    }
}

#[test]
fn a_fresh_search_gives_the_first_solution_too() {
    // A fresh solver stops its last forward layer at the first meeting and finds
    // the path depth-first; a solver with a deep cached ball meets in other
    // places. Both give the table's answer, for the farthest states as well.
    for metric in Metric::ALL {
        let table = TableSolver::new(metric);
        let dist = distances_to_solved(metric);
        let far = dist.iter().copied().max().unwrap_or(0);
        let mut hard = (0..crate::model::pieces::POSITIONS)
            .map(Coord)
            .filter(|&c| dist[c.index() as usize] + 1 >= far);
        let states: Vec<Coord> = hard
            .by_ref()
            .step_by(97)
            .take(25)
            .chain((0..25u32).map(|i| Coord(i * 146_959 % crate::model::pieces::POSITIONS)))
            .collect();
        for (i, c) in states.into_iter().enumerate() {
            let cube = c.cube();
            let fresh = PocketSolver::new(metric).solve(&cube);
            assert_eq!(fresh, table.solve(&cube), "{metric} {i}");
        }
    }
}
