//! What a move costs: the two metrics, and weighted costs for speed-solving.
//!
//! Costs are kept exactly, as integers in thousandths (three decimal places), and
//! reduced by their common divisor before a search uses them.

use super::invalid::{Invalid, Kind};
use std::fmt;
use std::str::FromStr;

use crate::model::moves::{Alg, Face, Move};

/// How solution length is counted: which moves there are and what each costs. The
/// census, the solvers and the scrambler all take this one type; weighted costs
/// ([`Costs`]) refine it move by move.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Metric {
    /// Half-turn metric: R R' R2 U U' U2 F F' F2, every move one.
    #[default]
    Htm,
    /// Quarter-turn metric: a half turn counts two (R2 = R R).
    Qtm,
    /// Clockwise quarter turns only (R U F), one each: distances along a directed
    /// graph, since undoing R takes R R R.
    OneWay,
}

impl Metric {
    /// All three, in the order printed by `census --metric all`.
    pub const ALL: [Metric; 3] = [Metric::Htm, Metric::Qtm, Metric::OneWay];

    /// Whether the metric turns `m` at all.
    pub fn has(self, m: Move) -> bool {
        self != Metric::OneWay || m.quarters() == 1
    }

    /// Cost of a move in this metric (1 for a move it does not turn).
    pub fn cost(self, m: Move) -> u32 {
        match self {
            Metric::Qtm if m.is_half() => 2,
            _ => 1,
        }
    }

    /// The moves a solution in this metric may use, in move order (with
    /// [`Metric::cost`]: in QTM a half turn is one move costing 2).
    pub fn moves(self) -> Vec<Move> {
        Move::ALL.into_iter().filter(|&m| self.has(m)).collect()
    }

    /// The moves of one step each that give the same distances, among `generators`:
    /// what a breadth-first census counts. In QTM these are the quarter turns, so a
    /// set of half turns alone has none.
    pub fn steps_in(self, generators: &[Move]) -> Vec<Move> {
        generators
            .iter()
            .copied()
            .filter(|&m| self.has(m) && !(self == Metric::Qtm && m.is_half()))
            .collect()
    }

    /// The one-step moves of this metric (see [`Metric::steps_in`]).
    pub fn steps(self) -> Vec<Move> {
        self.steps_in(&Move::ALL)
    }

    /// Length of an algorithm in this metric.
    pub fn length(self, alg: &Alg) -> u32 {
        alg.as_slice().iter().map(|&m| self.cost(m)).sum()
    }

    /// This metric's place in [`Metric::ALL`]: the slot of its table in a cache.
    pub fn index(self) -> usize {
        match self {
            Metric::Htm => 0,
            Metric::Qtm => 1,
            Metric::OneWay => 2,
        }
    }

    /// God's number: the largest distance from solved.
    pub fn gods_number(self) -> u32 {
        match self {
            Metric::Htm => 11,
            Metric::Qtm => 14,
            Metric::OneWay => 19,
        }
    }

    /// The name used on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Metric::Htm => "htm",
            Metric::Qtm => "qtm",
            Metric::OneWay => "one-way",
        }
    }
}

impl fmt::Display for Metric {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Metric {
    type Err = Invalid;

    fn from_str(s: &str) -> Result<Metric, Invalid> {
        Metric::ALL
            .into_iter()
            .find(|m| m.name().eq_ignore_ascii_case(s))
            .ok_or_else(|| {
                Invalid::new(
                    Kind::Costs,
                    format!("unknown metric '{s}' (expected htm, qtm or one-way)"),
                )
            })
    }
}

/// Move costs for speed-solving: `R=1,R'=1,R2=1.5,U=1,U'=1,U2=1.4,F=1.3,F'=1.3,F2=2`.
///
/// A face letter alone (`F=1.3`) sets the turns of that face that are not named on
/// their own, so `R=1` beside `R2=1.5` is the cost of the quarter turns; moves not
/// named at all cost 1.
/// Costs are positive decimals with at most three places, kept exactly as integers in
/// units of `1/scale`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Costs {
    /// Cost of each move of [`Move::ALL`], in units of `1 / scale`.
    units: [u64; Move::COUNT],
    scale: u64,
}

/// Largest cost a search step may have once ties are folded in (see [`Costs::search_costs`]).
const MAX_STEP_COST: u64 = 1_000_000;

impl Costs {
    /// The cost of a move as a decimal.
    pub fn of(&self, m: Move) -> f64 {
        self.units[m.index()] as f64 / self.scale as f64
    }

    /// The total cost of an algorithm, written as a decimal (`4.7`).
    pub fn total(&self, alg: &Alg) -> String {
        format_decimal(self.thousandths(alg), 1000)
    }

    /// The total cost of an algorithm in thousandths (exact).
    pub fn thousandths(&self, alg: &Alg) -> u64 {
        let units: u64 = alg.as_slice().iter().map(|m| self.units[m.index()]).sum();
        units * (1000 / self.scale)
    }

