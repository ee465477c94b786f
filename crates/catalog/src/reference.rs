//! A match's public reference data (`GET /api/matches/{id}/reference`): everything a view needs
//! to show names, stats and effect text for the ids that observations, actions and events carry
//! — Starcore's card pool, Milkomeda's sector cards, directives, modules and objectives, Grid
//! Battles' unit types, Command Core's chassis with their weapons and directives.
//!
//! # Why from the config, and why only public data
//! A match's config holds every rule and card it is played with (a replay embeds it), so the
//! reference is a function of the config alone: built once per match, it never changes, and a
//! client may cache it for good. It lists what every player may read on the table or in the
//! rules — card texts, unit tables — never where a card is: no hand, no deck order, no deck
//! list (which card a seat plays is seen when it is played).

use gridwright_engine::text::capitalised;
use serde::Serialize;

/// The reference data of one match: groups of entries (cards, units, …) in the order a view
/// lists them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Reference {
    /// The game's short name.
    pub game: String,
    /// The groups, each one kind of thing.
    pub groups: Vec<ReferenceGroup>,
}

/// One kind of thing a match is played with.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ReferenceGroup {
    /// What the entries are, as a key (`cards`, `units`, `sectors`, `directives`, …).
    pub kind: String,
    /// What players read as the group's heading (`Cards`).
    pub title: String,
    /// The entries, in the order observations number them.
    pub entries: Vec<ReferenceEntry>,
}

/// One card, unit type, chassis, weapon or directive.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ReferenceEntry {
    /// The number observations and actions carry for it (Starcore's and Milkomeda's card
    /// numbers, Grid Battles' unit type index), if they carry one.
    pub index: Option<u32>,
    /// Its id in the content files (what the text forms of actions use).
    pub id: String,
    /// Its name, as players read it.
    pub name: String,
    /// What kind of thing it is, in words (`Unit (vehicle)`, `Directive, tier D2`).
    pub kind: String,
    /// Its numbers, each a label (a glossary term) and a value.
    pub stats: Vec<ReferenceStat>,
    /// Its keywords as players read them (glossary terms), each with its number if it has
    /// one (`Execute 2`).
    pub keywords: Vec<String>,
    /// What it does, in sentences.
    pub text: Vec<String>,
    /// Each of its abilities in words, by the number an action names it with (Starcore's
    /// `activate`), where it has any: also among `text`.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    #[cfg_attr(feature = "ts", ts(as = "Option<Vec<String>>", optional))]
    pub abilities: Vec<String>,
}

/// One number of an entry.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ReferenceStat {
    /// The stat's name (a glossary term: `HP`, `DEF`, `Movement`).
    pub label: String,
    /// Its value in words or digits (`4`, `lanes 3–5`).
    pub value: String,
}

impl ReferenceStat {
    /// A stat.
    pub fn new(label: impl Into<String>, value: impl ToString) -> Self {
        ReferenceStat {
            label: label.into(),
            value: value.to_string(),
        }
    }
}

impl ReferenceEntry {
    /// An entry with no stats, keywords or text yet.
    pub fn new(
        index: Option<usize>,
        id: impl Into<String>,
        name: impl Into<String>,
        kind: impl Into<String>,
    ) -> Self {
        ReferenceEntry {
            index: index.and_then(|i| u32::try_from(i).ok()),
            id: id.into(),
            name: name.into(),
            kind: kind.into(),
            stats: Vec::new(),
            keywords: Vec::new(),
            text: Vec::new(),
            abilities: Vec::new(),
        }
    }

    /// With one more stat.
    #[must_use]
    pub fn stat(mut self, label: &str, value: impl ToString) -> Self {
        self.stats.push(ReferenceStat::new(label, value));
        self
    }

    /// With one more sentence.
    #[must_use]
    pub fn line(mut self, text: impl Into<String>) -> Self {
        self.text.push(text.into());
        self
    }
}

impl Reference {
    /// No groups: a game with nothing to look up (Connect Four).
    pub fn empty(game: &str) -> Self {
        Reference {
            game: game.to_owned(),
            groups: Vec::new(),
        }
    }

