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
//! # Under `binding`
//! **A player in the offer window** predicts that answer for each move it could make: keeping
//! what stands, withdrawing its offer, or posting an offer on an order card (every amount and
//! resource its storage covers). Its expected result is the card it would receive under the
//! Master's best plans (averaged over ties; a face-down card at the face-down average) less the
//! payment where the plan settles it. It posts or withdraws only when that beats keeping what
//! stands. Offers naming a refresh are not posted: a refresh is worth nothing to the payer in
//! this model.

use crate::BribeRule;
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
    g.config.bribes == BribeRule::Transfer
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

/// Worth of a payment, to whoever pays or receives it.
pub fn payment_worth(p: Payment) -> f64 {
    let each = if p.resource() == Resource::Orange {
        1.0
    } else {
        0.25
    };
    each * f64::from(p.amount())
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
    let card = |c: OrderCard| given.iter().any(|(s, k)| *s == offer.payer && *k == c);
    match offer.terms.condition {
        Condition::Card(c) => card(c),
        Condition::Refresh(r) => refresh == Some(r),
        Condition::Both(c, r) => card(c) && refresh == Some(r),
    }
}

/// Every plan still open to the Master of `o`, with `offers` standing.
fn plans(g: &Milkomeda, o: &OrderPhase, offers: &[Offer]) -> Vec<Plan> {
    let seats = g.seats;
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
    let fallback = face_down_worth(o, g.seats);
    let sum: f64 = top
        .iter()
        .map(|p| {
            let card = p
                .given
                .iter()
                .find(|(s, _)| *s == payer)
                .map_or(fallback, |(_, c)| card_worth(*c, g.seats));
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

/// The greedy agent's move in phase 1 (see the module docs), or `None` outside it.
pub(crate) fn choose(g: &Milkomeda, seat: Seat, legal: &[Action], rng: &mut Rng) -> Option<Action> {
    let o = order_phase(g)?;
    let mut picks: Vec<Action> = Vec::new();
    match o.stage {
        OrderStage::Offers { .. } => {
            let now = standing(g, o);
            let keep = payer_expects(g, o, &now, seat);
            let mut top = keep;
            for a in legal {
                let v = match a {
                    Action::Withdraw => payer_expects(g, o, &with_offer(g, o, seat, None), seat),
                    Action::Offer(t) if matches!(t.condition, Condition::Card(_)) => {
                        let after = payer_expects(g, o, &with_offer(g, o, seat, Some(*t)), seat);
                        // A transfer is paid whatever the Master does.
                        if transfers(g) {
                            after - payment_worth(t.payment)
                        } else {
                            after
                        }
                    }
                    _ => continue,
                };
                if v > top + TIE {
                    top = v;
                    picks.clear();
                    picks.push(*a);
                } else if v > keep + TIE && (v - top).abs() <= TIE {
                    picks.push(*a);
                }
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
    if offers.is_empty() {
        return Vec::new();
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
    out
}

#[cfg(test)]
mod tests;
