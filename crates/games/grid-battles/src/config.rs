//! The resolved, self-contained game config: one scenario plus every piece of content it needs.
//!
//! A [`Config`] is what replays embed, so it must not refer to files. It is plain data with
//! public fields; [`GridBattles::new`](crate::GridBattles) re-validates it (a config read from a
//! replay file is untrusted input), while [`Content`](crate::Content) builds it from TOML with
//! line-numbered error messages.

use gridwright_engine::Seat;
use gridwright_engine::content::Problems;
use gridwright_engine::dice::{DiceError, Die, DieDef, SymbolTable, build_dice};
use serde::{Deserialize, Serialize};
use std::fmt;

/// The fewest and most units a scenario may field in total.
pub const MAX_UNITS: usize = 32;
/// The widest and tallest map (hex codes stay four digits, the occupancy bitset stays small).
pub const MAX_MAP_SIDE: u8 = 32;
/// Hexes on the largest map.
pub const MAX_HEXES: usize = MAX_MAP_SIDE as usize * MAX_MAP_SIDE as usize;
/// The most rounds a scenario may last.
pub const MAX_ROUND_LIMIT: u16 = 1000;
/// The longest range of a ranged unit, in hexes.
pub const MAX_RANGE: u8 = 20;
/// The most movement points of a unit type.
pub const MAX_MOVEMENT: u8 = 20;
/// The most health of a unit type.
pub const MAX_HEALTH: u8 = 99;

/// Checks one side of the map (`field` is `map.width` or `map.height`): 1 to [`MAX_MAP_SIDE`]
/// hexes. The one check of the map size, for scenario files and configs alike.
pub(crate) fn map_side(p: &mut Problems, field: &str, side: i64) -> bool {
    p.range(field, side, 1, i64::from(MAX_MAP_SIDE))
}

/// A unit's base type: decides who has the attack bonus against whom.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum BaseType {
    /// Foot soldiers in close order (pikemen).
    Infantry,
    /// Riders (knights).
    Mounted,
    /// Troops that shoot (archers).
    Missile,
}

impl BaseType {
    /// All base types.
    pub const ALL: [BaseType; 3] = [BaseType::Infantry, BaseType::Mounted, BaseType::Missile];

    /// The name used in content files.
    pub fn name(self) -> &'static str {
        match self {
            BaseType::Infantry => "infantry",
            BaseType::Mounted => "mounted",
            BaseType::Missile => "missile",
        }
    }

    /// Parses a content-file name.
    pub fn from_name(s: &str) -> Option<BaseType> {
        BaseType::ALL.into_iter().find(|b| b.name() == s)
    }

    pub(crate) fn bit(self) -> u8 {
        1 << (self as u8)
    }
}

impl fmt::Display for BaseType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// How a unit attacks.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum AttackKind {
    /// Adjacent enemies only; a surviving bold defender strikes back.
    Melee,
    /// Enemies within range and clear line of sight.
    Ranged,
}

impl AttackKind {
    /// The name used in content files.
    pub fn name(self) -> &'static str {
        match self {
            AttackKind::Melee => "melee",
            AttackKind::Ranged => "ranged",
        }
    }
}

impl fmt::Display for AttackKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A symbol printed on a die face.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Symbol {
    /// One hit.
    Sword,
    /// One hit, only when the attacker has the advantage.
    Bonus,
    /// Cancels one hit.
    Shield,
}

impl Symbol {
    /// All symbols.
    pub const ALL: [Symbol; 3] = [Symbol::Sword, Symbol::Bonus, Symbol::Shield];

    /// The name used in content files (and by the engine's dice).
    pub fn name(self) -> &'static str {
        match self {
            Symbol::Sword => "sword",
            Symbol::Bonus => "bonus",
            Symbol::Shield => "shield",
        }
    }

    /// Parses a content-file name.
    pub fn from_name(s: &str) -> Option<Symbol> {
        Symbol::ALL.into_iter().find(|b| b.name() == s)
    }

    /// A one-character picture for terminals.
    pub fn glyph(self) -> char {
        match self {
            Symbol::Sword => '⚔',
            Symbol::Bonus => '✸',
            Symbol::Shield => '⛨',
        }
    }
}

/// A kind of terrain.
#[derive(Clone, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct TerrainType {
    /// Name used in content (`plain`, `woods`, `hill`).
    pub id: String,
    /// The letter that stands for it in scenario map rows.
    pub letter: char,
    /// The picture drawn in terminal maps.
    pub glyph: char,
    /// Movement points to enter a hex of it.
    pub cost: u8,
    /// Whether it blocks line of sight through it.
    pub blocks_los: bool,
}

