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
//! Which targets hold opponents' fleets or structures is for the game state to check: the
//! Attack action's listing and steps are here too (dispatched from `turn.rs`; the combat they
//! start is `battle.rs`).

use super::map::{Map, Space};
use super::structures::Structure;
use crate::action::{Action, Event};
use crate::rules::objectives::TurnFacts;
use crate::rules::turn::ActNext;
use crate::state::{Act, Phase, Table, TurnStage, TurnState};
use crate::{Resource, Resources};
use gridwright_engine::{Events, Seat};

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

impl Table {
    /// An Attack Fleets option gathering its origins (`gather`: the target, the first origin
    /// and its boundaries): a second origin, or `engage`.
    pub(crate) fn gather_actions(
        &self,
        seat: Seat,
        gather: (Space, Space, u8),
        storage: Resources,
        out: &mut Vec<Action>,
    ) {
        self.second_origins(seat, storage, gather, out);
        out.push(Action::Engage);
    }

    /// An Attack with an option left and no Attack Fleets option gathering (§8.D): each option
    /// `storage` pays for.
    pub(crate) fn attack_options(&self, seat: Seat, storage: Resources, out: &mut Vec<Action>) {
        let blue = storage.get(Resource::Blue);
        for from in self.controlled_with_fleets(seat) {
            let hg = self.has_active_at(seat, Structure::Hypergate, from);
            let mine = self.fleets_at(from, seat);
            for (to, boundaries) in fleet_attack_targets(&self.map, from, hg) {
                if fleet_attack_cost(&[boundaries]) > blue {
                    continue;
                }
                let enemy = Seat::all(self.seats()).any(|s| s != seat && self.fleets_at(to, s) > 0);
                if !enemy {
                    continue;
                }
                for count in 1..=mine {
                    out.push(Action::AttackFleets { from, to, count });
                }
            }
        }
        if storage.covers(STRUCTURE_ATTACK_COST) {
            for lance in self.active_structure(seat, Structure::Starlance) {
                for target in structure_attack_targets(&self.map, lance) {
                    // §8.D: "containing *any* structure", the striker's own included.
                    for p in &self.structures {
                        if p.space == target {
                            out.push(Action::AttackStructure {
                                target,
                                owner: p.owner,
                                structure: p.structure,
                            });
                        }
                    }
                }
            }
        }
    }

    /// The second origin of an Attack Fleets option (§8.D: up to two origins): another
    /// controlled sector with the player's fleets that reaches the same target; it pays the
    /// blue its own boundaries add (item 45).
    fn second_origins(
        &self,
        seat: Seat,
        storage: Resources,
        (target, first, b1): (Space, Space, u8),
        out: &mut Vec<Action>,
    ) {
        let blue = storage.get(Resource::Blue);
        for from in self.controlled_with_fleets(seat) {
            if from == first || from == target {
                continue;
            }
            let hg = self.has_active_at(seat, Structure::Hypergate, from);
            let Some((_, b)) = fleet_attack_targets(&self.map, from, hg)
                .into_iter()
                .find(|(s, _)| *s == target)
            else {
                continue;
            };
            if fleet_attack_cost(&[b1, b]) - fleet_attack_cost(&[b1]) > blue {
                continue;
            }
            for count in 1..=self.fleets_at(from, seat) {
                out.push(Action::AttackFleets {
                    from,
                    to: target,
                    count,
                });
            }
        }
    }

    /// Attack Fleets from one origin (§8.D option 1): pays the boundaries, moves the fleets
    /// in, and starts the combat unless a second origin may join. `attack` is the action's
    /// options left and the option gathering, `facts` the turn's.
    pub(crate) fn attack_fleets(
        &mut self,
        seat: Seat,
        (options, gather): (&mut u8, &mut Option<(Space, Space, u8)>),
        facts: &mut TurnFacts,
        (from, to, count): (Space, Space, u8),
        events: &mut Events<Event>,
    ) -> ActNext {
        let hg = self.has_active_at(seat, Structure::Hypergate, from);
        let boundaries = fleet_attack_targets(&self.map, from, hg)
            .into_iter()
            .find(|(s, _)| *s == to)
            .map_or(1, |(_, b)| b);
        let first = *gather;
        // The first origin pays its boundaries (at least 1); a second one pays what
        // its own boundaries add to the option's cost (item 45).
        let cost = match first {
            None => fleet_attack_cost(&[boundaries]),
            Some((_, _, b1)) => fleet_attack_cost(&[b1, boundaries]) - fleet_attack_cost(&[b1]),
        };
        self.pay(seat, Resources::only(Resource::Blue, cost));
        if from != to {
            let here = self.fleets_at(from, seat);
            self.set_fleets(from, seat, here - count.min(here));
            let there = self.fleets_at(to, seat);
            self.set_fleets(to, seat, there + count);
            self.recontrol(from);
        }
        let hypergate = boundaries > 1;
        if hypergate {
            facts.hypergate_attacks += 1;
        }
        // The second origin leaves the gathered option for `engage`.
        if first.is_none() {
            *options -= 1;
            *gather = Some((to, from, boundaries));
        }
        self.progress = true;
        events.emit(|| Event::Attacked {
            seat,
            from,
            to,
            count,
            cost: cost as u8,
            hypergate,
        });
        // Combat starts with the second origin, or at once when none could join.
        let mut second = Vec::new();
        if first.is_none() {
            self.second_origins(
                seat,
                self.storage[seat],
                (to, from, boundaries),
                &mut second,
            );
        }
        if second.is_empty() {
            Table::engage(gather)
        } else {
            ActNext::Going
        }
    }

    /// Starts the combat of the Attack Fleets option being gathered.
    pub(crate) fn engage(gather: &mut Option<(Space, Space, u8)>) -> ActNext {
        match gather.take() {
            Some((target, _, _)) => ActNext::Combat(target),
            None => {
                debug_assert!(false, "no attack gathering to engage");
                ActNext::Going
            }
        }
    }

    /// Attack Structure (§8.D option 2): pays two red and two blue and removes the structure.
    pub(crate) fn attack_structure(
        &mut self,
        seat: Seat,
        target: Space,
        owner: Seat,
        structure: Structure,
        events: &mut Events<Event>,
    ) -> ActNext {
        self.pay(seat, STRUCTURE_ATTACK_COST);
        if let Some(i) = self
            .structures
            .iter()
            .position(|p| p.space == target && p.owner == owner && p.structure == structure)
        {
            self.structures.remove(i);
        }
        self.progress = true;
        events.emit(|| Event::StructureDestroyed {
            seat,
            target,
            owner,
            structure,
        });
        ActNext::OptionUsed
    }

    /// After a combat: back to the attack, which ends once both options are used.
    #[must_use]
    pub(crate) fn after_combat(
        &mut self,
        t: &mut TurnState,
        events: &mut Events<Event>,
    ) -> Option<Phase> {
        if let TurnStage::Act(Act::Attack { options: 0, .. }) = t.stage {
            self.finish_act(t, events)
        } else {
            None
        }
    }
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
