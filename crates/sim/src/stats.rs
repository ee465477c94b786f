//! Batch statistics.

use crate::GameRecord;
use serde::Serialize;
use std::collections::BTreeMap;

/// The 95% Wilson score interval for `k` successes in `n` trials.
///
/// # Why Wilson
/// The normal approximation collapses to a zero-width interval at 0% or 100% wins, exactly where
/// balance questions get interesting; Wilson's interval stays honest there.
pub fn wilson_interval(k: u64, n: u64) -> (f64, f64) {
    if n == 0 {
        return (0.0, 1.0);
    }
    let z = 1.959_963_984_540_054_f64;
    let (n, p) = (n as f64, k as f64 / n as f64);
    let denom = 1.0 + z * z / n;
    let centre = (p + z * z / (2.0 * n)) / denom;
    let half = z * ((p * (1.0 - p) / n) + z * z / (4.0 * n * n)).sqrt() / denom;
    // At 0 and at n successes one end is exactly 0 or 1; the formula rounds it a hair off.
    let lo = if k == 0 {
        0.0
    } else {
        (centre - half).max(0.0)
    };
    let hi = if p == 1.0 {
        1.0
    } else {
        (centre + half).min(1.0)
    };
    (lo, hi)
}

/// Where a win rate stands against the share a seat would get if every seat were equal (1/N of
/// the games for N seats): judged by the 95% interval, so "above" and "below" are significant at
/// about the 5% level and "level" means the games do not tell the difference.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Share {
    /// The whole interval lies above the share.
    Above,
    /// The interval contains the share.
    Level,
    /// The whole interval lies below the share.
    Below,
}

impl Share {
    /// Where `interval` stands against `share`.
    pub fn of(interval: (f64, f64), share: f64) -> Share {
        if interval.0 > share {
            Share::Above
        } else if interval.1 < share {
            Share::Below
        } else {
            Share::Level
        }
    }

    /// In words: "above", "level with" or "below".
    pub fn words(self) -> &'static str {
        match self {
            Share::Above => "above",
            Share::Level => "level with",
            Share::Below => "below",
        }
    }
}

/// The fair share of `seats` seats, 1/N (1 for an empty table, so nothing is "above" it).
pub fn fair_share(seats: usize) -> f64 {
    1.0 / seats.max(1) as f64
}

/// What a batch of games came to.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Summary {
    /// Games played.
    pub games: usize,
    /// Wins per seat.
    pub wins: Vec<u64>,
    /// Win rate per seat.
    pub win_rate: Vec<f64>,
    /// 95% Wilson interval of the win rate per seat.
    pub win_interval_95: Vec<(f64, f64)>,
    /// The share of wins each seat would get if all seats were equal: 1/N for N seats.
    pub fair_share: f64,
    /// Where each seat's interval stands against [`Summary::fair_share`].
    pub vs_share: Vec<Share>,
    /// Drawn games.
    pub draws: u64,
    /// Mean game length in player moves.
    pub mean_moves: f64,
    /// Median game length in player moves.
    pub median_moves: f64,
    /// Mean score per seat (e.g. victory points), if the game reports scores.
    pub mean_scores: Option<Vec<f64>>,
    /// How many games ended each way, for games that say how they ended (empty otherwise).
    pub ends: BTreeMap<String, u64>,
    /// Wall-clock seconds (varies run to run).
    pub elapsed_seconds: f64,
    /// Games per second (varies run to run).
    pub games_per_second: f64,
}

/// Statistics accumulated one game at a time, in memory that does not grow with the number of
/// games (only with the number of distinct game lengths, for the median).
///
/// Records must be added in index order: the sums of floating-point scores then round the same
/// way whatever the thread count.
#[derive(Clone, Debug, PartialEq)]
pub struct Tally {
    seats: usize,
    games: u64,
    wins: Vec<u64>,
    draws: u64,
    total_moves: u128,
    /// How many games lasted each number of moves.
    lengths: BTreeMap<usize, u64>,
    /// Score sums per seat, while every game so far reported one score per seat.
    scores: Option<Vec<f64>>,
    /// Games per way of ending.
    ends: BTreeMap<String, u64>,
}

impl Tally {
    /// An empty tally for games of `seats` seats.
    pub fn new(seats: usize) -> Tally {
        Tally {
            seats,
            games: 0,
            wins: vec![0; seats],
            draws: 0,
            total_moves: 0,
            lengths: BTreeMap::new(),
            scores: Some(vec![0.0; seats]),
            ends: BTreeMap::new(),
        }
    }

