//! A long random-game run of every shipped setup of every game through the engine's
//! conformance harness (`gridwright_engine::testing::random_sim`): the same checks as each
//! game's conformance test, on many more games. Ignored by default (minutes, in release); run it
//! with `scripts/long-random-games`, which sets:
//!
//! - `GRIDWRIGHT_LONG_GAMES`: most games per setup (default 2,000);
//! - `GRIDWRIGHT_LONG_SECONDS`: time budget per setup, checked between batches of 5 games
//!   (default 40), so a slow game still fits the run.
//!
//! It prints one line per setup: games, steps, longest game, seconds.

// A test binary reports failure by panicking.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use gridwright_catalog::{ContentSource, Frontend, GameKind, with_game};
use gridwright_engine::testing::random_sim;
use std::time::{Duration, Instant};

/// Games per call of the harness (each batch has its own seed).
const BATCH: usize = 5;

fn env_number(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// Plays up to `games` random games of every setup of `G`, within `budget` per setup.
fn run<G: Frontend>(games: usize, budget: Duration) -> usize {
    let content = ContentSource::Builtin;
    let scenarios = G::scenarios(&content).expect("shipped scenarios load");
    assert!(!scenarios.is_empty(), "{}: no setups", G::INFO.short_name);
    let mut total = 0;
    for (k, s) in scenarios.iter().enumerate() {
        let config = G::load_config(&content, Some(&s.name)).expect("shipped setup loads");
        let start = Instant::now();
        let (mut played, mut steps, mut longest) = (0, 0, 0);
        let mut batch = 0u64;
        while played < games && start.elapsed() < budget {
            let n = BATCH.min(games - played);
            let seed = 0x10_4e_u64 ^ ((k as u64) << 32) ^ batch;
            let r = random_sim::<G>(&config, n, seed, BATCH);
            assert_eq!(r.games, n);
            played += n;
            steps += r.steps;
            longest = longest.max(r.longest);
            batch += 1;
        }
        println!(
            "{} {}: {played} games, {steps} steps, longest {longest}, {:.1} s",
            G::INFO.short_name,
            s.name,
            start.elapsed().as_secs_f64()
        );
        total += played;
    }
    total
}

#[test]
#[ignore = "long: thousands of random games; run with scripts/long-random-games"]
fn every_setup_of_every_game_plays_long_random_runs_through_the_harness() {
    let games = usize::try_from(env_number("GRIDWRIGHT_LONG_GAMES", 2000)).unwrap_or(2000);
    let budget = Duration::from_secs(env_number("GRIDWRIGHT_LONG_SECONDS", 40));
    let mut total = 0;
    for kind in GameKind::ALL {
        total += with_game!(kind, G => run::<G>(games, budget));
    }
    println!("total: {total} games");
    assert!(total > 0);
}
