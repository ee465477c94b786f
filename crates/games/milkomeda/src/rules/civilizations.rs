//! Civilizations and their abilities, as data (rulebook §5; *decisions* for the Void
//! Navigators).

use serde::{Deserialize, Serialize};

/// A civilization (§5).
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Civilization {
    /// Megastructures cost one orange less.
    StellarArchitects,
    /// One red each time they start an Attack action.
    QuantumSentinels,
    /// Move action base range 2 (the rulebook's ability is "TBD"; *decisions*).
    VoidNavigators,
    /// One green each time they claim an objective slot.
    HelixCultivators,
}

/// What a civilization changes, as numbers the rules read (zero or the base value for "no
/// change").
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub struct Abilities {
    /// Orange taken off the cost of each megastructure.
    pub megastructure_discount: u8,
    /// Red gained when starting an Attack action (main or module).
    pub red_per_attack: u8,
    /// The Move action's base range.
    pub move_base_range: u8,
    /// Green gained when claiming an objective slot.
    pub green_per_claim: u8,
}

/// The Move action's base range without an ability (§8.B).
pub const BASE_MOVE_RANGE: u8 = 1;

impl Civilization {
    /// All four.
    pub const ALL: [Civilization; 4] = [
        Civilization::StellarArchitects,
        Civilization::QuantumSentinels,
        Civilization::VoidNavigators,
        Civilization::HelixCultivators,
    ];

    /// This civilization's abilities.
    pub const fn abilities(self) -> Abilities {
        let none = Abilities {
            megastructure_discount: 0,
            red_per_attack: 0,
            move_base_range: BASE_MOVE_RANGE,
            green_per_claim: 0,
        };
        match self {
            Civilization::StellarArchitects => Abilities {
                megastructure_discount: 1,
                ..none
            },
            Civilization::QuantumSentinels => Abilities {
                red_per_attack: 1,
                ..none
            },
            Civilization::VoidNavigators => Abilities {
                move_base_range: 2,
                ..none
            },
            Civilization::HelixCultivators => Abilities {
                green_per_claim: 1,
                ..none
            },
        }
    }

    /// The kebab-case name used in text (`stellar-architects`, …).
    pub const fn word(self) -> &'static str {
        match self {
            Civilization::StellarArchitects => "stellar-architects",
            Civilization::QuantumSentinels => "quantum-sentinels",
            Civilization::VoidNavigators => "void-navigators",
            Civilization::HelixCultivators => "helix-cultivators",
        }
    }

    /// Parses [`Civilization::word`] (case-insensitive; spaces may replace the dash).
    pub fn parse(text: &str) -> Option<Civilization> {
        let t = text.trim().to_ascii_lowercase().replace(' ', "-");
        Civilization::ALL.into_iter().find(|c| c.word() == t)
    }
}

display_word!(Civilization);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_civilization_changes_one_number() {
        let base = Abilities {
            megastructure_discount: 0,
            red_per_attack: 0,
            move_base_range: BASE_MOVE_RANGE,
            green_per_claim: 0,
        };
        let a = Civilization::StellarArchitects.abilities();
        assert_eq!(a.megastructure_discount, 1);
        assert_eq!(Civilization::QuantumSentinels.abilities().red_per_attack, 1);
        assert_eq!(Civilization::VoidNavigators.abilities().move_base_range, 2);
        assert_eq!(
            Civilization::HelixCultivators.abilities().green_per_claim,
            1
        );
        for c in Civilization::ALL {
            let ab = c.abilities();
            let changed = [
                ab.megastructure_discount != base.megastructure_discount,
                ab.red_per_attack != base.red_per_attack,
                ab.move_base_range != base.move_base_range,
                ab.green_per_claim != base.green_per_claim,
            ];
            assert_eq!(changed.iter().filter(|x| **x).count(), 1, "{c}");
        }
    }

    #[test]
    fn civilization_names_round_trip() {
        for c in Civilization::ALL {
            assert_eq!(Civilization::parse(c.word()), Some(c));
        }
        assert_eq!(
            Civilization::parse("Void Navigators"),
            Some(Civilization::VoidNavigators)
        );
        assert_eq!(Civilization::parse("pirates"), None);
    }
}
