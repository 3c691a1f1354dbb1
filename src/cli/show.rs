//! `pocket show`: a picture of the cube, in the terminal or as SVG.

use std::io::{self, BufRead, Read, Write};

use argh::FromArgs;

use pocket::cube::picture::{ColorChoice, draw, sticker_colours, svg};
use pocket::io::MAX_LINE;
use pocket::model::notation::Layout;
use pocket::model::stickers::{escape_text, state_in_line};
use pocket::request::show::{ShowRequest, Shown};

use super::{EXIT_BAD_INPUT, EXIT_OK};

#[derive(FromArgs, Debug)]
/// Draw a state as the sticker net (see `pocket net`), in colour on a terminal, or as SVG.
#[argh(
    subcommand,
    name = "show",
    example = "pocket show UUUURLFBLRBFLLFFRRBBDDDD",
    example = "pocket show --svg cube.svg WWWWOOGGRRBBOOGGRRBBYYYY",
    example = "pocket show --moves \"R U R' U'\"",
    example = "pocket show WWWWOOGGRRBBOOGGRRBBYYYY --moves \"[R, U]\"",
    example = "pocket scramble -n 1 | pocket show",
    note = "Colours: W Y R O G B (any case) are drawn as those colours; any other six \
            characters get the standard colour of the face they belong to when solved \
            (U white, F green, R red, B blue, L orange, D yellow). Plain letters when \
            standard output is not a terminal or NO_COLOR is set (--color always or never \
            decides instead)."
)]
pub(super) struct ShowArgs {
    /// the state, 24 stickers (default: one line of standard input, which may be a
    /// line of `pocket scramble`)
    #[argh(positional)]
    state: Option<String>,
    /// turn the state (default: the solved cube) by this WCA move sequence and draw
    /// the result (also as pasted: [R, U], R′, links; see `pocket help solve`)
    #[argh(option)]
    moves: Option<String>,
    /// write an SVG picture to this file instead (`-`: standard output)
    #[argh(option)]
    svg: Option<String>,
    /// facelet order of the state: golf (default) or urfdlb
    #[argh(option, default = "Layout::Golf")]
    layout: Layout,
    /// colour: auto (default: on a terminal, unless NO_COLOR is set), always or never
    #[argh(option, default = "ColorChoice::Auto")]
    color: ColorChoice,
}

pub(super) fn cmd_show(a: ShowArgs) -> io::Result<u8> {
    let state = match (&a.state, &a.moves) {
        // The moves alone turn the solved cube.
        (None, Some(_)) => None,
        (Some(state), _) => Some(state.clone()),
        (None, None) => {
            let mut line = String::new();
            let read = io::stdin()
                .lock()
                .take(MAX_LINE as u64 + 1)
                .read_line(&mut line)?;
            if read > MAX_LINE && !line.ends_with('\n') {
                eprintln!(
                    "pocket: line too long (more than {MAX_LINE} bytes; a state is 24 characters)"
                );
                return Ok(EXIT_BAD_INPUT);
            }
            let state = state_in_line(line.trim().as_bytes());
            Some(String::from_utf8_lossy(state).into_owned())
        }
    };
    let request = ShowRequest {
        state,
        moves: a.moves.clone(),
        layout: a.layout,
    };
    let Shown {
        stickers: given,
        problem,
    } = match request.run() {
        Ok(shown) => shown,
        Err(e) => {
            eprintln!("pocket: {}", escape_text(&e.to_string()));
            return Ok(EXIT_BAD_INPUT);
        }
    };
    if let Some(path) = &a.svg {
        let picture = svg(&given, &sticker_colours(&given));
        if path == "-" {
            let mut out = io::stdout().lock();
            out.write_all(picture.as_bytes())?;
            out.flush()?;
        } else if let Err(e) = std::fs::write(path, picture) {
            eprintln!("pocket: cannot write {path}: {e}");
            return Ok(EXIT_BAD_INPUT);
        }
    } else {
        let style = super::stdout_style(a.color);
        let mut out = io::stdout().lock();
        out.write_all(draw(&given, style).as_bytes())?;
        out.flush()?;
    }
    match problem {
        Some(e) => {
            eprintln!("pocket: not a valid cube: {e}");
            Ok(EXIT_BAD_INPUT)
        }
        None => Ok(EXIT_OK),
    }
}
