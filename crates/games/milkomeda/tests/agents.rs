//! The greedy agent against random play, from every seat. The figures are printed
//! (`--nocapture`) for docs/rules/milkomeda.md.

use crate::common::config;
use gridwright_engine::testing::{Sealed, next_seat};
use gridwright_engine::{Actor, Agent, Events, Game, RandomAgent, Rng, Seat, SeatView};
use gridwright_milkomeda::{GreedyAgent, Milkomeda, evaluate};

/// Plays `g` to its end drawing from `rng`: the greedy agent for the seats `greedy_at` picks,
/// random play for the others; `before` sees the game and the seat before each seat's move.
fn play_out(
    g: &mut Milkomeda,
    rng: &mut Rng,
    greedy_at: impl Fn(Seat) -> bool,
    mut before: impl FnMut(&Milkomeda, Seat),
) {
    let mut greedy = GreedyAgent::new();
    let mut scratch = Vec::new();
    while let Some(seat) = next_seat(g, rng, &mut scratch, Sealed::Lowest) {
        before(g, seat);
        let view = SeatView::new(&*g, seat);
        let a = if greedy_at(seat) {
            greedy.choose(&view, rng)
        } else {
            RandomAgent.choose(&view, rng)
        };
        g.apply(Actor::Seat(seat), a, &mut Events::disabled())
            .unwrap();
    }
}

/// Plays one game with greedy at `greedy_seat` and random elsewhere; whether greedy ranked
/// first alone.
fn greedy_wins(scenario: &str, seed: u64, greedy_seat: Seat) -> bool {
    let mut g = Milkomeda::new(&config(scenario)).unwrap();
    let mut rng = Rng::seed_from_u64(seed);
    play_out(&mut g, &mut rng, |seat| seat == greedy_seat, |_, _| {});
    let r = g.returns();
    r[greedy_seat] >= 1.0 - 1e-9
}

/// Greedy against random from every seat in turn: greedy must come first alone in at least
/// `want` of `games` games. One test per setup, so the test harness runs them side by side;
/// the games of one setup are shared out over the machine's threads too (each game has its
/// own seed, so the count is the same for any number of threads).
fn greedy_beats_random_from_every_seat(scenario: &str, seats: usize, games: usize, want: f64) {
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let wins: usize = std::thread::scope(|s| {
        let workers: Vec<_> = (0..threads)
            .map(|t| {
                s.spawn(move || {
                    (t..games)
                        .step_by(threads)
                        .filter(|&i| {
                            let seat = Seat::new((i % seats) as u8);
                            greedy_wins(scenario, 100 + i as u64, seat)
                        })
                        .count()
                })
            })
            .collect();
        workers
            .into_iter()
            .map(|w| w.join().expect("a game panicked"))
            .sum()
    });
    let share = wins as f64 / games as f64;
    println!(
        "{scenario}: greedy first in {wins}/{games} ({:.0}%), 1/N = {:.0}%",
        share * 100.0,
        100.0 / seats as f64
    );
    assert!(share >= want, "{scenario}: greedy won only {wins}/{games}");
}

#[test]
fn greedy_beats_random_from_every_seat_in_duel() {
    greedy_beats_random_from_every_seat("duel", 2, 20, 0.8);
}

#[test]
fn greedy_beats_random_from_every_seat_in_three() {
    greedy_beats_random_from_every_seat("three", 3, 12, 0.6);
}

#[test]
fn greedy_beats_random_from_every_seat_in_four() {
    greedy_beats_random_from_every_seat("four", 4, 12, 0.6);
}

#[test]
fn evaluate_is_the_returns_at_the_end_and_even_at_the_start() {
    let g = Milkomeda::new(&config("duel")).unwrap();
    let (a, b) = (evaluate(&g, Seat::new(0)), evaluate(&g, Seat::new(1)));
    // At the start the holdings part (zero-sum) is zero; what is left is the progress share,
    // the same for every seat and at most its 20%.
    assert!((a - b).abs() < 1e-12, "{a} {b}");
    assert!((0.0..=0.2).contains(&a), "{a}");
    let (end, _) = crate::common::random_game(&config("small"), 4);
    for s in Seat::all(2) {
        assert_eq!(evaluate(&end, s), end.returns()[s]);
    }
}

/// Plays one game with `agents[i]` at seat `i` (`true`: the greedy agent, `false`: the greedy
/// agent that never bribes); the final state and the payment of every bribe transferred.
fn greedy_game(
    scenario: &str,
    seed: u64,
    bribing: &[bool],
) -> (Milkomeda, Vec<gridwright_milkomeda::Resources>) {
    let mut transfers = Vec::new();
    let mut g = Milkomeda::new(&config(scenario)).unwrap();
    let mut rng = Rng::seed_from_u64(seed);
    let mut agents: Vec<GreedyAgent> = bribing
        .iter()
        .map(|b| {
            if *b {
                GreedyAgent::new()
            } else {
                GreedyAgent::without_bribes()
            }
        })
        .collect();
    let mut scratch = Vec::new();
    while let Some(seat) = next_seat(&mut g, &mut rng, &mut scratch, Sealed::Lowest) {
        let a = agents[seat.index()].choose(&SeatView::new(&g, seat), &mut rng);
        let mut events = gridwright_engine::Events::recording();
        g.apply(gridwright_engine::Actor::Seat(seat), a, &mut events)
            .unwrap();
        transfers.extend(events.take().iter().filter_map(|e| match e {
            gridwright_milkomeda::Event::Transferred { transfer, .. } => {
                Some(transfer.payment.as_resources())
            }
            _ => None,
        }));
    }
    (g, transfers)
}

