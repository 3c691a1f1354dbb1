//! Messages: what a refusal says names the bad value and where it is, escaped, in
//! the words of the front end (issue 25's messages items).
use crate::common;

use common::*;

/// Messages: a byte-order mark at the start of the input is skipped (editors write
/// one), a too-long line names its length and the limit, a cost past the limit names
/// the limit.
#[test]
fn bom_long_line_and_cost_limit() {
    let corner = "UUUURLFBLRBFLLFFRRBBDDDD";
    let o = pocket(
        &["solve"],
        format!("\u{FEFF}{corner}\n{corner}\n").as_bytes(),
    );
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    let lines: Vec<String> = stdout(&o).lines().map(str::to_string).collect();
    assert_eq!(lines.len(), 2);
    assert_eq!(lines[0], lines[1]);
    assert!(is_solved(&apply(corner.as_bytes(), &lines[0])));
    // Only at the start: a mark inside the input is a bad character.
    let o = pocket(
        &["solve"],
        format!("{corner}\n\u{FEFF}{corner}\n").as_bytes(),
    );
    assert_eq!(o.status.code(), Some(1));
    assert!(stdout(&o).contains("U+FEFF"));
    let long = "R U ".repeat(1024) + "F";
    let o = pocket(&["solve", "--moves", "-"], format!("{long}\n").as_bytes());
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(
        stdout(&o),
        "error: line too long: 4097 bytes, the limit for a move sequence is 4096 bytes\n"
    );
    let o = pocket(&["solve", "--cost", "R=1000000", corner], b"");
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("past the limit: at most 999999.999, got '1000000'"),
        "{err}"
    );
}

/// Messages: the API of `pocket serve` names a byte that is not UTF-8 as the command
/// line does (the bytes as sent reach the same parser).
#[cfg(feature = "serve")]
#[test]
fn serve_names_the_byte() {
    let bad = b"UUUURLFBLRBFLLFFRRBBDDD\xff";
    let cli = stdout(&pocket(&["solve", "--json"], &[&bad[..], b"\n"].concat()));
    assert!(cli.contains("0xFF"), "{cli}");
    let server = common::server::Server::start();
    let (status, body) = server.get("/api/solve?state=UUUURLFBLRBFLLFFRRBBDDD%FF");
    assert_eq!(status, 400);
    assert_eq!(body.trim(), cli.trim());
    assert!(
        body.contains("byte 0xFF (not UTF-8) at position 24"),
        "{body}"
    );
}

/// Messages: names read from user files (pattern names, a definition's name) are
/// printed with terminal escape sequences as escape text, never raw.
#[test]
fn names_from_files_are_escaped() {
    let dir = Dir::new("offpath-names");
    let patterns = dir.file(
        "patterns.txt",
        "Red\u{1b}[31m name UUUURLFBLRBFLLFFRRBBDDDD 11\n",
    );
    let table = lines_of(&["patterns", "--file", &patterns], b"").join("\n");
    assert!(!table.contains('\u{1b}'), "{table}");
    assert!(table.contains("Red\\u{001B}[31m name"), "{table}");
    let definition = dir.file(
        "puzzle.txt",
        "name bad\u{1b}[2Jname\nsolved WWWWYYYYBBGGOORR\nmove R 0 6 2 4 3 5 1 7 8 10 9 11 12 13 15 14\n",
    );
    let census = lines_of(&["census", "--puzzle", &definition], b"").join("\n");
    assert!(!census.contains('\u{1b}'), "{census}");
    assert!(census.contains("bad\\u{001B}[2Jname"), "{census}");
}

/// Messages: a definition file giving one permutation under two names is refused,
/// naming both moves and their lines (each solution would be listed twice).
#[test]
fn duplicate_moves_are_refused() {
    let dir = Dir::new("offpath-duplicates");
    let r = "0 6 2 4 3 5 1 7 8 10 9 11 12 13 15 14";
    let definition = dir.file(
        "puzzle.txt",
        &format!("name dup\nsolved WWWWYYYYBBGGOORR\nmove R {r}\nmove Q {r}\n"),
    );
    for args in [
        &["solve", "--puzzle", &definition, "WWWWYYYYBBGGOORR"][..],
        &["census", "--puzzle", &definition][..],
    ] {
        let o = pocket(args, b"");
        assert_eq!(o.status.code(), Some(1), "{args:?}");
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(
            err.contains("line 4: move Q is the same permutation as move R (line 3)"),
            "{err}"
        );
    }
}
