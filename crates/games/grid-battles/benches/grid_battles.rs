//! Grid Battles throughput: complete random games per second (uniform legal actions, chance
//! sampled, events disabled), state clone cost, legal-action generation cost, and the cost of
//! the flat action index (every legal action to its index and back) and of the legal-action mask.
//!
//! Run with `cargo bench -p gridwright-grid-battles` (add `-- --quick` for a short run).

use criterion::{BatchSize, Criterion, Throughput, criterion_group, criterion_main};
use gridwright_engine::{ActionIndex, Actor, Events, Game, Rng, Seat, Turn};
use gridwright_grid_battles::{Action, Content, GridBattles, Phase};
use std::hint::black_box;

/// Plays one random game from `start` and returns the number of steps.
fn random_game(
    start: &GridBattles,
    rng: &mut Rng,
    legal: &mut Vec<Action>,
    outcomes: &mut Vec<(Action, u32)>,
) -> usize {
    let mut g = start.clone();
    let mut events = Events::disabled();
    let mut steps = 0;
    loop {
        match g.turn() {
            Turn::Terminal => return steps,
            Turn::Chance => {
                outcomes.clear();
                g.chance_outcomes(outcomes);
                let i = rng.weighted_index(outcomes.iter().map(|(_, w)| *w));
                g.step(Actor::Chance, outcomes[i].0, &mut events);
            }
            Turn::Seat(s) => {
                legal.clear();
                g.legal_actions(s, legal);
                let a = legal[rng.index(legal.len())];
                g.step(Actor::Seat(s), a, &mut events);
            }
            Turn::Simultaneous(_) => return steps,
        }
        steps += 1;
    }
}

/// The first position after at least 20 random steps that is in `phase` (falls back to the
/// last position reached).
fn position_in(start: &GridBattles, phase: Phase) -> GridBattles {
    let mut rng = Rng::seed_from_u64(3);
    let mut legal = Vec::new();
    let mut outcomes = Vec::new();
    let mut last = start.clone();
    for _ in 0..50 {
        let mut g = start.clone();
        for step in 0.. {
            if step >= 20 && g.phase() == phase {
                return g;
            }
            match g.turn() {
                Turn::Seat(s) => {
                    legal.clear();
                    g.legal_actions(s, &mut legal);
                    let a = legal[rng.index(legal.len())];
                    g.step(Actor::Seat(s), a, &mut Events::disabled());
                }
                Turn::Chance => {
                    outcomes.clear();
                    g.chance_outcomes(&mut outcomes);
                    let a = outcomes[rng.index(outcomes.len())].0;
                    g.step(Actor::Chance, a, &mut Events::disabled());
                }
                _ => break,
            }
        }
        last = g;
    }
    last
}

fn benches(c: &mut Criterion) {
    let content = match Content::builtin() {
        Ok(c) => c,
        Err(e) => panic!("shipped content is broken: {e}"),
    };
    for name in content.scenario_names() {
        let Ok(config) = content.config(&name) else {
            panic!("scenario {name} does not load");
        };
        let Ok(start) = GridBattles::new(&config) else {
            panic!("scenario {name} does not build");
        };
        let mut group = c.benchmark_group(format!("grid-battles/{name}"));
        group.throughput(Throughput::Elements(1));
        let mut rng = Rng::seed_from_u64(7);
        let mut legal = Vec::with_capacity(256);
        let mut outcomes = Vec::with_capacity(64);
        group.bench_function("random_game", |b| {
            b.iter(|| black_box(random_game(&start, &mut rng, &mut legal, &mut outcomes)));
        });
        let mid = position_in(&start, Phase::Movement);
        group.bench_function("clone", |b| b.iter(|| black_box(mid.clone())));
        for (label, phase) in [
            ("legal_actions/movement", Phase::Movement),
            ("legal_actions/attack", Phase::Attack),
        ] {
            let g = position_in(&start, phase);
            let seat = match g.turn() {
                Turn::Seat(s) => s,
                _ => Seat::new(0),
            };
            group.bench_function(label, |b| {
                b.iter_batched_ref(
                    || Vec::with_capacity(256),
                    |out: &mut Vec<Action>| {
                        out.clear();
                        g.legal_actions(seat, out);
                        black_box(out.len())
                    },
                    BatchSize::SmallInput,
                );
            });
        }
        let seat = match mid.turn() {
            Turn::Seat(s) => s,
            _ => Seat::new(0),
        };
        let moves = mid.legal_actions_vec(seat);
        group.bench_function("action_index_round_trip/movement", |b| {
            b.iter(|| {
                let mut sum = 0;
                for a in black_box(&moves) {
                    let i = GridBattles::action_index(&config, a).unwrap_or(0);
                    sum += i + usize::from(GridBattles::action_from_index(&config, i).is_some());
                }
                sum
            });
        });
        let mut mask = Vec::new();
        group.bench_function("legal_action_mask/movement", |b| {
            b.iter(|| black_box(mid.legal_action_mask(&config, seat, &mut mask)));
        });
        group.finish();
    }
}

/// `n` unit types without a `letter`: every one after the first few collides on its map letter,
/// so validation reports about `n` problems, each with a line number.
fn many_units(n: usize) -> String {
    let mut s = String::new();
    for i in 0..n {
        s.push_str(&format!(
            "[[unit]]\nid = \"u{i}\"\nbase = [\"infantry\"]\nattack = \"melee\"\nmovement = 2\nhealth = 4\nattack_die = \"blue\"\ndefence_die = \"grey\"\n\n"
        ));
    }
    s
}

/// Content validation must be linear in the file: compare the time per unit at 5,000 and
/// 20,000 units (it was quadratic: each problem's line number counted newlines from the start).
fn content_validation(c: &mut Criterion) {
    const DICE: &str = include_str!("../../../../content/grid-battles/dice.toml");
    const RULES: &str = include_str!("../../../../content/grid-battles/rules.toml");
    let mut group = c.benchmark_group("grid-battles/content");
    group.sample_size(10);
    for n in [5_000, 20_000] {
        let units = many_units(n);
        group.throughput(Throughput::Elements(n as u64));
        group.bench_function(format!("validate_{n}_units"), |b| {
            b.iter(|| black_box(Content::from_sources(&units, DICE, RULES, Vec::new()).is_err()));
        });
    }
    group.finish();
}

criterion_group!(grid_battles, benches, content_validation);
criterion_main!(grid_battles);
