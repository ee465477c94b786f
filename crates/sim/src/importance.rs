//! Importance runs (issue 25): every piece of a list or table in the config (a side's units,
//! a deck's cards) taken out in turn, or swapped for another, each variant played on the same
//! seeds as the config itself, and the pieces ranked by how much the subject seat's share of
//! the decided games changes without them.
//!
//! # What "taken out" means
//! [`overrides::without`]: a list entry is removed; in a table of copies (a deck: card →
//! copies) one copy is removed, and with a swap, one copy of the swap card is added instead
//! (a deck whose size is fixed needs the swap); a piece whose variant does not set up is listed
//! with the game's reason and not played.
//!
//! # The interval of a difference
//! The variant's share less the config's own, each the subject's wins over the decided games,
//! with a normal 95% interval of a difference of two proportions, `±1.96·√(p₁q₁/n₁ + p₂q₂/n₂)`.
//! Both are played on the same seeds, which makes them agree more than independent samples
//! would: the interval is on the wide side.

use crate::SimError;
use crate::balance::RateLine;
use crate::overrides;
use crate::request::Spelling;
use crate::stats::{Summary, fair_share};
use crate::study::{Players, StudyBasis};
use gridwright_engine::{Game, Seat};
use serde::Serialize;
use std::time::Instant;

/// Most pieces one importance run takes out (each is a whole batch of games).
pub const MAX_PIECES: usize = 100;

/// An importance run as asked for, before any check.
#[derive(Clone, Debug)]
pub struct ImportanceRequest {
    /// The key path of the list or table whose entries are taken out (`sides.Red.units`,
    /// `decks.0.cards`).
    pub key: String,
    /// In a table of copies, the entry one copy of each piece is swapped for.
    pub swap: Option<String>,
    /// The changes, seat, games, seed and threads every study takes.
    pub basis: StudyBasis,
}

/// A checked importance run.
#[derive(Clone, Debug)]
pub struct ImportancePlan<C> {
    /// The config as it is (with the run's changes).
    pub base: C,
    /// The key path.
    pub key: String,
    /// The swap, if any.
    pub swap: Option<String>,
    /// Each piece: its name, and the config without it or why that does not set up.
    pub pieces: Vec<(String, Result<C, String>)>,
    /// The seat judged.
    pub subject: Seat,
    /// Games per variant.
    pub games: usize,
    /// The master seed.
    pub seed: u64,
    /// Worker threads.
    pub threads: usize,
}

impl ImportanceRequest {
    /// Every piece found and every variant built and set up, before any game; a refusal
    /// names the option as `spelling` spells it.
    ///
    /// # Errors
    /// [`SimError::Request`] naming the key and why.
    pub fn plan<G: Game>(
        &self,
        base: &G::Config,
        spelling: Spelling,
    ) -> Result<ImportancePlan<G::Config>, SimError> {
        let name = |n: &str| spelling.name(n);
        let refuse = |why: String| SimError::Request(why);
        let (base, _) = self.basis.changed::<G>(base, spelling)?;
        let at = format!("{} {}", name("importance"), self.key);
        let labels =
            overrides::entries(&base, &self.key).map_err(|e| refuse(format!("{at}: {e}")))?;
        if labels.is_empty() {
            return Err(refuse(format!("{at}: there is no piece to take out")));
        }
        if labels.len() > MAX_PIECES {
            return Err(refuse(format!(
                "{at}: at most {MAX_PIECES} pieces, not {}",
                labels.len()
            )));
        }
        let mut pieces = Vec::with_capacity(labels.len());
        for (k, label) in labels.into_iter().enumerate() {
            if self.swap.as_deref() == Some(label.as_str()) {
                continue;
            }
            let variant = overrides::without(&base, &self.key, k, self.swap.as_deref())
                .map_err(|e| refuse(format!("{at}: {e}")))?;
            let set_up = G::new(&variant).map(|_| variant).map_err(|e| e.to_string());
            pieces.push((label, set_up));
        }
        if pieces.is_empty() {
            return Err(refuse(format!("{at}: there is no piece to take out")));
        }
        if pieces.iter().all(|(_, p)| p.is_err()) {
            let why = pieces
                .iter()
                .find_map(|(_, p)| p.as_ref().err())
                .cloned()
                .unwrap_or_default();
            return Err(refuse(format!(
                "{at}: no piece can be taken out and leave a game that sets up ({why}){}",
                if self.swap.is_none() {
                    "; a deck of a fixed size needs a swap"
                } else {
                    ""
                }
            )));
        }
        Ok(ImportancePlan {
            base,
            key: self.key.clone(),
            swap: self.swap.clone(),
            pieces,
            subject: self.basis.subject,
            games: self.basis.games,
            seed: self.basis.seed,
            threads: self.basis.threads.max(1),
        })
    }
}

/// One piece's row.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ImportanceRow {
    /// The piece, as the key path names it (`grid-overload`, `#1 0103 knight`).
    pub piece: String,
    /// What its variant changes, in words, pieces by the names the config gives them
    /// (`without Grid Overload`, `Grid Overload → Spark Cell`).
    pub change: String,
    /// The subject's share of the variant's decided games, with its interval; `None` if the
    /// variant was not played.
    pub share: Option<RateLine>,
    /// The share less the config's own.
    pub difference: Option<f64>,
    /// The difference's 95% interval (module docs).
    pub interval_95: Option<(f64, f64)>,
    /// Draws / games.
    pub draw_rate: Option<f64>,
    /// Why the variant was not played (it does not set up).
    pub not_played: Option<String>,
}