    /// Integer costs for the search: `cost * k + 1`, so that a cheaper solution always
    /// wins and among equally cheap ones the shorter. `k` exceeds the number of moves
    /// of any cheapest solution: at most 11 * largest / smallest (God's number times
    /// the cost ratio).
    pub(crate) fn search_costs(&self) -> Result<Vec<(Move, u32)>, Invalid> {
        let (min, max) = (
            *self.units.iter().min().unwrap_or(&1),
            *self.units.iter().max().unwrap_or(&1),
        );
        let k = (11 * max).div_ceil(min) + 1;
        if max.saturating_mul(k) + 1 > MAX_STEP_COST {
            return Err(Invalid::new(
                Kind::Costs,
                format!(
                    "costs are too far apart or too finely divided (largest {} vs smallest {})",
                    format_decimal(max, self.scale),
                    format_decimal(min, self.scale)
                ),
            ));
        }
        for face in crate::model::moves::Face::ALL {
            let c = |q: u8| self.units[Move::new(face, q).map_or(0, |m| m.index())];
            let (quarter, half, prime) = (c(1), c(2), c(3));
            let f = face.letter();
            let fmt = |u| format_decimal(u, self.scale);
            if half > 2 * quarter.min(prime) || quarter > prime + half || prime > quarter + half {
                return Err(Invalid::new(
                    Kind::Costs,
                    format!(
                        "costs of {f} {f}' {f}2 ({}, {}, {}): a turn may not cost more than two turns \
                     of the same face that make it (no solution turns one face twice in a row)",
                        fmt(quarter),
                        fmt(prime),
                        fmt(half)
                    ),
                ));
            }
        }
        Ok(Move::ALL
            .iter()
            .map(|&m| (m, (self.units[m.index()] * k + 1) as u32))
            .collect())
    }
}

/// `units / scale` as a decimal; `scale` divides 1000 (costs have three places).
pub fn format_decimal(units: u64, scale: u64) -> String {
    let thousandths = units * (1000 / scale);
    let (whole, frac) = (thousandths / 1000, thousandths % 1000);
    if frac == 0 {
        return whole.to_string();
    }
    format!("{whole}.{frac:03}")
        .trim_end_matches('0')
        .to_string()
}

impl FromStr for Costs {
    type Err = Invalid;

    fn from_str(spec: &str) -> Result<Costs, Invalid> {
        const SCALE: u64 = 1000; // three decimal places
        let mut units = [SCALE; Move::COUNT];
        // A face letter sets the turns of that face not named on their own, in any order.
        let mut by_face: [Option<u64>; 3] = [None; 3];
        let mut by_move: [Option<u64>; Move::COUNT] = [None; Move::COUNT];
        for (name, cost) in cost_list(spec)? {
            let slot = match Face::from_letter_str(name) {
                Some(face) => &mut by_face[face as usize],
                None => {
                    let m = name.parse::<Move>().map_err(|_| {
                        Invalid::new(Kind::Costs, format!("unknown move '{name}' (expected R R' R2 U U' U2 F F' F2, or R U F for a whole face)"))
                    })?;
                    &mut by_move[m.index()]
                }
            };
            if slot.replace(cost).is_some() {
                return Err(Invalid::new(
                    Kind::Costs,
                    format!("the cost of {name} is given twice"),
                ));
            }
        }
        for m in Move::ALL {
            if let Some(c) = by_move[m.index()].or(by_face[m.face() as usize]) {
                units[m.index()] = c;
            }
        }
        // Keep the numbers small: divide out common factors.
        let g = units.iter().fold(SCALE, |g, &u| gcd(g, u));
        Ok(Costs {
            units: units.map(|u| u / g),
            scale: SCALE / g,
        })
    }
}

/// A list of `NAME=COST` items separated by commas, each cost in thousandths; the
/// names are left to the caller (the cube's moves and faces, or a puzzle's moves).
pub(crate) fn cost_list(spec: &str) -> Result<Vec<(&str, u64)>, Invalid> {
    let mut out = Vec::new();
    for item in spec.split(',').map(str::trim).filter(|s| !s.is_empty()) {
        let Some((name, value)) = item.split_once('=') else {
            return Err(Invalid::new(
                Kind::Costs,
                format!("'{item}' is not NAME=COST (e.g. R2=1.5)"),
            ));
        };
        let (name, value) = (name.trim(), value.trim());
        let cost = parse_cost(value).ok_or_else(|| {
            // A well-formed number past the limit is told the limit.
            let whole = value.split('.').next().unwrap_or("");
            let past = whole.len() > MAX_COST_DIGITS && whole.bytes().all(|b| b.is_ascii_digit());
            Invalid::new(
                Kind::Costs,
                if past {
                    format!("cost of {name} is past the limit: at most 999999.999, got '{value}'")
                } else {
                    format!(
                        "cost of {name} must be a positive number with at most 3 decimals, got '{value}'"
                    )
                },
            )
        })?;
        out.push((name, cost));
    }
    Ok(out)
}

/// Greatest common divisor.
pub(crate) fn gcd(a: u64, b: u64) -> u64 {
    if b == 0 { a } else { gcd(b, a % b) }
}

/// Digits a cost may have before its decimal point: costs are below 1,000,000.
const MAX_COST_DIGITS: usize = 6;

/// A positive decimal with at most three places, in thousandths.
pub(crate) fn parse_cost(s: &str) -> Option<u64> {
    let (whole, frac) = s.split_once('.').unwrap_or((s, ""));
    if frac.len() > 3 || (whole.is_empty() && frac.is_empty()) {
        return None;
    }
    let digits = |t: &str| t.bytes().all(|b| b.is_ascii_digit());
    if !digits(whole) || !digits(frac) || whole.len() > MAX_COST_DIGITS {
        return None;
    }
    let w: u64 = if whole.is_empty() {
        0
    } else {
        whole.parse().ok()?
    };
    let f: u64 = format!("{frac:0<3}").parse().ok()?;
    let units = w * 1000 + f;
    (units > 0).then_some(units)
}
