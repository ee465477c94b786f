//! One test per rule. Dice faces (1-based) used below, from `content/grid-battles/dice.toml`:
//! red 1 = bonus, 2 = sword, 6 = four swords; blue 2 = sword, 5 = two swords + bonus;
//! yellow 1 = bonus, 2 = sword; brown/grey/black 1 = blank; grey 2 = shield; black 2 = shield,
//! black 6 = three shields.

use crate::support::{
    against_bold_pikeman, any_event, check, check_attack, counterattacked, id, is_legal, legal,
    play, sc,
};
use gridwright_engine::geom::{Hex, LineStep, line_steps};
use gridwright_engine::{Actor, Events, Game, Seat, Turn};
use gridwright_grid_battles::{
    Action, CombatRoll, Content, EndReason, Event, GridBattles, Phase, Status, parse_action_text,
};

fn health(g: &GridBattles, n: u32) -> u8 {
    g.unit_view(id(n)).expect("unit").health
}

fn status(g: &GridBattles, n: u32) -> Status {
    g.unit_view(id(n)).expect("unit").status
}

fn hex(code: &str) -> Hex {
    Hex::parse_code(code).expect("hex code")
}

// ----- Activation, fatigue, passing, rounds (seed: "Basic Game Overview") -----

/// Seed, "Basic Game Overview" (Activation): a side activates K units, or all its fresh units
/// if it has fewer.
#[test]
fn activate_min_k_fresh() {
    let s = sc(
        &[
            ("pikeman", "0001"),
            ("pikeman", "0003"),
            ("pikeman", "0004"),
        ],
        &[("pikeman", "0601")],
    )
    .k(2);
    let mut g = s.game();
    assert_eq!(g.phase(), Phase::Activation { remaining: 2 });
    play(&mut g, &["activate 1"]);
    assert_eq!(g.phase(), Phase::Activation { remaining: 1 });
    play(&mut g, &["activate 2"]);
    assert_eq!(g.phase(), Phase::Movement);
    // P2 has one unit: it activates one, not two.
    play(&mut g, &["done"]);
    assert_eq!(g.active_side(), Seat::new(1));
    assert_eq!(g.phase(), Phase::Activation { remaining: 1 });
    // P1 has one fresh unit left.
    play(&mut g, &["activate 4", "done"]);
    assert_eq!(g.active_side(), Seat::new(0));
    assert_eq!(g.phase(), Phase::Activation { remaining: 1 });
    assert_eq!(legal(&g), ["activate 3"]);
}

/// Seed, "Basic Game Overview": only fresh units can be activated, and nothing moves until
/// the activations are done (docs/rules: activation order does not matter, the set does).
#[test]
fn only_fresh_units_can_be_activated() {
    let s = sc(
        &[("pikeman", "0001"), ("pikeman", "0003")],
        &[("pikeman", "0601")],
    )
    .k(2);
    check(&s, &["activate 2"], |g, _| {
        assert_eq!(
            legal(g),
            ["activate 1"],
            "no moves before every activation is made"
        );
    });
}

/// Seed, "Basic Game Overview": at the end of a turn the activated units become fatigued.
#[test]
fn activated_units_become_fatigued() {
    let s = sc(
        &[("pikeman", "0001"), ("pikeman", "0003")],
        &[("pikeman", "0601"), ("pikeman", "0603")],
    );
    check(&s, &["activate 1", "done"], |g, events| {
        assert_eq!(status(g, 1), Status::Fatigued);
        assert_eq!(status(g, 2), Status::Fresh);
        assert!(events.contains(&Event::TurnEnded { side: Seat::new(0) }));
    });
    check(&s, &["activate 1", "done", "activate 3", "done"], |g, _| {
        assert_eq!(
            legal(g),
            ["activate 2"],
            "a fatigued unit cannot be activated"
        );
    });
}

