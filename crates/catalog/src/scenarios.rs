//! The generic half of [`Frontend::scenarios`] and [`Frontend::load_config`] for a game whose
//! content is a folder of files with named scenarios: a game says how to load its content, name
//! and build its scenarios and list one ([`Scenarios`]); [`scenarios`] and [`load_config`] do
//! the rest the same way for every game.

use crate::{CatalogError, ContentSource, Frontend, ScenarioInfo};
use gridwright_engine::content::ContentError;
use std::path::Path;

/// A game's content and scenarios, as the catalog loads them.
pub trait Scenarios: Frontend {
    /// The game's validated content.
    type Content;

    /// The scenario played when none is named.
    const DEFAULT_SCENARIO: &'static str;

    /// Loads the game's folder (`content/<short name>/`).
    ///
    /// # Errors
    /// Every problem, naming file, line and field.
    fn load_dir(dir: &Path) -> Result<Self::Content, ContentError>;

    /// The content shipped in the binary.
    ///
    /// # Errors
    /// Only if the shipped files are broken.
    fn builtin() -> Result<Self::Content, ContentError>;

    /// The scenario names, in listing order.
    fn scenario_names(content: &Self::Content) -> Vec<String>;

    /// The scenario of `content` played when none is named: [`Self::DEFAULT_SCENARIO`] unless
    /// the game says otherwise.
    fn default_scenario(content: &Self::Content) -> String {
        let _ = content;
        Self::DEFAULT_SCENARIO.to_owned()
    }

    /// The config of a scenario name or a path to a scenario file.
    ///
    /// # Errors
    /// Unknown scenario or invalid file.
    fn config(content: &Self::Content, name_or_path: &str) -> Result<Self::Config, ContentError>;

    /// How the scenario `name`, whose config is `config`, is listed to people.
    ///
    /// # Errors
    /// If its summary or board cannot be built.
    fn info(
        content: &Self::Content,
        name: String,
        config: &Self::Config,
    ) -> Result<ScenarioInfo, CatalogError>;
}

/// How a scenario of `S` is listed when its file gives its own title and description: with
/// its seats ([`GameInfo::max_seats`](gridwright_engine::GameInfo::max_seats)), its text
/// picture and its opening board as data.
///
/// # Errors
/// If the board does not serialize.
pub(crate) fn listed<S: Scenarios>(
    name: String,
    (title, description): (&str, &str),
    preview: String,
    board: &impl serde::Serialize,
) -> Result<ScenarioInfo, CatalogError> {
    Ok(ScenarioInfo {
        name,
        title: title.to_owned(),
        description: description.to_owned(),
        seats: usize::from(S::INFO.max_seats),
        preview,
        board: Some(serde_json::to_value(board)?),
    })
}

/// The content of `S` from `source`: its folder there, or the shipped files.
///
/// # Errors
/// Content errors name the file, line and field.
pub fn content_of<S: Scenarios>(source: &ContentSource) -> Result<S::Content, CatalogError> {
    source.load(S::INFO.short_name, S::load_dir, S::builtin)
}

/// Every scenario of `S` in `source`, listed ([`Frontend::scenarios`]).
///
/// # Errors
/// Content that does not load, or a scenario that does not build.
pub fn scenarios<S: Scenarios>(source: &ContentSource) -> Result<Vec<ScenarioInfo>, CatalogError> {
    let content = content_of::<S>(source)?;
    S::scenario_names(&content)
        .into_iter()
        .map(|name| {
            let config = S::config(&content, &name)?;
            S::info(&content, name, &config)
        })
        .collect()
}

/// The config of a scenario name or file of `S` (`None`: the default) ([`Frontend::load_config`]).
///
/// # Errors
/// Unknown scenario or invalid content, with file, line and field where known.
pub fn load_config<S: Scenarios>(
    source: &ContentSource,
    scenario: Option<&str>,
) -> Result<S::Config, CatalogError> {
    let content = content_of::<S>(source)?;
    let name = match scenario {
        Some(name) => name.to_owned(),
        None => S::default_scenario(&content),
    };
    Ok(S::config(&content, &name)?)
}

/// The [`Scenarios`] items a game whose `Content` has `load_dir`, `builtin`, `scenario_names`
/// and `config` of the same names gets by delegation: `content_scenarios!(Content, Config);`
/// inside its `impl Scenarios`.
macro_rules! content_scenarios {
    ($content:ty, $config:ty) => {
        type Content = $content;

        fn load_dir(dir: &std::path::Path) -> Result<$content, ContentError> {
            <$content>::load_dir(dir)
        }

        fn builtin() -> Result<$content, ContentError> {
            <$content>::builtin()
        }

        fn scenario_names(content: &$content) -> Vec<String> {
            content.scenario_names()
        }

        fn config(content: &$content, name_or_path: &str) -> Result<$config, ContentError> {
            content.config(name_or_path)
        }
    };
}
pub(crate) use content_scenarios;

/// The [`Frontend::scenarios`] and [`Frontend::load_config`] of a game that implements
/// [`Scenarios`]: the generic [`scenarios`] and [`load_config`], by delegation
/// (`frontend_scenarios!();` inside its `impl Frontend`).
macro_rules! frontend_scenarios {
    () => {
        fn scenarios(source: &ContentSource) -> Result<Vec<ScenarioInfo>, CatalogError> {
            crate::scenarios::<Self>(source)
        }

        fn load_config(
            source: &ContentSource,
            scenario: Option<&str>,
        ) -> Result<Self::Config, CatalogError> {
            crate::load_config::<Self>(source, scenario)
        }
    };
}
pub(crate) use frontend_scenarios;
