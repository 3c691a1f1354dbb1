//! The program built without the `serve` feature (`--no-default-features`): the only
//! answers that differ from the full build's. The library has no features, so the
//! rest of the suite runs once, with the server (`scripts/test` runs this file alone
//! in the build without it).

/// Built without the `serve` feature, `pocket serve` is a usage error that says why.
#[cfg(not(feature = "serve"))]
#[test]
fn serve_without_the_feature_says_so() {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_pocket"))
        .arg("serve")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("without the `serve` feature"), "{err}");
    assert!(out.stdout.is_empty());
}

/// With the feature, `serve --help` describes the server (and the test above is
/// not built).
#[cfg(feature = "serve")]
#[test]
fn serve_with_the_feature_has_help() {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_pocket"))
        .args(["serve", "--help"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
}
