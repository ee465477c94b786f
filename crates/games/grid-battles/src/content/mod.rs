//! Loading designer-editable TOML content into validated [`Config`]s.
//!
//! Raw files deserialize into the `*Def` shapes of `defs.rs`; this module reads them into the
//! plain [`Config`] a game is played from (numbers into their types, names resolved, map rows
//! and features laid out), with the engine's content toolkit (`gridwright_engine::content`).
//! The facts of a unit type and of a scenario are checked once, by `UnitType::check` and
//! `Rules::new`, which also check configs from replays; what they find is reported at the
//! file's lines. Every problem is collected with its file, line and field.

mod defs;
mod scenario;
mod tables;

pub use gridwright_engine::content::{ContentError, Problem};

use crate::config::{Advantage, Config, DieType, TerrainType, UnitType, Victory};
use gridwright_engine::Seat;
use gridwright_engine::content::{Files, read_file, stem, valid};
use serde::Serialize;
use std::collections::BTreeMap;
use std::path::Path;
use tables::{load_dice, load_rules, load_units};

gridwright_engine::shipped!(
    impl Content,
    "../../../content/grid-battles":
    "units.toml",
    "dice.toml",
    "rules.toml",
    "scenarios/skirmish.toml",
    "scenarios/pitched-battle.toml",
    "scenarios/hill-and-woods.toml",
);

/// Unit types, dice, rules tables and scenarios, validated.
///
/// # Examples
/// ```
/// use gridwright_grid_battles::Content;
/// let content = Content::builtin()?;
/// assert!(content.scenario_names().contains(&"skirmish".to_string()));
/// let config = content.config("skirmish")?;
/// assert_eq!(config.sides.len(), 2);
/// # Ok::<(), gridwright_grid_battles::ContentError>(())
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct Content {
    terrain: Vec<TerrainType>,
    default_terrain: usize,
    dice: Vec<DieType>,
    units: Vec<UnitType>,
    bonus: Vec<Advantage>,
    scenarios: BTreeMap<String, Config>,
}

/// What the lobby shows about a scenario.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ScenarioSummary {
    /// Scenario name (file stem).
    pub name: String,
    /// Display title.
    pub title: String,
    /// Description.
    pub description: String,
    /// Number of seats (always 2).
    pub seats: u8,
    /// Map columns and rows.
    pub map_size: (u8, u8),
    /// Each side's name and units: `(unit type name, count)`.
    pub sides: Vec<SideSummary>,
    /// Units to activate per turn (K).
    pub activations: u8,
    /// The side that starts the first round.
    pub first: Seat,
    /// Victory condition.
    pub victory: Victory,
    /// Round limit.
    pub round_limit: u16,
}

/// One side in a [`ScenarioSummary`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct SideSummary {
    /// Side name.
    pub name: String,
    /// `(unit type name, count)`, in first-appearance order.
    pub units: Vec<(String, usize)>,
    /// Total units.
    pub total: usize,
}

impl ScenarioSummary {
    /// The summary of a resolved config.
    pub fn of(config: &Config) -> ScenarioSummary {
        let sides = config
            .sides
            .iter()
            .map(|s| {
                let mut units: Vec<(String, usize)> = Vec::new();
                for p in &s.units {
                    let name = config
                        .units
                        .iter()
                        .find(|u| u.id == p.unit)
                        .map_or_else(|| p.unit.clone(), |u| u.name.clone());
                    match units.iter_mut().find(|(n, _)| *n == name) {
                        Some((_, c)) => *c += 1,
                        None => units.push((name, 1)),
                    }
                }
                SideSummary {
                    name: s.name.clone(),
                    units,
                    total: s.units.len(),
                }
            })
            .collect();
        ScenarioSummary {
            name: config.scenario.clone(),
            title: config.title.clone(),
            description: config.description.clone(),
            seats: 2,
            map_size: (config.map.width, config.map.height),
            sides,
            activations: config.activations,
            first: config.first,
            victory: config.victory,
            round_limit: config.round_limit,
        }
    }
}

