//! Programs: the programming phase, what may be committed, how a program runs, and its delta
//! (seed, "Programming", "Executing a Directive", "Moving the Mech", "Deltas").
//!
//! A program is one slot per directive slot, each empty or a (card, orientation). The half on
//! top runs its icons left to right. An icon that cannot be done (a move off the board or into
//! an occupied square) stops the mech: the rest of that card and every later card do nothing.
//! The delta adds the cost of each card that ran (combo-modified), `min(cost, 0)` for the card
//! that was stopped, and nothing for the cards after it.

use super::facing::{Effect, effect};
use super::{ChassisRules, Rules, Squares};
use crate::action::{Action, MechId, Program, Slot};
use crate::config::{Icon, MAX_SLOTS};
use crate::event::Event;
use crate::state::{COMMITTED, CommandCore, SEATS};
use gridwright_engine::geom::Dir8;
use gridwright_engine::{Events, Rng, Seat, SeatSet};
use serde::{Deserialize, Serialize};

/// How far a slot's directive got.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SlotStatus {
    /// No card (nothing was left to fill it with).
    #[default]
    Empty,
    /// Every icon was done.
    Completed,
    /// An icon could not be done: the mech stopped here.
    Incomplete,
    /// Not run, because an earlier directive stopped the mech.
    Unexecuted,
}

/// One observable thing that happened while a program ran.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Step {
    Moved {
        from: u8,
        to: u8,
    },
    Turned {
        facing: Dir8,
    },
    Held,
    Targeted,
    Blocked {
        slot: u8,
        icon: Icon,
        off_board: bool,
    },
}

/// The result of running a program.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Run {
    pub pos: u8,
    pub facing: Dir8,
    pub tokens: u8,
    pub status: [SlotStatus; MAX_SLOTS],
    pub delta: i16,
}

impl Rules {
    /// Runs `program` for a mech of chassis `c` at `pos` facing `facing`; `occupied` holds the
    /// other mechs' squares. `on_step` sees each step (the state logs them; agents ignore them).
    pub(crate) fn run(
        &self,
        c: &ChassisRules,
        program: &Program,
        mut pos: u8,
        mut facing: Dir8,
        occupied: &Squares,
        mut on_step: impl FnMut(Step),
    ) -> Run {
        let mut status = [SlotStatus::Empty; MAX_SLOTS];
        let mut tokens = 0u8;
        let mut stopped = false;
        for (i, slot) in program.0.iter().enumerate().take(usize::from(c.slots)) {
            let Some(card) = slot.index() else { continue };
            if stopped {
                status[i] = SlotStatus::Unexecuted;
                continue;
            }
            status[i] = SlotStatus::Completed;
            for &icon in c.directives[card].halves[slot.half()].icons() {
                match effect(icon, facing) {
                    Effect::Move(dir) => match self.step(pos, dir) {
                        Some(to) if !occupied.get(to) => {
                            on_step(Step::Moved { from: pos, to });
                            pos = to;
                        }
                        next => {
                            on_step(Step::Blocked {
                                slot: i as u8,
                                icon,
                                off_board: next.is_none(),
                            });
                            status[i] = SlotStatus::Incomplete;
                            stopped = true;
                            break;
                        }
                    },
                    Effect::Turn(t) => {
                        facing = facing.rotate(t);
                        on_step(Step::Turned { facing });
                    }
                    Effect::Hold => on_step(Step::Held),
                    Effect::Target => {
                        tokens = tokens.saturating_add(1);
                        on_step(Step::Targeted);
                    }
                }
            }
        }
        Run {
            pos,
            facing,
            tokens,
            status,
            delta: delta(c, program, &status),
        }
    }
}

/// The cost of the card in slot `i`, combo-modified: the first combo whose neighbouring slot
/// holds a card showing its colour on top sets the cost.
pub(crate) fn slot_cost(c: &ChassisRules, program: &Program, i: usize) -> Option<i8> {
    let slot = program.0[i];
    let half = &c.directives[slot.index()?].halves[slot.half()];
    let slots = usize::from(c.slots);
    for combo in &half.combos {
        let j = if combo.previous {
            i.checked_sub(1)
        } else {
            Some(i + 1).filter(|&j| j < slots)
        };
        let matched = j
            .map(|j| program.0[j])
            .and_then(|s| Some(c.directives[s.index()?].halves[s.half()].colour))
            .is_some_and(|colour| colour == combo.colour);
        if matched {
            return Some(combo.cost);
        }
    }
    Some(half.cost)
}

