//! Loading the card pool and the decks from `content/starcore/` with the engine's content
//! toolkit: every problem of every file is reported as ``file:line: `field`: message``.
//!
//! - `cards/*.toml`: arrays of `[[commander]]`, `[[unit]]`, `[[module]]`, `[[resource]]` and
//!   `[[action]]` tables, each the shape of its `*Def` (unknown fields refused). Each card is
//!   validated by [`CardDef::validate`]; its problems are filed at the card's lines
//!   (`unit[2].hp`).
//! - `decks/*.toml`: `name`, `faction`, `commander` and a `[cards]` table of card id to copies.
//!   A deck is checked for its size (60), unknown cards, Commanders in the deck and the copy
//!   limit of Unique, Legendary and Artifact cards, each problem at its line
//!   (`cards.slag-cell`).
//!
//! A scenario is a pairing of two decks, `arc-foundry-vs-iron-vanguard`; a user's own deck
//! file path works wherever a shipped deck name does ([`Content::config_for_decks`]).

pub use gridwright_engine::content::{ContentError, Problem};

use crate::card::{ActionDef, CardDef, CommanderDef, ModuleDef, ResourceDef, UnitDef};
use crate::config::{Config, DeckList, Options};
use crate::rules::deck::check_deck;
use gridwright_engine::content::{Files, Problems, Report, read_file, stem, valid};
use serde::Deserialize;
use std::collections::{BTreeMap, HashMap};
use std::path::Path;

