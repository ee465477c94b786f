//! MCTS speed: iterations per second per game, on one and two threads (root parallelism).
//!
//! `cargo bench -p gridwright-agents` — each benchmark is one search of a fixed number of
//! iterations; criterion reports the throughput in iterations per second ("elem/s").
//!
//! - `connect-four`: the initial position, random playouts to the end (no evaluator), as in
//!   `bench/openspiel_mcts.sh`;
//! - `grid-battles`: skirmish, the first decision, the default settings (heuristic playouts,
//!   evaluation after 40 steps);
//! - `command-core`: duel, the first programming decision (a sealed choice among about a
//!   thousand programs), the default settings.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use gridwright_agents::{Evaluator, Mcts, MctsConfig, Rollout};
use gridwright_engine::{Actor, Events, Game, Rng, Seat, SeatView, Turn, sample_chance};
use std::hint::black_box;
use std::sync::Arc;

const ITERATIONS: u64 = 2000;

fn bench_game<G: Game>(c: &mut Criterion, name: &str, state: &G, seat: Seat, mcts: &Mcts<G>) {
    let mut group = c.benchmark_group(format!("mcts/{name}"));
    group.sample_size(10);
    group.throughput(Throughput::Elements(ITERATIONS));
    for threads in [1, 2] {
        let m = Mcts::new(MctsConfig {
            threads,
            iterations: Some(ITERATIONS),
            ..mcts.config().clone()
        });
        let m = match mcts_evaluator(mcts) {
            Some(e) => m.with_evaluator(e),
            None => m,
        };
        let mut rng = Rng::seed_from_u64(1);
        group.bench_function(format!("{threads}-thread"), |b| {
            b.iter(|| black_box(m.search(&SeatView::new(state, seat), &mut rng).iterations));
        });
    }
    group.finish();
}

/// The evaluator of a configured agent, to rebuild it with other thread counts.
fn mcts_evaluator<G: Game>(m: &Mcts<G>) -> Option<Arc<dyn Evaluator<G>>> {
    m.evaluator()
}

fn connect_four(c: &mut Criterion) {
    use gridwright_connect_four::ConnectFour;
    let m = Mcts::<ConnectFour>::new(MctsConfig {
        rollout: Rollout::Random,
        depth: None,
        c: 2.0,
        ..MctsConfig::default()
    });
    bench_game(c, "connect-four", &ConnectFour::initial(), Seat::new(0), &m);
}

fn grid_battles(c: &mut Criterion) {
    use gridwright_grid_battles::{Content, GridBattles, evaluate};
    let Ok(config) = Content::builtin().and_then(|c| c.config("skirmish")) else {
        return;
    };
    let Ok(g) = GridBattles::new(&config) else {
        return;
    };
    let Turn::Seat(seat) = g.turn() else { return };
    let e: Arc<dyn Evaluator<GridBattles>> = Arc::new(|g: &GridBattles, s| Some(evaluate(g, s)));
    let m = Mcts::new(MctsConfig::default()).with_evaluator(e);
    bench_game(c, "grid-battles", &g, seat, &m);
}

fn command_core(c: &mut Criterion) {
    use gridwright_command_core::{CommandCore, Content, Phase, evaluate};
    let Ok(config) = Content::builtin().and_then(|c| c.config("duel")) else {
        return;
    };
    let Ok(mut g) = CommandCore::new(&config) else {
        return;
    };
    // A fixed random walk to the first programming decision.
    let mut rng = Rng::seed_from_u64(3);
    let (mut legal, mut outcomes) = (Vec::new(), Vec::new());
    let seat = loop {
        match g.turn() {
            Turn::Simultaneous(set) if g.phase() == Phase::Programming => {
                let Some(s) = set.iter().next() else { return };
                break s;
            }
            Turn::Chance => {
                let Some(outcome) = sample_chance(&g, &mut rng, &mut outcomes) else {
                    return;
                };
                g.step(Actor::Chance, outcome, &mut Events::disabled());
            }
            Turn::Seat(s) => {
                legal.clear();
                g.legal_actions(s, &mut legal);
                let a = legal[rng.index(legal.len())];
                g.step(Actor::Seat(s), a, &mut Events::disabled());
            }
            _ => return,
        }
    };
    let e: Arc<dyn Evaluator<CommandCore>> = Arc::new(|g: &CommandCore, s| Some(evaluate(g, s)));
    let m = Mcts::new(MctsConfig::default()).with_evaluator(e);
    bench_game(c, "command-core", &g, seat, &m);
}

criterion_group!(benches, connect_four, grid_battles, command_core);
criterion_main!(benches);
