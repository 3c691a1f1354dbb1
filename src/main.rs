//! The `pocket` binary: all logic lives in the library.
fn main() -> std::process::ExitCode {
    pocket::run_command_line(std::env::args_os())
}
