//! Terminal views: the board render hides what the viewer may not see, scenario previews, and
//! the exact odds shown before an attack.

use crate::common::{Table, content, p, single, test_config};
use gridwright_command_core::{Action, Phase, attack_preview, preview, render};
use gridwright_engine::{Game, Viewer};

#[test]
fn render_hides_unrevealed_programs_from_others() {
    let mut t = Table::deployed(&test_config("duel"), &["e5 s", "a1 n", "e7 n", "j10 s"]);
    t.draft(&[1, 3, 2, 4]);
    t.act(p(1), "program 1 hover").act(p(1), "program 1 wait1");
    let theirs = render(&t.game, Viewer::Seat(p(2)));
    assert!(
        !theirs.contains("card(s)"),
        "nothing of it, not a count:\n{theirs}"
    );
    t.act(p(1), "program 1 wait2").act(p(1), "leave 1");
    assert_eq!(t.phase(), Phase::Programming);
    let mine = render(&t.game, Viewer::Seat(p(1)));
    let theirs = render(&t.game, Viewer::Seat(p(2)));
    let public = render(&t.game, Viewer::Spectator);
    // Cards by their names (the test's wait cards are named like their ids).
    assert!(
        mine.contains("program: Hover, wait1, wait2, empty"),
        "{mine}"
    );
    assert!(
        !theirs.contains("Hover") && !public.contains("Hover"),
        "{theirs}"
    );
    assert!(!theirs.contains("face down"), "{theirs}");
    // Once every program is sealed, the counts are shown (the cards when each mech runs:
    // mech 1, number 1, is running now).
    t.program(&["", "wait1, -", "wait1, wait2, -", "wait1"]);
    let public = render(&t.game, Viewer::Spectator);
    assert!(public.contains("1 card(s) face down"), "{public}");
    assert!(public.contains("2 card(s) face down"), "{public}");
    assert!(
        public.contains("S1↓"),
        "P1's scout at e5 facing south:\n{public}"
    );
    assert!(
        public.contains("s3↑"),
        "P2's scout in lower case:\n{public}"
    );
}

#[test]
fn preview_shows_deployment_zones_and_chassis() {
    let text = preview(&content().config("duel").unwrap());
    assert!(text.contains("Duel (duel)"));
    assert!(text.contains("  1  1  1  1  1  1  1  1  1  1  1"), "{text}");
    assert!(text.contains(" 10  2  2  2  2  2  2  2  2  2  2"), "{text}");
    assert!(
        text.contains("weapon hammer (Hammer fist): attack 4, range 1–1, arcs front, delta -1")
    );
    assert!(
        text.contains("brace        ■ +2 green (before red: +3)"),
        "{text}"
    );
    let skirmish = preview(&content().config("skirmish").unwrap());
    assert!(skirmish.contains('*') && skirmish.contains("Titan"));
}

#[test]
fn attack_preview_gives_exact_odds() {
    let mut t = Table::deployed(&single("brawler", "scout"), &["e5 n", "e4 s"]);
    t.draft(&[2, 1])
        .program(&["wait1, wait2, wait3", "wait1, wait2, wait3"]);
    let fire = t.game.parse_action(p(1), "fire 1 hammer").unwrap();
    let text = attack_preview(&t.game, &fire).unwrap();
    // The weapon by its name, as players read it (not its id `hammer`).
    assert!(text.starts_with("Hammer fist: delta -1, pays "), "{text}");
    assert!(text.contains("1 unpaid (dice against itself)"), "{text}");
    assert_eq!(attack_preview(&t.game, &Action::HoldFire), None);
    t.act(p(1), "fire 1 hammer")
        .chance(Action::AttackDice { crits: 0, hits: 0 });
    let aim = t.game.parse_action(p(1), "aim at 2").unwrap();
    let text = attack_preview(&t.game, &aim).unwrap();
    assert!(
        text.starts_with(
            "Hammer fist at Wasp #2 (P2): 4 attack dice vs 1 armour (front arc) + 2 evade; "
        ),
        "{text}"
    );
}
