//! # gridwright-catalog
//!
//! The one place that names every game. [`GameKind`] is a closed enum: adding a game means adding
//! a variant, its [`Frontend`] impl, and one arm in [`with_game!`]. Nothing registers itself at
//! link time, so `gridwright games` is exactly this list.
//!
//! [`Frontend`] is what the command line and the server need from a game beyond the engine's
//! [`Game`]: where its scenarios come from, how it looks in a terminal, what to show before an
//! action is confirmed, and which agents it offers.
//!
//! ```
//! use gridwright_catalog::GameKind;
//! assert_eq!(GameKind::from_name("grid-battles"), Some(GameKind::GridBattles));
//! assert!(GameKind::ALL.iter().any(|k| k.name() == "connect-four"));
//! ```

pub mod command_core;
mod connect_four;
mod content;
mod dyn_session;
pub mod grid_battles;
mod help;
mod how_to_play;
pub mod milkomeda;
mod odds;
pub mod reference;
mod scenarios;
pub mod starcore;
pub mod terminal;
#[cfg(feature = "ts")]
pub mod typescript;

pub use content::ContentSource;
pub use dyn_session::{
    AnySession, ApplyError, LegalAction, Think, TurnInfo, new_session, session_from_replay,
};
pub use gridwright_command_core::CommandCore;
pub use gridwright_connect_four::ConnectFour;
pub use gridwright_grid_battles::GridBattles;
pub use gridwright_milkomeda::Milkomeda;
pub use gridwright_starcore::Starcore;
pub use help::{describe, step_help};
pub use how_to_play::{GlossaryEntry, HowToPlay, HowToPlaySection, how_to_play};
pub use odds::{OddsParam, OddsQuery, OddsReport, odds_entry, odds_help, odds_table};
pub use reference::{Reference, ReferenceEntry, ReferenceGroup, ReferenceStat};
pub use scenarios::{Scenarios, content_of, load_config, scenarios};

use gridwright_agents::{AgentSpec, Mcts, MctsConfig, WithPrior};
use gridwright_engine::content::ContentError;
use gridwright_engine::{Agent, EventFold, Game, GameInfo, RandomAgent, Seat, Viewer};
use serde::Serialize;
use std::sync::Arc;

/// Every game Gridwright ships.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum GameKind {
    /// Hex wargame (seed 002).
    GridBattles,
    /// Mech programming with hidden simultaneous programs (seed 004).
    CommandCore,
    /// The tiny worked example.
    ConnectFour,
    /// Card battler on two facing grids with links, modules and a response stack (seeds 000,
    /// 001).
    Starcore,
    /// Space 4X for 2–4 players with bribes and sealed fleet rosters (seed 003).
    Milkomeda,
}

impl GameKind {
    /// All games, in display order.
    pub const ALL: [GameKind; 5] = [
        GameKind::GridBattles,
        GameKind::CommandCore,
        GameKind::ConnectFour,
        GameKind::Starcore,
        GameKind::Milkomeda,
    ];

    /// Static facts about the game.
    pub fn info(self) -> GameInfo {
        match self {
            GameKind::GridBattles => GridBattles::INFO,
            GameKind::CommandCore => CommandCore::INFO,
            GameKind::ConnectFour => ConnectFour::INFO,
            GameKind::Starcore => Starcore::INFO,
            GameKind::Milkomeda => Milkomeda::INFO,
        }
    }

    /// The short name (`grid-battles`).
    pub fn name(self) -> &'static str {
        self.info().short_name
    }

    /// Looks a game up by short name.
    pub fn from_name(name: &str) -> Option<GameKind> {
        GameKind::ALL
            .into_iter()
            .find(|k| k.name() == name.trim().to_lowercase())
    }

    /// The short names, for error messages.
    pub fn names() -> Vec<&'static str> {
        GameKind::ALL.iter().map(|k| k.name()).collect()
    }
}

/// Runs `$body` with `$g` bound to the game type of `$kind`: the enum dispatch that lets generic
/// code (play loops, simulation, replays) run for whichever game was asked for.
#[macro_export]
macro_rules! with_game {
    ($kind:expr, $g:ident => $body:expr) => {
        match $kind {
            $crate::GameKind::GridBattles => {
                type $g = $crate::GridBattles;
                $body
            }
            $crate::GameKind::CommandCore => {
                type $g = $crate::CommandCore;
                $body
            }
            $crate::GameKind::ConnectFour => {
                type $g = $crate::ConnectFour;
                $body
            }
            $crate::GameKind::Starcore => {
                type $g = $crate::Starcore;
                $body
            }
            $crate::GameKind::Milkomeda => {
                type $g = $crate::Milkomeda;
                $body
            }
        }
    };
}

/// A scenario as the lobby lists it.
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "ScenarioEntry"))]
pub struct ScenarioInfo {
    /// Its name (what a create request names).
    // Also what `--scenario` names on the command line.
    pub name: String,
    /// Its title.
    pub title: String,
    /// What it is about.
    pub description: String,
    /// Its seats.
    pub seats: usize,
    /// A text picture of the board.
    pub preview: String,
    /// The opening board as data, in the game's own shape, where the game offers one.
    // For a graphical preview, drawn by the game's web view. Why alongside `preview`: terminals
    // keep the text, and browsers should not parse a terminal picture back into a board.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional, type = "unknown"))]
    pub board: Option<serde_json::Value>,
}

