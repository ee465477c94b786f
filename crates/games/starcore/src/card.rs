//! Cards as data: the raw definitions card files hold ([`CardDef`] and one `*Def` per kind,
//! every field checked against unknown names), and the validated [`Card`] built once from a
//! definition. Building refuses impossible values and lists every problem, each naming the card
//! and the field (`docs/rules/starcore.md`, "Card data and keywords").
//!
//! Stat bands come from `shared/data/starcore/` (numbers only): commander classes, resource
//! core sizes, module HP by tier. Effects are written in the closed vocabulary of
//! [`crate::effect`].

use crate::effect::{Ability, CardKind, CostDef, Effect, Keyword, Side, Target, Trigger};
use crate::grid::{Lane, Row};
use crate::rules::links::{FaceSet, LinkCard, LinkKind};
use crate::rules::modules::{MAX_TIER, MIN_TIER, module_hp_range};
use crate::rules::network::{ResourceType, Resources};
use crate::rules::targeting::TargetBox;
use gridwright_engine::Seat;
use gridwright_engine::content::Problems;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::ops::RangeInclusive;

/// Every Commander's HP (decisions, "Setup and turn").
pub const COMMANDER_HP: u8 = 30;
/// The largest DMG, HP and DEF a card other than a Commander may print.
pub const MAX_STAT: u8 = 20;
/// The largest DEF: 10 + DEF must stay reachable on 2d12 (24).
pub const MAX_DEF: u8 = 14;
/// The most any single resource cost, output or number on a card may be.
pub const MAX_AMOUNT: u16 = 30;
/// The longest id and name.
pub const MAX_NAME: usize = 40;

/// How rare a card is; Unique, Legendary and Artifact cards are limited to one copy a deck.
#[derive(
    Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Default, Serialize, Deserialize,
)]
#[serde(rename_all = "snake_case")]
pub enum Rarity {
    /// The default.
    #[default]
    Common,
    /// Uncommon.
    Uncommon,
    /// Rare.
    Rare,
    /// Epic.
    Epic,
    /// One copy a deck.
    Legendary,
    /// One copy a deck.
    Unique,
    /// One copy a deck.
    Artifact,
}

impl Rarity {
    /// Whether a deck may hold only one copy.
    pub const fn single_copy(self) -> bool {
        matches!(self, Rarity::Legendary | Rarity::Unique | Rarity::Artifact)
    }
}

/// A Commander's class, which bounds its DMG and Movement.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CommanderClass {
    /// DMG 3–6, Movement 1–2.
    Combat,
    /// DMG 2–4, Movement 1–2.
    Control,
    /// DMG 1–3, Movement 0–1.
    Defense,
    /// DMG 0–2, Movement 0–1.
    Resource,
    /// DMG 0–2, Movement 1–2.
    Support,
    /// DMG 2–4, Movement 1–2.
    Utility,
}

impl CommanderClass {
    /// The DMG a Commander of the class may have.
    pub const fn dmg(self) -> RangeInclusive<u8> {
        match self {
            CommanderClass::Combat => 3..=6,
            CommanderClass::Control | CommanderClass::Utility => 2..=4,
            CommanderClass::Defense => 1..=3,
            CommanderClass::Resource | CommanderClass::Support => 0..=2,
        }
    }

    /// The Movement a Commander of the class may have.
    pub const fn movement(self) -> RangeInclusive<u8> {
        match self {
            CommanderClass::Defense | CommanderClass::Resource => 0..=1,
            _ => 1..=2,
        }
    }
}

/// What kind of Unit.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum UnitType {
    /// Foot soldiers.
    Infantry,
    /// Ground vehicles.
    Vehicle,
    /// Ships.
    Spaceship,
    /// Machines.
    Construct,
    /// Immobile buildings (Movement 0); the only Units that may produce resources.
    Structure,
}

