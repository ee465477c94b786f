//! Uniformly random games through the generic `Game` interface (the engine's
//! `random_playout`, as simulations play them), for profiling:
//! `cargo run --release -p gridwright-command-core --example random_playouts -- duel 20000`.

use gridwright_engine::Rng;
use gridwright_engine::testing::random_playout;

mod common;

fn main() {
    let Some((name, n, start)) = common::setup(10_000) else {
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
