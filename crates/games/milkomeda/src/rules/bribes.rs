//! Bribes to the Master of the Order as a bounded, typed action space (rulebook §7 phase 1
//! step 5; the team's "table talk made digital" decisions).
//!
//! A [`Payment`] is any non-empty amount of any of the four resources, each up to what the
//! payer holds ([`PaymentSpace`]; the seed's "resources shown on Storage Cards", issue 20.7):
//! no constant bounds it. A bribe is built in the offer window one resource unit at a time (the
//! bribe in progress is public state of the window) and finished with a [`Condition`] (the
//! payer receives a given order card, the Master takes a given refresh choice, or both), or,
//! under the default rule, with no note. Under the default rule a finished bribe is a
//! [`Transfer`], paid at once; under the `binding` variant it is an [`Offer`]: each player other
//! than the Master has at most one open offer ([`OpenOffers`]), which a new offer replaces and
//! which can be withdrawn until the Master commits. When the Master commits
//! ([`MasterDecision`]), [`settle`] pays every offer whose condition holds, if the payer can
//! still pay; the others lapse with a reason.
//!
//! The conditions form a fixed list per player count ([`Condition::all`], 38 for two players,
//! 51 for three, 64 for four) with a flat index ([`Condition::index`]); the payment needs no
//! index, being built of four "add one unit" steps.

use super::directives::Position;
use super::orders::OrderCard;
use super::refresh::{RefreshChoice, RefreshKind};
use crate::{Resource, Resources};
use gridwright_engine::{PerSeat, Seat};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// Refresh choices: three kinds at four positions.
const REFRESHES: usize = 12;

/// Why a bribe input was refused; nothing is changed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BribeError {
    /// A payment of nothing.
    #[error("a bribe pays at least one resource")]
    EmptyPayment,
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
    #[error("condition index {index} is beyond the {count} conditions of a {seats}-player game")]
    NoSuchIndex {
        /// The index.
        index: usize,
        /// Conditions in the list.
        count: usize,
        /// Players.
        seats: usize,
    },
    /// Text that is not an offer or a payment.
    #[error(
        "cannot read {text:?} as a bribe: {why} (e.g. \"5 green, 2 red if card 1 and refresh pair 3\")"
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

/// What an offer asks of the Master (or a transfer's note says it is for): never empty.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
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

    /// How many conditions an `seats`-player game has: no card or one of the `seats` cards,
    /// with no refresh or one of the twelve, not both absent: `(seats + 1) · 13 − 1`. 38 for
    /// two players, 51 for three, 64 for four.
    pub fn count(seats: usize) -> usize {
        if seats < 2 {
            return 0;
        }
        (seats + 1) * (REFRESHES + 1) - 1
    }

    /// This condition's flat index in `0..count(seats)`.
    ///
    /// # Errors
    /// [`BribeError::NoSuchCard`] if it names a card not in the game.
    pub fn index(self, seats: usize) -> Result<usize, BribeError> {
        let card = match self.card() {
            None => 0,
            Some(c) => match check_card(c, seats)? {
                OrderCard::Number(n) => usize::from(n),
                OrderCard::Master => seats,
            },
        };
        let refresh = match self {
            Condition::Card(_) => 0,
            Condition::Refresh(r) | Condition::Both(_, r) => r.index() + 1,
        };
        Ok(card * (REFRESHES + 1) + refresh - 1)
    }

    /// The condition at flat index `index`.
    ///
    /// # Errors
    /// [`BribeError::NoSuchIndex`] beyond [`Condition::count`].
    pub fn from_index(index: usize, seats: usize) -> Result<Condition, BribeError> {
        let count = Self::count(seats);
        let beyond = BribeError::NoSuchIndex {
            index,
            count,
            seats,
        };
        if index >= count {
            return Err(beyond);
        }
        let i = index + 1;
        let (card, refresh) = (i / (REFRESHES + 1), i % (REFRESHES + 1));
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
        match (card, refresh) {
            (Some(c), None) => Ok(Condition::Card(c)),
            (None, Some(r)) => Ok(Condition::Refresh(r)),
            (Some(c), Some(r)) => Ok(Condition::Both(c, r)),
            (None, None) => Err(beyond),
        }
    }

    /// Every condition of an `seats`-player game, in index order.
    pub fn all(seats: usize) -> Vec<Condition> {
        (0..Self::count(seats))
            .filter_map(|i| Self::from_index(i, seats).ok())
            .collect()
    }

    /// Checks the condition for an `seats`-player game.
    ///
    /// # Errors
    /// [`BribeError::NoSuchCard`].
    pub fn check(self, seats: usize) -> Result<Condition, BribeError> {
        if let Some(c) = self.card() {
            check_card(c, seats)?;
        }
        Ok(self)
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

impl FromStr for Condition {
    type Err = BribeError;

    /// Reads `card 1`, `refresh module 4`, `card master and refresh pair 2` (words
    /// case-insensitive, spaces free).
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let lower = text.to_ascii_lowercase();
        let words: Vec<&str> = lower.split_whitespace().collect();
        parse_condition(&words).map_err(|why| BribeError::Parse {
            text: text.to_owned(),
            why,
        })
    }
}