/// What kind of Module (a label for effects and filters; its effects are its data).
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ModuleType {
    /// Adds damage or an attack of its own.
    Weapon,
    /// Adds HP.
    Armor,
    /// Adds Shield or DEF.
    Shield,
    /// Widens or steers attacks.
    Targeting,
    /// Heals.
    Repair,
    /// Adds or passes resources.
    Generator,
    /// Hinders enemy cards.
    Jammer,
    /// Movement and other utilities.
    Utility,
}

/// A Resource core's size, which bounds its cost, output, HP and Links.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CoreSize {
    /// Cost 0, output 2, HP 2–4, 2 Links.
    Small,
    /// Cost 1–3, output 2–4, HP 3–5, 2–3 Links.
    Medium,
    /// Cost 2–5, output 3–6, HP 4–8, 2–4 Links.
    Large,
    /// Cost 4–8, output 5–10, HP 7–12, 2–4 Links.
    Massive,
}

/// The bands of one core size.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CoreBands {
    /// Total cost.
    pub cost: RangeInclusive<u16>,
    /// Output per turn.
    pub output: RangeInclusive<u16>,
    /// HP.
    pub hp: RangeInclusive<u8>,
    /// Number of Link faces.
    pub links: RangeInclusive<usize>,
}

impl CoreSize {
    /// The size's bands (`shared/data/starcore/`, the core size table).
    pub fn bands(self) -> CoreBands {
        let (cost, output, hp, links) = match self {
            CoreSize::Small => (0..=0, 2..=2, 2..=4, 2..=2),
            CoreSize::Medium => (1..=3, 2..=4, 3..=5, 2..=3),
            CoreSize::Large => (2..=5, 3..=6, 4..=8, 2..=4),
            CoreSize::Massive => (4..=8, 5..=10, 7..=12, 2..=4),
        };
        CoreBands {
            cost,
            output,
            hp,
            links,
        }
    }
}

/// A card's attack: its DMG reaches one enemy card in the box anchored at its own lane.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AttackDef {
    /// Damage on a hit, before bonuses.
    pub dmg: u8,
    /// Where it reaches.
    pub reach: TargetBox,
}

/// A Commander as a card file writes it (no cost: it starts in its area; HP is always 30).
#[derive(Clone, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CommanderDef {
    /// Unique id (`a-z`, `0-9`, `-`).
    pub id: String,
    /// Display name.
    pub name: String,
    /// Tier 1–10.
    pub tier: u8,
    /// Class, bounding DMG and Movement.
    pub class: CommanderClass,
    /// DEF.
    #[serde(default)]
    pub def: u8,
    /// Movement 0–2.
    pub movement: u8,
    /// The attack, if it has one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub attack: Option<AttackDef>,
    /// Faces with a Link (1–4).
    pub links: FaceSet,
    /// Keywords.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub keywords: Vec<Keyword>,
    /// Abilities.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub abilities: Vec<Ability>,
}

/// A Unit (Structures included) as a card file writes it.
#[derive(Clone, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UnitDef {
    /// Unique id.
    pub id: String,
    /// Display name.
    pub name: String,
    /// Tier 1–10.
    pub tier: u8,
    /// Rarity.
    #[serde(default)]
    pub rarity: Rarity,
    /// Cost to deploy.
    pub cost: CostDef,
    /// Kind of Unit.
    #[serde(rename = "type")]
    pub unit_type: UnitType,
    /// HP.
    pub hp: u8,
    /// DEF.
    #[serde(default)]
    pub def: u8,
    /// Movement 0–2 (0 for Structures).
    pub movement: u8,
    /// The attack, if it has one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub attack: Option<AttackDef>,
    /// Rows of its owner's grid it may be deployed on (all if empty).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub rows: Vec<Row>,
    /// Faces with a Link (1–4).
    pub links: FaceSet,
    /// Resources produced each Generate step (Structures only).
    #[serde(default, skip_serializing_if = "CostDef::is_free")]
    pub output: CostDef,
    /// Keywords.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub keywords: Vec<Keyword>,
    /// Abilities.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub abilities: Vec<Ability>,
}

