//! The patterns a `patterns` or `judge` run takes: the built-in test patterns, or a
//! pattern file read and checked, with its error as a type ([`PatternFileError`]);
//! and the `patterns` request ([`PatternsRequest`]) that solves them.

use std::fmt;

use super::patterns::{
    Pattern, PatternError, PatternReport, builtin_patterns, parse_patterns, run_patterns,
};
use crate::model::cost::Metric;

/// Why a pattern file gives no patterns.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PatternFileError {
    /// The file could not be read (the message names it).
    Read(crate::model::Error),
    /// A line is no pattern.
    Line { path: String, error: PatternError },
    /// Nothing in it to run: no success can come of it.
    Empty { path: String },
}

impl fmt::Display for PatternFileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PatternFileError::Read(e) => e.fmt(f),
            PatternFileError::Line { path, error } => write!(f, "{path}: {error}"),
            PatternFileError::Empty { path } => write!(f, "{path}: no positions in it"),
        }
    }
}

impl std::error::Error for PatternFileError {}

/// The patterns of `file`, or the built-in test patterns when none is named.
pub fn load_patterns(file: Option<&str>) -> Result<Vec<Pattern>, PatternFileError> {
    let Some(path) = file else {
        return Ok(builtin_patterns());
    };
    let text = crate::io::read_text_file(path).map_err(PatternFileError::Read)?;
    let patterns = parse_patterns(&text).map_err(|error| PatternFileError::Line {
        path: path.to_string(),
        error,
    })?;
    if patterns.is_empty() {
        return Err(PatternFileError::Empty {
            path: path.to_string(),
        });
    }
    Ok(patterns)
}

/// A `patterns` request: which patterns, in which metric.
#[derive(Clone, Debug, Default)]
pub struct PatternsRequest {
    /// A pattern file (none: the built-in test patterns).
    pub file: Option<String>,
    pub metric: Metric,
}

impl PatternsRequest {
    /// Every pattern solved, timed and checked against its file's length.
    pub fn run(&self) -> Result<PatternReport, PatternFileError> {
        let patterns = load_patterns(self.file.as_deref())?;
        Ok(run_patterns(&patterns, self.metric))
    }
}
