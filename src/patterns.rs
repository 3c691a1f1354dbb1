//! Pattern files: named positions with their expected optimal lengths.
//!
//! One position per line: a name (which may contain spaces), the 24-character state,
//! the optimal length in HTM and optionally in QTM, separated by whitespace. Blank
//! lines and lines starting with `#` are ignored. See `fixtures/README.md`.

use std::fmt;

use crate::stickers::Stickers;

/// The 13 published test patterns, embedded from `fixtures/patterns.txt`.
pub const BUILTIN_PATTERNS: &str = include_str!("../fixtures/patterns.txt");

/// One named position of a pattern file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pattern {
    /// 1-based line number in its file.
    pub line: usize,
    pub name: String,
    /// The state exactly as written (it may still be an invalid cube).
    pub state: String,
    pub htm: Option<u32>,
    pub qtm: Option<u32>,
}

/// A line of a pattern file that could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PatternError {
    pub line: usize,
    pub message: String,
}

impl fmt::Display for PatternError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.message)
    }
}

impl std::error::Error for PatternError {}

fn is_length(token: &str) -> bool {
    (1..=3).contains(&token.len()) && token.bytes().all(|b| b.is_ascii_digit())
}

/// Read a pattern file. A file with any bad line is refused as a whole, naming the line.
pub fn parse_patterns(text: &str) -> Result<Vec<Pattern>, PatternError> {
    let mut out = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        let trimmed = raw.trim();
        if trimmed.is_empty() || trimmed.starts_with('#') {
            continue;
        }
        let err = |message: String| PatternError { line, message };
        let mut tokens: Vec<&str> = trimmed.split_whitespace().collect();
        // Lengths come last and are short numbers; the state is the token before them.
        let mut lengths = Vec::new();
        while lengths.len() < 2 && tokens.len() > 1 && is_length(tokens[tokens.len() - 1]) {
            lengths.push(tokens.pop().unwrap_or_default());
        }
        lengths.reverse();
        if lengths.is_empty() {
            return Err(err(
                "expected NAME STATE HTM-LENGTH [QTM-LENGTH]".to_string()
            ));
        }
        let Some(state) = tokens.pop() else {
            return Err(err("no state before the lengths".to_string()));
        };
        if tokens.is_empty() {
            return Err(err("no name before the state".to_string()));
        }
        Stickers::from_bytes(state.as_bytes()).map_err(|e| err(format!("state {state}: {e}")))?;
        let number = |s: &str| {
            s.parse::<u32>()
                .map_err(|e| err(format!("length {s}: {e}")))
        };
        out.push(Pattern {
            line,
            name: tokens.join(" "),
            state: state.to_string(),
            htm: Some(number(lengths[0])?),
            qtm: lengths.get(1).map(|s| number(s)).transpose()?,
        });
    }
    Ok(out)
}

/// The built-in patterns.
pub fn builtin_patterns() -> Vec<Pattern> {
    parse_patterns(BUILTIN_PATTERNS).expect("the embedded pattern file is valid")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn builtin_file_parses() {
        let p = builtin_patterns();
        assert_eq!(p.len(), 13);
        assert_eq!(p[0].name, "Horizontal flags");
        assert_eq!(p[7].name, "Cube in cube 2");
        assert_eq!(p[9].htm, Some(11));
        assert_eq!(p[12].name, "2 checkerboards, 4 L");
    }

    #[test]
    fn lengths_and_errors() {
        let p = parse_patterns("# c\n\nA b  UUUULLFFRRBBLLFFRRBBDDDD 0 0\n").unwrap();
        assert_eq!(p[0].name, "A b");
        assert_eq!((p[0].htm, p[0].qtm), (Some(0), Some(0)));
        // A state made of digits is still the state.
        let p = parse_patterns("Digits 000011223344112233445555 7").unwrap();
        assert_eq!(p[0].state, "000011223344112233445555");
        assert_eq!(p[0].htm, Some(7));
        let e = parse_patterns("ok UUUULLFFRRBBLLFFRRBBDDDD 0\nbad line\n").unwrap_err();
        assert_eq!(e.line, 2);
        assert!(parse_patterns("UUUULLFFRRBBLLFFRRBBDDDD 0").is_err());
        assert!(
            parse_patterns("Name UUUU 3")
                .unwrap_err()
                .message
                .contains("expected 24")
        );
    }
}
