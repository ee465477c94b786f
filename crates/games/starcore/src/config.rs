//! The self-contained game config (what replays embed) and its validated form, [`Rules`].
//!
//! A [`Config`] is plain data: rule options, the card pool, and one deck list per seat. It never
//! refers to files. [`Starcore::new`](crate::Starcore) validates it again through [`Rules::new`]
//! (a config read from a replay is untrusted input); the content layer (`content.rs`) builds it
//! from TOML files and files every problem at the line that caused it.

use crate::action::CardId;
use crate::card::{Card, CardDef, Kind};
use crate::effect::Target;
use crate::rules::blocking::Blocking;
use crate::rules::deck::check_deck;
use crate::rules::network::Pooling;
use gridwright_engine::Seat;
use gridwright_engine::content::Problems;
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, HashMap};

/// Cards in a deck (the Commander stays outside it).
pub const DECK_SIZE: usize = 60;
/// Cards in an opening hand.
pub const HAND_SIZE: u8 = 8;
/// Cards drawn at the end of each of your turns.
pub const DRAW_PER_TURN: u8 = 2;
/// The default turn limit (turns of both players counted together).
pub const DEFAULT_TURN_LIMIT: u16 = 40;
/// The highest turn limit a config may set.
pub const MAX_TURN_LIMIT: u16 = 200;
/// The most cards a config's pool may hold (a [`CardId`] is one byte).
pub const MAX_CARDS: usize = 255;
/// The deepest the response stack may grow (rule 57).
pub const MAX_STACK: usize = 16;

/// Which cards the per-turn deployment cap counts (the rules file's variant, default first).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DeployCap {
    /// At most 2 Resource cards a turn; other cards are not capped (the seeds).
    #[default]
    Resources,
    /// At most 2 cards of any kind a turn (the guide's v4.0).
    Any,
}

/// The rule options (every variant of the rules file, default first).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Options {
    /// What the per-turn deployment cap counts.
    pub deploy_cap: DeployCap,
    /// Which pool a card's activated abilities may spend.
    pub pooling: Pooling,
    /// The optional blocking rule.
    pub blocking: Blocking,
    /// The game is a draw once this many turns (both players' together) have ended.
    pub turn_limit: u16,
    /// The damage a Unit or Commander gains while linked directly to a Resource.
    pub link_bonus: u8,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            deploy_cap: DeployCap::Resources,
            pooling: Pooling::Network,
            blocking: Blocking::Off,
            turn_limit: DEFAULT_TURN_LIMIT,
            link_bonus: 2,
        }
    }
}

/// A deck list: a Commander and the 60 cards of the deck, by card id and count.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DeckList {
    /// The deck's name (its file stem for shipped decks).
    pub name: String,
    /// The Commander's card id.
    pub commander: String,
    /// Card id to number of copies.
    pub cards: BTreeMap<String, u8>,
}

/// Everything a game is played with.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Config {
    /// The scenario's name (a deck pairing, `vanguard-vs-forge`).
    pub scenario: String,
    /// The rule options.
    #[serde(default)]
    pub options: Options,
    /// The card pool the decks are built from.
    pub cards: Vec<CardDef>,
    /// One deck per seat, P1's first.
    pub decks: Vec<DeckList>,
}

/// One seat's deck, validated.
#[derive(Clone, PartialEq, Eq, Debug)]
pub(crate) struct DeckRules {
    pub name: String,
    pub commander: CardId,
    /// The deck as a sorted multiset.
    pub cards: Vec<CardId>,
}

/// A config, validated: the cards built into [`Card`]s, names resolved to [`CardId`]s.
#[derive(Clone, PartialEq, Debug)]
pub(crate) struct Rules {
    pub config: Config,
    pub cards: Vec<Card>,
    pub decks: [DeckRules; 2],
    pub options: Options,
    /// The longest a game can be (player and chance steps).
    pub max_len: usize,
    /// Whether some card can lower another's HP stat (an Aura or a Module's bonus of negative
    /// HP, a granted such Aura, or an effect lowering HP): only then may a card with no damage
    /// die, so only then are undamaged cards checked.
    pub hp_can_drop: bool,
    /// Per card: whether it has an Aura (stat lookups skip neighbours without one).
    pub has_aura: Vec<bool>,
    /// Whether some card can give an Aura by an effect or as a Module's gift to its host: then
    /// no neighbour is skipped.
    pub auras_move: bool,
    /// Per card: whether it has a Sector Lock.
    pub has_lock: Vec<bool>,
    /// Whether some card can carry Zone Dominance (printed, granted or given by a Module):
    /// only then do stat lookups look for it.
    pub dominance: bool,
}

