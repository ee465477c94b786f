//! Invariants of bribe offers: the text parser takes any input without panicking, every listed
//! offer round-trips, and settling moves resources from payers to the Master without creating
//! or losing any.

use gridwright_engine::{PerSeat, Seat};
use gridwright_milkomeda::Resources;
use gridwright_milkomeda::rules::bribes::{
    Condition, MasterDecision, OfferTerms, OpenOffers, Payment, settle,
};
use gridwright_milkomeda::rules::orders::OrderCard;
use proptest::prelude::*;

proptest! {
    #[test]
    fn any_text_is_read_or_refused_without_panicking(text in "\\PC{0,40}") {
        if let Ok(t) = text.parse::<OfferTerms>() {
            prop_assert_eq!(t.to_string().parse::<OfferTerms>(), Ok(t));
        }
    }

    #[test]
    fn offer_like_text_is_read_or_refused_without_panicking(
        text in "[0-9]{1,6} (red|blue|green|orange|pink)(,? (and )?[0-9]{1,6} (red|blue|green|orange))* if (card [0-9m]{1,2}|refresh (pair|module|x) [0-9]{1,2})( and (card [0-9]|refresh pair [0-9]))?"
    ) {
        if let Ok(t) = text.parse::<OfferTerms>() {
            prop_assert_eq!(t.to_string().parse::<OfferTerms>(), Ok(t));
        }
        if let Ok(p) = text.split(" if ").next().unwrap_or("").parse::<Payment>() {
            prop_assert_eq!(p.to_string().parse::<Payment>(), Ok(p));
        }
    }

    #[test]
    fn settling_conserves_resources_and_never_goes_negative(
        seats in 2usize..=4,
        master in 0u8..4,
        picks in proptest::collection::vec((0u8..4, 0usize..64, proptest::array::uniform4(0u16..6)), 0..6),
        stores in proptest::collection::vec(proptest::array::uniform4(0u16..6), 4),
        deal in 0usize..24,
        refresh in 0usize..64,
    ) {
        let master = Seat::new(master % seats as u8);
        let mut open = OpenOffers::new(master, seats).unwrap();
        let count = Condition::count(seats);
        for (payer, i, amounts) in picks {
            let (Ok(condition), Ok(payment)) = (
                Condition::from_index(i % count, seats),
                Payment::new(Resources::new(amounts[0], amounts[1], amounts[2], amounts[3])),
            ) else {
                continue;
            };
            let _ = open.post(Seat::new(payer % seats as u8), OfferTerms { payment, condition });
        }
        // A deal of the order cards: rotate the card list by `deal`.
        let cards: Vec<OrderCard> = OrderCard::all(seats).collect();
        let decision = MasterDecision {
            refresh: match Condition::from_index(refresh % count, seats).unwrap() {
                Condition::Refresh(r)
                | Condition::Both(_, r) => Some(r),
                _ => None,
            },
            cards: PerSeat::from_fn(seats, |s| cards[(s.index() + deal) % seats]),
        };
        let storages = PerSeat::from_fn(seats, |s| {
            let v = stores[s.index()];
            Resources::new(v[0], v[1], v[2], v[3])
        });
        let (after, results) = settle(&open, &decision, &storages);
        prop_assert_eq!(results.len(), open.offers().count());
        let total = |p: &PerSeat<Resources>| p.iter().map(|(_, r)| r.total()).sum::<u32>();
        prop_assert_eq!(total(&after), total(&storages));
        for seat in Seat::all(seats) {
            if seat != master {
                prop_assert!(storages[seat].covers(after[seat]));
            }
        }
    }
}