/// A die: its faces, each a multiset of symbols.
#[derive(Clone, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct DieType {
    /// Name used in content (`yellow`, `brown`, ...).
    pub id: String,
    /// The faces, in order; a blank face is an empty list.
    pub faces: Vec<Vec<Symbol>>,
}

impl DieType {
    /// The die as the engine's dice maths reads it.
    pub fn engine_def(&self) -> DieDef {
        DieDef {
            name: self.id.clone(),
            faces: self
                .faces
                .iter()
                .map(|f| f.iter().map(|s| s.name().to_owned()).collect())
                .collect(),
        }
    }
}

/// `dice` as engine dice (each built or refused on its own), sharing one symbol table in which
/// sword, bonus and shield come first, in that order.
pub(crate) fn engine_dice(dice: &[DieType]) -> (SymbolTable, Vec<Result<Die, DiceError>>) {
    build_dice(
        &Symbol::ALL.map(Symbol::name),
        dice.iter().map(DieType::engine_def),
    )
}

/// A unit type's statistics.
#[derive(Clone, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct UnitType {
    /// Name used in scenarios and on the command line (`knight`).
    pub id: String,
    /// Display name (`Knight`).
    pub name: String,
    /// One letter for maps (`K`).
    pub letter: char,
    /// One or more base types.
    pub base: Vec<BaseType>,
    /// Melee or ranged.
    pub attack: AttackKind,
    /// How far it shoots, in hexes (1 for melee units).
    pub range: u8,
    /// Movement points per activation.
    pub movement: u8,
    /// Starting health.
    pub health: u8,
    /// Id of the die it attacks with.
    pub attack_die: String,
    /// Id of the die it defends with.
    pub defence_die: String,
}

impl UnitType {
    /// Checks the unit type's numbers, with field paths relative to it: `health` 1 to
    /// [`MAX_HEALTH`], `movement` 0 to [`MAX_MOVEMENT`], a ranged unit's `range` 1 to
    /// [`MAX_RANGE`]. The one place these facts are checked, for content files and configs alike.
    pub(crate) fn check(&self, p: &mut Problems) {
        p.range("health", self.health, 1, MAX_HEALTH);
        p.range("movement", self.movement, 0, MAX_MOVEMENT);
        if self.attack == AttackKind::Ranged && !(1..=MAX_RANGE).contains(&self.range) {
            p.push(
                "range",
                format!("range {} is not between 1 and {MAX_RANGE}", self.range),
            );
        }
    }
}

/// One row of the attack bonus table: `attacker` has the advantage against `against`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Advantage {
    /// The base type that gets the bonus symbols.
    pub attacker: BaseType,
    /// The base type it gets them against.
    pub against: BaseType,
}

/// The map: size and terrain.
#[derive(Clone, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct MapConfig {
    /// Number of columns (codes `00..width`).
    pub width: u8,
    /// Number of rows (codes `00..height`).
    pub height: u8,
    /// One string per row, one terrain letter per column.
    pub rows: Vec<String>,
}

/// A unit placed at the start of the scenario.
#[derive(Clone, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Placement {
    /// Unit type id.
    pub unit: String,
    /// Hex code (`"0304"`).
    pub at: String,
}

/// One side of the battle.
#[derive(Clone, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct SideConfig {
    /// Display name of the side.
    pub name: String,
    /// Its units, in id order.
    pub units: Vec<Placement>,
}

/// How the battle is won before the round limit.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "kebab-case")]
pub enum Victory {
    /// The first side to hold this many victory points wins.
    Vp(u8),
    /// The side that destroys every enemy unit wins.
    DestroyAll,
}

impl fmt::Display for Victory {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Victory::Vp(n) => write!(f, "first to {n} VP"),
            Victory::DestroyAll => f.write_str("destroy every enemy unit"),
        }
    }
}

/// A fully resolved scenario with all the content it uses. Replays embed it.
#[derive(Clone, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct Config {
    /// Scenario name (file stem, e.g. `skirmish`).
    pub scenario: String,
    /// Display title.
    pub title: String,
    /// A few sentences for the lobby.
    pub description: String,
    /// The map.
    pub map: MapConfig,
    /// Terrain types; the map rows use their letters.
    pub terrain: Vec<TerrainType>,
    /// Dice.
    pub dice: Vec<DieType>,
    /// Unit types.
    pub units: Vec<UnitType>,
    /// The attack bonus table.
    pub bonus: Vec<Advantage>,
    /// The two sides, P1 first.
    pub sides: Vec<SideConfig>,
    /// Units each side must activate per turn (fewer if it has fewer fresh units).
    pub activations: u8,
    /// The side that starts the first round.
    pub first: Seat,
    /// The game ends after this many rounds.
    pub round_limit: u16,
    /// The victory condition.
    pub victory: Victory,
}
