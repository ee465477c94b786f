//! Player language (issue 24): whatever a person reads of a Milkomeda game — the log and its
//! replay, the terminal picture, the texts of the actions a hint or the terminal lists, the
//! hint's notes — names cards and places in words (`Sector 7`, `column 2, row 1`), never by a
//! content id (`s07`, `d04`, `m21`, `o07`) or a raw space or point code (`c2r1`, `x3y5`).

use crate::common::config;
use gridwright_engine::{
    Agent, Game, RandomAgent, Replay, Rng, Seat, SeatView, Session, Turn, Viewer,
};
use gridwright_milkomeda::{Content, GreedyAgent, Milkomeda, offer_notes, render};

/// The first id-like word of `text`: a content id (a letter `s`, `d`, `m` or `o` and two or
/// more digits), a space (`c2r1`) or point (`x3y5`) code, or `#` and a number.
fn id_in(text: &str) -> Option<String> {
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    for word in text.split(|c: char| !c.is_ascii_alphanumeric() && c != '#') {
        let code = |a: char, b: char| {
            word.strip_prefix(a)
                .and_then(|w| w.split_once(b))
                .is_some_and(|(x, y)| digits(x) && digits(y))
        };
        let id = word.len() >= 3 && word.starts_with(['s', 'd', 'm', 'o']) && digits(&word[1..]);
        let hash = word.strip_prefix('#').is_some_and(digits);
        if id || code('c', 'r') || code('x', 'y') || hash {
            return Some(word.to_owned());
        }
    }
    None
}

fn check(what: &str, text: &str) {
    if let Some(id) = id_in(text) {
        panic!("{what}: `{id}` in `{text}`");
    }
}

#[test]
fn the_id_finder_finds_ids_and_nothing_else() {
    for t in [
        "place s07 c2r1 90",
        "directive d04",
        "module m21",
        "o07",
        "at x3y5",
        "card #4",
    ] {
        assert!(id_in(t).is_some(), "{t}");
    }
    for t in [
        "P1 places Sector 7 at column 2, row 1 turned 90°",
        "position 3: Module 21 is turned face up",
        "the directive tier D1 discards",
        "P2 rolls 5, 6: 2 hits",
        "draw card number 14",
    ] {
        assert_eq!(id_in(t), None, "{t}");
    }
}

/// Plays `scenario` to its end with `agents`, checking at every decision the texts of the legal
/// actions (what the terminal and a hint list), the hint's notes and, every few steps, the
/// terminal picture; returns the session.
fn play(scenario: &str, seed: u64, greedy: bool) -> Session<Milkomeda> {
    let mut s = Session::<Milkomeda>::new(config(scenario), seed).unwrap();
    let mut rng = Rng::seed_from_u64(seed);
    let mut agent: Box<dyn Agent<Milkomeda>> = if greedy {
        Box::new(GreedyAgent::new())
    } else {
        Box::new(RandomAgent)
    };
    let mut step = 0;
    loop {
        let seat = match s.turn() {
            Turn::Seat(x) => x,
            Turn::Simultaneous(set) => match set.iter().next() {
                Some(x) => x,
                None => break,
            },
            _ => break,
        };
        let g = s.state();
        let at = format!("{scenario} seed {seed}, step {step}");
        for a in s.legal_actions(seat) {
            check(&format!("{at}: an action of {seat}"), &g.action_text(&a));
        }
        for note in offer_notes(g, seat) {
            check(&format!("{at}: a hint note"), &note);
        }
        if step % 25 == 0 {
            check(
                &format!("{at}: the terminal"),
                &render(g, Viewer::Seat(seat)),
            );
        }
        let a = agent.choose(&SeatView::new(g, seat), &mut rng);
        s.apply(seat, a).unwrap();
        step += 1;
    }
    s
}

/// Every text of the log as `viewer` sees it.
fn log_texts(s: &Session<Milkomeda>, viewer: Viewer) -> Vec<String> {
    s.visible_log(viewer, 0)
        .into_iter()
        .flat_map(|e| e.action_text.into_iter().chain(e.event_texts))
        .collect()
}

#[test]
fn no_log_hint_terminal_or_replay_text_of_any_setup_shows_an_id() {
    let names = Content::builtin().unwrap().scenario_names();
    assert!(names.len() >= 5, "{names:?}");
    for (i, name) in names.iter().enumerate() {
        for greedy in [false, true] {
            let s = play(name, 40 + i as u64, greedy);
            assert!(s.state().is_terminal(), "{name}: not over");
            let n = s.state().num_seats();
            let mut texts = 0;
            for viewer in Seat::all(n).map(Viewer::Seat).chain([Viewer::Spectator]) {
                for t in log_texts(&s, viewer) {
                    check(&format!("{name}: the log of {viewer}"), &t);
                    texts += 1;
                }
            }
            assert!(texts > 100, "{name}: {texts} texts");
            check(
                &format!("{name}: the end"),
                &render(s.state(), Viewer::Spectator),
            );
            // The replay reads the same words.
            let replay = Replay::from_json(&s.replay().to_json()).unwrap();
            let again = replay.verify::<Milkomeda>().unwrap();
            assert_eq!(
                log_texts(&again, Viewer::Spectator),
                log_texts(&s, Viewer::Spectator),
                "{name}: the replay's log"
            );
        }
    }
}
