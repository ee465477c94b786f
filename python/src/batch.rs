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
use gridwright_sim::balance::{BalanceReport, Header};
use gridwright_sim::ladder::{LadderHeader, Plan, assemble};
use gridwright_sim::request::{BalancePlan, BalanceRequest, Spelling};
use gridwright_sim::study::{Players, StudyReport, StudyRequest};
use gridwright_sim::{AgentFactory, GameRecord, SimOptions, Summary};
use serde_json::Value;
use std::ops::Range;
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

/// Games `start..start + count` of a batch: what one shard plays.
#[derive(Clone, Copy, Debug)]
pub struct Span {
    /// The first game's number.
    pub start: usize,
    /// How many games.
    pub count: usize,
}

impl Span {
    /// The span's game numbers, if they end by `total`; else a refusal naming the span and
    /// `why` it cannot be played.
    fn within(self, total: usize, why: impl FnOnce() -> String) -> Result<Range<usize>, Refused> {
        let Span { start, count } = self;
        match start.checked_add(count) {
            Some(end) if end <= total => Ok(start..end),
            _ => Err(Refused(format!(
                "games {start} to {start} + {count}: {}",
                why()
            ))),
        }
    }
}

/// Shards to fold into one result: their texts (each what a `*_shard` call returned, in any
/// order), and how they were played, for the document (`threads`, `elapsed_seconds`).
#[derive(Debug)]
pub struct Shards<'a> {
    /// The shards' texts.
    pub texts: &'a [String],
    /// How many threads or workers played them.
    pub threads: usize,
    /// The wall time they took.
    pub elapsed_seconds: f64,
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
    fn shard(&self, seed: u64, span: Span) -> Result<String, Refused>;
    /// Folds the shards' records (in any order of shards) into `gridwright simulate --json`'s
    /// document for games `0..games` of master seed `seed`; `threads` and `elapsed_seconds`
    /// say how it ran.
    ///
    /// # Errors
    /// A shard that is not [`DynBatch::shard`]'s text, or shards that do not cover every game
    /// exactly once with the batch's seeds.
    fn merge(&self, seed: u64, games: usize, shards: &Shards) -> Result<Value, Refused>;
    /// `gridwright balance --json`'s report for `request` (checked as the command line checks
    /// it: [`BalanceRequest::plan`]); the same seed gives the same report whatever the thread
    /// count (but `elapsed_seconds`).
    ///
    /// # Errors
    /// As [`gridwright_sim::balance::report`], and a request the plan refuses.
    fn balance(&self, request: &BalanceRequest) -> Result<BalanceReport, Refused>;
    /// [`DynBatch::balance`]'s checks, playing no game.
    ///
    /// # Errors
    /// As [`DynBatch::balance`]'s checks.
    fn balance_check(&self, request: &BalanceRequest) -> Result<(), Refused>;
    /// Games `start..start + count` of the balance run `request` asks for, every variant of
    /// each, on this thread: JSON text for [`DynBatch::balance_merge`].
    ///
    /// # Errors
    /// As [`DynBatch::balance`].
    fn balance_shard(&self, request: &BalanceRequest, span: Span) -> Result<String, Refused>;
    /// [`DynBatch::balance`]'s report from shards holding games `0..request.games` exactly
    /// once.
    ///
    /// # Errors
    /// Shards that do not make up the run, and [`DynBatch::balance`]'s checks.
    fn balance_merge(
        &self,
        request: &BalanceRequest,
        shards: &Shards,
    ) -> Result<BalanceReport, Refused>;
    /// `gridwright balance --tune --json`'s search or `--importance --json`'s ranking for
    /// `request` (checked as the command line checks it: [`StudyRequest::run`]).
    ///
    /// # Errors
    /// A request the plan refuses, bad agents, a game that fails.
    fn study(&self, request: &StudyRequest) -> Result<StudyReport, Refused>;
    /// `gridwright ladder --json`'s document: every pairing of the batch's agents (two or
    /// more, in any seat count), `games` games per pairing, on `threads` threads.
    ///
    /// # Errors
    /// Fewer than two agents or seats, a bad or `human` agent, no games, a game that fails.
    fn ladder(&self, games: usize, seed: u64, threads: usize) -> Result<Value, Refused>;
    /// How many games the ladder of `games` games per pairing plays in all: the games its
    /// shards number (`0..` that), batch after batch.
    ///
    /// # Errors
    /// As [`DynBatch::ladder`].
    fn ladder_size(&self, games: usize) -> Result<usize, Refused>;
    /// Games `start..start + count` of the ladder's [`DynBatch::ladder_size`] on this thread:
    /// JSON text for [`DynBatch::ladder_merge`].
    ///
    /// # Errors
    /// As [`DynBatch::ladder`], and a range past the ladder's games.
    fn ladder_shard(&self, games: usize, seed: u64, span: Span) -> Result<String, Refused>;
    /// [`DynBatch::ladder`]'s document from shards holding every game of the ladder exactly
    /// once, in any order; `threads` and `elapsed_seconds` say how they were played.
    ///
    /// # Errors
    /// Shards that do not make up the ladder, and [`DynBatch::ladder`]'s checks.
    fn ladder_merge(&self, games: usize, seed: u64, shards: &Shards) -> Result<Value, Refused>;
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

    /// The initial state of every game of the batch.
    fn initial(&self) -> Result<G, Refused> {
        G::new(self.config).map_err(|e| Refused(e.to_string()))
    }

    /// Game `i` of the batch of master seed `seed`, from `initial` between fresh agents of
    /// `factories`: its record.
    fn play(
        &self,
        initial: &G,
        factories: &[AgentFactory<G>],
        i: usize,
        seed: u64,
    ) -> Result<GameRecord, Refused> {
        let mut agents: Vec<Box<dyn Agent<G>>> = factories.iter().map(|f| f()).collect();
        let (record, _) = gridwright_sim::play_one(
            self.config,
            initial,
            i,
            derive_seed(seed, i as u64),
            &mut agents,
            G::scores,
            G::end_reason,
            false,
        )
        .map_err(sim_error)?;
        Ok(record)
    }

    /// Games `0..games` of master seed `seed` between `factories`' agents on `threads` threads,
    /// as `gridwright simulate` plays them.
    fn run(
        &self,
        factories: &[AgentFactory<G>],
        games: usize,
        seed: u64,
        threads: usize,
    ) -> Result<Summary, Refused> {
        gridwright_sim::run::<G>(
            self.config,
            factories,
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
        .map_err(sim_error)
    }

    /// A ladder's plan and its header, every check `gridwright ladder` makes made: two seats
    /// or more, two agents or more, none `human`, every spec one this game has, games ≥ 1.
    fn ladder_plan(
        &self,
        games: usize,
        seed: u64,
        threads: usize,
    ) -> Result<(Plan, LadderHeader), Refused> {
        let seats = self.initial()?.num_seats();
        if seats < 2 {
            return Err(Refused(format!(
                "a ladder needs a game of at least two seats; this one has {seats}"
            )));
        }
        if self.agents.len() < 2 {
            return Err(Refused(format!(
                "a ladder needs at least two agents (e.g. \"random,greedy\"), not {}",
                self.agents.len()
            )));
        }
        for s in self.agents {
            if s.is_human() {
                return Err(Refused("`human` cannot play in a ladder".into()));
            }
            G::agent(s).map_err(|e| Refused(format!("agent `{s}`: {e}")))?;
        }
        if games == 0 {
            return Err(Refused("games must be at least 1".into()));
        }
        // Checked before the plan lists its pairings: a ladder is one batch of games at most.
        let n = self.agents.len();
        let seatings = gridwright_sim::ladder::seatings(seats).len();
        let pairs = n.checked_mul(n - 1).map(|x| x / 2);
        let per_pairing = games.div_ceil(seatings).checked_mul(seatings);
        let total = pairs.zip(per_pairing).and_then(|(p, g)| p.checked_mul(g));
        if total.is_none_or(|t| t > gridwright_sim::MAX_GAMES) {
            return Err(Refused(format!(
                "a ladder of {n} agents with {games} games per pairing is more than {} games in \
                 all; play fewer",
                gridwright_sim::MAX_GAMES
            )));
        }
        let plan = Plan::new(n, seats, games);
        let header = LadderHeader {
            game: G::INFO.short_name.to_owned(),
            // As the command line: the scenario asked for, not the config's own name.
            scenario: self.setup.unwrap_or("default").to_owned(),
            agents: self.agents.iter().map(ToString::to_string).collect(),
            seed,
            threads,
        };
        Ok((plan, header))
    }

    /// Fresh-agent factories for the seats of a ladder batch.
    fn seat_factories(&self, seat_agents: &[usize]) -> Result<Vec<AgentFactory<G>>, Refused> {
        let specs: Vec<AgentSpec> = seat_agents
            .iter()
            .map(|&x| self.agents[x].clone())
            .collect();
        Batch::<G> {
            config: self.config,
            setup: self.setup,
            agents: &specs,
        }
        .factories()
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

    /// The balance report's header.
    fn header(&self) -> Header {
        Header {
            game: G::INFO.short_name.to_owned(),
            setup: self.scenario(),
            agents: self.agents.iter().map(ToString::to_string).collect(),
        }
    }

    /// `gridwright simulate --json`'s document for `summary`.
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

    /// `request` checked and its variants set up from the batch's config, as the command line
    /// does it, and the agents checked.
    fn plan(&self, request: &BalanceRequest) -> Result<BalancePlan<G::Config>, Refused> {
        let plan = request
            .plan::<G>(self.config, Spelling::Keywords)
            .map_err(sim_error)?;
        self.factories()?;
        Ok(plan)
    }
}

impl<G: Frontend> DynBatch for Batch<'_, G> {
    fn simulate(&self, games: usize, seed: u64, threads: usize) -> Result<Value, Refused> {
        let threads = threads.max(1);
        let summary = self.run(&self.factories()?, games, seed, threads)?;
        self.document(&summary, seed, threads)
    }

    fn shard(&self, seed: u64, span: Span) -> Result<String, Refused> {
        let games = span.within(gridwright_sim::MAX_GAMES, || {
            format!("a batch has at most {} games", gridwright_sim::MAX_GAMES)
        })?;
        let factories = self.factories()?;
        let initial = self.initial()?;
        // Grown as games are played: `count` comes from the caller.
        let mut records = Vec::new();
        for i in games {
            records.push(self.play(&initial, &factories, i, seed)?);
        }
        serde_json::to_string(&records).map_err(|e| Refused(format!("records as JSON: {e}")))
    }

    fn merge(&self, seed: u64, games: usize, shards: &Shards) -> Result<Value, Refused> {
        if games > gridwright_sim::MAX_GAMES {
            return Err(Refused(format!(
                "a batch has at most {} games, not {games}",
                gridwright_sim::MAX_GAMES
            )));
        }
        let mut records: Vec<GameRecord> = Vec::new();
        for (n, text) in shards.texts.iter().enumerate() {
            let part: Vec<GameRecord> = serde_json::from_str(text)
                .map_err(|e| Refused(format!("shard {n}: not a shard's records: {e}")))?;
            records.extend(part);
        }
        check_records(&mut records, games, seed, seed, self.agents.len(), None)?;
        let summary = Summary::from_records(&records, self.agents.len(), shards.elapsed_seconds);
        self.document(&summary, seed, shards.threads)
    }

    fn balance(&self, request: &BalanceRequest) -> Result<BalanceReport, Refused> {
        let plan = self.plan(request)?;
        gridwright_sim::balance::report::<G>(
            self.header(),
            &plan.variants,
            &self.factories()?,
            &plan.options,
            gridwright_catalog::balance_hooks::<G>(),
            &|_, _| {},
        )
        .map_err(sim_error)
    }

    fn balance_check(&self, request: &BalanceRequest) -> Result<(), Refused> {
        self.plan(request).map(|_| ())
    }

    fn balance_shard(&self, request: &BalanceRequest, span: Span) -> Result<String, Refused> {
        let plan = self.plan(request)?;
        gridwright_sim::balance::shard::<G>(
            &plan.variants,
            &self.factories()?,
            request.seed,
            span.start,
            span.count,
            gridwright_catalog::balance_hooks::<G>(),
        )
        .map_err(sim_error)
    }

    fn balance_merge(
        &self,
        request: &BalanceRequest,
        shards: &Shards,
    ) -> Result<BalanceReport, Refused> {
        let plan = self.plan(request)?;
        gridwright_sim::balance::merge::<G>(
            self.header(),
            &plan.variants,
            self.agents.len(),
            &plan.options,
            shards.texts,
            shards.elapsed_seconds,
        )
        .map_err(sim_error)
    }

    fn study(&self, request: &StudyRequest) -> Result<StudyReport, Refused> {
        let players = Players {
            agents: &self.factories()?,
            score: G::scores,
            end: G::end_reason,
            progress: &|_, _| {},
        };
        request
            .run::<G>(self.config, Spelling::Keywords, &players)
            .map_err(sim_error)
    }

    fn ladder(&self, games: usize, seed: u64, threads: usize) -> Result<Value, Refused> {
        let threads = threads.max(1);
        let (plan, header) = self.ladder_plan(games, seed, threads)?;
        let mut summaries = Vec::new();
        for b in plan.batches(seed) {
            let factories = self.seat_factories(&b.seat_agents)?;
            summaries.push(self.run(&factories, plan.per_seating, b.seed, threads)?);
        }
        ladder_json(&assemble(header, &plan, &summaries))
    }

    fn ladder_size(&self, games: usize) -> Result<usize, Refused> {
        let (plan, _) = self.ladder_plan(games, 0, 1)?;
        Ok(plan.pairs.len() * plan.games_per_pairing())
    }

    fn ladder_shard(&self, games: usize, seed: u64, span: Span) -> Result<String, Refused> {
        let (plan, _) = self.ladder_plan(games, seed, 1)?;
        let total = plan.pairs.len() * plan.games_per_pairing();
        let range = span.within(total, || {
            format!("this ladder has games 0 to {total} (exclusive)")
        })?;
        let batches = plan.batches(seed);
        let initial = self.initial()?;
        let mut records: Vec<(usize, GameRecord)> = Vec::new();
        let mut factories: Option<(usize, Vec<AgentFactory<G>>)> = None;
        for g in range {
            let (k, i) = (g / plan.per_seating, g % plan.per_seating);
            let b = &batches[k];
            if factories.as_ref().is_none_or(|(at, _)| *at != k) {
                factories = Some((k, self.seat_factories(&b.seat_agents)?));
            }
            let Some((_, f)) = &factories else { continue };
            records.push((k, self.play(&initial, f, i, b.seed)?));
        }
        serde_json::to_string(&records).map_err(|e| Refused(format!("records as JSON: {e}")))
    }

    fn ladder_merge(&self, games: usize, seed: u64, shards: &Shards) -> Result<Value, Refused> {
        let Shards {
            texts,
            threads,
            elapsed_seconds,
        } = *shards;
        let (plan, header) = self.ladder_plan(games, seed, threads)?;
        let batches = plan.batches(seed);
        let mut by_batch: Vec<Vec<GameRecord>> = vec![Vec::new(); batches.len()];
        for (n, text) in texts.iter().enumerate() {
            let part: Vec<(usize, GameRecord)> = serde_json::from_str(text)
                .map_err(|e| Refused(format!("shard {n}: not a ladder shard's records: {e}")))?;
            for (k, r) in part {
                by_batch
                    .get_mut(k)
                    .ok_or_else(|| {
                        Refused(format!(
                            "shard {n}: batch {k}, but this ladder has {} batches",
                            batches.len()
                        ))
                    })?
                    .push(r);
            }
        }
        let total = batches.len() * plan.per_seating;
        let mut summaries = Vec::with_capacity(batches.len());
        for (b, mut records) in batches.iter().zip(by_batch) {
            let (games, seats) = (plan.per_seating, plan.seats);
            check_records(&mut records, games, b.seed, seed, seats, Some(b.index))?;
            // The run's time shared out by games: a figure of how it ran, like `seconds`.
            let share = elapsed_seconds * plan.per_seating as f64 / total.max(1) as f64;
            summaries.push(Summary::from_records(&records, plan.seats, share));
        }
        ladder_json(&assemble(header, &plan, &summaries))
    }
}

