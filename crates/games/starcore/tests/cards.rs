//! The card data model: hand-written definitions read, validated and written back, and every
//! refusal of an impossible definition naming the card and the field.

use gridwright_starcore::{
    Card, CardDef, CardKind, CommanderClass, CoreSize, CostDef, Effect, Face, FaceSet, Keyword,
    Kind, LinkKind, Mounts, P1, ResourceType, Resources, Row, Sector, Side, Stat, Target, Tile,
    TileMap, Trigger, UnitType,
};

/// Hand-written definitions, one of each kind (the shipped pool is checked elsewhere).
const COMMANDER: &str = include_str!("card_defs/commander.toml");
const UNIT: &str = include_str!("card_defs/unit.toml");
const STRUCTURE: &str = include_str!("card_defs/structure.toml");
const SHIELD_MODULE: &str = include_str!("card_defs/shield-module.toml");
const MOUNTING_MODULE: &str = include_str!("card_defs/mounting-module.toml");
const SMALL_CORE: &str = include_str!("card_defs/small-core.toml");
const MASSIVE_CORE: &str = include_str!("card_defs/massive-core.toml");
const STRIKE: &str = include_str!("card_defs/strike.toml");
const COUNTER: &str = include_str!("card_defs/counter.toml");

const ALL: [&str; 9] = [
    COMMANDER,
    UNIT,
    STRUCTURE,
    SHIELD_MODULE,
    MOUNTING_MODULE,
    SMALL_CORE,
    MASSIVE_CORE,
    STRIKE,
    COUNTER,
];

fn def(text: &str) -> CardDef {
    toml::from_str(text).unwrap_or_else(|e| panic!("{e}\n{text}"))
}

fn card(text: &str) -> Card {
    def(text)
        .validate()
        .unwrap_or_else(|e| panic!("{e}\n{text}"))
}

fn t(s: &str) -> Tile {
    s.parse().unwrap_or_else(|e| panic!("{e}"))
}

/// The problems of a definition edited by `edit`, as `field: message` lines.
fn refusal(text: &str, edit: impl FnOnce(&mut CardDef)) -> Vec<String> {
    let mut d = def(text);
    edit(&mut d);
    let prefix = format!("card `{}`: ", d.id());
    match d.validate() {
        Ok(c) => panic!("{} was accepted", c.id()),
        Err(e) => e
            .as_slice()
            .iter()
            .map(|p| {
                let message = p
                    .message
                    .strip_prefix(&prefix)
                    .unwrap_or_else(|| panic!("`{}` does not name the card first", p.message));
                format!("{}: {message}", p.field)
            })
            .collect(),
    }
}

/// [`refusal`] of an edit to the `$kind` definition in `$text` (which must be one).
macro_rules! refused {
    ($text:expr, $kind:ident($d:ident) => $edit:expr) => {
        refusal($text, |card| {
            let CardDef::$kind($d) = card else {
                panic!("{} is not a {}", card.id(), stringify!($kind));
            };
            $edit;
        })
    };
}

fn has(problems: &[String], field: &str) -> bool {
    problems
        .iter()
        .any(|p| p.starts_with(&format!("{field}: ")))
}

/// Asserts that `problems` names every one of `fields`.
fn assert_has(problems: &[String], fields: &[&str]) {
    for field in fields {
        assert!(has(problems, field), "{field}: {problems:?}");
    }
}

fn cost_of(text: &str) -> CostDef {
    match def(text) {
        CardDef::Unit(u) => u.cost,
        _ => CostDef::default(),
    }
}

#[test]
fn hand_written_cards_round_trip_through_serde() {
    for text in ALL {
        let d = def(text);
        let json = serde_json::to_string(&d).unwrap_or_else(|e| panic!("{e}"));
        let back: CardDef = serde_json::from_str(&json).unwrap_or_else(|e| panic!("{e}\n{json}"));
        assert_eq!(back, d, "JSON round trip of {}", d.id());
        let toml_text = toml::to_string(&d).unwrap_or_else(|e| panic!("{e}"));
        let back: CardDef =
            toml::from_str(&toml_text).unwrap_or_else(|e| panic!("{e}\n{toml_text}"));
        assert_eq!(back, d, "TOML round trip of {}", d.id());
        assert!(d.validate().is_ok(), "{}", d.id());
    }
}

