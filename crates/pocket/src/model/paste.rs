//! Move sequences as cubers paste them from the sites and apps they use, turned into
//! the plain notation the readers take: typographic primes (`R′`, `R´`, `R’`), `R3`
//! for `R'`, commutators `[A, B]` and conjugates `[A: B]` (nested), comments after
//! `//`, numbered lines (`1. R U R'`), line breaks, and whole alg.cubing.net or
//! twizzle links (`?alg=R_U_R-_U-`, `?alg=R+U+R%27`, with `setup=` applied first).
//!
//! The plain readers stay fast: they send a text here only when it holds one of
//! [`SPECIAL`] (see [`is_pasted`]).

use std::fmt;

/// Why a pasted text could not be read (the plain reader's error has the same
/// fields; this one is its own, so that the reader can call here without a circle).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PasteError {
    /// 1-based character position.
    pub at: usize,
    pub what: String,
}

impl fmt::Display for PasteError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} at character {}", self.what, self.at)
    }
}

impl std::error::Error for PasteError {}

/// Characters that only pasted text holds: a text without any of them is read as it
/// is. Digits 3 to 9 are here for `R3` and repeated groups; `.` for numbered lines.
pub const SPECIAL: &[char] = &[
    '′', '´', '‘', '[', ']', ',', ':', '/', '?', '=', '%', '\n', '\r', '.', '3', '4', '5', '6',
    '7', '8', '9',
];

/// Whether `text` needs [`normalise`] before a plain reader can read it.
pub fn is_pasted(text: &str) -> bool {
    text.contains(SPECIAL)
}

/// Whether a claimed solution for `check` needs [`normalise`]: as [`is_pasted`], but
/// one pair of square brackets around a plain solution is the challenge's own wrapper.
pub fn is_pasted_solution(text: &str) -> bool {
    text.contains(|c| SPECIAL.contains(&c) && c != '[' && c != ']')
}

/// Moves a text may expand to, as in the plain reader.
const MAX_MOVES: usize = 100_000;
/// Brackets and groups may nest this deep (the reader recurses once a level).
const MAX_NESTING: usize = 64;

/// One move as written: its letters (`R`, `Rw`, `r`, `x`) and clockwise quarter turns
/// (1, 2 or 3).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Token {
    pub name: String,
    pub quarters: u8,
}

impl Token {
    fn inverse(&self) -> Token {
        Token {
            name: self.name.clone(),
            quarters: 4 - self.quarters,
        }
    }
}

/// Plain notation for a list of moves: `R U2 F'`.
pub fn plain(moves: &[Token]) -> String {
    let mut out = String::new();
    for (k, t) in moves.iter().enumerate() {
        if k > 0 {
            out.push(' ');
        }
        out.push_str(&t.name);
        out.push_str(["", "", "2", "'"][t.quarters as usize]);
    }
    out
}

/// The sequence that undoes `moves`.
pub fn inverse(moves: &[Token]) -> Vec<Token> {
    moves.iter().rev().map(Token::inverse).collect()
}

/// The moves of a pasted text, in order, every group and bracket expanded. A link's
/// `setup=` and `alg=` are read each on its own, so that an error names the parameter
/// and the position in it as typed.
pub fn moves(text: &str) -> Result<Vec<Token>, PasteError> {
    let Some(params) = link_params(text)? else {
        return Reader::new(&uncomment(text), None, Vec::new()).sequence(None);
    };
    let mut out = Vec::new();
    for (name, typed) in params {
        let (decoded, origins) = url_moves(typed).map_err(|at| PasteError {
            at: at + 1,
            what: format!(
                "'{}' (a % escape that spells no UTF-8 text) (in the link's {name}=)",
                &typed[at..(at + 3).min(typed.len())]
            ),
        })?;
        out.extend(Reader::new(&decoded, Some(name), origins).sequence(None)?);
    }
    Ok(out)
}

/// A pasted text as plain notation (`[R, U]` becomes `R U R' U'`).
pub fn normalise(text: &str) -> Result<String, PasteError> {
    moves(text).map(|m| plain(&m))
}

