//! Ctrl-C without half a line: a command whose output may be a file (`solve`,
//! `scramble`) stops on SIGINT or SIGTERM leaving only whole lines in it.
//!
//! A fatal signal that arrives during a large `write` cuts it at a page boundary (the
//! kernel stops copying between pages), so the file ended in part of a line (2 of 20
//! interrupted `solve --all --json` runs). Here the signal is caught instead: outside a
//! write it ends the process at once (exit 128 + the signal: whatever is still
//! buffered is whole lines, and is dropped); during a write it is noted, the write
//! completes, and the process ends right after. Every write ends at a line end, so a
//! file holds whole lines only.

use std::io::{self, Write};
use std::sync::atomic::{AtomicBool, AtomicI32, Ordering};

/// A write to standard output is under way.
static IN_WRITE: AtomicBool = AtomicBool::new(false);
/// The signal that arrived during a write, or 0.
static PENDING: AtomicI32 = AtomicI32::new(0);

extern "C" fn on_signal(sig: libc::c_int) {
    if IN_WRITE.load(Ordering::SeqCst) {
        PENDING.store(sig, Ordering::SeqCst);
    } else {
        // SAFETY: _exit is async-signal-safe and runs nothing of ours.
        unsafe { libc::_exit(128 + sig) };
    }
}

/// Catch SIGINT and SIGTERM as the module documentation says. Signals that are
/// ignored (a background job of a script) stay ignored.
pub(super) fn install() {
    for sig in [libc::SIGINT, libc::SIGTERM] {
        // SAFETY: sigaction reads and writes the structs given; the handler only
        // touches atomics and calls _exit.
        unsafe {
            let mut old: libc::sigaction = std::mem::zeroed();
            if libc::sigaction(sig, std::ptr::null(), &mut old) != 0
                || old.sa_sigaction == libc::SIG_IGN
            {
                continue;
            }
            let mut action: libc::sigaction = std::mem::zeroed();
            action.sa_sigaction = on_signal as *const () as libc::sighandler_t;
            action.sa_flags = libc::SA_RESTART;
            libc::sigemptyset(&mut action.sa_mask);
            libc::sigaction(sig, &action, std::ptr::null_mut());
        }
    }
}

/// Standard output written straight to its descriptor, each write whole: give it
/// whole lines (through a `BufWriter` fed whole lines) and no signal cuts one.
pub(super) struct WholeWrites;

impl Write for WholeWrites {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.write_all(buf)?;
        Ok(buf.len())
    }

    fn write_all(&mut self, buf: &[u8]) -> io::Result<()> {
        IN_WRITE.store(true, Ordering::SeqCst);
        let mut out = io::stdout().lock();
        let written = out.write_all(buf).and_then(|_| out.flush());
        IN_WRITE.store(false, Ordering::SeqCst);
        let sig = PENDING.load(Ordering::SeqCst);
        if sig != 0 {
            // SAFETY: as in on_signal; the line is out.
            unsafe { libc::_exit(128 + sig) };
        }
        written
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}