#[test]
fn validated_cards_carry_their_data() {
    let c = card(COMMANDER);
    assert_eq!(c.card_kind(), CardKind::Commander);
    assert_eq!(c.stats().hp, 30, "every Commander has 30 HP");
    assert_eq!(c.stats().dmg, 4);
    assert_eq!(c.kind(), &Kind::Commander(CommanderClass::Combat));
    assert_eq!(c.keywords(), [Keyword::FirstStrike, Keyword::Flank(2)]);
    assert_eq!(c.cost(), Resources::NONE);

    let u = card(UNIT);
    assert_eq!(u.cost(), Resources::of(ResourceType::Energy, 3));
    assert_eq!(
        u.links(),
        [Face::Left, Face::Right].into_iter().collect::<FaceSet>()
    );
    assert_eq!(
        u.attack().map(|b| b.to_string()).as_deref(),
        Some("Range A+C · Width lane")
    );
    assert!(matches!(
        u.abilities()[0].trigger,
        Trigger::Activated(ref cost) if cost.resources() == Resources::of(ResourceType::Energy, 5)
    ));

    let s = card(STRUCTURE);
    assert!(matches!(
        s.kind(),
        Kind::Unit {
            unit_type: UnitType::Structure,
            ..
        }
    ));
    assert_eq!(s.output(), Resources::of(ResourceType::Matter, 1));
    assert!(s.keywords().contains(&Keyword::SectorLock {
        protect: Sector::S3,
        from: Sector::S2
    }));

    let core = card(MASSIVE_CORE);
    assert_eq!(core.kind(), &Kind::Resource(CoreSize::Massive));
    assert_eq!(core.output(), Resources::of(ResourceType::Energy, 8));

    let strike = card(STRIKE);
    assert!(matches!(
        strike.abilities()[0].target,
        Target::Area {
            side: Side::Enemy,
            ..
        }
    ));
    let counter = card(COUNTER);
    assert_eq!(counter.abilities()[0].effects, [Effect::Counter]);
    assert_eq!(
        counter.link_card(P1),
        None,
        "an Action never stands on the board"
    );
}

#[test]
fn module_data_drives_the_module_rules() {
    // A core hosts the shield module; the mounting module (a data flag) may then serve the
    // shield module, while a plain copy of the shield module may not.
    let linked = |text: &str| {
        card(text)
            .link_card(P1)
            .unwrap_or_else(|| panic!("a board card links"))
    };
    let (core, shield, mounting) = (
        linked(SMALL_CORE),
        linked(SHIELD_MODULE),
        linked(MOUNTING_MODULE),
    );
    assert_eq!(shield.kind, LinkKind::Module);
    assert!(mounting.mounts_on_modules && !shield.mounts_on_modules);
    let mut board = TileMap::new();
    board.insert(t("P1:C3"), core);
    let mut mounts = Mounts::new();
    assert!(
        mounts
            .place(&mut board, t("P1:C4"), shield, t("P1:C3"))
            .is_ok()
    );
    assert!(
        mounts
            .place(&mut board, t("P1:B4"), shield, t("P1:C4"))
            .is_err()
    );
    // The mounting module's only Link is on its left: on C5 it touches the shield module.
    assert!(
        mounts
            .place(&mut board, t("P1:C5"), mounting, t("P1:C4"))
            .is_ok()
    );
    assert_eq!(mounts.host_of(&board, t("P1:C5")), Some(t("P1:C4")));
    let Kind::Module { host, .. } = card(SHIELD_MODULE).kind().clone() else {
        panic!("a module");
    };
    assert_eq!(host.stats[0].stat, Stat::Def);
    assert_eq!(host.keywords, [Keyword::Shield(1)]);
}

