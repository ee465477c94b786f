//! Income at the start of a player's turn (rulebook §7 phase 2 step 1, §12 M-Brain).
//!
//! Every sector a player controls pays its values. A homeworld's values are 3 of each resource
//! ([`HOMEWORLD_VALUES`]). An M-Brain adds one resource of the player's choice for each
//! controlled sector next to the M-Brain's sector ([`mbrain_bonus`], [`bonus_choices`]).

use super::map::{Map, Space};
use crate::Resources;

/// What a homeworld pays each turn (§7 phase 2 step 1; the card data's homeworld values).
pub const HOMEWORLD_VALUES: Resources = Resources::new(3, 3, 3, 3);

/// The income of the controlled sectors whose values are given (homeworlds as
/// [`HOMEWORLD_VALUES`]).
pub fn sector_income(values: impl IntoIterator<Item = Resources>) -> Resources {
    values
        .into_iter()
        .fold(Resources::ZERO, Resources::saturating_add)
}

/// How many extra resources an M-Brain at `mbrain` gives: one per sector the player controls
/// (`controls`) orthogonally next to it. The M-Brain's own sector does not count. That the
/// M-Brain is active and its sector controlled is for the caller to check.
pub fn mbrain_bonus(map: &Map, mbrain: Space, controls: impl Fn(Space) -> bool) -> u8 {
    if !map.size().contains(mbrain) {
        return 0;
    }
    map.size()
        .neighbors(mbrain)
        .filter(|s| map.is_explored(*s) && controls(*s))
        .count() as u8
}

/// Every way to take `extra` resources of the player's choice, in increasing order:
/// `C(extra + 3, 3)` choices (35 for the most an M-Brain gives, four).
pub fn bonus_choices(extra: u8) -> Vec<Resources> {
    let n = u16::from(extra.min(4));
    let mut out = Vec::new();
    for blue in 0..=n {
        for orange in 0..=n - blue {
            for red in 0..=n - blue - orange {
                out.push(Resources::new(blue, orange, red, n - blue - orange - red));
            }
        }
    }
    out.sort();
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::map::GridSize;
    use crate::test_support::place_cards;

    #[test]
    fn controlled_sectors_pay_their_values_and_a_homeworld_three_of_each() {
        let income = sector_income([
            HOMEWORLD_VALUES,
            Resources::new(1, 0, 0, 0),
            Resources::new(0, 0, 1, 1),
        ]);
        assert_eq!(income, Resources::new(4, 3, 4, 4));
        assert_eq!(sector_income([]), Resources::ZERO);
    }

    #[test]
    fn mbrain_pays_one_per_controlled_neighbour() {
        let size = GridSize::new(3, 3).unwrap();
        let mut map = Map::new(size);
        let at = |c, r| size.space(c, r).unwrap();
        place_cards(
            &mut map,
            [(1, 1), (0, 1), (2, 1), (1, 0), (0, 0)].map(|(c, r)| at(c, r)),
        );
        // Controls the centre, left, top and the corner; right belongs to someone else.
        let mine = |s: Space| [at(1, 1), at(0, 1), at(1, 0), at(0, 0)].contains(&s);
        // Left and top count; the centre itself and the diagonal corner do not.
        assert_eq!(mbrain_bonus(&map, at(1, 1), mine), 2);
        assert_eq!(mbrain_bonus(&map, at(1, 1), |_| true), 3);
    }

    #[test]
    fn bonus_resources_are_of_the_players_choice() {
        assert_eq!(bonus_choices(0), vec![Resources::ZERO]);
        assert_eq!(bonus_choices(1).len(), 4);
        let two = bonus_choices(2);
        assert_eq!(two.len(), 10);
        assert!(two.iter().all(|r| r.total() == 2));
        assert!(two.windows(2).all(|w| w[0] < w[1]));
        assert_eq!(bonus_choices(4).len(), 35);
    }
}
