//! The KPuzzle JSON reader: the file's fields checked one by one, each refusal
//! naming the field (and its line where it can be found).

use serde_json::{Map, Value};

use super::{FormatError, MAX_STICKERS, Orbit, OrbitMove, PieceModel, fail};

// ---------------------------------------------------------------------------
// KPuzzle JSON

fn field<'a>(obj: &'a Map<String, Value>, key: &str, path: &str) -> Result<&'a Value, FormatError> {
    match obj.get(key) {
        Some(v) => Ok(v),
        None => fail(format!("{path}: no field \"{key}\"")),
    }
}

fn number(v: &Value, path: &str, below: usize) -> Result<usize, FormatError> {
    match v.as_u64() {
        Some(x) if (x as usize) < below => Ok(x as usize),
        Some(x) => fail(format!("{path} is {x}: at most {}", below - 1)),
        None => fail(format!("{path}: expected a whole number, got {v}")),
    }
}

fn numbers(v: &Value, path: &str, len: usize, below: usize) -> Result<Vec<usize>, FormatError> {
    let Some(items) = v.as_array() else {
        return fail(format!("{path}: expected a list of {len} numbers"));
    };
    if items.len() != len {
        return fail(format!(
            "{path} has {} numbers, expected {len}",
            items.len()
        ));
    }
    items
        .iter()
        .enumerate()
        .map(|(i, x)| number(x, &format!("{path}[{i}]"), below))
        .collect()
}

fn object<'a>(v: &'a Value, path: &str) -> Result<&'a Map<String, Value>, FormatError> {
    v.as_object()
        .map_or_else(|| fail(format!("{path}: expected an object")), Ok)
}

/// Refuse keys other than `known`, naming the first.
fn only(obj: &Map<String, Value>, known: &[&str], path: &str) -> Result<(), FormatError> {
    match obj.keys().find(|k| !known.contains(&k.as_str())) {
        Some(k) => fail(format!(
            "{path}: unknown field \"{k}\" (known: {})",
            known.join(", ")
        )),
        None => Ok(()),
    }
}

/// Orbit sizes past this are refused at once (they could never fit in 128 stickers).
const MAX_ORBIT: u64 = 1 << 16;

/// Whether a JSON object is a KPuzzle pattern (every value a set's `pieces` and
/// `orientation`), which a definition file's readers sometimes give by mistake.
fn is_pattern(top: &Map<String, Value>) -> bool {
    !top.is_empty()
        && !top.contains_key("orbits")
        && top.values().all(|v| {
            v.as_object()
                .is_some_and(|o| o.contains_key("pieces") && o.contains_key("orientation"))
        })
}

/// Read a KPuzzle definition (JSON). Moves come in the order of their names (a JSON
/// object has none of its own here), then `derivedMoves` ([`crate::puzzle::formats::derived`]); moves
/// named as twsearch names rotations (`x`, `Uv`) are rotations, used in derived moves
/// but no moves of the puzzle; `experimentalPuzzleDescription`, the shape, is
/// checked to be text or an object; `orientationMod` makes a piece show only as many
/// facets as its modulus. Refused: unknown fields.
pub fn read_kpuzzle(text: &str) -> Result<PieceModel, FormatError> {
    let root = parse_json(text)?;
    let top = object(&root, "the file")?;
    if is_pattern(top) {
        return fail(
            "this is a KPuzzle pattern (a position: each set's pieces and orientation), not a \
             definition: give the puzzle's definition file (orbits, defaultPattern, moves)",
        );
    }
    only(
        top,
        &[
            "$schema",
            "name",
            "orbits",
            "defaultPattern",
            "moves",
            "derivedMoves",
            "experimentalPuzzleDescription",
        ],
        "the file",
    )?;
    // cubing.js's description of the puzzle's shape, as text (`o f 0.333`) or as an
    // object (`{"shape": "o", "cuts": [...]}`, twsearch's
    // samples/json/scramble/fto-UL.def.json): it says nothing the orbits and moves
    // do not, so it is only checked to be one of the two.
    match top.get("experimentalPuzzleDescription") {
        None | Some(Value::String(_)) | Some(Value::Object(_)) => {}
        Some(v) => {
            return fail(format!(
                "experimentalPuzzleDescription: expected a description (text or an object), got {v}"
            ));
        }
    }
    let name = match top.get("name") {
        Some(Value::String(s)) => s.clone(),
        Some(v) => return fail(format!("name: expected a string, got {v}")),
        None => String::new(),
    };
    let orbits = read_orbits(top)?;
    let (solved, orientation_mods) = read_solved(top, &orbits)?;
    let (rotations, moves): (Vec<_>, Vec<_>) = read_moves(top, &orbits)?
        .into_iter()
        .partition(|(m, _)| crate::puzzle::formats::derived::is_rotation(m));
    let move_lines = moves
        .iter()
        .map(|(m, _)| key_line(text, "moves", m))
        .collect();
    let mut model = PieceModel {
        name,
        orbits,
        solved,
        moves,
        move_lines,
        orientation_mods,
        aliases: Vec::new(),
        illegal: Vec::new(),
    };
    let derived = read_derived(top, text)?;
    model.derive(&rotations, derived)?;
    if model.moves.is_empty() {
        return fail("no moves: every move the file names is a rotation");
    }
    Ok(model)
}

