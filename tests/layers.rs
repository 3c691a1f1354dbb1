//! The layering of `src/`: each top-level module uses only the layers below it, and
//! nothing but `main.rs` reaches the command line. `error` is the crate's shared
//! vocabulary (every layer returns `Error`, which names each layer's typed error), so
//! it is left out of the order, as `crate::Error` is in any Rust crate.

use std::path::Path;

/// Bottom to top.
const LAYERS: [&str; 7] = [
    "io",
    "model",
    "engine",
    "cube",
    "puzzle",
    "challenge",
    "cli",
];

fn sources(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            sources(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

#[test]
fn each_layer_uses_only_the_layers_below() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    for (rank, layer) in LAYERS.iter().enumerate() {
        let mut files = Vec::new();
        let dir = src.join(layer);
        if dir.is_dir() {
            sources(&dir, &mut files);
        } else {
            files.push(src.join(format!("{layer}.rs")));
        }
        for file in files {
            let text = std::fs::read_to_string(&file).unwrap();
            for (above, name) in LAYERS.iter().enumerate().skip(rank + 1) {
                let used = format!("crate::{name}::");
                let braced = format!("crate::{{{name}");
                assert!(
                    !text.contains(&used) && !text.contains(&braced),
                    "{} ({layer}, layer {rank}) uses {name} (layer {above})",
                    file.display()
                );
            }
        }
    }
    // The binary is the only user of the command line outside it.
    let main = std::fs::read_to_string(src.join("main.rs")).unwrap();
    assert!(main.contains("pocket::cli::run"));
    let files = std::fs::read_dir(&src).unwrap().count();
    assert!(files <= 10, "{files} entries directly in src/");
}
