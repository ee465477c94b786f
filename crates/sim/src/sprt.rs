//! The sequential probability ratio test of Fishtest (Stockfish's testing framework): after each
//! game, a log-likelihood ratio of "the score is that of Elo `elo1`" against "of Elo `elo0`",
//! stopping as soon as it crosses a bound set by the error rates `alpha` (accepting H1 when H0
//! holds) and `beta` (accepting H0 when H1 holds).
//!
//! # Why the generalized SPRT
//! A game's score is 1, ½ or 0 (or, for a paired A/B test, a quarter step between 0 and 1), not a
//! coin flip. Like Fishtest, the test uses the normal approximation of the log-likelihood ratio
//! (the "GSPRT"): with `n` scores of mean `m` and variance `v`, LLR = n (s1 − s0)(2m − s0 − s1) /
//! (2v), where `s` is the expected score of an Elo difference, 1 / (1 + 10^(−elo/400)). The
//! variance is estimated with one pseudo-game at 0 and one at 1, so a run of identical results
//! early on cannot end the test by itself.

use serde::Serialize;

/// The test's settings (Fishtest's defaults: H0 Elo 0, H1 Elo 5 would take tens of thousands of
/// games; balance questions usually ask about larger effects).
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Sprt {
    /// Elo of the null hypothesis.
    pub elo0: f64,
    /// Elo of the alternative.
    pub elo1: f64,
    /// Chance of accepting H1 when H0 holds.
    pub alpha: f64,
    /// Chance of accepting H0 when H1 holds.
    pub beta: f64,
}

/// Why a test's settings are refused.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum SprtError {
    /// An error rate outside (0, ½).
    #[error("{name}={value}: must be above 0 and below 0.5")]
    Rate {
        /// `alpha` or `beta`.
        name: &'static str,
        /// The value.
        value: f64,
    },
    /// `elo1` not above `elo0`, or outside ±800.
    #[error("elo1 ({elo1}) must be above elo0 ({elo0}), both within -800 to 800")]
    Elo {
        /// H0's Elo.
        elo0: f64,
        /// H1's Elo.
        elo1: f64,
    },
}

impl Sprt {
    /// Checked settings.
    ///
    /// # Errors
    /// An error rate outside (0, ½); `elo1` not above `elo0`; an Elo beyond ±800.
    pub fn new(elo0: f64, elo1: f64, alpha: f64, beta: f64) -> Result<Sprt, SprtError> {
        for (name, value) in [("alpha", alpha), ("beta", beta)] {
            if !(value > 0.0 && value < 0.5) {
                return Err(SprtError::Rate { name, value });
            }
        }
        let ok = |e: f64| e.is_finite() && e.abs() <= 800.0;
        if !(ok(elo0) && ok(elo1) && elo1 > elo0) {
            return Err(SprtError::Elo { elo0, elo1 });
        }
        Ok(Sprt {
            elo0,
            elo1,
            alpha,
            beta,
        })
    }

    /// The lower bound (accept H0) and the upper bound (accept H1) of the LLR.
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    /// A test with no games yet.
    pub fn start(self) -> SprtState {
        SprtState {
            sprt: self,
            n: 0,
            sum: 0.0,
            sum_sq: 0.0,
            verdict: None,
        }
    }
}

/// The expected score of an Elo difference.
pub fn elo_score(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// What a test decided.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum SprtVerdict {
    /// The LLR reached the upper bound: the effect is at least about `elo1`.
    AcceptH1,
    /// The LLR reached the lower bound: the effect is at most about `elo0`.
    AcceptH0,
}

/// A test in progress.
#[derive(Clone, Copy, Debug)]
pub struct SprtState {
    sprt: Sprt,
    n: u64,
    sum: f64,
    sum_sq: f64,
    verdict: Option<(SprtVerdict, u64)>,
}

impl SprtState {
    /// The log-likelihood ratio of the scores so far.
    pub fn llr(&self) -> f64 {
        if self.n == 0 {
            return 0.0;
        }
        let n = self.n as f64;
        let mean = self.sum / n;
        // One pseudo-game at 0 and one at 1 in the variance.
        let m = (self.sum + 1.0) / (n + 2.0);
        let var = (self.sum_sq + 1.0) / (n + 2.0) - m * m;
        let (s0, s1) = (elo_score(self.sprt.elo0), elo_score(self.sprt.elo1));
        n * (s1 - s0) * (2.0 * mean - s0 - s1) / (2.0 * var)
    }

    /// Adds one score in [0, 1]; the verdict once the test has decided (later scores are
    /// ignored).
    pub fn add(&mut self, score: f64) -> Option<SprtVerdict> {
        if let Some((v, _)) = self.verdict {
            return Some(v);
        }
        self.n += 1;
        self.sum += score;
        self.sum_sq += score * score;
        let (lo, hi) = self.sprt.bounds();
        let llr = self.llr();
        let v = if llr >= hi {
            Some(SprtVerdict::AcceptH1)
        } else if llr <= lo {
            Some(SprtVerdict::AcceptH0)
        } else {
            None
        };
        self.verdict = v.map(|v| (v, self.n));
        v
    }

    /// Where the test stands.
    pub fn result(&self) -> SprtResult {
        let (lower, upper) = self.sprt.bounds();
        SprtResult {
            settings: self.sprt,
            games: self.n,
            llr: self.llr(),
            lower_bound: lower,
            upper_bound: upper,
            verdict: self.verdict.map(|(v, _)| v),
            mean_score: if self.n == 0 {
                0.0
            } else {
                self.sum / self.n as f64
            },
        }
    }
}

