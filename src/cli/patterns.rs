//! `pocket patterns`: the published test patterns, or a pattern file.

use std::io::{self, Write};

use argh::FromArgs;

use pocket::model::cost::Metric;

use pocket::challenge::pattern_file::PatternsRequest;
use pocket_print::{pattern_json, patterns_table};

use super::{EXIT_BAD_INPUT, EXIT_OK};

#[derive(FromArgs, Debug)]
/// Solve every position of a pattern file and compare with its expected lengths.
#[argh(
    subcommand,
    name = "patterns",
    example = "pocket patterns",
    example = "pocket patterns --metric qtm",
    example = "pocket patterns --file my-positions.txt",
    note = "The default file is the 13 published test patterns (fixtures/patterns.txt). \
            Format: NAME STATE HTM-LENGTH [QTM-LENGTH], one per line, # for comments. \
            Exit status 1 if any found length differs from the file or a solution fails."
)]
pub(super) struct PatternsArgs {
    /// pattern file to run (default: the built-in test patterns)
    #[argh(option)]
    file: Option<String>,
    /// metric: htm (default), qtm or one-way
    #[argh(option, default = "Metric::Htm")]
    metric: Metric,
    /// print one JSON object per pattern
    #[argh(switch)]
    json: bool,
}

pub(super) fn cmd_patterns(a: PatternsArgs) -> io::Result<u8> {
    let request = PatternsRequest {
        file: a.file,
        metric: a.metric,
    };
    let report = match request.run() {
        Ok(report) => report,
        Err(e) => {
            eprintln!("pocket: {e}");
            return Ok(EXIT_BAD_INPUT);
        }
    };
    let mut out = io::stdout().lock();
    if a.json {
        for r in &report.results {
            writeln!(out, "{}", pattern_json(r, request.metric))?;
        }
    } else {
        out.write_all(patterns_table(&report).as_bytes())?;
    }
    out.flush()?;
    Ok(if report.all_good {
        EXIT_OK
    } else {
        EXIT_BAD_INPUT
    })
}
