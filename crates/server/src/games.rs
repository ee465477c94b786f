//! The games a server offers.
//!
//! # Why a provider trait instead of `GameKind` alone
//! The catalog's [`GameKind`] is the closed list of shipped games, and [`Games::catalog`] serves
//! exactly that list. Tests (and later, experiments) need to serve games that are not in the
//! catalog, e.g. a tiny sealed-bid game with secrets to prove hidden-information filtering. A
//! [`GameProvider`] is implemented for every `G: Frontend` by [`FrontendGame`], so any such game
//! can be added with [`Games::with`] without touching the catalog.

use crate::error::ServerError;
use gridwright_agents::AgentSpec;
use gridwright_catalog::{
    AnySession, CatalogError, ContentSource, Frontend, GameKind, LoadedDeck, ScenarioInfo,
    parse_deck_items, with_game,
};
use gridwright_engine::replay::{REPLAY_FORMAT, ReplayMove};
use gridwright_engine::{GameInfo, Replay, ReplayError, Seat, Session};
use gridwright_sim::balance::{BalanceReport, Header};
use gridwright_sim::request::{BalancePlan, BalanceRequest, Spelling};
use gridwright_sim::{AgentFactory, SimError};
use std::marker::PhantomData;
use std::sync::Arc;

/// One game as the server sees it: facts, scenarios, agents, and how to start or rebuild a
/// session.
/// What a Lab run asks of one game: one of its own scenarios (`None`: the default), an agent
/// per seat, and the run.
#[derive(Clone, Debug)]
pub struct LabAsk {
    /// The setup, by the game's scenario name.
    pub scenario: Option<ScenarioName>,
    /// One agent per seat, in seat order.
    pub agents: Vec<AgentSpec>,
    /// Games, seed, changes, variants, sweep or SPRT: as the command line's `balance`.
    pub request: BalanceRequest,
}

pub trait GameProvider: Send + Sync + 'static {
    /// Static facts (short name, seats, information, rules version).
    fn info(&self) -> GameInfo;
    /// The agents the game offers (besides `human`).
    fn agents(&self) -> &'static [&'static str];
    /// The AI opponents by strength: Easy, Normal, Hard.
    fn strengths(&self) -> [gridwright_catalog::Strength; 3];
    /// The scenarios available.
    ///
    /// # Errors
    /// If content fails to load.
    fn scenarios(&self) -> Result<Vec<ScenarioInfo>, CatalogError>;
    /// How to play the game (rules in words and a glossary), from the game's content.
    ///
    /// # Errors
    /// The game has no page (not a catalog game), or its file does not load.
    fn how_to_play(&self) -> Result<gridwright_catalog::HowToPlay, CatalogError> {
        Err(CatalogError::Unsupported(format!(
            "{} has no How to play page",
            self.info().short_name
        )))
    }
    /// Checks that `spec` names an agent of this game.
    ///
    /// # Errors
    /// Unknown agent or bad parameters.
    fn check_agent(&self, spec: &AgentSpec) -> Result<(), CatalogError>;
    /// The decks a match creator may pick by name, for games played with decks: those the
    /// content ships, then those the operator loaded (`--deck`). Empty: no decks.
    fn decks(&self) -> Vec<String> {
        Vec::new()
    }
    /// Starts a new session of one of this game's own scenarios (`None`: the default), with
    /// the decks the operator set for seats (`--deck`) and then the decks in `decks` (picked
    /// from [`GameProvider::decks`]) put in.
    ///
    /// # Errors
    /// Invalid content.
    fn new_session(
        &self,
        scenario: Option<&ScenarioName>,
        decks: &[(Seat, DeckName)],
        seed: u64,
    ) -> Result<NewSession, CatalogError>;
    /// Rebuilds a session from its stored config, seed and moves (without the event hash: the
    /// moves are re-validated one by one instead).
    ///
    /// # Errors
    /// Rules version changed, config no longer parses, or a move is refused.
    fn rebuild(
        &self,
        config: &serde_json::Value,
        seed: u64,
        rules_version: &str,
        moves: &[ReplayMove],
    ) -> Result<Box<dyn AnySession>, ReplayError> {
        self.rerun(&Replay {
            format: REPLAY_FORMAT,
            game: self.info().short_name.to_owned(),
            rules_version: rules_version.to_owned(),
            config: config.clone(),
            seed,
            moves: moves.to_vec(),
            event_hash: String::new(),
            resigned: None,
        })
    }
    /// A balance run of the Lab page (`lab.rs`) as `ask` says, checked by the sim crate's
    /// [`BalanceRequest::plan`] before any game is played.
    ///
    /// # Errors
    /// A refusal in words, naming the request's field and why: an agent the game does not
    /// have or `human`, the wrong number of agents, a setup that does not load, and every
    /// refusal of the plan (a key path, a value's type, a sweep's range, content the game
    /// refuses).
    fn lab(&self, ask: &LabAsk) -> Result<Box<dyn LabJob>, String>;
    /// Replays every move of `replay` into a session ([`GameProvider::rebuild`]'s work once the
    /// replay is assembled).
    ///
    /// # Errors
    /// As [`Replay::rerun`].
    fn rerun(&self, replay: &Replay) -> Result<Box<dyn AnySession>, ReplayError>;
}

