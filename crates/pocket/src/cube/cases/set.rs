//! The case sets themselves: what positions each step of a method starts from, as
//! the command line names them.

use crate::model::invalid::{Invalid, Kind};
use crate::model::pieces::Cube;

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
    pub(super) fn turns_d(self) -> bool {
        matches!(self, CaseSet::Pbl | CaseSet::Eg1 | CaseSet::Eg2)
    }
}

impl std::str::FromStr for CaseSet {
    type Err = Invalid;
    fn from_str(s: &str) -> Result<CaseSet, Invalid> {
        CaseSet::ALL
            .into_iter()
            .find(|c| c.name() == s.to_ascii_lowercase())
            .ok_or_else(|| {
                let names: Vec<&str> = CaseSet::ALL.iter().map(|c| c.name()).collect();
                Invalid::new(
                    Kind::Name,
                    format!(
                        "unknown case set '{}': {}",
                        crate::model::stickers::escape_text(s),
                        names.join(", ")
                    ),
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
