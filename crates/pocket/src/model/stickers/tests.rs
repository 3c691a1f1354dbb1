use super::decode::READING_ORDER;
use super::*;
use crate::model::moves::Alg;
use crate::model::pieces::CORNER_STICKERS;

fn err(s: &str) -> String {
    parse_state(s).unwrap_err().to_string()
}

#[test]
fn solved_and_round_trip() {
    assert!(parse_state("UUUULLFFRRBBLLFFRRBBDDDD").unwrap().is_solved());
    let alg: Alg = "R U F' R2 U' F2".parse().unwrap();
    let cube = Cube::SOLVED.apply_alg(&alg);
    let s = cube.stickers();
    assert_eq!(s.to_string().parse::<Stickers>().unwrap(), s);
    assert_eq!(s.to_cube().unwrap(), cube);
    // Any colours, any characters.
    let odd = cube.stickers_in(*b"#-@!0~");
    assert_eq!(odd.to_cube().unwrap(), cube);
}

#[test]
fn published_patterns_decode() {
    // U applied to solved.
    let u = parse_state("UUUUFFRRBBLLLLFFRRBBDDDD").unwrap();
    assert_eq!(u, Cube::SOLVED.apply_alg(&"U".parse().unwrap()));
    let u2 = parse_state("UUUURRBBLLFFLLFFRRBBDDDD").unwrap();
    assert_eq!(u2, Cube::SOLVED.apply_alg(&"U2".parse().unwrap()));
}

#[test]
fn reading_order_is_sorted_by_first_letter() {
    let firsts = READING_ORDER.map(|s| CORNER_STICKERS[s].iter().min().copied());
    assert!(firsts.windows(2).all(|w| w[0] < w[1]));
}

#[test]
fn a_scramble_line_is_read_for_its_moves_and_its_state() {
    let line = b"R U2 F'\tUUUULLFFRRBBLLFFRRBBDDDD";
    assert_eq!(
        sequence_in_line(line),
        (&b"R U2 F'"[..], Some(&b"UUUULLFFRRBBLLFFRRBBDDDD"[..]))
    );
    // Tabs between moves, or a state in tab-separated groups, are no scramble line.
    for plain in [
        &b"R\tU2\tF'"[..],
        b"UUUU\tLLFFRRBBLLFFRRBBDDDD",
        b"R U",
        b"",
    ] {
        assert_eq!(sequence_in_line(plain), (plain, None));
    }
}

#[test]
fn normalised_keeps_reference_colours() {
    let s: Stickers = "UUUULLFFRRBBLLFFRRBBDDDD".parse().unwrap();
    assert_eq!(s.normalised().to_string(), "....LL....BBLL....BBDDDD");
}

#[test]
fn the_state_in_a_line() {
    let state = b"UUUURLFBLRBFLLFFRRBBDDDD";
    assert_eq!(state_in_line(b"R U2 F'\tUUUURLFBLRBFLLFFRRBBDDDD"), state);
    let grouped = b"UUUU\tRLFB LRBF LLFF RRBB DDDD";
    assert_eq!(
        state_in_line(grouped),
        grouped,
        "one state in tab-separated groups"
    );
    let pattern = b"Corner swap\tUUUURLFBLRBFLLFFRRBBDDDD\t11";
    assert_eq!(
        state_in_line(pattern),
        pattern,
        "a tab-separated pattern line"
    );
}

#[test]
fn length_and_characters() {
    assert_eq!(err("UUUU"), "expected 24 stickers, got 4 characters");
    assert_eq!(err(""), "expected 24 stickers, got 0 characters");
    // Spaces and tabs are no colours: they are skipped.
    assert!(
        parse_state("UUUU LLFF RRBB LLFF RRBB\tDDDD")
            .unwrap()
            .is_solved()
    );
    assert_eq!(
        err("UUUU LLFFRRBBLLFFRRBBDDD"),
        "expected 24 stickers, got 23 characters"
    );
    assert!(err("UUUUéLFFRRBBLLFFRRBBDDDD").contains("character U+00E9 at position 5"));
    assert!(err("UUU\rLLFFRRBBLLFFRRBBDDDD").contains("U+000D"));
    let bad = Stickers::from_bytes(b"UU\xffULLFFRRBBLLFFRRBBDDDD").unwrap_err();
    assert!(bad.to_string().contains("byte 0xFF"), "{bad}");
}

