//! The cubing ecosystem's puzzle files through the real binary: twsearch's `.tws` and
//! cubing.js's KPuzzle JSON read by `--puzzle`, written by `puzzles --export`, their
//! censuses against hand counts and against pocket's own format, and the refusals.
use crate::common;

use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};

use common::*;

fn fixture(name: &str) -> String {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("fixtures/puzzles")
        .join(name)
        .to_string_lossy()
        .into_owned()
}

/// A scratch file of this test binary, removed by the caller's `Scratch` guard.
struct Scratch(PathBuf);

impl Scratch {
    fn new(name: &str, text: &str) -> Scratch {
        // Tests run in parallel: each file gets a number of its own.
        static NEXT: AtomicUsize = AtomicUsize::new(0);
        let dir = std::env::temp_dir().join(format!("pocket-formats-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join(format!("{}-{name}", NEXT.fetch_add(1, Ordering::Relaxed)));
        std::fs::write(&path, text).unwrap();
        Scratch(path)
    }
    fn path(&self) -> &str {
        self.0.to_str().unwrap()
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

/// The census of a puzzle: positions at each distance.
fn census(puzzle: &str) -> Vec<u64> {
    let o = pocket(&["census", "--puzzle", puzzle, "--json"], b"");
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    let v: serde_json::Value = serde_json::from_str(stdout(&o).trim()).unwrap();
    v["positions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_u64().unwrap())
        .collect()
}

/// `puzzles --export FORMAT NAME`, required to succeed.
fn export(format: &str, name: &str) -> String {
    let o = pocket(&["puzzles", "--export", format, name], b"");
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    stdout(&o)
}

/// Refused with exit 1, the message containing `want`.
fn refused(puzzle: &str, want: &str) {
    let o = pocket(&["census", "--puzzle", puzzle], b"");
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(1), "{err}");
    assert!(err.contains(want), "{err} (wanted {want})");
}

const HTM: [u64; 12] = [
    1, 9, 54, 321, 1847, 9992, 50136, 227536, 870072, 1887748, 623800, 2644,
];

#[test]
fn tiny_files_have_their_hand_counted_census() {
    // Two pieces of 3 orientations: 2 arrangements x 9 twists, T T' and S's 5 powers.
    assert_eq!(census(&fixture("tiny.tws")), [1, 7, 10]);
    // Three edges (two identical) of 2 orientations and a centre of 4: 3 x 8 x 4;
    // A has order 12, so 11 powers, and F.
    assert_eq!(census(&fixture("tiny.json")), [1, 12, 19, 24, 24, 12, 4]);
    // Solved by undoing: F is its own inverse, the inverse of A is A' (A11).
    let o = pocket(
        &["solve", "--puzzle", &fixture("tiny.json"), "--moves", "F A"],
        b"",
    );
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    assert_eq!(stdout(&o).trim(), "A' F");
}

#[test]
fn a_moves_orientation_line_is_read_by_the_slot_a_piece_leaves() {
    // The census tells the two directions apart: read by the slot a piece arrives
    // at, twist3.tws would give 1 7 18 32 48 40 16 (counted in Python when written).
    let want = [1, 7, 20, 64, 63, 7];
    assert_eq!(census(&fixture("twist3.tws")), want);
    assert_eq!(census(&fixture("twist3.json")), want, "KPuzzle: by arrival");
    // Written back, the orientation lines keep their direction.
    let tws = export("tws", &fixture("twist3.json"));
    assert!(tws.contains("Move A\nP\n2 3 1\n0 1 2\nEnd"), "{tws}");
    let o = pocket(
        &["census", "--puzzle", &fixture("twist3.tws"), "--json"],
        b"",
    );
    let v: serde_json::Value = serde_json::from_str(stdout(&o).trim()).unwrap();
    assert_eq!(
        v["moves"],
        serde_json::json!(["A", "A'", "B", "B2", "B3", "B2'", "B'"])
    );
}

#[test]
fn powers_are_named_as_twsearch_names_them() {
    let p = Scratch::new("a.tws", &export("tws", &fixture("tiny.json")));
    // The exported file lists the generators only; reading it adds the powers.
    let text = std::fs::read_to_string(p.path()).unwrap();
    assert_eq!(text.matches("\nMove ").count(), 2, "{text}");
    // A has order 12: A6 A5' A' is A to the 24th, nothing.
    let o = pocket(
        &["solve", "--puzzle", p.path(), "--moves", "A6 A5' A' F"],
        b"",
    );
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    assert_eq!(stdout(&o).trim(), "F");
}

#[test]
fn round_trips_keep_the_census() {
    let cases = [
        ("2x2x1", vec![1, 4, 10, 8, 1]),
        (fixture("tiny.tws").as_str(), vec![1, 7, 10]),
        (
            fixture("tiny.json").as_str(),
            vec![1, 12, 19, 24, 24, 12, 4],
        ),
    ]
    .map(|(n, c)| (n.to_string(), c));
    for (name, want) in cases {
        assert_eq!(census(&name), want, "{name}");
        for (format, ext) in [("tws", "tws"), ("kpuzzle", "json")] {
            let once = Scratch::new(&format!("once.{ext}"), &export(format, &name));
            assert_eq!(census(once.path()), want, "{name} as {format}");
            // And again, from the file just read: the same text.
            let twice = export(format, once.path());
            let again = Scratch::new(&format!("twice.{ext}"), &twice);
            assert_eq!(census(again.path()), want, "{name} as {format}, twice");
            assert_eq!(
                export(format, again.path()),
                twice,
                "{name}: a second round trip changes nothing"
            );
        }
    }
}

#[test]
fn the_pocket_cube_exports_as_kociembas_corners() {
    let tws = export("tws", "pocket-golf");
    assert!(tws.contains("Set corner 8 3\n"), "{tws}");
    // R: URF <- DFR <- DRB <- UBR <- URF, twists by the slot a corner leaves.
    assert!(
        tws.contains("Move R\ncorner\n5 2 3 1 8 6 7 4\n1 0 0 2 2 0 0 1\nEnd"),
        "{tws}"
    );
    let json = export("kpuzzle", "pocket-golf");
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(
        v["moves"]["R"]["corner"]["orientationDelta"],
        serde_json::json!([2, 0, 0, 1, 1, 0, 0, 2])
    );
    // The 3x3x3: corners and edges as pieces, the centres as loose stickers.
    let json = export("kpuzzle", "3x3x3");
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    let orbits: Vec<(u64, u64)> = v["orbits"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| {
            (
                o["numPieces"].as_u64().unwrap(),
                o["numOrientations"].as_u64().unwrap(),
            )
        })
        .collect();
    assert_eq!(orbits, [(8, 3), (12, 2), (6, 1)]);
    let back = Scratch::new("333.json", &json);
    let o = pocket(&["puzzles", "--export", "tws", back.path()], b"");
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
}

#[test]
fn exports_refuse_what_does_not_carry_over() {
    let o = pocket(&["puzzles", "--export", "tws", "pocket-21"], b"");
    assert_eq!(o.status.code(), Some(1));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("not all the powers of one move"), "{err}");
    let o = pocket(&["puzzles", "--export", "ksolve", "2x2x1"], b"");
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("tws and kpuzzle"));
    let o = pocket(&["puzzles", "--export", "tws"], b"");
    assert_eq!(o.status.code(), Some(2));
    let o = pocket(&["puzzles", "2x2x1"], b"");
    assert_eq!(o.status.code(), Some(2));
    // Costs do not carry over, and the export says so.
    let o = pocket(&["puzzles", "--export", "kpuzzle", "2x2x1"], b"");
    assert_eq!(o.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&o.stderr).contains("costs do not carry over"));
}

#[test]
fn reading_refuses_what_does_not_carry_over() {
    let tws = std::fs::read_to_string(fixture("tiny.tws")).unwrap();
    let json = std::fs::read_to_string(fixture("tiny.json")).unwrap();
    let bad_tws = [
        (
            tws.replace("\nMove T", "\nIllegal C 0 2\nMove T"),
            "line 16: Illegal: set C: '0' is not a slot (1 to 2)",
        ),
        (
            tws.replace("1 2\n0 0\nEnd", "? 2\n0 0\nEnd"),
            "line 12: set C: '?' (a piece left unknown does not carry over",
        ),
        (
            tws.replace("Name tiny", "Title tiny"),
            "line 6: unknown keyword 'Title'",
        ),
        (
            tws.replace("Set C 2 3", "Set C 2 3\nSet D 255 17"),
            "the sets so far make 4341 stickers",
        ),
        (
            format!("{tws}\nMoveSequence Q T R\n"),
            "line 28: move Q: 'R' is no move or rotation the file defines",
        ),
        (
            // Found by a hostile-input probe: sequences made of each other.
            format!("{tws}\nMoveSequence Q R\nMoveSequence R Q\n"),
            "line 28: move Q: 'R' is a sequence that never comes out",
        ),
        (
            format!("{tws}\nMoveSequence T S\n"),
            "line 28: move T is defined twice",
        ),
        (
            format!("{tws}\nMoveAlias Q T S\n"),
            "line 28: expected: MoveAlias NAME MOVE",
        ),
    ];
    for (text, want) in bad_tws {
        let f = Scratch::new("bad.tws", &text);
        refused(f.path(), want);
    }
    let bad_json = [
        (
            json.replace(
                "\"CENTRE\": { \"pieces\": [0], \"orientation\": [0] }",
                "\"CENTRE\": { \"pieces\": [0], \"orientation\": [0], \"orientationMod\": [3] }",
            ),
            "defaultPattern.CENTRE.orientationMod[0] is 3, which does not divide the orbit's 4",
        ),
        (
            json.replace(
                "\"CENTRE\": { \"pieces\": [0], \"orientation\": [0] }",
                "\"CENTRE\": { \"pieces\": [0], \"orientation\": [1], \"orientationMod\": [1] }",
            ),
            "defaultPattern.CENTRE.orientation[0] is 1, not below its orientationMod 1",
        ),
        (
            json.replace(
                "\"moves\"",
                "\"derivedMoves\": {\"Q\": \"[A: B\"}, \"moves\"",
            ),
            "derivedMoves.Q: '[A: B': expected ']' at character 6",
        ),
        (
            json.replace("\"moves\"", "\"derivedMoves\": {\"Q\": \"A Z\"}, \"moves\""),
            "move Q: 'Z' is no move or rotation the file defines",
        ),
        (
            json.replace("\"name\"", "\"title\""),
            "unknown field \"title\"",
        ),
        (
            json.replace("\"numPieces\": 3", "\"numPieces\": 60"),
            "defaultPattern.EDGES.pieces has 3 numbers, expected 60",
        ),
        (
            json.replace("\"numPieces\": 3", "\"numPieces\": 2100"),
            "the pieces make 4204 stickers (EDGES 2100x2, CENTRE 1x4): pocket holds at most 4096",
        ),
        (
            json.replace("[2, 0, 1]", "[2, 0, 0]"),
            "moves.A.EDGES.permutation[2]: 0 appears twice",
        ),
        (
            json.replace("\"orbits\"", "\n\"orbits\" ["),
            "line 4: not KPuzzle JSON",
        ),
    ];
    for (text, want) in bad_json {
        let f = Scratch::new("bad.json", &text);
        refused(f.path(), want);
    }
}

/// Four censuses of 3,674,160 positions, about 50 s in all in release:
/// `cargo test --release --test all -- --ignored formats::`.
#[test]
#[ignore]
fn the_pocket_cube_in_both_formats_has_pocket_census() {
    assert_eq!(census(&fixture("corners7.tws")), HTM);
    assert_eq!(census(&fixture("corners7.json")), HTM);
    for (format, ext) in [("tws", "tws"), ("kpuzzle", "json")] {
        let f = Scratch::new(&format!("golf.{ext}"), &export(format, "pocket-golf"));
        assert_eq!(census(f.path()), HTM, "pocket-golf as {format}");
    }
}

/// Issue 40: set `A` piece 11 and set `A1` piece 1 were both named `A11` inside, and
/// the valid file was refused ("piece A11 is named twice", a line of pocket's own
/// text). An 11-cycle and a swap: 22 positions, 21 of them one move from solved.
#[test]
fn sets_whose_names_end_in_digits_keep_their_pieces_apart() {
    let file = Scratch::new(
        "collide.tws",
        "Name collide\nSet A 11 1\nSet A1 2 1\nSolved\nA\n1 2 3 4 5 6 7 8 9 10 11\nA1\n1 2\n\
         End\nMove X\nA\n2 3 4 5 6 7 8 9 10 11 1\nA1\n2 1\nEnd\n",
    );
    assert_eq!(census(file.path()), vec![1, 21]);
}

/// Issue 40: a rotation (samples/symm) was refused, with advice first to rename it
/// (which would make it a move and change the census), then to delete it. It is now
/// read as twsearch reads it: a symmetry, no move, usable in a `MoveSequence`. Here a
/// rotation `Xv` of three pieces and `B`, `A` conjugated by it: the census is that
/// of `A` and `B` alone (the file without `Xv`, with `B` written out, counts alike).
#[test]
fn rotations_are_read_as_rotations_and_sequences_as_moves() {
    let head = "Name r\nSet P 3 1\nSolved\nP\n1 2 3\nEnd\nMove A\nP\n2 1 3\nEnd\n";
    let with = Scratch::new(
        "rotation.tws",
        &format!("{head}Move Xv\nP\n2 3 1\nEnd\nMoveSequence B Xv A Xv'\n"),
    );
    let b = Scratch::new("written.tws", &format!("{head}Move B\nP\n1 3 2\nEnd\n"));
    let counts = census(with.path());
    assert_eq!(counts, census(b.path()));
    assert_eq!(counts, vec![1, 2, 2, 1]);
    // The same puzzle as a KPuzzle whose B is a derived move (a conjugate).
    let kpuzzle = r#"{"name": "r", "orbits": [{"orbitName": "P", "numPieces": 3, "numOrientations": 1}],
        "defaultPattern": {"P": {"pieces": [0, 1, 2], "orientation": [0, 0, 0]}},
        "moves": {"A": {"P": {"permutation": [1, 0, 2], "orientation": [0, 0, 0]}},
                  "x": {"P": {"permutation": [1, 2, 0], "orientation": [0, 0, 0]}}},
        "derivedMoves": {"B": "[x: A]"}}"#;
    let json = Scratch::new("derived.json", kpuzzle);
    assert_eq!(census(json.path()), counts);
}

