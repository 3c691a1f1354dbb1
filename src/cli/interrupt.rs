//! Standard output that Ctrl-C neither cuts nor loses: a command whose output may be
//! a file (`solve`, `scramble`) leaves, on SIGINT or SIGTERM, every whole line it had
//! made, and no part of a line.
//!
//! Two failures led here. A fatal signal during a large `write` cut it at a page
//! boundary, so a file ended in part of a line (2 of 20 interrupted `solve --all
//! --json` runs). And lines still in a buffer died with the process: 40 answers
//! made in 2 s, then SIGINT during a hard 3x3x3 search, left 0 bytes in the file
//! (issue 61). So the buffer is one the signal handler can reach: it writes the whole
//! lines held and ends the process (exit 128 + the signal). While the program itself
//! changes or writes the buffer, the handler only notes the signal, and the program
//! writes what it holds and ends as soon as it lets go.

use std::io::{self, Write};
use std::sync::atomic::{AtomicI32, AtomicPtr, AtomicU8, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

/// Nobody holds the buffer: the handler may write it out.
const IDLE: u8 = 0;
/// The program is changing or writing the buffer.
const BUSY: u8 = 1;
/// As [`BUSY`], and a signal came: the program ends when it lets go.
const BUSY_SIGNALLED: u8 = 2;
/// The handler is writing the buffer out and ending the process.
const EXITING: u8 = 3;

static STATE: AtomicU8 = AtomicU8::new(IDLE);
/// The signal noted while [`BUSY`].
static SIGNAL: AtomicI32 = AtomicI32::new(0);
/// The buffer's bytes and the length of its whole lines, as last published.
static HELD: AtomicPtr<u8> = AtomicPtr::new(std::ptr::null_mut());
static HELD_WHOLE: AtomicUsize = AtomicUsize::new(0);

/// Write `bytes` to standard output with nothing but `write(2)`: safe in a signal
/// handler. Errors end the attempt (the reader may be gone).
fn write_raw(mut bytes: &[u8]) -> io::Result<()> {
    while !bytes.is_empty() {
        // SAFETY: the pointer and length describe `bytes`.
        let n = unsafe { libc::write(1, bytes.as_ptr().cast(), bytes.len()) };
        if n < 0 {
            let e = io::Error::last_os_error();
            if e.kind() == io::ErrorKind::Interrupted {
                continue;
            }
            return Err(e);
        }
        bytes = &bytes[n as usize..];
    }
    Ok(())
}

/// Write the published whole lines and end the process with the signal's status.
fn write_held_and_exit(sig: libc::c_int) -> ! {
    let (ptr, len) = (
        HELD.load(Ordering::SeqCst),
        HELD_WHOLE.load(Ordering::SeqCst),
    );
    if !ptr.is_null() && len > 0 {
        // SAFETY: the buffer is published whole and nobody changes it any more:
        // the state is EXITING (or BUSY_SIGNALLED, seen by its owner, who calls this).
        let _ = write_raw(unsafe { std::slice::from_raw_parts(ptr, len) });
    }
    // SAFETY: _exit is async-signal-safe and runs nothing of ours.
    unsafe { libc::_exit(128 + sig) }
}

extern "C" fn on_signal(sig: libc::c_int) {
    loop {
        match STATE.load(Ordering::SeqCst) {
            IDLE => {
                if STATE
                    .compare_exchange(IDLE, EXITING, Ordering::SeqCst, Ordering::SeqCst)
                    .is_ok()
                {
                    write_held_and_exit(sig);
                }
            }
            BUSY => {
                SIGNAL.store(sig, Ordering::SeqCst);
                if STATE
                    .compare_exchange(BUSY, BUSY_SIGNALLED, Ordering::SeqCst, Ordering::SeqCst)
                    .is_ok()
                {
                    return;
                }
            }
            // Already on its way out.
            _ => return,
        }
    }
}

/// Catch SIGINT and SIGTERM as the module documentation says. Signals that are
/// ignored (a background job of a script) stay ignored.
pub(super) fn install() {
    for sig in [libc::SIGINT, libc::SIGTERM] {
        // SAFETY: sigaction reads and writes the structs given; the handler only
        // touches atomics, calls write(2) and _exit.
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

/// Standard output through a buffer the signal handler can write out. Lines reach
/// the file when 64 KB are held, at each `flush`, and when a line comes 10 ms or more
/// after the last write (so a slow stream of answers is read as it is made).
pub(super) struct SafeOut {
    buf: Vec<u8>,
    /// The length of the buffer's whole lines (up to its last line end).
    whole: usize,
    last_write: Instant,
}

/// Held before a write: large enough that a fast batch writes in few calls.
const HOLD: usize = 64 * 1024;
/// A line later than this after the last write goes out at once.
const PROMPT: Duration = Duration::from_millis(10);

impl SafeOut {
    pub(super) fn new() -> SafeOut {
        SafeOut {
            buf: Vec::with_capacity(HOLD + 1024),
            whole: 0,
            last_write: Instant::now(),
        }
    }

    /// Run `f` on the buffer with the handler kept off it; publish the buffer after,
    /// and end the process with the held lines if a signal came meanwhile.
    fn holding<T>(&mut self, f: impl FnOnce(&mut Self) -> T) -> T {
        while STATE
            .compare_exchange(IDLE, BUSY, Ordering::SeqCst, Ordering::SeqCst)
            .is_err()
        {
            // EXITING: the handler writes and ends the process; wait for it.
            std::thread::sleep(Duration::from_millis(1));
        }
        let result = f(self);
        let whole = self
            .buf
            .iter()
            .rposition(|&b| b == b'\n')
            .map_or(0, |i| i + 1);
        HELD.store(self.buf.as_mut_ptr(), Ordering::SeqCst);
        HELD_WHOLE.store(whole, Ordering::SeqCst);
        if STATE
            .compare_exchange(BUSY, IDLE, Ordering::SeqCst, Ordering::SeqCst)
            .is_err()
        {
            write_held_and_exit(SIGNAL.load(Ordering::SeqCst));
        }
        result
    }

    /// Write the first `len` bytes of the buffer and drop them from it.
    fn write_out(&mut self, len: usize) -> io::Result<()> {
        self.last_write = Instant::now();
        let written = write_raw(&self.buf[..len]);
        self.buf.drain(..len);
        self.whole = self.whole.saturating_sub(len);
        written
    }
}

impl Write for SafeOut {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        self.write_all(bytes)?;
        Ok(bytes.len())
    }

    fn write_all(&mut self, bytes: &[u8]) -> io::Result<()> {
        self.holding(|out| {
            // Only the new bytes are looked through for a line end.
            if let Some(i) = bytes.iter().rposition(|&b| b == b'\n') {
                out.whole = out.buf.len() + i + 1;
            }
            out.buf.extend_from_slice(bytes);
            let due = out.buf.len() >= HOLD || out.last_write.elapsed() >= PROMPT;
            match out.whole {
                0 => Ok(()),
                whole if due => out.write_out(whole),
                _ => Ok(()),
            }
        })
    }

    fn flush(&mut self) -> io::Result<()> {
        self.holding(|out| match out.buf.is_empty() {
            true => Ok(()),
            false => out.write_out(out.buf.len()),
        })
    }
}

impl Drop for SafeOut {
    fn drop(&mut self) {
        let _ = self.flush();
        // The buffer goes: the handler must not reach it any more.
        self.holding(|out| {
            out.buf = Vec::new();
            out.whole = 0;
        });
    }
}
