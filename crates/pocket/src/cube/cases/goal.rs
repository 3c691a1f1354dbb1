//! The search for a case's algorithms: the optimal sequences to the set's goal, and
//! the cheapest under the sheet's costs, best first.

use super::grouping::auf_turns;
use super::{CaseAlg, CaseSet};
use crate::cube::census::distance_table_from;
use crate::cube::solver::PocketSpace;
use crate::engine::layers::UNSEEN;
use crate::engine::search::{Canon, Moves};
use crate::engine::walk::Walk;
use crate::model::cost::{Costs, Metric};
use crate::model::invalid::Invalid;
use crate::model::moves::{Alg, Face, Move};
use crate::model::pieces::{Coord, Cube};

/// Algorithms kept per case at most.
const KEPT: usize = 4;
/// Positions the search for cheaper sequences visits per starting orientation at
/// most: the default costs need far fewer (all of CLL's sheet: 0.12 s), and with
/// costs 100 times apart a sheet stays within seconds.
const SEARCH_BUDGET: u32 = 50_000;

/// Optimal sequences looked at per starting orientation at most.
const LOOKED_AT: usize = 64;

/// The distances to a set's goal in the half-turn metric, and the costs algorithms
/// are ranked by.
pub(super) struct Goal {
    htm: PocketSpace,
    costs: Costs,
    /// Each move's cost in thousandths, by index in [`Move::ALL`].
    unit: [u64; Move::COUNT],
    steps: Vec<u8>,
    post_auf: bool,
}

impl Goal {
    pub(super) fn new(set: CaseSet, costs: &Costs) -> Result<Goal, Invalid> {
        // Ortega's OLL ends with both faces oriented; every other step solves the cube
        // up to a U turn.
        let roots: Vec<Cube> = match set {
            CaseSet::Ortega => CaseSet::Pbl.positions(),
            _ => auf_turns(Cube::SOLVED),
        };
        // Checked as `solve --cost` checks them (no turn dearer than two of its face).
        costs.search_costs()?;
        let indices: Vec<u32> = roots.iter().map(|c| c.coord().index()).collect();
        Ok(Goal {
            htm: PocketSpace::new(Metric::Htm),
            costs: costs.clone(),
            unit: std::array::from_fn(|i| costs.thousandths(&Alg::from_iter([Move::ALL[i]]))),
            steps: distance_table_from(&Move::ALL, &indices),
            post_auf: set != CaseSet::Ortega,
        })
    }

    /// The best algorithms for a case, and the position to show it by: the one the
    /// best algorithm starts from with no U turn first.
    pub(super) fn algorithms(&self, class: &[Cube]) -> (Cube, Vec<CaseAlg>) {
        let starts = auf_turns(class[0]);
        let mut found: Vec<(usize, Alg)> = Vec::new();
        for (k, start) in starts.iter().enumerate() {
            for alg in self.walk(&self.htm, start, |s| {
                let d = self.steps[s.index() as usize];
                (d != UNSEEN).then_some(u32::from(d))
            }) {
                found.push((k, alg));
            }
        }
        // Every sequence at most as dear as the cheapest optimal one: the cheapest of
        // all is among them.
        let bound = found
            .iter()
            .map(|(_, a)| self.costs.thousandths(a))
            .min()
            .unwrap_or(0);
        for (k, start) in starts.iter().enumerate() {
            for alg in self.cheapest(start, bound) {
                found.push((k, alg));
            }
        }
        let shortest = found.iter().map(|(_, a)| a.len()).min().unwrap_or(0);
        let mut algs: Vec<(usize, CaseAlg)> = found
            .into_iter()
            .map(|(k, moves)| {
                let end = starts[k].apply_alg(&moves);
                (
                    k,
                    CaseAlg {
                        pre_auf: None,
                        post_auf: self.finishing_u(&end),
                        cost: self.costs.thousandths(&moves),
                        optimal: moves.len() == shortest,
                        moves,
                    },
                )
            })
            .collect();
        let key = |a: &CaseAlg| {
            let order: Vec<usize> = a.moves.as_slice().iter().map(|m| m.index()).collect();
            (a.cost, a.moves.len(), order)
        };
        algs.sort_by_key(|(_, a)| key(a));
        algs.dedup_by(|a, b| a.1.moves == b.1.moves);
        // The best first, then the best of the optimal ones if it is not among them.
        let mut kept: Vec<(usize, CaseAlg)> = algs.iter().take(KEPT).cloned().collect();
        let best_optimal = algs.iter().find(|(_, a)| a.optimal);
        if let (false, Some(best)) = (kept.iter().any(|(_, a)| a.optimal), best_optimal) {
            kept.pop();
            kept.push(best.clone());
        }
        let shown = kept.first().map_or(0, |&(k, _)| k);
        let algorithms = kept
            .into_iter()
            .map(|(k, mut a)| {
                a.pre_auf = Move::new(Face::U, ((k + 4 - shown) % 4) as u8);
                a
            })
            .collect();
        (starts[shown], algorithms)
    }

