//! `pocket scramble`, `pocket show` and `solve --show` through the real binary.

use crate::common::*;

#[test]
fn scrambles_make_their_states_with_the_promised_length() {
    let lines = ok_lines(&["scramble", "-n", "300", "--seed", "1"]);
    assert_eq!(lines.len(), 300);
    for line in &lines {
        let (seq, state) = line.split_once('\t').unwrap();
        let moves = moves_of(seq);
        assert_eq!(moves.len(), 11, "{line}");
        assert!(moves.windows(2).all(|w| w[0][..1] != w[1][..1]), "{line}");
        assert_eq!(apply(SOLVED, seq), state.as_bytes(), "{line}");
        assert!(htm().dist[&key(state.as_bytes())] >= 4, "{line}");
    }
    // Reproducible with a seed, different without.
    assert_eq!(ok_lines(&["scramble", "-n", "300", "--seed", "1"]), lines);
    assert_ne!(
        ok_lines(&["scramble", "-n", "5"]),
        ok_lines(&["scramble", "-n", "5"])
    );
}

#[test]
fn optimal_and_fixed_lengths_and_minimum_distance() {
    for line in ok_lines(&[
        "scramble",
        "-n",
        "100",
        "--seed",
        "2",
        "--optimal",
        "--min-distance",
        "9",
    ]) {
        let (seq, state) = line.split_once('\t').unwrap();
        let d = htm().dist[&key(state.as_bytes())] as usize;
        assert!(d >= 9);
        assert_eq!(moves_of(seq).len(), d, "{line}");
        assert_eq!(apply(SOLVED, seq), state.as_bytes());
    }
    for line in ok_lines(&["scramble", "-n", "50", "--seed", "3", "--length", "16"]) {
        let (seq, state) = line.split_once('\t').unwrap();
        assert_eq!(moves_of(seq).len(), 16);
        assert_eq!(apply(SOLVED, seq), state.as_bytes());
    }
    for args in [
        &["scramble", "--min-distance", "12"][..],
        &["scramble", "--optimal", "--length", "5"],
        &["scramble", "-n", "x"],
    ] {
        assert_eq!(pocket(args, b"").status.code(), Some(2), "{args:?}");
    }
}

#[test]
fn distances_follow_the_census() {
    // Chi-square against the census proportions, fixed seed, no minimum distance.
    let n = 20_000usize;
    let o = pocket(
        &[
            "scramble",
            "-n",
            "20000",
            "--seed",
            "7",
            "--min-distance",
            "0",
            "--optimal",
            "--json",
        ],
        b"",
    );
    let mut seen = [0usize; 12];
    for line in stdout(&o).lines() {
        let v: serde_json::Value = serde_json::from_str(line).unwrap();
        seen[v["distance"].as_u64().unwrap() as usize] += 1;
        assert_eq!(v["length"], v["distance"]);
    }
    let census = &htm().counts;
    let total: usize = census.iter().sum();
    // Distances 0 to 5 pooled: their expected counts are tiny.
    let pool = |c: &[usize]| -> Vec<f64> {
        let mut v = vec![c[..6].iter().sum::<usize>() as f64];
        v.extend(c[6..].iter().map(|&x| x as f64));
        v
    };
    let observed = pool(&seen);
    let expected: Vec<f64> = pool(census)
        .iter()
        .map(|&c| c * n as f64 / total as f64)
        .collect();
    let chi2: f64 = observed
        .iter()
        .zip(&expected)
        .map(|(o, e)| (o - e) * (o - e) / e)
        .sum();
    // 7 bins, 6 degrees of freedom: p = 0.001 at 22.46.
    assert!(
        chi2 < 22.46,
        "chi-square {chi2:.2}: {observed:?} vs {expected:?}"
    );
}

#[test]
fn plain_picture_when_not_a_terminal() {
    let o = pocket(&["show", "UUUURLFBLRBFLLFFRRBBDDDD"], b"");
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(
        stdout(&o),
        "    U U\n    U U\nR L F B L R B F\nL L F F R R B B\n    D D\n    D D\n"
    );
    let o = pocket(&["show", "UUUURLFBLRBFLLFFRRBBDDDX"], b"");
    assert_eq!(
        o.status.code(),
        Some(1),
        "an invalid cube is drawn, then reported"
    );
    assert!(stdout(&o).ends_with("    D X\n"));
    assert!(String::from_utf8_lossy(&o.stderr).contains("not a valid cube"));
}

