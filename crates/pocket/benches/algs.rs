//! The algorithm searches: every magic move of the 3x3x3 with a 5- and a 6-move
//! sequence (the seed write-up took minutes of Python for its search).
use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;

use pocket::Puzzle;
use pocket::puzzle::{OrbitSearch, Rules};

fn bench(c: &mut Criterion) {
    let cube = Puzzle::load("3x3x3").unwrap();
    let search = OrbitSearch::new(&cube, Rules::new("corner"), &[]).unwrap();
    let threads = std::thread::available_parallelism().map_or(1, usize::from);
    let mut g = c.benchmark_group("orbit");
    g.sample_size(10);
    for length in [5, 6] {
        g.bench_function(format!("corners_length_{length}"), |b| {
            b.iter(|| black_box(search.of_length(length, threads)))
        });
    }
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
