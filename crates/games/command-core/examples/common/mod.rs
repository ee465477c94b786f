//! What the examples share: the scenario and game count from the command line.

use gridwright_command_core::{CommandCore, Content};
use gridwright_engine::Game;

/// The scenario named by the first argument (`duel` if none), the number of games in the
/// second (`default_games` if none), and the scenario's starting state; `None` if the scenario
/// does not load.
pub fn setup(default_games: u32) -> Option<(String, u32, CommandCore)> {
    let mut args = std::env::args().skip(1);
    let name = args.next().unwrap_or_else(|| "duel".into());
    let n = args
        .next()
        .and_then(|s| s.parse().ok())
        .unwrap_or(default_games);
    let config = Content::builtin().ok()?.config(&name).ok()?;
    let start = CommandCore::new(&config).ok()?;
    Some((name, n, start))
}
