//! # Command Core
//!
//! Two players field small squads of mechs on a square board. Each round they draft activation
//! numbers onto their mechs, then program every mech in secret with directive cards (moves,
//! turns, stops, targeting), then the mechs run their programs from the lowest number up,
//! gaining Surge for efficient programs and paying Flux (or Surge, or their own structure) for
//! costly ones, and finally fight from the highest number down: attack dice rerolled with Surge
//! against armour dice rerolled with Flux and evade dice rerolled with Surge. Crits strip cards
//! off the damaged mech. A player with no mechs loses; at the round limit the side with more
//! structure left wins.
//!
//! Rules source: seed `004` ("Command Core Playtest Rules"), the shared decisions file, and
//! this crate's interpretations in `docs/rules/command-core.md`.
//!
//! | parameter | where | meaning |
//! |---|---|---|
//! | dice | `content/command-core/dice.toml` | attack, armour and evade faces |
//! | chassis | `chassis/*.toml` | structure, armour per arc, evasion, slots, weapons, directives |
//! | scenario | `scenarios/*.toml` | board, deployment edges and range, sides, round limit (12) |
//!
//! ```
//! use gridwright_command_core::{CommandCore, Content};
//! use gridwright_engine::{Session, Turn};
//! let mut session = Session::<CommandCore>::new(Content::builtin()?.config("duel")?, 7)?;
//! let Turn::Seat(chooser) = session.turn() else { unreachable!() };
//! session.apply_text(chooser, "place second")?;
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Why one slot at a time?
//! A whole program (up to [`MAX_SLOTS`] slots, each empty or one of a dozen cards either way
//! up) is far too large a choice to list or to index. So a program is built one slot at a time
//! (rules version 3): [`Action::Program`] puts a card into the mech's next slot and
//! [`Action::Leave`] leaves it empty (filled at random when the mech executes); once every slot
//! is decided the program seals itself. Slots are decided front to back, so each program has
//! exactly one action sequence, no step can overfill it, and every program takes exactly as
//! many steps as the mech has slots: when a seat is done says nothing of what it chose. The
//! program being built lives in the programming stage, not in the mech, and is moved into the
//! mech when sealed. Until every program is sealed the other seat learns nothing of it (not
//! even how many cards it holds); then all card counts are shown at once, and each program's
//! cards when its mech executes. Each seat programs its mechs in mech-number order.
//!
//! # Why a fixed array of mechs?
//! Agents and benchmarks clone states constantly. Mechs are 24-byte values in a fixed array with
//! an occupancy bit set beside them, and the content sits behind a shared pointer, so a clone
//! is a small memory copy.

#![deny(missing_docs)]

mod action;
mod action_index;
mod agent;
mod config;
mod content;
mod eval;
mod event;
mod fold;
mod observe;
mod odds;
mod planes;
mod render;
mod rules;
mod scenario_map;
mod state;
mod text;

pub use action::{
    Action, Card, CardSet, Face, MechId, Pool, Pos, Program, Slot, SlotCard, dir_name, parse_dir,
};
pub use agent::GreedyAgent;
pub use config::{
    Armour, COST_RANGE, Chassis, Combo, Config, DEFAULT_ROUND_LIMIT, DiceConfig, DieSymbol,
    Directive, Half, HomeEdge, Icon, MAX_BOARD_SIDE, MAX_DIRECTIVES, MAX_ICONS, MAX_MECHS,
    MAX_POOL, MAX_SLOTS, MAX_WEAPONS, Neighbour, SideConfig, Weapon,
};
pub use content::{Content, ContentError, Problem};
pub use eval::{evaluate, evaluate_drafts};
pub use event::{Event, SealedProgram};
pub use observe::{AttackView, CritView, DiceView, MechView, Observation, SideView, WeaponView};
pub use odds::{DamageOdds, MAX_ODDS_POOL, OddsError, OddsQuery, damage_odds, damage_odds_with};
pub use render::{attack_preview, preview, render};
pub use rules::program::SlotStatus;
pub use rules::surge_flux::Settlement;
pub use scenario_map::{MapSide, RosterMech, ScenarioMap, scenario_map};
pub use state::{CommandCore, EndReason, INFO, Phase};
