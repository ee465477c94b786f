//! Tuning (issue 25): one or more keys searched, each over a sweep's values, for the smallest
//! change to the config that brings the subject seat's share of the decided games within a
//! target band, by successive halving.
//!
//! # How the search goes
//! Every candidate (one value per key; all combinations) plays the first round's games. The
//! candidates are ranked by how far their share lies outside the band (0 inside it), then by the
//! size of their change, and the better half goes on to play as many games again, on the next
//! seeds, so every round doubles the games a survivor has played; until one is left or a
//! survivor has played the run's games. Every candidate plays the same seeds, so candidates are
//! compared on the same dice. The result is the first survivor: inside the band if any survivor
//! is, and then the one with the smallest change.
//!
//! # The size of a change
//! For each key, how far the candidate's value lies from the config's own, relative to it
//! (`|v − base| / max(|base|, 1)`: health 4 → 5 is 0.25); a word or switch counts 1 when it
//! differs. A candidate's change is the sum over its keys.

use crate::SimError;
use crate::balance::RateLine;
use crate::overrides::{self, Override};
use crate::request::Spelling;
use crate::stats::{Summary, fair_share};
use crate::study::{Players, StudyBasis};
use crate::sweep::Sweep;
use gridwright_engine::{Game, Seat, derive_seed};
use serde::Serialize;
use std::time::Instant;

/// Most candidates one tuning run may hold (the product of its keys' values).
pub const MAX_CANDIDATES: usize = 64;

/// The band of the subject seat's share of the decided games a tuning run aims for.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Band {
    /// The lowest share inside the band.
    pub low: f64,
    /// The highest share inside the band.
    pub high: f64,
}

impl Band {
    /// The 1/N share of `seats` seats, give or take five points.
    pub fn around_fair(seats: usize) -> Band {
        let f = fair_share(seats);
        Band {
            low: (f - 0.05).max(0.0),
            high: (f + 0.05).min(1.0),
        }
    }

    /// How far `share` lies outside the band (0 inside it).
    pub fn distance(&self, share: f64) -> f64 {
        if share < self.low {
            self.low - share
        } else if share > self.high {
            share - self.high
        } else {
            0.0
        }
    }
}

impl std::str::FromStr for Band {
    type Err = String;

    /// `LOW..HIGH`, shares from 0 to 1 (`0.45..0.55`).
    fn from_str(s: &str) -> Result<Band, String> {
        let bad = || {
            format!("`{s}` is not a band; write LOW..HIGH with shares from 0 to 1, e.g. 0.45..0.55")
        };
        let (low, high) = s.split_once("..").ok_or_else(bad)?;
        let num = |t: &str| {
            t.trim()
                .parse::<f64>()
                .ok()
                .filter(|x| (0.0..=1.0).contains(x))
        };
        match (num(low), num(high)) {
            (Some(low), Some(high)) if low < high => Ok(Band { low, high }),
            _ => Err(bad()),
        }
    }
}

/// A tuning run, every part checked.
#[derive(Clone, Debug)]
pub struct TunePlan<C> {
    /// The config every candidate starts from (with the run's common changes).
    pub base: C,
    /// The keys searched, each over its values.
    pub keys: Vec<Sweep>,
    /// Each key's value in `base`, in words.
    pub base_values: Vec<String>,
    /// Every combination of the keys' values that sets up, in order (the last key varying
    /// fastest), with its config.
    pub candidates: Vec<(Vec<String>, C)>,
    /// The band aimed for.
    pub band: Band,
    /// The seat judged.
    pub subject: Seat,
    /// Games a survivor has played at the most.
    pub games: usize,
    /// Games every candidate plays in the first round.
    pub first: usize,
    /// The master seed.
    pub seed: u64,
    /// Worker threads.
    pub threads: usize,
}

/// A tuning run as asked for, before any check.
#[derive(Clone, Debug)]
pub struct TuneRequest {
    /// `key.path=LOW..HIGH[:STEP]` or `key.path=a,b,c`, one per key.
    pub keys: Vec<String>,
    /// The band; `None`: the 1/N share, give or take five points.
    pub band: Option<Band>,
    /// The changes, seat, games, seed and threads every study takes.
    pub basis: StudyBasis,
}

