//! Plays complete random Connect Four games on one thread for a given time and prints the rate.
//!
//! ```text
//! cargo run --release -p gridwright-connect-four --example connect_four_random_games -- --seconds 3
//! gridwright cpu_games_per_second=1234567
//! gridwright games_per_second=1234567
//! ```
//!
//! `games_per_second` is games per wall-clock second. `cpu_games_per_second` (Linux only) divides
//! by the CPU time this thread actually got, from `/proc/thread-self/stat`, which keeps the figure
//! meaningful on a machine busy with other work.
//!
//! Each game starts from the initial position and goes through the generic [`Game`] interface
//! only: `turn`, `legal_actions` into a reused buffer, a uniform pick with the engine [`Rng`],
//! and `step` with events disabled — the same work OpenSpiel's `RandomRolloutEvaluator` does per
//! rollout (`Clone`, `LegalActions`, uniform pick, `ApplyAction`, `Returns`). The
//! `bench/openspiel_connect_four.sh` script parses the last line.

use gridwright_connect_four::{Action, Config, ConnectFour};
use gridwright_engine::{Actor, Events, Game, Rng, Seat, Turn};
use std::process::ExitCode;
use std::time::{Duration, Instant};

/// Plays one random game from `start`; returns P1's result (+1, 0, −1).
fn random_game(start: &ConnectFour, rng: &mut Rng, legal: &mut Vec<Action>) -> f64 {
    let mut events = Events::disabled();
    let mut state = start.clone();
    while let Turn::Seat(seat) = state.turn() {
        legal.clear();
        state.legal_actions(seat, legal);
        let action = legal[rng.index(legal.len())];
        state.step(Actor::Seat(seat), action, &mut events);
    }
    state.returns()[Seat::new(0)]
}

/// CPU time (user + system) used by this thread so far, in seconds, where the OS tells us.
/// Ticks are 1/100 s (`CLK_TCK` is 100 on Linux), ample for runs of seconds.
fn thread_cpu_seconds() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/thread-self/stat").ok()?;
    // Fields after the command name in parentheses: state is the first, utime the 12th,
    // stime the 13th.
    let rest = &stat[stat.rfind(')')? + 1..];
    let mut fields = rest.split_whitespace().skip(11);
    let utime: u64 = fields.next()?.parse().ok()?;
    let stime: u64 = fields.next()?.parse().ok()?;
    Some((utime + stime) as f64 / 100.0)
}

fn parse_seconds() -> Result<f64, String> {
    let mut args = std::env::args().skip(1);
    let mut seconds = 3.0;
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--seconds" => {
                let v = args.next().ok_or("--seconds needs a value")?;
                seconds = v
                    .parse::<f64>()
                    .ok()
                    .filter(|s| s.is_finite() && *s > 0.0)
                    .ok_or(format!("--seconds: `{v}` is not a positive number"))?;
            }
            "-h" | "--help" => {
                return Err(
                    "usage: connect_four_random_games [--seconds N]   (default 3)".to_owned(),
                );
            }
            other => return Err(format!("unknown argument `{other}`; try --help")),
        }
    }
    Ok(seconds)
}

fn main() -> ExitCode {
    let seconds = match parse_seconds() {
        Ok(s) => s,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::FAILURE;
        }
    };
    let start = match ConnectFour::new(&Config::default()) {
        Ok(g) => g,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::FAILURE;
        }
    };
    let mut rng = Rng::seed_from_u64(0x00c4_c4c4);
    let mut legal = Vec::with_capacity(7);
    let budget = Duration::from_secs_f64(seconds);

    // Warm up caches and the branch predictor, untimed.
    for _ in 0..10_000 {
        random_game(&start, &mut rng, &mut legal);
    }

    const BATCH: u64 = 4096;
    let mut games = 0u64;
    let mut p1_total = 0.0;
    let cpu0 = thread_cpu_seconds();
    let t0 = Instant::now();
    let elapsed = loop {
        for _ in 0..BATCH {
            p1_total += random_game(&start, &mut rng, &mut legal);
        }
        games += BATCH;
        let e = t0.elapsed();
        if e >= budget {
            break e;
        }
    };
    let cpu = thread_cpu_seconds().zip(cpu0).map(|(b, a)| b - a);
    let rate = games as f64 / elapsed.as_secs_f64();
    eprintln!(
        "played {games} games in {:.3} s; mean return for P1 {:+.4}",
        elapsed.as_secs_f64(),
        p1_total / games as f64
    );
    if let Some(cpu) = cpu.filter(|c| *c > 0.0) {
        println!("gridwright cpu_games_per_second={:.0}", games as f64 / cpu);
    }
    println!("gridwright games_per_second={rate:.0}");
    ExitCode::SUCCESS
}
