//! Setup: the coin flip, the opening hands, and the Commanders placed before turn 1, first
//! player first (decisions, "Setup and turn"; rules 49–51 of `docs/rules/starcore.md`).

use crate::action::Action;
use crate::config::HAND_SIZE;
use crate::event::Event;
use crate::grid::Tile;
use crate::state::{Phase, Piece, SEATS, Starcore, no_draws};
use gridwright_engine::{Events, Seat};

impl Starcore {
    /// The coin flip named the first player: both draw their opening hands (P1 first), then
    /// choose to keep or mulligan.
    pub(crate) fn coin_flip(&mut self, first: Seat, ev: &mut Events<Event>) {
        self.first = first;
        self.active = first;
        ev.emit(|| Event::FirstPlayer { seat: first });
        for s in Seat::all(SEATS) {
            ev.emit(|| Event::DrawsOwed {
                seat: s,
                cards: HAND_SIZE,
            });
        }
        self.phase = Phase::Mulligan {
            choices: gridwright_engine::SeatArray::from_fn(|_| None),
            owed: gridwright_engine::SeatArray::from_fn(|_| HAND_SIZE),
        };
    }

    /// Where `seat` may place its Commander: any empty tile of its own grid.
    pub(crate) fn legal_commander_tiles(&self, seat: Seat, out: &mut Vec<Action>) {
        out.extend(
            Tile::on_grid(seat)
                .filter(|t| self.board.get(*t).is_none())
                .map(Action::PlaceCommander),
        );
    }

    /// Places `seat`'s Commander on `tile`; once both are placed the first player's turn
    /// begins.
    pub(crate) fn place_commander(&mut self, seat: Seat, tile: Tile, ev: &mut Events<Event>) {
        let card = self.rules.deck(seat).commander;
        self.put_on_board(seat, card, tile);
        ev.emit(|| Event::CommanderPlaced { seat, tile });
        if seat == self.first {
            let owed = self.phase.owed().copied().unwrap_or_else(no_draws);
            self.phase = Phase::PlaceCommander {
                seat: seat.next(SEATS),
                owed,
            };
        } else {
            self.begin_turn(self.first, ev);
        }
    }

    /// A fresh piece of `card` for `owner` on `tile` (links and mounts brought up to date by
    /// the caller's `refresh_board`).
    pub(crate) fn put_on_board(&mut self, owner: Seat, card: crate::action::CardId, tile: Tile) {
        let uid = self.new_uid();
        let c = self.rules.card(card);
        let shield = c
            .keywords()
            .iter()
            .find_map(|k| match k {
                crate::Keyword::Shield(n) => Some(*n),
                _ => None,
            })
            .unwrap_or(0);
        self.board.insert(
            tile,
            Piece {
                card,
                owner,
                uid,
                damage: 0,
                shield,
                moved: false,
                attacked: false,
                temp: [0; 4],
                perm: [0; 4],
                granted: [None; 2],
                activated: 0,
            },
            c.link_card(owner),
        );
    }
}
