//! Text in and out, shared by the library and the command line: line input with
//! bounded memory, whole files with a size limit, output that reaches the reader in
//! time, numbers with thousands separators, and timing.

use crate::model::{Error, Kind};
use std::io::{self, BufRead, BufReader, Read};
use std::time::Instant;

/// Lines longer than this are refused whole, without being stored.
pub const MAX_LINE: usize = 4096; // bytes; a state is 24

/// Files read whole (pattern lists, puzzle definitions) may be at most this large.
pub const MAX_FILE: u64 = 16 * 1024 * 1024; // 16 MiB: 13 patterns take 600 bytes

/// Read a whole text file of at most [`MAX_FILE`] bytes. A larger file, or an endless
/// one such as `/dev/zero`, is refused after reading one byte past the limit.
pub fn read_text_file(path: &str) -> Result<String, Error> {
    let file = open_without_blocking(path)
        .map_err(|e| Error::invalid(Kind::File, format!("cannot read {path}: {e}")))?;
    let mut bytes = Vec::new();
    file.take(MAX_FILE + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| Error::invalid(Kind::File, format!("cannot read {path}: {e}")))?;
    if bytes.is_empty() && !file_is_regular(path) {
        return Err(Error::invalid(
            Kind::File,
            format!("{path} is not a regular file, and nothing was written to it"),
        ));
    }
    if bytes.len() as u64 > MAX_FILE {
        return Err(Error::invalid(
            Kind::File,
            format!(
                "{path} is larger than {} MiB: refused",
                MAX_FILE / (1024 * 1024)
            ),
        ));
    }
    if bytes.starts_with(BOM) {
        bytes.drain(..BOM.len());
    }
    // A lone `\r` ends a line, as in old Mac files: read it as `\n`.
    for i in 0..bytes.len() {
        if bytes[i] == b'\r' && bytes.get(i + 1) != Some(&b'\n') {
            bytes[i] = b'\n';
        }
    }
    String::from_utf8(bytes).map_err(|e| {
        Error::invalid(
            Kind::File,
            format!(
                "{path} is not UTF-8 text (an invalid byte 0x{:02x} at offset {})",
                e.as_bytes()[e.utf8_error().valid_up_to()],
                e.utf8_error().valid_up_to()
            ),
        )
    })
}

/// Open `path` for reading without waiting for a writer: a FIFO nobody writes to
/// would block `open` for ever. A directory is refused; a FIFO or other special file
/// is read as far as its writer writes (so `--file <(command)` works), and reads as
/// empty if it has none.
fn open_without_blocking(path: &str) -> io::Result<std::fs::File> {
    #[cfg(unix)]
    let file = {
        use std::os::unix::fs::OpenOptionsExt;
        std::fs::OpenOptions::new()
            .read(true)
            .custom_flags(libc::O_NONBLOCK)
            .open(path)?
    };
    #[cfg(not(unix))]
    let file = std::fs::File::open(path)?;
    let meta = file.metadata()?;
    if meta.is_dir() {
        return Err(io::Error::other("it is a directory"));
    }
    #[cfg(unix)]
    if !meta.is_file() {
        use std::os::fd::AsRawFd;
        // Blocking reads again: a writer that is there may take its time.
        // SAFETY: fcntl on a descriptor we own, reading and setting its status flags.
        unsafe {
            let fd = file.as_raw_fd();
            let flags = libc::fcntl(fd, libc::F_GETFL);
            if flags != -1 {
                libc::fcntl(fd, libc::F_SETFL, flags & !libc::O_NONBLOCK);
            }
        }
    }
    Ok(file)
}

fn file_is_regular(path: &str) -> bool {
    std::fs::metadata(path).is_ok_and(|m| m.is_file())
}

/// One line of input.
#[derive(Debug, PartialEq, Eq)]
pub enum Line<'a> {
    /// The line without its `\n`.
    Text(&'a [u8]),
    /// A line over [`MAX_LINE`] bytes; only its length was kept.
    TooLong(usize),
}

/// Reads lines of any length in bounded memory. Before each read that could block,
/// it calls a hook, so the caller can flush answers to lines already read: a program
/// that writes one state and waits for the answer gets it.
pub struct LineReader<R> {
    inner: BufReader<R>,
    buf: Vec<u8>,
    max: usize,
    /// No line read yet: a byte-order mark there is skipped.
    first: bool,
    /// The last line ended in a `\r` at the end of the buffer: a `\n` right after it
    /// is part of that line end (CRLF), not an empty line.
    after_cr: bool,
}

/// The UTF-8 byte-order mark some editors put at the start of a file; it is no part
/// of the text, so input skips it.
pub const BOM: &[u8] = b"\xEF\xBB\xBF";

impl<R: Read> LineReader<R> {
    /// A reader with the default line limit.
    pub fn new(inner: R) -> LineReader<R> {
        LineReader::with_limit(inner, MAX_LINE)
    }

    /// A reader refusing lines over `max` bytes.
    pub fn with_limit(inner: R, max: usize) -> LineReader<R> {
        LineReader {
            inner: BufReader::with_capacity(64 * 1024, inner),
            buf: Vec::new(),
            max,
            first: true,
            after_cr: false,
        }
    }

    /// Whether input is already buffered, so that the next line may not need a read.
    pub fn has_buffered(&self) -> bool {
        !self.inner.buffer().is_empty()
    }

