//! Rule tests for the game steps, named after the rules (docs/rules/milkomeda.md items
//! 49–66 and the rulebook sections they cite). Each builds a real game from the shipped
//! content, plays it to the position the rule needs through legal steps (or places fleets and
//! structures directly where the rule is about what happens next), and checks the rule.

use crate::action::{Action, Event};
use crate::rules::actions::CoreAction;
use crate::rules::bribes::{Condition, Settlement};
use crate::rules::map::{Rotation, SectorRef, Space, Tile};
use crate::rules::orders::OrderCard;
use crate::rules::scoring::EndTrigger;
use crate::rules::structures::Structure;
use crate::state::{CombatStage, Milkomeda, OrderStage, Phase, Placed, TurnStage};
use crate::{Content, Resource, Resources};
use gridwright_engine::{Actor, Events, Game, Seat, Turn};

pub(crate) fn p(i: u8) -> Seat {
    Seat::new(i)
}

pub(crate) fn sp(col: u8, row: u8) -> Space {
    Space::try_from((col, row)).unwrap()
}

pub(crate) fn game(scenario: &str) -> Milkomeda {
    Milkomeda::new(&Content::builtin().unwrap().config(scenario).unwrap()).unwrap()
}

/// Takes the first chance outcome while chance is to act.
pub(crate) fn chance_first(g: &mut Milkomeda) -> Vec<Event> {
    let mut ev = Events::recording();
    while g.turn() == Turn::Chance {
        let mut outs = Vec::new();
        g.chance_outcomes(&mut outs);
        g.step(Actor::Chance, outs[0].0, &mut ev);
    }
    ev.take()
}

/// Applies a legal action (panics, naming the legal ones, if it is not legal).
pub(crate) fn act(g: &mut Milkomeda, seat: Seat, a: Action) -> Vec<Event> {
    let legal = g.legal_actions_vec(seat);
    assert!(
        legal.contains(&a),
        "{a:?} is not legal for {seat}: {legal:?}"
    );
    let mut ev = Events::recording();
    g.step(Actor::Seat(seat), a, &mut ev);
    let mut out = ev.take();
    out.extend(chance_first(g));
    out
}

/// Plays the setup with the first legal action each time, up to the first turn.
pub(crate) fn to_first_turn(g: &mut Milkomeda) {
    chance_first(g);
    while !matches!(g.phase, Phase::Turn(_)) {
        let Turn::Seat(s) = g.turn() else {
            panic!("{:?}", g.turn())
        };
        let a = g.legal_actions_vec(s)[0];
        act(g, s, a);
    }
}

/// Builds a bribe of `payment` in the offer window, one legal `add` step per unit (blue,
/// orange, red, green), then finishes it with `finish` (`offer` on a condition, or `transfer`);
/// the events of every step.
pub(crate) fn bribe(
    g: &mut Milkomeda,
    seat: Seat,
    payment: Resources,
    finish: Action,
) -> Vec<Event> {
    let mut ev = Vec::new();
    for r in Resource::ALL {
        for _ in 0..payment.get(r) {
            ev.extend(act(g, seat, Action::AddBribe(r)));
        }
    }
    ev.extend(act(g, seat, finish));
    ev
}

pub(crate) fn seat_to_act(g: &Milkomeda) -> Seat {
    match g.turn() {
        Turn::Seat(s) => s,
        t => panic!("{t:?}"),
    }
}

#[test]
fn setup_puts_three_fleets_on_each_homeworld_and_storage_at_3_3_3_5() {
    let g = game("four");
    for s in Seat::all(4) {
        assert_eq!(g.fleets_at(g.table.homes[s], s), 3);
        assert_eq!(g.controller(g.table.homes[s]), Some(s));
        assert_eq!(g.storage(s), Resources::new(3, 3, 3, 5));
    }
    // Five objectives, then each position's directive and module, then P1's two sectors.
    assert_eq!(g.table.draws.len(), 5 + 8 + 2);
}

#[test]
fn setup_exploration_places_only_next_to_the_homeworld_and_pays_green() {
    let mut g = game("duel");
    chance_first(&mut g);
    assert_eq!(g.table.row.len(), 5);
    assert!(
        g.table
            .slots
            .iter()
            .all(|(d, m)| d.is_some() && m.is_some())
    );
    let Phase::Setup { seat, hand, .. } = g.phase.clone() else {
        panic!()
    };
    assert_eq!((seat, hand.len()), (p(0), 2));
    let legal = g.legal_actions_vec(p(0));
    // Only the two spaces next to the top-left homeworld; stopping needs one card placed.
    assert!(legal.iter().all(|a| match a {
        Action::Place { space, .. } => *space == sp(1, 0) || *space == sp(0, 1),
        _ => false,
    }));
    let card = hand[0];
    let cost = g.table.rules.sector(card).cost;
    act(
        &mut g,
        p(0),
        Action::Place {
            card,
            space: sp(1, 0),
            rotation: Rotation::R90,
        },
    );
    assert_eq!(
        g.storage(p(0)).get(Resource::Green),
        5 - u16::from(cost),
        "the card's cost is paid in green"
    );
    assert!(g.legal_actions_vec(p(0)).contains(&Action::Done));
    act(&mut g, p(0), Action::Done);
    assert_eq!(
        g.deck_left(),
        72 - 1 - 2,
        "the unplaced card went back; P2 drew two"
    );
}

#[test]
fn first_round_deals_every_order_card_and_the_master_card_acts_last() {
    let mut g = game("three");
    to_first_turn(&mut g);
    let cards = g.table.cards.clone().unwrap();
    let master = Seat::all(3)
        .find(|s| cards[*s] == OrderCard::Master)
        .unwrap();
    assert_eq!(g.table.order.last(), Some(&master));
    assert_eq!(seat_to_act(&g), g.table.order[0]);
    assert!(matches!(&g.phase, Phase::Turn(t) if t.stage == TurnStage::Main));
}

#[test]
fn income_pays_each_controlled_sector_and_the_homeworld_3_of_each() {
    let mut g = game("duel");
    to_first_turn(&mut g);
    let seat = seat_to_act(&g);
    let mut want = Resources::ZERO;
    for (space, tile) in g.table.map.tiles() {
        if g.table.controls(seat, space) {
            want = want.saturating_add(g.table.sector_values(tile.sector));
        }
    }
    // The storage now is the start storage less setup costs, plus that income.
    let before = g.storage(seat);
    let mut h = g.clone();
    h.table.storage[seat] = Resources::ZERO;
    h.phase = h.table.begin_turn(seat, &mut Events::disabled());
    assert_eq!(h.storage(seat), want);
    assert!(
        want.get(Resource::Blue) >= 3,
        "the homeworld pays 3 of each"
    );
    assert!(
        before.covers(
            want.checked_sub(Resources::new(3, 3, 3, 3))
                .unwrap_or_default()
        )
    );
}

