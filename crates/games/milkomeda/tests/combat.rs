//! Invariants of Vector Command over random battles.

use gridwright_engine::dice::Ratio;
use gridwright_engine::{PerSeat, Seat};
use gridwright_milkomeda::rules::combat::{
    Battle, MAX_DICE, Marks, NODE_CAP, Roster, RoundCheck, ShipType, success_distribution,
};
use proptest::prelude::*;

fn roster() -> impl Strategy<Value = Roster> {
    proptest::array::uniform5(0u8..=5).prop_map(|c| Roster::new(c).unwrap_or(Roster::EMPTY))
}

fn battle() -> impl Strategy<Value = Battle> {
    (2usize..=4)
        .prop_flat_map(|n| proptest::collection::vec(roster(), n))
        .prop_map(|v| Battle::new(PerSeat::from(v)))
}

proptest! {
    #[test]
    fn dice_never_exceed_the_node_cap_per_occupied_node(b in battle()) {
        for seat in Seat::all(b.seats()) {
            let nodes = b.roster(seat).unwrap().present().count() as u8;
            let dice = b.dice(seat);
            prop_assert!(dice <= nodes * NODE_CAP);
            prop_assert!(dice <= MAX_DICE);
        }
    }

    #[test]
    fn a_seat_earns_dice_exactly_when_it_has_a_valid_target(b in battle()) {
        for seat in Seat::all(b.seats()) {
            let any = b.reachable_targets(seat).contains(&true);
            prop_assert_eq!(b.dice(seat) > 0, any);
        }
    }

    #[test]
    fn every_listed_allocation_is_valid(b in battle(), hits in 0u8..=4) {
        for seat in Seat::all(b.seats()) {
            for a in b.allocations(seat, hits) {
                prop_assert_eq!(b.check_allocation(seat, hits, a), Ok(()));
            }
        }
    }

    #[test]
    fn casualties_never_exceed_the_ships_present(b in battle(), picks in proptest::collection::vec((0u8..4, 0u8..4, 0usize..5), 0..20)) {
        let mut marks = Marks::new(&b);
        let n = b.seats() as u8;
        for (m, t, s) in picks {
            // Refused marks leave the marks unchanged; accepted ones are counted.
            let _ = marks.mark(&b, Seat::new(m % n), Seat::new(t % n), ShipType::ALL[s]);
        }
        let (after, losses) = b.resolve_casualties(&marks);
        for seat in Seat::all(b.seats()) {
            let before = b.roster(seat).unwrap();
            let left = after.roster(seat).unwrap();
            let lost = losses[seat];
            for ship in ShipType::ALL {
                prop_assert!(lost.count(ship) <= before.count(ship));
                prop_assert_eq!(left.count(ship) + lost.count(ship), before.count(ship));
            }
        }
    }

    #[test]
    fn a_round_is_due_only_when_two_seats_have_ships_and_someone_rolls(b in battle()) {
        let rolls = Seat::all(b.seats()).any(|s| b.dice(s) > 0);
        match b.round_check() {
            RoundCheck::NextRound => prop_assert!(b.participants().len() >= 2 && rolls),
            RoundCheck::Stalemate(left) => prop_assert!(left.len() >= 2 && !rolls),
            RoundCheck::Won(_) => prop_assert_eq!(b.participants().len(), 1),
            RoundCheck::Annihilation => prop_assert!(b.participants().is_empty()),
        }
    }

    #[test]
    fn success_odds_sum_to_one_with_a_third_per_die(dice in 0u8..=MAX_DICE) {
        let d = success_distribution(dice);
        prop_assert_eq!(d.total(), Ratio::ONE);
        prop_assert_eq!(d.expected(), Ratio::new(i128::from(dice), 3));
    }

    #[test]
    fn round_odds_are_exact_and_never_beat_the_hits(b in battle()) {
        let (a, c) = (Seat::new(0), Seat::new(1));
        let round = b.duel_round(a, c);
        prop_assert_eq!(round.total(), Ratio::ONE);
        let kills = b.kill_distribution(a);
        prop_assert!(kills.expected() <= Ratio::new(i128::from(b.dice(a)), 3));
        let enemy_ships: u8 = Seat::all(b.seats()).filter(|s| *s != a).map(|s| b.roster(s).unwrap().total()).sum();
        prop_assert!(kills.iter().all(|(k, _)| *k <= enemy_ships));
    }

    #[test]
    fn roster_text_round_trips_and_any_text_is_safe(r in roster(), text in "\\PC{0,30}") {
        prop_assert_eq!(r.to_string().parse::<Roster>(), Ok(r));
        let _ = text.parse::<Roster>();
    }
}
