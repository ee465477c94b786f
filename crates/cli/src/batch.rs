//! What `simulate`, `balance` and `ladder` share: the arguments of a batch of games, the worker threads their arguments ask for, a fresh
//! agent per game, and one batch of games played through `gridwright_sim::run` with the game's
//! own score and end hooks and a progress line on a terminal.

use anyhow::{Result, bail};
use gridwright_agents::AgentSpec;
use gridwright_catalog::Frontend;
use gridwright_sim::{AgentFactory, SimOptions, Summary};
use std::io::Write;
use std::sync::Arc;

/// The arguments every batch of games shares (`simulate`, `balance`): which game and setup,
/// the agents, how many games, the master seed and the worker threads.
#[derive(clap::Args, Debug)]
pub struct GamesArgs {
    /// The game's short name.
    pub game: String,
    /// Scenario name or path to a scenario file.
    #[arg(long)]
    pub scenario: Option<String>,
    /// The deck of a seat, for games played with decks: `--deck p1=NAME --deck p2=PATH` (a
    /// shipped deck name or a deck file of one's own), on top of the scenario.
    #[arg(long = "deck", value_name = "SEAT=NAME|PATH")]
    pub decks: Vec<String>,
    /// One agent spec per seat, comma-separated in seat order (e.g. `greedy,random`).
    #[arg(long, default_value = "random,random")]
    pub agents: String,
    /// Number of games (per variant for `balance`; the most, with --sprt).
    #[arg(long, default_value_t = 1000)]
    pub games: usize,
    /// Master seed; game i uses a seed derived from it and i (the same for every variant).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Worker threads (default: all cores). The results are the same for any number.
    #[arg(long)]
    pub threads: Option<usize>,
}

/// What a batch's arguments set up: the config, the agent specs and their factories.
pub(crate) struct Setup<G: Frontend> {
    pub config: G::Config,
    pub specs: Vec<AgentSpec>,
    pub factories: Vec<AgentFactory<G>>,
}

impl GamesArgs {
    /// The setup's config (with its decks), the agent specs and a fresh-agent factory per seat,
    /// every spec checked once with a clear error before any thread starts; `human` is refused
    /// (`what` names the run in that message).
    pub(crate) fn setup<G: Frontend>(
        &self,
        content: &gridwright_catalog::ContentSource,
        what: &str,
    ) -> Result<Setup<G>> {
        let config = gridwright_catalog::load_config_with_decks::<G>(
            content,
            self.scenario.as_deref(),
            &self.decks,
        )?;
        let specs = AgentSpec::parse_list(&self.agents)?;
        let factories = factories::<G>(&specs, what)?;
        Ok(Setup {
            config,
            specs,
            factories,
        })
    }
}

/// A fresh-agent factory per spec, every spec checked once with a clear error before any
/// thread starts; `human` is refused (`what` names the run in that message).
pub(crate) fn factories<G: Frontend>(
    specs: &[AgentSpec],
    what: &str,
) -> Result<Vec<AgentFactory<G>>> {
    let mut factories = Vec::with_capacity(specs.len());
    for spec in specs {
        if spec.is_human() {
            bail!("`human` cannot play in {what}");
        }
        G::agent(spec)?;
        factories.push(factory::<G>(spec.clone()));
    }
    Ok(factories)
}

/// `--threads`, or all cores.
///
/// # Errors
/// `--threads 0`.
pub(crate) fn threads(asked: Option<usize>) -> Result<usize> {
    let threads =
        asked.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    if threads == 0 {
        bail!("--threads must be at least 1");
    }
    Ok(threads)
}

/// A fresh agent per game (agents may keep per-game state), from a spec checked before the
/// batch started.
pub(crate) fn factory<G: Frontend>(spec: AgentSpec) -> AgentFactory<G> {
    Arc::new(move || match G::agent(&spec) {
        Ok(a) => a,
        // Checked before the batch started; cannot fail here.
        Err(_) => Box::new(gridwright_engine::RandomAgent),
    })
}

/// One batch of games: the setup, one agent per seat and the sim options, with the progress
/// line (`line(done, total)`, drawn after every `every` games and the last, when `show`).
pub(crate) struct Batch<'a, G: Frontend> {
    pub config: &'a G::Config,
    pub agents: Vec<AgentFactory<G>>,
    pub opts: SimOptions,
    pub show: bool,
    pub every: usize,
    pub line: Box<dyn Fn(usize, usize) -> String + Sync + 'a>,
}

impl<G: Frontend> Batch<'_, G> {
    /// Plays the batch with `G`'s scores and end reasons.
    ///
    /// # Errors
    /// As `gridwright_sim::run`.
    pub(crate) fn play(&self) -> Result<Summary> {
        let progress = |done: usize, total: usize| {
            if self.show && (done % self.every == 0 || done == total) {
                err!("\r{}", (self.line)(done, total));
                if done == total {
                    errln!();
                }
                let _ = std::io::stderr().flush();
            }
        };
        Ok(gridwright_sim::run::<G>(
            self.config,
            &self.agents,
            &self.opts,
            G::scores,
            G::end_reason,
            &progress,
        )?)
    }
}