/// What a Module gives the host it serves, while it serves it.
#[derive(Clone, PartialEq, Eq, Hash, Default, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HostBonusDef {
    /// Stat changes.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub stats: Vec<crate::effect::StatMod>,
    /// Keywords given.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub keywords: Vec<Keyword>,
}

/// A Module as a card file writes it (Movement 0 always).
#[derive(Clone, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ModuleDef {
    /// Unique id.
    pub id: String,
    /// Display name.
    pub name: String,
    /// Tier 1–10, which bounds its HP.
    pub tier: u8,
    /// Rarity.
    #[serde(default)]
    pub rarity: Rarity,
    /// Cost to deploy.
    pub cost: CostDef,
    /// Kind of Module.
    #[serde(rename = "type")]
    pub module_type: ModuleType,
    /// HP, within its tier's band.
    pub hp: u8,
    /// DEF.
    #[serde(default)]
    pub def: u8,
    /// Movement 0–2: 0 unless the card says otherwise (`../shared/rules/starcore.md`, Board).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub movement: u8,
    /// Faces with a Link (1–4).
    pub links: FaceSet,
    /// It links to other Modules to carry resources (never to serve them).
    #[serde(default)]
    pub relay: bool,
    /// It may attach to (serve) another Module.
    #[serde(default)]
    pub mounts_on_modules: bool,
    /// What its host gets.
    #[serde(default)]
    pub host: HostBonusDef,
    /// An attack of its own (Weapon Modules).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub attack: Option<AttackDef>,
    /// The Module's own keywords (Aura, Taunt, …).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub keywords: Vec<Keyword>,
    /// Abilities.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub abilities: Vec<Ability>,
}

/// A Resource core as a card file writes it: a pure stat block, no keywords or abilities.
#[derive(Clone, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ResourceDef {
    /// Unique id.
    pub id: String,
    /// Display name.
    pub name: String,
    /// Tier 1–10.
    pub tier: u8,
    /// Rarity.
    #[serde(default)]
    pub rarity: Rarity,
    /// Size, bounding cost, output, HP and Links.
    pub size: CoreSize,
    /// Cost to deploy.
    #[serde(default, skip_serializing_if = "CostDef::is_free")]
    pub cost: CostDef,
    /// The type it produces.
    pub produces: ResourceType,
    /// How much each Generate step.
    pub output: u16,
    /// HP.
    pub hp: u8,
    /// DEF.
    #[serde(default)]
    pub def: u8,
    /// Movement 0–2: 0 unless the card says otherwise (`../shared/rules/starcore.md`, Board).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub movement: u8,
    /// Faces with a Link.
    pub links: FaceSet,
}

/// Whether a number is 0 (left out when a definition is written back).
#[allow(clippy::trivially_copy_pass_by_ref)]
fn is_zero(n: &u8) -> bool {
    *n == 0
}

/// An Action as a card file writes it: a cost and what it does when it resolves.
#[derive(Clone, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ActionDef {
    /// Unique id.
    pub id: String,
    /// Display name.
    pub name: String,
    /// Tier 1–10.
    pub tier: u8,
    /// Rarity.
    #[serde(default)]
    pub rarity: Rarity,
    /// Cost to play (at least 1).
    pub cost: CostDef,
    /// What it does (every ability triggers `on_play`).
    pub abilities: Vec<Ability>,
}

/// One card definition, tagged by kind: `{ "unit": { … } }` (in TOML, `[card.unit]`).
#[derive(Clone, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum CardDef {
    /// A Commander.
    Commander(CommanderDef),
    /// A Unit or Structure.
    Unit(UnitDef),
    /// A Module.
    Module(ModuleDef),
    /// A Resource core.
    Resource(ResourceDef),
    /// An Action.
    Action(ActionDef),
}

