//! The game's config: the cards and civilizations it is played with (from
//! `content/milkomeda/`), the seats and the grid. Stored in replays, so a replay is
//! self-contained. [`Config::check`] checks every fact of a config once, whether it came from
//! content files or from a replay; the content layer reports what it finds at the files' lines.
//! The game is built from the validated `Rules` (`Rules::new`), which resolves the typed ids
//! ([`SectorId`], [`DirectiveId`], [`ModuleId`], [`ObjectiveId`]) without a fallback.

use crate::Resources;
use crate::rules::actions::CoreAction;
use crate::rules::civilizations::Abilities;
use crate::rules::directives::{Directive, DirectiveTier, ModuleTier};
use crate::rules::map::{GridSize, MAX_SIDE, MIN_SIDE, Space, homeworld_corner};
use crate::rules::objectives::{Keyword, Objective};
use crate::rules::scoring::{DEFAULT_ROUND_LIMIT, MAX_SLOTS};
use crate::{Resource, rules::map::DEFAULT_SIDE};
use gridwright_engine::Seat;
use gridwright_engine::content::Problems;
use serde::{Deserialize, Serialize};

/// The most sector cards a deck may hold (card ids are `u8`, and the deck is a 128-bit set).
pub const MAX_SECTORS: usize = 120;
/// The most directive or module cards of the content (ids are `u8`).
pub const MAX_CARDS: usize = 64;
/// The most objective cards of the content.
pub const MAX_OBJECTIVES: usize = 64;
/// Objective cards in the public row (§4 step 2).
pub const OBJECTIVE_ROW: usize = 5;
/// The highest round limit a config may set.
pub const MAX_ROUND_LIMIT: u32 = 200;
/// The most a sector value or an exploration cost may be.
pub const MAX_VALUE: u16 = 9;

content_id!(
    /// A sector card: its index in the config's `sectors` (at most [`MAX_SECTORS`]).
    SectorId,
    "sectors"
);
content_id!(
    /// A directive card: its index in the config's `directives` (at most `MAX_CARDS`).
    DirectiveId,
    "directives"
);
content_id!(
    /// An action module card: its index in the config's `modules` (at most `MAX_CARDS`).
    ModuleId,
    "modules"
);
content_id!(
    /// An objective card: its index in the config's `objectives` (at most
    /// `MAX_OBJECTIVES`).
    ObjectiveId,
    "objectives"
);

/// A card's name as players read it, from its content id: the card kind and its number
/// (`s07` → `Sector 7`); an id of another form is the name itself.
fn card_name(kind: &str, letter: char, id: &str) -> String {
    let number = id
        .strip_prefix(letter)
        .filter(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
        .map(|n| n.trim_start_matches('0'));
    match number {
        Some(n) if !n.is_empty() => format!("{kind} {n}"),
        _ => id.to_owned(),
    }
}

/// One sector card: income values, keywords, exploration cost in green (§3).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SectorCard {
    /// Its id in the content (`s07`).
    pub id: String,
    /// Income values (blue, orange, red, green).
    pub values: Resources,
    /// Its keywords, without repeats.
    pub keywords: Vec<Keyword>,
    /// Exploration cost, paid in green.
    pub cost: u8,
}

/// One directive card.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DirectiveCard {
    /// Its id (`d03`).
    pub id: String,
    /// The dot pattern (its tier follows from it).
    pub pattern: Directive,
}

/// One action module card: the core action it grants and what it costs (§13).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ModuleCard {
    /// Its id (`m12`).
    pub id: String,
    /// The action it grants.
    pub action: CoreAction,
    /// The resource paid.
    pub resource: Resource,
    /// How much of it: 1, 2 or 3, which is also its tier.
    pub amount: u8,
}

impl SectorCard {
    /// Its name as players read it (`Sector 7`).
    pub fn name(&self) -> String {
        card_name("Sector", 's', &self.id)
    }
}

impl DirectiveCard {
    /// Its name as players read it (`Directive 3`).
    pub fn name(&self) -> String {
        card_name("Directive", 'd', &self.id)
    }
}

