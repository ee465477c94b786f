//! Bribes to the Master of the Order as a bounded, typed action space (rulebook §7 phase 1
//! step 5; the team's "table talk made digital" decisions).
//!
//! An [`Offer`] says who pays, what ([`Payment`]: one resource, 1 to [`MAX_BRIBE`]) and on
//! which [`Condition`] (the payer receives a given order card, the Master takes a given refresh
//! choice, or both). Offers are public. Each player other than the Master has at most one open
//! offer ([`OpenOffers`]), which a new offer replaces and which can be withdrawn until the
//! Master commits. When the Master commits ([`MasterDecision`]), [`settle`] pays every offer
//! whose condition holds, if the payer can still pay; the others lapse with a reason.
//!
//! Because amounts and conditions are small closed sets, the terms of all offers form a fixed
//! list ([`OfferTerms::all`], at most 768 entries for four players) with a flat index
//! ([`OfferTerms::index`]), ready to become legal actions for every kind of agent.

use super::directives::Position;
use super::orders::OrderCard;
use super::refresh::{RefreshChoice, RefreshKind};
use crate::{Resource, Resources};
use gridwright_engine::{PerSeat, Seat};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// The most of one resource a single offer pays.
pub const MAX_BRIBE: u8 = 3;

/// Refresh choices: three kinds at four positions.
const REFRESHES: usize = 12;

/// Why a bribe input was refused; nothing is changed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BribeError {
    /// An amount outside 1 to [`MAX_BRIBE`].
    #[error("a bribe pays 1 to {max} of one resource, not {amount}", max = MAX_BRIBE)]
    Amount {
        /// The amount asked for.
        amount: u8,
    },
    /// An order card that is not in an `seats`-player game.
    #[error("order card {card} is not in a {seats}-player game (cards 1 to {last} and the Master)", last = seats.saturating_sub(1))]
    NoSuchCard {
        /// The card named.
        card: OrderCard,
        /// Players.
        seats: usize,
    },
    /// A seat outside the game.
    #[error("{seat} is not a seat of this {seats}-player game")]
    NoSuchSeat {
        /// The seat.
        seat: Seat,
        /// Players.
        seats: usize,
    },
    /// The Master is the one being bribed.
    #[error("{seat} is the Master of the Order and cannot bribe itself")]
    MasterOffers {
        /// The Master.
        seat: Seat,
    },
    /// Withdrawing when no offer is open.
    #[error("{seat} has no open offer to withdraw")]
    NothingToWithdraw {
        /// The seat.
        seat: Seat,
    },
    /// A flat index beyond the list.
    #[error("offer index {index} is beyond the {count} offers of a {seats}-player game")]
    NoSuchIndex {
        /// The index.
        index: usize,
        /// Offers in the list.
        count: usize,
        /// Players.
        seats: usize,
    },
    /// Text that is not an offer.
    #[error(
        "cannot read {text:?} as an offer: {why} (e.g. \"2 red if card 1 and refresh pair 3\")"
    )]
    Parse {
        /// The text.
        text: String,
        /// What is wrong.
        why: &'static str,
    },
}

fn check_card(card: OrderCard, seats: usize) -> Result<OrderCard, BribeError> {
    if card.is_in(seats) {
        Ok(card)
    } else {
        Err(BribeError::NoSuchCard { card, seats })
    }
}

/// What an offer asks of the Master: never empty.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Condition {
    /// The payer receives this order card.
    Card(OrderCard),
    /// The Master takes this refresh choice.
    Refresh(RefreshChoice),
    /// Both.
    Both(OrderCard, RefreshChoice),
}

impl Condition {
    /// Whether the condition holds for `payer` under the Master's decision.
    pub fn holds(self, payer: Seat, decision: &MasterDecision) -> bool {
        let card_ok = |c: OrderCard| decision.cards.get(payer) == Some(&c);
        match self {
            Condition::Card(c) => card_ok(c),
            Condition::Refresh(r) => decision.refresh == Some(r),
            Condition::Both(c, r) => card_ok(c) && decision.refresh == Some(r),
        }
    }

