//! What one game did with each card or unit, for balance reports.
//!
//! A game that wants per-card or per-unit statistics implements [`Game::log_pieces`] (and
//! [`Game::log_pieces_at_start`] for pieces on the board before the first move): it reads the
//! events of each step and tells a [`PieceLog`] which piece came into play, which one dealt or
//! took damage and which one was destroyed. The log knows no game: pieces are named by the
//! game's own words (a unit's or card's name) and found again by a key the game chooses (a unit
//! id, a tile).
//!
//! [`Game::log_pieces`]: crate::Game::log_pieces
//! [`Game::log_pieces_at_start`]: crate::Game::log_pieces_at_start

use crate::seat::Seat;
use std::collections::HashMap;

/// One piece (a unit, a card played) in one game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Piece {
    /// Whose piece it is.
    pub seat: Seat,
    /// Its name, as players read it.
    pub name: String,
    /// Damage it dealt (hit points or health taken from other pieces).
    pub dealt: u32,
    /// Damage it took.
    pub taken: u32,
    /// Pieces it destroyed.
    pub kills: u32,
    /// Whether it was destroyed.
    pub destroyed: bool,
}

/// The pieces of one game, as the game reports them (see the module docs).
///
/// # Examples
/// ```
/// use gridwright_engine::{PieceLog, Seat};
/// let mut log = PieceLog::default();
/// log.enter(1, Seat::new(0), "Knight");
/// log.enter(2, Seat::new(1), "Archer");
/// log.source(Some(1));
/// log.damage(2, 3);
/// log.destroyed(2);
/// let knight = &log.pieces()[0];
/// assert_eq!((knight.dealt, knight.kills), (3, 1));
/// assert!(log.pieces()[1].destroyed);
/// ```
#[derive(Clone, Debug, Default)]
pub struct PieceLog {
    pieces: Vec<Piece>,
    /// The piece each key stands for now.
    keys: HashMap<u64, usize>,
    /// The piece whose damage and kills follow.
    source: Option<usize>,
}

impl PieceLog {
    /// A piece of `seat` named `name` came into play, found from now on by `key` (a key used
    /// before now stands for this new piece).
    pub fn enter(&mut self, key: u64, seat: Seat, name: &str) {
        self.keys.insert(key, self.pieces.len());
        self.pieces.push(Piece {
            seat,
            name: name.to_owned(),
            dealt: 0,
            taken: 0,
            kills: 0,
            destroyed: false,
        });
    }

    /// The piece found by `from` is now found by `to` (it moved to another tile).
    pub fn rekey(&mut self, from: u64, to: u64) {
        if let Some(i) = self.keys.remove(&from) {
            self.keys.insert(to, i);
        }
    }

    /// The damage and kills that follow are the piece found by `key`'s (`None` or an unknown
    /// key: nobody's, as for damage from the rules).
    pub fn source(&mut self, key: Option<u64>) {
        self.source = key.and_then(|k| self.keys.get(&k).copied());
    }

    /// The piece found by `key` took `amount` damage from the current source.
    pub fn damage(&mut self, key: u64, amount: u32) {
        if let Some(&i) = self.keys.get(&key) {
            self.pieces[i].taken += amount;
        }
        if let Some(s) = self.source {
            self.pieces[s].dealt += amount;
        }
    }

    /// The piece found by `key` was destroyed, by the current source; the key is free again.
    pub fn destroyed(&mut self, key: u64) {
        if let Some(i) = self.keys.remove(&key) {
            self.pieces[i].destroyed = true;
            if let Some(s) = self.source.filter(|s| *s != i) {
                self.pieces[s].kills += 1;
            }
        }
    }

    /// Every piece that came into play, in order.
    pub fn pieces(&self) -> &[Piece] {
        &self.pieces
    }
}
