//! Command Core speed: complete random games, state clone, legal action generation, and the
//! legal-action mask (in the programming phase: every program is left out of the index, so this
//! is legal-action generation plus filling `N` flags).
//!
//! `cargo bench -p gridwright-command-core`
//!
//! A "random game" draws every player action uniformly from `legal_actions` and every chance
//! outcome from `chance_outcomes` by weight, through the generic `Game` interface with events
//! disabled, exactly like a simulation's fast path.

// A bench binary may stop on broken shipped content.
#![allow(clippy::expect_used)]

use criterion::{Criterion, Throughput, black_box, criterion_group, criterion_main};
use gridwright_command_core::{Action, CommandCore, Config, Content, Phase};
use gridwright_engine::testing::random_pick;
use gridwright_engine::{ActionIndex, Actor, Events, Game, Rng, Seat, Turn};

/// One complete game of uniformly random legal actions and exactly weighted chance.
fn random_game(
    start: &CommandCore,
    rng: &mut Rng,
    legal: &mut Vec<Action>,
    chance: &mut Vec<(Action, u32)>,
) -> CommandCore {
    let mut events = Events::disabled();
    let mut state = start.clone();
    while let Some((actor, action)) = random_pick(&state, rng, legal, chance) {
        state.step(actor, action, &mut events);
    }
    state
}

/// A position in the programming phase of round 2, for clone and legal-action benches.
fn programming(config: &Config) -> CommandCore {
    let start = CommandCore::new(config).expect("config builds");
    let mut rng = Rng::seed_from_u64(3);
    let (mut legal, mut chance) = (Vec::new(), Vec::new());
    loop {
        let mut state = start.clone();
        let mut events = Events::disabled();
        while !state.is_terminal() {
            if state.phase() == Phase::Programming && state.round() == 2 {
                return state;
            }
            let (actor, action) = match state.turn() {
                Turn::Chance => {
                    chance.clear();
                    state.chance_outcomes(&mut chance);
                    let i = rng.weighted_index(chance.iter().map(|(_, w)| *w));
                    (Actor::Chance, chance[i].0)
                }
                Turn::Seat(s) => {
                    legal.clear();
                    state.legal_actions(s, &mut legal);
                    (Actor::Seat(s), legal[rng.index(legal.len())])
                }
                Turn::Simultaneous(set) => {
                    let s = set.iter().next().unwrap_or(Seat::new(0));
                    legal.clear();
                    state.legal_actions(s, &mut legal);
                    (Actor::Seat(s), legal[rng.index(legal.len())])
                }
                Turn::Terminal => break,
            };
            state.step(actor, action, &mut events);
        }
    }
}

fn benches(c: &mut Criterion) {
    let content = Content::builtin().expect("builtin content");
    for name in ["duel", "skirmish"] {
        let config = content.config(name).expect("scenario");
        let start = CommandCore::new(&config).expect("config builds");
        let mut group = c.benchmark_group(format!("command_core/{name}"));
        group.throughput(Throughput::Elements(1));
        let mut rng = Rng::seed_from_u64(1);
        let (mut legal, mut chance) = (Vec::with_capacity(8192), Vec::with_capacity(512));
        group.bench_function("random_game", |b| {
            b.iter(|| black_box(random_game(&start, &mut rng, &mut legal, &mut chance)).returns())
        });
        let state = programming(&config);
        // The clone only; dropping it (one atomic decrement) is left out of the timing.
        group.bench_function("clone", |b| {
            b.iter_with_large_drop(|| black_box(&state).clone())
        });
        let seat = match state.turn() {
            Turn::Simultaneous(set) => set.iter().next().unwrap_or(Seat::new(0)),
            _ => Seat::new(0),
        };
        let mut out = Vec::with_capacity(8192);
        out.clear();
        state.legal_actions(seat, &mut out);
        eprintln!(
            "{name}: {} legal programs in the benched position",
            out.len()
        );
        group.bench_function("legal_actions_programming", |b| {
            b.iter(|| {
                out.clear();
                black_box(&state).legal_actions(black_box(seat), &mut out);
                black_box(out.len())
            })
        });
        let mut mask = Vec::new();
        group.bench_function("legal_action_mask_programming", |b| {
            b.iter(|| black_box(&state).legal_action_mask(&config, black_box(seat), &mut mask))
        });
        group.finish();
    }
}

criterion_group!(command_core, benches);
criterion_main!(command_core);
