//! # Grid Battles
//!
//! Two armies of archers, pikemen and knights fight on a map of hexes. Each round the sides
//! take turns; in a turn a side activates some of its fresh units, moves them one at a time,
//! then attacks with them one combat at a time. A combat pits the attacker's attack die
//! (swords, and bonus symbols that count only against a type it has the advantage over)
//! against the defender's defence die (shields). A defender with two friends beside it is
//! *bold* and strikes back after surviving a melee attack. Activated units are fatigued until
//! the round ends. Destroyed units give victory points; the scenario says how many win.
//!
//! Rules source: seed `002` ("Grid Battles — Game Rules"), the shared decisions file, and this
//! crate's interpretations in `docs/rules/grid-battles.md`.
//!
//! | parameter | where | meaning |
//! |---|---|---|
//! | unit types | `content/grid-battles/units.toml` | base types, attack type, range, MP, health, dice |
//! | dice | `dice.toml` | faces as lists of `sword` / `bonus` / `shield` |
//! | bonus table, terrain | `rules.toml` | who beats whom; entry cost and sight blocking |
//! | scenario | `scenarios/*.toml` | map, units, activations K, victory, first side, round limit |
//!
//! ```
//! use gridwright_engine::{Actor, Events, Game, Seat};
//! use gridwright_grid_battles::{Content, GridBattles};
//! let mut game = GridBattles::new(&Content::builtin()?.config("skirmish")?)?;
//! let first = game.legal_actions_vec(Seat::new(0))[0];
//! game.apply(Actor::Seat(Seat::new(0)), first, &mut Events::recording())?;
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Why a fixed array of units and a bitset?
//! Agents and benchmarks play thousands of games; the state is cloned at every search node.
//! Units live in a fixed array (8 bytes each) with an occupancy bitset beside them, and the
//! map, unit types and dice sit behind a shared `Arc`, so a clone is one small copy and
//! stepping never allocates except where the engine's path search does.

#![warn(missing_docs)]

mod action;
mod action_index;
mod agent;
mod board;
mod config;
mod content;
mod eval;
mod event;
mod fold;
mod observe;
mod odds;
mod pieces;
mod planes;
mod render;
mod rules;
mod state;
mod text;

pub use action::{Action, UnitId};
pub use agent::GreedyAgent;
pub use board::{Board, BoardHex, BoardUnit};
pub use config::{
    Advantage, AttackKind, BaseType, Config, DieType, MAX_MAP_SIDE, MAX_UNITS, MapConfig,
    Placement, SideConfig, Symbol, TerrainType, UnitType, Victory,
};
pub use content::{Content, ContentError, Problem, ScenarioSummary, SideSummary};
pub use eval::evaluate;
pub use event::Event;
pub use observe::{MapView, Observation, UnitView};
pub use odds::{AttackOdds, CounterOdds, MatchupOdds, attack_odds, unit_matchup_odds};
pub use render::{attack_preview, preview, render};
pub use state::{CombatRoll, EndReason, GridBattles, INFO, Phase, RollFlags, Status};
pub use text::parse_action_text;
