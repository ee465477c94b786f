//! # Starcore
//!
//! Starcore is a card battler for two players. Each player owns an 8×3 grid; the two grids face
//! each other across their front rows. Commanders, units, modules and resource cores occupy one
//! tile each; cards carry **Links** on their faces, and friendly cards whose touching faces both
//! carry a Link form **networks** that pool the output of their resource cores. Attacks and
//! effects reach a box of tiles given by a **Range** (rows) and a **Width** (lanes, a zone or a
//! sector).
//!
//! Rules sources: seed `000` (Grid v3.0) and seed `001` (Links & Modules v3.0), the team's
//! decisions in `shared/rules/starcore.md`, and this crate's interpretations in
//! `docs/rules/starcore.md` (each citing the seed section).
//!
//! [`Starcore`] implements `gridwright_engine::Game` (and `EventFold`: its log folds into every
//! viewer's observation, `fold.rs`) and is in the catalog; its state, phases and dispatch are
//! in `state.rs`, each rule has its own file under `rules/` (deck, setup, mulligan, turn,
//! deploy, stack, activate, combat, effects, stats, pool, destroy, victory), `board.rs` keeps
//! the cards on the board and their link cards in step, and `changes.rs` logs what a step
//! changed by comparing before and after. The foundation modules below hold the rules
//! that need no card content, and the card data model:
//!
//! | module | rules |
//! |---|---|
//! | `grid` | [`Tile`], [`TileSet`], [`TileMap`], [`Row`], [`Lane`], [`Zone`], [`Sector`], [`Step`], off-board [`Area`]s and [`Place`]s; face adjacency, across the A rows too |
//! | `rules/movement` | [`reachable`] tiles through empty tiles; [`RegionChange`] per step |
//! | `rules/targeting` | [`Range`] × [`Width`] = [`TargetBox`] |
//! | `rules/links` | Link faces as data ([`LinkCard`]), allowed pairs, [`links`], [`free_faces`], [`direct_link_bonus`] |
//! | `card` | cards as data: [`CardDef`] and one `*Def` per kind (unknown fields refused), validated once into [`Card`], every problem in the engine's content toolkit's `Problems` naming card and field |
//! | `effect` | the closed effect vocabulary: [`Keyword`], [`Ability`] = [`Trigger`] + [`Condition`]s + [`Target`] + [`Effect`]s |
//! | `rules/modules` | which host each Module serves ([`Mounts`]): placement with a host, hosts allowed ([`can_serve`]), hand-over, anchoring, destruction, [`module_hp_range`] |
//! | `rules/network` | [`Networks`] (link components), [`Resources`], the [`Pooling`] option |
//! | `rules/pool` | what a player may spend: derived from the Cores still on the board, what effects gave and what was paid; an ability pays from its network's share |
//! | `rules/flank`, `rules/zone_control`, `rules/blocking` | where Flank, Zone Flank, Zone Dominance, Sector Lock and the optional [`Blocking`] rule apply |
//!
//! What is implemented and what is still to do: "Implemented so far / still to do" in
//! `docs/rules/starcore.md`.
//!
//! ```
//! use gridwright_starcore::{Lane, P2, Range, TargetBox, Tile, Width, Zone};
//! // "Zone Bombardment": rows B and C of zone 2, on P2's grid.
//! let bombardment = TargetBox::new(Range::BC, Width::Zone(Zone::Z2));
//! let hit = bombardment.tiles_on(P2, Lane::new(1));
//! assert_eq!(hit.len(), 8);
//! assert!(hit.contains("P2:C7".parse::<Tile>()?));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # How the rest of the game builds on this
//! - **State.** Cards on the board live in a `TileMap` (one card per tile, a fixed array), so
//!   the state clones without walking a map; the link rules read a [`LinkCard`] that the state
//!   derives from each card's data, kept with the cards by one `Board` (a card enters, leaves
//!   and moves with its link card), and networks are computed from
//!   those link cards where a rule needs them (never stored).
//! - **Flat action indices.** A [`Tile`] is an index `0..48` and a [`Step`] one of eight, so
//!   "deploy hand slot × tile", "move card on tile × step" and "attack from tile × target tile"
//!   are fixed blocks of the action range.
//! - **Cards as data.** [`Range`], [`Width`] and [`TargetBox`] read and write their seed
//!   notation (`"A+C"`, `"lane±1"`, `"S2"`) through serde, and [`FaceSet`] a list of faces, so
//!   card files state them as the seeds write them; costs and outputs are [`Resources`].
//! - **The response stack** holds typed frames (a deployment, an Action with its aim, an
//!   attack naming its attacker's and target's tiles and card uids); a frame re-checks its
//!   target when it resolves and fizzles if it is no longer legal.