/// A game's card list (`gridwright cards`): the text for a terminal and one JSON document.
#[derive(Clone, Debug)]
pub struct CardList {
    /// One block per card.
    pub text: String,
    /// `{"game", "cards": [...]}`.
    pub json: serde_json::Value,
}

/// Errors of the catalog layer: unknown names, content that does not load, bad agent specs.
///
/// An error from a lower layer is kept as its own type (`#[from]`), so a caller can tell a
/// malformed content file ([`CatalogError::Content`] with [`ContentError::Invalid`], every
/// problem with its file, line and field) from a config that does not set up
/// ([`CatalogError::Setup`]) or a replay that does not verify ([`CatalogError::Replay`]); each
/// prints as the sentence of the error it carries.
#[derive(Debug, thiserror::Error)]
pub enum CatalogError {
    /// No such game.
    #[error("unknown game `{name}`; the games are: {}", GameKind::names().join(", "))]
    UnknownGame {
        /// What was asked for.
        name: String,
    },
    /// A game's content failed to load, or a scenario, a deck or a name is unknown: file, line
    /// and field where known.
    #[error(transparent)]
    Content(#[from] ContentError),
    /// A config that does not set up (every problem, with its field).
    #[error(transparent)]
    Setup(#[from] gridwright_engine::SetupError),
    /// A replay that does not verify or re-run.
    #[error(transparent)]
    Replay(#[from] gridwright_engine::ReplayError),
    /// A value that cannot be turned into JSON (a board for the lobby).
    #[error(transparent)]
    Json(#[from] serde_json::Error),
    /// A content directory someone named that cannot be used.
    #[error("content directory {} (from {from}){problem}", dir.display())]
    ContentDir {
        /// The directory.
        dir: std::path::PathBuf,
        /// Where it was named: `--content` or `$GRIDWRIGHT_CONTENT`.
        from: &'static str,
        /// What is wrong with it.
        problem: ContentDirProblem,
    },
    /// A game with a fixed list of scenarios has none of this name.
    #[error("{game} has no scenario `{name}`; {}", scenario_list(known))]
    NoSuchScenario {
        /// The game's short name.
        game: &'static str,
        /// What was asked for.
        name: String,
        /// The scenarios it has.
        known: &'static [&'static str],
    },
    /// A `--deck` item that cannot be used, and why.
    #[error("--deck {item}: {source}")]
    Deck {
        /// The item as given (`1=arc-foundry`), with its game where the server names it.
        item: String,
        /// Why.
        #[source]
        source: Box<CatalogError>,
    },
    /// A deck file whose deck name another deck already has.
    #[error("a deck named `{name}` is already offered; rename the file")]
    DeckNameTaken {
        /// The deck name.
        name: String,
    },
    /// No deck of this name is offered.
    #[error("no deck `{name}`")]
    UnknownDeck {
        /// What was asked for.
        name: String,
    },
    /// No such agent for this game.
    #[error("unknown agent `{spec}` for {game}; available: {available}")]
    UnknownAgent {
        /// The spec.
        spec: String,
        /// The game.
        game: &'static str,
        /// What is available.
        available: String,
    },
    /// An agent spec parameter is wrong.
    #[error("agent `{spec}`: {reason}")]
    AgentParam {
        /// The spec.
        spec: String,
        /// Why.
        reason: String,
    },
    /// An option this game does not have.
    #[error("{0}")]
    Unsupported(String),
    /// An odds question that is malformed or cannot be answered exactly.
    #[error("{0}")]
    Odds(String),
}

/// What is wrong with a content directory someone named ([`CatalogError::ContentDir`]), as the
/// end of its sentence.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ContentDirProblem {
    /// It is a file or a device.
    #[error(" is not a directory")]
    NotADirectory,
    /// It cannot be read (the operating system's reason).
    #[error(": {0}")]
    Unreadable(String),
    /// It holds no folder for the game.
    #[error(" has no `{0}` folder")]
    NoGameFolder(String),
}

/// `the only one is `a`` or `the scenarios are `a`, `b``.
fn scenario_list(known: &[&str]) -> String {
    let quoted: Vec<String> = known.iter().map(|k| format!("`{k}`")).collect();
    match quoted.as_slice() {
        [one] => format!("the only one is {one}"),
        many => format!("the scenarios are {}", many.join(", ")),
    }
}

/// What the command line and server need from a game beyond [`Game`].
///
/// Every game in the catalog also folds its event log ([`EventFold`]): its redacted events
/// rebuild each viewer's observation, so a replay's log is an audit trail (issue 20). A game
/// without a fold cannot be registered.
pub trait Frontend: Game + EventFold {
    /// The agents this game offers besides `human`, for help texts.
    const AGENTS: &'static [&'static str];

    /// The game's default MCTS budget and settings, as spec parameters (`iters=8000`): what
    /// plain `mcts` means for this game. Chosen so a move takes well under a second on a
    /// two-core machine while beating the game's greedy agent; a spec's own parameters win.
    const MCTS_DEFAULTS: &'static str = "";

    /// The AI opponents players pick from, weakest first: Easy, Normal, Hard
    /// (see [`Strength`]).
    const STRENGTHS: [Strength; 3] = GREEDY_MCTS_STRENGTHS;

    /// The scenarios available from `content`.
    ///
    /// # Errors
    /// If content fails to load.
    fn scenarios(content: &ContentSource) -> Result<Vec<ScenarioInfo>, CatalogError>;

    /// The config for a scenario name or a path to a scenario file (`None`: the default).
    ///
    /// # Errors
    /// Unknown scenario or invalid content, with file, line and field where known.
    fn load_config(
        content: &ContentSource,
        scenario: Option<&str>,
    ) -> Result<Self::Config, CatalogError>;

    /// The terminal view for `viewer`.
    fn render(&self, viewer: Viewer) -> String;

    /// What to show before `action` is confirmed (e.g. exact attack odds), if anything.
    fn preview_action(&self, action: &Self::Action) -> Option<String> {
        let _ = action;
        None
    }

    /// Per-seat scores worth reporting in statistics (e.g. victory points).
    fn scores(&self) -> Option<Vec<f64>> {
        None
    }

    /// For balance reports' per-round curves: the round (or turn) the game is in. `None` (the
    /// default): the game has no per-round curves.
    fn round_number(&self) -> Option<u32> {
        None
    }

    /// For balance reports' per-round curves, sampled at the start of each round: what is worth
    /// charting per seat (one value per seat, in seat order), each named in words players read.
    /// Empty (the default): nothing.
    fn round_measures(&self) -> Vec<(&'static str, Vec<f64>)> {
        Vec::new()
    }

    /// How a finished game ended, in words players read (the result panel and the lobby) and
    /// statistics group by: each game's own text (Connect Four `four in a row`, Grid Battles
    /// `first to 2 victory points`, Milkomeda `grid completed`, …). `None` (the default): the
    /// game does not say.
    fn end_reason(&self) -> Option<String> {
        None
    }

    /// A heuristic value of this state for `seat`, in `[-1, 1]`, for search agents: MCTS uses
    /// it where it cuts a playout short, to order the actions it tries first, and to steer
    /// heuristic playouts. `None` (the default): no opinion, playouts run to the end.
    fn evaluate(&self, seat: Seat) -> Option<f64> {
        let _ = seat;
        None
    }

    /// The value behind MCTS's action priors, asked once per action of each node the search
    /// meets (far less often than [`evaluate`](Frontend::evaluate)), so it may look deeper at a
    /// higher cost. The default is [`evaluate`](Frontend::evaluate).
    fn evaluate_prior(&self, seat: Seat) -> Option<f64> {
        self.evaluate(seat)
    }

    /// What the game's own agents make of this position for `seat`, in words, for
    /// `gridwright analyze` (Milkomeda: how the Master values each open bribe). Only what `seat`
    /// may know. Empty (the default): nothing to add to the search.
    fn notes(&self, seat: Seat) -> Vec<String> {
        let _ = seat;
        Vec::new()
    }

    /// The parameters of this game's `gridwright odds` question (`--attacker UNIT`); empty: the
    /// game offers no odds.
    const ODDS: &'static [OddsParam] = &[];

    /// Exact odds for a question parsed against [`Frontend::ODDS`].
    ///
    /// # Errors
    /// Unknown names in the question, content that does not load, a question that cannot be
    /// answered exactly; by default, that the game has no odds.
    fn odds(content: &ContentSource, query: &OddsQuery) -> Result<OddsReport, CatalogError> {
        let _ = (content, query);
        Err(CatalogError::Unsupported(format!(
            "`gridwright odds` has no matchups for {} yet",
            Self::INFO.short_name
        )))
    }

    /// What a config says it is: the scenario actually played, for reports (Starcore: the
    /// deck pairing with its variants, `arc-foundry-vs-my-deck+blocking`, which stays true after
    /// `--deck`). `None` (the default): the config does not name itself.
    fn config_name(config: &Self::Config) -> Option<String> {
        let _ = config;
        None
    }

    /// The names of the decks `content` ships, for games played with decks (empty: none).
    ///
    /// # Errors
    /// Content that does not load.
    fn deck_names(content: &ContentSource) -> Result<Vec<String>, CatalogError> {
        let _ = content;
        Ok(Vec::new())
    }

    /// One deck, loaded and validated against `content`'s card pool: a deck name the content
    /// ships, or the path of a deck file of one's own (`--deck SEAT=NAME|PATH`). Read once;
    /// [`Frontend::put_decks`] then puts it into any number of configs.
    ///
    /// # Errors
    /// An unknown deck or a deck file that does not validate (file, line, card and rule); by
    /// default, that the game has no decks.
    fn load_deck(content: &ContentSource, spec: &str) -> Result<LoadedDeck, CatalogError> {
        let _ = (content, spec);
        Err(no_decks::<Self>())
    }

    /// `config` with the deck of each listed seat replaced by a deck [`Frontend::load_deck`]
    /// returned. Seats are already checked against the game's seat count.
    ///
    /// # Errors
    /// A deck of another game; by default, that the game has no decks.
    fn put_decks(
        config: Self::Config,
        decks: &[(Seat, &LoadedDeck)],
    ) -> Result<Self::Config, CatalogError> {
        let _ = (config, decks);
        Err(no_decks::<Self>())
    }

    /// Every card of the game's pool, with its stats and effects in words and the tests that
    /// play it (`gridwright cards GAME`), for games played with cards.
    ///
    /// # Errors
    /// Content that does not load; by default, that the game has no card list.
    fn cards(content: &ContentSource) -> Result<CardList, CatalogError> {
        let _ = content;
        Err(CatalogError::Unsupported(format!(
            "`gridwright cards`: {} is not played with a card list",
            Self::INFO.short_name
        )))
    }

    /// The public reference data of a match played with `config` (card texts, unit tables:
    /// see [`Reference`]), which never changes during the match. Empty by default.
    fn reference(config: &Self::Config) -> Reference {
        let _ = config;
        Reference::empty(Self::INFO.short_name)
    }

    /// The game's own greedy agent, which the spec `greedy` names. `None` (the default): the
    /// game has none.
    fn greedy_agent() -> Option<Box<dyn Agent<Self>>> {
        None
    }

    /// Builds an agent from a spec: `greedy` is [`greedy_agent`](Frontend::greedy_agent) where
    /// the game has one, anything else [`generic_agent`].
    ///
    /// # Errors
    /// Unknown agent or bad parameters.
    fn agent(spec: &AgentSpec) -> Result<Box<dyn Agent<Self>>, CatalogError> {
        if spec.name == "greedy"
            && let Some(agent) = Self::greedy_agent()
        {
            known_params(spec, &[])?;
            return Ok(agent);
        }
        generic_agent::<Self>(spec)
    }
}

/// The [`Frontend::render`] and [`Frontend::preview_action`] of a game crate that has a
/// `render(&game, viewer)` and a preview function of the same shape:
/// `frontend_views!(render, attack_preview);` inside its `impl Frontend`.
macro_rules! frontend_views {
    ($render:path, $preview:path) => {
        fn render(&self, viewer: Viewer) -> String {
            $render(self, viewer)
        }

        fn preview_action(&self, action: &Self::Action) -> Option<String> {
            $preview(self, action)
        }
    };
}
pub(crate) use frontend_views;

fn no_decks<G: Frontend>() -> CatalogError {
    CatalogError::Unsupported(format!(
        "--deck: {} is not played with decks",
        G::INFO.short_name
    ))
}

/// A deck loaded and validated once ([`Frontend::load_deck`]), kept to be put into configs
/// later ([`Frontend::put_decks`]): the server loads the operator's `--deck` files at start and
/// never reads them again.
#[derive(Clone)]
pub struct LoadedDeck {
    name: String,
    deck: Arc<dyn std::any::Any + Send + Sync>,
}

impl LoadedDeck {
    /// A deck named `name`, `deck` being the game's own deck value.
    pub fn new<T: std::any::Any + Send + Sync>(name: impl Into<String>, deck: T) -> Self {
        LoadedDeck {
            name: name.into(),
            deck: Arc::new(deck),
        }
    }

