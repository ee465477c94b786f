//! The board as data: every hex with its terrain and every unit standing on the map, so that a
//! browser draws the map from JSON rather than reading a terminal picture back.
//!
//! The same shape serves a running game (the observation's `board`) and the lobby (a scenario's
//! opening position). Grid Battles has perfect information, so the board holds nothing a viewer
//! may not see: it is built from the same public state as the rest of the observation.

use crate::action::UnitId;
use crate::config::TerrainType;
use crate::state::{GridBattles, Status};
use gridwright_engine::Seat;
use gridwright_engine::geom::Hex;
use serde::Serialize;

/// The map and the units on it.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Board {
    /// Columns.
    pub width: u8,
    /// Rows.
    pub height: u8,
    /// Every hex, column by column, each column top to bottom.
    pub hexes: Vec<BoardHex>,
    /// The terrain types the hexes name, with their entry cost and whether they block sight.
    pub terrain: Vec<TerrainType>,
    /// The units on the map (destroyed units are not on it), in id order.
    pub units: Vec<BoardUnit>,
}

/// One hex of the map.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct BoardHex {
    /// Printed code, column then row (`0304`).
    pub code: String,
    /// Column, from 0 at the west edge.
    pub col: u8,
    /// Row, from 0 at the top; odd columns sit half a row lower.
    pub row: u8,
    /// Axial position, as actions name hexes.
    pub hex: Hex,
    /// Terrain type id (`plain`, `woods`, `hill`).
    pub terrain: String,
}

/// One unit on the map.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct BoardUnit {
    /// The unit's number (as typed in actions).
    pub id: UnitId,
    /// Map label: type letter (upper case for P1, lower case for P2) and number.
    pub label: String,
    /// Owner.
    pub seat: Seat,
    /// Unit type id.
    pub unit_type: String,
    /// Code of the hex it stands on.
    pub at: String,
    /// Axial position.
    pub hex: Hex,
    /// Fresh, activated or fatigued.
    pub status: Status,
    /// Health left.
    pub health: u8,
    /// Starting health.
    pub max_health: u8,
}

impl GridBattles {
    /// The map and the units on it, as every viewer sees them.
    pub fn board(&self) -> Board {
        let r = &*self.rules;
        let terrain_id = |i: usize| {
            r.terrain
                .get(i)
                .and_then(|t| r.config.terrain.get(usize::from(*t)))
                .map(|t| t.id.clone())
                .unwrap_or_default()
        };
        let hexes = r
            .hexes
            .iter()
            .enumerate()
            .map(|(i, &hex)| {
                let (col, row) = hex.to_offset();
                BoardHex {
                    code: hex.code(),
                    col: u8::try_from(col).unwrap_or(u8::MAX),
                    row: u8::try_from(row).unwrap_or(u8::MAX),
                    hex,
                    terrain: terrain_id(i),
                }
            })
            .collect();
        let units = self
            .unit_views()
            .into_iter()
            .filter_map(|u| {
                Some(BoardUnit {
                    at: u.at?,
                    hex: u.hex?,
                    id: u.id,
                    label: u.label,
                    seat: u.side,
                    unit_type: u.unit_type,
                    status: u.status,
                    health: u.health,
                    max_health: u.max_health,
                })
            })
            .collect();
        Board {
            width: r.width,
            height: r.height,
            hexes,
            terrain: r.config.terrain.clone(),
            units,
        }
    }
}
