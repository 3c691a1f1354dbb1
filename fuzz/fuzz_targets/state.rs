//! Any bytes as a state: parsing, decoding, every layout and the error messages
//! must never panic; a decoded state must solve.
#![no_main]

use libfuzzer_sys::fuzz_target;
use pocket::{Layout, Metric, PocketSolver, Stickers};

fuzz_target!(|data: &[u8]| {
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
});
