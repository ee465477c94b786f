use super::*;
use crate::rules::bribes::Settlement;
use crate::rules::steps_tests::{act, bribe, game, to_round_two_orders};
use crate::{Event, GreedyAgent, Resources};
use gridwright_engine::{Actor, Agent, Events, Game, SeatView, Turn};

/// A three-player game (`binding` bribes) at round two's offer window, every storage 5 of
/// each, the Master's empty; returns the Master and the two offerers in window order.
fn three_player_offer_window() -> (Milkomeda, Seat, [Seat; 2]) {
    three_player_window("three+binding")
}

fn three_player_window(scenario: &str) -> (Milkomeda, Seat, [Seat; 2]) {
    let mut g = game(scenario);
    to_round_two_orders(&mut g);
    let master = order_phase(&g).unwrap().master;
    let others: Vec<Seat> = master.others(3).collect();
    for s in &others {
        g.table.storage[*s] = Resources::new(5, 5, 5, 5);
    }
    g.table.storage[master] = Resources::ZERO;
    (g, master, [others[0], others[1]])
}

/// `seat` builds a bribe of `amount` of `resource` and finishes it on `card`.
fn card_bribe(g: &mut Milkomeda, seat: Seat, resource: Resource, amount: u16, card: OrderCard) {
    bribe(
        g,
        seat,
        Resources::only(resource, amount),
        Action::Offer(Condition::Card(card)),
    );
}

fn terms(resource: Resource, amount: u16, card: OrderCard) -> OfferTerms {
    OfferTerms {
        payment: Payment::of(resource, amount).unwrap(),
        condition: Condition::Card(card),
    }
}

/// Who is to act, if a seat.
fn seat_of(g: &Milkomeda) -> Option<Seat> {
    match g.turn() {
        Turn::Seat(s) => Some(s),
        _ => None,
    }
}

/// Lets the greedy agent act for whoever is to act until phase 1 is over; the events.
fn greedy_until_orders_revealed(g: &mut Milkomeda) -> Vec<Event> {
    let mut rng = Rng::seed_from_u64(5);
    let mut events = Events::recording();
    while matches!(g.phase, Phase::Orders(_)) {
        match g.turn() {
            Turn::Seat(s) => {
                let a = GreedyAgent::new().choose(&SeatView::new(g, s), &mut rng);
                g.apply(Actor::Seat(s), a, &mut events).unwrap();
            }
            Turn::Chance => {
                let mut outs = Vec::new();
                g.chance_outcomes(&mut outs);
                g.step(Actor::Chance, outs[0].0, &mut events);
            }
            t => panic!("{t:?}"),
        }
    }
    events.take()
}

#[test]
fn card_and_payment_worths_follow_the_model() {
    // Three players: card 1 acts two places ahead of the last, card 2 one; the Master card acts
    // last and is the Mastership.
    assert_eq!(card_worth(OrderCard::Number(1), 3), 2.0);
    assert_eq!(card_worth(OrderCard::Number(2), 3), 1.0);
    assert_eq!(card_worth(OrderCard::Master, 3), 0.75);
    assert_eq!(card_worth(OrderCard::Number(1), 2), 1.0);
    assert_eq!(card_worth(OrderCard::Number(1), 4), 3.0);
    assert_eq!(
        payment_worth(Payment::of(Resource::Orange, 3).unwrap()),
        3.0
    );
    assert_eq!(payment_worth(Payment::of(Resource::Red, 2).unwrap()), 0.5);
    // Several resources add up, with no cap: 5 green and 2 red are worth 7/4, 4 orange 4.
    assert_eq!(
        payment_worth(Payment::new(Resources::new(0, 4, 2, 5)).unwrap()),
        4.0 + 1.75
    );
}

