//! Plays one game of the greedy agent against itself and prints the scenario preview, the
//! spectator's board every round, and the event log:
//! `cargo run -p gridwright-command-core --example random_game -- duel 7`.

use gridwright_command_core::{CommandCore, Content, GreedyAgent, Phase, preview, render};
use gridwright_engine::{Agent, Rng, SeatView, Session, Turn, Viewer};

fn main() {
    let mut args = std::env::args().skip(1);
    let name = args.next().unwrap_or_else(|| "duel".into());
    let seed: u64 = args.next().and_then(|s| s.parse().ok()).unwrap_or(7);
    let Ok(content) = Content::builtin() else {
        return;
    };
    let Ok(config) = content.config(&name) else {
        eprintln!("unknown scenario {name}");
        return;
    };
    println!("{}", preview(&config));
    let Ok(mut session) = Session::<CommandCore>::new(config, seed) else {
        return;
    };
    let mut agents = [GreedyAgent::new(), GreedyAgent::new()];
    let mut rng = Rng::seed_from_u64(seed);
    let mut shown = 0;
    let mut round = 0;
    loop {
        let seat = match session.turn() {
            Turn::Seat(s) => s,
            Turn::Simultaneous(set) => match set.iter().next() {
                Some(s) => s,
                None => break,
            },
            _ => break,
        };
        if session.state().phase() == Phase::Programming && session.state().round() != round {
            round = session.state().round();
            println!("{}", render(session.state(), Viewer::Spectator));
        }
        let a = agents[seat.index()].choose(&SeatView::new(session.state(), seat), &mut rng);
        if session.apply(seat, a).is_err() {
            break;
        }
        for e in session.visible_log(Viewer::Spectator, shown) {
            for t in e.event_texts {
                println!("  {t}");
            }
        }
        shown = session.log().len();
    }
    println!("{}", render(session.state(), Viewer::Spectator));
}
