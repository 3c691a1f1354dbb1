//! `pocket invert`: the sequence that undoes one (the setup for an algorithm).

use std::io::{self, Write};

use argh::FromArgs;

use pocket::request::InvertRequest;

use super::{EXIT_OK, report};

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
        Err(e) => Ok(report("invert", e)),
    }
}