/// Issue 40: a KPuzzle pattern given where a definition goes is named as a pattern.
#[test]
fn a_pattern_file_is_named_as_one() {
    let file = Scratch::new(
        "pattern.json",
        r#"{"CORNERS": {"pieces": [0, 1, 2], "orientation": [0, 0, 0]}}"#,
    );
    refused(file.path(), "this is a KPuzzle pattern");
}

/// cubing.js's shape description, text or object, is read as saying nothing more
/// (reported: twsearch's samples/json/scramble/fto-UL.def.json was refused as an
/// unknown field); anything else in its place is refused by name.
#[test]
fn a_shape_description_leaves_the_census_alone() {
    let text = std::fs::read_to_string(fixture("tiny.json")).unwrap();
    let plain = census(&fixture("tiny.json"));
    for description in [r#""o f 0.333""#, r#"{"shape": "o", "cuts": []}"#] {
        let with = text.replacen(
            '{',
            &format!("{{\"experimentalPuzzleDescription\": {description},"),
            1,
        );
        let file = Scratch::new("described.json", &with);
        assert_eq!(census(file.path()), plain, "{description}");
    }
    let bad = text.replacen('{', "{\"experimentalPuzzleDescription\": 3,", 1);
    let file = Scratch::new("misdescribed.json", &bad);
    refused(
        file.path(),
        "experimentalPuzzleDescription: expected a description",
    );
}

