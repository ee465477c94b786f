//! The closed vocabulary card effects are written in: [`Keyword`]s a card simply has, and
//! [`Ability`] lines that compose a [`Trigger`], [`Condition`]s, a [`Target`] and [`Effect`]s,
//! the way Command Core directives compose icons. One interpreter runs them all
//! (`rules/effects.rs` for abilities; the keywords where their rule lives: `rules/combat.rs`,
//! `rules/stats.rs`, `rules/flank.rs`, `rules/zone_control.rs`, `rules/turn.rs`,
//! `rules/deploy.rs` for Salvage and `rules/setup.rs` for a new card's Shield); nothing here
//! runs by itself. Every word is defined in `docs/rules/starcore.md`, "Card data and keywords".
//!
//! In card files every enum is written in `snake_case`: a word alone (`"pierce"`), or a
//! one-key table for a word with a number or fields (`{ flank = 2 }`,
//! `{ sector_lock = { protect = "S3", from = "S2" } }`).

use crate::grid::{Row, Sector, Zone};
use crate::rules::targeting::TargetBox;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fmt;

use crate::rules::network::{ResourceType, Resources};

/// A number on a card that adjusts a stat.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Stat {
    /// Damage dealt by an attack.
    Dmg,
    /// Hit points (maximum and current alike).
    Hp,
    /// Defence: an attack hits on 2d12 ≥ 10 + DEF.
    Def,
    /// Steps per Orders step.
    Movement,
}

/// Which cards, seen from the card that has the word.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Side {
    /// The owner's cards.
    Friendly,
    /// The opponent's cards.
    Enemy,
    /// Either player's cards.
    Any,
}

/// A kind of card, as conditions and targets name it.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CardKind {
    /// A player's Commander.
    Commander,
    /// A Unit, Structures included.
    Unit,
    /// A Module.
    Module,
    /// A Resource core.
    Resource,
    /// An Action.
    Action,
}

impl fmt::Display for CardKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            CardKind::Commander => "Commander",
            CardKind::Unit => "Unit",
            CardKind::Module => "Module",
            CardKind::Resource => "Resource",
            CardKind::Action => "Action",
        })
    }
}

/// A stat change: `amount` added to `stat` (negative lowers it, never below 0).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StatMod {
    /// The stat changed.
    pub stat: Stat,
    /// The change.
    pub amount: i8,
}

/// A keyword: a rule a card simply has, with its number or fields.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum Keyword {
    /// A hit also deals half its damage (rounded down) to every enemy card face-adjacent to
    /// the target.
    Splash,
    /// Attacks are never screened by the blocking option and ignore the target's Shield.
    Pierce,
    /// A hit that leaves a non-Commander target with N HP or fewer destroys it.
    Execute(u8),
    /// +N damage attacking from lanes 1, 2, 7, 8 into lanes 3–6.
    Flank(u8),
    /// +N damage attacking a card in the other zone.
    ZoneFlank(u8),
    /// While this card is on the board and its owner holds at least `tiles` tiles of `zone`,
    /// every Unit of that owner standing in `zone` has `stat` changed by `amount` (Grid seed,
    /// "Zone Control Strategy": "Zone 1 Dominance … all your Units in Zone 1 gain +1 DEF").
    ZoneDominance {
        /// The zone held and buffed.
        zone: crate::grid::Zone,
        /// Tiles of the zone (both grids, 24 in all) that must hold an owner's card.
        tiles: u8,
        /// The stat changed.
        stat: Stat,
        /// The change.
        amount: i8,
    },
    /// While this card is on the board, its owner's cards in `protect` cannot be targeted by
    /// attacks from cards standing in `from`.
    SectorLock {
        /// The sector whose cards are protected.
        protect: Sector,
        /// The sector attacks cannot come from.
        from: Sector,
    },
    /// Every card of `side` face-adjacent to this card has `stat` changed by `amount` while
    /// this card is on the board (a Module's Aura too, linked or not).
    Aura {
        /// Whose cards.
        side: Side,
        /// The stat changed.
        stat: Stat,
        /// The change.
        amount: i8,
    },
    /// An enemy attack whose target box holds a card with Taunt must target one of them.
    Taunt,
    /// Targeted by an enemy Unit's or Commander's attack from inside its own box, this card
    /// attacks the attacker first; the attack fizzles if the attacker is destroyed.
    FirstStrike,
    /// At its owner's Cleanup, every friendly card face-adjacent to this one regains up to N HP.
    Heal(u8),
    /// The card has N Shield points, restored at its owner's Generate step; Shield points take
    /// damage before HP.
    Shield(u8),
    /// When the card enters the board, its owner takes the card last put into their Scrapyard
    /// back into their hand.
    Salvage,
}

