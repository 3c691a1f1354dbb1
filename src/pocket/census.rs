//! God's algorithm: the distance of every position from solved, in a flat array over
//! the coordinate, and the census of positions and local maxima per distance.
//!
//! The breadth-first search pushes from an explicit frontier while it is small, then
//! pulls: every unseen position looks for a neighbour in the last layer. Pulling walks
//! the array one permutation block (729 twists) at a time; for a fixed move, a block's
//! neighbours all lie in one other block, so the memory touched stays in cache.

use crate::error::{Error, Kind};
use std::fmt;
use std::str::FromStr;

use crate::io::group;
use crate::model::cube::{Coord, POSITIONS, TWISTS, tables};
use crate::model::moves::Move;

/// Distance marker of a position not reached (yet).
pub const UNSEEN: u8 = u8::MAX;

/// The move sets of the census.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CensusMetric {
    /// Half-turn metric: R R' R2 U U' U2 F F' F2.
    Htm,
    /// Quarter-turn metric: R R' U U' F F'.
    Qtm,
    /// Clockwise quarter turns only (R U F): distances along a directed graph.
    OneWay,
}

impl CensusMetric {
    /// All three, in the order printed by `--metric all`.
    pub const ALL: [CensusMetric; 3] = [CensusMetric::Htm, CensusMetric::Qtm, CensusMetric::OneWay];

    /// The moves of this metric.
    pub fn moves(self) -> Vec<Move> {
        self.moves_in(&Move::ALL)
    }

    /// The moves of this metric among `generators` (e.g. the quarter turns of R and U).
    pub fn moves_in(self, generators: &[Move]) -> Vec<Move> {
        generators
            .iter()
            .copied()
            .filter(|m| match self {
                CensusMetric::Htm => true,
                CensusMetric::Qtm => !m.is_half(),
                CensusMetric::OneWay => m.quarters() == 1,
            })
            .collect()
    }

    /// The name used on the command line.
    pub fn name(self) -> &'static str {
        match self {
            CensusMetric::Htm => "htm",
            CensusMetric::Qtm => "qtm",
            CensusMetric::OneWay => "one-way",
        }
    }
}

impl fmt::Display for CensusMetric {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for CensusMetric {
    type Err = Error;

