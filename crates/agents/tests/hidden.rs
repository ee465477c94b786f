//! Hidden information: an MCTS agent for Command Core gets its states only from
//! `SeatView::determinize`, so changing the opponent's sealed programs — the part of the
//! state it may not see — changes nothing in its search, with the same seed.

use crate::common::with_evaluation;
use gridwright_agents::{Mcts, MctsConfig, SearchReport};
use gridwright_command_core::{Action, CommandCore, Content, Phase};
use gridwright_engine::{Rng, Seat, SeatView, Session, Turn};

/// Both sessions play the same random moves until programming; false if the game ended.
fn to_programming(
    a: &mut Session<CommandCore>,
    b: &mut Session<CommandCore>,
    rng: &mut Rng,
) -> bool {
    while a.state().phase() != Phase::Programming {
        let seat = match a.turn() {
            Turn::Seat(s) => s,
            _ => return false,
        };
        let legal = a.legal_actions(seat);
        let action = legal[rng.index(legal.len())];
        a.apply(seat, action).unwrap();
        b.apply(seat, action).unwrap();
    }
    true
}

/// A card `seat` may put into its next slot in `a`, and a different one in `b` (how many cards
/// a program holds is public; which ones is not).
fn two_programs(
    a: &Session<CommandCore>,
    b: &Session<CommandCore>,
    seat: Seat,
    rng: &mut Rng,
) -> (Action, Action) {
    let cards = |s: &Session<CommandCore>| -> Vec<Action> {
        s.legal_actions(seat)
            .into_iter()
            .filter(|a| matches!(a, Action::Program { .. }))
            .collect()
    };
    let (la, lb) = (cards(a), cards(b));
    loop {
        let (x, y) = (la[rng.index(la.len())], lb[rng.index(lb.len())]);
        if x != y {
            return (x, y);
        }
    }
}

fn same_search(a: &SearchReport<Action>, b: &SearchReport<Action>) -> bool {
    let b = SearchReport {
        elapsed_ms: a.elapsed_ms,
        ..b.clone()
    };
    *a == b
}

/// P1 seals its programs, differently in two otherwise identical games; P2's search must not
/// notice.
fn check(scenario: &str, seed: u64, mcts: &Mcts<CommandCore>) {
    let config = Content::builtin().unwrap().config(scenario).unwrap();
    let mut a = Session::<CommandCore>::new(config.clone(), seed).unwrap();
    let mut b = Session::<CommandCore>::new(config, seed).unwrap();
    let mut rng = Rng::seed_from_u64(seed);
    if !to_programming(&mut a, &mut b, &mut rng) {
        return;
    }
    let (p1, p2) = (Seat::new(0), Seat::new(1));
    while a.turn().includes(p1) {
        let (x, y) = two_programs(&a, &b, p1, &mut rng);
        a.apply(p1, x).unwrap();
        b.apply(p1, y).unwrap();
    }
    assert_ne!(a.state(), b.state(), "the secret programs differ");
    assert!(a.turn().includes(p2));
    let ra = mcts.search(&SeatView::new(a.state(), p2), &mut Rng::seed_from_u64(99));
    let rb = mcts.search(&SeatView::new(b.state(), p2), &mut Rng::seed_from_u64(99));
    assert!(ra.iterations > 0);
    assert!(
        same_search(&ra, &rb),
        "{scenario} seed {seed}: the hidden programs changed P2's search\n{}\n{}",
        ra.to_text(),
        rb.to_text()
    );
}

#[test]
fn perturbing_the_opponents_sealed_programs_changes_nothing() {
    let config = MctsConfig {
        iterations: Some(300),
        ..MctsConfig::default()
    };
    let mcts = with_evaluation(config.clone());
    for (scenario, seed) in [("duel", 1), ("duel", 2), ("skirmish", 3)] {
        check(scenario, seed, &mcts);
    }
    check(
        "duel",
        4,
        &with_evaluation(MctsConfig {
            threads: 2,
            ..config
        }),
    );
}
