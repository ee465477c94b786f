//! Connect Four's front-end hooks.

use crate::{CatalogError, ContentSource, Frontend, GREEDY_MCTS_STRENGTHS, ScenarioInfo, Strength};
use gridwright_connect_four::{ConnectFour, render};
use gridwright_engine::{Game, Viewer};

impl Frontend for ConnectFour {
    const AGENTS: &'static [&'static str] = &["random", "mcts"];
    // No greedy agent: Easy is a short search (it sees an immediate win or loss only sometimes).
    const STRENGTHS: [Strength; 3] = [
        Strength {
            name: "easy",
            title: "Easy",
            agent: "mcts:iters=40",
        },
        GREEDY_MCTS_STRENGTHS[1],
        GREEDY_MCTS_STRENGTHS[2],
    ];

    fn scenarios(_: &ContentSource) -> Result<Vec<ScenarioInfo>, CatalogError> {
        let cfg = Default::default();
        let state = ConnectFour::new(&cfg)?;
        Ok(vec![ScenarioInfo {
            name: "standard".into(),
            title: "Standard".into(),
            description: "Seven columns, six rows; four in a row wins.".into(),
            seats: 2,
            preview: render(&state),
            board: None,
        }])
    }

    fn load_config(
        _: &ContentSource,
        scenario: Option<&str>,
    ) -> Result<Self::Config, CatalogError> {
        match scenario {
            None | Some("standard") => Ok(Default::default()),
            Some(other) => Err(CatalogError::NoSuchScenario {
                game: Self::INFO.short_name,
                name: other.to_owned(),
                known: &["standard"],
            }),
        }
    }

    fn end_reason(&self) -> Option<String> {
        ConnectFour::end_reason(self).map(str::to_owned)
    }

    fn render(&self, _: Viewer) -> String {
        render(self)
    }
}
