//! Answering `pocket solve` inputs in batches: decode each line or argument, solve,
//! hand each answer to the front end's printer (text or JSON: its own), and write
//! them in input order. A batch is what
//! input is at hand, answered before any read that could block, so a caller writing
//! one state at a time gets each answer at once.

mod cube;
mod printer;
mod puzzle;
mod subject;

pub(crate) use cube::{CubeInput, CubeSubject, Solve};
pub use printer::{Outcome, Printer};
pub(crate) use printer::{answer_input, answer_items};
pub(crate) use puzzle::PuzzleSubject;
pub(super) use puzzle::solved_by_ida;
pub(crate) use subject::Subject;
pub(crate) use subject::too_long;
pub use subject::{Solution, Solved, Want};

use std::io::{self, Write};

use super::{EXIT_BAD_INPUT, EXIT_OK};
use crate::io::{Line, LineReader, trim};

/// One input line of a batch: where its state is in the batch text, or its length if
/// it was too long to keep; and its line number (or argument number).
pub(crate) struct Item {
    span: Option<(usize, usize)>,
    len: usize,
    place: usize,
}

impl Item {
    /// The input's bytes in the batch text, or its length when it was too long to
    /// keep.
    pub(crate) fn bytes<'t>(&self, text: &'t [u8]) -> Result<&'t [u8], usize> {
        self.span.map(|(a, b)| &text[a..b]).ok_or(self.len)
    }

    /// Its line number (or argument number).
    pub(crate) fn place(&self) -> usize {
        self.place
    }
}

/// Counts of a batch, for the exit status and the closing diagnostic.
#[derive(Debug, Default)]
pub struct Tally {
    states: usize,
    invalid: usize,
    first_error: Option<String>,
}

impl Tally {
    fn record(&mut self, states: usize, errors: &[(usize, String)], unit: &str) {
        self.states += states;
        self.invalid += errors.len();
        if let (None, Some((place, e))) = (&self.first_error, errors.first()) {
            self.first_error = Some(format!(
                "{unit} {place}: {}",
                crate::model::stickers::escape_text(e)
            ));
        }
    }

    /// The exit status, and the closing diagnostic if any input was bad (for the
    /// front end to write: the library never prints); the inputs are move sequences
    /// with `sequences`, otherwise states.
    pub fn finish(&self, sequences: bool) -> (u8, Option<String>) {
        if self.invalid == 0 {
            return (EXIT_OK, None);
        }
        let message = format!(
            "pocket: {} of {} {} invalid (first at {})",
            self.invalid,
            self.states,
            if sequences {
                "move sequences"
            } else {
                "states"
            },
            self.first_error.as_deref().unwrap_or("?")
        );
        (EXIT_BAD_INPUT, Some(message))
    }
}

/// Lines gathered before a batch is answered, unless the input runs dry first.
const BATCH_LINES: usize = 8192;

/// Answers part of a batch: the items, the batch's text, and how many items the
/// whole batch has (a solver may choose by it); the output text and the errors by
/// place.
pub(crate) type Run<'a> = dyn FnMut(&[Item], &[u8], usize) -> (String, Vec<(usize, String)>) + 'a;

/// Answer `items` a part of at most `part` at a time, writing and flushing each
/// part's output before the next is computed: long answers (`--all`, pictures) never
/// pile up, and an answer is out before a slow one after it starts.
///
/// Parts start at one item and double while a part takes under [`QUICK_PART`], so
/// that a batch of quick answers is written in large blocks (a write a part) while
/// answers that take long go out one by one: 40 easy 3x3x3 scrambles before a hard
/// one were held with it, and SIGINT during the hard one lost all 41 (issue 61).
fn answer_parts(
    items: &[Item],
    text: &[u8],
    part: usize,
    run: &mut Run<'_>,
    out: &mut dyn Write,
) -> io::Result<Vec<(usize, String)>> {
    let mut errors = Vec::new();
    let (mut at, mut size) = (0, 1);
    while at < items.len() {
        let chunk = &items[at..items.len().min(at + size.min(part.max(1)))];
        let timer = PartTimer::start();
        let (text_out, more) = run(chunk, text, items.len());
        out.write_all(text_out.as_bytes())?;
        out.flush()?;
        errors.extend(more);
        at += chunk.len();
        if timer.quick() {
            size = size.saturating_mul(2);
        }
    }
    Ok(errors)
}

/// How long a part of a batch may take and still be followed by one twice its size.
#[cfg(not(target_arch = "wasm32"))]
const QUICK_PART: std::time::Duration = std::time::Duration::from_millis(10);

/// Times a part of a batch. The browser's wasm32 has no clock in std (`Instant::now`
/// panics there): parts just double.
struct PartTimer(#[cfg(not(target_arch = "wasm32"))] std::time::Instant);

impl PartTimer {
    fn start() -> PartTimer {
        PartTimer(
            #[cfg(not(target_arch = "wasm32"))]
            std::time::Instant::now(),
        )
    }

    fn quick(&self) -> bool {
        #[cfg(not(target_arch = "wasm32"))]
        return self.0.elapsed() < QUICK_PART;
        #[cfg(target_arch = "wasm32")]
        true
    }
}

/// Answer command-line arguments in one batch.
pub(crate) fn answer_arguments(
    inputs: &[String],
    part: usize,
    run: &mut Run<'_>,
    out: &mut dyn Write,
) -> io::Result<Tally> {
    let text: Vec<u8> = inputs.iter().flat_map(|s| s.bytes()).collect();
    let mut at = 0;
    let items: Vec<Item> = inputs
        .iter()
        .enumerate()
        .map(|(i, s)| {
            at += s.len();
            Item {
                span: Some((at - s.len(), at)),
                len: s.len(),
                place: i + 1,
            }
        })
        .collect();
    let errors = answer_parts(&items, &text, part, run, out)?;
    let mut tally = Tally::default();
    tally.record(items.len(), &errors, "argument");
    out.flush()?;
    Ok(tally)
}

/// Answer lines of input, a batch at a time, flushing before any read that could block.
pub(crate) fn answer_lines<R: io::Read>(
    reader: &mut LineReader<R>,
    part: usize,
    run: &mut Run<'_>,
    out: &mut dyn Write,
) -> io::Result<Tally> {
    let mut tally = Tally::default();
    let mut line_no = 0usize;
    let (mut items, mut text) = (Vec::new(), Vec::new());
    loop {
        // Gather what is at hand; answer it before any read that could block.
        let mut eof = false;
        while items.len() < BATCH_LINES && (items.is_empty() || reader.has_buffered()) {
            let mut flush = || out.flush();
            let Some(line) = reader.next_line(&mut flush)? else {
                eof = true;
                break;
            };
            line_no += 1;
            match line {
                Line::TooLong(len) => items.push(Item {
                    span: None,
                    len,
                    place: line_no,
                }),
                Line::Text(t) => {
                    let t = trim(t);
                    if !t.is_empty() {
                        text.extend_from_slice(t);
                        let span = Some((text.len() - t.len(), text.len()));
                        items.push(Item {
                            span,
                            len: t.len(),
                            place: line_no,
                        });
                    }
                }
            }
        }
        if !items.is_empty() {
            let errors = answer_parts(&items, &text, part, run, out)?;
            tally.record(items.len(), &errors, "line");
            items.clear();
            text.clear();
        }
        if eof {
            break;
        }
    }
    out.flush()?;
    Ok(tally)
}
