//! Sweeps: one config key over a range of values, every value played on the same seeds, with
//! each seat's win rate per value and the value that comes closest to an even game (issue 25).
//!
//! # How a sweep is written
//! `key.path=LOW..HIGH` (whole steps), `key.path=LOW..HIGH:STEP` (both ends included, decimals
//! allowed: `0.5..1.5:0.25`), or a list `key.path=a,b,c` (any values the key can hold, words
//! included). The key path is read as [`crate::overrides`] reads it; each value becomes one
//! variant of the run, named by its value.
//!
//! # Which value is "even"
//! Draws make a 50% win rate out of reach in some games, so the sweep judges the subject seat by
//! its share of the *decided* games (its wins over all wins), against the 1/N share: the value
//! whose share is nearest is [`SweepReport::closest`], and a value whose 95% interval contains the
//! share is "level".

use crate::balance::{RateLine, VariantReport};
use crate::overrides::Override;
use crate::stats::fair_share;
use gridwright_engine::Seat;
use serde::Serialize;

/// Most values one sweep may hold (each is a whole batch of games).
pub const MAX_VALUES: usize = 50;

/// A parsed `--sweep`: the key path and its values, in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sweep {
    /// The dotted key path.
    pub key: String,
    /// The values, as typed or as the range spells them.
    pub values: Vec<String>,
}

/// Why a sweep is refused; each names the key and the range.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SweepError {
    /// Not `key.path=values`.
    #[error(
        "`{given}` is not a sweep; write key.path=LOW..HIGH, key.path=LOW..HIGH:STEP or key.path=a,b,c"
    )]
    Syntax {
        /// What was given.
        given: String,
    },
    /// A range end or step that is not a number.
    #[error("sweep of `{key}`: `{given}` is not a number")]
    NotANumber {
        /// The key.
        key: String,
        /// The part that is not a number.
        given: String,
    },
    /// A range with no value in it, or a step that is not above zero.
    #[error("sweep of `{key}`: the range `{range}` is empty ({why})")]
    Empty {
        /// The key.
        key: String,
        /// The range as given.
        range: String,
        /// Why, in words.
        why: &'static str,
    },
    /// Fewer than two values.
    #[error("sweep of `{key}`: a sweep needs at least two values, not {count}")]
    TooFew {
        /// The key.
        key: String,
        /// Values given.
        count: usize,
    },
    /// More than [`MAX_VALUES`].
    #[error("sweep of `{key}`: at most {max} values, not {count}; widen the step")]
    TooMany {
        /// The key.
        key: String,
        /// Values the range holds.
        count: usize,
        /// [`MAX_VALUES`].
        max: usize,
    },
    /// The same value twice.
    #[error("sweep of `{key}`: the value `{value}` is given twice")]
    Twice {
        /// The key.
        key: String,
        /// The value.
        value: String,
    },
}

/// Digits after the decimal point of a number as typed (`0.25` → 2).
fn decimals(s: &str) -> usize {
    s.split_once('.').map_or(0, |(_, f)| f.len())
}

