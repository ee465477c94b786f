//! Perturbation tests: changing what seat X cannot see leaves X's observation and visible log
//! byte-identical.

use crate::common::config;
use gridwright_engine::{Actor, Events, Game, Rng, Seat, Turn, Viewer, sample_chance};
use gridwright_milkomeda::{Action, Event, Milkomeda};

/// What `viewer` sees of a step: the action if visible, the events as redacted, and the
/// observation after it, all as JSON.
fn seen(
    g: &Milkomeda,
    before: &Milkomeda,
    actor: Actor,
    a: Action,
    ev: &[Event],
    viewer: Viewer,
) -> String {
    let action = before
        .action_visible_to(actor, &a, viewer)
        .then(|| serde_json::to_string(&a).unwrap());
    let events: Vec<Event> = ev
        .iter()
        .filter_map(|e| g.redact_event(e, viewer))
        .collect();
    format!(
        "{action:?}|{}|{}",
        serde_json::to_string(&events).unwrap(),
        serde_json::to_string(&g.observe(viewer)).unwrap()
    )
}

fn step(g: &Milkomeda, actor: Actor, a: Action) -> (Milkomeda, Vec<Event>) {
    let mut next = g.clone();
    let mut events = Events::recording();
    next.step(actor, a, &mut events);
    (next, events.take())
}

/// Plays random games; at each sealed commit, tries two different secrets and checks every
/// seat that may not see them sees no difference. (The Master's order cards are no secret:
/// it reveals them to every player, §7 phase 1 step 4; with 2 to 4 players at most one card
/// stays face down, so a later round's deal hides nothing to perturb.)
#[test]
fn hidden_choices_and_cards_leave_other_views_unchanged() {
    let mut sealed_pairs = 0;
    for (name, seed) in [("duel", 3u64), ("three", 4), ("four", 5), ("four", 6)] {
        let c = config(name);
        let mut g = Milkomeda::new(&c).unwrap();
        let mut rng = Rng::seed_from_u64(seed);
        let mut scratch = Vec::new();
        while !g.is_terminal() {
            let (actor, options): (Actor, Vec<Action>) = match g.turn() {
                Turn::Chance => {
                    scratch.clear();
                    g.chance_outcomes(&mut scratch);
                    (Actor::Chance, scratch.iter().map(|(a, _)| *a).collect())
                }
                Turn::Seat(s) => (Actor::Seat(s), g.legal_actions_vec(s)),
                Turn::Simultaneous(set) => {
                    let s = set.iter().next().unwrap();
                    (Actor::Seat(s), g.legal_actions_vec(s))
                }
                Turn::Terminal => break,
            };
            let secret = matches!(
                (actor, options.first()),
                (Actor::Seat(_), Some(Action::Ships(_) | Action::Hits(_)))
            );
            if secret && options.len() > 1 {
                let (a, b) = (options[0], options[options.len() - 1]);
                let (ga, ea) = step(&g, actor, a);
                let (gb, eb) = step(&g, actor, b);
                // The commit that completes a sealed set reveals all of it: nothing to compare.
                let revealed = actor != Actor::Chance
                    && !(matches!(ga.turn(), Turn::Simultaneous(_))
                        && matches!(gb.turn(), Turn::Simultaneous(_)));
                if revealed {
                    g.step(actor, a, &mut Events::disabled());
                    continue;
                }
                for x in Seat::all(g.num_seats()) {
                    let may_see = actor == Actor::Seat(x);
                    if may_see {
                        continue;
                    }
                    let v = Viewer::Seat(x);
                    assert_eq!(
                        seen(&ga, &g, actor, a, &ea, v),
                        seen(&gb, &g, actor, b, &eb, v),
                        "{name}: {x} sees the difference between {a:?} and {b:?}"
                    );
                    sealed_pairs += 1;
                }
                assert_eq!(
                    seen(&ga, &g, actor, a, &ea, Viewer::Spectator),
                    seen(&gb, &g, actor, b, &eb, Viewer::Spectator)
                );
            }
            let a = match actor {
                Actor::Chance => sample_chance(&g, &mut rng, &mut scratch).unwrap(),
                Actor::Seat(_) => options[rng.index(options.len())],
            };
            g.step(actor, a, &mut Events::disabled());
        }
    }
    assert!(sealed_pairs > 20, "{sealed_pairs}");
}
