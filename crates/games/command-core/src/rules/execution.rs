//! Execution (seed, "Execution"; `docs/rules/command-core.md` items 10–14): from the lowest
//! ordering number up, each mech's program is revealed, its empty slots are filled at random
//! from its unused, undepleted directives, and it runs (how a program runs is
//! [`super::program`]); then its delta is settled ([`super::surge_flux`]).

use super::ChassisRules;
use super::program::Step;
use super::surge_flux::settle;
use crate::action::{Action, MechId, Program, Slot, SlotCard};
use crate::event::Event;
use crate::state::{Cause, CommandCore, EXECUTED, REVEALED_FLAG, Stage, Unpaid};
use gridwright_engine::Events;
use std::sync::Arc as Shared;

/// Candidates for filling an empty slot: unused, undepleted directives, each equally likely,
/// a split card either way up (seed: "a random directive in a random orientation").
pub(crate) fn fill_outcomes(
    c: &ChassisRules,
    depleted_directives: u16,
    program: &Program,
    mech: MechId,
    out: &mut Vec<(Action, u32)>,
) {
    let used = program
        .0
        .iter()
        .filter_map(|s| s.index())
        .fold(0u16, |m, j| m | 1 << j);
    for (j, d) in c.directives.iter().enumerate() {
        if (used | depleted_directives) & (1 << j) != 0 {
            continue;
        }
        let upright = SlotCard {
            card: j as u8,
            flipped: false,
        };
        if d.split {
            out.push((
                Action::Fill {
                    mech,
                    card: upright,
                },
                1,
            ));
            let flipped = SlotCard {
                card: j as u8,
                flipped: true,
            };
            out.push((
                Action::Fill {
                    mech,
                    card: flipped,
                },
                1,
            ));
        } else {
            out.push((
                Action::Fill {
                    mech,
                    card: upright,
                },
                2,
            ));
        }
    }
}
impl CommandCore {
    /// Reveals and runs the next numbered mech, or starts combat when all have run.
    pub(crate) fn next_execution(&mut self, ev: &mut Events<Event>) {
        while self.cursor <= self.numbers {
            if let Some(i) = self.numbered(self.cursor) {
                self.mechs[i].flags |= REVEALED_FLAG;
                let program = self.mechs[i].program;
                ev.emit(|| Event::Revealed {
                    mech: Self::mech_id(i),
                    program,
                });
                self.continue_fill(i, ev);
                return;
            }
            self.cursor += 1;
        }
        self.start_combat(ev);
    }

    /// The chance node filling the slot now due.
    pub(crate) fn pending_fill_outcomes(&self, mech: MechId, out: &mut Vec<(Action, u32)>) {
        let i = mech.index();
        let m = &self.mechs[i];
        fill_outcomes(
            self.rules.chassis_of(i),
            m.depleted_directives(),
            &m.program,
            mech,
            out,
        );
    }

    pub(crate) fn fill(&mut self, mech: MechId, slot: u8, card: SlotCard, ev: &mut Events<Event>) {
        let i = mech.index();
        self.mechs[i].program.0[usize::from(slot)] = Slot::card(card.card, card.flipped);
        ev.emit(|| Event::Filled { mech, slot, card });
        self.continue_fill(i, ev);
    }

    /// Asks for the first empty slot to be filled while cards are left, else runs the program.
    fn continue_fill(&mut self, i: usize, ev: &mut Events<Event>) {
        let m = &self.mechs[i];
        let c = self.rules.chassis_of(i);
        let used = m.program.cards();
        let available = c.directives.len() - (m.depleted_directives().count_ones() as usize) - used;
        if available > 0
            && let Some(slot) = m.program.0[..usize::from(c.slots)]
                .iter()
                .position(|s| s.is_empty())
        {
            self.stage = Stage::Fill {
                mech: Self::mech_id(i),
                slot: slot as u8,
            };
            return;
        }
        self.run_program(i, ev);
    }

    fn run_program(&mut self, i: usize, ev: &mut Events<Event>) {
        let rules = Shared::clone(&self.rules);
        let c = rules.chassis_of(i);
        let m = self.mechs[i];
        self.occupied.clear(m.pos);
        let id = Self::mech_id(i);
        let run = rules.run(c, &m.program, m.pos, m.facing, &self.occupied, |step| {
            ev.emit(|| match step {
                Step::Moved { from, to } => Event::Moved {
                    mech: id,
                    from: self.pos_of(from),
                    to: self.pos_of(to),
                },
                Step::Turned { facing } => Event::Turned { mech: id, facing },
                Step::Held => Event::Held { mech: id },
                Step::Targeted => Event::Targeted { mech: id },
                Step::Blocked {
                    slot,
                    icon,
                    off_board,
                } => Event::Stopped {
                    mech: id,
                    slot,
                    icon,
                    off_board,
                },
            });
        });
        self.occupied.set(run.pos);
        let m = &mut self.mechs[i];
        m.pos = run.pos;
        m.facing = run.facing;
        m.tokens = m.tokens.saturating_add(run.tokens);
        m.flags |= EXECUTED;
        let paid = settle(&mut m.surge, &mut m.flux, run.delta);
        ev.emit(|| Event::Delta {
            mech: id,
            delta: run.delta,
            status: run.status,
            settlement: paid,
        });
        if paid.unpaid > 0 {
            self.start_self_damage(i, paid.unpaid, Unpaid::Program);
        } else {
            self.resume(Cause::Unpaid(Unpaid::Program), ev);
        }
    }
}