    fn card(self) -> Option<OrderCard> {
        match self {
            Condition::Card(c) | Condition::Both(c, _) => Some(c),
            Condition::Refresh(_) => None,
        }
    }
}

impl fmt::Display for Condition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Condition::Card(c) => write!(f, "card {c}"),
            Condition::Refresh(r) => write!(f, "{r}"),
            Condition::Both(c, r) => write!(f, "card {c} and {r}"),
        }
    }
}

/// What an offer pays: 1 to [`MAX_BRIBE`] of one resource.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Serialize, Deserialize)]
#[serde(try_from = "(Resource, u8)", into = "(Resource, u8)")]
pub struct Payment {
    resource: Resource,
    amount: u8,
}

impl Payment {
    /// A payment.
    ///
    /// # Errors
    /// [`BribeError::Amount`] unless `amount` is 1 to [`MAX_BRIBE`].
    pub fn new(resource: Resource, amount: u8) -> Result<Payment, BribeError> {
        if (1..=MAX_BRIBE).contains(&amount) {
            Ok(Payment { resource, amount })
        } else {
            Err(BribeError::Amount { amount })
        }
    }

    /// The resource paid.
    pub const fn resource(self) -> Resource {
        self.resource
    }

    /// How much.
    pub const fn amount(self) -> u8 {
        self.amount
    }

    /// As a resource amount.
    pub const fn as_resources(self) -> Resources {
        Resources::only(self.resource, self.amount as u16)
    }
}

impl Payment {
    /// How many payments there are: four resources, 1 to [`MAX_BRIBE`] each.
    pub const COUNT: usize = 4 * MAX_BRIBE as usize;

    /// This payment's flat index in `0..COUNT`.
    pub fn index(self) -> usize {
        self.resource.index() * usize::from(MAX_BRIBE) + usize::from(self.amount - 1)
    }

    /// The payment at flat index `index`, if any.
    pub fn from_index(index: usize) -> Option<Payment> {
        let resource = *Resource::ALL.get(index / usize::from(MAX_BRIBE))?;
        let amount = (index % usize::from(MAX_BRIBE)) as u8 + 1;
        Payment::new(resource, amount).ok()
    }

    /// Every payment, in index order.
    pub fn all() -> impl Iterator<Item = Payment> {
        (0..Self::COUNT).filter_map(Payment::from_index)
    }
}

impl TryFrom<(Resource, u8)> for Payment {
    type Error = BribeError;
    fn try_from((r, a): (Resource, u8)) -> Result<Self, Self::Error> {
        Payment::new(r, a)
    }
}

impl From<Payment> for (Resource, u8) {
    fn from(p: Payment) -> (Resource, u8) {
        (p.resource, p.amount)
    }
}

impl fmt::Display for Payment {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.amount, self.resource)
    }
}

/// An offer's terms, without the payer (the seat making the offer): text form
/// `2 red if card 1 and refresh pair 3`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Serialize, Deserialize)]
pub struct OfferTerms {
    /// What the payer pays the Master.
    pub payment: Payment,
    /// On what condition.
    pub condition: Condition,
}

impl OfferTerms {
    /// How many different terms an `seats`-player game has: 12 payments × every condition
    /// (`(seats + 1) · 13 − 1`: no card or one of the `seats` cards, with no refresh or one of
    /// the twelve, not both absent). 456 for two players, 612 for three, 768 for four.
    pub fn count(seats: usize) -> usize {
        if seats < 2 {
            return 0;
        }
        Resource::ALL.len() * usize::from(MAX_BRIBE) * Self::conditions(seats)
    }

    fn conditions(seats: usize) -> usize {
        (seats + 1) * (REFRESHES + 1) - 1
    }

