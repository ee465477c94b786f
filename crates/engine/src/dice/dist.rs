//! [`Dist`]: an exact finite probability distribution.

use super::{DiceError, Ratio};
use std::collections::BTreeMap;
use std::ops::Add;

/// An exact finite distribution: each outcome `K` with a [`Ratio`] probability.
///
/// Invariants: every listed outcome has probability `> 0`, and they sum to exactly 1 (checked by
/// a `debug_assert` whenever a distribution is built). Outcomes iterate in `K`'s order.
///
/// # Examples
/// ```
/// use gridwright_engine::dice::{Dist, Ratio};
/// // A chance node: integer weights become exact probabilities.
/// let weather = Dist::from_weights([("rain", 1), ("sun", 3)])?;
/// assert_eq!(weather.probability(&"sun"), Ratio::new(3, 4));
/// # Ok::<(), gridwright_engine::dice::DiceError>(())
/// ```
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Dist<K: Ord> {
    outcomes: BTreeMap<K, Ratio>,
}

impl<K: Ord> Dist<K> {
    /// The outcome `k` with probability 1.
    pub fn certain(k: K) -> Dist<K> {
        Dist {
            outcomes: BTreeMap::from([(k, Ratio::ONE)]),
        }
    }

    /// Exact probabilities `weight / total weight`; equal keys merge and zero weights drop out.
    ///
    /// # Errors
    /// [`DiceError::NoWeight`] if the weights are empty or all zero.
    pub fn from_weights(weights: impl IntoIterator<Item = (K, u64)>) -> Result<Dist<K>, DiceError> {
        let mut tally = BTreeMap::new();
        for (k, w) in weights.into_iter().filter(|&(_, w)| w > 0) {
            *tally.entry(k).or_insert(0) += u128::from(w);
        }
        if tally.is_empty() {
            return Err(DiceError::NoWeight);
        }
        Ok(Dist::from_tally(tally))
    }

    /// From a non-empty tally of positive counts.
    pub(super) fn from_tally(tally: BTreeMap<K, u128>) -> Dist<K> {
        let total: u128 = tally.values().sum();
        let ratio = |w: u128| match (i128::try_from(w), i128::try_from(total)) {
            (Ok(w), Ok(t)) => Ratio::new(w, t),
            _ => panic!("Dist: total weight {total} exceeds i128"),
        };
        Dist::checked(tally.into_iter().map(|(k, w)| (k, ratio(w))).collect())
    }

    fn checked(outcomes: BTreeMap<K, Ratio>) -> Dist<K> {
        let dist = Dist { outcomes };
        debug_assert_eq!(
            dist.total(),
            Ratio::ONE,
            "probabilities must sum to exactly 1"
        );
        dist
    }

    /// The probability of outcome `k` (zero if it cannot happen).
    pub fn probability(&self, k: &K) -> Ratio {
        self.outcomes.get(k).copied().unwrap_or(Ratio::ZERO)
    }

    /// The probability of an outcome `>= k`.
    pub fn cumulative_at_least(&self, k: &K) -> Ratio {
        self.outcomes.range(k..).map(|(_, &p)| p).sum()
    }

    /// The possible outcomes with their probabilities, in increasing order of outcome.
    pub fn iter(&self) -> impl DoubleEndedIterator<Item = (&K, Ratio)> {
        self.outcomes.iter().map(|(k, &p)| (k, p))
    }

    /// The sum of all probabilities; exactly [`Ratio::ONE`] for every `Dist`.
    pub fn total(&self) -> Ratio {
        self.outcomes.values().copied().sum()
    }

    /// The distribution of `f(outcome)`; outcomes with equal images merge.
    pub fn map<L: Ord>(&self, mut f: impl FnMut(&K) -> L) -> Dist<L> {
        let mut out = BTreeMap::new();
        for (k, &p) in &self.outcomes {
            *out.entry(f(k)).or_insert(Ratio::ZERO) += p;
        }
        Dist::checked(out)
    }

    /// The distribution of `f(a, b)` for independent `a` from `self` and `b` from `other` (the
    /// joint combination; [`contest`](super::contest) and [`Dist::convolve`] are built on it).
    pub fn combine<L: Ord, M: Ord>(
        &self,
        other: &Dist<L>,
        mut f: impl FnMut(&K, &L) -> M,
    ) -> Dist<M> {
        let mut out = BTreeMap::new();
        for (a, &p) in &self.outcomes {
            for (b, &q) in &other.outcomes {
                *out.entry(f(a, b)).or_insert(Ratio::ZERO) += p * q;
            }
        }
        Dist::checked(out)
    }

    /// The distribution of the sum of independent draws from `self` and `other`.
    pub fn convolve(&self, other: &Dist<K>) -> Dist<K>
    where
        K: Clone + Add<Output = K>,
    {
        self.combine(other, |a, b| a.clone() + b.clone())
    }
}

impl<K: Ord + Copy + Into<i128>> Dist<K> {
    /// The exact expected value of an integer-valued distribution.
    ///
    /// # Panics
    /// If an exact intermediate value does not fit in a [`Ratio`] (far beyond realistic pools).
    pub fn expected(&self) -> Ratio {
        self.iter()
            .map(|(&k, p)| Ratio::from_integer(k.into()) * p)
            .sum()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn from_weights_merges_keys_and_drops_zero_weights() {
        let d = Dist::from_weights([(1, 2), (2, 0), (1, 1), (3, 3)]).unwrap();
        assert_eq!(
            d.iter().collect::<Vec<_>>(),
            [(&1, Ratio::new(1, 2)), (&3, Ratio::new(1, 2))]
        );
        assert_eq!(d.probability(&2), Ratio::ZERO);
        assert_eq!(d.total(), Ratio::ONE);
        assert_eq!(Dist::<u8>::from_weights([]), Err(DiceError::NoWeight));
        assert_eq!(Dist::from_weights([('x', 0)]), Err(DiceError::NoWeight));
    }

    #[test]
    fn map_merges_equal_images() {
        let d6 = Dist::from_weights((1..=6).map(|k| (k, 1))).unwrap();
        let parity = d6.map(|k| k % 2);
        assert_eq!(parity, Dist::from_weights([(0, 1), (1, 1)]).unwrap());
        assert_eq!(d6.cumulative_at_least(&5), Ratio::new(1, 3));
        assert_eq!(d6.cumulative_at_least(&0), Ratio::ONE);
        assert_eq!(d6.cumulative_at_least(&7), Ratio::ZERO);
    }

    #[test]
    fn two_d6_sum_to_seven_one_time_in_six() {
        let d6 = Dist::from_weights((1..=6).map(|k| (k, 1))).unwrap();
        let two = d6.convolve(&d6);
        assert_eq!(two.probability(&7), Ratio::new(1, 6));
        assert_eq!(two.probability(&2), Ratio::new(1, 36));
        assert_eq!(two.iter().count(), 11);
        assert_eq!(two.expected(), Ratio::from_integer(7));
        assert_eq!(two.total(), Ratio::ONE);
    }

    #[test]
    fn certain_is_the_unit_of_convolution() {
        let coin = Dist::from_weights([(0i64, 1), (1, 1)]).unwrap();
        assert_eq!(Dist::certain(0).convolve(&coin), coin);
        assert_eq!(Dist::certain(5u8).expected(), Ratio::from_integer(5));
    }
}
