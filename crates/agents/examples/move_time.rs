//! How long an MCTS move takes, per game: MCTS (any spec, default `mcts`) plays both seats of
//! a few games on the default scenarios; prints the mean, median, 95th percentile and
//! longest search time of the moves that needed a search (forced moves are free).
//!
//! `cargo run --release -p gridwright-agents --example move_time -- [SPEC] [GAMES] [GAME]`
//! (GAME: `connect-four`, `grid-battles` or `command-core`; default all three)

use gridwright_agents::{AgentSpec, Evaluator, Mcts, MctsConfig};
use gridwright_engine::{Actor, Events, Game, Rng, Seat, SeatView, Turn, sample_chance};
use std::sync::Arc;

fn times<G: Game>(start: &G, mcts: &Mcts<G>, games: u64) -> Vec<f64> {
    let mut out = Vec::new();
    let mut outcomes = Vec::new();
    for seed in 0..games {
        let mut g = start.clone();
        let mut rng = Rng::seed_from_u64(seed);
        while !g.is_terminal() {
            match g.turn() {
                Turn::Chance => {
                    let Some(outcome) = sample_chance(&g, &mut rng, &mut outcomes) else {
                        break;
                    };
                    g.step(Actor::Chance, outcome, &mut Events::disabled());
                }
                t => {
                    let Some(s) = Seat::all(g.num_seats()).find(|s| t.includes(*s)) else {
                        break;
                    };
                    let r = mcts.search(&SeatView::new(&g, s), &mut rng);
                    if r.iterations > 0 {
                        out.push(r.elapsed_ms);
                    }
                    g.step(Actor::Seat(s), r.chosen, &mut Events::disabled());
                }
            }
        }
    }
    out
}

fn summary(name: &str, mut t: Vec<f64>) {
    if t.is_empty() {
        return;
    }
    t.sort_by(f64::total_cmp);
    let at = |q: f64| t[((t.len() - 1) as f64 * q).round() as usize];
    let mean = t.iter().sum::<f64>() / t.len() as f64;
    println!(
        "{name:<14} {:>5} searches  mean {mean:6.1} ms  median {:6.1} ms  p95 {:6.1} ms  max {:6.1} ms",
        t.len(),
        at(0.5),
        at(0.95),
        at(1.0)
    );
}

/// Times MCTS guided by `evaluate` on `game`; nothing if the game could not be built.
fn time_evaluated<G: Game>(
    name: &str,
    game: Option<G>,
    evaluate: fn(&G, Seat) -> f64,
    config: MctsConfig,
    games: u64,
) {
    if let Some(g) = game {
        let e: Arc<dyn Evaluator<G>> = Arc::new(move |g: &G, s| Some(evaluate(g, s)));
        let m = Mcts::new(config).with_evaluator(e);
        summary(name, times(&g, &m, games));
    }
}

fn main() {
    let mut args = std::env::args().skip(1);
    let spec: AgentSpec = args
        .next()
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| AgentSpec {
            name: "mcts".into(),
            params: Default::default(),
        });
    let games: u64 = args.next().and_then(|s| s.parse().ok()).unwrap_or(4);
    let only = args.next();
    let want = |g: &str| only.as_deref().is_none_or(|o| o == g);
    let Ok(config) = MctsConfig::from_spec(&spec) else {
        eprintln!("bad spec {spec}");
        std::process::exit(2);
    };
    println!("{spec}, {games} games of self-play per game, default scenarios");
    if want("connect-four") {
        use gridwright_connect_four::ConnectFour;
        let m = Mcts::<ConnectFour>::new(config.clone());
        summary("connect-four", times(&ConnectFour::initial(), &m, games));
    }
    if want("grid-battles") {
        use gridwright_grid_battles::{Content, GridBattles, evaluate};
        let g = Content::builtin()
            .and_then(|c| c.config("skirmish"))
            .ok()
            .and_then(|c| GridBattles::new(&c).ok());
        time_evaluated("grid-battles", g, evaluate, config.clone(), games);
    }
    if want("command-core") {
        use gridwright_command_core::{CommandCore, Content, evaluate};
        let g = Content::builtin()
            .and_then(|c| c.config("duel"))
            .ok()
            .and_then(|c| CommandCore::new(&c).ok());
        time_evaluated("command-core", g, evaluate, config, games);
    }
}
