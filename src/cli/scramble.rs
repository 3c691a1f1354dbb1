//! `pocket scramble`: random-state scrambles.

use std::io::{self, Write};

use argh::FromArgs;

use pocket::cube::cases::CaseSet;
use pocket::cube::picture::{ColorChoice, paint};
use pocket::model::moves::Move;
use pocket::request::scramble::ScrambleRequest;
use pocket_print::scramble_json;

use super::{EXIT_OK, parse_gen, report};

#[derive(FromArgs, Debug)]
/// Random-state scrambles: uniform positions written as fixed-length sequences.
#[argh(
    subcommand,
    name = "scramble",
    example = "pocket scramble",
    example = "pocket scramble -n 5 --seed 2026",
    example = "pocket scramble --optimal --min-distance 9 --json",
    example = "pocket scramble --set cll -n 5",
    example = "pocket scramble --goal ............LLFFRRBBDDDD --min-distance 0",
    note = "Like the WCA scrambler: a position drawn uniformly, refused when closer than \
            --min-distance (default 4) to solved, written with exactly --length moves \
            (default 11, or with --gen the shortest length from 11 that writes every \
            position of that group: 14 for RU), or its distance when that is more, or \
            with --optimal as few as possible; no face is turned twice in a row. Drawn \
            from every position the moves reach that is farther than --length or made by \
            some such sequence of exactly --length moves; the others are never drawn \
            (with all nine moves, none from --length 11 on; with --gen RU at 11, 503 of \
            29,160, none from 14 on). \
            With --set or --goal the position is drawn uniformly among the set's or the \
            pattern's positions at least --min-distance from solved, and written the same \
            way. Each line: the sequence, a tab, the sticker state."
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
    /// draw among the positions of a case set only: ortega, pbl, cll, eg1, eg2, tcll+
    /// or tcll- (see `pocket cases`)
    #[argh(option)]
    set: Option<CaseSet>,
    /// draw among the positions matching a pattern only: 24 face letters (U L F R B
    /// D) in the net, `.` for any (e.g. ............LLFFRRBBDDDD: the first layer solved)
    #[argh(option)]
    goal: Option<String>,
    /// colour the state's stickers: auto (default: on a terminal, unless NO_COLOR is
    /// set), always or never
    #[argh(option, default = "ColorChoice::Auto")]
    color: ColorChoice,
}

impl ScrambleArgs {
    /// The request these arguments make.
    fn request(&self) -> ScrambleRequest {
        ScrambleRequest {
            count: self.count as u64,
            seed: self.seed,
            min_distance: self.min_distance.into(),
            length: self.length,
            optimal: self.optimal,
            generators: self.generators.clone(),
            set: self.set,
            goal: self.goal.clone(),
        }
    }
}

pub(super) fn cmd_scramble(a: ScrambleArgs) -> io::Result<u8> {
    let scrambles = match a.request().scrambles() {
        Ok(s) => s,
        Err(e) => return Ok(report("scramble", e)),
    };
    #[cfg(unix)]
    let mut out = {
        super::interrupt::install();
        super::interrupt::SafeOut::new()
    };
    #[cfg(not(unix))]
    let mut out = io::BufWriter::new(io::stdout().lock());
    let style = super::stdout_style(a.color);
    let mut line = String::new();
    for drawn in scrambles {
        let sc = match drawn {
            Ok(sc) => sc,
            Err(e) => return Ok(report("scramble", e)),
        };
        // Each line whole into the writer, so that no write ends inside one.
        line.clear();
        let written = match a.json {
            true => std::fmt::Write::write_fmt(&mut line, format_args!("{}\n", scramble_json(&sc))),
            false => std::fmt::Write::write_fmt(
                &mut line,
                format_args!("{}\t{}\n", sc.alg, paint(&sc.cube.stickers(), style)),
            ),
        };
        written.map_err(io::Error::other)?;
        out.write_all(line.as_bytes())?;
    }
    out.flush()?;
    Ok(EXIT_OK)
}