    /// The cheapest sequences from `start` down a table, none starting with a U turn
    /// (that is the next orientation's algorithm).
    fn walk(
        &self,
        space: &PocketSpace,
        start: &Cube,
        at: impl Fn(Coord) -> Option<u32>,
    ) -> Vec<Alg> {
        let Some(budget) = at(start.coord()) else {
            return Vec::new();
        };
        let canon = Canon::new(space);
        let mut out = Vec::new();
        let mut looked = 0;
        Walk::new(space, &canon, at).each(start.coord(), budget, None, &mut |m: &Moves| {
            looked += 1;
            let alg: Alg = m.iter().map(|&i| space.move_at(i as usize)).collect();
            if alg.as_slice().first().is_none_or(|f| f.face() != Face::U) {
                out.push(alg);
            }
            looked < LOOKED_AT
        });
        out
    }

    /// The cheapest canonical sequences from `start` to the goal, none starting with a
    /// U turn, each costing at most `bound` (thousandths): a depth-first search pruned
    /// by the half-turn distance times the cheapest move, its bound lowered to the
    /// `KEPT`-th cheapest found. It replaced a search over cost buckets of all
    /// 3,674,160 positions, with the same cheapest costs: `pocket cases cll` took
    /// 2.2 s before, 0.17 s after (release build, the 2-core EPYC VM).
    fn cheapest(&self, start: &Cube, bound: u64) -> Vec<Alg> {
        let mut search = Cheapest {
            goal: self,
            least: self.unit.iter().copied().min().unwrap_or(1),
            bound,
            budget: SEARCH_BUDGET,
            path: Vec::new(),
            out: Vec::new(),
        };
        search.descend(start.coord(), 0);
        search.out.into_iter().map(|(_, a)| a).collect()
    }

    /// The U turn that finishes a position solved up to one.
    fn finishing_u(&self, end: &Cube) -> Option<Move> {
        if !self.post_auf {
            return None;
        }
        (1..4).find_map(|q| {
            let m = Move::new(Face::U, q)?;
            end.apply(m).is_solved().then_some(m)
        })
    }
}

/// The state of [`Goal::cheapest`].
struct Cheapest<'g> {
    goal: &'g Goal,
    least: u64,
    bound: u64,
    /// Positions still to visit: costs far apart (`U=0.1` against `R=10`) weaken
    /// the pruning until the search would not end; it stops here with what it found.
    budget: u32,
    path: Vec<Move>,
    out: Vec<(u64, Alg)>,
}

impl Cheapest<'_> {
    fn descend(&mut self, at: Coord, spent: u64) {
        let d = self.goal.steps[at.index() as usize];
        if d == UNSEEN || spent + u64::from(d) * self.least > self.bound || self.budget == 0 {
            return;
        }
        self.budget -= 1;
        if d == 0 {
            self.found(spent);
            return;
        }
        for (i, &m) in Move::ALL.iter().enumerate() {
            let last = self.path.last().map(|l| l.face());
            if last == Some(m.face()) || (self.path.is_empty() && m.face() == Face::U) {
                continue;
            }
            self.path.push(m);
            self.descend(at.apply(i), spent + self.goal.unit[i]);
            self.path.pop();
        }
    }

    /// Keep the path, and once there are enough, search only as dear as the
    /// `KEPT`-th cheapest.
    fn found(&mut self, cost: u64) {
        self.out.push((cost, self.path.iter().copied().collect()));
        if self.out.len() >= 4 * KEPT {
            self.out.sort_by_key(|(c, a)| (*c, a.len()));
            self.out.truncate(KEPT);
            self.bound = self.out[KEPT - 1].0;
        }
    }
}
