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

/// The most blue a move may spend on the Logistic boost (§8.B): what the player holds, and no
/// more than reaches anything new on a grid of `spaces` card spaces (a path through explored
/// sectors is at most `spaces − 1` steps long, and the base range is at least 1, so a larger
/// boost reaches the same sectors and only throws blue away). The seed sets no other bound
/// (item 57).
pub fn boost_limit(blue: u16, spaces: usize) -> u8 {
    let useful = spaces.saturating_sub(2);
    u8::try_from(useful.min(usize::from(blue))).unwrap_or(u8::MAX)
}

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
    fn the_logistic_boost_is_bounded_by_the_blue_held_and_the_grid() {
        assert_eq!(boost_limit(12, 81), 12);
        // On a 9 × 9 grid no explored path is longer than 80 steps: range 1 + 79 reaches all.
        assert_eq!(boost_limit(500, 81), 79);
    }

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
