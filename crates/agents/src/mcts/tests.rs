use super::*;
use gridwright_connect_four::{Action as Drop, Column, ConnectFour};
use gridwright_engine::testing::fixture_info;
use gridwright_engine::{ChanceMode, Events, GameInfo, SeatSet, SetupError, Turn, Viewer};
use serde::{Deserialize, Serialize};
use std::time::Duration;

fn iters(n: u64) -> MctsConfig {
    MctsConfig {
        iterations: Some(n),
        ..MctsConfig::default()
    }
}

fn c4_after(columns: &[u8]) -> ConnectFour {
    let mut g = ConnectFour::initial();
    for &c in columns {
        let Turn::Seat(s) = g.turn() else {
            panic!("game over")
        };
        let a = Drop::Drop(Column::new(c));
        g.apply(Actor::Seat(s), a, &mut Events::disabled()).unwrap();
    }
    g
}

#[test]
fn uct_takes_the_win_in_connect_four() {
    // P1 has three in column 3 (0-based) with P2 elsewhere; dropping in column 3 wins.
    let g = c4_after(&[3, 0, 3, 0, 3, 1]);
    let mcts = Mcts::<ConnectFour>::new(iters(400));
    let r = mcts.search(&SeatView::new(&g, Seat::new(0)), &mut Rng::seed_from_u64(5));
    assert_eq!(r.chosen, Drop::Drop(Column::new(3)), "{}", r.to_text());
    assert!(
        r.value > 0.8,
        "a won position is worth about 1: {}",
        r.to_text()
    );
}

#[test]
fn uct_blocks_the_opponents_win_in_connect_four() {
    // P2 to move; P1 threatens column 6 (three in a row on the bottom).
    let g = c4_after(&[3, 3, 4, 4, 5]);
    let mcts = Mcts::<ConnectFour>::new(iters(2000));
    let r = mcts.search(&SeatView::new(&g, Seat::new(1)), &mut Rng::seed_from_u64(9));
    let block = [Column::new(2), Column::new(6)].map(Drop::Drop);
    assert!(block.contains(&r.chosen), "{}", r.to_text());
}

/// A one-decision game with chance: `safe` is worth `+0.2`; `gamble` wins (+1) with weight
/// `win` out of 4 and loses (−1) otherwise.
#[derive(Clone, Debug, PartialEq)]
struct Bet {
    win: u32,
    choice: Option<u8>,
    result: Option<f64>,
}

#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize, Deserialize)]
enum BetAction {
    Safe,
    Gamble,
    Win,
    Lose,
}

impl Game for Bet {
    type Config = u32;
    type Action = BetAction;
    type Event = ();
    type Observation = ();
    const INFO: GameInfo =
        fixture_info("bet", "Bet", 1, ChanceMode::Explicit, Information::Perfect);
    fn new(win: &u32) -> Result<Self, SetupError> {
        Ok(Bet {
            win: *win,
            choice: None,
            result: None,
        })
    }
    fn num_seats(&self) -> usize {
        1
    }
    fn turn(&self) -> Turn {
        match (self.choice, self.result) {
            (_, Some(_)) => Turn::Terminal,
            (None, None) => Turn::Seat(Seat::new(0)),
            (Some(_), None) => Turn::Chance,
        }
    }
    fn legal_actions(&self, _: Seat, out: &mut Vec<BetAction>) {
        if self.choice.is_none() {
            out.extend([BetAction::Safe, BetAction::Gamble]);
        }
    }
    fn chance_outcomes(&self, out: &mut Vec<(BetAction, u32)>) {
        out.extend([(BetAction::Win, self.win), (BetAction::Lose, 4 - self.win)]);
    }
    fn step(&mut self, _: Actor, a: BetAction, _: &mut Events<()>) {
        match a {
            BetAction::Safe => self.result = Some(0.2),
            BetAction::Gamble => self.choice = Some(1),
            BetAction::Win => self.result = Some(1.0),
            BetAction::Lose => self.result = Some(-1.0),
        }
    }
    fn returns(&self) -> gridwright_engine::PerSeat<f64> {
        vec![self.result.unwrap_or(0.0)].into()
    }
    fn observe(&self, _: Viewer) {}
    fn max_game_length(&self) -> usize {
        2
    }
    fn action_text(&self, a: &BetAction) -> String {
        format!("{a:?}").to_lowercase()
    }
    fn event_text(&self, _: &()) -> String {
        String::new()
    }
}

