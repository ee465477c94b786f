//! Uniformly random games through the generic `Game` interface (the engine's
//! `random_playout`, as simulations play them), for profiling:
//! `cargo run --release -p gridwright-command-core --example random_playouts -- duel 20000`.

use gridwright_command_core::{CommandCore, Content};
use gridwright_engine::testing::random_playout;
use gridwright_engine::{Game, Rng};

fn main() {
    let mut args = std::env::args().skip(1);
    let name = args.next().unwrap_or_else(|| "duel".into());
    let n: u32 = args.next().and_then(|s| s.parse().ok()).unwrap_or(10_000);
    let Ok(content) = Content::builtin() else {
        return;
    };
    let Ok(config) = content.config(&name) else {
        return;
    };
    let Ok(start) = CommandCore::new(&config) else {
        return;
    };
    let mut rng = Rng::seed_from_u64(1);
    let (mut legal, mut chance) = (Vec::new(), Vec::new());
    let mut steps = 0u64;
    let t = std::time::Instant::now();
    for _ in 0..n {
        let (_, taken) = random_playout(&start, &mut rng, &mut legal, &mut chance);
        steps += taken as u64;
    }
    let e = t.elapsed();
    println!(
        "{name}: {n} games in {e:?}: {:.0} games/s, {:.1} steps/game",
        f64::from(n) / e.as_secs_f64(),
        steps as f64 / f64::from(n)
    );
}
