//! The game through the engine: shipped content, the conformance harness on every deck
//! pairing, and whole random games.

use gridwright_engine::testing::random_sim;
use gridwright_engine::{Actor, Events, Game, Rng, Seat, Turn, sample_chance};
use gridwright_starcore::{Content, Starcore};

pub fn content() -> Content {
    Content::builtin().unwrap()
}

#[test]
fn shipped_content_loads_with_four_decks_and_six_pairings() {
    let c = content();
    assert_eq!(
        c.deck_names(),
        [
            "arc-foundry",
            "iron-vanguard",
            "mind-lattice",
            "verdant-choir"
        ]
    );
    assert_eq!(c.scenario_names().len(), 6);
    for name in c.scenario_names() {
        Starcore::new(&c.config(&name).unwrap()).unwrap();
    }
}

/// Plays one random game to the end; returns it.
pub fn random_game(config: &gridwright_starcore::Config, seed: u64) -> Starcore {
    let mut rng = Rng::seed_from_u64(seed);
    let mut g = Starcore::new(config).unwrap();
    let mut scratch = Vec::new();
    let mut ev = Events::disabled();
    loop {
        match g.turn() {
            Turn::Terminal => return g,
            Turn::Chance => {
                let a = sample_chance(&g, &mut rng, &mut scratch).unwrap();
                g.step(Actor::Chance, a, &mut ev);
            }
            Turn::Seat(s) => {
                let legal = g.legal_actions_vec(s);
                let a = legal[rng.index(legal.len())];
                g.step(Actor::Seat(s), a, &mut ev);
            }
            Turn::Simultaneous(set) => {
                let s: Seat = set.iter().next().unwrap();
                let legal = g.legal_actions_vec(s);
                let a = legal[rng.index(legal.len())];
                g.step(Actor::Seat(s), a, &mut ev);
            }
        }
    }
}

#[test]
fn random_games_end() {
    let c = content();
    let config = c.config(&c.scenario_names()[0]).unwrap();
    let mut ends = std::collections::BTreeMap::new();
    for seed in 0..20 {
        let g = random_game(&config, seed);
        *ends.entry(format!("{:?}", g.phase())).or_insert(0) += 1;
    }
    println!("{ends:?}");
}

#[test]
fn conformance_random_sim_every_pairing() {
    let c = content();
    for name in c.scenario_names() {
        let config = c.config(&name).unwrap();
        let report = random_sim::<Starcore>(&config, 6, 7, 3);
        assert_eq!(report.games, 6, "{name}");
        assert!(
            report.resamples_changed > 0 && report.hidden_pairs > 0,
            "{name}: {report:?}"
        );
    }
}

/// The flat action index on every pairing: every legal action has its own index that maps
/// back to it.
#[test]
fn action_index_every_pairing() {
    let c = content();
    for name in c.scenario_names() {
        let config = c.config(&name).unwrap();
        let r = gridwright_engine::testing::check_action_index::<Starcore>(&config, 4, 11);
        println!("{name}: N = {}, {r:?}", r.num_distinct_actions);
        assert_eq!(r.mapped, r.num_distinct_actions, "{name}: {r:?}");
        assert_eq!(r.unindexed, 0, "{name}: {r:?}");
        assert!(r.indices_seen > 100, "{name}: {r:?}");
    }
}
