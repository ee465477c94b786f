//! What bribes are worth to the greedy agent, and the same valuation in words for
//! `gridwright analyze` (docs/rules/milkomeda.md item 67).
//!
//! # The model
//! Worth is counted in the units of the greedy agent's position worth (one victory point = 1):
//!
//! - a **payment** is worth 1 per orange (an orange left is a victory point, §15) and 1/4 per
//!   other resource (as the position worth counts them), to the payer and to the Master alike;
//! - an **order card** is worth [`PLACE_WORTH`] per place it acts ahead of the last place
//!   (card 1 of N players: N − 1), and the Master card [`MASTER_CARD_WORTH`] (it acts last, but
//!   its holder is the next Master: it chooses the refresh and receives the bribes);
//! - a refresh choice is worth nothing in itself: only the offers that name it make it worth
//!   taking.
//!
//! **The Master** weighs every [`Plan`] still open to it: a refresh choice (only the ones some
//! offer names matter, plus "any other") and a recipient for each card it knows (the ones it
//! drew, then the Master card). A plan is worth the open offers it would settle whose payers can
//! still pay. Conditions on face-down cards are never counted: the Master cannot see or steer
//! them. Which card the Master keeps for itself is left to chance among the best plans: a
//! greedy Master that always kept the card worth most to it won only 382 of 500 two-player
//! games against random play (docs/rules/milkomeda.md item 67). The greedy Master follows a best plan, ties at random.
//!
//! # Under the rulebook's transfers (the default rule)
//! A bribe is paid at once and binds nobody, so its note is a request the Master may ignore. The
//! greedy Master then values a plan as **the worth of the card it keeps for itself** (a
//! face-down card at the face-down average) **plus the payments whose notes the plan honours**:
//! it honours a note when honouring costs it no more card worth than the note's payment (a
//! Master that keeps its word when that is not dearer than what it was paid; on a tie it
//! honours). A player transfers a payment with a card note only when the card it then expects
//! under that Master's best plans, less the payment, beats what it expects without paying.
//! Refresh notes and note-less transfers are never made (worth nothing to the payer here).
//!
//! # The payment
//! A bribe pays any resources in any amounts held (§7 phase 1 step 5), built one unit at a
//! time. For each order card the payer weighs one payment: the cheapest that tips the Master
//! (worth at least what meeting the card costs it; under `binding` also the next quarter above,
//! since a tie leaves the answer to chance), using non-orange resources (1/4 each, the largest
//! holding first) while they cover it exactly and oranges (1 each) otherwise. So the greedy
//! payer pays several resources, and more than 3 of one, when that is what tips the Master
//! and the card still pays for it. The bribe in progress is rebuilt unit by unit the same way
//! at every step.
//!
//! # Under `binding`
//! **A player in the offer window** predicts that answer for each move it could make: keeping
//! what stands, withdrawing its offer, or posting an offer on an order card (the payment of
//! "The payment" below). Its expected result is the card it would receive under the
//! Master's best plans (averaged over ties; a face-down card at the face-down average) less the
//! payment where the plan settles it. It posts or withdraws only when that beats keeping what
//! stands. Offers naming a refresh are not posted: a refresh is worth nothing to the payer in
//! this model.

use crate::BribeRule;
use crate::Resources;
use crate::action::Action;
use crate::resource::Resource;
use crate::rules::bribes::{Condition, Offer, OfferTerms, Payment};
use crate::rules::orders::OrderCard;
use crate::rules::refresh::RefreshChoice;
use crate::state::{Milkomeda, OrderPhase, OrderStage, Phase};
use gridwright_engine::{Rng, Seat};

/// Worth of acting one place earlier in the turn order.
pub const PLACE_WORTH: f64 = 1.0;

/// Worth of the Master card to a payer: it acts last, like a card worth 0, but its holder is
/// the next Master.
pub const MASTER_CARD_WORTH: f64 = 0.75;

const TIE: f64 = 1e-9;

/// Under transfers, how much more an honoured payment weighs than the card worth it costs, so
/// that a Master indifferent between honouring a note and not honours it.
const HONOUR: f64 = 1e-6;

