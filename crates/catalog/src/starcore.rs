//! Starcore's front-end hooks: content from `content/starcore/` (cards and decks), scenarios as
//! deck pairings, the terminal view drawn from the viewer's observation (so it cannot show the
//! other hand), exact attack odds before an attack is confirmed and from `gridwright odds`.

use crate::{
    CardList, CatalogError, ContentSource, Frontend, LoadedDeck, OddsParam, OddsQuery, OddsReport,
    ScenarioInfo, Scenarios, odds_entry, odds_table,
};
use gridwright_engine::content::ContentError;
use gridwright_engine::dice::Ratio;
use gridwright_engine::{Agent, Game, Seat, Viewer};
use gridwright_starcore::{
    Config, Content, DeckList, GreedyAgent, Starcore, attack_odds, card_list, card_list_text,
    preview, render,
};

/// Loads Starcore content from `source`.
///
/// # Errors
/// Content errors name the file, line and field.
pub fn content(source: &ContentSource) -> Result<Content, CatalogError> {
    crate::content_of::<Starcore>(source)
}

impl Scenarios for Starcore {
    type Content = Content;

    /// The first pairing of the shipped decks (a folder of one's own starts at its own first
    /// pairing: see `default_scenario`).
    const DEFAULT_SCENARIO: &'static str = "arc-foundry-vs-iron-vanguard";

    fn load_dir(dir: &std::path::Path) -> Result<Content, ContentError> {
        Content::load_dir(dir)
    }

    fn builtin() -> Result<Content, ContentError> {
        Content::builtin()
    }

    fn scenario_names(content: &Content) -> Vec<String> {
        content.scenario_names()
    }

    /// The content's first pairing, which for a folder of one's own need not be the shipped
    /// default.
    fn default_scenario(content: &Content) -> String {
        content
            .scenario_names()
            .into_iter()
            .next()
            .unwrap_or_else(|| Self::DEFAULT_SCENARIO.to_owned())
    }

    /// A scenario name or file, or `DECK,DECK`: two decks, each a shipped name or a deck file
    /// of one's own.
    fn config(content: &Content, name_or_path: &str) -> Result<Config, ContentError> {
        match name_or_path.split_once(',') {
            Some((p1, p2)) => content.config_for_decks(p1.trim(), p2.trim()),
            None => content.config(name_or_path),
        }
    }

    /// Its title names the two decks; its `board` is the lobby's preview and deck browser: for
    /// each deck its name, faction, Commander and every card with its number of copies, each
    /// card the entry the match's reference data gives it.
    fn info(content: &Content, name: String, cfg: &Config) -> Result<ScenarioInfo, CatalogError> {
        let state = Starcore::new(cfg)?;
        let (a, b) = (&cfg.decks[0], &cfg.decks[1]);
        // Deck names as players read them (`Arc Foundry (Energy)`: the deck file's name and
        // faction, else its file name in words), and the rule variants that tell two setups of
        // the same decks apart (`… with blocking`).
        let words = gridwright_engine::text::title_words;
        let deck_words = |d: &gridwright_starcore::DeckList| match content.deck_title(&d.name) {
            Some(t) => format!("{} ({})", t.title, words(&t.faction)),
            None => words(&d.name),
        };
        let cards = crate::reference::starcore_cards(cfg);
        let commander = |d: &gridwright_starcore::DeckList| {
            cards
                .iter()
                .find(|c| c.id == d.commander)
                .map_or_else(|| words(&d.commander), |c| c.name.clone())
        };
        let variants: Vec<&str> = name
            .split('+')
            .skip(1)
            .map(|v| match v {
                "blocking" => "with blocking (a card in the target's lane screens it)",
                "global-pooling" => "abilities paid from the whole pool",
                "any-cap" => "at most 2 cards of any kind placed a turn",
                _ => v,
            })
            .collect();
        let variants = if variants.is_empty() {
            String::new()
        } else {
            format!(", {}", variants.join(", "))
        };
        Ok(ScenarioInfo {
            title: format!("{} against {}{variants}", deck_words(a), deck_words(b)),
            description: format!(
                "P1 leads {} with Commander {}; P2 leads {} with Commander {}. 60 cards each.",
                deck_words(a),
                commander(a),
                deck_words(b),
                commander(b)
            ),
            name,
            seats: 2,
            preview: render(&state, Viewer::Spectator),
            board: Some(decks_preview(content, cfg, &cards)),
        })
    }
}

/// The two decks of a setup for the lobby: `{decks: [{name, title, faction, commander,
/// cards: [{copies, card}]}]}`, `card` a reference entry (name, kind, cost and the other
/// stats, keywords, text), the Commander first and then the cards in pool order.
fn decks_preview(
    content: &Content,
    cfg: &Config,
    entries: &[crate::ReferenceEntry],
) -> serde_json::Value {
    let by_id = |id: &str| entries.iter().find(|e| e.id == id);
    let decks: Vec<serde_json::Value> = cfg
        .decks
        .iter()
        .map(|d| {
            let title = content.deck_title(&d.name);
            let mut cards: Vec<serde_json::Value> = Vec::new();
            if let Some(c) = by_id(&d.commander) {
                cards.push(serde_json::json!({ "copies": 1, "card": c }));
            }
            for e in entries {
                if let Some(n) = d.cards.get(&e.id) {
                    cards.push(serde_json::json!({ "copies": n, "card": e }));
                }
            }
            serde_json::json!({
                "name": d.name,
                "title": title.map(|t| t.title.clone()),
                "faction": title.map(|t| t.faction.clone()),
                "commander": by_id(&d.commander).map(|c| c.name.clone()),
                "cards": cards,
            })
        })
        .collect();
    serde_json::json!({ "decks": decks })
}

