//! Shared helpers: agents as the catalog builds them, and matches played in parallel.

use gridwright_agents::{Evaluator, Mcts, MctsConfig};
use gridwright_engine::{Game, Seat};
use std::sync::Arc;

/// A game's evaluation function, as the game crates export it.
pub trait Evaluated: Game {
    /// The game's `evaluate`.
    fn value(&self, seat: Seat) -> Option<f64>;
}

impl Evaluated for gridwright_grid_battles::GridBattles {
    fn value(&self, seat: Seat) -> Option<f64> {
        Some(gridwright_grid_battles::evaluate(self, seat))
    }
}

impl Evaluated for gridwright_command_core::CommandCore {
    fn value(&self, seat: Seat) -> Option<f64> {
        Some(gridwright_command_core::evaluate(self, seat))
    }
}

impl Evaluated for gridwright_connect_four::ConnectFour {
    fn value(&self, _: Seat) -> Option<f64> {
        None
    }
}

/// MCTS with `config` and the game's evaluation plugged in, as the catalog's `mcts_agent`
/// builds it (`MctsConfig::default()` is the `mcts` spec).
pub fn with_evaluation<G: Evaluated>(config: MctsConfig) -> Mcts<G> {
    let e: Arc<dyn Evaluator<G>> = Arc::new(|g: &G, s: Seat| g.value(s));
    Mcts::new(config).with_evaluator(e)
}