impl Rules {
    /// Validates `config`, listing every problem with its field path (`cards[3].hp`,
    /// `decks[1].cards.scrap-cell`).
    pub fn new(config: &Config) -> Result<Rules, Problems> {
        let mut found = Problems::new();
        let (cards, index) = card_pool(config, &mut found);
        let o = config.options;
        found.range("options.turn_limit", o.turn_limit, 1, MAX_TURN_LIMIT);
        found.range("options.link_bonus", o.link_bonus, 0, 10);
        if config.decks.len() != 2 {
            found.push(
                "decks",
                format!("two decks, one per seat, not {}", config.decks.len()),
            );
        }
        if !found.is_empty() {
            return Err(found);
        }
        let lookup = |id: &str| index.get(id).copied();
        let mut decks = Vec::new();
        for (i, list) in config.decks.iter().enumerate() {
            let mut problems = Problems::new();
            let deck = check_deck(list, &cards, lookup, &mut problems);
            found.extend_prefixed(&format!("decks[{i}]"), problems);
            decks.extend(deck);
        }
        let Ok(decks) = <[DeckRules; 2]>::try_from(decks) else {
            return Err(found);
        };
        if !found.is_empty() {
            return Err(found);
        }
        // Only the two decks' cards can carry Zone Dominance in this game.
        let dominance = decks.iter().any(|d| {
            d.cards
                .iter()
                .chain(std::iter::once(&d.commander))
                .any(|id| cards.get(id.index()).is_some_and(can_dominate))
        });
        Ok(Rules {
            config: config.clone(),
            decks,
            options: o,
            max_len: max_len(o.turn_limit),
            hp_can_drop: cards.iter().any(can_lower_hp),
            auras_move: cards
                .iter()
                .any(|c| gives_keyword(c, |k| matches!(k, crate::Keyword::Aura { .. }))),
            dominance,
            has_aura: cards
                .iter()
                .map(|c| {
                    c.keywords()
                        .iter()
                        .any(|k| matches!(k, crate::Keyword::Aura { .. }))
                })
                .collect(),
            has_lock: cards.iter().map(has_lock).collect(),
            cards,
        })
    }

    /// The card `id`.
    #[inline]
    pub fn card(&self, id: CardId) -> &Card {
        &self.cards[id.index()]
    }

    /// The deck of `seat`.
    pub fn deck(&self, seat: Seat) -> &DeckRules {
        &self.decks[seat.index()]
    }
}

/// The targets the interpreter can aim: a `chosen` target needs a player's choice, so only
/// Actions and activated abilities (played with an aim) may use it, and only Actions may aim at
/// the stack (rules 66–67).
/// Whether `c` can give another card a keyword that `is` picks: as a Module's bonus to its host,
/// or by a `grant` effect.
fn gives_keyword(c: &Card, is: impl Fn(&crate::Keyword) -> bool) -> bool {
    let host = match c.kind() {
        Kind::Module { host, .. } => host.keywords.as_slice(),
        _ => &[],
    };
    host.iter().any(&is)
        || c.abilities()
            .iter()
            .flat_map(|a| &a.effects)
            .any(|e| matches!(e, crate::Effect::Grant { keyword, .. } if is(keyword)))
}

