//! Who may attack whom: adjacency for melee, range and line of sight for ranged attacks, and
//! boldness.
//!
//! Seed, "Units" (attack type), "Line of Sight" and "Bold Unit". The line itself is the
//! engine's exact [`line_of_sight`] from centre to centre: every hex whose inside it enters
//! counts, the edge rule applies only where it lies along an edge, and a hex it touches at a
//! lone corner never blocks (`docs/rules/grid-battles.md`, "Line of sight"). This file decides
//! what blocks: any unit and any blocking terrain, never the source or target hex.

use crate::action::{Action, UnitId};
use crate::event::Event;
use crate::state::{GridBattles, Occupancy, Phase, Status, Unit};
use gridwright_engine::Events;
use gridwright_engine::geom::line_of_sight;

impl GridBattles {
    /// Whether the line from hex `from` to hex `to` is clear of units (per `occupied`) and
    /// blocking terrain in between.
    pub(crate) fn clear_line(&self, from: u16, to: u16, occupied: &Occupancy) -> bool {
        let rules = &*self.rules;
        let (a, b) = (self.hex(from), self.hex(to));
        line_of_sight(a, b, |h| match rules.index(h) {
            Some(i) => i != from && i != to && (rules.blocks[usize::from(i)] || occupied.get(i)),
            // A line between two map hexes can graze the edge of the map; off-map space
            // holds nothing.
            None => false,
        })
    }

    /// Whether a unit of type `ty` standing on `from` could attack a unit on `target`, given
    /// `occupied` (which must include both).
    pub(crate) fn can_strike(&self, ty: u8, from: u16, target: u16, occupied: &Occupancy) -> bool {
        let stats = &self.rules.types[usize::from(ty)];
        let d = self.hex(from).distance(self.hex(target));
        if !stats.ranged {
            return d == 1;
        }
        d >= 1 && d <= u32::from(stats.range) && (d == 1 || self.clear_line(from, target, occupied))
    }

    /// Whether unit `u` may still attack this turn.
    pub(crate) fn may_attack(&self, u: usize) -> bool {
        let unit = &self.units[u];
        unit.alive()
            && unit.side == self.active
            && unit.status == Status::Activated
            && !unit.has(Unit::ATTACKED)
    }

    /// Whether unit `u` may attack unit `t` now.
    pub(crate) fn can_attack(&self, u: usize, t: usize) -> bool {
        let (a, d) = (&self.units[u], &self.units[t]);
        self.may_attack(u)
            && d.alive()
            && d.side != a.side
            && self.can_strike(a.ty, a.pos, d.pos, &self.occupied)
    }

    /// Pushes the attack phase's actions in [`Action`] order (attacker, then target, then
    /// `done`).
    pub(crate) fn push_attack_actions(&self, out: &mut Vec<Action>) {
        let n = usize::from(self.n_units);
        for u in 0..n {
            if !self.may_attack(u) {
                continue;
            }
            for t in 0..n {
                if self.can_attack(u, t) {
                    out.push(Action::Attack {
                        unit: UnitId(u as u8),
                        target: UnitId(t as u8),
                    });
                }
            }
        }
        out.push(Action::Done);
    }

    fn any_attack(&self) -> bool {
        let n = usize::from(self.n_units);
        (0..n).any(|u| self.may_attack(u) && (0..n).any(|t| self.can_attack(u, t)))
    }

    /// In the attack phase, once no activated unit has an eligible target the turn ends by
    /// itself (there is nothing left to choose).
    pub(crate) fn after_attack_step(&mut self, events: &mut Events<Event>) {
        if self.phase == Phase::Attack && !self.any_attack() {
            self.end_turn(events);
        }
    }

    /// Number of live friendly units adjacent to hex `pos` for side `side`, not counting the
    /// unit `except`.
    pub(crate) fn friends_adjacent(
        &self,
        side: gridwright_engine::Seat,
        pos: u16,
        except: usize,
    ) -> usize {
        let here = self.hex(pos);
        self.live()
            .filter(|&(i, u)| i != except && u.side == side && self.hex(u.pos).distance(here) == 1)
            .count()
    }

    /// Seed, "Bold Unit": a unit with at least two friendly units adjacent is bold.
    pub(crate) fn is_bold(&self, u: usize) -> bool {
        let unit = &self.units[u];
        unit.alive() && self.friends_adjacent(unit.side, unit.pos, u) >= 2
    }
}
