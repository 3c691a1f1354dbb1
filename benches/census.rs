//! The census of all three metrics, local maxima included (target: under 0.3 s).
use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;

use pocket::{Census, CensusMetric, Metric, TableSolver, parse_state};

fn bench(c: &mut Criterion) {
    pocket::tables();
    let mut g = c.benchmark_group("census");
    g.sample_size(10);
    g.bench_function("all_three_metrics", |b| {
        b.iter(|| black_box(Census::compute_all(&CensusMetric::ALL)))
    });
    for m in CensusMetric::ALL {
        g.bench_function(m.name(), |b| b.iter(|| black_box(Census::compute(m))));
    }
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
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