fn parse_condition(words: &[&str]) -> Result<Condition, &'static str> {
    if words.is_empty() {
        return Err("missing condition");
    }
    let mut card = None;
    let mut refresh = None;
    for part in words.split(|w| *w == "and") {
        match part {
            ["card", c] if card.is_none() => {
                card = Some(if *c == "master" {
                    OrderCard::Master
                } else {
                    match c.parse::<u8>() {
                        Ok(n) if n >= 1 => OrderCard::Number(n),
                        _ => return Err("a card is a number from 1 or \"master\""),
                    }
                });
            }
            ["refresh", kind, pos] if refresh.is_none() => {
                let kind = RefreshKind::ALL
                    .into_iter()
                    .find(|k| k.word() == *kind)
                    .ok_or("refresh pair, directive or module")?;
                let position = pos
                    .parse::<u8>()
                    .ok()
                    .and_then(|n| Position::try_from(n).ok())
                    .ok_or("a position is 1 to 4")?;
                refresh = Some(RefreshChoice { kind, position });
            }
            _ => {
                return Err(
                    "a condition is \"card N\", \"refresh KIND P\" or both joined by \"and\"",
                );
            }
        }
    }
    match (card, refresh) {
        (Some(c), None) => Ok(Condition::Card(c)),
        (None, Some(r)) => Ok(Condition::Refresh(r)),
        (Some(c), Some(r)) => Ok(Condition::Both(c, r)),
        (None, None) => Err("missing condition"),
    }
}

/// What a bribe pays: any non-empty amount of any of the four resources (§7 phase 1 step 5:
/// "resources shown on Storage Cards"), with no bound but what the payer holds, which the game
/// checks when the bribe is built. Text form `2 blue, 5 green` (the resources paid, in storage
/// card order).
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(type = "Resources"))]
#[serde(try_from = "Resources", into = "Resources")]
pub struct Payment(Resources);

impl Payment {
    /// A payment of `resources`.
    ///
    /// # Errors
    /// [`BribeError::EmptyPayment`] if it pays nothing.
    pub fn new(resources: Resources) -> Result<Payment, BribeError> {
        if resources == Resources::ZERO {
            Err(BribeError::EmptyPayment)
        } else {
            Ok(Payment(resources))
        }
    }

    /// A payment of `amount` of one resource.
    ///
    /// # Errors
    /// [`BribeError::EmptyPayment`] if `amount` is 0.
    pub fn of(resource: Resource, amount: u16) -> Result<Payment, BribeError> {
        Payment::new(Resources::only(resource, amount))
    }

    /// As a resource amount.
    pub const fn as_resources(self) -> Resources {
        self.0
    }

    /// The amount of `resource` paid.
    pub const fn get(self, resource: Resource) -> u16 {
        self.0.get(resource)
    }
}

impl TryFrom<Resources> for Payment {
    type Error = BribeError;
    fn try_from(r: Resources) -> Result<Self, Self::Error> {
        Payment::new(r)
    }
}

impl From<Payment> for Resources {
    fn from(p: Payment) -> Resources {
        p.0
    }
}

impl fmt::Display for Payment {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut first = true;
        for r in Resource::ALL {
            let n = self.0.get(r);
            if n > 0 {
                if !first {
                    f.write_str(", ")?;
                }
                first = false;
                write!(f, "{n} {r}")?;
            }
        }
        Ok(())
    }
}