/// Seed, "Basic Game Overview"; decision file: a side with no fresh unit passes and the other
/// side plays on.
#[test]
fn side_without_fresh_units_passes() {
    let s = sc(
        &[
            ("pikeman", "0001"),
            ("pikeman", "0003"),
            ("pikeman", "0004"),
        ],
        &[("pikeman", "0601")],
    );
    check(
        &s,
        &[
            "activate 1",
            "done",
            "activate 4",
            "done",
            "activate 2",
            "done",
        ],
        |g, events| {
            assert!(events.contains(&Event::Passed { side: Seat::new(1) }));
            assert_eq!(g.active_side(), Seat::new(0));
            assert_eq!(g.round(), 1);
            assert_eq!(legal(g), ["activate 3"]);
        },
    );
}

/// Seed, "Basic Game Overview": when neither side has a fresh unit the round ends and every
/// unit is fresh again; decision file: the side that did not start it starts the next.
#[test]
fn round_ends_when_no_fresh_units() {
    let s = sc(
        &[("pikeman", "0001"), ("knight", "0003")],
        &[("pikeman", "0601")],
    );
    let script = [
        "activate 1",
        "move 1 0101",
        "activate 3",
        "done",
        "activate 2",
        "done",
    ];
    check(&s, &script, |g, events| {
        assert!(events.contains(&Event::RoundEnded { round: 1 }));
        assert!(events.contains(&Event::RoundStarted {
            round: 2,
            first: Seat::new(1)
        }));
        assert_eq!(g.round(), 2);
        assert_eq!(
            g.active_side(),
            Seat::new(1),
            "P1 started round 1, so P2 starts round 2"
        );
        for n in 1..=3 {
            assert_eq!(status(g, n), Status::Fresh);
        }
        let moved = g.unit_view(id(1)).expect("unit");
        assert_eq!(moved.mp_left, moved.movement, "movement points are reset");
    });
}

/// Decision file: the round limit ends the game; equal victory points are a draw.
#[test]
fn round_limit_ends_in_draw_on_equal_vp() {
    let s = sc(&[("pikeman", "0001")], &[("pikeman", "0601")]).rounds(1);
    check(&s, &["activate 1", "done", "activate 2", "done"], |g, _| {
        assert_eq!(
            g.phase(),
            Phase::Over {
                winner: None,
                reason: EndReason::RoundLimit
            }
        );
        assert_eq!(g.returns(), [0.0, 0.0]);
        assert_eq!(g.turn(), Turn::Terminal);
    });
}

/// Decision file: at the round limit the side with more victory points wins.
#[test]
fn round_limit_more_vp_wins() {
    let s = sc(
        &[("knight", "0102"), ("pikeman", "0004")],
        &[("archer", "0202"), ("pikeman", "0604")],
    )
    .rounds(1)
    .vp(2);
    let script = [
        "activate 1",
        "hold 1",
        "attack 1 3",
        "roll 6 1",
        "activate 4",
        "done",
        "activate 2",
        "done",
    ];
    check(&s, &script, |g, _| {
        assert_eq!(g.vp().as_slice(), [1, 0]);
        assert_eq!(
            g.phase(),
            Phase::Over {
                winner: Some(Seat::new(0)),
                reason: EndReason::RoundLimit
            }
        );
        assert_eq!(g.returns(), [1.0, -1.0]);
    });
}

/// Seed, "Basic Game Overview" (last paragraph): the game ends the moment the victory
/// condition holds, even with attacks left in the turn.
#[test]
fn game_ends_immediately_on_victory() {
    let s = sc(
        &[("knight", "0102"), ("archer", "0002")],
        &[("archer", "0202"), ("pikeman", "0302")],
    )
    .k(2)
    .vp(1);
    let script = ["activate 1", "activate 2", "done", "attack 1 3", "roll 6 1"];
    check(&s, &script, |g, events| {
        assert!(g.is_terminal());
        assert_eq!(
            g.phase(),
            Phase::Over {
                winner: Some(Seat::new(0)),
                reason: EndReason::Victory
            }
        );
        assert!(
            !g.unit_view(id(2)).expect("unit").attacked,
            "the archer never got to shoot"
        );
        assert!(matches!(events.last(), Some(Event::GameOver { .. })));
        assert!(legal(g).is_empty());
    });
}

