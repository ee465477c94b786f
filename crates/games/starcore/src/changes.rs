//! What a step logs by comparing the game before and after it, instead of at every site that
//! changes it: each player's networks (rule 76). The snapshot is taken by
//! [`Game::step`](gridwright_engine::Game::step) only while events are recorded, and lives
//! only for that step: nothing of it is kept in the state.

use crate::event::Event;
use crate::grid::Tile;
use crate::rules::network::{Networks, Resources};
use crate::state::{SEATS, Starcore};
use gridwright_engine::{Events, Seat, SeatArray};

/// A player's networks as the log states them: each network with more than one card or an
/// output, its tiles in tile order and what its Cores produce a turn.
type NetworkList = Vec<(Vec<Tile>, Resources)>;

/// What the log compares across a step.
pub(crate) struct Snapshot {
    networks: SeatArray<NetworkList, SEATS>,
}

impl Snapshot {
    /// The game as the log sees it now.
    pub(crate) fn of(game: &Starcore) -> Snapshot {
        let networks = Networks::compute(&game.links);
        Snapshot {
            networks: SeatArray::from_fn(|seat| network_list(game, &networks, seat)),
        }
    }

    /// Logs what changed between `self` (taken before the step) and `game` now.
    pub(crate) fn log_changes(self, game: &Starcore, ev: &mut Events<Event>) {
        let after = Snapshot::of(game);
        for (seat, networks) in after.networks.iter() {
            if *networks != self.networks[seat] {
                ev.emit(|| Event::Networks {
                    seat,
                    networks: networks.clone(),
                });
            }
        }
    }
}

/// `seat`'s networks as the log states them.
fn network_list(game: &Starcore, networks: &Networks, seat: Seat) -> NetworkList {
    networks
        .iter()
        .filter(|(_, s, _)| *s == seat)
        .map(|(id, _, members)| {
            let output = networks.pool(id, |t| {
                game.board
                    .get(t)
                    .map_or(Resources::NONE, |p| game.rules.card(p.card).output())
            });
            (members.iter().collect::<Vec<Tile>>(), output)
        })
        .filter(|(tiles, output)| tiles.len() > 1 || !output.is_empty())
        .collect()
}