impl CardDef {
    /// The card's id as written (for messages).
    pub fn id(&self) -> &str {
        self.header().0
    }

    /// The id, name and tier every kind writes.
    fn header(&self) -> (&str, &str, u8) {
        match self {
            CardDef::Commander(d) => (&d.id, &d.name, d.tier),
            CardDef::Unit(d) => (&d.id, &d.name, d.tier),
            CardDef::Module(d) => (&d.id, &d.name, d.tier),
            CardDef::Resource(d) => (&d.id, &d.name, d.tier),
            CardDef::Action(d) => (&d.id, &d.name, d.tier),
        }
    }

    /// Checks the definition and builds the card.
    ///
    /// # Errors
    /// Every problem found (the engine's content toolkit's [`Problems`]), each at the field's
    /// path inside the card (`attack.reach`, `keywords[1]`) and naming the card in its message
    /// (``card `glass-lancer`: 0 is outside 1–20 (a Unit needs HP)``); the content layer files
    /// them at the card's file and line.
    pub fn validate(&self) -> Result<Card, Problems> {
        Card::try_from(self)
    }
}

/// The validated card stats (0 where a kind has none).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Stats {
    /// Damage of its attack (0 without one).
    pub dmg: u8,
    /// HP (0 for Actions).
    pub hp: u8,
    /// DEF.
    pub def: u8,
    /// Movement.
    pub movement: u8,
}

/// What is particular to each kind of card, validated.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub enum Kind {
    /// A Commander of a class.
    Commander(CommanderClass),
    /// A Unit of a type; `rows` empty means any row.
    Unit {
        /// Its type.
        unit_type: UnitType,
        /// Rows it may enter on.
        rows: Vec<Row>,
    },
    /// A Module.
    Module {
        /// Its type.
        module_type: ModuleType,
        /// A relay.
        relay: bool,
        /// May serve another Module.
        mounts_on_modules: bool,
        /// What its host gets.
        host: HostBonusDef,
    },
    /// A Resource core of a size.
    Resource(CoreSize),
    /// An Action.
    Action,
}

/// A validated card: built once from its [`CardDef`]; its values are all possible.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Card {
    id: String,
    name: String,
    tier: u8,
    rarity: Rarity,
    cost: Resources,
    output: Resources,
    stats: Stats,
    attack: Option<TargetBox>,
    links: FaceSet,
    kind: Kind,
    keywords: Vec<Keyword>,
    abilities: Vec<Ability>,
}

impl Card {
    /// The id.
    pub fn id(&self) -> &str {
        &self.id
    }
    /// The display name.
    pub fn name(&self) -> &str {
        &self.name
    }
    /// The tier.
    pub fn tier(&self) -> u8 {
        self.tier
    }
    /// The rarity.
    pub fn rarity(&self) -> Rarity {
        self.rarity
    }
    /// The cost to deploy or play.
    pub fn cost(&self) -> Resources {
        self.cost
    }
    /// What it produces each Generate step (Resources and Structures).
    pub fn output(&self) -> Resources {
        self.output
    }
    /// The stats.
    pub fn stats(&self) -> Stats {
        self.stats
    }
    /// Where its attack reaches, if it has one.
    pub fn attack(&self) -> Option<TargetBox> {
        self.attack
    }
    /// Faces with a Link.
    pub fn links(&self) -> FaceSet {
        self.links
    }
    /// The kind's particulars.
    pub fn kind(&self) -> &Kind {
        &self.kind
    }
    /// The kind of card.
    pub fn card_kind(&self) -> CardKind {
        match self.kind {
            Kind::Commander(_) => CardKind::Commander,
            Kind::Unit { .. } => CardKind::Unit,
            Kind::Module { .. } => CardKind::Module,
            Kind::Resource(_) => CardKind::Resource,
            Kind::Action => CardKind::Action,
        }
    }
    /// Keywords.
    pub fn keywords(&self) -> &[Keyword] {
        &self.keywords
    }
    /// Abilities.
    pub fn abilities(&self) -> &[Ability] {
        &self.abilities
    }

