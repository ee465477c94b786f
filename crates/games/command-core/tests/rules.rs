//! One test per rule, named after it. Each cites the seed section (`004`, "…") or the
//! decisions file; `docs/rules/command-core.md` lists the interpretations.
//!
//! Duel layout used by most tests (mechs 1–2 are P1's scout and brawler, 3–4 P2's):
//! scouts face each other two squares apart in the middle, brawlers sit in far corners.

use crate::common::{Table, content, mech, open_field, p, single, test_config};
use gridwright_command_core::{
    Action, Card, EndReason, Event, Face, HomeEdge, Icon, Phase, Pos, Settlement, SlotCard,
    SlotStatus,
};
use gridwright_engine::geom::Dir8;
use gridwright_engine::{Actor, Game, Seat, Turn, Viewer};

const QUIET: &str = "wait1, wait2, wait3, wait4";

fn duel() -> Table {
    Table::deployed(&test_config("duel"), &["e5 s", "a1 n", "e7 n", "j10 s"])
}

fn pos(text: &str) -> Pos {
    Pos::parse(text).unwrap()
}

fn at(t: &Table, n: u8) -> (Pos, Dir8) {
    let v = t.view(n);
    (v.at.unwrap(), v.facing.unwrap())
}

fn chance_count(t: &Table) -> usize {
    let mut out = Vec::new();
    t.game.chance_outcomes(&mut out);
    out.len()
}

/// Whoever may reroll in `phase` keeps their dice.
fn keep_if(t: &mut Table, phase: Phase) {
    if t.phase() == phase {
        let Turn::Seat(s) = t.game.turn() else {
            panic!("no seat to act in {phase:?}")
        };
        t.act(s, "keep");
    }
}

/// Plays the dice of the current attack as given (skipping pools that are not rolled),
/// keeping every die (no rerolls).
fn dice(t: &mut Table, crits: u8, hits: u8, blocks: u8, evades: u8) {
    assert_eq!(t.phase(), Phase::AttackRoll);
    t.chance(Action::AttackDice { crits, hits });
    keep_if(t, Phase::AttackReroll);
    if t.phase() == Phase::ArmourRoll {
        t.chance(Action::ArmourDice { blocks });
    }
    if t.phase() == Phase::EvadeRoll {
        t.chance(Action::EvadeDice { evades });
    }
    keep_if(t, Phase::DefenceReroll);
}

/// The last delta of mech `n` and how it was settled.
fn delta_of(t: &Table, n: u8) -> (i16, Settlement) {
    t.events
        .iter()
        .rev()
        .find_map(|e| match e {
            Event::Delta {
                mech: m,
                delta,
                settlement,
                ..
            } if *m == mech(n) => Some((*delta, *settlement)),
            _ => None,
        })
        .unwrap()
}

/// The settlement of the last `Fired` event.
fn last_fired(t: &Table) -> Settlement {
    t.events
        .iter()
        .rev()
        .find_map(|e| match e {
            Event::Fired { settlement, .. } => Some(*settlement),
            _ => None,
        })
        .unwrap()
}

// ----- Setup (seed "Setup"; decisions "Board, mechs, facing") -----

/// One mech a side (`mechs`: P1's chassis, then P2's), deployed at `spots` and drafted with
/// `numbers` (`[1, 2]`: P1's mech acts first).
fn one_each(mechs: [&str; 2], spots: [&str; 2], numbers: [u8; 2]) -> Table {
    let mut t = Table::deployed(&single(mechs[0], mechs[1]), &spots);
    t.draft(&numbers);
    t
}

/// Mech 1 (`attacker`, at e5 facing south) fires `weapon` at mech 2 (`defender`, at e7 facing
/// south: the attacker stands in its rear arc), both programs quiet; the attack dice are next.
fn firing(attacker: &str, defender: &str, weapon: &str) -> Table {
    let mut t = one_each([attacker, defender], ["e5 s", "e7 s"], [2, 1]);
    t.program(&[QUIET, QUIET]);
    t.act(p(1), &format!("fire 1 {weapon} at 2"));
    t
}

/// `action` is illegal for `seat`, and the reason given for it says `why`.
fn assert_refused(t: &Table, seat: Seat, action: &Action, why: &str) {
    assert!(!t.game.is_legal(Actor::Seat(seat), action));
    let reason = t.game.explain_illegal(seat, action);
    assert!(reason.contains(why), "{reason}");
}

/// A random draw (a chance node, even odds) decides who chooses; the winner chooses to place
/// first or second.
#[test]
fn chooser_is_drawn_at_random_and_chooses_placement_order() {
    let mut t = Table::new(&content().config("duel").unwrap());
    let mut out = Vec::new();
    t.game.chance_outcomes(&mut out);
    assert_eq!(
        out,
        [(Action::Chooser(p(1)), 1), (Action::Chooser(p(2)), 1)]
    );
    t.chance(Action::Chooser(p(2)));
    assert_eq!(t.phase(), Phase::ChoosePlacementOrder { chooser: p(2) });
    t.act(p(2), "place second");
    assert_eq!(t.phase(), Phase::Deploy { seat: p(1) });
}

/// Mechs deploy within range 1 of the board edge: the outer row of the scenario's home edge,
/// or the whole outer ring when a side may use any edge.
#[test]
fn deployment_is_within_range_one_of_the_edge() {
    let legal = |scenario: &str| {
        let mut t = Table::new(&content().config(scenario).unwrap());
        t.chance(Action::Chooser(p(1))).act(p(1), "place first");
        t.game.legal_actions_vec(p(1))
    };
    let duel = legal("duel");
    assert_eq!(
        duel.len(),
        10 * 8 * 2,
        "ten squares of row 1, eight facings, two mechs"
    );
    assert!(
        duel.iter()
            .all(|a| matches!(a, Action::Deploy { at, .. } if at.y == 0))
    );
    assert_eq!(
        legal("skirmish").len(),
        44 * 8 * 3,
        "the outer ring of 12×12, eight facings, three mechs"
    );
    assert!(
        content()
            .config("skirmish")
            .unwrap()
            .sides
            .iter()
            .all(|s| s.home_edge == HomeEdge::Any)
    );
}