#[test]
fn a_greedy_master_takes_the_offer_worth_more_than_its_alternatives() {
    let (mut g, master, [a, b]) = three_player_offer_window();
    // A pays 3 orange (worth 3) for card 1, B 1 blue (worth 1/4): the Master can meet one of
    // them, and A's is worth more than every plan that meets B's.
    card_bribe(&mut g, a, Resource::Orange, 3, OrderCard::Number(1));
    card_bribe(&mut g, b, Resource::Blue, 1, OrderCard::Number(1));
    act(&mut g, a, Action::Keep);
    act(&mut g, b, Action::Keep);
    let notes = offer_notes(&g, master).join("\n");
    assert!(
        notes.contains(&format!("{a}: 3 orange if card 1: pays 3.00; take it")),
        "{notes}"
    );
    assert!(
        notes.contains(&format!("{b}: 1 blue if card 1: pays 0.25; turn it down")),
        "{notes}"
    );
    // Everything the valuation reads is public (the drawn cards are revealed, §7 step 4):
    // every seat reads the same notes.
    assert_eq!(offer_notes(&g, b).join("\n"), notes);
    let events = greedy_until_orders_revealed(&mut g);
    let cards = g.table.cards.clone().unwrap();
    assert_eq!(cards[a], OrderCard::Number(1));
    assert!(events.iter().any(|e| matches!(e,
        Event::OfferSettled { offer, settlement: Settlement::Paid } if offer.payer == a)));
    assert!(events.iter().any(|e| matches!(e,
        Event::OfferSettled { offer, settlement: Settlement::ConditionFailed } if offer.payer == b)));
}

#[test]
fn a_greedy_player_offers_for_a_card_when_the_masters_answer_makes_it_better_off() {
    let (mut g, _master, [a, _b]) = three_player_offer_window();
    // With no offers the Master gives its three cards at random: A expects (2 + 1 + 3/4) / 3 =
    // 5/4. One non-orange resource (1/4) for card 1 makes the Master give it to A: A expects
    // 2 − 1/4 = 7/4. Orange costs more than it is worth; the other cards are worth less.
    let o = order_phase(&g).unwrap();
    let keep = payer_expects(&g, o, &with_offer(&g, o, a, None), a);
    assert!((keep - 1.25).abs() < 1e-9, "{keep}");
    let mut rng = Rng::seed_from_u64(3);
    // The bribe is built a unit at a time: first one non-orange unit (the largest holding,
    // blue on a tie), then finished on card 1.
    let chosen = GreedyAgent::new().choose(&SeatView::new(&g, a), &mut rng);
    assert_eq!(
        chosen,
        Action::AddBribe(Resource::Blue),
        "greedy made no offer"
    );
    act(&mut g, a, chosen);
    let chosen = GreedyAgent::new().choose(&SeatView::new(&g, a), &mut rng);
    assert_eq!(chosen, Action::Offer(Condition::Card(OrderCard::Number(1))));
    let t = terms(Resource::Blue, 1, OrderCard::Number(1));
    let o = order_phase(&g).unwrap();
    let gain = payer_expects(&g, o, &with_offer(&g, o, a, Some(t)), a) - keep;
    assert!((gain - 0.5).abs() < 1e-9, "{t}: {gain}");
    act(&mut g, a, chosen);
    let events = greedy_until_orders_revealed(&mut g);
    assert!(
        events.iter().any(|e| matches!(e,
        Event::OfferSettled { offer, .. } if offer.payer == a)),
        "{events:?}"
    );
}

#[test]
fn a_greedy_player_keeps_out_of_two_player_bribes() {
    // Two players: the Master gives card 1 (worth 1) or the Master card (3/4) at random; the
    // cheapest offer (1/4) for card 1 leaves the payer worse off (3/4) than chance (7/8).
    let mut g = game("duel+binding");
    to_round_two_orders(&mut g);
    let master = order_phase(&g).unwrap().master;
    let other = master.next(2);
    g.table.storage[other] = Resources::new(9, 9, 9, 9);
    let mut rng = Rng::seed_from_u64(1);
    let chosen = GreedyAgent::new().choose(&SeatView::new(&g, other), &mut rng);
    assert_eq!(chosen, Action::Keep);
}

#[test]
fn standing_worth_counts_the_card_expected_less_payments_and_the_masters_receipts() {
    let (mut g, master, [a, b]) = three_player_offer_window();
    // No offers: the Master gives card 1 (2), card 2 (1) and the Master card (3/4) at random.
    for s in [master, a, b] {
        let w = standing_worth(&g, s).unwrap();
        assert!((w - 1.25).abs() < 1e-9, "{s}: {w}");
    }
    let prior_before = crate::evaluate_prior(&g, a);
    let value_before = crate::evaluate(&g, a);
    // A pays 1 blue (1/4) for card 1: the Master's best plans give A card 1 (A expects
    // 2 − 1/4), the Master gets card 2 or the Master card (7/8) and the blue (1/4).
    card_bribe(&mut g, a, Resource::Blue, 1, OrderCard::Number(1));
    let wa = standing_worth(&g, a).unwrap();
    assert!((wa - 1.75).abs() < 1e-9, "{wa}");
    let wm = standing_worth(&g, master).unwrap();
    assert!((wm - 1.125).abs() < 1e-9, "{wm}");
    // The position worth cannot see the offer; the prior can.
    assert_eq!(crate::evaluate(&g, a), value_before);
    assert!(crate::evaluate_prior(&g, a) > prior_before);
}