    /// What the link rules need, for a copy owned by `owner`; `None` for an Action (never on
    /// the board).
    pub fn link_card(&self, owner: Seat) -> Option<LinkCard> {
        let kind = match self.kind {
            Kind::Commander(_) => LinkKind::Commander,
            Kind::Unit { .. } => LinkKind::Unit,
            Kind::Module { .. } => LinkKind::Module,
            Kind::Resource(_) => LinkKind::Resource,
            Kind::Action => return None,
        };
        let mut card = LinkCard::new(owner, kind, self.links.iter());
        if let Kind::Module {
            relay,
            mounts_on_modules,
            ..
        } = self.kind
        {
            card.relay = relay;
            card.mounts_on_modules = mounts_on_modules;
        }
        Some(card)
    }
}

/// Collects problems for one card.
struct Check<'a> {
    card: &'a str,
    problems: Problems,
}

impl Check<'_> {
    fn fail(&mut self, field: impl Into<String>, message: impl Into<String>) {
        self.problems
            .push(field, format!("card `{}`: {}", self.card, message.into()));
    }

    fn within<T: PartialOrd + fmt::Display>(
        &mut self,
        field: &str,
        value: T,
        band: &RangeInclusive<T>,
        why: &str,
    ) {
        if !band.contains(&value) {
            self.fail(
                field,
                format!("{value} is outside {}–{} ({why})", band.start(), band.end()),
            );
        }
    }

    fn id(&mut self, id: &str) {
        let ok = gridwright_engine::content::id_rule(id) && id.len() <= MAX_NAME;
        if !ok {
            self.fail(
                "id",
                format!("must be 1–{MAX_NAME} characters of a-z, 0-9 and -"),
            );
        }
    }

    fn name(&mut self, name: &str) {
        if name.trim().is_empty()
            || name.chars().count() > MAX_NAME
            || name.chars().any(char::is_control)
        {
            self.fail("name", format!("must be 1–{MAX_NAME} printable characters"));
        }
    }

    fn tier(&mut self, tier: u8) {
        self.within("tier", tier, &(MIN_TIER..=MAX_TIER), "tiers run 1–10");
    }

    fn cost(&mut self, field: &str, cost: &CostDef) {
        for (t, v) in &cost.0 {
            if *v > MAX_AMOUNT {
                self.fail(
                    format!("{field}.{}", t.to_string().to_lowercase()),
                    format!("{v} is more than {MAX_AMOUNT}"),
                );
            }
        }
    }

    fn links(&mut self, links: FaceSet, band: &RangeInclusive<usize>) {
        self.within("links", links.len(), band, "Link faces this kind may have");
    }

    fn stat(&mut self, field: &str, value: u8, max: u8) {
        if value > max {
            self.fail(field, format!("{value} is more than {max}"));
        }
    }

    fn attack(&mut self, attack: Option<&AttackDef>) {
        if let Some(a) = attack {
            if a.dmg == 0 {
                self.fail("attack.dmg", "an attack must deal at least 1 damage");
            }
            self.stat("attack.dmg", a.dmg, MAX_STAT);
            if box_is_empty(a.reach) {
                self.fail(
                    "attack.reach",
                    format!(
                        "{} holds no tile: the sector has none of those rows",
                        a.reach
                    ),
                );
            }
        }
    }

    fn keywords(&mut self, field: &str, keywords: &[Keyword]) {
        for (i, k) in keywords.iter().enumerate() {
            let f = format!("{field}[{i}]");
            if keywords[..i].iter().any(|o| o.name() == k.name()) {
                self.fail(&f, format!("`{}` appears twice", k.name()));
            }
            match *k {
                Keyword::Execute(n)
                | Keyword::Flank(n)
                | Keyword::ZoneFlank(n)
                | Keyword::Heal(n)
                | Keyword::Shield(n) => {
                    if n == 0 || u16::from(n) > MAX_AMOUNT {
                        self.fail(
                            &f,
                            format!("`{}` needs a number from 1 to {MAX_AMOUNT}", k.name()),
                        );
                    }
                }
                Keyword::ZoneDominance { tiles, amount, .. } => {
                    if !(1..=24).contains(&tiles) {
                        self.fail(&f, "zone_dominance needs 1–24 tiles (a zone has 24)");
                    }
                    if amount == 0 {
                        self.fail(&f, "a zone_dominance that changes a stat by 0 does nothing");
                    }
                }
                Keyword::SectorLock { protect, from } => {
                    if protect == from {
                        self.fail(&f, "sector_lock must name two different sectors");
                    }
                }
                Keyword::Aura { amount, .. } => {
                    if amount == 0 {
                        self.fail(&f, "an aura that changes a stat by 0 does nothing");
                    }
                }
                Keyword::Splash
                | Keyword::Pierce
                | Keyword::Taunt
                | Keyword::FirstStrike
                | Keyword::Salvage => {}
            }
        }
    }

    fn abilities(&mut self, kind: CardKind, abilities: &[Ability]) {
        for (i, a) in abilities.iter().enumerate() {
            let f = format!("abilities[{i}]");
            let on_play = a.trigger == Trigger::OnPlay;
            if (kind == CardKind::Action) != on_play {
                self.fail(
                    format!("{f}.trigger"),
                    if on_play {
                        "only an Action triggers on_play; a card on the board uses on_enter"
                    } else {
                        "an Action's abilities trigger on_play"
                    },
                );
            }
            if let Trigger::Activated(cost) = &a.trigger {
                if cost.is_free() {
                    self.fail(
                        format!("{f}.trigger"),
                        "an activated ability must cost something",
                    );
                }
                self.cost(&format!("{f}.trigger.activated"), cost);
            }
            if a.target == Target::Host && kind != CardKind::Module {
                self.fail(format!("{f}.target"), "only a Module has a host");
            }
            if let Target::Chosen { area, .. } | Target::Area { area, .. } = a.target
                && box_is_empty(area)
            {
                self.fail(format!("{f}.target"), format!("{area} holds no tile"));
            }
            if let Target::Commander(Side::Any) = a.target {
                self.fail(
                    format!("{f}.target"),
                    "name the friendly or the enemy Commander",
                );
            }
            if a.effects.is_empty() {
                self.fail(format!("{f}.effects"), "an ability must do something");
            }
            let counters = a.effects.contains(&Effect::Counter);
            if counters != (a.target == Target::StackAction) {
                self.fail(
                    format!("{f}.target"),
                    "counter targets stack_action, and stack_action is only for counter",
                );
            }
            if counters && a.effects.len() > 1 {
                self.fail(format!("{f}.effects"), "counter stands alone");
            }
            for (j, e) in a.effects.iter().enumerate() {
                let ef = format!("{f}.effects[{j}]");
                match *e {
                    Effect::Damage(0)
                    | Effect::Heal(0)
                    | Effect::Shield(0)
                    | Effect::Draw(0)
                    | Effect::Gain { amount: 0, .. } => {
                        self.fail(ef, "an amount of 0 does nothing");
                    }
                    Effect::Modify { change, .. } if change.amount == 0 => {
                        self.fail(ef, "a change of 0 does nothing");
                    }
                    Effect::Grant { keyword, .. } => {
                        self.keywords(&format!("{ef}.keyword"), &[keyword]);
                    }
                    _ => {}
                }
            }
        }
    }
}

