//! Invariants of the sector map over random grids.

use gridwright_milkomeda::rules::explore::{Probe, check_placement, placement_targets};
use gridwright_milkomeda::rules::map::{GridSize, Map, Rotation, SectorRef, Space, Tile};
use proptest::prelude::*;

/// A 6 × 6 map with the given spaces explored, a probe from the first explored one, and a
/// chain of explored spaces (cards placed earlier in the same explore).
fn map() -> impl Strategy<Value = (Map, Option<Probe>, Vec<Space>)> {
    (
        proptest::collection::vec((0u8..6, 0u8..6, 0usize..4), 1..20),
        any::<bool>(),
        proptest::collection::vec((0u8..6, 0u8..6), 0..3),
    )
        .prop_map(|(cards, hypergate, chain)| {
            let size = GridSize::new(6, 6).unwrap();
            let mut m = Map::new(size);
            for (i, (c, r, rot)) in cards.iter().enumerate() {
                let tile = Tile {
                    sector: SectorRef::Card(gridwright_milkomeda::SectorId(i as u8)),
                    rotation: Rotation::ALL[*rot],
                };
                let _ = m.place(size.space(*c, *r).unwrap(), tile);
            }
            let probe = m
                .tiles()
                .next()
                .map(|(origin, _)| Probe { origin, hypergate });
            let chain = chain
                .into_iter()
                .map(|(c, r)| size.space(c, r).unwrap())
                .filter(|s| m.is_explored(*s))
                .collect();
            (m, probe, chain)
        })
}

proptest! {
    #[test]
    fn placement_targets_are_empty_spaces_within_probe_or_chain_reach((m, probe, chain) in map()) {
        let probes: Vec<Probe> = probe.into_iter().collect();
        let targets = placement_targets(&m, &probes, &chain).unwrap();
        let size = m.size();
        for t in &targets {
            prop_assert!(!m.is_explored(*t));
            let near_origin = probes.iter().any(|p| p.origin.manhattan(*t) == 1);
            let near_chain = chain.iter().any(|c| c.manhattan(*t) == 1);
            let via_gate = probes.iter().any(|p| {
                p.hypergate
                    && size
                        .neighbors(p.origin)
                        .any(|mid| m.is_explored(mid) && mid.manhattan(*t) == 1)
            });
            prop_assert!(near_origin || near_chain || via_gate, "{t} unreachable");
            prop_assert_eq!(check_placement(&m, *t, &probes, &chain), Ok(()));
        }
        // Every empty neighbour of an origin or chain card is offered.
        for s in probes.iter().map(|p| p.origin).chain(chain.iter().copied()) {
            for n in size.neighbors(s) {
                prop_assert_eq!(targets.contains(&n), !m.is_explored(n));
            }
        }
    }

    #[test]
    fn explored_distances_never_beat_the_straight_count((m, probe, _) in map()) {
        if let Some(p) = probe {
            for (s, d) in m.explored_distances(p.origin, 40) {
                prop_assert!(m.is_explored(s));
                prop_assert!(d >= p.origin.manhattan(s));
            }
        }
    }
}