impl Keyword {
    /// The keyword as players read it on a card: "Zone Dominance", "First Strike".
    pub fn title(self) -> &'static str {
        match self {
            Keyword::Splash => "Splash",
            Keyword::Pierce => "Pierce",
            Keyword::Execute(_) => "Execute",
            Keyword::Flank(_) => "Flank",
            Keyword::ZoneFlank(_) => "Zone Flank",
            Keyword::ZoneDominance { .. } => "Zone Dominance",
            Keyword::SectorLock { .. } => "Sector Lock",
            Keyword::Aura { .. } => "Aura",
            Keyword::Taunt => "Taunt",
            Keyword::FirstStrike => "First Strike",
            Keyword::Heal(_) => "Heal",
            Keyword::Shield(_) => "Shield",
            Keyword::Salvage => "Salvage",
        }
    }

    /// The keyword's name in card files.
    pub fn name(self) -> &'static str {
        match self {
            Keyword::Splash => "splash",
            Keyword::Pierce => "pierce",
            Keyword::Execute(_) => "execute",
            Keyword::Flank(_) => "flank",
            Keyword::ZoneFlank(_) => "zone_flank",
            Keyword::ZoneDominance { .. } => "zone_dominance",
            Keyword::SectorLock { .. } => "sector_lock",
            Keyword::Aura { .. } => "aura",
            Keyword::Taunt => "taunt",
            Keyword::FirstStrike => "first_strike",
            Keyword::Heal(_) => "heal",
            Keyword::Shield(_) => "shield",
            Keyword::Salvage => "salvage",
        }
    }
}

/// When an ability runs.
#[derive(Clone, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum Trigger {
    /// An Action resolving from the stack (Actions only).
    OnPlay,
    /// The card entering the board.
    OnEnter,
    /// The card being destroyed.
    OnDestroyed,
    /// The owner's Generate step.
    StartOfTurn,
    /// The owner's Cleanup step.
    EndOfTurn,
    /// The card's attack hitting.
    OnHit,
    /// The card entering a zone during a move.
    OnEnterZone,
    /// The card entering a sector during a move.
    OnEnterSector,
    /// The owner chooses to run it once per turn, paying the cost from the card's network (or
    /// the whole pool under global pooling).
    Activated(CostDef),
}

/// What must hold for an ability to run (all of them, checked when it resolves).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum Condition {
    /// The target has at most N HP.
    TargetHpAtMost(u8),
    /// The target is of this kind.
    TargetIs(CardKind),
    /// The target is not of this kind.
    TargetIsNot(CardKind),
    /// The target stands in this row of its grid.
    TargetInRow(Row),
    /// This card stands in this zone.
    InZone(Zone),
    /// This card stands in this sector.
    InSector(Sector),
    /// This card is linked directly to one of its owner's Resources.
    LinkedToResource,
    /// The owner holds at least N tiles of this card's zone.
    HoldsZoneTiles(u8),
}

/// A [`Condition`] about the card whose ability runs ("this card").
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum SourceCondition {
    InZone(Zone),
    InSector(Sector),
    LinkedToResource,
    HoldsZoneTiles(u8),
}

/// A [`Condition`] about each card the ability acts on ("the target").
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum TargetCondition {
    HpAtMost(u8),
    Is(CardKind),
    IsNot(CardKind),
    InRow(Row),
}

/// What a [`Condition`] is about: the interpreter checks each half where it applies, with a
/// match that names every condition of that half.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum ConditionOn {
    Source(SourceCondition),
    Target(TargetCondition),
}

