//! The game through the engine: shipped content, the conformance harness on every deck
//! pairing, and whole random games.

use gridwright_engine::Viewer;
use gridwright_engine::testing::{Sealed, random_pick_sealed, random_sim};
use gridwright_engine::{Actor, Events, Game, Rng, Seat, Turn};
use gridwright_starcore::{Content, EndReason, PhaseView, Starcore};

pub fn content() -> Content {
    Content::builtin().unwrap()
}

#[test]
fn shipped_content_loads_with_four_decks_six_pairings_and_three_variants() {
    let c = content();
    assert_eq!(
        c.deck_names(),
        [
            "arc-foundry",
            "iron-vanguard",
            "mind-lattice",
            "verdant-choir"
        ]
    );
    assert_eq!(c.scenario_names().len(), 9);
    let v = c
        .config("arc-foundry-vs-mind-lattice+blocking+any-cap")
        .unwrap();
    assert_eq!(v.options.blocking, gridwright_starcore::Blocking::On);
    assert_eq!(v.options.deploy_cap, gridwright_starcore::DeployCap::Any);
    assert!(c.config("arc-foundry-vs-mind-lattice+nonsense").is_err());
    for name in c.scenario_names() {
        Starcore::new(&c.config(&name).unwrap()).unwrap();
    }
}

/// Plays one random game to the end; returns it.
pub fn random_game(config: &gridwright_starcore::Config, seed: u64) -> Starcore {
    random_game_steps(config, seed).0
}

/// Plays one random game to the end (at a sealed choice the lowest seat first); returns it and
/// its number of steps. Panics if it runs past the game's declared maximum length.
pub fn random_game_steps(config: &gridwright_starcore::Config, seed: u64) -> (Starcore, usize) {
    gridwright_engine::testing::random_game(config, seed, Sealed::Lowest)
}

/// A random step of `g`: a chance outcome drawn by its weight, or a uniformly random legal
/// action of the seat to act (of the first seat still to choose, when choices are hidden and
/// made at once); `None` once the game is over.
pub fn random_step(g: &Starcore, rng: &mut Rng) -> Option<(Actor, gridwright_starcore::Action)> {
    random_pick_sealed(g, rng, &mut Vec::new(), &mut Vec::new(), Sealed::Lowest)
}

#[test]
fn random_games_end() {
    let c = content();
    let config = c.config(&c.scenario_names()[0]).unwrap();
    let mut ends = std::collections::BTreeMap::new();
    for seed in 0..20 {
        // Within the declared length (random_game_steps panics past it) ...
        let (g, steps) = random_game_steps(&config, seed);
        assert!(steps <= g.max_game_length(), "seed {seed}");
        // ... by one of the seed's endings, each with its cause visible in the game.
        let PhaseView::Over { winner, reason } = g.phase() else {
            panic!("seed {seed}: not over: {:?}", g.phase());
        };
        let seen = g.observe(Viewer::Spectator);
        match (winner, reason) {
            (Some(w), EndReason::Commander) => {
                let loser = w.next(2);
                assert_eq!(
                    g.commander_hp()[loser],
                    0,
                    "seed {seed}: {loser}'s Commander"
                );
                assert!(g.commander_hp()[w] > 0, "seed {seed}");
            }
            (Some(w), EndReason::DeckOut) => {
                let loser = w.next(2);
                assert_eq!(seen.players[loser.index()].deck_count, 0, "seed {seed}");
            }
            (None, EndReason::TurnLimit) => {
                assert_eq!(g.turn_number(), config.options.turn_limit, "seed {seed}");
            }
            other => panic!("seed {seed}: no seed ending: {other:?}"),
        }
        *ends.entry(format!("{reason:?}")).or_insert(0) += 1;
    }
    assert_eq!(ends.values().sum::<usize>(), 20, "{ends:?}");
    println!("{ends:?}");
}

/// The setups are shared out over the machine's threads: this is the longest test of the
/// crate, and the test harness would otherwise run it on one core after the others are done.
#[test]
fn conformance_random_sim_every_scenario() {
    let c = content();
    let names = c.scenario_names();
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    std::thread::scope(|s| {
        for t in 0..threads {
            let (c, names) = (&c, &names);
            s.spawn(move || {
                for name in names.iter().skip(t).step_by(threads) {
                    let config = c.config(name).unwrap();
                    let report = random_sim::<Starcore>(&config, 6, 7, 3);
                    assert_eq!(report.games, 6, "{name}");
                    assert!(
                        report.resamples_changed > 0 && report.hidden_pairs > 0,
                        "{name}: {report:?}"
                    );
                }
            });
        }
    });
}