    /// This offer's flat index in `0..count(seats)`.
    ///
    /// # Errors
    /// [`BribeError::NoSuchCard`] if the condition names a card not in the game.
    pub fn index(self, seats: usize) -> Result<usize, BribeError> {
        let card = match self.condition.card() {
            None => 0,
            Some(c) => match check_card(c, seats)? {
                OrderCard::Number(n) => usize::from(n),
                OrderCard::Master => seats,
            },
        };
        let refresh = match self.condition {
            Condition::Card(_) => 0,
            Condition::Refresh(r) | Condition::Both(_, r) => r.index() + 1,
        };
        let condition = card * (REFRESHES + 1) + refresh - 1;
        let payment = self.payment.resource.index() * usize::from(MAX_BRIBE)
            + usize::from(self.payment.amount - 1);
        Ok(payment * Self::conditions(seats) + condition)
    }

    /// The terms at flat index `index`.
    ///
    /// # Errors
    /// [`BribeError::NoSuchIndex`] beyond [`OfferTerms::count`].
    pub fn from_index(index: usize, seats: usize) -> Result<OfferTerms, BribeError> {
        let count = Self::count(seats);
        if index >= count || seats < 2 {
            return Err(BribeError::NoSuchIndex {
                index,
                count,
                seats,
            });
        }
        let conditions = Self::conditions(seats);
        let (payment, condition) = (index / conditions, index % conditions + 1);
        let resource = Resource::ALL[payment / usize::from(MAX_BRIBE)];
        let amount = (payment % usize::from(MAX_BRIBE)) as u8 + 1;
        let (card, refresh) = (condition / (REFRESHES + 1), condition % (REFRESHES + 1));
        let card = match card {
            0 => None,
            c if c == seats => Some(OrderCard::Master),
            c => Some(OrderCard::Number(c as u8)),
        };
        let refresh = (refresh > 0).then(|| {
            let r = refresh - 1;
            RefreshChoice {
                kind: RefreshKind::ALL[r / 4],
                position: Position::ALL[r % 4],
            }
        });
        let condition = match (card, refresh) {
            (Some(c), None) => Condition::Card(c),
            (None, Some(r)) => Condition::Refresh(r),
            (Some(c), Some(r)) => Condition::Both(c, r),
            (None, None) => {
                return Err(BribeError::NoSuchIndex {
                    index,
                    count,
                    seats,
                });
            }
        };
        Ok(OfferTerms {
            payment: Payment { resource, amount },
            condition,
        })
    }

    /// Every terms of an `seats`-player game, in index order.
    pub fn all(seats: usize) -> Vec<OfferTerms> {
        (0..Self::count(seats))
            .filter_map(|i| Self::from_index(i, seats).ok())
            .collect()
    }

    /// Checks the terms for an `seats`-player game.
    ///
    /// # Errors
    /// [`BribeError::NoSuchCard`].
    pub fn check(self, seats: usize) -> Result<OfferTerms, BribeError> {
        if let Some(c) = self.condition.card() {
            check_card(c, seats)?;
        }
        Ok(self)
    }
}

impl fmt::Display for OfferTerms {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} if {}", self.payment, self.condition)
    }
}

impl FromStr for OfferTerms {
    type Err = BribeError;