/// A balance run checked and ready (its game erased): it plays its games in ranges, on the
/// caller's thread, and folds the ranges played so far into a report.
pub trait LabJob: Send + Sync {
    /// The games asked for (per variant).
    fn games(&self) -> usize;
    /// Games `start..start + count`, every variant of each, as the sim crate's `shard` text.
    ///
    /// # Errors
    /// A game that fails.
    fn play(&self, start: usize, count: usize) -> Result<String, SimError>;
    /// The report of the first `done` games, from the ranges played so far (in any order; the
    /// sim crate's `merge`), with `games_asked` the run's. With all the games it is the report
    /// `gridwright balance` gives for the same request and seed.
    ///
    /// # Errors
    /// Ranges that do not hold games `0..done` exactly once.
    fn report(
        &self,
        shards: &[String],
        done: usize,
        elapsed_seconds: f64,
    ) -> Result<BalanceReport, SimError>;
}

/// [`LabJob`] of a game with a catalog [`Frontend`].
struct FrontendLab<G: Frontend> {
    header: Header,
    plan: BalancePlan<G::Config>,
    agents: Vec<AgentFactory<G>>,
}

impl<G: Frontend> LabJob for FrontendLab<G> {
    fn games(&self) -> usize {
        self.plan.options.games
    }

    fn play(&self, start: usize, count: usize) -> Result<String, SimError> {
        gridwright_sim::balance::shard::<G>(
            &self.plan.variants,
            &self.agents,
            self.plan.options.seed,
            start,
            count,
            gridwright_catalog::balance_hooks::<G>(),
        )
    }

    fn report(
        &self,
        shards: &[String],
        done: usize,
        elapsed_seconds: f64,
    ) -> Result<BalanceReport, SimError> {
        let mut options = self.plan.options.clone();
        options.games = done;
        let mut report = gridwright_sim::balance::merge::<G>(
            self.header.clone(),
            &self.plan.variants,
            self.agents.len(),
            &options,
            shards,
            elapsed_seconds,
        )?;
        report.games_asked = self.plan.options.games;
        Ok(report)
    }
}

/// A scenario a game offers, by name.
///
/// # Why a type of its own
/// [`Frontend::load_config`] also takes a path to a scenario file, which is right on the local
/// command line and wrong from the network: a path there would let anyone make the server read
/// any file it can (its keys and values quoted back in errors, its existence shown by the kind
/// of error, and a large file costing memory). A `ScenarioName` is only made by
/// [`ScenarioName::resolve`], which looks the requested name up in the game's own list of
/// scenarios without touching the file system, so [`GameProvider::new_session`] can only ever
/// be handed a name from that list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScenarioName(String);

/// The longest part of a refused scenario name quoted back in the error.
const QUOTED_NAME: usize = 60;

impl ScenarioName {
    /// The name.
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// `requested` if `game` offers a scenario of exactly that name.
    ///
    /// # Errors
    /// [`ServerError::UnknownScenario`] (naming the request, shortened, and the game's
    /// scenarios) for any other text, paths included; [`ServerError::Content`] if the game's
    /// own scenarios cannot be listed.
    pub fn resolve(game: &dyn GameProvider, requested: &str) -> Result<ScenarioName, ServerError> {
        let known = game.scenarios().map_err(|e| {
            ServerError::Content(format!(
                "the scenarios of {} cannot be listed: {e}",
                game.info().short_name
            ))
        })?;
        if let Some(s) = known.iter().find(|s| s.name == requested) {
            return Ok(ScenarioName(s.name.clone()));
        }
        Err(ServerError::UnknownScenario {
            name: quote(requested),
            game: game.info().short_name,
            known: known
                .iter()
                .map(|s| s.name.as_str())
                .collect::<Vec<_>>()
                .join(", "),
        })
    }
}

