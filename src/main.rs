//! The `pocket` binary: all logic lives in the library.
fn main() -> std::process::ExitCode {
    pocket::cli::run(std::env::args_os())
}