/// Issue 20, "Logs that let anyone audit a game": on every shipped setup (each deck pairing and
/// variant), every seat's and the spectator's events folded from the start give their
/// observation after every step of random games.
#[test]
fn the_event_log_folds_into_every_observation_on_every_setup() {
    let c = content();
    for name in c.scenario_names() {
        let config = c.config(&name).unwrap();
        let r = gridwright_engine::testing::check_event_fold::<Starcore>(&config, 4, 21);
        assert_eq!(r.games, 4, "{name}");
        assert!(r.folded > 1000, "{name}: {r:?}");
    }
}

/// The flat action index on every pairing: every legal action has its own index that maps
/// back to it.
#[test]
fn action_index_every_scenario() {
    let c = content();
    for name in c.scenario_names() {
        let config = c.config(&name).unwrap();
        let r = gridwright_engine::testing::check_action_index::<Starcore>(&config, 4, 11);
        println!("{name}: N = {}, {r:?}", r.num_distinct_actions);
        assert_eq!(r.mapped, r.num_distinct_actions, "{name}: {r:?}");
        assert_eq!(r.unindexed, 0, "{name}: {r:?}");
        assert!(r.indices_seen > 100, "{name}: {r:?}");
    }
}

/// The whole action index of every shipped setup, pinned (the engine's `action_index_digest`),
/// so a rewrite of `src/action_index.rs` keeps every index.
#[test]
fn the_action_index_of_every_shipped_setup_is_pinned() {
    // Every setup shares the whole shipped pool of cards, hence one digest.
    const D: &str = "428ebcfd7e90b5766d124512d4cae39fc42cfa90e98f4be8e7130a059f0a1c37";
    const PINNED: &[(&str, &str)] = &[
        ("arc-foundry-vs-iron-vanguard", D),
        ("arc-foundry-vs-mind-lattice", D),
        ("arc-foundry-vs-verdant-choir", D),
        ("iron-vanguard-vs-mind-lattice", D),
        ("iron-vanguard-vs-verdant-choir", D),
        ("mind-lattice-vs-verdant-choir", D),
        ("arc-foundry-vs-iron-vanguard+blocking", D),
        ("arc-foundry-vs-iron-vanguard+global-pooling", D),
        ("arc-foundry-vs-iron-vanguard+any-cap", D),
    ];
    let c = content();
    gridwright_engine::testing::pinned_action_index_digests::<Starcore>(
        &c.scenario_names(),
        PINNED,
        |name| c.config(name).unwrap(),
    );
}

const SHIPPED: [&str; 4] = ["energy", "life", "matter", "signal"];

fn card_sources() -> Vec<(String, String)> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../content/starcore");
    SHIPPED
        .iter()
        .map(|n| {
            let text = std::fs::read_to_string(dir.join(format!("cards/{n}.toml"))).unwrap();
            ((*n).to_owned(), text)
        })
        .collect()
}

/// Rule 48: every problem of a deck file is named with its file, line, card and rule.
#[test]
fn deck_files_are_validated_naming_file_line_card_and_rule() {
    let bad = "name = \"Broken\"\nfaction = \"energy\"\ncommander = \"arcwright-solenne\"\n\n\
               [cards]\nspark-cell = 50\nstar-dynamo = 2\nno-such-card = 3\nforgemarshal-vey = 1\n";
    let err = Content::from_sources(card_sources(), vec![("broken".into(), bad.into())])
        .unwrap_err()
        .to_string();
    for want in [
        "decks/broken.toml:7: `cards.star-dynamo`: `star-dynamo` is Legendary: at most 1 copy a deck, not 2",
        "decks/broken.toml:8: `cards.no-such-card`: unknown card `no-such-card`",
        "decks/broken.toml:9: `cards.forgemarshal-vey`: `forgemarshal-vey` is a Commander",
        "decks/broken.toml:5: `cards`: a deck holds exactly 60 cards, not 56",
    ] {
        assert!(err.contains(want), "missing {want:?} in:\n{err}");
    }
}

/// A card file's problems are filed at the card's line and field.
#[test]
fn card_files_are_validated_naming_file_line_and_field() {
    let mut sources = card_sources();
    sources[0].1 = sources[0]
        .1
        .replace("output = 2\nhp = 2", "output = 7\nhp = 2");
    let err = Content::from_sources(sources, vec![])
        .unwrap_err()
        .to_string();
    assert!(
        err.contains("cards/energy.toml:") && err.contains("`resource[0].output`"),
        "{err}"
    );
}

