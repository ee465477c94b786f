//! Batches of games from Python: `simulate` and the balance report, played by the sim crate
//! exactly as `gridwright simulate --json` and `gridwright balance --json` play them, and
//! `simulate` cut into shards (a range of game numbers each) that any process may play and one
//! merge folds back into the very result a single run gives (`gridwright.ray`).
//!
//! # Why a merge of shards is the single run's result
//! Game `i` of a batch is played from `derive_seed(seed, i)` with fresh agents, whoever plays
//! it (`gridwright_sim::run` does the same); a shard returns one record per game, and the merge
//! adds them to one tally in game order, as `run` does, so even the floating-point sums round the
//! same way.

use crate::erased::Refused;
use gridwright_agents::AgentSpec;
use gridwright_catalog::Frontend;
use gridwright_engine::{Agent, Game, derive_seed};
use gridwright_sim::balance::{BalanceOptions, Header, Hooks, Variant};
use gridwright_sim::overrides::{self, Override};
use gridwright_sim::{AgentFactory, GameRecord, SimOptions, Summary};
use serde_json::Value;
use std::sync::Arc;

/// What a batch is: the game's config and setup, and one agent spec per seat.
#[derive(Debug)]
pub struct Batch<'a, G: Game> {
    /// The config every game starts from.
    pub config: &'a G::Config,
    /// The setup it was loaded with, if named.
    pub setup: Option<&'a str>,
    /// One agent per seat.
    pub agents: &'a [AgentSpec],
}

fn sim_error(e: gridwright_sim::SimError) -> Refused {
    Refused(e.to_string())
}

/// A batch of games of any game: what [`crate::erased::DynGame::batch`] returns.
pub trait DynBatch {
    /// Plays games `0..games` on `threads` threads: `gridwright simulate --json`'s document.
    ///
    /// # Errors
    /// A bad agent, a wrong number of agents, too many games, or a game that fails.
    fn simulate(&self, games: usize, seed: u64, threads: usize) -> Result<Value, Refused>;
    /// Plays games `start..start + count` of the batch of master seed `seed` on this thread:
    /// their records as JSON text, for [`DynBatch::merge`].
    ///
    /// # Errors
    /// As [`DynBatch::simulate`].
    fn shard(&self, seed: u64, start: usize, count: usize) -> Result<String, Refused>;
    /// Folds the shards' records (in any order of shards) into `gridwright simulate --json`'s
    /// document for games `0..games` of master seed `seed`; `threads` and `elapsed_seconds`
    /// say how it ran.
    ///
    /// # Errors
    /// A shard that is not [`DynBatch::shard`]'s text, or shards that do not cover every game
    /// exactly once with the batch's seeds.
    fn merge(
        &self,
        seed: u64,
        games: usize,
        shards: &[String],
        threads: usize,
        elapsed_seconds: f64,
    ) -> Result<Value, Refused> {
        let mut records: Vec<GameRecord> = Vec::with_capacity(games);
        for (n, text) in shards.iter().enumerate() {
            let part: Vec<GameRecord> = serde_json::from_str(text)
                .map_err(|e| Refused(format!("shard {n}: not a shard's records: {e}")))?;
            records.extend(part);
        }
        records.sort_by_key(|r| r.index);
        if records.len() != games {
            return Err(Refused(format!(
                "the shards hold {} games, not the batch's {games}",
                records.len()
            )));
        }
        for (i, r) in records.iter().enumerate() {
            if r.index != i {
                return Err(Refused(format!(
                    "the shards do not hold game {i} exactly once (found game {} there)",
                    r.index
                )));
            }
            if r.seed != derive_seed(seed, i as u64) || r.returns.len() != self.seats() {
                return Err(Refused(format!(
                    "game {i} of the shards was not played from master seed {seed} by {} seats",
                    self.seats()
                )));
            }
        }
        let summary = Summary::from_records(&records, self.seats(), elapsed_seconds);
        self.document(&summary, seed, threads)
    }
    /// `gridwright balance --json`'s report for `variants` (names and changes) on
    /// `opts.threads` threads, `opts.subject`'s score compared; the same seed gives the same
    /// report whatever the thread count (but `elapsed_seconds`).
    ///
    /// # Errors
    /// As [`gridwright_sim::balance::report`], and bad variants.
    fn balance(
        &self,
        variants: &[(String, Vec<String>)],
        opts: &BalanceOptions,
    ) -> Result<Value, Refused>;
    /// How many seats a game of the batch has (one agent each).
    fn seats(&self) -> usize;
    /// `gridwright simulate --json`'s document for `summary`.
    ///
    /// # Errors
    /// The summary does not convert to JSON.
    fn document(&self, summary: &Summary, seed: u64, threads: usize) -> Result<Value, Refused>;
}

