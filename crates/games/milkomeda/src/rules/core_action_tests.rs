//! Rule tests for the core actions as the seed states them (issue 20 points 5–8, issue 27
//! point 5): each builds a game from the shipped content, plays legal steps to the position the
//! rule needs, and computes what the rule expects from the seed's words and the card data.

use crate::action::Action;
use crate::rules::actions::CoreAction;
use crate::rules::steps_tests::{act, explore_at, game, seat_to_act, sp, to_first_turn};
use crate::state::{Act, Milkomeda, Phase, TurnStage};
use crate::{Resource, Resources};
use gridwright_engine::{Game, Seat};

/// The explorer's drawn cards not placed yet.
fn hand(g: &Milkomeda) -> Vec<crate::SectorId> {
    match &g.phase {
        Phase::Turn(t) => match &t.stage {
            TurnStage::Act(Act::Explore { hand, .. }) => hand.clone(),
            _ => Vec::new(),
        },
        _ => Vec::new(),
    }
}

fn cost(g: &Milkomeda, card: crate::SectorId) -> u16 {
    u16::from(g.table.rules.sector(card).cost)
}

/// Starts an explore from the homeworld with `green` in storage and no boost; returns the seat.
fn explore_with(g: &mut Milkomeda, green: u16) -> Seat {
    to_first_turn(g);
    let seat = seat_to_act(g);
    g.table.storage[seat] = Resources::new(3, 3, 3, green);
    // The homeworld's neighbours were explored at setup: probe from one of them instead,
    // which has unexplored neighbours.
    let home = g.table.homes[seat];
    let origin = g
        .table
        .map
        .size()
        .neighbors(home)
        .find(|s| g.table.map.is_explored(*s))
        .expect("a setup sector");
    g.table.set_fleets(origin, seat, 1);
    let i = g.table.idx(origin);
    g.table.control[i] = Some(seat);
    act(g, seat, Action::Main(CoreAction::Explore));
    act(g, seat, Action::Probe(origin));
    act(g, seat, Action::Launch(0));
    seat
}

fn first_place(g: &Milkomeda, seat: Seat) -> Action {
    g.legal_actions_vec(seat)
        .into_iter()
        .find(|a| matches!(a, Action::Place { .. }))
        .expect("a placement")
}

/// §8.A steps 4–5 (docs item 42): when the player can pay the total exploration cost of the
/// drawn cards, every one of them is placed; `done` (sending cards back) is not offered until
/// the hand is empty. The repro: P2 held 44 green and sent back cards costing 1 and 2.
#[test]
fn explore_places_every_drawn_card_it_can_pay_for() {
    let mut g = game("duel");
    let seat = explore_with(&mut g, 44);
    let drawn = hand(&g);
    assert_eq!(drawn.len(), 2, "§8.A step 3: two cards");
    let total: u16 = drawn.iter().map(|c| cost(&g, *c)).sum();
    assert!(total <= 44);
    while !hand(&g).is_empty() {
        let legal = g.legal_actions_vec(seat);
        assert!(
            !legal.contains(&Action::Done),
            "affordable cards may not go back: {legal:?}"
        );
        let a = first_place(&g, seat);
        act(&mut g, seat, a);
    }
    assert_eq!(
        g.storage(seat).get(Resource::Green),
        44 - total,
        "both cards paid for"
    );
}

/// §8.A step 5: only when the total is unaffordable does the player choose which cards go back
/// (any set it can pay for, none included: item 42).
#[test]
fn explore_lets_the_player_choose_which_cards_go_back_only_when_the_total_is_unaffordable() {
    // Find the drawn cards first (the test's chance takes the lowest card left), then replay
    // with green one short of their total.
    let mut probe = game("duel");
    explore_with(&mut probe, 44);
    let drawn = hand(&probe);
    let total: u16 = drawn.iter().map(|c| cost(&probe, *c)).sum();
    let mut g = game("duel");
    let seat = explore_with(&mut g, total - 1);
    assert_eq!(hand(&g), drawn);
    let legal = g.legal_actions_vec(seat);
    assert!(legal.contains(&Action::Done), "{legal:?}");
    // Each card it can pay for alone may be placed.
    for c in &drawn {
        let placeable = legal
            .iter()
            .any(|a| matches!(a, Action::Place { card, .. } if *card == *c));
        assert_eq!(placeable, cost(&g, *c) < total, "card {c:?}");
    }
}

