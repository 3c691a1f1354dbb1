//! The options of every request, named once, and spelled by each front end in its
//! own words: the command line says `--min-distance`, the API `min-distance=`,
//! Python `min_distance`.
//!
//! A refusal that names options is a [`Message`], written once with `message!` as
//! `format!` is written (`message!("give {COUNT} or {ALL}, not both")`). It is
//! formatted once for each front end, each time with the options in that front end's
//! words, so a front end takes its own text and never rewrites another's.

use std::cell::Cell;
use std::fmt;

/// An option of a request, as the library names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Opt {
    All,
    Cost,
    Compact,
    Count,
    Export,
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
    Svg,
    Symmetry,
    Weighted,
    // `pocket algs`'s options.
    AnyFace,
    Change,
    Effect,
    Keep,
    Limit,
    MaxChanged,
    MaxLength,
    MaxPower,
    Orbit,
    Shard,
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
    pub const EXPORT: Opt = Opt::Export;
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
    pub const SVG: Opt = Opt::Svg;
    pub const SYMMETRY: Opt = Opt::Symmetry;
    pub const WEIGHTED: Opt = Opt::Weighted;
    pub const ALL_WITH_COUNT: Opt = Opt::AllWithCount;
    pub const ANY_FACE: Opt = Opt::AnyFace;
    pub const CHANGE: Opt = Opt::Change;
    pub const EFFECT: Opt = Opt::Effect;
    pub const KEEP: Opt = Opt::Keep;
    pub const LIMIT: Opt = Opt::Limit;
    pub const MAX_CHANGED: Opt = Opt::MaxChanged;
    pub const MAX_LENGTH: Opt = Opt::MaxLength;
    pub const MAX_POWER: Opt = Opt::MaxPower;
    pub const ORBIT: Opt = Opt::Orbit;
    pub const SHARD: Opt = Opt::Shard;
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

impl Opt {
    /// The command line's name without its dashes, which is also the query's
    /// parameter name.
    pub fn name(self) -> &'static str {
        match self {
            Opt::All => "all",
            Opt::Cost => "cost",
            Opt::Compact => "compact",
            Opt::Count => "count",
            Opt::Export => "export",
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
            Opt::Svg => "svg",
            Opt::Symmetry => "symmetry",
            Opt::Weighted => "weighted",
            Opt::AllWithCount => "all-json",
            Opt::AnyFace => "any-face",
            Opt::Change => "change",
            Opt::Effect => "effect",
            Opt::Keep => "keep",
            Opt::Limit => "limit",
            Opt::MaxChanged => "max-changed",
            Opt::MaxLength => "max-length",
            Opt::MaxPower => "max-power",
            Opt::Orbit => "orbit",
            Opt::Shard => "shard",
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

thread_local! {
    /// The front end whose words a [`Message`] is being written in, while it is.
    static SPELLING: Cell<Option<FrontEnd>> = const { Cell::new(None) };
}

/// Writes the option in the words of the front end a [`Message`] is being written
/// for. Outside `message!` an option has no front end to be spelled for: that is a
/// mistake of the library's, caught in tests, and the command line's words in a
/// release build.
impl fmt::Display for Opt {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let front = SPELLING.get();
        debug_assert!(front.is_some(), "{self:?} formatted outside message!");
        f.write_str(&self.in_words(front.unwrap_or(FrontEnd::CommandLine)))
    }
}

/// A message of the library in every front end's words: see the module's comment.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Message {
    /// The text for the command line, the query and Python, in that order.
    words: [String; 3],
}

const FRONT_ENDS: [FrontEnd; 3] = [FrontEnd::CommandLine, FrontEnd::Query, FrontEnd::Python];

fn slot(front: FrontEnd) -> usize {
    match front {
        FrontEnd::CommandLine => 0,
        FrontEnd::Query => 1,
        FrontEnd::Python => 2,
    }
}

/// Puts back the front end being spelled for when a message is written, even if
/// its writing panics.
struct Spelling(Option<FrontEnd>);

impl Drop for Spelling {
    fn drop(&mut self) {
        SPELLING.set(self.0);
    }
}

impl Message {
    /// A message that names no option: the same text for all.
    pub fn plain(text: impl Into<String>) -> Message {
        let text = text.into();
        Message {
            words: [text.clone(), text.clone(), text],
        }
    }

    /// `write` run once for each front end, its options spelled that front end's
    /// way (what `message!` does).
    pub fn spelled(write: impl Fn() -> String) -> Message {
        Message {
            words: FRONT_ENDS.map(|front| {
                let _back = Spelling(SPELLING.replace(Some(front)));
                write()
            }),
        }
    }

    /// The text in `front`'s words.
    pub fn in_words(&self, front: FrontEnd) -> &str {
        &self.words[slot(front)]
    }
}

impl From<String> for Message {
    fn from(text: String) -> Message {
        Message::plain(text)
    }
}

impl From<&str> for Message {
    fn from(text: &str) -> Message {
        Message::plain(text)
    }
}

/// The message in the words of the front end a message holding it is written for,
/// else the command line's.
impl fmt::Display for Message {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let front = SPELLING.get().unwrap_or(FrontEnd::CommandLine);
        f.write_str(self.in_words(front))
    }
}

/// `format!` for a [`Message`]: its options are spelled in each front end's words.
macro_rules! message {
    ($($arg:tt)*) => {
        $crate::request::words::Message::spelled(|| format!($($arg)*))
    };
}
pub(crate) use message;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_front_end_spells_an_option_its_way() {
        let m = message!("choose {} or {}, not both", Opt::MinDistance, Opt::Optimal);
        assert_eq!(
            m.in_words(FrontEnd::CommandLine),
            "choose --min-distance or --optimal, not both"
        );
        assert_eq!(
            m.in_words(FrontEnd::Query),
            "choose min-distance= or optimal=, not both"
        );
        assert_eq!(
            m.in_words(FrontEnd::Python),
            "choose min_distance or optimal, not both"
        );
    }

    #[test]
    fn a_message_inside_a_message_takes_the_outer_one_s_words() {
        let inner = message!("bad {}", Opt::Seed);
        let outer = message!("{}: {inner}", Opt::Set);
        assert_eq!(outer.in_words(FrontEnd::Query), "set=: bad seed=");
        assert_eq!(outer.in_words(FrontEnd::Python), "set: bad seed");
        assert_eq!(outer.to_string(), "--set: bad --seed");
    }

    #[test]
    fn text_is_taken_as_it_is_and_the_spelling_ends_with_the_message() {
        let m = message!("'\u{1}x\u{2}' {} \u{1}", Opt::Seed);
        assert_eq!(
            m.in_words(FrontEnd::CommandLine),
            "'\u{1}x\u{2}' --seed \u{1}"
        );
        assert_eq!(SPELLING.get(), None);
        assert_eq!(
            Message::plain("no option").in_words(FrontEnd::Python),
            "no option"
        );
    }
}