    /// Games added so far.
    pub fn games(&self) -> u64 {
        self.games
    }

    /// Adds the next game (in index order).
    pub fn add(&mut self, r: &GameRecord) {
        self.games += 1;
        match r.winner {
            Some(s) if s.index() < self.seats => self.wins[s.index()] += 1,
            _ => self.draws += 1,
        }
        self.total_moves += r.moves as u128;
        if let Some(e) = &r.end {
            *self.ends.entry(e.clone()).or_insert(0) += 1;
        }
        *self.lengths.entry(r.moves).or_insert(0) += 1;
        match (&mut self.scores, &r.scores) {
            (Some(sum), Some(s)) if s.len() == self.seats => {
                for (t, x) in sum.iter_mut().zip(s) {
                    *t += x;
                }
            }
            (scores, _) => *scores = None,
        }
    }

    /// The `k`-th shortest game length (0-based), from the histogram.
    fn nth_length(&self, k: u64) -> usize {
        let mut seen = 0u64;
        for (&len, &count) in &self.lengths {
            seen += count;
            if seen > k {
                return len;
            }
        }
        0
    }

    /// What the games added so far came to.
    pub fn summary(&self, elapsed_seconds: f64) -> Summary {
        let n = self.games;
        let nf = n as f64;
        let median_moves = match n {
            0 => 0.0,
            _ if n % 2 == 1 => self.nth_length(n / 2) as f64,
            _ => (self.nth_length(n / 2 - 1) + self.nth_length(n / 2)) as f64 / 2.0,
        };
        let intervals: Vec<(f64, f64)> = self.wins.iter().map(|w| wilson_interval(*w, n)).collect();
        let share = fair_share(self.seats);
        Summary {
            games: n as usize,
            win_rate: self
                .wins
                .iter()
                .map(|w| if n == 0 { 0.0 } else { *w as f64 / nf })
                .collect(),
            vs_share: intervals.iter().map(|i| Share::of(*i, share)).collect(),
            fair_share: share,
            win_interval_95: intervals,
            wins: self.wins.clone(),
            draws: self.draws,
            mean_moves: if n == 0 {
                0.0
            } else {
                self.total_moves as f64 / nf
            },
            median_moves,
            mean_scores: match &self.scores {
                Some(sum) if n > 0 => Some(sum.iter().map(|t| t / nf).collect()),
                _ => None,
            },
            ends: self.ends.clone(),
            elapsed_seconds,
            games_per_second: if elapsed_seconds > 0.0 {
                nf / elapsed_seconds
            } else {
                0.0
            },
        }
    }
}

impl Summary {
    /// Summarises records (in index order).
    pub fn from_records(records: &[GameRecord], seats: usize, elapsed_seconds: f64) -> Summary {
        let mut t = Tally::new(seats);
        for r in records {
            t.add(r);
        }
        t.summary(elapsed_seconds)
    }

