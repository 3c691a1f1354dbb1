//! A `scramble` request, decided in one place: the options checked against the
//! scrambler of the moves asked for, and the scrambles drawn one at a time. The
//! command line, `pocket serve` and the Python package all build a
//! [`ScrambleRequest`]; they only read their arguments and write the scrambles.

use super::RequestError;
use super::words::opts::*;
use crate::cube::cases::CaseSet;
use crate::cube::scramble::{Length, Rng, Scramble, Scrambler};
use crate::cube::shared;
use crate::model::goal::{Goal, matching, unmatchable};
use crate::model::moves::{Move, generators_name};
use crate::model::pieces::{Coord, Cube};
use crate::request::{Message, message};

/// `--length` unless given (with all nine moves).
pub const DEFAULT_LENGTH: usize = 11;
/// `--min-distance` unless given.
pub const DEFAULT_MIN_DISTANCE: u64 = 4;
/// The longest `--length` taken.
pub const MAX_LENGTH: usize = 1000;

/// What a `scramble` asks, option by option as `pocket scramble` takes them.
#[derive(Clone, Debug)]
pub struct ScrambleRequest {
    /// How many scrambles.
    pub count: u64,
    /// The seed of the random numbers (none: from the system).
    pub seed: Option<u64>,
    /// The smallest distance from solved drawn (any number: one past the largest
    /// distance is refused by name).
    pub min_distance: u64,
    /// Moves in each sequence (none: the default of the moves).
    pub length: Option<usize>,
    /// The shortest sequence for each position instead of a fixed length.
    pub optimal: bool,
    /// The moves scrambled with, when not all nine.
    pub generators: Option<Vec<Move>>,
    /// Draw among the positions of this case set only (`--set cll`).
    pub set: Option<CaseSet>,
    /// Draw among the positions matching this pattern only (face letters, `.` for
    /// any: `--goal ............LLFFRRBBDDDD`).
    pub goal: Option<String>,
}

impl Default for ScrambleRequest {
    fn default() -> ScrambleRequest {
        ScrambleRequest {
            count: 1,
            seed: None,
            min_distance: DEFAULT_MIN_DISTANCE,
            length: None,
            optimal: false,
            generators: None,
            set: None,
            goal: None,
        }
    }
}

/// A scrambler shared by the process (all nine moves), or one of the request's own.
enum Held {
    Shared(&'static Scrambler),
    Own(Box<Scrambler>),
}

/// A checked request: its scrambles, drawn as they are asked for.
pub struct Scrambles {
    scrambler: Held,
    rng: Rng,
    min_distance: u32,
    length: Length,
    left: u64,
    /// The moves' name, for the message of a length that writes nothing.
    moves: String,
    /// The positions drawn among, with what they are (`the CLL set`), if not all.
    among: Option<(Vec<Coord>, String)>,
}

impl ScrambleRequest {
    /// Whether the request needs a scrambler of its own (a search of its moves'
    /// group: 3 to 24 MB), not the shared one of all nine moves.
    pub fn searches(&self) -> bool {
        self.generators.is_some()
    }

    /// Whether some of the nine moves are left out.
    fn is_subgroup(&self) -> bool {
        self.generators
            .as_ref()
            .is_some_and(|g| !Move::ALL.iter().all(|m| g.contains(m)))
    }