#[test]
fn colours() {
    assert_eq!(
        err("UUUULLFFRRBBLLFFRRBBDDDX"),
        "expected 6 colours, found 7: 'U' 'L' 'F' 'R' 'B' 'D' 'X' ('X' is only on 1 sticker: X)"
    );
    assert_eq!(
        err("UUUUULFFRRBBLLFFRRBBDDDD"),
        "colour 'U' is on 5 stickers (A B C D E), expected 4; 'L' is on 3"
    );
}

#[test]
fn corners() {
    // Stickers C and E exchanged: counts stay right, two corners break.
    let mut s = *b"UUUULLFFRRBBLLFFRRBBDDDD";
    s.swap(2, 4);
    assert_eq!(
        Stickers(s).to_cube().unwrap_err().to_string(),
        "corner UBL at A E L ('U' 'U' 'B'): a colour appears twice"
    );
    // A corner in mirror order.
    let mut s = *b"UUUULLFFRRBBLLFFRRBBDDDD";
    s.swap(13, 14); // N <-> O: the D-L-F corner in mirror order
    assert_eq!(
        Stickers(s).to_cube().unwrap_err().to_string(),
        "corner DFL at N O U ('F' 'L' 'D'): its colours are in mirror order"
    );
    // Reference corner with a repeated colour.
    let mut s = *b"UUUULLFFRRBBLLFFRRBBDDDD";
    s.swap(12, 23); // M <-> X
    assert!(err(std::str::from_utf8(&s).unwrap()).starts_with("corner DBL at M T W"));
    // Two corners exchanged in colours: a duplicate.
    let mut s = *b"UUUULLFFRRBBLLFFRRBBDDDD";
    // Make UFL (C G F) carry U L B like ULB (A E L) by recolouring: C=U, G=B? keep counts by swapping G<->L.
    s.swap(6, 11);
    assert_eq!(
        Stickers(s).to_cube().unwrap_err().to_string(),
        "corner UFL at C F G ('U' 'L' 'B'): its colours are in mirror order"
    );
    // The B sticker of U-L-B exchanged with the R sticker of U-R-F: U-L-B now
    // shows L and R, which no corner does.
    let mut s = *b"UUUULLFFRRBBLLFFRRBBDDDD";
    s.swap(11, 8);
    assert_eq!(
        Stickers(s).to_cube().unwrap_err().to_string(),
        "corner UBL at A E L ('U' 'L' 'R') shows 'L' and 'R', colours of opposite faces"
    );
    // U-R-F, which shows no reference colour, in mirror order.
    let mut s = *b"UUUULLFFRRBBLLFFRRBBDDDD";
    s.swap(7, 8); // H <-> I
    assert_eq!(
        Stickers(s).to_cube().unwrap_err().to_string(),
        "corner UFR at D H I ('U' 'R' 'F'): no corner of this cube has these colours in this order"
    );
}

#[test]
fn twisted_corner() {
    // Twist the URF corner in place: D I H rotate.
    let mut s = *b"UUUULLFFRRBBLLFFRRBBDDDD";
    let (d, i, h) = (s[3], s[8], s[7]);
    s[3] = h;
    s[8] = d;
    s[7] = i;
    let e = Stickers(s).to_cube().unwrap_err();
    assert!(matches!(e, StateError::Twisted { .. }), "{e}");
    assert!(e.to_string().starts_with("twisted corner"));
}
