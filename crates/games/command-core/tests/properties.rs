//! Properties over random play (proptest picks scenario and seed): every generated action is
//! legal and round-trips through JSON and text; programs never exceed the slots; structure
//! stays within 0..=max and falls exactly by the damage taken; Surge and Flux are never spent
//! beyond what a mech holds (all three are unsigned, so that is "never negative"); no two
//! mechs share a square.

use crate::common::content;
use gridwright_command_core::{
    Action, CommandCore, Event, MechId, Observation, Phase, Program, Slot,
};
use gridwright_engine::testing::random_pick;
use gridwright_engine::{Actor, Events, Game, Rng, Viewer};
use proptest::prelude::*;

fn invariants(g: &CommandCore) {
    let obs = g.observe(Viewer::Spectator);
    let config = g.config();
    let mut squares = std::collections::HashSet::new();
    for m in &obs.mechs {
        let chassis = config.chassis.iter().find(|c| c.id == m.chassis).unwrap();
        assert!(
            m.structure <= m.max_structure,
            "structure above its maximum"
        );
        assert_eq!(m.destroyed, m.deployed && m.structure == 0);
        if let Some(at) = m.at {
            assert!(at.x < obs.width && at.y < obs.height, "off the board");
            assert!(squares.insert(at), "two mechs on {at}");
            assert!(!m.destroyed);
        }
        if let Some(n) = m.committed_cards {
            assert!(n <= chassis.slots, "more cards than slots");
        }
        if let Some(p) = m.program {
            assert!(p.cards() <= usize::from(chassis.slots));
            assert!(
                p.slots()[usize::from(chassis.slots)..]
                    .iter()
                    .all(|s| s.is_empty())
            );
        }
        // Surge only exists between a mech's execution and cleanup.
        if matches!(obs.phase, Phase::Ordering { .. }) {
            assert_eq!(m.surge, 0, "Surge survived cleanup");
        }
    }
}

/// Structure, Surge and Flux are unsigned, so "never negative" means: nothing is ever paid or
/// lost beyond what a mech has. Checks the events of one step against the mechs before it.
fn payments_within_means(before: &Observation, events: &[Event]) {
    let m = |id: MechId| &before.mechs[id.index()];
    for e in events {
        match e {
            Event::Delta {
                mech,
                settlement: s,
                ..
            }
            | Event::Fired {
                mech,
                settlement: s,
                ..
            } => {
                assert!(s.flux <= m(*mech).flux, "paid Flux it did not have");
                assert!(s.surge <= m(*mech).surge, "paid Surge it did not have");
            }
            Event::Damaged {
                mech,
                amount,
                structure,
            } => {
                assert_eq!(*structure, m(*mech).structure.saturating_sub(*amount));
            }
            _ => {}
        }
    }
}

fn play(scenario: &str, seed: u64) {
    let config = content().config(scenario).unwrap();
    let mut g = CommandCore::new(&config).unwrap();
    let mut rng = Rng::seed_from_u64(seed);
    let (mut legal, mut chance) = (Vec::new(), Vec::new());
    loop {
        invariants(&g);
        let before = g.observe(Viewer::Spectator);
        let Some((actor, action)) = random_pick(&g, &mut rng, &mut legal, &mut chance) else {
            break;
        };
        assert!(g.is_legal(actor, &action), "{action:?} not legal");
        let json = serde_json::to_string(&action).unwrap();
        assert_eq!(
            serde_json::from_str::<Action>(&json).unwrap(),
            action,
            "{json}"
        );
        if let Actor::Seat(s) = actor {
            assert_eq!(g.parse_action(s, &g.action_text(&action)), Ok(action));
        }
        let mut events = Events::recording();
        g.step(actor, action, &mut events);
        payments_within_means(&before, &events.take());
    }
    assert!(g.is_terminal());
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn random_play_keeps_invariants(seed in any::<u64>(), skirmish in any::<bool>()) {
        play(if skirmish { "skirmish" } else { "duel" }, seed);
    }

    /// A program can be written with at most `MAX_SLOTS` slots: longer lists are refused by
    /// the constructor and by the JSON form.
    #[test]
    fn programs_never_exceed_slots(cards in proptest::collection::vec(proptest::option::of((0u8..12, any::<bool>())), 0..8)) {
        let slots: Vec<Slot> = cards
            .iter()
            .map(|c| c.map_or(Slot::EMPTY, |(card, flipped)| Slot::card(card, flipped)))
            .collect();
        let built = Program::new(&slots);
        prop_assert_eq!(built.is_some(), slots.len() <= 4);
        let json = serde_json::to_string(
            &cards
                .iter()
                .map(|c| c.map(|(card, flipped)| serde_json::json!({"card": card, "flipped": flipped})))
                .collect::<Vec<_>>(),
        )
        .unwrap();
        let parsed = serde_json::from_str::<Program>(&json);
        prop_assert_eq!(parsed.is_ok(), cards.len() <= 4);
        if let (Ok(p), Some(b)) = (parsed, built) {
            prop_assert_eq!(p, b);
            prop_assert!(p.cards() <= 4);
        }
    }
}