impl Content {
    /// Builds content from its files ([`Files`]: the shipped ones or a folder's).
    ///
    /// # Errors
    /// [`ContentError::Io`] if one of the three tables is missing; [`ContentError::Invalid`]
    /// listing every problem found.
    pub fn from_files(files: &Files) -> Result<Content, ContentError> {
        Content::from_sources(
            files.file("units.toml")?,
            files.file("dice.toml")?,
            files.file("rules.toml")?,
            files.folder("scenarios"),
        )
    }

    /// Builds content from file texts; scenarios are `(name, text)`.
    ///
    /// # Errors
    /// [`ContentError::Invalid`] listing every problem found.
    pub fn from_sources(
        units: &str,
        dice: &str,
        rules: &str,
        scenarios: Vec<(String, String)>,
    ) -> Result<Content, ContentError> {
        let mut problems = Vec::new();
        let (terrain, default_terrain, bonus) = load_rules(rules, &mut problems);
        let dice = load_dice(dice, &mut problems);
        let units = load_units(units, &dice, &mut problems);
        let mut content = Content {
            terrain,
            default_terrain,
            dice,
            units,
            bonus,
            scenarios: BTreeMap::new(),
        };
        if !problems.is_empty() {
            // Scenario references would only repeat these problems.
            return Err(ContentError::Invalid { problems });
        }
        for (name, text) in scenarios {
            let file = format!("scenarios/{name}.toml");
            match content.resolve_scenario(&name, &file, &text) {
                Ok(c) => {
                    content.scenarios.insert(name, c);
                }
                Err(mut p) => problems.append(&mut p),
            }
        }
        valid(content, problems)
    }

    /// Names of the scenarios, sorted.
    pub fn scenario_names(&self) -> Vec<String> {
        self.scenarios.keys().cloned().collect()
    }

    /// Ids of the unit types, in file order.
    pub fn unit_names(&self) -> Vec<String> {
        self.units.iter().map(|u| u.id.clone()).collect()
    }

    /// A unit type by id.
    ///
    /// # Errors
    /// [`ContentError::UnknownName`].
    pub fn unit(&self, id: &str) -> Result<&UnitType, ContentError> {
        self.units
            .iter()
            .find(|u| u.id == id)
            .ok_or_else(|| ContentError::UnknownName {
                kind: "unit type",
                name: id.to_owned(),
                known: self.unit_names(),
            })
    }

    /// Unit types, dice, bonus table and terrain as a config without a battle, for odds.
    pub(crate) fn tables(&self) -> (&[UnitType], &[DieType], &[Advantage]) {
        (&self.units, &self.dice, &self.bonus)
    }

    /// The config of a shipped scenario, or of a scenario file at `name_or_path` resolved
    /// against this content's units, dice and rules.
    ///
    /// # Errors
    /// [`ContentError::UnknownScenario`] if it is neither; [`ContentError::Io`] or
    /// [`ContentError::Invalid`] for an unreadable or invalid file.
    pub fn config(&self, name_or_path: &str) -> Result<Config, ContentError> {
        if let Some(c) = self.scenarios.get(name_or_path) {
            return Ok(c.clone());
        }
        let path = Path::new(name_or_path);
        if !path.is_file() {
            return Err(ContentError::UnknownScenario {
                name: name_or_path.to_owned(),
                known: self.scenario_names(),
            });
        }
        let text = read_file(path)?;
        self.scenario_from_toml(&stem(path), name_or_path, &text)
    }

    /// Resolves scenario TOML text (named `name`, reported as `file`) against this content.
    ///
    /// # Errors
    /// [`ContentError::Invalid`] listing every problem.
    pub fn scenario_from_toml(
        &self,
        name: &str,
        file: &str,
        text: &str,
    ) -> Result<Config, ContentError> {
        self.resolve_scenario(name, file, text)
            .map_err(|problems| ContentError::Invalid { problems })
    }

    /// The lobby summary of a scenario (name or path, as [`Content::config`]).
    ///
    /// # Errors
    /// As [`Content::config`].
    pub fn scenario_summary(&self, name_or_path: &str) -> Result<ScenarioSummary, ContentError> {
        self.config(name_or_path).map(|c| ScenarioSummary::of(&c))
    }
}
