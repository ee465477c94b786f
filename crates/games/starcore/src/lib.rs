//! # Starcore (foundation)
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
//! **This crate is not yet a game.** It holds the rules that need no card content: the board
//! ([`Tile`], [`Row`], [`Lane`], [`Zone`], [`Sector`], [`Area`]), movement reach, targeting
//! boxes ([`TargetBox`]), links ([`LinkCard`], [`links`]) and networks ([`Networks`]). It does
//! not implement `gridwright_engine::Game` and is not in the catalog; see "Implemented so far"
//! in `docs/rules/starcore.md`.
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

#![warn(missing_docs)]

mod grid;
mod rules;

pub use grid::{
    Area, LANES, Lane, LaneOutOfRange, P1, P2, Place, ROWS, Row, SEATS, Sector, Step, TILES,
    TILES_PER_GRID, Tile, TileError, TileMap, TileSet, Zone,
};
pub use rules::links::{
    Face, FaceSet, Link, LinkCard, LinkKind, direct_link_bonus, free_faces, linked, linked_to,
    links,
};
pub use rules::movement::reachable;
pub use rules::network::{NetworkId, Networks, Pooling, ResourceType, Resources};
pub use rules::targeting::{ParseTargetError, Range, Spread, TargetBox, Width};
