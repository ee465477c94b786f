//! Structures and the Build action's limits and costs (rulebook §3 Structure Tokens, §5, §8.C,
//! §12).
//!
//! A player owns two Outposts and one each of Starlance, Hypergate and M-Brain, and builds them
//! in sectors it controls. Its cost is blue and orange as the table in §8.C gives, with the Stellar
//! Architects' discount on megastructures. Benefits start at the builder's next turn, which is
//! for the game state to track.

use super::civilizations::Civilization;
use crate::Resources;
use serde::{Deserialize, Serialize};
use std::fmt;

/// A structure type (§12).
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Serialize, Deserialize)]
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

    /// The build cost (§8.C table) for a player of `civilization`: blue and orange, with the
    /// Stellar Architects' discount of one orange on megastructures.
    pub fn cost(self, civilization: Option<Civilization>) -> Resources {
        let (blue, orange) = match self {
            Structure::Outpost => (1, 3),
            Structure::Starlance => (1, 4),
            Structure::Hypergate => (2, 6),
            Structure::MBrain => (4, 7),
        };
        let discount = if self.is_megastructure() {
            civilization.map_or(0, |c| c.abilities().megastructure_discount)
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::civilizations::Civilization;

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

    /// What each of [`Structure::ALL`] costs `civ`.
    fn costs(civ: Option<Civilization>) -> [Resources; 4] {
        Structure::ALL.map(|s| s.cost(civ))
    }

    /// Costs of blue and orange only, from (blue, orange) pairs.
    fn blue_orange(pairs: [(u16, u16); 4]) -> [Resources; 4] {
        pairs.map(|(blue, orange)| Resources::new(blue, orange, 0, 0))
    }

    #[test]
    fn structure_costs_follow_the_table() {
        assert_eq!(costs(None), blue_orange([(1, 3), (1, 4), (2, 6), (4, 7)]));
    }

    #[test]
    fn stellar_architects_pay_one_orange_less_for_megastructures() {
        let architects = Some(Civilization::StellarArchitects);
        assert_eq!(
            costs(architects),
            blue_orange([(1, 3), (1, 3), (2, 5), (4, 6)])
        );
        let others = Some(Civilization::QuantumSentinels);
        assert_eq!(Structure::MBrain.cost(others), Resources::new(4, 7, 0, 0));
    }

    #[test]
    fn fleets_build_two_at_home_and_one_per_controlled_outpost() {
        assert_eq!(fleet_build_limit(0), 2);
        assert_eq!(fleet_build_limit(2), 4);
        assert_eq!(FLEET_COST, Resources::only(crate::Resource::Orange, 1));
    }
}