/// Players alternate placing one mech at a time; a player with none left waits while the
/// other finishes.
#[test]
fn players_alternate_deploying_one_mech_at_a_time() {
    let mut c = open_field("duel");
    c.sides[1].mechs.truncate(1);
    let mut t = Table::new(&c);
    t.chance(Action::Chooser(p(2))).act(p(2), "place first");
    t.act(p(2), "deploy 3 at e7 facing n");
    assert_eq!(t.phase(), Phase::Deploy { seat: p(1) });
    t.act(p(1), "deploy 1 at e5 facing s");
    assert_eq!(
        t.phase(),
        Phase::Deploy { seat: p(1) },
        "P2 has no mech left to place"
    );
    t.act(p(1), "deploy 2 at a1 facing n");
    assert!(matches!(t.phase(), Phase::Ordering { .. }));
    assert_eq!(at(&t, 3), (pos("e7"), Dir8::N));
}

// ----- Ordering (seed "Ordering"; decisions "Directives and programs") -----

/// The player who placed second drafts first in round 1, and the first drafter alternates.
#[test]
fn second_placer_drafts_first_and_first_drafter_alternates() {
    let mut t = duel();
    assert_eq!(t.phase(), Phase::Ordering { seat: p(2) });
    assert!(t.events.contains(&Event::RoundStarted {
        round: 1,
        first_drafter: p(2)
    }));
    // Numbers 1..=4 (four mechs on the board), any number onto any own unnumbered mech.
    let legal = t.game.legal_actions_vec(p(2));
    assert_eq!(legal.len(), 4 * 2);
    t.draft(&[1, 3, 2, 4]).program(&[QUIET; 4]);
    // Combat: only the scouts have targets; both hold fire.
    t.act(p(2), "hold fire").act(p(1), "hold fire");
    assert_eq!(t.game.round(), 2);
    assert_eq!(t.phase(), Phase::Ordering { seat: p(1) });
}

/// A player with no unnumbered mech passes; the other keeps drafting.
#[test]
fn player_without_unnumbered_mech_passes_in_the_draft() {
    let mut c = test_config("duel");
    c.sides[0].mechs = vec!["scout".into()];
    c.sides[1].mechs = vec!["scout".into(), "brawler".into(), "scout".into()];
    let mut t = Table::deployed(&c, &["e5 s", "e7 n", "j10 s", "a10 n"]);
    t.act(p(2), "assign 4 to 2").act(p(1), "assign 1 to 1");
    t.act(p(2), "assign 3 to 3");
    // P1 is due but has no unnumbered mech: it passes and P2 drafts again.
    assert!(t.events.contains(&Event::Passed { seat: p(1) }));
    assert_eq!(t.phase(), Phase::Ordering { seat: p(2) });
    assert_eq!(
        t.game.legal_actions_vec(p(2)).len(),
        1,
        "only number 2 is left"
    );
    t.act(p(2), "assign 2 to 4");
    assert_eq!(t.phase(), Phase::Programming);
}

// ----- Programming (seed "Programming"; decisions "Directives and programs") -----

/// Both players program at once: a simultaneous node over every seat that owes a program,
/// each seat building its mechs' programs one at a time in mech order.
#[test]
fn programming_is_simultaneous() {
    let mut t = duel();
    t.draft(&[1, 3, 2, 4]);
    assert_eq!(
        t.game.turn(),
        Turn::Simultaneous([p(1), p(2)].into_iter().collect())
    );
    t.program(&["", "", QUIET]);
    assert!(t.game.turn().includes(p(1)) && t.game.turn().includes(p(2)));
    t.program(&["", "", "", "wait1, -"]);
    assert_eq!(
        t.game.turn(),
        Turn::Simultaneous([p(1)].into_iter().collect())
    );
    // P1 programs mech 1 before mech 2.
    let early = t.game.parse_action(p(1), "program 2 wait1").unwrap();
    assert_refused(&t, p(1), &early, "mech 1 is next");
}

/// A program is built one slot at a time, front to back: each `program` step puts a card into
/// the mech's next slot, and the program is sealed (committed) when its slots are full.
#[test]
fn program_is_built_slot_by_slot_and_sealed_when_full() {
    let mut t = duel();
    t.draft(&[1, 3, 2, 4]);
    let mine = |t: &Table| t.observe(Viewer::Seat(p(1))).mechs[0].clone();
    for (k, card) in ["hover", "pivot/2", "wait1"].iter().enumerate() {
        t.act(p(1), &format!("program 1 {card}"));
        assert!(!mine(&t).committed, "not sealed after {} cards", k + 1);
        assert_eq!(mine(&t).draft_cards, Some(k as u8 + 1));
    }
    let program = mine(&t).program.unwrap();
    let slots: Vec<_> = program.slots().iter().map(|s| s.get()).collect();
    assert_eq!(
        slots[..3],
        [
            Some(SlotCard {
                card: 7,
                flipped: false
            }),
            Some(SlotCard {
                card: 4,
                flipped: true
            }),
            Some(SlotCard {
                card: 8,
                flipped: false
            }),
        ]
    );
    assert!(
        !t.events
            .iter()
            .any(|e| matches!(e, Event::Committed { .. }))
    );
    // The fourth card fills the scout's last slot: the program is sealed.
    t.act(p(1), "program 1 wait2");
    assert!(mine(&t).committed);
    assert_eq!(mine(&t).committed_cards, Some(4));
    assert_eq!(mine(&t).draft_cards, None);
    assert!(t.events.iter().any(|e| matches!(
        e,
        Event::Committed {
            mech: m,
            program,
        } if *m == mech(1) && program.cards() == 4
    )));
    // Mech 2 is next, with an empty draft.
    assert_eq!(t.observe(Viewer::Seat(p(1))).mechs[1].draft_cards, Some(0));
}

/// Each card at most once per program: a card already in a slot is not offered again, and
/// putting it in anyway is refused with the reason.
#[test]
fn a_card_cannot_be_used_twice_in_a_program() {
    let mut t = duel();
    t.draft(&[1, 3, 2, 4]);
    t.act(p(1), "program 1 dash");
    let texts = t.legal_texts(p(1));
    assert!(!texts.iter().any(|x| x == "program 1 dash"), "{texts:?}");
    assert!(texts.iter().any(|x| x == "program 1 step"));
    let again = t.game.parse_action(p(1), "program 1 dash").unwrap();
    assert_refused(&t, p(1), &again, "already in the program");
    // Only a split card has a second half.
    assert!(t.game.parse_action(p(1), "program 1 step/2").is_err());
}

