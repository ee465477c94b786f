//! # gridwright-milkomeda
//!
//! Milkomeda, the 2–4 player space 4X game of rulebook `003_…txt`: explore sector cards onto a
//! grid, move and build fleets and structures, bribe the Master of the Order, and fight with
//! sealed Vector Command rosters. [`Milkomeda`] implements the engine's `Game` for 2, 3 and 4
//! seats; [`Content`] loads `content/milkomeda/` into a [`Config`]. `docs/rules/milkomeda.md`
//! records every reading of the rulebook made here and what is not done yet.
//!
//! | parameter | where | meaning |
//! |---|---|---|
//! | sectors | `sectors.toml` | values, keywords, exploration cost of each sector card |
//! | directives, modules | `directives.toml`, `modules.toml` | dot patterns; module action and cost |
//! | objectives | `objectives.toml` | what each card measures, slot thresholds and VP |
//! | civilizations | `civilizations.toml` | abilities as numbers |
//! | scenario | `scenarios/*.toml` | civilizations (2–4 seats), grid (9 × 9), round limit (100, a safety valve), deck (all the sector cards; `small`: the first 23) |
//!
//! ```
//! use gridwright_engine::{Game, Turn};
//! use gridwright_milkomeda::{Content, Milkomeda};
//! let game = Milkomeda::new(&Content::builtin()?.config("four")?)?;
//! assert_eq!((game.num_seats(), game.turn()), (4, Turn::Chance)); // the objectives are drawn
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! The game steps live in `rules/setup.rs`, `rules/round.rs`, `rules/turn.rs` and
//! `rules/battle.rs`; the rules they use are pure functions over typed values:
//!
//! - [`rules::combat`] — Vector Command (§9, §10): ship types and attack vectors, dice with the
//!   node cap, exact success odds, valid hit allocations, marking order, simultaneous
//!   casualties, the end-of-round check with a stalemate guard, post-combat control.
//! - [`rules::control`] — who controls a sector (glossary, §8.B).
//! - [`rules::scoring`] — both end triggers, the objective row's slots and claims, the score
//!   item by item, both tiebreakers, rank-based returns for two to four seats.
//! - [`rules::map`] — the grid of card spaces, corner colours turned by rotation, homeworld
//!   corners, explore placement (probes, chains, Hypergate reach), intersections, distances
//!   through explored sectors.
//! - [`rules::directives`] — directive tiers, the four directive/module positions and their
//!   tier pairs, candidate intersections and pattern matching.
//! - [`rules::refresh`] — the positions' tiered decks with their discard piles, setup and the
//!   Master's refresh with the draw replacement rule.
//! - [`rules::orders`] — order cards, turn order, the Master card's holder, the first deal and
//!   a later round's deal from the Master's known cards and the face-down ones.
//! - [`rules::bribes`] — bribes to the Master of the Order: a payment of any resources in any
//!   amounts held (built one unit at a time), on an order card and/or a refresh choice (a flat
//!   index of conditions) with a text form; transfers (the default) and, under `binding`, one
//!   open offer per player, settled when the Master commits.
//! - [`rules::structures`], [`rules::civilizations`], [`rules::income`] — structure limits and
//!   costs, civilization abilities as data, income with the M-Brain bonus.
//! - [`rules::actions`], [`rules::explore`], [`rules::movement`], [`rules::attack`] — allowed
//!   main and module actions and the action marker, explore draws and payable placements, move
//!   range and destinations, attack reach and costs.
//! - [`rules::objectives`] — sector keywords and what each objective measures.
//! - [`Resource`] and [`Resources`] — the four resources and storage amounts.
//!
//! Seats are the engine's [`Seat`](gridwright_engine::Seat); per-seat values are
//! [`PerSeat`](gridwright_engine::PerSeat).
//!
//! ```
//! use gridwright_engine::{PerSeat, Seat};
//! use gridwright_milkomeda::rules::combat::{Battle, Roster, ShipType};
//! // P1 brings beam frigates, P2 shield cruisers: beams have a vector to shields.
//! let battle = Battle::new(PerSeat::from(vec![
//!     Roster::all(ShipType::BeamFrigate, 3),
//!     Roster::all(ShipType::ShieldCruiser, 2),
//! ]));
//! assert_eq!(battle.dice(Seat::new(0)), 1);
//! assert_eq!(battle.dice(Seat::new(1)), 0);
//! ```
#![warn(missing_docs)]

#[macro_use]
mod macros;

mod action;
mod action_index;
mod agent;
mod bribe_value;
mod config;
mod content;
mod fold;
mod observe;
mod planes;
mod render;
mod resource;
pub mod rules;
mod state;
#[cfg(test)]
mod test_support;
mod text;

pub use action::{Action, Event};
pub use agent::{GreedyAgent, evaluate, evaluate_prior};
pub use bribe_value::{MASTER_CARD_WORTH, PLACE_WORTH, card_worth, offer_notes, payment_worth};
pub use config::{
    BribeRule, CivilizationDef, Config, DirectiveCard, DirectiveId, MAX_SECTORS, ModuleCard,
    ModuleId, OBJECTIVE_ROW, ObjectiveCard, ObjectiveId, SectorCard, SectorId,
};
pub use content::{Content, ContentError, Problem, Sources};
pub use fold::{CombatRecord, OrdersRecord, StageView, TurnRecord};
pub use observe::{
    CardTo, CombatStep, CombatView, FleetsAt, GridView, Named, ObjectiveView, Observation,
    OrdersView, PositionView, SetupView, SlotView, TileView, TurnStep, TurnView,
};
pub use render::render;
pub use resource::{Resource, Resources};
pub use state::{
    Act, COMBAT_ROUND_CAP, CombatPhase, CombatStage, INFO, Milkomeda, OrderPhase, OrderStage,
    Phase, Placed, Rolls, Sealed, TurnStage, TurnState,
};
