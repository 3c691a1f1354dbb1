//! Any text as moves: the solver notation, the challenge's strict notation, WCA
//! sequences and cost specs must never panic.
#![no_main]

use libfuzzer_sys::fuzz_target;
use pocket::{Alg, Costs, Cube, WcaSequence};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(alg) = text.parse::<Alg>() {
        assert_eq!(alg.to_string().parse::<Alg>().ok(), Some(alg.clone()));
    }
    let _ = pocket::check(&Cube::SOLVED, text, 0).map_err(|e| e.to_string());
    if let Ok(seq) = text.parse::<WcaSequence>() {
        let s = seq.apply(&pocket::Stickers::SOLVED);
        assert!(s.to_cube().is_ok());
    }
    if let Ok(costs) = text.parse::<Costs>() {
        let _ = pocket::PocketSolver::with_costs(&costs);
    }
});