/// A session just started, and the name of what it plays when decks changed the scenario
/// (Starcore: `arc-foundry-vs-my-deck`), for the match summary.
#[derive(Debug)]
pub struct NewSession {
    /// The session.
    pub session: Box<dyn AnySession>,
    /// What is played, when decks were put in; `None`: the scenario as asked for.
    pub scenario: Option<String>,
}

/// A deck a game offers to match creators, by name.
///
/// # Why a type of its own
/// As for [`ScenarioName`]: [`Frontend::load_deck`] also takes a path, which a network client
/// must never be able to make the server read. A `DeckName` is only made by
/// [`DeckName::resolve`], which looks the name up among the decks loaded at start
/// ([`GameProvider::decks`]) without touching the file system.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DeckName(String);

impl DeckName {
    /// The name.
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// `requested` if `game` offers a deck of exactly that name.
    ///
    /// # Errors
    /// [`ServerError::BadRequest`] if the game has no decks; [`ServerError::UnknownDeck`]
    /// (naming the request, shortened, and the game's decks) for any other text, paths
    /// included.
    pub fn resolve(game: &dyn GameProvider, requested: &str) -> Result<DeckName, ServerError> {
        let known = game.decks();
        if known.is_empty() {
            return Err(ServerError::BadRequest(format!(
                "{} is not played with decks",
                game.info().short_name
            )));
        }
        if let Some(d) = known.iter().find(|d| *d == requested) {
            return Ok(DeckName(d.clone()));
        }
        Err(ServerError::UnknownDeck {
            name: quote(requested),
            game: game.info().short_name,
            known: known.join(", "),
        })
    }
}

/// `requested` as quoted back in an error: shortened, control characters replaced.
fn quote(requested: &str) -> String {
    let mut name: String = requested
        .chars()
        .take(QUOTED_NAME)
        .map(|c| if c.is_control() { '?' } else { c })
        .collect();
    if requested.chars().count() > QUOTED_NAME {
        name.push('…');
    }
    name
}

/// The [`GameProvider`] of any game with a catalog [`Frontend`].
pub struct FrontendGame<G> {
    content: ContentSource,
    /// The decks creators may pick: the shipped ones, then the operator's.
    decks: Vec<LoadedDeck>,
    /// The operator's deck per seat (an index into `decks`), put into every new match.
    seat_decks: Vec<(Seat, usize)>,
    game: PhantomData<fn() -> G>,
}

impl<G> std::fmt::Debug for FrontendGame<G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("FrontendGame")
            .field("game", &std::any::type_name::<G>())
            .field("content", &self.content)
            .field("decks", &self.decks)
            .field("seat_decks", &self.seat_decks)
            .finish()
    }
}

impl<G: Frontend> FrontendGame<G> {
    /// The provider of `G`, reading content from `content`. Its shipped decks (if the game has
    /// any and the content loads) are loaded now; see [`FrontendGame::with_decks`] for content
    /// that must load.
    pub fn new(content: ContentSource) -> Self {
        let decks = shipped_decks::<G>(&content).unwrap_or_default();
        FrontendGame {
            content,
            decks,
            seat_decks: Vec::new(),
            game: PhantomData,
        }
    }

    /// The provider of `G` with the operator's decks: each item `SEAT=NAME|PATH` (a shipped
    /// deck's name or a deck file's path), loaded and validated now, once; the deck is put
    /// into that seat of every match created, unless the creator picks another, and a deck
    /// from a file may be picked by its name for any seat.
    ///
    /// # Errors
    /// A malformed item, a content or deck file that does not load or validate (file, line,
    /// card and rule), or a deck file whose name is already another deck's.
    pub fn with_decks(content: ContentSource, items: &[String]) -> Result<Self, CatalogError> {
        let mut decks = shipped_decks::<G>(&content)?;
        let shipped = decks.len();
        let mut seat_decks = Vec::new();
        let mut sources: Vec<String> = Vec::new();
        for (seat, spec) in parse_deck_items(items, G::INFO.max_seats)? {
            let item = format!("{}:{seat}={spec}", G::INFO.short_name);
            let deck = G::load_deck(&content, &spec).map_err(|e| CatalogError::Deck {
                item: item.clone(),
                source: Box::new(e),
            })?;
            let index = match decks.iter().position(|d| d.name() == deck.name()) {
                // A shipped deck by its name, or the same file given for a second seat.
                Some(i) if i < shipped && spec == deck.name() => i,
                Some(i) if i >= shipped && sources[i - shipped] == spec => i,
                Some(_) => {
                    let name = deck.name().to_owned();
                    return Err(CatalogError::Deck {
                        item,
                        source: Box::new(CatalogError::DeckNameTaken { name }),
                    });
                }
                None => {
                    decks.push(deck);
                    sources.push(spec.clone());
                    decks.len() - 1
                }
            };
            seat_decks.push((seat, index));
        }
        Ok(FrontendGame {
            content,
            decks,
            seat_decks,
            game: PhantomData,
        })
    }
}

