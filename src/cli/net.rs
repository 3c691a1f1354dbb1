//! `pocket net`: how a state is written.

use std::io::{self, Write};

use argh::FromArgs;

use pocket::model::stickers::NET_HELP;

use super::EXIT_OK;

#[derive(FromArgs, Debug)]
/// Draw the sticker net: which character of a state is which sticker.
#[argh(subcommand, name = "net", example = "pocket net")]
pub(super) struct NetArgs {}

pub(super) fn cmd_net() -> io::Result<u8> {
    io::stdout().lock().write_all(NET_HELP.as_bytes())?;
    Ok(EXIT_OK)
}
