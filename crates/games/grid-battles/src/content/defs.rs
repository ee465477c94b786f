//! Raw shapes of the TOML content files: public fields, spans for error messages, no
//! invariants. Numbers are read as `i64` and names as strings so that range and reference
//! checks can report every problem with its line, instead of stopping at the first.

use gridwright_engine::content::Lenient;
use serde::Deserialize;
use toml::Spanned;

/// `units.toml`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UnitsFile {
    /// `[[unit]]` tables.
    #[serde(default)]
    pub unit: Vec<UnitDef>,
}

/// One `[[unit]]`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UnitDef {
    pub id: Spanned<String>,
    pub name: Option<Spanned<String>>,
    pub letter: Option<Spanned<String>>,
    pub base: Spanned<Vec<Spanned<String>>>,
    pub attack: Spanned<String>,
    pub range: Option<Lenient<i64>>,
    pub movement: Lenient<i64>,
    pub health: Lenient<i64>,
    pub attack_die: Spanned<String>,
    pub defence_die: Spanned<String>,
}

/// `dice.toml`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DiceFile {
    /// `[[die]]` tables.
    #[serde(default)]
    pub die: Vec<DieDef>,
}

/// One `[[die]]`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DieDef {
    pub id: Spanned<String>,
    pub faces: Spanned<Vec<Spanned<Vec<Spanned<String>>>>>,
}

/// `rules.toml`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RulesFile {
    /// `[[bonus]]` rows of the attack bonus table.
    #[serde(default)]
    pub bonus: Vec<BonusDef>,
    /// `[[terrain]]` types; the first is the default terrain of maps.
    #[serde(default)]
    pub terrain: Vec<TerrainDef>,
}

/// One `[[bonus]]`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BonusDef {
    pub attacker: Spanned<String>,
    pub against: Spanned<String>,
}

/// One `[[terrain]]`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TerrainDef {
    pub id: Spanned<String>,
    pub letter: Spanned<String>,
    pub glyph: Option<Spanned<String>>,
    pub cost: Option<Lenient<i64>>,
    #[serde(default)]
    pub blocks_los: bool,
}

/// `scenarios/<name>.toml`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScenarioFile {
    pub title: Option<Spanned<String>>,
    #[serde(default)]
    pub description: String,
    pub activations: Lenient<i64>,
    pub first: Lenient<i64>,
    pub round_limit: Lenient<i64>,
    pub victory: Spanned<VictoryDef>,
    pub map: MapDef,
    pub side: Spanned<Vec<SideDef>>,
}

/// `victory = "destroy-all"` or `victory = { vp = 3 }`.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum VictoryDef {
    Vp(i64),
    DestroyAll,
}

/// `[map]`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MapDef {
    pub width: Lenient<i64>,
    pub height: Lenient<i64>,
    /// Terrain id for hexes not otherwise given (default: the first terrain of `rules.toml`).
    pub default: Option<Spanned<String>>,
    /// One string of terrain letters per row (spaces ignored).
    pub rows: Option<Vec<Spanned<String>>>,
    /// `[[map.feature]]`: a terrain on a list of hexes, applied after `rows`.
    #[serde(default)]
    pub feature: Vec<FeatureDef>,
}

/// One `[[map.feature]]`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FeatureDef {
    pub terrain: Spanned<String>,
    pub hexes: Vec<Spanned<String>>,
}

/// One `[[side]]`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SideDef {
    pub name: Option<String>,
    pub units: Spanned<Vec<PlacementDef>>,
}

/// One unit placement: `{ type = "knight", at = "0102" }`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlacementDef {
    #[serde(rename = "type")]
    pub unit: Spanned<String>,
    pub at: Spanned<String>,
}
