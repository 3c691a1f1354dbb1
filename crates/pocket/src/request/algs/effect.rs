//! `algs --effect`: every sequence whose effect on the solved cube matches a
//! pattern, shortest first (then cheapest with costs, then in move order), each
//! length handed over as soon as it is complete.

use super::RawAlgs;
use crate::cube::algs::AlgSearch;
use crate::model::cost::Costs;
use crate::model::goal::{Goal, unmatchable};
use crate::model::moves::{Alg, Move, generators_name, parse_generators};
use crate::model::pieces::Cube;
use crate::model::stickers::Stickers;
use crate::request::words::opts::*;
use crate::request::{RequestError, message};

/// The longest sequences `algs --effect` lists.
const MAX_EFFECT_LENGTH: usize = 20;

/// Hears each algorithm found, with its cost in thousandths (with costs).
pub type OnAlg<'a, E> = dyn FnMut(&Alg, Option<u64>) -> Result<(), E> + 'a;

/// `algs --effect`, checked.
#[derive(Debug)]
pub struct EffectRequest {
    /// The effect as faces of the solved cube, `None` for any.
    goal: [Option<u8>; 24],
    /// The moves turned (all nine unless `--gen`).
    moves: Vec<Move>,
    /// Each length ordered by these costs, which are handed over with each.
    costs: Option<Costs>,
    max_length: Option<usize>,
    limit: Option<usize>,
}

/// What an effect search found: how many algorithms were handed over, of which
/// lengths.
#[derive(Clone, Copy, Debug)]
pub struct EffectFound {
    pub handed: usize,
    pub shortest: usize,
    pub longest: usize,
}

impl EffectFound {
    /// The bad input's refusal when nothing was handed over (`--max-length` below
    /// the shortest): never a silent, empty answer.
    pub fn refusal(&self) -> Option<RequestError> {
        let (shortest, longest) = (self.shortest, self.longest);
        (self.handed == 0).then(|| {
            RequestError::Input(message!(
                "no sequence of at most {longest} moves has this effect (the shortest \
                 has {shortest}: give {MAX_LENGTH} {shortest} or more)"
            ))
        })
    }
}

impl TryFrom<RawAlgs> for EffectRequest {
    type Error = RequestError;

    fn try_from(a: RawAlgs) -> Result<EffectRequest, RequestError> {
        let usage = |m| Err(RequestError::Usage(m));
        if a.puzzle.is_some()
            || a.change.is_some()
            || a.max_changed.is_some()
            || a.max_power.is_some()
            || a.any_face
            || a.keep.is_some()
            || a.shard.is_some()
        {
            return usage(message!(
                "{PUZZLE}, {CHANGE}, {MAX_CHANGED}, {MAX_POWER}, {ANY_FACE}, {KEEP} and \
                 {SHARD} are for {ORBIT}"
            ));
        }
        let generators = match a.generators.as_deref().map(parse_generators).transpose() {
            Ok(g) => g,
            Err(e) => return usage(message!("bad {GEN}: {e}")),
        };
        let costs = match a.cost.as_deref().map(str::parse::<Costs>).transpose() {
            Ok(c) => c,
            Err(e) => return usage(message!("bad {COST}: {e}")),
        };
        let effect = a.effect.as_deref().unwrap_or_default();
        let (pattern, goal) = match Goal::parse(effect)
            .and_then(|g| Ok((g, g.faces_for(&Stickers::SOLVED, &Cube::SOLVED)?)))
        {
            Ok(both) => both,
            Err(e) => {
                let e = e
                    .to_string()
                    .replace("the state", "the solved cube (ULFRBD)");
                return usage(message!("bad {EFFECT}: {e}"));
            }
        };
        // A well-formed effect that no position has is bad input, not bad usage.
        if let Some(why) = unmatchable(&pattern, &goal) {
            return Err(RequestError::Input(message!(
                "no position has the effect {effect}: {why}"
            )));
        }
        if a.max_length.is_some_and(|n| n > MAX_EFFECT_LENGTH) {
            return usage(message!("{MAX_LENGTH} is at most 20"));
        }
        if a.max_length == Some(0) || a.limit == Some(0) {
            return usage(message!(
                "{MAX_LENGTH} and {LIMIT} are at least 1 (the empty sequence is no algorithm)"
            ));
        }
        Ok(EffectRequest {
            goal,
            moves: generators.unwrap_or_else(|| Move::ALL.to_vec()),
            costs,
            max_length: a.max_length,
            limit: a.limit,
        })
    }
}

impl EffectRequest {
    /// Search, handing each length to `on_length` when its search starts and each
    /// algorithm to `on_alg` with its cost in thousandths (with costs), up to the
    /// limit; what was found, or the bad input's refusal when no sequence of the
    /// moves has the effect. An error of the front end's stops the search.
    pub fn run<E: From<RequestError>>(
        &self,
        on_length: &mut dyn FnMut(usize) -> Result<(), E>,
        on_alg: &mut OnAlg<'_, E>,
    ) -> Result<EffectFound, E> {
        let search = AlgSearch::new(&self.goal, &self.moves);
        let Some(shortest) = search.shortest() else {
            let moves = generators_name(&self.moves);
            let refusal = message!("no sequence of {moves} has this effect");
            return Err(RequestError::Input(refusal).into());
        };
        // The empty sequence is no algorithm, even when the solved cube fits the
        // pattern: then the shortest is the first length with a sequence (the solved
        // cube itself: 6 moves, (R2 U2)3), searched up to the longest allowed.
        let shortest = match shortest {
            0 => (1..=MAX_EFFECT_LENGTH)
                .find(|&n| !search.of_length(n).is_empty())
                .unwrap_or(1),
            n => n,
        };
        let longest = self.max_length.unwrap_or(shortest);
        let limit = self.limit.unwrap_or(usize::MAX);
        let mut handed = 0;
        for length in shortest..=longest {
            if handed == limit {
                break;
            }
            on_length(length)?;
            let mut algs = search.of_length(length);
            if let Some(c) = &self.costs {
                // Stable: equal costs keep move order.
                algs.sort_by_cached_key(|alg| c.thousandths(alg));
            }
            for alg in algs.iter().take(limit - handed) {
                on_alg(alg, self.costs.as_ref().map(|c| c.thousandths(alg)))?;
                handed += 1;
            }
        }
        Ok(EffectFound {
            handed,
            shortest,
            longest,
        })
    }
}
