//! Per-round curves: what the game measures per seat (victory points, Commander HP, resources in
//! storage) at the start of each round, averaged over the games with a 95% interval (issue 25).
//!
//! # When a value is taken
//! Once as the game starts and once each time the game's round number changes (the state right
//! after the step that began the round), so round `r`'s point is the position at the start of
//! round `r`; and once at the end, as [`CurvePoint::round`] `None` ("the end"). A game that
//! ended before round `r` does not count towards round `r` ([`CurvePoint::games`] says how
//! many did), so the last rounds speak of the long games only.
//!
//! Sums are added in game order, so the means round the same way whatever the thread count.

use serde::Serialize;
use std::borrow::Cow;

/// The game's round number, if it counts rounds.
pub type RoundFn<G> = fn(&G) -> Option<u32>;

/// What the game measures per seat, by name (`("Commander HP", [20.0, 18.0])`).
pub type MeasureFn<G> = fn(&G) -> Vec<(&'static str, Vec<f64>)>;

/// One game's samples: `(round, measures)` in the order taken, `None` for the end (the names
/// borrowed from the game, or owned when read back from a shard).
pub(crate) type Samples = Vec<(Option<u32>, Vec<(Cow<'static, str>, Vec<f64>)>)>;

/// Takes one game's samples as it is played.
pub(crate) struct Sampler<G> {
    round: RoundFn<G>,
    measures: MeasureFn<G>,
    last: Option<u32>,
    pub(crate) samples: Samples,
}

impl<G> Sampler<G> {
    /// Starts on the game's first position.
    pub(crate) fn start(g: &G, round: RoundFn<G>, measures: MeasureFn<G>) -> Sampler<G> {
        let mut s = Sampler {
            round,
            measures,
            last: None,
            samples: Vec::new(),
        };
        if let Some(r) = round(g) {
            s.last = Some(r);
            s.take(g, Some(r));
        }
        s
    }

    fn take(&mut self, g: &G, at: Option<u32>) {
        let m = (self.measures)(g);
        if !m.is_empty() {
            let m = m.into_iter().map(|(n, v)| (Cow::Borrowed(n), v)).collect();
            self.samples.push((at, m));
        }
    }

    /// After a step: a sample if the round changed.
    pub(crate) fn after_step(&mut self, g: &G) {
        if self.last.is_none() {
            return;
        }
        let r = (self.round)(g);
        if r != self.last {
            self.last = r;
            self.take(g, r);
        }
    }

    /// At the end of the game.
    pub(crate) fn finish(mut self, g: &G) -> Samples {
        if self.last.is_some() {
            self.take(g, None);
        }
        self.samples
    }
}

/// A mean with its 95% interval (normal approximation: mean ± 1.96 sd/√n).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Mean {
    /// The mean.
    pub mean: f64,
    /// Its 95% interval.
    pub interval_95: (f64, f64),
}

/// One round of a curve.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct CurvePoint {
    /// The round (its start), or `None` for the end of the game.
    pub round: Option<u32>,
    /// Games that reached it.
    pub games: u64,
    /// The mean per seat.
    pub seats: Vec<Mean>,
}

/// One measure by round.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Curve {
    /// What is measured, in words (`Commander HP`).
    pub name: String,
    /// One point per round in order, then the end.
    pub points: Vec<CurvePoint>,
}

/// Sums per seat at one point: games, Σx and Σx² per seat.
#[derive(Clone, Debug, Default)]
struct Sums {
    games: u64,
    sum: Vec<f64>,
    squares: Vec<f64>,
}

/// Curves of a whole run, games added in order.
#[derive(Clone, Debug, Default)]
pub(crate) struct CurveTally {
    /// Measure names in the order first seen, each with its points by round (`None` last).
    curves: Vec<(String, std::collections::BTreeMap<RoundKey, Sums>)>,
}

/// Rounds in order, the end after every round.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum RoundKey {
    Round(u32),
    End,
}

impl CurveTally {
    /// Adds one game's samples (each round once: the first sample of a round counts).
    pub(crate) fn add(&mut self, samples: &Samples) {
        let mut seen = std::collections::BTreeSet::new();
        for (at, measures) in samples {
            let key = at.map_or(RoundKey::End, RoundKey::Round);
            if !seen.insert(key) {
                continue;
            }
            for (name, values) in measures {
                let i = match self.curves.iter().position(|(n, _)| n == name) {
                    Some(i) => i,
                    None => {
                        self.curves.push((name.to_string(), Default::default()));
                        self.curves.len() - 1
                    }
                };
                let s = self.curves[i].1.entry(key).or_default();
                if s.sum.len() < values.len() {
                    s.sum.resize(values.len(), 0.0);
                    s.squares.resize(values.len(), 0.0);
                }
                s.games += 1;
                for (k, x) in values.iter().enumerate() {
                    s.sum[k] += x;
                    s.squares[k] += x * x;
                }
            }
        }
    }

