//! The seeds' worked examples played through the game's actions (deploy, move, play, activate,
//! pass and the draws), each test named after its example. The rule-level versions sit beside
//! their rules (`rules/links.rs`, `rules/modules.rs`, `rules/network.rs`,
//! `rules/targeting.rs`); these check the same pictures in a running game.
//!
//! Where the shipped pool has no card of the example's shape, the test adds one in an extra
//! card file validated like any other ([`EXAMPLE_CARDS`], [`AREA_ACTIONS`]): a medium core with Links left and
//! right, a unit with two activated abilities to show what its network can pay, and one area
//! Action per targeting diagram. Strategic example 4 is also played on shipped cards
//! (`resource_pool_network_on_shipped_cards`).

use crate::effect::Stat;
use crate::event::{Event, TurnStep};
use crate::grid::{Lane, P1, P2, Row, Tile, TileSet};
use crate::rules::network::ResourceType::{Energy, Life, Matter};
use crate::rules::network::Resources;
use crate::state::Starcore;
use crate::test_support::{fixture, fixture_with, t};

const EXAMPLE_CARDS: &str = r#"
[[resource]]
id = "ex-core"
name = "Example Core"
tier = 3
size = "medium"
cost = { energy = 1 }
produces = "energy"
output = 2
hp = 3
links = ["left", "right"]

[[unit]]
id = "ex-heavy"
name = "Example Heavy"
tier = 5
cost = { energy = 5 }
type = "vehicle"
hp = 8
def = 1
movement = 1
links = ["left", "right"]

[[unit.abilities]]
trigger = { activated = { energy = 5 } }
target = "this"
effects = [{ shield = 1 }]

[[unit.abilities]]
trigger = { activated = { energy = 2 } }
target = "this"
effects = [{ shield = 1 }]
"#;

/// The area Actions of the targeting diagrams, each dealing 1 to every enemy card in its box:
/// id, name, Range and Width.
const AREA_ACTIONS: [(&str, &str, &str, &str); 4] = [
    ("ex-range-a-lane", "Example Range A Lane", "A", "lane"),
    (
        "ex-range-ab-lane-1",
        "Example Range AB Lane 1",
        "A+B",
        "lane±1",
    ),
    ("ex-zone-1", "Example Zone 1", "All", "Z1"),
    ("ex-sector-2", "Example Sector 2", "All", "S2"),
];

/// [`EXAMPLE_CARDS`] and one card of each of [`AREA_ACTIONS`], as one card file.
fn example_cards() -> String {
    let mut file = EXAMPLE_CARDS.to_owned();
    for (id, name, range, width) in AREA_ACTIONS {
        file.push_str(&format!(
            "\n[[action]]\nid = \"{id}\"\nname = \"{name}\"\ntier = 1\ncost = {{ energy = 1 }}\n\n\
             [[action.abilities]]\ntrigger = \"on_play\"\ntarget = {{ area = {{ side = \"enemy\", \
             area = {{ range = \"{range}\", width = \"{width}\" }} }} }}\n\
             effects = [{{ damage = 1 }}]\n"
        ));
    }
    file
}

fn examples() -> Starcore {
    fixture_with(&example_cards(), "arc-foundry", "iron-vanguard")
}

/// The first legal action of P1 that starts with `prefix`.
fn legal_starting(g: &Starcore, prefix: &str) -> String {
    let legal = g.legal_texts(P1);
    legal
        .iter()
        .find(|a| a.starts_with(prefix))
        .unwrap_or_else(|| panic!("no `{prefix}…` in {legal:?}"))
        .clone()
}

/// P1 deploys a Bulkhead Walker on B4 and a shield Module (Bark Ward: +1 DEF) on B3 beside it,
/// each resolving off the stack.
fn walker_with_ward() -> Starcore {
    let mut g = fixture("iron-vanguard", "verdant-choir");
    g.act("pass"); // Orders → Build
    g.give(P1, "bulkhead-walker")
        .give(P1, "bark-ward")
        .fund(P1, Matter, 10)
        .fund(P1, Life, 10);
    g.act("deploy bulkhead-walker P1:B4");
    g.act("pass");
    let ward = legal_starting(&g, "deploy bark-ward P1:B3 host ");
    g.act(&ward);
    g.act("pass");
    g
}

const WALKER_DEF: u8 = 2;

