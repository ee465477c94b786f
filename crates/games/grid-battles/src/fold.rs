//! The event log as an audit trail ([`EventFold`]): folding the events into the starting
//! observation gives the observation after every step. The vocabulary (which event changes
//! what) is listed in `docs/rules/grid-battles.md`, "Event log".
//!
//! Grid Battles has no secrets, so every viewer folds the same events. Two things change
//! without an event of their own, and the fold derives them as the rules do: the movement phase
//! gives way to the attack phase once no activated unit of the active side may still move, and
//! a unit is bold while two friendly units stand next to it.

use crate::board::BoardUnit;
use crate::event::Event;
use crate::observe::{Observation, UnitView};
use crate::state::{CombatRoll, GridBattles, Phase, Status};
use gridwright_engine::{EventFold, Viewer};

/// The folded view of unit `id`.
fn unit(seen: &mut Observation, id: crate::UnitId) -> Option<&mut UnitView> {
    seen.units.get_mut(id.index())
}

impl EventFold for GridBattles {
    fn fold_event(_start: &Self, _viewer: Viewer, seen: &mut Observation, event: &Event) {
        match event {
            Event::TurnStarted { side, activations } => {
                seen.active = *side;
                seen.phase = Phase::Activation {
                    remaining: *activations,
                };
            }
            Event::Activated { unit: id } => activated(seen, *id),
            Event::Moved { unit: id, to, .. } => {
                if let Some(u) = unit(seen, *id) {
                    u.hex = Some(*to);
                    u.at = Some(to.code());
                    u.mp_left = 0;
                    u.moved = true;
                }
            }
            Event::Held { unit: id } => {
                if let Some(u) = unit(seen, *id) {
                    u.moved = true;
                }
            }
            Event::AttackDeclared {
                attacker,
                defender,
                ranged,
                defender_bold,
                ..
            } => attack_declared(seen, *attacker, *defender, *defender_bold && !*ranged),
            Event::Rolled { target, health, .. } => rolled(seen, *target, *health),
            Event::Counterattack { .. } => {
                if let Phase::Combat { roll, .. } = &mut seen.phase {
                    *roll = CombatRoll::Counterattack;
                }
            }
            Event::Destroyed { unit: id, vp_to } => {
                if let Some(u) = unit(seen, *id) {
                    u.alive = false;
                    u.at = None;
                    u.hex = None;
                }
                seen.vp[*vp_to] = seen.vp[*vp_to].saturating_add(1);
            }
            Event::TurnEnded { .. } => {
                for u in &mut seen.units {
                    if u.status == Status::Activated {
                        u.status = Status::Fatigued;
                        u.moved = false;
                        u.attacked = false;
                    }
                }
            }
            Event::RoundStarted { round, first } => round_started(seen, *round, *first),
            Event::GameOver { winner, reason, vp } => {
                seen.phase = Phase::Over {
                    winner: *winner,
                    reason: *reason,
                };
                seen.vp = vp.clone();
            }
            Event::Passed { .. } | Event::RoundEnded { .. } => {}
        }
        // The attack phase begins once no activated unit of the active side may move.
        if seen.phase == Phase::Movement
            && !seen.units.iter().any(|u| {
                u.alive && u.side == seen.active && u.status == Status::Activated && !u.moved
            })
        {
            seen.phase = Phase::Attack;
        }
        derive(seen);
    }
}

/// Unit `id` is activated: the activation phase counts down, then movement begins.
fn activated(seen: &mut Observation, id: crate::UnitId) {
    if let Some(u) = unit(seen, id) {
        u.status = Status::Activated;
        u.moved = false;
        u.attacked = false;
    }
    seen.phase = match seen.phase {
        Phase::Activation { remaining } if remaining > 1 => Phase::Activation {
            remaining: remaining - 1,
        },
        _ => Phase::Movement,
    };
}

/// A combat begins; `counter` when the defender, bold against a melee attack, will strike
/// back if it survives.
fn attack_declared(
    seen: &mut Observation,
    attacker: crate::UnitId,
    defender: crate::UnitId,
    counter: bool,
) {
    if let Some(u) = unit(seen, attacker) {
        u.attacked = true;
    }
    seen.phase = Phase::Combat {
        attacker,
        defender,
        roll: if counter {
            CombatRoll::AttackThenCounter
        } else {
            CombatRoll::Attack
        },
    };
}

/// A strike left `target` with `health`: the combat is over, unless a bold defender that
/// survived strikes back (its own event follows).
fn rolled(seen: &mut Observation, target: crate::UnitId, health: u8) {
    if let Some(u) = unit(seen, target) {
        u.health = health;
    }
    let counter_due = matches!(
        seen.phase,
        Phase::Combat {
            roll: CombatRoll::AttackThenCounter,
            ..
        }
    ) && health > 0;
    if !counter_due {
        seen.phase = Phase::Attack;
    }
}

/// A new round: every unit still standing is fresh again, with its full movement.
fn round_started(seen: &mut Observation, round: u16, first: gridwright_engine::Seat) {
    seen.round = round;
    seen.round_starter = first;
    for u in seen.units.iter_mut().filter(|u| u.alive) {
        u.status = Status::Fresh;
        u.moved = false;
        u.attacked = false;
        u.mp_left = u.movement;
    }
}

/// Recomputes what follows from the folded units: boldness and the board's unit list.
fn derive(seen: &mut Observation) {
    let bold: Vec<bool> = seen
        .units
        .iter()
        .map(|u| {
            let Some(here) = u.hex.filter(|_| u.alive) else {
                return false;
            };
            let friends = seen
                .units
                .iter()
                .filter(|f| f.id != u.id && f.alive && f.side == u.side)
                .filter(|f| f.hex.is_some_and(|h| h.distance(here) == 1))
                .count();
            friends >= 2
        })
        .collect();
    for (u, b) in seen.units.iter_mut().zip(bold) {
        u.bold = b;
    }
    seen.board.units = seen.units.iter().filter_map(board_unit).collect();
}

fn board_unit(u: &UnitView) -> Option<BoardUnit> {
    Some(BoardUnit {
        at: u.at.clone()?,
        hex: u.hex?,
        id: u.id,
        label: u.label.clone(),
        seat: u.side,
        unit_type: u.unit_type.clone(),
        status: u.status,
        health: u.health,
        max_health: u.max_health,
    })
}