/// An importance run's result.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ImportanceReport {
    /// The key path.
    pub key: String,
    /// The swap, if any.
    pub swap: Option<String>,
    /// The seat judged.
    pub subject: Seat,
    /// The 1/N share.
    pub fair_share: f64,
    /// Games per variant.
    pub games: usize,
    /// The subject's share of the config's own decided games.
    pub base: RateLine,
    /// The config's own draw rate.
    pub base_draw_rate: f64,
    /// One row per piece, the played ones first, the most negative difference first (the
    /// pieces the subject misses most), then those not played, in their order.
    pub rows: Vec<ImportanceRow>,
    /// Games played in all.
    pub games_played: usize,
    /// Wall-clock seconds (varies run to run).
    pub elapsed_seconds: f64,
}

/// Plays `plan`, every variant on the config's own seeds, with `players`.
///
/// # Errors
/// A game that fails ([`crate::run`]'s errors).
pub fn importance<G: Game>(
    plan: &ImportancePlan<G::Config>,
    players: &Players<'_, G>,
) -> Result<ImportanceReport, SimError> {
    let start = Instant::now();
    let share = fair_share(players.agents.len());
    let played = 1 + plan.pieces.iter().filter(|(_, p)| p.is_ok()).count();
    let total = played * plan.games;
    let mut done = 0;
    let mut play = |config: &G::Config| -> Result<Summary, SimError> {
        let s = players.batch(config, plan.games, plan.seed, plan.threads)?;
        done += plan.games;
        (players.progress)(done, total);
        Ok(s)
    };
    let line = |s: &Summary| {
        let decided: u64 = s.wins.iter().sum();
        let wins = s.wins.get(plan.subject.index()).copied().unwrap_or(0);
        RateLine::new(
            format!("{} of decided games", plan.subject),
            wins,
            decided,
            share,
        )
    };
    let base_summary = play(&plan.base)?;
    let base = line(&base_summary);
    let mut rows = Vec::with_capacity(plan.pieces.len());
    for (piece, variant) in &plan.pieces {
        let change = match &plan.swap {
            Some(swap) => format!("{} → {}", words(&plan.base, piece), words(&plan.base, swap)),
            None => format!("without {}", words(&plan.base, piece)),
        };
        rows.push(match variant {
            Ok(config) => {
                let s = play(config)?;
                let l = line(&s);
                let (difference, interval) = difference(&l, &base);
                ImportanceRow {
                    piece: piece.clone(),
                    change,
                    difference,
                    interval_95: interval,
                    draw_rate: Some(s.draws as f64 / s.games.max(1) as f64),
                    share: Some(l),
                    not_played: None,
                }
            }
            Err(why) => ImportanceRow {
                piece: piece.clone(),
                change,
                share: None,
                difference: None,
                interval_95: None,
                draw_rate: None,
                not_played: Some(format!("does not set up: {why}")),
            },
        });
    }
    // Played rows by difference (most negative first; a row with no decided game last among
    // them), then the rest; a stable sort keeps the pieces' order on a tie.
    rows.sort_by(|a, b| {
        let k = |r: &ImportanceRow| (r.difference.is_none(), r.difference.unwrap_or(0.0));
        let (ka, kb) = (k(a), k(b));
        ka.0.cmp(&kb.0).then(ka.1.total_cmp(&kb.1))
    });
    Ok(ImportanceReport {
        key: plan.key.clone(),
        swap: plan.swap.clone(),
        subject: plan.subject,
        fair_share: share,
        games: plan.games,
        base,
        base_draw_rate: base_summary.draws as f64 / base_summary.games.max(1) as f64,
        rows,
        games_played: done,
        elapsed_seconds: start.elapsed().as_secs_f64(),
    })
}

/// A piece in words: the config's name for it where it has one (a card id), and in a list
/// entry's words (`#1 0103 knight`) each id so named (`#1 0103 Knight`).
fn words<C: serde::Serialize>(config: &C, piece: &str) -> String {
    piece
        .split(' ')
        .map(|w| overrides::name_of(config, w).unwrap_or_else(|| w.to_owned()))
        .collect::<Vec<_>>()
        .join(" ")
}

/// `variant.rate − base.rate` and its normal 95% interval; `None` if either decided no game.
fn difference(variant: &RateLine, base: &RateLine) -> (Option<f64>, Option<(f64, f64)>) {
    if variant.games == 0 || base.games == 0 {
        return (None, None);
    }
    let var = |r: &RateLine| r.rate * (1.0 - r.rate) / r.games as f64;
    let d = variant.rate - base.rate;
    let half = 1.96 * (var(variant) + var(base)).sqrt();
    (Some(d), Some((d - half, d + half)))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The interval of a difference of two proportions, computed by hand: 30/50 against
    /// 20/50 is +0.2 ± 1.96·√(0.6·0.4/50 + 0.4·0.6/50) = ±0.19204.
    #[test]
    fn the_difference_and_its_interval_are_the_normal_approximation() {
        let a = RateLine::new(String::new(), 30, 50, 0.5);
        let b = RateLine::new(String::new(), 20, 50, 0.5);
        let (d, i) = difference(&a, &b);
        let d = d.unwrap();
        let (lo, hi) = i.unwrap();
        assert!((d - 0.2).abs() < 1e-12);
        assert!((hi - d - 0.192_04).abs() < 1e-5, "{hi}");
        assert!((d - lo - 0.192_04).abs() < 1e-5, "{lo}");
        let none = RateLine::new(String::new(), 0, 0, 0.5);
        assert_eq!(difference(&none, &b), (None, None));
    }
}
