//! The model's moves as a group (identity, composition, inverse), which both the
//! powers of a move and the derived moves of either format are made with.

use super::{FormatError, OrbitMove, PieceModel};

impl crate::puzzle::formats::derived::Compose for PieceModel {
    type Move = Vec<OrbitMove>;

    fn identity(&self) -> Vec<OrbitMove> {
        PieceModel::identity(self)
    }

    fn compose(&self, a: &Vec<OrbitMove>, b: &Vec<OrbitMove>) -> Vec<OrbitMove> {
        PieceModel::compose(self, a, b)
    }

    /// The move that undoes `m`: composed after it, the identity.
    fn invert(&self, m: &Vec<OrbitMove>) -> Vec<OrbitMove> {
        self.orbits
            .iter()
            .zip(m)
            .map(|(o, a)| {
                let mut perm = vec![0; o.pieces];
                for (j, &p) in a.perm.iter().enumerate() {
                    perm[p] = j;
                }
                let delta = (0..o.pieces)
                    .map(|j| (o.orientations - a.delta[perm[j]]) % o.orientations)
                    .collect();
                OrbitMove { perm, delta }
            })
            .collect()
    }
}

impl PieceModel {
    /// `sequences` made moves of the model ([`crate::puzzle::formats::derived`]), with `rotations` to
    /// use in them.
    pub(in crate::puzzle) fn derive(
        &mut self,
        rotations: &[(String, Vec<OrbitMove>)],
        sequences: Vec<crate::puzzle::formats::derived::Sequence>,
    ) -> Result<(), FormatError> {
        let (made, aliases) =
            crate::puzzle::formats::derived::expand(&*self, &self.moves, rotations, sequences)
                .map_err(|(line, message)| FormatError { line, message })?;
        self.aliases.extend(aliases);
        for (name, m, line) in made {
            self.moves.push((name, m));
            self.move_lines.push(line);
        }
        Ok(())
    }

    pub(super) fn identity(&self) -> Vec<OrbitMove> {
        self.orbits
            .iter()
            .map(|o| OrbitMove {
                perm: (0..o.pieces).collect(),
                delta: vec![0; o.pieces],
            })
            .collect()
    }

    /// First `a`, then `b`.
    pub(super) fn compose(&self, a: &[OrbitMove], b: &[OrbitMove]) -> Vec<OrbitMove> {
        self.orbits
            .iter()
            .zip(a.iter().zip(b))
            .map(|(o, (a, b))| OrbitMove {
                perm: b.perm.iter().map(|&j| a.perm[j]).collect(),
                delta: (0..o.pieces)
                    .map(|j| (a.delta[b.perm[j]] + b.delta[j]) % o.orientations)
                    .collect(),
            })
            .collect()
    }
}
