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

use crate::cube::census::distance_table_from;
use crate::cube::solver::PocketSpace;
use crate::engine::layers::UNSEEN;
use crate::engine::search::{Canon, Moves};
use crate::engine::walk::Walk;
use crate::model::cost::{Costs, Metric};
use crate::model::invalid::Invalid;
use crate::model::moves::{Alg, Face, Move};
use crate::model::notation::WcaSequence;
use crate::model::pieces::{Coord, Cube, POSITIONS};

/// The finger-trick costs algorithms are ranked by unless `--cost` says otherwise:
/// U turns are the quickest (flicked with the index finger), R next, F and half turns
/// of F the slowest for right-handed solvers.
pub const FINGER_COSTS: &str = "R=1,R'=1,R2=1.6,U=0.8,U'=0.8,U2=1.3,F=1.4,F'=1.4,F2=2.2";

/// [`FINGER_COSTS`] as costs.
pub fn finger_costs() -> Costs {
    FINGER_COSTS.parse().expect("the default costs are valid")
}

/// Algorithms kept per case at most.
const KEPT: usize = 4;
/// Positions the search for cheaper sequences visits per starting orientation at
/// most: the default costs need far fewer (all of CLL's sheet: 0.12 s), and with
/// costs 100 times apart a sheet stays within seconds.
const SEARCH_BUDGET: u32 = 50_000;

/// Optimal sequences looked at per starting orientation at most.
const LOOKED_AT: usize = 64;

/// A case set of a 2x2 method.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CaseSet {
    /// Ortega's second step: orient the U layer (D face done, both layers unpermuted).
    Ortega,
    /// Permute both layers (Ortega's last step), both faces oriented.
    Pbl,
    /// Corners of the last layer, first layer solved.
    Cll,
    /// First layer oriented with an adjacent swap.
    Eg1,
    /// First layer oriented with a diagonal swap.
    Eg2,
    /// First layer placed, its front-left corner twisted clockwise.
    TcllPlus,
    /// First layer placed, its front-left corner twisted anticlockwise.
    TcllMinus,
}

impl CaseSet {
    /// Every set, in the order the command line lists them.
    pub const ALL: [CaseSet; 7] = [
        CaseSet::Ortega,
        CaseSet::Pbl,
        CaseSet::Cll,
        CaseSet::Eg1,
        CaseSet::Eg2,
        CaseSet::TcllPlus,
        CaseSet::TcllMinus,
    ];