/// Decision file: "destroy-all" means destroying every enemy unit.
#[test]
fn destroy_all_needs_every_enemy_unit() {
    let s = sc(
        &[("knight", "0102")],
        &[("archer", "0202"), ("pikeman", "0604")],
    );
    check_attack(&s, &["attack 1 2", "roll 6 1"], |g, _| {
        assert_eq!(g.vp().as_slice(), [1, 0]);
        assert!(!g.is_terminal(), "one enemy unit is left");
    });
}

// ----- Movement (seed: "Movement", "Map") -----

/// Seed, "Map" and "Movement": a unit may not enter, end on, or pass through a hex holding
/// another unit, friend or foe.
#[test]
fn units_cannot_move_through_occupied_hexes() {
    // Unit 1 at 0002 is boxed in on three sides by friends; 0000 and 0100 lie behind them.
    let s = sc(
        &[
            ("pikeman", "0002"),
            ("pikeman", "0001"),
            ("pikeman", "0101"),
            ("pikeman", "0102"),
        ],
        &[("pikeman", "0604")],
    );
    check(&s, &["activate 1"], |g, _| {
        assert!(!is_legal(g, "move 1 0001"), "occupied");
        assert!(!is_legal(g, "move 1 0000"), "only reachable through 0001");
        assert!(
            !is_legal(g, "move 1 0100"),
            "only reachable through occupied hexes"
        );
        assert!(is_legal(g, "move 1 0003"));
        assert!(is_legal(g, "move 1 0004"));
    });
}

/// Seed, "Movement": a unit moves as far as its movement points pay for (1 per hex here).
#[test]
fn movement_points_limit_distance() {
    let s = sc(
        &[("pikeman", "0000"), ("knight", "0600")],
        &[("archer", "0604")],
    )
    .k(2);
    check(&s, &["activate 1", "activate 2"], |g, _| {
        assert!(is_legal(g, "move 1 0002"), "pikeman: 2 movement points");
        assert!(!is_legal(g, "move 1 0003"));
        assert!(is_legal(g, "move 2 0603"), "knight: 3 movement points");
        assert!(!is_legal(g, "move 2 0604"), "occupied");
    });
}

/// Seed, "Movement": entering a hex costs its terrain's movement points (1 everywhere in the
/// shipped rules; a designer may change it in rules.toml).
#[test]
fn movement_pays_terrain_entry_cost() {
    let rules = include_str!("../../../../content/grid-battles/rules.toml").replace(
        "id = \"woods\"\nletter = \"w\"\nglyph = \"♣\"\ncost = 1",
        "id = \"woods\"\nletter = \"w\"\nglyph = \"♣\"\ncost = 2",
    );
    assert!(
        rules.contains("cost = 2"),
        "the test edits the woods entry cost"
    );
    let content = Content::from_sources(
        include_str!("../../../../content/grid-battles/units.toml"),
        include_str!("../../../../content/grid-battles/dice.toml"),
        &rules,
        Vec::new(),
    )
    .expect("valid content");
    let s = sc(&[("pikeman", "0002")], &[("pikeman", "0604")]).terrain("woods", &["0003"]);
    let config = content
        .scenario_from_toml("woods", "woods.toml", &s.toml())
        .expect("valid scenario");
    let mut g = GridBattles::new(&config).expect("game");
    play(&mut g, &["activate 1"]);
    assert!(is_legal(&g, "move 1 0003"), "woods cost 2 of 2 points");
    assert!(
        !is_legal(&g, "move 1 0004"),
        "through the woods would cost 3"
    );
    let events = play(&mut g, &["move 1 0003"]);
    assert!(events.contains(&Event::Moved {
        unit: id(1),
        from: hex("0002"),
        to: hex("0003"),
        cost: 2
    }));
}