/// Whether bribes are the rulebook's transfers (not the `binding` variant's offers).
fn transfers(g: &Milkomeda) -> bool {
    g.table.rules.config.bribes == BribeRule::Transfer
}

/// The bribes the Master weighs: the open offers (`binding`) or the transfers made this round
/// with a note (as offers whose terms are the payment and the note).
fn standing(g: &Milkomeda, o: &OrderPhase) -> Vec<Offer> {
    if transfers(g) {
        o.transfers
            .iter()
            .filter_map(|t| {
                t.note.map(|condition| Offer {
                    payer: t.payer,
                    terms: OfferTerms {
                        payment: t.payment,
                        condition,
                    },
                })
            })
            .collect()
    } else {
        o.offers.offers().collect()
    }
}

/// Worth of holding `card` in an `seats`-player game.
pub fn card_worth(card: OrderCard, seats: usize) -> f64 {
    match card {
        OrderCard::Number(k) => PLACE_WORTH * (seats as f64 - f64::from(k)).max(0.0),
        OrderCard::Master => MASTER_CARD_WORTH,
    }
}

/// Worth of a payment, to whoever pays or receives it: 1 per orange, 1/4 per other resource.
pub fn payment_worth(p: Payment) -> f64 {
    f64::from(quarters(p.as_resources())) / 4.0
}

/// A resource amount's worth in quarters: 4 per orange, 1 per other resource.
fn quarters(r: Resources) -> u32 {
    Resource::ALL
        .iter()
        .map(|x| {
            let each = if *x == Resource::Orange { 4 } else { 1 };
            each * u32::from(r.get(*x))
        })
        .sum()
}

/// The next unit the greedy payer adds to a bribe that still needs `need` quarters of worth,
/// with `avail` left to pay from (its storage less the bribe so far), or `None` if nothing is
/// needed or it cannot be paid. Non-orange resources (1/4 each) are used while they can cover
/// what is needed exactly, the largest holding first; otherwise an orange (1). So the payment
/// reached is the cheapest of at least the worth needed, and building it one unit at a time
/// from any point of the way gives the same payment.
fn next_unit(avail: Resources, need: u32) -> Option<Resource> {
    if need == 0 {
        return None;
    }
    let others = [Resource::Blue, Resource::Red, Resource::Green];
    let spare: u32 = others.iter().map(|r| u32::from(avail.get(*r))).sum();
    if spare >= need {
        let mut best = others[0];
        for r in others {
            if avail.get(r) > avail.get(best) {
                best = r;
            }
        }
        Some(best)
    } else if avail.get(Resource::Orange) > 0 {
        Some(Resource::Orange)
    } else {
        None
    }
}

/// The cheapest payment of at least `need` quarters that adds to `so_far` from `storage`
/// (`so_far` itself when it is worth enough), or `None` if the storage cannot pay it.
fn build_payment(storage: Resources, so_far: Resources, need: u32) -> Option<Resources> {
    let mut bribe = so_far;
    loop {
        let have = quarters(bribe);
        if have >= need && bribe != Resources::ZERO {
            return Some(bribe);
        }
        let avail = storage.checked_sub(bribe)?;
        let r = next_unit(avail, need.saturating_sub(have).max(1))?;
        bribe = bribe.saturating_add(Resources::only(r, 1));
    }
}

/// One way the Master can still commit.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Plan {
    /// The refresh choice; `None` for "one no offer names".
    pub refresh: Option<RefreshChoice>,
    /// Every known card's recipient, in giving order (those already given first).
    pub given: Vec<(Seat, OrderCard)>,
    /// The offers this plan settles (their payers can pay).
    pub settled: Vec<Offer>,
    /// Its worth to the Master.
    pub value: f64,
}

/// The Master's known cards, in giving order: the drawn ones, then the Master card.
fn known_cards(o: &OrderPhase) -> Vec<OrderCard> {
    o.drawn
        .iter()
        .copied()
        .chain(std::iter::once(OrderCard::Master))
        .collect()
}