/// The decks `G`'s content ships, loaded.
fn shipped_decks<G: Frontend>(content: &ContentSource) -> Result<Vec<LoadedDeck>, CatalogError> {
    G::deck_names(content)?
        .iter()
        .map(|name| G::load_deck(content, name))
        .collect()
}

impl<G: Frontend> GameProvider for FrontendGame<G> {
    fn info(&self) -> GameInfo {
        G::INFO
    }

    fn agents(&self) -> &'static [&'static str] {
        G::AGENTS
    }

    fn strengths(&self) -> [gridwright_catalog::Strength; 3] {
        G::STRENGTHS
    }

    fn scenarios(&self) -> Result<Vec<ScenarioInfo>, CatalogError> {
        G::scenarios(&self.content)
    }

    fn check_agent(&self, spec: &AgentSpec) -> Result<(), CatalogError> {
        G::agent(spec).map(|_| ())
    }

    fn how_to_play(&self) -> Result<gridwright_catalog::HowToPlay, CatalogError> {
        match GameKind::from_name(G::INFO.short_name) {
            Some(kind) => gridwright_catalog::how_to_play(&self.content, kind),
            None => Err(CatalogError::Unsupported(format!(
                "{} has no How to play page",
                G::INFO.short_name
            ))),
        }
    }

    fn decks(&self) -> Vec<String> {
        self.decks.iter().map(|d| d.name().to_owned()).collect()
    }

    fn new_session(
        &self,
        scenario: Option<&ScenarioName>,
        decks: &[(Seat, DeckName)],
        seed: u64,
    ) -> Result<NewSession, CatalogError> {
        let mut cfg = G::load_config(&self.content, scenario.map(ScenarioName::as_str))?;
        let mut chosen: Vec<(Seat, &LoadedDeck)> = Vec::new();
        for (seat, i) in &self.seat_decks {
            if let Some(d) = self.decks.get(*i) {
                chosen.push((*seat, d));
            }
        }
        for (seat, name) in decks {
            let d = self
                .decks
                .iter()
                .find(|d| d.name() == name.as_str())
                .ok_or_else(|| CatalogError::UnknownDeck {
                    name: name.as_str().to_owned(),
                })?;
            chosen.retain(|(s, _)| s != seat);
            chosen.push((*seat, d));
        }
        let mut name = None;
        if !chosen.is_empty() {
            cfg = G::put_decks(cfg, &chosen)?;
            name = G::config_name(&cfg);
        }
        let s = Session::<G>::new(cfg, seed)?;
        Ok(NewSession {
            session: Box::new(s),
            scenario: name,
        })
    }

    fn rerun(&self, replay: &Replay) -> Result<Box<dyn AnySession>, ReplayError> {
        Ok(Box::new(replay.rerun::<G>(replay.moves.len())?))
    }

    fn lab(&self, ask: &LabAsk) -> Result<Box<dyn LabJob>, String> {
        let LabAsk {
            scenario,
            agents,
            request,
        } = ask;
        let scenario = scenario.as_ref();
        let config = G::load_config(&self.content, scenario.map(ScenarioName::as_str))
            .map_err(|e| format!("setup: {e}"))?;
        let seats = G::new(&config)
            .map_err(|e| format!("setup: {e}"))?
            .num_seats();
        if agents.len() != seats {
            return Err(format!(
                "agents: this setup has {seats} seats, so it needs {seats} agents, not {}",
                agents.len()
            ));
        }
        let mut factories: Vec<AgentFactory<G>> = Vec::with_capacity(seats);
        for (i, spec) in agents.iter().enumerate() {
            if spec.is_human() {
                return Err(format!(
                    "agents: P{}: a person cannot play in the Lab",
                    i + 1
                ));
            }
            G::agent(spec).map_err(|e| format!("agents: P{}: {e}", i + 1))?;
            let spec = spec.clone();
            factories.push(Arc::new(move || match G::agent(&spec) {
                Ok(a) => a,
                // Checked above; cannot fail here.
                Err(_) => Box::new(gridwright_engine::RandomAgent),
            }));
        }
        let plan = request
            .plan::<G>(&config, Spelling::Keywords)
            .map_err(|e| e.to_string())?;
        let header = Header {
            game: G::INFO.short_name.to_owned(),
            setup: G::config_name(&config)
                .or_else(|| scenario.map(|s| s.as_str().to_owned()))
                .unwrap_or_else(|| "default".into()),
            agents: agents.iter().map(ToString::to_string).collect(),
        };
        Ok(Box::new(FrontendLab::<G> {
            header,
            plan,
            agents: factories,
        }))
    }
}