#[test]
fn chance_is_sampled_by_its_weights() {
    let mcts = Mcts::<Bet>::new(MctsConfig {
        c: 0.5,
        ..iters(4000)
    });
    for (win, want) in [
        (1, BetAction::Safe),
        (2, BetAction::Safe),
        (3, BetAction::Gamble),
    ] {
        let g = Bet::new(&win).unwrap();
        let r = mcts.search(&SeatView::new(&g, Seat::new(0)), &mut Rng::seed_from_u64(3));
        assert_eq!(r.chosen, want, "win weight {win}: {}", r.to_text());
        let gamble = r
            .actions
            .iter()
            .find(|a| a.action == BetAction::Gamble)
            .unwrap();
        let expected = f64::from(win) / 4.0 * 2.0 - 1.0;
        if gamble.visits >= 500 {
            assert!(
                (gamble.value.unwrap() - expected).abs() < 0.1,
                "gamble estimated {:?}, exactly {expected}",
                gamble.value
            );
        }
    }
}

#[test]
fn same_seed_and_thread_count_give_the_same_search() {
    let g = c4_after(&[3, 2]);
    let view = SeatView::new(&g, Seat::new(0));
    for threads in [1, 2] {
        let mcts = Mcts::<ConnectFour>::new(MctsConfig {
            threads,
            ..iters(1500)
        });
        let a = mcts.search(&view, &mut Rng::seed_from_u64(11));
        let b = mcts.search(&view, &mut Rng::seed_from_u64(11));
        assert_eq!(a.chosen, b.chosen);
        assert_eq!(a.iterations, 1500);
        let stats = |r: &SearchReport<Drop>| {
            r.actions
                .iter()
                .map(|s| (s.action, s.visits, s.value.map(f64::to_bits)))
                .collect::<Vec<_>>()
        };
        assert_eq!(stats(&a), stats(&b), "threads={threads}");
        assert_eq!(a.principal_line, b.principal_line);
    }
}

#[test]
fn budgets_are_respected() {
    let g = ConnectFour::initial();
    let view = SeatView::new(&g, Seat::new(0));
    let r = Mcts::<ConnectFour>::new(iters(777)).search(&view, &mut Rng::seed_from_u64(1));
    assert_eq!(r.iterations, 777);
    assert_eq!(r.actions.iter().map(|a| a.visits).sum::<u64>(), 777);
    for threads in [1, 2] {
        let timed = Mcts::<ConnectFour>::new(MctsConfig {
            iterations: None,
            time: Some(Duration::from_millis(40)),
            threads,
            ..MctsConfig::default()
        });
        let t = Instant::now();
        let r = timed.search(&view, &mut Rng::seed_from_u64(1));
        let took = t.elapsed();
        // Without an iteration limit only the clock stops the search. The bound is loose on
        // purpose: this checks that the budget ends the search, not how fast the machine is.
        assert!(took >= Duration::from_millis(40), "stopped early: {took:?}");
        assert!(took < Duration::from_secs(5), "took {took:?}");
        assert!(r.iterations > 0);
    }
    // Both: whichever ends first.
    let both = Mcts::<ConnectFour>::new(MctsConfig {
        time: Some(Duration::from_secs(30)),
        ..iters(50)
    });
    assert_eq!(
        both.search(&view, &mut Rng::seed_from_u64(1)).iterations,
        50
    );
}

/// A search with a 10 s budget, stopped from another thread after 50 ms, returns well before
/// its budget — in every thread count — with `stopped` set and the iterations it did.
#[test]
fn a_cancelled_search_returns_at_once() {
    const BUDGET: Duration = Duration::from_secs(10);
    let g = ConnectFour::initial();
    let view = SeatView::new(&g, Seat::new(0));
    for threads in [1, 2] {
        let stop = Stop::new();
        let mcts = Mcts::<ConnectFour>::new(MctsConfig {
            iterations: None,
            time: Some(BUDGET),
            threads,
            ..MctsConfig::default()
        })
        .with_stop(stop.clone());
        let started = Instant::now();
        let r = std::thread::scope(|scope| {
            scope.spawn(|| {
                std::thread::sleep(Duration::from_millis(50));
                stop.stop();
            });
            mcts.search(&view, &mut Rng::seed_from_u64(1))
        });
        let took = started.elapsed();
        // Not a benchmark: a bound that only a search ignoring its stop can miss.
        assert!(
            took < Duration::from_secs(1),
            "threads={threads}: returned after {took:?} of a {BUDGET:?} budget"
        );
        assert!(r.stopped, "threads={threads}");
        assert!(r.iterations > 0, "threads={threads}: no iteration in 50 ms");
        assert!(r.actions.iter().any(|a| a.action == r.chosen));
    }
}

