//! What players see: the terminal view, the scenario preview and the observation.

use crate::support::{content, play, sc};
use gridwright_engine::{Game, Seat, Viewer};
use gridwright_grid_battles::{GridBattles, Phase, Status, preview, render};

#[test]
fn render_shows_map_units_and_turn() {
    let s = sc(
        &[("knight", "0102"), ("pikeman", "0004")],
        &[("archer", "0202")],
    );
    let mut g = s.game();
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