    /// With one more group.
    #[must_use]
    pub fn group(mut self, kind: &str, title: &str, entries: Vec<ReferenceEntry>) -> Self {
        self.groups.push(ReferenceGroup {
            kind: kind.to_owned(),
            title: title.to_owned(),
            entries,
        });
        self
    }
}

/// Grid Battles: the unit types (numbered as the observation's `unit_types`), terrain and dice.
pub(crate) fn grid_battles(cfg: &gridwright_grid_battles::Config) -> Reference {
    use gridwright_grid_battles::AttackKind;
    let die_name = |id: &str| format!("{} die", capitalised(id));
    let units = cfg
        .units
        .iter()
        .enumerate()
        .map(|(i, u)| {
            let bases: Vec<&str> = u.base.iter().map(|b| b.name()).collect();
            let mut e = ReferenceEntry::new(
                Some(i),
                &u.id,
                &u.name,
                format!("{} unit, {}", words_joined(&bases), u.attack.name()),
            )
            .stat("Health", u.health)
            .stat("Movement", u.movement);
            if u.attack == AttackKind::Ranged {
                e = e.stat("Range", u.range);
            }
            e = e
                .stat("Attack die", die_name(&u.attack_die))
                .stat("Defence die", die_name(&u.defence_die));
            e.keywords = bases.iter().map(|b| capitalised(b)).collect();
            e.keywords.push(capitalised(u.attack.name()));
            for adv in cfg.bonus.iter().filter(|a| u.base.contains(&a.attacker)) {
                e.text.push(format!(
                    "Has the advantage against {} units: its bonus symbols count as hits.",
                    adv.against.name()
                ));
            }
            e
        })
        .collect();
    let terrain = cfg
        .terrain
        .iter()
        .map(|t| {
            let e = ReferenceEntry::new(None, &t.id, capitalised(&t.id), "Terrain")
                .stat("Movement cost", t.cost);
            if t.blocks_los {
                e.line("Blocks line of sight through it.")
            } else {
                e.line("Does not block line of sight.")
            }
        })
        .collect();
    let dice = cfg
        .dice
        .iter()
        .map(|d| {
            let faces: Vec<String> = d
                .faces
                .iter()
                .map(|f| {
                    if f.is_empty() {
                        "blank".to_owned()
                    } else {
                        let names: Vec<&str> = f.iter().map(|s| s.name()).collect();
                        names.join(" + ")
                    }
                })
                .collect();
            ReferenceEntry::new(None, &d.id, die_name(&d.id), "Die")
                .line(format!("Faces: {}.", faces.join(", ")))
        })
        .collect();
    Reference::empty(gridwright_grid_battles::INFO.short_name)
        .group("units", "Unit types", units)
        .group("terrain", "Terrain", terrain)
        .group("dice", "Dice", dice)
}