impl TuneRequest {
    /// Every key parsed, every candidate's config built from `base` and set up, before any
    /// game; a refusal names the option as `spelling` spells it (`--tune`, `tune`).
    ///
    /// # Errors
    /// [`SimError::Request`] naming the key and why.
    pub fn plan<G: Game>(
        &self,
        base: &G::Config,
        spelling: Spelling,
    ) -> Result<TunePlan<G::Config>, SimError> {
        let name = |n: &str| spelling.name(n);
        let refuse = |why: String| SimError::Request(why);
        if self.keys.is_empty() {
            return Err(refuse(format!("{}: give at least one key", name("tune"))));
        }
        let (config, seats) = self.basis.changed::<G>(base, spelling)?;
        let base = &config;
        let mut keys: Vec<Sweep> = Vec::new();
        let mut base_values = Vec::new();
        for text in &self.keys {
            let sweep: Sweep = text
                .parse()
                .map_err(|e| refuse(format!("{}: {e}", name("tune"))))?;
            if keys.iter().any(|k| k.key == sweep.key) {
                return Err(refuse(format!(
                    "{}: the key `{}` is given twice",
                    name("tune"),
                    sweep.key
                )));
            }
            let now = overrides::current(base, &sweep.key)
                .map_err(|e| refuse(format!("{} {}: {e}", name("tune"), sweep.key)))?;
            base_values.push(words(&now));
            keys.push(sweep);
        }
        let count = keys
            .iter()
            .try_fold(1usize, |n, k| n.checked_mul(k.values.len()))
            .filter(|n| *n <= MAX_CANDIDATES);
        let Some(count) = count else {
            return Err(refuse(format!(
                "{}: at most {MAX_CANDIDATES} combinations of values, not {}; widen a step or \
                 search fewer keys",
                name("tune"),
                keys.iter()
                    .map(|k| k.values.len().to_string())
                    .collect::<Vec<_>>()
                    .join(" × ")
            )));
        };
        let mut candidates = Vec::with_capacity(count);
        for i in 0..count {
            // Mixed radix, the last key varying fastest.
            let mut rest = i;
            let mut picks = vec![0; keys.len()];
            for (k, key) in keys.iter().enumerate().rev() {
                picks[k] = rest % key.values.len();
                rest /= key.values.len();
            }
            let changes: Vec<Override> =
                keys.iter().zip(&picks).map(|(k, &p)| k.change(p)).collect();
            let what = changes
                .iter()
                .map(Override::to_string)
                .collect::<Vec<_>>()
                .join(", ");
            let config = overrides::apply(base, &changes)
                .map_err(|e| refuse(format!("{} {what}: {e}", name("tune"))))?;
            // A combination the game refuses (health 0) is left out, not an error: a range
            // may well reach past what sets up.
            if G::new(&config).is_ok() {
                let values = keys
                    .iter()
                    .zip(&picks)
                    .map(|(k, &p)| k.values[p].clone())
                    .collect();
                candidates.push((values, config));
            }
        }
        if candidates.is_empty() {
            return Err(refuse(format!(
                "{}: no combination of the values sets up the game",
                name("tune")
            )));
        }
        // Halve until one is left: about log2(n) rounds, the first with the fewest games.
        let rounds = usize::BITS - (candidates.len().max(1) - 1).leading_zeros();
        let first = (self.basis.games >> rounds).max(MIN_FIRST.min(self.basis.games));
        let band = self.band.unwrap_or_else(|| Band::around_fair(seats));
        Ok(TunePlan {
            base: base.clone(),
            keys,
            base_values,
            candidates,
            band,
            subject: self.basis.subject,
            games: self.basis.games,
            first,
            seed: self.basis.seed,
            threads: self.basis.threads.max(1),
        })
    }
}

/// Games each candidate plays at least in the first round (fewer only if the run has fewer).
const MIN_FIRST: usize = 16;

/// A JSON value in words: a word as it is, anything else as JSON.
fn words(v: &serde_json::Value) -> String {
    match v {
        serde_json::Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

/// How far `value` lies from `base`, relative to it; 1 for a different word.
fn change_size(base: &str, value: &str) -> f64 {
    match (base.parse::<f64>(), value.parse::<f64>()) {
        (Ok(b), Ok(v)) => (v - b).abs() / b.abs().max(1.0),
        _ if base == value => 0.0,
        _ => 1.0,
    }
}

/// One candidate as the run left it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TuneCandidate {
    /// One value per key, in the keys' order.
    pub values: Vec<String>,
    /// Its changes, `key.path=value`.
    pub changes: Vec<String>,
    /// The size of its change (module docs).
    pub change: f64,
    /// Rounds it played (it was dropped after the last unless it is a survivor).
    pub rounds: usize,
    /// Games it played.
    pub games: usize,
    /// The subject's share of its decided games, with the interval, against the 1/N share.
    pub share: RateLine,
    /// How far the share lies outside the band (0 inside).
    pub outside_band: f64,
    /// Draws / games.
    pub draw_rate: f64,
}

/// One round of the search.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TuneRound {
    /// Candidates that played it.
    pub candidates: usize,
    /// Games each of them had played by its end.
    pub games: usize,
}