impl ObjectiveCard {
    /// Its name as players read it (`Objective 5`).
    pub fn name(&self) -> String {
        card_name("Objective", 'o', &self.id)
    }
}

impl CivilizationDef {
    /// Its name as players read it (`stellar-architects` → `Stellar Architects`).
    pub fn name(&self) -> String {
        gridwright_engine::text::title_words(&self.id)
    }
}

impl ModuleCard {
    /// Its name as players read it (`Module 12`).
    pub fn name(&self) -> String {
        card_name("Module", 'm', &self.id)
    }

    /// What activating it costs, before the action's own costs.
    pub fn cost(&self) -> Resources {
        Resources::only(self.resource, u16::from(self.amount))
    }

    /// Its tier, from the amount (`None` outside 1 to 3; [`Config::check`] refuses that).
    pub fn tier(&self) -> Option<ModuleTier> {
        match self.amount {
            1 => Some(ModuleTier::M1),
            2 => Some(ModuleTier::M2),
            3 => Some(ModuleTier::M3),
            _ => None,
        }
    }
}

/// One objective card: what it measures and its slots (threshold and VP each).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ObjectiveCard {
    /// Its id (`o05`).
    pub id: String,
    /// What it measures.
    pub objective: Objective,
    /// The measure each slot needs.
    pub thresholds: Vec<u32>,
    /// Each slot's VP.
    pub points: Vec<u8>,
}

/// A civilization: its id and its abilities as numbers (§5).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CivilizationDef {
    /// Its id (`stellar-architects`).
    pub id: String,
    /// What it changes.
    pub abilities: Abilities,
}

/// Everything a game is played with.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Config {
    /// Scenario name.
    pub scenario: String,
    /// Display title.
    pub title: String,
    /// Description.
    pub description: String,
    /// Grid columns and rows.
    pub grid: (u8, u8),
    /// The round limit (*decisions*; item 15a).
    pub round_limit: u32,
    /// Each seat's civilization; its length is the number of seats (2 to 4).
    pub seats: Vec<CivilizationDef>,
    /// The sector deck.
    pub sectors: Vec<SectorCard>,
    /// The directive cards (sorted into tiers at setup).
    pub directives: Vec<DirectiveCard>,
    /// The action module cards (sorted into tiers by amount at setup).
    pub modules: Vec<ModuleCard>,
    /// The objective deck (five are drawn at setup).
    pub objectives: Vec<ObjectiveCard>,
    /// How bribes work: immediate transfers (the rulebook, the default) or the `binding`
    /// variant's conditional offers.
    #[serde(default)]
    pub bribes: BribeRule,
}

/// How bribes to the Master of the Order work (§7 phase 1 step 5; docs/rules/milkomeda.md
/// items 33–35).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BribeRule {
    /// The rulebook's: resources move to the Master at once, with an optional public note of
    /// what they are for; nothing binds the Master and nothing is refunded.
    #[default]
    Transfer,
    /// The variant `binding`: conditional offers, withdrawable until the Master commits and
    /// paid then only if their condition holds (an override of §7 step 5).
    Binding,
}

impl BribeRule {
    /// Its name in scenario files and after `+` in a scenario name.
    pub fn name(self) -> &'static str {
        match self {
            BribeRule::Transfer => "transfer",
            BribeRule::Binding => "binding",
        }
    }
}

/// A config, validated once ([`Rules::new`]): every index into its lists is a typed id that
/// [`Rules`] resolves without a fallback, and the grid and the homeworlds' corners are known.
#[derive(Clone, PartialEq, Debug)]
pub(crate) struct Rules {
    pub config: Config,
    /// The grid's size.
    pub grid: GridSize,
    /// Each seat's homeworld space (§4 step 7).
    pub homes: Vec<Space>,
}

