//! Structures and the Build action's limits and costs (rulebook §3 Structure Tokens, §5, §8.C,
//! §12).
//!
//! A player owns two Outposts and one each of Starlance, Hypergate and M-Brain, and builds them
//! in sectors it controls. Its cost is blue and orange as the table in §8.C gives, with the Stellar
//! Architects' discount on megastructures. Benefits start at the builder's next turn, which is
//! for the game state to track. The Build action's listing and steps are here too (dispatched
//! from `turn.rs`).

use super::combat::MAX_FLEETS;
use super::map::Space;
use crate::action::{Action, Event};
use crate::rules::turn::ActNext;
use crate::state::{Placed, Table};
use crate::{Resource, Resources};
use gridwright_engine::{Events, Seat};
use serde::{Deserialize, Serialize};
use std::fmt;

/// A structure type (§12).
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Structure {
    /// Lets fleets be built in its sector.
    Outpost,
    /// Enables the Attack Structure option.
    Starlance,
    /// Longer explore and move reach.
    Hypergate,
    /// Income bonus and repeated main actions.
    MBrain,
}

impl Structure {
    /// All four, in table order.
    pub const ALL: [Structure; 4] = [
        Structure::Outpost,
        Structure::Starlance,
        Structure::Hypergate,
        Structure::MBrain,
    ];

    /// Victory points per structure on the map (§12, §15.3).
    pub const fn points(self) -> u32 {
        match self {
            Structure::MBrain => 3,
            _ => 2,
        }
    }

    /// How many of this structure a player owns (§3, §8.C).
    pub const fn limit(self) -> u8 {
        match self {
            Structure::Outpost => 2,
            _ => 1,
        }
    }

    /// Whether it is a megastructure (Starlance, Hypergate, M-Brain; §5 Stellar Architects).
    pub const fn is_megastructure(self) -> bool {
        !matches!(self, Structure::Outpost)
    }

    /// The build cost (§8.C table) for a player whose civilization takes
    /// `megastructure_discount` orange off each megastructure (§5: the Stellar Architects' one;
    /// the number is content): blue and orange.
    pub fn cost(self, megastructure_discount: u8) -> Resources {
        let (blue, orange) = match self {
            Structure::Outpost => (1, 3),
            Structure::Starlance => (1, 4),
            Structure::Hypergate => (2, 6),
            Structure::MBrain => (4, 7),
        };
        let discount = if self.is_megastructure() {
            megastructure_discount
        } else {
            0
        };
        Resources::new(blue, orange - u16::from(discount).min(orange), 0, 0)
    }
}

impl fmt::Display for Structure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Structure::Outpost => "outpost",
            Structure::Starlance => "starlance",
            Structure::Hypergate => "hypergate",
            Structure::MBrain => "m-brain",
        })
    }
}

/// How many fleets a Build's fleet option may place in the homeworld (§8.C option 1).
pub const HOMEWORLD_FLEETS_PER_BUILD: u8 = 2;

/// How many options one Build action takes, in any combination (§8.C).
pub const BUILD_OPTIONS: u8 = 2;

/// The cost of one fleet (§8.C option 1: one orange).
pub const FLEET_COST: Resources = Resources::new(0, 1, 0, 0);

/// Why a build was refused; nothing is changed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BuildError {
    /// The player already has as many of the structure as it owns.
    #[error("all {limit} of your {structure} tokens are on the map")]
    NoTokenLeft {
        /// The structure.
        structure: Structure,
        /// How many a player owns.
        limit: u8,
    },
}

/// Whether a player may build `structure`, given how many of each type it has on the map
/// (`on_map`, [`Structure::ALL`] order): it must have a token left (§3, §8.C). The rule "in a
/// sector without your structure of the same type, except Outposts" needs no separate check:
/// a player owns only one of each other type, so a second one never exists, and two Outposts
/// may share a sector.
///
/// # Errors
/// [`BuildError::NoTokenLeft`].
pub fn check_structure_build(structure: Structure, on_map: [u8; 4]) -> Result<(), BuildError> {
    if on_map[structure as usize] >= structure.limit() {
        return Err(BuildError::NoTokenLeft {
            structure,
            limit: structure.limit(),
        });
    }
    Ok(())
}

/// The most fleets one Build fleet option may place (§8.C option 1): two in the homeworld, plus
/// one in each sector with the player's active Outpost that it controls.
pub fn fleet_build_limit(controlled_outposts: u8) -> u8 {
    HOMEWORLD_FLEETS_PER_BUILD + controlled_outposts
}

impl Table {
    /// A structure's cost for `seat` (§8.C table, its civilization's discount).
    pub(crate) fn structure_cost(&self, seat: Seat, structure: Structure) -> Resources {
        structure.cost(self.abilities(seat).megastructure_discount)
    }

    /// `seat`'s Outposts in structure order (bit `i` of a fleet build is the `i`-th).
    fn outposts(&self, seat: Seat) -> Vec<Placed> {
        self.structures
            .iter()
            .filter(|p| p.owner == seat && p.structure == Structure::Outpost)
            .copied()
            .collect()
    }