    /// Reads `2 red if card 1`, `1 blue if refresh module 4`,
    /// `3 green if card master and refresh pair 2` (words case-insensitive, spaces free).
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let bad = |why| BribeError::Parse {
            text: text.to_owned(),
            why,
        };
        let lower = text.to_ascii_lowercase();
        let words: Vec<&str> = lower.split_whitespace().collect();
        let (head, tail) = match words.iter().position(|w| *w == "if") {
            Some(i) => (&words[..i], &words[i + 1..]),
            None => return Err(bad("missing \"if\" before the condition")),
        };
        let [amount, resource] = head else {
            return Err(bad("the payment is an amount and a colour"));
        };
        let amount: u8 = amount
            .parse()
            .map_err(|_| bad("the amount is not a number"))?;
        let resource = Resource::parse(resource).ok_or_else(|| bad("unknown resource colour"))?;
        let payment =
            Payment::new(resource, amount).map_err(|_| bad("the amount is not 1 to 3"))?;
        if tail.is_empty() {
            return Err(bad("missing condition after \"if\""));
        }
        let parts: Vec<&[&str]> = tail.split(|w| *w == "and").collect();
        let mut card = None;
        let mut refresh = None;
        for part in parts {
            match part {
                ["card", c] if card.is_none() => {
                    card = Some(if *c == "master" {
                        OrderCard::Master
                    } else {
                        match c.parse::<u8>() {
                            Ok(n) if n >= 1 => OrderCard::Number(n),
                            _ => return Err(bad("a card is a number from 1 or \"master\"")),
                        }
                    });
                }
                ["refresh", kind, pos] if refresh.is_none() => {
                    let kind = RefreshKind::ALL
                        .into_iter()
                        .find(|k| k.word() == *kind)
                        .ok_or_else(|| bad("refresh pair, directive or module"))?;
                    let position = pos
                        .parse::<u8>()
                        .ok()
                        .and_then(|n| Position::try_from(n).ok())
                        .ok_or_else(|| bad("a position is 1 to 4"))?;
                    refresh = Some(RefreshChoice { kind, position });
                }
                _ => {
                    return Err(bad(
                        "a condition is \"card N\", \"refresh KIND P\" or both joined by \"and\"",
                    ));
                }
            }
        }
        let condition = match (card, refresh) {
            (Some(c), None) => Condition::Card(c),
            (None, Some(r)) => Condition::Refresh(r),
            (Some(c), Some(r)) => Condition::Both(c, r),
            (None, None) => return Err(bad("missing condition")),
        };
        Ok(OfferTerms { payment, condition })
    }
}

/// The payments a player holding `held` may make to the Master (§7 phase 1 step 5: "resources
/// shown on Storage Cards", issue 20.7): any non-empty amount of any of the four resources,
/// each up to what it holds, and nothing bounded by a constant. Both bribe forms (a binding
/// offer and an immediate transfer) draw their payments from it.
///
/// The space is enumerable with a flat index (mixed radix over blue, orange, red, green:
/// `count = Π (held + 1) − 1`), but it grows as the product of the holdings, so a legal-action
/// list should not name its payments whole: choosing the amount of one resource at a time
/// ([`PaymentSpace::amounts`]) keeps each step's list at most `held + 1` long.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct PaymentSpace {
    held: Resources,
}

impl PaymentSpace {
    /// The payments a player holding `held` may make.
    pub fn new(held: Resources) -> PaymentSpace {
        PaymentSpace { held }
    }

    /// How many different payments there are: `Π (held + 1) − 1` (the empty one excluded).
    pub fn count(&self) -> usize {
        Resource::ALL
            .iter()
            .map(|r| usize::from(self.held.get(*r)) + 1)
            .product::<usize>()
            - 1
    }

    /// Whether `payment` is in the space: not empty, and no resource above what is held.
    pub fn contains(&self, payment: Resources) -> bool {
        payment != Resources::ZERO && self.held.covers(payment)
    }

    /// The amounts of `resource` a payment may hold once the resources before it (in
    /// [`Resource::ALL`] order) are chosen as in `so_far`: 0 to what is held, except that the
    /// last resource cannot be 0 when all before it are (a payment is never empty). Empty when
    /// nothing at all is held.
    pub fn amounts(&self, so_far: Resources, resource: Resource) -> std::ops::RangeInclusive<u16> {
        let last = resource == Resource::Green;
        let nothing_yet = Resource::ALL
            .iter()
            .take_while(|r| **r != resource)
            .all(|r| so_far.get(*r) == 0);
        let lo = u16::from(last && nothing_yet);
        lo..=self.held.get(resource)
    }

    /// The payment's flat index in `0..count()`, if it is in the space.
    pub fn index(&self, payment: Resources) -> Option<usize> {
        if !self.contains(payment) {
            return None;
        }
        let mut i = 0usize;
        for r in Resource::ALL {
            i = i * (usize::from(self.held.get(r)) + 1) + usize::from(payment.get(r));
        }
        Some(i - 1)
    }

    /// The payment at flat index `index`.
    pub fn get(&self, index: usize) -> Option<Resources> {
        if index >= self.count() {
            return None;
        }
        let mut rest = index + 1;
        let mut amounts = [0u16; 4];
        for (k, r) in Resource::ALL.iter().enumerate().rev() {
            let radix = usize::from(self.held.get(*r)) + 1;
            amounts[k] = (rest % radix) as u16;
            rest /= radix;
        }
        Some(Resources::new(
            amounts[0], amounts[1], amounts[2], amounts[3],
        ))
    }