    /// The set's name on the command line.
    pub fn name(self) -> &'static str {
        match self {
            CaseSet::Ortega => "ortega",
            CaseSet::Pbl => "pbl",
            CaseSet::Cll => "cll",
            CaseSet::Eg1 => "eg1",
            CaseSet::Eg2 => "eg2",
            CaseSet::TcllPlus => "tcll+",
            CaseSet::TcllMinus => "tcll-",
        }
    }

    /// The set's name as cubers write it.
    pub fn title(self) -> &'static str {
        match self {
            CaseSet::Ortega => "Ortega OLL",
            CaseSet::Pbl => "PBL",
            CaseSet::Cll => "CLL",
            CaseSet::Eg1 => "EG-1",
            CaseSet::Eg2 => "EG-2",
            CaseSet::TcllPlus => "TCLL+",
            CaseSet::TcllMinus => "TCLL-",
        }
    }

    /// What the set's positions are.
    pub fn describe(self) -> &'static str {
        match self {
            CaseSet::Ortega => "D face one colour, U layer any",
            CaseSet::Pbl => "U and D faces one colour each, both layers any order",
            CaseSet::Cll => "D layer solved, U layer any",
            CaseSet::Eg1 => "D face one colour with two adjacent corners swapped, U layer any",
            CaseSet::Eg2 => "D face one colour with two diagonal corners swapped, U layer any",
            CaseSet::TcllPlus => {
                "D layer placed, its front-left corner twisted clockwise, U layer any"
            }
            CaseSet::TcllMinus => {
                "D layer placed, its front-left corner twisted anticlockwise, U layer any"
            }
        }
    }

    /// The orders of the three D corners other than the reference (slots DFR, DLF,
    /// DRB as `perm[4]`, `perm[5]`, `perm[7]`) the set allows. With the reference
    /// fixed, each way four corners can sit in a ring, up to turning the ring, is one
    /// order of the other three: the identity (solved), a swap of the reference's two
    /// neighbours (diagonal), and the other four (adjacent).
    fn d_orders(self) -> &'static [[u8; 3]] {
        const SOLVED: [[u8; 3]; 1] = [[4, 5, 7]];
        const ADJACENT: [[u8; 3]; 4] = [[5, 4, 7], [7, 5, 4], [5, 7, 4], [7, 4, 5]];
        const DIAGONAL: [[u8; 3]; 1] = [[4, 7, 5]];
        const ANY: [[u8; 3]; 6] = [
            [4, 5, 7],
            [5, 4, 7],
            [7, 5, 4],
            [5, 7, 4],
            [7, 4, 5],
            [4, 7, 5],
        ];
        match self {
            CaseSet::Ortega | CaseSet::Pbl => &ANY,
            CaseSet::Cll | CaseSet::TcllPlus | CaseSet::TcllMinus => &SOLVED,
            CaseSet::Eg1 => &ADJACENT,
            CaseSet::Eg2 => &DIAGONAL,
        }
    }

    /// The twist of the D corner at front-left (slot DLF): 1 clockwise, 2 anticlockwise.
    fn d_twist(self) -> u8 {
        match self {
            CaseSet::TcllPlus => 1,
            CaseSet::TcllMinus => 2,
            _ => 0,
        }
    }

    /// Every position of the set.
    pub fn positions(self) -> Vec<Cube> {
        let mut out = Vec::new();
        let u_twists: Vec<[u8; 4]> = match self {
            CaseSet::Pbl => vec![[0; 4]],
            _ => (0..81u8)
                .map(|t| [t % 3, t / 3 % 3, t / 9 % 3, t / 27])
                .collect(),
        };
        for u in permutations4() {
            for d in self.d_orders() {
                for t in &u_twists {
                    let perm = [u[0], u[1], u[2], u[3], d[0], d[1], 6, d[2]];
                    let twist = [t[0], t[1], t[2], t[3], 0, self.d_twist(), 0, 0];
                    if let Ok(cube) = Cube::new(perm, twist) {
                        out.push(cube);
                    }
                }
            }
        }
        out
    }

    /// Whether a position is one of the set's.
    pub fn contains(self, cube: &Cube) -> bool {
        let (perm, twist) = (cube.perm(), cube.twist());
        let d = [perm[4], perm[5], perm[7]];
        self.d_orders().contains(&d)
            && twist[4..] == [0, self.d_twist(), 0, 0]
            && (self != CaseSet::Pbl || twist[..4] == [0; 4])
    }

    /// Whether D turns adjust the bottom layer between cases (not for TCLL, whose
    /// twisted corner is held at front-left).
    fn turns_d(self) -> bool {
        matches!(self, CaseSet::Pbl | CaseSet::Eg1 | CaseSet::Eg2)
    }
}

impl std::str::FromStr for CaseSet {
    type Err = String;
    fn from_str(s: &str) -> Result<CaseSet, String> {
        CaseSet::ALL
            .into_iter()
            .find(|c| c.name() == s.to_ascii_lowercase())
            .ok_or_else(|| {
                let names: Vec<&str> = CaseSet::ALL.iter().map(|c| c.name()).collect();
                format!(
                    "unknown case set '{}': {}",
                    crate::model::stickers::escape_text(s),
                    names.join(", ")
                )
            })
    }
}

/// The 24 orders of four things.
fn permutations4() -> Vec<[u8; 4]> {
    let mut out = Vec::with_capacity(24);
    for a in 0..4u8 {
        for b in (0..4).filter(|&b| b != a) {
            for c in (0..4).filter(|&c| c != a && c != b) {
                out.push([a, b, c, 6 - a - b - c]);
            }
        }
    }
    out
}

const U: Move = Move::ALL[3];

/// `cube` turned by a WCA sequence (D turns and rotations too), read back in pocket's
/// frame.
fn turned(cube: &Cube, sequence: &str) -> Cube {
    let seq: WcaSequence = sequence.parse().expect("a fixed sequence");
    seq.apply(&cube.stickers())
        .to_cube()
        .expect("a turned cube is a cube")
}

