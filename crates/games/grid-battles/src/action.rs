//! Actions. Their text form (the table below) is read and written in `text.rs`.
//!
//! | action | text | when |
//! |---|---|---|
//! | [`Action::Activate`] | `activate 3` | activation phase |
//! | [`Action::Move`] | `move 3 0405` | movement phase |
//! | [`Action::Hold`] | `hold 3` | movement phase |
//! | [`Action::Attack`] | `attack 3 7` | attack phase |
//! | [`Action::Done`] | `done` | movement (the rest hold) or attack phase (the rest skip) |
//! | [`Action::Roll`] | `roll 2 5` | chance: attack die face 2, defence die face 5 (1-based) |
//!
//! Unit numbers are the ones shown on the map and in the unit table.

use gridwright_engine::geom::Hex;
use serde::{Deserialize, Serialize};

/// A unit's number within a battle: P1's units first, in scenario order.
///
/// Stored zero-based; shown and typed one-based, as in the unit table.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(transparent)]
pub struct UnitId(pub(crate) u8);

impl UnitId {
    /// The unit shown as number `n` (1-based), if `n` is plausible.
    pub fn from_number(n: u32) -> Option<UnitId> {
        let i = n.checked_sub(1)?;
        u8::try_from(i)
            .ok()
            .filter(|&i| usize::from(i) < crate::config::MAX_UNITS)
            .map(UnitId)
    }

    /// Zero-based index into the unit list.
    pub fn index(self) -> usize {
        usize::from(self.0)
    }

    /// The one-based number people see.
    pub fn number(self) -> u32 {
        u32::from(self.0) + 1
    }
}

gridwright_engine::display_number!(UnitId);

/// A player's choice or a dice roll.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Action {
    /// Activation phase: mark a fresh unit active for this turn.
    Activate(UnitId),
    /// Movement phase: the unit's whole move, to a hex it can reach.
    Move {
        /// The moving unit.
        unit: UnitId,
        /// Where it ends.
        to: Hex,
    },
    /// Movement phase: the unit stays where it is.
    Hold(UnitId),
    /// Attack phase: `unit` attacks `target`.
    Attack {
        /// The attacker (an active unit that has not attacked this turn).
        unit: UnitId,
        /// The enemy it attacks.
        target: UnitId,
    },
    /// Ends the movement phase (the units that have not moved hold) or the attack phase (the
    /// units that have not attacked skip).
    Done,
    /// Chance: the faces rolled (zero-based) on the striking unit's attack die and the struck
    /// unit's defence die.
    Roll {
        /// Attack die face index.
        attack_face: u8,
        /// Defence die face index.
        defence_face: u8,
    },
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn action_is_small() {
        gridwright_engine::testing::assert_size_at_most::<Action>(16);
    }
}
