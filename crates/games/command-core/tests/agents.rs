//! The greedy agent against the random baseline: at least 80% wins from either seat on every
//! scenario, over 1,000 games from each seat (2,000 per scenario) with fixed seeds.

use crate::common::content;
use gridwright_command_core::{CommandCore, GreedyAgent};
use gridwright_engine::{
    Actor, Agent, Events, Game, RandomAgent, Rng, Seat, SeatView, Turn, derive_seed,
};

/// Plays `games` games per seat; returns greedy's wins as P1 and as P2.
fn greedy_vs_random(scenario: &str, games: u64) -> [u64; 2] {
    let config = content().config(scenario).unwrap();
    let start = CommandCore::new(&config).unwrap();
    let mut wins = [0; 2];
    let (mut chance, mut events) = (Vec::new(), Events::disabled());
    for g in 0..2 * games {
        let greedy_seat = (g % 2) as usize;
        let mut rng = Rng::seed_from_u64(derive_seed(2024, g));
        let mut greedy = GreedyAgent::new();
        let mut state = start.clone();
        loop {
            let seat = match state.turn() {
                Turn::Terminal => break,
                Turn::Chance => {
                    chance.clear();
                    state.chance_outcomes(&mut chance);
                    let i = rng.weighted_index(chance.iter().map(|(_, w)| *w));
                    state.step(Actor::Chance, chance[i].0, &mut events);
                    continue;
                }
                Turn::Seat(s) => s,
                Turn::Simultaneous(set) => {
                    let seats: Vec<Seat> = set.iter().collect();
                    seats[rng.index(seats.len())]
                }
            };
            let view = SeatView::new(&state, seat);
            let action = if seat.index() == greedy_seat {
                greedy.choose(&view, &mut rng)
            } else {
                Agent::<CommandCore>::choose(&mut RandomAgent, &view, &mut rng)
            };
            assert!(state.is_legal(Actor::Seat(seat), &action), "{action:?}");
            state.step(Actor::Seat(seat), action, &mut events);
        }
        if state.winner().is_some_and(|w| w.index() == greedy_seat) {
            wins[greedy_seat] += 1;
        }
    }
    wins
}

fn check(scenario: &str) {
    let games = 1000;
    let [p1, p2] = greedy_vs_random(scenario, games);
    assert!(
        p1 * 100 >= 80 * games,
        "{scenario}: greedy won {p1}/{games} as P1"
    );
    assert!(
        p2 * 100 >= 80 * games,
        "{scenario}: greedy won {p2}/{games} as P2"
    );
}

#[test]
fn greedy_beats_random_in_duel() {
    check("duel");
}

#[test]
fn greedy_beats_random_in_skirmish() {
    check("skirmish");
}

#[test]
fn greedy_agent_is_named_and_plays_every_scenario_against_itself() {
    assert_eq!(Agent::<CommandCore>::name(&GreedyAgent::new()), "greedy");
    let c = content();
    for name in c.scenario_names() {
        let config = c.config(&name).unwrap();
        let mut state = CommandCore::new(&config).unwrap();
        let mut rng = Rng::seed_from_u64(3);
        let mut agents = [GreedyAgent::new(), GreedyAgent::new()];
        let mut chance = Vec::new();
        while !state.is_terminal() {
            let seat = match state.turn() {
                Turn::Chance => {
                    chance.clear();
                    state.chance_outcomes(&mut chance);
                    let i = rng.weighted_index(chance.iter().map(|(_, w)| *w));
                    state.step(Actor::Chance, chance[i].0, &mut Events::disabled());
                    continue;
                }
                Turn::Seat(s) => s,
                Turn::Simultaneous(set) => set.iter().next().unwrap(),
                Turn::Terminal => break,
            };
            let a = agents[seat.index()].choose(&SeatView::new(&state, seat), &mut rng);
            state
                .apply(Actor::Seat(seat), a, &mut Events::disabled())
                .unwrap();
        }
    }
}