#[test]
fn solve_show_steps() {
    let o = pocket(
        &["solve", "--show", "--steps", "UUUURRBBLLFFLLFFRRBBDDDD"],
        b"",
    );
    let text = stdout(&o);
    let lines: Vec<&str> = text.lines().collect();
    // Start picture, "U2", picture after it, then the answer line.
    assert_eq!(lines.len(), 6 + 1 + 6 + 1, "{text}");
    assert_eq!(lines[6], "U2");
    assert_eq!(lines[9], "L L F F R R B B");
    assert_eq!(lines[13], "U2");
}

#[test]
fn svg_has_24_stickers_with_the_right_colours() {
    let dir = std::env::temp_dir().join(format!("pocket-svg-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("cube.svg");
    // Any six characters: colours come from the faces they belong to when solved.
    let o = pocket(
        &[
            "show",
            "--svg",
            file.to_str().unwrap(),
            "aaaabbccddeebbccddeeffff",
        ],
        b"",
    );
    assert_eq!(o.status.code(), Some(0));
    let text = std::fs::read_to_string(&file).unwrap();
    let doc = roxmltree::Document::parse(&text).unwrap();
    let stickers: Vec<_> = doc
        .descendants()
        .filter(|n| n.attribute("class") == Some("sticker"))
        .collect();
    assert_eq!(stickers.len(), 24);
    let fill = |id: &str| {
        stickers
            .iter()
            .find(|n| n.attribute("id") == Some(id))
            .unwrap()
            .attribute("fill")
            .unwrap()
    };
    assert_eq!(fill("A"), "#ffffff"); // U white
    assert_eq!(fill("E"), "#ff7800"); // L orange
    assert_eq!(fill("G"), "#009e60"); // F green
    assert_eq!(fill("I"), "#c8102e"); // R red
    assert_eq!(fill("K"), "#0051ba"); // B blue
    assert_eq!(fill("X"), "#ffd500"); // D yellow
    assert!(text.contains(">aaaabbccddeebbccddeeffff</text>"));
    let _ = std::fs::remove_dir_all(dir);
    // The README's picture is this command's output.
    let committed = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/fixtures/corner-swap.svg"
    ))
    .unwrap();
    let fresh = std::env::temp_dir().join(format!("pocket-swap-{}.svg", std::process::id()));
    pocket(
        &[
            "show",
            "--svg",
            fresh.to_str().unwrap(),
            "UUUURLFBLRBFLLFFRRBBDDDD",
        ],
        b"",
    );
    assert_eq!(std::fs::read_to_string(&fresh).unwrap(), committed);
    let _ = std::fs::remove_file(fresh);
}

#[test]
fn scrambles_within_a_move_subset() {
    let ru = pocket::model::parse_generators("RU").unwrap();
    let table = pocket::cube::distance_table_for(&ru);
    for line in ok_lines(&["scramble", "--gen", "RU", "-n", "100", "--seed", "4"]) {
        let (seq, state) = line.split_once('\t').unwrap();
        assert!(!seq.contains('F'), "{line}");
        assert_eq!(apply(SOLVED, seq), state.as_bytes(), "{line}");
        let cube = pocket::parse_state(state).unwrap();
        let d = table[cube.coord().index() as usize] as usize;
        assert!(d >= 4);
        // The default length with --gen RU is 14, the shortest that writes every
        // position of the group (issue 36, item 18).
        assert_eq!(moves_of(seq).len(), d.max(14), "{line}");
    }
    // The half-turn subgroup has 24 positions, the farthest 4 moves away.
    for line in ok_lines(&[
        "scramble",
        "--gen",
        "R2,U2,F2",
        "--optimal",
        "-n",
        "50",
        "--seed",
        "5",
    ]) {
        let (seq, _) = line.split_once('\t').unwrap();
        assert!(moves_of(seq).iter().all(|m| m.ends_with('2')), "{line}");
        assert_eq!(moves_of(seq).len(), 4);
    }
    let o = pocket(
        &["scramble", "--gen", "R2,U2,F2", "--min-distance", "5"],
        b"",
    );
    assert_eq!(o.status.code(), Some(2));
}
