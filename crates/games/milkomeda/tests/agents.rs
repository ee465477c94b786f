//! The greedy agent against random play, from every seat. The figures are printed
//! (`--nocapture`) for docs/rules/milkomeda.md.

use crate::common::config;
use gridwright_engine::{Agent, Game, RandomAgent, Rng, Seat, SeatView, Turn};
use gridwright_milkomeda::{GreedyAgent, Milkomeda, evaluate};

/// Plays one game with greedy at `greedy_seat` and random elsewhere; whether greedy ranked
/// first alone.
fn greedy_wins(scenario: &str, seed: u64, greedy_seat: Seat) -> bool {
    let mut g = Milkomeda::new(&config(scenario)).unwrap();
    let mut rng = Rng::seed_from_u64(seed);
    let mut greedy = GreedyAgent::new();
    let mut scratch = Vec::new();
    loop {
        let seat = match g.turn() {
            Turn::Terminal => break,
            Turn::Chance => {
                let a = gridwright_engine::sample_chance(&g, &mut rng, &mut scratch).unwrap();
                g.step(
                    gridwright_engine::Actor::Chance,
                    a,
                    &mut gridwright_engine::Events::disabled(),
                );
                continue;
            }
            Turn::Seat(s) => s,
            Turn::Simultaneous(set) => set.iter().next().unwrap(),
        };
        let view = SeatView::new(&g, seat);
        let a = if seat == greedy_seat {
            greedy.choose(&view, &mut rng)
        } else {
            RandomAgent.choose(&view, &mut rng)
        };
        g.apply(
            gridwright_engine::Actor::Seat(seat),
            a,
            &mut gridwright_engine::Events::disabled(),
        )
        .unwrap();
    }
    let r = g.returns();
    r[greedy_seat] >= 1.0 - 1e-9
}

#[test]
fn greedy_beats_random_from_every_seat() {
    for (scenario, seats, games, want) in [
        ("duel", 2, 40, 0.8),
        ("three", 3, 12, 0.6),
        ("four", 4, 12, 0.6),
    ] {
        let mut wins = 0;
        for i in 0..games {
            let seat = Seat::new((i % seats) as u8);
            wins += usize::from(greedy_wins(scenario, 100 + i as u64, seat));
        }
        let share = wins as f64 / games as f64;
        println!(
            "{scenario}: greedy first in {wins}/{games} ({:.0}%), 1/N = {:.0}%",
            share * 100.0,
            100.0 / seats as f64
        );
        assert!(share >= want, "{scenario}: greedy won only {wins}/{games}");
    }
}

#[test]
fn evaluate_is_the_returns_at_the_end_and_zero_sum_at_the_start() {
    let g = Milkomeda::new(&config("duel")).unwrap();
    assert_eq!(evaluate(&g, Seat::new(0)), 0.0);
    assert_eq!(evaluate(&g, Seat::new(1)), 0.0);
    let (end, _) = crate::common::random_game(&config("small"), 4);
    for s in Seat::all(2) {
        assert_eq!(evaluate(&end, s), end.returns()[s]);
    }
}
