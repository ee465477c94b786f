//! Plays N complete random games on the default pairing (as the `random_game` bench does) and
//! prints the games per second of CPU time this process used: a figure that a busy machine
//! disturbs less than wall-clock time. `cargo run --release -p gridwright-starcore --example
//! starcore_random_games -- 2000` (named apart from Connect Four's `random_games`, so that
//! cargo's example outputs do not collide)
#![allow(clippy::expect_used)]

use gridwright_engine::Rng;
use gridwright_engine::testing::random_playout;
#[path = "../benches/shared/mod.rs"]
mod shared;

fn cpu_seconds() -> f64 {
    // utime + stime of this process, from /proc (Linux); 0 elsewhere.
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
    let fields: Vec<&str> = stat
        .rsplit(')')
        .next()
        .unwrap_or("")
        .split_whitespace()
        .collect();
    let ticks = |i: usize| {
        fields
            .get(i)
            .and_then(|v| v.parse::<f64>().ok())
            .unwrap_or(0.0)
    };
    (ticks(11) + ticks(12)) / 100.0
}

fn main() {
    let n: usize = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(2000);
    let (_, start) = shared::default_start();
    let mut rng = Rng::seed_from_u64(1);
    let (mut legal, mut chance) = (Vec::new(), Vec::new());
    let (cpu0, wall0) = (cpu_seconds(), std::time::Instant::now());
    let mut steps = 0usize;
    for _ in 0..n {
        steps += random_playout(&start, &mut rng, &mut legal, &mut chance).1;
    }
    let cpu = cpu_seconds() - cpu0;
    println!(
        "{n} games, {steps} steps: {:.0} games per CPU second, {:.0} per wall second",
        n as f64 / cpu,
        n as f64 / wall0.elapsed().as_secs_f64()
    );
}
