//! Order cards and turn order (rulebook §7 phase 1, §7 phase 3; team decisions on order cards).
//!
//! With N players the order cards are the numbers 1 to N−1 and the Master card (*decisions*).
//! Each round every seat holds one card: lower numbers act first and the Master card acts last
//! ([`turn_order`]). Its holder is the next round's Master of the Order ([`master_of`]).
//!
//! - First round: the cards are shuffled and dealt one each ([`first_round_deal`]).
//! - Later rounds: the Master draws [`master_looks`] numbered cards and reveals them to every
//!   player (§7 phase 1 step 4); the rest stay face down, seen by no one until the reveal. The Master gives out the cards it knows (the ones it drew and the Master
//!   card), and the seats left over receive the face-down cards ([`complete_deal`]).

use gridwright_engine::{PerSeat, Rng, Seat};
use serde::{Deserialize, Serialize};
use std::fmt;

/// An order card.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum OrderCard {
    /// A numbered card; lower acts first.
    Number(u8),
    /// The Master card: acts last, and its holder is the next Master of the Order.
    Master,
}

impl OrderCard {
    /// The cards of an `seats`-player game, in turn order (numbers, then the Master card).
    pub fn all(seats: usize) -> impl Iterator<Item = OrderCard> + Clone {
        let last = seats.saturating_sub(1).min(usize::from(u8::MAX)) as u8;
        (1..=last)
            .map(OrderCard::Number)
            .chain(std::iter::once(OrderCard::Master))
    }

    /// Whether the card is in an `seats`-player game.
    pub fn is_in(self, seats: usize) -> bool {
        match self {
            OrderCard::Number(n) => n >= 1 && usize::from(n) < seats,
            OrderCard::Master => true,
        }
    }
}

impl fmt::Display for OrderCard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OrderCard::Number(n) => write!(f, "{n}"),
            OrderCard::Master => f.write_str("master"),
        }
    }
}

/// Why a deal of order cards was refused; nothing is changed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum OrderError {
    /// A card that is not in the game.
    #[error("order card {card} is not in a {seats}-player game")]
    NoSuchCard {
        /// The card.
        card: OrderCard,
        /// Players.
        seats: usize,
    },
    /// A card given twice.
    #[error("order card {card} is given twice")]
    CardTwice {
        /// The card.
        card: OrderCard,
    },
    /// A seat given two cards.
    #[error("{seat} is given two order cards")]
    SeatTwice {
        /// The seat.
        seat: Seat,
    },
    /// A seat outside the game.
    #[error("{seat} is not a seat of this {seats}-player game")]
    NoSuchSeat {
        /// The seat.
        seat: Seat,
        /// Players.
        seats: usize,
    },
    /// The known and face-down cards do not cover every seat exactly once.
    #[error("{cards} order cards for {seats} players")]
    WrongCount {
        /// Cards given.
        cards: usize,
        /// Players.
        seats: usize,
    },
}

/// How many numbered cards the Master draws and reveals (§7 phase 1 step 4: two, or fewer when
/// the game has fewer numbered cards — one in a two-player game).
pub fn master_looks(seats: usize) -> usize {
    seats.saturating_sub(1).min(2)
}

/// The round's turn order from everyone's card: lowest number first, the Master card last.
///
/// # Errors
/// [`OrderError::NoSuchCard`] or [`OrderError::CardTwice`] unless every card of the game is
/// held exactly once.
pub fn turn_order(cards: &PerSeat<OrderCard>) -> Result<Vec<Seat>, OrderError> {
    let seats = cards.len();
    let mut seen: Vec<OrderCard> = Vec::with_capacity(seats);
    for (_, card) in cards.iter() {
        if !card.is_in(seats) {
            return Err(OrderError::NoSuchCard { card: *card, seats });
        }
        if seen.contains(card) {
            return Err(OrderError::CardTwice { card: *card });
        }
        seen.push(*card);
    }
    let mut order: Vec<(OrderCard, Seat)> = cards.iter().map(|(s, c)| (*c, s)).collect();
    order.sort();
    Ok(order.into_iter().map(|(_, s)| s).collect())
}

/// The seat holding the Master card: it acts last this round and is the next Master.
pub fn master_of(cards: &PerSeat<OrderCard>) -> Option<Seat> {
    cards
        .iter()
        .find(|(_, c)| **c == OrderCard::Master)
        .map(|(s, _)| s)
}

/// The first round's deal (§7 phase 1): the cards shuffled, one to each seat in seat order.
pub fn first_round_deal(seats: usize, rng: &mut Rng) -> PerSeat<OrderCard> {
    let mut cards: Vec<OrderCard> = OrderCard::all(seats).collect();
    rng.shuffle(&mut cards);
    PerSeat::from(cards)
}

