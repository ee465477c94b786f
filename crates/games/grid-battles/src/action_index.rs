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
use gridwright_engine::geom::Hex;
use gridwright_engine::{ActionIndex, Block, Blocks, block_names};

// The blocks of the index, in order (see the table above).
block_names!(ACTIVATE, HOLD, ATTACK, DONE, MOVE);

/// The index of `config`, its sizes clamped to what a valid config may have so that an invalid
/// config cannot make the arithmetic overflow.
fn blocks(config: &Config) -> Blocks<5> {
    let side = usize::from(MAX_MAP_SIDE);
    let u = config
        .sides
        .iter()
        .map(|s| s.units.len())
        .sum::<usize>()
        .min(MAX_UNITS);
    let w = usize::from(config.map.width).min(side);
    let h = usize::from(config.map.height).min(side);
    Blocks::new([
        Block::new(&[u]),
        Block::new(&[u]),
        Block::new(&[u, u]),
        Block::ONE,
        Block::new(&[u, h, w]),
    ])
}

fn unit_id(i: usize) -> Option<UnitId> {
    u8::try_from(i).ok().map(UnitId)
}

impl ActionIndex for GridBattles {
    fn num_distinct_actions(config: &Config) -> usize {
        blocks(config).len()
    }

    fn action_index(config: &Config, action: &Action) -> Option<usize> {
        let b = blocks(config);
        match *action {
            Action::Activate(u) => b.encode(ACTIVATE, &[u.index()]),
            Action::Hold(u) => b.encode(HOLD, &[u.index()]),
            Action::Attack { unit, target } => b.encode(ATTACK, &[unit.index(), target.index()]),
            Action::Done => b.encode(DONE, &[]),
            Action::Move { unit, to } => {
                let (col, row) = to.to_offset();
                let (col, row) = (usize::try_from(col).ok()?, usize::try_from(row).ok()?);
                b.encode(MOVE, &[unit.index(), row, col])
            }
            Action::Roll { .. } => None,
        }
    }

    fn action_from_index(config: &Config, index: usize) -> Option<Action> {
        Some(match blocks(config).decode(index)? {
            (ACTIVATE, [u, ..]) => Action::Activate(unit_id(u)?),
            (HOLD, [u, ..]) => Action::Hold(unit_id(u)?),
            (ATTACK, [u, t, ..]) => Action::Attack {
                unit: unit_id(u)?,
                target: unit_id(t)?,
            },
            (DONE, _) => Action::Done,
            (MOVE, [u, row, col, _]) => Action::Move {
                unit: unit_id(u)?,
                to: Hex::from_offset(i32::try_from(col).ok()?, i32::try_from(row).ok()?),
            },
            _ => return None,
        })
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