#[test]
fn main_action_may_not_repeat_the_marker_unless_an_active_mbrain() {
    let mut g = game("duel");
    to_first_turn(&mut g);
    let seat = seat_to_act(&g);
    g.table.marker[seat] = Some(CoreAction::Build);
    let legal = g.legal_actions_vec(seat);
    assert!(
        !legal.contains(&Action::Main(CoreAction::Build)),
        "{legal:?}"
    );
    g.table.structures.push(Placed {
        owner: seat,
        structure: Structure::MBrain,
        space: g.table.homes[seat],
        active: true,
    });
    assert!(
        g.legal_actions_vec(seat)
            .contains(&Action::Main(CoreAction::Build))
    );
}

#[test]
fn a_structure_is_active_from_the_start_of_its_owners_next_turn() {
    let mut g = game("duel");
    to_first_turn(&mut g);
    let seat = seat_to_act(&g);
    g.table.storage[seat] = Resources::new(9, 9, 9, 9);
    act(&mut g, seat, Action::Main(CoreAction::Build));
    let home = g.table.homes[seat];
    act(
        &mut g,
        seat,
        Action::BuildStructure {
            structure: Structure::Outpost,
            space: home,
        },
    );
    assert_eq!(
        g.storage(seat),
        Resources::new(8, 6, 9, 9),
        "1 blue, 3 orange"
    );
    assert!(!g.table.structures[0].active);
    g.phase = g.table.begin_turn(seat, &mut Events::disabled());
    assert!(g.table.structures[0].active);
}

#[test]
fn stellar_architects_pay_one_orange_less_for_megastructures_only() {
    let g = game("duel"); // P1 is the Stellar Architects
    assert_eq!(
        g.table.structure_cost(p(0), Structure::MBrain),
        Resources::new(4, 6, 0, 0)
    );
    assert_eq!(
        g.table.structure_cost(p(0), Structure::Outpost),
        Resources::new(1, 3, 0, 0)
    );
    assert_eq!(
        g.table.structure_cost(p(1), Structure::MBrain),
        Resources::new(4, 7, 0, 0)
    );
}

/// Places an explored card at `space`, controlled by nobody.
pub(crate) fn explore_at(g: &mut Milkomeda, space: Space, card: u8) {
    g.table.deck &= !(1u128 << card);
    g.table
        .map
        .place(
            space,
            Tile {
                sector: SectorRef::Card(crate::SectorId(card)),
                rotation: Rotation::R0,
            },
        )
        .unwrap();
}

#[test]
fn move_reassesses_control_and_a_tie_keeps_the_previous_controller() {
    let mut g = game("duel");
    to_first_turn(&mut g);
    let seat = seat_to_act(&g);
    let other = seat.next(2);
    let home = g.table.homes[seat];
    let target = g
        .table
        .map
        .size()
        .neighbors(home)
        .find(|s| !g.table.map.is_explored(*s));
    if let Some(t) = target {
        explore_at(&mut g, t, 60);
    }
    let target = explored_next_to(&mut g, home);
    // The other player holds the target with 2 fleets.
    g.table.set_fleets(target, other, 2);
    let i = g.table.idx(target);
    g.table.control[i] = Some(other);
    g.table.set_fleets(home, seat, 3);
    act(&mut g, seat, Action::Main(CoreAction::Move));
    act(&mut g, seat, Action::Boost(0));
    let ev = act(
        &mut g,
        seat,
        Action::MoveFleets {
            from: home,
            to: target,
            count: 2,
        },
    );
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::Moved { control: Some(c), .. } if *c == other))
    );
    assert_eq!(
        g.controller(target),
        Some(other),
        "2 against 2: the controller keeps it"
    );
    act(
        &mut g,
        seat,
        Action::MoveFleets {
            from: home,
            to: target,
            count: 1,
        },
    );
    assert_eq!(g.controller(target), Some(seat), "3 against 2");
    // Both fleets left the origin's free count: nothing more moves from there.
    assert!(
        !g.legal_actions_vec(seat)
            .iter()
            .any(|a| matches!(a, Action::MoveFleets { from, .. } if *from == home))
    );
}

/// A duel at its first turn ready for an Attack: the seat to act holds 5 of each resource
/// and `mine` fleets at home, next to an explored target where the other seat has `theirs`
/// fleets. The game, the attacker, the defender, the attacker's home, the target.
pub(crate) fn attack_ready(mine: u8, theirs: u8) -> (Milkomeda, Seat, Seat, Space, Space) {
    let mut g = game("duel");
    to_first_turn(&mut g);
    let seat = seat_to_act(&g);
    let other = seat.next(2);
    let home = g.table.homes[seat];
    let target = explored_next_to(&mut g, home);
    g.table.set_fleets(target, other, theirs);
    g.table.set_fleets(home, seat, mine);
    g.table.storage[seat] = Resources::new(5, 5, 5, 5);
    (g, seat, other, home, target)
}

/// `seat` takes the Attack action and attacks `to` with `count` fleets from `from` (§8.D),
/// each step checked legal ([`act`]); the events of the second.
pub(crate) fn declare_attack(
    g: &mut Milkomeda,
    seat: Seat,
    from: Space,
    to: Space,
    count: u8,
) -> Vec<Event> {
    act(g, seat, Action::Main(CoreAction::Attack));
    act(g, seat, Action::AttackFleets { from, to, count })
}

/// An explored sector next to `home`: the first already explored, else the first neighbour,
/// explored now.
pub(crate) fn explored_next_to(g: &mut Milkomeda, home: Space) -> Space {
    match g
        .table
        .map
        .size()
        .neighbors(home)
        .find(|s| g.table.map.is_explored(*s))
    {
        Some(t) => t,
        None => {
            let t = g.table.map.size().neighbors(home).next().unwrap();
            explore_at(g, t, 60);
            t
        }
    }
}

