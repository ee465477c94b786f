//! How long the Normal AI takes a move, measured as the server makes one: the game's `normal`
//! strength spec with the game's defaults, under the server's wall-clock cap for a search that
//! names no time budget (900 ms, `crates/server/src/hub/ai.rs`), against the greedy agent from
//! every seat of a setup (the others greedy). Prints the mean, the median, the 95th percentile
//! and the longest move, how many moves reached the cap, and the machine's load average before
//! and after (the figures mean little without it). A bench of its own, not a test:
//! `cargo bench -p gridwright-catalog --bench ai_speed` (release). Environment:
//! `GRIDWRIGHT_SPEED_GAME` (default `starcore`), `GRIDWRIGHT_SPEED_SCENARIO` (default the
//! game's default setup, e.g. `three` for Milkomeda with three seats), `GRIDWRIGHT_SPEED_GAMES`
//! (games from each seat, default 1), `GRIDWRIGHT_SPEED_MOVES` (the most Normal moves timed per
//! game, default all), `GRIDWRIGHT_SPEED_AGENT` (another spec to time instead of Normal, e.g.
//! `mcts:iters=100`). Figures: docs/rules/starcore.md, "Agents, balance and speed", and
//! docs/rules/milkomeda.md, "The web view".

// A bench binary reports failure by panicking.
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

fn env<T: std::str::FromStr>(name: &str) -> Option<T> {
    std::env::var(name).ok().and_then(|v| v.parse().ok())
}

/// The 1-minute load average (Linux), for the record.
fn load() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .ok()
        .and_then(|t| t.split_whitespace().next().map(str::to_owned))
        .unwrap_or_else(|| "unknown".to_owned())
}

fn main() {
    // `cargo bench` passes `--bench`; anything else on the command line is ignored.
    let game = std::env::var("GRIDWRIGHT_SPEED_GAME").unwrap_or_else(|_| "starcore".into());
    let games: u64 = env("GRIDWRIGHT_SPEED_GAMES").unwrap_or(1);
    let scenario = std::env::var("GRIDWRIGHT_SPEED_SCENARIO").ok();
    let most: usize = env("GRIDWRIGHT_SPEED_MOVES").unwrap_or(usize::MAX);
    let kind = GameKind::from_name(&game).expect("a game");
    let timed_spec = match std::env::var("GRIDWRIGHT_SPEED_AGENT") {
        Ok(s) => {
            with_game!(kind, G => gridwright_catalog::with_defaults::<G>(&s.parse().expect("an agent spec")))
        }
        Err(_) => with_game!(kind, G => normal_spec::<G>()),
    };
    let greedy: AgentSpec = "greedy".parse().unwrap();
    let mut times: Vec<Duration> = Vec::new();
    let session = |seed| {
        new_session(kind, &ContentSource::Builtin, scenario.as_deref(), seed).expect("a session")
    };
    let load_before = load();
    let started_all = Instant::now();
    let seats = session(100).num_seats();
    for g in 0..games {
        for timed_seat in Seat::all(seats) {
            let mut s = session(100 + g);
            let mut salt = 0;
            let mut timed_here = 0;
            while s.turn().kind != "terminal" && timed_here < most {
                let Some(&seat) = s.turn().seats.first() else {
                    panic!("{game}: no seat to act and not over ({})", s.turn().kind)
                };
                salt += 1;
                let (spec, timed) = if seat == timed_seat {
                    (&timed_spec, true)
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
    let at = |q: usize| times.get(n * q / 100).copied().map_or(0.0, ms);
    let mean = times.iter().map(|d| ms(*d)).sum::<f64>() / n as f64;
    let max = times.last().copied().map_or(0.0, ms);
    let capped = times.iter().filter(|d| **d >= CLOCK_CAP).count();
    println!(
        "{game} {}: {timed_spec} against greedy, {} games, the timed seat rotated: {} moves with \
         a choice; mean {mean:.0} ms, median {:.0} ms, 95th percentile {:.0} ms, max {max:.0} ms; \
         {capped} reached the {} ms cap; {:.0} s in all; load average {load_before} before, {} after",
        scenario.as_deref().unwrap_or("(default setup)"),
        games * seats as u64,
        times.len(),
        at(50),
        at(95),
        CLOCK_CAP.as_millis(),
        started_all.elapsed().as_secs_f64(),
        load(),
    );
}