/// The delta of a program whose slots ended as `status` (seed, "Deltas": cards not executed add
/// nothing; a card not completed adds its cost only if negative).
pub(crate) fn delta(c: &ChassisRules, program: &Program, status: &[SlotStatus; MAX_SLOTS]) -> i16 {
    let mut total = 0i16;
    for (i, st) in status.iter().enumerate().take(usize::from(c.slots)) {
        let Some(cost) = slot_cost(c, program, i) else {
            continue;
        };
        total += i16::from(match st {
            SlotStatus::Completed => cost,
            SlotStatus::Incomplete => cost.min(0),
            SlotStatus::Unexecuted | SlotStatus::Empty => 0,
        });
    }
    total
}

/// The slot codes (`Slot.0`) of every undepleted directive, ascending. Split cards have two.
fn codes(c: &ChassisRules, depleted_directives: u16) -> ([u8; 24], usize) {
    let mut out = [0u8; 24];
    let mut n = 0;
    for (j, d) in c.directives.iter().enumerate() {
        if depleted_directives & (1 << j) != 0 {
            continue;
        }
        out[n] = Slot::card(j as u8, false).0;
        n += 1;
        if d.split {
            out[n] = Slot::card(j as u8, true).0;
            n += 1;
        }
    }
    (out, n)
}

/// Appends every legal program of mech `i` (directives `depleted_directives` out of play), in
/// ascending [`Action`] order: each slot empty or a distinct undepleted card, split cards either
/// way up, slots past the chassis' count empty.
pub(crate) fn legal_programs(
    rules: &Rules,
    i: usize,
    depleted_directives: u16,
    out: &mut Vec<Action>,
) {
    if depleted_directives == 0 {
        out.extend_from_slice(&rules.mech_programs[i]);
        return;
    }
    let c = rules.chassis_of(i);
    let mech = MechId(i as u8);
    out.extend(
        c.programs
            .iter()
            .zip(&c.program_cards)
            .filter(|(_, m)| *m & depleted_directives == 0)
            .map(|(&program, _)| Action::Program { mech, program }),
    );
}

/// The directives a program uses, as a bit mask.
pub(crate) fn card_mask(p: &Program) -> u16 {
    p.0.iter()
        .filter_map(|s| s.index())
        .fold(0, |m, j| m | 1 << j)
}

/// Every legal program, ascending.
pub(crate) fn generate_programs(c: &ChassisRules, depleted_directives: u16) -> Vec<Program> {
    let (codes, n) = codes(c, depleted_directives);
    fn rec(
        slot: usize,
        slots: usize,
        codes: &[u8],
        used: u16,
        cur: &mut Program,
        out: &mut Vec<Program>,
    ) {
        if slot == slots {
            out.push(*cur);
            return;
        }
        cur.0[slot] = Slot::EMPTY;
        rec(slot + 1, slots, codes, used, cur, out);
        for &code in codes {
            let bit = 1u16 << ((code - 1) / 2);
            if used & bit != 0 {
                continue;
            }
            cur.0[slot] = Slot(code);
            rec(slot + 1, slots, codes, used | bit, cur, out);
        }
        cur.0[slot] = Slot::EMPTY;
    }
    let mut out = Vec::new();
    let mut cur = Program::EMPTY;
    rec(0, usize::from(c.slots), &codes[..n], 0, &mut cur, &mut out);
    out
}

/// Whether `program` is legal for a mech of chassis `c` (the check behind [`legal_programs`]).
pub(crate) fn is_legal_program(
    c: &ChassisRules,
    depleted_directives: u16,
    program: &Program,
) -> bool {
    let mut used = 0u16;
    for (i, slot) in program.0.iter().enumerate() {
        let Some(card) = slot.get() else { continue };
        let j = usize::from(card.card);
        if i >= usize::from(c.slots) || j >= c.directives.len() {
            return false;
        }
        let bit = 1u16 << j;
        if used & bit != 0 || depleted_directives & bit != 0 {
            return false;
        }
        if card.flipped && !c.directives[j].split {
            return false;
        }
        used |= bit;
    }
    true
}