/// KPuzzle's `orientationMod` (Reid's 3x3x3 ignores its centres' turns): the tiny
/// puzzle's centre of 4 orientations known mod 1 or mod 2 leaves a quarter or a half
/// of its 96 positions; mod 4 (or 0) tells them all apart.
#[test]
fn orientations_known_by_a_modulus_count_as_fewer_positions() {
    let text = std::fs::read_to_string(fixture("tiny.json")).unwrap();
    for (modulus, total) in [(0, 96), (1, 24), (2, 48), (4, 96)] {
        let modded = text.replace(
            "\"CENTRE\": { \"pieces\": [0], \"orientation\": [0] }",
            &format!("\"CENTRE\": {{ \"pieces\": [0], \"orientation\": [0], \"orientationMod\": [{modulus}] }}"),
        );
        assert_ne!(modded, text);
        let file = Scratch::new("modded.json", &modded);
        assert_eq!(
            census(file.path()).iter().sum::<u64>(),
            total,
            "mod {modulus}"
        );
    }
}

/// Issue 40: twsearch's `?` orientation in a solved state (puck.tws, maltese.tws)
/// was refused. It is KPuzzle's `orientationMod` 1: the tiny puzzle written as a
/// `.tws` counts as its JSON does, 96 positions with the centre's turns told, 24
/// with them unknown.
#[test]
fn an_unknown_orientation_counts_as_orientation_mod_one() {
    let tws = |centre: &str| {
        format!(
            "Name tiny-tws\nSet EDGES 3 2\nSet CENTRE 1 4\nSolved\nEDGES\n1 1 2\n0 0 0\n\
             CENTRE\n1\n{centre}\nEnd\nMove A\nEDGES\n3 1 2\n0 0 0\nCENTRE\n1\n1\nEnd\n\
             Move F\nEDGES\n1 2 3\n1 0 0\nEnd\n"
        )
    };
    let json = std::fs::read_to_string(fixture("tiny.json")).unwrap();
    for (centre, modulus, total) in [("0", 0, 96), ("?", 1, 24)] {
        let modded = json.replace(
            "\"CENTRE\": { \"pieces\": [0], \"orientation\": [0] }",
            &format!("\"CENTRE\": {{ \"pieces\": [0], \"orientation\": [0], \"orientationMod\": [{modulus}] }}"),
        );
        let from_json = census(Scratch::new("modded.json", &modded).path());
        let from_tws = census(Scratch::new("wild.tws", &tws(centre)).path());
        assert_eq!(from_tws, from_json, "{centre}");
        assert_eq!(from_tws.iter().sum::<u64>(), total, "{centre}");
    }
}