/// A link's move parameters as typed, setup first (`setup=` or `setup-alg=`, then
/// `alg=`), or `None` if the text is no link. A parameter given twice is refused: a
/// reader could not know which one was meant.
fn link_params(text: &str) -> Result<Option<Vec<(&'static str, &str)>>, PasteError> {
    let t = text.trim();
    if !t.contains("://") && !t.contains("alg=") {
        return Ok(None);
    }
    // The query after `?`; a query pasted alone (`alg=R_U`) is all query.
    let start = t.find('?').map_or(0, |q| q + 1);
    let (mut setup, mut alg) = (None, None);
    let mut at = start;
    for pair in t.get(start..).unwrap_or("").split(['&', '#']) {
        let (key, value) = pair.split_once('=').unwrap_or((pair, ""));
        let slot = match key {
            "alg" => Some((&mut alg, "alg")),
            "setup" | "setup-alg" => Some((&mut setup, "setup")),
            _ => None,
        };
        if let Some((slot, name)) = slot {
            if slot.is_some() {
                return Err(PasteError {
                    at: at + 1,
                    what: format!(
                        "a second {key}= in the link (a link gives its {name} once: which \
                         one was meant?)"
                    ),
                });
            }
            *slot = Some((name, value));
        }
        at += pair.chars().count() + 1;
    }
    let Some(alg) = alg else {
        return Err(PasteError {
            at: start.max(1),
            what: "a link with no alg= in it (copy the link of the page that shows the moves, \
                   or paste the moves themselves)"
                .into(),
        });
    };
    Ok(Some(setup.into_iter().chain([alg]).collect()))
}

/// A link's value as notation: `%27` and the other escapes decoded, `+` and `_` as
/// spaces, and `-` as a prime (alg.cubing.net writes `R-` for `R'`); with, for each
/// character, where it was typed (0-based, in characters). An escape that leaves no
/// UTF-8 text is refused with the position where it was typed.
fn url_moves(value: &str) -> Result<(String, Vec<usize>), usize> {
    let bytes = value.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    // The typed byte each decoded byte came from.
    let mut from = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        let hex = |k: usize| {
            bytes
                .get(k)
                .and_then(|&h| (h as char).to_digit(16))
                .map(|d| d as u8)
        };
        from.push(i);
        match b {
            b'%' => match (hex(i + 1), hex(i + 2)) {
                (Some(h), Some(l)) => {
                    out.push(h * 16 + l);
                    i += 3;
                    continue;
                }
                _ => out.push(b),
            },
            b'+' | b'_' => out.push(b' '),
            b'-' => out.push(b'\''),
            _ => out.push(b),
        }
        i += 1;
    }
    let text = match String::from_utf8(out) {
        Ok(t) => t,
        Err(e) => return Err(from[e.utf8_error().valid_up_to()]),
    };
    // Typed byte offsets as character counts.
    let typed_char = |byte: usize| value[..byte].chars().count();
    let origins = text
        .char_indices()
        .map(|(k, _)| typed_char(from[k]))
        .collect();
    Ok((text, origins))
}

/// The text without comments (`//` to the end of the line) and line numbers (`1.` or
/// `1)` at the start of a line). Lines are kept, so that positions stay close.
fn uncomment(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for line in text.split_inclusive('\n') {
        let (body, end) = match line.strip_suffix('\n') {
            Some(b) => (b, "\n"),
            None => (line, ""),
        };
        let body = body.split("//").next().unwrap_or("");
        let start = body.len() - body.trim_start().len();
        let rest = &body[start..];
        let digits = rest.chars().take_while(char::is_ascii_digit).count();
        let numbered = digits > 0 && matches!(rest[digits..].chars().next(), Some('.' | ')'));
        out.push_str(&body[..start]);
        if numbered {
            // Blank it out rather than cut it, so character positions stay the same.
            out.push_str(&" ".repeat(digits + 1));
            out.push_str(&rest[digits + 1..]);
        } else {
            out.push_str(rest);
        }
        out.push_str(&" ".repeat(line.len() - body.len() - end.len()));
        out.push_str(end);
    }
    out
}

/// The letters that begin a move.
fn is_move_letter(c: char) -> bool {
    "UDLRFBudlrfbxyz".contains(c)
}

struct Reader {
    chars: Vec<char>,
    i: usize,
    depth: usize,
    /// The link parameter read (`alg`, `setup`), if the text came from a link.
    param: Option<&'static str>,
    /// For a link's parameter: where each character was typed in it.
    origins: Vec<usize>,
}

impl Reader {
    fn new(text: &str, param: Option<&'static str>, origins: Vec<usize>) -> Reader {
        Reader {
            chars: text.chars().collect(),
            i: 0,
            depth: 0,
            param,
            origins,
        }
    }

