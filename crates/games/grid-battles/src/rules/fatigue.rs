//! Activation, fatigue, passing, and the flow of turns and rounds.
//!
//! Seed, "Basic Game Overview" and "Activation": a side activates `min(K, fresh)` of its fresh
//! units; at the end of its turn they become fatigued. A side with no fresh unit passes; when
//! neither side has one the round ends and every unit is fresh again. Decision file: the side
//! that did not start a round starts the next.

use crate::action::{Action, UnitId};
use crate::event::Event;
use crate::state::{GridBattles, Phase, SEATS, Status, Unit};
use gridwright_engine::{Events, Seat};

impl GridBattles {
    /// Fresh units of `side`.
    pub(crate) fn fresh_count(&self, side: Seat) -> u8 {
        self.live()
            .filter(|(_, u)| u.side == side && u.status == Status::Fresh)
            .count() as u8
    }

    /// Begins `side`'s turn: it must activate `min(K, fresh)` units.
    pub(crate) fn start_turn(&mut self, side: Seat, events: &mut Events<Event>) {
        self.active = side;
        let remaining = self.rules.config.activations.min(self.fresh_count(side));
        self.phase = Phase::Activation { remaining };
        events.emit(|| Event::TurnStarted {
            side,
            activations: remaining,
        });
    }

    pub(crate) fn push_activations(&self, out: &mut Vec<Action>) {
        out.extend(
            self.live()
                .filter(|(_, u)| u.side == self.active && u.status == Status::Fresh)
                .map(|(i, _)| Action::Activate(UnitId(i as u8))),
        );
    }

    /// Activates unit `u`; after the last activation the movement phase begins.
    pub(crate) fn activate(&mut self, u: usize, events: &mut Events<Event>) {
        let Phase::Activation { remaining } = self.phase else {
            return;
        };
        let unit = &mut self.units[u];
        unit.status = Status::Activated;
        unit.flags = 0;
        events.emit(|| Event::Activated {
            unit: UnitId(u as u8),
        });
        if remaining <= 1 {
            self.phase = Phase::Movement;
            self.after_movement_step(events);
        } else {
            self.phase = Phase::Activation {
                remaining: remaining - 1,
            };
        }
    }

    /// Ends the active side's turn: its activated units become fatigued, and the next side
    /// with a fresh unit plays (or the round ends).
    pub(crate) fn end_turn(&mut self, events: &mut Events<Event>) {
        let side = self.active;
        let n = usize::from(self.n_units);
        for u in &mut self.units[..n] {
            if u.status == Status::Activated {
                u.status = Status::Fatigued;
                u.flags &= !(Unit::MOVED | Unit::ATTACKED);
            }
        }
        events.emit(|| Event::TurnEnded { side });
        let other = side.next(SEATS);
        if self.fresh_count(other) > 0 {
            self.start_turn(other, events);
        } else if self.fresh_count(side) > 0 {
            events.emit(|| Event::Passed { side: other });
            self.start_turn(side, events);
        } else {
            self.end_round(events);
        }
    }

    /// Neither side has a fresh unit: the round ends. After the last round the game ends on
    /// victory points; otherwise every unit is fresh again and the side that did not start
    /// this round starts the next.
    fn end_round(&mut self, events: &mut Events<Event>) {
        let round = self.round;
        events.emit(|| Event::RoundEnded { round });
        if round >= self.rules.config.round_limit {
            self.end_by_round_limit(events);
            return;
        }
        self.round += 1;
        let n = usize::from(self.n_units);
        for u in &mut self.units[..n] {
            if u.alive() {
                u.status = Status::Fresh;
                u.flags = 0;
                u.mp_left = self.rules.types[usize::from(u.ty)].movement;
            }
        }
        let starter = self.round_starter.next(SEATS);
        self.round_starter = starter;
        let round = self.round;
        events.emit(|| Event::RoundStarted {
            round,
            first: starter,
        });
        // Both sides always have a unit while the game runs (victory comes first), but stay
        // safe if a scenario lets a side be wiped out without ending the game.
        let side = if self.fresh_count(starter) > 0 {
            starter
        } else {
            starter.next(SEATS)
        };
        self.start_turn(side, events);
    }
}
