//! Objective conditions (rulebook §11; the card data's conditions, adapted as
//! docs/rules/milkomeda.md says).
//!
//! An objective card is an [`Objective`] (what is measured) with a threshold per VP slot. A
//! player meets a slot when the measure of its [`Facts`] reaches the threshold ([`meets`]).
//! "This turn" objectives ([`Objective::this_turn`]) measure what the player did during the
//! current turn and must be claimed at once (§11.1). Claims themselves are in
//! [`super::scoring::ObjectiveRow`].

use crate::{Resource, Resources};
use serde::{Deserialize, Serialize};

/// A sector keyword (§3: sector types, used by objectives).
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Keyword {
    /// Biosphere.
    Biosphere,
    /// Warzone.
    Warzone,
    /// Extraction.
    Extraction,
    /// Observatory.
    Observatory,
    /// Transit.
    Transit,
    /// Hazard.
    Hazard,
    /// Unstable.
    Unstable,
    /// Wasteland.
    Wasteland,
}

impl Keyword {
    /// All eight.
    pub const ALL: [Keyword; 8] = [
        Keyword::Biosphere,
        Keyword::Warzone,
        Keyword::Extraction,
        Keyword::Observatory,
        Keyword::Transit,
        Keyword::Hazard,
        Keyword::Unstable,
        Keyword::Wasteland,
    ];

    /// The lower-case word.
    pub const fn word(self) -> &'static str {
        match self {
            Keyword::Biosphere => "biosphere",
            Keyword::Warzone => "warzone",
            Keyword::Extraction => "extraction",
            Keyword::Observatory => "observatory",
            Keyword::Transit => "transit",
            Keyword::Hazard => "hazard",
            Keyword::Unstable => "unstable",
            Keyword::Wasteland => "wasteland",
        }
    }
}

parse_and_display_word!(Keyword);

/// What an objective card measures.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Objective {
    /// Sectors controlled (the homeworld included when controlled).
    ControlledSectors,
    /// Structures on the map.
    StructuresOnMap,
    /// Fleet tokens on the map.
    ShipsOnMap,
    /// One resource in storage.
    Stored(Resource),
    /// Controlled sectors with this keyword.
    ControlKeyword(Keyword),
    /// Different keywords among the controlled sectors.
    KeywordVariety,
    /// The most controlled sectors sharing one keyword.
    SectorsOfOneKeyword,
    /// Orthogonal steps from the player's homeworld to its farthest controlled sector.
    DistanceFromHomeworld,
    /// This turn: combats won.
    WonBattleThisTurn,
    /// This turn: combats won in a sector with this keyword.
    WonBattleInThisTurn(Keyword),
    /// This turn: structures removed with a Starlance.
    DestroyedStructureThisTurn,
    /// This turn: Hypergate attacks made (the card data's "jumped to attack").
    HypergateAttackThisTurn,
    /// This turn: sector cards explored (placed).
    ExploredThisTurn,
}

impl Objective {
    /// What it measures, in words: "green in storage", "sectors with the hazard keyword
    /// controlled".
    pub fn words(self) -> String {
        match self {
            Objective::ControlledSectors => "sectors controlled".to_owned(),
            Objective::StructuresOnMap => "structures on the map".to_owned(),
            Objective::ShipsOnMap => "fleets on the map".to_owned(),
            Objective::Stored(r) => format!("{} in storage", r.word()),
            Objective::ControlKeyword(k) => format!("{k} sectors controlled"),
            Objective::KeywordVariety => "different keywords controlled".to_owned(),
            Objective::SectorsOfOneKeyword => "controlled sectors sharing a keyword".to_owned(),
            Objective::DistanceFromHomeworld => {
                "steps from the homeworld to the farthest sector controlled".to_owned()
            }
            Objective::WonBattleThisTurn => "combats won this turn".to_owned(),
            Objective::WonBattleInThisTurn(k) => format!("combats won in {k} sectors this turn"),
            Objective::DestroyedStructureThisTurn => {
                "structures destroyed with a Starlance this turn".to_owned()
            }
            Objective::HypergateAttackThisTurn => "Hypergate attacks this turn".to_owned(),
            Objective::ExploredThisTurn => "sectors explored this turn".to_owned(),
        }
    }

    /// Whether it measures the current turn only, and so must be claimed at once (§11.1).
    pub const fn this_turn(self) -> bool {
        matches!(
            self,
            Objective::WonBattleThisTurn
                | Objective::WonBattleInThisTurn(_)
                | Objective::DestroyedStructureThisTurn
                | Objective::HypergateAttackThisTurn
                | Objective::ExploredThisTurn
        )
    }

    /// The measure of `facts` this objective compares with a slot's threshold.
    pub fn measure(self, facts: &Facts) -> u32 {
        let keywords = facts.controlled_by_keyword;
        match self {
            Objective::ControlledSectors => facts.controlled_sectors,
            Objective::StructuresOnMap => facts.structures_on_map,
            Objective::ShipsOnMap => facts.ships_on_map,
            Objective::Stored(r) => u32::from(facts.storage.get(r)),
            Objective::ControlKeyword(k) => keywords[k as usize],
            Objective::KeywordVariety => keywords.iter().filter(|n| **n > 0).count() as u32,
            Objective::SectorsOfOneKeyword => keywords.iter().copied().max().unwrap_or(0),
            Objective::DistanceFromHomeworld => facts.farthest_from_homeworld,
            Objective::WonBattleThisTurn => facts.turn.battles_won,
            Objective::WonBattleInThisTurn(k) => facts.turn.battles_won_by_keyword[k as usize],
            Objective::DestroyedStructureThisTurn => facts.turn.structures_destroyed,
            Objective::HypergateAttackThisTurn => facts.turn.hypergate_attacks,
            Objective::ExploredThisTurn => facts.turn.sectors_explored,
        }
    }
}