impl std::str::FromStr for Sweep {
    type Err = SweepError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let syntax = || SweepError::Syntax {
            given: s.to_owned(),
        };
        let change: Override = s.parse().map_err(|_| syntax())?;
        let (key, spec) = (change.path, change.value);
        if spec.is_empty() {
            return Err(syntax());
        }
        let values: Vec<String> = if let Some((low, rest)) = spec.split_once("..") {
            let (high, step) = match rest.split_once(':') {
                Some((h, st)) => (h.trim(), Some(st.trim())),
                None => (rest.trim(), None),
            };
            let low = low.trim();
            let num = |t: &str| {
                t.parse::<f64>()
                    .ok()
                    .filter(|x| x.is_finite())
                    .ok_or_else(|| SweepError::NotANumber {
                        key: key.clone(),
                        given: t.to_owned(),
                    })
            };
            let (lo, hi, st) = (num(low)?, num(high)?, num(step.unwrap_or("1"))?);
            let empty = |why| SweepError::Empty {
                key: key.clone(),
                range: spec.clone(),
                why,
            };
            if st <= 0.0 {
                return Err(empty("the step must be above 0"));
            }
            if hi < lo {
                return Err(empty("the high end is below the low end"));
            }
            // Counted in units of the finest decimal typed, so 0.1 steps land exactly.
            let places = decimals(low)
                .max(decimals(high))
                .max(step.map_or(0, decimals));
            let unit = 10f64.powi(places as i32);
            let (lo_u, hi_u, st_u) = (
                (lo * unit).round() as i128,
                (hi * unit).round() as i128,
                (st * unit).round() as i128,
            );
            if st_u <= 0 {
                return Err(empty("the step must be above 0"));
            }
            let count = (hi_u - lo_u) / st_u + 1;
            if count > MAX_VALUES as i128 {
                return Err(SweepError::TooMany {
                    key,
                    count: usize::try_from(count).unwrap_or(usize::MAX),
                    max: MAX_VALUES,
                });
            }
            (0..count)
                .map(|k| {
                    let v = (lo_u + k * st_u) as f64 / unit;
                    format!("{v:.places$}")
                })
                .collect()
        } else {
            spec.split(',').map(|v| v.trim().to_owned()).collect()
        };
        if values.iter().any(String::is_empty) {
            return Err(syntax());
        }
        if values.len() < 2 {
            return Err(SweepError::TooFew {
                key,
                count: values.len(),
            });
        }
        if values.len() > MAX_VALUES {
            return Err(SweepError::TooMany {
                key,
                count: values.len(),
                max: MAX_VALUES,
            });
        }
        for (i, v) in values.iter().enumerate() {
            if values[..i].contains(v) {
                return Err(SweepError::Twice {
                    key,
                    value: v.clone(),
                });
            }
        }
        Ok(Sweep { key, values })
    }
}

impl Sweep {
    /// The change that sets the key to its `i`-th value.
    pub fn change(&self, i: usize) -> Override {
        Override {
            path: self.key.clone(),
            value: self.values[i].clone(),
        }
    }
}

/// One value of a sweep.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SweepPoint {
    /// The value.
    pub value: String,
    /// Games played with it.
    pub games: usize,
    /// Wins per seat over all games, with intervals.
    pub seats: Vec<RateLine>,
    /// Draws / games.
    pub draw_rate: f64,
    /// The subject seat's share of the decided games (its wins over all wins), with its
    /// interval, against the 1/N share.
    pub subject_share: RateLine,
}

/// A sweep's curve.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SweepReport {
    /// The key swept.
    pub key: String,
    /// The seat judged.
    pub subject: Seat,
    /// The 1/N share.
    pub fair_share: f64,
    /// One point per value, in the order given.
    pub points: Vec<SweepPoint>,
    /// The value whose subject share is nearest the 1/N share (the first, on a tie), if any game
    /// was decided.
    pub closest: Option<String>,
}