    fn error(&self, at: usize, what: String) -> PasteError {
        match self.param {
            Some(name) => {
                let typed = self
                    .origins
                    .len()
                    .max(self.origins.last().map_or(0, |&o| o + 1));
                PasteError {
                    at: self.origins.get(at).copied().unwrap_or(typed) + 1,
                    what: format!("{what} (in the link's {name}=)"),
                }
            }
            None => PasteError { at: at + 1, what },
        }
    }

    fn peek(&self) -> Option<char> {
        self.chars.get(self.i).copied()
    }

    fn skip_space(&mut self) {
        while self.peek().is_some_and(char::is_whitespace) {
            self.i += 1;
        }
    }

    /// A count after a move or group: digits, none meaning 1.
    fn count(&mut self) -> usize {
        let mut n: usize = 0;
        let mut any = false;
        while let Some(d) = self.peek().and_then(|c| c.to_digit(10)) {
            n = n.saturating_mul(10).saturating_add(d as usize);
            any = true;
            self.i += 1;
        }
        if any { n } else { 1 }
    }

    fn is_prime(c: Option<char>) -> bool {
        matches!(c, Some('\'' | '’' | '′' | '´' | '‘'))
    }

    /// Clockwise quarter turns of a move's suffix: digits and/or a prime, in either
    /// order (`R3` = `R'`, `R2'` = `R2`, `R'3` = `R`).
    fn suffix(&mut self) -> u8 {
        let mut prime = false;
        if Self::is_prime(self.peek()) {
            prime = true;
            self.i += 1;
        }
        let n = (self.count() % 4) as u8;
        if !prime && Self::is_prime(self.peek()) {
            prime = true;
            self.i += 1;
        }
        if prime { (4 - n) % 4 } else { n }
    }

    fn check_size(&self, at: usize, n: usize) -> Result<(), PasteError> {
        if n > MAX_MOVES {
            return Err(self.error(at, format!("more than {MAX_MOVES} moves")));
        }
        Ok(())
    }

    /// Moves up to the end, or up to the closing character `close` (not consumed);
    /// inside square brackets, also up to `,` or `:`.
    fn sequence(&mut self, close: Option<char>) -> Result<Vec<Token>, PasteError> {
        let mut out = Vec::new();
        loop {
            self.skip_space();
            let at = self.i;
            let Some(c) = self.peek() else {
                return Ok(out);
            };
            if Some(c) == close || (close == Some(']') && matches!(c, ',' | ':')) {
                return Ok(out);
            }
            match c {
                '(' | '[' => {
                    if self.depth == MAX_NESTING {
                        return Err(
                            self.error(at, format!("brackets nested more than {MAX_NESTING} deep"))
                        );
                    }
                    self.i += 1;
                    self.depth += 1;
                    let group = if c == '(' {
                        self.group(at)?
                    } else {
                        self.bracket(at)?
                    };
                    self.depth -= 1;
                    let times = self.count();
                    let total = group.len().saturating_mul(times).saturating_add(out.len());
                    self.check_size(at, total)?;
                    if !group.is_empty() {
                        for _ in 0..times {
                            out.extend_from_slice(&group);
                        }
                    }
                }
                ')' | ']' => {
                    return Err(self.error(at, format!("'{c}' with no opening bracket before it")));
                }
                ',' | ':' => {
                    return Err(self.error(
                        at,
                        format!(
                            "'{c}' outside square brackets (a commutator is written [A, B], \
                             a conjugate [A: B])"
                        ),
                    ));
                }
                c if is_move_letter(c) => {
                    self.i += 1;
                    let mut name = c.to_string();
                    if c.is_ascii_uppercase() && !"xyz".contains(c) && self.peek() == Some('w') {
                        self.i += 1;
                        name.push('w');
                    }
                    let q = self.suffix();
                    if q != 0 {
                        out.push(Token { name, quarters: q });
                        self.check_size(at, out.len())?;
                    }
                }
                c if Self::is_prime(Some(c)) || c.is_ascii_digit() => {
                    return Err(self.error(at, format!("'{c}' with no move before it")));
                }
                'M' | 'E' | 'S' => {
                    return Err(
                        self.error(at, format!("'{c}': slice moves do not exist on the 2x2x2"))
                    );
                }
                'X' | 'Y' | 'Z' => {
                    return Err(self.error(
                        at,
                        format!(
                            "'{c}': rotations are lower case (write {})",
                            c.to_ascii_lowercase()
                        ),
                    ));
                }
                _ => {
                    return Err(self.error(
                        at,
                        format!(
                            "{} (not a move: U D L R F B x y z, with ' 2 or 3; \
                             [A, B], [A: B] and (A)n group them)",
                            super::text::describe_char(c)
                        ),
                    ));
                }
            }
        }
    }