    /// The next line, or `None` at the end of input.
    pub fn next_line(
        &mut self,
        before_block: &mut dyn FnMut() -> io::Result<()>,
    ) -> io::Result<Option<Line<'_>>> {
        self.buf.clear();
        let mut len = 0usize;
        let mut seen_any = false;
        loop {
            if self.inner.buffer().is_empty() {
                before_block()?;
            }
            let available = match self.inner.fill_buf() {
                Ok(b) => b,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            if available.is_empty() {
                if !seen_any {
                    return Ok(None);
                }
                break;
            }
            if std::mem::take(&mut self.after_cr) && available[0] == b'\n' {
                self.inner.consume(1);
                continue;
            }
            seen_any = true;
            // A line ends at `\n`, `\r\n`, or a lone `\r` (old Mac files, some
            // Windows tools).
            let (chunk, used, done) = match available.iter().position(|&b| b == b'\n' || b == b'\r')
            {
                Some(i) if available[i] == b'\r' => match available.get(i + 1) {
                    Some(b'\n') => (&available[..i], i + 2, true),
                    Some(_) => (&available[..i], i + 1, true),
                    None => {
                        self.after_cr = true;
                        (&available[..i], i + 1, true)
                    }
                },
                Some(i) => (&available[..i], i + 1, true),
                None => (available, available.len(), false),
            };
            len += chunk.len();
            if len <= self.max {
                self.buf.extend_from_slice(chunk);
            }
            self.inner.consume(used);
            if done {
                break;
            }
        }
        let first = std::mem::replace(&mut self.first, false);
        if len > self.max {
            Ok(Some(Line::TooLong(len)))
        } else if first && self.buf.starts_with(BOM) {
            Ok(Some(Line::Text(&self.buf[BOM.len()..])))
        } else {
            Ok(Some(Line::Text(&self.buf)))
        }
    }
}

/// Whether an error means the reader of our output has gone away.
pub fn is_broken_pipe(e: &io::Error) -> bool {
    e.kind() == io::ErrorKind::BrokenPipe
}

/// Trim ASCII whitespace (including the `\r` of CRLF) from both ends.
pub fn trim(mut s: &[u8]) -> &[u8] {
    while let [first, rest @ ..] = s {
        if first.is_ascii_whitespace() {
            s = rest;
        } else {
            break;
        }
    }
    while let [rest @ .., last] = s {
        if last.is_ascii_whitespace() {
            s = rest;
        } else {
            break;
        }
    }
    s
}

/// A number with thousands separators: 3,674,160.
pub fn group(n: u64) -> String {
    let s = n.to_string();
    let mut out = String::new();
    for (i, c) in s.chars().enumerate() {
        if i > 0 && (s.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// Time a closure in microseconds.
pub fn timed<T>(f: impl FnOnce() -> T) -> (T, f64) {
    let start = Instant::now();
    let v = f();
    (v, start.elapsed().as_secs_f64() * 1e6)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(input: &[u8], max: usize) -> Vec<String> {
        let mut r = LineReader::with_limit(input, max);
        let mut out = Vec::new();
        let mut hook = || Ok(());
        while let Some(line) = r.next_line(&mut hook).unwrap() {
            out.push(match line {
                Line::Text(t) => String::from_utf8_lossy(t).into_owned(),
                Line::TooLong(n) => format!("<{n}>"),
            });
        }
        out
    }

    #[test]
    fn splits_and_bounds() {
        assert_eq!(lines(b"a\nbb\n\nc", 10), ["a", "bb", "", "c"]);
        assert_eq!(lines(b"", 10), Vec::<String>::new());
        assert_eq!(lines(b"12345678901\nok\n", 10), ["<11>", "ok"]);
        // A byte-order mark is skipped at the start of the input only.
        assert_eq!(
            lines(b"\xEF\xBB\xBFab\n\xEF\xBB\xBFc", 10),
            ["ab", "\u{FEFF}c"]
        );
        let big = vec![b'x'; 200_000];
        assert_eq!(lines(&big, 10), ["<200000>"]);
    }

    /// Issue 36, item 8: a lone CR ends a line (three states were read as one). A
    /// reader that hands over one byte at a time puts each CR at a buffer's end.
    #[test]
    fn a_lone_cr_ends_a_line_as_crlf_does() {
        let input = b"a\rbb\r\nc\r\rd\n";
        let want = ["a", "bb", "c", "", "d"];
        assert_eq!(lines(input, 10), want);
        struct OneByte<'a>(&'a [u8]);
        impl Read for OneByte<'_> {
            fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
                let Some((&b, rest)) = self.0.split_first() else {
                    return Ok(0);
                };
                buf[0] = b;
                self.0 = rest;
                Ok(1)
            }
        }
        let mut r = LineReader::with_limit(OneByte(input), 10);
        let mut got = Vec::new();
        while let Some(Line::Text(t)) = r.next_line(&mut || Ok(())).unwrap() {
            got.push(String::from_utf8_lossy(t).into_owned());
        }
        assert_eq!(got, want);
    }

    #[test]
    fn trims() {
        assert_eq!(trim(b"  ab c\r"), b"ab c");
        assert_eq!(trim(b"\t\r\n"), b"");
    }
}
