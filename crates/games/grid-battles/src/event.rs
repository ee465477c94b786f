//! What happens in a game, for logs and displays.

use crate::action::UnitId;
use crate::state::EndReason;
use gridwright_engine::geom::Hex;
use gridwright_engine::{PerSeat, Seat};
use serde::{Deserialize, Serialize};

/// Something that happened.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum Event {
    /// A side's turn began; it must activate this many units.
    TurnStarted {
        /// The side.
        side: Seat,
        /// Units it must activate.
        activations: u8,
    },
    /// A side had no fresh unit and passed.
    Passed {
        /// The side.
        side: Seat,
    },
    /// A unit was activated.
    Activated {
        /// The unit.
        unit: UnitId,
    },
    /// A unit moved.
    Moved {
        /// The unit.
        unit: UnitId,
        /// Start hex.
        from: Hex,
        /// End hex.
        to: Hex,
        /// Movement points spent.
        cost: u8,
    },
    /// A unit stayed in place.
    Held {
        /// The unit.
        unit: UnitId,
    },
    /// An attack was declared.
    AttackDeclared {
        /// The attacker.
        attacker: UnitId,
        /// The defender.
        defender: UnitId,
        /// Whether it is a ranged attack (never answered by a counterattack).
        ranged: bool,
        /// Whether the attacker's bonus symbols count.
        advantage: bool,
        /// Whether the defender was bold when the attack was declared.
        defender_bold: bool,
    },
    /// Dice were rolled in a combat.
    Rolled {
        /// The unit rolling its attack die.
        striker: UnitId,
        /// The unit rolling its defence die.
        target: UnitId,
        /// Whether this is a counterattack.
        counterattack: bool,
        /// Attack die face (zero-based).
        attack_face: u8,
        /// Defence die face (zero-based).
        defence_face: u8,
        /// Swords rolled.
        swords: u8,
        /// Bonus symbols rolled.
        bonus: u8,
        /// Whether the bonus symbols counted.
        advantage: bool,
        /// Shields rolled.
        shields: u8,
        /// Hits dealt.
        hits: u8,
        /// The target's health afterwards.
        health: u8,
    },
    /// A bold defender strikes back.
    Counterattack {
        /// The defender.
        unit: UnitId,
    },
    /// A unit was destroyed.
    Destroyed {
        /// The unit.
        unit: UnitId,
        /// The side that scores the victory point.
        vp_to: Seat,
    },
    /// A side's turn ended; its activated units are fatigued.
    TurnEnded {
        /// The side.
        side: Seat,
    },
    /// A round ended.
    RoundEnded {
        /// The round.
        round: u16,
    },
    /// A new round began; all units are fresh.
    RoundStarted {
        /// The round.
        round: u16,
        /// The side that starts it.
        first: Seat,
    },
    /// The game ended.
    GameOver {
        /// The winner, or `None` for a draw.
        winner: Option<Seat>,
        /// Why it ended.
        reason: EndReason,
        /// Final victory points of P1 and P2.
        vp: PerSeat<u8>,
    },
}
