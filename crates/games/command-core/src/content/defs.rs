//! Raw shapes of the TOML files: public fields, spans for messages, no invariants. Numbers are
//! read as `i64` and names as strings, so range and name checks can report every problem with
//! its line instead of stopping at the first.

use gridwright_engine::content::Lenient;
use serde::Deserialize;
use toml::Spanned;

/// `dice.toml`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DiceFile {
    pub attack: DieDef,
    pub armour: DieDef,
    pub evade: DieDef,
}

/// `[attack]`, `[armour]` or `[evade]`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DieDef {
    pub faces: Spanned<Vec<Spanned<Vec<Spanned<String>>>>>,
}

/// `chassis/<id>.toml`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ChassisFile {
    pub id: Spanned<String>,
    pub name: Option<Spanned<String>>,
    pub letter: Option<Spanned<String>>,
    #[serde(default)]
    pub role: String,
    pub structure: Lenient<i64>,
    pub armour: ArmourDef,
    pub evasion: Lenient<i64>,
    pub slots: Lenient<i64>,
    #[serde(default)]
    pub weapon: Vec<WeaponDef>,
    #[serde(default)]
    pub directive: Vec<DirectiveDef>,
}

/// `armour = { front = 3, right = 2, rear = 1, left = 2 }`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ArmourDef {
    pub front: Lenient<i64>,
    pub right: Lenient<i64>,
    pub rear: Lenient<i64>,
    pub left: Lenient<i64>,
}

/// One `[[weapon]]`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WeaponDef {
    pub id: Spanned<String>,
    pub name: Option<String>,
    pub attack: Lenient<i64>,
    pub range: Spanned<Vec<i64>>,
    pub arcs: Spanned<Vec<Spanned<String>>>,
    pub delta: Option<Lenient<i64>>,
}

/// One `[[directive]]`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DirectiveDef {
    pub id: Spanned<String>,
    pub name: Option<String>,
    #[serde(default)]
    pub half: Vec<Spanned<HalfDef>>,
}

/// One `[[directive.half]]`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HalfDef {
    pub icons: Spanned<Vec<Spanned<String>>>,
    pub cost: Lenient<i64>,
    pub colour: Spanned<String>,
    #[serde(default)]
    pub combos: Vec<Spanned<ComboDef>>,
}

/// `{ slot = "previous", colour = "red", cost = 1 }`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ComboDef {
    pub slot: Spanned<String>,
    pub colour: Spanned<String>,
    pub cost: Lenient<i64>,
}

/// `scenarios/<name>.toml`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScenarioFile {
    pub title: Option<String>,
    #[serde(default)]
    pub description: String,
    pub round_limit: Option<Lenient<i64>>,
    pub board: BoardDef,
    pub side: Spanned<Vec<SideDef>>,
}

/// `[board]`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BoardDef {
    pub width: Lenient<i64>,
    pub height: Lenient<i64>,
    pub deploy_range: Option<Lenient<i64>>,
}

/// One `[[side]]`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SideDef {
    pub name: Option<String>,
    pub home_edge: Option<Spanned<String>>,
    pub mechs: Spanned<Vec<Spanned<String>>>,
}
