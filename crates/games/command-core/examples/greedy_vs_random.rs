//! Greedy against random over many games: `cargo run --release -p gridwright-command-core
//! --example greedy_vs_random -- duel 200`.

use gridwright_command_core::{CommandCore, GreedyAgent};
use gridwright_engine::testing::{Sealed, next_seat};
use gridwright_engine::{
    Actor, Agent, Events, Game, PerSeat, RandomAgent, Rng, Seat, SeatView, derive_seed,
};

mod common;

fn main() {
    let Some((name, n, start)) = common::setup(100) else {
        return;
    };
    let n = u64::from(n);
    let t0 = std::time::Instant::now();
    let mut wins = PerSeat::from_fn(2, |_| 0u32);
    let mut draws = 0;
    for g in 0..n {
        let greedy_seat = Seat::new((g % 2) as u8);
        let mut rng = Rng::seed_from_u64(derive_seed(42, g));
        let mut greedy = GreedyAgent::default();
        let mut random = RandomAgent;
        let mut state = start.clone();
        let mut chance = Vec::new();
        let mut events = Events::disabled();
        while let Some(seat) = next_seat(&mut state, &mut rng, &mut chance, Sealed::Lowest) {
            let view = SeatView::new(&state, seat);
            let a = if seat == greedy_seat {
                greedy.choose(&view, &mut rng)
            } else {
                Agent::<CommandCore>::choose(&mut random, &view, &mut rng)
            };
            state.step(Actor::Seat(seat), a, &mut events);
        }
        match state.winner() {
            Some(w) if w == greedy_seat => wins[greedy_seat] += 1,
            Some(_) => {}
            None => draws += 1,
        }
    }
    println!(
        "{name}: greedy won {} of {} as P1, {} of {} as P2, {draws} draws, {:?}",
        wins[Seat::new(0)],
        n.div_ceil(2),
        wins[Seat::new(1)],
        n / 2,
        t0.elapsed()
    );
}
