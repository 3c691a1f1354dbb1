//! `pocket algs`: algorithms by effect (`--effect`) and magic moves (`--orbit`).

use std::io::{self, IsTerminal, Write};

use argh::FromArgs;

use pocket::cube::algs::AlgSearch;
use pocket::model::cost::Costs;
use pocket::model::goal::Goal;
use pocket::model::moves::{Move, generators_name, parse_generators};
use pocket::model::pieces::Cube;
use pocket::model::stickers::Stickers;
use pocket::puzzle::formats::defined::Puzzle;
use pocket::puzzle::searches::orbit::{Change, OrbitSearch, Rules};

use super::{EXIT_BAD_INPUT, EXIT_OK, load_puzzle, usage};

#[derive(FromArgs, Debug)]
/// Find algorithms by their effect: every sequence whose effect on the solved cube
/// matches a pattern, or (--orbit) every "magic move" of a puzzle.
#[argh(
    subcommand,
    name = "algs",
    example = "pocket algs --effect UUUURLFBLRBFLLFFRRBBDDDD   (the corner swap: its 24 algorithms)",
    example = "pocket algs --effect UUUU........LLFFRRBBDDDD --gen RU --max-length 7 --limit 20",
    example = "pocket algs --effect UUUURLFRBBLFLLFFRRBBDDDD --cost \"U=0.8,F=1.3\"",
    example = "pocket algs --orbit corner --change cycle",
    example = "pocket algs --orbit corner --change twist --max-length 6 --max-power 6",
    example = "pocket algs --orbit corner --max-length 6 --shard 3/8   (part 3 of 8)",
    note = "--effect: the pattern is the cube after the algorithm, in the face letters of \
            the solved cube UUUULLFFRRBBLLFFRRBBDDDD, with . for any sticker. Output: one \
            sequence per line (never the empty one), shortest first, then cheapest (with \
            --cost), then in move order R R' R2 U U' U2 F F' F2; no face is turned twice \
            in a row. Each length is printed as soon as it is complete.",
    note = "--orbit KIND: sequences S of a puzzle (--puzzle, default 3x3x3) and powers S^k \
            (k up to --max-power, default 6) that leave every sticker outside the pieces of \
            that kind in place (with --keep, only those of the kinds named) and change at \
            most --max-changed (default 3) of those pieces, all on one face (unless \
            --any-face: then the face is -); --change cycle: they all move, in one cycle; \
            twist: none moves. Lengths 1 to --max-length (default: up to the shortest that \
            has any, at most 7). Each line: S, xk, the face, the effect (cycle \
            URF->UBR->ULB: the piece at URF goes to UBR...; twist URF+1: turned clockwise \
            by one sticker), tab-separated."
)]
pub(super) struct AlgsArgs {
    /// the effect: 24 face letters (ULFRBD) or . for any
    #[argh(option)]
    effect: Option<String>,
    /// magic moves: powers of sequences that change only pieces of this kind (corner)
    #[argh(option)]
    orbit: Option<String>,
    /// with --orbit: a built-in puzzle or a definition file with pieces (default 3x3x3)
    #[argh(option)]
    puzzle: Option<String>,
    /// with --orbit: what the changed pieces do: cycle, twist or any (default)
    #[argh(option)]
    change: Option<Change>,
    /// with --orbit: most pieces changed (default 3)
    #[argh(option)]
    max_changed: Option<usize>,
    /// with --orbit: highest power k of a sequence (default 6)
    #[argh(option)]
    max_power: Option<u32>,
    /// with --orbit: the changed pieces need not lie on one face
    #[argh(switch)]
    any_face: bool,
    /// with --orbit: only pieces of these kinds must stay put (edge or a list:
    /// edge,centre); default: every sticker outside the orbit
    #[argh(option)]
    keep: Option<String>,
    /// longest sequences to list (default: the shortest length only)
    #[argh(option)]
    max_length: Option<usize>,
    /// stop after this many sequences
    #[argh(option)]
    limit: Option<usize>,
    /// with --orbit and --max-length: search only part K of N (e.g. 3/8) of the
    /// sequences, a fixed, balanced share; parts 1 to N printed in turn are the whole
    /// output, line for line
    #[argh(option)]
    shard: Option<Shard>,
    /// turn only these moves: faces (RU) or a list (R2,U2,F2); with --orbit, the
    /// puzzle's moves (R,L,U,D: a face with its powers)
    #[argh(option, long = "gen")]
    generators: Option<String>,
    /// order each length by these move costs (as for solve) and print the cost
    #[argh(option)]
    cost: Option<String>,
    /// one JSON object per line: per algorithm with --effect, per magic move (with the
    /// changed pieces' stickers) with --orbit
    #[argh(switch)]
    json: bool,
}