    /// The summary without the timing figures, for determinism checks.
    pub fn without_timing(&self) -> Summary {
        Summary {
            elapsed_seconds: 0.0,
            games_per_second: 0.0,
            ..self.clone()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record(
        index: usize,
        winner: Option<u8>,
        moves: usize,
        scores: Option<Vec<f64>>,
    ) -> GameRecord {
        GameRecord {
            index,
            seed: 0,
            returns: vec![0.0, 0.0].into(),
            winner: winner.map(gridwright_engine::Seat::new),
            moves,
            scores,
            end: None,
        }
    }

    #[test]
    fn a_tally_gives_the_statistics_of_all_records() {
        let recs = [
            record(0, Some(0), 9, Some(vec![3.0, 1.0])),
            record(1, None, 4, Some(vec![2.0, 2.0])),
            record(2, Some(1), 12, Some(vec![0.5, 4.0])),
            record(3, Some(0), 4, Some(vec![1.0, 0.0])),
        ];
        let s = Summary::from_records(&recs, 2, 0.0);
        assert_eq!((s.games, s.wins.clone(), s.draws), (4, vec![2, 1], 1));
        assert_eq!(s.mean_moves, 29.0 / 4.0);
        assert_eq!(s.median_moves, 6.5); // 4, 4, 9, 12
        assert_eq!(s.mean_scores, Some(vec![6.5 / 4.0, 7.0 / 4.0]));
        let odd = Summary::from_records(&recs[..3], 2, 0.0);
        assert_eq!(odd.median_moves, 9.0); // 4, 9, 12
        // One game without scores: no mean scores.
        let mut t = Tally::new(2);
        t.add(&recs[0]);
        t.add(&record(1, None, 1, None));
        assert_eq!(t.summary(0.0).mean_scores, None);
        assert_eq!(Tally::new(2).summary(0.0).median_moves, 0.0);
    }

    #[test]
    fn each_seat_is_compared_with_the_one_in_n_share() {
        // Three seats, 300 games: seat 1 wins 150 (50%, interval about 44–56%, above 1/3),
        // seat 2 wins 100 (33%, level), seat 3 wins 50 (17%, below).
        let recs: Vec<GameRecord> = (0..300)
            .map(|i| {
                let w = if i < 150 {
                    0
                } else if i < 250 {
                    1
                } else {
                    2
                };
                GameRecord {
                    index: i,
                    seed: 0,
                    returns: vec![0.0; 3].into(),
                    winner: Some(gridwright_engine::Seat::new(w)),
                    moves: 1,
                    end: None,
                    scores: None,
                }
            })
            .collect();
        let s = Summary::from_records(&recs, 3, 0.0);
        assert!((s.fair_share - 1.0 / 3.0).abs() < 1e-12);
        assert_eq!(s.vs_share, vec![Share::Above, Share::Level, Share::Below]);
        assert_eq!(Summary::from_records(&recs, 4, 0.0).fair_share, 0.25);
        assert_eq!(Share::of((0.2, 0.3), 0.25), Share::Level);
        assert_eq!(Share::of((0.26, 0.3), 0.25), Share::Above);
        assert_eq!(Share::of((0.1, 0.24), 0.25), Share::Below);
    }

    /// Newcombe (1998), "Two-sided confidence intervals for the single proportion: comparison
    /// of seven methods", Statistics in Medicine 17, Table I, method 3 (the score interval
    /// without continuity correction), printed to four decimals.
    #[test]
    fn wilson_interval_matches_newcombes_published_table() {
        for (k, n, lo, hi) in [
            (81, 263, 0.2553, 0.3662),
            (15, 148, 0.0624, 0.1605),
            (0, 20, 0.0000, 0.1611),
            (1, 29, 0.0061, 0.1718),
        ] {
            let (l, h) = wilson_interval(k, n);
            assert!(
                (l - lo).abs() <= 5e-5 && (h - hi).abs() <= 5e-5,
                "{k}/{n}: {l:.5}–{h:.5}, the table says {lo}–{hi}"
            );
        }
    }

    /// At 0 and at n successes the score interval has a closed form: [0, z²/(n+z²)] and
    /// [n/(n+z²), 1]. With z = 1.959964 (z² = 3.841459): 20 trials give 3.841459/23.841459 =
    /// 0.161125, and 10 of 10 give 10/13.841459 = 0.722467.
    #[test]
    fn wilson_interval_at_none_and_all() {
        let (l, h) = wilson_interval(0, 20);
        assert_eq!(l, 0.0);
        assert!((h - 0.161_125).abs() < 1e-6, "{h}");
        let (l, h) = wilson_interval(10, 10);
        assert!((l - 0.722_467).abs() < 1e-6, "{l}");
        assert_eq!(h, 1.0);
        // 29 of 30 (the roots of (n + z²)p² − (2k + z²)p + k²/n = 0, computed independently):
        // 0.833296 to 0.994091.
        let (l, h) = wilson_interval(29, 30);
        assert!(
            (l - 0.833_296).abs() < 1e-6 && (h - 0.994_091).abs() < 1e-6,
            "{l} {h}"
        );
        // No trials: nothing is known.
        assert_eq!(wilson_interval(0, 0), (0.0, 1.0));
    }

    #[test]
    fn wilson_interval_known_values() {
        let (lo, hi) = wilson_interval(50, 100);
        assert!(
            (lo - 0.4038).abs() < 1e-3 && (hi - 0.5962).abs() < 1e-3,
            "{lo} {hi}"
        );
        let (lo, hi) = wilson_interval(0, 10);
        assert_eq!(lo, 0.0);
        assert!((hi - 0.2775).abs() < 1e-3);
    }
}
