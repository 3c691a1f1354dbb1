//! The `.tws` writer: `Solved` and `Move` blocks numbered from 1, orientations by
//! the slot a piece leaves, as twsearch reads them back.

use std::fmt::Write as _;

use crate::puzzle::formats::kpuzzle::PieceModel;

fn numbers(xs: impl Iterator<Item = usize>) -> String {
    xs.map(|x| x.to_string()).collect::<Vec<_>>().join(" ")
}

/// The model as a `.tws` file (`Solved` and `Move` blocks, numbered from 1). Names
/// are written as they are; `header` lines become comments.
pub fn write_tws(m: &PieceModel, header: &[String]) -> String {
    let mut t = String::new();
    for h in header {
        let _ = writeln!(t, "# {h}");
    }
    let word = |s: &str| -> String {
        let w: String = s
            .chars()
            .map(|c| if c.is_whitespace() { '_' } else { c })
            .collect();
        if w.is_empty() { "puzzle".into() } else { w }
    };
    let _ = writeln!(t, "Name {}\n", word(&m.name));
    for o in &m.orbits {
        let _ = writeln!(t, "Set {} {} {}", word(&o.name), o.pieces, o.orientations);
    }
    t += "\nSolved\n";
    for (s, (o, (pieces, twists))) in m.orbits.iter().zip(&m.solved).enumerate() {
        let _ = writeln!(t, "{}", word(&o.name));
        let _ = writeln!(t, "{}", numbers(pieces.iter().map(|p| p + 1)));
        if o.orientations > 1 {
            // A piece whose turn is not told (modulus 1) is twsearch's `?`.
            let unknown = |j: usize| m.orientation_mods.get(s).and_then(|v| v.get(j)) == Some(&1);
            let words: Vec<String> = (0..o.pieces)
                .map(|j| match unknown(j) {
                    true => "?".to_string(),
                    false => twists[j].to_string(),
                })
                .collect();
            let _ = writeln!(t, "{}", words.join(" "));
        }
    }
    t += "End\n";
    for (name, per_orbit) in &m.moves {
        let _ = writeln!(t, "\nMove {}", word(name));
        for (o, om) in m.orbits.iter().zip(per_orbit) {
            let _ = writeln!(t, "{}", word(&o.name));
            let _ = writeln!(t, "{}", numbers(om.perm.iter().map(|p| p + 1)));
            if o.orientations > 1 {
                // Indexed by the slot a piece leaves: the piece leaving p[j] gets delta[j].
                let mut by_source = vec![0; o.pieces];
                for (j, &p) in om.perm.iter().enumerate() {
                    by_source[p] = om.delta[j];
                }
                let _ = writeln!(t, "{}", numbers(by_source.into_iter()));
            }
        }
        t += "End\n";
    }
    if !m.illegal.is_empty() {
        t += "\n";
    }
    for &(s, slot, piece, _) in &m.illegal {
        let _ = writeln!(
            t,
            "Illegal {} {} {}",
            word(&m.orbits[s].name),
            slot + 1,
            piece + 1
        );
    }
    t
}