#[test]
fn attack_pays_one_blue_per_boundary_and_the_sealed_rosters_reveal_together() {
    let (mut g, seat, other, home, target) = attack_ready(2, 1);
    let ev = declare_attack(&mut g, seat, home, target, 2);
    assert!(ev.iter().any(|e| matches!(e, Event::CombatStarted { .. })));
    let blue = if g.table.rules.config.seats[seat.index()]
        .abilities
        .red_per_attack
        > 0
    {
        (4, 6)
    } else {
        (4, 5)
    };
    assert_eq!(
        (
            g.storage(seat).get(Resource::Blue),
            g.storage(seat).get(Resource::Red)
        ),
        blue,
        "one boundary: one blue (and the Quantum Sentinels' red)"
    );
    assert_eq!(
        g.turn(),
        Turn::Simultaneous([seat, other].into_iter().collect())
    );
    // The attacker puts both ships on beam frigates: four steps, the last track takes the rest.
    for n in [2, 0, 0, 0] {
        act(&mut g, seat, Action::Ships(n));
    }
    assert_eq!(g.turn(), Turn::Simultaneous([other].into_iter().collect()));
    let Phase::Combat(c) = &g.phase else { panic!() };
    assert!(
        c.battle.rosters().iter().all(|(_, r)| r.is_empty()),
        "nothing revealed yet"
    );
    // The defender's one ship goes to shield cruisers (track 2), which beams counter.
    let mut last = Vec::new();
    for n in [0, 1, 0, 0] {
        last = act(&mut g, other, Action::Ships(n));
    }
    assert!(
        last.iter()
            .any(|e| matches!(e, Event::RostersRevealed { .. }))
    );
    assert!(
        last.iter().any(
            |e| matches!(e, Event::Rolled { seat: s, faces, .. } if *s == seat && faces.len() == 1)
        ),
        "beams have one active vector (to shields): one die; shields none: {last:?}"
    );
}

/// Plays to round 2's offer window: to the Master's proposal, which proposes each card it
/// knows to the first seat left.
pub(crate) fn to_round_two_orders(g: &mut Milkomeda) {
    to_round_two_proposal(g);
    while matches!(&g.phase, Phase::Orders(o) if o.stage == OrderStage::Propose) {
        let s = seat_to_act(g);
        let a = g.legal_actions_vec(s)[0];
        act(g, s, a);
    }
}

/// Plays to round 2's phase 1, where the Master is to propose a distribution.
pub(crate) fn to_round_two_proposal(g: &mut Milkomeda) {
    to_first_turn(g);
    let mut n = 0;
    while !matches!(g.phase, Phase::Orders(_)) {
        let s = seat_to_act(g);
        let legal = g.legal_actions_vec(s);
        let a = if legal.contains(&Action::Pass) {
            Action::Pass
        } else if legal.contains(&Action::EndTurn) {
            Action::EndTurn
        } else if legal.contains(&Action::Main(CoreAction::Build)) {
            Action::Main(CoreAction::Build)
        } else {
            *legal.last().unwrap()
        };
        act(g, s, a);
        n += 1;
        assert!(n < 500);
    }
}

#[test]
fn bribe_is_paid_when_the_master_gives_the_named_card_and_lapses_otherwise() {
    // The `binding` variant's offers.
    let mut g = game("three+binding");
    to_round_two_orders(&mut g);
    let Phase::Orders(o) = g.phase.clone() else {
        panic!()
    };
    let master = o.master;
    let offerers: Vec<Seat> = master.others(3).collect();
    let two_red = Resources::only(Resource::Red, 2);
    let on = |card| Action::Offer(Condition::Card(card));
    for s in &offerers {
        g.table.storage[*s] = Resources::new(5, 5, 5, 5);
    }
    g.table.storage[master] = Resources::ZERO;
    let known = o.drawn[0];
    bribe(&mut g, offerers[0], two_red, on(known));
    bribe(&mut g, offerers[1], two_red, on(OrderCard::Master));
    // Second pass: the first offerer keeps its offer, the second withdraws.
    act(&mut g, offerers[0], Action::Keep);
    act(&mut g, offerers[1], Action::Withdraw);
    assert!(matches!(&g.phase, Phase::Orders(o) if o.stage == OrderStage::Refresh));
    let refresh = crate::rules::refresh::RefreshChoice::all().next().unwrap();
    act(&mut g, master, Action::Refresh(refresh));
    let mut ev = act(&mut g, master, Action::Give(offerers[0]));
    ev.extend(act(&mut g, master, Action::Give(offerers[1])));
    if let Phase::Orders(_) = g.phase {
        ev.extend(act(&mut g, master, Action::Give(master)));
    }
    assert!(
        ev.iter().any(|e| matches!(e, Event::OfferSettled { settlement: Settlement::Paid, offer } if offer.payer == offerers[0])),
        "{ev:?}"
    );
    assert!(
        !ev.iter()
            .any(|e| matches!(e, Event::OfferSettled { offer, .. } if offer.payer == offerers[1])),
        "a withdrawn offer is not settled"
    );
    assert!(
        g.storage(master).get(Resource::Red) >= 2,
        "the Master received 2 red"
    );
    assert_eq!(g.table.cards.as_ref().unwrap()[offerers[0]], known);
}

#[test]
fn claiming_the_last_available_slot_ends_the_game_at_once() {
    let mut g = game("duel");
    to_first_turn(&mut g);
    let seat = seat_to_act(&g);
    let other = seat.next(2);
    // Make every measure easy to meet, and go to the claim step.
    g.table.storage[seat] = Resources::new(50, 50, 50, 50);
    let mut t = match &g.phase {
        Phase::Turn(t) => (**t).clone(),
        _ => panic!(),
    };
    t.facts.battles_won = 5;
    t.facts.battles_won_by_keyword = [5; 8];
    t.facts.structures_destroyed = 5;
    t.facts.hypergate_attacks = 5;
    t.facts.sectors_explored = 5;
    t.stage = TurnStage::Claim;
    g.phase = Phase::Turn(Box::new(t));
    let Some(Action::Claim { card, slot }) = g
        .legal_actions_vec(seat)
        .into_iter()
        .find(|a| matches!(a, Action::Claim { .. }))
    else {
        panic!("a stored-resource or this-turn objective is always met here");
    };
    // Everything else is taken: each seat holds a slot on every other card, and the other
    // seat one on this card.
    for c in 0..g.table.claims.cards().len() {
        let free: Vec<usize> = (0..g.table.claims.cards()[c].slots().count())
            .filter(|k| c != usize::from(card) || *k != usize::from(slot))
            .collect();
        g.table.claims.claim(other, c, free[0]).unwrap();
        if c != usize::from(card) {
            g.table.claims.claim(seat, c, free[1]).unwrap();
        }
    }
    assert!(!g.table.claims.exhausted(2));
    let green = g.storage(seat).get(Resource::Green);
    let ev = act(&mut g, seat, Action::Claim { card, slot });
    assert!(g.table.claims.exhausted(2));
    assert!(g.is_terminal());
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::GameEnded {
            trigger: EndTrigger::ObjectivesCompleted { .. },
            ..
        }
    )));
    let bonus = g.table.rules.config.seats[seat.index()]
        .abilities
        .green_per_claim;
    assert_eq!(
        g.storage(seat).get(Resource::Green),
        green + u16::from(bonus)
    );
}

