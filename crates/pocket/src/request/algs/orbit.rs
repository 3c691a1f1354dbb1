//! `algs --orbit`: the magic moves of a puzzle, sequences whose powers change only
//! pieces of one kind, each length searched on every core and handed over as found.

use super::{RawAlgs, Shard};
use crate::puzzle::formats::defined::Puzzle;
use crate::puzzle::searches::orbit::{Change, MagicMove, OrbitSearch, Rules};
use crate::request::words::opts::*;
use crate::request::{Message, RequestError, load_puzzle, message};

/// The longest sequences `algs --orbit` tries without `--max-length` (the 3x3x3: 5 s).
const DEFAULT_ORBIT_LENGTH: usize = 7;

/// `algs --orbit`, checked.
#[derive(Debug)]
pub struct OrbitRequest {
    /// The puzzle, by name or file.
    puzzle: String,
    rules: Rules,
    /// The longest sequences tried.
    longest: usize,
    /// Every length up to `longest` is listed (`--max-length`), not only the shortest
    /// that has any.
    every_length: bool,
    limit: Option<usize>,
    shard: Option<Shard>,
    /// The moves turned, in the puzzle's names (all when `None`).
    generators: Option<String>,
}

/// What an orbit search found: how many magic moves were handed over, the longest
/// length searched, and the shard searched, if one.
#[derive(Clone, Copy, Debug)]
pub struct OrbitFound {
    pub handed: usize,
    pub searched: usize,
    pub shard: Option<Shard>,
}

impl OrbitFound {
    /// What to tell a person when nothing was found (not an error: the search ran).
    pub fn note(&self) -> Option<Message> {
        match (self.handed, self.shard) {
            (0, Some(shard)) => Some(Message::plain(format!(
                "shard {}/{}: no magic move in its part",
                shard.k, shard.n
            ))),
            (0, None) if self.searched > 0 => {
                let searched = self.searched;
                Some(message!(
                    "no magic move of 1 to {searched} moves ({MAX_LENGTH} for longer)"
                ))
            }
            _ => None,
        }
    }
}

impl TryFrom<RawAlgs> for OrbitRequest {
    type Error = RequestError;

    fn try_from(a: RawAlgs) -> Result<OrbitRequest, RequestError> {
        let usage = |m| Err(RequestError::Usage(m));
        if a.cost.is_some() {
            return usage(message!(
                "{COST} orders {EFFECT} searches; {ORBIT} lists by length"
            ));
        }
        if a.shard.is_some() && (a.max_length.is_none() || a.limit.is_some()) {
            return usage(message!(
                "{SHARD} splits a whole search: give {MAX_LENGTH}, and no {LIMIT}"
            ));
        }
        let kind = a.orbit.as_deref().unwrap_or("corner");
        let longest = a.max_length.unwrap_or(DEFAULT_ORBIT_LENGTH);
        if longest > 12 {
            return usage(message!("{MAX_LENGTH} is at most 12 with {ORBIT}"));
        }
        let max_power = a.max_power.unwrap_or(6);
        if !(1..=1000).contains(&max_power) {
            return usage(message!("{MAX_POWER} is 1 to 1000"));
        }
        if a.max_changed == Some(0) {
            return usage(message!("{MAX_CHANGED} is at least 1"));
        }
        let rules = Rules {
            change: a.change.unwrap_or(Change::Any),
            max_changed: a.max_changed.unwrap_or(3),
            max_power,
            one_face: !a.any_face,
            keep: a.keep.as_ref().map(|k| {
                k.split([',', ' '])
                    .filter(|s| !s.is_empty())
                    .map(String::from)
                    .collect()
            }),
            ..Rules::new(kind)
        };
        Ok(OrbitRequest {
            puzzle: a.puzzle.unwrap_or_else(|| "3x3x3".into()),
            rules,
            longest,
            every_length: a.max_length.is_some(),
            limit: a.limit,
            shard: a.shard,
            generators: a.generators,
        })
    }
}

impl OrbitRequest {
    /// Load the puzzle and search each length (the shortest that has any, unless
    /// every length is asked for), handing `on_length` each length as its search
    /// starts, `on_found` each magic move as it is found (with the puzzle, to name
    /// it), and `on_progress` the parts done of the length's parts; up to the limit.
    /// A puzzle that cannot be read, or one the search cannot follow, is a bad input;
    /// moves or a kind of piece it does not have, a usage error. An error of the
    /// front end's stops the search.
    pub fn run<E: From<RequestError>>(
        &self,
        on_length: &mut dyn FnMut(usize) -> Result<(), E>,
        on_found: &mut dyn FnMut(&MagicMove, &Puzzle) -> Result<(), E>,
        on_progress: &mut dyn FnMut(usize, usize, usize),
    ) -> Result<OrbitFound, E> {
        let name = self.puzzle.as_str();
        let puzzle = load_puzzle(name, None)?;
        if !puzzle.barred.is_empty() {
            let why = crate::puzzle::formats::barred::refusal(
                &puzzle.name,
                "the magic-move search cannot follow",
            );
            return Err(RequestError::Input(message!("puzzle {name}: {why}")).into());
        }
        let moves = match self.generators.as_deref().map(|g| puzzle.parse_moves(g)) {
            Some(Err(e)) => return Err(RequestError::Usage(message!("bad {GEN}: {e}")).into()),
            Some(Ok(m)) => m,
            None => Vec::new(),
        };
        let search = OrbitSearch::new(&puzzle, self.rules.clone(), &moves)
            .map_err(|e| RequestError::Usage(message!("bad {ORBIT}: {e}")))?;
        self.search(&puzzle, &search, on_length, on_found, on_progress)
    }

    fn search<E>(
        &self,
        puzzle: &Puzzle,
        search: &OrbitSearch,
        on_length: &mut dyn FnMut(usize) -> Result<(), E>,
        on_found: &mut dyn FnMut(&MagicMove, &Puzzle) -> Result<(), E>,
        on_progress: &mut dyn FnMut(usize, usize, usize),
    ) -> Result<OrbitFound, E> {
        // Each length's parts, whole or this shard's. Past 30 shards the parts are
        // the sequences' first three moves, not two: the 3x3x3 has 243 two-move
        // prefixes, and cut at those, the largest of 256 shards had 1.77 times its
        // share and 8 had none.
        let depth = if self.shard.is_some_and(|s| s.n > 30) {
            3
        } else {
            2
        };
        let sizes: Vec<Vec<u64>> = (1..=self.longest)
            .map(|l| search.parts(l, depth).into_iter().map(|(_, w)| w).collect())
            .collect();
        let ranges = match self.shard {
            Some(shard) => shard.ranges(&sizes),
            None => sizes.iter().map(|p| 0..p.len()).collect(),
        };
        let threads = std::thread::available_parallelism().map_or(1, usize::from);
        let limit = self.limit.unwrap_or(usize::MAX);
        let (mut handed, mut searched) = (0, 0);
        for length in 1..=self.longest {
            // Without --max-length, the shortest length that has any.
            if handed == limit || (!self.every_length && handed > 0) {
                break;
            }
            searched = length;
            on_length(length)?;
            let mut result = Ok(());
            search.each_in_parts(
                length,
                depth,
                ranges[length - 1].clone(),
                threads,
                |found| {
                    result = on_found(&found, puzzle);
                    handed += 1;
                    result.is_ok() && handed < limit
                },
                |done, parts| on_progress(length, done, parts),
            );
            result?;
        }
        Ok(OrbitFound {
            handed,
            searched,
            shard: self.shard,
        })
    }
}