/// The sweep's curve from the report of each value (one variant per value, in order).
pub fn curve(key: &str, subject: Seat, variants: &[VariantReport]) -> SweepReport {
    let seats = variants.first().map_or(0, |v| v.seats.len());
    let share = fair_share(seats);
    let points: Vec<SweepPoint> = variants
        .iter()
        .map(|v| {
            let decided: u64 = v.seats.iter().map(|s| s.wins).sum();
            let wins = v.seats.get(subject.index()).map_or(0, |s| s.wins);
            SweepPoint {
                value: v.name.clone(),
                games: v.games,
                seats: v.seats.clone(),
                draw_rate: v.draw_rate,
                subject_share: RateLine::new(
                    format!("{subject} of decided games"),
                    wins,
                    decided,
                    share,
                ),
            }
        })
        .collect();
    let closest = points
        .iter()
        .filter(|p| p.subject_share.games > 0)
        .min_by(|a, b| {
            let d = |p: &SweepPoint| (p.subject_share.rate - share).abs();
            d(a).total_cmp(&d(b))
        })
        .map(|p| p.value.clone());
    SweepReport {
        key: key.to_owned(),
        subject,
        fair_share: share,
        points,
        closest,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn values(s: &str) -> Vec<String> {
        s.parse::<Sweep>().unwrap().values
    }

    #[test]
    fn ranges_and_lists_give_their_values() {
        assert_eq!(
            values("units.knight.health=1..5"),
            ["1", "2", "3", "4", "5"]
        );
        assert_eq!(values("a.b=2..9:3"), ["2", "5", "8"]);
        assert_eq!(
            values("a=0.5..1.5:0.25"),
            ["0.50", "0.75", "1.00", "1.25", "1.50"]
        );
        assert_eq!(values("a=0..0.3:0.1"), ["0.0", "0.1", "0.2", "0.3"]);
        assert_eq!(values("a=-2..2:2"), ["-2", "0", "2"]);
        assert_eq!(values("options.pooling=global, local"), ["global", "local"]);
        let s: Sweep = "units.knight.health=3,5".parse().unwrap();
        assert_eq!(s.key, "units.knight.health");
        assert_eq!(s.change(1).to_string(), "units.knight.health=5");
    }

    #[test]
    fn bad_sweeps_name_the_key_and_why() {
        for (given, want) in [
            ("health", "is not a sweep"),
            ("health=", "is not a sweep"),
            ("health=1,,3", "is not a sweep"),
            (
                "a.health=5..1",
                "sweep of `a.health`: the range `5..1` is empty (the high end",
            ),
            ("health=1..5:0", "the step must be above 0"),
            ("health=1..5:-1", "the step must be above 0"),
            ("health=one..5", "sweep of `health`: `one` is not a number"),
            ("health=1..", "`` is not a number"),
            ("health=4", "at least two values, not 1"),
            ("health=3..3", "at least two values, not 1"),
            ("health=1..1000", "at most 50 values, not 1000"),
            ("health=2,3,2", "the value `2` is given twice"),
        ] {
            let e = given.parse::<Sweep>().unwrap_err().to_string();
            assert!(e.contains(want), "{given}: {e}");
        }
    }

    fn line(label: &str, wins: u64, games: u64) -> RateLine {
        RateLine::new(label.into(), wins, games, 0.5)
    }

    fn variant(name: &str, p1: u64, p2: u64, games: usize) -> VariantReport {
        VariantReport {
            name: name.into(),
            changes: Vec::new(),
            games,
            seats: vec![line("P1", p1, games as u64), line("P2", p2, games as u64)],
            draws: games as u64 - p1 - p2,
            draw_rate: (games as u64 - p1 - p2) as f64 / games as f64,
            fair_share: 0.5,
            factions: Vec::new(),
            first_mover: None,
            length: crate::balance::Distribution::of(&[], 1),
            scores: None,
            ends: Default::default(),
            pieces: Vec::new(),
            curves: Vec::new(),
            game_list: Vec::new(),
        }
    }

    #[test]
    fn the_closest_value_is_judged_on_decided_games() {
        // Health 3: P1 wins 70 of 100. Health 4: 40 to 40 with 20 draws (a 40% win rate, but an
        // even game). Health 5: 30 to 60.
        let c = curve(
            "units.knight.health",
            Seat::new(0),
            &[
                variant("3", 70, 30, 100),
                variant("4", 40, 40, 100),
                variant("5", 30, 60, 100),
            ],
        );
        assert_eq!(c.closest.as_deref(), Some("4"));
        assert_eq!(c.points[1].subject_share.games, 80);
        assert_eq!(c.points[1].subject_share.rate, 0.5);
        assert_eq!(c.points[2].subject_share.wins, 30);
        assert_eq!(c.points[2].subject_share.games, 90);
        assert_eq!(c.points[1].draw_rate, 0.2);
        // No decided game: no closest value.
        let none = curve("k", Seat::new(0), &[variant("1", 0, 0, 5)]);
        assert_eq!(none.closest, None);
    }
}
