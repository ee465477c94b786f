//! The terminal boards fit a 120 × 40 terminal (issue 22): what `gridwright play` prints for a
//! seated player each turn — the game's picture for that seat — is at most 120 columns wide and
//! leaves room under it in 40 rows, and the seat's own side is in it. Random games of every
//! shipped setup of every game, checked for every seat at a sample of steps.

// A test binary reports failure by panicking.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use gridwright_catalog::{ContentSource, Frontend, GameKind, with_game};
use gridwright_engine::testing::random_pick;
use gridwright_engine::{Events, Rng, Seat, Viewer};

const COLUMNS: usize = 120;
const ROWS: usize = 40;

/// The widest line (in characters) and the number of lines of `text`.
fn size(text: &str) -> (usize, usize) {
    let width = text.lines().map(|l| l.chars().count()).max().unwrap_or(0);
    (width, text.lines().count())
}

/// The largest picture of random games of every setup of `G`, per seat: (width, height, where).
fn largest<G: Frontend>(games: u64) -> Vec<(usize, usize, String)> {
    let content = ContentSource::Builtin;
    let name = G::INFO.short_name;
    let mut out = Vec::new();
    for s in G::scenarios(&content).expect("shipped scenarios load") {
        let config = G::load_config(&content, Some(&s.name)).expect("shipped setup loads");
        let (mut w, mut h, mut at) = (0, 0, String::new());
        for game in 0..games {
            let mut rng = Rng::seed_from_u64(0xf17 ^ game);
            let mut g = G::new(&config).expect("shipped setup starts");
            let (mut legal, mut chance) = (Vec::new(), Vec::new());
            let mut step = 0;
            loop {
                if step % 5 == 0 || g.is_terminal() {
                    for seat in Seat::all(g.num_seats()) {
                        let (pw, ph) = size(&g.render(Viewer::Seat(seat)));
                        if pw > w || ph > h {
                            at = format!("{name} {} game {game} step {step} as {seat}", s.name);
                        }
                        (w, h) = (w.max(pw), h.max(ph));
                    }
                }
                let Some((actor, action)) = random_pick(&g, &mut rng, &mut legal, &mut chance)
                else {
                    break;
                };
                g.step(actor, action, &mut Events::disabled());
                step += 1;
            }
        }
        out.push((w, h, at));
    }
    out
}

/// Not yet true (session 17, measured with this test): the widest and tallest pictures are
/// Grid Battles 136 × 44 (the legend's second line; the unit table of Pitched Battle), Command
/// Core 161 × 24 (mech lines), Starcore up to 719 × 79 and Milkomeda up to 1,992 × 64 (text
/// lines listing cards and spaces). Run with `--ignored --nocapture` for the figures per setup.
#[test]
#[ignore = "issue 22: the terminal pictures do not fit 120 × 40 yet; see the figures above"]
fn every_terminal_picture_fits_120_by_40() {
    let mut problems = Vec::new();
    for k in GameKind::ALL {
        for (w, h, at) in with_game!(k, G => largest::<G>(2)) {
            eprintln!("{at}: at most {w} columns, {h} lines");
            // The turn's prompt ("P1 to act. Legal actions:", a row of actions, the prompt)
            // needs three rows under the picture.
            if w > COLUMNS || h + 3 > ROWS {
                problems.push(format!("{at}: {w} columns × {h} lines"));
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}