#![warn(missing_docs)]

#[macro_use]
mod macros;

mod action;
mod action_index;
mod agent;
mod board;
mod card;
mod card_list;
mod changes;
mod config;
mod content;
pub mod coverage;
mod effect;
mod event;
mod fold;
mod grid;
mod observe;
mod odds;
mod pieces;
mod planes;
mod render;
mod rules;
#[cfg(test)]
mod seed_examples;
mod state;
#[cfg(test)]
mod test_support;
mod text;

pub use action::{Action, Aim, CardId};
pub use agent::GreedyAgent;
pub use card::{
    ActionDef, AttackDef, COMMANDER_HP, Card, CardDef, CommanderClass, CommanderDef, CoreBands,
    CoreSize, HostBonusDef, Kind, MAX_AMOUNT, MAX_DEF, MAX_NAME, MAX_STAT, ModuleDef, ModuleType,
    Rarity, ResourceDef, Stats, UnitDef, UnitType,
};
pub use card_list::{CardEntry, card_list, card_list_text, pool_entries, pool_keyword_titles};
pub use config::{
    Config, DECK_SIZE, DEFAULT_TURN_LIMIT, DRAW_PER_TURN, DeckList, DeployCap, HAND_SIZE,
    MAX_STACK, MAX_TURN_LIMIT, Options,
};
pub use content::{Content, ContentError, DeckTitle, FACTIONS, Problem, VARIANTS, Variant};
pub use effect::{
    Ability, CardKind, Condition, CostDef, Duration, Effect, Keyword, Side, Stat, StatMod, Target,
    Trigger,
};
pub use event::{EndReason, Event, TurnStep};
pub use observe::{FrameView, Observation, PieceView, PlayerView};
pub use odds::{AttackOdds, attack_odds};
pub use render::{preview, render};
pub use rules::combat::roll_result;
pub use rules::deploy::DEPLOY_LIMIT;
pub use state::{INFO, PhaseView, Starcore};

pub use grid::{
    Area, LANES, Lane, LaneOutOfRange, P1, P2, Place, ROWS, Row, SEATS, Sector, Step, TILES,
    TILES_PER_GRID, Tile, TileError, TileMap, TileSet, Zone,
};
pub use rules::blocking::{Blocking, is_blocked, screen};
pub use rules::flank::{flank_bonus, is_flank, is_zone_flank, zone_flank_bonus};
pub use rules::links::{
    Face, FaceSet, Link, LinkCard, LinkKind, direct_link_bonus, free_faces, linked, linked_to,
    links,
};
pub use rules::modules::{
    MAX_MODULES_PER_CARD, MAX_TIER, MIN_TIER, ModuleError, MountChange, Mounts, can_serve,
    module_hp_range,
};
pub use rules::movement::{RegionChange, reachable};
pub use rules::network::{NetworkId, Networks, Pooling, ResourceType, Resources};
pub use rules::targeting::{ParseTargetError, Range, Spread, TargetBox, Width};
pub use rules::zone_control::{SectorLock, has_zone_dominance, tiles_controlled};