/// A tuning run's result.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TuneReport {
    /// The keys searched.
    pub keys: Vec<String>,
    /// Each key's value before the search.
    pub base_values: Vec<String>,
    /// The seat judged.
    pub subject: Seat,
    /// The band aimed for.
    pub band: Band,
    /// The 1/N share.
    pub fair_share: f64,
    /// The rounds, in order.
    pub rounds: Vec<TuneRound>,
    /// Every candidate, in the order of its values, as it stood when it was dropped or the
    /// run ended.
    pub candidates: Vec<TuneCandidate>,
    /// The index in `candidates` of the result: the best survivor.
    pub best: usize,
    /// Whether the result's share lies inside the band.
    pub reached: bool,
    /// Games played in all.
    pub games_played: usize,
    /// Wall-clock seconds (varies run to run).
    pub elapsed_seconds: f64,
}

/// Plays the search of `plan` with `players`.
///
/// # Errors
/// A game that fails ([`crate::run`]'s errors).
pub fn tune<G: Game>(
    plan: &TunePlan<G::Config>,
    players: &Players<'_, G>,
) -> Result<TuneReport, SimError> {
    let start = Instant::now();
    let seats = players.agents.len();
    let share = fair_share(seats);
    // Per candidate: wins per seat, draws and games so far, and the rounds it played.
    let mut tallies: Vec<(Vec<u64>, u64, usize, usize)> =
        vec![(vec![0; seats], 0, 0, 0); plan.candidates.len()];
    let mut alive: Vec<usize> = (0..plan.candidates.len()).collect();
    let mut rounds = Vec::new();
    let (mut played, mut target, mut chunk) = (0usize, plan.first.min(plan.games), 0u64);
    // The total, for the progress line: each round's survivors times its new games.
    let mut total = 0;
    {
        let (mut n, mut t, mut had) = (alive.len(), target, 0);
        loop {
            total += n * (t - had);
            if n == 1 || t >= plan.games {
                break;
            }
            (had, t, n) = (t, (t * 2).min(plan.games), n.div_ceil(2));
        }
    }
    let mut done = 0;
    loop {
        // The round's new games: seeds of chunk `chunk`, the same for every survivor.
        let new = target - tallies[alive[0]].2;
        let seed = derive_seed(plan.seed, chunk);
        for &c in &alive {
            let s: Summary = players.batch(&plan.candidates[c].1, new, seed, plan.threads)?;
            let t = &mut tallies[c];
            for (w, x) in t.0.iter_mut().zip(&s.wins) {
                *w += x;
            }
            t.1 += s.draws;
            t.2 += new;
            t.3 += 1;
            played += new;
            done += new;
            (players.progress)(done, total);
        }
        rounds.push(TuneRound {
            candidates: alive.len(),
            games: target,
        });
        chunk += 1;
        let line = |c: usize| candidate(plan, c, &tallies[c], share);
        // No decided game last, then by the distance outside the band, then by the change.
        alive.sort_by(|&a, &b| {
            let (x, y) = (line(a), line(b));
            (x.share.games == 0)
                .cmp(&(y.share.games == 0))
                .then(x.outside_band.total_cmp(&y.outside_band))
                .then(x.change.total_cmp(&y.change))
                .then(a.cmp(&b))
        });
        if alive.len() == 1 || target >= plan.games {
            break;
        }
        alive.truncate(alive.len().div_ceil(2));
        target = (target * 2).min(plan.games);
    }
    let candidates: Vec<TuneCandidate> = (0..plan.candidates.len())
        .map(|c| candidate(plan, c, &tallies[c], share))
        .collect();
    let best = alive[0];
    Ok(TuneReport {
        keys: plan.keys.iter().map(|k| k.key.clone()).collect(),
        base_values: plan.base_values.clone(),
        subject: plan.subject,
        band: plan.band,
        fair_share: share,
        rounds,
        reached: candidates[best].outside_band == 0.0 && candidates[best].share.games > 0,
        candidates,
        best,
        games_played: played,
        elapsed_seconds: start.elapsed().as_secs_f64(),
    })
}

fn candidate<C>(
    plan: &TunePlan<C>,
    c: usize,
    (wins, draws, games, rounds): &(Vec<u64>, u64, usize, usize),
    share: f64,
) -> TuneCandidate {
    let (values, _) = &plan.candidates[c];
    let decided: u64 = wins.iter().sum();
    let subject = wins.get(plan.subject.index()).copied().unwrap_or(0);
    let line = RateLine::new(
        format!("{} of decided games", plan.subject),
        subject,
        decided,
        share,
    );
    TuneCandidate {
        values: values.clone(),
        changes: plan
            .keys
            .iter()
            .zip(values)
            .map(|(k, v)| format!("{}={v}", k.key))
            .collect(),
        change: plan
            .base_values
            .iter()
            .zip(values)
            .map(|(b, v)| change_size(b, v))
            .sum(),
        rounds: *rounds,
        games: *games,
        outside_band: if decided == 0 {
            1.0
        } else {
            plan.band.distance(line.rate)
        },
        share: line,
        draw_rate: if *games == 0 {
            0.0
        } else {
            *draws as f64 / *games as f64
        },
    }
}
