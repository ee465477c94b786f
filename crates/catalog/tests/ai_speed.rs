//! The AI opponents as the server runs them (`AnySession::agent_move`, the game's defaults filled
//! in), in two ignored tests (minutes in release; run with `cargo test --release -p
//! gridwright-catalog --test ai_speed -- --ignored --nocapture --test-threads 1`, or the `test`
//! profile, which is optimised too).
//!
//! - `normal_answers_within_about_a_second`: how long a strength takes a move, under the
//!   server's wall-clock cap for a search that names no time budget (900 ms,
//!   `crates/server/src/hub/ai.rs`), against the greedy agent from every seat of a setup (the
//!   others greedy). Prints the mean, the 95th percentile and the longest move, and how many
//!   moves reached the cap. `GRIDWRIGHT_SPEED_GAMES` games from each seat, default 2;
//!   `GRIDWRIGHT_SPEED_GAME`, default `starcore`; `GRIDWRIGHT_SPEED_SCENARIO`, default the game's
//!   default setup, e.g. `three` for Milkomeda with three seats; `GRIDWRIGHT_SPEED_MOVES`, the
//!   most timed moves per game, default all; `GRIDWRIGHT_SPEED_STRENGTH`, default `normal`.
//!   Figures: docs/rules/starcore.md, "Agents, balance and speed", docs/rules/milkomeda.md,
//!   "The web view", and docs/agents.md.
//! - `two_agents_meet`: a match between two agents of a two-seat game, each given as a strength
//!   name (`easy`, `normal`, `hard`) or an agent spec, seats alternating game by game (the first
//!   agent is P1 in even games), game `i` on seed `GRIDWRIGHT_MATCH_SEED + i`. No clock cap: an
//!   agent thinks exactly as its spec says, so iteration budgets compare fairly on a loaded
//!   machine. Each game prints a line as it ends (so a run cut short still counts), then the
//!   tally: wins, draws and losses of the first agent with the Wilson 95% interval of its wins,
//!   by seat, and both agents' time per move. `GRIDWRIGHT_MATCH_GAME` (default `command-core`),
//!   `GRIDWRIGHT_MATCH_SCENARIO`, `GRIDWRIGHT_MATCH_A` and `GRIDWRIGHT_MATCH_B` (default `hard`
//!   and `normal`), `GRIDWRIGHT_MATCH_GAMES` (default 4), `GRIDWRIGHT_MATCH_SEED` (default 1).
//!   Figures: docs/agents.md.

// A test binary reports failure by panicking.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use gridwright_agents::{AgentSpec, Stop};
use gridwright_catalog::{
    AnySession, ContentSource, Frontend, GameKind, Think, new_session, with_game,
};
use gridwright_engine::Seat;
use gridwright_sim::wilson_interval;
use std::time::{Duration, Instant};

/// The server's cap (`CLOCK_CAP`) on a search whose spec names no `ms` budget.
const CLOCK_CAP: Duration = Duration::from_millis(900);

fn env_or(name: &str, default: &str) -> String {
    std::env::var(name).unwrap_or_else(|_| default.into())
}