/// The positions one AUF (and for some sets ADF) away: before and after.
fn neighbours(set: CaseSet, x: &Cube) -> Vec<Cube> {
    let inv = x.inverse();
    let mut out = vec![x.apply(U), u_before(&inv)];
    if set.turns_d() {
        out.push(turned(x, "D"));
        out.push(turned(&inv, "D'").inverse());
    }
    out
}

/// U turned before the position whose inverse is `inv`.
fn u_before(inv: &Cube) -> Cube {
    inv.apply(U.inverse()).inverse()
}

/// A position and the three U turns of it, in order.
fn auf_turns(c: Cube) -> Vec<Cube> {
    (0..4).map(|k| (0..k).fold(c, |c, _| c.apply(U))).collect()
}

/// One case: its name, the position shown, how many of the set's positions it is,
/// and algorithms, best first.
#[derive(Clone, Debug)]
pub struct Case {
    pub name: String,
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

impl Case {
    /// The case as `pocket cases --json` and the API write it; `total` is the set's
    /// number of positions.
    pub fn to_json(&self, total: usize) -> serde_json::Value {
        let algorithms: Vec<serde_json::Value> = self
            .algorithms
            .iter()
            .map(|a| {
                serde_json::json!({
                    "moves": a.moves.to_string(),
                    "pre_auf": a.pre_auf.map(|m| m.to_string()),
                    "post_auf": a.post_auf.map(|m| m.to_string()),
                    "text": a.text(),
                    "length": a.moves.len(),
                    "cost": a.cost as f64 / 1000.0,
                    "optimal": a.optimal,
                })
            })
            .collect();
        serde_json::json!({
            "name": self.name,
            "state": self.state.stickers().to_string(),
            "positions": self.positions,
            "probability": self.positions as f64 / total as f64,
            "algorithms": algorithms,
        })
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
            state,
            positions: class.len(),
            algorithms,
        });
    }
    Ok(CaseSheet {
        set,
        positions: members.len(),
        cases,
        case_of,
    })
}

/// The set's positions grouped into cases, each group in order of position number,
/// groups in order of their OLL family and then of their first position.
fn classes(set: CaseSet, members: &[Cube]) -> Vec<Vec<Cube>> {
    let mut groups: Vec<Vec<Cube>> = match set {
        CaseSet::Ortega => {
            let mut by: std::collections::BTreeMap<[u8; 4], Vec<Cube>> = Default::default();
            for c in members {
                by.entry(twist_pattern(c)).or_default().push(*c);
            }
            by.into_values().collect()
        }
        _ => closures(set, members),
    };
    for g in &mut groups {
        g.sort_by_key(|c| c.coord().index());
    }
    groups.sort_by_key(|g| (family_rank(set, &g[0]), g[0].coord().index()));
    groups
}

/// The groups of positions joined by [`neighbours`].
fn closures(set: CaseSet, members: &[Cube]) -> Vec<Vec<Cube>> {
    let mut seen = vec![false; POSITIONS as usize];
    let mut groups = Vec::new();
    for start in members {
        if seen[start.coord().index() as usize] {
            continue;
        }
        seen[start.coord().index() as usize] = true;
        let mut group = vec![*start];
        let mut k = 0;
        while k < group.len() {
            for n in neighbours(set, &group[k]) {
                let i = n.coord().index() as usize;
                if !seen[i] && set.contains(&n) {
                    seen[i] = true;
                    group.push(n);
                }
            }
            k += 1;
        }
        groups.push(group);
    }
    groups
}

/// The twists of the U corners, read around the layer (URF, UFL, ULB, UBR), as the
/// least of their four rotations.
fn twist_pattern(c: &Cube) -> [u8; 4] {
    let t = c.twist();
    (0..4)
        .map(|r| [t[r], t[(r + 1) % 4], t[(r + 2) % 4], t[(r + 3) % 4]])
        .min()
        .unwrap_or_default()
}

/// The OLL cases by the algorithm that solves each (its inverse makes the case).
const OLL_NAMES: [(&str, &str); 7] = [
    ("Sune", "R U R' U R U2 R'"),
    ("Antisune", "R U2 R' U' R U' R'"),
    ("H", "R2 U2 R U2 R2"),
    ("Pi", "R U2 R2 U' R2 U' R2 U2 R"),
    ("U", "F R U R' U' F'"),
    ("T", "R U R' U' R' F R F'"),
    ("L", "F R U' R' U' R U R' F'"),
];

