//! The flat action index of a config, for masks (see the engine's `ActionIndex`).
//!
//! With `U` units in the scenario (both sides, P1's first) and a map `W` hexes wide and `H`
//! high, the indices are, in order:
//!
//! | indices | action |
//! |---|---|
//! | `u` | `activate u` |
//! | `U + u` | `hold u` |
//! | `2U + a·U + t` | `attack a t` (a unit attacking itself is never legal but has an index) |
//! | `2U + U²` | `done` |
//! | `2U + U² + 1 + u·W·H + row·W + col` | `move u` to the hex printed at (`col`, `row`) |
//!
//! so `N = 2U + U² + 1 + U·W·H`: 2,161 for the 16 units of `pitched-battle` on its 13 × 9
//! map. Dice rolls are chance
//! outcomes and have no index. The index depends on the config only, never on the state.

use crate::config::{MAX_MAP_SIDE, MAX_UNITS};
use crate::{Action, Config, GridBattles, UnitId};
use gridwright_engine::ActionIndex;
use gridwright_engine::geom::Hex;

/// The sizes the index is built from, clamped to what a valid config may have so that an
/// invalid config cannot make the arithmetic overflow.
#[derive(Clone, Copy)]
struct Layout {
    units: usize,
    width: usize,
    height: usize,
}

impl Layout {
    fn of(config: &Config) -> Layout {
        let units: usize = config.sides.iter().map(|s| s.units.len()).sum();
        let side = usize::from(MAX_MAP_SIDE);
        Layout {
            units: units.min(MAX_UNITS),
            width: usize::from(config.map.width).min(side),
            height: usize::from(config.map.height).min(side),
        }
    }

    fn hexes(self) -> usize {
        self.width * self.height
    }

    fn hold(self) -> usize {
        self.units
    }

    fn attack(self) -> usize {
        2 * self.units
    }

    fn done(self) -> usize {
        self.attack() + self.units * self.units
    }

    fn moves(self) -> usize {
        self.done() + 1
    }

    fn len(self) -> usize {
        self.moves() + self.units * self.hexes()
    }

    fn unit(self, u: UnitId) -> Option<usize> {
        Some(u.index()).filter(|i| *i < self.units)
    }

    fn unit_id(self, i: usize) -> Option<UnitId> {
        u8::try_from(i).ok().filter(|_| i < self.units).map(UnitId)
    }

    fn hex(self, h: Hex) -> Option<usize> {
        let (col, row) = h.to_offset();
        let col = usize::try_from(col).ok().filter(|c| *c < self.width)?;
        let row = usize::try_from(row).ok().filter(|r| *r < self.height)?;
        Some(row * self.width + col)
    }

    fn index(self, action: &Action) -> Option<usize> {
        let u = self.units;
        match *action {
            Action::Activate(unit) => self.unit(unit),
            Action::Hold(unit) => Some(self.hold() + self.unit(unit)?),
            Action::Attack { unit, target } => {
                Some(self.attack() + self.unit(unit)? * u + self.unit(target)?)
            }
            Action::Done => Some(self.done()),
            Action::Move { unit, to } => {
                Some(self.moves() + self.unit(unit)? * self.hexes() + self.hex(to)?)
            }
            Action::Roll { .. } => None,
        }
    }

    fn action(self, i: usize) -> Option<Action> {
        let u = self.units;
        if i < self.hold() {
            self.unit_id(i).map(Action::Activate)
        } else if i < self.attack() {
            self.unit_id(i - self.hold()).map(Action::Hold)
        } else if i < self.done() {
            let k = i - self.attack();
            Some(Action::Attack {
                unit: self.unit_id(k / u)?,
                target: self.unit_id(k % u)?,
            })
        } else if i == self.done() {
            Some(Action::Done)
        } else if i < self.len() {
            let k = i - self.moves();
            let cell = k % self.hexes();
            let (col, row) = (cell % self.width, cell / self.width);
            Some(Action::Move {
                unit: self.unit_id(k / self.hexes())?,
                to: Hex::from_offset(i32::try_from(col).ok()?, i32::try_from(row).ok()?),
            })
        } else {
            None
        }
    }
}

impl ActionIndex for GridBattles {
    fn num_distinct_actions(config: &Config) -> usize {
        Layout::of(config).len()
    }

    fn action_index(config: &Config, action: &Action) -> Option<usize> {
        Layout::of(config).index(action)
    }

    fn action_from_index(config: &Config, index: usize) -> Option<Action> {
        Layout::of(config).action(index)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Content;

    #[allow(clippy::expect_used)]
    fn skirmish() -> Config {
        Content::builtin()
            .and_then(|c| c.config("skirmish"))
            .expect("shipped scenario")
    }

    #[test]
    fn layout_of_skirmish() {
        // 6 units, 5 × 5 map.
        let c = skirmish();
        let idx = |a: Action| GridBattles::action_index(&c, &a);
        assert_eq!(idx(Action::Activate(UnitId(5))), Some(5));
        assert_eq!(idx(Action::Hold(UnitId(0))), Some(6));
        let attack = Action::Attack {
            unit: UnitId(1),
            target: UnitId(4),
        };
        assert_eq!(idx(attack), Some(12 + 6 + 4));
        assert_eq!(idx(Action::Done), Some(48));
        let to = Hex::from_offset(4, 4);
        assert_eq!(
            idx(Action::Move {
                unit: UnitId(5),
                to
            }),
            Some(198)
        );
        assert_eq!(GridBattles::num_distinct_actions(&c), 199);
        assert_eq!(
            GridBattles::action_from_index(&c, 198),
            Some(Action::Move {
                unit: UnitId(5),
                to
            })
        );
    }

    #[test]
    fn actions_outside_the_config_have_no_index() {
        let c = skirmish();
        let idx = |a: Action| GridBattles::action_index(&c, &a);
        assert_eq!(idx(Action::Activate(UnitId(6))), None);
        let off = [(5, 0), (0, 5), (-1, 2), (2, -1)];
        for (col, row) in off {
            let to = Hex::from_offset(col, row);
            assert_eq!(
                idx(Action::Move {
                    unit: UnitId(0),
                    to
                }),
                None,
                "{col},{row}"
            );
        }
        let roll = Action::Roll {
            attack_face: 0,
            defence_face: 0,
        };
        assert_eq!(idx(roll), None);
        assert_eq!(GridBattles::action_from_index(&c, 199), None);
        assert_eq!(GridBattles::action_from_index(&c, usize::MAX), None);
    }
}