/// What the current turn brought a player, for "this turn" objectives.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct TurnFacts {
    /// Combats won.
    pub battles_won: u32,
    /// Combats won in a sector with each keyword ([`Keyword::ALL`] order).
    pub battles_won_by_keyword: [u32; 8],
    /// Structures removed with a Starlance.
    pub structures_destroyed: u32,
    /// Hypergate attacks made.
    pub hypergate_attacks: u32,
    /// Sector cards placed.
    pub sectors_explored: u32,
}

impl TurnFacts {
    /// Records a combat won in a sector with these keywords: it counts once, and once for each
    /// different keyword of the sector.
    pub fn won_battle(&mut self, keywords: &[Keyword]) {
        self.battles_won += 1;
        let mut seen = [false; 8];
        for k in keywords {
            if !std::mem::replace(&mut seen[*k as usize], true) {
                self.battles_won_by_keyword[*k as usize] += 1;
            }
        }
    }
}

/// What a player holds and did, as objectives measure it.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Facts {
    /// Sectors controlled.
    pub controlled_sectors: u32,
    /// Structures on the map.
    pub structures_on_map: u32,
    /// Fleet tokens on the map.
    pub ships_on_map: u32,
    /// Storage.
    pub storage: Resources,
    /// Controlled sectors with each keyword ([`Keyword::ALL`] order).
    pub controlled_by_keyword: [u32; 8],
    /// Orthogonal steps from the homeworld to the farthest controlled sector.
    pub farthest_from_homeworld: u32,
    /// This turn.
    pub turn: TurnFacts,
}

/// Whether `facts` meet a slot of `objective` with this threshold.
pub fn meets(objective: Objective, threshold: u32, facts: &Facts) -> bool {
    objective.measure(facts) >= threshold
}

#[cfg(test)]
mod tests {
    use super::*;
    use Keyword::*;

    fn controlling(pairs: &[(Keyword, u32)]) -> Facts {
        let mut f = Facts::default();
        for (k, n) in pairs {
            f.controlled_by_keyword[*k as usize] = *n;
        }
        f
    }

    #[test]
    fn holdings_objectives_measure_what_the_player_has() {
        let f = Facts {
            controlled_sectors: 8,
            structures_on_map: 3,
            ships_on_map: 11,
            storage: Resources::new(5, 12, 0, 20),
            ..Facts::default()
        };
        assert!(meets(Objective::ControlledSectors, 8, &f));
        assert!(!meets(Objective::ControlledSectors, 10, &f));
        assert!(meets(Objective::StructuresOnMap, 3, &f));
        assert!(!meets(Objective::ShipsOnMap, 12, &f));
        assert!(meets(Objective::Stored(Resource::Orange), 10, &f));
        assert!(!meets(Objective::Stored(Resource::Red), 5, &f));
        assert!(meets(Objective::Stored(Resource::Green), 20, &f));
    }

    #[test]
    fn keyword_objectives_count_controlled_sectors_by_type() {
        let f = controlling(&[(Warzone, 3), (Hazard, 1), (Transit, 5)]);
        assert_eq!(Objective::ControlKeyword(Warzone).measure(&f), 3);
        assert_eq!(Objective::ControlKeyword(Biosphere).measure(&f), 0);
        assert_eq!(Objective::KeywordVariety.measure(&f), 3);
        assert_eq!(Objective::SectorsOfOneKeyword.measure(&f), 5);
        assert_eq!(Objective::SectorsOfOneKeyword.measure(&Facts::default()), 0);
    }

    #[test]
    fn distance_objective_measures_the_farthest_controlled_sector() {
        let f = Facts {
            farthest_from_homeworld: 4,
            ..Facts::default()
        };
        assert!(meets(Objective::DistanceFromHomeworld, 4, &f));
        assert!(!meets(Objective::DistanceFromHomeworld, 5, &f));
    }

    #[test]
    fn this_turn_objectives_measure_the_turn_and_are_marked() {
        let mut f = Facts::default();
        f.turn.won_battle(&[Warzone, Unstable, Warzone]);
        f.turn.won_battle(&[]);
        assert_eq!(Objective::WonBattleThisTurn.measure(&f), 2);
        assert_eq!(Objective::WonBattleInThisTurn(Warzone).measure(&f), 1);
        assert_eq!(Objective::WonBattleInThisTurn(Unstable).measure(&f), 1);
        assert_eq!(Objective::WonBattleInThisTurn(Hazard).measure(&f), 0);
        f.turn.sectors_explored = 2;
        assert!(meets(Objective::ExploredThisTurn, 2, &f));
        assert!(Objective::ExploredThisTurn.this_turn());
        assert!(Objective::HypergateAttackThisTurn.this_turn());
        assert!(!Objective::ControlledSectors.this_turn());
        assert!(!Objective::KeywordVariety.this_turn());
    }

    #[test]
    fn keyword_words_round_trip() {
        for k in Keyword::ALL {
            assert_eq!(Keyword::parse(k.word()), Some(k));
        }
        assert_eq!(Keyword::parse("conflict"), None);
    }
}