fn parse_payment(words: &[&str]) -> Result<Payment, &'static str> {
    // Amounts and colours, separated by spaces, commas or "and".
    let words: Vec<&str> = words
        .iter()
        .flat_map(|w| w.split(','))
        .filter(|w| !w.is_empty() && *w != "and")
        .collect();
    if words.is_empty() || words.len() % 2 != 0 {
        return Err("the payment is one or more amounts, each with its colour");
    }
    let mut paid = [0u16; 4];
    for pair in words.chunks(2) {
        let [amount, colour] = pair else {
            return Err("the payment is one or more amounts, each with its colour");
        };
        let amount: u16 = amount
            .parse()
            .map_err(|_| "an amount is a whole number from 1 to 65535")?;
        if amount == 0 {
            return Err("an amount is at least 1");
        }
        let r = Resource::parse(colour).ok_or("unknown resource colour")?;
        if paid[r.index()] > 0 {
            return Err("a colour is named twice");
        }
        paid[r.index()] = amount;
    }
    Payment::new(Resources::new(paid[0], paid[1], paid[2], paid[3]))
        .map_err(|_| "a bribe pays at least one resource")
}

impl FromStr for Payment {
    type Err = BribeError;

    /// Reads `5 green, 2 red`, `2 red and 5 green`, `3 orange` (words case-insensitive).
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let lower = text.to_ascii_lowercase();
        let words: Vec<&str> = lower.split_whitespace().collect();
        parse_payment(&words).map_err(|why| BribeError::Parse {
            text: text.to_owned(),
            why,
        })
    }
}

/// An offer's terms, without the payer (the seat making the offer): text form
/// `2 red, 5 green if card 1 and refresh pair 3`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct OfferTerms {
    /// What the payer pays the Master.
    pub payment: Payment,
    /// On what condition.
    pub condition: Condition,
}

impl OfferTerms {
    /// Checks the terms for an `seats`-player game.
    ///
    /// # Errors
    /// [`BribeError::NoSuchCard`].
    pub fn check(self, seats: usize) -> Result<OfferTerms, BribeError> {
        self.condition.check(seats)?;
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

    /// Reads `2 red if card 1`, `1 blue, 4 green if refresh module 4`,
    /// `3 green and 1 orange if card master and refresh pair 2` (words case-insensitive,
    /// spaces free).
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
        let payment = parse_payment(head).map_err(bad)?;
        let condition = parse_condition(tail).map_err(bad)?;
        Ok(OfferTerms { payment, condition })
    }
}

/// The payments a player holding `held` may make to the Master (§7 phase 1 step 5: "resources
/// shown on Storage Cards", issue 20.7): any non-empty amount of any of the four resources,
/// each up to what it holds, and nothing bounded by a constant. Both bribe forms (a binding
/// offer and an immediate transfer) draw their payments from it.
///
/// The space is enumerable with a flat index (mixed radix over blue, orange, red, green:
/// `count = Π (held + 1) − 1`), but it grows as the product of the holdings, so the offer
/// window never lists its payments whole: a bribe is built one resource unit at a time
/// ([`PaymentSpace::can_add`]: at most four choices per step), then finished.
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

    /// Whether one more unit of `resource` may join the bribe `so_far` (still within what is
    /// held).
    pub fn can_add(&self, so_far: Resources, resource: Resource) -> bool {
        so_far.get(resource) < self.held.get(resource)
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

/// An open offer: its payer and terms. Text form `P2: 2 red, 5 green if card 1`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
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
/// note binds nobody and nothing is refunded. Text form `P2 pays 2 red, 5 green for card 1`.
///
/// [`BribeRule`]: crate::BribeRule
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
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
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct MasterDecision {
    /// The refresh taken.
    pub refresh: Option<RefreshChoice>,
    /// Each seat's order card.
    pub cards: PerSeat<OrderCard>,
}

/// The open offers of one Master's decision: at most one per player other than the Master.
#[derive(Clone, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
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
}

