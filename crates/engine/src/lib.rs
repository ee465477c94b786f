//! # gridwright-engine
//!
//! The game-agnostic heart of Gridwright. It knows no game: it defines what a game is
//! ([`Game`]), who sits at the table ([`Seat`], [`Viewer`]), where randomness comes from
//! ([`Rng`]), how a game in progress keeps its books ([`Session`]), how games are saved and
//! verified ([`Replay`]), exact dice maths ([`dice`]) and grid geometry ([`geom`]).
//!
//! ```
//! use gridwright_engine::{Rng, Seat};
//! let mut rng = Rng::seed_from_u64(7);
//! let roll = rng.below(6) + 1;
//! assert!((1..=6).contains(&roll));
//! assert_eq!(Seat::new(0).to_string(), "P1");
//! ```
//!
//! A game crate implements [`Game`]; a [`Session`] then validates actions, resolves chance from
//! its seeded RNG, logs every step and hashes the log, so that the same config, seed and moves
//! give a byte-identical event log on any machine.
//!
//! A game may also implement [`ActionIndex`]: a fixed flat index of its player actions per
//! config (OpenSpiel's `num_distinct_actions`), so that legal actions can be given as a mask,
//! and [`ObservationPlanes`]: a seat's observation as fixed-shape planes over its board.
#![deny(missing_docs)]

mod action_index;
mod agent;
pub mod content;
pub mod dice;
mod display_number;
pub mod files;
mod game;
pub mod geom;
mod pieces;
mod planes;
pub mod replay;
mod rng;
mod seat;
mod session;
#[cfg(any(test, feature = "testing"))]
pub mod testing;
pub mod text;
mod word_enum;

pub use action_index::{ActionIndex, Block, Blocks, MAX_BLOCK_DIMS};
pub use agent::{Agent, RandomAgent, SeatView, TIE_EPSILON, first_best, pick_best};
pub use game::{
    Actor, ChanceMode, EventFold, Events, Game, GameInfo, Information, RejectReason, SetupError,
    Turn, normalize, sample_chance,
};
pub use pieces::{Piece, PieceLog};
pub use planes::{ObservationPlanes, PlaneInput, PlaneList, Planes, ratio};
pub use replay::{Replay, ReplayError};
pub use rng::{Rng, derive_seed, splitmix64};
pub use seat::{
    PerSeat, Seat, SeatArray, SeatOutOfRange, SeatSet, Viewer, rank_returns, win_loss_returns,
    winner_of,
};
pub use session::{LogEntry, Rejected, Session, TextActionError, VisibleEntry};

#[cfg(test)]
mod tests;