/// Connect Four after 3, 2; seat 0; 1,500 iterations; seed 11: the move and the root visits
/// as this search found them before it had a stop (recorded then). A stop that is never set —
/// and no stop at all — gives exactly that search.
#[test]
fn an_uncancelled_iteration_bounded_search_is_unchanged() {
    let g = c4_after(&[3, 2]);
    let view = SeatView::new(&g, Seat::new(0));
    for (threads, chosen, visits) in RECORDED {
        let config = MctsConfig {
            threads,
            ..iters(1500)
        };
        let plain = Mcts::<ConnectFour>::new(config.clone());
        let with_stop = Mcts::<ConnectFour>::new(config).with_stop(Stop::new());
        let a = plain.search(&view, &mut Rng::seed_from_u64(11));
        let b = with_stop.search(&view, &mut Rng::seed_from_u64(11));
        for r in [&a, &b] {
            assert!(!r.stopped);
            assert_eq!(r.iterations, 1500);
            assert_eq!(
                r.chosen,
                Drop::Drop(Column::new(chosen)),
                "threads={threads}"
            );
            let by_column: Vec<u64> = (0..7)
                .map(|c| {
                    r.actions
                        .iter()
                        .find(|s| s.action == Drop::Drop(Column::new(c)))
                        .map_or(0, |s| s.visits)
                })
                .collect();
            assert_eq!(by_column, visits, "threads={threads}\n{}", r.to_text());
        }
        let without_time = |r: &SearchReport<Drop>| SearchReport {
            elapsed_ms: 0.0,
            ..r.clone()
        };
        assert_eq!(without_time(&a), without_time(&b), "threads={threads}");
    }
}

/// (threads, chosen column, visits per column 0–6), recorded before searches had a stop.
const RECORDED: [(usize, u8, [u64; 7]); 2] = [
    (1, 2, [12, 36, 773, 13, 37, 121, 508]),
    (2, 2, [12, 37, 781, 22, 55, 135, 458]),
];

#[test]
fn a_forced_move_costs_no_search() {
    let mut g = ConnectFour::initial();
    // Fill six columns alternately without a four: only column 7 stays open at the end.
    let fill = [
        0, 1, 0, 1, 0, 1, 1, 0, 1, 0, 1, 0, 2, 3, 2, 3, 2, 3, 3, 2, 3, 2, 3, 2,
    ];
    let fill2 = [4, 5, 4, 5, 4, 5, 5, 4, 5, 4, 5, 4];
    for &c in fill.iter().chain(&fill2) {
        let Turn::Seat(s) = g.turn() else {
            panic!("over early")
        };
        g.apply(
            Actor::Seat(s),
            Drop::Drop(Column::new(c)),
            &mut Events::disabled(),
        )
        .unwrap();
    }
    let Turn::Seat(s) = g.turn() else {
        panic!("over")
    };
    assert_eq!(g.legal_actions_vec(s).len(), 1);
    let r = Mcts::<ConnectFour>::new(iters(1000))
        .search(&SeatView::new(&g, s), &mut Rng::seed_from_u64(1));
    assert_eq!(r.iterations, 0);
}

/// Matching pennies with sealed choices and a biased payoff. P1 (the matcher) gets +1 for
/// heads-heads, +0.5 for tails-tails and −1 for a mismatch; P2 gets the opposite. Each player
/// plays heads with probability 3/7 in the only equilibrium.
#[derive(Clone, Debug, PartialEq)]
struct Pennies {
    picks: [Option<bool>; 2],
}

#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize, Deserialize)]
enum Coin {
    Heads,
    Tails,
}