/// A random program with exactly `cards` cards for a mech of chassis `c` (for resampling an
/// opponent's hidden program): distinct random undepleted cards, each in a random orientation,
/// in random slots.
pub(crate) fn random_program(
    c: &ChassisRules,
    depleted_directives: u16,
    cards: usize,
    rng: &mut Rng,
) -> Program {
    let mut pool: Vec<u8> = (0..c.directives.len() as u8)
        .filter(|j| depleted_directives & (1 << j) == 0)
        .collect();
    rng.shuffle(&mut pool);
    let mut slots: Vec<usize> = (0..usize::from(c.slots)).collect();
    rng.shuffle(&mut slots);
    let mut p = Program::EMPTY;
    for (&card, &slot) in pool.iter().zip(&slots).take(cards) {
        let flipped = c.directives[usize::from(card)].split && rng.below(2) == 1;
        p.0[slot] = Slot::card(card, flipped);
    }
    p
}

impl CommandCore {
    /// The lowest-numbered live mech of `seat` that has not committed a program.
    pub(crate) fn next_to_program(&self, seat: Seat) -> Option<usize> {
        self.live()
            .find(|(i, m)| self.owner_of(*i) == seat && !m.has(COMMITTED))
            .map(|(i, _)| i)
    }

    /// Seats that still owe a program.
    pub(crate) fn programming_seats(&self) -> SeatSet {
        Seat::all(SEATS)
            .filter(|&s| self.next_to_program(s).is_some())
            .collect()
    }

    /// Whether `program` may be committed for mech `i` now (used by the text parser's checks).
    pub(crate) fn program_allowed(&self, i: usize, program: &Program) -> bool {
        is_legal_program(
            self.rules.chassis_of(i),
            self.mechs[i].depleted_directives(),
            program,
        )
    }

    pub(crate) fn commit(&mut self, mech: MechId, program: Program, ev: &mut Events<Event>) {
        let m = &mut self.mechs[mech.index()];
        m.program = program;
        m.flags |= COMMITTED;
        ev.emit(|| Event::Committed {
            mech,
            cards: program.cards() as u8,
            program: Some(program),
        });
        self.after_commit(ev);
    }

    /// Once every live mech is programmed, execution starts.
    fn after_commit(&mut self, ev: &mut Events<Event>) {
        if self.live().all(|(_, m)| m.has(COMMITTED)) {
            ev.emit(|| Event::ExecutionStarted);
            self.cursor = 1;
            self.next_execution(ev);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Content;

    fn duel_rules() -> Rules {
        let c = Content::builtin().unwrap().config("duel").unwrap();
        Rules::new(&c).unwrap()
    }

    #[test]
    fn programs_are_generated_sorted_unique_and_legal() {
        let rules = duel_rules();
        let c = rules.chassis_of(0).clone();
        let mut out = Vec::new();
        legal_programs(&rules, 0, 0, &mut out);
        assert!(out.windows(2).all(|w| w[0] < w[1]));
        assert!(out.iter().all(|a| match a {
            Action::Program { program, .. } => is_legal_program(&c, 0, program),
            _ => false,
        }));
        // Brute force over every 4-slot assignment agrees on the count, with and without
        // depleted cards.
        let mut depleted = Vec::new();
        legal_programs(&rules, 0, 0b101, &mut depleted);
        assert_eq!(depleted, {
            let mut v = Vec::new();
            for p in generate_programs(&c, 0b101) {
                v.push(Action::Program {
                    mech: MechId(0),
                    program: p,
                });
            }
            v
        });
        assert!(depleted.windows(2).all(|w| w[0] < w[1]));
        let mut n_depleted = 0;
        let codes: Vec<u8> = (0..=(2 * c.directives.len() as u8)).collect();
        let mut n = 0;
        for a in &codes {
            for b in &codes {
                for x in &codes {
                    for d in &codes {
                        let p = Program([Slot(*a), Slot(*b), Slot(*x), Slot(*d)]);
                        n += usize::from(is_legal_program(&c, 0, &p));
                        n_depleted += usize::from(is_legal_program(&c, 0b101, &p));
                    }
                }
            }
        }
        assert_eq!(out.len(), n);
        assert_eq!(depleted.len(), n_depleted);
    }
}