/// Issue 40: `orientationMod` did not carry over into an export: a piece known by a
/// modulus was written as loose stickers with a note. KPuzzle now writes every
/// modulus, `.tws` the modulus 1 as `?` (twsearch has no other), and each reads
/// back to the same census.
#[test]
fn exports_keep_the_modulus_an_orientation_is_known_by() {
    let json = std::fs::read_to_string(fixture("tiny.json")).unwrap();
    for modulus in [1, 2] {
        let modded = json.replace(
            "\"CENTRE\": { \"pieces\": [0], \"orientation\": [0] }",
            &format!("\"CENTRE\": {{ \"pieces\": [0], \"orientation\": [0], \"orientationMod\": [{modulus}] }}"),
        );
        let source = Scratch::new("source.json", &modded);
        let want = census(source.path());
        let kpuzzle = export("kpuzzle", source.path());
        assert!(
            kpuzzle.contains(&format!("\"orientationMod\": [{modulus}]")),
            "{kpuzzle}"
        );
        assert_eq!(census(Scratch::new("back.json", &kpuzzle).path()), want);
        let tws = export("tws", source.path());
        assert_eq!(tws.contains("CENTRE\n1\n?\n"), modulus == 1, "{tws}");
        assert_eq!(census(Scratch::new("back.tws", &tws).path()), want);
    }
}

