//! What players see: the terminal view, the scenario preview and the observation.

use crate::support::{content, play, sc};
use gridwright_engine::{Game, Seat, Viewer};
use gridwright_grid_battles::{GridBattles, Phase, Status, preview, render};

/// Knight 1 at 0102 and pikeman 2 at 0004 against archer 3 at 0202.
fn knight_and_pikeman_vs_archer() -> GridBattles {
    sc(
        &[("knight", "0102"), ("pikeman", "0004")],
        &[("archer", "0202")],
    )
    .game()
}

#[test]
fn render_shows_map_units_and_turn() {
    let mut g = knight_and_pikeman_vs_archer();
    play(&mut g, &["activate 1"]);
    let text = render(&g, Viewer::Seat(Seat::new(0)));
    for needle in [
        "round 1/10",
        "P1 (you) to act",
        "movement",
        "K1",
        "a3",
        "Knight",
        "active",
        "fresh",
        "0102",
    ] {
        assert!(text.contains(needle), "missing {needle:?} in\n{text}");
    }
}

#[test]
fn preview_draws_every_shipped_scenario() {
    for name in content().scenario_names() {
        let config = content().config(&name).expect("config");
        let text = preview(&config);
        let first_code = "00 01 02";
        assert!(text.contains(first_code), "{text}");
        assert!(text.contains("▲"), "{name} has a hill\n{text}");
    }
}

/// Grid Battles is perfect information: every viewer sees the same full state.
#[test]
fn observation_is_the_full_public_state() {
    let config = content().config("skirmish").expect("config");
    let g = GridBattles::new(&config).expect("game");
    let obs = g.observe(Viewer::Spectator);
    assert_eq!(obs, g.observe(Viewer::Seat(Seat::new(0))));
    assert_eq!(obs.units.len(), 6);
    assert_eq!(obs.map.rows.len(), usize::from(obs.map.height));
    assert!(
        obs.units
            .iter()
            .all(|u| u.status == Status::Fresh && u.alive)
    );
    assert_eq!(obs.phase, Phase::Activation { remaining: 2 });
    let json = serde_json::to_value(&obs).expect("serializes");
    assert_eq!(json["phase"]["phase"], "activation");
    assert_eq!(json["units"][0]["at"], "0101");
    // Per-seat values are plain arrays in seat order (the web client reads them so).
    assert_eq!(json["vp"], serde_json::json!([0, 0]));
    assert_eq!(json["vp_target"], serde_json::json!([2, 2]));
    let sides: Vec<String> = config.sides.iter().map(|s| s.name.clone()).collect();
    assert_eq!(json["sides"], serde_json::json!(sides));
    assert_eq!(json["active"], config.first.index());
}

/// The observation's `board`: every hex with its terrain under its printed code, and the units
/// on the map with owner, type, status and health, agreeing with the map rows and the unit list.
#[test]
fn board_lists_every_hex_and_the_units_on_the_map() {
    let mut g = knight_and_pikeman_vs_archer();
    let board = g.board();
    assert_eq!(
        board.hexes.len(),
        usize::from(board.width) * usize::from(board.height)
    );
    let obs = g.observe(Viewer::Spectator);
    for hx in &board.hexes {
        assert_eq!(hx.code, format!("{:02}{:02}", hx.col, hx.row));
        assert_eq!(hx.hex.code(), hx.code);
        let letter = obs.map.rows[usize::from(hx.row)]
            .chars()
            .nth(usize::from(hx.col))
            .expect("row is wide enough");
        let t = board
            .terrain
            .iter()
            .find(|t| t.letter == letter)
            .expect("letter has a terrain");
        assert_eq!(hx.terrain, t.id, "terrain of {}", hx.code);
    }
    let json = serde_json::to_value(&board).expect("serializes");
    assert_eq!(json["units"][0]["at"], "0102");
    assert_eq!(json["units"][0]["seat"], 0);
    assert_eq!(json["units"][0]["unit_type"], "knight");
    assert_eq!(json["units"][0]["status"], "fresh");
    assert_eq!(json["units"][2]["seat"], 1);
    assert_eq!(json["units"][2]["label"], "a3");
    play(&mut g, &["activate 1"]);
    let obs = g.observe(Viewer::Spectator);
    assert_eq!(obs.board, g.board());
    assert_eq!(obs.board.units[0].status, Status::Activated);
    assert_eq!(obs.board.units[0].health, obs.units[0].health);
}

/// A destroyed unit leaves the board but stays in the unit list.
#[test]
fn board_leaves_out_destroyed_units() {
    let s = sc(
        &[("knight", "0102")],
        &[("archer", "0202"), ("pikeman", "0604")],
    );
    let mut g = s.game();
    assert_eq!(g.board().units.len(), 3);
    play(&mut g, &["activate 1", "hold 1", "attack 1 2", "roll 6 1"]);
    let obs = g.observe(Viewer::Spectator);
    assert!(!obs.units[1].alive);
    assert_eq!(obs.units.len(), 3);
    let on_map: Vec<_> = obs.board.units.iter().map(|u| u.label.as_str()).collect();
    assert_eq!(on_map, ["K1", "p3"]);
}
