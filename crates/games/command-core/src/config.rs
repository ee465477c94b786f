//! The resolved, self-contained game config: one scenario plus every chassis and die it uses.
//!
//! A [`Config`] is what replays embed, so it never refers to files. It is plain data with public
//! fields; [`CommandCore::new`](crate::CommandCore) validates it again (a config read from a
//! replay is untrusted input), while [`Content`](crate::Content) builds it from TOML with
//! messages that name the file, line and field.

use gridwright_engine::geom::Arc;
use serde::{Deserialize, Serialize};
use std::fmt;

/// Most mechs in one game (both sides together).
pub const MAX_MECHS: usize = 8;
/// Most directive slots a chassis may have; a program never holds more cards than this.
pub const MAX_SLOTS: usize = 4;
/// Most weapons a chassis may carry.
pub const MAX_WEAPONS: usize = 4;
/// Most directive cards a chassis may carry.
pub const MAX_DIRECTIVES: usize = 12;
/// Most icons on one half of a directive card.
pub const MAX_ICONS: usize = 4;
/// The widest and tallest board.
pub const MAX_BOARD_SIDE: u8 = 16;
/// Most dice in one attack, armour or evade pool (keeps exact chance weights in `u32`).
pub const MAX_POOL: u8 = 10;
/// The range a directive or weapon cost may take.
pub const COST_RANGE: (i8, i8) = (-6, 6);
/// The default round limit.
pub const DEFAULT_ROUND_LIMIT: u16 = 12;
/// The most rounds a scenario may last.
pub const MAX_ROUND_LIMIT: u16 = 100;
/// The most structure a chassis may have.
pub const MAX_STRUCTURE: u8 = 99;
/// The longest weapon range, in squares.
pub const MAX_RANGE: u8 = 32;

/// One icon on a directive: a move or turn relative to the mech's facing, a stop, or a target.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "kebab-case")]
pub enum Icon {
    /// Move one square in the facing direction.
    Forward,
    /// Move one square opposite the facing.
    Back,
    /// Move one square a quarter turn anticlockwise of the facing (the facing is kept).
    Left,
    /// Move one square a quarter turn clockwise of the facing (the facing is kept).
    Right,
    /// Rotate 45° anticlockwise in place.
    #[serde(rename = "turn-left-45")]
    TurnLeft45,
    /// Rotate 45° clockwise in place.
    #[serde(rename = "turn-right-45")]
    TurnRight45,
    /// Rotate 90° anticlockwise in place.
    #[serde(rename = "turn-left-90")]
    TurnLeft90,
    /// Rotate 90° clockwise in place.
    #[serde(rename = "turn-right-90")]
    TurnRight90,
    /// Stand still (always possible).
    Stop,
    /// Gain one targeting token.
    Target,
}

impl Icon {
    /// Every icon.
    pub const ALL: [Icon; 10] = [
        Icon::Forward,
        Icon::Back,
        Icon::Left,
        Icon::Right,
        Icon::TurnLeft45,
        Icon::TurnRight45,
        Icon::TurnLeft90,
        Icon::TurnRight90,
        Icon::Stop,
        Icon::Target,
    ];

    /// The name used in content files.
    pub fn name(self) -> &'static str {
        match self {
            Icon::Forward => "forward",
            Icon::Back => "back",
            Icon::Left => "left",
            Icon::Right => "right",
            Icon::TurnLeft45 => "turn-left-45",
            Icon::TurnRight45 => "turn-right-45",
            Icon::TurnLeft90 => "turn-left-90",
            Icon::TurnRight90 => "turn-right-90",
            Icon::Stop => "stop",
            Icon::Target => "target",
        }
    }

    /// Parses a content-file name.
    pub fn from_name(s: &str) -> Option<Icon> {
        Icon::ALL.into_iter().find(|i| i.name() == s)
    }

    /// A one-character picture for terminals.
    pub fn glyph(self) -> char {
        match self {
            Icon::Forward => '↑',
            Icon::Back => '↓',
            Icon::Left => '←',
            Icon::Right => '→',
            Icon::TurnLeft45 => '↶',
            Icon::TurnRight45 => '↷',
            Icon::TurnLeft90 => '⟲',
            Icon::TurnRight90 => '⟳',
            Icon::Stop => '■',
            Icon::Target => '⌖',
        }
    }
}