/// A rule variant: its name in scenario names and what it changes in the options.
pub type Variant = (&'static str, fn(&mut Options));

/// The rule variants a scenario name may add after `+`, each with what it changes: the rules
/// file's variants (the defaults need no name).
pub const VARIANTS: [Variant; 3] = [
    ("blocking", |o| o.blocking = crate::Blocking::On),
    ("global-pooling", |o| o.pooling = crate::Pooling::Global),
    ("any-cap", |o| o.deploy_cap = crate::DeployCap::Any),
];

/// The factions a deck may name (one per resource type).
pub const FACTIONS: [&str; 4] = ["matter", "energy", "life", "signal"];

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct CardFile {
    #[serde(default)]
    commander: Vec<CommanderDef>,
    #[serde(default)]
    unit: Vec<UnitDef>,
    #[serde(default)]
    module: Vec<ModuleDef>,
    #[serde(default)]
    resource: Vec<ResourceDef>,
    #[serde(default)]
    action: Vec<ActionDef>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct DeckFile {
    name: String,
    faction: String,
    commander: String,
    cards: BTreeMap<String, u8>,
}

// Decks in file-name order, as `load_dir` reads a folder, so both list the same scenarios.
gridwright_engine::shipped!(
    impl Content,
    "../../../content/starcore":
    "cards/energy.toml",
    "cards/life.toml",
    "cards/matter.toml",
    "cards/signal.toml",
    "decks/arc-foundry.toml",
    "decks/iron-vanguard.toml",
    "decks/mind-lattice.toml",
    "decks/verdant-choir.toml",
);

/// The card pool and the decks, validated.
///
/// # Examples
/// ```
/// use gridwright_starcore::Content;
/// let content = Content::builtin()?;
/// assert_eq!(content.deck_names()[0], "arc-foundry");
/// let config = content.config("arc-foundry-vs-iron-vanguard")?;
/// assert_eq!(config.decks[1].name, "iron-vanguard");
/// # Ok::<(), gridwright_starcore::ContentError>(())
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct Content {
    cards: Vec<CardDef>,
    decks: Vec<DeckList>,
    /// What players call each deck of `decks`, in the same order.
    titles: Vec<DeckTitle>,
}

/// What players call a deck: its file's `name` and `faction`, which a [`DeckList`] (and so a
/// match's config) does not carry.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DeckTitle {
    /// The deck's name as players read it (`Arc Foundry`).
    pub title: String,
    /// Its faction (`energy`): one of [`FACTIONS`].
    pub faction: String,
}

impl Content {
    /// Builds content from its files ([`Files`]: the shipped ones or a folder's).
    ///
    /// # Errors
    /// [`ContentError::Invalid`] listing every problem found.
    pub fn from_files(files: &Files) -> Result<Content, ContentError> {
        Content::from_sources(files.folder("cards"), files.folder("decks"))
    }

    /// Builds content from `(stem, text)` of each card file and each deck file (decks in the
    /// order given).
    ///
    /// # Errors
    /// [`ContentError::Invalid`] listing every problem found.
    pub fn from_sources(
        card_files: Vec<(String, String)>,
        deck_files: Vec<(String, String)>,
    ) -> Result<Content, ContentError> {
        let mut problems = Problems::new();
        let mut cards = Vec::new();
        let mut seen: HashMap<String, String> = HashMap::new();
        for (name, src) in &card_files {
            let file = format!("cards/{name}.toml");
            let mut report = Report::new(file.clone(), src);
            if let Some(parsed) = report.parse::<CardFile>() {
                let mut found = Problems::new();
                let all = parsed
                    .commander
                    .into_iter()
                    .enumerate()
                    .map(|(i, d)| (format!("commander[{i}]"), CardDef::Commander(d)))
                    .chain(
                        parsed
                            .unit
                            .into_iter()
                            .enumerate()
                            .map(|(i, d)| (format!("unit[{i}]"), CardDef::Unit(d))),
                    )
                    .chain(
                        parsed
                            .module
                            .into_iter()
                            .enumerate()
                            .map(|(i, d)| (format!("module[{i}]"), CardDef::Module(d))),
                    )
                    .chain(
                        parsed
                            .resource
                            .into_iter()
                            .enumerate()
                            .map(|(i, d)| (format!("resource[{i}]"), CardDef::Resource(d))),
                    )
                    .chain(
                        parsed
                            .action
                            .into_iter()
                            .enumerate()
                            .map(|(i, d)| (format!("action[{i}]"), CardDef::Action(d))),
                    );
                for (path, def) in all {
                    if let Err(errors) = def.validate() {
                        found.extend_prefixed(&path, errors);
                    }
                    if let Some(other) = seen.insert(def.id().to_owned(), file.clone()) {
                        found.push(
                            format!("{path}.id"),
                            format!("card `{}` is also defined in {other}", def.id()),
                        );
                    }
                    cards.push(def);
                }
                report.adopt(found, str::to_owned);
            }
            problems.extend_prefixed("", report.into_problems());
        }
        let mut decks = Vec::new();
        let mut titles = Vec::new();
        if problems.is_empty() {
            let validated: Vec<crate::Card> =
                cards.iter().filter_map(|d| d.validate().ok()).collect();
            let index: HashMap<&str, crate::CardId> = cards
                .iter()
                .enumerate()
                .map(|(i, d)| (d.id(), crate::CardId(i.min(254) as u8)))
                .collect();
            for (name, src) in &deck_files {
                let file = format!("decks/{name}.toml");
                if let Some((deck, title)) =
                    read_deck(&file, name, src, &validated, &index, &mut problems)
                {
                    decks.push(deck);
                    titles.push(title);
                }
            }
        }
        valid(
            Content {
                cards,
                decks,
                titles,
            },
            problems,
        )
    }

    /// The shipped (or loaded) deck names, in order.
    pub fn deck_names(&self) -> Vec<String> {
        self.decks.iter().map(|d| d.name.clone()).collect()
    }

    /// The deck named `name`.
    pub fn deck(&self, name: &str) -> Option<&DeckList> {
        self.decks.iter().find(|d| d.name == name)
    }

    /// What players call the deck named `name` (its name and faction from its file).
    pub fn deck_title(&self, name: &str) -> Option<&DeckTitle> {
        let i = self.decks.iter().position(|d| d.name == name)?;
        self.titles.get(i)
    }

    /// Every card definition of the pool.
    pub fn cards(&self) -> &[CardDef] {
        &self.cards
    }

    /// The scenarios: every pairing of two different decks, in deck order
    /// (`arc-foundry-vs-iron-vanguard`, …), then the first pairing under each rule variant
    /// ([`VARIANTS`]: `arc-foundry-vs-iron-vanguard+blocking`, …).
    pub fn scenario_names(&self) -> Vec<String> {
        let mut out = Vec::new();
        for (i, a) in self.decks.iter().enumerate() {
            for b in &self.decks[i + 1..] {
                out.push(format!("{}-vs-{}", a.name, b.name));
            }
        }
        if let Some(first) = out.first().cloned() {
            out.extend(VARIANTS.iter().map(|(v, _)| format!("{first}+{v}")));
        }
        out
    }

    /// The config of scenario `name` with default options, or with the variants named after
    /// `+` (`arc-foundry-vs-mind-lattice+blocking+global-pooling`).
    ///
    /// # Errors
    /// [`ContentError::UnknownScenario`] if no pairing or variant has that name.
    pub fn config(&self, name: &str) -> Result<Config, ContentError> {
        let unknown = || ContentError::UnknownScenario {
            name: name.to_owned(),
            known: self.scenario_names(),
        };
        let mut parts = name.split('+');
        let pairing = parts.next().unwrap_or_default();
        let (a, b) = pairing.split_once("-vs-").ok_or_else(unknown)?;
        let (Some(a), Some(b)) = (self.deck(a), self.deck(b)) else {
            return Err(unknown());
        };
        let mut config = self.pairing(name, a.clone(), b.clone());
        for v in parts {
            let (_, apply) = VARIANTS.iter().find(|(n, _)| *n == v).ok_or_else(unknown)?;
            apply(&mut config.options);
        }
        Ok(config)
    }

    /// A config pairing two decks, each a shipped deck name or a path to a deck file of one's
    /// own (validated against this pool).
    ///
    /// # Errors
    /// [`ContentError::UnknownName`] for a name that is neither; the deck file's problems.
    pub fn config_for_decks(&self, p1: &str, p2: &str) -> Result<Config, ContentError> {
        let a = self.deck_by_name_or_path(p1)?;
        let b = self.deck_by_name_or_path(p2)?;
        let name = format!("{}-vs-{}", a.name, b.name);
        Ok(self.pairing(&name, a, b))
    }

    /// A shipped deck, or the deck in the file at `spec`.
    ///
    /// # Errors
    /// As [`Content::config_for_decks`].
    pub fn deck_by_name_or_path(&self, spec: &str) -> Result<DeckList, ContentError> {
        if let Some(d) = self.deck(spec) {
            return Ok(d.clone());
        }
        let path = Path::new(spec);
        if !path.exists() {
            return Err(ContentError::UnknownName {
                kind: "deck",
                name: spec.to_owned(),
                known: self.deck_names(),
            });
        }
        let src = read_file(path)?;
        let validated: Vec<crate::Card> = self
            .cards
            .iter()
            .filter_map(|d| d.validate().ok())
            .collect();
        let index: HashMap<&str, crate::CardId> = self
            .cards
            .iter()
            .enumerate()
            .map(|(i, d)| (d.id(), crate::CardId(i.min(254) as u8)))
            .collect();
        let mut problems = Problems::new();
        let deck = read_deck(
            &path.display().to_string(),
            &stem(path),
            &src,
            &validated,
            &index,
            &mut problems,
        );
        match deck {
            Some((d, _)) if problems.is_empty() => Ok(d),
            _ => Err(problems.into()),
        }
    }

    fn pairing(&self, name: &str, a: DeckList, b: DeckList) -> Config {
        Config {
            scenario: name.to_owned(),
            options: Options::default(),
            cards: self.cards.clone(),
            decks: vec![a, b],
        }
    }
}

/// Reads one deck file, filing its problems under `file`.
fn read_deck(
    file: &str,
    name: &str,
    src: &str,
    cards: &[crate::Card],
    index: &HashMap<&str, crate::CardId>,
    problems: &mut Problems,
) -> Option<(DeckList, DeckTitle)> {
    let mut report = Report::new(file.to_owned(), src);
    let parsed = report.parse::<DeckFile>();
    let mut result = None;
    if let Some(d) = parsed {
        let mut found = Problems::new();
        if !FACTIONS.contains(&d.faction.as_str()) {
            found.push(
                "faction",
                format!("`{}` is not a faction ({})", d.faction, FACTIONS.join(", ")),
            );
        }
        if d.name.trim().is_empty() {
            found.push("name", "a deck needs a name");
        }
        let list = DeckList {
            name: name.to_owned(),
            commander: d.commander,
            cards: d.cards,
        };
        check_deck(&list, cards, |id| index.get(id).copied(), &mut found);
        // Deck fields name card ids with dashes; the toolkit's paths split on dots only.
        let clean = found.is_empty();
        report.adopt(found, |f| match f.strip_prefix("cards.") {
            Some(id) => format!("cards.{id}"),
            None => f.to_owned(),
        });
        if clean {
            result = Some((
                list,
                DeckTitle {
                    title: d.name.trim().to_owned(),
                    faction: d.faction,
                },
            ));
        }
    }
    let mut own = report.into_problems();
    problems.append(&mut own);
    result
}