/// Seed, "Movement" (one unit's movement is completed before another's begins); docs/rules: a
/// move is the unit's whole movement and its unspent points are lost.
#[test]
fn a_move_is_the_whole_movement() {
    let s = sc(
        &[("knight", "0000"), ("pikeman", "0004")],
        &[("archer", "0604")],
    )
    .k(2);
    check(&s, &["activate 1", "activate 2", "move 1 0001"], |g, _| {
        assert!(!is_legal(g, "move 1 0002"), "the knight's movement is over");
        assert!(!is_legal(g, "hold 1"));
        assert_eq!(g.unit_view(id(1)).expect("unit").mp_left, 0);
        assert!(is_legal(g, "move 2 0003"));
    });
}

/// docs/rules (Movement): `done` holds every activated unit that has not moved.
#[test]
fn done_in_movement_holds_the_rest() {
    let s = sc(
        &[("knight", "0000"), ("pikeman", "0004")],
        &[("archer", "0604")],
    )
    .k(2);
    check(&s, &["activate 1", "activate 2", "done"], |g, events| {
        assert!(events.contains(&Event::Held { unit: id(1) }));
        assert!(events.contains(&Event::Held { unit: id(2) }));
        assert_eq!(
            g.active_side(),
            Seat::new(1),
            "no attack possible: the turn ended"
        );
    });
}

/// Seed, "Basic Game Overview": only activated units move or attack.
#[test]
fn only_activated_units_move_and_attack() {
    let s = sc(
        &[("pikeman", "0102"), ("pikeman", "0004")],
        &[("pikeman", "0202")],
    );
    check(&s, &["activate 2"], |g, _| {
        assert!(!is_legal(g, "hold 1"));
        assert!(legal(g).iter().all(|a| !a.contains(" 1 ") && a != "hold 1"));
    });
    check(&s, &["activate 2", "done"], |g, _| {
        assert_eq!(
            g.active_side(),
            Seat::new(1),
            "unit 1 is adjacent but was not activated"
        );
    });
}

// ----- Attacks and line of sight (seed: "Units", "Line of Sight") -----

/// Seed, "Units" (Attack Type): melee units attack adjacent enemies only.
#[test]
fn melee_attack_only_against_adjacent() {
    let s = sc(
        &[("pikeman", "0102")],
        &[("pikeman", "0202"), ("pikeman", "0302")],
    );
    check_attack(&s, &[], |g, _| {
        assert!(is_legal(g, "attack 1 2"));
        assert!(!is_legal(g, "attack 1 3"), "two hexes away");
    });
}

/// Seed, "Line of Sight": a ranged attack needs a clear line; blocking terrain between the
/// hexes blocks it. (Enemy 3 stands adjacent so that the attack phase stays open.)
#[test]
fn ranged_attack_needs_clear_line_of_sight() {
    let mut open = sc(
        &[("archer", "0002")],
        &[("pikeman", "0005"), ("pikeman", "0102")],
    );
    open.height = 6;
    check_attack(&open, &[], |g, _| {
        assert!(is_legal(g, "attack 1 2"), "plain between: clear");
    });
    for terrain in ["woods", "hill"] {
        let blocked = open.clone().terrain(terrain, &["0004"]);
        check_attack(&blocked, &[], |g, _| {
            assert!(is_legal(g, "attack 1 3"));
            assert!(!is_legal(g, "attack 1 2"), "{terrain} between blocks sight");
        });
    }
}

/// Seed, "Line of Sight": any unit, friend or foe, between the hexes blocks the line.
#[test]
fn units_block_line_of_sight() {
    let friend = sc(
        &[("archer", "0001"), ("pikeman", "0002")],
        &[("pikeman", "0004"), ("pikeman", "0101")],
    );
    check_attack(&friend, &[], |g, _| {
        assert!(is_legal(g, "attack 1 4"));
        assert!(!is_legal(g, "attack 1 3"), "a friend in the way");
    });
    let foe = sc(
        &[("archer", "0001")],
        &[("pikeman", "0003"), ("pikeman", "0004")],
    );
    check_attack(&foe, &[], |g, _| {
        assert!(is_legal(g, "attack 1 2"), "the nearer enemy");
        assert!(!is_legal(g, "attack 1 3"), "an enemy in the way");
    });
}

