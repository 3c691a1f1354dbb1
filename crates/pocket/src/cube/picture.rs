//! Pictures of the cube: the net of the README in the terminal (plain letters, or
//! coloured blocks in 24-bit or 256-colour ANSI) and as an SVG image.

use crate::model::invalid::{Invalid, Kind};
use crate::model::pieces::STICKERS;
use crate::model::stickers::Stickers;

/// Rows of the net: (indent in stickers, positions).
const ROWS: [(usize, &[usize]); 6] = [
    (2, &[0, 1]),
    (2, &[2, 3]),
    (0, &[4, 5, 6, 7, 8, 9, 10, 11]),
    (0, &[12, 13, 14, 15, 16, 17, 18, 19]),
    (2, &[20, 21]),
    (2, &[22, 23]),
];

/// An RGB colour.
pub type Rgb = (u8, u8, u8);

/// The standard colours of the faces U L F R B D: white, orange, green, red, blue, yellow.
pub const STANDARD: [Rgb; 6] = [
    (255, 255, 255),
    (255, 120, 0),
    (0, 158, 96),
    (200, 16, 46),
    (0, 81, 186),
    (255, 213, 0),
];

/// 256-colour palette codes of the same, for terminals without 24-bit colour.
const STANDARD_256: [u8; 6] = [15, 208, 34, 160, 27, 226];

/// The colour (a face U L F R B D = 0..6 of [`STANDARD`]) of each of the 24 stickers:
/// by name when the six colours are the letters W Y R O G B (any case), otherwise by
/// the face each colour belongs to when solved. A string that is no valid cube is
/// coloured by order of appearance.
pub fn sticker_colours(s: &Stickers) -> [usize; STICKERS] {
    let faces = s.to_cube().ok().map(|c| c.faces());
    let face_of = |c: u8| {
        let i = s.0.iter().position(|&x| x == c)?;
        faces.map(|f| f[i] as usize)
    };
    let named = |c: u8| match c.to_ascii_uppercase() {
        b'W' => Some(0),
        b'O' => Some(1),
        b'G' => Some(2),
        b'R' => Some(3),
        b'B' => Some(4),
        b'Y' => Some(5),
        _ => None,
    };
    let mut distinct: Vec<u8> = s.0.to_vec();
    distinct.sort_unstable();
    distinct.dedup();
    let by_name = distinct.len() == 6 && distinct.iter().all(|&c| named(c).is_some());
    s.0.map(|c| {
        let face = if by_name { named(c) } else { face_of(c) };
        // Unknown (an invalid cube): colour by order of appearance.
        face.unwrap_or_else(|| distinct.iter().position(|&d| d == c).unwrap_or(0) % 6)
    })
}

/// How the terminal picture is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Style {
    /// The colour characters themselves.
    Plain,
    /// Coloured blocks with 24-bit colour.
    TrueColour,
    /// Coloured blocks with the 256-colour palette.
    Palette,
}

/// When to colour, as `--color=auto|always|never` says it (ripgrep's, ls's and git's
/// words).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum ColorChoice {
    /// Colour a terminal, unless `NO_COLOR` is set.
    #[default]
    Auto,
    /// Colour whatever the output is (and whatever `NO_COLOR` says: the option is
    /// the user's more specific word).
    Always,
    /// Never colour.
    Never,
}

impl std::str::FromStr for ColorChoice {
    type Err = Invalid;
    fn from_str(s: &str) -> Result<ColorChoice, Invalid> {
        match s {
            "auto" => Ok(ColorChoice::Auto),
            "always" => Ok(ColorChoice::Always),
            "never" => Ok(ColorChoice::Never),
            _ => Err(Invalid::new(
                Kind::Name,
                format!(
                    "unknown colour choice '{}': auto, always or never",
                    crate::model::stickers::escape_text(s)
                ),
            )),
        }
    }
}

/// What the environment says about colour; read by the front end.
#[derive(Clone, Copy, Debug, Default)]
pub struct ColorEnv {
    /// `NO_COLOR` is set and not empty.
    pub no_color: bool,
    /// `COLORTERM` is `truecolor` or `24bit`.
    pub true_colour: bool,
}

