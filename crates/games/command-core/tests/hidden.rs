//! Hidden information: a program is secret until its mech executes — in observations, in the
//! visible log, and in what `resample` keeps (decisions, "Directives and programs").

use crate::common::{content, p};
use gridwright_command_core::{Action, CommandCore, Config, Event, Phase, Program};
use gridwright_engine::{Game, Rng, Seat, Session, Turn, Viewer};

/// Plays both sessions with the same moves (chosen by a seeded random policy) until the
/// programming phase; returns false if the game ended first.
fn to_programming(
    a: &mut Session<CommandCore>,
    b: &mut Session<CommandCore>,
    rng: &mut Rng,
) -> bool {
    loop {
        if a.state().phase() == Phase::Programming {
            return true;
        }
        let seat = match a.turn() {
            Turn::Seat(s) => s,
            Turn::Simultaneous(set) => set.iter().next().unwrap(),
            _ => return false,
        };
        let legal = a.legal_actions(seat);
        let action = legal[rng.index(legal.len())];
        a.apply(seat, action).unwrap();
        b.apply(seat, action).unwrap();
    }
}

/// Everything `viewer` can get: the observation and the visible log, as JSON.
fn seen(s: &Session<CommandCore>, viewer: Viewer) -> (String, String) {
    (
        serde_json::to_string(&s.observe(viewer)).unwrap(),
        serde_json::to_string(&s.visible_log(viewer, 0)).unwrap(),
    )
}

/// Two different cards `seat` may put into its next mech's next slot.
fn two_programs(s: &Session<CommandCore>, seat: Seat, rng: &mut Rng) -> (Action, Action) {
    let legal: Vec<Action> = s
        .legal_actions(seat)
        .into_iter()
        .filter(|a| matches!(a, Action::Program { .. }))
        .collect();
    loop {
        let x = legal[rng.index(legal.len())];
        let y = legal[rng.index(legal.len())];
        if x != y {
            return (x, y);
        }
    }
}

/// An action legal for `seat` in both sessions, at random.
fn common_action(
    a: &Session<CommandCore>,
    b: &Session<CommandCore>,
    seat: Seat,
    rng: &mut Rng,
) -> Action {
    let theirs = b.legal_actions(seat);
    let both: Vec<Action> = a
        .legal_actions(seat)
        .into_iter()
        .filter(|x| theirs.contains(x))
        .collect();
    both[rng.index(both.len())]
}

fn check(config: &Config, seed: u64, secret: Seat) {
    let other = p(3 - secret.number());
    let mut rng = Rng::seed_from_u64(seed);
    let mut a = Session::<CommandCore>::new(config.clone(), seed).unwrap();
    let mut b = Session::<CommandCore>::new(config.clone(), seed).unwrap();
    for _round in 0..3 {
        if !to_programming(&mut a, &mut b, &mut rng) {
            return;
        }
        // The secret seat puts a card into its first mech's first slot (a different card in a
        // and b), then the other seat programs, then the secret seat goes on with the same
        // steps in a and b; the other seat and the spectator must see exactly the same until
        // the perturbed mech executes.
        let (x, y) = two_programs(&a, secret, &mut rng);
        a.apply(secret, x).unwrap();
        b.apply(secret, y).unwrap();
        let Action::Program { mech, .. } = x else {
            unreachable!()
        };
        if a.state().phase() == Phase::Programming {
            // The owner does see its own program.
            assert_ne!(
                seen(&a, Viewer::Seat(secret)).0,
                seen(&b, Viewer::Seat(secret)).0
            );
        }
        let mut checks = 0;
        while a.state().phase() == Phase::Programming {
            for v in [Viewer::Seat(other), Viewer::Spectator] {
                assert_eq!(
                    seen(&a, v),
                    seen(&b, v),
                    "seed {seed}: {v} sees the secret program"
                );
            }
            checks += 1;
            let seat = match a.turn() {
                Turn::Simultaneous(set) if set.contains(other) => other,
                Turn::Simultaneous(_) => secret,
                t => panic!("{t:?}"),
            };
            let action = common_action(&a, &b, seat, &mut rng);
            a.apply(seat, action).unwrap();
            b.apply(seat, action).unwrap();
        }
        assert!(checks >= 1);
        // Once everything is committed, the session runs execution; every log entry before
        // the one that reveals the perturbed mech is still the same for the others.
        let reveal = a
            .log()
            .iter()
            .position(|e| {
                e.events
                    .iter()
                    .any(|ev| matches!(ev, Event::Revealed { mech: m, .. } if *m == mech))
            })
            .unwrap_or(a.log().len());
        for v in [Viewer::Seat(other), Viewer::Spectator] {
            let upto = |s: &Session<CommandCore>| {
                let mut log = s.visible_log(v, 0);
                log.truncate(reveal);
                serde_json::to_string(&log).unwrap()
            };
            assert_eq!(upto(&a), upto(&b), "seed {seed}: leaked before execution");
        }
        b = a.clone();
    }
}

