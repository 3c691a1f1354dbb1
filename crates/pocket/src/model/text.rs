//! Characters and text of the user's, named and echoed safely in messages. It names
//! nothing else of the crate, so every module may use it.

/// A character named for a message: `'x'`, or its code point when it is invisible.
pub fn describe_char(ch: char) -> String {
    match ch {
        ' ' => "a space".to_string(),
        c if c.is_control() => format!("control character U+{:04X}", c as u32),
        c if c.is_ascii() => format!("'{c}'"),
        c => match raw_byte(c) {
            Some(b) => format!("byte 0x{b:02X} (not UTF-8)"),
            // Never the character itself: U+2028 and its kind would split the line.
            None => format!("character U+{:04X}", c as u32),
        },
    }
}

/// Command-line arguments that are not UTF-8 keep their bad bytes as these private-use
/// characters (`U+10FF00` + byte), so messages can name the byte.
const RAW_BYTE_BASE: u32 = 0x10_FF00;

/// The byte a private-use character stands for (see [`os_arg_text`]).
fn raw_byte(c: char) -> Option<u8> {
    (c as u32)
        .checked_sub(RAW_BYTE_BASE)
        .and_then(|b| u8::try_from(b).ok())
}

/// An argument as text: valid UTF-8 as it is, each invalid byte as a private-use
/// character that [`describe_char`] and [`escape_text`] name as that byte.
pub fn os_arg_text(arg: &std::ffi::OsStr) -> String {
    #[cfg(unix)]
    {
        use std::os::unix::ffi::OsStrExt;
        let mut out = String::new();
        for chunk in arg.as_bytes().utf8_chunks() {
            out.push_str(chunk.valid());
            for &b in chunk.invalid() {
                out.push(char::from_u32(RAW_BYTE_BASE + b as u32).unwrap_or('\u{FFFD}'));
            }
        }
        out
    }
    #[cfg(not(unix))]
    {
        arg.to_string_lossy().into_owned()
    }
}

/// Text that echoes input, safe on one line: every character outside printable ASCII
/// is written as an escape (`\u{2028}`, `\xFF` for a byte that was not UTF-8), so a
/// reader that splits lines on any separator sees the same lines.
pub fn escape_text(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            ' '..='~' => out.push(c),
            c => match raw_byte(c) {
                Some(b) => out.push_str(&format!("\\x{b:02X}")),
                None => out.push_str(&format!("\\u{{{:04X}}}", c as u32)),
            },
        }
    }
    out
}
