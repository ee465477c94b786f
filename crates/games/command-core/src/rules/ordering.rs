//! The start of a round and the ordering draft (seed, "Ordering"; `docs/rules/command-core.md`
//! items 4–5): the players take turns putting the numbers 1..M (M = mechs on the board) on their
//! own mechs; the second placer drafts first in round 1 and the first drafter alternates; a
//! player with no unnumbered mech passes.

use crate::action::{Action, MechId, Program};
use crate::event::Event;
use crate::state::{CommandCore, PLACED, SEATS, Stage};
use gridwright_engine::{Events, Seat};

impl CommandCore {
    /// M: how many numbers the ordering draft hands out this round (the mechs on the board).
    fn numbers_total(&self) -> u8 {
        self.live().count() as u8
    }

    fn has_unnumbered(&self, seat: Seat) -> bool {
        self.live()
            .any(|(i, m)| self.owner_of(i) == seat && m.order == 0)
    }

    /// Clears last round's numbers and programs and opens the ordering draft.
    pub(crate) fn begin_round(&mut self, ev: &mut Events<Event>) {
        self.round += 1;
        for m in &mut self.mechs[..usize::from(self.n)] {
            m.order = 0;
            m.flags &= PLACED;
            m.program = Program::EMPTY;
        }
        self.numbers = 0;
        // The second placer drafts first in round 1; the first drafter alternates.
        let second_placer = self.first_placer.next(SEATS);
        let first = if self.round % 2 == 1 {
            second_placer
        } else {
            self.first_placer
        };
        ev.emit(|| Event::RoundStarted {
            round: self.round,
            first_drafter: first,
        });
        let seat = if self.has_unnumbered(first) {
            first
        } else {
            first.next(SEATS)
        };
        self.stage = Stage::Ordering { seat };
    }

    /// Every number not yet taken onto every unnumbered mech of seat `s`.
    pub(crate) fn legal_assigns(&self, s: Seat, out: &mut Vec<Action>) {
        for number in 1..=self.numbers_total() {
            if self.numbered(number).is_some() {
                continue;
            }
            for (i, m) in self.live() {
                if self.owner_of(i) == s && m.order == 0 {
                    out.push(Action::Assign {
                        number,
                        mech: Self::mech_id(i),
                    });
                }
            }
        }
    }

    pub(crate) fn assign(&mut self, seat: Seat, number: u8, mech: MechId, ev: &mut Events<Event>) {
        self.mechs[mech.index()].order = number;
        self.numbers = self.numbers.max(number);
        ev.emit(|| Event::Assigned { mech, number });
        self.after_assign(seat, ev);
    }

    fn after_assign(&mut self, seat: Seat, ev: &mut Events<Event>) {
        let other = seat.next(SEATS);
        if self.has_unnumbered(other) {
            self.stage = Stage::Ordering { seat: other };
        } else if self.has_unnumbered(seat) {
            ev.emit(|| Event::Passed { seat: other });
            self.stage = Stage::Ordering { seat };
        } else {
            self.stage = Stage::Programming {
                drafts: [Program::EMPTY; SEATS],
                next: [0; SEATS],
            };
            ev.emit(|| Event::ProgrammingStarted);
        }
    }
}