/// Whether a box reaches no tile whatever its anchor lane.
fn box_is_empty(b: TargetBox) -> bool {
    Lane::all().all(|lane| b.tiles(lane).is_empty())
}

impl Stats {
    /// The stats of a card with `attack` (DMG 0 without one).
    fn of(attack: Option<AttackDef>, hp: u8, def: u8, movement: u8) -> Stats {
        Stats {
            dmg: attack.map_or(0, |a| a.dmg),
            hp,
            def,
            movement,
        }
    }
}

impl Card {
    /// A card with `def`'s id, name and tier, of `rarity` and `kind`, and nothing else yet.
    fn bare(def: &CardDef, rarity: Rarity, kind: Kind) -> Card {
        let (id, name, tier) = def.header();
        Card {
            id: id.to_owned(),
            name: name.to_owned(),
            tier,
            rarity,
            cost: Resources::NONE,
            output: Resources::NONE,
            stats: Stats::default(),
            attack: None,
            links: FaceSet::EMPTY,
            kind,
            keywords: Vec::new(),
            abilities: Vec::new(),
        }
    }

    /// This card standing on the board with `stats`, `attack`, `links`, `keywords` and
    /// `abilities`.
    fn on_board(
        self,
        stats: Stats,
        attack: Option<AttackDef>,
        links: FaceSet,
        keywords: &[Keyword],
        abilities: &[Ability],
    ) -> Card {
        Card {
            stats,
            attack: attack.map(|a| a.reach),
            links,
            keywords: keywords.to_vec(),
            abilities: abilities.to_vec(),
            ..self
        }
    }
}

