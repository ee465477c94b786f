//! Command Core's front-end hooks: content from `content/command-core/`, the board view drawn
//! from the viewer's observation (so it cannot leak a hidden program), attack previews and the
//! greedy agent.

use crate::{CatalogError, ContentSource, Frontend, ScenarioInfo, generic_agent};
use gridwright_agents::AgentSpec;
use gridwright_command_core::{
    CommandCore, Content, GreedyAgent, attack_preview, preview, render, scenario_map,
};
use gridwright_engine::{Agent, Seat, Viewer};

/// Loads Command Core content from `source`.
///
/// # Errors
/// Content errors name the file, line and field.
pub fn content(source: &ContentSource) -> Result<Content, CatalogError> {
    match source.game_dir("command-core")? {
        Some(dir) => Content::load_dir(&dir),
        None => Content::builtin(),
    }
    .map_err(|e| CatalogError::Content(e.to_string()))
}

impl Frontend for CommandCore {
    const AGENTS: &'static [&'static str] = &["random", "greedy", "mcts"];
    const MCTS_DEFAULTS: &'static str = "iters=12000";

    fn scenarios(source: &ContentSource) -> Result<Vec<ScenarioInfo>, CatalogError> {
        let c = content(source)?;
        c.scenario_names()
            .into_iter()
            .map(|name| {
                let err =
                    |e: gridwright_command_core::ContentError| CatalogError::Content(e.to_string());
                let cfg = c.config(&name).map_err(err)?;
                let s = c.scenario_summary(&name).map_err(err)?;
                let board = scenario_map(&cfg)
                    .map_err(|e| CatalogError::Content(e.to_string()))
                    .and_then(|m| {
                        serde_json::to_value(m).map_err(|e| CatalogError::Content(e.to_string()))
                    })?;
                Ok(ScenarioInfo {
                    name,
                    title: s.title.clone(),
                    description: s.description.clone(),
                    seats: usize::from(s.seats),
                    preview: preview(&cfg),
                    board: Some(board),
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

    fn preview_action(&self, action: &Self::Action) -> Option<String> {
        attack_preview(self, action)
    }

    fn scores(&self) -> Option<Vec<f64>> {
        Some(
            self.total_structure()
                .iter()
                .map(|(_, v)| f64::from(*v))
                .collect(),
        )
    }

    fn evaluate(&self, seat: Seat) -> Option<f64> {
        Some(gridwright_command_core::evaluate(self, seat))
    }

    fn agent(spec: &AgentSpec) -> Result<Box<dyn Agent<Self>>, CatalogError> {
        match spec.name.as_str() {
            "greedy" => Ok(Box::new(GreedyAgent::new())),
            _ => generic_agent::<Self>(spec),
        }
    }
}
