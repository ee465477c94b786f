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

/// Release-build measurements for docs/rules/milkomeda.md (ignored; run with
/// `cargo test --release -p gridwright-milkomeda --test integration -- --ignored
/// measure_greedy_and_speed --nocapture`): greedy against random in 50 `duel` games (25 from
/// each seat, seeds 1000–1049) with how each ended, and random two-player games per second.
#[test]
#[ignore = "a measurement: release build, prints figures"]
fn measure_greedy_and_speed() {
    let mut wins = [0u32; 2];
    for i in 0..50u64 {
        let seat = Seat::new((i % 2) as u8);
        wins[seat.index()] += u32::from(greedy_wins("duel", 1000 + i, seat));
    }
    println!(
        "duel: greedy first in {}/50 (as P1 {}/25, as P2 {}/25)",
        wins[0] + wins[1],
        wins[0],
        wins[1]
    );
    let c = config("duel");
    let mut ends = std::collections::BTreeMap::<String, u32>::new();
    let t = std::time::Instant::now();
    let n = 200u64;
    let mut steps = 0;
    for seed in 0..n {
        let (g, s) = crate::common::random_game(&c, seed);
        steps += s;
        let e = format!("{:?}", g.ended().unwrap());
        *ends
            .entry(e.split([' ', '{', '(']).next().unwrap().to_owned())
            .or_default() += 1;
    }
    let secs = t.elapsed().as_secs_f64();
    // The bribe payment space (issue 20.7) at every offer step of 20 random and 10 greedy
    // duels: how many payments the offerer's storage allows.
    let mut sizes = Vec::new();
    for seed in 0..30u64 {
        let mut g = Milkomeda::new(&c).unwrap();
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
            if let gridwright_milkomeda::Phase::Orders(o) = g.phase()
                && matches!(o.stage(), gridwright_milkomeda::OrderStage::Offers { .. })
            {
                sizes.push(
                    gridwright_milkomeda::rules::bribes::PaymentSpace::new(g.storage(seat)).count(),
                );
            }
            let view = SeatView::new(&g, seat);
            let a = if seed >= 20 {
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
    }
    sizes.sort_unstable();
    if !sizes.is_empty() {
        println!(
            "bribe payments the storage allows at {} offer steps: median {}, 90th percentile {}, max {}",
            sizes.len(),
            sizes[sizes.len() / 2],
            sizes[sizes.len() * 9 / 10],
            sizes[sizes.len() - 1]
        );
    }
    println!(
        "duel: {n} random games in {secs:.2} s = {:.0} games/s ({} steps each on average); ends {ends:?}",
        n as f64 / secs,
        steps / n as usize
    );
}