/// `derivedMoves`: names and sequences in cubing.js's notation.
fn read_derived(
    top: &Map<String, Value>,
    text: &str,
) -> Result<Vec<crate::puzzle::formats::derived::Sequence>, FormatError> {
    let Some(derived) = top.get("derivedMoves") else {
        return Ok(Vec::new());
    };
    let derived = object(derived, "derivedMoves")?;
    let mut out = Vec::new();
    for (name, alg) in derived {
        let line = key_line(text, "derivedMoves", name);
        let Value::String(alg) = alg else {
            return Err(FormatError {
                line,
                message: format!("derivedMoves.{name}: expected a move sequence, got {alg}"),
            });
        };
        let moves = crate::puzzle::formats::derived::flatten(alg).map_err(|why| FormatError {
            line,
            message: format!("derivedMoves.{name}: '{alg}': {why}"),
        })?;
        out.push(crate::puzzle::formats::derived::Sequence {
            name: name.clone(),
            moves,
            line,
        });
    }
    Ok(out)
}

/// The JSON of a file, strictly (no key twice), with the line of a syntax error.
fn parse_json(text: &str) -> Result<Value, FormatError> {
    crate::puzzle::formats::strict_json::from_str(text).map_err(|e| {
        // The line goes in front, as every refusal's; the column stays in the words.
        let full = e.to_string();
        let suffix = format!(" at line {} column {}", e.line(), e.column());
        let what = full.strip_suffix(&suffix).unwrap_or(&full);
        let message = match e.classify() {
            serde_json::error::Category::Data => format!("{what} (column {})", e.column()),
            _ => format!("not KPuzzle JSON: {what} (column {})", e.column()),
        };
        FormatError {
            line: e.line(),
            message,
        }
    })
}

/// `orbits`: the current list of {orbitName, numPieces, numOrientations}, or the
/// older object keyed by name.
fn read_orbits(top: &Map<String, Value>) -> Result<Vec<Orbit>, FormatError> {
    let mut raw: Vec<(String, &Map<String, Value>, String)> = Vec::new();
    match field(top, "orbits", "the file")? {
        Value::Array(items) => {
            for (i, v) in items.iter().enumerate() {
                let path = format!("orbits[{i}]");
                let o = object(v, &path)?;
                only(o, &["orbitName", "numPieces", "numOrientations"], &path)?;
                let Some(n) = field(o, "orbitName", &path)?.as_str() else {
                    return fail(format!("{path}.orbitName: expected a string"));
                };
                raw.push((n.to_string(), o, path));
            }
        }
        Value::Object(map) => {
            for (n, v) in map {
                let path = format!("orbits.{n}");
                let o = object(v, &path)?;
                only(o, &["numPieces", "numOrientations"], &path)?;
                raw.push((n.clone(), o, path));
            }
        }
        v => return fail(format!("orbits: expected a list, got {v}")),
    }
    if raw.is_empty() {
        return fail("orbits: no orbits");
    }
    let mut orbits = Vec::new();
    for (n, o, path) in raw {
        if orbits.iter().any(|x: &Orbit| x.name == n) {
            return fail(format!("{path}: orbit {n} is defined twice"));
        }
        let pieces = number(
            field(o, "numPieces", &path)?,
            &format!("{path}.numPieces"),
            MAX_ORBIT as usize,
        )?;
        let orientations = number(
            field(o, "numOrientations", &path)?,
            &format!("{path}.numOrientations"),
            MAX_ORBIT as usize,
        )?;
        if pieces == 0 || orientations == 0 {
            return fail(format!(
                "{path}: numPieces and numOrientations must be at least 1"
            ));
        }
        orbits.push(Orbit {
            name: n,
            pieces,
            orientations,
        });
    }
    let total: usize = orbits.iter().map(|o| o.pieces * o.orientations).sum();
    if total > MAX_STICKERS {
        let sizes: Vec<String> = orbits
            .iter()
            .map(|o| format!("{} {}x{}", o.name, o.pieces, o.orientations))
            .collect();
        return fail(format!(
            "orbits: the pieces make {total} stickers ({}): pocket holds at most {MAX_STICKERS}",
            sizes.join(", ")
        ));
    }
    Ok(orbits)
}