/// The OLL case's name of a U twist pattern.
fn oll_name(pattern: [u8; 4]) -> Option<&'static str> {
    OLL_NAMES.iter().find_map(|&(name, alg)| {
        let alg: Alg = alg.parse().ok()?;
        (twist_pattern(&Cube::SOLVED.apply_alg(&alg.inverse())) == pattern).then_some(name)
    })
}

/// How a case is named: its OLL family (numbered within it), or for an oriented U
/// layer the order of each layer.
struct Family {
    name: String,
    oriented: bool,
}

fn family_name(set: CaseSet, c: &Cube) -> Family {
    let pattern = twist_pattern(c);
    if pattern != [0; 4] {
        let name = oll_name(pattern).unwrap_or("OLL");
        return Family {
            name: name.to_string(),
            oriented: false,
        };
    }
    let perm = c.perm();
    let top = ring_order([perm[0], perm[1], perm[2], perm[3]], [0, 1, 2, 3]);
    let bottom = ring_order([perm[4], perm[5], perm[6], perm[7]], [4, 5, 6, 7]);
    let name = match (set, top, bottom) {
        (CaseSet::Ortega, _, _) => "oriented".to_string(),
        (_, "solved", "solved") => "solved".to_string(),
        (CaseSet::Pbl | CaseSet::Eg1 | CaseSet::Eg2, t, b) => format!("{t}/{b}"),
        (_, t, _) => t.to_string(),
    };
    Family {
        name,
        oriented: true,
    }
}

/// The order of a layer's four corners up to turning it: "solved", "adj" (two
/// neighbours swapped) or "diag" (two opposite ones). The ring of slots in `home`
/// order; `pieces` the pieces there.
fn ring_order(pieces: [u8; 4], home: [u8; 4]) -> &'static str {
    let at = |k: usize| home.iter().position(|&h| h == pieces[k % 4]).unwrap_or(0);
    // Each neighbouring pair of slots holds pieces that are neighbours at home, in
    // the same direction (solved) or all reversed (a reflection: a diagonal swap).
    let step = |k: usize| (at(k + 1) + 4 - at(k)) % 4;
    match (0..4).map(step).collect::<Vec<_>>().as_slice() {
        [1, 1, 1, 1] => "solved",
        [3, 3, 3, 3] => "diag",
        _ => "adj",
    }
}

/// Where a family sorts: the OLL order, then the oriented cases.
fn family_rank(set: CaseSet, c: &Cube) -> usize {
    let family = family_name(set, c);
    OLL_NAMES
        .iter()
        .position(|&(n, _)| n == family.name)
        .unwrap_or(OLL_NAMES.len() + usize::from(family.name != "solved"))
}

/// The distances to a set's goal in the half-turn metric, and the costs algorithms
/// are ranked by.
struct Goal {
    htm: PocketSpace,
    costs: Costs,
    /// Each move's cost in thousandths, by index in [`Move::ALL`].
    unit: [u64; Move::COUNT],
    steps: Vec<u8>,
    post_auf: bool,
}

impl Goal {
    fn new(set: CaseSet, costs: &Costs) -> Result<Goal, Invalid> {
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
    fn algorithms(&self, class: &[Cube]) -> (Cube, Vec<CaseAlg>) {
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
        if !kept.iter().any(|(_, a)| a.optimal)
            && let Some(best) = algs.iter().find(|(_, a)| a.optimal)
        {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn oll_names_are_seven_patterns() {
        let mut patterns: Vec<[u8; 4]> = OLL_NAMES
            .iter()
            .map(|&(_, a)| {
                twist_pattern(&Cube::SOLVED.apply_alg(&a.parse::<Alg>().unwrap().inverse()))
            })
            .collect();
        patterns.sort();
        patterns.dedup();
        assert_eq!(patterns.len(), 7);
        assert!(!patterns.contains(&[0; 4]));
    }

    #[test]
    fn ring_orders() {
        assert_eq!(ring_order([0, 1, 2, 3], [0, 1, 2, 3]), "solved");
        assert_eq!(ring_order([1, 2, 3, 0], [0, 1, 2, 3]), "solved");
        assert_eq!(ring_order([1, 0, 2, 3], [0, 1, 2, 3]), "adj");
        assert_eq!(ring_order([2, 1, 0, 3], [0, 1, 2, 3]), "diag");
    }
}
