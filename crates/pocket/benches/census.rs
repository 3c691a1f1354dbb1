//! The census of all three metrics, local maxima included (target: under 0.3 s), with
//! symmetry classes, and the walks of the full table (solve, count, list). The
//! whole-process figures of issue 27, paired with their yardsticks, come from
//! `python3 benches/paired.py` (see docs/performance.md).
use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;

use pocket::cube::{census_all, census_with_symmetry, distance_table};
use pocket::{Coord, Metric, TableSolver, census, parse_state};

fn bench(c: &mut Criterion) {
    pocket::internals::tables();
    let mut g = c.benchmark_group("census");
    g.sample_size(10);
    g.bench_function("all_three_metrics", |b| {
        b.iter(|| black_box(census_all(&Metric::ALL)))
    });
    for m in Metric::ALL {
        g.bench_function(m.name(), |b| b.iter(|| black_box(census(m))));
    }
    // `census --symmetry`: the classes up to symmetry and inversion as well.
    g.bench_function("htm_with_symmetry", |b| {
        b.iter(|| black_box(census_with_symmetry(Metric::Htm)))
    });
    g.finish();
    let mut g = c.benchmark_group("table");
    let table = TableSolver::new(Metric::Htm);
    let hard = parse_state("UUUDLLFRFRBBLLFRFRBBDUDD").unwrap();
    g.bench_function("solve_hard_htm", |b| {
        b.iter(|| black_box(table.solve(&hard)))
    });
    g.bench_function("all_solutions_hard_htm", |b| {
        b.iter(|| black_box(table.solve_all(&hard)))
    });
    g.bench_function("count_hard_htm", |b| {
        b.iter(|| black_box(table.count(&hard)))
    });
    // Issue 27: --count of every HTM antipode (2,644), a state at a time.
    let dist = distance_table(Metric::Htm);
    let antipodes: Vec<_> = (0..dist.len() as u32)
        .filter(|&i| dist[i as usize] == 11)
        .map(|i| Coord::new(i).unwrap().cube())
        .collect();
    g.bench_function("count_all_antipodes_htm", |b| {
        b.iter(|| antipodes.iter().map(|c| table.count(c)).sum::<u64>())
    });
    g.bench_function("all_solutions_all_antipodes_htm", |b| {
        b.iter(|| {
            antipodes
                .iter()
                .map(|c| table.solve_all(c).len())
                .sum::<usize>()
        })
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
