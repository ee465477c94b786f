//! The actions of a Starcore game: player choices and chance outcomes, small and `Copy`.

use crate::grid::{Lane, Tile};
use crate::rules::links::Face;
use gridwright_engine::Seat;
use serde::{Deserialize, Serialize};
use std::fmt;

/// A card of the game's pool: its index in the config's `cards` list (at most 255 cards).
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(type = "number"))]
#[serde(transparent)]
pub struct CardId(pub u8);

impl CardId {
    /// The index in the pool.
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

impl fmt::Display for CardId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "#{}", self.0)
    }
}

/// What an Action card is aimed at when it is played (rule 66 of `docs/rules/starcore.md`).
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Aim {
    /// Nothing to choose (a target that names itself, or an area whose Width needs no lane).
    None,
    /// The card on this tile (a `chosen` target).
    Tile(Tile),
    /// The anchor lane of an `area` target whose Width is a lane spread.
    Lane(Lane),
    /// The frame at this position of the response stack, counted from the bottom (0).
    Frame(u8),
}

/// A player's choice or a chance outcome.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Action {
    /// Chance: the coin flip names the first player.
    FirstPlayer(Seat),
    /// Chance: the card a player draws (the deck is a hidden multiset; rule 49).
    Draw(Seat, CardId),
    /// Chance: the two d12 of an attack, lower die first.
    Roll(u8, u8),
    /// Mulligan choice: keep the opening hand.
    Keep,
    /// Mulligan choice: shuffle the hand back and draw a new one.
    Mulligan,
    /// Place the Commander on this tile of its owner's grid.
    PlaceCommander(Tile),
    /// Orders: move the card on `from` to `to`.
    Move {
        /// Where the card stands.
        from: Tile,
        /// Where it goes.
        to: Tile,
    },
    /// Build: deploy a card from hand on `tile` (a Module names the face of its host).
    Deploy {
        /// The card.
        card: CardId,
        /// The tile.
        tile: Tile,
        /// For a Module: the Module's face (from its owner's seat) towards its host.
        host: Option<Face>,
    },
    /// Play an Action card from hand.
    Play {
        /// The card.
        card: CardId,
        /// What it is aimed at.
        aim: Aim,
    },
    /// Combat: the card on `from` attacks the card on `target`.
    Attack {
        /// The attacker's tile.
        from: Tile,
        /// The target's tile.
        target: Tile,
    },
    /// Run ability number `ability` (counted in the card's list) of the card on `tile`.
    Activate {
        /// The card's tile.
        tile: Tile,
        /// The ability's position in the card's list.
        ability: u8,
        /// What it is aimed at.
        aim: Aim,
    },
    /// End the current step, or let the top of the response stack resolve.
    Pass,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn action_is_small() {
        gridwright_engine::testing::assert_size_at_most::<Action>(6);
    }
}
