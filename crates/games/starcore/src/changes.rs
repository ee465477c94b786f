//! What a step logs by comparing the game before and after it, instead of at every site that
//! changes it: where the game is, the stats and keywords each card shows (they follow from
//! effects, Modules, Auras and Zone Dominance together), the links and each player's networks
//! (rule 76). The snapshot is taken by
//! [`Game::step`](gridwright_engine::Game::step) only while events are recorded, and lives
//! only for that step: nothing of it is kept in the state.

use crate::event::Event;
use crate::grid::Tile;
use crate::rules::network::{Networks, Resources};
use crate::state::{PhaseView, SEATS, Starcore};
use crate::{Keyword, Stat};
use gridwright_engine::{Events, Seat, SeatArray};

/// A player's networks as the log states them: each network with more than one card or an
/// output, its tiles in tile order and what its Cores produce a turn.
pub(crate) type NetworkList = Vec<(Vec<Tile>, Resources)>;

/// What the log compares across a step.
pub(crate) struct Snapshot {
    phase: PhaseView,
    /// Each card on the board: its uid, its tile and what it shows.
    cards: Vec<(u16, Tile, Shown)>,
    links: Vec<(Tile, Tile)>,
    networks: SeatArray<NetworkList, SEATS>,
}

/// The stats and keywords a card shows.
#[derive(PartialEq)]
struct Shown {
    hp: (u8, u8),
    dmg: u8,
    def: u8,
    movement: u8,
    keywords: Vec<Keyword>,
}

impl Shown {
    fn of(game: &Starcore, tile: Tile) -> Shown {
        Shown {
            hp: (game.hp(tile), game.stat(tile, Stat::Hp)),
            dmg: game.stat(tile, Stat::Dmg),
            def: game.stat(tile, Stat::Def),
            movement: game.stat(tile, Stat::Movement),
            keywords: game.keywords(tile),
        }
    }

    /// Whether the change from `self` to `now` needs a [`Event::Stats`]: anything but HP
    /// left, which [`Event::Damaged`] and [`Event::Healed`] carry.
    fn differs(&self, now: &Shown) -> bool {
        (self.hp.1, self.dmg, self.def, self.movement, &self.keywords)
            != (now.hp.1, now.dmg, now.def, now.movement, &now.keywords)
    }
}

impl Snapshot {
    /// The game as the log sees it now.
    pub(crate) fn of(game: &Starcore) -> Snapshot {
        let networks = Networks::compute(game.board.links());
        Snapshot {
            phase: game.phase(),
            cards: game
                .board
                .iter()
                .map(|(t, p)| (p.uid, t, Shown::of(game, t)))
                .collect(),
            links: crate::rules::links::links(game.board.links())
                .into_iter()
                .map(|l| (l.a, l.b))
                .collect(),
            networks: SeatArray::from_fn(|seat| network_list(game, &networks, seat)),
        }
    }

    /// Logs what changed between `self` (taken before the step) and `game` now.
    pub(crate) fn log_changes(self, game: &Starcore, ev: &mut Events<Event>) {
        let after = Snapshot::of(game);
        for (uid, tile, now) in after.cards {
            let was = self.cards.iter().find(|(u, _, _)| *u == uid);
            if was.is_none_or(|(_, _, was)| was.differs(&now)) {
                ev.emit(|| Event::Stats {
                    tile,
                    hp: now.hp,
                    dmg: now.dmg,
                    def: now.def,
                    movement: now.movement,
                    keywords: now.keywords,
                });
            }
        }
        for &(a, b) in self.links.iter().filter(|l| !after.links.contains(l)) {
            ev.emit(|| Event::Unlinked { a, b });
        }
        for &(a, b) in after.links.iter().filter(|l| !self.links.contains(l)) {
            ev.emit(|| Event::Linked { a, b });
        }
        for (seat, networks) in after.networks.iter() {
            if *networks != self.networks[seat] {
                ev.emit(|| Event::Networks {
                    seat,
                    networks: networks.clone(),
                });
            }
        }
        if after.phase != self.phase {
            ev.emit(|| Event::PhaseChanged { phase: after.phase });
        }
    }
}

/// `seat`'s networks as the log states them.
pub(crate) fn network_list(game: &Starcore, networks: &Networks, seat: Seat) -> NetworkList {
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