/// Perturbing one player's committed program changes nothing the other player or a
/// spectator can see (observation and visible log, compared as JSON), until that mech
/// executes.
#[test]
fn opponent_never_sees_a_program_before_that_mech_executes() {
    let content = content();
    for name in content.scenario_names() {
        let config = content.config(&name).unwrap();
        for seed in 0..12 {
            check(&config, seed, p(1 + (seed % 2) as u8));
        }
    }
}

/// A programming step and the sealed program are hidden from others in the log (not even an
/// event saying a card went in); the owner sees both.
#[test]
fn commit_is_hidden_in_the_log_except_from_its_owner() {
    let config = content().config("duel").unwrap();
    let mut s = Session::<CommandCore>::new(config.clone(), 5).unwrap();
    let mut t = Session::<CommandCore>::new(config, 5).unwrap();
    let mut rng = Rng::seed_from_u64(1);
    assert!(to_programming(&mut s, &mut t, &mut rng));
    let legal = s.legal_actions(p(1));
    let first = s.log().len();
    s.apply(p(1), legal[0]).unwrap();
    let mine = &s.visible_log(Viewer::Seat(p(1)), first)[0];
    let theirs = &s.visible_log(Viewer::Seat(p(2)), first)[0];
    assert!(mine.action.is_some() && theirs.action.is_none());
    assert!(theirs.action_text.is_none());
    assert!(theirs.events.is_empty(), "{:?}", theirs.event_texts);
    assert!(
        mine.event_texts[0].contains("slot 1"),
        "{:?}",
        mine.event_texts
    );
}

/// `resample` keeps everything the seat can see and redraws the opponent's unrevealed
/// programs at random: while programs are being built not even their card counts are public,
/// so each sealed program is redrawn with a card in every slot.
#[test]
fn resample_redraws_only_what_the_seat_cannot_see() {
    let config = content().config("skirmish").unwrap();
    let mut s = Session::<CommandCore>::new(config.clone(), 9).unwrap();
    let mut t = Session::<CommandCore>::new(config, 9).unwrap();
    let mut rng = Rng::seed_from_u64(2);
    assert!(to_programming(&mut s, &mut t, &mut rng));
    // P1 commits all three programs; P2 has put one card into its first mech so far.
    while s.turn().includes(p(1)) {
        let legal = s.legal_actions(p(1));
        s.apply(p(1), legal[rng.index(legal.len())]).unwrap();
    }
    s.apply(p(2), s.legal_actions(p(2))[0]).unwrap();
    let real = s.state();
    let programs = |g: &CommandCore, viewer: Viewer| -> Vec<Option<Program>> {
        g.observe(viewer).mechs.iter().map(|m| m.program).collect()
    };
    let mut differed = false;
    let mut drafts_differed = false;
    for k in 0..20 {
        let mut r = Rng::seed_from_u64(k);
        let guess = real.resample(p(2), &mut r);
        // Everything P2 and the spectator can see is unchanged.
        for v in [Viewer::Seat(p(2)), Viewer::Spectator] {
            assert_eq!(
                serde_json::to_string(&guess.observe(v)).unwrap(),
                serde_json::to_string(&real.observe(v)).unwrap()
            );
        }
        let (a, b) = (
            programs(&guess, Viewer::Seat(p(1))),
            programs(real, Viewer::Seat(p(1))),
        );
        let slots: Vec<usize> = real
            .observe(Viewer::Seat(p(1)))
            .mechs
            .iter()
            .map(|m| usize::from(m.slots))
            .collect();
        for ((x, y), n) in a.iter().zip(&b).zip(&slots) {
            assert_eq!(x.is_some(), y.is_some());
            if let Some(x) = x {
                assert_eq!(x.cards(), *n, "a card in every slot");
            }
        }
        differed |= a != b;
        // P1's own view of P1's programs is never touched by P1's resample, but P2's draft
        // (one card so far) is redrawn with one card.
        let own = real.resample(p(1), &mut r);
        assert_eq!(programs(&own, Viewer::Seat(p(1))), b);
        let first = |g: &CommandCore| {
            g.observe(Viewer::Seat(p(2)))
                .mechs
                .iter()
                .find(|m| m.draft_cards.is_some() && m.owner == p(2))
                .and_then(|m| m.program)
        };
        assert_eq!(first(&own).map(|p| p.cards()), Some(1));
        drafts_differed |= first(&own) != first(real);
    }
    assert!(differed, "the hidden programs are redrawn");
    assert!(drafts_differed, "the hidden draft is redrawn");
}