    /// The curves.
    pub(crate) fn report(&self) -> Vec<Curve> {
        self.curves
            .iter()
            .map(|(name, points)| Curve {
                name: name.clone(),
                points: points
                    .iter()
                    .map(|(key, s)| CurvePoint {
                        round: match key {
                            RoundKey::Round(r) => Some(*r),
                            RoundKey::End => None,
                        },
                        games: s.games,
                        seats: s
                            .sum
                            .iter()
                            .zip(&s.squares)
                            .map(|(sum, sq)| mean(s.games, *sum, *sq))
                            .collect(),
                    })
                    .collect(),
            })
            .collect()
    }
}

/// The mean of `n` values with sum `sum` and sum of squares `squares`, with its interval
/// (sample standard deviation; a zero-width interval for one value).
fn mean(n: u64, sum: f64, squares: f64) -> Mean {
    let nf = n as f64;
    let m = sum / nf.max(1.0);
    let var = if n > 1 {
        ((squares - nf * m * m) / (nf - 1.0)).max(0.0)
    } else {
        0.0
    };
    let half = 1.959_963_984_540_054 * (var / nf.max(1.0)).sqrt();
    Mean {
        mean: m,
        interval_95: (m - half, m + half),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A toy game: a round counter and one measure per seat.
    #[derive(Clone)]
    struct Toy {
        round: u32,
        hp: [f64; 2],
    }

    fn round(t: &Toy) -> Option<u32> {
        Some(t.round)
    }

    fn measures(t: &Toy) -> Vec<(&'static str, Vec<f64>)> {
        vec![("HP", t.hp.to_vec())]
    }

    fn play(steps: &[(u32, [f64; 2])]) -> Samples {
        let mut t = Toy {
            round: 1,
            hp: [20.0, 20.0],
        };
        let mut s = Sampler::start(&t, round, measures);
        for &(r, hp) in steps {
            t = Toy { round: r, hp };
            s.after_step(&t);
        }
        s.finish(&t)
    }

    #[test]
    fn a_sample_at_each_new_round_and_at_the_end() {
        // Two steps in round 1 (no new sample), then round 2, then the end.
        let s = play(&[(1, [18.0, 20.0]), (1, [18.0, 17.0]), (2, [15.0, 17.0])]);
        let at: Vec<Option<u32>> = s.iter().map(|x| x.0).collect();
        assert_eq!(at, [Some(1), Some(2), None]);
        assert_eq!(s[1].1[0].1, [15.0, 17.0]);
    }

    #[test]
    fn means_and_intervals_of_known_games() {
        let mut t = CurveTally::default();
        // Three games: round 2 starts at P1 HP 10, 14, 18 (mean 14, sample sd 4); the third
        // game never reaches round 3.
        t.add(&play(&[(2, [10.0, 20.0]), (3, [5.0, 20.0])]));
        t.add(&play(&[(2, [14.0, 20.0]), (3, [7.0, 20.0])]));
        t.add(&play(&[(2, [18.0, 20.0])]));
        let c = &t.report()[0];
        assert_eq!(c.name, "HP");
        let rounds: Vec<(Option<u32>, u64)> = c.points.iter().map(|p| (p.round, p.games)).collect();
        assert_eq!(
            rounds,
            [(Some(1), 3), (Some(2), 3), (Some(3), 2), (None, 3)]
        );
        let r2 = &c.points[1].seats[0];
        assert_eq!(r2.mean, 14.0);
        // 1.959964 × 4 / √3 = 4.526344…
        assert!(
            (r2.interval_95.0 - (14.0 - 4.526_344)).abs() < 1e-5,
            "{r2:?}"
        );
        assert!(
            (r2.interval_95.1 - (14.0 + 4.526_344)).abs() < 1e-5,
            "{r2:?}"
        );
        // P2 never changes: a zero-width interval.
        assert_eq!(c.points[1].seats[1].interval_95, (20.0, 20.0));
        // The end: 5, 7 and 18.
        assert_eq!(c.points[3].seats[0].mean, 10.0);
    }
}
