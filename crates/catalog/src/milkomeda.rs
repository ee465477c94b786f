//! Milkomeda's front-end hooks: content from `content/milkomeda/`, the terminal picture drawn
//! from the viewer's observation (so it cannot show a sealed roster or a hidden order card),
//! final scores for statistics, the greedy agent and the value MCTS uses, `odds --dice N` and
//! `odds --attacker FLEET --defender FLEET` (one combat round).

use crate::{
    CatalogError, ContentSource, Frontend, OddsParam, OddsQuery, OddsReport, ScenarioInfo,
    generic_agent, known_params, odds_entry, odds_table,
};
use gridwright_agents::AgentSpec;
use gridwright_engine::dice::Ratio;
use gridwright_engine::{Agent, Game, PerSeat, Seat, Viewer};
use gridwright_milkomeda::rules::combat::{Battle, Roster};
use gridwright_milkomeda::{Content, GreedyAgent, Milkomeda, render};

/// Loads Milkomeda content from `source`.
///
/// # Errors
/// Content errors name the file, line and field.
pub fn content(source: &ContentSource) -> Result<Content, CatalogError> {
    source.load("milkomeda", Content::load_dir, Content::builtin)
}

impl Frontend for Milkomeda {
    fn reference(config: &Self::Config) -> crate::Reference {
        crate::reference::milkomeda(config)
    }