fn check_targets(card: &Card, i: usize, found: &mut Problems) {
    let action = matches!(card.kind(), Kind::Action);
    for (k, a) in card.abilities().iter().enumerate() {
        let field = format!("cards[{i}].abilities[{k}].target");
        let activated = matches!(a.trigger, crate::Trigger::Activated(_));
        if activated && k >= crate::rules::activate::MAX_ABILITIES {
            found.push(
                format!("cards[{i}].abilities[{k}].trigger"),
                format!(
                    "an activated ability must be among a card's first {} abilities",
                    crate::rules::activate::MAX_ABILITIES
                ),
            );
        }
        match a.target {
            Target::Chosen { .. } if !action && !activated => {
                found.push(
                    field,
                    "only an Action or an activated ability may choose its target",
                );
            }
            Target::StackAction if !action => {
                found.push(field, "only an Action may aim at the stack");
            }
            _ => {}
        }
    }
}

/// The card pool, each card validated (at most [`MAX_CARDS`], each id once), with the number
/// of each id.
fn card_pool<'c>(
    config: &'c Config,
    found: &mut Problems,
) -> (Vec<Card>, HashMap<&'c str, CardId>) {
    if config.cards.len() > MAX_CARDS {
        found.push(
            "cards",
            format!("at most {MAX_CARDS} cards, not {}", config.cards.len()),
        );
    }
    let mut cards = Vec::with_capacity(config.cards.len());
    let mut index: HashMap<&str, CardId> = HashMap::new();
    for (i, def) in config.cards.iter().enumerate().take(MAX_CARDS) {
        match def.validate() {
            Ok(card) => {
                check_targets(&card, i, found);
                cards.push(card);
            }
            Err(errors) => {
                found.extend_prefixed(&format!("cards[{i}]"), errors);
                // Keep the indices aligned: a placeholder is never used, the config fails.
                continue;
            }
        }
        if index.insert(def.id(), CardId(i as u8)).is_some() {
            found.push(
                format!("cards[{i}].id"),
                format!("`{}` is listed twice", def.id()),
            );
        }
    }
    (cards, index)
}

/// A bound on the steps of a game of at most `turn_limit` turns. A bound on the steps of one
/// turn: every card on the board (at most 48) moves once, attacks once (declaration, a First
/// Strike, two passes, two rolls) and uses each of its activated abilities; every card of both
/// decks is deployed or played at most once a turn with a pass, a response and draws; plus the
/// step passes.
fn max_len(turn_limit: u16) -> usize {
    let per_turn = 48 * (1 + 6 + crate::rules::activate::MAX_ABILITIES)
        + 2 * (2 * DECK_SIZE + 2) * 4
        + 8 * MAX_STACK
        + 64;
    usize::from(turn_limit + 1) * per_turn + 4 * DECK_SIZE
}

/// Whether `c` can lower a card's HP other than by damage (an Aura, a Module's gift to its
/// host, a granted Aura or a modifier of HP below 0).
fn can_lower_hp(c: &Card) -> bool {
    let aura = c.keywords().iter().any(
        |k| matches!(k, crate::Keyword::Aura { stat: crate::Stat::Hp, amount, .. } if *amount < 0),
    );
    let module = matches!(c.kind(), Kind::Module { host, .. }
        if host.stats.iter().any(|m| m.stat == crate::Stat::Hp && m.amount < 0));
    let granted = c.abilities().iter().flat_map(|a| &a.effects).any(|e| {
        matches!(e, crate::Effect::Grant {
            keyword: crate::Keyword::Aura { stat: crate::Stat::Hp, amount, .. }, ..
        } if *amount < 0)
    });
    let modified = c.abilities().iter().flat_map(|a| &a.effects).any(|e| {
        matches!(e, crate::Effect::Modify { change, .. }
            if change.stat == crate::Stat::Hp && change.amount < 0)
    });
    aura || module || granted || modified
}

/// Whether `c` carries Zone Dominance or can give it.
fn can_dominate(c: &Card) -> bool {
    let zone_dominance = |k: &crate::Keyword| matches!(k, crate::Keyword::ZoneDominance { .. });
    c.keywords().iter().any(zone_dominance) || gives_keyword(c, zone_dominance)
}

/// Whether `c` has a Sector Lock, printed or as a Module's gift to its host.
fn has_lock(c: &Card) -> bool {
    let host = match c.kind() {
        Kind::Module { host, .. } => host.keywords.as_slice(),
        _ => &[],
    };
    c.keywords()
        .iter()
        .chain(host)
        .any(|k| matches!(k, crate::Keyword::SectorLock { .. }))
}