#[test]
fn placing_the_last_sector_card_ends_the_game_with_the_grid_bonus() {
    let mut g = game("duel");
    to_first_turn(&mut g);
    let seat = seat_to_act(&g);
    // Leave one card in the deck.
    let keep = g.table.deck.trailing_zeros();
    g.table.deck = 1u128 << keep;
    g.table.rules = std::sync::Arc::new({
        let mut r = (*g.table.rules).clone();
        for s in &mut r.config.sectors {
            s.cost = 0;
        }
        r
    });
    // Probe from a sector next to the homeworld (its own neighbours are taken at setup).
    let home = g.table.homes[seat];
    let origin = explored_next_to(&mut g, home);
    g.table.set_fleets(origin, seat, 1);
    let i = g.table.idx(origin);
    g.table.control[i] = Some(seat);
    act(&mut g, seat, Action::Main(CoreAction::Explore));
    act(&mut g, seat, Action::Probe(origin));
    act(&mut g, seat, Action::Launch(0));
    let a = *g
        .legal_actions_vec(seat)
        .iter()
        .find(|a| matches!(a, Action::Place { .. }))
        .unwrap();
    act(&mut g, seat, a);
    assert_eq!(g.ended(), Some(EndTrigger::GridCompleted { by: seat }));
    let scores = g.final_scores().unwrap();
    assert_eq!(scores[seat].grid_bonus, 5);
}

#[test]
fn a_round_in_which_everyone_must_pass_ends_the_game() {
    let mut g = game("duel");
    to_first_turn(&mut g);
    // Nobody can do anything: no resources, no fleets, an empty deck.
    for s in Seat::all(2) {
        g.table.storage[s] = Resources::ZERO;
        let h = g.table.homes[s];
        g.table.set_fleets(h, s, 0);
    }
    for c in &mut g.table.control {
        *c = None;
    }
    g.table.deck = 0;
    g.table.progress = false;
    // The current turn already began; finish both turns.
    for _ in 0..2 {
        let s = seat_to_act(&g);
        assert_eq!(g.legal_actions_vec(s), vec![Action::Pass]);
        act(&mut g, s, Action::Pass);
    }
    assert_eq!(g.ended(), Some(EndTrigger::NoProgress));
}

#[test]
fn a_claim_after_income_comes_before_the_main_action_and_is_the_turns_only_claim() {
    let mut found = false;
    for scenario in ["duel", "three", "four", "small"] {
        let mut g = game(scenario);
        to_first_turn(&mut g);
        let seat = seat_to_act(&g);
        g.table.storage[seat] = Resources::new(40, 40, 40, 40);
        let legal = g.legal_actions_vec(seat);
        let Some(claim) = legal
            .iter()
            .copied()
            .find(|a| matches!(a, Action::Claim { .. }))
        else {
            continue;
        };
        found = true;
        assert!(legal.iter().any(|a| matches!(a, Action::Main(_))));
        act(&mut g, seat, claim);
        let Phase::Turn(t) = &g.phase else { panic!() };
        assert_eq!(t.stage, TurnStage::Main, "the turn goes on");
        let legal = g.legal_actions_vec(seat);
        assert!(
            !legal.iter().any(|a| matches!(a, Action::Claim { .. })),
            "{legal:?}"
        );
        // Build, then end the action: no second claim, the turn passes on.
        act(&mut g, seat, Action::Main(CoreAction::Build));
        act(&mut g, seat, Action::Done);
        if let Phase::Turn(t) = &g.phase
            && t.seat == seat
        {
            assert_ne!(t.stage, TurnStage::Claim);
        }
    }
    assert!(
        found,
        "some scenario's row has a storage objective 40 of each meets"
    );
}

#[test]
fn attack_fleets_gathers_up_to_two_origins_each_paying_its_boundaries() {
    let mut g = game("four"); // P2 is the Quantum Sentinels; check blue only
    to_first_turn(&mut g);
    let seat = seat_to_act(&g);
    let other = Seat::all(4).find(|s| *s != seat).unwrap();
    // Target t in the middle; origins a (left of t) and b (below t), all explored.
    let (a, t, b) = (sp(3, 4), sp(4, 4), sp(4, 5));
    for (i, s) in [a, t, b].into_iter().enumerate() {
        explore_at(&mut g, s, 60 + i as u8);
    }
    for s in [a, b] {
        g.table.set_fleets(s, seat, 2);
        let i = g.table.idx(s);
        g.table.control[i] = Some(seat);
    }
    g.table.set_fleets(t, other, 1);
    g.table.storage[seat] = Resources::new(5, 5, 5, 5);
    act(&mut g, seat, Action::Main(CoreAction::Attack));
    act(
        &mut g,
        seat,
        Action::AttackFleets {
            from: a,
            to: t,
            count: 2,
        },
    );
    assert_eq!(
        g.storage(seat).get(Resource::Blue),
        4,
        "one boundary: one blue"
    );
    let legal = g.legal_actions_vec(seat);
    assert!(legal.contains(&Action::Engage), "{legal:?}");
    assert!(legal.contains(&Action::AttackFleets {
        from: b,
        to: t,
        count: 1
    }));
    assert!(
        !legal.contains(&Action::Done),
        "the option is being gathered"
    );
    let ev = act(
        &mut g,
        seat,
        Action::AttackFleets {
            from: b,
            to: t,
            count: 2,
        },
    );
    assert_eq!(
        g.storage(seat).get(Resource::Blue),
        3,
        "its own boundary: one more"
    );
    assert!(
        ev.iter().any(
            |e| matches!(e, Event::CombatStarted { fleets, .. } if fleets.contains(&(seat, 4)))
        ),
        "{ev:?}"
    );
}

/// Plays random games of `scenario` from each seed, calling `check(before, seat, action,
/// events, after)` at every player step.
pub(crate) fn random_games(
    scenario: &str,
    seeds: std::ops::Range<u64>,
    mut check: impl FnMut(&Milkomeda, Seat, Action, &[Event], &Milkomeda),
) {
    use gridwright_engine::Rng;
    use gridwright_engine::testing::{Sealed, next_seat};
    for seed in seeds {
        let mut g = game(scenario);
        let mut rng = Rng::seed_from_u64(seed);
        let mut scratch = Vec::new();
        while let Some(seat) = next_seat(&mut g, &mut rng, &mut scratch, Sealed::Lowest) {
            let legal = g.legal_actions_vec(seat);
            let a = legal[rng.index(legal.len())];
            let before = g.clone();
            let mut ev = Events::recording();
            g.step(Actor::Seat(seat), a, &mut ev);
            check(&before, seat, a, &ev.take(), &g);
        }
    }
}