/// One part of a search split into `n` (`--shard K/N`, K from 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Shard {
    k: u64,
    n: u64,
}

impl std::str::FromStr for Shard {
    type Err = String;

    fn from_str(s: &str) -> Result<Shard, String> {
        let bad = || format!("'{s}' is not K/N with 1 <= K <= N (e.g. 3/8)");
        let (k, n) = s.split_once('/').ok_or_else(bad)?;
        let (k, n) = (
            k.trim().parse::<u64>().map_err(|_| bad())?,
            n.trim().parse::<u64>().map_err(|_| bad())?,
        );
        if k == 0 || k > n {
            return Err(bad());
        }
        Ok(Shard { k, n })
    }
}

impl Shard {
    /// The parts of each length (1 to `lengths.len()`) that this shard searches,
    /// given the size of each part: the parts are cut, in listing order, where the
    /// running total of sequences crosses each N-th of all of them, so every shard
    /// has about as many sequences as the next and concatenated they are the whole.
    fn ranges(self, sizes: &[Vec<u64>]) -> Vec<std::ops::Range<usize>> {
        let total: u128 = sizes.iter().flatten().map(|&w| u128::from(w)).sum();
        let (lo, hi) = (
            total * u128::from(self.k - 1) / u128::from(self.n),
            total * u128::from(self.k) / u128::from(self.n),
        );
        let mut at = 0u128;
        sizes
            .iter()
            .map(|parts| {
                // Nothing of this length in the shard: an empty range.
                let (mut first, mut end) = (parts.len(), parts.len());
                for (i, &w) in parts.iter().enumerate() {
                    // A part belongs to the shard in which it starts.
                    if at >= lo && at < hi {
                        first = first.min(i);
                        end = i + 1;
                    }
                    at += u128::from(w);
                }
                first..end
            })
            .collect()
    }
}

pub(super) fn cmd_algs(a: AlgsArgs) -> io::Result<u8> {
    let effect = match (&a.effect, &a.orbit) {
        (Some(e), None) => e.clone(),
        (None, Some(_)) => return cmd_orbit(a),
        (Some(_), Some(_)) => {
            return usage("algs", "--effect and --orbit are two searches: give one");
        }
        (None, None) => return usage("algs", "give --effect PATTERN or --orbit KIND"),
    };
    let (generators, costs, goal) = match effect_options(&a, &effect) {
        Ok(options) => options,
        Err(code) => return code,
    };
    let moves = generators.unwrap_or_else(|| Move::ALL.to_vec());
    let search = AlgSearch::new(&goal, &moves);
    let Some(shortest) = search.shortest() else {
        eprintln!(
            "pocket: no sequence of {} has this effect",
            generators_name(&moves)
        );
        return Ok(EXIT_BAD_INPUT);
    };
    // The empty sequence is no algorithm, even when the solved cube fits the pattern:
    // then the shortest is the first length with a sequence (the solved cube itself:
    // 6 moves, (R2 U2)3), searched up to the longest --max-length allows.
    let shortest = match shortest {
        0 => (1..=MAX_EFFECT_LENGTH)
            .find(|&n| !search.of_length(n).is_empty())
            .unwrap_or(1),
        n => n,
    };
    print_algs(&a, &search, costs.as_ref(), shortest)
}