    /// The deck's name (a shipped deck's name, or a deck file's stem).
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The game's own deck value, if this is a deck of that type.
    pub fn get<T: std::any::Any>(&self) -> Option<&T> {
        self.deck.downcast_ref()
    }
}

impl std::fmt::Debug for LoadedDeck {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("LoadedDeck")
            .field("name", &self.name)
            .finish_non_exhaustive()
    }
}

/// Parses `--deck` items, `SEAT=NAME|PATH` with SEAT `1`, `p1`, `P2`, …, for a game of `seats`
/// seats: the seat and the deck text of each.
///
/// # Errors
/// A malformed item, a seat the game does not have, a seat given twice, an empty deck.
/// `G`'s hooks of a balance report (its scores, how a game ended, its round and per-round
/// measures), as every front end hands them to `gridwright_sim::balance`.
pub fn balance_hooks<G: Frontend>() -> gridwright_sim::balance::Hooks<G> {
    gridwright_sim::balance::Hooks {
        score: G::scores,
        end: G::end_reason,
        round: G::round_number,
        measures: G::round_measures,
    }
}

pub fn parse_deck_items(items: &[String], seats: u8) -> Result<Vec<(Seat, String)>, CatalogError> {
    let mut chosen: Vec<(Seat, String)> = Vec::new();
    for item in items {
        let bad = |why: String| CatalogError::Unsupported(format!("--deck `{item}`: {why}"));
        let (seat, deck) = item
            .split_once('=')
            .ok_or_else(|| bad("must look like p1=NAME or p2=PATH".into()))?;
        let seat = Seat::parse_number(seat)
            .filter(|s| s.index() < usize::from(seats))
            .ok_or_else(|| bad(format!("this game has seats p1 to p{seats}")))?;
        if deck.trim().is_empty() {
            return Err(bad("names no deck".into()));
        }
        if chosen.iter().any(|(s, _)| *s == seat) {
            return Err(bad(format!("{seat} is given a deck twice")));
        }
        chosen.push((seat, deck.trim().to_owned()));
    }
    Ok(chosen)
}

