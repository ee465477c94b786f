//! Civilizations' abilities, as data (rulebook §5; *decisions* for the Void Navigators). Which
//! civilization changes which number is content (`civilizations.toml`), never code: the rules
//! read the numbers where they act (`structures.rs`, `turn.rs`, `movement.rs`, `claims.rs`).

use serde::{Deserialize, Serialize};

/// What a civilization changes, as numbers the rules read (zero or the base value for "no
/// change").
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
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

impl Abilities {
    /// No ability: every number at its rulebook value.
    pub const NONE: Abilities = Abilities {
        megastructure_discount: 0,
        red_per_attack: 0,
        move_base_range: BASE_MOVE_RANGE,
        green_per_claim: 0,
    };

    /// What it changes, in sentences for players (`A megastructure costs 1 orange less.`); empty
    /// for none.
    pub fn sentences(&self) -> Vec<String> {
        let mut out = Vec::new();
        if self.megastructure_discount > 0 {
            out.push(format!(
                "A megastructure (Starlance, Hypergate, M-Brain) costs {} orange less.",
                self.megastructure_discount
            ));
        }
        if self.red_per_attack > 0 {
            out.push(format!(
                "Gains {} red on starting an Attack action.",
                self.red_per_attack
            ));
        }
        if self.move_base_range != BASE_MOVE_RANGE {
            out.push(format!(
                "Moves fleets up to {} sectors before boosts (others {BASE_MOVE_RANGE}).",
                self.move_base_range
            ));
        }
        if self.green_per_claim > 0 {
            out.push(format!(
                "Gains {} green on claiming an objective slot.",
                self.green_per_claim
            ));
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Content;

    /// §5: each civilization's ability is one number changed from the rulebook's base (the
    /// Void Navigators' range is our decision): the Stellar Architects one orange off each
    /// megastructure, the Quantum Sentinels one red per Attack, the Void Navigators a base
    /// range of 2, the Helix Cultivators one green per claim.
    #[test]
    fn each_civilization_changes_one_number() {
        let base = Abilities {
            megastructure_discount: 0,
            red_per_attack: 0,
            move_base_range: 1,
            green_per_claim: 0,
        };
        assert_eq!(Abilities::NONE, base);
        let want = [
            (
                "stellar-architects",
                Abilities {
                    megastructure_discount: 1,
                    ..base
                },
            ),
            (
                "quantum-sentinels",
                Abilities {
                    red_per_attack: 1,
                    ..base
                },
            ),
            (
                "void-navigators",
                Abilities {
                    move_base_range: 2,
                    ..base
                },
            ),
            (
                "helix-cultivators",
                Abilities {
                    green_per_claim: 1,
                    ..base
                },
            ),
        ];
        for (id, abilities) in want {
            let ab = crate::test_support::shipped_abilities(id);
            assert_eq!(ab, abilities, "{id}");
            let changed = [
                ab.megastructure_discount != base.megastructure_discount,
                ab.red_per_attack != base.red_per_attack,
                ab.move_base_range != base.move_base_range,
                ab.green_per_claim != base.green_per_claim,
            ];
            assert_eq!(changed.iter().filter(|x| **x).count(), 1, "{id}");
        }
    }

    /// The content names exactly the four civilizations of §5, by their kebab-case ids, and a
    /// scenario naming another is refused naming it (what `civilization_names_round_trip`
    /// checked of the deleted `Civilization` enum, now of the content that replaced it).
    #[test]
    fn the_content_names_the_four_civilizations_and_refuses_others() {
        let content = Content::builtin().unwrap();
        let ids: Vec<&str> = content
            .civilizations()
            .iter()
            .map(|c| c.id.as_str())
            .collect();
        assert_eq!(
            ids,
            [
                "stellar-architects",
                "quantum-sentinels",
                "void-navigators",
                "helix-cultivators"
            ]
        );
        let mut src = crate::Sources::builtin().unwrap();
        let Some((name, text)) = src.scenarios.iter_mut().find(|(n, _)| n == "duel") else {
            panic!("no duel scenario");
        };
        *text = text.replacen("quantum-sentinels", "pirates", 1);
        let name = name.clone();
        let err = match Content::from_sources(&src) {
            Err(e) => e.to_string(),
            Ok(c) => c.config(&name).unwrap_err().to_string(),
        };
        assert!(
            err.contains("unknown civilization `pirates`"),
            "{name}: {err}"
        );
    }
}
