//! Connect Four speed: complete random games, state clone, legal action generation, the flat
//! action index and the legal-action mask.
//!
//! `cargo bench -p gridwright-connect-four`

use criterion::{BatchSize, Criterion, Throughput, black_box, criterion_group, criterion_main};
use gridwright_connect_four::{Action, Config, ConnectFour};
use gridwright_engine::{ActionIndex, Actor, Events, Game, Rng, Seat, Turn};

/// One complete game of uniform random legal moves through the generic `Game` interface.
fn random_game(rng: &mut Rng, legal: &mut Vec<Action>) -> ConnectFour {
    let mut events = Events::disabled();
    let mut state = ConnectFour::initial();
    while let Turn::Seat(seat) = state.turn() {
        legal.clear();
        state.legal_actions(seat, legal);
        let action = legal[rng.index(legal.len())];
        state.step(Actor::Seat(seat), action, &mut events);
    }
    state
}

/// A mid-game position (12 random discs in, game still on), for clone and legal benches.
fn midgame() -> ConnectFour {
    let mut rng = Rng::seed_from_u64(7);
    loop {
        let mut state = ConnectFour::initial();
        for _ in 0..12 {
            let Turn::Seat(seat) = state.turn() else {
                break;
            };
            let legal = state.legal_actions_vec(seat);
            let action = legal[rng.index(legal.len())];
            state.step(Actor::Seat(seat), action, &mut Events::disabled());
        }
        if !state.is_terminal() {
            return state;
        }
    }
}

fn benches(c: &mut Criterion) {
    let mut group = c.benchmark_group("connect_four");
    group.throughput(Throughput::Elements(1));

    let mut rng = Rng::seed_from_u64(1);
    let mut legal = Vec::with_capacity(7);
    group.bench_function("random_game", |b| {
        b.iter(|| black_box(random_game(&mut rng, &mut legal)).returns())
    });

    let state = midgame();
    group.bench_function("clone", |b| b.iter(|| black_box(black_box(&state).clone())));

    let seat = state.to_move().unwrap_or(Seat::new(0));
    group.bench_function("legal_actions", |b| {
        b.iter_batched_ref(
            || Vec::with_capacity(7),
            |out: &mut Vec<Action>| {
                out.clear();
                black_box(&state).legal_actions(black_box(seat), out);
                black_box(out.len())
            },
            BatchSize::SmallInput,
        )
    });

    let config = Config::default();
    let legal = state.legal_actions_vec(seat);
    group.bench_function("action_index_round_trip", |b| {
        b.iter(|| {
            let mut sum = 0;
            for a in black_box(&legal) {
                let i = ConnectFour::action_index(&config, a).unwrap_or(0);
                sum += i + usize::from(ConnectFour::action_from_index(&config, i).is_some());
            }
            sum
        })
    });
    let mut mask = Vec::with_capacity(7);
    group.bench_function("legal_action_mask", |b| {
        b.iter(|| black_box(&state).legal_action_mask(&config, black_box(seat), &mut mask))
    });
    group.finish();
}

criterion_group!(connect_four, benches);
criterion_main!(connect_four);