/// A later round's final deal: the Master's choices for the cards it knows (`known`: the
/// Master card and the numbered cards it drew, each to a seat), and the face-down cards
/// (`face_down`, in their shuffled order) going to the seats left, in seat order. The Master
/// never sees which face-down card goes where.
///
/// # Errors
/// An [`OrderError`] unless the result gives every card of the game to exactly one seat.
pub fn complete_deal(
    seats: usize,
    known: &[(Seat, OrderCard)],
    face_down: &[OrderCard],
) -> Result<PerSeat<OrderCard>, OrderError> {
    if known.len() + face_down.len() != seats {
        return Err(OrderError::WrongCount {
            cards: known.len() + face_down.len(),
            seats,
        });
    }
    let mut dealt: Vec<Option<OrderCard>> = vec![None; seats];
    for &(seat, card) in known {
        let slot = dealt
            .get_mut(seat.index())
            .ok_or(OrderError::NoSuchSeat { seat, seats })?;
        if slot.is_some() {
            return Err(OrderError::SeatTwice { seat });
        }
        *slot = Some(card);
    }
    let mut hidden = face_down.iter();
    let cards: Vec<OrderCard> = dealt
        .into_iter()
        .map(|c| c.or_else(|| hidden.next().copied()))
        .collect::<Option<Vec<_>>>()
        .ok_or(OrderError::WrongCount {
            cards: known.len() + face_down.len(),
            seats,
        })?;
    let cards = PerSeat::from(cards);
    turn_order(&cards)?;
    Ok(cards)
}

#[cfg(test)]
mod tests {
    use super::*;
    use OrderCard::{Master, Number};

    fn p(i: u8) -> Seat {
        Seat::new(i)
    }

    #[test]
    fn order_cards_are_numbers_below_the_player_count_and_the_master() {
        assert_eq!(
            OrderCard::all(4).collect::<Vec<_>>(),
            vec![Number(1), Number(2), Number(3), Master]
        );
        assert_eq!(
            OrderCard::all(2).collect::<Vec<_>>(),
            vec![Number(1), Master]
        );
        assert!(!Number(2).is_in(2));
        assert!(!Number(0).is_in(4));
    }

    #[test]
    fn lowest_number_acts_first_and_the_master_card_last() {
        let cards = PerSeat::from(vec![Master, Number(3), Number(1), Number(2)]);
        assert_eq!(turn_order(&cards), Ok(vec![p(2), p(3), p(1), p(0)]));
        assert_eq!(master_of(&cards), Some(p(0)));
    }

    #[test]
    fn every_card_is_held_exactly_once() {
        assert_eq!(
            turn_order(&PerSeat::from(vec![Number(1), Number(1), Master])),
            Err(OrderError::CardTwice { card: Number(1) })
        );
        assert_eq!(
            turn_order(&PerSeat::from(vec![Number(2), Master])),
            Err(OrderError::NoSuchCard {
                card: Number(2),
                seats: 2
            })
        );
    }

    #[test]
    fn the_master_looks_at_two_numbered_cards_or_fewer() {
        assert_eq!(master_looks(2), 1);
        assert_eq!(master_looks(3), 2);
        assert_eq!(master_looks(4), 2);
    }

    #[test]
    fn the_first_deal_gives_each_seat_one_card_reproducibly() {
        for seats in 2..=4 {
            let deal = first_round_deal(seats, &mut Rng::seed_from_u64(7));
            assert!(turn_order(&deal).is_ok());
            assert_eq!(deal, first_round_deal(seats, &mut Rng::seed_from_u64(7)));
        }
        // Over seeds, every seat sometimes gets the Master card.
        let holders: std::collections::BTreeSet<Seat> = (0..64)
            .filter_map(|s| master_of(&first_round_deal(4, &mut Rng::seed_from_u64(s))))
            .collect();
        assert_eq!(holders.len(), 4);
    }

    #[test]
    fn face_down_cards_go_to_the_seats_the_master_left() {
        // P2 is the Master; it saw 1 and 3, keeps 3, gives 1 to P4 and the Master card to P1.
        let known = [(p(1), Number(3)), (p(3), Number(1)), (p(0), Master)];
        let deal = complete_deal(4, &known, &[Number(2)]).unwrap();
        assert_eq!(deal.as_slice(), [Master, Number(3), Number(2), Number(1)]);
        assert_eq!(turn_order(&deal), Ok(vec![p(3), p(2), p(1), p(0)]));
    }

    #[test]
    fn a_deal_must_cover_every_seat_once() {
        assert_eq!(
            complete_deal(3, &[(p(0), Master)], &[Number(1)]),
            Err(OrderError::WrongCount { cards: 2, seats: 3 })
        );
        assert_eq!(
            complete_deal(2, &[(p(0), Master), (p(0), Number(1))], &[]),
            Err(OrderError::SeatTwice { seat: p(0) })
        );
        assert_eq!(
            complete_deal(2, &[(p(5), Master)], &[Number(1)]),
            Err(OrderError::NoSuchSeat {
                seat: p(5),
                seats: 2
            })
        );
        assert_eq!(
            complete_deal(2, &[(p(0), Master)], &[Master]),
            Err(OrderError::CardTwice { card: Master })
        );
    }
}