/// The checked options of `algs --effect`: the moves asked for, the costs, and the
/// effect as faces; or, said on stderr, the exit code.
#[allow(clippy::type_complexity)]
fn effect_options(
    a: &AlgsArgs,
    effect: &str,
) -> Result<(Option<Vec<Move>>, Option<Costs>, [Option<u8>; 24]), io::Result<u8>> {
    if a.puzzle.is_some()
        || a.change.is_some()
        || a.max_changed.is_some()
        || a.max_power.is_some()
        || a.any_face
        || a.keep.is_some()
        || a.shard.is_some()
    {
        return Err(usage(
            "algs",
            "--puzzle, --change, --max-changed, --max-power, --any-face, --keep and --shard are for --orbit",
        ));
    }
    let generators = match a.generators.as_deref().map(parse_generators).transpose() {
        Ok(g) => g,
        Err(e) => return Err(usage("algs", &format!("bad --gen: {e}"))),
    };
    let costs = match a.cost.as_deref().map(str::parse::<Costs>).transpose() {
        Ok(c) => c,
        Err(e) => return Err(usage("algs", &format!("bad --cost: {e}"))),
    };
    let (pattern, goal) = match Goal::parse(effect)
        .and_then(|g| Ok((g, g.faces_for(&Stickers::SOLVED, &Cube::SOLVED)?)))
    {
        Ok(both) => both,
        Err(e) => {
            return Err(usage(
                "algs",
                &format!(
                    "bad --effect: {}",
                    e.to_string()
                        .replace("the state", "the solved cube (ULFRBD)")
                ),
            ));
        }
    };
    // A well-formed effect that no position has is bad input, not bad usage.
    if let Some(why) = pocket::model::goal::unmatchable(&pattern, &goal) {
        eprintln!("pocket: no position has the effect {effect}: {why}");
        return Err(Ok(EXIT_BAD_INPUT));
    }
    if a.max_length.is_some_and(|n| n > MAX_EFFECT_LENGTH) {
        return Err(usage("algs", "--max-length is at most 20"));
    }
    if a.max_length == Some(0) || a.limit == Some(0) {
        return Err(usage(
            "algs",
            "--max-length and --limit are at least 1 (the empty sequence is no algorithm)",
        ));
    }
    Ok((generators, costs, goal))
}

/// Print the algorithms of `shortest` moves (or up to `--max-length`), cheapest first
/// with `--cost`, up to `--limit`; saying it when there are none.
fn print_algs(
    a: &AlgsArgs,
    search: &AlgSearch,
    costs: Option<&Costs>,
    shortest: usize,
) -> io::Result<u8> {
    let progress = show_progress();
    let longest = a.max_length.unwrap_or(shortest);
    let limit = a.limit.unwrap_or(usize::MAX);
    let mut out = io::stdout().lock();
    let mut printed = 0;
    for length in shortest..=longest {
        if progress {
            eprint!("\rpocket: searching {length} moves...");
        }
        let mut algs = search.of_length(length);
        if let Some(c) = costs {
            // Stable: equal costs keep move order.
            algs.sort_by_cached_key(|alg| c.thousandths(alg));
        }
        for alg in algs {
            if printed == limit {
                break;
            }
            if a.json {
                let mut v = serde_json::json!({
                    "solution": alg.to_string(),
                    "moves": alg.names(),
                    "move_count": alg.len(),
                });
                if let Some(c) = costs {
                    v["cost"] = (c.thousandths(&alg) as f64 / 1000.0).into();
                }
                writeln!(out, "{v}")?;
                printed += 1;
                continue;
            }
            match costs {
                Some(c) => writeln!(out, "{alg} (cost {})", c.total(&alg))?,
                None => writeln!(out, "{alg}")?,
            }
            printed += 1;
        }
        out.flush()?;
        if printed == limit {
            break;
        }
    }
    if progress {
        eprintln!("\rpocket: {printed} sequences of {shortest} to {longest} moves");
    }
    // Nothing printed is said, never silent: --max-length below the shortest.
    if printed == 0 {
        eprintln!(
            "pocket: no sequence of at most {longest} moves has this effect (the shortest \
             has {shortest}: give --max-length {shortest} or more)"
        );
        return Ok(EXIT_BAD_INPUT);
    }
    Ok(EXIT_OK)
}

/// Whether to show a search's progress: on a terminal, and only when the results go
/// elsewhere (on the same terminal they are progress enough).
fn show_progress() -> bool {
    io::stderr().is_terminal() && !io::stdout().is_terminal()
}

/// The longest sequences `algs --effect` lists.
const MAX_EFFECT_LENGTH: usize = 20;

