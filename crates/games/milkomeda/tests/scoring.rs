//! Invariants of scoring and rank-based returns for two to four seats.

use gridwright_engine::{PerSeat, Seat};
use gridwright_milkomeda::Resources;
use gridwright_milkomeda::rules::scoring::{Holdings, returns, scores, winners};
use proptest::prelude::*;

fn holdings() -> impl Strategy<Value = Holdings> {
    (
        0u32..12,
        proptest::array::uniform4(0u8..=1),
        0u32..26,
        proptest::array::uniform4(0u16..6),
        0u32..20,
    )
        .prop_map(|(sectors, structures, fleets, s, objectives)| Holdings {
            controlled_sectors: sectors,
            structures,
            fleets_on_map: fleets,
            storage: Resources::new(s[0], s[1], s[2], s[3]),
            objective_points: objectives,
        })
}

proptest! {
    #[test]
    fn returns_are_in_range_sum_to_zero_and_follow_the_standing(
        h in (2usize..=4).prop_flat_map(|n| proptest::collection::vec(holdings(), n))
    ) {
        let s = scores(&PerSeat::from(h), None);
        let r = returns(&s);
        prop_assert!(r.as_slice().iter().all(|v| (-1.0..=1.0).contains(v)));
        prop_assert!(r.as_slice().iter().sum::<f64>().abs() < 1e-9);
        for a in Seat::all(s.len()) {
            for b in Seat::all(s.len()) {
                let (sa, sb) = (s[a].standing, s[b].standing);
                prop_assert_eq!(sa.cmp(&sb), r[a].partial_cmp(&r[b]).unwrap());
            }
        }
        let w = winners(&s);
        prop_assert!(!w.is_empty());
        prop_assert!(w.iter().all(|seat| r[*seat] == r.as_slice().iter().copied().fold(f64::MIN, f64::max)));
    }

    #[test]
    fn points_are_the_sum_of_the_items(h in holdings()) {
        let s = scores(&PerSeat::from(vec![h]), None)[Seat::new(0)];
        prop_assert_eq!(
            s.standing.points,
            s.grid_bonus + s.sectors + s.structures + s.fleets + s.orange + s.objectives
        );
    }
}