/// The average worth of the face-down cards (what a seat left over receives), 0 if none.
fn face_down_worth(o: &OrderPhase, seats: usize) -> f64 {
    let known = known_cards(o);
    let rest: Vec<OrderCard> = OrderCard::all(seats)
        .filter(|c| !known.contains(c))
        .collect();
    if rest.is_empty() {
        0.0
    } else {
        rest.iter().map(|c| card_worth(*c, seats)).sum::<f64>() / rest.len() as f64
    }
}

/// Whether `offer` is settled by a plan, counting only cards the Master gives.
fn settles(offer: &Offer, refresh: Option<RefreshChoice>, given: &[(Seat, OrderCard)]) -> bool {
    meets(offer.payer, offer.terms.condition, refresh, given)
}

/// Whether a plan meets `condition` for `payer`, counting only cards the Master gives.
fn meets(
    payer: Seat,
    condition: Condition,
    refresh: Option<RefreshChoice>,
    given: &[(Seat, OrderCard)],
) -> bool {
    let card = |c: OrderCard| given.iter().any(|(s, k)| *s == payer && *k == c);
    match condition {
        Condition::Card(c) => card(c),
        Condition::Refresh(r) => refresh == Some(r),
        Condition::Both(c, r) => card(c) && refresh == Some(r),
    }
}

/// Every plan still open to the Master of `o`, with `offers` standing.
fn plans(g: &Milkomeda, o: &OrderPhase, offers: &[Offer]) -> Vec<Plan> {
    let seats = g.table.seats();
    let refreshes: Vec<Option<RefreshChoice>> = match (o.stage, o.refresh) {
        (_, Some(r)) => vec![Some(r)],
        _ => {
            let mut named: Vec<RefreshChoice> = offers
                .iter()
                .filter_map(|f| match f.terms.condition {
                    Condition::Refresh(r) | Condition::Both(_, r) => Some(r),
                    Condition::Card(_) => None,
                })
                .collect();
            named.sort_unstable();
            named.dedup();
            let mut v: Vec<Option<RefreshChoice>> = named.iter().copied().map(Some).collect();
            if named.len() < RefreshChoice::all().count() {
                v.push(None);
            }
            v
        }
    };
    let known = known_cards(o);
    let mut assignments = Vec::new();
    assign(seats, &known, &mut o.given.clone(), &mut assignments);
    let transfer = transfers(g);
    // Transfers are paid already; offers count only while their payer can pay.
    let payable: Vec<&Offer> = offers
        .iter()
        .filter(|f| transfer || g.storage(f.payer).covers(f.terms.payment.as_resources()))
        .collect();
    let fallback = face_down_worth(o, seats);
    let mut out = Vec::new();
    for refresh in &refreshes {
        for given in &assignments {
            let settled: Vec<Offer> = payable
                .iter()
                .filter(|f| settles(f, *refresh, given))
                .map(|f| **f)
                .collect();
            let paid = settled
                .iter()
                .map(|f| payment_worth(f.terms.payment))
                .sum::<f64>();
            let value = if transfer {
                let own = given
                    .iter()
                    .find(|(s, _)| *s == o.master)
                    .map_or(fallback, |(_, c)| card_worth(*c, seats));
                own + paid * (1.0 + HONOUR)
            } else {
                paid
            };
            out.push(Plan {
                refresh: *refresh,
                given: given.clone(),
                settled,
                value,
            });
        }
    }
    out
}

/// Every way to give the rest of `known` to distinct seats after `given`.
fn assign(
    seats: usize,
    known: &[OrderCard],
    given: &mut Vec<(Seat, OrderCard)>,
    out: &mut Vec<Vec<(Seat, OrderCard)>>,
) {
    let Some(card) = known.get(given.len()).copied() else {
        out.push(given.clone());
        return;
    };
    for s in Seat::all(seats) {
        if !given.iter().any(|(g, _)| *g == s) {
            given.push((s, card));
            assign(seats, known, given, out);
            given.pop();
        }
    }
}