impl TryFrom<&CardDef> for Card {
    type Error = Problems;

    fn try_from(def: &CardDef) -> Result<Card, Problems> {
        let (id, name, tier) = def.header();
        let mut c = Check {
            card: id,
            problems: Problems::new(),
        };
        c.id(id);
        c.name(name);
        c.tier(tier);
        let card = match def {
            CardDef::Commander(d) => c.commander(def, d),
            CardDef::Unit(d) => c.unit(def, d),
            CardDef::Module(d) => c.module(def, d),
            CardDef::Resource(d) => c.resource(def, d),
            CardDef::Action(d) => c.action(def, d),
        };
        c.problems.into_result(card)
    }
}

/// [`Card::on_board`] with the stats, attack, Links, keywords and abilities of `d`, a
/// [`UnitDef`] or a [`ModuleDef`] (the card format names these fields alike in both).
macro_rules! on_board_as_written {
    ($card:expr, $d:expr) => {{
        let d = $d;
        $card.on_board(
            Stats::of(d.attack, d.hp, d.def, d.movement),
            d.attack,
            d.links,
            &d.keywords,
            &d.abilities,
        )
    }};
}

/// Each kind's own checks, and the card they build (`def`: the whole definition, for its id,
/// name and tier).
impl Check<'_> {
    /// A Commander: DMG and Movement within its class's bands, HP always 30.
    fn commander(&mut self, def: &CardDef, d: &CommanderDef) -> Card {
        let stats = Stats::of(d.attack, COMMANDER_HP, d.def, d.movement);
        self.within("attack.dmg", stats.dmg, &d.class.dmg(), "the class's DMG");
        self.within(
            "movement",
            d.movement,
            &d.class.movement(),
            "the class's Movement",
        );
        self.attack(d.attack.as_ref());
        self.stat("def", d.def, MAX_DEF);
        self.links(d.links, &(1..=4));
        self.keywords("keywords", &d.keywords);
        self.abilities(CardKind::Commander, &d.abilities);
        Card::bare(def, Rarity::Unique, Kind::Commander(d.class)).on_board(
            stats,
            d.attack,
            d.links,
            &d.keywords,
            &d.abilities,
        )
    }

    /// A Unit: Structures immobile and alone in producing resources, deployment rows each once.
    fn unit(&mut self, def: &CardDef, d: &UnitDef) -> Card {
        self.cost("cost", &d.cost);
        self.within("hp", d.hp, &(1..=MAX_STAT), "a Unit needs HP");
        self.stat("def", d.def, MAX_DEF);
        let structure = d.unit_type == UnitType::Structure;
        if structure {
            self.within("movement", d.movement, &(0..=0), "Structures are immobile");
        } else {
            self.within("movement", d.movement, &(0..=2), "Movement is 0, 1 or 2");
        }
        self.attack(d.attack.as_ref());
        self.links(d.links, &(1..=4));
        if !structure && !d.output.is_free() {
            self.fail("output", "only a Structure may produce resources");
        }
        self.cost("output", &d.output);
        for (i, r) in d.rows.iter().enumerate() {
            if d.rows[..i].contains(r) {
                self.fail(format!("rows[{i}]"), format!("row {r} appears twice"));
            }
        }
        self.keywords("keywords", &d.keywords);
        self.abilities(CardKind::Unit, &d.abilities);
        let kind = Kind::Unit {
            unit_type: d.unit_type,
            rows: d.rows.clone(),
        };
        let card = Card {
            cost: d.cost.resources(),
            output: d.output.resources(),
            ..Card::bare(def, d.rarity, kind)
        };
        on_board_as_written!(card, d)
    }

    /// A Module: HP within its tier's band, and what its host gets.
    fn module(&mut self, def: &CardDef, d: &ModuleDef) -> Card {
        self.cost("cost", &d.cost);
        if let Some(band) = module_hp_range(d.tier) {
            self.within("hp", d.hp, &band, "Module HP for its tier");
        }
        self.stat("def", d.def, MAX_DEF);
        self.links(d.links, &(1..=4));
        self.within("movement", d.movement, &(0..=2), "Movement is 0, 1 or 2");
        self.attack(d.attack.as_ref());
        for (i, s) in d.host.stats.iter().enumerate() {
            if s.amount == 0 {
                self.fail(format!("host.stats[{i}]"), "a change of 0 does nothing");
            }
        }
        self.keywords("host.keywords", &d.host.keywords);
        self.keywords("keywords", &d.keywords);
        self.abilities(CardKind::Module, &d.abilities);
        let kind = Kind::Module {
            module_type: d.module_type,
            relay: d.relay,
            mounts_on_modules: d.mounts_on_modules,
            host: d.host.clone(),
        };
        let card = Card {
            cost: d.cost.resources(),
            ..Card::bare(def, d.rarity, kind)
        };
        on_board_as_written!(card, d)
    }

    /// A Resource core: cost, output, HP and Links within its size's bands.
    fn resource(&mut self, def: &CardDef, d: &ResourceDef) -> Card {
        let bands = d.size.bands();
        let cost = d.cost.resources();
        let total = u16::try_from(cost.total()).unwrap_or(u16::MAX);
        self.within("cost", total, &bands.cost, "the core size's cost");
        self.within("output", d.output, &bands.output, "the core size's output");
        self.within("hp", d.hp, &bands.hp, "the core size's HP");
        self.stat("def", d.def, MAX_DEF);
        self.links(d.links, &bands.links);
        self.within("movement", d.movement, &(0..=2), "Movement is 0, 1 or 2");
        Card {
            cost,
            output: Resources::of(d.produces, d.output),
            ..Card::bare(def, d.rarity, Kind::Resource(d.size))
        }
        .on_board(
            Stats::of(None, d.hp, d.def, d.movement),
            None,
            d.links,
            &[],
            &[],
        )
    }

    /// An Action: it costs something and does something.
    fn action(&mut self, def: &CardDef, d: &ActionDef) -> Card {
        self.cost("cost", &d.cost);
        if d.cost.is_free() {
            self.fail("cost", "an Action costs at least 1");
        }
        if d.abilities.is_empty() {
            self.fail("abilities", "an Action must do something");
        }
        self.abilities(CardKind::Action, &d.abilities);
        Card {
            cost: d.cost.resources(),
            abilities: d.abilities.clone(),
            ..Card::bare(def, d.rarity, Kind::Action)
        }
    }
}