/// The config of `scenario` (`None`: the default) with the decks of `decks` put in (each
/// `SEAT=NAME|PATH`, see [`parse_deck_items`]; loaded by [`Frontend::load_deck`], put in by
/// [`Frontend::put_decks`]). What `play`, `simulate` and `ladder` call.
///
/// # Errors
/// As [`Frontend::load_config`], [`parse_deck_items`], [`Frontend::load_deck`] (naming the
/// item) and [`Frontend::put_decks`].
pub fn load_config_with_decks<G: Frontend>(
    content: &ContentSource,
    scenario: Option<&str>,
    decks: &[String],
) -> Result<G::Config, CatalogError> {
    let config = G::load_config(content, scenario)?;
    if decks.is_empty() {
        return Ok(config);
    }
    let mut loaded = Vec::new();
    for (seat, spec) in parse_deck_items(decks, G::INFO.max_seats)? {
        let deck = G::load_deck(content, &spec).map_err(|e| match e {
            CatalogError::Content(_) => CatalogError::Deck {
                item: format!("{seat}={spec}"),
                source: Box::new(e),
            },
            other => other,
        })?;
        loaded.push((seat, deck));
    }
    let refs: Vec<(Seat, &LoadedDeck)> = loaded.iter().map(|(s, d)| (*s, d)).collect();
    G::put_decks(config, &refs)
}