/// §9.A step 8: the attacker marks first, then the other seats in the battle in the round's
/// turn order. Checked on every marking of random three- and four-player games: the markers
/// of the `Marked` events of one round never go back in that order.
#[test]
fn combat_marking_goes_attacker_first_then_turn_order() {
    let mut rounds = 0;
    for scenario in ["three", "four"] {
        random_games(scenario, 0..12, |before, _, _, events, after| {
            let Phase::Combat(c) = &after.phase else {
                return;
            };
            let Some(i) = events
                .iter()
                .position(|e| matches!(e, Event::HitsRevealed { .. }))
            else {
                return;
            };
            // The order the game marks in, as the rule states it.
            let mut want = Vec::new();
            let in_battle = c.start.participants();
            if in_battle.contains(c.attacker) {
                want.push(c.attacker);
            }
            want.extend(
                before
                    .table
                    .order
                    .iter()
                    .copied()
                    .filter(|s| *s != c.attacker && in_battle.contains(*s)),
            );
            if let CombatStage::Mark { order, .. } = &c.stage {
                assert_eq!(order, &want);
            }
            let markers: Vec<usize> = events[i..]
                .iter()
                .filter_map(|e| match e {
                    Event::Marked { marker, .. } => want.iter().position(|s| s == marker),
                    _ => None,
                })
                .collect();
            assert!(markers.is_sorted(), "{markers:?} against {want:?}");
            rounds += 1;
        });
    }
    assert!(rounds > 10, "only {rounds} marking rounds were seen");
}

/// §9.A step 8: when several opponents have ships of the type a hit is on, the marker chooses
/// whose ship to mark; when one has, the mark is made for it. Checked on every marking choice
/// of random three- and four-player games.
#[test]
fn a_marker_chooses_whose_ship_only_when_several_opponents_have_the_type() {
    let mut choices = 0;
    for scenario in ["three", "four"] {
        random_games(scenario, 0..12, |before, seat, action, events, _| {
            let Phase::Combat(c) = &before.phase else {
                return;
            };
            let CombatStage::Mark { open, .. } = &c.stage else {
                return;
            };
            let ship = open.present().next().unwrap();
            let legal = before.legal_actions_vec(seat);
            let owners: Vec<Seat> = c
                .battle
                .rosters()
                .iter()
                .filter(|(s, r)| *s != seat && r.count(ship) > 0)
                .map(|(s, _)| s)
                .collect();
            assert!(owners.len() >= 2, "a forced mark waited for {seat}");
            let targets: Vec<Seat> = legal
                .iter()
                .map(|a| match a {
                    Action::MarkShip(t) => *t,
                    other => panic!("{other:?} at a marking choice"),
                })
                .collect();
            assert_eq!(targets, owners);
            assert!(events.iter().any(|e| matches!(e,
                Event::Marked { marker, target, ship: s }
                    if *marker == seat && Action::MarkShip(*target) == action && *s == ship)));
            choices += 1;
        });
    }
    assert!(choices > 0, "no marking choice was seen");
}

/// §7 phase 2 step 5, §13 (item 63): after the main action a module is offered only when its
/// position's directive matches for the player, its action differs from the main action and
/// the player can pay its cost; not using one is always possible; using one pays its cost and
/// the marker then shows the module's action. Checked on every module choice of random games.
#[test]
fn the_optional_module_needs_a_matching_directive_another_action_and_its_cost() {
    use crate::rules::actions::module_allowed;
    use crate::rules::directives::matching_intersections;
    let (mut offered, mut used) = (0, 0);
    for scenario in ["duel", "three", "four"] {
        random_games(scenario, 0..10, |before, seat, action, events, after| {
            let Phase::Turn(t) = &before.phase else {
                return;
            };
            let legal = before.legal_actions_vec(seat);
            if t.stage != TurnStage::Module {
                assert!(!legal.iter().any(|a| matches!(a, Action::Module(_))));
                return;
            }
            assert!(legal.contains(&Action::NoModule), "{legal:?}");
            let main = t.main.unwrap();
            for a in &legal {
                let Action::Module(p) = a else { continue };
                offered += 1;
                let (d, m) = before.table.slots[usize::from(p.number() - 1)];
                let module = before.table.rules.module(m.unwrap());
                let pattern = before.table.rules.directive(d.unwrap()).pattern;
                assert!(module_allowed(module.action, main));
                assert_ne!(module.action, main);
                assert!(before.storage(seat).covers(module.cost()));
                assert!(
                    !matching_intersections(
                        &before.table.map,
                        pattern,
                        |s| before.table.controls(seat, s),
                        |r| before.table.sector_values(r),
                    )
                    .is_empty()
                );
                if action == *a {
                    used += 1;
                    let Phase::Turn(t2) = &after.phase else {
                        continue;
                    };
                    assert_eq!(t2.module, Some(module.action));
                    // The cost is paid as it starts (an attack also brings a civilization
                    // with a red-per-attack ability its red).
                    let red = if module.action == CoreAction::Attack {
                        before.table.rules.config.seats[seat.index()]
                            .abilities
                            .red_per_attack
                    } else {
                        0
                    };
                    assert_eq!(
                        before.storage(seat).checked_sub(module.cost()).map(|s| {
                            s.saturating_add(Resources::only(Resource::Red, u16::from(red)))
                        }),
                        Some(after.storage(seat)),
                    );
                    assert!(events.iter().any(|e| matches!(e,
                        Event::ActionChosen { module: Some(q), paid, .. }
                            if q == p && *paid == module.cost())));
                }
            }
        });
    }
    assert!(offered > 0 && used > 0, "offered {offered}, used {used}");
}

/// §12 (M-Brain), §7 phase 2 step 1: an active M-Brain adds one resource of the player's
/// choice per controlled sector next to it; the choices come before the main action.
#[test]
fn mbrain_income_is_one_resource_of_choice_per_controlled_neighbour() {
    let mut g = game("duel");
    to_first_turn(&mut g);
    let seat = seat_to_act(&g);
    let home = g.table.homes[seat];
    let neighbours: Vec<Space> = g.table.map.size().neighbors(home).collect();
    let mut card = 60;
    for n in &neighbours {
        if !g.table.map.is_explored(*n) {
            explore_at(&mut g, *n, card);
            card += 1;
        }
    }
    // The player controls two of the neighbours.
    for n in &neighbours[..2] {
        let i = g.table.idx(*n);
        g.table.control[i] = Some(seat);
        g.table.set_fleets(*n, seat, 1);
    }
    for n in &neighbours[2..] {
        let i = g.table.idx(*n);
        g.table.control[i] = None;
    }
    g.table.structures.push(Placed {
        owner: seat,
        structure: Structure::MBrain,
        space: home,
        active: false,
    });
    g.table.storage[seat] = Resources::ZERO;
    let mut ev = Events::recording();
    g.phase = g.table.begin_turn(seat, &mut ev);
    assert!(
        ev.take()
            .iter()
            .any(|e| matches!(e, Event::TurnStarted { bonus: 2, .. })),
        "two controlled neighbours: two extra resources"
    );
    let income = g.storage(seat);
    assert_eq!(
        g.legal_actions_vec(seat),
        Resource::ALL.map(Action::Bonus).to_vec(),
        "the choice comes first, one of the four resources"
    );
    act(&mut g, seat, Action::Bonus(Resource::Red));
    act(&mut g, seat, Action::Bonus(Resource::Red));
    assert_eq!(
        g.storage(seat),
        income.saturating_add(Resources::only(Resource::Red, 2))
    );
    let Phase::Turn(t) = &g.phase else { panic!() };
    assert_eq!(t.stage, TurnStage::Main);
}