impl<G: Frontend> Batch<'_, G> {
    /// A fresh-agent factory per seat, every spec checked once (`human` refused).
    fn factories(&self) -> Result<Vec<AgentFactory<G>>, Refused> {
        let mut out: Vec<AgentFactory<G>> = Vec::with_capacity(self.agents.len());
        for spec in self.agents {
            if spec.is_human() {
                return Err(Refused("`human` cannot play in a batch of games".into()));
            }
            G::agent(spec)?;
            let spec = spec.clone();
            out.push(Arc::new(move || match G::agent(&spec) {
                Ok(a) => a,
                // Checked above; cannot fail here.
                Err(_) => Box::new(gridwright_engine::RandomAgent),
            }));
        }
        Ok(out)
    }

    /// The agents as the command line writes them (`random,greedy`).
    fn agents_text(&self) -> String {
        let specs: Vec<String> = self.agents.iter().map(ToString::to_string).collect();
        specs.join(",")
    }

    /// What was played: the config's own name where it has one, else the setup.
    fn scenario(&self) -> String {
        G::config_name(self.config)
            .or_else(|| self.setup.map(str::to_owned))
            .unwrap_or_else(|| "default".into())
    }

    /// The variants of the batch's config: each a name and its changes (`key.path=value`, as
    /// `gridwright balance --variant`), every config checked to set up; none asked: one
    /// variant, `base`, unchanged.
    fn variants(
        &self,
        asked: &[(String, Vec<String>)],
    ) -> Result<Vec<Variant<G::Config>>, Refused> {
        if asked.len() > 2 {
            return Err(Refused(format!(
                "at most two variants (A and B) are compared, not {}",
                asked.len()
            )));
        }
        let base = [("base".to_owned(), Vec::new())];
        let asked = if asked.is_empty() { &base[..] } else { asked };
        let mut out = Vec::new();
        for (name, texts) in asked {
            let at = |why: String| Refused(format!("variant {name}: {why}"));
            let changes = texts
                .iter()
                .map(|t| t.parse::<Override>().map_err(|e| at(e.to_string())))
                .collect::<Result<Vec<_>, _>>()?;
            let config = overrides::apply(self.config, &changes).map_err(|e| at(e.to_string()))?;
            G::new(&config).map_err(|e| at(format!("does not set up: {e}")))?;
            out.push(Variant {
                name: name.clone(),
                changes: changes.iter().map(Override::to_string).collect(),
                config,
            });
        }
        Ok(out)
    }
}

impl<G: Frontend> DynBatch for Batch<'_, G> {
    fn simulate(&self, games: usize, seed: u64, threads: usize) -> Result<Value, Refused> {
        let threads = threads.max(1);
        let summary = gridwright_sim::run::<G>(
            self.config,
            &self.factories()?,
            &SimOptions {
                games,
                seed,
                threads,
                replays: None,
            },
            G::scores,
            G::end_reason,
            &|_, _| {},
        )
        .map_err(sim_error)?;
        self.document(&summary, seed, threads)
    }

    fn shard(&self, seed: u64, start: usize, count: usize) -> Result<String, Refused> {
        let end = start
            .checked_add(count)
            .filter(|&e| e <= gridwright_sim::MAX_GAMES)
            .ok_or_else(|| {
                Refused(format!(
                    "games {start} to {start} + {count}: a batch has at most {} games",
                    gridwright_sim::MAX_GAMES
                ))
            })?;
        let factories = self.factories()?;
        let initial = G::new(self.config).map_err(|e| Refused(e.to_string()))?;
        let mut records = Vec::with_capacity(count);
        for i in start..end {
            let mut agents: Vec<Box<dyn Agent<G>>> = factories.iter().map(|f| f()).collect();
            let (record, _) = gridwright_sim::play_one(
                self.config,
                &initial,
                i,
                derive_seed(seed, i as u64),
                &mut agents,
                G::scores,
                G::end_reason,
                false,
            )
            .map_err(sim_error)?;
            records.push(record);
        }
        serde_json::to_string(&records).map_err(|e| Refused(format!("records as JSON: {e}")))
    }

    fn balance(
        &self,
        variants: &[(String, Vec<String>)],
        opts: &BalanceOptions,
    ) -> Result<Value, Refused> {
        if !(1..=200).contains(&opts.bins) {
            return Err(Refused(format!("bins must be 1 to 200, not {}", opts.bins)));
        }
        let variants = self.variants(variants)?;
        let report = gridwright_sim::balance::report::<G>(
            Header {
                game: G::INFO.short_name.to_owned(),
                setup: self.scenario(),
                agents: self.agents.iter().map(ToString::to_string).collect(),
            },
            &variants,
            &self.factories()?,
            opts,
            Hooks {
                score: G::scores,
                end: G::end_reason,
                round: G::round_number,
                measures: G::round_measures,
            },
            &|_, _| {},
        )
        .map_err(sim_error)?;
        serde_json::to_value(&report).map_err(|e| Refused(format!("the report as JSON: {e}")))
    }

    fn seats(&self) -> usize {
        self.agents.len()
    }

    fn document(&self, summary: &Summary, seed: u64, threads: usize) -> Result<Value, Refused> {
        let mut doc = serde_json::to_value(summary)
            .map_err(|e| Refused(format!("the summary as JSON: {e}")))?;
        doc["game"] = G::INFO.short_name.into();
        doc["scenario"] = self.scenario().into();
        doc["agents"] = self.agents_text().into();
        doc["seed"] = seed.into();
        doc["threads"] = threads.into();
        Ok(doc)
    }
}