    /// A Build with an option left (§8.C): each fleet and structure option `storage` pays for.
    pub(crate) fn build_options(&self, seat: Seat, storage: Resources, out: &mut Vec<Action>) {
        let room = u32::from(MAX_FLEETS).saturating_sub(self.fleets_on_map(seat));
        let orange = u32::from(storage.get(Resource::Orange));
        let can = room.min(orange);
        let home_max = if self.controls(seat, self.homes[seat]) {
            HOMEWORLD_FLEETS_PER_BUILD
        } else {
            0
        };
        let outposts = self.outposts(seat);
        let mut usable = 0u8;
        for (i, p) in outposts.iter().enumerate() {
            if p.active && self.controls(seat, p.space) {
                usable |= 1 << i;
            }
        }
        for home in 0..=home_max {
            for mask in 0..4u8 {
                if mask & !usable != 0 {
                    continue;
                }
                let total = u32::from(home) + mask.count_ones();
                if total >= 1 && total <= can {
                    out.push(Action::BuildFleets {
                        home,
                        outposts: mask,
                    });
                }
            }
        }
        let mut on_map = [0u8; 4];
        for p in self.structures.iter().filter(|p| p.owner == seat) {
            on_map[p.structure as usize] += 1;
        }
        for st in Structure::ALL {
            if check_structure_build(st, on_map).is_err()
                || !storage.covers(self.structure_cost(seat, st))
            {
                continue;
            }
            for (space, _) in self.map.tiles() {
                if self.controls(seat, space) {
                    out.push(Action::BuildStructure {
                        structure: st,
                        space,
                    });
                }
            }
        }
    }

    /// The fleet option (§8.C option 1): `home` fleets in the homeworld and one in each
    /// Outpost sector whose bit is set in `outposts`, one orange each.
    pub(crate) fn build_fleets(
        &mut self,
        seat: Seat,
        home: u8,
        outposts: u8,
        events: &mut Events<Event>,
    ) -> ActNext {
        let total = u16::from(home) + outposts.count_ones() as u16;
        self.pay(
            seat,
            Resources::only(Resource::Orange, total * FLEET_COST.get(Resource::Orange)),
        );
        let mut places: Vec<(Space, u8)> = Vec::new();
        if home > 0 {
            places.push((self.homes[seat], home));
        }
        for (i, p) in self.outposts(seat).iter().enumerate() {
            if outposts & (1 << i) != 0 {
                places.push((p.space, 1));
            }
        }
        for (space, n) in places {
            let f = self.fleets_at(space, seat);
            self.set_fleets(space, seat, f + n);
            self.recontrol(space);
            events.emit(|| Event::FleetsBuilt {
                seat,
                space,
                count: n,
            });
        }
        self.progress = true;
        ActNext::OptionUsed
    }

    /// The structure option (§8.C option 2): builds `structure` at `space`, active from the
    /// builder's next turn.
    pub(crate) fn build_structure(
        &mut self,
        seat: Seat,
        structure: Structure,
        space: Space,
        events: &mut Events<Event>,
    ) -> ActNext {
        let cost = self.structure_cost(seat, structure);
        self.pay(seat, cost);
        self.structures.push(Placed {
            owner: seat,
            structure,
            space,
            active: false,
        });
        self.progress = true;
        events.emit(|| Event::StructureBuilt {
            seat,
            structure,
            space,
            cost,
        });
        ActNext::OptionUsed
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn structures_score_two_and_the_m_brain_three() {
        assert_eq!(Structure::ALL.map(Structure::points), [2, 2, 2, 3]);
    }

    #[test]
    fn a_player_owns_two_outposts_and_one_of_each_other_structure() {
        assert_eq!(Structure::ALL.map(Structure::limit), [2, 1, 1, 1]);
        assert_eq!(
            check_structure_build(Structure::Outpost, [1, 0, 0, 0]),
            Ok(())
        );
        assert_eq!(
            check_structure_build(Structure::Outpost, [2, 0, 0, 0]),
            Err(BuildError::NoTokenLeft {
                structure: Structure::Outpost,
                limit: 2
            })
        );
        assert!(check_structure_build(Structure::MBrain, [0, 0, 0, 1]).is_err());
    }

    /// What each of [`Structure::ALL`] costs a player with this megastructure discount.
    fn costs(discount: u8) -> [Resources; 4] {
        Structure::ALL.map(|s| s.cost(discount))
    }

    /// Costs of blue and orange only, from (blue, orange) pairs.
    fn blue_orange(pairs: [(u16, u16); 4]) -> [Resources; 4] {
        pairs.map(|(blue, orange)| Resources::new(blue, orange, 0, 0))
    }

    #[test]
    fn structure_costs_follow_the_table() {
        assert_eq!(costs(0), blue_orange([(1, 3), (1, 4), (2, 6), (4, 7)]));
    }

    #[test]
    fn stellar_architects_pay_one_orange_less_for_megastructures() {
        // The Stellar Architects' discount, as the shipped content gives it (§5).
        let discount = |id: &str| crate::test_support::shipped_abilities(id).megastructure_discount;
        assert_eq!(
            costs(discount("stellar-architects")),
            blue_orange([(1, 3), (1, 3), (2, 5), (4, 6)])
        );
        let others = discount("quantum-sentinels");
        assert_eq!(Structure::MBrain.cost(others), Resources::new(4, 7, 0, 0));
    }

    #[test]
    fn fleets_build_two_at_home_and_one_per_controlled_outpost() {
        assert_eq!(fleet_build_limit(0), 2);
        assert_eq!(fleet_build_limit(2), 4);
        assert_eq!(FLEET_COST, Resources::only(crate::Resource::Orange, 1));
    }
}
