//! Control always follows the fleet counts and the tiebreak.

use gridwright_engine::{PerSeat, Seat};
use gridwright_milkomeda::rules::control::controller;
use proptest::prelude::*;

proptest! {
    #[test]
    fn control_follows_the_fleet_counts_and_tiebreak(
        counts in (2usize..=4).prop_flat_map(|n| proptest::collection::vec(0u8..4, n)),
        previous in proptest::option::of(0u8..4),
    ) {
        let n = counts.len();
        let previous = previous.map(|p| Seat::new(p % n as u8));
        let fleets = PerSeat::from(counts.clone());
        let most = *counts.iter().max().unwrap();
        let tied: Vec<Seat> = Seat::all(n).filter(|s| fleets[*s] == most).collect();
        match controller(&fleets, previous) {
            Some(c) => {
                prop_assert_eq!(fleets[c], most, "the controller has the most fleets");
                prop_assert!(tied.len() == 1 || Some(c) == previous);
            }
            None => {
                prop_assert!(tied.len() > 1);
                prop_assert!(previous.is_none_or(|p| !tied.contains(&p)));
            }
        }
    }
}