/// Past 128 stickers (issue 40: twsearch's chopasaurus and starminx_2 have 132): a
/// puzzle of 200 stickers whose few moving pieces make a small coordinate is counted
/// and solved; past 4096 it is refused by name.
#[test]
fn two_hundred_stickers_run_on_coordinates() {
    let pieces: Vec<String> = (1..=100).map(|i| i.to_string()).collect();
    let zeros = vec!["0"; 100].join(" ");
    let mut cycle = pieces.clone();
    cycle[..3].rotate_left(1);
    let mut swap = pieces.clone();
    swap.swap(2, 3);
    let mut twist = vec!["0"; 100];
    twist[0] = "1";
    // The pieces that never move are identical: 200 stickers of 10 colours.
    let solved: Vec<&str> = (0..100)
        .map(|i| ["1", "2", "3", "4"].get(i).unwrap_or(&"5"))
        .copied()
        .collect();
    let text = format!(
        "Name wide\nSet P 100 2\nSolved\nP\n{s}\n{zeros}\nEnd\n\
         Move A\nP\n{a}\n{t}\nEnd\nMove B\nP\n{b}\n{zeros}\nEnd\n",
        s = solved.join(" "),
        a = cycle.join(" "),
        t = twist.join(" "),
        b = swap.join(" "),
    );
    let file = Scratch::new("wide.tws", &text);
    let path = file.path();
    // Four pieces moving, each of 2 orientations: 4! x 2^4 positions at most.
    let total: u64 = census(path).iter().sum();
    assert!(total > 1 && total <= 24 * 16, "{total}");
    let o = pocket(&["solve", "--puzzle", path, "--moves", "A B A"], b"");
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    let wider = text.replace("Set P 100 2\n", "Set P 100 2\nSet R 255 16\n");
    let wider = Scratch::new("wider.tws", &wider);
    refused(wider.path(), "pocket holds at most 4096");
}

