//! Determinism with threads on games with chance and hidden information, and the search
//! report as the CLI and the server use it.

use crate::common::{Evaluated, with_evaluation};
use gridwright_agents::{MctsConfig, SearchReport};
use gridwright_engine::{Game, Rng, Seat, SeatView, Turn};
use gridwright_grid_battles::{Content, GridBattles};

fn skirmish() -> GridBattles {
    GridBattles::new(&Content::builtin().unwrap().config("skirmish").unwrap()).unwrap()
}

fn without_time<A: Clone>(r: &SearchReport<A>) -> SearchReport<A> {
    SearchReport {
        elapsed_ms: 0.0,
        ..r.clone()
    }
}

/// Searches `g` for `seat` twice with the same seed; asserts the reports agree but for the
/// time taken, and returns one.
fn search_twice<G: Evaluated>(
    g: &G,
    seat: Seat,
    config: MctsConfig,
    what: &str,
) -> SearchReport<G::Action> {
    let m = with_evaluation::<G>(config);
    let threads = m.config().threads;
    let a = m.search(&SeatView::new(g, seat), &mut Rng::seed_from_u64(3));
    let b = m.search(&SeatView::new(g, seat), &mut Rng::seed_from_u64(3));
    assert_eq!(
        without_time(&a),
        without_time(&b),
        "{what}, {threads} threads"
    );
    a
}

#[test]
fn fixed_seed_and_thread_count_fix_the_search_with_chance_and_hidden_information() {
    let gb = skirmish();
    let Turn::Seat(s) = gb.turn() else { panic!() };
    let cc_config = gridwright_command_core::Content::builtin()
        .unwrap()
        .config("duel")
        .unwrap();
    let mut cc = gridwright_command_core::CommandCore::new(&cc_config).unwrap();
    // Past the opening chance node (who chooses the placement order).
    let mut out = Vec::new();
    cc.chance_outcomes(&mut out);
    cc.step(
        gridwright_engine::Actor::Chance,
        out[0].0,
        &mut gridwright_engine::Events::disabled(),
    );
    let Turn::Seat(cs) = cc.turn() else { panic!() };
    for threads in [1, 2] {
        let config = MctsConfig {
            iterations: Some(400),
            threads,
            ..MctsConfig::default()
        };
        search_twice(&gb, s, config.clone(), "grid battles");
        let a = search_twice(&cc, cs, config, "command core");
        assert_eq!(a.iterations, 400);
    }
}

#[test]
fn the_report_serializes_with_actions_values_and_the_principal_line() {
    let gb = skirmish();
    let Turn::Seat(s) = gb.turn() else { panic!() };
    let m = with_evaluation::<GridBattles>(MctsConfig {
        iterations: Some(300),
        ..MctsConfig::default()
    });
    let r = m.search(&SeatView::new(&gb, s), &mut Rng::seed_from_u64(1));
    assert_eq!(r.seat, s);
    assert_eq!(r.actions.len(), gb.legal_actions_vec(s).len());
    let json = serde_json::to_value(&r).unwrap();
    assert_eq!(json["iterations"], 300);
    let first = &json["actions"][0];
    for key in ["action", "text", "visits", "value", "policy"] {
        assert!(first.get(key).is_some(), "{key} missing in {first}");
    }
    assert_eq!(json["principal_line"][0]["text"], json["chosen_text"]);
    assert!(!r.to_text().is_empty());
    let _: Seat = serde_json::from_value(json["seat"].clone()).unwrap();
}