fn env_number<T: std::str::FromStr>(name: &str, default: T) -> T {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// A strength's spec (by name) or any agent spec, with the game's defaults filled in.
fn spec_of<G: Frontend>(name_or_spec: &str) -> AgentSpec {
    let spec = G::STRENGTHS
        .iter()
        .find(|s| s.name == name_or_spec)
        .map_or(name_or_spec, |s| s.agent);
    gridwright_catalog::with_defaults::<G>(&spec.parse().expect("a valid spec"))
}

/// Plays `s` to its end (or until `until.0` has made `until.1` moves with a choice), the seat
/// at index `i` by `agents[i]`; returns the time of every move that had a choice, by seat.
fn play_out(
    s: &mut Box<dyn AnySession>,
    agents: &[AgentSpec],
    clock_cap: Option<Duration>,
    until: Option<(Seat, usize)>,
) -> Vec<Vec<Duration>> {
    let mut times = vec![Vec::new(); agents.len()];
    let mut salt = 0;
    let done =
        |times: &[Vec<Duration>]| until.is_some_and(|(seat, n)| times[seat.index()].len() >= n);
    while s.turn().kind != "terminal" && !done(&times) {
        let Some(&seat) = s.turn().seats.first() else {
            panic!("no seat to act and not over ({})", s.turn().kind)
        };
        salt += 1;
        let started = Instant::now();
        let a = s
            .agent_move(Think {
                spec: &agents[seat.index()],
                seat,
                seed: salt,
                clock_cap,
                stop: &Stop::new(),
            })
            .expect("a move")
            .expect("not stopped");
        if s.legal(seat).len() > 1 {
            times[seat.index()].push(started.elapsed());
        }
        s.apply(seat, &a).expect("a legal move");
    }
    times
}

/// Mean, 95th percentile and longest of `times`, in milliseconds.
fn summary(times: &mut [Duration]) -> (f64, f64, f64) {
    times.sort();
    let n = times.len().max(1);
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    let mean = times.iter().map(|d| ms(*d)).sum::<f64>() / n as f64;
    let p95 = times.get(n * 95 / 100).copied().map_or(0.0, ms);
    let max = times.last().copied().map_or(0.0, ms);
    (mean, p95, max)
}

#[test]
#[ignore = "a minute or more in release: run with --ignored --nocapture"]
fn normal_answers_within_about_a_second() {
    let game = env_or("GRIDWRIGHT_SPEED_GAME", "starcore");
    let strength = env_or("GRIDWRIGHT_SPEED_STRENGTH", "normal");
    let games: u64 = env_number("GRIDWRIGHT_SPEED_GAMES", 2);
    let scenario = std::env::var("GRIDWRIGHT_SPEED_SCENARIO").ok();
    let most: usize = env_number("GRIDWRIGHT_SPEED_MOVES", usize::MAX);
    let kind = GameKind::from_name(&game).expect("a game");
    let (timed_spec, greedy) =
        with_game!(kind, G => (spec_of::<G>(&strength), spec_of::<G>("greedy")));
    let mut times: Vec<Duration> = Vec::new();
    let session = |seed| {
        new_session(kind, &ContentSource::Builtin, scenario.as_deref(), seed).expect("a session")
    };
    let seats = session(100).num_seats();
    for g in 0..games {
        for timed_seat in Seat::all(seats) {
            let mut s = session(100 + g);
            let agents: Vec<AgentSpec> = Seat::all(seats)
                .map(|seat| {
                    if seat == timed_seat {
                        timed_spec.clone()
                    } else {
                        greedy.clone()
                    }
                })
                .collect();
            let mut by_seat = play_out(&mut s, &agents, Some(CLOCK_CAP), Some((timed_seat, most)));
            times.append(&mut by_seat[timed_seat.index()]);
        }
    }
    let (mean, p95, max) = summary(&mut times);
    let capped = times.iter().filter(|d| **d >= CLOCK_CAP).count();
    println!(
        "{game} {} {strength} ({timed_spec}) against greedy, {} games: {} moves with a choice; mean {mean:.0} ms, 95th percentile {p95:.0} ms, max {max:.0} ms; {capped} reached the {} ms cap",
        scenario.as_deref().unwrap_or("(default setup)"),
        games * seats as u64,
        times.len(),
        CLOCK_CAP.as_millis()
    );
    assert!(max < 1100.0, "{game}: a {strength} move took {max:.0} ms");
}

#[test]
#[ignore = "minutes in release: run with --ignored --nocapture"]
fn two_agents_meet() {
    let game = env_or("GRIDWRIGHT_MATCH_GAME", "command-core");
    let scenario = std::env::var("GRIDWRIGHT_MATCH_SCENARIO").ok();
    let (a_name, b_name) = (
        env_or("GRIDWRIGHT_MATCH_A", "hard"),
        env_or("GRIDWRIGHT_MATCH_B", "normal"),
    );
    let games: u64 = env_number("GRIDWRIGHT_MATCH_GAMES", 4);
    let seed: u64 = env_number("GRIDWRIGHT_MATCH_SEED", 1);
    let kind = GameKind::from_name(&game).expect("a game");
    let (a, b) = with_game!(kind, G => (spec_of::<G>(&a_name), spec_of::<G>(&b_name)));
    // Wins, draws and games of the first agent, by its seat.
    let mut record = [[0u64; 3]; 2];
    let mut times = [Vec::new(), Vec::new()];
    for i in 0..games {
        let mut s = new_session(kind, &ContentSource::Builtin, scenario.as_deref(), seed + i)
            .expect("a session");
        assert_eq!(s.num_seats(), 2, "{game}: a match needs a two-seat setup");
        let a_seat = Seat::all(2).nth((i % 2) as usize).expect("two seats");
        let b_seat = a_seat.next(2);
        let agents = if a_seat.index() == 0 {
            [a.clone(), b.clone()]
        } else {
            [b.clone(), a.clone()]
        };
        let started = Instant::now();
        let mut by_seat = play_out(&mut s, &agents, None, None);
        let moves = by_seat[a_seat.index()].len() + by_seat[b_seat.index()].len();
        times[0].append(&mut by_seat[a_seat.index()]);
        times[1].append(&mut by_seat[b_seat.index()]);
        let r = s.returns().expect("a finished game");
        let (ra, rb) = (r[a_seat.index()], r[b_seat.index()]);
        let outcome = if ra > rb {
            "win"
        } else if ra < rb {
            "loss"
        } else {
            "draw"
        };
        let rec = &mut record[a_seat.index()];
        rec[0] += u64::from(ra > rb);
        rec[1] += u64::from(ra == rb);
        rec[2] += 1;
        println!(
            "game {i} seed {}: {a_name} as {a_seat}: {outcome} ({}; {moves} moves with a choice, {:.1} s)",
            seed + i,
            s.end_reason().unwrap_or_default(),
            started.elapsed().as_secs_f64()
        );
    }
    let (wins, draws, n) = (
        record[0][0] + record[1][0],
        record[0][1] + record[1][1],
        games,
    );
    let (lo, hi) = wilson_interval(wins, n);
    let (am, ap, ax) = summary(&mut times[0]);
    let (bm, bp, bx) = summary(&mut times[1]);
    println!(
        "{game} {}: {a_name} ({a}) against {b_name} ({b}), seeds {seed}..{}: {wins} wins, {draws} draws, {} losses of {n} (wins {:.0}%, Wilson 95% {:.0}–{:.0}%); as P1 {}/{} ({} draws), as P2 {}/{} ({} draws); time per move with a choice: {a_name} mean {am:.0} ms, p95 {ap:.0}, max {ax:.0}; {b_name} mean {bm:.0} ms, p95 {bp:.0}, max {bx:.0}",
        scenario.as_deref().unwrap_or("(default setup)"),
        seed + games - 1,
        n - wins - draws,
        100.0 * wins as f64 / n.max(1) as f64,
        100.0 * lo,
        100.0 * hi,
        record[0][0],
        record[0][2],
        record[0][1],
        record[1][0],
        record[1][2],
        record[1][1],
    );
}