/// Issue 40: past 255 stickers (twsearch's 8x8x8 and up, gigaminx, third
/// icosahedron) files were refused: stickers were numbered in bytes. And past 255
/// colours (the 9x9x9, the gigaminx), each set numbers its own. Two sets of 120
/// distinct pieces of two orientations: 480 stickers of 480 colours; A turns three
/// pieces of P, twisting one (order 6), B swaps two of Q: 12 positions.
#[test]
fn past_255_stickers_and_255_colours_run_on_coordinates() {
    let n = 120;
    let pieces: Vec<String> = (1..=n).map(|i| i.to_string()).collect();
    let zeros = vec!["0"; n].join(" ");
    let mut cycle = pieces.clone();
    cycle[..3].rotate_left(1);
    let mut twist = vec!["0"; n];
    twist[0] = "1";
    let mut swap = pieces.clone();
    swap.swap(2, 3);
    let (home, turn) = (pieces.join(" "), twist.join(" "));
    let text = format!(
        "Name wide\nSet P {n} 2\nSet Q {n} 2\nSolved\nP\n{home}\n{zeros}\nQ\n{home}\n{zeros}\nEnd\n\
         Move A\nP\n{a}\n{turn}\nQ\n{home}\n{zeros}\nEnd\n\
         Move B\nP\n{home}\n{zeros}\nQ\n{b}\n{zeros}\nEnd\n",
        a = cycle.join(" "),
        b = swap.join(" "),
    );
    let file = Scratch::new("wide.tws", &text);
    let path = file.path();
    assert_eq!(census(path), vec![1, 6, 5]);
    let o = pocket(&["solve", "--puzzle", path, "--moves", "A B A"], b"");
    assert_eq!(
        stdout(&o),
        "A2' B\n",
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    let o = pocket(
        &[
            "solve", "--puzzle", path, "--method", "ida", "--moves", "A B A",
        ],
        b"",
    );
    assert_eq!(
        stdout(&o),
        "A2' B\n",
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
}

/// Issue 40: two names of one move. twsearch's gear cube (gearcubeextreme.tws)
/// was refused because its B2 is its F2 ("define each move once"), and a
/// `MoveAlias` was dropped: its name was no move. Each other name now reads as its
/// move, with its powers; the searches have the move once, and its census is as
/// without the other name.
#[test]
fn a_move_under_two_names_reads_as_one() {
    let file = "Name twice\nSet C 4 1\nSolved\nC\n1 2 3 4\nEnd\n\
                Move F\nC\n2 3 4 1\nEnd\nMove B\nC\n4 1 2 3\nEnd\n";
    let one = Scratch::new("one.tws", file);
    let aliased = Scratch::new("alias.tws", &format!("{file}MoveAlias G F\n"));
    let solve = |p: &Scratch, moves: &str| {
        let o = pocket(&["solve", "--puzzle", p.path(), "--moves", moves], b"");
        let err = String::from_utf8_lossy(&o.stderr).into_owned();
        assert_eq!(o.status.code(), Some(0), "{moves}: {err}");
        stdout(&o).trim().to_string()
    };
    // B is F' (F to the 3rd): B2 is F2, B' is F.
    assert_eq!(solve(&one, "B"), "F");
    assert_eq!(solve(&one, "B2 F"), "F");
    assert_eq!(solve(&one, "B'"), "F'");
    assert_eq!(solve(&aliased, "G"), "F'");
    assert_eq!(solve(&aliased, "G2 G'"), "F'");
    assert_eq!(census(one.path()), [1, 3]);
    assert_eq!(census(aliased.path()), [1, 3]);
}
