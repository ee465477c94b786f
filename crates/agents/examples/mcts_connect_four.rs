//! MCTS simulations per second on Connect Four from the initial position, one thread, random
//! playouts to the end: our side of `bench/openspiel_mcts.sh`.
//!
//! `cargo run --release -p gridwright-agents --example mcts_connect_four -- --seconds 3 --sims 10000 --c 2`
//!
//! Prints `gridwright cpu_sims_per_second=<N>` and `gridwright sims_per_second=<N>`.

use gridwright_agents::{Mcts, MctsConfig, Rollout};
use gridwright_connect_four::ConnectFour;
use gridwright_engine::{Rng, Seat, SeatView};
use std::time::Instant;

/// CPU time of this thread, in seconds (Linux; elsewhere `None`).
fn thread_cpu() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/thread-self/stat").ok()?;
    let after = stat.rsplit_once(')')?.1;
    let fields: Vec<&str> = after.split_whitespace().collect();
    let ticks: f64 = fields.get(11)?.parse::<f64>().ok()? + fields.get(12)?.parse::<f64>().ok()?;
    Some(ticks / 100.0)
}

fn main() {
    let mut seconds = 3.0f64;
    let mut sims = 10_000u64;
    let mut c = 2.0f64;
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        let v = args.next().and_then(|v| v.parse::<f64>().ok());
        match (a.as_str(), v) {
            ("--seconds", Some(v)) => seconds = v,
            ("--sims", Some(v)) => sims = v as u64,
            ("--c", Some(v)) => c = v,
            _ => {
                eprintln!("usage: mcts_connect_four [--seconds S] [--sims N] [--c C]");
                std::process::exit(2);
            }
        }
    }
    let mcts = Mcts::<ConnectFour>::new(MctsConfig {
        iterations: Some(sims),
        c,
        rollout: Rollout::Random,
        depth: None,
        ..MctsConfig::default()
    });
    let game = ConnectFour::initial();
    let view = SeatView::new(&game, Seat::new(0));
    let mut rng = Rng::seed_from_u64(1);
    mcts.search(&view, &mut rng); // warm-up, untimed
    let cpu0 = thread_cpu();
    let t = Instant::now();
    let mut total = 0u64;
    while t.elapsed().as_secs_f64() < seconds {
        total += mcts.search(&view, &mut rng).iterations;
    }
    let wall = t.elapsed().as_secs_f64();
    eprintln!("gridwright: {total} simulations in {wall:.3} s ({sims} per search, c = {c})");
    if let (Some(a), Some(b)) = (cpu0, thread_cpu()) {
        if b > a {
            println!(
                "gridwright cpu_sims_per_second={:.0}",
                total as f64 / (b - a)
            );
        }
    }
    println!("gridwright sims_per_second={:.0}", total as f64 / wall);
}