#[test]
fn unknown_fields_and_words_are_refused() {
    let e = toml::from_str::<CardDef>(&UNIT.replace("movement = 2", "movement = 2\nspeed = 3"));
    assert!(e.is_err_and(|e| e.to_string().contains("speed")));
    let e = toml::from_str::<CardDef>(&UNIT.replace("\"pierce\"", "\"lifesteal\""));
    assert!(e.is_err_and(|e| e.to_string().contains("lifesteal")));
    let e = toml::from_str::<CardDef>(&SMALL_CORE.replace("[resource]", "[pet]"));
    let msg = e.err().map(|e| e.to_string()).unwrap_or_default();
    assert!(msg.contains("unknown variant `pet`"), "{msg}");
    let e = toml::from_str::<CardDef>(
        &UNIT.replace("width = \"lane\" }", "width = \"lane\", depth = 2 }"),
    );
    assert!(e.is_err_and(|e| e.to_string().contains("depth")));
    let e = toml::from_str::<CardDef>(&STRIKE.replace("damage = 2", "burn = 2"));
    assert!(e.is_err_and(|e| e.to_string().contains("burn")));
    // A Resource is a pure stat block: it has no keywords field.
    let e = toml::from_str::<CardDef>(&format!("{SMALL_CORE}keywords = [\"taunt\"]\n"));
    assert!(e.is_err_and(|e| e.to_string().contains("keywords")));
    let e = toml::from_str::<CardDef>(&SMALL_CORE.replace("[\"right\", \"left\"]", "[\"up\"]"));
    assert!(e.is_err());
}

#[test]
fn problems_name_the_card_and_the_field() {
    let mut d = def(UNIT);
    if let CardDef::Unit(u) = &mut d {
        u.hp = 0;
        u.movement = 3;
    }
    let e = d.validate().err().unwrap_or_else(|| panic!("accepted"));
    assert_eq!(e.len(), 2, "every problem is listed: {e}");
    assert_eq!(
        e.to_string(),
        "`hp`: card `glass-lancer`: 0 is outside 1–20 (a Unit needs HP)\n\
         `movement`: card `glass-lancer`: 3 is outside 0–2 (Movement is 0, 1 or 2)"
    );
}

#[test]
fn bad_ids_names_and_tiers_are_refused() {
    let p = refused!(UNIT, Unit(u) => {
        u.id = "Glass Lancer".into();
        u.name = " ".into();
    });
    assert_has(&p, &["id", "name"]);
    assert_has(&refused!(UNIT, Unit(u) => u.tier = 11), &["tier"]);
}

#[test]
fn module_hp_outside_its_tier_band_is_refused() {
    // Tier 2 allows 1–2 HP; tier 5 allows 3–4.
    assert_has(&refused!(SHIELD_MODULE, Module(m) => m.hp = 3), &["hp"]);
    assert_has(&refused!(MOUNTING_MODULE, Module(m) => m.hp = 2), &["hp"]);
    let p = refused!(SHIELD_MODULE, Module(m) => {
        m.links = FaceSet::EMPTY;
        m.host.stats[0].amount = 0;
    });
    assert_has(&p, &["links", "host.stats[0]"]);
}

#[test]
fn commander_stats_outside_its_class_are_refused() {
    // A Defense Commander has DMG 1–3 and Movement 0–1; this one has 4 and 1.
    let p = refused!(COMMANDER, Commander(c) => c.class = CommanderClass::Defense);
    assert_eq!(p.len(), 1, "{p:?}");
    assert_has(&p, &["attack.dmg"]);
    let p = refused!(COMMANDER, Commander(c) => {
        c.movement = 3;
        c.def = 15;
    });
    assert_has(&p, &["movement", "def"]);
}

#[test]
fn units_and_structures_out_of_bounds_are_refused() {
    // Structures are immobile.
    assert_has(
        &refused!(STRUCTURE, Unit(u) => u.movement = 1),
        &["movement"],
    );
    let p = refused!(UNIT, Unit(u) => {
        u.output = cost_of(UNIT);
        u.links = FaceSet::EMPTY;
        u.rows = vec![Row::A, Row::A];
    });
    assert_has(&p, &["output", "links", "rows[1]"]);
}

