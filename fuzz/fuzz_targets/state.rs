//! Any bytes as a state: parsing, decoding, every layout and the error messages
//! must never panic; a decoded state must solve. The same bytes are also read over a
//! seven-letter alphabet, which reaches the corner checks far more often than raw
//! bytes (a first 10-minute run over raw bytes stayed at 162 coverage edges).
#![no_main]

use libfuzzer_sys::fuzz_target;
use pocket::{Layout, Metric, PocketSolver, Stickers};

fn exercise(data: &[u8]) {
    for layout in [Layout::Golf, Layout::Urfdlb] {
        match Stickers::from_bytes(data) {
            Err(e) => {
                let _ = e.message(layout);
            }
            Ok(s) => match layout.to_golf(&s).to_cube() {
                Err(e) => {
                    let _ = e.message(layout);
                }
                Ok(cube) => {
                    let alg = PocketSolver::new(Metric::Htm).solve(&cube);
                    assert!(cube.apply_alg(&alg).is_solved());
                }
            },
        }
    }
}

fuzz_target!(|data: &[u8]| {
    exercise(data);
    let letters: Vec<u8> = data.iter().map(|b| b"ULFRBDX"[(b % 7) as usize]).collect();
    exercise(&letters);
});
