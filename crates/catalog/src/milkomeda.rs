//! Milkomeda's front-end hooks: content from `content/milkomeda/`, the terminal picture drawn
//! from the viewer's observation (so it cannot show a sealed roster or a hidden order card),
//! final scores for statistics, the greedy agent and the value MCTS uses, `odds --dice N`.

use crate::{
    CatalogError, ContentSource, Frontend, OddsParam, OddsQuery, OddsReport, ScenarioInfo,
    generic_agent, odds_entry, odds_table,
};
use gridwright_agents::AgentSpec;
use gridwright_engine::{Agent, Game, Seat, Viewer};
use gridwright_milkomeda::{Content, GreedyAgent, Milkomeda, render};

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
    const AGENTS: &'static [&'static str] = &["random", "greedy", "mcts"];
    /// A game is some 650 steps, so a move gets about 200 iterations. The priors
    /// (`evaluate_prior`: the greedy agent's view of each action) count as 1,000 visits, so
    /// they carry the choice, and a small `c` suits the evaluation's small spread; non-root
    /// nodes price 16 actions, not 48 (docs/agents.md has the measurements).
    const MCTS_DEFAULTS: &'static str = "iters=200,bias=1000,c=0.05,sample=16";
    const ODDS: &'static [OddsParam] = &[OddsParam {
        name: "dice",
        aliases: &[],
        value: "N",
        help: "combat dice rolled (0 to 10: one per active attack vector)",
        default: None,
    }];

    fn odds(_: &ContentSource, q: &OddsQuery) -> Result<OddsReport, CatalogError> {
        use gridwright_milkomeda::rules::combat::{MAX_DICE, success_distribution};
        let dice = q.count("dice")?;
        // Exactly the dice asked, or a refusal: never the odds of fewer dice.
        if dice > MAX_DICE {
            return Err(CatalogError::Odds(format!(
                "a player rolls at most {MAX_DICE} dice (five ship types, two vectors each), not {dice}"
            )));
        }
        let dist = success_distribution(dice);
        let rows: Vec<(u32, gridwright_engine::dice::Ratio)> =
            dist.iter().map(|(k, p)| (u32::from(*k), p)).collect();
        let expected = dist.expected();
        let json = serde_json::json!({
            "game": "milkomeda",
            "dice": dice,
            "distribution": rows.iter().map(|(v, p)| odds_entry(*v, *p)).collect::<Vec<_>>(),
            "expected": expected.to_f64(),
            "expected_exact": expected.to_string(),
        });
        let text = format!(
            "{dice} combat dice, a success on 5 or 6:\n{}\n  expected {expected} ≈ {:.4}",
            odds_table(&rows, "successes"),
            expected.to_f64()
        );
        Ok(OddsReport { text, json })
    }

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

    fn evaluate(&self, seat: Seat) -> Option<f64> {
        Some(gridwright_milkomeda::evaluate(self, seat))
    }

    fn evaluate_prior(&self, seat: Seat) -> Option<f64> {
        Some(gridwright_milkomeda::evaluate_prior(self, seat))
    }

    fn notes(&self, seat: Seat) -> Vec<String> {
        gridwright_milkomeda::offer_notes(self, seat)
    }

    fn agent(spec: &AgentSpec) -> Result<Box<dyn Agent<Self>>, CatalogError> {
        match spec.name.as_str() {
            "greedy" => Ok(Box::new(GreedyAgent::new())),
            _ => generic_agent::<Self>(spec),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ask(dice: &str) -> Result<OddsReport, CatalogError> {
        let words = vec!["--dice".to_owned(), dice.to_owned()];
        let q = OddsQuery::parse("milkomeda", Milkomeda::ODDS, &words)?;
        Milkomeda::odds(&ContentSource::Builtin, &q)
    }

    #[test]
    fn odds_give_the_exact_successes_of_n_dice_and_refuse_more_than_ten() {
        let r = ask("3").unwrap();
        assert_eq!(r.json["distribution"][0]["probability"], "8/27");
        assert_eq!(r.json["distribution"][3]["probability"], "1/27");
        assert_eq!(r.json["expected_exact"], "1");
        assert!(r.text.contains("8/27"), "{}", r.text);
        let err = ask("11").unwrap_err().to_string();
        assert!(err.contains("at most 10 dice"), "{err}");
    }

    #[test]
    fn scenarios_list_two_three_and_four_seats_with_civilizations() {
        let s = Milkomeda::scenarios(&ContentSource::Builtin).unwrap();
        let seats: Vec<(String, usize)> = s.iter().map(|i| (i.name.clone(), i.seats)).collect();
        assert_eq!(
            seats,
            [
                ("duel".to_owned(), 2),
                ("four".to_owned(), 4),
                ("small".to_owned(), 2),
                ("three".to_owned(), 3)
            ]
        );
        assert!(s[1].description.contains("helix-cultivators"));
    }

    #[test]
    fn notes_give_the_masters_valuation_of_open_offers_in_words() {
        use gridwright_engine::{Actor, Events, Rng, SeatView, Turn};
        use gridwright_milkomeda::{OrderStage, Phase};
        // Greedy players at three seats make offers in round two's window (the bribe model of
        // `bribe_value.rs`); the Master's notes then weigh each one.
        let cfg = Milkomeda::load_config(&ContentSource::Builtin, Some("three")).unwrap();
        let mut g = Milkomeda::new(&cfg).unwrap();
        let mut rng = Rng::seed_from_u64(7);
        let mut scratch = Vec::new();
        let mut greedy = GreedyAgent::new();
        for _ in 0..5000 {
            if let Phase::Orders(o) = g.phase() {
                if o.stage() == OrderStage::Refresh && o.offers().offers().next().is_some() {
                    let master = o.master();
                    let notes = g.notes(master).join("\n");
                    assert!(notes.contains("valued by the greedy Master"), "{notes}");
                    assert!(notes.contains("a best plan"), "{notes}");
                    let other = master.next(3);
                    assert!(!g.notes(other).join("\n").contains("plan"));
                    return;
                }
            }
            match g.turn() {
                Turn::Terminal => break,
                Turn::Chance => {
                    let a = gridwright_engine::sample_chance(&g, &mut rng, &mut scratch).unwrap();
                    g.step(Actor::Chance, a, &mut Events::disabled());
                }
                t => {
                    let seat = Seat::all(3).find(|s| t.includes(*s)).unwrap();
                    let a = greedy.choose(&SeatView::new(&g, seat), &mut rng);
                    g.step(Actor::Seat(seat), a, &mut Events::disabled());
                }
            }
        }
        panic!("no offer window with open offers was reached");
    }
}