    /// Every payment, in index order.
    pub fn iter(&self) -> impl Iterator<Item = Resources> + '_ {
        (0..self.count()).filter_map(|i| self.get(i))
    }
}

/// An open offer: its payer and terms. Text form `P2: 2 red if card 1`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Serialize, Deserialize)]
pub struct Offer {
    /// Who pays.
    pub payer: Seat,
    /// What and on which condition.
    pub terms: OfferTerms,
}

impl fmt::Display for Offer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.payer, self.terms)
    }
}

impl FromStr for Offer {
    type Err = BribeError;
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let bad = |why| BribeError::Parse {
            text: text.to_owned(),
            why,
        };
        let (seat, terms) = text
            .split_once(':')
            .ok_or_else(|| bad("an offer reads \"P2: 2 red if card 1\""))?;
        let payer = Seat::parse_number(seat).ok_or_else(|| bad("unknown player"))?;
        Ok(Offer {
            payer,
            terms: terms.parse()?,
        })
    }
}

/// A bribe under the rulebook's rule (§7 phase 1 step 5, the default [`BribeRule`]): the
/// payment moved to the Master at once, with an optional public note of what it is for. The
/// note binds nobody and nothing is refunded. Text form `P2 pays 2 red for card 1`.
///
/// [`BribeRule`]: crate::BribeRule
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub struct Transfer {
    /// Who paid.
    pub payer: Seat,
    /// What moved to the Master.
    pub payment: Payment,
    /// What it is for, if the payer said.
    pub note: Option<Condition>,
}

impl fmt::Display for Transfer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} pays {}", self.payer, self.payment)?;
        match self.note {
            Some(c) => write!(f, " for {c}"),
            None => Ok(()),
        }
    }
}

/// The Master's committed decision: the refresh choice (none in the first round) and the
/// order card each seat receives.
#[derive(Clone, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub struct MasterDecision {
    /// The refresh taken.
    pub refresh: Option<RefreshChoice>,
    /// Each seat's order card.
    pub cards: PerSeat<OrderCard>,
}

/// The open offers of one Master's decision: at most one per player other than the Master.
#[derive(Clone, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub struct OpenOffers {
    master: Seat,
    offers: PerSeat<Option<OfferTerms>>,
}

impl OpenOffers {
    /// No offers yet, for `master` in an `seats`-player game.
    ///
    /// # Errors
    /// [`BribeError::NoSuchSeat`] if `master` is not a seat of the game.
    pub fn new(master: Seat, seats: usize) -> Result<OpenOffers, BribeError> {
        if master.index() >= seats {
            return Err(BribeError::NoSuchSeat {
                seat: master,
                seats,
            });
        }
        Ok(OpenOffers {
            master,
            offers: PerSeat::from_fn(seats, |_| None),
        })
    }

    /// The Master being bribed.
    pub fn master(&self) -> Seat {
        self.master
    }

    fn check_payer(&self, payer: Seat) -> Result<(), BribeError> {
        if payer.index() >= self.offers.len() {
            return Err(BribeError::NoSuchSeat {
                seat: payer,
                seats: self.offers.len(),
            });
        }
        if payer == self.master {
            return Err(BribeError::MasterOffers { seat: payer });
        }
        Ok(())
    }

    /// `payer` posts an offer, replacing its open one if any; returns the replaced terms.
    ///
    /// # Errors
    /// [`BribeError::NoSuchSeat`], [`BribeError::MasterOffers`], [`BribeError::NoSuchCard`];
    /// nothing changes.
    pub fn post(
        &mut self,
        payer: Seat,
        terms: OfferTerms,
    ) -> Result<Option<OfferTerms>, BribeError> {
        self.check_payer(payer)?;
        terms.check(self.offers.len())?;
        Ok(self.offers[payer].replace(terms))
    }

