//! Tests of the piece model: export from stickers, reading and refusals.

use super::*;

/// A bar of a puzzle exported as loose stickers names the sticker's own slot:
/// the bar's slot was once looked up among the stickers in no piece line,
/// though the export had made every sticker a slot.
#[test]
fn bars_of_a_puzzle_written_as_stickers_name_their_sticker() {
    let powers: [&[Sticker]; 3] = [
        &[1, 2, 3, 0, 5, 4],
        &[2, 3, 0, 1, 4, 5],
        &[3, 0, 1, 2, 5, 4],
    ];
    let bar = Bar {
        stickers: vec![5],
        looks: vec![vec![b'X']],
        said: "test".into(),
    };
    let p = StickerPuzzle {
        name: "spun",
        // The piece looks the same turned by 2 of 4: no tws piece.
        solved: b"ABABXY",
        moves: ["M", "M2", "M'"]
            .into_iter()
            .zip(powers)
            .map(|(name, perm)| StickerMove {
                name,
                perm,
                face: 0,
            })
            .collect(),
        pieces: vec![StickerPiece {
            kind: "c",
            stickers: &[0, 1, 2, 3],
        }],
        barred: std::slice::from_ref(&bar),
    };
    let (m, note) = PieceModel::from_puzzle(&p, false).unwrap();
    assert!(note.is_some());
    assert_eq!(m.orbits.len(), 1);
    // Sticker 5's slot, and colour X, the third numbered.
    assert_eq!(m.illegal, vec![(0, 5, 2, 0)]);
}

/// Two pieces of two orientations that one move swaps, flipping one.
const TWO: &str = r#"{
      "name": "two flips",
      "orbits": [{ "orbitName": "E", "numPieces": 2, "numOrientations": 2 }],
      "defaultPattern": { "E": { "pieces": [0, 1], "orientation": [0, 0] } },
      "moves": { "S": { "E": { "permutation": [1, 0], "orientationDelta": [1, 0] } } }
    }"#;

#[test]
fn a_move_becomes_a_sticker_permutation() {
    let draft = read_kpuzzle(TWO).unwrap().to_draft().unwrap();
    // Slot 0 receives piece 1 turned by 1: its sticker o shows what was at
    // (1, o - 1); slot 1 receives piece 0 unturned.
    let moves: Vec<(&str, &[Sticker])> = draft
        .moves
        .iter()
        .map(|(_, m)| (m.name.as_str(), m.perm.as_slice()))
        .collect();
    // S has order 4: S, S2, S'.
    assert_eq!(moves[0], ("S", &[3, 2, 0, 1][..]));
    assert_eq!(
        moves.iter().map(|m| m.0).collect::<Vec<_>>(),
        ["S", "S2", "S'"]
    );
    assert_eq!(draft.solved.unwrap().1, b"!\"$%");
    assert_eq!(draft.name.as_deref(), Some("two_flips"));
}

#[test]
fn power_names_follow_twsearch() {
    let names: Vec<String> = (1..6).map(|k| power_name("R", k, 6)).collect();
    assert_eq!(names, ["R", "R2", "R3", "R2'", "R'"]);
    assert_eq!(power_name("R", 1, 2), "R");
    assert_eq!(power_name("R", 2, 3), "R'");
}

#[test]
fn refusals_name_the_field() {
    let modded = TWO.replace(
        "\"orientation\": [0, 0] }",
        "\"orientation\": [0, 0], \"orientationMod\": [0, 3] }",
    );
    let e = read_kpuzzle(&modded).unwrap_err().to_string();
    assert!(
        e.contains("defaultPattern.E.orientationMod[1] is 3, which does not divide"),
        "{e}"
    );
    let e = read_kpuzzle(&TWO.replace(
        "[1, 0], \"orientationDelta\": [1, 0]",
        "[1, 1], \"orientationDelta\": [1, 0]",
    ))
    .unwrap_err()
    .to_string();
    assert!(
        e.contains("moves.S.E.permutation[1]: 1 appears twice"),
        "{e}"
    );
    let e = read_kpuzzle(&TWO.replace("\"name\"", "\"nom\""))
        .unwrap_err()
        .to_string();
    assert!(e.contains("unknown field \"nom\""), "{e}");
    let e = read_kpuzzle(&TWO.replace("\"numPieces\": 2", "\"numPieces\": 2100"))
        .unwrap_err()
        .to_string();
    assert!(e.contains(" 4200 stickers"), "{e}");
    let spaced = read_kpuzzle(&TWO.replace("\"S\":", "\"S 1\":")).unwrap();
    let e = spaced.to_draft().err().unwrap().to_string();
    assert!(e.contains("move name 'S 1'"), "{e}");
    let e = read_kpuzzle("{\n\"name\": }").unwrap_err();
    assert_eq!(e.line, 2);
}
