//! The options of every request, named once, and spelled by each front end in its
//! own words: the command line says `--min-distance`, the API `min-distance=`,
//! Python `min_distance`.
//!
//! A request's refusal is written with [`Opt`] values in its text (`format!("{}",
//! Opt::Seed)` leaves a marker), and a front end turns the markers into its words
//! with `spelled`. So a message is written once, in one place, and reads right in
//! all three front ends.

use std::fmt;

/// An option of a request, as the library names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Opt {
    All,
    Cost,
    Compact,
    Count,
    Gen,
    Goal,
    Json,
    Layout,
    Lines,
    Length,
    Memory,
    Method,
    Metric,
    MinDistance,
    Moves,
    Optimal,
    Puzzle,
    Seed,
    Set,
    Show,
    Steps,
    Symmetry,
    Weighted,
    /// `--all` with `--json`: every solution and their number (the API's and
    /// Python's answers are objects already).
    AllWithCount,
}

/// The options as constants, to be named inside a message's text:
/// `format!("give {COUNT} or {ALL}, not both")`.
pub mod opts {
    // Every option has its constant, whether a message names it yet or not.
    #![allow(dead_code)]
    use super::Opt;

    pub const ALL: Opt = Opt::All;
    pub const COST: Opt = Opt::Cost;
    pub const COMPACT: Opt = Opt::Compact;
    pub const COUNT: Opt = Opt::Count;
    pub const GEN: Opt = Opt::Gen;
    pub const GOAL: Opt = Opt::Goal;
    pub const JSON: Opt = Opt::Json;
    pub const LAYOUT: Opt = Opt::Layout;
    pub const LENGTH: Opt = Opt::Length;
    pub const LINES: Opt = Opt::Lines;
    pub const MEMORY: Opt = Opt::Memory;
    pub const METHOD: Opt = Opt::Method;
    pub const METRIC: Opt = Opt::Metric;
    pub const MIN_DISTANCE: Opt = Opt::MinDistance;
    pub const MOVES: Opt = Opt::Moves;
    pub const OPTIMAL: Opt = Opt::Optimal;
    pub const PUZZLE: Opt = Opt::Puzzle;
    pub const SEED: Opt = Opt::Seed;
    pub const SET: Opt = Opt::Set;
    pub const SHOW: Opt = Opt::Show;
    pub const STEPS: Opt = Opt::Steps;
    pub const SYMMETRY: Opt = Opt::Symmetry;
    pub const WEIGHTED: Opt = Opt::Weighted;
    pub const ALL_WITH_COUNT: Opt = Opt::AllWithCount;
}

/// Who the words are for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FrontEnd {
    /// `pocket solve --seed 3`.
    CommandLine,
    /// `/api/solve?seed=3`.
    Query,
    /// `pocket.scramble(seed=3)`.
    Python,
}

/// Opens an option's marker in a message; [`MARK_END`] closes it. Control
/// characters, which no name and no message text of the library contains.
const MARK: char = '\u{1}';
const MARK_END: char = '\u{2}';

impl Opt {
    const ALL: [Opt; 24] = [
        Opt::All,
        Opt::Lines,
        Opt::Cost,
        Opt::Compact,
        Opt::Count,
        Opt::Gen,
        Opt::Goal,
        Opt::Json,
        Opt::Layout,
        Opt::Length,
        Opt::Memory,
        Opt::Method,
        Opt::Metric,
        Opt::MinDistance,
        Opt::Moves,
        Opt::Optimal,
        Opt::Puzzle,
        Opt::Seed,
        Opt::Set,
        Opt::Show,
        Opt::Steps,
        Opt::Symmetry,
        Opt::Weighted,
        Opt::AllWithCount,
    ];

    /// The command line's name without its dashes, which is also the query's
    /// parameter name.
    pub fn name(self) -> &'static str {
        match self {
            Opt::All => "all",
            Opt::Cost => "cost",
            Opt::Compact => "compact",
            Opt::Count => "count",
            Opt::Gen => "gen",
            Opt::Goal => "goal",
            Opt::Json => "json",
            Opt::Layout => "layout",
            Opt::Lines => "lines",
            Opt::Length => "length",
            Opt::Memory => "memory",
            Opt::Method => "method",
            Opt::Metric => "metric",
            Opt::MinDistance => "min-distance",
            Opt::Moves => "moves",
            Opt::Optimal => "optimal",
            Opt::Puzzle => "puzzle",
            Opt::Seed => "seed",
            Opt::Set => "set",
            Opt::Show => "show",
            Opt::Steps => "steps",
            Opt::Symmetry => "symmetry",
            Opt::Weighted => "weighted",
            Opt::AllWithCount => "all-json",
        }
    }

    /// This option in a front end's words.
    pub fn in_words(self, front: FrontEnd) -> String {
        match (self, front) {
            (Opt::AllWithCount, FrontEnd::CommandLine) => "--all --json".into(),
            (Opt::AllWithCount, FrontEnd::Query) => "all=1 alone".into(),
            (Opt::AllWithCount, FrontEnd::Python) => "solve_all".into(),
            (_, FrontEnd::CommandLine) => format!("--{}", self.name()),
            (_, FrontEnd::Query) => format!("{}=", self.name()),
            (_, FrontEnd::Python) => self.name().replace('-', "_"),
        }
    }
}

/// Writes the option's marker, for `spelled` to turn into a front end's words.
impl fmt::Display for Opt {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{MARK}{}{MARK_END}", self.name())
    }
}

/// A message of the library with every option in `front`'s words.
pub fn spelled(message: &str, front: FrontEnd) -> String {
    let mut out = String::with_capacity(message.len());
    let mut rest = message;
    while let Some(start) = rest.find(MARK) {
        out.push_str(&rest[..start]);
        let after = &rest[start + MARK.len_utf8()..];
        let known = after.split_once(MARK_END).and_then(|(name, tail)| {
            let opt = Opt::ALL.into_iter().find(|o| o.name() == name)?;
            Some((opt, tail))
        });
        match known {
            Some((opt, tail)) => {
                out.push_str(&opt.in_words(front));
                rest = tail;
            }
            // Not a marker of ours: the character stays as it came.
            None => {
                out.push(MARK);
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_front_end_spells_an_option_its_way() {
        let m = format!("choose {} or {}, not both", Opt::MinDistance, Opt::Optimal);
        assert_eq!(
            spelled(&m, FrontEnd::CommandLine),
            "choose --min-distance or --optimal, not both"
        );
        assert_eq!(
            spelled(&m, FrontEnd::Query),
            "choose min-distance= or optimal=, not both"
        );
        assert_eq!(
            spelled(&m, FrontEnd::Python),
            "choose min_distance or optimal, not both"
        );
    }

    #[test]
    fn text_that_only_looks_like_a_marker_stays() {
        let m = format!("'\u{1}x\u{2}' {} \u{1}", Opt::Seed);
        assert_eq!(
            spelled(&m, FrontEnd::CommandLine),
            "'\u{1}x\u{2}' --seed \u{1}"
        );
        for o in Opt::ALL {
            assert_eq!(
                spelled(&o.to_string(), FrontEnd::CommandLine),
                o.in_words(FrontEnd::CommandLine)
            );
        }
    }
}