/// Links & Modules seed, "What Can Be Linked?": a Resource carries 2–4 Links. A small core
/// with one Link, or a core with all four faces plus one (impossible to write) or fewer than
/// two, is refused at its file and line, naming the card.
#[test]
fn a_resource_with_fewer_than_two_links_is_refused_naming_file_line_and_card() {
    let mut sources = card_sources();
    let text = &sources[2].1; // matter.toml
    let at = text.find("id = \"slag-cell\"").unwrap();
    let links = at + text[at..].find("links = [\"top\", \"right\"]").unwrap();
    let line = text[..links].matches('\n').count() + 1; // the `links` field's line
    sources[2].1 = format!(
        "{}links = [\"top\"]{}",
        &text[..links],
        &text[links + "links = [\"top\", \"right\"]".len()..]
    );
    let err = Content::from_sources(sources, vec![])
        .unwrap_err()
        .to_string();
    assert!(
        err.contains(&format!("cards/matter.toml:{line}: `resource[0].links`"))
            && err.contains("card `slag-cell`")
            && err.contains("links"),
        "{err}"
    );
}

/// A deck file of one's own works wherever a shipped deck name does.
#[test]
fn a_users_deck_file_pairs_like_a_shipped_deck() {
    let c = content();
    let dir = std::env::temp_dir().join(format!("starcore-deck-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("my-sparks.toml");
    let text = "name = \"Mine\"\nfaction = \"energy\"\ncommander = \"arcwright-solenne\"\n\n\
                [cards]\nspark-cell = 30\nvolt-skirmisher = 30\n";
    std::fs::write(&path, text).unwrap();
    let config = c
        .config_for_decks(path.to_str().unwrap(), "iron-vanguard")
        .unwrap();
    assert_eq!(config.decks[0].name, "my-sparks");
    let g = random_game(&config, 5);
    assert!(gridwright_engine::Game::is_terminal(&g));
    let err = c
        .config_for_decks("no-such-deck", "iron-vanguard")
        .unwrap_err();
    assert!(
        err.to_string().contains("unknown deck `no-such-deck`"),
        "{err}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The terminal view: both grids with row and lane labels, the zone divider and sectors, and
/// the hand only for its owner.
#[test]
fn render_shows_both_grids_and_the_hand_only_to_its_owner() {
    use gridwright_engine::Viewer;
    let c = content();
    let config = c.config("arc-foundry-vs-iron-vanguard").unwrap();
    let mut g = Starcore::new(&config).unwrap();
    let mut rng = Rng::seed_from_u64(4);
    while g.turn_number() < 4 {
        let step = match g.turn() {
            // Both players keep their opening hands.
            Turn::Simultaneous(set) => {
                let s = set.iter().next().unwrap();
                Some((Actor::Seat(s), gridwright_starcore::Action::Keep))
            }
            _ => random_step(&g, &mut rng),
        };
        let Some((actor, a)) = step else { break };
        g.step(actor, a, &mut Events::disabled());
    }
    let p1 = gridwright_starcore::render(&g, Viewer::Seat(Seat::new(0)));
    let spectator = gridwright_starcore::render(&g, Viewer::Spectator);
    for label in [
        "P2 C",
        "P2 A",
        "P1 A",
        "P1 C",
        "S1 ¦ S2",
        "S3 ¦ S4",
        "Z1 = lanes 1–4",
    ] {
        assert!(p1.contains(label), "{label} missing:\n{p1}");
    }
    assert_eq!(p1.matches("your hand").count(), 1, "{p1}");
    assert!(!spectator.contains("your hand"), "{spectator}");
}

/// The ids of `cards` that are slugs and not also the card's name (all the shipped ids have a
/// '-'): text for players must never show them.
fn slugs(cards: &[gridwright_starcore::CardEntry]) -> Vec<&str> {
    cards
        .iter()
        .filter(|e| e.id.contains('-') && e.id != e.name)
        .map(|e| e.id.as_str())
        .collect()
}

/// Player language in the terminal view: cards by their names (on the grid, in the board list,
/// the hand and the stack), where the game is in words, never ids or Debug output — for a seat
/// and the spectator, at every step of random games.
#[test]
fn the_terminal_view_names_cards_and_says_where_the_game_is_in_words() {
    use gridwright_engine::Viewer;
    let c = content();
    let cards = gridwright_starcore::card_list(&c).unwrap();
    let slugs = slugs(&cards);
    let config = c.config("arc-foundry-vs-iron-vanguard").unwrap();
    let (mut hands, mut stacks, mut over) = (0, 0, 0);
    for seed in 0..2 {
        let mut rng = Rng::seed_from_u64(seed);
        let mut g = Starcore::new(&config).unwrap();
        loop {
            for viewer in [Viewer::Seat(Seat::new(0)), Viewer::Spectator] {
                let text = gridwright_starcore::render(&g, viewer);
                for slug in &slugs {
                    assert!(!text.contains(slug), "names `{slug}` by its id:\n{text}");
                }
                for debug in [
                    "{",
                    "}",
                    "::",
                    "Some(",
                    "None",
                    "PlaceCommander",
                    "CoinFlip",
                ] {
                    assert!(!text.contains(debug), "Debug output `{debug}`:\n{text}");
                }
                let header = text.lines().next().unwrap_or_default();
                assert!(header.contains(" — "), "{header}");
                hands += usize::from(text.contains("your hand: "));
                stacks += usize::from(text.contains("stack (top last)"));
                over += usize::from(header.contains("the game is over, "));
            }
            let Some((actor, a)) = random_step(&g, &mut rng) else {
                break;
            };
            g.step(actor, a, &mut Events::disabled());
        }
    }
    assert!(
        hands > 100 && stacks > 0 && over == 4,
        "{hands} {stacks} {over}"
    );
}

/// A malformed card file: every problem of every card is reported, each at its file, line and
/// field and naming the card, through the engine's content toolkit.
#[test]
fn a_malformed_card_file_reports_every_problem_at_its_line() {
    let broken = "\
[[unit]]
id = \"glass-lancer\"
name = \"Glass Lancer\"
tier = 2
cost = { energy = 2 }
type = \"infantry\"
hp = 0
def = 1
movement = 3
links = [\"bottom\"]
attack = { dmg = 2, reach = { range = \"A\", width = \"lane\" } }

[[resource]]
id = \"spark-cell\"
name = \"Spark Cell\"
tier = 1
size = \"small\"
produces = \"energy\"
output = 7
hp = 2
links = [\"left\", \"right\"]
";
    let mut sources = card_sources();
    sources.push(("broken".into(), broken.into()));
    let err = Content::from_sources(sources, vec![])
        .unwrap_err()
        .to_string();
    assert_eq!(
        err.lines().collect::<Vec<_>>(),
        [
            "invalid content (4 problems):",
            "  cards/broken.toml:7: `unit[0].hp`: card `glass-lancer`: 0 is outside 1–20 (a Unit needs HP)",
            "  cards/broken.toml:9: `unit[0].movement`: card `glass-lancer`: 3 is outside 0–2 (Movement is 0, 1 or 2)",
            "  cards/broken.toml:19: `resource[0].output`: card `spark-cell`: 7 is outside 2–2 (the core size's output)",
            "  cards/broken.toml:14: `resource[0].id`: card `spark-cell` is also defined in cards/energy.toml",
        ],
        "{err}"
    );
}

/// A config that never passed through a file (a replay's) names the card of each problem too.
#[test]
fn a_bad_card_in_a_config_is_named_with_its_index_and_field() {
    let mut config = content().config("arc-foundry-vs-iron-vanguard").unwrap();
    let i = config
        .cards
        .iter()
        .position(|c| c.id() == "volt-skirmisher")
        .unwrap();
    if let gridwright_starcore::CardDef::Unit(u) = &mut config.cards[i] {
        u.hp = 0;
        u.movement = 5;
    }
    let err = Starcore::new(&config).err().unwrap().to_string();
    for want in [
        format!("`cards[{i}].hp`: card `volt-skirmisher`: 0 is outside 1–20 (a Unit needs HP)"),
        format!(
            "`cards[{i}].movement`: card `volt-skirmisher`: 5 is outside 0–2 (Movement is 0, 1 or 2)"
        ),
    ] {
        assert!(err.contains(&want), "missing {want:?} in:\n{err}");
    }
}

/// Whether `word` looks like Rust's Debug form of a name: a lower-case letter followed by an
/// upper-case one (`DeckOut`, `FirstStrike`).
fn camel_case(word: &str) -> bool {
    let chars: Vec<char> = word.chars().collect();
    chars
        .windows(2)
        .any(|w| w[0].is_lowercase() && w[1].is_uppercase())
}

/// Player language: event text names cards by their names and steps in words, never by ids,
/// slugs or Debug output — for every viewer, on every shipped setup.
#[test]
fn event_text_names_cards_and_steps_as_players_do() {
    let c = content();
    let cards = gridwright_starcore::card_list(&c).unwrap();
    let slugs = slugs(&cards);
    assert!(slugs.len() > 20, "the shipped cards have slugs to look for");
    let name_words: Vec<&str> = cards.iter().flat_map(|e| e.name.split(' ')).collect();
    // `None`: the whole event, as the log keeps it.
    let viewers = [
        None,
        Some(Viewer::Seat(Seat::new(0))),
        Some(Viewer::Seat(Seat::new(1))),
        Some(Viewer::Spectator),
    ];
    let mut checked = 0;
    for name in c.scenario_names() {
        let config = c.config(&name).unwrap();
        for seed in 0..3 {
            let mut rng = Rng::seed_from_u64(seed);
            let mut g = Starcore::new(&config).unwrap();
            let mut ev = Events::recording();
            let mut steps = 0;
            while steps <= g.max_game_length() {
                steps += 1;
                let Some((actor, a)) = random_step(&g, &mut rng) else {
                    break;
                };
                g.step(actor, a, &mut ev);
                for event in ev.take() {
                    for viewer in viewers {
                        let seen = match viewer {
                            None => event.clone(),
                            Some(v) => match g.redact_event(&event, v) {
                                Some(seen) => seen,
                                None => continue,
                            },
                        };
                        let text = g.event_text(&seen);
                        checked += 1;
                        for slug in &slugs {
                            assert!(
                                !text.contains(slug),
                                "{name}: `{text}` names the card by its id `{slug}`"
                            );
                        }
                        for debug in ["{", "}", "::", "Some(", "None", "\""] {
                            assert!(
                                !text.contains(debug),
                                "{name}: `{text}` looks like Debug output"
                            );
                        }
                        // A step in words says what happens in it, not just its Debug name.
                        for step in ["Orders", "Build", "Combat"] {
                            assert!(
                                !text.contains(step)
                                    || text.contains(&format!("the {step} step: ")),
                                "{name}: `{text}` names the {step} step without words"
                            );
                        }
                        for word in text.split(|ch: char| !ch.is_alphanumeric()) {
                            assert!(
                                !camel_case(word) || name_words.contains(&word),
                                "{name}: `{text}` has the Debug-looking word `{word}`"
                            );
                        }
                    }
                }
            }
        }
    }
    assert!(checked > 1000, "only {checked} event texts checked");
}

/// Action text names cards as players read them (player language: `play Arc Bolt P2:A4`, never
/// a card id); the id form is still accepted when typed (case and spacing ignored), and both
/// parse back to the same action.
#[test]
fn a_card_is_typeable_by_its_name_as_well_as_its_id() {
    let c = content();
    let mut cards = gridwright_starcore::card_list(&c).unwrap();
    // Longest names first, so that a name inside another is not replaced by mistake.
    cards.sort_by_key(|e| std::cmp::Reverse(e.name.len()));
    let config = c.config(&c.scenario_names()[0]).unwrap();
    let mut rng = Rng::seed_from_u64(5);
    let mut g = Starcore::new(&config).unwrap();
    let mut ev = Events::disabled();
    let mut named = 0;
    for _ in 0..400 {
        // Every action the seat to act has, typed by name and by id.
        if let Turn::Seat(s) = g.turn() {
            for l in &g.legal_actions_vec(s) {
                let text = g.action_text(l);
                assert_eq!(g.parse_action(s, &text).as_ref(), Ok(l), "{text}");
                for w in text.split(' ') {
                    assert!(
                        !cards.iter().any(|e| e.id == w && e.name != e.id),
                        "`{text}` shows the card id `{w}`"
                    );
                }
                let mut by_id = text.clone();
                for e in &cards {
                    if by_id.contains(&e.name) {
                        by_id = by_id.replacen(&e.name, &e.id, 1);
                    }
                }
                if by_id != text {
                    named += 1;
                    let typed = by_id.to_uppercase().replace(' ', "  ");
                    assert_eq!(g.parse_action(s, &typed).as_ref(), Ok(l), "{typed}");
                }
            }
        }
        let Some((actor, a)) = random_step(&g, &mut rng) else {
            break;
        };
        g.step(actor, a, &mut ev);
    }
    assert!(named > 10, "only {named} actions named a card");
}