/// `defaultPattern`: each orbit's pieces (equal numbers are identical pieces) and
/// orientations, and the moduli its orientations are known by (`orientationMod`:
/// Reid's 3x3x3 ignores its centres' turns).
#[allow(clippy::type_complexity)]
fn read_solved(
    top: &Map<String, Value>,
    orbits: &[Orbit],
) -> Result<(Vec<(Vec<usize>, Vec<usize>)>, Vec<Vec<usize>>), FormatError> {
    let pattern = object(field(top, "defaultPattern", "the file")?, "defaultPattern")?;
    if let Some(k) = pattern
        .keys()
        .find(|k| !orbits.iter().any(|o| o.name == **k))
    {
        return fail(format!("defaultPattern: no orbit named {k}"));
    }
    let (mut solved, mut mods) = (Vec::new(), Vec::new());
    for o in orbits {
        let path = format!("defaultPattern.{}", o.name);
        let d = object(field(pattern, &o.name, "defaultPattern")?, &path)?;
        only(d, &["pieces", "orientation", "orientationMod"], &path)?;
        // Pieces are numbered from 0; equal numbers are identical pieces.
        let pieces = numbers(
            field(d, "pieces", &path)?,
            &format!("{path}.pieces"),
            o.pieces,
            usize::MAX,
        )?;
        let twists = numbers(
            field(d, "orientation", &path)?,
            &format!("{path}.orientation"),
            o.pieces,
            o.orientations,
        )?;
        let mut orbit_mods = Vec::new();
        if let Some(m) = d.get("orientationMod") {
            orbit_mods = numbers(m, &format!("{path}.orientationMod"), o.pieces, usize::MAX)?;
            if let Some((i, &m)) = orbit_mods
                .iter()
                .enumerate()
                .find(|&(_, &m)| m != 0 && o.orientations % m != 0)
            {
                return fail(format!(
                    "{path}.orientationMod[{i}] is {m}, which does not divide the orbit's {} orientations",
                    o.orientations
                ));
            }
            if let Some((i, _)) = orbit_mods
                .iter()
                .enumerate()
                .find(|&(j, &m)| m > 0 && twists[j] >= m)
            {
                return fail(format!(
                    "{path}.orientation[{i}] is {}, not below its orientationMod {}",
                    twists[i], orbit_mods[i]
                ));
            }
        }
        solved.push((pieces, twists));
        mods.push(orbit_mods);
    }
    Ok((solved, mods))
}

/// `moves`: what each does to each orbit (an orbit not named stays put).
fn read_moves(
    top: &Map<String, Value>,
    orbits: &[Orbit],
) -> Result<Vec<(String, Vec<OrbitMove>)>, FormatError> {
    let mut moves = Vec::new();
    for (mname, v) in object(field(top, "moves", "the file")?, "moves")? {
        let path = format!("moves.{mname}");
        let m = object(v, &path)?;
        if let Some(k) = m.keys().find(|k| !orbits.iter().any(|o| o.name == **k)) {
            return fail(format!("{path}: no orbit named {k}"));
        }
        let mut per_orbit = Vec::new();
        for o in orbits {
            let opath = format!("{path}.{}", o.name);
            let Some(t) = m.get(&o.name) else {
                per_orbit.push(OrbitMove {
                    perm: (0..o.pieces).collect(),
                    delta: vec![0; o.pieces],
                });
                continue;
            };
            let t = object(t, &opath)?;
            only(
                t,
                &["permutation", "orientationDelta", "orientation"],
                &opath,
            )?;
            let perm = numbers(
                field(t, "permutation", &opath)?,
                &format!("{opath}.permutation"),
                o.pieces,
                o.pieces,
            )?;
            let mut seen = vec![false; o.pieces];
            for (i, &x) in perm.iter().enumerate() {
                if std::mem::replace(&mut seen[x], true) {
                    return fail(format!(
                        "{opath}.permutation[{i}]: {x} appears twice (not a permutation)"
                    ));
                }
            }
            // "orientation" is the older name of "orientationDelta".
            let key = if t.contains_key("orientationDelta") {
                "orientationDelta"
            } else {
                "orientation"
            };
            let delta = numbers(
                field(t, key, &opath)?,
                &format!("{opath}.{key}"),
                o.pieces,
                o.orientations,
            )?;
            per_orbit.push(OrbitMove { perm, delta });
        }
        moves.push((mname.clone(), per_orbit));
    }
    if moves.is_empty() {
        return fail("moves: no moves");
    }
    Ok(moves)
}

/// The line of the key `"key"` in the JSON `text`, the first after the key `"after"`
/// (the object it is in); 0 if it cannot be found. For messages only: the parsed
/// value keeps no positions.
fn key_line(text: &str, after: &str, key: &str) -> usize {
    let find_key = |from: usize, k: &str| -> Option<usize> {
        let quoted = serde_json::to_string(k).ok()?;
        let mut at = from;
        while let Some(i) = text.get(at..)?.find(&quoted) {
            let end = at + i + quoted.len();
            if text[end..].trim_start().starts_with(':') {
                return Some(at + i);
            }
            at = end;
        }
        None
    };
    find_key(0, after)
        .and_then(|start| find_key(start, key))
        .map_or(0, |i| text[..i].matches('\n').count() + 1)
}
