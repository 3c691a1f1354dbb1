//! Pictures of the cube: the net of the README in the terminal (plain letters, or
//! coloured blocks in 24-bit or 256-colour ANSI) and as an SVG image.

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
    type Err = String;
    fn from_str(s: &str) -> Result<ColorChoice, String> {
        match s {
            "auto" => Ok(ColorChoice::Auto),
            "always" => Ok(ColorChoice::Always),
            "never" => Ok(ColorChoice::Never),
            _ => Err(format!(
                "unknown colour choice '{}': auto, always or never",
                crate::model::stickers::escape_text(s)
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

/// A one-page sheet of cases as SVG: a title, then each case's net (standard
/// colours), name and lines, four to a row.
pub fn sheet_svg(title: &str, cells: &[SheetCell]) -> String {
    const CELL: usize = 11; // sticker pitch
    const COLUMNS: usize = 4;
    const BOX_W: usize = 300;
    const LINE: usize = 13;
    let lines = cells.iter().map(|c| c.lines.len()).max().unwrap_or(0);
    let box_h = 6 * CELL + 26 + lines * LINE + 10;
    let rows = cells.len().div_ceil(COLUMNS);
    let (width, height) = (COLUMNS * BOX_W + 20, rows * box_h + 50);
    let mut out = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" \
         viewBox=\"0 0 {width} {height}\" font-family=\"sans-serif\" font-size=\"11\">\n  \
         <rect width=\"{width}\" height=\"{height}\" fill=\"#fff\"/>\n  \
         <text x=\"10\" y=\"28\" font-size=\"20\" font-weight=\"bold\">{}</text>\n",
        xml_text(title)
    );
    for (k, cell) in cells.iter().enumerate() {
        let (x0, y0) = (10 + (k % COLUMNS) * BOX_W, 44 + (k / COLUMNS) * box_h);
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