/// Item 34 (rules version 4): the offer window lists, for a payer with no bribe in
/// progress, one `add` per resource it holds, `keep` and (`binding`, with an open offer)
/// `withdraw`; once a bribe is in progress, every condition of the game (`offer`), `keep`, one
/// `add` per resource it holds more of than the bribe and (the default rule) `pay with no
/// note`. Counted by hand from the conditions: (N + 1) · 13 − 1 of them.
#[test]
fn the_offer_window_lists_adds_for_what_is_held_and_every_condition_once_building() {
    for (scenario, seats, binding) in [
        ("duel", 2usize, false),
        ("three+binding", 3, true),
        ("four", 4, false),
    ] {
        let mut g = game(scenario);
        to_round_two_orders(&mut g);
        let seat = seat_to_act(&g);
        let conditions = (seats + 1) * 13 - 1;
        for (held, bribe_so_far) in [
            (Resources::new(0, 0, 0, 0), Resources::ZERO),
            (Resources::new(1, 0, 2, 0), Resources::ZERO),
            (Resources::new(1, 0, 2, 0), Resources::new(1, 0, 1, 0)),
            (Resources::new(9, 9, 9, 9), Resources::new(0, 9, 0, 0)),
            (Resources::new(0, 4, 1, 3), Resources::new(0, 4, 1, 3)),
        ] {
            g.table.storage[seat] = held;
            let Phase::Orders(o) = &mut g.phase else {
                panic!()
            };
            o.bribe = bribe_so_far;
            let legal = g.legal_actions_vec(seat);
            let adds: Vec<Resource> = Resource::ALL
                .into_iter()
                .filter(|r| bribe_so_far.get(*r) < held.get(*r))
                .collect();
            let building = bribe_so_far != Resources::ZERO;
            let count = |f: &dyn Fn(&Action) -> bool| legal.iter().filter(|a| f(a)).count();
            assert_eq!(
                count(&|a| matches!(a, Action::Offer(_))),
                if building { conditions } else { 0 },
                "{scenario} {held}"
            );
            assert_eq!(
                legal
                    .iter()
                    .filter_map(|a| match a {
                        Action::AddBribe(r) => Some(*r),
                        _ => None,
                    })
                    .collect::<Vec<_>>(),
                adds,
                "{scenario} {held} {bribe_so_far}"
            );
            assert!(legal.contains(&Action::Keep));
            assert_eq!(
                legal.contains(&Action::Transfer),
                building && !binding,
                "{scenario}"
            );
            assert_eq!(
                legal.len(),
                adds.len()
                    + 1
                    + usize::from(building && !binding)
                    + if building { conditions } else { 0 },
                "{scenario} {held}: {legal:?}"
            );
        }
    }
}

/// §7 phase 1 step 4: the Master "draws two Order Cards … and reveals them" (corrected team
/// decision: to every player). With N players the numbered cards are 1..N−1, so the Master
/// reveals min(2, N−1) of them and N−1−that many stay face down, seen by no one.
#[test]
fn the_master_reveals_its_two_drawn_order_cards_to_every_player() {
    use gridwright_engine::{Rng, Viewer};
    for (scenario, seats, drawn, face_down) in
        [("duel", 2, 1, 0), ("three", 3, 2, 0), ("four", 4, 2, 1)]
    {
        let mut g = game(scenario);
        to_round_two_orders(&mut g);
        let Phase::Orders(o) = g.phase.clone() else {
            panic!()
        };
        assert_eq!((o.drawn.len(), o.face_down.len()), (drawn, face_down));
        let numbered: Vec<OrderCard> = (1..seats).map(OrderCard::Number).collect();
        assert!(
            o.drawn.iter().all(|c| numbered.contains(c)),
            "{:?}",
            o.drawn
        );
        let viewers: Vec<Viewer> = Seat::all(usize::from(seats))
            .map(Viewer::Seat)
            .chain([Viewer::Spectator])
            .collect();
        let shown = Event::MasterDrew {
            master: o.master,
            cards: o.drawn.clone(),
        };
        for v in &viewers {
            let seen = g.observe(*v).orders.unwrap();
            assert_eq!(
                seen.drawn, o.drawn,
                "{scenario}: {v:?} sees the drawn cards"
            );
            assert_eq!(seen.face_down, face_down);
            assert_eq!(g.redact_event(&shown, *v), Some(shown.clone()), "{v:?}");
        }
        // Determinization keeps the revealed cards for every seat, the Master's too.
        for s in Seat::all(usize::from(seats)) {
            for k in 0..8 {
                let r = g.resample(s, &mut Rng::seed_from_u64(k));
                let Phase::Orders(ro) = r.phase else { panic!() };
                assert_eq!(
                    ro.drawn, o.drawn,
                    "{scenario}: {s} resampled the drawn cards"
                );
            }
        }
    }
}

/// §7 phase 1 step 4: after drawing and revealing its cards the Master "propose[s] a
/// distribution of all Order Cards" among all players; step 5's bribing follows, and step 6's
/// final decision is the Master's alone (the proposal binds nothing). Four players: the Master
/// proposes its two drawn cards and the Master card (the face-down card goes to the seat left),
/// every viewer sees each proposed card, the offer window opens only after the third, and the
/// Master may then give the cards otherwise.
#[test]
fn the_master_announces_a_proposed_distribution_before_bribing() {
    use gridwright_engine::Viewer;
    let mut g = game("four");
    to_round_two_proposal(&mut g);
    let Phase::Orders(o) = g.phase.clone() else {
        panic!()
    };
    let master = o.master;
    assert_eq!(o.stage, OrderStage::Propose);
    assert_eq!(g.turn(), Turn::Seat(master), "the Master proposes first");
    for s in master.others(4) {
        assert!(
            g.legal_actions_vec(s).is_empty(),
            "no bribe before the proposal"
        );
    }
    // Propose: drawn[0] to the next seat, drawn[1] to the one after, the Master card to the
    // Master itself.
    let (a, b) = (master.next(4), master.next(4).next(4));
    let want = vec![
        (a, o.drawn[0]),
        (b, o.drawn[1]),
        (master, OrderCard::Master),
    ];
    let mut ev = Vec::new();
    for (s, _) in &want {
        assert!(matches!(&g.phase, Phase::Orders(o) if o.stage == OrderStage::Propose));
        ev.extend(act(&mut g, master, Action::Propose(*s)));
    }
    let proposed: Vec<(Seat, OrderCard)> = ev
        .iter()
        .filter_map(|e| match e {
            Event::Proposed { card, seat } => Some((*seat, *card)),
            _ => None,
        })
        .collect();
    assert_eq!(proposed, want);
    for v in Seat::all(4).map(Viewer::Seat).chain([Viewer::Spectator]) {
        let shown: Vec<(Seat, OrderCard)> = g
            .observe(v)
            .orders
            .unwrap()
            .proposal
            .iter()
            .map(|c| (c.seat, c.card))
            .collect();
        assert_eq!(shown, want, "{v:?}");
    }
    assert!(
        matches!(&g.phase, Phase::Orders(o) if o.stage == (OrderStage::Offers { pass: 1, seat: a })),
        "the offer window opens after the proposal"
    );
    // Not binding: everyone keeps, the Master refreshes and gives the cards the other way.
    while matches!(&g.phase, Phase::Orders(o) if matches!(o.stage, OrderStage::Offers { .. })) {
        let s = seat_to_act(&g);
        act(&mut g, s, Action::Keep);
    }
    let refresh = crate::rules::refresh::RefreshChoice::all().next().unwrap();
    act(&mut g, master, Action::Refresh(refresh));
    act(&mut g, master, Action::Give(b));
    act(&mut g, master, Action::Give(a));
    act(&mut g, master, Action::Give(master));
    let cards = g.table.cards.clone().unwrap();
    assert_eq!((cards[b], cards[a]), (o.drawn[0], o.drawn[1]));
}

