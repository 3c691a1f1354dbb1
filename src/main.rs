//! The `pocket` program: the command line and `pocket serve`, front ends of the
//! `pocket` library (crates/pocket), which they reach only through its public API.

mod cli;

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
    cli::run(std::env::args_os())
}