/// Any slot may be left for the random fill (seed, "Execution": if too few cards were placed,
/// a random directive goes "in the unfilled slot"): `leave` leaves the next slot empty, so a
/// gap may come first or in the middle, and when the mech executes each empty slot, the first
/// one first, gets a random card while the cards placed keep their slots.
#[test]
fn any_slot_may_be_left_for_the_random_fill() {
    let mut t = one_each(["scout", "scout"], ["e5 n", "a10 n"], [1, 2]);
    // The scout has 4 slots: empty, wait1, empty, wait2.
    t.act(p(1), "leave 1")
        .act(p(1), "program 1 wait1")
        .act(p(1), "leave 1");
    let v = t.observe(Viewer::Seat(p(1))).mechs[0].clone();
    assert!(!v.committed, "two slots decided of four, one card");
    assert_eq!((v.draft_slots, v.draft_cards), (Some(3), Some(1)));
    t.act(p(1), "program 1 wait2");
    let v = t.observe(Viewer::Seat(p(1))).mechs[0].clone();
    assert!(v.committed, "every slot decided: sealed");
    let slots: Vec<Option<&str>> = v
        .program
        .unwrap()
        .slots()
        .iter()
        .take(4)
        .map(|s| s.get().map(|c| if c.card == 8 { "wait1" } else { "other" }))
        .collect();
    assert_eq!(slots[0], None);
    assert_eq!(slots[1], Some("wait1"));
    assert_eq!(slots[2], None);
    assert!(slots[3].is_some());
    t.program(&["", QUIET]);
    // Mech 1 executes first: slot 1 (the first unfilled) is filled, then slot 3.
    assert_eq!(
        t.phase(),
        Phase::Fill {
            mech: mech(1),
            slot: 0
        }
    );
    let fill = |t: &Table| {
        let mut out = Vec::new();
        t.game.chance_outcomes(&mut out);
        out[0].0
    };
    let f = fill(&t);
    t.chance(f);
    assert_eq!(
        t.phase(),
        Phase::Fill {
            mech: mech(1),
            slot: 2
        }
    );
}

/// Programming is simultaneous and hidden (seed, "Programming": cards placed face down):
/// until every program is sealed, the other seat and a spectator learn nothing of a seat's
/// programs, not how many cards a mech got nor whether it is sealed, in the observation, the
/// log or whose turn it is. Two P1s that program mech 1 in opposite ways (four cards; every
/// slot left empty) look exactly alike to them; once all are sealed, every count is shown at
/// once.
#[test]
fn the_other_seat_learns_nothing_of_a_program_until_all_are_sealed() {
    let play = |p1: &[&str]| {
        let mut t = duel();
        t.draft(&[1, 3, 2, 4]);
        let start = t.events.len();
        for step in p1 {
            t.act(p(1), step);
        }
        (t, start)
    };
    let (full, at) = play(&[
        "program 1 hover",
        "program 1 pivot/2",
        "program 1 wait1",
        "program 1 wait2",
    ]);
    let (empty, _) = play(&["leave 1", "leave 1", "leave 1", "leave 1"]);
    assert!(full.observe(Viewer::Seat(p(1))).mechs[0].committed);
    assert!(empty.observe(Viewer::Seat(p(1))).mechs[0].committed);
    for v in [Viewer::Seat(p(2)), Viewer::Spectator] {
        let seen = |t: &Table| serde_json::to_string(&t.observe(v)).unwrap();
        assert_eq!(seen(&full), seen(&empty), "{v}'s observation");
        let m = full.observe(v).mechs[0].clone();
        assert!(!m.committed && m.committed_cards.is_none() && m.draft_cards.is_none());
        assert!(m.program.is_none());
        let log = |t: &Table| -> Vec<Event> {
            t.events[at..]
                .iter()
                .filter_map(|e| t.game.redact_event(e, v))
                .collect()
        };
        assert_eq!(log(&full), log(&empty), "{v}'s log");
        assert!(
            log(&full).is_empty(),
            "{v} sees no event of P1's programming"
        );
    }
    assert_eq!(full.game.turn(), empty.game.turn());
    assert_eq!(
        full.game.legal_actions_vec(p(2)),
        empty.game.legal_actions_vec(p(2))
    );
    // Every program sealed: all counts at once, to everyone.
    let mut t = full;
    t.program(&["", "wait1, -", "wait1, wait2, -", QUIET]);
    let shown = t
        .events
        .iter()
        .find_map(|e| match t.game.redact_event(e, Viewer::Seat(p(2)))? {
            Event::ExecutionStarted { programs } => Some(programs),
            _ => None,
        })
        .unwrap();
    let counts: Vec<(u8, u8)> = shown.iter().map(|s| (s.mech.number(), s.cards)).collect();
    assert_eq!(counts, [(1, 4), (2, 1), (3, 2), (4, 4)]);
    for v in [Viewer::Seat(p(2)), Viewer::Spectator] {
        let o = t.observe(v);
        assert_eq!(o.mechs[0].committed_cards, Some(4));
        assert_eq!(o.mechs[1].committed_cards, Some(1));
    }
    // The steps themselves are hidden from the other seat.
    let mut t = duel();
    t.draft(&[1, 3, 2, 4]);
    let actor = gridwright_engine::Actor::Seat(p(1));
    for text in ["program 1 wait1", "leave 1"] {
        let step = t.game.parse_action(p(1), text).unwrap();
        assert!(!t.game.action_visible_to(actor, &step, Viewer::Seat(p(2))));
        assert!(t.game.action_visible_to(actor, &step, Viewer::Seat(p(1))));
    }
}

