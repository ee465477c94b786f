//! Command Core's front-end hooks: content from `content/command-core/`, the board view drawn
//! from the viewer's observation (so it cannot leak a hidden program), attack previews and the
//! greedy agent.

use crate::{
    CatalogError, ContentSource, Frontend, OddsParam, OddsQuery, OddsReport, ScenarioInfo,
    Scenarios, Strength, odds_entry, odds_table,
};

/// Command Core's Easy opponent.
const EASY: &str = "mcts:iters=200,bias=0,prior=none";
use gridwright_command_core::Config;
use gridwright_command_core::{
    CommandCore, Content, GreedyAgent, attack_preview, preview, render, scenario_map,
};
use gridwright_engine::content::ContentError;
use gridwright_engine::{Agent, Seat, Viewer};

impl Scenarios for CommandCore {
    crate::scenarios::content_scenarios!(Content, Config);

    const DEFAULT_SCENARIO: &'static str = "duel";

    fn info(_content: &Content, name: String, cfg: &Config) -> Result<ScenarioInfo, CatalogError> {
        crate::scenarios::listed::<Self>(
            name,
            (&cfg.title, &cfg.description),
            preview(cfg),
            &scenario_map(cfg)?,
        )
    }
}

impl Frontend for CommandCore {
    fn reference(config: &Self::Config) -> crate::Reference {
        crate::reference::command_core(config)
    }

    const AGENTS: &'static [&'static str] = &["random", "greedy", "mcts"];
    /// Programs are built one card at a time, and a card's value shows only in the program it
    /// leads to: the priors (`evaluate_prior`: each card at its best completion) carry the
    /// choice, so they count as 1,000 visits, and a small `c` suits the evaluation's small
    /// spread early in a game (docs/agents.md has the measurements).
    const MCTS_DEFAULTS: &'static str = "iters=4000,bias=1000,c=0.05";
    /// More search than the default budget did not beat it (docs/agents.md, "The AI levels"):
    /// so Hard is that budget, Normal the greedy agent it beats, Easy a short search without
    /// priors that greedy beats.
    const STRENGTHS: [Strength; 3] = [
        Strength {
            name: "easy",
            title: "Easy",
            agent: EASY,
        },
        Strength {
            name: "normal",
            title: "Normal",
            agent: "greedy",
        },
        Strength {
            name: "hard",
            title: "Hard",
            agent: "mcts:iters=4000,ms=900",
        },
    ];
    const ODDS: &'static [OddsParam] = &[
        count("attack", &[], "attack dice rolled", None),
        count(
            "armour",
            &["armor"],
            "the defender's armour dice in the targeted arc",
            None,
        ),
        count("evade", &[], "the defender's evade dice", None),
        count(
            "surge",
            &[],
            "the attacker's Surge (1 per attack-die reroll)",
            Some("0"),
        ),
        count(
            "flux",
            &[],
            "the defender's Flux (1 per armour-die reroll)",
            Some("0"),
        ),
        count(
            "defender-surge",
            &[],
            "the defender's Surge (1 per evade-die reroll)",
            Some("0"),
        ),
    ];

    fn odds(source: &ContentSource, q: &OddsQuery) -> Result<OddsReport, CatalogError> {
        let c = crate::content_of::<Self>(source)?;
        let query = gridwright_command_core::OddsQuery {
            attack: q.count("attack")?,
            armour: q.count("armour")?,
            evade: q.count("evade")?,
            attacker_surge: q.count("surge")?,
            defender_flux: q.count("flux")?,
            defender_surge: q.count("defender-surge")?,
        };
        // Exactly the query asked, or a refusal saying why: never odds of fewer dice.
        let odds = gridwright_command_core::damage_odds_with(c.dice(), query)
            .map_err(|e| CatalogError::Odds(e.to_string()))?;
        let widen = |v: &[(u8, gridwright_engine::dice::Ratio)]| {
            v.iter()
                .map(|(k, p)| (u32::from(*k), *p))
                .collect::<Vec<_>>()
        };
        let (damage, crits) = (widen(&odds.damage), widen(&odds.crits));
        const POLICY: &str = "Rerolls are played for expected damage: the attacker rerolls blank \
            attack dice (1 Surge each), the defender rerolls blank armour dice with Flux and blank \
            evade dice with Surge; each die at most once. This policy is optimal (checked \
            exhaustively in the tests).";
        let json = serde_json::json!({
            "game": "command-core",
            "attack": query.attack, "armour": query.armour, "evade": query.evade,
            "surge": query.attacker_surge, "flux": query.defender_flux,
            "defender_surge": query.defender_surge,
            "distribution": damage.iter().map(|(v, p)| odds_entry(*v, *p)).collect::<Vec<_>>(),
            "expected": odds.expected_damage.to_f64(),
            "expected_exact": odds.expected_damage.to_string(),
            "crits": crits.iter().map(|(v, p)| odds_entry(*v, *p)).collect::<Vec<_>>(),
            "expected_crits": odds.expected_crits.to_f64(),
            "reroll_policy": POLICY,
        });
        let text = format!(
            "{} attack dice (Surge {}) against {} armour + {} evade (Flux {}, Surge {})\n\
             structure damage:\n{}\n  expected {} ≈ {:.4}\n\
             uncancelled crits:\n{}\n  expected {} ≈ {:.4}\n{POLICY}",
            query.attack,
            query.attacker_surge,
            query.armour,
            query.evade,
            query.defender_flux,
            query.defender_surge,
            odds_table(&damage, "damage"),
            odds.expected_damage,
            odds.expected_damage.to_f64(),
            odds_table(&crits, "crits"),
            odds.expected_crits,
            odds.expected_crits.to_f64(),
        );
        Ok(OddsReport { text, json })
    }

    crate::scenarios::frontend_scenarios!();

    crate::frontend_views!(render, attack_preview);

    fn scores(&self) -> Option<Vec<f64>> {
        Some(
            self.total_structure()
                .iter()
                .map(|(_, v)| f64::from(*v))
                .collect(),
        )
    }

    fn end_reason(&self) -> Option<String> {
        CommandCore::end_reason(self).map(str::to_owned)
    }

    fn round_number(&self) -> Option<u32> {
        Some(u32::from(self.round()))
    }

    fn round_measures(&self) -> Vec<(&'static str, Vec<f64>)> {
        let structure = self.total_structure();
        vec![(
            "structure left",
            structure.iter().map(|(_, v)| f64::from(*v)).collect(),
        )]
    }

    fn evaluate(&self, seat: Seat) -> Option<f64> {
        Some(gridwright_command_core::evaluate(self, seat))
    }

    fn evaluate_prior(&self, seat: Seat) -> Option<f64> {
        Some(gridwright_command_core::evaluate_drafts(self, seat))
    }

    fn greedy_agent() -> Option<Box<dyn Agent<Self>>> {
        Some(Box::new(GreedyAgent::new()))
    }
}

/// A dice-count parameter of Command Core's odds question.
const fn count(
    name: &'static str,
    aliases: &'static [&'static str],
    help: &'static str,
    default: Option<&'static str>,
) -> OddsParam {
    OddsParam {
        name,
        aliases,
        value: "N",
        help,
        default,
    }
}