impl Rules {
    /// Validates `config`: every problem of [`Config::check`], each at its field path.
    ///
    /// # Errors
    /// Every problem found.
    pub fn new(config: &Config) -> Result<Rules, Problems> {
        let mut found = config.check();
        let grid = GridSize::new(config.grid.0, config.grid.1);
        let mut homes = Vec::new();
        if let Ok(size) = grid {
            for seat in Seat::all(config.seats.len()) {
                match homeworld_corner(size, seat, config.seats.len()) {
                    Ok(space) => homes.push(space),
                    Err(e) => found.push(format!("seats[{}]", seat.index()), e.to_string()),
                }
            }
        }
        match grid {
            Ok(grid) if found.is_empty() => Ok(Rules {
                config: config.clone(),
                grid,
                homes,
            }),
            Ok(_) => Err(found),
            Err(e) => {
                if found.is_empty() {
                    found.push("grid", e.to_string());
                }
                Err(found)
            }
        }
    }

    /// The number of seats.
    pub fn seats(&self) -> usize {
        self.config.seats.len()
    }

    /// A sector card.
    pub fn sector(&self, id: SectorId) -> &SectorCard {
        &self.config.sectors[id.index()]
    }

    /// A directive card.
    pub fn directive(&self, id: DirectiveId) -> &DirectiveCard {
        &self.config.directives[id.index()]
    }

    /// An action module card.
    pub fn module(&self, id: ModuleId) -> &ModuleCard {
        &self.config.modules[id.index()]
    }

    /// An objective card.
    pub fn objective(&self, id: ObjectiveId) -> &ObjectiveCard {
        &self.config.objectives[id.index()]
    }

    /// `seat`'s civilization's abilities.
    pub fn abilities(&self, seat: Seat) -> Abilities {
        self.config.seats[seat.index()].abilities
    }
}

impl Config {
    /// Every problem of the config, each at its field path (`sectors[3].cost`).
    pub fn check(&self) -> Problems {
        let mut p = Problems::new();
        self.check_seats(&mut p);
        self.check_grid(&mut p);
        self.check_sectors(&mut p);
        self.check_directives_and_modules(&mut p);
        self.check_objectives(&mut p);
        p
    }

    /// The seats: 2 to 4, each civilization's abilities in their ranges.
    fn check_seats(&self, p: &mut Problems) {
        if !(2..=4).contains(&self.seats.len()) {
            p.push(
                "seats",
                format!("must name 2 to 4 civilizations, not {}", self.seats.len()),
            );
        }
        for (i, s) in self.seats.iter().enumerate() {
            let a = s.abilities;
            p.range(
                format!("seats[{i}].megastructure_discount"),
                a.megastructure_discount,
                0,
                3,
            );
            p.range(format!("seats[{i}].red_per_attack"), a.red_per_attack, 0, 3);
            p.range(
                format!("seats[{i}].move_base_range"),
                a.move_base_range,
                1,
                4,
            );
            p.range(
                format!("seats[{i}].green_per_claim"),
                a.green_per_claim,
                0,
                3,
            );
        }
    }

    /// The grid's sides, the round limit, and room on the grid for the whole deck.
    fn check_grid(&self, p: &mut Problems) {
        p.range("grid[0]", self.grid.0, MIN_SIDE, MAX_SIDE);
        p.range("grid[1]", self.grid.1, MIN_SIDE, MAX_SIDE);
        p.range("round_limit", self.round_limit, 1, MAX_ROUND_LIMIT);
        // Every scenario must fit its game (issue 20.9): the grid holds the homeworlds and
        // the whole sector deck, or the grid-completion ending (§2, §14.1) could never happen.
        let spaces = usize::from(self.grid.0) * usize::from(self.grid.1);
        let needed = self.sectors.len() + self.seats.len();
        if spaces < needed {
            p.push(
                "grid",
                format!(
                    "scenario `{}`: a {} × {} grid has {spaces} spaces, too few for its {} \
                     sector cards and {} homeworlds ({needed}), so the last sector card could \
                     never be placed; make the grid larger or the deck smaller (`sectors = N`)",
                    self.scenario,
                    self.grid.0,
                    self.grid.1,
                    self.sectors.len(),
                    self.seats.len()
                ),
            );
        }
    }

