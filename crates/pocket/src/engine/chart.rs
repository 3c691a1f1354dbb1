//! The census as a picture: positions and local maxima per distance, one bar chart
//! per census, drawn as a standalone SVG document (`pocket census --svg`, and the
//! chart of `pocket serve`).
//!
//! The counts span six orders of magnitude (1 solved position, 1,887,748 at HTM
//! distance 9), so the vertical scale is logarithmic: on a linear one the tails and
//! every local-maximum count would be invisible.

use std::fmt::Write;

use crate::engine::census::Census;

/// Width of the whole picture, in SVG units.
const WIDTH: f64 = 720.0;
/// Height of one census's panel, title and axis labels included.
const PANEL: f64 = 250.0;
/// Room left of the plot for the scale's labels.
const LEFT: f64 = 56.0;
/// Room above a panel's plot for its title and legend.
const TOP: f64 = 44.0;
/// Room below a panel's plot for the distance labels.
const BOTTOM: f64 = 40.0;

/// `1,234,567` for the tooltips.
fn grouped(n: u64) -> String {
    crate::io::group(n)
}

/// A scale label: 1, 10, 100, 1k, 10k, 100k, 1M, 10M.
fn power_label(p: u32) -> String {
    match p {
        0..=2 => 10u64.pow(p).to_string(),
        3..=5 => format!("{}k", 10u64.pow(p - 3)),
        _ => format!("{}M", 10u64.pow(p - 6)),
    }
}

/// Text safe inside SVG (XML) character data and attribute values.
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            _ => out.push(c),
        }
    }
    out
}

/// One census's panel, its top at `y`.
fn panel(out: &mut String, census: &Census, y: f64) {
    let plot_h = PANEL - TOP - BOTTOM;
    let plot_w = WIDTH - LEFT - 16.0;
    let base = y + TOP + plot_h;
    let most = census.rows.iter().map(|r| r.positions).max().unwrap_or(1);
    // Whole powers of ten, so the grid lines are round numbers.
    let decades = (most as f64).log10().ceil().max(1.0) as u32;
    let height = |n: u64| {
        if n == 0 {
            0.0
        } else {
            // A count of 1 still shows as a sliver above the axis.
            ((n as f64).log10() / f64::from(decades)).max(0.012) * plot_h
        }
    };
    let _ = writeln!(
        out,
        r#"<text x="{LEFT}" y="{:.1}" class="title">{}</text>"#,
        y + 18.0,
        escape(&census.title)
    );
    let _ = writeln!(
        out,
        r#"<rect x="{LEFT}" y="{:.1}" width="10" height="10" class="positions"/><text x="{:.1}" y="{:.1}" class="legend">positions</text><rect x="{:.1}" y="{:.1}" width="10" height="10" class="maxima"/><text x="{:.1}" y="{:.1}" class="legend">local maxima</text>"#,
        y + 26.0,
        LEFT + 14.0,
        y + 35.0,
        LEFT + 90.0,
        y + 26.0,
        LEFT + 104.0,
        y + 35.0
    );
    for p in 0..=decades {
        let gy = base - f64::from(p) / f64::from(decades) * plot_h;
        let _ = writeln!(
            out,
            r#"<line x1="{LEFT}" y1="{gy:.1}" x2="{:.1}" y2="{gy:.1}" class="grid"/><text x="{:.1}" y="{:.1}" class="scale">{}</text>"#,
            LEFT + plot_w,
            LEFT - 6.0,
            gy + 4.0,
            power_label(p)
        );
    }
    let slots = census.rows.len().max(1) as f64;
    let slot = plot_w / slots;
    let bar = (slot * 0.7).min(40.0);
    for (i, row) in census.rows.iter().enumerate() {
        let x = LEFT + slot * i as f64 + (slot - bar) / 2.0;
        let hp = height(row.positions);
        let hm = height(row.local_maxima);
        let distance = census.format_distance(row.distance);
        let _ = writeln!(
            out,
            r#"<g><title>distance {}: {} positions, {} local maxima</title><rect x="{x:.1}" y="{:.1}" width="{bar:.1}" height="{hp:.1}" class="positions"/><rect x="{:.1}" y="{:.1}" width="{:.1}" height="{hm:.1}" class="maxima"/></g>"#,
            escape(&distance),
            grouped(row.positions),
            grouped(row.local_maxima),
            base - hp,
            x + bar * 0.2,
            base - hm,
            bar * 0.6,
        );
        let _ = writeln!(
            out,
            r#"<text x="{:.1}" y="{:.1}" class="distance">{}</text>"#,
            x + bar / 2.0,
            base + 16.0,
            escape(&distance)
        );
    }
    let _ = writeln!(
        out,
        r#"<text x="{:.1}" y="{:.1}" class="axis">distance from solved ({} positions, {} local maxima)</text>"#,
        LEFT + plot_w / 2.0,
        base + 34.0,
        grouped(census.total()),
        grouped(census.total_local_maxima())
    );
}

/// The censuses as one SVG document, a panel each, top to bottom.
pub fn census_svg(censuses: &[Census]) -> String {
    let height = PANEL * censuses.len().max(1) as f64;
    let mut out = String::with_capacity(4096 * censuses.len().max(1));
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {height}" width="{WIDTH}" height="{height}" role="img" aria-label="Positions and local maxima per distance from solved">"#
    );
    out.push_str(
        "<style>\
         text{font-family:system-ui,sans-serif;font-size:12px;fill:#222}\
         .title{font-size:14px;font-weight:600}\
         .scale{text-anchor:end;fill:#555}\
         .distance,.axis{text-anchor:middle;fill:#555}\
         .grid{stroke:#ddd;stroke-width:1}\
         .positions{fill:#6a9fd8}\
         .maxima{fill:#c0392b}\
         </style>\n",
    );
    let _ = writeln!(
        out,
        r##"<rect width="{WIDTH}" height="{height}" fill="#fff"/>"##
    );
    for (i, c) in censuses.iter().enumerate() {
        panel(&mut out, c, PANEL * i as f64);
    }
    out.push_str("</svg>\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn small() -> Census {
        Census {
            puzzle: "pocket".into(),
            metric: "htm".into(),
            moves: vec!["R".into()],
            subset: false,
            title: "a <test> & \"census\"".into(),
            cost_unit: None,
            rows: Census::rows_from_counts(&[1, 9, 54], &[0, 0, 54]),
            symmetry: None,
        }
    }

    #[test]
    fn one_bar_pair_per_distance_and_text_escaped() {
        let svg = census_svg(&[small(), small()]);
        assert_eq!(svg.matches("<title>distance").count(), 6);
        assert!(svg.contains("a &lt;test&gt; &amp; &quot;census&quot;"));
        assert!(svg.contains("distance 2: 54 positions, 54 local maxima"));
        assert!(svg.starts_with("<svg xmlns="));
        assert!(svg.ends_with("</svg>\n"));
    }

    #[test]
    fn scale_labels() {
        let labels: Vec<String> = (0..8).map(power_label).collect();
        assert_eq!(labels, ["1", "10", "100", "1k", "10k", "100k", "1M", "10M"]);
    }
}
