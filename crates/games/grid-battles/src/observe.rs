//! The observation: the whole public state (Grid Battles has no secrets), shaped for clients.

use crate::action::UnitId;
use crate::board::Board;
use crate::config::{TerrainType, UnitType};
use crate::state::{GridBattles, Phase, SEATS, Status, Unit};
use gridwright_engine::geom::Hex;
use gridwright_engine::{PerSeat, Seat};
use serde::Serialize;

/// Everything a player or spectator sees.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Observation {
    /// Scenario name.
    pub scenario: String,
    /// Scenario title.
    pub title: String,
    /// Current round, from 1.
    pub round: u16,
    /// Last round.
    pub round_limit: u16,
    /// The side whose turn it is.
    pub active: Seat,
    /// The side that started this round.
    pub round_starter: Seat,
    /// The phase.
    pub phase: Phase,
    /// Victory points of P1 and P2.
    pub vp: PerSeat<u8>,
    /// Victory points each side needs to win at once.
    pub vp_target: PerSeat<u8>,
    /// Side names.
    pub sides: PerSeat<String>,
    /// The map.
    pub map: MapView,
    /// Unit types (statistics, dice) by id.
    pub unit_types: Vec<UnitType>,
    /// Every unit, destroyed ones included (ids never change).
    pub units: Vec<UnitView>,
    /// The map hex by hex and the units on it, for drawing (see [`Board`]).
    pub board: Board,
}

/// The map in an observation, compactly: one string of terrain letters per row.
///
/// The hex at column `c`, row `r` (code `format!("{c:02}{r:02}")`) has the terrain whose
/// `letter` is the `c`-th character of `rows[r]`. Odd columns sit half a row lower.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct MapView {
    /// Columns.
    pub width: u8,
    /// Rows.
    pub height: u8,
    /// Terrain letters, one string per row.
    pub rows: Vec<String>,
    /// The terrain types the letters stand for.
    pub terrain: Vec<TerrainType>,
}

/// One unit in an observation or the unit table.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct UnitView {
    /// The unit's number (as typed in actions).
    pub id: UnitId,
    /// Map label: type letter (upper case for P1, lower case for P2) and number, e.g. `K3`.
    pub label: String,
    /// Owner.
    pub side: Seat,
    /// Unit type id.
    pub unit_type: String,
    /// Whether it is still on the map.
    pub alive: bool,
    /// Where it stands (`None` once destroyed).
    pub at: Option<String>,
    /// Axial position (`None` once destroyed).
    pub hex: Option<Hex>,
    /// Health left.
    pub health: u8,
    /// Starting health.
    pub max_health: u8,
    /// Movement points per activation.
    pub movement: u8,
    /// Movement points left this turn.
    pub mp_left: u8,
    /// Fresh, activated or fatigued.
    pub status: Status,
    /// Has moved (or held) this turn.
    pub moved: bool,
    /// Has attacked this turn.
    pub attacked: bool,
    /// Has at least two friendly units adjacent.
    pub bold: bool,
}

impl GridBattles {
    /// A view of unit `id` (destroyed units included), or `None` if there is no such unit.
    pub fn unit_view(&self, id: UnitId) -> Option<UnitView> {
        let u = *self.unit(id)?;
        let ty = &self.rules.config.units[usize::from(u.ty)];
        let hex = u.alive().then(|| self.hex(u.pos));
        Some(UnitView {
            id,
            label: self.map_label(id),
            side: u.side,
            unit_type: ty.id.clone(),
            alive: u.alive(),
            at: hex.map(Hex::code),
            hex,
            health: u.health,
            max_health: ty.health,
            movement: ty.movement,
            mp_left: u.mp_left,
            status: u.status,
            moved: u.has(Unit::MOVED),
            attacked: u.has(Unit::ATTACKED),
            bold: self.is_bold(id.index()),
        })
    }

    /// The type of unit `id`.
    pub fn unit_type(&self, id: UnitId) -> Option<&UnitType> {
        let u = self.unit(id)?;
        self.rules.config.units.get(usize::from(u.ty))
    }

    /// Every unit, in id order.
    pub fn unit_views(&self) -> Vec<UnitView> {
        (0..self.n_units)
            .filter_map(|i| self.unit_view(UnitId(i)))
            .collect()
    }

    /// The short map label of a unit: type letter (upper case for P1, lower case for P2) and
    /// number.
    pub fn map_label(&self, id: UnitId) -> String {
        match self.unit(id) {
            Some(u) => {
                let letter = self.rules.config.units[usize::from(u.ty)].letter;
                let letter = if u.side == Seat::new(0) {
                    letter.to_ascii_uppercase()
                } else {
                    letter.to_ascii_lowercase()
                };
                format!("{letter}{id}")
            }
            None => format!("?{id}"),
        }
    }

    /// A unit's name for sentences: `P1 Knight 3`.
    pub fn unit_label(&self, id: UnitId) -> String {
        match self.unit(id) {
            Some(u) => format!(
                "{} {} {id}",
                u.side,
                self.rules.config.units[usize::from(u.ty)].name
            ),
            None => format!("unit {id}"),
        }
    }
}

impl Observation {
    /// The observation of `g` (the same for every viewer).
    pub fn of(g: &GridBattles) -> Observation {
        let r = &*g.rules;
        let c = &r.config;
        let side_name = |s: usize| c.sides.get(s).map(|s| s.name.clone()).unwrap_or_default();
        Observation {
            scenario: c.scenario.clone(),
            title: c.title.clone(),
            round: g.round,
            round_limit: c.round_limit,
            active: g.active,
            round_starter: g.round_starter,
            phase: g.phase,
            vp: g.vp.to_per_seat(),
            vp_target: r.target_vp.clone(),
            sides: PerSeat::from_fn(SEATS, |s| side_name(s.index())),
            map: MapView {
                width: r.width,
                height: r.height,
                rows: c.map.rows.clone(),
                terrain: c.terrain.clone(),
            },
            unit_types: c.units.clone(),
            units: g.unit_views(),
            board: g.board(),
        }
    }
}