impl Game for Pennies {
    type Config = ();
    type Action = Coin;
    type Event = ();
    type Observation = [bool; 2];
    const INFO: GameInfo = fixture_info(
        "pennies",
        "Matching pennies",
        2,
        ChanceMode::Deterministic,
        Information::Imperfect,
    );
    fn new(_: &()) -> Result<Self, SetupError> {
        Ok(Pennies { picks: [None; 2] })
    }
    fn num_seats(&self) -> usize {
        2
    }
    fn turn(&self) -> Turn {
        let owing: SeatSet = Seat::all(2)
            .filter(|s| self.picks[s.index()].is_none())
            .collect();
        if owing.is_empty() {
            Turn::Terminal
        } else {
            Turn::Simultaneous(owing)
        }
    }
    fn legal_actions(&self, seat: Seat, out: &mut Vec<Coin>) {
        if self.picks[seat.index()].is_none() {
            out.extend([Coin::Heads, Coin::Tails]);
        }
    }
    fn chance_outcomes(&self, _: &mut Vec<(Coin, u32)>) {}
    fn step(&mut self, actor: Actor, a: Coin, _: &mut Events<()>) {
        if let Actor::Seat(s) = actor {
            self.picks[s.index()] = Some(a == Coin::Heads);
        }
    }
    fn returns(&self) -> gridwright_engine::PerSeat<f64> {
        let p1 = match self.picks {
            [Some(true), Some(true)] => 1.0,
            [Some(false), Some(false)] => 0.5,
            [Some(_), Some(_)] => -1.0,
            _ => 0.0,
        };
        vec![p1, -p1].into()
    }
    /// Who has committed (never what).
    fn observe(&self, _: Viewer) -> [bool; 2] {
        self.picks.map(|p| p.is_some())
    }
    fn max_game_length(&self) -> usize {
        2
    }
    fn action_text(&self, a: &Coin) -> String {
        format!("{a:?}").to_lowercase()
    }
    fn event_text(&self, _: &()) -> String {
        String::new()
    }
    fn action_visible_to(&self, actor: Actor, _: &Coin, viewer: Viewer) -> bool {
        match actor {
            Actor::Seat(s) => viewer.sees_secrets_of(s),
            Actor::Chance => true,
        }
    }
    fn resample(&self, seat: Seat, rng: &mut Rng) -> Self {
        let mut s = self.clone();
        for (i, p) in s.picks.iter_mut().enumerate() {
            if i != seat.index() && p.is_some() {
                *p = Some(rng.below(2) == 0);
            }
        }
        s
    }
}

#[test]
fn regret_matching_tends_to_the_mixed_equilibrium_of_biased_matching_pennies() {
    let g = Pennies::new(&()).unwrap();
    let rm = MctsConfig {
        simultaneous: SimultaneousRule::RegretMatching,
        ..MctsConfig::default()
    };
    let mcts = Mcts::<Pennies>::new(MctsConfig {
        gamma: 0.05,
        iterations: Some(40_000),
        ..rm.clone()
    });
    for seat in Seat::all(2) {
        let r = mcts.search(&SeatView::new(&g, seat), &mut Rng::seed_from_u64(4));
        assert!(r.simultaneous);
        let heads = r
            .actions
            .iter()
            .find(|a| a.action == Coin::Heads)
            .unwrap()
            .policy;
        assert!(
            (heads - 3.0 / 7.0).abs() < 0.05,
            "{seat}: heads {heads:.3}, equilibrium 0.429\n{}",
            r.to_text()
        );
    }
    // The final choice is drawn from the strategy, so it mixes.
    let picks: Vec<Coin> = (0..40)
        .map(|i| {
            let cheap = Mcts::<Pennies>::new(MctsConfig {
                iterations: Some(2000),
                ..rm.clone()
            });
            cheap
                .search(&SeatView::new(&g, Seat::new(0)), &mut Rng::seed_from_u64(i))
                .chosen
        })
        .collect();
    assert!(picks.contains(&Coin::Heads) && picks.contains(&Coin::Tails));
}

#[test]
fn the_second_to_commit_does_not_see_the_first_commitment() {
    // P1 has committed heads; P2 searches. If P2 could see the coin, tails would be worth +1;
    // redrawn at random, it is worth +0.25 on average.
    let mut g = Pennies::new(&()).unwrap();
    g.step(
        Actor::Seat(Seat::new(0)),
        Coin::Heads,
        &mut Events::disabled(),
    );
    let mut other = g.clone();
    other.picks[0] = Some(false);
    let mcts = Mcts::<Pennies>::new(iters(3000));
    let a = mcts.search(&SeatView::new(&g, Seat::new(1)), &mut Rng::seed_from_u64(8));
    let b = mcts.search(
        &SeatView::new(&other, Seat::new(1)),
        &mut Rng::seed_from_u64(8),
    );
    let b = SearchReport {
        elapsed_ms: a.elapsed_ms,
        ..b
    };
    assert_eq!(a, b, "the hidden coin changed the search");
    assert!(a.value < 0.5, "{}", a.to_text());
}

