//! Move range and destinations (rulebook §8.B; *decisions* for the Void Navigators' base range).
//!
//! Fleets move from up to two controlled origins to explored sectors within range. The range is
//! the base range (1, or 2 for the Void Navigators), plus one per blue spent on the Logistic
//! boost, plus one from a sector with the player's active Hypergate. The path runs through
//! explored sectors; opponents' fleets on the way change nothing.

use super::civilizations::{BASE_MOVE_RANGE, Civilization};
use super::map::{Map, Space};

/// The most origins one Move action uses (§8.B).
pub const MAX_ORIGINS: usize = 2;

/// The range of a move from one origin (§8.B).
pub fn move_range(civilization: Option<Civilization>, blue_spent: u8, from_hypergate: bool) -> u8 {
    let base = civilization.map_or(BASE_MOVE_RANGE, |c| c.abilities().move_base_range);
    base.saturating_add(blue_spent)
        .saturating_add(u8::from(from_hypergate))
}

/// The explored sectors a fleet at `origin` can reach with `range`, through explored sectors,
/// sorted (the origin itself excluded).
pub fn move_destinations(map: &Map, origin: Space, range: u8) -> Vec<Space> {
    map.explored_distances(origin, range)
        .into_iter()
        .filter(|(_, d)| *d > 0)
        .map(|(s, _)| s)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::map::GridSize;
    use crate::test_support::place_cards;

    #[test]
    fn move_range_is_one_plus_blue_plus_hypergate() {
        assert_eq!(move_range(None, 0, false), 1);
        assert_eq!(move_range(None, 2, false), 3);
        assert_eq!(move_range(None, 2, true), 4);
        assert_eq!(move_range(Some(Civilization::VoidNavigators), 0, false), 2);
        assert_eq!(move_range(Some(Civilization::HelixCultivators), 0, true), 2);
    }

    #[test]
    fn moves_reach_explored_sectors_through_explored_sectors() {
        let size = GridSize::new(4, 4).unwrap();
        let mut map = Map::with_homeworlds(size, 2).unwrap();
        let at = |c, r| size.space(c, r).unwrap();
        // A line c2r1, c3r1 and a lone c1r3 (reachable only across the unexplored c1r2).
        place_cards(&mut map, [(1, 0), (2, 0), (0, 2)].map(|(c, r)| at(c, r)));
        assert_eq!(move_destinations(&map, at(0, 0), 1), vec![at(1, 0)]);
        assert_eq!(
            move_destinations(&map, at(0, 0), 5),
            vec![at(1, 0), at(2, 0)]
        );
    }
}
