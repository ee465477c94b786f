//! # gridwright-connect-four
//!
//! Connect Four for Gridwright: two players take turns dropping discs into a board of seven
//! columns and six rows; a disc falls to the lowest empty cell of its column. The first player
//! to line up four of their discs horizontally, vertically or diagonally wins; if the board
//! fills up first, the game is a draw. Perfect information, no chance.
//!
//! This crate is the small worked example of a game crate (see `docs/adding-a-game.md`) and a
//! fast one: the state is a 32-byte bitboard, and one random playout is a few hundred
//! nanoseconds.
//!
//! ```
//! use gridwright_connect_four::{Config, ConnectFour};
//! use gridwright_engine::{Actor, Events, Game, Seat};
//! let mut game = ConnectFour::new(&Config::default())?;
//! let legal = game.legal_actions_vec(Seat::new(0)); // drop 1 … drop 7
//! game.apply(Actor::Seat(Seat::new(0)), legal[3], &mut Events::recording())?; // drop 4
//! # assert_eq!(game.moves_played(), 1);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! ## Rules reference
//! The standard rules (Milton Bradley, 1974): 7 × 6 board, P1 (`X`) moves first, seats
//! alternate, four in a row in any of the four directions wins, a full board is a draw.
//! Returns are +1 for the winner, −1 for the loser and 0 each for a draw.
//!
//! ## Parameters
//! | Parameter | Value | Note |
//! |-----------|-------|------|
//! | columns   | 7     | fixed |
//! | rows      | 6     | fixed |
//! | seats     | 2     | fixed |
//!
//! [`Config`] has no fields today; it exists so that replays carry a config like every other
//! game's, and so that variants (other board sizes) can be added without a new format.
//!
//! ## Actions, events, observations
//! * [`Action::Drop`] — text `drop 4` (columns are numbered 1 to 7 for people, 0 to 6 in JSON).
//! * [`Event`] — `Dropped { seat, column, row }`, `Won { seat }`, `Draw`: the whole audit
//!   trail. The game implements [`EventFold`](gridwright_engine::EventFold): a disc dropped
//!   fills its cell and passes the move, a win or a draw ends the game, so folding the events
//!   into the first observation gives every later one (checked by `check_event_fold`).
//! * [`Observation`] — the board as rows of cells (top row first) and the seat to move.
//! * [`render`] — the board as text for the terminal.
//! * [`ActionIndex`](gridwright_engine::ActionIndex) — `drop c` is index `c - 1`; 7 indices.
#![warn(missing_docs)]

mod action;
mod action_index;
mod board;
mod fold;
mod observe;
mod planes;
mod state;
mod text;

pub use action::{Action, Column, ColumnOutOfRange, Event};
pub use observe::{Observation, disc_symbol, render};
pub use state::ConnectFour;

use gridwright_engine::{ChanceMode, GameInfo, Information};
use serde::{Deserialize, Serialize};

/// Static facts about Connect Four, for the catalog.
pub const INFO: GameInfo = GameInfo {
    short_name: "connect-four",
    long_name: "Connect Four",
    summary: "Drop discs into a 7 × 6 board; four in a row wins.",
    min_seats: 2,
    max_seats: 2,
    chance: ChanceMode::Deterministic,
    information: Information::Perfect,
    rules_version: "1",
};

/// The rules config. Connect Four has no options: the board is always 7 × 6. In JSON it is
/// `{}`, and unknown fields are refused, so a replay of a future variant fails clearly here.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct Config {}

#[cfg(test)]
mod tests;
