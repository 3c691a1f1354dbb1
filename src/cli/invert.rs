//! `pocket invert`: the sequence that undoes one (the setup for an algorithm).

use std::io::{self, Write};

use argh::FromArgs;

use pocket::model::stickers::escape_text;
use pocket::request::{FrontEnd, InvertRequest, RequestError};

use super::{EXIT_BAD_INPUT, EXIT_OK, report};

#[derive(FromArgs, Debug)]
/// Print the inverse of a move sequence: the moves that undo it, last first.
#[argh(
    subcommand,
    name = "invert",
    example = "pocket invert \"R U F'\"          (prints F U' R')",
    example = "pocket invert \"[R, U]\"          (prints U R U' R')",
    example = "pocket show --moves \"$(pocket invert \"R U R' U R U2 R'\")\"   (the state a Sune solves)",
    note = "Reads WCA notation (U D L R F B x y z, wide moves Rw or r, groups (R U)3) and \
            pasted forms ([R, U], [F: R U], R′, R3, comments, numbered lines, alg.cubing.net \
            and twizzle links), and prints plain notation, moves as written (Rw stays Rw). \
            Exit status: 0 printed, 1 the sequence could not be read."
)]
pub(super) struct InvertArgs {
    /// the sequence to invert
    #[argh(positional)]
    sequence: String,
}

pub(super) fn cmd_invert(a: InvertArgs) -> io::Result<u8> {
    let request = InvertRequest {
        sequence: a.sequence,
    };
    match request.run() {
        Ok(inverse) => {
            writeln!(io::stdout().lock(), "{inverse}")?;
            Ok(EXIT_OK)
        }
        // The sequence is echoed in the message: a control character in it is shown
        // escaped, never sent to the terminal.
        Err(RequestError::Input(m)) => {
            let text = m.in_words(FrontEnd::CommandLine);
            eprintln!("pocket: {}", escape_text(text));
            Ok(EXIT_BAD_INPUT)
        }
        Err(e) => Ok(report("invert", e)),
    }
}