/// The plans of highest value (within rounding).
fn best(plans: &[Plan]) -> Vec<&Plan> {
    let top = plans.iter().map(|p| p.value).fold(f64::MIN, f64::max);
    plans.iter().filter(|p| p.value >= top - TIE).collect()
}

/// The order phase, if the game is in one.
fn order_phase(g: &Milkomeda) -> Option<&OrderPhase> {
    match &g.phase {
        Phase::Orders(o) => Some(o),
        _ => None,
    }
}

/// What `payer` expects from the Master's best plans with `offers` standing: the card it
/// receives less what it pays, averaged over the best plans.
fn payer_expects(g: &Milkomeda, o: &OrderPhase, offers: &[Offer], payer: Seat) -> f64 {
    let all = plans(g, o, offers);
    let top = best(&all);
    let fallback = face_down_worth(o, g.table.seats());
    let sum: f64 = top
        .iter()
        .map(|p| {
            let card = p
                .given
                .iter()
                .find(|(s, _)| *s == payer)
                .map_or(fallback, |(_, c)| card_worth(*c, g.table.seats()));
            // Transfers are paid whatever the Master does (and already in the storage).
            let paid: f64 = if transfers(g) {
                0.0
            } else {
                p.settled
                    .iter()
                    .filter(|f| f.payer == payer)
                    .map(|f| payment_worth(f.terms.payment))
                    .sum()
            };
            card - paid
        })
        .sum();
    sum / top.len().max(1) as f64
}

/// What phase 1 is worth to `seat` with the offers as they stand, in the position worth's
/// units, or `None` outside phase 1: the card it expects under the Master's best plans less
/// what it expects to pay ([`payer_expects`]), and for the Master also the best plan's worth
/// (the payments it expects to receive). The prior MCTS uses in phase 1, where a step changes
/// nothing the position worth sees until the Master commits.
pub(crate) fn standing_worth(g: &Milkomeda, seat: Seat) -> Option<f64> {
    let o = order_phase(g)?;
    let offers = standing(g, o);
    let mut worth = payer_expects(g, o, &offers, seat);
    // Under transfers the Master's receipts are in its storage already.
    if seat == o.master && !transfers(g) {
        let all = plans(g, o, &offers);
        worth += all.iter().map(|p| p.value).fold(0.0, f64::max);
    }
    Some(worth)
}

/// The standing bribes after `payer` offers `terms` (`None`: withdraws): under `binding` its
/// open offer is replaced or removed; a transfer is added to those made.
fn with_offer(g: &Milkomeda, o: &OrderPhase, payer: Seat, terms: Option<OfferTerms>) -> Vec<Offer> {
    let mut v = standing(g, o);
    if !transfers(g) {
        v.retain(|f| f.payer != payer);
    }
    if let Some(terms) = terms {
        v.push(Offer { payer, terms });
    }
    v
}