/// Sorts a merge's `records` by game and checks that they are games `0..games` of one batch
/// exactly once, game `i` played from `derive_seed(seed, i)` by `seats` seats. `master` is the
/// master seed asked for, `ladder_batch` the ladder batch they are of (none: a `simulate`
/// batch), both for the messages.
fn check_records(
    records: &mut [GameRecord],
    games: usize,
    seed: u64,
    master: u64,
    seats: usize,
    ladder_batch: Option<usize>,
) -> Result<(), Refused> {
    let (of, whose, played) = match ladder_batch {
        None => (
            String::new(),
            format!("the batch's {games}"),
            "of the shards".to_owned(),
        ),
        Some(k) => {
            let of = format!(" of ladder batch {k}");
            (
                of.clone(),
                format!("its {games}"),
                of.trim_start().to_owned(),
            )
        }
    };
    records.sort_by_key(|r| r.index);
    if records.len() != games {
        return Err(Refused(format!(
            "the shards hold {} games{of}, not {whose}",
            records.len()
        )));
    }
    for (i, r) in records.iter().enumerate() {
        if r.index != i {
            return Err(Refused(format!(
                "the shards do not hold game {i}{of} exactly once (found game {} there)",
                r.index
            )));
        }
        if r.seed != derive_seed(seed, i as u64) || r.returns.len() != seats {
            return Err(Refused(format!(
                "game {i} {played} was not played from master seed {master} by {seats} seats"
            )));
        }
    }
    Ok(())
}

fn ladder_json(ladder: &gridwright_sim::ladder::Ladder) -> Result<Value, Refused> {
    serde_json::to_value(ladder).map_err(|e| Refused(format!("the ladder as JSON: {e}")))
}