    /// Check the request; its scrambles, or a usage error.
    pub fn scrambles(&self) -> Result<Scrambles, RequestError> {
        if self.optimal && self.length.is_some() {
            return usage(message!("choose {LENGTH} or {OPTIMAL}, not both"));
        }
        if self.length.is_some_and(|l| l > MAX_LENGTH) {
            return usage(message!("{LENGTH} is at most {MAX_LENGTH}"));
        }
        let among = self.among()?;
        let scrambler = match &self.generators {
            Some(g) => Held::Own(Box::new(Scrambler::with_moves(g))),
            None => Held::Shared(shared::scrambler()),
        };
        let diameter = scrambler.get().diameter();
        if self.min_distance > u64::from(diameter) {
            return usage(message!(
                "{MIN_DISTANCE} {} is more than the largest distance ({diameter})",
                self.min_distance
            ));
        }
        let length = match (self.optimal, self.length) {
            (true, _) => Length::Optimal,
            (false, Some(n)) => Length::Fixed(n),
            // All nine moves are uniform at 11; a subgroup's default is its own uniform
            // length (14 for RU, where 11 leaves 503 of 29,160 positions out).
            (false, None) if self.is_subgroup() => {
                Length::Fixed(scrambler.get().uniform_length(DEFAULT_LENGTH))
            }
            (false, None) => Length::Fixed(DEFAULT_LENGTH),
        };
        Ok(Scrambles {
            scrambler,
            rng: self.seed.map_or_else(Rng::from_entropy, Rng::from_seed),
            // At most the diameter, checked above.
            min_distance: self.min_distance as u32,
            length,
            left: self.count,
            moves: generators_name(self.generators.as_deref().unwrap_or(&Move::ALL)),
            among,
        })
    }

    /// The positions of `set` or `goal`, if the request names one, and what they are.
    fn among(&self) -> Result<Option<(Vec<Coord>, String)>, RequestError> {
        if self.set.is_some() && self.goal.is_some() {
            return usage(message!("choose {SET} or {GOAL}, not both"));
        }
        if (self.set.is_some() || self.goal.is_some()) && self.generators.is_some() {
            return usage(message!(
                "{SET} and {GOAL} draw among positions of all nine moves: leave out {GEN}"
            ));
        }
        if let Some(set) = self.set {
            let coords = set.positions().iter().map(|c| c.coord()).collect();
            return Ok(Some((coords, format!("the {} set", set.title()))));
        }
        let Some(text) = &self.goal else {
            return Ok(None);
        };
        let bad = |e: String| {
            let e = e.strip_prefix("goal: ").unwrap_or(&e).to_string();
            RequestError::Usage(message!("{GOAL}: {e}"))
        };
        let pattern = Goal::parse(text).map_err(|e| bad(e.to_string()))?;
        let solved = Cube::SOLVED;
        let faces = pattern
            .faces_for(&solved.stickers(), &solved)
            .map_err(|e| bad(e.to_string()))?;
        if let Some(why) = unmatchable(&pattern, &faces) {
            return Err(bad(why));
        }
        let coords = matching(&faces).iter().map(|c| c.coord()).collect();
        Ok(Some((coords, "the pattern".to_string())))
    }
}

fn usage<T>(message: Message) -> Result<T, RequestError> {
    Err(RequestError::Usage(message))
}

impl Held {
    fn get(&self) -> &Scrambler {
        match self {
            Held::Shared(s) => s,
            Held::Own(s) => s,
        }
    }
}

impl Scrambles {
    /// Why no scramble came: no position that far is farther than the length asked
    /// for or made by exactly that many moves (the distance was checked before).
    fn unwritable(&self) -> RequestError {
        let n = match self.length {
            Length::Fixed(n) => n.to_string(),
            Length::Optimal => "the fewest".into(),
        };
        if let Some((_, what)) = &self.among {
            return RequestError::Usage(message!(
                "no position of {what} is {} or more from solved: try a smaller {MIN_DISTANCE}",
                self.min_distance
            ));
        }
        RequestError::Usage(message!(
            "no position {} or more from solved is made by exactly {n} moves of {} \
             (no face twice in a row), nor farther than {n}: try {OPTIMAL} or another {LENGTH}",
            self.min_distance,
            self.moves
        ))
    }
}

/// The scrambles one by one; a length that writes none of the positions asked for is
/// a usage error, and ends them.
impl Iterator for Scrambles {
    type Item = Result<Scramble, RequestError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.left == 0 {
            return None;
        }
        self.left -= 1;
        let scrambler = self.scrambler.get();
        let drawn = match &self.among {
            Some((among, _)) => {
                scrambler.scramble_among(&mut self.rng, among, self.min_distance, self.length)
            }
            None => scrambler.scramble(&mut self.rng, self.min_distance, self.length),
        };
        match drawn {
            Some(sc) => Some(Ok(sc)),
            None => {
                self.left = 0;
                Some(Err(self.unwritable()))
            }
        }
    }
}
