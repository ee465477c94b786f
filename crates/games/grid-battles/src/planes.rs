//! The observation as planes (`ObservationPlanes`) on the hex map in offset coordinates: plane
//! cell (`row`, `col`) is the hex printed `col` `row` (code `ccrr`; odd columns sit half a row
//! lower), so a plane is `height × width` of the scenario's map. "My" is the seat observing.
//!
//! | planes | name | value |
//! |---|---|---|
//! | one per terrain type, in config order | `terrain: <id>` | 1 on hexes of that terrain |
//! | 1 | `my units` | 1 under each of the seat's units still on the map |
//! | 1 | `opponent's units` | 1 under each of the other side's units |
//! | one per unit type, in config order | `unit type: <name>` | 1 under a unit of that type (either side) |
//! | 1 | `health / starting health` | under each unit |
//! | 1 | `movement points left / movement` | under each unit |
//! | 3 | `fresh`, `activated`, `fatigued` | 1 under a unit of that status |
//! | 3 | `moved this turn`, `attacked this turn`, `bold` | 1 under such a unit |
//! | 2 | `attacking unit`, `attacked unit` | 1 under the two units of the combat being rolled |
//! | constant | `round / round limit` | |
//! | constant | `my victory points / my target`, `opponent's victory points / their target` | |
//! | constant | `my turn`, `I started the round` | 1 or 0 |
//! | constant | `phase: activation`, `phase: movement`, `phase: attack`, `phase: combat`, `game over` | one-hot |
//! | constant | `activations left / activations per turn` | in the activation phase |

use crate::{Config, GridBattles, Observation, Phase, Status, UnitId};
use gridwright_engine::{ObservationPlanes, PlaneInput, PlaneList, Planes, Seat, ratio};

/// Where each group of planes starts (its first plane's number).
#[derive(Clone, Copy, Debug)]
pub struct Layout {
    terrain: usize,
    mine: usize,
    types: usize,
    health: usize,
    mp: usize,
    status: usize,
    flags: usize,
    combat: usize,
    scalars: usize,
}

impl ObservationPlanes for GridBattles {
    fn board_size(config: &Config) -> (usize, usize) {
        (
            usize::from(config.map.height),
            usize::from(config.map.width),
        )
    }

    fn encode_planes(input: &PlaneInput<'_, Self>, out: &mut Planes<'_>) {
        let (config, l, seat, seen) = (input.config, input.layout, input.seat, input.seen);
        for (row, letters) in seen.map.rows.iter().enumerate() {
            for (col, letter) in letters.chars().enumerate() {
                if let Some(t) = config.terrain.iter().position(|t| t.letter == letter) {
                    out.set(l.terrain + t, row, col, 1.0);
                }
            }
        }
        let (attacker, defender) = match seen.phase {
            Phase::Combat {
                attacker, defender, ..
            } => (Some(attacker), Some(defender)),
            _ => (None, None),
        };
        for u in &seen.units {
            let Some((col, row)) = u.hex.map(|h| h.to_offset()) else {
                continue;
            };
            let (Ok(row), Ok(col)) = (usize::try_from(row), usize::try_from(col)) else {
                continue;
            };
            let mut set = |plane: usize, value: f32| out.set(plane, row, col, value);
            set(l.mine + usize::from(u.side != seat), 1.0);
            if let Some(t) = config.units.iter().position(|t| t.id == u.unit_type) {
                set(l.types + t, 1.0);
            }
            set(l.health, ratio(u.health, u.max_health));
            set(l.mp, ratio(u.mp_left, u.movement));
            let status = match u.status {
                Status::Fresh => 0,
                Status::Activated => 1,
                Status::Fatigued => 2,
            };
            set(l.status + status, 1.0);
            for (i, flag) in [u.moved, u.attacked, u.bold].into_iter().enumerate() {
                set(l.flags + i, f32::from(u8::from(flag)));
            }
            let is = |id: Option<UnitId>| f32::from(u8::from(id == Some(u.id)));
            set(l.combat, is(attacker));
            set(l.combat + 1, is(defender));
        }
        scalars(config, seat, seen, l, out);
    }

    type Layout = Layout;

    fn layout(config: &Config, list: &mut PlaneList) -> Layout {
        let terrain = list.many(config.terrain.len(), |i| {
            format!("terrain: {}", config.terrain[i].id)
        });
        let mine = list.ones(&["my units", "opponent's units"]);
        let types = list.many(config.units.len(), |i| {
            format!("unit type: {}", config.units[i].name)
        });
        let health = list.one("health / starting health");
        let mp = list.one("movement points left / movement");
        let status = list.ones(&["fresh", "activated", "fatigued"]);
        let flags = list.ones(&["moved this turn", "attacked this turn", "bold"]);
        let combat = list.ones(&["attacking unit", "attacked unit"]);
        let scalars = list.ones(&[
            "round / round limit",
            "my victory points / my target",
            "opponent's victory points / their target",
            "my turn",
            "I started the round",
            "phase: activation",
            "phase: movement",
            "phase: attack",
            "phase: combat",
            "game over",
            "activations left / activations per turn",
        ]);
        Layout {
            terrain,
            mine,
            types,
            health,
            mp,
            status,
            flags,
            combat,
            scalars,
        }
    }
}

fn scalars(config: &Config, seat: Seat, seen: &Observation, l: &Layout, out: &mut Planes<'_>) {
    let other = Seat::new(u8::from(seat.index() == 0));
    let vp = |s: Seat| {
        ratio(
            seen.vp.get(s).copied().unwrap_or(0),
            seen.vp_target.get(s).copied().unwrap_or(0),
        )
    };
    let (phase, remaining) = match seen.phase {
        Phase::Activation { remaining } => (0, ratio(remaining, config.activations)),
        Phase::Movement => (1, 0.0),
        Phase::Attack => (2, 0.0),
        Phase::Combat { .. } => (3, 0.0),
        Phase::Over { .. } => (4, 0.0),
    };
    let values = [
        ratio(seen.round, seen.round_limit),
        vp(seat),
        vp(other),
        f32::from(u8::from(seen.active == seat)),
        f32::from(u8::from(seen.round_starter == seat)),
    ];
    for (i, v) in values.into_iter().enumerate() {
        out.fill(l.scalars + i, v);
    }
    out.fill(l.scalars + 5 + phase, 1.0);
    out.fill(l.scalars + 10, remaining);
}