impl Style {
    /// The style for an output: plain for `never`, and for `auto` when the output is
    /// not a terminal or `NO_COLOR` is set; 24-bit when `COLORTERM` says so, else 256
    /// colours.
    pub fn choose(when: ColorChoice, terminal: bool, env: ColorEnv) -> Style {
        let colour = match when {
            ColorChoice::Never => false,
            ColorChoice::Always => true,
            ColorChoice::Auto => terminal && !env.no_color,
        };
        match (colour, env.true_colour) {
            (false, _) => Style::Plain,
            (true, true) => Style::TrueColour,
            (true, false) => Style::Palette,
        }
    }
}

/// The net of `s` as text in `style`, coloured by `sticker_colours`.
pub fn draw(s: &Stickers, style: Style) -> String {
    render(s, &sticker_colours(s), style)
}

/// The net as text, one line per row, each ending in `\n`.
pub fn render(s: &Stickers, colours: &[usize; STICKERS], style: Style) -> String {
    let mut out = String::new();
    for (indent, row) in ROWS {
        match style {
            Style::Plain => {
                out.push_str(&"  ".repeat(indent));
                let cells: Vec<String> =
                    row.iter().map(|&p| (s.0[p] as char).to_string()).collect();
                out.push_str(&cells.join(" "));
            }
            _ => {
                out.push_str(&"   ".repeat(indent));
                for &p in row {
                    let code = background(colours[p], style);
                    out.push_str(&format!("{code}  \x1b[0m "));
                }
            }
        }
        out.push('\n');
    }
    out
}

/// The background code of a face's colour in `style` (empty when plain).
fn background(face: usize, style: Style) -> String {
    match style {
        Style::Plain => String::new(),
        Style::TrueColour => {
            let (r, g, b) = STANDARD[face];
            format!("\x1b[48;2;{r};{g};{b}m")
        }
        Style::Palette => format!("\x1b[48;5;{}m", STANDARD_256[face]),
    }
}

/// The sticker string itself with each character on its colour (dark letters, so
/// they stay readable on white and yellow), for a line that stays copyable; plain
/// when `style` is.
pub fn paint(s: &Stickers, style: Style) -> String {
    if style == Style::Plain {
        return s.as_str().to_string();
    }
    let colours = sticker_colours(s);
    let mut out = String::new();
    for (p, c) in s.as_str().chars().enumerate() {
        out.push_str(&format!("{}\x1b[30m{c}", background(colours[p], style)));
    }
    out.push_str("\x1b[0m");
    out
}

/// The net as a standalone SVG image: rounded stickers with thin gaps and a caption.
pub fn svg(s: &Stickers, colours: &[usize; STICKERS]) -> String {
    const CELL: usize = 40; // sticker pitch in pixels
    const GAP: usize = 3;
    const FACE_GAP: usize = 6;
    const MARGIN: usize = 12;
    let width = MARGIN * 2 + 8 * CELL + 3 * FACE_GAP;
    let height = MARGIN * 2 + 6 * CELL + 2 * FACE_GAP + 30;
    let mut out = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" \
         viewBox=\"0 0 {width} {height}\" font-family=\"monospace\">\n  \
         <rect width=\"{width}\" height=\"{height}\" fill=\"#f4f4f4\"/>\n"
    );
    for (r, (indent, row)) in ROWS.iter().enumerate() {
        for (k, &p) in row.iter().enumerate() {
            let col = indent + k;
            let x = MARGIN + col * CELL + (col / 2) * FACE_GAP;
            let y = MARGIN + r * CELL + (r / 2) * FACE_GAP;
            let (cr, cg, cb) = STANDARD[colours[p]];
            let name = crate::model::stickers::POSITION_NAMES[p] as char;
            out.push_str(&format!(
                "  <rect class=\"sticker\" id=\"{name}\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" \
                 rx=\"6\" fill=\"#{cr:02x}{cg:02x}{cb:02x}\" stroke=\"#222\" stroke-width=\"1.5\"/>\n",
                x + GAP / 2,
                y + GAP / 2,
                CELL - GAP,
                CELL - GAP
            ));
        }
    }
    let caption: String = s
        .as_str()
        .chars()
        .map(|c| match c {
            '<' => "&lt;".to_string(),
            '>' => "&gt;".to_string(),
            '&' => "&amp;".to_string(),
            '"' => "&quot;".to_string(),
            c => c.to_string(),
        })
        .collect();
    out.push_str(&format!(
        "  <text x=\"{}\" y=\"{}\" text-anchor=\"middle\" font-size=\"16\" fill=\"#222\">{caption}</text>\n</svg>\n",
        width / 2,
        height - MARGIN
    ));
    out
}