/// Command Core: every chassis the match uses, its weapons and its directive cards.
pub(crate) fn command_core(cfg: &gridwright_command_core::Config) -> Reference {
    use gridwright_command_core::{Half, Icon};
    use gridwright_engine::geom::Arc;
    let arc = |a: &Arc| match a {
        Arc::Front => "front",
        Arc::Right => "right",
        Arc::Rear => "rear",
        Arc::Left => "left",
    };
    let icon = |i: &Icon| i.name().replace('-', " ");
    let half = |h: &Half| {
        let icons: Vec<String> = h.icons.iter().map(icon).collect();
        let mut s = format!(
            "{} ({}, cost {:+})",
            icons.join(", then "),
            h.colour,
            h.cost
        );
        for c in &h.combos {
            let slot = match c.slot {
                gridwright_command_core::Neighbour::Previous => "previous",
                gridwright_command_core::Neighbour::Next => "next",
            };
            s.push_str(&format!(
                "; cost {:+} when the {slot} slot shows {}",
                c.cost, c.colour
            ));
        }
        s
    };
    let mut chassis = Vec::new();
    let mut weapons = Vec::new();
    let mut directives = Vec::new();
    for c in &cfg.chassis {
        let a = c.armour;
        chassis.push(
            ReferenceEntry::new(None, &c.id, &c.name, format!("Chassis ({})", c.role))
                .stat("Structure", c.structure)
                .stat(
                    "Armour",
                    format!(
                        "front {}, right {}, rear {}, left {}",
                        a.front, a.right, a.rear, a.left
                    ),
                )
                .stat("Evasion", c.evasion)
                .stat("Slots", c.slots),
        );
        for w in &c.weapons {
            let arcs: Vec<&str> = w.arcs.iter().map(arc).collect();
            weapons.push(
                ReferenceEntry::new(None, &w.id, &w.name, format!("Weapon of the {}", c.name))
                    .stat("Attack", w.attack)
                    .stat("Range", format!("{}–{}", w.min_range, w.max_range))
                    .stat("Arcs", words_joined(&arcs))
                    .stat("Delta", format!("{:+}", w.delta)),
            );
        }
        for d in &c.directives {
            let mut e = ReferenceEntry::new(
                None,
                &d.id,
                &d.name,
                format!(
                    "{} directive of the {}",
                    if d.is_split() { "Split" } else { "Single" },
                    c.name
                ),
            );
            for (i, h) in d.halves.iter().enumerate() {
                let which = match (d.halves.len(), i) {
                    (1, _) => "Runs",
                    (_, 0) => "Top half",
                    _ => "Bottom half",
                };
                e = e.line(format!("{which}: {}.", half(h)));
            }
            directives.push(e);
        }
    }
    Reference::empty(gridwright_command_core::INFO.short_name)
        .group("chassis", "Chassis", chassis)
        .group("weapons", "Weapons", weapons)
        .group("directives", "Directives", directives)
}

/// Starcore: the card pool, numbered as observations and actions number cards. Never the deck
/// lists: which cards a seat plays shows when they are played.
pub(crate) fn starcore(cfg: &gridwright_starcore::Config) -> Reference {
    Reference::empty(gridwright_starcore::INFO.short_name).group(
        "cards",
        "Cards",
        starcore_cards(cfg),
    )
}

/// Starcore's card pool as reference entries, numbered as observations number them.
pub(crate) fn starcore_cards(cfg: &gridwright_starcore::Config) -> Vec<ReferenceEntry> {
    gridwright_starcore::pool_entries(cfg)
        .into_iter()
        .enumerate()
        .map(|(i, c)| {
            let mut e = ReferenceEntry::new(Some(i), c.id, c.name, c.kind)
                .stat("Tier", c.tier)
                .stat("Rarity", capitalised(&c.rarity))
                .stat("Cost", c.cost);
            for (label, value) in &c.stat_list {
                e = e.stat(label, value);
            }
            if !c.links.is_empty() {
                e = e.stat("Links", c.links.join(", "));
            }
            for k in &c.keywords {
                let head = k.split_once(": ").map_or(k.as_str(), |(h, _)| h);
                e.keywords.push(head.to_owned());
                e.text.push(format!("{k}."));
            }
            e.text.extend(c.effects);
            e.abilities = c.abilities;
            e
        })
        .collect()
}

