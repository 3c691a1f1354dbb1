//! What a front end's printer hears ([`Printer`]): each input's answer as a value
//! ([`Outcome`]), in input order, as ripgrep's searcher hands its matches to a
//! sink. The library finds the answers; how a line reads (text or JSON, the
//! separators, the marker of a solved state) is the printer's, in the front end's
//! crate (`pocket-print`), so the library formats no answer line (the table's
//! listing of all solutions, in the printer's separators, is the one text it
//! writes for one: [`Outcome::Listed`]).

use super::{Item, Solved, Subject, Want};
use crate::cube::table::Separators;
use crate::request::magic::MagicSteps;

/// One input's answer, handed to the printer (`'s`: what the solutions' move
/// names borrow from).
pub enum Outcome<'a, 's> {
    /// Its solutions (the first, or all), with the metric that measured them (`None`
    /// when costs are weighted).
    Solved {
        solved: &'a Solved<'s>,
        metric: Option<&'static str>,
    },
    /// Only the number of its optimal solutions, counted with no solution found.
    Counted(u64),
    /// Every optimal solution, already listed by the solver in the printer's
    /// [`Printer::listing`] separators at the end of the output from byte `from` on,
    /// and how many there are. The table lists them itself, walking its distances
    /// with no [`crate::Alg`] made per solution (`TableSolver::write_all`).
    Listed { from: usize, count: u64 },
    /// Seed 001's three steps for the 3x3x3 (`--method magic`).
    Magic(&'a MagicSteps),
    /// Why the input could not be answered.
    Failed(&'a str),
}

/// A front end's writer of answers. It says what each answer needs, and writes each
/// outcome as its line (or lines), newline included.
pub trait Printer: Sync {
    /// Which solutions each answer needs.
    fn want(&self) -> Want;
    /// The separators of a plain-text listing of every solution, which a solver may
    /// then write itself ([`Outcome::Listed`]); `None` when the printer needs the
    /// solutions as values.
    fn listing(&self) -> Option<Separators<'static>>;
    /// Whether, when the number of solutions is wanted ([`Want::Count`]), the printer
    /// writes that number alone, so that no solution needs to be found
    /// ([`Outcome::Counted`]); a JSON printer also writes the first solution.
    fn number_only(&self) -> bool;
    /// Write one input's answer (its bytes as given) at the end of `out`.
    fn print(&self, input: &[u8], outcome: Outcome<'_, '_>, out: &mut String);
}

/// Answer one input: its outcome handed to `printer`, which writes it to `out`; the
/// number of optimal solutions, or the error.
pub fn answer_input(
    printer: &dyn Printer,
    subject: &mut impl Subject,
    raw: &[u8],
    out: &mut String,
) -> Result<u64, String> {
    let want = printer.want();
    let from = out.len();
    if let (Want::All, Some(seps)) = (want, printer.listing()) {
        if let Some(listed) = subject.write_all(raw, seps, out) {
            let count = listed?;
            printer.print(raw, Outcome::Listed { from, count }, out);
            return Ok(count);
        }
    }
    if want == Want::Count && printer.number_only() {
        if let Some(count) = subject.count_alone(raw) {
            let count = count?;
            printer.print(raw, Outcome::Counted(count), out);
            return Ok(count);
        }
    }
    let metric = subject.metric();
    let solved = subject.solve(raw, want)?;
    printer.print(
        raw,
        Outcome::Solved {
            solved: &solved,
            metric,
        },
        out,
    );
    Ok(solved.number())
}

/// Answer a batch of inputs with `printer`: the output text and the errors by place.
pub fn answer_items(
    printer: &dyn Printer,
    subject: &mut impl Subject,
    items: &[Item],
    text: &[u8],
) -> (String, Vec<(usize, String)>) {
    let mut out = String::with_capacity(items.len() * 40);
    let mut errors = Vec::new();
    for item in items {
        let raw = item.span.map_or(&[][..], |(a, b)| &text[a..b]);
        let result = match item.span {
            Some(_) => answer_input(printer, subject, raw, &mut out),
            None => Err(subject.too_long(item.len)),
        };
        if let Err(e) = result {
            printer.print(raw, Outcome::Failed(&e), &mut out);
            errors.push((item.place, e));
        }
    }
    (out, errors)
}
