//! Starcore speed: complete random games, state clone, legal action generation and the
//! legal-action mask, on the default pairing (`arc-foundry-vs-iron-vanguard`).
//!
//! `cargo bench -p gridwright-starcore`
//!
//! A "random game" draws every player action uniformly from `legal_actions` and every chance
//! outcome from `chance_outcomes` by weight, through the generic `Game` interface with events
//! disabled, exactly like a simulation's fast path.

// A bench binary may stop on broken shipped content.
#![allow(clippy::expect_used)]

use criterion::{Criterion, Throughput, black_box, criterion_group, criterion_main};
use gridwright_engine::testing::{random_pick, random_playout};
use gridwright_engine::{ActionIndex, Events, Game, Rng};
use gridwright_starcore::{PhaseView, Starcore, TurnStep};

mod shared;

/// A Build step of turn 9 or later, for clone and legal-action benches.
fn midgame(start: &Starcore) -> Starcore {
    let mut rng = Rng::seed_from_u64(3);
    let (mut legal, mut chance) = (Vec::new(), Vec::new());
    loop {
        let mut state = start.clone();
        let mut events = Events::disabled();
        while let Some((actor, action)) = random_pick(&state, &mut rng, &mut legal, &mut chance) {
            if state.turn_number() >= 9
                && state.phase()
                    == (PhaseView::Turn {
                        step: TurnStep::Build,
                    })
                && state.stack_len() == 0
            {
                return state;
            }
            state.step(actor, action, &mut events);
        }
    }
}

fn benches(c: &mut Criterion) {
    let (config, start) = shared::default_start();
    let mut rng = Rng::seed_from_u64(1);
    let (mut legal, mut chance) = (Vec::new(), Vec::new());

    let mut g = c.benchmark_group("starcore");
    g.throughput(Throughput::Elements(1));
    g.bench_function("random_game", |b| {
        b.iter(|| black_box(random_playout(&start, &mut rng, &mut legal, &mut chance)));
    });
    let mid = midgame(&start);
    let seat = mid.active();
    g.bench_function("clone_midgame", |b| b.iter(|| black_box(mid.clone())));
    g.bench_function("legal_actions_midgame", |b| {
        b.iter(|| {
            legal.clear();
            mid.legal_actions(seat, &mut legal);
            black_box(legal.len())
        });
    });
    let mut mask = Vec::new();
    g.bench_function("legal_action_mask_midgame", |b| {
        b.iter(|| black_box(mid.legal_action_mask(&config, seat, &mut mask)));
    });
    g.finish();
}

criterion_group!(starcore, benches);
criterion_main!(starcore);
