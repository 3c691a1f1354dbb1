//! Moves made of other moves: twsearch's `MoveSequence` and KPuzzle's `derivedMoves`,
//! expanded into permutations as twsearch expands its own (`expandalgomoves` in its
//! readksolve.cpp): every sequence whose moves are all known becomes a move, and
//! again, until none is left; a sequence that names nothing the file defines is
//! refused with its line.
//!
//! A sequence may use the file's moves, their powers (`R2`, `R'`) and its rotations
//! (moves named as twsearch names rotations, `x` or `Fv`: read, but not moves of the
//! puzzle). A sequence that comes out as a rotation, or as a move already defined,
//! is another name for it and adds no move (pocket takes each permutation once).

/// What a sequence is made in: permutations that compose (the readers' moves).
pub trait Compose {
    type Move: Clone + PartialEq;
    fn identity(&self) -> Self::Move;
    fn invert(&self, m: &Self::Move) -> Self::Move;
    /// First `a`, then `b`.
    fn compose(&self, a: &Self::Move, b: &Self::Move) -> Self::Move;
}

/// Whether twsearch takes a move of this name for a rotation of the whole puzzle
/// (`x`, `y2`, `z'`, or capitals and `_` followed by `v`), which is no move there.
pub fn is_rotation(name: &str) -> bool {
    let b = name.as_bytes();
    if matches!(b, [b'x' | b'y' | b'z'] | [b'x' | b'y' | b'z', b'2' | b'\'']) {
        return true;
    }
    let caps = b
        .iter()
        .take_while(|&&c| c == b'_' || c.is_ascii_uppercase())
        .count();
    caps > 0 && caps + 1 == b.len() && b[caps] == b'v'
}

/// twsearch's and cubing.js's name for the `k`-th power of a move of order `order`:
/// the amount the shorter way round, `'` when that is backwards (`R`, `R2`, `R'`,
/// `R2'`); half way round counts forwards, as in twsearch.
pub fn power_name(base: &str, k: usize, order: usize) -> String {
    let (amount, inverse) = if order - k < k {
        (order - k, true)
    } else {
        (k, false)
    };
    let mut s = base.to_string();
    if amount != 1 {
        s += &amount.to_string();
    }
    if inverse {
        s.push('\'');
    }
    s
}

/// A move to be made of others: its name, its moves (each with whether it is
/// inverted) and the line that defines it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sequence {
    pub name: String,
    pub moves: Vec<(String, bool)>,
    pub line: usize,
}

/// Most powers a named permutation is followed through (past it, it is no move).
const MAX_ORDER: usize = 1 << 12;

/// Most moves a flattened sequence may hold: `(((A)4000)4000)4000` would be 64
/// billion (found by a hostile-input probe, which it held for minutes).
const MAX_FLAT: usize = 1 << 16;

/// Every name a permutation goes by in a sequence: each power, named as twsearch
/// names them, with its inverse.
fn powers<C: Compose>(model: &C, name: &str, m: &C::Move) -> Vec<(String, C::Move)> {
    let identity = model.identity();
    let mut all = vec![m.clone()];
    while all.len() < MAX_ORDER {
        let next = model.compose(all.last().expect("a power"), m);
        if next == identity {
            break;
        }
        all.push(next);
    }
    let order = all.len() + 1;
    let mut named: Vec<(String, C::Move)> = all
        .iter()
        .enumerate()
        .map(|(k, p)| (power_name(name, k + 1, order), p.clone()))
        .collect();
    // `R1` and `R3` as cubing.js writes them too, where they are not names already.
    for (k, p) in all.iter().enumerate() {
        let plain = format!("{name}{}", k + 1);
        if !named.iter().any(|(n, _)| *n == plain) {
            named.push((plain, p.clone()));
        }
    }
    named
}

/// The permutation a name stands for, inverted when asked.
fn lookup<C: Compose>(
    known: &[(String, C::Move)],
    model: &C,
    name: &str,
    inverse: bool,
) -> Option<C::Move> {
    let m = &known.iter().find(|(n, _)| n == name)?.1;
    Some(match inverse {
        true => model.invert(m),
        false => m.clone(),
    })
}

/// `sequences` expanded into moves to add to `moves` (each with its line), with
/// `rotations` to use in them; refused with a line and why.
#[allow(clippy::type_complexity)]
pub fn expand<C: Compose>(
    model: &C,
    moves: &[(String, C::Move)],
    rotations: &[(String, C::Move)],
    sequences: Vec<Sequence>,
) -> Result<(Vec<(String, C::Move, usize)>, Vec<(String, C::Move)>), (usize, String)> {
    let mut known: Vec<(String, C::Move)> = Vec::new();
    for (name, m) in moves.iter().chain(rotations) {
        known.extend(powers(model, name, m));
    }
    let mut added = Vec::new();
    // Sequences that make a move already known (`MoveAlias`): each power's name, to
    // be read as that move.
    let mut aliases = Vec::new();
    let mut pending = sequences;
    while !pending.is_empty() {
        let before = pending.len();
        let mut waiting = Vec::new();
        for s in pending {
            let mut made = Some(model.identity());
            for (name, inverse) in &s.moves {
                made = made.and_then(|acc| {
                    lookup(&known, model, name, *inverse).map(|p| model.compose(&acc, &p))
                });
            }
            let Some(made) = made else {
                waiting.push(s);
                continue;
            };
            if known.iter().any(|(n, _)| *n == s.name) {
                return Err((s.line, format!("move {} is defined twice", s.name)));
            }
            let new = made != model.identity()
                && !is_rotation(&s.name)
                && !known.iter().any(|(_, p)| *p == made);
            let named = powers(model, &s.name, &made);
            if !new && made != model.identity() && !is_rotation(&s.name) {
                aliases.extend(named.iter().cloned());
            }
            known.extend(named);
            if new {
                added.push((s.name, made, s.line));
            }
        }
        if waiting.len() == before {
            let s = &waiting[0];
            let unknown = s
                .moves
                .iter()
                .map(|(n, _)| n)
                .find(|n| !known.iter().any(|(k, _)| k == *n))
                .expect("an unknown move");
            let why = match waiting.iter().any(|w| w.name == *unknown) {
                true => "is a sequence that never comes out: its moves lead back to it",
                false => "is no move or rotation the file defines",
            };
            return Err((s.line, format!("move {}: '{unknown}' {why}", s.name)));
        }
        pending = waiting;
    }
    Ok((added, aliases))
}

