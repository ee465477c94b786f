//! Golden replays: whole games saved as replay files, re-run on every test run to the same
//! event-log hash. A failure means the rules or the event format changed: if intended, bump
//! `INFO.rules_version` and re-bless with
//! `cargo test -p gridwright-milkomeda --test integration -- --ignored bless_golden_replays`.

use crate::common::config;
use gridwright_engine::testing::play_to_end;
use gridwright_engine::{Agent, Game, RandomAgent, Replay, Rng, Session};
use gridwright_milkomeda::Milkomeda;
use std::path::{Path, PathBuf};

fn golden_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden")
}

/// File, scenario, seed, and each seat's final victory points.
const GOLDEN: &[(&str, &str, u64, &[u32])] = &[
    ("small-random.replay.json", "small", 1, &[81, 54]),
    ("four-random.replay.json", "four", 3, &[150, 126, 262, 100]),
];

fn play(scenario: &str, seed: u64) -> Session<Milkomeda> {
    let mut s = Session::<Milkomeda>::new(config(scenario), seed).unwrap();
    let mut rng = Rng::seed_from_u64(seed ^ 0x5EED);
    let mut agents: Vec<Box<dyn Agent<Milkomeda>>> = (0..s.state().num_seats())
        .map(|_| Box::new(RandomAgent) as _)
        .collect();
    play_to_end(&mut s, &mut agents, &mut rng);
    s
}

fn points(g: &Milkomeda) -> Vec<u32> {
    g.final_scores()
        .unwrap()
        .iter()
        .map(|(_, s)| s.standing.points)
        .collect()
}

#[test]
fn golden_replays_verify() {
    for (file, scenario, seed, want) in GOLDEN {
        let path = golden_dir().join(file);
        let text =
            std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let replay = Replay::from_json(&text).unwrap();
        assert_eq!(replay.seed, *seed, "{file}");
        assert_eq!(
            replay.config,
            serde_json::to_value(config(scenario)).unwrap(),
            "{file}: the shipped scenario changed"
        );
        let session = replay
            .verify::<Milkomeda>()
            .unwrap_or_else(|e| panic!("{file}: {e}"));
        let game = session.state();
        assert!(game.is_terminal(), "{file}: not finished");
        assert_eq!(points(game), *want, "{file}");
        assert_eq!(
            play(scenario, *seed).replay().event_hash,
            replay.event_hash,
            "{file}: the random agent changed"
        );
    }
}

/// A replay of an older rules version is refused, naming both versions (rules version 3 made
/// every combat die a chance step of its own; 4 changed the bribe actions, issue 20.7).
#[test]
fn a_replay_of_an_older_rules_version_is_refused_naming_both_versions() {
    let text = std::fs::read_to_string(golden_dir().join(GOLDEN[0].0)).unwrap();
    let mut replay = Replay::from_json(&text).unwrap();
    replay.rules_version = "3".to_owned();
    let err = replay.verify::<Milkomeda>().unwrap_err().to_string();
    let now = <Milkomeda as Game>::INFO.rules_version;
    assert_eq!(now, "4");
    assert!(
        err.contains("rules version 3") && err.contains(now),
        "{err}"
    );
}

/// Rewrites the golden files. Run on purpose only (it is ignored).
#[test]
#[ignore = "rewrites tests/golden; run on purpose after an intended rules change"]
fn bless_golden_replays() {
    for (file, scenario, seed, _) in GOLDEN {
        let s = play(scenario, *seed);
        std::fs::write(golden_dir().join(file), s.replay().to_json() + "\n").unwrap();
        eprintln!(
            "{file}: {} moves, points {:?}, {:?}",
            s.moves().len(),
            points(s.state()),
            s.state().ended()
        );
    }
}
