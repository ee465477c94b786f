//! Actions and their text form.
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
use std::fmt;

/// A unit's number within a battle: P1's units first, in scenario order.
///
/// Stored zero-based; shown and typed one-based, as in the unit table.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Serialize, Deserialize)]
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

impl fmt::Display for UnitId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.number())
    }
}

/// A player's choice or a dice roll.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Serialize, Deserialize)]
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

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Activate(u) => write!(f, "activate {u}"),
            Action::Move { unit, to } => write!(f, "move {unit} {}", to.code()),
            Action::Hold(u) => write!(f, "hold {u}"),
            Action::Attack { unit, target } => write!(f, "attack {unit} {target}"),
            Action::Done => f.write_str("done"),
            Action::Roll {
                attack_face,
                defence_face,
            } => write!(f, "roll {} {}", attack_face + 1, defence_face + 1),
        }
    }
}

/// Reads the text form of an action (case and spacing ignored). Checks only the syntax: the
/// game decides legality.
///
/// # Errors
/// A message naming what is wrong and the expected form.
///
/// # Examples
/// ```
/// use gridwright_grid_battles::{Action, parse_action_text};
/// assert_eq!(parse_action_text("done"), Ok(Action::Done));
/// assert_eq!(parse_action_text("Move 2 0304").map(|a| a.to_string()), Ok("move 2 0304".into()));
/// assert!(parse_action_text("move 2 304").is_err());
/// ```
pub fn parse_action_text(text: &str) -> Result<Action, String> {
    let lower = text.trim().to_lowercase();
    let words: Vec<&str> = lower.split_whitespace().collect();
    let unit = |w: &str| -> Result<UnitId, String> {
        w.trim_start_matches('#')
            .parse::<u32>()
            .ok()
            .and_then(UnitId::from_number)
            .ok_or_else(|| format!("`{w}` is not a unit number (as shown in the unit table)"))
    };
    let face = |w: &str| -> Result<u8, String> {
        match w.parse::<u8>() {
            Ok(n) if n >= 1 => Ok(n - 1),
            _ => Err(format!("`{w}` is not a die face number (1-based)")),
        }
    };
    match words.as_slice() {
        ["activate" | "a", u] => Ok(Action::Activate(unit(u)?)),
        ["move" | "m", u, code] => Ok(Action::Move {
            unit: unit(u)?,
            to: Hex::parse_code(code).map_err(|e| e.to_string())?,
        }),
        ["hold" | "h", u] => Ok(Action::Hold(unit(u)?)),
        ["attack" | "x", u, t] => Ok(Action::Attack {
            unit: unit(u)?,
            target: unit(t)?,
        }),
        ["done" | "d" | "end" | "skip" | "pass"] => Ok(Action::Done),
        ["roll", a, d] => Ok(Action::Roll {
            attack_face: face(a)?,
            defence_face: face(d)?,
        }),
        [] => Err(
            "empty action; try `activate N`, `move N CCRR`, `hold N`, `attack N M` or `done`"
                .into(),
        ),
        _ => Err(format!(
            "cannot read `{}`; the forms are `activate N`, `move N CCRR`, `hold N`, `attack N M` and `done`",
            text.trim()
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn action_is_small() {
        assert!(
            std::mem::size_of::<Action>() <= 16,
            "{}",
            std::mem::size_of::<Action>()
        );
    }

    #[test]
    fn text_round_trips() {
        let all = [
            Action::Activate(UnitId(0)),
            Action::Move {
                unit: UnitId(4),
                to: Hex::from_offset(3, 4),
            },
            Action::Hold(UnitId(9)),
            Action::Attack {
                unit: UnitId(1),
                target: UnitId(12),
            },
            Action::Done,
            Action::Roll {
                attack_face: 5,
                defence_face: 0,
            },
        ];
        for a in all {
            assert_eq!(parse_action_text(&a.to_string()), Ok(a), "{a}");
        }
        assert_eq!(Action::Activate(UnitId(0)).to_string(), "activate 1");
    }

    #[test]
    fn bad_text_says_why() {
        assert!(
            parse_action_text("activate 0")
                .unwrap_err()
                .contains("unit number")
        );
        assert!(parse_action_text("move 1 12").unwrap_err().contains("12"));
        assert!(parse_action_text("fly 1").unwrap_err().contains("forms"));
    }
}