/// §7 phase 1 step 5 (the default rule): players bribe the Master "immediately transferring
/// resources shown on Storage Cards"; step 6: "The Master of Orders makes the final decision".
/// Three players: A (storage 5 of each) pays 2 red with the note "card 1": at once A has 3 red
/// and the Master 2 more; A may pay again (1 blue, no note) but never withdraw; the Master then
/// gives card 1 to B, and nothing comes back: no settlement, A's and the Master's storages stay
/// as the transfers left them until the first turn's income.
#[test]
fn a_bribe_is_an_immediate_transfer_that_binds_no_one() {
    let mut g = game("three");
    to_round_two_orders(&mut g);
    let Phase::Orders(o) = g.phase.clone() else {
        panic!()
    };
    let master = o.master;
    let (a, b) = (master.next(3), master.next(3).next(3));
    g.table.storage[a] = Resources::new(5, 5, 5, 5);
    g.table.storage[master] = Resources::new(1, 1, 1, 1);
    let note = Condition::Card(OrderCard::Number(1));
    let legal = g.legal_actions_vec(a);
    assert!(!legal.contains(&Action::Withdraw));
    let ev = bribe(
        &mut g,
        a,
        Resources::only(Resource::Red, 2),
        Action::Offer(note),
    );
    assert_eq!(g.storage(a), Resources::new(5, 5, 3, 5));
    assert_eq!(g.storage(master), Resources::new(1, 1, 3, 1));
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::Transferred { transfer, .. }
        if transfer.payer == a && transfer.note == Some(note)))
    );
    act(&mut g, b, Action::Keep);
    assert!(!g.legal_actions_vec(a).contains(&Action::Withdraw));
    bribe(
        &mut g,
        a,
        Resources::only(Resource::Blue, 1),
        Action::Transfer,
    );
    act(&mut g, b, Action::Keep);
    let (after_a, after_m) = (Resources::new(4, 5, 3, 5), Resources::new(2, 1, 3, 1));
    assert_eq!((g.storage(a), g.storage(master)), (after_a, after_m));
    // The Master ignores the note: card 1 goes to B.
    let refresh = crate::rules::refresh::RefreshChoice::all().next().unwrap();
    let mut ev = act(&mut g, master, Action::Refresh(refresh));
    let known = o.known();
    for card in &known {
        let to = match card {
            OrderCard::Number(1) => b,
            OrderCard::Master => master,
            _ => a,
        };
        ev.extend(act(&mut g, master, Action::Give(to)));
    }
    let cards = g.table.cards.clone().unwrap();
    assert_eq!(cards[b], OrderCard::Number(1));
    assert!(!ev.iter().any(|e| matches!(e, Event::OfferSettled { .. })));
    // Nothing refunded: whoever has not had income yet holds what the transfers left.
    let Phase::Turn(t) = &g.phase else { panic!() };
    for (s, want) in [(a, after_a), (master, after_m)] {
        if s != t.seat {
            assert_eq!(g.storage(s), want, "{s}");
        }
    }
}

/// §7 phase 1 step 5: players bribe "immediately transferring resources shown on Storage
/// Cards": any of the four resources, in any amounts the payer holds, in one bribe (issue
/// 20.7; rules version 4). A player holding 5 green and 2 red transfers all 7 units with one
/// note: it is left with nothing, the Master gains 2 red and 5 green, and the log's transfer
/// names the whole payment and both storages after it. A sixth green cannot be added.
#[test]
fn a_bribe_may_transfer_any_resources_in_any_amounts_held() {
    let mut g = game("three");
    to_round_two_orders(&mut g);
    let Phase::Orders(o) = g.phase.clone() else {
        panic!()
    };
    let master = o.master;
    let a = seat_to_act(&g);
    g.table.storage[a] = Resources::new(0, 0, 2, 5);
    g.table.storage[master] = Resources::new(1, 1, 1, 1);
    // Nothing held of blue and orange: only red and green can be added.
    let legal = g.legal_actions_vec(a);
    assert!(legal.contains(&Action::AddBribe(Resource::Red)));
    assert!(legal.contains(&Action::AddBribe(Resource::Green)));
    assert!(!legal.contains(&Action::AddBribe(Resource::Blue)));
    assert!(!legal.contains(&Action::AddBribe(Resource::Orange)));
    for _ in 0..5 {
        act(&mut g, a, Action::AddBribe(Resource::Green));
    }
    // The bribe in progress is public and the window stays with the payer.
    assert_eq!(seat_to_act(&g), a);
    let Phase::Orders(o) = &g.phase else { panic!() };
    assert_eq!(o.bribe(), Resources::new(0, 0, 0, 5));
    let seen = g.observe(gridwright_engine::Viewer::Spectator);
    assert_eq!(seen.orders.unwrap().bribe, Resources::new(0, 0, 0, 5));
    // A sixth green is more than A holds.
    assert!(
        !g.legal_actions_vec(a)
            .contains(&Action::AddBribe(Resource::Green))
    );
    assert!(
        g.clone()
            .apply(
                Actor::Seat(a),
                Action::AddBribe(Resource::Green),
                &mut Events::disabled()
            )
            .is_err()
    );
    act(&mut g, a, Action::AddBribe(Resource::Red));
    let note = Condition::Card(OrderCard::Number(1));
    let ev = bribe(
        &mut g,
        a,
        Resources::only(Resource::Red, 1),
        Action::Offer(note),
    );
    assert_eq!(g.storage(a), Resources::ZERO);
    let master_after = Resources::new(1, 1, 3, 6);
    assert_eq!(g.storage(master), master_after);
    let transfer = ev
        .iter()
        .find_map(|e| match e {
            Event::Transferred {
                transfer,
                payer_storage,
                master_storage,
            } => Some((*transfer, *payer_storage, *master_storage)),
            _ => None,
        })
        .unwrap();
    assert_eq!(
        transfer.0.payment.as_resources(),
        Resources::new(0, 0, 2, 5)
    );
    assert_eq!((transfer.1, transfer.2), (Resources::ZERO, master_after));
    assert_eq!(
        transfer.0.to_string(),
        format!("{a} pays 2 red, 5 green for card 1")
    );
    // The window moved on and the next payer starts with no bribe in progress.
    assert_ne!(seat_to_act(&g), a);
    let Phase::Orders(o) = &g.phase else { panic!() };
    assert_eq!(o.bribe(), Resources::ZERO);
}