/// The bribes on an order card the greedy `payer` weighs, with what it expects from each
/// (the card under the Master's best plans, less the payment where it is paid): for each card
/// of the game, the cheapest payment containing the bribe in progress that makes meeting the
/// card at least as good for the Master as its best plan without (and, under `binding`,
/// strictly better, since a tie leaves it to chance).
///
/// The Master's plans are valued with the payer's bribe left out; a plan meeting the card
/// gains the payment's worth (times `1 + HONOUR` under transfers). So the payment that tips the
/// Master is worth `d` = best plan without − best plan meeting the card, and no cheaper one
/// changes its answer.
fn card_bribes(g: &Milkomeda, o: &OrderPhase, payer: Seat) -> Vec<(OfferTerms, f64)> {
    let base = with_offer(g, o, payer, None);
    let all = plans(g, o, &base);
    let storage = g.storage(payer);
    let mut out = Vec::new();
    for card in OrderCard::all(g.table.seats()) {
        let condition = Condition::Card(card);
        let (mut with, mut without) = (f64::MIN, f64::MIN);
        for p in &all {
            if meets(payer, condition, p.refresh, &p.given) {
                with = with.max(p.value);
            } else {
                without = without.max(p.value);
            }
        }
        if with == f64::MIN {
            continue; // no plan left gives the card (a face-down card, or given already)
        }
        let d = if without == f64::MIN {
            0.0
        } else {
            without - with
        };
        // The worth that tips the Master, in quarters: at least `d`; under `binding` also
        // the next quarter above it (a tie leaves the answer to chance).
        let at_least = (4.0 * d - 1e-6).ceil().max(0.0) as u32;
        let above = ((4.0 * d + 1e-6).floor().max(-1.0) + 1.0) as u32;
        let needs: &[u32] = if transfers(g) {
            &[at_least]
        } else {
            &[at_least, above]
        };
        for need in needs {
            let Some(payment) =
                build_payment(storage, o.bribe, *need).and_then(|r| Payment::new(r).ok())
            else {
                continue;
            };
            let terms = OfferTerms { payment, condition };
            if out.iter().any(|(t, _)| *t == terms) {
                continue;
            }
            let after = payer_expects(g, o, &with_offer(g, o, payer, Some(terms)), payer);
            // A transfer is paid whatever the Master does.
            let v = if transfers(g) {
                after - payment_worth(payment)
            } else {
                after
            };
            out.push((terms, v));
        }
    }
    out
}

/// The next unit to add to the bribe `so_far` on the way to `target`, `None` when it is
/// reached: the unit [`next_unit`] picks, so the steps rebuild the same payment.
fn build_step(storage: Resources, so_far: Resources, target: Payment) -> Option<Resource> {
    let target = target.as_resources();
    if so_far == target {
        return None;
    }
    let have = quarters(so_far);
    let need = quarters(target).saturating_sub(have).max(1);
    let avail = storage.checked_sub(so_far)?;
    next_unit(avail, need).filter(|r| so_far.get(*r) < target.get(*r))
}

/// The greedy agent's move in phase 1 (see the module docs), or `None` outside it.
pub(crate) fn choose(g: &Milkomeda, seat: Seat, legal: &[Action], rng: &mut Rng) -> Option<Action> {
    let o = order_phase(g)?;
    let mut picks: Vec<Action> = Vec::new();
    match o.stage {
        OrderStage::Offers { .. } => {
            let now = standing(g, o);
            let keep = payer_expects(g, o, &now, seat);
            let mut top = keep;
            let mut consider = |a: Action, v: f64, picks: &mut Vec<Action>| {
                if v > top + TIE {
                    top = v;
                    picks.clear();
                    picks.push(a);
                } else if v > keep + TIE && (v - top).abs() <= TIE && !picks.contains(&a) {
                    picks.push(a);
                }
            };
            if legal.contains(&Action::Withdraw) {
                let v = payer_expects(g, o, &with_offer(g, o, seat, None), seat);
                consider(Action::Withdraw, v, &mut picks);
            }
            for (terms, v) in card_bribes(g, o, seat) {
                // The next step towards the bribe: its next unit, or finish it on its card.
                let next = match build_step(g.storage(seat), o.bribe, terms.payment) {
                    Some(r) => Action::AddBribe(r),
                    None => Action::Offer(terms.condition),
                };
                consider(next, v, &mut picks);
            }
            if picks.is_empty() {
                picks.push(Action::Keep);
            }
        }
        OrderStage::Refresh => {
            let offers = standing(g, o);
            let all = plans(g, o, &offers);
            let named: Vec<RefreshChoice> = all.iter().filter_map(|p| p.refresh).collect();
            for p in best(&all) {
                match p.refresh {
                    Some(r) => picks.push(Action::Refresh(r)),
                    None => picks.extend(
                        RefreshChoice::all()
                            .filter(|r| !named.contains(r))
                            .map(Action::Refresh),
                    ),
                }
            }
        }
        // The proposal binds nothing and the model reads nothing into it: any is as good.
        OrderStage::Propose => picks.extend(legal.iter().copied()),
        OrderStage::Give => {
            let offers = standing(g, o);
            let all = plans(g, o, &offers);
            let next = o.given.len();
            picks.extend(
                best(&all)
                    .iter()
                    .filter_map(|p| p.given.get(next).map(|(s, _)| Action::Give(*s))),
            );
        }
    }
    picks.retain(|a| legal.contains(a));
    if picks.is_empty() {
        return None;
    }
    Some(picks[rng.index(picks.len())])
}

