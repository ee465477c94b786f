//! Shared helpers: the shipped content and random play.

use gridwright_engine::testing::{self, Sealed};
use gridwright_milkomeda::{Config, Content, Milkomeda};

pub fn config(name: &str) -> Config {
    Content::builtin().unwrap().config(name).unwrap()
}

/// Plays one random game to the end (at a sealed choice the lowest seat first); returns the
/// final state and its length in steps.
pub fn random_game(config: &Config, seed: u64) -> (Milkomeda, usize) {
    testing::random_game(config, seed, Sealed::Lowest)
}