/// The `binding` variant pays the same space (issue 20.7): an offer of 4 orange and 7 green
/// (more than the old bound of 3, and two resources) on a card the Master then gives is paid
/// whole at the commit.
#[test]
fn a_binding_offer_may_pay_any_resources_held() {
    let mut g = game("three+binding");
    to_round_two_orders(&mut g);
    let Phase::Orders(o) = g.phase.clone() else {
        panic!()
    };
    let master = o.master;
    let a = seat_to_act(&g);
    let b = a.next(3);
    g.table.storage[a] = Resources::new(0, 4, 0, 7);
    g.table.storage[master] = Resources::ZERO;
    let card = o.drawn[0];
    let payment = Resources::new(0, 4, 0, 7);
    let ev = bribe(&mut g, a, payment, Action::Offer(Condition::Card(card)));
    assert!(ev.iter().any(|e| matches!(e, Event::OfferPosted { offer }
        if offer.payer == a && offer.terms.payment.as_resources() == payment)));
    // Nothing moves until the Master commits.
    assert_eq!(g.storage(a), payment);
    while matches!(&g.phase, Phase::Orders(o) if matches!(o.stage, OrderStage::Offers { .. })) {
        let s = seat_to_act(&g);
        act(&mut g, s, Action::Keep);
    }
    let refresh = crate::rules::refresh::RefreshChoice::all().next().unwrap();
    let mut ev = act(&mut g, master, Action::Refresh(refresh));
    for c in o.known() {
        let to = if c == card {
            a
        } else if c == OrderCard::Master {
            master
        } else {
            b
        };
        ev.extend(act(&mut g, master, Action::Give(to)));
    }
    assert!(
        ev.iter().any(
            |e| matches!(e, Event::OfferSettled { offer, settlement: Settlement::Paid }
        if offer.payer == a && offer.terms.payment.as_resources() == payment)
        ),
        "{ev:?}"
    );
    let Phase::Turn(t) = &g.phase else { panic!() };
    if t.seat != master {
        assert_eq!(g.storage(master), payment);
    }
    if t.seat != a {
        assert_eq!(g.storage(a), Resources::ZERO);
    }
}

/// Item 53 (rules version 4): a bribe is built one unit at a time, so no offer-window list
/// grows with the holdings: at most four `add`s, `keep`, `withdraw` or `pay with no note`, and
/// every condition of the game ((N + 1) · 13 − 1) once a bribe is in progress, at every offer
/// step of random games of two, three and four players (bribes made at random, so large and
/// mixed ones occur).
#[test]
fn every_bribe_step_lists_at_most_four_adds_and_every_condition() {
    use gridwright_engine::Rng;
    for (scenario, seats) in [("duel", 2usize), ("three+binding", 3), ("four", 4)] {
        let bound = 4 + 2 + ((seats + 1) * 13 - 1);
        let mut g = game(scenario);
        to_round_two_orders(&mut g);
        let mut rng = Rng::seed_from_u64(seats as u64);
        let (mut steps, mut biggest, mut longest) = (0, 0, 0);
        // Rich payers, so a random bribe can grow large.
        for s in Seat::all(seats) {
            g.table.storage[s] = Resources::new(20, 20, 20, 40);
        }
        for _ in 0..400 {
            let Phase::Orders(o) = &g.phase else { break };
            if !matches!(o.stage, OrderStage::Offers { .. }) {
                break;
            }
            biggest = biggest.max(o.bribe.total());
            let s = seat_to_act(&g);
            let legal = g.legal_actions_vec(s);
            longest = longest.max(legal.len());
            assert!(
                legal.len() <= bound,
                "{scenario}: {} > {bound}",
                legal.len()
            );
            // Mostly add, so bribes grow.
            let adds: Vec<Action> = legal
                .iter()
                .copied()
                .filter(|a| matches!(a, Action::AddBribe(_)))
                .collect();
            let a = if !adds.is_empty() && rng.index(10) < 9 {
                adds[rng.index(adds.len())]
            } else {
                legal[rng.index(legal.len())]
            };
            act(&mut g, s, a);
            steps += 1;
        }
        assert!(
            biggest > 9,
            "{scenario}: bribes grew past the old cap ({biggest})"
        );
        println!(
            "{scenario}: {steps} offer steps, longest list {longest}, largest bribe {biggest}"
        );
    }
}

/// Text input (the engine's parser reads the text of a legal action): bribe steps are typed
/// as shown, and text that is no step available now is refused with the text named.
#[test]
fn bribe_steps_are_typed_as_shown_and_other_text_is_refused() {
    let mut g = game("three");
    to_round_two_orders(&mut g);
    let a = seat_to_act(&g);
    g.table.storage[a] = Resources::new(0, 0, 1, 5);
    assert_eq!(
        g.parse_action(a, " ADD 1 green "),
        Ok(Action::AddBribe(Resource::Green))
    );
    for text in [
        "pay for card 1",
        "add 1 blue",
        "add 6 green",
        "pay 5 green for card 1",
        "",
        "add",
    ] {
        let err = g.parse_action(a, text).unwrap_err();
        assert!(err.contains(text.trim()), "{text:?}: {err}");
    }
    act(&mut g, a, Action::AddBribe(Resource::Green));
    assert_eq!(
        g.parse_action(a, "pay for card 1 and refresh pair 3"),
        Ok(Action::Offer(
            "card 1 and refresh pair 3".parse::<Condition>().unwrap()
        ))
    );
    assert_eq!(g.parse_action(a, "pay with no note"), Ok(Action::Transfer));
    assert!(
        g.parse_action(a, "pay for card 3").is_err(),
        "no card 3 with three players"
    );
    assert!(
        g.parse_action(a, "offer if card 1").is_err(),
        "binding's words only under binding"
    );
}