/// The valuation of the standing bribes in words, the same for every `seat` (everything it
/// reads is public: the Master's drawn cards are revealed, §7 phase 1 step 4): each bribe's
/// worth to the Master and whether the best plan meeting it beats the best plan without it,
/// plus a best plan. Under `binding` the bribes are the open offers; under the default rule,
/// the transfers made this round with a note. Empty outside phase 1 or with none.
pub fn offer_notes(g: &Milkomeda, seat: Seat) -> Vec<String> {
    let _ = seat;
    let Some(o) = order_phase(g) else {
        return Vec::new();
    };
    let offers = standing(g, o);
    let building = match (o.stage, Payment::new(o.bribe)) {
        (OrderStage::Offers { seat, .. }, Ok(p)) => {
            Some(format!("{seat} is building a bribe of {p} (not paid yet)"))
        }
        _ => None,
    };
    if offers.is_empty() {
        return building.into_iter().collect();
    }
    let transfer = transfers(g);
    let mut out = Vec::new();
    let all = plans(g, o, &offers);
    let top = all.iter().map(|p| p.value).fold(f64::MIN, f64::max);
    if transfer {
        out.push(format!(
            "Bribes paid to the Master ({}) with a note, valued by the greedy Master (payments: \
             orange 1, other resources 1/4 each; a plan is worth the card it keeps plus the \
             notes it honours); best plan worth {top:.2}:",
            o.master
        ));
    } else {
        out.push(format!(
            "Open offers to the Master ({}), valued by the greedy Master (payments: orange 1, \
             other resources 1/4 each; which card it keeps is left to chance); best plan worth \
             {top:.2}:",
            o.master
        ));
    }
    let (take, refuse) = if transfer {
        ("honour it", "ignore it")
    } else {
        ("take it", "turn it down")
    };
    for f in &offers {
        let worth = payment_worth(f.terms.payment);
        let can_pay = transfer || g.storage(f.payer).covers(f.terms.payment.as_resources());
        let with = all
            .iter()
            .filter(|p| p.settled.contains(f))
            .map(|p| p.value)
            .fold(f64::MIN, f64::max);
        let without = all
            .iter()
            .filter(|p| !p.settled.contains(f))
            .map(|p| p.value)
            .fold(f64::MIN, f64::max);
        let verdict = if !can_pay {
            "its payer cannot pay: it would lapse".to_owned()
        } else if with == f64::MIN {
            "no plan left can meet it (a face-down card, or a choice already made)".to_owned()
        } else if without == f64::MIN {
            format!("every plan left meets it ({with:.2} at best)")
        } else if with > without + TIE {
            format!(
                "{take}: the best plan meeting it is worth {with:.2}, the best without it \
                 {without:.2}"
            )
        } else if (with - without).abs() <= TIE {
            format!("either way: {with:.2} with it or without it")
        } else {
            format!(
                "{refuse}: meeting it is worth {with:.2} at best, the best plan without it \
                 {without:.2}"
            )
        };
        let what = if transfer { "paid" } else { "pays" };
        out.push(format!("  {f}: {what} {worth:.2}; {verdict}"));
    }
    if let Some(p) = best(&all).first() {
        let cards: Vec<String> = p
            .given
            .iter()
            .map(|(s, c)| format!("card {c} to {s}"))
            .collect();
        let refresh = p
            .refresh
            .map_or("a refresh no bribe names".to_owned(), |r| r.to_string());
        out.push(format!(
            "  a best plan: {refresh}; {}",
            if cards.is_empty() {
                "no card left to give".to_owned()
            } else {
                cards.join(", ")
            }
        ));
    }
    out.extend(building);
    out
}

#[cfg(test)]
mod tests;