impl Condition {
    /// What this condition is about (every condition is about exactly one of the two).
    pub(crate) const fn on(self) -> ConditionOn {
        use ConditionOn::{Source, Target};
        match self {
            Condition::TargetHpAtMost(n) => Target(TargetCondition::HpAtMost(n)),
            Condition::TargetIs(k) => Target(TargetCondition::Is(k)),
            Condition::TargetIsNot(k) => Target(TargetCondition::IsNot(k)),
            Condition::TargetInRow(r) => Target(TargetCondition::InRow(r)),
            Condition::InZone(z) => Source(SourceCondition::InZone(z)),
            Condition::InSector(s) => Source(SourceCondition::InSector(s)),
            Condition::LinkedToResource => Source(SourceCondition::LinkedToResource),
            Condition::HoldsZoneTiles(n) => Source(SourceCondition::HoldsZoneTiles(n)),
        }
    }
}

/// Which cards (or what) an ability acts on.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum Target {
    /// The card itself.
    This,
    /// The host a Module serves (Modules only).
    Host,
    /// One card of `side` the owner chooses inside the box (anchored at this card's lane, or
    /// at a lane the player names for an Action).
    Chosen {
        /// Whose cards may be chosen.
        side: Side,
        /// Where.
        area: TargetBox,
    },
    /// Every card of `side` inside the box (an area effect).
    Area {
        /// Whose cards are hit.
        side: Side,
        /// Where.
        area: TargetBox,
    },
    /// Every card of `side` face-adjacent to this card.
    Adjacent(Side),
    /// Every card linked to this card.
    Linked,
    /// The Commander of `side` (Friendly or Enemy).
    Commander(Side),
    /// An enemy Action waiting on the stack.
    StackAction,
    /// The owner (for effects on a player: draw, gain, salvage).
    Owner,
}

/// How long a stat change or granted keyword lasts.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Duration {
    /// Until the Cleanup of the current turn.
    EndOfTurn,
    /// As long as the card stays on the board.
    Permanent,
}

/// One thing an ability does to each of its targets.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum Effect {
    /// Deal N damage (Shield first, then HP).
    Damage(u8),
    /// Restore up to N HP, never above the card's HP stat.
    Heal(u8),
    /// Add N Shield points until the end of the turn.
    Shield(u8),
    /// Destroy the target (to its owner's Scrapyard).
    Destroy,
    /// Put the target into its owner's Void.
    Exile,
    /// Change a stat for a while.
    Modify {
        /// The change.
        change: StatMod,
        /// How long.
        until: Duration,
    },
    /// Give a keyword for a while.
    Grant {
        /// The keyword.
        keyword: Keyword,
        /// How long.
        until: Duration,
    },
    /// The owner draws N cards.
    Draw(u8),
    /// The owner's pool gains N of a resource type this turn.
    Gain {
        /// The type.
        resource: ResourceType,
        /// How much.
        amount: u8,
    },
    /// Cancel an Action on the stack: it leaves without effect for its owner's Scrapyard.
    Counter,
    /// The owner takes the card last put into their Scrapyard back into their hand.
    Salvage,
}

/// One line of a card's text: when, if what, to whom, what.
#[derive(Clone, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Ability {
    /// When it runs.
    pub trigger: Trigger,
    /// What must hold (all of them).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub conditions: Vec<Condition>,
    /// Whom it acts on.
    pub target: Target,
    /// What it does, in order.
    pub effects: Vec<Effect>,
}

/// A cost or an output as card files write it: a table of resource type to amount, such as
/// `{ energy = 2 }`.
#[derive(Clone, PartialEq, Eq, Hash, Default, Debug, Serialize, Deserialize)]
#[serde(transparent)]
pub struct CostDef(pub BTreeMap<ResourceType, u16>);

impl CostDef {
    /// The amounts as [`Resources`].
    pub fn resources(&self) -> Resources {
        self.0.iter().map(|(k, v)| Resources::of(*k, *v)).sum()
    }

    /// Whether it asks for nothing.
    pub fn is_free(&self) -> bool {
        self.0.values().all(|v| *v == 0)
    }
}
