//! The seeded, portable random number generator.
//!
//! # Why our own generator?
//! Determinism across machines and across dependency upgrades is a promise of the replay format:
//! the same seed must give the same dice forever. `rand`'s `StdRng` explicitly reserves the right
//! to change algorithm between versions, so the engine carries its own small, well-known
//! generator: xoshiro256** seeded through SplitMix64, with Lemire's unbiased bounded integers.
//! Nothing in Gridwright calls a thread-local or OS random source.

use serde::{Deserialize, Serialize};

/// xoshiro256** with explicit, serializable state.
#[derive(Clone, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub struct Rng {
    s: [u64; 4],
}

/// One step of SplitMix64: used to expand seeds and to derive independent sub-seeds.
pub fn splitmix64(x: &mut u64) -> u64 {
    *x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *x;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// A seed for the `index`-th independent stream under `master` (e.g. game number `index` of a
/// simulation), so results do not depend on which thread plays which game.
pub fn derive_seed(master: u64, index: u64) -> u64 {
    let mut x = master ^ index.wrapping_mul(0xD1B5_4A32_D192_ED03);
    splitmix64(&mut x);
    splitmix64(&mut x)
}

impl Rng {
    /// A generator whose whole future is fixed by `seed`.
    pub fn seed_from_u64(seed: u64) -> Rng {
        let mut x = seed;
        let s = [
            splitmix64(&mut x),
            splitmix64(&mut x),
            splitmix64(&mut x),
            splitmix64(&mut x),
        ];
        Rng { s }
    }

    /// The next 64 random bits.
    #[inline]
    pub fn next_u64(&mut self) -> u64 {
        let result = self.s[1].wrapping_mul(5).rotate_left(7).wrapping_mul(9);
        let t = self.s[1] << 17;
        self.s[2] ^= self.s[0];
        self.s[3] ^= self.s[1];
        self.s[1] ^= self.s[2];
        self.s[0] ^= self.s[3];
        self.s[2] ^= t;
        self.s[3] = self.s[3].rotate_left(45);
        result
    }

    /// A uniform integer in `0..n` without modulo bias.
    ///
    /// # Panics
    /// If `n == 0`.
    #[inline]
    pub fn below(&mut self, n: u64) -> u64 {
        assert!(n > 0, "Rng::below(0)");
        // Lemire's nearly-divisionless method.
        let mut m = (self.next_u64() as u128) * (n as u128);
        let mut lo = m as u64;
        if lo < n {
            let threshold = n.wrapping_neg() % n;
            while lo < threshold {
                m = (self.next_u64() as u128) * (n as u128);
                lo = m as u64;
            }
        }
        (m >> 64) as u64
    }

    /// A uniform index into a slice of length `len`.
    ///
    /// # Panics
    /// If `len == 0`.
    #[inline]
    pub fn index(&mut self, len: usize) -> usize {
        self.below(len as u64) as usize
    }

    /// A uniform float in `[0, 1)`.
    pub fn unit_f64(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 * (1.0 / (1u64 << 53) as f64)
    }

    /// Picks an index with probability proportional to `weights[i]`.
    ///
    /// # Panics
    /// If the weights are empty or all zero.
    pub fn weighted_index(&mut self, weights: impl Iterator<Item = u32> + Clone) -> usize {
        let total: u64 = weights.clone().map(u64::from).sum();
        let mut r = self.below(total);
        for (i, w) in weights.enumerate() {
            let w = u64::from(w);
            if r < w {
                return i;
            }
            r -= w;
        }
        unreachable!("weights changed between passes")
    }

    /// Fisher–Yates shuffle.
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.index(i + 1);
            items.swap(i, j);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_same_stream_forever() {
        // Pinned values: if these change, every saved replay in the world breaks.
        let mut r = Rng::seed_from_u64(42);
        let got: Vec<u64> = (0..3).map(|_| r.next_u64()).collect();
        let mut again = Rng::seed_from_u64(42);
        assert_eq!(got, (0..3).map(|_| again.next_u64()).collect::<Vec<_>>());
        assert_eq!(got[0], PINNED_FIRST_OUTPUT_OF_SEED_42);
    }

    const PINNED_FIRST_OUTPUT_OF_SEED_42: u64 = 1_546_998_764_402_558_742;

    #[test]
    fn below_is_in_range_and_roughly_uniform() {
        let mut r = Rng::seed_from_u64(7);
        let mut counts = [0u32; 6];
        for _ in 0..60_000 {
            counts[r.below(6) as usize] += 1;
        }
        for c in counts {
            assert!((9_000..11_000).contains(&c), "{counts:?}");
        }
    }

    #[test]
    fn weighted_index_respects_zero_weights() {
        let mut r = Rng::seed_from_u64(1);
        for _ in 0..1000 {
            let i = r.weighted_index([0u32, 3, 0, 1].into_iter());
            assert!(i == 1 || i == 3);
        }
    }

    #[test]
    fn derived_seeds_differ() {
        assert_ne!(derive_seed(1, 0), derive_seed(1, 1));
        assert_ne!(derive_seed(1, 0), derive_seed(2, 0));
    }
}
