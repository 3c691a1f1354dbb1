//! The magic-move search: sequences `S` whose power `S^k` changes only a few pieces
//! of one kind, all on one face (or anywhere), and leaves every other sticker in
//! place, the way the seed write-up found its corner 3-cycles (`R L2 U D2`, four
//! times) and corner twists on the Rubik's cube.
//!
//! Every sequence up to a length is enumerated once (no face twice in a row; two
//! commuting faces only in definition order), its sticker permutation `P` built move
//! by move. `P^k` leaves a sticker in place exactly when the length of its cycle in
//! `P` divides `k`, so one pass over the cycles of `P` answers every `k` at once: the
//! stickers outside the orbit fix the possible `k` (multiples of the least common
//! multiple of their cycle lengths), and the orbit's cycles then say which pieces
//! change. Only those pieces are followed to describe the effect.

use crate::model::{Error, Kind};
use std::fmt;
use std::str::FromStr;

use crate::engine::search::Canon;
use crate::puzzle::Puzzle;

mod parts;
mod setup;
mod walk;

/// What the changed pieces may do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Change {
    /// All of them move, in one cycle (twisted or not on the way).
    Cycle,
    /// None moves; each is twisted or flipped in place.
    Twist,
    /// Anything.
    Any,
}

impl FromStr for Change {
    type Err = Error;

    fn from_str(s: &str) -> Result<Change, Error> {
        match s {
            "cycle" => Ok(Change::Cycle),
            "twist" => Ok(Change::Twist),
            "any" => Ok(Change::Any),
            _ => Err(Error::invalid(
                Kind::Orbit,
                format!("'{s}' is not a change (cycle, twist or any)"),
            )),
        }
    }
}

/// The conditions on a magic move's effect.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rules {
    /// The kind of piece that may change (`corner`).
    pub kind: String,
    /// The kinds of piece that must stay put (`edge`); `None`: every sticker outside
    /// the pieces of `kind`, centres included.
    pub keep: Option<Vec<String>>,
    pub change: Change,
    /// Most pieces changed.
    pub max_changed: usize,
    /// Highest power of a sequence.
    pub max_power: u32,
    /// Whether the changed pieces must all lie on one face.
    pub one_face: bool,
}

impl Rules {
    /// The seed write-up's conditions: at most 3 pieces of `kind` change, all on one
    /// face, in powers up to 6.
    pub fn new(kind: &str) -> Rules {
        Rules {
            kind: kind.to_string(),
            keep: None,
            change: Change::Any,
            max_changed: 3,
            max_power: 6,
            one_face: true,
        }
    }
}

/// One changed piece of an effect: the position it leaves, the one it goes to, and
/// how far it turns clockwise on the way (in stickers, 0 to its size - 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Moved {
    pub from: usize,
    pub to: usize,
    pub twist: u8,
}

/// A sequence whose power has the wanted effect.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MagicMove {
    /// Indices into the puzzle's moves.
    pub moves: Vec<u8>,
    /// How many times the sequence is applied.
    pub power: u32,
    /// A face all changed pieces lie on, if there is one: a face turn's name, or a
    /// face of the definition's `face` lines.
    pub face: Option<String>,
    /// The changed pieces (indices into the puzzle's pieces), in cycle order.
    pub changed: Vec<Moved>,
}

impl MagicMove {
    /// Whether no piece leaves its position.
    pub fn is_twist(&self) -> bool {
        self.changed.iter().all(|m| m.from == m.to)
    }

    /// The sequence in the puzzle's move names.
    pub fn sequence(&self, puzzle: &Puzzle) -> String {
        let names: Vec<&str> = self
            .moves
            .iter()
            .map(|&m| puzzle.moves[m as usize].name.as_str())
            .collect();
        names.join(" ")
    }

    /// The effect in piece names: `cycle URF->UBR->ULB` (the piece at URF goes to
    /// UBR, the one at UBR to ULB, the one at ULB to URF), then the twists the pieces
    /// arrive with, clockwise in stickers: `twist URF+1 UBR+2`.
    pub fn effect(&self, puzzle: &Puzzle) -> String {
        let name = |i: usize| puzzle.pieces[i].name.as_str();
        let mut parts = Vec::new();
        let mut cycle: Vec<&str> = Vec::new();
        // `changed` lists each cycle in order, so a cycle ends where its first began.
        for m in self.changed.iter().filter(|m| m.from != m.to) {
            if cycle.is_empty() {
                cycle.push(name(m.from));
            }
            if name(m.to) == cycle[0] {
                parts.push(format!("cycle {}", cycle.join("->")));
                cycle.clear();
            } else {
                cycle.push(name(m.to));
            }
        }
        let twists: Vec<String> = self
            .changed
            .iter()
            .filter(|m| m.twist != 0)
            .map(|m| format!("{}+{}", name(m.to), m.twist))
            .collect();
        if !twists.is_empty() {
            parts.push(format!("twist {}", twists.join(" ")));
        }
        parts.join(", ")
    }
}

/// A magic-move search over one puzzle, one kind of piece and a set of moves.
pub struct OrbitSearch<'a> {
    puzzle: &'a Puzzle,
    /// Allowed moves, by face then as defined.
    moves: Vec<u8>,
    /// The canonical-sequence rule, commuting faces in order.
    canon: Canon,
    /// Stickers that must end in place: all outside the orbit's pieces.
    fixed: Vec<u8>,
    /// Stickers of the orbit's pieces.
    orbit: Vec<u8>,
    /// The piece (index into the puzzle's pieces) of each sticker of the orbit.
    owner: Vec<Option<usize>>,
    /// Each face's name and pieces, as a bit set over piece indices.
    face_pieces: Vec<(String, u128)>,
    rules: Rules,
}

impl fmt::Display for Change {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Change::Cycle => "cycle",
            Change::Twist => "twist",
            Change::Any => "any",
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn changes_round_trip() {
        for c in [Change::Cycle, Change::Twist, Change::Any] {
            assert_eq!(c.to_string().parse::<Change>(), Ok(c));
        }
        assert!("swap".parse::<Change>().is_err());
    }

    #[test]
    fn the_shortest_corner_three_cycle_of_one_face() {
        let cube = Puzzle::load("3x3x3").unwrap();
        let rules = Rules {
            change: Change::Cycle,
            ..Rules::new("corner")
        };
        let search = OrbitSearch::new(&cube, rules, &[]).unwrap();
        assert!((1..=4).all(|n| search.of_length(n, 2).is_empty()));
        let found = search.of_length(5, 2);
        let first = &found[0];
        assert_eq!(first.sequence(&cube), "U R2 U L2 U2");
        assert_eq!(first.power, 2);
        assert!(!first.is_twist());
        assert_eq!(first.face.as_deref(), Some("B"));
        assert_eq!(first.effect(&cube), "cycle DRB->UBR->DBL");
        // The same list on one thread.
        assert_eq!(search.of_length(5, 1), found);
    }
}
