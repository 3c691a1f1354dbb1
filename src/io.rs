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
    let file = std::fs::File::open(path)
        .map_err(|e| Error::invalid(Kind::File, format!("cannot read {path}: {e}")))?;
    let mut bytes = Vec::new();
    file.take(MAX_FILE + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| Error::invalid(Kind::File, format!("cannot read {path}: {e}")))?;
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
            seen_any = true;
            let (chunk, used, done) = match available.iter().position(|&b| b == b'\n') {
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

/// The value of parameter `name` in a raw URL query (`a=1&b=%FF`), percent-decoded
/// to the bytes sent (`+` is a space), with no UTF-8 decoding: so a byte that is not
/// UTF-8 reaches the state parser as it does from the command line, which names it.
#[cfg(feature = "serve")]
pub fn query_bytes(raw: &str, name: &str) -> Option<Vec<u8>> {
    let value = raw.split('&').find_map(|pair| {
        let (key, value) = pair.split_once('=').unwrap_or((pair, ""));
        (key == name).then_some(value)
    })?;
    let hex = |b: u8| (b as char).to_digit(16);
    let bytes = value.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'+' => out.push(b' '),
            b'%' if i + 2 < bytes.len() => match (hex(bytes[i + 1]), hex(bytes[i + 2])) {
                (Some(h), Some(l)) => {
                    out.push((h * 16 + l) as u8);
                    i += 2;
                }
                _ => out.push(b'%'),
            },
            b => out.push(b),
        }
        i += 1;
    }
    Some(out)
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
pub(crate) fn timed<T>(f: impl FnOnce() -> T) -> (T, f64) {
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

    #[cfg(feature = "serve")]
    #[test]
    fn query_values_as_bytes() {
        assert_eq!(
            query_bytes("a=1&state=UU%FF+x%2", "state").unwrap(),
            b"UU\xFF x%2"
        );
        assert_eq!(query_bytes("state", "state").unwrap(), b"");
        assert!(query_bytes("a=1", "state").is_none());
    }

    #[test]
    fn trims() {
        assert_eq!(trim(b"  ab c\r"), b"ab c");
        assert_eq!(trim(b"\t\r\n"), b"");
    }
}