#[test]
fn cores_outside_their_size_bands_are_refused() {
    // A small core costs 0, makes 2, has 2–4 HP and two Links.
    let p = refused!(SMALL_CORE, Resource(r) => {
        r.output = 3;
        r.hp = 5;
        r.links = FaceSet::ALL;
        r.cost = cost_of(UNIT);
    });
    assert_has(&p, &["output", "hp", "links", "cost"]);
    assert_has(
        &refused!(MASSIVE_CORE, Resource(r) => r.output = 4),
        &["output"],
    );
}

#[test]
fn attack_box_with_no_tile_is_refused() {
    // Range A+B crossed with sector 3 (row C only) reaches nothing (rule 14).
    let bad = UNIT.replace(
        "reach = { range = \"A+C\", width = \"lane\" }",
        "reach = { range = \"A+B\", width = \"S3\" }",
    );
    assert_has(&refusal(&bad, |_| {}), &["attack.reach"]);
    let p = refused!(UNIT, Unit(u) => {
        if let Some(a) = &mut u.attack {
            a.dmg = 0;
        }
    });
    assert_has(&p, &["attack.dmg"]);
}

#[test]
fn keywords_with_impossible_numbers_are_refused() {
    let p = refused!(UNIT, Unit(u) => {
        u.keywords = vec![
            Keyword::Execute(0),
            Keyword::Flank(2),
            Keyword::Flank(3),
            Keyword::ZoneDominance {
                zone: gridwright_starcore::Zone::Z1,
                tiles: 25,
                stat: Stat::Def,
                amount: 0,
            },
            Keyword::SectorLock {
                protect: Sector::S1,
                from: Sector::S1,
            },
            Keyword::Aura {
                side: Side::Friendly,
                stat: Stat::Dmg,
                amount: 0,
            },
        ];
    });
    assert_has(
        &p,
        &[
            "keywords[0]",
            "keywords[2]",
            "keywords[3]",
            "keywords[4]",
            "keywords[5]",
        ],
    );
    assert!(!has(&p, "keywords[1]"), "{p:?}");
}

#[test]
fn actions_need_a_cost_and_an_effect_played_on_play() {
    let p = refused!(STRIKE, Action(a) => {
        a.cost = CostDef::default();
        a.abilities[0].trigger = Trigger::OnEnter;
        a.abilities[0].effects.clear();
    });
    assert_has(
        &p,
        &["cost", "abilities[0].trigger", "abilities[0].effects"],
    );
    assert_has(
        &refused!(STRIKE, Action(a) => a.abilities.clear()),
        &["abilities"],
    );
    // A card on the board never triggers on_play.
    let p = refused!(STRUCTURE, Unit(u) => u.abilities[0].trigger = Trigger::OnPlay);
    assert_has(&p, &["abilities[0].trigger"]);
}

#[test]
fn counter_targets_only_the_stack_and_host_only_modules() {
    let p = refused!(COUNTER, Action(a) => a.abilities[0].target = Target::Commander(Side::Enemy));
    assert_has(&p, &["abilities[0].target"]);
    let p = refused!(COUNTER, Action(a) => a.abilities[0].effects.push(Effect::Draw(1)));
    assert_has(&p, &["abilities[0].effects"]);
    let p = refused!(STRUCTURE, Unit(u) => u.abilities[0].target = Target::Host);
    assert_has(&p, &["abilities[0].target"]);
    let p = refused!(STRIKE, Action(a) => {
        a.abilities[0].target = Target::Commander(Side::Any);
        a.abilities[0].effects[0] = Effect::Damage(0);
    });
    assert_has(&p, &["abilities[0].target", "abilities[0].effects[0]"]);
}

#[test]
fn activated_abilities_must_cost_something() {
    let p = refused!(UNIT, Unit(u) => {
        u.abilities[0].trigger = Trigger::Activated(CostDef::default());
    });
    assert_has(&p, &["abilities[0].trigger"]);
}