    const AGENTS: &'static [&'static str] = &["random", "greedy", "mcts"];
    /// A game is some 650 steps, so a move gets about 200 iterations. The priors
    /// (`evaluate_prior`: the greedy agent's view of each action) count as 1,000 visits, so
    /// they carry the choice, and a small `c` suits the evaluation's small spread; non-root
    /// nodes price 16 actions, not 48 (docs/agents.md has the measurements).
    const MCTS_DEFAULTS: &'static str = "iters=200,bias=1000,c=0.05,sample=16";
    const ODDS: &'static [OddsParam] = &[
        OddsParam {
            name: "dice",
            aliases: &[],
            value: "N",
            help: "combat dice rolled (0 to 10: one per active attack vector)",
            default: Some(""),
        },
        OddsParam {
            name: "attacker",
            aliases: &[],
            value: "FLEET",
            help: "with --defender instead of --dice: one combat round between two fleet configurations, e.g. \"beam 2, artillery 1\"",
            default: Some(""),
        },
        OddsParam {
            name: "defender",
            aliases: &[],
            value: "FLEET",
            help: "the other fleet configuration (types: beam, shield, artillery, drone, fighter)",
            default: Some(""),
        },
    ];

    fn odds(_: &ContentSource, q: &OddsQuery) -> Result<OddsReport, CatalogError> {
        let (dice, attacker, defender) =
            (q.text("dice")?, q.text("attacker")?, q.text("defender")?);
        match (dice.is_empty(), attacker.is_empty(), defender.is_empty()) {
            (false, true, true) => dice_odds(q.count("dice")?),
            (true, false, false) => round_odds(attacker, defender),
            (true, false, true) => Err(CatalogError::Odds(
                "`--attacker` needs `--defender` too (one combat round between two fleets)".into(),
            )),
            (true, true, false) => Err(CatalogError::Odds(
                "`--defender` needs `--attacker` too (one combat round between two fleets)".into(),
            )),
            (true, true, true) => Err(CatalogError::Odds(
                "milkomeda odds need `--dice N`, or `--attacker FLEET --defender FLEET`".into(),
            )),
            (false, _, _) => Err(CatalogError::Odds(
                "give either `--dice N` or `--attacker` and `--defender`, not both".into(),
            )),
        }
    }

    fn scenarios(source: &ContentSource) -> Result<Vec<ScenarioInfo>, CatalogError> {
        let c = content(source)?;
        c.scenario_names()
            .into_iter()
            .map(|name| {
                let cfg = c.config(&name)?;
                let state = Milkomeda::new(&cfg)?;
                let civs: Vec<String> = cfg
                    .seats
                    .iter()
                    .enumerate()
                    .map(|(i, s)| format!("P{} {}", i + 1, s.name()))
                    .collect();
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
        Ok(content(source)?.config(scenario.unwrap_or("duel"))?)
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

    fn end_reason(&self) -> Option<String> {
        self.ended().map(|e| e.words().to_owned())
    }

    fn round_number(&self) -> Option<u32> {
        Some(self.round())
    }

    fn round_measures(&self) -> Vec<(&'static str, Vec<f64>)> {
        vec![
            (
                "resources in storage",
                Seat::all(self.num_seats())
                    .map(|s| f64::from(self.storage(s).total()))
                    .collect(),
            ),
            (
                "fleets on the map",
                Seat::all(self.num_seats())
                    .map(|s| f64::from(self.fleets_on_map(s)))
                    .collect(),
            ),
        ]
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

    fn greedy_agent() -> Option<Box<dyn Agent<Self>>> {
        Some(Box::new(GreedyAgent::new()))
    }

    /// `greedy` takes `bribes=no` (it keeps in every offer window, to measure what bribing
    /// is worth); everything else as every game.
    fn agent(spec: &AgentSpec) -> Result<Box<dyn Agent<Self>>, CatalogError> {
        match spec.name.as_str() {
            "greedy" => {
                known_params(spec, &["bribes"])?;
                match spec.param("bribes") {
                    None | Some("yes") => Ok(Box::new(GreedyAgent::new())),
                    Some("no") => Ok(Box::new(GreedyAgent::without_bribes())),
                    Some(other) => Err(CatalogError::AgentParam {
                        spec: spec.to_string(),
                        reason: format!("`bribes={other}`: expected yes or no"),
                    }),
                }
            }
            _ => generic_agent::<Self>(spec),
        }
    }
}

/// `odds --dice N`: the exact successes of `dice` combat dice.
fn dice_odds(dice: u8) -> Result<OddsReport, CatalogError> {
    use gridwright_milkomeda::rules::combat::{MAX_DICE, success_distribution};
    // Exactly the dice asked, or a refusal: never the odds of fewer dice.
    if dice > MAX_DICE {
        return Err(CatalogError::Odds(format!(
            "a player rolls at most {MAX_DICE} dice (five ship types, two vectors each), not {dice}"
        )));
    }
    let dist = success_distribution(dice);
    let rows: Vec<(u32, Ratio)> = dist.iter().map(|(k, p)| (u32::from(*k), p)).collect();
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

/// A fleet configuration given as `--{name}`: at least one ship, at most the 25 fleet tokens.
fn fleet(name: &str, text: &str) -> Result<Roster, CatalogError> {
    let roster: Roster = text
        .parse()
        .map_err(|e| CatalogError::Odds(format!("`--{name}`: {e}")))?;
    if roster.is_empty() {
        return Err(CatalogError::Odds(format!(
            "`--{name}`: a fleet in combat has at least one ship"
        )));
    }
    Ok(roster)
}

/// `1 die`, `3 dice`.
fn dice_words(n: u8) -> String {
    format!("{n} {}", if n == 1 { "die" } else { "dice" })
}

/// `odds --attacker A --defender D`: the exact losses of one combat round between two fleet
/// configurations (`Battle::duel_round`: each side's hits allocated without overkill, so
/// every hit that can destroy a ship does; exact for a two-player combat).
fn round_odds(attacker: &str, defender: &str) -> Result<OddsReport, CatalogError> {
    let fleets = [fleet("attacker", attacker)?, fleet("defender", defender)?];
    let battle = Battle::new(PerSeat::from_fn(2, |s| fleets[s.index()]));
    let (a, d) = (Seat::new(0), Seat::new(1));
    let round = battle.duel_round(a, d);
    let side = |seat: Seat| {
        serde_json::json!({
            "fleet": fleets[seat.index()].to_string(),
            "counts": fleets[seat.index()].counts(),
            "dice": battle.dice(seat),
        })
    };
    let lost_a = round.map(|(x, _)| *x).expected();
    let lost_d = round.map(|(_, y)| *y).expected();
    let wiped = |seat: Seat| -> Ratio {
        let total = fleets[seat.index()].total();
        round
            .iter()
            .filter(|((x, y), _)| if seat == a { *x == total } else { *y == total })
            .map(|(_, p)| p)
            .sum()
    };
    let (gone_a, gone_d) = (wiped(a), wiped(d));
    let json = serde_json::json!({
        "game": "milkomeda",
        "attacker": side(a),
        "defender": side(d),
        "distribution": round.iter().map(|((x, y), p)| serde_json::json!({
            "attacker_losses": x, "defender_losses": y,
            "probability": p.to_string(), "decimal": p.to_f64(),
        })).collect::<Vec<_>>(),
        "expected_attacker_losses": lost_a.to_f64(),
        "expected_attacker_losses_exact": lost_a.to_string(),
        "expected_defender_losses": lost_d.to_f64(),
        "expected_defender_losses_exact": lost_d.to_string(),
        "attacker_destroyed": gone_a.to_string(),
        "defender_destroyed": gone_d.to_string(),
    });
    let mut text = format!(
        "One combat round: attacker {} ({}) against defender {} ({}),\n\
         each side's hits allocated without overkill (exact for two players):\n\
         \x20 attacker loses  defender loses  probability\n",
        fleets[0],
        dice_words(battle.dice(a)),
        fleets[1],
        dice_words(battle.dice(d)),
    );
    for ((x, y), p) in round.iter() {
        text.push_str(&format!(
            "  {x:>13}  {y:>13}  {:>11}  {:>7.3}%\n",
            p.to_string(),
            100.0 * p.to_f64()
        ));
    }
    text.push_str(&format!(
        "  expected losses: attacker {lost_a} ≈ {:.4}, defender {lost_d} ≈ {:.4}\n\
         \x20 all ships lost: attacker {gone_a} ≈ {:.4}, defender {gone_d} ≈ {:.4}",
        lost_a.to_f64(),
        lost_d.to_f64(),
        gone_a.to_f64(),
        gone_d.to_f64(),
    ));
    Ok(OddsReport { text, json })
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

    fn ask_words(words: &[&str]) -> Result<OddsReport, CatalogError> {
        let words: Vec<String> = words.iter().map(|w| (*w).to_owned()).collect();
        let q = OddsQuery::parse("milkomeda", Milkomeda::ODDS, &words)?;
        Milkomeda::odds(&ContentSource::Builtin, &q)
    }

    #[test]
    fn odds_of_one_combat_round_between_two_fleet_configurations_are_exact() {
        // A beam frigate has a vector to a shield cruiser, not the other way round: one die
        // against none, so the defender loses its ship with 1/3 and the attacker never does.
        let r = ask_words(&["--attacker", "beam 1", "--defender", "shield 1"]).unwrap();
        let d = &r.json["distribution"];
        assert_eq!(d.as_array().unwrap().len(), 2, "{}", r.json);
        assert_eq!(
            (
                &d[0]["attacker_losses"],
                &d[0]["defender_losses"],
                &d[0]["probability"]
            ),
            (
                &serde_json::json!(0),
                &serde_json::json!(0),
                &serde_json::json!("2/3")
            )
        );
        assert_eq!(
            (
                &d[1]["attacker_losses"],
                &d[1]["defender_losses"],
                &d[1]["probability"]
            ),
            (
                &serde_json::json!(0),
                &serde_json::json!(1),
                &serde_json::json!("1/3")
            )
        );
        assert_eq!(r.json["attacker"]["dice"], 1);
        assert_eq!(r.json["defender"]["dice"], 0);
        assert_eq!(r.json["defender_destroyed"], "1/3");
        assert_eq!(r.json["attacker_destroyed"], "0");
        assert!(
            r.text.contains("1/3") && r.text.contains("beam 1"),
            "{}",
            r.text
        );
        // Both ways: the fighter reaches the artillery, the artillery the beam frigate; one
        // die each, independent, so four outcomes.
        let r = ask_words(&["--attacker=beam 1, fighter 1", "--defender", "artillery 1"]).unwrap();
        assert_eq!(r.json["attacker"]["dice"], 1);
        assert_eq!(r.json["defender"]["dice"], 1);
        let probs: Vec<(u64, u64, String)> = r.json["distribution"]
            .as_array()
            .unwrap()
            .iter()
            .map(|e| {
                (
                    e["attacker_losses"].as_u64().unwrap(),
                    e["defender_losses"].as_u64().unwrap(),
                    e["probability"].as_str().unwrap().to_owned(),
                )
            })
            .collect();
        assert_eq!(
            probs,
            [
                (0, 0, "4/9".to_owned()),
                (0, 1, "2/9".to_owned()),
                (1, 0, "2/9".to_owned()),
                (1, 1, "1/9".to_owned())
            ]
        );
        assert_eq!(r.json["expected_attacker_losses_exact"], "1/3");
        assert_eq!(r.json["expected_defender_losses_exact"], "1/3");
        let total: f64 = r.json["distribution"]
            .as_array()
            .unwrap()
            .iter()
            .map(|e| e["decimal"].as_f64().unwrap())
            .sum();
        assert!((total - 1.0).abs() < 1e-12);
    }

    #[test]
    fn combat_round_odds_refuse_bad_fleets_and_mixed_questions() {
        for (words, says) in [
            (
                &["--attacker", "laser 2", "--defender", "beam 1"][..],
                "ship types are beam",
            ),
            (
                &[
                    "--attacker",
                    "beam 99999999999999999999",
                    "--defender",
                    "beam 1",
                ],
                "0 to 25",
            ),
            (
                &["--attacker", "beam 20, shield 6", "--defender", "beam 1"],
                "25 fleet tokens",
            ),
            (
                &["--attacker", "beam 1", "--defender", "none"],
                "`--defender`: a fleet in combat",
            ),
            (
                &["--attacker", "beam", "--defender", "beam 1"],
                "`--attacker`: cannot read",
            ),
            (&["--attacker", "beam 1"], "needs `--defender`"),
            (&["--defender", "beam 1"], "needs `--attacker`"),
            (
                &[
                    "--dice",
                    "2",
                    "--attacker",
                    "beam 1",
                    "--defender",
                    "beam 1",
                ],
                "not both",
            ),
            (&[], "need `--dice N`, or `--attacker"),
        ] {
            let e = ask_words(words).unwrap_err().to_string();
            assert!(e.contains(says), "{words:?}: {e}");
        }
        let long = "beam 1 ".repeat(10_000);
        let e = ask_words(&["--attacker", &long, "--defender", "beam 1"])
            .unwrap_err()
            .to_string();
        assert!(
            e.len() < 400,
            "the error quotes a bounded part of the input: {e}"
        );
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
                ("small-three".to_owned(), 3),
                ("three".to_owned(), 3)
            ]
        );
        // The lobby reads the civilizations by name, seat by seat, never by id.
        assert!(
            s[1].description.ends_with(
                "Civilizations: P1 Stellar Architects, P2 Quantum Sentinels, P3 Void Navigators, \
                 P4 Helix Cultivators."
            ),
            "{}",
            s[1].description
        );
        assert!(s.iter().all(|i| !i.description.contains('-')), "no slug");
    }

    /// §5: the reference names each seat's civilization and says in words the one number its
    /// ability changes (the expected sentences are typed from the rulebook's abilities and our
    /// decision for the Void Navigators, docs/rules/milkomeda.md item 38).
    #[test]
    fn the_reference_names_each_seats_civilization_and_its_ability() {
        let cfg = Milkomeda::load_config(&ContentSource::Builtin, Some("four")).unwrap();
        let r = crate::reference::milkomeda(&cfg);
        let v = serde_json::to_value(&r).unwrap();
        let group = v["groups"]
            .as_array()
            .unwrap()
            .iter()
            .find(|g| g["kind"] == "civilizations")
            .expect("a civilizations group");
        let got: Vec<(String, String, String)> = group["entries"]
            .as_array()
            .unwrap()
            .iter()
            .map(|e| {
                (
                    e["name"].as_str().unwrap().to_owned(),
                    e["kind"].as_str().unwrap().to_owned(),
                    e["text"].as_array().unwrap()[0]
                        .as_str()
                        .unwrap()
                        .to_owned(),
                )
            })
            .collect();
        let want = [
            (
                "Stellar Architects",
                "Civilization of P1",
                "A megastructure (Starlance, Hypergate, M-Brain) costs 1 orange less.",
            ),
            (
                "Quantum Sentinels",
                "Civilization of P2",
                "Gains 1 red on starting an Attack action.",
            ),
            (
                "Void Navigators",
                "Civilization of P3",
                "Moves fleets up to 2 sectors before boosts (others 1).",
            ),
            (
                "Helix Cultivators",
                "Civilization of P4",
                "Gains 1 green on claiming an objective slot.",
            ),
        ];
        let want: Vec<(String, String, String)> = want
            .iter()
            .map(|(a, b, c)| ((*a).to_owned(), (*b).to_owned(), (*c).to_owned()))
            .collect();
        assert_eq!(got, want);
    }

    #[test]
    fn notes_give_the_masters_valuation_of_open_offers_in_words() {
        use gridwright_engine::{Actor, Events, Rng, SeatView, Turn};
        use gridwright_milkomeda::{OrderStage, Phase};
        // Greedy players at three seats make offers in round two's window (the bribe model of
        // `bribe_value.rs`); the Master's notes then weigh each one. Open offers exist under the
        // `binding` variant only (under the default rule a bribe is paid at once, item 32a).
        let cfg = Milkomeda::load_config(&ContentSource::Builtin, Some("three+binding")).unwrap();
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
                    // The Master's drawn cards are public (§7 phase 1 step 4, issue 27.1), so
                    // every seat reads the same valuation.
                    let other = master.next(3);
                    assert!(g.notes(other).join("\n").contains("a best plan"));
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