/// What became of an open offer when the Master committed.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Settlement {
    /// The condition held and the payer paid the Master.
    Paid,
    /// The condition did not hold.
    ConditionFailed,
    /// The condition held but the payer no longer had the payment.
    CannotPay {
        /// What the payer had.
        had: Resources,
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
                    had: after.get(offer.payer).copied().unwrap_or(Resources::ZERO),
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
        assert_eq!(t.payment, Payment::of(Resource::Red, 2).unwrap());
        assert_eq!(
            t.condition,
            Condition::Both(OrderCard::Number(1), refresh(RefreshKind::Pair, 3))
        );
        assert_eq!(t.to_string(), "2 red if card 1 and refresh pair 3");
        assert_eq!(
            terms("  1 Blue IF refresh module 4").to_string(),
            "1 blue if refresh module 4"
        );
        // Several resources, any amounts, in any order and with commas or "and".
        let many = terms("5 green and 2 red, 1 blue if card master");
        assert_eq!(many.payment.as_resources(), Resources::new(1, 0, 2, 5));
        assert_eq!(many.to_string(), "1 blue, 2 red, 5 green if card master");
        assert_eq!(many.to_string().parse::<OfferTerms>(), Ok(many));
        let o: Offer = "P3: 30 green if card master".parse().unwrap();
        assert_eq!(o.payer, p(2));
        assert_eq!(o.to_string(), "P3: 30 green if card master");
        assert_eq!(
            "2 red, 5 green".parse::<Payment>().unwrap().to_string(),
            "2 red, 5 green"
        );
    }

    /// Hostile text is refused with a reason naming what is wrong, never a panic.
    #[test]
    fn bribe_text_refuses_hostile_input_naming_what_is_wrong() {
        for (text, why) in [
            ("2 red card 1", "missing \"if\""),
            ("0 red if card 1", "at least 1"),
            ("65536 red if card 1", "65535"),
            ("-1 red if card 1", "whole number"),
            ("2 purple if card 1", "colour"),
            ("2 red, 3 red if card 1", "named twice"),
            ("2 red 3 if card 1", "each with its colour"),
            (" if card 1", "each with its colour"),
            ("2 red if", "missing condition"),
            ("2 red if card 0", "a card is"),
            ("2 red if refresh pair 5", "1 to 4"),
            ("2 red if refresh loop 1", "pair, directive or module"),
            ("2 red if card 1 and card 2", "a condition is"),
            ("2 red if if card 1", "a condition is"),
        ] {
            let err = text.parse::<OfferTerms>().unwrap_err().to_string();
            assert!(err.contains(why), "{text}: {err}");
            assert!(
                err.contains(text),
                "{text}: the error names the text: {err}"
            );
        }
        for (text, why) in [
            ("", "each with its colour"),
            ("and", "each with its colour"),
            ("3", "each with its colour"),
            ("0 green", "at least 1"),
            ("9999999999 green", "65535"),
        ] {
            let err = text.parse::<Payment>().unwrap_err().to_string();
            assert!(err.contains(why), "{text:?}: {err}");
        }
        assert!("Px: 1 red if card 1".parse::<Offer>().is_err());
        assert!("1 red if card 1".parse::<Offer>().is_err());
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

    /// No constant caps a bribe (issue 20.7): a payment is any non-empty amount.
    #[test]
    fn a_payment_is_any_non_empty_amount_with_no_constant_cap() {
        assert_eq!(Payment::new(Resources::ZERO), Err(BribeError::EmptyPayment));
        assert_eq!(
            Payment::of(Resource::Orange, 0),
            Err(BribeError::EmptyPayment)
        );
        let big = Payment::new(Resources::new(4, 44, 400, 4000)).unwrap();
        assert_eq!(big.to_string(), "4 blue, 44 orange, 400 red, 4000 green");
        assert_eq!(big.get(Resource::Green), 4000);
    }

    #[test]
    fn conditions_are_finite_and_indexed_for_every_player_count() {
        for (seats, count) in [(2, 38), (3, 51), (4, 64)] {
            let all = Condition::all(seats);
            assert_eq!(all.len(), count);
            assert_eq!(Condition::count(seats), count);
            for (i, c) in all.iter().enumerate() {
                assert_eq!(c.index(seats), Ok(i));
                assert_eq!(c.check(seats), Ok(*c));
                assert_eq!(c.to_string().parse::<Condition>().as_ref(), Ok(c));
            }
            let mut sorted = all.clone();
            sorted.sort();
            sorted.dedup();
            assert_eq!(sorted.len(), count, "no condition twice");
            assert!(Condition::from_index(count, seats).is_err());
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
        assert!(t.condition.index(3).is_err());
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
                Settlement::CannotPay {
                    had: Resources::new(0, 1, 0, 0)
                },
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
