//! Counts, per seat, the `leave`s in saved replays and how many of them were made while a card
//! could have gone into the slot: `cargo run -p gridwright-command-core --example leaves --
//! DIR/*.replay.json` (replays from `gridwright simulate command-core … --replays DIR`).

use gridwright_command_core::{Action, CommandCore};
use gridwright_engine::Replay;

fn main() {
    // Per seat: leaves, leaves with a card legal; and the files read.
    let (mut leaves, mut with_card, mut files) = ([0u32; 2], [0u32; 2], 0);
    for path in std::env::args().skip(1) {
        let Ok(text) = std::fs::read_to_string(&path) else {
            eprintln!("{path}: cannot read it");
            continue;
        };
        let Ok(replay) = Replay::from_json(&text) else {
            eprintln!("{path}: not a replay");
            continue;
        };
        files += 1;
        for (i, m) in replay.moves.iter().enumerate() {
            if m.action.get("leave").is_none() {
                continue;
            }
            let seat = m.seat.index().min(1);
            leaves[seat] += 1;
            match replay.rerun::<CommandCore>(i) {
                Ok(session) => {
                    let card = session
                        .legal_actions(m.seat)
                        .iter()
                        .any(|a| matches!(a, Action::Program { .. }));
                    with_card[seat] += u32::from(card);
                }
                Err(e) => eprintln!("{path}: move {i}: {e}"),
            }
        }
    }
    for s in 0..2 {
        println!(
            "P{}: {} leaves in {files} games, {} of them with a card legal",
            s + 1,
            leaves[s],
            with_card[s]
        );
    }
}