/// Seed, "Line of Sight": the source and target hexes never block.
#[test]
fn source_and_target_hexes_do_not_block() {
    let s = sc(&[("archer", "0002")], &[("pikeman", "0004")]).terrain("woods", &["0002", "0004"]);
    check_attack(&s, &[], |g, _| {
        assert!(is_legal(g, "attack 1 2"));
    });
}

/// Seed, "Line of Sight": a line along the edge between two hexes is clear if either is.
#[test]
fn line_along_an_edge_is_clear_if_either_side_is() {
    // 0002 to 0202 runs exactly along the edge between 0101 and 0102.
    assert_eq!(
        line_steps(hex("0002"), hex("0202")),
        [LineStep::Edge(hex("0101"), hex("0102"))]
    );
    let one = sc(&[("archer", "0002")], &[("pikeman", "0202")]).terrain("woods", &["0101"]);
    check_attack(&one, &[], |g, _| {
        assert!(is_legal(g, "attack 1 2"), "0102 is clear");
    });
    let both = sc(
        &[("archer", "0002")],
        &[("pikeman", "0202"), ("pikeman", "0102")],
    )
    .terrain("woods", &["0101"]);
    check_attack(&both, &[], |g, _| {
        assert!(
            !is_legal(g, "attack 1 2"),
            "woods on one side, a unit on the other"
        );
        assert!(
            is_legal(g, "attack 1 3"),
            "the adjacent enemy is still a target"
        );
    });
}

/// Seed, "Line of Sight": a line that crosses a hex is blocked by it, even where it crosses an
/// edge at the edge's midpoint. Issue 10 point 15: from 0404 to 0003 the line crosses the
/// 0203/0204 edge at its midpoint at about 16°, through the inside of both hexes; the sampled
/// line used to call that a run along the edge and let the archer shoot past the woods.
#[test]
fn line_crossing_an_edge_midpoint_is_blocked_by_either_hex() {
    let mut open = sc(
        &[("archer", "0404")],
        &[("pikeman", "0003"), ("pikeman", "0405")],
    );
    (open.width, open.height) = (10, 10);
    check_attack(&open, &[], |g, _| {
        assert!(is_legal(g, "attack 1 2"), "nothing between: clear");
    });
    for woods in ["0203", "0204"] {
        let blocked = open.clone().terrain("woods", &[woods]);
        check_attack(&blocked, &[], |g, _| {
            assert!(is_legal(g, "attack 1 3"));
            assert!(!is_legal(g, "attack 1 2"), "woods at {woods} are crossed");
        });
    }
}

/// Decision file (Line of sight, corners): a line between centres touches a hex at a single
/// corner only from 5 hexes apart, so within an archer's range of 4 the corner reading never
/// decides a shot, and a line between two map hexes never enters an off-map hex.
#[test]
fn lines_within_archer_range_touch_no_corner_and_stay_on_the_map() {
    let map: Vec<Hex> = (0..10)
        .flat_map(|c| (0..10).map(move |r| Hex::from_offset(c, r)))
        .collect();
    let on_map = |h: Hex| {
        let (c, r) = h.to_offset();
        (0..10).contains(&c) && (0..10).contains(&r)
    };
    let mut corners_beyond_range = 0;
    for &a in &map {
        for &b in &map {
            for step in line_steps(a, b) {
                match step {
                    LineStep::Corner(_) if a.distance(b) <= 4 => {
                        panic!("{} to {} touches a corner", a.code(), b.code())
                    }
                    LineStep::Corner(_) => corners_beyond_range += 1,
                    LineStep::Hex(h) => assert!(on_map(h), "{} to {}", a.code(), b.code()),
                    LineStep::Edge(..) => {}
                }
            }
        }
    }
    assert!(corners_beyond_range > 0, "longer lines do touch corners");
}