    /// The inside of `( ... )`, its `)` consumed.
    fn group(&mut self, at: usize) -> Result<Vec<Token>, PasteError> {
        let inner = self.sequence(Some(')'))?;
        if self.peek() != Some(')') {
            return Err(self.error(at, "'(' with no ')' after it".into()));
        }
        self.i += 1;
        Ok(inner)
    }

    /// The inside of `[ ... ]`, its `]` consumed: a commutator `[A, B]` = `A B A' B'`, a
    /// conjugate `[A: B]` = `A B A'`, or a plain group `[A]`.
    fn bracket(&mut self, at: usize) -> Result<Vec<Token>, PasteError> {
        let a = self.sequence(Some(']'))?;
        let sep = self.peek();
        let result = match sep {
            Some(',') | Some(':') => {
                self.i += 1;
                let b = self.sequence(Some(']'))?;
                if let Some(more @ (',' | ':')) = self.peek() {
                    return Err(self.error(
                        self.i,
                        format!(
                            "a second '{more}' in one bracket (write [A, B] or [A: B]; \
                             nest them for more: [A: [B, C]])"
                        ),
                    ));
                }
                let mut out = a.clone();
                out.extend_from_slice(&b);
                out.extend(inverse(&a));
                if sep == Some(',') {
                    out.extend(inverse(&b));
                }
                out
            }
            _ => a,
        };
        if self.peek() != Some(']') {
            return Err(self.error(at, "'[' with no ']' after it".into()));
        }
        self.i += 1;
        Ok(result)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn n(text: &str) -> String {
        normalise(text).unwrap()
    }

    #[test]
    fn primes_and_powers() {
        assert_eq!(n("R′ U´ F’"), "R' U' F'");
        assert_eq!(n("R3 U2' F'3 B4"), "R' U2 F");
        assert_eq!(n("Rw3 r′"), "Rw' r'");
    }

    #[test]
    fn commutators_and_conjugates() {
        assert_eq!(n("[R, U]"), "R U R' U'");
        assert_eq!(n("[F: R U R' U']"), "F R U R' U' F'");
        assert_eq!(n("[F: [R, U]]"), "F R U R' U' F'");
        assert_eq!(n("[[R, U], F2]"), "R U R' U' F2 U R U' R' F2");
        assert_eq!(n("[R U]"), "R U");
        assert_eq!(n("[R, U]2"), "R U R' U' R U R' U'");
    }

    #[test]
    fn comments_numbers_and_lines() {
        assert_eq!(n("1. R U R' // insert\n2. U'\n// done"), "R U R' U'");
        assert_eq!(n("R U\nR' U'"), "R U R' U'");
        assert_eq!(n("10) F"), "F");
    }

    #[test]
    fn links() {
        assert_eq!(
            n("https://alg.cubing.net/?alg=R_U_R-_U-&setup=F2"),
            "F2 R U R' U'"
        );
        assert_eq!(
            n("https://alpha.twizzle.net/edit/?alg=R+U+R%27&setup-alg=F"),
            "F R U R'"
        );
        assert!(
            normalise("https://alg.cubing.net/?puzzle=2x2x2")
                .unwrap_err()
                .what
                .contains("no alg=")
        );
    }

    #[test]
    fn refusals_say_what_to_write() {
        let e = |s: &str| normalise(s).unwrap_err().to_string();
        assert!(e("[R, U, F]").contains("a second ','"));
        assert!(e("[R, U").contains("'[' with no ']'"));
        assert!(e("R, U").contains("outside square brackets"));
        assert!(e("R M").contains("slice moves"));
        let deep = format!("{}R{}", "[".repeat(100), "]".repeat(100));
        assert!(e(&deep).contains("nested more than 64"));
        assert!(e("[[R, U]99999, F]9999").contains("more than 100000 moves"));
    }

    #[test]
    fn special_characters_decide_the_path() {
        assert!(!is_pasted("R U R' U' F2 x y'"));
        assert!(is_pasted("[R, U]"));
        assert!(is_pasted("R′"));
        assert!(is_pasted("1. R"));
    }
}
