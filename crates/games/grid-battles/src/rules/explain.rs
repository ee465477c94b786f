//! Why an action is refused, in words a player can act on.

use crate::action::{Action, UnitId};
use crate::state::{GridBattles, Phase, Status, Unit};
use gridwright_engine::Seat;

impl GridBattles {
    /// The reason `action` is not legal for `seat` now.
    pub(crate) fn why_illegal(&self, seat: Seat, action: &Action) -> String {
        if let Action::Roll { .. } = action {
            return "dice are rolled by the game, not chosen".into();
        }
        if self.active != seat {
            return format!("it is {}'s turn", self.active);
        }
        let own = |u: UnitId| -> Result<&Unit, String> {
            let unit = self
                .unit(u)
                .ok_or_else(|| format!("there is no unit {u} (units are 1..={})", self.n_units))?;
            if !unit.alive() {
                return Err(format!("{} has been destroyed", self.unit_label(u)));
            }
            if unit.side != seat {
                return Err(format!("{} is not yours", self.unit_label(u)));
            }
            Ok(unit)
        };
        let result = match (self.phase, *action) {
            (Phase::Activation { .. }, Action::Activate(u)) => {
                own(u).map(|unit| match unit.status {
                    Status::Fresh => "it cannot be activated now".to_owned(),
                    Status::Activated => format!("{} is already activated", self.unit_label(u)),
                    Status::Fatigued => {
                        format!("{} is fatigued until the next round", self.unit_label(u))
                    }
                })
            }
            (Phase::Activation { remaining }, _) => Ok(format!(
                "this is the activation phase: activate {remaining} more unit(s) first"
            )),
            (Phase::Movement, Action::Move { unit: u, to }) => own(u).map(|unit| {
                if unit.status != Status::Activated {
                    format!("{} was not activated this turn", self.unit_label(u))
                } else if unit.has(Unit::MOVED) {
                    format!("{} has already finished its movement", self.unit_label(u))
                } else {
                    match self.rules.index(to) {
                        None => format!("hex {} is not on the map", to.code()),
                        Some(i) if self.occupied.get(i) => {
                            format!("hex {} is occupied", to.code())
                        }
                        Some(_) => format!(
                            "hex {} is out of reach: {} has {} movement point(s) and may not \
                             pass through occupied hexes",
                            to.code(),
                            self.unit_label(u),
                            unit.mp_left
                        ),
                    }
                }
            }),
            (Phase::Movement, Action::Hold(u)) => own(u).map(|unit| {
                if unit.status != Status::Activated {
                    format!("{} was not activated this turn", self.unit_label(u))
                } else {
                    format!("{} has already finished its movement", self.unit_label(u))
                }
            }),
            (Phase::Movement, _) => {
                Ok("this is the movement phase: `move N CCRR`, `hold N` or `done`".to_owned())
            }
            (Phase::Attack, Action::Attack { unit: u, target }) => own(u).map(|unit| {
                let ty = &self.rules.types[usize::from(unit.ty)];
                if unit.status != Status::Activated {
                    return format!("{} was not activated this turn", self.unit_label(u));
                }
                if unit.has(Unit::ATTACKED) {
                    return format!("{} has already attacked this turn", self.unit_label(u));
                }
                let Some(t) = self.unit(target).filter(|t| t.alive()) else {
                    return format!("there is no unit {target} on the map");
                };
                if t.side == unit.side {
                    return "you cannot attack your own unit".into();
                }
                let d = self.hex(unit.pos).distance(self.hex(t.pos));
                if !ty.ranged {
                    format!(
                        "{} attacks in melee and {} is not adjacent",
                        self.unit_label(u),
                        self.unit_label(target)
                    )
                } else if d > u32::from(ty.range) {
                    format!(
                        "{} is {d} hexes away; range is {}",
                        self.unit_label(target),
                        ty.range
                    )
                } else {
                    format!(
                        "no clear line of sight from {} to {}",
                        self.hex(unit.pos).code(),
                        self.hex(t.pos).code()
                    )
                }
            }),
            (Phase::Attack, _) => Ok("this is the attack phase: `attack N M` or `done`".to_owned()),
            (Phase::Combat { .. }, _) => Ok("a combat roll is due".to_owned()),
            (Phase::Over { .. }, _) => Ok("the game is over".to_owned()),
        };
        result.unwrap_or_else(|e| e)
    }
}
