//! `pocket patterns`'s answers: the table of results with its summary line, or one
//! JSON object a pattern.

use pocket::challenge::{PatternReport, PatternResult};
use pocket::model::cost::Metric;
use serde_json::{Value, json};

/// The report as a readable table, one row per pattern, then a summary line.
pub fn patterns_table(report: &PatternReport) -> String {
    let rows: Vec<[String; 6]> = report.results.iter().map(row).collect();
    let mut table = aligned_table(&rows);
    table.push_str(&summary_line(&report.results, report.metric));
    table
}

/// One pattern's result as one JSON object.
pub fn pattern_json(r: &PatternResult, metric: Metric) -> Value {
    let mut v = json!({
        "name": r.name,
        "input": r.state,
        "metric": metric.name(),
        "expected": r.expected,
    });
    match &r.solved {
        Ok((alg, length)) => {
            v["solution"] = alg.to_string().into();
            v["moves"] = alg.names().into();
            v["move_count"] = alg.len().into();
            v["length"] = (*length).into();
            v["time_ms"] = (r.micros / 1000.0).into();
            v["ok"] = r.problem.is_empty().into();
            if !r.problem.is_empty() {
                v["problem"] = r.problem.into();
            }
        }
        Err(e) => {
            v["error"] = e.to_string().into();
            v["ok"] = false.into();
        }
    }
    v
}

/// The cells of the result's line of the table.
fn row(r: &PatternResult) -> [String; 6] {
    let shown = |n: Option<u32>| n.map_or("-".to_string(), |n| n.to_string());
    let (found, time, solution) = match &r.solved {
        Ok((alg, found)) => {
            let verdict = match r.problem {
                "" => String::new(),
                problem => format!(" ({problem})"),
            };
            (
                found.to_string(),
                format!("{:.3} ms", r.micros / 1000.0),
                format!("{alg}{verdict}"),
            )
        }
        Err(e) => ("-".into(), "-".into(), format!("error: {e}")),
    };
    [
        r.name.clone(),
        r.state.clone(),
        shown(r.expected),
        found,
        time,
        solution,
    ]
}

/// The table of results under its header, each column as wide as its widest cell
/// (numbers to the right), the last column free.
fn aligned_table(rows: &[[String; 6]]) -> String {
    let header = ["name", "state", "expected", "found", "time", "solution"];
    let mut widths = header.map(str::len);
    for r in rows {
        for (w, cell) in widths.iter_mut().zip(r) {
            *w = (*w).max(cell.chars().count());
        }
    }
    let mut table = String::new();
    let mut push_row = |cells: [&str; 6]| {
        let line = format!(
            "{:<w0$}  {:<w1$}  {:>w2$}  {:>w3$}  {:>w4$}  {}",
            cells[0],
            cells[1],
            cells[2],
            cells[3],
            cells[4],
            cells[5],
            w0 = widths[0],
            w1 = widths[1],
            w2 = widths[2],
            w3 = widths[3],
            w4 = widths[4]
        );
        table.push_str(line.trim_end());
        table.push('\n');
    };
    push_row(header);
    for r in rows {
        push_row([&r[0], &r[1], &r[2], &r[3], &r[4], &r[5]]);
    }
    table
}

/// The closing line: how many solved optimally (or solved, when some patterns give
/// no length) and the time spent solving.
fn summary_line(results: &[PatternResult], metric: Metric) -> String {
    let optimal = results.iter().filter(|r| r.is_optimal()).count();
    let expecting = results.iter().filter(|r| r.expected.is_some()).count();
    let ms = results.iter().map(|r| r.micros).sum::<f64>() / 1000.0;
    if expecting == results.len() {
        format!(
            "{optimal}/{} optimal ({metric}), {ms:.1} ms solving in all\n",
            results.len()
        )
    } else {
        let solved = results.iter().filter(|r| r.problem.is_empty()).count();
        format!(
            "{solved}/{} solved, {optimal}/{expecting} of the expected lengths ({metric}), \
             {ms:.1} ms solving in all\n",
            results.len()
        )
    }
}