/// Seed, "Line of Sight" (Range): range counts hexes to the target, target included.
#[test]
fn ranged_attack_limited_by_range() {
    let mut s = sc(
        &[("archer", "0000")],
        &[("pikeman", "0005"), ("pikeman", "0100")],
    );
    s.height = 6;
    check_attack(&s, &[], |g, _| {
        assert!(is_legal(g, "attack 1 3"));
        assert!(!is_legal(g, "attack 1 2"), "5 hexes: out of range 4");
    });
    let s = sc(&[("archer", "0000")], &[("pikeman", "0004")]);
    check_attack(&s, &[], |g, _| {
        assert!(is_legal(g, "attack 1 2"), "4 hexes: in range");
    });
}

/// Decision file: an archer may shoot an adjacent enemy.
#[test]
fn archer_may_shoot_adjacent() {
    let s = sc(&[("archer", "0002")], &[("pikeman", "0003")]);
    check_attack(&s, &[], |g, _| {
        assert!(is_legal(g, "attack 1 2"));
    });
}

/// Seed, "Basic Game Overview" (Attack): each activated unit attacks at most once a turn.
#[test]
fn each_activated_unit_attacks_at_most_once() {
    let s = sc(
        &[("pikeman", "0102")],
        &[("pikeman", "0202"), ("pikeman", "0103")],
    );
    check_attack(&s, &["attack 1 2", "roll 2 1"], |g, _| {
        assert_eq!(
            g.active_side(),
            Seat::new(1),
            "no attack left: the turn ended"
        );
        assert!(g.unit_view(id(1)).expect("unit").health > 0);
    });
}

/// docs/rules (Attacks): `done` ends the attack phase even with attacks available.
#[test]
fn attacking_is_optional() {
    let s = sc(&[("pikeman", "0102")], &[("pikeman", "0202")]);
    check_attack(&s, &["done"], |g, _| {
        assert_eq!(g.active_side(), Seat::new(1));
        assert_eq!(health(g, 2), 4);
    });
}

// ----- Combat (seed: "Combat Resolution", "Dice", "Attack Bonus Table") -----

/// Seed, "Attack Bonus Table" and "Dice": bonus symbols count only when the attacker's base
/// type has the advantage over the defender's.
#[test]
fn bonus_applies_only_with_advantage() {
    // Knight (mounted) against archer (missile): advantage. Red face 1 is one bonus symbol.
    let s = sc(&[("knight", "0102")], &[("archer", "0202")]);
    check_attack(&s, &["attack 1 2", "roll 1 1"], |g, _| {
        assert_eq!(health(g, 2), 3, "the bonus symbol is a hit");
    });
    // Archer (missile) against knight (mounted): no advantage. Yellow face 1 is one bonus.
    let s = sc(&[("archer", "0102")], &[("knight", "0202")]);
    check_attack(&s, &["attack 1 2", "roll 1 1"], |g, events| {
        assert_eq!(health(g, 2), 3, "the bonus symbol does not count");
        assert!(any_event!(
            events,
            Event::Rolled {
                bonus: 1,
                advantage: false,
                hits: 0,
                ..
            }
        ));
    });
}

/// Seed, "Combat Resolution" step 3: hits = swords + bonus (with advantage) − shields.
#[test]
fn hits_are_swords_plus_bonus_minus_shields() {
    // Pikeman (infantry) against knight (mounted): advantage. Blue 5 = 2 swords + bonus,
    // black 2 = one shield: 2 + 1 − 1 = 2.
    let s = sc(&[("pikeman", "0102")], &[("knight", "0202")]);
    check_attack(&s, &["attack 1 2", "roll 5 2"], |g, events| {
        assert_eq!(health(g, 2), 1);
        assert!(any_event!(
            events,
            Event::Rolled {
                swords: 2,
                bonus: 1,
                advantage: true,
                shields: 1,
                hits: 2,
                ..
            }
        ));
    });
}

/// Seed, "Combat Resolution" step 3: more shields than hits means no hits, never negative.
#[test]
fn hits_never_negative() {
    // Blue 2 = one sword against black 6 = three shields.
    let s = sc(&[("pikeman", "0102")], &[("knight", "0202")]);
    check_attack(&s, &["attack 1 2", "roll 2 6"], |g, events| {
        assert_eq!(health(g, 2), 3);
        assert!(any_event!(events, Event::Rolled { hits: 0, .. }));
    });
}

