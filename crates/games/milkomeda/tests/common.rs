//! Shared helpers: the shipped content and random play.

use gridwright_engine::{Actor, Events, Game, Rng, Turn, sample_chance};
use gridwright_milkomeda::{Config, Content, Milkomeda};

pub fn config(name: &str) -> Config {
    Content::builtin().unwrap().config(name).unwrap()
}

/// Plays one random game to the end; returns the final state and its length in steps.
pub fn random_game(config: &Config, seed: u64) -> (Milkomeda, usize) {
    let mut g = Milkomeda::new(config).unwrap();
    let mut rng = Rng::seed_from_u64(seed);
    let mut scratch = Vec::new();
    let mut legal = Vec::new();
    let mut events = Events::disabled();
    let mut steps = 0;
    loop {
        match g.turn() {
            Turn::Terminal => break,
            Turn::Chance => {
                let a = sample_chance(&g, &mut rng, &mut scratch).unwrap();
                g.step(Actor::Chance, a, &mut events);
            }
            Turn::Seat(s) => {
                legal.clear();
                g.legal_actions(s, &mut legal);
                let a = legal[rng.index(legal.len())];
                g.step(Actor::Seat(s), a, &mut events);
            }
            Turn::Simultaneous(set) => {
                let s = set.iter().next().unwrap();
                legal.clear();
                g.legal_actions(s, &mut legal);
                let a = legal[rng.index(legal.len())];
                g.step(Actor::Seat(s), a, &mut events);
            }
        }
        steps += 1;
        assert!(steps <= g.max_game_length(), "game too long");
    }
    (g, steps)
}
