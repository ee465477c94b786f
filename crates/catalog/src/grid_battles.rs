//! Grid Battles' front-end hooks: content from `content/grid-battles/`, the Unicode map, each
//! scenario's opening board as data for the lobby, exact attack odds before an attack is
//! confirmed, and the greedy agent.

use crate::{
    CatalogError, ContentSource, Frontend, OddsParam, OddsQuery, OddsReport, ScenarioInfo,
    Scenarios, odds_entry, odds_table,
};
use gridwright_engine::content::ContentError;
use gridwright_engine::{Agent, Game, Seat, Viewer};
use gridwright_grid_battles::Config;
use gridwright_grid_battles::{Content, GreedyAgent, GridBattles, attack_preview, preview, render};

impl Scenarios for GridBattles {
    crate::scenarios::content_scenarios!(Content, Config);

    const DEFAULT_SCENARIO: &'static str = "skirmish";

    fn info(_content: &Content, name: String, cfg: &Config) -> Result<ScenarioInfo, CatalogError> {
        // The opening position; Grid Battles has no hidden information.
        crate::scenarios::listed::<Self>(
            name,
            (&cfg.title, &cfg.description),
            preview(cfg),
            &GridBattles::new(cfg)?.board(),
        )
    }
}

impl Frontend for GridBattles {
    fn reference(config: &Self::Config) -> crate::Reference {
        crate::reference::grid_battles(config)
    }

    const AGENTS: &'static [&'static str] = &["random", "greedy", "mcts"];
    const ODDS: &'static [OddsParam] = &[
        OddsParam {
            name: "attacker",
            aliases: &[],
            value: "UNIT",
            help: "the attacking unit type (e.g. `knight`)",
            default: None,
        },
        OddsParam {
            name: "defender",
            aliases: &[],
            value: "UNIT",
            help: "the defending unit type (e.g. `pikeman`)",
            default: None,
        },
    ];

    fn odds(source: &ContentSource, query: &OddsQuery) -> Result<OddsReport, CatalogError> {
        let c = crate::content_of::<Self>(source)?;
        let odds = gridwright_grid_battles::unit_matchup_odds(
            &c,
            query.text("attacker")?,
            query.text("defender")?,
        )
        .map_err(|e| CatalogError::Odds(e.to_string()))?;
        let json = serde_json::json!({
            "game": "grid-battles",
            "attacker": odds.attacker,
            "defender": odds.defender,
            "attack_die": odds.attack_die,
            "defence_die": odds.defence_die,
            "advantage": odds.advantage,
            "distribution": odds.hits.iter().map(|(v, p)| odds_entry(*v, *p)).collect::<Vec<_>>(),
            "expected": odds.expected.to_f64(),
            "expected_exact": odds.expected.to_string(),
        });
        let text = format!(
            "{} ({} die) attacking {} ({} die){}\n{}\n  expected {} ≈ {:.4} hits",
            odds.attacker,
            odds.attack_die,
            odds.defender,
            odds.defence_die,
            if odds.advantage {
                " — bonus symbols count (advantage)"
            } else {
                ""
            },
            odds_table(&odds.hits, "hits"),
            odds.expected,
            odds.expected.to_f64()
        );
        Ok(OddsReport { text, json })
    }

    crate::scenarios::frontend_scenarios!();

    crate::frontend_views!(render, attack_preview);

    fn scores(&self) -> Option<Vec<f64>> {
        Some(self.vp().as_slice().iter().map(|v| f64::from(*v)).collect())
    }

    fn end_reason(&self) -> Option<String> {
        GridBattles::end_reason(self)
    }

    fn round_number(&self) -> Option<u32> {
        Some(u32::from(self.round()))
    }

    fn round_measures(&self) -> Vec<(&'static str, Vec<f64>)> {
        let mut units = vec![0.0; self.num_seats()];
        for view in (1..=self.unit_count() as u32)
            .filter_map(gridwright_grid_battles::UnitId::from_number)
            .filter_map(|id| self.unit_view(id))
            .filter(|v| v.alive)
        {
            units[view.side.index()] += 1.0;
        }
        vec![
            (
                "victory points",
                self.vp().as_slice().iter().map(|v| f64::from(*v)).collect(),
            ),
            ("units on the map", units),
        ]
    }

    fn evaluate(&self, seat: Seat) -> Option<f64> {
        Some(gridwright_grid_battles::evaluate(self, seat))
    }

    fn greedy_agent() -> Option<Box<dyn Agent<Self>>> {
        Some(Box::new(GreedyAgent::default()))
    }
}
