//! Golden replays: whole games saved as replay files, re-run on every test run to the same
//! event-log hash. A failure means the rules or the event format changed: if intended, bump
//! `INFO.rules_version` and re-bless with
//! `cargo test -p gridwright-starcore --test integration -- --ignored bless_golden_replays`.

use crate::game::content;
use gridwright_engine::testing::golden::{self, Golden};
use gridwright_engine::{Agent, RandomAgent, Session};
use gridwright_starcore::{GreedyAgent, Starcore};

fn golden() -> Golden {
    Golden::new(env!("CARGO_MANIFEST_DIR"), env!("CARGO_PKG_NAME"))
}

/// File, scenario, seed, whether each seat is greedy (else random), and the winner (1, 2, or
/// 0 for a draw).
const GOLDEN: &[(&str, &str, u64, [bool; 2], u8)] = &[
    (
        "arc-foundry-vs-iron-vanguard-greedy-vs-greedy-p1-wins.replay.json",
        "arc-foundry-vs-iron-vanguard",
        2,
        [true, true],
        1,
    ),
    (
        "arc-foundry-vs-iron-vanguard-greedy-vs-greedy-p2-wins.replay.json",
        "arc-foundry-vs-iron-vanguard",
        3,
        [true, true],
        2,
    ),
    (
        "mind-lattice-vs-verdant-choir-random-vs-greedy-p2-wins.replay.json",
        "mind-lattice-vs-verdant-choir",
        46,
        [false, true],
        2,
    ),
    (
        "mind-lattice-vs-verdant-choir-random-vs-greedy-turn-limit.replay.json",
        "mind-lattice-vs-verdant-choir",
        1,
        [false, true],
        0,
    ),
];

fn play(scenario: &str, seed: u64, greedy: [bool; 2]) -> Session<Starcore> {
    let config = content().config(scenario).unwrap();
    let agents: Vec<Box<dyn Agent<Starcore>>> = greedy
        .iter()
        .map(|&g| -> Box<dyn Agent<Starcore>> {
            if g {
                Box::new(GreedyAgent::new())
            } else {
                Box::new(RandomAgent)
            }
        })
        .collect();
    golden::play(config, seed, 0x5C0E, agents)
}

#[test]
fn golden_replays_verify() {
    for (file, scenario, seed, greedy, winner) in GOLDEN {
        let config = content().config(scenario).unwrap();
        let session = golden().verify(file, &config, *seed, &play(scenario, *seed, *greedy));
        let game = session.state();
        assert_eq!(game.winner().map_or(0, |w| w.number()), *winner, "{file}");
    }
}

/// Rewrites the golden files. Run on purpose only (it is ignored).
#[test]
#[ignore = "rewrites tests/golden; run on purpose after an intended rules change"]
fn bless_golden_replays() {
    for (file, scenario, seed, greedy, _) in GOLDEN {
        let s = play(scenario, *seed, *greedy);
        let winner = s.state().winner().map_or(0, |w| w.number());
        golden().bless(file, &s);
        println!("{file}: winner {winner}, {} moves", s.replay().moves.len());
    }
}
