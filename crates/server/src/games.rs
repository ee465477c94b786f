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
    AnySession, CatalogError, ContentSource, Frontend, GameKind, ScenarioInfo, with_game,
};
use gridwright_engine::replay::{REPLAY_FORMAT, ReplayMove};
use gridwright_engine::{GameInfo, Replay, ReplayError, Session};
use std::marker::PhantomData;
use std::sync::Arc;

/// One game as the server sees it: facts, scenarios, agents, and how to start or rebuild a
/// session.
pub trait GameProvider: Send + Sync + 'static {
    /// Static facts (short name, seats, information, rules version).
    fn info(&self) -> GameInfo;
    /// The agents the game offers (besides `human`).
    fn agents(&self) -> &'static [&'static str];
    /// The scenarios available.
    ///
    /// # Errors
    /// If content fails to load.
    fn scenarios(&self) -> Result<Vec<ScenarioInfo>, CatalogError>;
    /// Checks that `spec` names an agent of this game.
    ///
    /// # Errors
    /// Unknown agent or bad parameters.
    fn check_agent(&self, spec: &AgentSpec) -> Result<(), CatalogError>;
    /// Starts a new session of one of this game's own scenarios (`None`: the default).
    ///
    /// # Errors
    /// Invalid content.
    fn new_session(
        &self,
        scenario: Option<&ScenarioName>,
        seed: u64,
    ) -> Result<Box<dyn AnySession>, CatalogError>;
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
    ) -> Result<Box<dyn AnySession>, ReplayError>;
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
        let mut name: String = requested
            .chars()
            .take(QUOTED_NAME)
            .map(|c| if c.is_control() { '?' } else { c })
            .collect();
        if requested.chars().count() > QUOTED_NAME {
            name.push('…');
        }
        Err(ServerError::UnknownScenario {
            name,
            game: game.info().short_name,
            known: known
                .iter()
                .map(|s| s.name.as_str())
                .collect::<Vec<_>>()
                .join(", "),
        })
    }
}

/// The [`GameProvider`] of any game with a catalog [`Frontend`].
pub struct FrontendGame<G> {
    content: ContentSource,
    game: PhantomData<fn() -> G>,
}

impl<G> std::fmt::Debug for FrontendGame<G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("FrontendGame")
            .field("game", &std::any::type_name::<G>())
            .field("content", &self.content)
            .finish()
    }
}

impl<G: Frontend> FrontendGame<G> {
    /// The provider of `G`, reading content from `content`.
    pub fn new(content: ContentSource) -> Self {
        FrontendGame {
            content,
            game: PhantomData,
        }
    }
}

impl<G: Frontend> GameProvider for FrontendGame<G> {
    fn info(&self) -> GameInfo {
        G::INFO
    }

    fn agents(&self) -> &'static [&'static str] {
        G::AGENTS
    }

    fn scenarios(&self) -> Result<Vec<ScenarioInfo>, CatalogError> {
        G::scenarios(&self.content)
    }

    fn check_agent(&self, spec: &AgentSpec) -> Result<(), CatalogError> {
        G::agent(spec).map(|_| ())
    }

    fn new_session(
        &self,
        scenario: Option<&ScenarioName>,
        seed: u64,
    ) -> Result<Box<dyn AnySession>, CatalogError> {
        let cfg = G::load_config(&self.content, scenario.map(ScenarioName::as_str))?;
        let s = Session::<G>::new(cfg, seed).map_err(|e| CatalogError::Content(e.to_string()))?;
        Ok(Box::new(s))
    }

    fn rebuild(
        &self,
        config: &serde_json::Value,
        seed: u64,
        rules_version: &str,
        moves: &[ReplayMove],
    ) -> Result<Box<dyn AnySession>, ReplayError> {
        let replay = Replay {
            format: REPLAY_FORMAT,
            game: G::INFO.short_name.to_owned(),
            rules_version: rules_version.to_owned(),
            config: config.clone(),
            seed,
            moves: moves.to_vec(),
            event_hash: String::new(),
        };
        Ok(Box::new(replay.rerun::<G>(moves.len())?))
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