/// Seed 001, "Module Anchoring After Movement": turn 1 the Module links to the Unit (+DEF);
/// turn 2 the Unit advances, the link breaks and the Module stays; turn 3 a new Unit deployed
/// beside the anchor gets the Module's DEF.
#[test]
fn module_anchoring_over_three_turns_in_play() {
    let mut g = walker_with_ward();
    assert_eq!(
        g.stat(t("P1:B4"), Stat::Def),
        WALKER_DEF + 1,
        "turn 1: linked"
    );
    g.pass_round();
    // Turn 2: the Unit advances diagonally to A5.
    g.act("move P1:B4 P1:A5");
    assert_eq!(
        g.stat(t("P1:A5"), Stat::Def),
        WALKER_DEF,
        "turn 2: link broken"
    );
    assert_eq!(
        g.card_at(t("P1:B3")),
        Some(g.id("bark-ward")),
        "the Module stays"
    );
    g.pass_round();
    // Turn 3: a second Unit deployed beside the anchor.
    g.act("pass");
    g.give(P1, "bulkhead-walker").fund(P1, Matter, 10);
    g.act("deploy bulkhead-walker P1:B4");
    g.act("pass");
    assert_eq!(
        g.stat(t("P1:B4"), Stat::Def),
        WALKER_DEF + 1,
        "turn 3: re-linked"
    );
    assert_eq!(
        g.stat(t("P1:A5"), Stat::Def),
        WALKER_DEF,
        "the first Unit is still away"
    );
}

/// Seed 000, "Broken Link (Unit Moved)": the Unit moves from beside its Module; the link breaks,
/// the buff goes, and the Module serves nothing.
#[test]
fn broken_link_when_the_unit_moves_in_play() {
    let mut g = walker_with_ward();
    g.pass_round();
    let events = g.act("move P1:B4 P1:B5");
    assert!(
        events
            .iter()
            .any(|e| matches!(e, Event::Mounted { module, host: None } if *module == t("P1:B3"))),
        "{events:?}"
    );
    assert_eq!(g.stat(t("P1:B5"), Stat::Def), WALKER_DEF);
}

/// Seed 001's picture of a resource pool network: three of P1's `core`s chained R1—R2—R3 to its
/// `unit` on row C, lanes 2–5.
fn three_cores_and_a_unit(g: &mut Starcore, core: &str, unit: &str) {
    for tile in ["P1:C2", "P1:C3", "P1:C4"] {
        g.put(P1, core, tile);
    }
    g.put(P1, unit, "P1:C5");
}

/// Seed 001, "Resource Pool Network": three cores of 2 chained to a Unit pool 6, enough for its
/// 5-cost ability; once one core is destroyed the network holds 4 and the ability is gone.
#[test]
fn resource_pool_of_three_cores_in_play() {
    let mut g = examples();
    three_cores_and_a_unit(&mut g, "ex-core", "ex-heavy");
    g.pass_round();
    assert_eq!(g.pool(P1), Resources::of(Energy, 6), "2 + 2 + 2");
    assert!(g.can(P1, "activate P1:C5 0"), "the 5-cost ability");
    g.pass_turn();
    // P2 destroys the core at the end of the chain.
    g.give(P2, "demolition-order").fund(P2, Matter, 10);
    g.act("play demolition-order P1:C2");
    g.act("pass");
    assert!(g.card_at(t("P1:C2")).is_none());
    g.pass_turn();
    assert_eq!(g.pool(P1), Resources::of(Energy, 4), "the pool lost 2");
    assert!(!g.can(P1, "activate P1:C5 0"), "4 cannot pay 5");
    assert!(g.can(P1, "activate P1:C5 1"), "4 pays 2");
}

/// Seed 001, strategic example 4 on shipped cards: three Spark Cells (small Energy cores of
/// +2, Links left and right) chained R1—R2—R3 to a Storm Lancer (a heavy Unit with a 5-Energy
/// ability) on row C, lanes 2–5. One network; it makes 2 + 2 + 2 = 6, enough for the ability;
/// once a Core is destroyed the pool is 4 at once and the ability cannot be paid.
#[test]
fn resource_pool_network_on_shipped_cards() {
    let mut g = fixture("arc-foundry", "iron-vanguard");
    three_cores_and_a_unit(&mut g, "spark-cell", "storm-lancer");
    let nets = crate::rules::network::Networks::compute(g.board.links());
    assert!(
        ["P1:C2", "P1:C3", "P1:C4"]
            .iter()
            .all(|c| nets.connected(t(c), t("P1:C5"))),
        "R1 ←→ R2 ←→ R3 ←→ U"
    );
    g.pass_round();
    assert_eq!(g.pool(P1), Resources::of(Energy, 6), "2 + 2 + 2");
    assert!(g.can(P1, "activate P1:C5 0"), "the 5-Energy ability");
    g.remove_card(
        t("P1:C2"),
        crate::grid::Area::Scrapyard,
        &mut gridwright_engine::Events::disabled(),
    );
    assert_eq!(g.pool(P1), Resources::of(Energy, 4), "the pool lost 2");
    assert!(!g.can(P1, "activate P1:C5 0"), "4 cannot pay 5");
}