    /// `payer` withdraws its open offer.
    ///
    /// # Errors
    /// [`BribeError::NoSuchSeat`], [`BribeError::MasterOffers`],
    /// [`BribeError::NothingToWithdraw`]; nothing changes.
    pub fn withdraw(&mut self, payer: Seat) -> Result<OfferTerms, BribeError> {
        self.check_payer(payer)?;
        self.offers[payer]
            .take()
            .ok_or(BribeError::NothingToWithdraw { seat: payer })
    }

    /// The open offers, in seat order.
    pub fn offers(&self) -> impl Iterator<Item = Offer> + '_ {
        self.offers
            .iter()
            .filter_map(|(payer, t)| t.map(|terms| Offer { payer, terms }))
    }

    /// The terms `payer` may post now: every terms of the game whose payment its storage
    /// covers (an offer it could not pay today would only lapse), in index order.
    pub fn postable(&self, payer: Seat, storage: Resources) -> Vec<OfferTerms> {
        if self.check_payer(payer).is_err() {
            return Vec::new();
        }
        OfferTerms::all(self.offers.len())
            .into_iter()
            .filter(|t| storage.covers(t.payment.as_resources()))
            .collect()
    }
}

/// What became of an open offer when the Master committed.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Settlement {
    /// The condition held and the payer paid the Master.
    Paid,
    /// The condition did not hold.
    ConditionFailed,
    /// The condition held but the payer no longer had the payment.
    CannotPay {
        /// What the payer had of the resource.
        had: u16,
    },
}