/// Milkomeda: the sector cards, directives, action modules and objectives, each numbered as
/// the observation numbers them, and the civilizations at the table.
pub(crate) fn milkomeda(cfg: &gridwright_milkomeda::Config) -> Reference {
    use gridwright_milkomeda::Resource;
    use gridwright_milkomeda::rules::combat::ShipType;
    let amounts = |r: gridwright_milkomeda::Resources| {
        let parts: Vec<String> = Resource::ALL
            .iter()
            .filter(|x| r.get(**x) > 0)
            .map(|x| format!("{} {}", r.get(*x), x.word()))
            .collect();
        if parts.is_empty() {
            "nothing".to_owned()
        } else {
            parts.join(", ")
        }
    };
    let sectors = cfg
        .sectors
        .iter()
        .enumerate()
        .map(|(i, s)| {
            let mut e = ReferenceEntry::new(Some(i), &s.id, s.name(), "Sector card")
                .stat("Income", amounts(s.values))
                .stat("Exploration cost", format!("{} green", s.cost));
            e.keywords = s
                .keywords
                .iter()
                .map(|k| capitalised(&k.to_string()))
                .collect();
            e
        })
        .collect();
    let corner = ["top left", "top right", "bottom left", "bottom right"];
    let directives = cfg
        .directives
        .iter()
        .enumerate()
        .map(|(i, d)| {
            let dots: Vec<String> = d
                .pattern
                .dots()
                .iter()
                .zip(corner)
                .filter_map(|(dot, at)| dot.map(|r| format!("{} {at}", r.word())))
                .collect();
            let tier = match d.pattern.tier() {
                gridwright_milkomeda::rules::directives::DirectiveTier::D1 => "D1",
                gridwright_milkomeda::rules::directives::DirectiveTier::D2 => "D2",
                gridwright_milkomeda::rules::directives::DirectiveTier::D3 => "D3",
            };
            ReferenceEntry::new(Some(i), &d.id, d.name(), format!("Directive, tier {tier}"))
                .stat("Pattern", dots.join(", "))
                .line(format!(
                    "Matches where four cards meet and their corners show {}, one of them yours.",
                    words_joined(&dots)
                ))
        })
        .collect();
    let modules = cfg
        .modules
        .iter()
        .enumerate()
        .map(|(i, m)| {
            ReferenceEntry::new(
                Some(i),
                &m.id,
                m.name(),
                format!("Action module, tier M{}", m.amount),
            )
            .stat("Cost", format!("{} {}", m.amount, m.resource.word()))
            .line(format!(
                "Grants an extra {} action, other than the turn's main action.",
                capitalised(&m.action.to_string())
            ))
        })
        .collect();
    let objectives = cfg
        .objectives
        .iter()
        .enumerate()
        .map(|(i, o)| {
            let slots: Vec<String> = o
                .thresholds
                .iter()
                .zip(&o.points)
                .map(|(t, p)| format!("{t} for {p} VP"))
                .collect();
            let mut e = ReferenceEntry::new(Some(i), &o.id, o.name(), "Objective")
                .stat("Measures", o.objective.words())
                .stat("Slots", slots.join(", "));
            if o.objective.this_turn() {
                e = e.line("Counts this turn only: claim it in the turn it is met.");
            }
            e
        })
        .collect();
    // The battle mat's nodes and arrows, from the engine's relation (§10), so that a client
    // draws the attack vectors without restating the rule.
    let ships = ShipType::ALL
        .iter()
        .map(|t| {
            let names = |types: &[ShipType]| -> Vec<&str> { types.iter().map(|x| x.name()).collect() };
            let by: Vec<ShipType> = ShipType::ALL
                .into_iter()
                .filter(|a| a.has_vector_to(*t))
                .collect();
            ReferenceEntry::new(Some(t.index()), t.word(), t.name(), "Ship type")
                .stat("Counters", names(&t.counters()).join(", "))
                .stat("Countered by", names(&by).join(", "))
                .line(format!(
                    "Its attack vectors point at {}: one die for each of them that holds an enemy ship.",
                    words_joined(&names(&t.counters()))
                ))
        })
        .collect();
    // Each seat's civilization, numbered by seat (P1 first), its ability in words (§5).
    let civilizations = cfg
        .seats
        .iter()
        .enumerate()
        .map(|(i, c)| {
            let mut e = ReferenceEntry::new(
                Some(i),
                &c.id,
                c.name(),
                format!("Civilization of P{}", i + 1),
            );
            for line in c.abilities.sentences() {
                e = e.line(line);
            }
            e
        })
        .collect();
    Reference::empty(gridwright_milkomeda::INFO.short_name)
        .group("civilizations", "Civilizations", civilizations)
        .group("sectors", "Sector cards", sectors)
        .group("directives", "Directives", directives)
        .group("modules", "Action modules", modules)
        .group("objectives", "Objectives", objectives)
        .group("ships", "Ship types", ships)
}

/// `a`, `a and b`, `a, b and c`.
fn words_joined<S: AsRef<str>>(words: &[S]) -> String {
    match words {
        [] => String::new(),
        [one] => one.as_ref().to_owned(),
        [init @ .., last] => {
            let init: Vec<&str> = init.iter().map(AsRef::as_ref).collect();
            format!("{} and {}", init.join(", "), last.as_ref())
        }
    }
}