impl fmt::Display for Icon {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Which neighbouring slot a combo looks at.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Neighbour {
    /// The slot before (to the left of) this card.
    Previous,
    /// The slot after (to the right of) this card.
    Next,
}

/// A combo: when the card in the `slot` neighbour shows `colour` on top, the cost is `cost`.
#[derive(Clone, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Combo {
    /// Which neighbour.
    pub slot: Neighbour,
    /// The colour it must show.
    pub colour: String,
    /// The modified cost.
    pub cost: i8,
}

/// One half of a directive card (a card that is not split has one half).
#[derive(Clone, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Half {
    /// Icons, run left to right.
    pub icons: Vec<Icon>,
    /// The printed cost: positive gains Surge, negative must be paid.
    pub cost: i8,
    /// The half's colour, matched by neighbours' combos.
    pub colour: String,
    /// Combos, tried in order; the first that matches sets the cost.
    #[serde(default)]
    pub combos: Vec<Combo>,
}

/// A directive card.
#[derive(Clone, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Directive {
    /// Id, unique among the chassis' cards (weapons included); used in action texts.
    pub id: String,
    /// Display name.
    pub name: String,
    /// One half, or two for a split card (the first is on top when the card is upright).
    pub halves: Vec<Half>,
}

impl Directive {
    /// Whether the card is split (two halves, so orientation matters).
    pub fn is_split(&self) -> bool {
        self.halves.len() == 2
    }
}

/// A weapon.
#[derive(Clone, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Weapon {
    /// Id, unique among the chassis' cards; used in action texts.
    pub id: String,
    /// Display name.
    pub name: String,
    /// Attack dice rolled.
    pub attack: u8,
    /// Shortest range (Chebyshev squares).
    pub min_range: u8,
    /// Longest range.
    pub max_range: u8,
    /// Arcs (relative to the attacker's facing) the target may stand in.
    pub arcs: Vec<Arc>,
    /// The weapon's delta, resolved like a directive delta before the attack.
    pub delta: i8,
}

/// Armour dice per arc of the defender that the attacker stands in.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Armour {
    /// Front arc.
    pub front: u8,
    /// Right arc.
    pub right: u8,
    /// Rear arc.
    pub rear: u8,
    /// Left arc.
    pub left: u8,
}

impl Armour {
    /// The armour in `arc`.
    pub fn get(&self, arc: Arc) -> u8 {
        match arc {
            Arc::Front => self.front,
            Arc::Right => self.right,
            Arc::Rear => self.rear,
            Arc::Left => self.left,
        }
    }
}

/// A mech design: statistics, weapons and its own directive cards.
#[derive(Clone, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Chassis {
    /// Id used in scenarios (`scout`).
    pub id: String,
    /// Display name (`Wasp`).
    pub name: String,
    /// One letter for tables.
    pub letter: char,
    /// What it is for (`fast scout`).
    pub role: String,
    /// Starting structure.
    pub structure: u8,
    /// Armour dice per arc.
    pub armour: Armour,
    /// Evade dice.
    pub evasion: u8,
    /// Directive slots per program.
    pub slots: u8,
    /// Weapons.
    pub weapons: Vec<Weapon>,
    /// Directive cards.
    pub directives: Vec<Directive>,
}

/// A die symbol.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum DieSymbol {
    /// Attack: one damage and a crit resolution.
    Crit,
    /// Attack: one damage.
    Hit,
    /// Armour: cancels one result, crits first.
    Block,
    /// Evade: cancels one result, hits first.
    Evade,
}

