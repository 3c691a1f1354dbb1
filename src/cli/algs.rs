//! `pocket algs`: algorithms by effect (`--effect`) and magic moves (`--orbit`).

use std::cell::RefCell;
use std::io::{self, IsTerminal, Write};

use argh::FromArgs;

use pocket::model::cost::format_decimal;
use pocket::puzzle::searches::orbit::Change;
use pocket::request::algs::{AlgsRequest, EffectRequest, OrbitRequest, RawAlgs, Shard};
use pocket::request::{FrontEnd, RequestError};
use pocket_print::{alg_json, magic_move_json, magic_move_line};

use super::{EXIT_OK, report};

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

impl AlgsArgs {
    /// The request these arguments make.
    /// (`--json` is the printer's, not the request's.)
    fn raw(self) -> RawAlgs {
        RawAlgs {
            effect: self.effect,
            orbit: self.orbit,
            puzzle: self.puzzle,
            change: self.change,
            max_changed: self.max_changed,
            max_power: self.max_power,
            any_face: self.any_face,
            keep: self.keep,
            max_length: self.max_length,
            limit: self.limit,
            shard: self.shard,
            generators: self.generators,
            cost: self.cost,
        }
    }
}

/// A failure while the search runs: the library's refusal, or the output's.
enum Failed {
    Request(RequestError),
    Output(io::Error),
}

impl From<RequestError> for Failed {
    fn from(e: RequestError) -> Failed {
        Failed::Request(e)
    }
}

impl From<io::Error> for Failed {
    fn from(e: io::Error) -> Failed {
        Failed::Output(e)
    }
}

/// The exit status of a failed search, reported the command line's way.
fn failed(e: Failed) -> io::Result<u8> {
    match e {
        Failed::Request(e) => Ok(report("algs", e)),
        Failed::Output(e) => Err(e),
    }
}

pub(super) fn cmd_algs(a: AlgsArgs) -> io::Result<u8> {
    let json = a.json;
    match AlgsRequest::try_from(a.raw()) {
        Ok(AlgsRequest::Effect(request)) => print_algs(&request, json),
        Ok(AlgsRequest::Orbit(request)) => print_orbit(&request, json),
        Err(e) => Ok(report("algs", e)),
    }
}

/// Print the algorithms of `algs --effect`, a line (or JSON object) each, flushed
/// length by length; saying it when there are none.
fn print_algs(request: &EffectRequest, json: bool) -> io::Result<u8> {
    let progress = show_progress();
    let out = RefCell::new(io::stdout().lock());
    let found = request.run::<Failed>(
        &mut |length| start_length(&out, progress, length),
        &mut |alg, cost| {
            let mut out = out.borrow_mut();
            if json {
                return Ok(writeln!(out, "{}", alg_json(alg, cost))?);
            }
            match cost {
                Some(c) => writeln!(out, "{alg} (cost {})", format_decimal(c, 1000))?,
                None => writeln!(out, "{alg}")?,
            }
            Ok(())
        },
    );
    out.borrow_mut().flush()?;
    let found = match found {
        Ok(found) => found,
        Err(e) => return failed(e),
    };
    if progress {
        let (printed, shortest, longest) = (found.handed, found.shortest, found.longest);
        eprintln!("\rpocket: {printed} sequences of {shortest} to {longest} moves");
    }
    // Nothing printed is said, never silent: --max-length below the shortest.
    match found.refusal() {
        Some(e) => Ok(report("algs", e)),
        None => Ok(EXIT_OK),
    }
}

/// A length's search starts: what the last one printed goes out first, and a
/// person watching is told.
fn start_length(
    out: &RefCell<io::StdoutLock<'_>>,
    progress: bool,
    length: usize,
) -> Result<(), Failed> {
    out.borrow_mut().flush()?;
    if progress {
        eprint!("\rpocket: searching {length} moves...");
    }
    Ok(())
}

/// Whether to show a search's progress: on a terminal, and only when the results go
/// elsewhere (on the same terminal they are progress enough).
fn show_progress() -> bool {
    io::stderr().is_terminal() && !io::stdout().is_terminal()
}

/// Print the magic moves of `algs --orbit` as they are found, a line (or JSON
/// object) each; saying it when there are none.
fn print_orbit(request: &OrbitRequest, json: bool) -> io::Result<u8> {
    let progress = show_progress();
    let out = RefCell::new(io::stdout().lock());
    let mut shown = (0, 0);
    let found = request.run::<Failed>(
        &mut |length| start_length(&out, progress, length),
        &mut |found, puzzle| {
            let mut out = out.borrow_mut();
            match json {
                true => writeln!(out, "{}", magic_move_json(found, puzzle))?,
                false => writeln!(out, "{}", magic_move_line(found, puzzle))?,
            }
            Ok(())
        },
        &mut |length, done, parts| {
            let percent = done * 100 / parts;
            if progress && (length, percent) != shown && percent != 0 {
                eprint!("\rpocket: searching {length} moves... {percent}%");
            }
            shown = (length, percent);
        },
    );
    out.borrow_mut().flush()?;
    let found = match found {
        Ok(found) => found,
        Err(e) => return failed(e),
    };
    if progress {
        eprint!("\r{:50}\r", "");
    }
    match found.note() {
        Some(note) => eprintln!("pocket: {}", note.in_words(FrontEnd::CommandLine)),
        None if progress => eprintln!(
            "pocket: {} magic moves of 1 to {} moves",
            found.handed, found.searched
        ),
        None => {}
    }
    Ok(EXIT_OK)
}