#[test]
fn the_report_lists_every_root_action_and_a_principal_line() {
    let g = c4_after(&[3]);
    let r = Mcts::<ConnectFour>::new(iters(3000))
        .search(&SeatView::new(&g, Seat::new(1)), &mut Rng::seed_from_u64(2));
    assert_eq!(r.actions.len(), 7);
    assert!(r.actions.windows(2).all(|w| w[0].visits >= w[1].visits));
    assert_eq!(r.principal_line[0].action, Some(r.chosen));
    assert!(r.principal_line.len() >= 3, "{}", r.to_text());
    assert_eq!(r.principal_line[1].actor, Actor::Seat(Seat::new(0)));
    let policy: f64 = r.actions.iter().map(|a| a.policy).sum();
    assert!((policy - 1.0).abs() < 1e-9);
    let text = r.to_text();
    assert!(
        text.contains("drop 4") && text.contains("principal line"),
        "{text}"
    );
}

/// One choice among 300 actions; action `i` is worth `i / 300` (for the evaluator too).
#[derive(Clone, Debug, PartialEq)]
struct Pick {
    picked: Option<u16>,
}

impl Game for Pick {
    type Config = ();
    type Action = u16;
    type Event = ();
    type Observation = ();
    const INFO: GameInfo = fixture_info(
        "pick",
        "Pick",
        1,
        ChanceMode::Deterministic,
        Information::Perfect,
    );
    fn new(_: &()) -> Result<Self, SetupError> {
        Ok(Pick { picked: None })
    }
    fn num_seats(&self) -> usize {
        1
    }
    fn turn(&self) -> Turn {
        if self.picked.is_some() {
            Turn::Terminal
        } else {
            Turn::Seat(Seat::new(0))
        }
    }
    fn legal_actions(&self, _: Seat, out: &mut Vec<u16>) {
        if self.picked.is_none() {
            out.extend(0..300);
        }
    }
    fn chance_outcomes(&self, _: &mut Vec<(u16, u32)>) {}
    fn step(&mut self, _: Actor, a: u16, _: &mut Events<()>) {
        self.picked = Some(a);
    }
    fn returns(&self) -> gridwright_engine::PerSeat<f64> {
        vec![self.picked.map_or(0.0, |p| f64::from(p) / 300.0)].into()
    }
    fn observe(&self, _: Viewer) {}
    fn max_game_length(&self) -> usize {
        1
    }
    fn action_text(&self, a: &u16) -> String {
        a.to_string()
    }
    fn event_text(&self, _: &()) -> String {
        String::new()
    }
}

#[test]
fn wide_nodes_widen_progressively_and_best_prior_first() {
    let g = Pick::new(&()).unwrap();
    let view = SeatView::new(&g, Seat::new(0));
    let r = Mcts::<Pick>::new(iters(1000)).search(&view, &mut Rng::seed_from_u64(1));
    let tried = r.actions.iter().filter(|a| a.visits > 0).count();
    let limit = (2.0 * 1001f64.sqrt()).ceil() as usize;
    assert!(
        tried <= limit && tried >= limit / 2,
        "{tried} actions tried, limit {limit}"
    );
    // With an evaluator, widening starts from the best action.
    let e: Arc<dyn Evaluator<Pick>> =
        Arc::new(|g: &Pick, _| g.picked.map(|p| f64::from(p) / 300.0));
    let r = Mcts::<Pick>::new(iters(200))
        .with_evaluator(e)
        .search(&view, &mut Rng::seed_from_u64(1));
    assert_eq!(r.chosen, 299, "{}", r.to_text());
}

#[test]
fn priors_come_from_the_evaluators_prior() {
    let g = Pick::new(&()).unwrap();
    let view = SeatView::new(&g, Seat::new(0));
    // The prior ranks the actions the other way round from the evaluation: widening follows
    // the prior, so the best action (299) is never reached in 200 iterations.
    let e: Arc<dyn Evaluator<Pick>> = Arc::new(crate::WithPrior {
        evaluate: |g: &Pick, _: Seat| g.picked.map(|p| f64::from(p) / 300.0),
        prior: |g: &Pick, _: Seat| g.picked.map(|p| 1.0 - f64::from(p) / 300.0),
    });
    let r = Mcts::<Pick>::new(iters(200))
        .with_evaluator(e)
        .search(&view, &mut Rng::seed_from_u64(1));
    assert!(r.chosen < 50, "{}", r.to_text());
}