    fn from_str(s: &str) -> Result<CensusMetric, Error> {
        CensusMetric::ALL
            .into_iter()
            .find(|m| m.name().eq_ignore_ascii_case(s))
            .ok_or_else(|| {
                Error::invalid(
                    Kind::Costs,
                    format!("unknown metric '{s}' (expected htm, qtm or one-way)"),
                )
            })
    }
}

/// Move tables laid out for the block loops, for `N` moves: for each permutation block
/// the blocks it goes to, and for each twist the twists it goes to. A constant `N` lets
/// the compiler unroll the loops over moves and drop the early exits, which mispredict:
/// `pocket census --metric all` went from 272 ms to 211 ms (hyperfine means, 20 runs).
struct BlockMoves<const N: usize> {
    perm: Vec<[u32; N]>, // block start offsets
    twist: Vec<[u16; N]>,
}

impl<const N: usize> BlockMoves<N> {
    fn new(moves: &[Move]) -> BlockMoves<N> {
        assert_eq!(moves.len(), N);
        let t = tables();
        BlockMoves {
            perm: t
                .perm
                .iter()
                .map(|row| std::array::from_fn(|k| row[moves[k].index()] as u32 * TWISTS))
                .collect(),
            twist: t
                .twist
                .iter()
                .map(|row| std::array::from_fn(|k| row[moves[k].index()]))
                .collect(),
        }
    }
}

/// Call `f::<N>(args)` with the move count as the constant `N` (1 to 9), so the loops
/// over moves unroll.
macro_rules! by_move_count {
    ($count:expr, $f:ident($($arg:expr),*)) => {
        match $count {
            1 => $f::<1>($($arg),*),
            2 => $f::<2>($($arg),*),
            3 => $f::<3>($($arg),*),
            4 => $f::<4>($($arg),*),
            5 => $f::<5>($($arg),*),
            6 => $f::<6>($($arg),*),
            7 => $f::<7>($($arg),*),
            8 => $f::<8>($($arg),*),
            9 => $f::<9>($($arg),*),
            n => panic!("a census takes 1 to 9 moves, not {n}"),
        }
    };
}

/// Distance of every position from solved, indexed by [`Coord`].
pub fn distance_table(metric: CensusMetric) -> Vec<u8> {
    distance_table_for(&metric.moves())
}

/// Distance of every position from solved with the given moves (one move, one step);
/// positions they cannot reach stay [`UNSEEN`].
pub fn distance_table_for(moves: &[Move]) -> Vec<u8> {
    distance_table_from(moves, &[0])
}

/// Distance of every position from the nearest of `roots` (coordinates) with the given
/// moves; for a move set closed under inverses, also the distance *to* the nearest.
pub fn distance_table_from(moves: &[Move], roots: &[u32]) -> Vec<u8> {
    by_move_count!(moves.len(), bfs(moves, roots))
}

fn bfs<const N: usize>(moves: &[Move], roots: &[u32]) -> Vec<u8> {
    let forward = BlockMoves::<N>::new(moves);
    // A position's predecessors are reached by the inverse moves.
    let inverse: Vec<Move> = moves.iter().map(|m| m.inverse()).collect();
    let backward = BlockMoves::<N>::new(&inverse);
    let n = POSITIONS as usize;
    let w = TWISTS as usize;
    let mut dist = vec![UNSEEN; n];
    let mut frontier: Vec<u32> = Vec::with_capacity(roots.len());
    for &r in roots {
        if dist[r as usize] == UNSEEN {
            dist[r as usize] = 0;
            frontier.push(r);
        }
    }
    let mut unseen = n - frontier.len();
    let mut d = 0u8;
    while unseen > 0 {
        let next = d + 1;
        let mut found = 0usize;
        // Pull once the frontier's pushes would outnumber the unseen positions.
        if !frontier.is_empty() && frontier.len() * N <= unseen {
            let mut new_frontier = Vec::new();
            for &x in &frontier {
                let (p, t) = (x as usize / w, x as usize % w);
                let (targets, tws) = (&forward.perm[p], &forward.twist[t]);
                for k in 0..N {
                    let y = targets[k] as usize + tws[k] as usize;
                    if dist[y] == UNSEEN {
                        dist[y] = next;
                        new_frontier.push(y as u32);
                    }
                }
            }
            found = new_frontier.len();
            frontier = new_frontier;
        } else {
            for p in 0..n / w {
                let sources = &backward.perm[p];
                for t in 0..w {
                    let y = p * w + t;
                    if dist[y] != UNSEEN {
                        continue;
                    }
                    let tws = &backward.twist[t];
                    let mut hit = false;
                    for k in 0..N {
                        hit |= dist[sources[k] as usize + tws[k] as usize] == d;
                    }
                    if hit {
                        dist[y] = next;
                        found += 1;
                    }
                }
            }
            frontier = Vec::new();
            if found * N <= unseen - found {
                // Still a thin layer: collect it to push from.
                frontier = (0..n as u32)
                    .filter(|&y| dist[y as usize] == next)
                    .collect();
            }
        }
        if found == 0 {
            break; // nothing more is reachable
        }
        unseen -= found;
        d = next;
    }
    dist
}

/// Local maxima at each distance: positions from which no move leads one step further.
fn local_maxima(dist: &[u8], moves: &[Move]) -> Vec<u64> {
    by_move_count!(moves.len(), maxima(dist, moves))
}

fn maxima<const N: usize>(dist: &[u8], moves: &[Move]) -> Vec<u64> {
    let bm = BlockMoves::<N>::new(moves);
    let w = TWISTS as usize;
    let mut counts = vec![0u64; 256];
    for p in 0..dist.len() / w {
        let targets = &bm.perm[p];
        for t in 0..w {
            let here = dist[p * w + t];
            let tws = &bm.twist[t];
            let further = here.wrapping_add(1);
            let mut escape = false;
            for k in 0..N {
                escape |= dist[targets[k] as usize + tws[k] as usize] == further;
            }
            if !escape && here != UNSEEN {
                counts[here as usize] += 1;
            }
        }
    }
    counts
}

/// Positions and local maxima at each distance, for one metric.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Census {
    pub metric: CensusMetric,
    /// The moves counted, one step each.
    pub moves: Vec<Move>,
    /// Whether the moves are a subset of the metric's (`--gen`).
    pub subset: bool,
    /// Positions at each distance 0..=diameter.
    pub positions: Vec<u64>,
    /// Positions at each distance from which no move leads further from solved.
    pub local_maxima: Vec<u64>,
}

impl Census {
    /// Count a distance table.
    pub fn from_table(metric: CensusMetric, moves: &[Move], dist: &[u8]) -> Census {
        let mut positions = vec![0u64; 256];
        for &d in dist {
            if d != UNSEEN {
                positions[d as usize] += 1;
            }
        }
        let diameter = positions.iter().rposition(|&c| c > 0).unwrap_or(0);
        positions.truncate(diameter + 1);
        let mut local_maxima = local_maxima(dist, moves);
        local_maxima.truncate(diameter + 1);
        let subset = moves != metric.moves().as_slice();
        Census {
            metric,
            moves: moves.to_vec(),
            subset,
            positions,
            local_maxima,
        }
    }

    /// Breadth-first search and count, for one metric.
    pub fn compute(metric: CensusMetric) -> Census {
        let moves = metric.moves();
        Census::from_table(metric, &moves, &distance_table_for(&moves))
    }

    /// Breadth-first search and count for the metric's moves among `generators`.
    /// Returns `None` if the metric has no such move (say, `qtm` of half turns).
    pub fn compute_in(metric: CensusMetric, generators: &[Move]) -> Option<Census> {
        let moves = metric.moves_in(generators);
        (!moves.is_empty()).then(|| Census::from_table(metric, &moves, &distance_table_for(&moves)))
    }