#[test]
fn standing_worth_is_none_outside_phase_one() {
    let g = game("duel");
    assert!(order_phase(&g).is_none());
    assert_eq!(standing_worth(&g, Seat::new(0)), None);
}

/// Under the rulebook's transfers (the default) the greedy Master keeps the card worth most to
/// it unless a note's payment is worth at least what honouring it costs. Three players, the
/// Master knows cards 1, 2 and the Master card (worth 2, 1 and 3/4): keeping card 1 rather than
/// card 2 is worth 1 to it, so 1 orange (worth 1) for card 1 is honoured, 3 red (3/4) is not.
#[test]
fn a_greedy_master_honours_a_transfer_note_when_that_costs_no_more_than_it_was_paid() {
    for (resource, amount, honoured) in [(Resource::Orange, 1, true), (Resource::Red, 3, false)] {
        let (mut g, master, [a, b]) = three_player_window("three");
        card_bribe(&mut g, a, resource, amount, OrderCard::Number(1));
        for s in [b, a, b] {
            act(&mut g, s, Action::Keep);
        }
        let events = greedy_until_orders_revealed(&mut g);
        let cards = g.table.cards.clone().unwrap();
        assert_eq!(
            cards[a] == OrderCard::Number(1),
            honoured,
            "{amount} {resource}"
        );
        if !honoured {
            assert_eq!(cards[master], OrderCard::Number(1), "it keeps card 1");
        }
        assert!(
            !events
                .iter()
                .any(|e| matches!(e, Event::OfferSettled { .. })),
            "a transfer is never settled: {events:?}"
        );
    }
}

/// Under transfers a player pays only when the card the honest Master then gives, less the
/// payment, beats what it expects without paying. Three players, nothing paid: the Master
/// keeps card 1, so A expects card 2 or the Master card at random, (1 + 3/4) / 2 = 7/8. One
/// orange for card 1 is honoured (item above): 2 − 1 = 1 > 7/8. Less is ignored, more costs
/// more than it brings.
#[test]
fn a_greedy_player_transfers_for_a_card_only_when_the_masters_answer_pays_for_it() {
    let (g, _master, [a, _b]) = three_player_window("three");
    let o = order_phase(&g).unwrap();
    let keep = payer_expects(&g, o, &standing(&g, o), a);
    assert!((keep - 0.875).abs() < 1e-9, "{keep}");
    // Honouring card 1 costs the Master 1, so the cheapest payment worth 1 tips it: four
    // non-orange units (1/4 each), the largest holding first (ties in storage-card order):
    // blue, red, green, blue. The greedy player builds it unit by unit and pays it.
    let mut g = g;
    let mut rng = Rng::seed_from_u64(3);
    let mut steps = Vec::new();
    while seat_of(&g) == Some(a) {
        let chosen = GreedyAgent::new().choose(&SeatView::new(&g, a), &mut rng);
        steps.push(chosen);
        act(&mut g, a, chosen);
    }
    assert_eq!(
        steps,
        [
            Action::AddBribe(Resource::Blue),
            Action::AddBribe(Resource::Red),
            Action::AddBribe(Resource::Green),
            Action::AddBribe(Resource::Blue),
            Action::Offer(Condition::Card(OrderCard::Number(1))),
        ]
    );
    let o = order_phase(&g).unwrap();
    assert_eq!(
        o.transfers[0].payment.as_resources(),
        Resources::new(2, 0, 1, 1)
    );
    // Two players: card 1 (worth 1) against the Master card (3/4): honouring costs the Master
    // 1/4, so 1/4 buys card 1, which leaves the payer 3/4, no better than chance's 3/4.
    let mut g = game("duel");
    to_round_two_orders(&mut g);
    let other = order_phase(&g).unwrap().master.next(2);
    g.table.storage[other] = Resources::new(9, 9, 9, 9);
    let chosen = GreedyAgent::new().choose(&SeatView::new(&g, other), &mut rng);
    assert_eq!(chosen, Action::Keep);
}