/// The set of games a server offers, in display order.
#[derive(Clone, Default)]
pub struct Games {
    list: Vec<Arc<dyn GameProvider>>,
}

impl std::fmt::Debug for Games {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list()
            .entries(self.list.iter().map(|g| g.info().short_name))
            .finish()
    }
}

impl Games {
    /// No games.
    pub fn empty() -> Self {
        Games::default()
    }

    /// Every game of the catalog, reading content from `content`.
    pub fn catalog(content: &ContentSource) -> Self {
        let mut games = Games::empty();
        for kind in GameKind::ALL {
            with_game!(kind, G => {
                games = games.with::<G>(content.clone());
            });
        }
        games
    }

    /// Every game of the catalog with the operator's decks (`--deck GAME:SEAT=NAME|PATH`),
    /// each loaded and validated now ([`FrontendGame::with_decks`]).
    ///
    /// # Errors
    /// An item without a game or naming a game the catalog does not have, and as
    /// [`FrontendGame::with_decks`].
    pub fn catalog_with_decks(
        content: &ContentSource,
        decks: &[String],
    ) -> Result<Self, CatalogError> {
        let mut per_game: Vec<(GameKind, Vec<String>)> = Vec::new();
        for item in decks {
            let bad = |why: String| CatalogError::Unsupported(format!("--deck `{item}`: {why}"));
            let (game, rest) = item.split_once(':').ok_or_else(|| {
                bad("must name its game, like starcore:p1=NAME or starcore:p2=PATH".into())
            })?;
            let kind = GameKind::from_name(game).ok_or_else(|| {
                bad(format!(
                    "unknown game `{game}`; the games are: {}",
                    GameKind::names().join(", ")
                ))
            })?;
            match per_game.iter_mut().find(|(k, _)| *k == kind) {
                Some((_, list)) => list.push(rest.to_owned()),
                None => per_game.push((kind, vec![rest.to_owned()])),
            }
        }
        let mut games = Games::empty();
        for kind in GameKind::ALL {
            let items = per_game
                .iter()
                .find(|(k, _)| *k == kind)
                .map_or(&[][..], |(_, l)| l.as_slice());
            with_game!(kind, G => {
                games = if items.is_empty() {
                    games.with::<G>(content.clone())
                } else {
                    games.with_provider(Arc::new(FrontendGame::<G>::with_decks(
                        content.clone(),
                        items,
                    )?))
                };
            });
        }
        Ok(games)
    }

    /// These games plus `G` (replacing a game of the same short name).
    #[must_use]
    pub fn with<G: Frontend>(self, content: ContentSource) -> Self {
        self.with_provider(Arc::new(FrontendGame::<G>::new(content)))
    }

    /// These games plus `provider` (replacing a game of the same short name).
    #[must_use]
    pub fn with_provider(mut self, provider: Arc<dyn GameProvider>) -> Self {
        let name = provider.info().short_name;
        self.list.retain(|g| g.info().short_name != name);
        self.list.push(provider);
        self
    }

    /// The game with this short name.
    pub fn get(&self, name: &str) -> Option<&Arc<dyn GameProvider>> {
        let name = name.trim().to_lowercase();
        self.list.iter().find(|g| g.info().short_name == name)
    }

    /// The game with this short name, or the error that names the games there are.
    ///
    /// # Errors
    /// [`ServerError::UnknownGame`]: no such game (the name shortened to 60 characters).
    pub fn named(&self, name: &str) -> Result<&Arc<dyn GameProvider>, ServerError> {
        self.get(name).ok_or_else(|| ServerError::UnknownGame {
            name: name.chars().take(60).collect(),
            known: self.names(),
        })
    }

    /// All games, in order.
    pub fn iter(&self) -> impl Iterator<Item = &Arc<dyn GameProvider>> {
        self.list.iter()
    }

    /// The short names, for error messages.
    pub fn names(&self) -> String {
        self.list
            .iter()
            .map(|g| g.info().short_name)
            .collect::<Vec<_>>()
            .join(", ")
    }
}
