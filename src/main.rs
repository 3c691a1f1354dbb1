//! The `pocket` binary: all logic lives in the library.
fn main() -> std::process::ExitCode {
    // The C allocator grows its heap 4 MiB at a time instead of by what each request
    // needs: a fresh process's search then makes a handful of system calls fewer
    // (pages are still only touched when used).
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: mallopt only sets a parameter of the allocator; nothing is allocated yet
    // that it could affect.
    unsafe {
        libc::mallopt(libc::M_TOP_PAD, 4 << 20);
    }
    pocket::run_command_line(std::env::args_os())
}