/// §8.B: a Move moves fleets from up to two origins to destinations in range, once. Fleets
/// that arrived at a sector during the action do not move on from it when that sector becomes
/// the second origin (the repro: range 2, c9r9 → c8r9 → c8r7).
#[test]
fn a_moves_fleets_move_once() {
    let mut g = game("duel");
    to_first_turn(&mut g);
    let seat = seat_to_act(&g);
    // a → b → c in a row in the middle of the grid, all explored; the player holds a with 3
    // fleets and b with 1.
    let (a, b, c) = (sp(3, 4), sp(4, 4), sp(5, 4));
    for (i, s) in [a, b, c].into_iter().enumerate() {
        explore_at(&mut g, s, 60 + i as u8);
    }
    for (s, n) in [(a, 3), (b, 1)] {
        g.table.set_fleets(s, seat, n);
        let i = g.table.idx(s);
        g.table.control[i] = Some(seat);
    }
    act(&mut g, seat, Action::Main(CoreAction::Move));
    act(&mut g, seat, Action::Boost(0));
    act(
        &mut g,
        seat,
        Action::MoveFleets {
            from: a,
            to: b,
            count: 3,
        },
    );
    assert_eq!(g.fleets_at(b, seat), 4);
    // Only the fleet that was at b before the action may leave it: counts 1 to 1.
    let from_b: Vec<u8> = g
        .legal_actions_vec(seat)
        .into_iter()
        .filter_map(|x| match x {
            Action::MoveFleets { from, to, count } if from == b && to == c => Some(count),
            _ => None,
        })
        .collect();
    assert_eq!(from_b, vec![1]);
    act(
        &mut g,
        seat,
        Action::MoveFleets {
            from: b,
            to: c,
            count: 1,
        },
    );
    assert!(
        !g.legal_actions_vec(seat)
            .iter()
            .any(|x| matches!(x, Action::MoveFleets { from, .. } if *from == b)),
        "the three that arrived at b stay there"
    );
}

/// §8.A step 2 and §8.B: "each [green] spent allows drawing one additional Sector Card",
/// "each [blue] increases range by 1": no cap but what the player holds (the deck still has
/// to hold the cards). Before rules version 2 both stopped at 3.
#[test]
fn green_and_blue_boosts_are_limited_only_by_what_the_player_holds() {
    let mut g = game("duel");
    to_first_turn(&mut g);
    let seat = seat_to_act(&g);
    let home = g.table.homes[seat];
    g.table.storage[seat] = Resources::new(7, 3, 3, 10);
    act(&mut g, seat, Action::Main(CoreAction::Explore));
    act(&mut g, seat, Action::Probe(home));
    let launches: Vec<u8> = g
        .legal_actions_vec(seat)
        .into_iter()
        .filter_map(|a| match a {
            Action::Launch(b) => Some(b),
            _ => None,
        })
        .collect();
    assert_eq!(
        launches,
        (0..=10).collect::<Vec<u8>>(),
        "0 to the 10 green held"
    );

    let mut g = game("duel");
    to_first_turn(&mut g);
    let seat = seat_to_act(&g);
    g.table.storage[seat] = Resources::new(7, 3, 3, 10);
    act(&mut g, seat, Action::Main(CoreAction::Move));
    let boosts: Vec<u8> = g
        .legal_actions_vec(seat)
        .into_iter()
        .filter_map(|a| match a {
            Action::Boost(b) => Some(b),
            _ => None,
        })
        .collect();
    assert_eq!(boosts, (0..=7).collect::<Vec<u8>>(), "0 to the 7 blue held");
    act(&mut g, seat, Action::Boost(7));
    assert_eq!(g.storage(seat).get(Resource::Blue), 0);
}

