//! Every screen of terminal play fits a 120 × 40 terminal (issue 22): what `gridwright play`
//! prints for the seat to act each turn — the latest log lines, the game's picture for that
//! seat, the legal actions (a page of them when they are many) and the prompt — and the screen
//! at the end of a game, in columns as a terminal counts them (wide characters twice). Random
//! games of every shipped setup of every game, every seat's screen at each of its turns.

// A test binary reports failure by panicking.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use gridwright_catalog::terminal::{COLUMNS, ROWS, TurnScreen, end_screen, log_lines, width};
use gridwright_catalog::{ContentSource, Frontend, GameKind, with_game};
use gridwright_engine::{PerSeat, Rng, Seat, Session, Turn, Viewer};

/// The widest line and the number of lines of `screen`, the prompt line included.
fn size(screen: &[String]) -> (usize, usize) {
    let w = screen.iter().map(|l| width(l)).max().unwrap_or(0);
    (w.max(width("P1> ")), screen.len() + 1)
}

/// What [`largest`] finds for one setup.
struct Largest {
    setup: String,
    /// The widest and the tallest screen.
    screen: (usize, usize),
    /// The widest and the tallest picture of the game within them.
    picture: (usize, usize),
    /// The largest screen too large for the terminal, and where it was.
    worst: Option<String>,
}

/// The largest screens of random games of every setup of `G`, capped at `steps` moves each.
fn largest<G: Frontend>(games: u64, steps: usize) -> Vec<Largest> {
    let content = ContentSource::Builtin;
    let name = G::INFO.short_name;
    let mut out = Vec::new();
    for s in G::scenarios(&content).expect("shipped scenarios load") {
        let config = G::load_config(&content, Some(&s.name)).expect("shipped setup loads");
        let (mut w, mut h, mut worst, mut picture) = (0, 0, None, (0, 0));
        let mut measure = |screen: &[String], at: &dyn Fn() -> String| {
            let (sw, sh) = size(screen);
            if (sw > COLUMNS || sh > ROWS) && (sw > w || sh > h) {
                worst = Some(format!("{} ({sw} × {sh}):\n{}", at(), screen.join("\n")));
            }
            (w, h) = (w.max(sw), h.max(sh));
        };
        for game in 0..games {
            let mut session = Session::<G>::new(config.clone(), 0xf17 ^ game).expect("starts");
            let mut rng = Rng::seed_from_u64(game);
            // Where each seat's log starts: the entries since its last screen.
            let mut seen: PerSeat<usize> = PerSeat::from_fn(session.state().num_seats(), |_| 0);
            for step in 0..steps {
                let seat = match session.turn() {
                    Turn::Terminal | Turn::Chance => break,
                    t => {
                        let acting: Vec<Seat> = Seat::all(session.state().num_seats())
                            .filter(|s| t.includes(*s))
                            .collect();
                        acting[rng.below(acting.len() as u64) as usize]
                    }
                };
                let viewer = Viewer::Seat(seat);
                let log = log_lines(&session, viewer, seen[seat]);
                seen[seat] = session.log().len();
                let legal = session.legal_texts(seat);
                let drawn = session.state().render(viewer);
                let lines: Vec<String> = drawn.lines().map(str::to_owned).collect();
                let (pw, ph) = size(&lines);
                picture = (picture.0.max(pw), picture.1.max(ph - 1));
                let (screen, _) = TurnScreen {
                    log: &log,
                    picture: &drawn,
                    seat,
                    legal: &legal,
                }
                .lines();
                measure(&screen, &|| {
                    format!("{name} {} game {game} step {step} as {seat}", s.name)
                });
                let actions = session.legal_actions(seat);
                let pick = actions[rng.below(actions.len() as u64) as usize];
                session.apply(seat, pick).expect("a legal action applies");
            }
            if session.state().is_terminal() {
                for seat in Seat::all(session.state().num_seats()) {
                    let viewer = Viewer::Seat(seat);
                    let screen = end_screen(
                        &log_lines(&session, viewer, seen[seat]),
                        &session.state().render(viewer),
                        "Game over: P1 wins. Score: P1 10, P2 8, P3 7, P4 6.",
                    );
                    measure(&screen, &|| {
                        format!("{name} {} game {game} end as {seat}", s.name)
                    });
                }
            }
        }
        out.push(Largest {
            setup: s.name.clone(),
            screen: (w, h),
            picture,
            worst,
        });
    }
    out
}

#[test]
fn every_terminal_screen_fits_120_by_40() {
    let mut problems = Vec::new();
    for k in GameKind::ALL {
        for l in with_game!(k, G => largest::<G>(2, 400)) {
            eprintln!(
                "{} {}: screens at most {} × {}, pictures at most {} × {}",
                k.name(),
                l.setup,
                l.screen.0,
                l.screen.1,
                l.picture.0,
                l.picture.1
            );
            if let Some(at) = l.worst {
                problems.push(at);
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n\n"));
}
