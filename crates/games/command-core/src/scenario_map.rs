//! The lobby's picture of a scenario as data: the board size, each side's deployment squares
//! and the mechs it brings.
//!
//! Why data and not the text [`preview`](crate::preview)? A browser should draw the board, not
//! parse a terminal picture back into one; and why the squares and not just `deploy_range`?
//! So that the deployment-zone rule lives here, once, and no client re-implements it.

use crate::action::{MechId, Pos};
use crate::config::{Config, HomeEdge};
use crate::rules::Rules;
use gridwright_engine::{Seat, SetupError};
use serde::Serialize;

/// A mech of a side's roster, before deployment.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct RosterMech {
    /// The id the mech will have in the game.
    pub id: MechId,
    /// Chassis id.
    pub chassis: String,
    /// Chassis display name.
    pub name: String,
    /// Chassis letter.
    pub letter: char,
}

/// One side of a scenario.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct MapSide {
    /// The seat that plays it.
    pub seat: Seat,
    /// Its name.
    pub name: String,
    /// Where it deploys.
    pub home_edge: HomeEdge,
    /// The squares it may deploy on, row by row.
    pub deploy: Vec<Pos>,
    /// Its mechs, in id order.
    pub mechs: Vec<RosterMech>,
}

/// A scenario's board before the game starts (nothing is placed yet: mechs deploy in play).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ScenarioMap {
    /// Board columns.
    pub width: u8,
    /// Board rows.
    pub height: u8,
    /// Rounds.
    pub round_limit: u16,
    /// The two sides.
    pub sides: Vec<MapSide>,
}

/// The board of `config` as the lobby shows it.
///
/// # Errors
/// If the config is not a playable scenario (the same check a new game makes).
///
/// # Examples
/// ```
/// use gridwright_command_core::{Content, scenario_map};
/// let map = scenario_map(&Content::builtin()?.config("duel")?)?;
/// assert_eq!((map.width, map.sides.len()), (10, 2));
/// assert!(map.sides[0].deploy.iter().all(|p| p.y == 0)); // the north edge's outer row
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn scenario_map(config: &Config) -> Result<ScenarioMap, SetupError> {
    let rules = Rules::new(config)?;
    let sides = config
        .sides
        .iter()
        .enumerate()
        .map(|(s, side)| {
            let seat = Seat::new(s as u8);
            let deploy = (0..config.height)
                .flat_map(|y| (0..config.width).map(move |x| Pos::new(x, y)))
                .filter(|p| rules.deploy[seat].get(rules.index(p.x, p.y)))
                .collect();
            let mechs = rules
                .mechs
                .iter()
                .enumerate()
                .filter(|(_, m)| m.owner == seat)
                .map(|(i, m)| {
                    let c = &config.chassis[usize::from(m.chassis)];
                    RosterMech {
                        id: MechId(i as u8),
                        chassis: c.id.clone(),
                        name: c.name.clone(),
                        letter: c.letter,
                    }
                })
                .collect();
            MapSide {
                seat,
                name: side.name.clone(),
                home_edge: side.home_edge,
                deploy,
                mechs,
            }
        })
        .collect();
    Ok(ScenarioMap {
        width: config.width,
        height: config.height,
        round_limit: config.round_limit,
        sides,
    })
}
