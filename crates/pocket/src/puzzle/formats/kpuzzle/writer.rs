//! The KPuzzle JSON writer, in the current field names, laid out to be read.

use std::fmt::Write as _;

use serde_json::Value;

use super::PieceModel;

fn list(xs: &[usize]) -> String {
    let items: Vec<String> = xs.iter().map(|x| x.to_string()).collect();
    format!("[{}]", items.join(", "))
}

fn quoted(s: &str) -> String {
    Value::String(s.to_string()).to_string()
}

/// The model as KPuzzle JSON (the current field names: an `orbits` list and
/// `orientationDelta`).
pub fn write_kpuzzle(m: &PieceModel) -> String {
    let mut t = String::from("{\n");
    let _ = writeln!(t, "  \"name\": {},", quoted(&m.name));
    t += "  \"orbits\": [\n";
    for (i, o) in m.orbits.iter().enumerate() {
        let _ = write!(
            t,
            "    {{ \"orbitName\": {}, \"numPieces\": {}, \"numOrientations\": {} }}",
            quoted(&o.name),
            o.pieces,
            o.orientations
        );
        t += if i + 1 < m.orbits.len() { ",\n" } else { "\n" };
    }
    t += "  ],\n  \"defaultPattern\": {\n";
    for (i, (o, (pieces, twists))) in m.orbits.iter().zip(&m.solved).enumerate() {
        let mods = m
            .orientation_mods
            .get(i)
            .filter(|v| v.iter().any(|&x| x > 0));
        let _ = write!(
            t,
            "    {}: {{ \"pieces\": {}, \"orientation\": {}{} }}",
            quoted(&o.name),
            list(pieces),
            list(twists),
            match mods {
                Some(v) => format!(", \"orientationMod\": {}", list(v)),
                None => String::new(),
            }
        );
        t += if i + 1 < m.orbits.len() { ",\n" } else { "\n" };
    }
    t += "  },\n  \"moves\": {\n";
    for (i, (name, per_orbit)) in m.moves.iter().enumerate() {
        let _ = writeln!(t, "    {}: {{", quoted(name));
        for (k, (o, om)) in m.orbits.iter().zip(per_orbit).enumerate() {
            let _ = write!(
                t,
                "      {}: {{ \"permutation\": {}, \"orientationDelta\": {} }}",
                quoted(&o.name),
                list(&om.perm),
                list(&om.delta)
            );
            t += if k + 1 < m.orbits.len() { ",\n" } else { "\n" };
        }
        t += if i + 1 < m.moves.len() {
            "    },\n"
        } else {
            "    }\n"
        };
    }
    t += "  }\n}\n";
    t
}
