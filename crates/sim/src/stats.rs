//! Batch statistics.

use crate::GameRecord;
use serde::Serialize;

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
    ((centre - half).max(0.0), (centre + half).min(1.0))
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
    /// Drawn games.
    pub draws: u64,
    /// Mean game length in player moves.
    pub mean_moves: f64,
    /// Median game length in player moves.
    pub median_moves: f64,
    /// Mean score per seat (e.g. victory points), if the game reports scores.
    pub mean_scores: Option<Vec<f64>>,
    /// Wall-clock seconds (varies run to run).
    pub elapsed_seconds: f64,
    /// Games per second (varies run to run).
    pub games_per_second: f64,
}

impl Summary {
    /// Summarises records (in index order).
    pub fn from_records(records: &[GameRecord], seats: usize, elapsed_seconds: f64) -> Summary {
        let n = records.len();
        let mut wins = vec![0u64; seats];
        let mut draws = 0;
        for r in records {
            match r.winner {
                Some(s) if s.index() < seats => wins[s.index()] += 1,
                _ => draws += 1,
            }
        }
        let mut lengths: Vec<usize> = records.iter().map(|r| r.moves).collect();
        lengths.sort_unstable();
        let median_moves = match n {
            0 => 0.0,
            _ if n % 2 == 1 => lengths[n / 2] as f64,
            _ => (lengths[n / 2 - 1] + lengths[n / 2]) as f64 / 2.0,
        };
        let mean = |f: &dyn Fn(&GameRecord) -> f64| {
            if n == 0 {
                0.0
            } else {
                records.iter().map(f).sum::<f64>() / n as f64
            }
        };
        let mean_scores = if n > 0
            && records
                .iter()
                .all(|r| r.scores.as_ref().is_some_and(|s| s.len() == seats))
        {
            Some(
                (0..seats)
                    .map(|i| mean(&|r| r.scores.as_ref().map_or(0.0, |s| s[i])))
                    .collect(),
            )
        } else {
            None
        };
        Summary {
            games: n,
            win_rate: wins
                .iter()
                .map(|w| if n == 0 { 0.0 } else { *w as f64 / n as f64 })
                .collect(),
            win_interval_95: wins.iter().map(|w| wilson_interval(*w, n as u64)).collect(),
            wins,
            draws,
            mean_moves: mean(&|r| r.moves as f64),
            median_moves,
            mean_scores,
            elapsed_seconds,
            games_per_second: if elapsed_seconds > 0.0 {
                n as f64 / elapsed_seconds
            } else {
                0.0
            },
        }
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