/// A test's outcome.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct SprtResult {
    /// Its settings.
    pub settings: Sprt,
    /// Games (or pairs of games) it took.
    pub games: u64,
    /// The final log-likelihood ratio.
    pub llr: f64,
    /// Accept H0 at or below this.
    pub lower_bound: f64,
    /// Accept H1 at or above this.
    pub upper_bound: f64,
    /// What it decided; `None`: the games ran out first.
    pub verdict: Option<SprtVerdict>,
    /// The mean score it saw.
    pub mean_score: f64,
}

/// The complementary error function (Numerical Recipes' `erfcc`, relative error below 1.2e-7).
fn erfc(x: f64) -> f64 {
    let z = x.abs();
    let t = 1.0 / (1.0 + 0.5 * z);
    let poly = -z * z - 1.265_512_23
        + t * (1.000_023_68
            + t * (0.374_091_96
                + t * (0.096_784_18
                    + t * (-0.186_288_06
                        + t * (0.278_868_07
                            + t * (-1.135_203_98
                                + t * (1.488_515_87 + t * (-0.822_152_23 + t * 0.170_872_77))))))));
    let r = t * poly.exp();
    if x >= 0.0 { r } else { 2.0 - r }
}

/// The two-sided p-value of a standard normal statistic `z`.
pub fn two_sided_p(z: f64) -> f64 {
    erfc(z.abs() / std::f64::consts::SQRT_2).min(1.0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use gridwright_engine::Rng;

    #[test]
    fn normal_tail_known_values() {
        assert!((two_sided_p(1.959_963_984_540_054) - 0.05).abs() < 1e-6);
        assert!((two_sided_p(2.575_829_303_548_901) - 0.01).abs() < 1e-6);
        assert!((two_sided_p(0.0) - 1.0).abs() < 1e-6);
        assert!((two_sided_p(-1.0) - 0.317_310_507_862_914).abs() < 1e-6);
    }

    #[test]
    fn bounds_and_scores_known_values() {
        let s = Sprt::new(0.0, 5.0, 0.05, 0.05).unwrap();
        let (lo, hi) = s.bounds();
        assert!((lo + 2.944_438_979).abs() < 1e-6 && (hi - 2.944_438_979).abs() < 1e-6);
        assert_eq!(elo_score(0.0), 0.5);
        assert!((elo_score(400.0) - 10.0 / 11.0).abs() < 1e-12);
        assert!(Sprt::new(5.0, 0.0, 0.05, 0.05).is_err());
        assert!(Sprt::new(0.0, 5.0, 0.0, 0.05).is_err());
        assert!(Sprt::new(0.0, 5.0, 0.05, 0.5).is_err());
        assert!(Sprt::new(0.0, f64::NAN, 0.05, 0.05).is_err());
        assert!(Sprt::new(0.0, 900.0, 0.05, 0.05).is_err());
    }

    /// Plays `streams` seeded Bernoulli streams of win probability `p` through the test (at
    /// most `cap` games each) and returns how often it accepted H1, how often H0, and the mean
    /// number of games.
    fn run(sprt: Sprt, p: f64, streams: u64, cap: u64) -> (f64, f64, f64) {
        let (mut h1, mut h0, mut games) = (0u64, 0u64, 0u64);
        for k in 0..streams {
            let mut rng = Rng::seed_from_u64(0x5EED ^ (k * 7919));
            let mut t = sprt.start();
            for _ in 0..cap {
                let x = if rng.unit_f64() < p { 1.0 } else { 0.0 };
                match t.add(x) {
                    Some(SprtVerdict::AcceptH1) => {
                        h1 += 1;
                        break;
                    }
                    Some(SprtVerdict::AcceptH0) => {
                        h0 += 1;
                        break;
                    }
                    None => {}
                }
            }
            games += t.result().games;
        }
        let s = streams as f64;
        (h1 as f64 / s, h0 as f64 / s, games as f64 / s)
    }

    /// The error rates on synthetic streams with a known truth stay within the nominal ones
    /// (Wald's bounds are conservative, so a little below them), and every stream decides.
    #[test]
    fn error_rates_on_known_bernoulli_streams() {
        let sprt = Sprt::new(0.0, 40.0, 0.05, 0.10).unwrap();
        let streams = 3000;
        // Truth H0: p = 0.5. Accepting H1 is the type I error.
        let (h1, h0, n0) = run(sprt, elo_score(0.0), streams, 100_000);
        assert!((h1 + h0 - 1.0).abs() < 1e-12, "every stream decides");
        assert!((0.02..=0.065).contains(&h1), "type I rate {h1}");
        // Truth H1: p = score of 40 Elo. Accepting H0 is the type II error.
        let (h1b, h0b, n1) = run(sprt, elo_score(40.0), streams, 100_000);
        assert!((h1b + h0b - 1.0).abs() < 1e-12);
        assert!((0.05..=0.12).contains(&h0b), "type II rate {h0b}");
        // Far from both, the test is quick and right.
        let (h1c, _, n2) = run(sprt, elo_score(150.0), 500, 100_000);
        assert_eq!(h1c, 1.0);
        assert!(n2 < n0.min(n1) / 4.0, "{n2} vs {n0}, {n1}");
    }
}