/// Seed, "Combat Resolution" step 4: a unit at zero health is removed and the other side
/// scores a victory point.
#[test]
fn destroyed_unit_is_removed_and_scores_for_the_other_side() {
    let s = sc(
        &[("knight", "0102")],
        &[("archer", "0202"), ("pikeman", "0604")],
    );
    check_attack(&s, &["attack 1 2", "roll 6 1"], |g, events| {
        assert_eq!(g.vp().as_slice(), [1, 0]);
        assert_eq!(g.unit_hex(id(2)), None);
        assert_eq!(g.unit_at(hex("0202")), None, "the hex is free");
        assert!(!g.unit_view(id(2)).expect("unit").alive);
        assert!(events.contains(&Event::Destroyed {
            unit: id(2),
            vp_to: Seat::new(0)
        }));
    });
}

/// Seed, "Bold Unit" and "Combat Resolution" step 5: a bold defender that survives a melee
/// attack strikes back at once, with the roles reversed.
#[test]
fn bold_defender_counterattacks_after_surviving_melee() {
    // P2's pikeman 2 at 0202 has friends at 0302 and 0201: bold.
    let s = against_bold_pikeman(&[("knight", "0102"), ("pikeman", "0004")]);
    let mut g = s.game();
    let events = play(&mut g, &["activate 1", "hold 1", "attack 1 3", "roll 2 1"]);
    assert!(any_event!(
        events,
        Event::AttackDeclared {
            defender_bold: true,
            ranged: false,
            ..
        }
    ));
    assert_eq!(health(&g, 3), 3);
    assert!(matches!(
        g.phase(),
        Phase::Combat {
            roll: CombatRoll::Counterattack,
            ..
        }
    ));
    assert_eq!(g.turn(), Turn::Chance);
    // Blue 2 = one sword against black 1 = blank.
    let events = play(&mut g, &["roll 2 1"]);
    assert!(any_event!(
        events,
        Event::Rolled {
            counterattack: true,
            hits: 1,
            ..
        }
    ));
    assert_eq!(health(&g, 1), 2, "the knight took the counterattack");
}

/// Seed, "Combat Resolution" step 5: an attacker destroyed by the counterattack gives the
/// victory point to the defending side; the bonus table applies with the roles swapped.
#[test]
fn counterattack_kill_gives_vp_to_defender() {
    let s = against_bold_pikeman(&[("knight", "0102"), ("pikeman", "0004")]);
    // Counterattack: blue 5 = 2 swords + bonus (infantry beats mounted) against black blank.
    check_attack(&s, &["attack 1 3", "roll 2 1", "roll 5 1"], |g, events| {
        assert_eq!(g.vp().as_slice(), [0, 1]);
        assert!(!g.unit_view(id(1)).expect("unit").alive);
        assert!(events.contains(&Event::Destroyed {
            unit: id(1),
            vp_to: Seat::new(1)
        }));
        assert_eq!(g.active_side(), Seat::new(1), "P1's attack phase is over");
    });
}

/// docs/rules (The counterattack), seed "Bold Unit" ("melee combat"): a ranged attack is never
/// answered, even by a bold defender, even at an adjacent target.
#[test]
fn no_counterattack_after_ranged_attack() {
    let s = against_bold_pikeman(&[("archer", "0102"), ("pikeman", "0004")]);
    check_attack(&s, &["attack 1 3", "roll 2 1"], |g, events| {
        assert!(any_event!(
            events,
            Event::AttackDeclared {
                defender_bold: true,
                ranged: true,
                ..
            }
        ));
        assert!(!counterattacked(events));
        assert_eq!(health(g, 1), 4);
        assert_eq!(g.active_side(), Seat::new(1));
    });
}

/// Seed, "Bold Unit": a defender with fewer than two friends adjacent is not bold and does
/// not strike back.
#[test]
fn no_counterattack_from_a_defender_that_is_not_bold() {
    let s = sc(
        &[("knight", "0102"), ("pikeman", "0004")],
        &[("pikeman", "0202"), ("pikeman", "0302")],
    );
    check_attack(&s, &["attack 1 3", "roll 2 1"], |g, events| {
        assert!(!counterattacked(events));
        assert_eq!(health(g, 1), 3);
    });
}

