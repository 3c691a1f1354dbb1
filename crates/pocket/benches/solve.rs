//! Speed targets of the solver (see README, "Performance").
use criterion::{BatchSize, Criterion, criterion_group, criterion_main};
use std::hint::black_box;

use pocket::cube::{AutoSolver, Separators};
use pocket::model::POSITIONS;
use pocket::{Coord, Cube, Metric, PocketSolver, TableSolver, parse_state};

/// Uniformly random positions from a fixed seed (SplitMix64 over coordinates).
fn random_cubes(n: usize, mut seed: u64) -> Vec<Cube> {
    (0..n)
        .map(|_| {
            seed = seed.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = seed;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            Coord::new(((z ^ (z >> 31)) % POSITIONS as u64) as u32)
                .unwrap()
                .cube()
        })
        .collect()
}

/// The two 11-move test patterns.
fn hard() -> Vec<Cube> {
    ["UUUDLLFRFRBBLLFRFRBBDUDD", "UUUURLFBLRBFLLFFRRBBDDDD"]
        .iter()
        .map(|s| parse_state(s).unwrap())
        .collect()
}

fn bench(c: &mut Criterion) {
    let mut g = c.benchmark_group("solve");
    for metric in [Metric::Htm, Metric::Qtm] {
        // A solver that has already worked through a batch, as in `pocket solve < file`.
        let mut warm = PocketSolver::new(metric);
        for cube in random_cubes(2000, 1) {
            warm.solve(&cube);
        }
        let hard = hard();
        let mut i = 0;
        g.bench_function(format!("hard_in_batch_{metric}"), |b| {
            b.iter(|| {
                i += 1;
                black_box(warm.solve(&hard[i % hard.len()]))
            })
        });
        let random = random_cubes(1000, 2);
        g.bench_function(format!("random_in_batch_{metric}"), |b| {
            b.iter(|| {
                i += 1;
                black_box(warm.solve(&random[i % random.len()]))
            })
        });
        g.bench_function(format!("hard_cold_{metric}"), |b| {
            b.iter_batched(
                || PocketSolver::new(metric),
                |mut s| black_box(s.solve(&hard[0])),
                BatchSize::SmallInput,
            )
        });
        g.bench_function(format!("all_solutions_hard_{metric}"), |b| {
            b.iter(|| black_box(warm.solve_all(&hard[0])))
        });
    }
    // Counting the optimal solutions of the two hard positions with a table that has
    // answered a batch: by the walk alone (what a class seen for the first time
    // costs), and remembered by class (issue 27).
    let table = TableSolver::new(Metric::Htm);
    for cube in random_cubes(1000, 4) {
        black_box(table.count(&cube));
    }
    let hard = hard();
    let mut i = 0;
    g.bench_function("count_hard_walked_htm", |b| {
        b.iter(|| {
            i += 1;
            black_box(table.count_walked(&hard[i % hard.len()]))
        })
    });
    g.bench_function("count_hard_remembered_htm", |b| {
        b.iter(|| {
            i += 1;
            black_box(table.count(&hard[i % hard.len()]))
        })
    });
    let mut out = String::with_capacity(1 << 16);
    let seps = Separators {
        moves: " ",
        solutions: ", ",
    };
    g.bench_function("all_written_hard_htm", |b| {
        b.iter(|| {
            i += 1;
            out.clear();
            black_box(table.write_all(&hard[i % hard.len()], seps, &mut out))
        })
    });
    // The default solver on a fresh batch of 1,000 random positions, as
    // `pocket solve < 1000-states.txt` runs it (the table may start on another core).
    let thousand = random_cubes(1000, 3);
    g.sample_size(20);
    g.bench_function("thousand_random_fresh_auto_htm", |b| {
        b.iter(|| {
            let mut auto = AutoSolver::new(Metric::Htm);
            for cube in &thousand {
                black_box(auto.solve(cube));
            }
        })
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
