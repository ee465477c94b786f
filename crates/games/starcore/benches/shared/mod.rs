//! What the `starcore` bench and the `starcore_random_games` example share: the position they time
//! random games from.

use gridwright_engine::Game;
use gridwright_starcore::{Config, Content, Starcore};

/// The default pairing's config (`arc-foundry-vs-iron-vanguard`) and its opening state.
///
/// # Panics
/// If the shipped content is broken (a test guards against that).
pub fn default_start() -> (Config, Starcore) {
    let content = Content::builtin().expect("shipped content loads");
    let config = content
        .config("arc-foundry-vs-iron-vanguard")
        .expect("the default pairing");
    let start = Starcore::new(&config).expect("config builds");
    (config, start)
}
