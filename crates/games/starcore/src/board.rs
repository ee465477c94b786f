//! The cards on the board and what the link rules see of each of them, kept in step by one
//! owner: a card enters, leaves and moves with its link card through [`Board::insert`],
//! [`Board::remove`] and [`Board::relocate`] (and a Module takes its host through
//! [`Board::mount`]), never by editing one map without the other.

use crate::grid::{Tile, TileMap};
use crate::rules::links::LinkCard;
use crate::rules::modules::Mounts;
use crate::state::Piece;

/// Every card on the board (one per tile) and its link card.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub(crate) struct Board {
    cards: TileMap<Piece>,
    /// What the link rules see of each card (Commanders, Units, Modules, Resources with Links).
    links: TileMap<LinkCard>,
}

impl std::ops::Deref for Board {
    type Target = TileMap<Piece>;

    /// The cards, to read.
    fn deref(&self) -> &TileMap<Piece> {
        &self.cards
    }
}

impl Board {
    /// The link cards, to read (networks, links, hosts).
    pub(crate) fn links(&self) -> &TileMap<LinkCard> {
        &self.links
    }

    /// The card on `tile`, to change its counters (damage, Shield, flags, changes).
    pub(crate) fn get_mut(&mut self, tile: Tile) -> Option<&mut Piece> {
        self.cards.get_mut(tile)
    }

    /// A card enters `tile` with its link card, if it has Links.
    pub(crate) fn insert(&mut self, tile: Tile, piece: Piece, link: Option<LinkCard>) {
        self.cards.insert(tile, piece);
        if let Some(lc) = link {
            self.links.insert(tile, lc);
        }
    }

    /// The Module on `tile` (just inserted) takes `host`, through the module rules so that the
    /// host it named is recorded; if there is no such tile or it cannot take the Module, the
    /// Module keeps no link card.
    pub(crate) fn mount(
        &mut self,
        mounts: &mut Mounts,
        tile: Tile,
        lc: LinkCard,
        host: Option<Tile>,
    ) {
        self.links.remove(tile);
        if let Some(host) = host {
            let _ = mounts.place(&mut self.links, tile, lc, host);
        }
    }

    /// The card on `tile` leaves the board with its link card (a Module's host is forgotten).
    pub(crate) fn remove(&mut self, tile: Tile, mounts: &mut Mounts) -> Option<Piece> {
        let piece = self.cards.remove(tile);
        if mounts.remove(&mut self.links, tile).is_none() {
            self.links.remove(tile);
        }
        piece
    }

    /// The card on `from` moves to the empty tile `to` with its link card.
    pub(crate) fn relocate(&mut self, from: Tile, to: Tile) {
        self.cards.relocate(from, to);
        self.links.relocate(from, to);
    }
}
