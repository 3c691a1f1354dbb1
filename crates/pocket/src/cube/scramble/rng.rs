//! The scrambler's random numbers: its own generator, so that a seed gives the same
//! scrambles in every version.

/// A small, fast generator with a stable output for a given seed (xoshiro256**),
/// so that `--seed` scrambles never change between versions.
#[derive(Clone, Debug)]
pub struct Rng([u64; 4]);

impl Rng {
    /// A generator from a 64-bit seed (expanded with SplitMix64).
    pub fn from_seed(seed: u64) -> Rng {
        let mut z = seed;
        let mut next = || {
            z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut x = z;
            x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            x ^ (x >> 31)
        };
        Rng([next(), next(), next(), next()])
    }

    /// A generator seeded by the browser (`crypto.getRandomValues`, through getrandom),
    /// which has neither `/dev/urandom` nor a clock in std.
    #[cfg(target_arch = "wasm32")]
    pub fn from_entropy() -> Rng {
        Rng::from_seed(getrandom::u64().unwrap_or(0x9e37_79b9_7f4a_7c15))
    }

    /// A generator seeded from the operating system (`/dev/urandom`), or failing that
    /// from the clock and the process id.
    #[cfg(not(target_arch = "wasm32"))]
    pub fn from_entropy() -> Rng {
        use std::io::Read;
        let mut bytes = [0u8; 8];
        let ok = std::fs::File::open("/dev/urandom")
            .and_then(|mut f| f.read_exact(&mut bytes))
            .is_ok();
        let seed = if ok {
            u64::from_le_bytes(bytes)
        } else {
            let t = std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| d.as_nanos() as u64);
            t ^ ((std::process::id() as u64) << 32)
        };
        Rng::from_seed(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        let s = &mut self.0;
        let result = s[1].wrapping_mul(5).rotate_left(7).wrapping_mul(9);
        let t = s[1] << 17;
        s[2] ^= s[0];
        s[3] ^= s[1];
        s[1] ^= s[2];
        s[0] ^= s[3];
        s[2] ^= t;
        s[3] = s[3].rotate_left(45);
        result
    }

    /// A uniform number in `0..n` (rejection sampling: no modulo bias).
    pub fn below(&mut self, n: u64) -> u64 {
        let zone = u64::MAX - u64::MAX % n;
        loop {
            let r = self.next_u64();
            if r < zone {
                return r % n;
            }
        }
    }
}