impl DieSymbol {
    /// All symbols.
    pub const ALL: [DieSymbol; 4] = [
        DieSymbol::Crit,
        DieSymbol::Hit,
        DieSymbol::Block,
        DieSymbol::Evade,
    ];

    /// The name used in content files.
    pub fn name(self) -> &'static str {
        match self {
            DieSymbol::Crit => "crit",
            DieSymbol::Hit => "hit",
            DieSymbol::Block => "block",
            DieSymbol::Evade => "evade",
        }
    }

    /// Parses a content-file name.
    pub fn from_name(s: &str) -> Option<DieSymbol> {
        DieSymbol::ALL.into_iter().find(|d| d.name() == s)
    }
}

/// The three dice, each a list of faces; a face shows at most one symbol (`[]` is blank).
#[derive(Clone, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct DiceConfig {
    /// Attack die faces: crit, hit or blank.
    pub attack: Vec<Vec<DieSymbol>>,
    /// Armour die faces: block or blank.
    pub armour: Vec<Vec<DieSymbol>>,
    /// Evade die faces: evade or blank.
    pub evade: Vec<Vec<DieSymbol>>,
}

impl Default for DiceConfig {
    /// The faces of the shared decisions file.
    fn default() -> Self {
        use DieSymbol::{Block, Crit, Evade, Hit};
        DiceConfig {
            attack: vec![vec![Crit], vec![Hit], vec![Hit], vec![Hit], vec![], vec![]],
            armour: vec![
                vec![Block],
                vec![Block],
                vec![Block],
                vec![],
                vec![],
                vec![],
            ],
            evade: vec![vec![Evade], vec![Evade], vec![], vec![], vec![], vec![]],
        }
    }
}

/// Where a side may deploy.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum HomeEdge {
    /// Near any board edge.
    Any,
    /// Near the top edge (row 1).
    North,
    /// Near the bottom edge.
    South,
    /// Near the right edge.
    East,
    /// Near the left edge (column a).
    West,
}

impl HomeEdge {
    /// All values.
    pub const ALL: [HomeEdge; 5] = [
        HomeEdge::Any,
        HomeEdge::North,
        HomeEdge::South,
        HomeEdge::East,
        HomeEdge::West,
    ];

    /// The name used in content files.
    pub fn name(self) -> &'static str {
        match self {
            HomeEdge::Any => "any",
            HomeEdge::North => "north",
            HomeEdge::South => "south",
            HomeEdge::East => "east",
            HomeEdge::West => "west",
        }
    }

    /// Parses a content-file name.
    pub fn from_name(s: &str) -> Option<HomeEdge> {
        HomeEdge::ALL.into_iter().find(|e| e.name() == s)
    }
}

impl fmt::Display for HomeEdge {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One side of the battle.
#[derive(Clone, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct SideConfig {
    /// Display name.
    pub name: String,
    /// Where it deploys.
    pub home_edge: HomeEdge,
    /// Chassis ids of its mechs, in mech-number order.
    pub mechs: Vec<String>,
}

/// A fully resolved scenario with all the content it uses. Replays embed it.
#[derive(Clone, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct Config {
    /// Scenario name (file stem, e.g. `duel`).
    pub scenario: String,
    /// Display title.
    pub title: String,
    /// A few sentences for the lobby.
    pub description: String,
    /// Board columns.
    pub width: u8,
    /// Board rows.
    pub height: u8,
    /// Deploy on squares at most this many squares from the (home) edge (1 = the outer row).
    pub deploy_range: u8,
    /// The game ends after this many rounds.
    pub round_limit: u16,
    /// The dice.
    pub dice: DiceConfig,
    /// Every chassis the sides use.
    pub chassis: Vec<Chassis>,
    /// The two sides, P1 first.
    pub sides: Vec<SideConfig>,
}