/// The longest sequences `algs --orbit` tries without `--max-length` (the 3x3x3: 5 s).
const DEFAULT_ORBIT_LENGTH: usize = 7;

/// `pocket algs --orbit`: the magic-move search.
pub(super) fn cmd_orbit(a: AlgsArgs) -> io::Result<u8> {
    if a.cost.is_some() {
        return usage(
            "algs",
            "--cost orders --effect searches; --orbit lists by length",
        );
    }
    if a.shard.is_some() && (a.max_length.is_none() || a.limit.is_some()) {
        return usage(
            "algs",
            "--shard splits a whole search: give --max-length, and no --limit",
        );
    }
    let (name, rules, longest) = match orbit_rules(&a) {
        Ok(checked) => checked,
        Err(code) => return code,
    };
    let puzzle = match load_puzzle("algs", name, None) {
        Ok(p) => p,
        Err(code) => return Ok(code),
    };
    if !puzzle.barred.is_empty() {
        let why = pocket::puzzle::formats::barred::refusal(
            &puzzle.name,
            "the magic-move search cannot follow",
        );
        eprintln!("pocket: puzzle {name}: {why}");
        return Ok(EXIT_BAD_INPUT);
    }
    let moves = match a
        .generators
        .as_deref()
        .map(|g| puzzle.parse_moves(g))
        .transpose()
    {
        Ok(m) => m.unwrap_or_default(),
        Err(e) => return usage("algs", &format!("bad --gen: {e}")),
    };
    let search = match OrbitSearch::new(&puzzle, rules, &moves) {
        Ok(s) => s,
        Err(e) => return usage("algs", &format!("bad --orbit: {e}")),
    };
    print_orbit(&a, &puzzle, &search, longest)
}

/// The checked options of `algs --orbit`: the puzzle's name, the search's rules and
/// the longest sequences; or, said on stderr, the exit code.
fn orbit_rules(a: &AlgsArgs) -> Result<(&str, Rules, usize), io::Result<u8>> {
    let kind = a.orbit.as_deref().unwrap_or("corner");
    let name = a.puzzle.as_deref().unwrap_or("3x3x3");
    let longest = a.max_length.unwrap_or(DEFAULT_ORBIT_LENGTH);
    if longest > 12 {
        return Err(usage("algs", "--max-length is at most 12 with --orbit"));
    }
    let max_power = a.max_power.unwrap_or(6);
    if !(1..=1000).contains(&max_power) {
        return Err(usage("algs", "--max-power is 1 to 1000"));
    }
    if a.max_changed == Some(0) {
        return Err(usage("algs", "--max-changed is at least 1"));
    }
    let rules = Rules {
        change: a.change.unwrap_or(Change::Any),
        max_changed: a.max_changed.unwrap_or(3),
        max_power,
        one_face: !a.any_face,
        keep: a.keep.as_ref().map(|k| {
            k.split([',', ' '])
                .filter(|s| !s.is_empty())
                .map(String::from)
                .collect()
        }),
        ..Rules::new(kind)
    };
    Ok((name, rules, longest))
}

