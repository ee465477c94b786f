//! Uniformly random games through the generic `Game` interface, for profiling:
//! `cargo run --release -p gridwright-command-core --example random_playouts -- duel 20000`.

use gridwright_command_core::{CommandCore, Content};
use gridwright_engine::{Actor, Events, Game, Rng, Turn};

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
    let mut events = Events::disabled();
    let mut steps = 0u64;
    let t = std::time::Instant::now();
    for _ in 0..n {
        let mut g = start.clone();
        loop {
            let (actor, action) = match g.turn() {
                Turn::Terminal => break,
                Turn::Chance => {
                    chance.clear();
                    g.chance_outcomes(&mut chance);
                    let i = rng.weighted_index(chance.iter().map(|(_, w)| *w));
                    (Actor::Chance, chance[i].0)
                }
                Turn::Seat(s) => {
                    legal.clear();
                    g.legal_actions(s, &mut legal);
                    (Actor::Seat(s), legal[rng.index(legal.len())])
                }
                Turn::Simultaneous(set) => {
                    let Some(s) = set.iter().next() else { break };
                    legal.clear();
                    g.legal_actions(s, &mut legal);
                    (Actor::Seat(s), legal[rng.index(legal.len())])
                }
            };
            g.step(actor, action, &mut events);
            steps += 1;
        }
    }
    let e = t.elapsed();
    println!(
        "{name}: {n} games in {e:?}: {:.0} games/s, {:.1} steps/game",
        f64::from(n) / e.as_secs_f64(),
        steps as f64 / f64::from(n)
    );
}
