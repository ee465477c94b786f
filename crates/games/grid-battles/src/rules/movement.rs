//! Movement: one activated unit at a time moves to a hex it can reach, or holds.
//!
//! Seed, "Movement" and "Map": entering a hex costs its terrain's movement points; a unit may
//! never enter or pass through a hex holding another unit, friend or foe. One move action is
//! the unit's whole movement for the turn ("movement of one unit must be completed before
//! another unit can begin"); unspent points are lost.

use crate::action::{Action, UnitId};
use crate::event::Event;
use crate::rules::NO_HEX;
use crate::state::{GridBattles, Occupancy, Phase, Status, Unit};
use gridwright_engine::Events;
use gridwright_engine::geom::{Hex, reachable_dense};

impl GridBattles {
    /// Every hex (dense index) unit `u` could move to from `from` with `budget` points given
    /// `occupied`, with the cost of getting there; sorted by index.
    pub(crate) fn destinations_from(
        &self,
        from: u16,
        budget: u8,
        occupied: &Occupancy,
    ) -> Vec<(u16, u32)> {
        let rules = &*self.rules;
        let mut found = Vec::new();
        reachable_dense(
            u32::from(from),
            u32::from(budget),
            rules.neighbors.len(),
            |node, out| {
                for &nb in &rules.neighbors[node as usize] {
                    if nb != NO_HEX && !occupied.get(nb) {
                        out.push((u32::from(nb), u32::from(rules.cost[usize::from(nb)])));
                    }
                }
            },
            &mut found,
        );
        // Dense indices fit in u16: the map has at most u16::MAX hexes.
        found.into_iter().map(|(n, c)| (n as u16, c)).collect()
    }

    /// Where unit `u` may move now.
    pub(crate) fn destinations(&self, u: usize) -> Vec<(u16, u32)> {
        let unit = &self.units[u];
        self.destinations_from(unit.pos, unit.mp_left, &self.occupied)
    }

    /// Whether unit `u` is activated and has not yet moved or held this turn.
    pub(crate) fn may_move(&self, u: usize) -> bool {
        let unit = &self.units[u];
        unit.alive()
            && unit.side == self.active
            && unit.status == Status::Activated
            && !unit.has(Unit::MOVED)
    }

    /// Pushes the movement phase's actions in [`Action`] order (moves by unit then hex, then
    /// holds, then `done`), so no sort is needed: dense indices are in hex order.
    pub(crate) fn push_movement_actions(&self, out: &mut Vec<Action>) {
        let n = usize::from(self.n_units);
        for u in (0..n).filter(|&u| self.may_move(u)) {
            let unit = UnitId(u as u8);
            for (to, _) in self.destinations(u) {
                out.push(Action::Move {
                    unit,
                    to: self.hex(to),
                });
            }
        }
        out.extend(
            (0..n)
                .filter(|&u| self.may_move(u))
                .map(|u| Action::Hold(UnitId(u as u8))),
        );
        out.push(Action::Done);
    }

    /// Moves unit `u` to `to`. The move is the unit's whole movement, so it has no points left
    /// afterwards; the points the path cost are worked out only for the event log.
    pub(crate) fn move_unit(&mut self, u: usize, to: Hex, events: &mut Events<Event>) {
        let Some(dest) = self.rules.index(to) else {
            return;
        };
        let cost = if events.is_enabled() {
            self.destinations(u)
                .iter()
                .find(|(h, _)| *h == dest)
                .map_or(0, |&(_, c)| c as u8)
        } else {
            0
        };
        let from = self.units[u].pos;
        self.occupied.clear(from);
        self.occupied.set(dest);
        let unit = &mut self.units[u];
        unit.pos = dest;
        unit.mp_left = 0;
        unit.flags |= Unit::MOVED;
        let from = self.hex(from);
        events.emit(|| Event::Moved {
            unit: UnitId(u as u8),
            from,
            to,
            cost,
        });
        self.after_movement_step(events);
    }

    /// Unit `u` stays where it is (and keeps its points on display; it cannot use them).
    pub(crate) fn hold(&mut self, u: usize, events: &mut Events<Event>) {
        self.units[u].flags |= Unit::MOVED;
        events.emit(|| Event::Held {
            unit: UnitId(u as u8),
        });
        self.after_movement_step(events);
    }

    /// `done` in the movement phase: every unit that has not moved holds.
    pub(crate) fn end_movement(&mut self, events: &mut Events<Event>) {
        for u in 0..usize::from(self.n_units) {
            if self.may_move(u) {
                self.units[u].flags |= Unit::MOVED;
                events.emit(|| Event::Held {
                    unit: UnitId(u as u8),
                });
            }
        }
        self.after_movement_step(events);
    }

    /// When every activated unit has moved or held, the attack phase begins.
    pub(crate) fn after_movement_step(&mut self, events: &mut Events<Event>) {
        if (0..usize::from(self.n_units)).any(|u| self.may_move(u)) {
            return;
        }
        self.phase = Phase::Attack;
        self.after_attack_step(events);
    }
}