/// Seed, "Combat Resolution" step 5 ("If Defender survives"): a destroyed defender does not
/// strike back.
#[test]
fn destroyed_defender_does_not_counterattack() {
    let s = sc(
        &[("knight", "0102"), ("pikeman", "0004")],
        &[("archer", "0202"), ("pikeman", "0302"), ("pikeman", "0201")],
    );
    check_attack(&s, &["attack 1 3", "roll 6 1"], |g, events| {
        assert!(!counterattacked(events));
        assert_eq!(g.vp().as_slice(), [1, 0]);
        assert_eq!(health(g, 1), 3);
    });
}

/// Seed, "Combat Resolution" step 6: the attacker's own boldness has no effect.
#[test]
fn attacker_boldness_has_no_effect() {
    let s = sc(
        &[("knight", "0102"), ("pikeman", "0002"), ("pikeman", "0003")],
        &[("pikeman", "0202")],
    );
    check_attack(&s, &["attack 1 4", "roll 2 1"], |g, events| {
        assert!(g.unit_view(id(1)).expect("unit").bold);
        assert!(!counterattacked(events));
    });
}

/// Seed, "Combat Resolution" steps 1–2: each roll is a chance node over (attack face, defence
/// face) pairs, one weight each.
#[test]
fn combat_roll_is_a_chance_node_over_face_pairs() {
    let s = sc(&[("knight", "0102")], &[("archer", "0202")]);
    check_attack(&s, &["attack 1 2"], |g, _| {
        assert_eq!(g.turn(), Turn::Chance);
        let mut out = Vec::new();
        g.chance_outcomes(&mut out);
        assert_eq!(out.len(), 36);
        assert!(out.iter().all(|(_, w)| *w == 1));
    });
}

// ----- Refusals -----

/// Style rule 2: an illegal action is refused with a reason and the state is unchanged.
#[test]
fn illegal_action_is_rejected_and_state_unchanged() {
    let s = sc(
        &[("pikeman", "0102"), ("pikeman", "0004")],
        &[("pikeman", "0302"), ("pikeman", "0202")],
    );
    let mut g = s.game();
    play(&mut g, &["activate 1", "hold 1"]);
    let before = g.clone();
    for (text, why) in [
        ("attack 1 3", "not adjacent"),
        ("attack 2 3", "not activated"),
        ("move 1 0101", "attack phase"),
        ("activate 2", "attack phase"),
        ("attack 1 9", "no unit"),
    ] {
        let a = parse_action_text(text).expect("parses");
        let err = g
            .apply(Actor::Seat(Seat::new(0)), a, &mut Events::recording())
            .expect_err(text);
        assert!(err.to_string().contains(why), "{text}: {err}");
        assert_eq!(g, before, "{text} changed the state");
    }
    let err = g
        .apply(
            Actor::Seat(Seat::new(1)),
            Action::Done,
            &mut Events::recording(),
        )
        .expect_err("out of turn");
    assert!(err.to_string().contains("P2"), "{err}");
    let roll = Action::Roll {
        attack_face: 0,
        defence_face: 0,
    };
    assert!(
        g.apply(Actor::Chance, roll, &mut Events::recording())
            .is_err()
    );
    assert_eq!(g, before);
}

/// The typed text form is what the render shows, and dice cannot be typed.
#[test]
fn text_actions_parse_and_dice_cannot_be_typed() {
    let s = sc(&[("pikeman", "0102")], &[("pikeman", "0302")]);
    let g = s.game();
    assert_eq!(
        g.parse_action(Seat::new(0), "  Activate   1 "),
        Ok(Action::Activate(id(1)))
    );
    assert!(g.parse_action(Seat::new(0), "roll 1 1").is_err());
    assert!(g.parse_action(Seat::new(0), "move 1 01").is_err());
}