/// The agents every game has — `random` and `mcts` (with the game's [`Frontend::evaluate`]) —
/// built from a spec; a game's own `agent` handles its own agents (`greedy`) and falls back to
/// this.
///
/// # Errors
/// If the spec names another agent, or has bad parameters.
pub fn generic_agent<G: Frontend>(spec: &AgentSpec) -> Result<Box<dyn Agent<G>>, CatalogError> {
    match spec.name.as_str() {
        "random" if spec.params.is_empty() => Ok(Box::new(RandomAgent)),
        "random" => Err(CatalogError::AgentParam {
            spec: spec.to_string(),
            reason: "`random` takes no parameters".into(),
        }),
        "mcts" => Ok(Box::new(mcts_agent::<G>(spec)?)),
        _ => Err(CatalogError::UnknownAgent {
            spec: spec.to_string(),
            game: G::INFO.short_name,
            available: G::AGENTS.join(", "),
        }),
    }
}

/// Refuses `spec` if it gives a parameter other than `known` (an agent that has none refuses
/// every parameter), naming the ones it has: `greedy:depth=3` must not run plain `greedy`.
///
/// # Errors
/// [`CatalogError::AgentParam`] naming the first unknown parameter.
pub fn known_params(spec: &AgentSpec, known: &[&str]) -> Result<(), CatalogError> {
    match spec.params.keys().find(|k| !known.contains(&k.as_str())) {
        None => Ok(()),
        Some(key) => Err(CatalogError::AgentParam {
            spec: spec.to_string(),
            reason: if known.is_empty() {
                format!("`{}` takes no parameters (`{key}` given)", spec.name)
            } else {
                format!(
                    "`{}` has no parameter `{key}`; its parameters are: {}",
                    spec.name,
                    known.join(", ")
                )
            },
        }),
    }
}

/// The MCTS agent of an `mcts…` spec for game `G`, with the game's evaluation plugged in: the
/// concrete type, for callers that want its [`SearchReport`](gridwright_agents::SearchReport)
/// (`gridwright analyze`, a hint panel).
///
/// # Errors
/// Bad parameters.
pub fn mcts_agent<G: Frontend>(spec: &AgentSpec) -> Result<Mcts<G>, CatalogError> {
    mcts_agent_capped::<G>(spec, None)
}

/// [`mcts_agent`] with a wall-clock cap for a spec that sets no `ms` of its own: the search
/// stops at its iteration budget or the cap, whichever comes first. The server uses it so an
/// AI move or a hint stays under a second on a busy machine; with time to spare the iteration
/// budget decides, and the move is the reproducible one.
///
/// # Errors
/// Bad parameters.
pub fn mcts_agent_capped<G: Frontend>(
    spec: &AgentSpec,
    clock_cap: Option<std::time::Duration>,
) -> Result<Mcts<G>, CatalogError> {
    let spec = &with_defaults::<G>(spec);
    let mut config = MctsConfig::from_spec(spec).map_err(|e| CatalogError::AgentParam {
        spec: spec.to_string(),
        reason: e.to_string(),
    })?;
    if config.time.is_none() {
        config.time = clock_cap;
    }
    let evaluator = WithPrior {
        evaluate: |g: &G, seat: Seat| g.evaluate(seat),
        prior: |g: &G, seat: Seat| g.evaluate_prior(seat),
    };
    Ok(Mcts::new(config).with_evaluator(Arc::new(evaluator)))
}

/// An AI opponent as players pick it: by strength, not by algorithm. Each game defines three
/// ([`Frontend::STRENGTHS`]): Easy, Normal (the default) and Hard, the strongest that answers
/// within about a second on two cores. Any agent spec stays available to experts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Strength {
    /// `easy`, `normal` or `hard`.
    pub name: &'static str,
    /// What players read: `Easy`, `Normal`, `Hard`.
    pub title: &'static str,
    /// The agent spec it stands for.
    pub agent: &'static str,
}

/// The strength a new AI seat gets unless the creator picks another.
pub const DEFAULT_STRENGTH: &str = "normal";

/// The strengths of a game whose own agent (`greedy`) plays one ply ahead: Easy is that agent,
/// Normal the game's default MCTS ([`Frontend::MCTS_DEFAULTS`]), Hard MCTS on both cores for
/// 900 ms a move (no iteration limit).
pub const GREEDY_MCTS_STRENGTHS: [Strength; 3] = [
    Strength {
        name: "easy",
        title: "Easy",
        agent: "greedy",
    },
    Strength {
        name: "normal",
        title: "Normal",
        agent: "mcts",
    },
    Strength {
        name: "hard",
        title: "Hard",
        agent: "mcts:ms=900,threads=2",
    },
];

