//! The optional blocking rule and Pierce (Grid seed, "Line of Sight (Optional Rule)",
//! "Advanced Pierce Mechanic"; decisions, "Combat": a variant).
//!
//! Off by default: any card in the target box may be targeted. With blocking on, a card of the
//! target's owner standing in the **target's lane** between the attacker and the target (by
//! battlefield depth) blocks the attack, unless the attacker has Pierce. Rows in front of the
//! target seen from the attacker block it, as the seed's picture shows the enemy front and
//! middle rows screening the back row.

use crate::grid::{Tile, TileSet};
use serde::{Deserialize, Serialize};

/// Whether cards block attacks behind them (a rule option, default first).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Blocking {
    /// Any card in Range and Width may be targeted (the seed's basic rule).
    #[default]
    Off,
    /// Cards in front of the target in its lane block unless the attacker has Pierce.
    On,
}

/// The tiles that would screen `target` from `attacker`: the target's lane, strictly between
/// the two by depth.
pub fn screen(attacker: Tile, target: Tile) -> TileSet {
    let (lo, hi) = if attacker.depth() < target.depth() {
        (attacker.depth(), target.depth())
    } else {
        (target.depth(), attacker.depth())
    };
    (lo + 1..hi)
        .filter_map(|d| Tile::at_depth(d, target.lane()))
        .collect()
}

/// Whether an attack from `attacker` on `target` is blocked: blocking is on, the attacker lacks
/// Pierce, and one of `blockers` (the tiles holding the target owner's cards) stands in the
/// screen.
pub fn is_blocked(
    rule: Blocking,
    attacker: Tile,
    target: Tile,
    blockers: TileSet,
    pierce: bool,
) -> bool {
    rule == Blocking::On && !pierce && !screen(attacker, target).intersection(blockers).is_empty()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_support::{set, t};

    #[test]
    fn blocking_is_off_by_default() {
        let guards = set(&["P2:A4", "P2:B4"]);
        assert!(!is_blocked(
            Blocking::default(),
            t("P1:C4"),
            t("P2:C4"),
            guards,
            false
        ));
    }

    #[test]
    fn front_and_middle_rows_screen_the_back_row_unless_pierce() {
        // The seed's picture: from P1's back row, the enemy front and middle rows block a shot
        // at the enemy back row.
        let attacker = t("P1:C4");
        let target = t("P2:C4");
        assert_eq!(
            screen(attacker, target),
            set(&["P1:B4", "P1:A4", "P2:A4", "P2:B4"])
        );
        assert!(is_blocked(
            Blocking::On,
            attacker,
            target,
            set(&["P2:A4"]),
            false
        ));
        assert!(is_blocked(
            Blocking::On,
            attacker,
            target,
            set(&["P2:B4"]),
            false
        ));
        assert!(
            !is_blocked(Blocking::On, attacker, target, set(&["P2:B4"]), true),
            "Pierce"
        );
        // An open lane, or guards in other lanes, do not block.
        assert!(!is_blocked(
            Blocking::On,
            attacker,
            target,
            set(&["P2:A3", "P2:B5"]),
            false
        ));
        // The front row itself is never screened from the other front row.
        assert!(screen(t("P1:A4"), t("P2:A4")).is_empty());
    }

    #[test]
    fn the_screen_lies_in_the_targets_lane_for_a_diagonal_shot() {
        assert_eq!(screen(t("P1:B2"), t("P2:B5")), set(&["P1:A5", "P2:A5"]));
        assert_eq!(screen(t("P2:B5"), t("P1:B2")), set(&["P1:A2", "P2:A2"]));
    }
}
