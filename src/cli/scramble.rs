//! `pocket scramble`: random-state scrambles.

use std::io::{self, Write};

use argh::FromArgs;

use crate::cube::scramble::{Length, Rng, Scramble, Scrambler};
use crate::model::moves::{Move, generators_name};

use super::{EXIT_OK, parse_gen, usage};

#[derive(FromArgs, Debug)]
/// Random-state scrambles: uniform positions written as fixed-length sequences.
#[argh(
    subcommand,
    name = "scramble",
    example = "pocket scramble",
    example = "pocket scramble -n 5 --seed 2026",
    example = "pocket scramble --optimal --min-distance 9 --json",
    note = "Like the WCA scrambler: a position drawn uniformly, refused when closer than \
            --min-distance (default 4) to solved, written with exactly --length moves \
            (default 11, or with --gen the shortest length from 11 that writes every \
            position of that group: 14 for RU), or its distance when that is more, or \
            with --optimal as few as possible; no face is turned twice in a row. Drawn \
            from every position the moves reach that is farther than --length or made by \
            some such sequence of exactly --length moves; the others are never drawn \
            (with all nine moves, none from --length 11 on; with --gen RU at 11, 503 of \
            29,160, none from 14 on). \
            Each line: the sequence, a tab, the sticker state."
)]
pub(crate) struct ScrambleArgs {
    /// how many scrambles (default 1)
    #[argh(option, short = 'n', default = "1")]
    count: usize,
    /// seed for reproducible scrambles (default: random from the system)
    #[argh(option)]
    seed: Option<u64>,
    /// smallest distance from solved allowed (default 4)
    #[argh(option, default = "4")]
    min_distance: u32,
    /// moves in each sequence (default 11; raised to the distance if that is larger)
    #[argh(option)]
    length: Option<usize>,
    /// the shortest sequence for each position instead of a fixed length
    #[argh(switch)]
    optimal: bool,
    /// scramble with these moves only: faces (RU) or a list (R2,U2,F2)
    #[argh(option, long = "gen", from_str_fn(parse_gen))]
    generators: Option<Vec<Move>>,
    /// print one JSON object per scramble
    #[argh(switch)]
    json: bool,
}

/// The checks of a scramble request against its scrambler: the length asked for, or
/// the usage error's message. The command line and `pocket serve` share them.
/// `--length` unless given (with all nine moves).
const DEFAULT_LENGTH: usize = 11;

pub(super) fn check(a: &ScrambleArgs, scrambler: &Scrambler) -> Result<Length, String> {
    if a.optimal && a.length.is_some() {
        return Err("choose --length or --optimal, not both".into());
    }
    if a.min_distance > scrambler.diameter() {
        return Err(format!(
            "--min-distance {} is more than the largest distance ({})",
            a.min_distance,
            scrambler.diameter()
        ));
    }
    if a.length.is_some_and(|l| l > 1000) {
        return Err("--length is at most 1000".into());
    }
    Ok(if a.optimal {
        Length::Optimal
    } else {
        // All nine moves are uniform at 11; a subgroup's default is its own uniform
        // length (14 for RU, where 11 leaves 503 of 29,160 positions out).
        Length::Fixed(a.length.unwrap_or_else(|| match &a.generators {
            Some(g) if !Move::ALL.iter().all(|m| g.contains(m)) => {
                scrambler.uniform_length(DEFAULT_LENGTH)
            }
            _ => DEFAULT_LENGTH,
        }))
    })
}

impl ScrambleArgs {
    #[cfg_attr(not(feature = "serve"), allow(dead_code))]
    /// The moves scrambled with, when not all of them.
    pub(super) fn generators(&self) -> Option<&[Move]> {
        self.generators.as_deref()
    }

    /// The random numbers of the request: seeded, or from the system.
    pub(super) fn rng(&self) -> Rng {
        self.seed.map_or_else(Rng::from_entropy, Rng::from_seed)
    }

    #[cfg_attr(not(feature = "serve"), allow(dead_code))]
    pub(super) fn min_distance(&self) -> u32 {
        self.min_distance
    }
}

/// Why no scramble came: no position that far is farther than the length asked for
/// or made by exactly that many moves (the distance was checked before).
pub(super) fn unwritable(a: &ScrambleArgs, length: Length) -> String {
    let n = match length {
        Length::Fixed(n) => n.to_string(),
        Length::Optimal => "the fewest".into(),
    };
    let moves = generators_name(a.generators.as_deref().unwrap_or(&Move::ALL));
    format!(
        "no position {} or more from solved is made by exactly {n} moves of {moves} \
         (no face twice in a row), nor farther than {n}: try --optimal or another --length",
        a.min_distance
    )
}

/// One scramble as `--json` prints it.
pub(super) fn to_json(sc: &Scramble) -> serde_json::Value {
    serde_json::json!({
        "scramble": sc.alg.to_string(),
        "state": sc.cube.stickers().as_str(),
        "length": sc.alg.len(),
        "distance": sc.distance,
    })
}

pub(super) fn cmd_scramble(a: ScrambleArgs) -> io::Result<u8> {
    let scrambler = Scrambler::with_moves(a.generators.as_deref().unwrap_or(&Move::ALL));
    let length = match check(&a, &scrambler) {
        Ok(l) => l,
        Err(e) => return usage("scramble", &e),
    };
    let mut rng = a.rng();
    #[cfg(unix)]
    let mut out = {
        super::interrupt::install();
        io::BufWriter::new(super::interrupt::WholeWrites)
    };
    #[cfg(not(unix))]
    let mut out = io::BufWriter::new(io::stdout().lock());
    let mut line = String::new();
    for _ in 0..a.count {
        let Some(sc) = scrambler.scramble(&mut rng, a.min_distance, length) else {
            return usage("scramble", &unwritable(&a, length));
        };
        // Each line whole into the writer, so that no write ends inside one.
        line.clear();
        let written = match a.json {
            true => std::fmt::Write::write_fmt(&mut line, format_args!("{}\n", to_json(&sc))),
            false => std::fmt::Write::write_fmt(
                &mut line,
                format_args!("{}\t{}\n", sc.alg, sc.cube.stickers()),
            ),
        };
        written.map_err(io::Error::other)?;
        out.write_all(line.as_bytes())?;
    }
    out.flush()?;
    Ok(EXIT_OK)
}