    /// Several metrics at once, one thread each (a 2-core machine runs two at a time).
    pub fn compute_all(metrics: &[CensusMetric]) -> Vec<Census> {
        tables();
        std::thread::scope(|s| {
            let handles: Vec<_> = metrics
                .iter()
                .map(|&m| s.spawn(move || Census::compute(m)))
                .collect();
            handles
                .into_iter()
                .map(|h| h.join().expect("census thread"))
                .collect()
        })
    }

    /// The largest distance.
    pub fn diameter(&self) -> usize {
        self.positions.len() - 1
    }

    /// All positions counted.
    pub fn total(&self) -> u64 {
        self.positions.iter().sum()
    }

    /// All local maxima counted.
    pub fn total_local_maxima(&self) -> u64 {
        self.local_maxima.iter().sum()
    }

    /// The census as one JSON object.
    pub fn to_json(&self) -> serde_json::Value {
        serde_json::json!({
            "metric": self.metric.name(),
            "moves": self.moves.iter().map(|m| m.to_string()).collect::<Vec<_>>(),
            "subset": self.subset,
            "diameter": self.diameter(),
            "positions": self.positions,
            "local_maxima": self.local_maxima,
            "total_positions": self.total(),
            "total_local_maxima": self.total_local_maxima(),
        })
    }
}

impl fmt::Display for Census {
    /// A table like the published ones: distance, positions, local maxima, totals.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let moves: Vec<String> = self.moves.iter().map(|m| m.to_string()).collect();
        writeln!(
            f,
            "{} ({})",
            self.metric.name().to_uppercase(),
            moves.join(" ")
        )?;
        writeln!(
            f,
            "{:>8}  {:>10}  {:>12}",
            "distance", "positions", "local maxima"
        )?;
        for (d, (p, l)) in self.positions.iter().zip(&self.local_maxima).enumerate() {
            writeln!(f, "{d:>8}  {:>10}  {:>12}", group(*p), group(*l))?;
        }
        writeln!(
            f,
            "{:>8}  {:>10}  {:>12}",
            "total",
            group(self.total()),
            group(self.total_local_maxima())
        )
    }
}

/// Distance of a position in a table from [`distance_table`].
pub fn distance(table: &[u8], c: Coord) -> u8 {
    table[c.0 as usize]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn grouping() {
        assert_eq!(group(3674160), "3,674,160");
        assert_eq!(group(0), "0");
        assert_eq!(group(999), "999");
        assert_eq!(group(1000), "1,000");
    }

    #[test]
    fn metric_names_round_trip() {
        for m in CensusMetric::ALL {
            assert_eq!(m.name().parse::<CensusMetric>().unwrap(), m);
        }
        assert!("x".parse::<CensusMetric>().is_err());
        assert_eq!(CensusMetric::Qtm.moves().len(), 6);
        assert_eq!(CensusMetric::OneWay.moves().len(), 3);
    }

    #[test]
    fn move_subsets() {
        let ru: Vec<Move> = Move::ALL
            .into_iter()
            .filter(|m| m.face() != crate::model::moves::Face::F)
            .collect();
        let c = Census::compute_in(CensusMetric::Htm, &ru).unwrap();
        assert_eq!(c.total(), 29_160);
        assert_eq!(
            c.positions,
            [
                1, 6, 18, 53, 148, 400, 910, 1882, 3276, 4628, 6198, 6325, 4352, 941, 22
            ]
        );
        let halves: Vec<Move> = Move::ALL.into_iter().filter(|m| m.is_half()).collect();
        let c = Census::compute_in(CensusMetric::Htm, &halves).unwrap();
        assert_eq!(c.positions, [1, 3, 6, 9, 5]);
        assert!(Census::compute_in(CensusMetric::Qtm, &halves).is_none());
    }

    #[test]
    fn published_counts() {
        let all = Census::compute_all(&CensusMetric::ALL);
        assert_eq!(
            all[0].positions,
            [
                1, 9, 54, 321, 1847, 9992, 50136, 227536, 870072, 1887748, 623800, 2644
            ]
        );
        assert_eq!(
            all[0].local_maxima,
            [0, 0, 0, 0, 11, 8, 96, 904, 13212, 413392, 604516, 2644]
        );
        assert_eq!(all[0].total_local_maxima(), 1_034_783);
        assert_eq!(
            all[1].positions,
            [
                1, 6, 27, 120, 534, 2256, 8969, 33058, 114149, 360508, 930588, 1350852, 782536,
                90280, 276
            ]
        );
        assert_eq!(
            all[1].local_maxima,
            [
                0, 0, 0, 0, 0, 0, 0, 16, 53, 260, 1460, 34088, 402260, 88636, 276
            ]
        );
        assert_eq!(all[1].total_local_maxima(), 527_049);
        assert_eq!(
            all[2].positions,
            [
                1, 3, 9, 27, 78, 216, 583, 1546, 4035, 10320, 25824, 62832, 146322, 321876, 635632,
                988788, 958176, 450280, 66420, 1192
            ]
        );
        for c in &all {
            assert_eq!(c.total(), POSITIONS as u64);
        }
    }
}