/// Greedy against greedy: how the games of every standard setup end (§2, §14: the grid
/// completed or the last objective slot claimed; the round limit and the no-progress rule are
/// safety valves). Run on purpose for docs/rules/milkomeda.md: `cargo test --release -p
/// gridwright-milkomeda --test integration -- --ignored --nocapture how_greedy_games_end`;
/// `GAMES` sets the games per setup (default 20).
#[test]
#[ignore = "a measurement (minutes): run on purpose"]
fn how_greedy_games_end() {
    let games: u64 = std::env::var("GAMES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(20);
    let only = std::env::var("SETUP").unwrap_or_default();
    for (scenario, seats) in [("duel", 2), ("three", 3), ("four", 4)] {
        if !only.is_empty() && only != scenario {
            continue;
        }
        let t = std::time::Instant::now();
        let mut ends = std::collections::BTreeMap::new();
        let mut seed_endings = 0;
        let mut rounds = 0;
        let (mut deck_left, mut claimed) = (0, 0);
        for i in 0..games {
            let (g, _) = greedy_game(scenario, 1000 + i, &vec![true; seats]);
            deck_left += g.deck_left();
            claimed += g
                .observe(gridwright_engine::Viewer::Spectator)
                .objectives
                .iter()
                .map(|o| o.slots.iter().filter(|s| s.holder.is_some()).count())
                .sum::<usize>();
            let e = g.ended().unwrap();
            *ends.entry(e.words()).or_insert(0) += 1;
            seed_endings += u64::from(e.is_seed_ending());
            rounds += g.round();
        }
        println!(
            "{scenario}: {games} greedy games, {seed_endings} ended by a seed trigger ({:.0}%): \
             {ends:?}; mean {:.1} rounds, {:.1} sector cards left, {:.1} slots claimed; {:.1} s",
            100.0 * seed_endings as f64 / games as f64,
            f64::from(rounds) / games as f64,
            deck_left as f64 / games as f64,
            claimed as f64 / games as f64,
            t.elapsed().as_secs_f64()
        );
    }
}

/// Does bribing pay for the briber (the rulebook's transfers, the default)? In each game one
/// seat (in turn) plays the greedy agent that never bribes and the others the greedy agent;
/// printed: the win share of the bribing seats and of the non-bribing seat, against the fair
/// share. Same command as above with `does_bribing_pay`.
#[test]
#[ignore = "a measurement (minutes): run on purpose"]
fn does_bribing_pay() {
    let games: u64 = std::env::var("GAMES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(20);
    for (scenario, seats) in [("duel", 2), ("three", 3), ("four", 4)] {
        let (mut quiet_wins, mut bribe_wins) = (0.0, 0.0);
        let mut transfers = Vec::new();
        for i in 0..games {
            let quiet = (i % seats as u64) as usize;
            let bribing: Vec<bool> = (0..seats).map(|s| s != quiet).collect();
            let (g, paid) = greedy_game(scenario, 2000 + i, &bribing);
            transfers.extend(paid);
            let r = g.returns();
            // A shared first place counts as a share of a win.
            let firsts: Vec<usize> = (0..seats)
                .filter(|s| {
                    r[Seat::new(*s as u8)]
                        >= r.iter().map(|(_, v)| *v).fold(f64::MIN, f64::max) - 1e-9
                })
                .collect();
            for s in &firsts {
                let w = 1.0 / firsts.len() as f64;
                if *s == quiet {
                    quiet_wins += w;
                } else {
                    bribe_wins += w;
                }
            }
        }
        // The payments' sizes (rules version 3: any resources, in any amounts held).
        let units: Vec<u32> = transfers.iter().map(|r| r.total()).collect();
        let mixed = transfers
            .iter()
            .filter(|r| {
                gridwright_milkomeda::Resource::ALL
                    .iter()
                    .filter(|x| r.get(**x) > 0)
                    .count()
                    > 1
            })
            .count();
        println!(
            "{scenario}: {games} games, {} bribes paid ({} units, largest {}, {mixed} of several \
             resources, {} of more than 3 units); the non-bribing seat won \
             {quiet_wins:.1} ({:.0}%, fair share {:.0}%); each bribing seat {:.1} on average",
            transfers.len(),
            units.iter().sum::<u32>(),
            units.iter().max().copied().unwrap_or(0),
            units.iter().filter(|u| **u > 3).count(),
            100.0 * quiet_wins / games as f64,
            100.0 / seats as f64,
            bribe_wins / (seats - 1) as f64
        );
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
        play_out(
            &mut g,
            &mut rng,
            |_| seed >= 20,
            |g, seat| {
                if let gridwright_milkomeda::Phase::Orders(o) = g.phase()
                    && matches!(o.stage(), gridwright_milkomeda::OrderStage::Offers { .. })
                {
                    sizes.push(
                        gridwright_milkomeda::rules::bribes::PaymentSpace::new(g.storage(seat))
                            .count(),
                    );
                }
            },
        );
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