/// Seed 000, "Network Chain": a core's output reaches a Unit through two relay Modules; with a
/// gap in the chain the same pool cannot pay the Unit's ability.
#[test]
fn network_chain_in_play() {
    let chain = |with_relay: bool| {
        let mut g = examples();
        g.put(P1, "ex-core", "P1:C3");
        if with_relay {
            g.put(P1, "signal-booster", "P1:C4");
        }
        g.put(P1, "signal-booster", "P1:C5")
            .put(P1, "ex-heavy", "P1:C6");
        g.pass_round();
        assert_eq!(g.pool(P1), Resources::of(Energy, 2));
        g.can(P1, "activate P1:C6 1")
    };
    assert!(chain(true), "R → M → M → U carries the core's 2");
    assert!(!chain(false), "R   M → U: no network reaches the core");
}

/// Seed 000, "Cross-Zone Network": core and Unit in zone 1, a Module and a Unit in zone 2, one
/// network: the far Unit pays its ability from the core across the zone line.
#[test]
fn cross_zone_network_in_play() {
    let mut g = examples();
    g.put(P1, "ex-core", "P1:C3")
        .put(P1, "ex-heavy", "P1:C4")
        .put(P1, "signal-booster", "P1:C5")
        .put(P1, "ex-heavy", "P1:C6");
    g.pass_round();
    assert!(
        g.can(P1, "activate P1:C6 1"),
        "Z2's Unit draws on Z1's core"
    );
    g.act("activate P1:C6 1");
    assert!(!g.can(P1, "activate P1:C4 1"), "the network's 2 are spent");
}

/// The tiles of P2's grid marked `x` in a picture of rows A, B, C (lanes 1–8).
fn picture(rows: [&str; 3]) -> TileSet {
    let mut set = TileSet::EMPTY;
    for (row, line) in Row::ALL.into_iter().zip(rows) {
        for (lane, c) in Lane::all().zip(line.chars()) {
            if c == 'x' {
                set.insert(Tile::new(P2, row, lane));
            }
        }
    }
    set
}

/// P1 plays `action` (aimed as `aim`) with an enemy card on every tile of P2's grid; the tiles
/// of the cards it damaged.
fn hit_by(action: &str, aim: &str) -> TileSet {
    let mut g = examples();
    g.goto_step(TurnStep::Build);
    for tile in Tile::on_grid(P2) {
        g.put(P2, "grove-guardian", &tile.to_string());
    }
    g.give(P1, action).fund(P1, Energy, 5);
    g.act(format!("play {action}{aim}").trim());
    g.act("pass");
    Tile::on_grid(P2)
        .filter(|t| g.hp_at(*t) != Some(9))
        .collect()
}

/// Seed 000, "Combined Targeting Examples", 1: Range A, Width lane 5.
#[test]
fn targeting_range_plus_single_lane_in_play() {
    let want = picture(["....x...", "........", "........"]);
    assert_eq!(hit_by("ex-range-a-lane", " lane 5"), want);
}

/// 2: Range A+B, Width lane 4±1.
#[test]
fn targeting_range_plus_width_in_play() {
    let want = picture(["..xxx...", "..xxx...", "........"]);
    assert_eq!(hit_by("ex-range-ab-lane-1", " lane 4"), want);
}

/// 3: Range A+B+C, Width zone 1.
#[test]
fn targeting_zone_in_play() {
    let want = picture(["xxxx....", "xxxx....", "xxxx...."]);
    assert_eq!(hit_by("ex-zone-1", ""), want);
}

/// 4: Range All, Width sector 2 (rows A and B of zone 2).
#[test]
fn targeting_sector_in_play() {
    let want = picture(["....xxxx", "....xxxx", "........"]);
    assert_eq!(hit_by("ex-sector-2", ""), want);
}
