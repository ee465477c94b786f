//! # gridwright-agents
//!
//! Agents that work for every game, and the one place where agent specs are defined. Nothing
//! here names a game: agents see a game only through the engine's [`Game`] trait and a seat's
//! [`SeatView`].
//!
//! The agent spec language — `random`, `greedy`, `mcts:iters=2000,threads=2` — is documented
//! once, in `specs.md` (shown below, printed by `gridwright agents`, and exported as
//! [`SPEC_HELP`]).
//!
#![doc = include_str!("specs.md")]
//!
//! ## Example
//! ```
//! use gridwright_agents::{AgentSpec, MctsConfig};
//! let spec: AgentSpec = "random".parse().unwrap();
//! assert_eq!(spec.name, "random");
//! let spec: AgentSpec = "mcts:iters=2000,c=1.4".parse().unwrap();
//! assert_eq!(spec.param("iters"), Some("2000"));
//! assert_eq!(MctsConfig::from_spec(&spec).unwrap().iterations, Some(2000));
//! ```
//!
//! # Why determinize from the view, not read the state
//! An agent for a hidden-information game gets a [`SeatView`]. MCTS starts every iteration
//! from [`SeatView::determinize`] — the game's own redraw of what the seat cannot see — so a
//! secret (an opponent's sealed program) cannot influence the search: change it, and with the
//! same seed the agent makes the same move. The integration tests check exactly that.
//!
//! # Why one tree per seat
//! With one tree keyed by actions, an opponent choosing its second sealed program would "see"
//! the first program the searcher sealed, and search would assume a clairvoyant opponent. Each
//! seat's tree is keyed by what that seat observes ([`Game::action_visible_to`]), so a hidden
//! commitment is one opaque edge in the other seats' trees. Perfect-information games share
//! one tree, which is plain UCT.
//!
//! # Why decoupled UCT, not regret matching, by default
//! Regret matching (`sim=rm`) is the principled choice for sealed choices: its average strategy
//! tends to an equilibrium, and the tests check it does in biased matching pennies. But at a
//! node with a thousand mech programs, a few thousand iterations leave the average strategy
//! spread over dozens of widened candidates, and drawing from it often picks a poor one: in
//! Command Core it won 15% of games against the greedy agent where decoupled UCT won 48% at
//! the same budget (rules version 1, when a whole program was one choice; programs are now
//! chosen one slot at a time, a few dozen choices each). So `ucb` is the default and `rm` the option for small, truly mixed choices.

mod evaluator;
mod mcts;
mod spec;
mod stop;

pub use evaluator::{Evaluator, WithPrior};
pub use gridwright_engine::{Agent, RandomAgent, SeatView, first_best, pick_best};
pub use mcts::{
    ActionStats, DEFAULT_ITERATIONS, LineStep, Mcts, MctsConfig, Rollout, SearchReport,
    SimultaneousRule,
};
pub use spec::{AgentSpec, SpecError};
pub use stop::Stop;

/// The agent spec reference (markdown): every agent name and every `mcts` parameter with its
/// default. The one place specs are documented; the CLI prints it and the docs include it.
pub const SPEC_HELP: &str = include_str!("specs.md");

#[cfg(doc)]
use gridwright_engine::Game;
