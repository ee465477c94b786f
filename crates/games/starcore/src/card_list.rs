//! The card list `gridwright cards starcore` prints: every card of the pool with its stats,
//! keywords and abilities in words, and the tests that play it ([`crate::coverage`]).

use crate::card::{Card, Kind};
use crate::content::{Content, ContentError};
use crate::coverage::{card_test, keyword_test};
use crate::text::{ability_text, keyword_text, stat_mod_text};
use gridwright_engine::content::Problems;
use serde::Serialize;

/// One card as listed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct CardEntry {
    /// The card's id.
    pub id: String,
    /// Its name.
    pub name: String,
    /// Its kind, with its class, type or size (`Unit (vehicle)`).
    pub kind: String,
    /// Tier 1–10.
    pub tier: u8,
    /// Rarity.
    pub rarity: String,
    /// Its cost (`nothing` for a free card or a Commander).
    pub cost: String,
    /// Its stats in words (`HP 8 · DEF 2 · Movement 1 · DMG 3 in Range A · Width lane±1`).
    pub stats: String,
    /// Its Link faces.
    pub links: Vec<String>,
    /// Its keywords, each with what it does.
    pub keywords: Vec<String>,
    /// Its abilities and what a Module gives its host, in words.
    pub effects: Vec<String>,
    /// The tests that play the card: its own first, then the rule test of each keyword.
    pub coverage: Vec<String>,
    /// Its stats one by one, each a label players read (`HP`, `DEF`, `Movement`, `DMG`,
    /// `Range`, `Width`, `Output`) and its value; for views, not in the card list's JSON.
    #[serde(skip)]
    pub stat_list: Vec<(&'static str, String)>,
    /// Each of its abilities in words, in the card's order (the number an `activate` action
    /// names); also the last lines of `effects`. For views, not in the card list's JSON.
    #[serde(skip)]
    pub abilities: Vec<String>,
}

fn entry(card: &Card) -> CardEntry {
    let s = card.stats();
    let kind = match card.kind() {
        Kind::Commander(c) => format!("Commander ({})", serde_word(c)),
        Kind::Unit { unit_type, .. } => format!("Unit ({})", serde_word(unit_type)),
        Kind::Module { module_type, .. } => format!("Module ({})", serde_word(module_type)),
        Kind::Resource(size) => format!("Resource ({} core)", serde_word(size)),
        Kind::Action => "Action".into(),
    };
    let mut stats = Vec::new();
    let mut stat_list = Vec::new();
    if !matches!(card.kind(), Kind::Action) {
        stats.push(format!("HP {}", s.hp));
        stats.push(format!("DEF {}", s.def));
        stats.push(format!("Movement {}", s.movement));
        stat_list.push(("HP", s.hp.to_string()));
        stat_list.push(("DEF", s.def.to_string()));
        stat_list.push(("Movement", s.movement.to_string()));
    }
    if let Some(reach) = card.attack() {
        stats.push(format!("DMG {} in {reach}", s.dmg));
        stat_list.push(("DMG", s.dmg.to_string()));
        stat_list.push(("Range", reach.range.to_string()));
        stat_list.push(("Width", reach.width.to_string()));
    }
    if !card.output().is_empty() {
        stats.push(format!("produces {} a turn", card.output()));
        stat_list.push(("Output", format!("{} a turn", card.output())));
    }
    let mut effects = Vec::new();
    match card.kind() {
        Kind::Unit { rows, .. } if !rows.is_empty() => {
            let rows: Vec<String> = rows.iter().map(ToString::to_string).collect();
            effects.push(format!("Enters only on row {}.", rows.join(" or ")));
        }
        Kind::Module {
            host,
            relay,
            mounts_on_modules,
            ..
        } => {
            for m in &host.stats {
                effects.push(format!("Its host has {}.", stat_mod_text(*m)));
            }
            for k in &host.keywords {
                effects.push(format!("Its host has {}.", keyword_text(*k)));
            }
            if *relay {
                effects.push("Relay: links to other Modules to carry resources.".into());
            }
            if *mounts_on_modules {
                effects.push("May serve another Module.".into());
            }
        }
        _ => {}
    }
    let abilities: Vec<String> = card.abilities().iter().map(ability_text).collect();
    effects.extend(abilities.iter().cloned());
    let mut coverage: Vec<String> = card_test(card.id())
        .into_iter()
        .map(str::to_owned)
        .collect();
    let given = match card.kind() {
        Kind::Module { host, .. } => host.keywords.as_slice(),
        _ => &[],
    };
    for k in card.keywords().iter().chain(given) {
        if let Some(t) = keyword_test(k.name())
            && !coverage.iter().any(|c| c == t)
        {
            coverage.push(t.to_owned());
        }
    }
    CardEntry {
        id: card.id().to_owned(),
        name: card.name().to_owned(),
        kind,
        tier: card.tier(),
        rarity: serde_word(&card.rarity()),
        cost: card.cost().to_string(),
        stats: stats.join(" · "),
        links: card.links().iter().map(|f| f.to_string()).collect(),
        keywords: card.keywords().iter().map(|k| keyword_text(*k)).collect(),
        effects,
        coverage,
        stat_list,
        abilities,
    }
}

/// A one-word variant's name as card files write it (`legendary`, `spaceship`).
fn serde_word<T: std::fmt::Debug>(v: &T) -> String {
    format!("{v:?}").to_lowercase()
}

/// Every card of `content`'s pool, in file order.
///
/// # Errors
/// A card that does not validate (content already loaded has none).
pub fn card_list(content: &Content) -> Result<Vec<CardEntry>, ContentError> {
    content
        .cards()
        .iter()
        .map(|def| {
            def.validate().map(|c| entry(&c)).map_err(|e| {
                let mut problems = Problems::new();
                problems.extend_prefixed(&format!("cards.{}", def.id()), e);
                ContentError::from(problems)
            })
        })
        .collect()
}

/// Every card of a config's pool, in pool order: entry `i` is the card observations and
/// actions name by the number `i` ([`crate::CardId`]). A card that does not validate is left
/// out (a config that set up has none).
pub fn pool_entries(config: &crate::Config) -> Vec<CardEntry> {
    config
        .cards
        .iter()
        .filter_map(|def| def.validate().ok())
        .map(|c| entry(&c))
        .collect()
}

/// The titles of the keywords a config's cards carry or give their hosts (`First Strike`),
/// each once, sorted: the words a view shows on cards.
pub fn pool_keyword_titles(config: &crate::Config) -> Vec<&'static str> {
    let mut titles: Vec<&'static str> = Vec::new();
    for card in config.cards.iter().filter_map(|def| def.validate().ok()) {
        let given = match card.kind() {
            Kind::Module { host, .. } => host.keywords.clone(),
            _ => Vec::new(),
        };
        for k in card.keywords().iter().chain(&given) {
            titles.push(k.title());
        }
    }
    titles.sort_unstable();
    titles.dedup();
    titles
}

/// The list as text: one block per card.
pub fn card_list_text(cards: &[CardEntry]) -> String {
    let mut out = String::new();
    for c in cards {
        out.push_str(&format!(
            "{} — {} · {} · tier {} · {} · cost {}\n  {}\n  Links: {}\n",
            c.id,
            c.name,
            c.kind,
            c.tier,
            c.rarity,
            c.cost,
            c.stats,
            c.links.join(", ")
        ));
        for k in &c.keywords {
            out.push_str(&format!("  {k}\n"));
        }
        for e in &c.effects {
            out.push_str(&format!("  {e}\n"));
        }
        out.push_str(&format!("  coverage: {}\n\n", c.coverage.join("; ")));
    }
    out
}
