//! Milkomeda speed: complete random games (two and four players), state clone and legal
//! action generation at a mid-game turn.
//!
//! `cargo bench -p gridwright-milkomeda`
//!
//! A "random game" draws every player action uniformly from `legal_actions` and every chance
//! outcome from `chance_outcomes` by weight, through the generic `Game` interface with events
//! disabled, exactly like a simulation's fast path.

// A bench binary may stop on broken shipped content.
#![allow(clippy::expect_used)]

use criterion::{Criterion, Throughput, black_box, criterion_group, criterion_main};
use gridwright_engine::testing::random_pick;
use gridwright_engine::{Events, Game, Rng, Seat, Turn};
use gridwright_milkomeda::{Action, Content, Milkomeda};

fn random_step(
    state: &mut Milkomeda,
    rng: &mut Rng,
    legal: &mut Vec<Action>,
    chance: &mut Vec<(Action, u32)>,
) -> bool {
    let Some((actor, action)) = random_pick(state, rng, legal, chance) else {
        return false;
    };
    state.step(actor, action, &mut Events::disabled());
    true
}

fn random_game(start: &Milkomeda, rng: &mut Rng) -> Milkomeda {
    let (mut legal, mut chance) = (Vec::new(), Vec::new());
    let mut state = start.clone();
    while random_step(&mut state, rng, &mut legal, &mut chance) {}
    state
}

/// The state after 300 random steps (mid-game).
fn mid_game(start: &Milkomeda) -> Milkomeda {
    let mut rng = Rng::seed_from_u64(5);
    let (mut legal, mut chance) = (Vec::new(), Vec::new());
    let mut state = start.clone();
    for _ in 0..300 {
        random_step(&mut state, &mut rng, &mut legal, &mut chance);
    }
    state
}

fn benches(c: &mut Criterion) {
    let content = Content::builtin().expect("shipped content loads");
    for scenario in ["duel", "four"] {
        let start = Milkomeda::new(&content.config(scenario).expect("scenario")).expect("setup");
        let mut g = c.benchmark_group(format!("milkomeda/{scenario}"));
        g.sample_size(10);
        g.throughput(Throughput::Elements(1));
        let mut rng = Rng::seed_from_u64(1);
        g.bench_function("random_game", |b| {
            b.iter(|| black_box(random_game(&start, &mut rng)))
        });
        let mid = mid_game(&start);
        g.bench_function("clone", |b| b.iter(|| black_box(mid.clone())));
        let seat = match mid.turn() {
            Turn::Seat(s) => s,
            Turn::Simultaneous(set) => set.iter().next().expect("a seat"),
            _ => Seat::new(0),
        };
        let mut legal = Vec::new();
        g.bench_function("legal_actions", |b| {
            b.iter(|| {
                legal.clear();
                mid.legal_actions(seat, &mut legal);
                black_box(legal.len())
            })
        });
        g.finish();
    }
}

criterion_group!(milkomeda, benches);
criterion_main!(milkomeda);