/// §8.D option 2: a Starlance strike removes *any* structure in an adjacent sector, the
/// striker's own included (it can pay off with some objectives).
#[test]
fn a_starlance_may_strike_any_structure_its_owners_own_included() {
    use crate::rules::structures::Structure;
    use crate::state::Placed;
    let mut g = game("duel");
    to_first_turn(&mut g);
    let seat = seat_to_act(&g);
    let other = seat.next(2);
    let (lance, mine, theirs) = (sp(4, 4), sp(5, 4), sp(3, 4));
    for (i, s) in [lance, mine, theirs].into_iter().enumerate() {
        explore_at(&mut g, s, 60 + i as u8);
    }
    g.table.set_fleets(lance, seat, 1);
    let i = g.table.idx(lance);
    g.table.control[i] = Some(seat);
    for (owner, structure, space) in [
        (seat, Structure::Starlance, lance),
        (seat, Structure::Outpost, mine),
        (other, Structure::Outpost, theirs),
    ] {
        g.table.structures.push(Placed {
            owner,
            structure,
            space,
            active: true,
        });
    }
    g.table.storage[seat] = Resources::new(2, 0, 2, 0);
    act(&mut g, seat, Action::Main(CoreAction::Attack));
    let strikes: Vec<(crate::rules::map::Space, Seat)> = g
        .legal_actions_vec(seat)
        .into_iter()
        .filter_map(|a| match a {
            Action::AttackStructure { target, owner, .. } => Some((target, owner)),
            _ => None,
        })
        .collect();
    // Both outposts next to the Starlance, whoever owns them (sorted by space).
    assert_eq!(strikes, vec![(theirs, other), (mine, seat)]);
    act(
        &mut g,
        seat,
        Action::AttackStructure {
            target: mine,
            owner: seat,
            structure: Structure::Outpost,
        },
    );
    assert!(!g.table.structures.iter().any(|p| p.space == mine));
    assert_eq!(g.storage(seat), Resources::ZERO, "2 red and 2 blue paid");
}

/// §8.D option 1: "declare attack on adjacent sector with opponent fleets". Fleets sharing a
/// sector with an opponent's (after a Move, which starts no combat) cannot attack the sector
/// they stand in; fleets next door can. Before rules version 2 the origin was a target too.
#[test]
fn attack_fleets_targets_an_adjacent_sector_not_the_origin() {
    let mut g = game("duel");
    to_first_turn(&mut g);
    let seat = seat_to_act(&g);
    let other = seat.next(2);
    let (shared, next) = (sp(4, 4), sp(5, 4));
    for (i, s) in [shared, next].into_iter().enumerate() {
        explore_at(&mut g, s, 60 + i as u8);
    }
    for s in [shared, next] {
        g.table.set_fleets(s, seat, 2);
        let i = g.table.idx(s);
        g.table.control[i] = Some(seat);
    }
    g.table.set_fleets(shared, other, 1);
    g.table.storage[seat] = Resources::new(5, 0, 0, 0);
    act(&mut g, seat, Action::Main(CoreAction::Attack));
    let attacks: Vec<(crate::rules::map::Space, crate::rules::map::Space)> = g
        .legal_actions_vec(seat)
        .into_iter()
        .filter_map(|a| match a {
            Action::AttackFleets { from, to, .. } => Some((from, to)),
            _ => None,
        })
        .collect();
    assert!(!attacks.is_empty());
    assert!(
        attacks
            .iter()
            .all(|(from, to)| (*from, *to) == (next, shared)),
        "only from the adjacent sector into the shared one: {attacks:?}"
    );
}