const fn param(name: &'static str, help: &'static str, default: Option<&'static str>) -> OddsParam {
    OddsParam {
        name,
        aliases: &[],
        value: "N",
        help,
        default,
    }
}

impl Frontend for Starcore {
    fn reference(config: &Self::Config) -> crate::Reference {
        crate::reference::starcore(config)
    }

    const AGENTS: &'static [&'static str] = &["random", "greedy", "mcts"];
    // About a third of a second a move on one core of a shared machine; 9 of 10 games won
    // against greedy as P1 (docs/rules/starcore.md, "Agents, balance and speed").
    const MCTS_DEFAULTS: &'static str = "iters=1500,depth=40";
    const ODDS: &'static [OddsParam] = &[
        param("dmg", "the attack's damage (DMG with every bonus)", None),
        param(
            "def",
            "the target's DEF (a hit needs 2d12 ≥ 10 + DEF)",
            None,
        ),
        param("shield", "the target's Shield points", Some("0")),
    ];

    fn odds(_: &ContentSource, q: &OddsQuery) -> Result<OddsReport, CatalogError> {
        let (dmg, def, shield) = (q.count("dmg")?, q.count("def")?, q.count("shield")?);
        if def > 14 {
            return Err(CatalogError::Odds(format!(
                "--def {def}: DEF is at most 14 (10 + DEF must stay reachable on 2d12)"
            )));
        }
        let o = attack_odds(dmg, def, shield, false);
        let rows: Vec<(u32, Ratio)> = o
            .counts
            .iter()
            .map(|(v, n)| (u32::from(*v), Ratio::new(i128::from(*n), 144)))
            .collect();
        let hits = Ratio::new((o.hit * 144.0).round() as i128, 144);
        let crits = Ratio::new((o.critical * 144.0).round() as i128, 144);
        let json = serde_json::json!({
            "game": "starcore",
            "dmg": dmg, "def": def, "shield": shield,
            "distribution": rows.iter().map(|(v, p)| odds_entry(*v, *p)).collect::<Vec<_>>(),
            "expected": o.expected,
            "hit": hits.to_f64(), "hit_exact": hits.to_string(),
            "critical": crits.to_f64(), "critical_exact": crits.to_string(),
        });
        let text = format!(
            "2d12 against 10 + {def}, DMG {dmg}, Shield {shield} (doubles hit and deal ×2)\n\
             hit {hits} ≈ {:.3}%, critical {crits} ≈ {:.3}%\nHP damage:\n{}\n  expected ≈ {:.4}",
            100.0 * hits.to_f64(),
            100.0 * crits.to_f64(),
            odds_table(&rows, "damage"),
            o.expected
        );
        Ok(OddsReport { text, json })
    }

    fn config_name(config: &Self::Config) -> Option<String> {
        Some(config.scenario.clone())
    }

    fn deck_names(source: &ContentSource) -> Result<Vec<String>, CatalogError> {
        Ok(content(source)?.deck_names())
    }

    fn load_deck(source: &ContentSource, spec: &str) -> Result<LoadedDeck, CatalogError> {
        let deck = content(source)?.deck_by_name_or_path(spec)?;
        Ok(LoadedDeck::new(deck.name.clone(), deck))
    }

    fn put_decks(
        mut config: Self::Config,
        decks: &[(Seat, &LoadedDeck)],
    ) -> Result<Self::Config, CatalogError> {
        for (seat, loaded) in decks {
            let deck = loaded.get::<DeckList>().ok_or_else(|| {
                CatalogError::Unsupported(format!(
                    "deck `{}` is not a Starcore deck",
                    loaded.name()
                ))
            })?;
            if let Some(d) = config.decks.get_mut(seat.index()) {
                *d = deck.clone();
            }
        }
        // The name says which decks play; the variants of the scenario stay.
        let variants: String = config
            .scenario
            .split_once('+')
            .map(|(_, v)| format!("+{v}"))
            .unwrap_or_default();
        let names: Vec<&str> = config.decks.iter().map(|d| d.name.as_str()).collect();
        config.scenario = format!("{}{variants}", names.join("-vs-"));
        Ok(config)
    }

    fn cards(source: &ContentSource) -> Result<CardList, CatalogError> {
        let cards = card_list(&content(source)?)?;
        Ok(CardList {
            text: card_list_text(&cards),
            json: serde_json::json!({ "game": "starcore", "cards": cards }),
        })
    }

    crate::scenarios::frontend_scenarios!();

    crate::frontend_views!(render, preview);

    fn end_reason(&self) -> Option<String> {
        Starcore::end_reason(self).map(str::to_owned)
    }

    fn round_number(&self) -> Option<u32> {
        Some(u32::from(self.turn_number()))
    }

    fn round_measures(&self) -> Vec<(&'static str, Vec<f64>)> {
        vec![(
            "Commander HP",
            self.commander_hp()
                .as_slice()
                .iter()
                .map(|v| f64::from(*v))
                .collect(),
        )]
    }

    fn evaluate(&self, seat: Seat) -> Option<f64> {
        Some(Starcore::evaluate(self, seat))
    }

    fn greedy_agent() -> Option<Box<dyn Agent<Self>>> {
        Some(Box::new(GreedyAgent::new()))
    }
}
