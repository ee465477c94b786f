//! Reach and costs of the Attack action (rulebook §8.D).
//!
//! - Attack Fleets: fleets from up to two controlled origins go into a target sector and
//!   combat follows (§9). A target is an orthogonally adjacent explored sector ("declare attack
//!   on adjacent sector"), never the origin itself; from a sector with the attacker's active
//!   Hypergate, any other explored sector joined to it by a path of explored sectors. The cost is one blue per sector boundary the attacking
//!   fleets cross, at least one ([`fleet_attack_cost`]).
//! - Attack Structure: with a Starlance, for two red and two blue, remove a structure from a
//!   sector next to the Starlance's sector ([`structure_attack_targets`]).
//!
//! Which targets hold opponents' fleets or structures is for the game state to check.

use super::map::{Map, Space};
use crate::Resources;

/// The cost of the Attack Structure option: two red and two blue (§8.D option 2).
pub const STRUCTURE_ATTACK_COST: Resources = Resources::new(2, 0, 2, 0);

/// The most origins one Attack Fleets option uses (§8.D option 1).
pub const MAX_ORIGINS: usize = 2;

/// The sectors fleets at `origin` can attack, each with the boundaries crossed to reach it
/// (at least 1), sorted by space: its explored neighbours, or, from a Hypergate sector, every
/// other explored sector joined to it through explored sectors (§8.D option 1: "declare
/// attack on adjacent sector"; the origin itself is no target).
pub fn fleet_attack_targets(map: &Map, origin: Space, hypergate: bool) -> Vec<(Space, u8)> {
    let reach = if hypergate { u8::MAX } else { 1 };
    let mut out = map.explored_distances(origin, reach);
    out.retain(|(_, d)| *d > 0);
    out
}

/// The blue an Attack Fleets option costs: one per boundary crossed by the fleets of each
/// origin (`boundaries`, one entry per origin), at least one (§8.D option 1).
pub fn fleet_attack_cost(boundaries: &[u8]) -> u16 {
    boundaries.iter().map(|b| u16::from(*b)).sum::<u16>().max(1)
}

/// The sectors a Starlance at `starlance` can strike: its explored orthogonal neighbours,
/// sorted (§8.D option 2: "adjacent sector").
pub fn structure_attack_targets(map: &Map, starlance: Space) -> Vec<Space> {
    if !map.size().contains(starlance) {
        return Vec::new();
    }
    let mut out: Vec<Space> = map
        .size()
        .neighbors(starlance)
        .filter(|s| map.is_explored(*s))
        .collect();
    out.sort();
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::map::GridSize;
    use crate::test_support::place_cards;

    fn line_map() -> (Map, impl Fn(u8, u8) -> Space) {
        let size = GridSize::new(5, 5).unwrap();
        let mut map = Map::with_homeworlds(size, 2).unwrap();
        let at = move |c, r| size.space(c, r).unwrap();
        place_cards(
            &mut map,
            [(1, 0), (2, 0), (3, 0), (0, 2)].map(|(c, r)| at(c, r)),
        );
        (map, at)
    }

    #[test]
    fn attack_fleets_targets_an_adjacent_sector_not_the_origin() {
        let (map, at) = line_map();
        // c2r1's explored neighbours: c1r1 (the homeworld) and c3r1; not c2r1 itself.
        assert_eq!(
            fleet_attack_targets(&map, at(1, 0), false),
            vec![(at(0, 0), 1), (at(2, 0), 1)]
        );
    }

    #[test]
    fn a_hypergate_attack_follows_explored_paths_at_their_length() {
        let (map, at) = line_map();
        let reach = fleet_attack_targets(&map, at(0, 0), true);
        assert_eq!(reach, vec![(at(1, 0), 1), (at(2, 0), 2), (at(3, 0), 3)]);
        // c1r3 is explored but only across the unexplored c1r2: out of reach.
        assert!(!reach.iter().any(|(s, _)| *s == at(0, 2)));
        assert_eq!(fleet_attack_cost(&[3]), 3);
    }

    #[test]
    fn fleet_attacks_cost_a_blue_per_boundary_and_at_least_one() {
        assert_eq!(fleet_attack_cost(&[1]), 1);
        assert_eq!(fleet_attack_cost(&[1, 1]), 2);
        assert_eq!(fleet_attack_cost(&[0]), 1);
        assert_eq!(fleet_attack_cost(&[]), 1);
    }

    #[test]
    fn a_starlance_strikes_adjacent_explored_sectors_for_two_red_and_two_blue() {
        let (map, at) = line_map();
        assert_eq!(
            structure_attack_targets(&map, at(1, 0)),
            vec![at(0, 0), at(2, 0)]
        );
        assert_eq!(STRUCTURE_ATTACK_COST, Resources::new(2, 0, 2, 0));
    }
}
