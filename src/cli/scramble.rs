//! `pocket scramble`: random-state scrambles.

use std::io::{self, Write};

use argh::FromArgs;

use crate::cube::scramble::{Length, Rng, Scrambler};
use crate::model::moves::Move;

use super::{EXIT_OK, parse_gen, usage};

#[derive(FromArgs, Debug)]
/// Random-state scrambles: uniform positions written as fixed-length sequences.
#[argh(
    subcommand,
    name = "scramble",
    example = "pocket scramble",
    example = "pocket scramble -n 5 --seed 2026",
    example = "pocket scramble --optimal --min-distance 9 --json",
    note = "Like the WCA scrambler: a position drawn uniformly from all 3,674,160, refused \
            when closer than --min-distance (default 4) to solved, written with exactly \
            --length moves (default 11) or, with --optimal, as few as possible; no face is \
            turned twice in a row. Each line: the sequence, a tab, the sticker state."
)]
pub(super) struct ScrambleArgs {
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

pub(super) fn cmd_scramble(a: ScrambleArgs) -> io::Result<u8> {
    if a.optimal && a.length.is_some() {
        return usage("scramble", "choose --length or --optimal, not both");
    }
    let scrambler = Scrambler::with_moves(a.generators.as_deref().unwrap_or(&Move::ALL));
    if a.min_distance > scrambler.diameter() {
        return usage(
            "scramble",
            &format!(
                "--min-distance {} is more than the largest distance ({})",
                a.min_distance,
                scrambler.diameter()
            ),
        );
    }
    if a.length.is_some_and(|l| l > 1000) {
        return usage("scramble", "--length is at most 1000");
    }
    let length = if a.optimal {
        Length::Optimal
    } else {
        Length::Fixed(a.length.unwrap_or(11))
    };
    let mut rng = a.seed.map_or_else(Rng::from_entropy, Rng::from_seed);
    let mut out = io::BufWriter::new(io::stdout().lock());
    for _ in 0..a.count {
        let Some(sc) = scrambler.scramble(&mut rng, a.min_distance, length) else {
            return usage("scramble", "no position is that far from solved");
        };
        let state = sc.cube.stickers();
        if a.json {
            let v = serde_json::json!({
                "scramble": sc.alg.to_string(),
                "state": state.as_str(),
                "length": sc.alg.len(),
                "distance": sc.distance,
            });
            writeln!(out, "{v}")?;
        } else {
            writeln!(out, "{}\t{}", sc.alg, state)?;
        }
    }
    out.flush()?;
    Ok(EXIT_OK)
}
