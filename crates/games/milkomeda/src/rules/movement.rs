//! Move range and destinations, and the Move action's steps (rulebook §8.B; *decisions* for the
//! Void Navigators' base range).
//!
//! Fleets move from up to two controlled origins to explored sectors within range. The range is
//! the base range (1, or 2 for the Void Navigators), plus one per blue spent on the Logistic
//! boost, plus one from a sector with the player's active Hypergate. The path runs through
//! explored sectors; opponents' fleets on the way change nothing.

use super::map::{Map, Space};
use super::structures::Structure;
use crate::action::{Action, Event};
use crate::rules::turn::ActNext;
use crate::state::Table;
use crate::{Resource, Resources};
use gridwright_engine::{Events, Seat};

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

/// The range of a move from one origin (§8.B): the player's `base_range` (1, or its
/// civilization's number from content; §5), plus the blue spent, plus one from an active
/// Hypergate.
pub fn move_range(base_range: u8, blue_spent: u8, from_hypergate: bool) -> u8 {
    base_range
        .saturating_add(blue_spent)
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

impl Table {
    /// The range of `seat`'s move from `origin` with `boost` blue spent (§8.B): its base range,
    /// the boost, and one from its active Hypergate there.
    pub(crate) fn move_range_from(&self, seat: Seat, boost: u8, origin: Space) -> u8 {
        move_range(
            self.abilities(seat).move_base_range,
            boost,
            self.has_active_at(seat, Structure::Hypergate, origin),
        )
    }

    /// A Move before its boost: each Logistic boost the player's `storage` and the grid allow
    /// ([`boost_limit`]).
    pub(crate) fn move_boost_actions(&self, storage: Resources, out: &mut Vec<Action>) {
        let size = self.map.size();
        let most = boost_limit(
            storage.get(Resource::Blue),
            usize::from(size.width()) * usize::from(size.height()),
        );
        out.extend((0..=most).map(Action::Boost));
    }

    /// A Move after its boost: fleets from the `origins` used (with the fleets still free to
    /// leave each) or, while fewer than [`MAX_ORIGINS`] are used, from another controlled
    /// sector, to each destination in range; then `done`. Fleets that `arrived` this action
    /// do not move on.
    pub(crate) fn move_fleet_actions(
        &self,
        seat: Seat,
        boost: u8,
        origins: &[(Space, u8)],
        arrived: &[(Space, u8)],
        out: &mut Vec<Action>,
    ) {
        let mut sources: Vec<(Space, u8)> = origins.to_vec();
        if origins.len() < MAX_ORIGINS {
            for s in self.controlled_with_fleets(seat) {
                if !origins.iter().any(|(o, _)| *o == s) {
                    // Fleets that arrived this action have made their move (§8.B).
                    let moved = arrived.iter().find(|(a, _)| *a == s).map_or(0, |a| a.1);
                    sources.push((s, self.fleets_at(s, seat).saturating_sub(moved)));
                }
            }
        }
        // Origins in order, so the list comes out sorted (the legal list would be sorted
        // anyway; sorting these few is cheaper).
        sources.sort_unstable_by_key(|(s, _)| *s);
        for (from, free) in sources {
            let free = free.min(self.fleets_at(from, seat));
            if free == 0 {
                continue;
            }
            for to in move_destinations(&self.map, from, self.move_range_from(seat, boost, from)) {
                for count in 1..=free {
                    out.push(Action::MoveFleets { from, to, count });
                }
            }
        }
        out.push(Action::Done);
    }

    /// Spends `boost` blue on the Logistic boost (§8.B).
    pub(crate) fn logistic_boost(
        &mut self,
        seat: Seat,
        chosen: &mut Option<u8>,
        boost: u8,
        events: &mut Events<Event>,
    ) -> ActNext {
        self.pay(seat, Resources::only(Resource::Blue, u16::from(boost)));
        if boost > 0 {
            events.emit(|| Event::Boosted {
                seat,
                resource: Resource::Blue,
                amount: boost,
            });
        }
        *chosen = Some(boost);
        ActNext::Going
    }

    /// Moves `count` fleets from `from` to `to` and reassesses control of both (§8.B); the
    /// move's `origins` and the fleets `arrived` keep count.
    pub(crate) fn move_fleets(
        &mut self,
        seat: Seat,
        origins: &mut Vec<(Space, u8)>,
        arrived: &mut Vec<(Space, u8)>,
        (from, to, count): (Space, Space, u8),
        events: &mut Events<Event>,
    ) -> ActNext {
        let here = self.fleets_at(from, seat);
        let moved = arrived.iter().find(|(a, _)| *a == from).map_or(0, |a| a.1);
        match origins.iter_mut().find(|(o, _)| *o == from) {
            Some((_, free)) => *free = free.saturating_sub(count),
            None => origins.push((from, here.saturating_sub(moved).saturating_sub(count))),
        }
        match arrived.iter_mut().find(|(a, _)| *a == to) {
            Some((_, n)) => *n = n.saturating_add(count),
            None => arrived.push((to, count)),
        }
        self.set_fleets(from, seat, here - count.min(here));
        let there = self.fleets_at(to, seat);
        self.set_fleets(to, seat, there + count);
        self.recontrol(from);
        let control = self.recontrol(to);
        self.progress = true;
        events.emit(|| Event::Moved {
            seat,
            from,
            to,
            count,
            control,
        });
        ActNext::Going
    }
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
        // The base range as the shipped content gives it (§5, §8.B).
        let base = |id: &str| crate::test_support::shipped_abilities(id).move_base_range;
        let plain = crate::rules::civilizations::BASE_MOVE_RANGE;
        assert_eq!(move_range(plain, 0, false), 1);
        assert_eq!(move_range(plain, 2, false), 3);
        assert_eq!(move_range(plain, 2, true), 4);
        assert_eq!(move_range(base("void-navigators"), 0, false), 2);
        assert_eq!(move_range(base("helix-cultivators"), 0, true), 2);
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