/// `spec` with the game's [`Frontend::MCTS_DEFAULTS`] filled in where it sets nothing itself.
/// A spec that names a budget (`iters` or `ms`) keeps exactly that budget.
pub fn with_defaults<G: Frontend>(spec: &AgentSpec) -> AgentSpec {
    let mut out = spec.clone();
    if spec.name != "mcts" || G::MCTS_DEFAULTS.is_empty() {
        return out;
    }
    let names_budget = spec.params.contains_key("iters") || spec.params.contains_key("ms");
    if let Ok(d) = format!("mcts:{}", G::MCTS_DEFAULTS).parse::<AgentSpec>() {
        for (k, v) in d.params {
            if names_budget && k == "iters" {
                continue;
            }
            out.params.entry(k).or_insert(v);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every game offers Easy, Normal and Hard, in that order, each a spec its agent builder
    /// accepts; Hard answers within about a second (an `ms` budget of at most 1000).
    #[test]
    fn every_game_offers_easy_normal_and_hard_opponents() {
        fn check<G: Frontend>() {
            let names: Vec<&str> = G::STRENGTHS.iter().map(|s| s.name).collect();
            assert_eq!(names, ["easy", "normal", "hard"], "{}", G::INFO.short_name);
            assert!(G::STRENGTHS.iter().any(|s| s.name == DEFAULT_STRENGTH));
            for s in G::STRENGTHS {
                let spec: AgentSpec = s.agent.parse().unwrap();
                assert!(
                    G::agent(&spec).is_ok(),
                    "{}: {}",
                    G::INFO.short_name,
                    s.agent
                );
            }
            let hard: AgentSpec = G::STRENGTHS[2].agent.parse().unwrap();
            let ms: u64 = hard.param("ms").unwrap().parse().unwrap();
            assert!(ms <= 1000, "{}: Hard thinks {ms} ms", G::INFO.short_name);
        }
        check::<GridBattles>();
        check::<CommandCore>();
        check::<ConnectFour>();
        check::<Starcore>();
        check::<Milkomeda>();
    }

    /// Every shipped scenario of every game seats a number of players the game allows
    /// (`INFO.min_seats..=max_seats`), as the lobby lists it and as the game sets it up.
    #[test]
    fn every_shipped_scenario_seats_a_count_its_game_allows() {
        for k in GameKind::ALL {
            with_game!(k, G => {
                let c = ContentSource::Builtin;
                let allowed = usize::from(G::INFO.min_seats)..=usize::from(G::INFO.max_seats);
                let list = G::scenarios(&c).unwrap();
                assert!(!list.is_empty(), "{k:?}");
                for s in list {
                    assert!(
                        allowed.contains(&s.seats),
                        "{k:?} `{}` lists {} seats, not within {allowed:?}",
                        s.name,
                        s.seats
                    );
                    let config = G::load_config(&c, Some(&s.name)).unwrap();
                    let seats = G::new(&config).unwrap().num_seats();
                    assert_eq!(seats, s.seats, "{k:?} `{}` sets up another count", s.name);
                }
            });
        }
    }

    /// A malformed content file in a content folder comes back typed, as every problem with its
    /// file, line and field, and prints as a sentence naming them (not a string made early).
    #[test]
    fn a_malformed_content_file_is_a_typed_error_naming_file_line_and_what() {
        let shipped = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../content");
        let root = std::env::temp_dir().join(format!("gw-catalog-bad-{}", std::process::id()));
        let game = root.join("grid-battles");
        std::fs::create_dir_all(game.join("scenarios")).unwrap();
        for f in ["dice.toml", "rules.toml", "scenarios/skirmish.toml"] {
            std::fs::copy(shipped.join("grid-battles").join(f), game.join(f)).unwrap();
        }
        let units = std::fs::read_to_string(shipped.join("grid-battles/units.toml")).unwrap();
        let broken = units.replacen("health = 4", "health = 0", 1);
        assert_ne!(broken, units, "the shipped archer has health 4");
        let line = broken
            .lines()
            .position(|l| l == "health = 0")
            .map(|i| i + 1)
            .unwrap();
        std::fs::write(game.join("units.toml"), &broken).unwrap();
        let source = ContentSource::Explicit {
            dir: root.clone(),
            from: "--content",
        };
        let e = GridBattles::load_config(&source, Some("skirmish")).unwrap_err();
        let _ = std::fs::remove_dir_all(&root);
        let CatalogError::Content(ContentError::Invalid { problems }) = &e else {
            panic!("not a typed content error: {e:?}");
        };
        assert_eq!(problems.len(), 1, "{problems:?}");
        assert_eq!(problems[0].file, "units.toml");
        assert_eq!(problems[0].line, Some(line));
        assert_eq!(problems[0].field, "unit[0].health");
        assert!(problems[0].message.contains("not 0"), "{problems:?}");
        let text = e.to_string();
        assert!(
            text.contains(&format!("units.toml:{line}: `unit[0].health`: ")),
            "{text}"
        );
    }

    /// A config that does not set up is kept as the engine's typed `SetupError`.
    #[test]
    fn a_config_that_does_not_set_up_is_a_typed_setup_error() {
        let mut config = GridBattles::load_config(&ContentSource::Builtin, None).unwrap();
        config.sides.clear();
        let e = CatalogError::from(GridBattles::new(&config).unwrap_err());
        let CatalogError::Setup(setup) = &e else {
            panic!("not a setup error: {e:?}");
        };
        assert!(!setup.problems().is_empty());
        assert!(e.to_string().starts_with("invalid game setup: "), "{e}");
    }

    #[test]
    fn every_game_round_trips_its_name() {
        for k in GameKind::ALL {
            assert_eq!(GameKind::from_name(k.name()), Some(k));
        }
        assert_eq!(GameKind::from_name("chess"), None);
    }

    #[test]
    fn every_game_has_scenarios_and_a_default_config() {
        for k in GameKind::ALL {
            with_game!(k, G => {
                let c = ContentSource::Builtin;
                let list = G::scenarios(&c).unwrap();
                assert!(!list.is_empty(), "{k:?} has no scenario");
                for s in &list {
                    G::load_config(&c, Some(&s.name)).unwrap();
                }
                G::load_config(&c, None).unwrap();
                // Refused as an unknown scenario, typed (not a string), whatever the game.
                let unknown = G::load_config(&c, Some("no-such-scenario"));
                assert!(
                    matches!(
                        unknown,
                        Err(CatalogError::Content(ContentError::UnknownScenario { .. })
                            | CatalogError::NoSuchScenario { .. })
                    ),
                    "{k:?}: {unknown:?}"
                );
            });
        }
    }

    /// The lobby draws Grid Battles' scenarios from data: the opening board, with every hex
    /// and every unit placed by the scenario.
    #[test]
    fn grid_battles_scenarios_carry_their_opening_board() {
        let c = ContentSource::Builtin;
        for s in GridBattles::scenarios(&c).unwrap() {
            let board = s.board.as_ref().expect("a board");
            let (w, h) = (
                board["width"].as_u64().unwrap(),
                board["height"].as_u64().unwrap(),
            );
            assert_eq!(
                board["hexes"].as_array().unwrap().len() as u64,
                w * h,
                "{}",
                s.name
            );
            let cfg = GridBattles::load_config(&c, Some(&s.name)).unwrap();
            let placed: usize = cfg.sides.iter().map(|sd| sd.units.len()).sum();
            assert_eq!(
                board["units"].as_array().unwrap().len(),
                placed,
                "{}",
                s.name
            );
            assert!(
                board["units"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .all(|u| u["status"] == "fresh")
            );
        }
    }

    #[test]
    fn game_defaults_fill_in_what_a_spec_leaves_out() {
        for k in GameKind::ALL {
            with_game!(k, G => {
                let d: AgentSpec = if G::MCTS_DEFAULTS.is_empty() {
                    "mcts".parse().unwrap()
                } else {
                    format!("mcts:{}", G::MCTS_DEFAULTS).parse().unwrap()
                };
                assert!(MctsConfig::from_spec(&d).is_ok(), "{k:?} defaults are a valid spec");
                let plain = with_defaults::<G>(&"mcts".parse().unwrap());
                assert_eq!(plain.params, d.params);
                let own = with_defaults::<G>(&"mcts:ms=50".parse().unwrap());
                assert_eq!(own.param("ms"), Some("50"));
                assert_eq!(own.param("iters"), None, "a spec's own budget is kept as it is");
                let c = with_defaults::<G>(&"mcts:c=2".parse().unwrap());
                assert_eq!(c.param("c"), Some("2"));
            });
        }
    }

    #[test]
    fn a_clock_cap_is_added_only_where_a_spec_sets_no_clock() {
        use std::time::Duration;
        let cap = Some(Duration::from_millis(900));
        let m = mcts_agent_capped::<CommandCore>(&"mcts".parse().unwrap(), cap).unwrap();
        assert_eq!(m.config().time, cap);
        let d = mcts_agent::<CommandCore>(&"mcts".parse().unwrap()).unwrap();
        assert_eq!(
            m.config().iterations,
            d.config().iterations,
            "the game's default budget stays"
        );
        assert_eq!(d.config().time, None);
        let own = mcts_agent_capped::<CommandCore>(&"mcts:ms=50".parse().unwrap(), cap).unwrap();
        assert_eq!(own.config().time, Some(Duration::from_millis(50)));
    }

    /// Every game's log is an audit trail: on every shipped scenario, a random game's redacted
    /// events folded from the start rebuild every viewer's observation after every step (the
    /// games' own tests play more games; this one keeps a newly registered game honest).
    #[test]
    fn every_game_folds_its_event_log_on_every_scenario() {
        use gridwright_engine::testing::check_event_fold;
        for k in GameKind::ALL {
            with_game!(k, G => {
                let c = ContentSource::Builtin;
                for s in G::scenarios(&c).unwrap() {
                    let config = G::load_config(&c, Some(&s.name)).unwrap();
                    let report = check_event_fold::<G>(&config, 1, 2026);
                    assert_eq!(report.games, 1, "{} {}", G::INFO.short_name, s.name);
                    assert!(report.folded > 0, "{} {}: nothing folded", G::INFO.short_name, s.name);
                }
            });
        }
    }

    /// Hidden information, for every game that has some: the default `mcts` agent (the game's
    /// own evaluation and priors plugged in), and every AI strength that is a search (at a
    /// small budget), searches the same whatever the seat may not see.
    /// Each check plays random moves into the game, redraws everything the acting seat cannot
    /// see (`Game::resample`, as a different deal or deck order would have it) and runs the
    /// same search, same seed, on both: the reports must be identical.
    #[test]
    fn every_games_mcts_searches_only_its_own_view() {
        use gridwright_engine::{Information, Rng, SeatView, Session, Turn};
        for k in GameKind::ALL {
            with_game!(k, G => {
                if G::INFO.information == Information::Perfect {
                    continue;
                }
                // Plain `mcts` and every strength that is a search, at a small budget and no
                // clock (so both searches run alike).
                let mut specs: Vec<AgentSpec> = vec!["mcts".parse().unwrap()];
                specs.extend(G::STRENGTHS.iter().map(|s| s.agent.parse::<AgentSpec>().unwrap()));
                let searches: Vec<_> = specs
                    .into_iter()
                    .filter(|s| s.name == "mcts")
                    .map(|mut s| {
                        s.params.remove("ms");
                        s.params.insert("iters".into(), "150".into());
                        mcts_agent::<G>(&s).unwrap()
                    })
                    .collect();
                let c = ContentSource::Builtin;
                let mut perturbed = 0;
                for s in G::scenarios(&c).unwrap() {
                    let config = G::load_config(&c, Some(&s.name)).unwrap();
                    for seed in 1..=3u64 {
                        #[allow(clippy::clone_on_copy)] // one game's config is `Copy`
                        let mut session = Session::<G>::new(config.clone(), seed).unwrap();
                        let mut rng = Rng::seed_from_u64(seed);
                        for _ in 0..(20 * seed) {
                            let seat = match session.turn() {
                                Turn::Seat(seat) => seat,
                                Turn::Simultaneous(set) => set.iter().next().unwrap(),
                                Turn::Chance | Turn::Terminal => break,
                            };
                            let legal = session.legal_actions(seat);
                            session.apply(seat, legal[rng.index(legal.len())]).unwrap();
                        }
                        // Where nothing is hidden from the acting seat yet (Milkomeda: the
                        // drawn order cards are public, so only a sealed fleet roster or hit
                        // allocation is), random play goes on until something is.
                        let mut seat = None;
                        for _ in 0..5000 {
                            let s = match session.turn() {
                                Turn::Seat(s) => s,
                                Turn::Simultaneous(set) => set.iter().next().unwrap(),
                                Turn::Chance | Turn::Terminal => break,
                            };
                            seat = Some(s);
                            let a = session.state().clone();
                            if a != a.resample(s, &mut Rng::seed_from_u64(1000 + seed)) {
                                break;
                            }
                            let legal = session.legal_actions(s);
                            session.apply(s, legal[rng.index(legal.len())]).unwrap();
                            seat = None;
                        }
                        let Some(seat) = seat else { continue };
                        let a = session.state().clone();
                        let b = a.resample(seat, &mut Rng::seed_from_u64(1000 + seed));
                        if session.legal_actions(seat).len() < 2 {
                            continue; // nothing to search
                        }
                        if a != b {
                            perturbed += 1;
                        }
                        for mcts in &searches {
                            let ra = mcts.search(&SeatView::new(&a, seat), &mut Rng::seed_from_u64(7));
                            let mut rb = mcts.search(&SeatView::new(&b, seat), &mut Rng::seed_from_u64(7));
                            rb.elapsed_ms = ra.elapsed_ms;
                            assert!(ra.iterations > 0);
                            assert_eq!(
                                ra, rb,
                                "{k:?} {} seed {seed}: what {seat} cannot see changed the search of {:?}",
                                s.name,
                                mcts.config()
                            );
                        }
                    }
                }
                assert!(perturbed > 0, "{k:?}: no check had anything hidden to redraw");
            });
        }
    }

    #[test]
    fn every_game_offers_random_and_mcts() {
        for k in GameKind::ALL {
            with_game!(k, G => {
                assert!(G::agent(&"random".parse().unwrap()).is_ok());
                assert!(G::agent(&"mcts:iters=10,threads=2".parse().unwrap()).is_ok());
                assert!(G::agent(&"nonsense".parse().unwrap()).is_err());
                assert!(matches!(
                    G::agent(&"mcts:iters=none".parse().unwrap()),
                    Err(CatalogError::AgentParam { .. })
                ));
                assert!(G::AGENTS.contains(&"mcts"), "{k:?} does not list mcts");
            });
        }
    }

    /// An agent spec with a parameter its agent lacks is refused, naming it, rather than run
    /// as the plain agent: a designer's `greedy:bribes=no` in a game whose greedy agent has no
    /// such switch must not measure plain greedy under that label.
    #[test]
    fn an_agent_refuses_a_parameter_it_does_not_have() {
        for k in GameKind::ALL {
            with_game!(k, G => {
                if G::AGENTS.contains(&"greedy") {
                    assert!(G::agent(&"greedy".parse().unwrap()).is_ok());
                    let known = if k == GameKind::Milkomeda { "bribes" } else { "" };
                    match G::agent(&"greedy:depth=3".parse().unwrap()) {
                        Err(CatalogError::AgentParam { reason, .. }) => {
                            assert!(reason.contains("`depth`"), "{k:?}: {reason}");
                            assert!(reason.contains(known), "{k:?}: {reason}");
                        }
                        Err(e) => panic!("{k:?}: {e}"),
                        Ok(_) => panic!("{k:?}: greedy:depth=3 accepted"),
                    }
                }
            });
        }
        // Milkomeda's greedy agent can be told not to bribe, and nothing else.
        type M = gridwright_milkomeda::Milkomeda;
        assert!(M::agent(&"greedy:bribes=no".parse().unwrap()).is_ok());
        assert!(M::agent(&"greedy:bribes=yes".parse().unwrap()).is_ok());
        assert!(matches!(
            M::agent(&"greedy:bribes=maybe".parse().unwrap()),
            Err(CatalogError::AgentParam { .. })
        ));
    }
}
