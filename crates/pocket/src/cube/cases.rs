//! Case sets of 2x2 methods: the positions a step of a method starts from, grouped
//! into the cases a cuber learns, each with algorithms from pocket's own search.
//!
//! A set is a set of positions in pocket's frame (the down-back-left corner fixed):
//! the first (D) layer as the step leaves it, the U layer anything. Two positions are
//! one case when turns of U before and after (AUF), and for the EG sets and PBL of D
//! too (the bottom layer's own adjustment), take one to the other: then one algorithm
//! solves both, up to those turns. Ortega's OLL step only orients, so its cases are
//! the twists of the U corners up to a U turn. An algorithm ends with the cube solved
//! up to a U turn (for Ortega OLL: U and D faces one colour each).

use crate::model::cost::Costs;
use crate::model::invalid::Invalid;
use crate::model::moves::{Alg, Move};
use crate::model::pieces::Cube;

mod cstimer;
mod goal;
mod grouping;
mod names;
mod set;

use cstimer::cstimer_cases;
use goal::Goal;
use grouping::classes;
use names::family_name;
pub use set::CaseSet;

/// The finger-trick costs algorithms are ranked by unless `--cost` says otherwise:
/// U turns are the quickest (flicked with the index finger), R next, F and half turns
/// of F the slowest for right-handed solvers.
pub const FINGER_COSTS: &str = "R=1,R'=1,R2=1.6,U=0.8,U'=0.8,U2=1.3,F=1.4,F'=1.4,F2=2.2";

/// [`FINGER_COSTS`] as costs.
pub fn finger_costs() -> Costs {
    FINGER_COSTS.parse().expect("the default costs are valid")
}

/// One case: its name, the position shown, how many of the set's positions it is,
/// and algorithms, best first.
#[derive(Clone, Debug)]
pub struct Case {
    pub name: String,
    /// The name csTimer's 2x2 trainer gives it (`H-1`, `Hammer-3`), where csTimer
    /// has the case: the CLL, EG and TCLL sets but their oriented cases.
    pub cstimer: Option<&'static str>,
    pub state: Cube,
    pub positions: usize,
    pub algorithms: Vec<CaseAlg>,
}

/// An algorithm for a case: turn U by `pre_auf` first, then `moves`, then U by
/// `post_auf`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CaseAlg {
    pub pre_auf: Option<Move>,
    pub moves: Alg,
    pub post_auf: Option<Move>,
    /// Its cost under the sheet's costs, in thousandths.
    pub cost: u64,
    /// Whether it is as short as any algorithm for the case (half-turn metric).
    pub optimal: bool,
}

impl CaseAlg {
    /// The algorithm as a cuber writes it: `(U) R U R' (U2)`.
    pub fn text(&self) -> String {
        let mut parts = Vec::new();
        if let Some(m) = self.pre_auf {
            parts.push(format!("({m})"));
        }
        if !self.moves.is_empty() {
            parts.push(self.moves.to_string());
        }
        if let Some(m) = self.post_auf {
            parts.push(format!("({m})"));
        }
        match parts.is_empty() {
            true => "(skip)".to_string(),
            false => parts.join(" "),
        }
    }
}

/// Every case of a set.
#[derive(Clone, Debug)]
pub struct CaseSheet {
    pub set: CaseSet,
    /// The set's positions.
    pub positions: usize,
    pub cases: Vec<Case>,
    /// The case of each position of the set, by position number.
    case_of: std::collections::HashMap<u32, usize>,
}

impl CaseSheet {
    /// The case a position of the set is, if it is one of the set's.
    pub fn case_of(&self, cube: &Cube) -> Option<&Case> {
        self.case_of
            .get(&cube.coord().index())
            .map(|&i| &self.cases[i])
    }
}

/// The cases of `set` with their algorithms, ranked by `costs` (see [`FINGER_COSTS`]).
pub fn case_sheet(set: CaseSet, costs: &Costs) -> Result<CaseSheet, Invalid> {
    let members = set.positions();
    let classes = classes(set, &members);
    let goal = Goal::new(set, costs)?;
    let mut cases = Vec::with_capacity(classes.len());
    let mut case_of = std::collections::HashMap::new();
    let mut numbered: std::collections::HashMap<String, usize> = Default::default();
    for class in classes {
        for c in &class {
            case_of.insert(c.coord().index(), cases.len());
        }
        let family = family_name(set, &class[0]);
        let (state, algorithms) = goal.algorithms(&class);
        let name = match family.oriented {
            true => family.name,
            false => {
                let n = numbered.entry(family.name.clone()).or_default();
                *n += 1;
                match set {
                    CaseSet::Ortega => family.name,
                    _ => format!("{} {n}", family.name),
                }
            }
        };
        cases.push(Case {
            name,
            cstimer: None,
            state,
            positions: class.len(),
            algorithms,
        });
    }
    for (cube, _, name) in cstimer_cases(set) {
        if let Some(&i) = case_of.get(&cube.coord().index()) {
            cases[i].cstimer = Some(name);
        }
    }
    Ok(CaseSheet {
        set,
        positions: members.len(),
        cases,
        case_of,
    })
}

#[cfg(test)]
mod tests;
