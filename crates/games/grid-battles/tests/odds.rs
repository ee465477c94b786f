//! Exact combat odds.

use crate::support::{against_bold_pikeman, content, id, play, sc, total};
use gridwright_engine::dice::Ratio;
use gridwright_grid_battles::{Action, attack_odds, attack_preview, unit_matchup_odds};

/// Decision file: a Knight (red) attacking an Archer (brown) with the advantage expects
/// exactly 5/3 hits.
#[test]
fn knight_attacking_archer_with_advantage_expects_five_thirds() {
    let odds = unit_matchup_odds(content(), "knight", "archer").expect("odds");
    assert!(odds.advantage);
    assert_eq!(odds.expected, Ratio::new(5, 3));
    assert_eq!(total(&odds.hits), Ratio::ONE);
}

/// Every matchup is a distribution, and the bonus follows the bonus table.
#[test]
fn matchup_odds_follow_the_bonus_table() {
    let c = content();
    for a in c.unit_names() {
        for d in c.unit_names() {
            let odds = unit_matchup_odds(c, &a, &d).expect("odds");
            assert_eq!(total(&odds.hits), Ratio::ONE);
            let expect = matches!(
                (a.as_str(), d.as_str()),
                ("archer", "pikeman") | ("pikeman", "knight") | ("knight", "archer")
            );
            assert_eq!(odds.advantage, expect, "{a} vs {d}");
        }
    }
    assert!(unit_matchup_odds(c, "knight", "dragon").is_err());
}

/// The attack preview shows stats, bonus, boldness and exact outcome odds, and the
/// counterattack when the defender is bold.
#[test]
fn attack_preview_shows_exact_odds_and_counterattack() {
    let s = against_bold_pikeman(&[("knight", "0102"), ("pikeman", "0004")]);
    let mut g = s.game();
    play(&mut g, &["activate 1", "hold 1"]);
    let attack = Action::Attack {
        unit: id(1),
        target: id(3),
    };
    let odds = attack_odds(&g, id(1), id(3)).expect("odds");
    assert!(odds.defender_bold && !odds.advantage);
    let counter = odds.counter.as_ref().expect("bold defender strikes back");
    assert!(
        counter.advantage,
        "infantry beats mounted on the counterattack"
    );
    assert_eq!(counter.happens, Ratio::ONE - odds.destroyed);
    assert_eq!(total(&odds.damage), Ratio::ONE);
    assert_eq!(total(&counter.damage), Ratio::ONE);
    let text = attack_preview(&g, &attack).expect("preview");
    for needle in [
        "Attacker",
        "Defender",
        "red",
        "grey",
        "bold",
        "strikes back",
        "≈",
    ] {
        assert!(text.contains(needle), "missing {needle:?} in\n{text}");
    }
    assert!(attack_preview(&g, &Action::Done).is_none());
}

/// Damage is capped by the defender's health: the kill probability is P(hits ≥ health).
#[test]
fn attack_odds_cap_damage_at_health() {
    let s = sc(&[("knight", "0102")], &[("archer", "0202")]);
    let mut g = s.game();
    play(&mut g, &["activate 1", "hold 1"]);
    let odds = attack_odds(&g, id(1), id(2)).expect("odds");
    let kill: Ratio = odds
        .hits
        .iter()
        .filter(|(h, _)| *h >= 4)
        .map(|(_, p)| *p)
        .sum();
    assert_eq!(odds.destroyed, kill);
    assert!(odds.damage.iter().all(|(h, _)| *h <= 4));
    assert!(odds.counter.is_none());
}