/// A move sequence in cubing.js's notation, flattened: moves (`R`, `U2'`, `x`),
/// groups `(A B)` with an amount (`(R U)2`, `(R U)'`), conjugates `[A: B]` (A B A')
/// and commutators `[A, B]` (A B A' B').
pub fn flatten(alg: &str) -> Result<Vec<(String, bool)>, String> {
    let chars: Vec<char> = alg.chars().collect();
    let mut at = 0;
    let moves = sequence(&chars, &mut at)?;
    match chars.get(at) {
        None => Ok(moves),
        Some(c) => Err(format!("unexpected '{c}' at character {}", at + 1)),
    }
}

fn inverted(moves: &[(String, bool)]) -> Vec<(String, bool)> {
    moves.iter().rev().map(|(n, i)| (n.clone(), !i)).collect()
}

fn skip_spaces(chars: &[char], at: &mut usize) {
    while chars.get(*at).is_some_and(|c| c.is_whitespace()) {
        *at += 1;
    }
}

/// Moves up to a closing `)`, `]`, `:`, `,` or the end.
fn sequence(chars: &[char], at: &mut usize) -> Result<Vec<(String, bool)>, String> {
    let mut out = Vec::new();
    loop {
        skip_spaces(chars, at);
        match chars.get(*at) {
            None | Some(')' | ']' | ':' | ',') => return Ok(out),
            Some('(') => {
                *at += 1;
                let inner = sequence(chars, at)?;
                expect(chars, at, ')')?;
                out.extend(amount(chars, at, inner)?);
            }
            Some('[') => {
                *at += 1;
                let a = sequence(chars, at)?;
                let sep = chars.get(*at).copied();
                if !matches!(sep, Some(':' | ',')) {
                    return Err(format!("expected ':' or ',' at character {}", *at + 1));
                }
                *at += 1;
                let b = sequence(chars, at)?;
                expect(chars, at, ']')?;
                let mut whole = a.clone();
                whole.extend(b.iter().cloned());
                whole.extend(inverted(&a));
                if sep == Some(',') {
                    whole.extend(inverted(&b));
                }
                out.extend(amount(chars, at, whole)?);
            }
            Some(_) => {
                let start = *at;
                while chars
                    .get(*at)
                    .is_some_and(|c| !c.is_whitespace() && !"()[]:,".contains(*c))
                {
                    *at += 1;
                }
                let word: String = chars[start..*at].iter().collect();
                out.push((word, false));
            }
        }
        if out.len() > MAX_FLAT {
            return Err(format!("more than {MAX_FLAT} moves written out"));
        }
    }
}

fn expect(chars: &[char], at: &mut usize, want: char) -> Result<(), String> {
    skip_spaces(chars, at);
    match chars.get(*at) {
        Some(&c) if c == want => {
            *at += 1;
            Ok(())
        }
        _ => Err(format!("expected '{want}' at character {}", *at + 1)),
    }
}

/// A group's amount after its closing bracket: a count and an optional `'`.
fn amount(
    chars: &[char],
    at: &mut usize,
    group: Vec<(String, bool)>,
) -> Result<Vec<(String, bool)>, String> {
    let start = *at;
    while chars.get(*at).is_some_and(|c| c.is_ascii_digit()) {
        *at += 1;
    }
    let digits: String = chars[start..*at].iter().collect();
    let count = match digits.is_empty() {
        true => 1,
        false => digits.parse::<usize>().unwrap_or(usize::MAX),
    };
    if count.saturating_mul(group.len()) > MAX_FLAT {
        return Err(format!("more than {MAX_FLAT} moves written out"));
    }
    let prime = chars.get(*at) == Some(&'\'');
    if prime {
        *at += 1;
    }
    let one = if prime { inverted(&group) } else { group };
    Ok(std::iter::repeat_n(one, count).flatten().collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(alg: &str) -> Vec<String> {
        flatten(alg)
            .unwrap()
            .into_iter()
            .map(|(n, i)| if i { format!("-{n}") } else { n })
            .collect()
    }

    #[test]
    fn conjugates_commutators_and_groups_flatten() {
        assert_eq!(names("[x: y]"), ["x", "y", "-x"]);
        assert_eq!(names("[z': U]"), ["z'", "U", "-z'"]);
        assert_eq!(names("[R, U]"), ["R", "U", "-R", "-U"]);
        assert_eq!(names("u U'"), ["u", "U'"]);
        assert_eq!(names("(R U)2"), ["R", "U", "R", "U"]);
        assert_eq!(names("(R U)'"), ["-U", "-R"]);
        assert_eq!(names("[R: [U, F]]"), ["R", "U", "F", "-U", "-F", "-R"]);
        assert!(flatten("[R U").is_err());
        // Found by a hostile-input probe: nested amounts were written out whole.
        let huge = flatten("(((A)4000)4000)4000").unwrap_err();
        assert!(huge.contains("more than 65536 moves"), "{huge}");
        assert!(flatten("R)").is_err());
    }
}