/// Text for an SVG element.
fn xml_text(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// One case of a sheet: its name, its position, and lines of text under it.
pub struct SheetCell {
    pub name: String,
    pub stickers: Stickers,
    pub lines: Vec<String>,
}

/// A sheet's title as lines that fit `width` pixels: the heading (up to the first
/// " (", at 20 px bold) and the rest wrapped at words (at 13 px). Widths are
/// estimated at 0.6 and 0.55 of the font size a character, which holds for the
/// sans-serif fonts of browsers and of rsvg (issue 63: the title ran off the page).
fn title_lines(title: &str, width: usize) -> (String, Vec<String>) {
    let (heading, rest) = match title.split_once(" (") {
        Some((h, r)) if h.len() * 12 <= width => (h.to_string(), format!("({r}")),
        _ => (String::new(), title.to_string()),
    };
    let per_line = (width as f64 / (13.0 * 0.55)) as usize;
    let mut lines: Vec<String> = Vec::new();
    for word in rest.split(' ') {
        match lines.last_mut() {
            Some(line) if line.len() + 1 + word.len() <= per_line => {
                line.push(' ');
                line.push_str(word);
            }
            _ => lines.push(word.to_string()),
        }
    }
    match heading.is_empty() {
        true => (lines.remove(0), lines),
        false => (heading, lines),
    }
}

/// The U layer as alg sites draw it for recognition: the U face seen from above,
/// front at the bottom, with the top stickers of the four sides around it.
fn top_view(colours: &[usize; STICKERS], x: usize, y: usize, cell: usize) -> String {
    // (row, column) in a 4x4 grid, and the sticker there: the back strip reads L K
    // from above (K is the back face's left as seen from behind), the left strip E F
    // from back to front, the right strip J I.
    const PLACES: [((usize, usize), usize); 12] = [
        ((0, 1), 11),
        ((0, 2), 10),
        ((1, 0), 4),
        ((1, 1), 0),
        ((1, 2), 1),
        ((1, 3), 9),
        ((2, 0), 5),
        ((2, 1), 2),
        ((2, 2), 3),
        ((2, 3), 8),
        ((3, 1), 6),
        ((3, 2), 7),
    ];
    let side = cell / 3;
    let mut out = String::new();
    for ((r, c), p) in PLACES {
        let (cr, cg, cb) = STANDARD[colours[p]];
        // Side stickers are thin strips against the face.
        let (w, h) = match (r, c) {
            (0 | 3, _) => (cell - 1, side),
            (_, 0 | 3) => (side, cell - 1),
            _ => (cell - 1, cell - 1),
        };
        // Row and column alike: a side strip sits against the face, inside its cell.
        let at = |k: usize| match k {
            0 => cell - side - 1,
            3 => 3 * cell + 1,
            k => k * cell,
        };
        let (px, py) = (x + at(c), y + at(r));
        out.push_str(&format!(
            "  <rect x=\"{px}\" y=\"{py}\" width=\"{w}\" height=\"{h}\" \
             fill=\"#{cr:02x}{cg:02x}{cb:02x}\" stroke=\"#222\" stroke-width=\"0.8\"/>\n"
        ));
    }
    out
}

/// A one-page sheet of cases as SVG: a title, then each case's net (standard
/// colours) with its top view as alg sites draw it, name and lines, four to a row.
pub fn sheet_svg(title: &str, cells: &[SheetCell]) -> String {
    const CELL: usize = 11; // sticker pitch
    const COLUMNS: usize = 4;
    const BOX_W: usize = 300;
    const LINE: usize = 13;
    let lines = cells.iter().map(|c| c.lines.len()).max().unwrap_or(0);
    let box_h = 6 * CELL + 26 + lines * LINE + 10;
    let rows = cells.len().div_ceil(COLUMNS);
    let width = COLUMNS * BOX_W + 20;
    let (heading, more) = title_lines(title, width - 20);
    let top = 44 + more.len() * 16;
    let height = rows * box_h + top + 6;
    let mut out = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" \
         viewBox=\"0 0 {width} {height}\" font-family=\"sans-serif\" font-size=\"11\">\n  \
         <rect width=\"{width}\" height=\"{height}\" fill=\"#fff\"/>\n  \
         <text x=\"10\" y=\"28\" font-size=\"20\" font-weight=\"bold\">{}</text>\n",
        xml_text(&heading)
    );
    for (i, line) in more.iter().enumerate() {
        out.push_str(&format!(
            "  <text x=\"10\" y=\"{}\" font-size=\"13\">{}</text>\n",
            46 + i * 16,
            xml_text(line)
        ));
    }
    for (k, cell) in cells.iter().enumerate() {
        let (x0, y0) = (10 + (k % COLUMNS) * BOX_W, top + (k / COLUMNS) * box_h);
        let colours = sticker_colours(&cell.stickers);
        for (r, (indent, row)) in ROWS.iter().enumerate() {
            for (j, &p) in row.iter().enumerate() {
                let (cr, cg, cb) = STANDARD[colours[p]];
                out.push_str(&format!(
                    "  <rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" \
                     fill=\"#{cr:02x}{cg:02x}{cb:02x}\" stroke=\"#222\" stroke-width=\"0.8\"/>\n",
                    x0 + (indent + j) * CELL + (indent + j) / 2 * 2,
                    y0 + r * CELL + r / 2 * 2,
                    CELL - 1,
                    CELL - 1
                ));
            }
        }
        out.push_str(&top_view(&colours, x0 + 8 * CELL + 24, y0 + 4, CELL + 3));
        let ty = y0 + 6 * CELL + 20;
        out.push_str(&format!(
            "  <text x=\"{x0}\" y=\"{ty}\" font-weight=\"bold\">{}</text>\n",
            xml_text(&cell.name)
        ));
        for (i, line) in cell.lines.iter().enumerate() {
            out.push_str(&format!(
                "  <text x=\"{x0}\" y=\"{}\" font-family=\"monospace\">{}</text>\n",
                ty + (i + 1) * LINE,
                xml_text(line)
            ));
        }
    }
    out.push_str("</svg>\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// After R the back strip's sticker above B is white (K) and the one above A blue
    /// (L); the front strip's sticker under D is yellow (H) and under C green (G).
    #[test]
    fn the_top_view_puts_each_side_sticker_beside_its_u_sticker() {
        let r = crate::model::moves::Move::ALL[0];
        assert_eq!(r.name(), "R");
        let colours = sticker_colours(&Stickers::SOLVED.apply(r));
        let svg = top_view(&colours, 0, 0, 12);
        let fills: Vec<&str> = svg
            .split("fill=\"#")
            .skip(1)
            .map(|rest| &rest[..6])
            .collect();
        let hex = |(r, g, b): (u8, u8, u8)| format!("{r:02x}{g:02x}{b:02x}");
        let (white, green, blue, yellow) = (
            hex(STANDARD[0]),
            hex(STANDARD[2]),
            hex(STANDARD[4]),
            hex(STANDARD[5]),
        );
        assert_eq!(fills.len(), 12);
        assert_eq!([fills[0], fills[1]], [blue.as_str(), white.as_str()]);
        assert_eq!([fills[10], fills[11]], [green.as_str(), yellow.as_str()]);
    }

    /// Issue 63: the sheet's title ran off the page; now it wraps to the width.
    #[test]
    fn a_long_title_wraps_within_the_sheet() {
        let title = format!("EG-1: 43 cases ({})", "word ".repeat(80));
        let (heading, more) = title_lines(&title, 1200);
        assert_eq!(heading, "EG-1: 43 cases");
        assert!(more.len() > 1);
        assert!(more.iter().all(|l| l.len() as f64 * 13.0 * 0.55 <= 1200.0));
    }

    #[test]
    fn plain_net_snapshot() {
        let s = Stickers::SOLVED;
        let colours = sticker_colours(&s);
        assert_eq!(
            render(&s, &colours, Style::Plain),
            "    U U\n    U U\nL L F F R R B B\nL L F F R R B B\n    D D\n    D D\n"
        );
    }

    #[test]
    fn named_colours_win() {
        let s: Stickers = "wwwwooggrrbbooggrrbbyyyy".parse().unwrap();
        let c = sticker_colours(&s);
        assert_eq!(c[0], 0);
        assert_eq!(c[4], 1);
        assert_eq!(c[23], 5);
        let text = render(&s, &c, Style::TrueColour);
        assert!(text.contains("\x1b[48;2;255;255;255m"));
        assert_eq!(text.matches("\x1b[0m").count(), 24);
    }
}
