//! Leaving the board: a destroyed card goes to its owner's Scrapyard, an exiled one to the
//! Void; a Module leaving frees its Link (rule 41); `on_destroyed` abilities run once the card
//! has left, from the tile it stood on; a Commander leaving ends the game (rules 56 and 65 of
//! `docs/rules/starcore.md`).

use crate::effect::Trigger;
use crate::event::Event;
use crate::grid::{Area, Tile};
use crate::rules::effects::Source;
use crate::state::Starcore;
use gridwright_engine::Events;

impl Starcore {
    /// Takes the card on `tile` off the board to `to` (Scrapyard or Void).
    pub(crate) fn remove_card(&mut self, tile: Tile, to: Area, ev: &mut Events<Event>) {
        let Some(p) = self.board.get(tile).copied() else {
            return;
        };
        let commander = self.rules.deck(p.owner).commander == p.card;
        // What the player may spend, for the log only.
        let before = ev.is_enabled().then(|| self.pool(p.owner));
        self.board.remove(tile, &mut self.mounts);
        let player = &mut self.players[p.owner];
        player.pool.left(p.uid);
        match to {
            Area::Void => player.void.push(p.card),
            _ => player.scrap.push(p.card),
        }
        ev.emit(|| Event::Destroyed {
            tile,
            card: p.card,
            to,
        });
        if let Some(before) = before
            && let pool = self.pool(p.owner)
            && pool != before
        {
            ev.emit(|| Event::Pool {
                seat: p.owner,
                pool,
            });
        }
        self.refresh_board(ev);
        if commander {
            self.commander_fell(p.owner, ev);
            return;
        }
        if to == Area::Scrapyard {
            let src = Source {
                seat: p.owner,
                card: p.card,
                tile: Some(tile),
                uid: p.uid,
            };
            self.run_triggers(src, &Trigger::OnDestroyed, ev);
        }
    }
}