    /// The sector deck: its size, each card's values, cost and keywords.
    fn check_sectors(&self, p: &mut Problems) {
        if self.sectors.is_empty() || self.sectors.len() > MAX_SECTORS {
            p.push(
                "sectors",
                format!(
                    "must hold 1 to {MAX_SECTORS} cards, not {}",
                    self.sectors.len()
                ),
            );
        }
        for (i, s) in self.sectors.iter().enumerate() {
            for r in Resource::ALL {
                p.range(
                    format!("sectors[{i}].values[{}]", r.index()),
                    s.values.get(r),
                    0,
                    MAX_VALUE,
                );
            }
            p.range(
                format!("sectors[{i}].cost"),
                u16::from(s.cost),
                0,
                MAX_VALUE,
            );
            for (k, w) in s.keywords.iter().enumerate() {
                if s.keywords[..k].contains(w) {
                    p.push(
                        format!("sectors[{i}].keywords[{k}]"),
                        format!("keyword `{w}` is listed twice"),
                    );
                }
            }
        }
    }

    /// The directive and module cards: how many, each module's amount, every tier present.
    fn check_directives_and_modules(&self, p: &mut Problems) {
        if self.directives.len() > MAX_CARDS {
            p.push(
                "directives",
                format!("at most {MAX_CARDS} cards, not {}", self.directives.len()),
            );
        }
        for tier in [DirectiveTier::D1, DirectiveTier::D2, DirectiveTier::D3] {
            if !self.directives.iter().any(|d| d.pattern.tier() == tier) {
                p.push("directives", format!("no directive of tier {tier:?}"));
            }
        }
        if self.modules.len() > MAX_CARDS {
            p.push(
                "modules",
                format!("at most {MAX_CARDS} cards, not {}", self.modules.len()),
            );
        }
        for (i, m) in self.modules.iter().enumerate() {
            p.range(format!("modules[{i}].amount"), m.amount, 1, 3);
        }
        for tier in [ModuleTier::M1, ModuleTier::M2, ModuleTier::M3] {
            if !self.modules.iter().any(|m| m.tier() == Some(tier)) {
                p.push("modules", format!("no module of tier {tier:?}"));
            }
        }
    }

    /// The objective deck: enough for the row, each card's slots.
    fn check_objectives(&self, p: &mut Problems) {
        if self.objectives.len() < OBJECTIVE_ROW || self.objectives.len() > MAX_OBJECTIVES {
            p.push(
                "objectives",
                format!(
                    "must hold {OBJECTIVE_ROW} to {MAX_OBJECTIVES} cards, not {}",
                    self.objectives.len()
                ),
            );
        }
        for (i, o) in self.objectives.iter().enumerate() {
            if o.thresholds.is_empty() || o.thresholds.len() > MAX_SLOTS {
                p.push(
                    format!("objectives[{i}].thresholds"),
                    format!("must list 1 to {MAX_SLOTS} slots"),
                );
            }
            if o.points.len() != o.thresholds.len() {
                p.push(
                    format!("objectives[{i}].points"),
                    format!(
                        "must list one VP value per threshold ({}), not {}",
                        o.thresholds.len(),
                        o.points.len()
                    ),
                );
            }
            for (k, t) in o.thresholds.iter().enumerate() {
                p.range(format!("objectives[{i}].thresholds[{k}]"), *t, 1, 99);
            }
            for (k, v) in o.points.iter().enumerate() {
                p.range(format!("objectives[{i}].points[{k}]"), *v, 1, 30);
            }
        }
    }

    /// The number of seats.
    pub fn num_seats(&self) -> usize {
        self.seats.len()
    }
}

/// The default grid side.
pub const DEFAULT_GRID: (u8, u8) = (DEFAULT_SIDE, DEFAULT_SIDE);
/// The default round limit.
pub const DEFAULT_ROUNDS: u32 = DEFAULT_ROUND_LIMIT;