/// Search each length (the shortest that has any, without `--max-length`) and print
/// the magic moves as they are found, up to `--limit`; saying it when there are none.
fn print_orbit(
    a: &AlgsArgs,
    puzzle: &Puzzle,
    search: &OrbitSearch,
    longest: usize,
) -> io::Result<u8> {
    // Each length's parts, whole or this shard's. Past 30 shards the parts are
    // the sequences' first three moves, not two: the 3x3x3 has 243 two-move
    // prefixes, and cut at those, the largest of 256 shards had 1.77 times its
    // share and 8 had none.
    let depth = if a.shard.is_some_and(|s| s.n > 30) {
        3
    } else {
        2
    };
    let sizes: Vec<Vec<u64>> = (1..=longest)
        .map(|l| search.parts(l, depth).into_iter().map(|(_, w)| w).collect())
        .collect();
    let ranges = match a.shard {
        Some(shard) => shard.ranges(&sizes),
        None => sizes.iter().map(|p| 0..p.len()).collect(),
    };
    let threads = std::thread::available_parallelism().map_or(1, usize::from);
    let progress = show_progress();
    let limit = a.limit.unwrap_or(usize::MAX);
    let mut out = io::stdout().lock();
    let mut printed = 0;
    let mut searched = 0;
    for length in 1..=longest {
        // Without --max-length, the shortest length that has any.
        if printed == limit || (a.max_length.is_none() && printed > 0) {
            break;
        }
        searched = length;
        if progress {
            eprint!("\rpocket: searching {length} moves...");
        }
        let mut result = Ok(());
        let mut shown = 0;
        search.each_in_parts(
            length,
            depth,
            ranges[length - 1].clone(),
            threads,
            |found| {
                result = match a.json {
                    true => writeln!(out, "{}", found.json(puzzle)),
                    false => writeln!(out, "{}", found.line(puzzle)),
                };
                printed += 1;
                result.is_ok() && printed < limit
            },
            |done, parts| {
                let percent = done * 100 / parts;
                if progress && percent != shown {
                    eprint!("\rpocket: searching {length} moves... {percent}%");
                    shown = percent;
                }
            },
        );
        result?;
        out.flush()?;
    }
    if progress {
        eprint!("\r{:50}\r", "");
    }
    if let (0, Some(shard)) = (printed, a.shard) {
        // Its part may hold none while others do.
        eprintln!(
            "pocket: shard {}/{}: no magic move in its part",
            shard.k, shard.n
        );
    } else if printed == 0 && searched > 0 {
        eprintln!("pocket: no magic move of 1 to {searched} moves (--max-length for longer)");
    } else if progress {
        eprintln!("pocket: {printed} magic moves of 1 to {searched} moves");
    }
    Ok(EXIT_OK)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shards_read_and_cut_the_parts_in_order() {
        assert_eq!("3/8".parse::<Shard>(), Ok(Shard { k: 3, n: 8 }));
        for bad in ["0/8", "9/8", "3", "a/b", "1/0", "-1/2"] {
            assert!(bad.parse::<Shard>().is_err(), "{bad}");
        }
        let sizes = vec![vec![1, 1], vec![5, 5, 5, 5], vec![]];
        let cut = |k, n| Shard { k, n }.ranges(&sizes);
        // Two shards of 22 sequences: the first has the short ones and 2 parts of 5.
        assert_eq!(cut(1, 2), [0..2, 0..2, 0..0]);
        assert_eq!(cut(2, 2), [2..2, 2..4, 0..0]);
        // More shards than parts: some are empty, and all together are everything.
        for n in 1..=30 {
            let mut covered: Vec<Vec<usize>> = vec![Vec::new(); 3];
            for k in 1..=n {
                for (l, r) in cut(k, n).into_iter().enumerate() {
                    covered[l].extend(r);
                }
            }
            assert_eq!(covered, [vec![0, 1], vec![0, 1, 2, 3], vec![]], "{n}");
        }
    }
}

#[cfg(test)]
mod balance {
    use super::*;

    /// The largest shard's share of the sequences, against an even share.
    fn worst(n: u64, depth: usize, longest: usize) -> f64 {
        let puzzle = pocket::puzzle::Puzzle::load("3x3x3").unwrap();
        let search = OrbitSearch::new(&puzzle, Rules::new("corner"), &[]).unwrap();
        let sizes: Vec<Vec<u64>> = (1..=longest)
            .map(|l| search.parts(l, depth).into_iter().map(|(_, w)| w).collect())
            .collect();
        let total: u64 = sizes.iter().flatten().sum();
        (1..=n)
            .map(|k| {
                let ranges = Shard { k, n }.ranges(&sizes);
                let mine: u64 = ranges
                    .iter()
                    .zip(&sizes)
                    .map(|(r, s)| s[r.clone()].iter().sum::<u64>())
                    .sum();
                mine as f64 * n as f64 / total as f64
            })
            .fold(0.0, f64::max)
    }

    #[test]
    fn many_shards_stay_balanced_with_three_move_parts() {
        assert!(
            worst(256, 2, 9) > 1.5,
            "two-move parts are too coarse for 256"
        );
        let w = worst(256, 3, 9);
        assert!(w < 1.1, "{w}");
        assert!(worst(16, 2, 9) < 1.1);
    }
}
