//! How long the Normal AI takes a move, measured as the server makes one: the game's `normal`
//! strength spec with the game's defaults, under the server's wall-clock cap for a search that
//! names no time budget (900 ms, `crates/server/src/hub/ai.rs`), against the greedy agent from
//! every seat of a setup (the others greedy). Prints the mean, the 95th percentile and the
//! longest move, and how many moves reached the cap. Ignored by default (a minute or more, in
//! release); run it with `cargo test --release -p gridwright-catalog --test ai_speed -- --ignored
//! --nocapture` (`GRIDWRIGHT_SPEED_GAMES` games from each seat, default 2;
//! `GRIDWRIGHT_SPEED_GAME`, default `starcore`; `GRIDWRIGHT_SPEED_SCENARIO`, default the game's
//! default setup, e.g. `three` for Milkomeda with three seats; `GRIDWRIGHT_SPEED_MOVES`, the
//! most Normal moves timed per game, default all). Figures: docs/rules/starcore.md, "Agents,
//! balance and speed", and docs/rules/milkomeda.md, "The web view".

// A test binary reports failure by panicking.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use gridwright_agents::{AgentSpec, Stop};
use gridwright_catalog::{ContentSource, Frontend, GameKind, Think, new_session, with_game};
use gridwright_engine::Seat;
use std::time::{Duration, Instant};

/// The server's cap (`CLOCK_CAP`) on a search whose spec names no `ms` budget.
const CLOCK_CAP: Duration = Duration::from_millis(900);

fn normal_spec<G: Frontend>() -> AgentSpec {
    let s = G::STRENGTHS
        .iter()
        .find(|s| s.name == "normal")
        .expect("a Normal strength");
    gridwright_catalog::with_defaults::<G>(&s.agent.parse().expect("a valid spec"))
}

#[test]
#[ignore = "a minute or more in release: run with --ignored --nocapture"]
fn normal_answers_within_about_a_second() {
    let game = std::env::var("GRIDWRIGHT_SPEED_GAME").unwrap_or_else(|_| "starcore".into());
    let games: u64 = std::env::var("GRIDWRIGHT_SPEED_GAMES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(2);
    let scenario = std::env::var("GRIDWRIGHT_SPEED_SCENARIO").ok();
    let most: usize = std::env::var("GRIDWRIGHT_SPEED_MOVES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(usize::MAX);
    let kind = GameKind::from_name(&game).expect("a game");
    let normal = with_game!(kind, G => normal_spec::<G>());
    let greedy: AgentSpec = "greedy".parse().unwrap();
    let mut times: Vec<Duration> = Vec::new();
    let session = |seed| {
        new_session(kind, &ContentSource::Builtin, scenario.as_deref(), seed).expect("a session")
    };
    let seats = session(100).num_seats();
    for g in 0..games {
        for normal_seat in Seat::all(seats) {
            let mut s = session(100 + g);
            let mut salt = 0;
            let mut timed_here = 0;
            while s.turn().kind != "terminal" && timed_here < most {
                let Some(&seat) = s.turn().seats.first() else {
                    panic!("{game}: no seat to act and not over ({})", s.turn().kind)
                };
                salt += 1;
                let (spec, timed) = if seat == normal_seat {
                    (&normal, true)
                } else {
                    (&greedy, false)
                };
                let started = Instant::now();
                let a = s
                    .agent_move(Think {
                        spec,
                        seat,
                        seed: salt,
                        clock_cap: Some(CLOCK_CAP),
                        stop: &Stop::new(),
                    })
                    .expect("a move")
                    .expect("not stopped");
                if timed && s.legal(seat).len() > 1 {
                    times.push(started.elapsed());
                    timed_here += 1;
                }
                s.apply(seat, &a).expect("a legal move");
            }
        }
    }
    times.sort();
    let n = times.len().max(1);
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    let mean = times.iter().map(|d| ms(*d)).sum::<f64>() / n as f64;
    let p95 = times.get(n * 95 / 100).copied().map_or(0.0, ms);
    let max = times.last().copied().map_or(0.0, ms);
    let capped = times.iter().filter(|d| **d >= CLOCK_CAP).count();
    println!(
        "{game} {} Normal ({normal}) against greedy, {} games: {} moves with a choice; mean {mean:.0} ms, 95th percentile {p95:.0} ms, max {max:.0} ms; {capped} reached the {} ms cap",
        scenario.as_deref().unwrap_or("(default setup)"),
        games * seats as u64,
        times.len(),
        CLOCK_CAP.as_millis()
    );
    assert!(max < 1100.0, "{game}: a Normal move took {max:.0} ms");
}
