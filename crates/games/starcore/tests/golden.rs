//! Golden replays: whole games saved as replay files, re-run on every test run to the same
//! event-log hash. A failure means the rules or the event format changed: if intended, bump
//! `INFO.rules_version` and re-bless with
//! `cargo test -p gridwright-starcore --test integration -- --ignored bless_golden_replays`.

use crate::game::content;
use gridwright_engine::testing::play_to_end;
use gridwright_engine::{Agent, Game, RandomAgent, Replay, Rng, Session};
use gridwright_starcore::{GreedyAgent, Starcore};
use std::path::{Path, PathBuf};

fn golden_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden")
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
    let mut s = Session::<Starcore>::new(config, seed).unwrap();
    let mut rng = Rng::seed_from_u64(seed ^ 0x5C0E);
    let mut agents: Vec<Box<dyn Agent<Starcore>>> = greedy
        .iter()
        .map(|&g| -> Box<dyn Agent<Starcore>> {
            if g {
                Box::new(GreedyAgent::new())
            } else {
                Box::new(RandomAgent)
            }
        })
        .collect();
    play_to_end(&mut s, &mut agents, &mut rng);
    s
}

#[test]
fn golden_replays_verify() {
    for (file, scenario, seed, greedy, winner) in GOLDEN {
        let path = golden_dir().join(file);
        let text =
            std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let replay = Replay::from_json(&text).unwrap();
        assert_eq!(replay.seed, *seed, "{file}");
        assert_eq!(
            replay.config,
            serde_json::to_value(content().config(scenario).unwrap()).unwrap(),
            "{file}: the shipped content changed"
        );
        let session = replay
            .verify::<Starcore>()
            .unwrap_or_else(|e| panic!("{file}: {e}"));
        let game = session.state();
        assert!(game.is_terminal(), "{file}: not finished");
        assert_eq!(game.winner().map_or(0, |w| w.number()), *winner, "{file}");
        assert_eq!(
            play(scenario, *seed, *greedy).replay().event_hash,
            replay.event_hash,
            "{file}: agents changed"
        );
    }
}

/// Rewrites the golden files. Run on purpose only (it is ignored).
#[test]
#[ignore = "rewrites tests/golden; run on purpose after an intended rules change"]
fn bless_golden_replays() {
    for (file, scenario, seed, greedy, _) in GOLDEN {
        let s = play(scenario, *seed, *greedy);
        let winner = s.state().winner().map_or(0, |w| w.number());
        std::fs::write(golden_dir().join(file), s.replay().to_json() + "\n").unwrap();
        println!("{file}: winner {winner}, {} moves", s.replay().moves.len());
    }
}