/// Settles every open offer against the Master's decision (team decision: paid in the step
/// that commits, if the condition holds and the payer still can; otherwise it lapses).
/// Returns the storages after payment and each offer's settlement, in seat order.
pub fn settle(
    open: &OpenOffers,
    decision: &MasterDecision,
    storages: &PerSeat<Resources>,
) -> (PerSeat<Resources>, Vec<(Offer, Settlement)>) {
    let mut after = storages.clone();
    let mut out = Vec::new();
    for offer in open.offers() {
        let cost = offer.terms.payment.as_resources();
        let settlement = if !offer.terms.condition.holds(offer.payer, decision) {
            Settlement::ConditionFailed
        } else {
            let paid = after
                .get(offer.payer)
                .and_then(|s| s.checked_sub(cost))
                .filter(|_| open.master.index() < after.len());
            match paid {
                Some(left) => {
                    after[offer.payer] = left;
                    let master = open.master;
                    after[master] = after[master].saturating_add(cost);
                    Settlement::Paid
                }
                None => Settlement::CannotPay {
                    had: after
                        .get(offer.payer)
                        .map_or(0, |s| s.get(offer.terms.payment.resource)),
                },
            }
        };
        out.push((offer, settlement));
    }
    (after, out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(i: u8) -> Seat {
        Seat::new(i)
    }

    fn terms(text: &str) -> OfferTerms {
        text.parse().unwrap()
    }

    fn refresh(kind: RefreshKind, pos: u8) -> RefreshChoice {
        RefreshChoice {
            kind,
            position: Position::try_from(pos).unwrap(),
        }
    }

    #[test]
    fn offer_terms_read_and_print_the_same() {
        let t = terms("2 red if card 1 and refresh pair 3");
        assert_eq!(t.payment, Payment::new(Resource::Red, 2).unwrap());
        assert_eq!(
            t.condition,
            Condition::Both(OrderCard::Number(1), refresh(RefreshKind::Pair, 3))
        );
        assert_eq!(t.to_string(), "2 red if card 1 and refresh pair 3");
        assert_eq!(
            terms("  1 Blue IF refresh module 4").to_string(),
            "1 blue if refresh module 4"
        );
        let o: Offer = "P3: 3 green if card master".parse().unwrap();
        assert_eq!(o.payer, p(2));
        assert_eq!(o.to_string(), "P3: 3 green if card master");
    }

    #[test]
    fn offer_text_errors_say_what_is_wrong() {
        for (text, why) in [
            ("2 red card 1", "missing \"if\""),
            ("4 red if card 1", "1 to 3"),
            ("2 purple if card 1", "colour"),
            ("2 red if", "missing condition"),
            ("2 red if card 0", "a card is"),
            ("2 red if refresh pair 5", "1 to 4"),
            ("2 red if card 1 and card 2", "a condition is"),
        ] {
            let err = text.parse::<OfferTerms>().unwrap_err().to_string();
            assert!(err.contains(why), "{text}: {err}");
        }
    }

    /// §7 phase 1 step 5 (issue 20.7): a bribe pays any resources shown on the storage card,
    /// in any amounts the payer holds. Holding 1 blue, 0 orange, 2 red and 0 green, the
    /// payments are every (blue 0–1, red 0–2) but nothing: 2 · 3 − 1 = 5 of them, counted by
    /// hand below.
    #[test]
    fn a_bribe_may_pay_any_resources_in_any_amounts_held() {
        let space = PaymentSpace::new(Resources::new(1, 0, 2, 0));
        let mut want = Vec::new();
        for blue in 0..=1 {
            for red in 0..=2 {
                if blue + red > 0 {
                    want.push(Resources::new(blue, 0, red, 0));
                }
            }
        }
        let mut got: Vec<Resources> = space.iter().collect();
        got.sort();
        want.sort();
        assert_eq!(got, want);
        assert_eq!(space.count(), 5);
        for (i, p) in space.iter().enumerate() {
            assert_eq!(space.index(p), Some(i));
        }
        assert!(
            !space.contains(Resources::new(0, 1, 0, 0)),
            "no orange held"
        );
        assert!(!space.contains(Resources::ZERO));
        // Beyond the old bound of 3 of one resource, and several resources at once.
        let rich = PaymentSpace::new(Resources::new(4, 4, 4, 44));
        assert!(rich.contains(Resources::new(4, 0, 1, 44)));
        assert_eq!(rich.count(), 5 * 5 * 5 * 45 - 1);
        // One resource at a time: green cannot be 0 after three zeros.
        assert_eq!(rich.amounts(Resources::ZERO, Resource::Blue), 0..=4);
        assert_eq!(rich.amounts(Resources::ZERO, Resource::Green), 1..=44);
        assert_eq!(
            rich.amounts(Resources::new(1, 0, 0, 0), Resource::Green),
            0..=44
        );
        assert_eq!(PaymentSpace::new(Resources::ZERO).count(), 0);
    }

    #[test]
    fn bribe_amounts_are_one_to_three() {
        assert!(Payment::new(Resource::Orange, 0).is_err());
        assert!(Payment::new(Resource::Orange, 3).is_ok());
        assert_eq!(
            Payment::new(Resource::Orange, 4),
            Err(BribeError::Amount { amount: 4 })
        );
    }

    #[test]
    fn offer_space_is_finite_and_indexed_for_every_player_count() {
        for (seats, count) in [(2, 456), (3, 612), (4, 768)] {
            let all = OfferTerms::all(seats);
            assert_eq!(all.len(), count);
            assert_eq!(OfferTerms::count(seats), count);
            for (i, t) in all.iter().enumerate() {
                assert_eq!(t.index(seats), Ok(i));
                assert_eq!(t.check(seats), Ok(*t));
                assert_eq!(t.to_string().parse::<OfferTerms>().as_ref(), Ok(t));
            }
            let mut sorted = all.clone();
            sorted.sort();
            sorted.dedup();
            assert_eq!(sorted.len(), count, "no terms twice");
            assert!(OfferTerms::from_index(count, seats).is_err());
        }
    }

    #[test]
    fn offers_name_only_cards_of_the_game() {
        let t = terms("1 red if card 3");
        assert!(t.check(4).is_ok());
        assert_eq!(
            t.check(3),
            Err(BribeError::NoSuchCard {
                card: OrderCard::Number(3),
                seats: 3
            })
        );
        assert!(t.index(3).is_err());
    }

    #[test]
    fn one_open_offer_per_player_replaced_or_withdrawn() {
        let mut open = OpenOffers::new(p(0), 3).unwrap();
        assert_eq!(open.post(p(1), terms("1 red if card 1")), Ok(None));
        assert_eq!(
            open.post(p(1), terms("2 blue if card master")),
            Ok(Some(terms("1 red if card 1")))
        );
        open.post(p(2), terms("1 green if refresh directive 2"))
            .unwrap();
        assert_eq!(
            open.offers().map(|o| o.to_string()).collect::<Vec<_>>(),
            [
                "P2: 2 blue if card master",
                "P3: 1 green if refresh directive 2"
            ]
        );
        assert_eq!(open.withdraw(p(1)), Ok(terms("2 blue if card master")));
        assert_eq!(
            open.withdraw(p(1)),
            Err(BribeError::NothingToWithdraw { seat: p(1) })
        );
        assert_eq!(open.offers().count(), 1);
    }

    #[test]
    fn the_master_cannot_bribe_itself() {
        let mut open = OpenOffers::new(p(0), 2).unwrap();
        let before = open.clone();
        assert_eq!(
            open.post(p(0), terms("1 red if card 1")),
            Err(BribeError::MasterOffers { seat: p(0) })
        );
        assert!(open.post(p(2), terms("1 red if card 1")).is_err());
        assert_eq!(open, before);
        assert!(open.postable(p(0), Resources::new(9, 9, 9, 9)).is_empty());
    }

    #[test]
    fn postable_offers_are_the_affordable_ones() {
        let open = OpenOffers::new(p(0), 2).unwrap();
        let only_one_red = Resources::new(0, 0, 1, 0);
        let list = open.postable(p(1), only_one_red);
        // One red, amount 1, with each of the 38 two-player conditions.
        assert_eq!(list.len(), 38);
        assert!(
            list.iter()
                .all(|t| t.payment == Payment::new(Resource::Red, 1).unwrap())
        );
        assert_eq!(open.postable(p(1), Resources::new(3, 3, 3, 3)).len(), 456);
    }

    #[test]
    fn offers_are_paid_when_their_condition_holds_and_the_payer_can() {
        let mut open = OpenOffers::new(p(0), 4).unwrap();
        open.post(p(1), terms("2 red if card 1")).unwrap();
        open.post(p(2), terms("3 orange if refresh pair 2"))
            .unwrap();
        open.post(p(3), terms("1 blue if card 2 and refresh module 1"))
            .unwrap();
        let decision = MasterDecision {
            refresh: Some(refresh(RefreshKind::Pair, 2)),
            cards: PerSeat::from(vec![
                OrderCard::Master,
                OrderCard::Number(1),
                OrderCard::Number(2),
                OrderCard::Number(3),
            ]),
        };
        let storages = PerSeat::from(vec![
            Resources::new(0, 0, 0, 0),
            Resources::new(0, 0, 5, 0),
            Resources::new(0, 1, 0, 0),
            Resources::new(4, 0, 0, 0),
        ]);
        let (after, results) = settle(&open, &decision, &storages);
        let outcomes: Vec<Settlement> = results.iter().map(|(_, s)| *s).collect();
        assert_eq!(
            outcomes,
            [
                Settlement::Paid,
                Settlement::CannotPay { had: 1 },
                Settlement::ConditionFailed
            ]
        );
        assert_eq!(after[p(0)], Resources::new(0, 0, 2, 0));
        assert_eq!(after[p(1)], Resources::new(0, 0, 3, 0));
        assert_eq!(after[p(2)], storages[p(2)]);
        assert_eq!(after[p(3)], storages[p(3)]);
    }

    #[test]
    fn a_two_part_condition_needs_both_parts() {
        let c = Condition::Both(OrderCard::Master, refresh(RefreshKind::Directive, 4));
        let mut decision = MasterDecision {
            refresh: Some(refresh(RefreshKind::Directive, 4)),
            cards: PerSeat::from(vec![OrderCard::Number(1), OrderCard::Master]),
        };
        assert!(c.holds(p(1), &decision));
        assert!(!c.holds(p(0), &decision));
        decision.refresh = Some(refresh(RefreshKind::Module, 4));
        assert!(!c.holds(p(1), &decision));
        decision.refresh = None;
        assert!(!Condition::Refresh(refresh(RefreshKind::Module, 4)).holds(p(1), &decision));
    }
}