/// A program never holds more cards than its chassis has slots: it is sealed when they are
/// full, a program of the old whole-program form does not parse (text or JSON), and the legal
/// steps of a full program are none.
#[test]
fn program_cannot_hold_more_cards_than_slots() {
    let mut config = test_config("skirmish");
    config.sides[0].mechs = vec!["artillery".into()];
    config.sides[1].mechs = vec!["scout".into()];
    let mut t = Table::deployed(&config, &["e5 n", "a10 n"]);
    t.draft(&[1, 2]);
    t.act(p(1), "program 1 wait1")
        .act(p(1), "program 1 wait2")
        .act(p(1), "program 1 wait3");
    // Three slots: sealed, nothing more to play for P1.
    assert!(t.observe(Viewer::Seat(p(1))).mechs[0].committed);
    assert!(t.game.legal_actions_vec(p(1)).is_empty());
    let err = t
        .game
        .parse_action(p(1), "program 1: wait1, wait2")
        .unwrap_err();
    assert!(err.contains("one card at a time"), "{err}");
    let whole = r#"{"program":{"mech":0,"program":[{"card":1}]}}"#;
    assert!(serde_json::from_str::<Action>(whole).is_err());
    let step = r#"{"program":{"mech":0,"card":{"card":1,"flipped":false}}}"#;
    assert!(serde_json::from_str::<Action>(step).is_ok());
    // A card the chassis does not have is refused with the reason, and its text does not panic.
    let mut t = duel();
    t.draft(&[1, 3, 2, 4]);
    let hostile: Action =
        serde_json::from_str(r#"{"program":{"mech":0,"card":{"card":200,"flipped":true}}}"#)
            .unwrap();
    assert_refused(&t, p(1), &hostile, "has 12 directives");
    assert_eq!(t.game.action_text(&hostile), "program 1 #200");
}

// ----- Execution (seed "Execution", "Executing a Directive", "Moving the Mech") -----

/// Mechs execute from the lowest number up, each program revealed (a public event) just as
/// its mech starts.
#[test]
fn execution_runs_from_the_lowest_number_up_revealing_each_program() {
    let mut t = duel();
    t.draft(&[1, 3, 2, 4]).program(&[QUIET; 4]);
    let revealed: Vec<u8> = t
        .events
        .iter()
        .filter_map(|e| match e {
            Event::Revealed { mech, .. } => Some(mech.number()),
            _ => None,
        })
        .collect();
    assert_eq!(revealed, [1, 3, 2, 4]);
}

/// Arrows move the mech relative to its facing: forward along it, left and right a quarter
/// turn from it (the facing is kept), back against it.
#[test]
fn moves_are_relative_to_facing() {
    let mut t = one_each(["scout", "scout"], ["e5 e", "a10 n"], [1, 2]);
    t.program(&["step, sidestep/1, wait1", QUIET]);
    // Facing east: forward is east (f5), left is north (f4).
    assert_eq!(at(&t, 1), (pos("f4"), Dir8::E));
    let mut t = one_each(["scout", "scout"], ["e5 ne", "a10 n"], [1, 2]);
    t.program(&["backpedal, sidestep/2, wait1", QUIET]);
    // Facing north-east: back is south-west (d6), right is south-east (e7).
    assert_eq!(at(&t, 1), (pos("e7"), Dir8::NE));
}

/// Turn icons rotate the mech in place by 45° or 90°.
#[test]
fn turns_rotate_45_or_90_degrees() {
    let mut t = one_each(["scout", "scout"], ["e5 e", "a10 n"], [1, 2]);
    t.program(&["pivot/2, veer/1, wait1", QUIET]);
    // pivot right 90°: E → S; veer/1: forward (e6) then left 45°: S → SE.
    assert_eq!(at(&t, 1), (pos("e6"), Dir8::SE));
    assert!(t.events.contains(&Event::Turned {
        mech: mech(1),
        facing: Dir8::S
    }));
}

/// A split card executes the half on top: `/1` upright, `/2` turned around.
#[test]
fn split_card_executes_top_half() {
    let mut t = one_each(["scout", "scout"], ["e5 n", "e8 n"], [1, 2]);
    t.program(&["sidestep/2, wait1, wait2", "sidestep/1, wait1, wait2"]);
    assert_eq!(at(&t, 1).0, pos("f5"), "second half: right");
    assert_eq!(at(&t, 2).0, pos("d8"), "first half: left");
}

/// An icon that cannot be done (off the board, or into another mech) stops the mech: the
/// rest of that card and every later card are not executed.
#[test]
fn impossible_move_stops_the_mech() {
    let mut t = one_each(["scout", "scout"], ["b1 n", "b3 n"], [1, 2]);
    t.program(&["sidestep/1, step, pivot/1", "step, dash, wait1"]);
    // Mech 1: left to a1, then forward off the board: stopped; pivot/1 never runs.
    assert_eq!(at(&t, 1).0, pos("a1"));
    assert!(t.events.contains(&Event::Stopped {
        mech: mech(1),
        slot: 1,
        icon: Icon::Forward,
        off_board: true
    }));
    let statuses: Vec<[SlotStatus; 4]> = t
        .events
        .iter()
        .filter_map(|e| match e {
            Event::Delta { status, .. } => Some(*status),
            _ => None,
        })
        .collect();
    assert_eq!(
        statuses[0][..3],
        [
            SlotStatus::Completed,
            SlotStatus::Incomplete,
            SlotStatus::Unexecuted
        ]
    );
    // Into another mech: a scout facing a mech one square ahead cannot step.
    let mut t = one_each(["scout", "scout"], ["e5 s", "e6 n"], [1, 2]);
    t.program(&["step, wait1, wait2", QUIET]);
    assert_eq!(at(&t, 1).0, pos("e5"));
    assert!(t.events.contains(&Event::Stopped {
        mech: mech(1),
        slot: 0,
        icon: Icon::Forward,
        off_board: false
    }));
}

/// Each empty slot is filled, when the mech executes, with a random unused undepleted
/// directive in a random orientation: a chance node where every card is equally likely and
/// a split card is equally likely either way up. The fill is logged.
#[test]
fn empty_slots_filled_randomly() {
    let mut t = one_each(["scout", "scout"], ["e5 n", "a10 n"], [1, 2]);
    t.program(&["wait1, -", QUIET]);
    assert_eq!(
        t.phase(),
        Phase::Fill {
            mech: mech(1),
            slot: 1
        }
    );
    let mut out = Vec::new();
    t.game.chance_outcomes(&mut out);
    // Eleven unused cards (twelve less wait1); three are split.
    assert_eq!(out.len(), 11 + 3);
    let total: u32 = out.iter().map(|(_, w)| w).sum();
    assert_eq!(total, 2 * 11, "each card weighs the same");
    let card = |card: u8| SlotCard {
        card,
        flipped: false,
    };
    let hover = card(7);
    t.chance(Action::Fill {
        mech: mech(1),
        card: hover,
    });
    assert!(t.events.contains(&Event::Filled {
        mech: mech(1),
        slot: 1,
        card: hover
    }));
    // The other empty slots follow, in slot order: wait2 and wait3.
    assert_eq!(
        t.phase(),
        Phase::Fill {
            mech: mech(1),
            slot: 2
        }
    );
    for c in [9, 10] {
        t.chance(Action::Fill {
            mech: mech(1),
            card: card(c),
        });
    }
    // hover (+2) ran as the second card.
    assert_eq!(delta_of(&t, 1).0, 2);
}

// ----- Deltas, Surge and Flux (seed "Deltas", "Gaining & Losing Surge and Flux") -----

/// A combo's modified cost applies when the neighbouring slot holds a card of the required
/// colour on top.
#[test]
fn combo_uses_modified_cost_when_neighbour_colour_matches() {
    let mut t = one_each(["scout", "scout"], ["e8 n", "a10 n"], [1, 2]);
    // step (red, +1), veer/1 (0, but 1 after red), wait1: +2.
    // Mech 2: sidestep/1 (blue), veer/1 (0: previous is not red), wait1: 0.
    t.program(&["step, veer/1, wait1", "sidestep/2, veer/1, wait1"]);
    assert_eq!(delta_of(&t, 1).0, 2);
    assert_eq!(delta_of(&t, 2).0, 0);
}

/// A directive that was not completed adds its cost only if negative (a positive cost counts
/// as 0), and directives not executed add nothing.
#[test]
fn incomplete_directive_contributes_only_negative_cost() {
    let mut t = one_each(["scout", "scout"], ["a2 n", "j1 n"], [1, 2]);
    t.program(&["dash, hover, wait1", "step, hover, wait1"]);
    // Mech 1: dash (−1) stops after one square: −1 counts; hover (+2) never runs. Nothing to
    // pay it with: one die against itself.
    assert_eq!(at(&t, 1).0, pos("a1"));
    assert_eq!(
        t.phase(),
        Phase::SelfDamage {
            mech: mech(1),
            dice: 1
        }
    );
    t.chance(Action::AttackDice { crits: 0, hits: 0 });
    // Mech 2: step (+1) cannot leave the top row: 0; hover never runs.
    let deltas: Vec<(u8, i16)> = t
        .events
        .iter()
        .filter_map(|e| match e {
            Event::Delta { mech, delta, .. } => Some((mech.number(), *delta)),
            _ => None,
        })
        .collect();
    assert_eq!(deltas, [(1, -1), (2, 0)]);
}

/// A positive delta gains that much Surge.
#[test]
fn positive_delta_gains_surge() {
    let mut t = one_each(["scout", "scout"], ["e5 e", "a10 n"], [1, 2]);
    t.program(&["hover, pivot/1, lock-on", QUIET]);
    // +2 +1 +0; lock-on gains a targeting token.
    assert_eq!(delta_of(&t, 1).1.gained, 3);
    assert_eq!(t.view(1).tokens, 1);
    // Nobody had a target, so the round is over: the Surge is Flux now.
    assert_eq!(t.game.surge_flux(mech(1)), (0, 3));
}

/// A negative delta is paid from Flux first, then from Surge (a weapon's delta here, the one
/// payment a mech can make while holding Surge).
#[test]
fn negative_delta_pays_flux_before_surge() {
    let mut t = one_each(["brawler", "scout"], ["e5 n", "e4 s"], [2, 1]);
    t.program(&["brace, wait1, wait2", QUIET]);
    assert_eq!(t.game.surge_flux(mech(1)), (2, 0));
    t.act(p(1), "fire 1 hammer at 2");
    let s = last_fired(&t);
    assert_eq!(
        (s.flux, s.surge, s.unpaid),
        (0, 1, 0),
        "no Flux yet: Surge pays"
    );
    dice(&mut t, 0, 0, 0, 0);
    t.act(p(2), "hold fire");
    assert_eq!(
        t.game.surge_flux(mech(1)),
        (0, 1),
        "the Surge left became Flux"
    );
    t.draft(&[2, 1]).program(&["brace, wait1, wait2", QUIET]);
    t.act(p(1), "fire 1 hammer at 2");
    let s = last_fired(&t);
    assert_eq!((s.flux, s.surge, s.unpaid), (1, 0, 0), "Flux pays first");
    assert_eq!(t.game.surge_flux(mech(1)), (2, 0));
    // A directive delta is paid from Flux the same way.
    let mut t = one_each(["brawler", "scout"], ["e5 n", "a10 n"], [1, 2]);
    t.program(&["brace, advance, wheel/1", QUIET]);
    assert_eq!(
        t.game.surge_flux(mech(1)),
        (0, 4),
        "brace +3 before a red card, advance +1"
    );
    t.draft(&[1, 2])
        .program(&["charge, reverse, wheel/2", QUIET]);
    let paid = t.events.iter().rev().find_map(|e| match e {
        Event::Delta {
            mech: m,
            settlement,
            ..
        } if *m == mech(1) => Some(*settlement),
        _ => None,
    });
    let s = paid.unwrap();
    assert_eq!((s.flux, s.surge, s.unpaid), (3, 0, 0));
}

/// What cannot be paid is rolled as that many attack dice against the mech itself; hits and
/// crits apply as damage.
#[test]
fn unpaid_delta_rolls_attack_dice_against_self() {
    let mut t = one_each(["brawler", "scout"], ["e5 n", "a10 n"], [1, 2]);
    // charge (−2), grind/1 (−1), reverse (−1): −4 with no Flux or Surge.
    t.program(&["charge, grind/1, reverse", QUIET]);
    assert_eq!(
        t.phase(),
        Phase::SelfDamage {
            mech: mech(1),
            dice: 4
        }
    );
    assert_eq!(chance_count(&t), 15, "every (crits, hits) of four dice");
    t.chance(Action::AttackDice { crits: 0, hits: 2 });
    assert_eq!(t.game.structure(mech(1)), 7 - 2);
    assert!(t.events.contains(&Event::Damaged {
        mech: mech(1),
        amount: 2,
        structure: 5
    }));
}

/// Self-inflicted crits resolve too, with no targeting tokens: three cards revealed, the
/// owner depletes one.
#[test]
fn self_inflicted_crit_resolves_without_targeting_tokens() {
    let mut t = one_each(["brawler", "scout"], ["e5 n", "a10 n"], [1, 2]);
    t.program(&["charge, grind/1, reverse", QUIET]);
    t.chance(Action::AttackDice { crits: 1, hits: 0 });
    assert_eq!(t.phase(), Phase::CritReveal { mech: mech(1) });
    let mut out = Vec::new();
    t.game.chance_outcomes(&mut out);
    // Two weapons and eleven directives: C(13, 3) sets.
    assert_eq!(out.len(), 286);
    let reveal = out[0].0;
    t.chance(reveal);
    assert_eq!(t.phase(), Phase::CritDeplete { mech: mech(1) });
    assert_eq!(t.game.turn(), Turn::Seat(p(1)), "the owner chooses");
}

// ----- Combat (seed "Combat", "Attacking", "Rolling …", "Cancelling Results") -----

/// Mechs attack from the highest number down; a mech with no target is skipped.
#[test]
fn combat_runs_from_the_highest_number_down() {
    let mut t = duel();
    t.draft(&[1, 3, 2, 4]).program(&[QUIET; 4]);
    // Numbers 4 and 3 are the brawlers in the corners: no targets.
    assert_eq!(t.phase(), Phase::ChooseAttack { mech: mech(3) });
    t.act(p(2), "hold fire");
    assert_eq!(t.phase(), Phase::ChooseAttack { mech: mech(1) });
    let order: Vec<u8> = t
        .events
        .iter()
        .filter_map(|e| match e {
            Event::NoTarget { mech } | Event::HeldFire { mech } => Some(mech.number()),
            _ => None,
        })
        .collect();
    assert_eq!(order, [4, 2, 3]);
}

/// A target must be an enemy within the weapon's range band and inside one of its arcs,
/// measured from the attacker's facing.
#[test]
fn weapon_needs_target_in_range_band_and_arc() {
    // Brawler at e5 facing north: the scout two squares to its left (c5) is in the left arc
    // at range 2: the shoulder gun (1–3, front/left/right) reaches, the hammer (1, front)
    // does not.
    let mut t = one_each(["brawler", "scout"], ["e5 n", "c5 n"], [2, 1]);
    t.program(&[QUIET, QUIET]);
    let legal: Vec<String> = t.legal_texts(p(1));
    assert_eq!(legal, ["fire 1 shoulder-gun", "hold fire"]);
    t.act(p(1), "fire 1 shoulder-gun");
    assert_eq!(t.legal_texts(p(1)), ["aim at 2"]);
    // Behind it (e7, rear arc) nothing reaches.
    let mut t = one_each(["brawler", "scout"], ["e5 n", "e7 n"], [2, 1]);
    t.program(&[QUIET, QUIET]);
    assert!(!matches!(t.phase(), Phase::ChooseAttack { mech } if mech == crate::common::mech(1)));
    // Adjacent in front: both weapons.
    let mut t = one_each(["brawler", "scout"], ["e5 n", "e4 s"], [2, 1]);
    t.program(&[QUIET, QUIET]);
    assert_eq!(
        t.legal_texts(p(1)),
        ["fire 1 hammer", "fire 1 shoulder-gun", "hold fire"]
    );
}

/// Pay the weapon's delta, then choose the target (seed, "Attacking": "Pay the delta, then
/// select a target within the weapon's range band"). The brawler's hammer (delta -1) fires with
/// no Flux or Surge to pay from: the 1 left unpaid is rolled against the brawler (seed,
/// "Gaining & Losing Surge and Flux") before any target is named; only then does it aim, and
/// the hammer's 4 attack dice are rolled.
#[test]
fn weapon_delta_is_paid_then_the_target_is_chosen() {
    let mut t = one_each(["brawler", "scout"], ["e5 n", "e4 s"], [2, 1]);
    t.program(&[QUIET, QUIET]);
    assert_eq!(t.game.surge_flux(mech(1)), (0, 0));
    // The choice names the weapon only.
    let from = t.events.len();
    t.act(p(1), "fire 1 hammer");
    let fired = t.events[from].clone();
    assert!(
        matches!(fired, Event::Fired { mech: m, weapon: 0, settlement } if m == mech(1)
            && settlement.unpaid == 1 && settlement.flux + settlement.surge == 0),
        "{fired:?}"
    );
    assert_eq!(
        t.phase(),
        Phase::SelfDamage {
            mech: mech(1),
            dice: 1
        }
    );
    assert!(t.game.legal_actions_vec(p(1)).is_empty(), "no target yet");
    t.chance(Action::AttackDice { crits: 0, hits: 1 });
    assert_eq!(t.game.structure(mech(1)), 6);
    // Paid: now the target.
    assert_eq!(
        t.phase(),
        Phase::ChooseTarget {
            mech: mech(1),
            weapon: 0
        }
    );
    assert_eq!(t.legal_texts(p(1)), ["aim at 2"]);
    let from = t.events.len();
    t.act(p(1), "aim at 2");
    assert!(matches!(
        t.events.get(from),
        Some(Event::Aimed { mech: m, target, distance: 1, .. }) if *m == mech(1) && *target == mech(2)
    ));
    assert_eq!(t.phase(), Phase::AttackRoll);
    let mut out = Vec::new();
    t.game.chance_outcomes(&mut out);
    // Four dice of three faces: (4 + 2 choose 2) = 15 outcomes.
    assert_eq!(out.len(), 15, "four attack dice");
}

/// The attacker may spend 1 Surge to reroll an attack die of its choice; each die at most once.
#[test]
fn attacker_rerolls_with_surge_each_die_once() {
    let mut t = one_each(["scout", "scout"], ["e5 e", "e7 n"], [2, 1]);
    // hover +2, pivot/1 (+1, now facing north… then south needed): start facing east, pivot
    // right: south, facing the enemy at e7.
    t.program(&["hover, pivot/2, lock-on", QUIET]);
    assert_eq!(t.game.surge_flux(mech(1)).0, 3);
    t.act(p(1), "fire 1 needler at 2");
    t.chance(Action::AttackDice { crits: 0, hits: 0 });
    assert_eq!(t.phase(), Phase::AttackReroll);
    assert_eq!(t.legal_texts(p(1)), ["reroll attack blank", "keep"]);
    t.act(p(1), "reroll attack blank")
        .chance(Action::Rerolled(Face::Blank));
    t.act(p(1), "reroll attack blank")
        .chance(Action::Rerolled(Face::Hit));
    // Both dice rerolled once: no reroll is offered though 1 Surge is left.
    assert_eq!(t.game.surge_flux(mech(1)).0, 1);
    assert_eq!(t.phase(), Phase::ArmourRoll);
}

/// Armour dice are the defender's armour in the arc (of the defender) the attacker stands in.
#[test]
fn armour_dice_use_the_arc_the_attacker_stands_in() {
    // Scout at e5 facing south shoots the brawler at e7, which faces south too: the scout
    // stands in the brawler's rear arc (armour 1).
    let mut t = firing("scout", "brawler", "needler");
    t.chance(Action::AttackDice { crits: 0, hits: 2 });
    assert_eq!(t.phase(), Phase::ArmourRoll);
    assert_eq!(chance_count(&t), 2, "one armour die: rear armour 1");
    let mut t = one_each(["scout", "brawler"], ["e5 s", "e7 n"], [2, 1]);
    t.program(&[QUIET, QUIET]);
    t.act(p(1), "fire 1 needler at 2");
    t.chance(Action::AttackDice { crits: 0, hits: 2 });
    assert_eq!(chance_count(&t), 4, "three armour dice: front armour 3");
}

/// The defender may reroll armour dice with Flux and evade dice with Surge, each die once.
#[test]
fn defender_rerolls_armour_with_flux_and_evade_with_surge() {
    // Mech 2 banks hover (+2) and pivot/2 (+1), turning from west to face mech 1 (north).
    let mut t = one_each(["scout", "scout"], ["e5 s", "e7 w"], [2, 1]);
    t.program(&[QUIET, "hover, pivot/2, wait1"]);
    assert_eq!(t.game.surge_flux(mech(2)), (3, 0));
    // Round 1: shot with 3 Surge and no Flux: only evade rerolls are offered.
    t.act(p(1), "fire 1 needler at 2");
    t.chance(Action::AttackDice { crits: 0, hits: 2 });
    t.chance(Action::ArmourDice { blocks: 0 });
    t.chance(Action::EvadeDice { evades: 0 });
    assert_eq!(t.phase(), Phase::DefenceReroll);
    assert_eq!(t.legal_texts(p(2)), ["reroll evade blank", "keep"]);
    t.act(p(2), "reroll evade blank")
        .chance(Action::Rerolled(Face::Evade));
    assert_eq!(t.game.surge_flux(mech(2)).0, 2);
    t.act(p(2), "keep");
    assert!(t.events.contains(&Event::Cancelled {
        crits: 0,
        hits: 2,
        blocks: 0,
        evades: 1,
        damage: 1,
        crits_left: 0
    }));
    t.act(p(2), "hold fire");
    assert_eq!(
        t.game.surge_flux(mech(2)),
        (0, 2),
        "its 2 Surge became Flux"
    );
    // Round 2: shot with 2 Flux and no Surge: armour rerolls only, each die once.
    t.draft(&[2, 1]).program(&[QUIET, QUIET]);
    t.act(p(1), "fire 1 needler at 2");
    t.chance(Action::AttackDice { crits: 0, hits: 2 });
    t.chance(Action::ArmourDice { blocks: 0 });
    t.chance(Action::EvadeDice { evades: 0 });
    assert_eq!(t.legal_texts(p(2)), ["reroll armour blank", "keep"]);
    t.act(p(2), "reroll armour blank")
        .chance(Action::Rerolled(Face::Block));
    // One Flux is left, but its only armour die has been rerolled: the attack resolves.
    assert_eq!(t.game.surge_flux(mech(2)), (0, 1));
    assert!(t.events.contains(&Event::Cancelled {
        crits: 0,
        hits: 2,
        blocks: 1,
        evades: 0,
        damage: 1,
        crits_left: 0
    }));
}

/// Armour cancels crits first, then hits.
#[test]
fn armour_cancels_crits_first() {
    let mut t = firing("scout", "brawler", "needler");
    dice(&mut t, 1, 1, 1, 0);
    assert!(t.events.contains(&Event::Cancelled {
        crits: 1,
        hits: 1,
        blocks: 1,
        evades: 0,
        damage: 1,
        crits_left: 0
    }));
    assert_eq!(t.game.structure(mech(2)), 6);
    assert!(matches!(
        t.phase(),
        Phase::ChooseAttack { .. } | Phase::Ordering { .. }
    ));
}

/// Evade cancels hits first, then crits.
#[test]
fn evade_cancels_hits_first() {
    let mut t = firing("brawler", "scout", "shoulder-gun");
    // The scout's rear armour is 0; evasion 2.
    dice(&mut t, 1, 1, 0, 1);
    assert!(t.events.contains(&Event::Cancelled {
        crits: 1,
        hits: 1,
        blocks: 0,
        evades: 1,
        damage: 1,
        crits_left: 1
    }));
    assert_eq!(
        t.phase(),
        Phase::CritReveal { mech: mech(2) },
        "the crit survived"
    );
}

/// A crit reveals three of the damaged mech's attached cards at random; the defender then
/// depletes one of them, out of play for the rest of the game.
#[test]
fn crit_reveals_three_and_defender_depletes_one() {
    let mut t = firing("brawler", "scout", "shoulder-gun");
    dice(&mut t, 1, 0, 0, 0);
    assert_eq!(t.game.structure(mech(2)), 3, "a crit is also one damage");
    // One weapon and twelve directives: C(13, 3) equally likely sets.
    let mut out = Vec::new();
    t.game.chance_outcomes(&mut out);
    assert_eq!(out.len(), 286);
    assert!(out.iter().all(|(_, w)| *w == 1));
    let cards = out
        .iter()
        .map(|(a, _)| *a)
        .find(|a| {
            matches!(a, Action::Reveal { cards, .. }
            if cards.contains(Card::Weapon(0)) && cards.contains(Card::Directive(7))
                && cards.contains(Card::Directive(0)))
        })
        .unwrap();
    t.chance(cards);
    // The brawler has no targeting token: straight to the defender's choice.
    assert_eq!(t.phase(), Phase::CritDeplete { mech: mech(2) });
    assert_eq!(
        t.legal_texts(p(2)),
        ["deplete 2 needler", "deplete 2 dash", "deplete 2 hover"]
    );
    t.act(p(2), "deplete 2 hover");
    assert!(t.view(2).depleted.contains(Card::Directive(7)));
    // Depleted for the rest of the game: hover can no longer be programmed.
    t.draft(&[2, 1]);
    let refused = t.game.parse_action(p(2), "program 2 hover").unwrap();
    assert!(
        !t.game
            .is_legal(gridwright_engine::Actor::Seat(p(2)), &refused)
    );
}

/// The attacker may spend up to two targeting tokens to put revealed cards back before the
/// defender chooses.
#[test]
fn targeting_tokens_put_revealed_cards_back() {
    let mut t = one_each(["scout", "brawler"], ["e5 s", "e7 s"], [2, 1]);
    t.program(&["lock-on, wait1, wait2", QUIET]);
    assert_eq!(t.view(1).tokens, 1);
    t.act(p(1), "fire 1 needler at 2");
    dice(&mut t, 2, 0, 0, 0);
    assert_eq!(t.phase(), Phase::CritReveal { mech: mech(2) });
    let mut out = Vec::new();
    t.game.chance_outcomes(&mut out);
    let pick = out
        .iter()
        .map(|(a, _)| *a)
        .find(|a| {
            matches!(a, Action::Reveal { cards, .. }
            if cards.contains(Card::Weapon(0)) && cards.contains(Card::Weapon(1)))
        })
        .unwrap();
    t.chance(pick);
    assert_eq!(t.phase(), Phase::CritPutBack { mech: mech(2) });
    assert_eq!(t.game.turn(), Turn::Seat(p(1)), "the attacker decides");
    t.act(p(1), "put back 2 shoulder-gun");
    assert_eq!(t.view(1).tokens, 0);
    assert_eq!(t.phase(), Phase::CritDeplete { mech: mech(2) });
    assert_eq!(
        t.game.legal_actions_vec(p(2)).len(),
        2,
        "two cards left to choose from"
    );
    t.act(p(2), "deplete 2 hammer");
    // The second crit: no tokens left, so no put-back step.
    assert_eq!(t.phase(), Phase::CritReveal { mech: mech(2) });
}

/// A mech at 0 structure is destroyed and leaves the board; a player with no mechs loses.
#[test]
fn player_with_no_mechs_loses() {
    let mut t = firing("brawler", "scout", "shoulder-gun");
    dice(&mut t, 0, 2, 0, 0);
    // Round 2 (the scout had nothing to shoot at): again.
    t.draft(&[2, 1]).program(&[QUIET, QUIET]);
    t.act(p(1), "fire 1 shoulder-gun at 2");
    dice(&mut t, 0, 2, 0, 0);
    assert_eq!(t.game.structure(mech(2)), 0);
    assert!(t.events.contains(&Event::Destroyed { mech: mech(2) }));
    assert_eq!(t.view(2).at, None);
    assert_eq!(
        t.phase(),
        Phase::Over {
            winner: Some(p(1)),
            reason: EndReason::Destruction
        }
    );
    assert_eq!(t.game.returns(), [1.0, -1.0]);
}

// ----- Cleanup and the end (seed "Cleanup"; decisions "Combat") -----

/// Cleanup removes all Flux, then all Surge becomes Flux.
#[test]
fn surge_flips_to_flux_at_cleanup() {
    let mut t = one_each(["scout", "scout"], ["e5 e", "a10 n"], [1, 2]);
    t.program(&["hover, pivot/1, lock-on", QUIET]);
    assert_eq!(t.game.surge_flux(mech(1)), (0, 3));
    assert!(t.events.contains(&Event::Cleanup { round: 1 }));
    // Round 2: +2 Surge; the 3 Flux are removed at cleanup, the 2 Surge become Flux.
    t.draft(&[1, 2]).program(&["hover, wait1, wait2", QUIET]);
    assert_eq!(t.game.surge_flux(mech(1)), (0, 2));
}

/// At the round limit the side with more remaining structure wins (equal: a draw).
#[test]
fn round_limit_more_structure_wins() {
    // One round of quiet programs between `a` and `b`, far apart.
    let one_round = |a: &str, b: &str| {
        let mut c = single(a, b);
        c.round_limit = 1;
        let mut t = Table::deployed(&c, &["a1 n", "j10 s"]);
        t.draft(&[1, 2]).program(&[QUIET, QUIET]);
        t
    };
    let over = |winner| Phase::Over {
        winner,
        reason: EndReason::RoundLimit,
    };
    let t = one_round("brawler", "scout");
    assert_eq!(t.phase(), over(Some(p(1))), "7 structure against 4");
    let t = one_round("scout", "scout");
    assert_eq!(t.phase(), over(None));
    assert_eq!(t.game.returns(), [0.0, 0.0]);
}

/// The attack being resolved is public: dice are shown as counts per face.
#[test]
fn attack_state_is_public() {
    let mut t = firing("scout", "brawler", "needler");
    t.chance(Action::AttackDice { crits: 1, hits: 0 });
    let obs = t.observe(Viewer::Spectator);
    let a = obs.attack.unwrap();
    assert_eq!(a.attack.faces, [1, 0, 1]);
    assert_eq!(a.arc, gridwright_engine::geom::Arc::Rear);
}
