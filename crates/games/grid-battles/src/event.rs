//! What happens in a game, for logs and displays.

use crate::action::UnitId;
use crate::state::{EndReason, GridBattles};
use gridwright_engine::geom::Hex;
use gridwright_engine::{PerSeat, Seat};
use serde::{Deserialize, Serialize};

/// Something that happened.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
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

impl Event {
    /// Readable text, naming units as the map shows them.
    pub fn text(&self, g: &GridBattles) -> String {
        let name = |u: &UnitId| g.unit_label(*u);
        match self {
            Event::TurnStarted { side, activations } => {
                format!("{side}'s turn: activate {activations} unit(s)")
            }
            Event::Passed { side } => format!("{side} has no fresh units and passes"),
            Event::Activated { unit } => format!("{} activated", name(unit)),
            Event::Moved {
                unit,
                from,
                to,
                cost,
            } => format!(
                "{} moves {} → {} ({cost} MP)",
                name(unit),
                from.code(),
                to.code()
            ),
            Event::Held { unit } => format!("{} holds", name(unit)),
            Event::AttackDeclared {
                attacker,
                defender,
                ranged,
                advantage,
                defender_bold,
            } => {
                let mut s = format!(
                    "{} {} {}",
                    name(attacker),
                    if *ranged { "shoots at" } else { "attacks" },
                    name(defender)
                );
                if *advantage {
                    s.push_str(" (bonus applies)");
                }
                if *defender_bold {
                    s.push_str(if *ranged {
                        " — defender is bold"
                    } else {
                        " — defender is bold and will strike back"
                    });
                }
                s
            }
            Event::Rolled {
                striker,
                target,
                counterattack,
                attack_face,
                defence_face,
                swords,
                bonus,
                advantage,
                shields,
                hits,
                health,
            } => {
                let bonus_text = match (bonus, advantage) {
                    (0, _) => String::new(),
                    (b, true) => format!(" +{b} bonus"),
                    (b, false) => format!(" ({b} bonus, no advantage)"),
                };
                format!(
                    "{}{} rolls face {} ({swords} sword{bonus_text}) vs {} face {} ({shields} \
                     shield): {hits} hit(s), {} health {health}",
                    if *counterattack {
                        "counterattack: "
                    } else {
                        ""
                    },
                    name(striker),
                    attack_face + 1,
                    name(target),
                    defence_face + 1,
                    name(target),
                )
            }
            Event::Counterattack { unit } => format!("{} is bold and strikes back", name(unit)),
            Event::Destroyed { unit, vp_to } => {
                format!("{} is destroyed; {vp_to} scores 1 VP", name(unit))
            }
            Event::TurnEnded { side } => format!("{side}'s turn ends"),
            Event::RoundEnded { round } => format!("round {round} ends"),
            Event::RoundStarted { round, first } => format!("round {round} begins; {first} starts"),
            Event::GameOver { winner, reason, vp } => {
                let why = match reason {
                    EndReason::Victory => "victory condition met",
                    EndReason::RoundLimit => "round limit reached",
                };
                match winner {
                    Some(w) => format!("game over ({why}): {w} wins, {} VP", vp_text(vp)),
                    None => format!("game over ({why}): draw, {} VP", vp_text(vp)),
                }
            }
        }
    }
}

/// Victory points in seat order, as in `3–1`.
fn vp_text(vp: &PerSeat<u8>) -> String {
    let points: Vec<String> = vp.as_slice().iter().map(u8::to_string).collect();
    points.join("–")
}
