//! Milkomeda's front-end hooks: content from `content/milkomeda/`, the terminal picture drawn
//! from the viewer's observation (so it cannot show a sealed roster or a hidden order card),
//! final scores for statistics.

use crate::{CatalogError, ContentSource, Frontend, ScenarioInfo, generic_agent};
use gridwright_agents::AgentSpec;
use gridwright_engine::{Agent, Game, Viewer};
use gridwright_milkomeda::{Content, Milkomeda, render};

/// Loads Milkomeda content from `source`.
///
/// # Errors
/// Content errors name the file, line and field.
pub fn content(source: &ContentSource) -> Result<Content, CatalogError> {
    match source.game_dir("milkomeda")? {
        Some(dir) => Content::load_dir(&dir),
        None => Content::builtin(),
    }
    .map_err(|e| CatalogError::Content(e.to_string()))
}

impl Frontend for Milkomeda {
    const AGENTS: &'static [&'static str] = &["random", "mcts"];

    fn scenarios(source: &ContentSource) -> Result<Vec<ScenarioInfo>, CatalogError> {
        let c = content(source)?;
        c.scenario_names()
            .into_iter()
            .map(|name| {
                let cfg = c
                    .config(&name)
                    .map_err(|e| CatalogError::Content(e.to_string()))?;
                let state =
                    Milkomeda::new(&cfg).map_err(|e| CatalogError::Content(e.to_string()))?;
                let civs: Vec<&str> = cfg.seats.iter().map(|s| s.id.as_str()).collect();
                Ok(ScenarioInfo {
                    name,
                    title: cfg.title.clone(),
                    description: format!("{} Civilizations: {}.", cfg.description, civs.join(", ")),
                    seats: cfg.seats.len(),
                    preview: render(&state, Viewer::Spectator),
                    board: None,
                })
            })
            .collect()
    }

    fn load_config(
        source: &ContentSource,
        scenario: Option<&str>,
    ) -> Result<Self::Config, CatalogError> {
        content(source)?
            .config(scenario.unwrap_or("duel"))
            .map_err(|e| CatalogError::Content(e.to_string()))
    }

    fn render(&self, viewer: Viewer) -> String {
        render(self, viewer)
    }

    fn scores(&self) -> Option<Vec<f64>> {
        self.final_scores().map(|s| {
            s.iter()
                .map(|(_, score)| f64::from(score.standing.points))
                .collect()
        })
    }

    fn agent(spec: &AgentSpec) -> Result<Box<dyn Agent<Self>>, CatalogError> {
        generic_agent::<Self>(spec)
    }
}
