//! `pocket cases`: the cases of a 2x2 method's step, with algorithms.

use std::io::{self, Write};

use argh::FromArgs;

use pocket::cube::cases::{Case, CaseSet, CaseSheet};
use pocket::cube::picture::{ColorChoice, SheetCell, Style, draw, paint, sheet_svg};
use pocket::model::stickers::escape_text;
use pocket::request::cases::{CasesForm, CasesRequest, RawCases};
use pocket_print::case_json;

use super::{EXIT_BAD_INPUT, EXIT_OK, usage};

#[derive(FromArgs, Debug)]
/// The cases of a 2x2 method's step, each with its probability, a picture and the
/// best algorithms pocket's search finds.
#[argh(
    subcommand,
    name = "cases",
    example = "pocket cases cll",
    example = "pocket cases ortega --show",
    example = "pocket cases eg1 --svg eg1.svg",
    example = "pocket cases pbl --json",
    example = "pocket scramble --set cll -n 5   (scrambles that give only these cases)",
    note = "Sets: ortega (Ortega's OLL step: D face done), pbl (both layers oriented), cll \
            (D layer solved), eg1 (D face done, two adjacent corners swapped), eg2 (two \
            diagonal ones), tcll+ and tcll- (D layer placed, its front-left corner \
            twisted clockwise or anticlockwise). Cases are the set's positions up to U \
            turns before and after (and for eg1, eg2 and pbl D turns), so each is one \
            algorithm to learn; the probability is its share of the set's positions, \
            as a uniform random state of the set gives it. Algorithms turn R, U and F \
            and end solved up to a U turn (Ortega OLL: U and D faces one colour): \
            `(U)` before is the turn to make first, after it the one that finishes. \
            Listed best first by cost (default: R=1,R'=1,R2=1.6,U=0.8,U'=0.8,U2=1.3,\
            F=1.4,F'=1.4,F2=2.2; --cost changes it), the shortest (optimal in HTM) \
            always among them. Where csTimer's 2x2 trainer has the case (CLL, EG-1, \
            EG-2, TCLL+, TCLL-), its name stands beside pocket's: `Sune 2 (csTimer \
            S-3)`; csTimer's TCLL holds the twisted corner at front-right, a y turn \
            away."
)]
pub(super) struct CasesArgs {
    /// the case set: ortega, pbl, cll, eg1, eg2, tcll+ or tcll-
    #[argh(positional)]
    set: CaseSet,
    /// move costs that rank the algorithms, as `solve --cost` reads them
    #[argh(option)]
    cost: Option<String>,
    /// print one JSON object per case
    #[argh(switch)]
    json: bool,
    /// write a one-page SVG sheet of every case to this file (`-`: standard output)
    #[argh(option)]
    svg: Option<String>,
    /// draw each case's net (text only: not with --svg or --json)
    #[argh(switch)]
    show: bool,
    /// colour the pictures and states: auto (default: on a terminal, unless NO_COLOR
    /// is set), always or never
    #[argh(option)]
    color: Option<ColorChoice>,
}

pub(super) fn cmd_cases(a: CasesArgs) -> io::Result<u8> {
    let raw = RawCases {
        set: a.set,
        cost: a.cost,
        json: a.json,
        svg: a.svg,
        show: a.show,
    };
    let request = match CasesRequest::try_from(raw) {
        Ok(request) => request,
        Err(e) => return usage("cases", &e.to_string()),
    };
    let sheet = match request.run() {
        Ok(s) => s,
        Err(e) => return usage("cases", &e.to_string()),
    };
    let spec = &request.cost_spec;
    let show = match &request.form {
        CasesForm::Svg { path } => return write_svg(&sheet, path, spec),
        CasesForm::Text { show } => *show,
        CasesForm::Json => false,
    };
    let json = request.form == CasesForm::Json;
    let style = super::stdout_style(a.color.unwrap_or_default());
    let mut out = io::BufWriter::new(io::stdout().lock());
    if !json {
        writeln!(
            out,
            "{}: {} cases of {} positions ({}); costs {spec}",
            sheet.set.title(),
            sheet.cases.len(),
            sheet.positions,
            sheet.set.describe()
        )?;
    }
    for case in &sheet.cases {
        match json {
            true => writeln!(out, "{}", case_json(case, sheet.positions))?,
            false => write_case(&mut out, case, sheet.positions, show, style)?,
        }
    }
    out.flush()?;
    Ok(EXIT_OK)
}

fn write_case(
    out: &mut impl Write,
    case: &Case,
    total: usize,
    show: bool,
    style: Style,
) -> io::Result<()> {
    let stickers = case.state.stickers();
    let cstimer = match case.cstimer {
        Some(name) => format!(" (csTimer {name})"),
        None => String::new(),
    };
    writeln!(
        out,
        "\n{}{cstimer}  {}/{total} ({:.2}%)  {}",
        case.name,
        case.positions,
        100.0 * case.positions as f64 / total as f64,
        paint(&stickers, style)
    )?;
    if show {
        out.write_all(draw(&stickers, style).as_bytes())?;
    }
    for alg in &case.algorithms {
        let text = alg.text();
        let optimal = if alg.optimal { ", optimal" } else { "" };
        writeln!(
            out,
            "  {text:<34} {} moves, cost {}{optimal}",
            alg.moves.len(),
            pocket::model::cost::format_decimal(alg.cost, 1000)
        )?;
    }
    Ok(())
}

fn write_svg(sheet: &CaseSheet, path: &str, spec: &str) -> io::Result<u8> {
    let cells: Vec<SheetCell> = sheet
        .cases
        .iter()
        .map(|c| SheetCell {
            name: format!(
                "{}{}  ({:.1}%)",
                c.name,
                c.cstimer
                    .map_or(String::new(), |n| format!(" \u{b7} csTimer {n}")),
                100.0 * c.positions as f64 / sheet.positions as f64
            ),
            stickers: c.state.stickers(),
            lines: c.algorithms.iter().take(2).map(|a| a.text()).collect(),
        })
        .collect();
    let title = format!(
        "{}: {} cases ({}), algorithms by pocket, costs {spec}",
        sheet.set.title(),
        sheet.cases.len(),
        sheet.set.describe()
    );
    let picture = sheet_svg(&title, &cells);
    if path == "-" {
        let mut out = io::stdout().lock();
        out.write_all(picture.as_bytes())?;
        out.flush()?;
    } else if let Err(e) = std::fs::write(path, picture) {
        eprintln!("pocket: cannot write {}: {e}", escape_text(path));
        return Ok(EXIT_BAD_INPUT);
    }
    Ok(EXIT_OK)
}
