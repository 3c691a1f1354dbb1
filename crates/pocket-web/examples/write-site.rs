//! Writes the page's files into a folder, for a static host: `cargo run -p pocket-web
//! --example write-site -- target/web` (scripts/build-web runs it, then adds
//! pocket.wasm). The same files `pocket serve` serves.

use std::path::PathBuf;

fn main() -> std::io::Result<()> {
    let Some(dir) = std::env::args_os().nth(1).map(PathBuf::from) else {
        eprintln!("usage: write-site FOLDER");
        std::process::exit(2);
    };
    std::fs::create_dir_all(&dir)?;
    for path in pocket_web::PATHS {
        let file = pocket_web::asset(path).expect("a file of the page");
        let name = match path {
            "/" => "index.html",
            other => other.trim_start_matches('/'),
        };
        std::fs::write(dir.join(name), file.body)?;
    }
    Ok(())
}
