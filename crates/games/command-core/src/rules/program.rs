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
use crate::action::{Action, MechId, Program, Slot, SlotCard};
use crate::config::{Icon, MAX_SLOTS};
use crate::event::{Event, SealedProgram};
use crate::state::{COMMITTED, CommandCore, SEATS, Stage};
use gridwright_engine::geom::Dir8;
use gridwright_engine::{Events, Rng, Seat, SeatSet};
use serde::{Deserialize, Serialize};

/// How far a slot's directive got.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
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

impl Run {
    /// A run that has not started: the mech at `pos` facing `facing`, every slot empty.
    pub(crate) fn start(pos: u8, facing: Dir8) -> Run {
        Run {
            pos,
            facing,
            tokens: 0,
            status: [SlotStatus::Empty; MAX_SLOTS],
            delta: 0,
        }
    }
}

impl Rules {
    /// Runs `program` for a mech of chassis `c` at `pos` facing `facing`; `occupied` holds the
    /// other mechs' squares. `on_step` sees each step (the state logs them; agents ignore them).
    pub(crate) fn run(
        &self,
        c: &ChassisRules,
        program: &Program,
        pos: u8,
        facing: Dir8,
        occupied: &Squares,
        mut on_step: impl FnMut(Step),
    ) -> Run {
        let mut run = Run::start(pos, facing);
        for (i, slot) in program.0.iter().enumerate().take(usize::from(c.slots)) {
            if let Some(card) = slot.index() {
                self.run_slot(c, i, card, slot.half(), occupied, &mut run, &mut on_step);
            }
        }
        run.delta = delta(c, program, &run.status);
        run
    }

    /// Runs the card `card` (half `half` on top) in slot `i` of a program run so far as `run`
    /// (the delta is left for [`delta`] once every slot has run): after a stopped card it is
    /// not executed; else each icon in turn, until one cannot be done.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn run_slot(
        &self,
        c: &ChassisRules,
        i: usize,
        card: usize,
        half: usize,
        occupied: &Squares,
        run: &mut Run,
        on_step: &mut impl FnMut(Step),
    ) {
        let stopped = run.status[..i]
            .iter()
            .any(|s| matches!(s, SlotStatus::Incomplete | SlotStatus::Unexecuted));
        if stopped {
            run.status[i] = SlotStatus::Unexecuted;
            return;
        }
        run.status[i] = SlotStatus::Completed;
        for &icon in c.directives[card].halves[half].icons() {
            match effect(icon, run.facing) {
                Effect::Move(dir) => match self.step(run.pos, dir) {
                    Some(to) if !occupied.get(to) => {
                        on_step(Step::Moved { from: run.pos, to });
                        run.pos = to;
                    }
                    next => {
                        on_step(Step::Blocked {
                            slot: i as u8,
                            icon,
                            off_board: next.is_none(),
                        });
                        run.status[i] = SlotStatus::Incomplete;
                        return;
                    }
                },
                Effect::Turn(t) => {
                    run.facing = run.facing.rotate(t);
                    on_step(Step::Turned { facing: run.facing });
                }
                Effect::Hold => on_step(Step::Held),
                Effect::Target => {
                    run.tokens = run.tokens.saturating_add(1);
                    on_step(Step::Targeted);
                }
            }
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

/// Appends the legal programming steps of mech `i` whose program so far is `draft`, `next`
/// slots of it decided (directives `depleted_directives` out of play), ascending: while a slot
/// is undecided, each undepleted card not yet in the draft into it (a split card either way
/// up), then `leave` (the slot stays empty).
pub(crate) fn legal_steps(
    c: &ChassisRules,
    i: usize,
    depleted_directives: u16,
    draft: &Program,
    next: usize,
    out: &mut Vec<Action>,
) {
    let mech = MechId(i as u8);
    if next >= usize::from(c.slots) {
        return;
    }
    for (card, flipped) in free_cards(c, draft.card_mask() | depleted_directives) {
        out.push(Action::Program {
            mech,
            card: SlotCard { card, flipped },
        });
    }
    out.push(Action::Leave { mech });
}

/// Why `card` cannot go into the next slot of a mech of chassis `c` with program `draft` so
/// far, or `None` if it can.
pub(crate) fn step_refusal(
    c: &ChassisRules,
    depleted_directives: u16,
    draft: &Program,
    next: usize,
    card: SlotCard,
) -> Option<String> {
    let j = usize::from(card.card);
    if next >= usize::from(c.slots) {
        return Some(format!("all {} slots are full", c.slots));
    }
    let Some(d) = c.directives.get(j) else {
        return Some(format!(
            "the chassis has {} directives, not {}",
            c.directives.len(),
            j + 1
        ));
    };
    if depleted_directives & (1 << j) != 0 {
        return Some("that directive is depleted".into());
    }
    if draft.card_mask() & (1 << j) != 0 {
        return Some("that card is already in the program (each card at most once)".into());
    }
    if card.flipped && !d.split {
        return Some("only a split card may be turned to its second half".into());
    }
    None
}

/// Calls `f` with every program that extends `draft` (whose first `next` slots are decided)
/// with distinct undepleted cards in the following slots, one card per slot, until the slots
/// are full or no card is left. For agents that weigh whole programs before choosing the next
/// slot.
pub(crate) fn completions(
    c: &ChassisRules,
    depleted_directives: u16,
    draft: &Program,
    next: usize,
    f: &mut impl FnMut(&Program),
) {
    let mut any = false;
    if next < usize::from(c.slots) {
        for (card, flipped) in free_cards(c, draft.card_mask() | depleted_directives) {
            any = true;
            completions(
                c,
                depleted_directives,
                &draft.with_slot(next, card, flipped),
                next + 1,
                f,
            );
        }
    }
    if !any {
        f(draft);
    }
}

/// Every (card, orientation) of chassis `c` not in the `used` mask: each card upright, and
/// turned too where it is a split card.
pub(crate) fn free_cards(c: &ChassisRules, used: u16) -> impl Iterator<Item = (u8, bool)> + '_ {
    c.directives
        .iter()
        .enumerate()
        .filter(move |(j, _)| used & (1 << j) == 0)
        .flat_map(|(j, d)| {
            let turns: &[bool] = if d.split { &[false, true] } else { &[false] };
            turns.iter().map(move |&flipped| (j as u8, flipped))
        })
}

/// A random program with `cards` cards (or as many as are undepleted) for a mech of chassis
/// `c` (for resampling an opponent's hidden program): distinct random undepleted cards, each in
/// a random orientation, in the first slots.
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
    let mut p = Program::EMPTY;
    for (slot, &card) in pool.iter().enumerate().take(cards.min(MAX_SLOTS)) {
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

    /// The program `seat` is building for its next mech (empty outside programming).
    pub(crate) fn draft(&self, seat: Seat) -> Program {
        match self.stage {
            Stage::Programming { drafts, .. } => drafts[seat.index().min(SEATS - 1)],
            _ => Program::EMPTY,
        }
    }

    /// How many slots of its next mech's program `seat` has decided (0 outside programming).
    pub(crate) fn draft_next(&self, seat: Seat) -> usize {
        match self.stage {
            Stage::Programming { next, .. } => usize::from(next[seat.index().min(SEATS - 1)]),
            _ => 0,
        }
    }

    /// The legal programming steps of `seat`.
    pub(crate) fn legal_programming(&self, seat: Seat, out: &mut Vec<Action>) {
        if let Some(i) = self.next_to_program(seat) {
            legal_steps(
                self.rules.chassis_of(i),
                i,
                self.mechs[i].depleted_directives(),
                &self.draft(seat),
                self.draft_next(seat),
                out,
            );
        }
    }

    /// Why `action` (a programming step of `seat`) is illegal now.
    pub(crate) fn explain_programming(&self, seat: Seat, action: &Action) -> String {
        let (Action::Program { mech, .. } | Action::Leave { mech }) = *action else {
            return "it is not among the legal actions in this position".to_owned();
        };
        let i = mech.index();
        if !matches!(self.stage, Stage::Programming { .. }) {
            return "programs are built only in the programming phase".to_owned();
        }
        if i >= usize::from(self.n) || self.owner_of(i) != seat {
            return format!("mech {mech} is not yours");
        }
        match self.next_to_program(seat) {
            None => return "all your mechs are programmed".to_owned(),
            Some(j) if j != i => {
                return format!(
                    "program your mechs in number order: mech {} is next",
                    Self::mech_id(j)
                );
            }
            Some(_) => {}
        }
        if let Action::Program { card, .. } = *action {
            if let Some(why) = step_refusal(
                self.rules.chassis_of(i),
                self.mechs[i].depleted_directives(),
                &self.draft(seat),
                self.draft_next(seat),
                card,
            ) {
                return format!("mech {mech}: {why}");
            }
        }
        "it is not among the legal actions in this position".to_owned()
    }

    /// `seat` decides the next slot of `mech`: `card` goes into it, or with `None` it stays
    /// empty. Once every slot is decided the program is sealed.
    pub(crate) fn program_step(
        &mut self,
        seat: Seat,
        mech: MechId,
        card: Option<SlotCard>,
        ev: &mut Events<Event>,
    ) {
        let Some((drafts, next)) = self.programming() else {
            return;
        };
        let s = seat.index().min(SEATS - 1);
        let slot = next[s];
        if let Some(card) = card {
            drafts[s] = drafts[s].with_slot(usize::from(slot), card.card, card.flipped);
        }
        next[s] += 1;
        let decided = next[s];
        ev.emit(|| Event::Programmed { mech, slot, card });
        if usize::from(decided) >= usize::from(self.rules.chassis_of(mech.index()).slots) {
            self.seal(seat, mech, ev);
        }
    }

    /// The seats' drafts and next slots while programming, to change in place.
    fn programming(&mut self) -> Option<(&mut [Program; SEATS], &mut [u8; SEATS])> {
        match &mut self.stage {
            Stage::Programming { drafts, next } => Some((drafts, next)),
            _ => None,
        }
    }

    /// Commits `seat`'s draft as `mech`'s program; once every live mech is programmed, all
    /// programs' card counts are shown at once and execution starts.
    fn seal(&mut self, seat: Seat, mech: MechId, ev: &mut Events<Event>) {
        let Some((drafts, next)) = self.programming() else {
            return;
        };
        let s = seat.index().min(SEATS - 1);
        let program = std::mem::replace(&mut drafts[s], Program::EMPTY);
        next[s] = 0;
        let m = &mut self.mechs[mech.index()];
        m.program = program;
        m.flags |= COMMITTED;
        ev.emit(|| Event::Committed { mech, program });
        if self.live().all(|(_, m)| m.has(COMMITTED)) {
            ev.emit(|| Event::ExecutionStarted {
                programs: self
                    .live()
                    .map(|(i, m)| SealedProgram {
                        mech: Self::mech_id(i),
                        cards: m.program.cards() as u8,
                    })
                    .collect(),
            });
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
    fn steps_are_sorted_skip_used_and_depleted_cards_and_end_with_leave() {
        let rules = duel_rules();
        let c = rules.chassis_of(0);
        let mut out = Vec::new();
        legal_steps(c, 0, 0, &Program::EMPTY, 0, &mut out);
        assert!(out.windows(2).all(|w| w[0] < w[1]));
        let splits = c.directives.iter().filter(|d| d.split).count();
        assert_eq!(out.len(), c.directives.len() + splits + 1);
        assert_eq!(out.last(), Some(&Action::Leave { mech: MechId(0) }));
        let draft = Program::new(&[Slot::card(1, false)]).unwrap();
        out.clear();
        legal_steps(c, 0, 0b100, &draft, 1, &mut out);
        assert!(out.iter().all(|a| match a {
            Action::Program { card, .. } => card.card != 1 && card.card != 2,
            _ => true,
        }));
        // Every card used or depleted: the slot can only be left empty.
        let all = (1u16 << c.directives.len()) - 1;
        out.clear();
        legal_steps(c, 0, all, &Program::EMPTY, 1, &mut out);
        assert_eq!(out, [Action::Leave { mech: MechId(0) }]);
        // Every slot decided: nothing.
        out.clear();
        legal_steps(c, 0, 0, &Program::EMPTY, usize::from(c.slots), &mut out);
        assert!(out.is_empty());
    }

    #[test]
    fn completions_count_every_ordered_choice_of_distinct_cards() {
        let rules = duel_rules();
        let c = rules.chassis_of(0);
        let codes = c.directives.len() + c.directives.iter().filter(|d| d.split).count();
        let mut n = 0usize;
        let mut all_legal = true;
        let slots = usize::from(c.slots);
        // One slot left: every card either way up.
        completions(c, 0, &Program::EMPTY, slots - 1, &mut |p| {
            n += 1;
            all_legal &= p.cards() == 1 && !p.0[slots - 1].is_empty();
        });
        assert_eq!(n, codes);
        assert!(all_legal);
        // Two slots: every ordered pair of distinct cards, each either way up if split.
        let mut pairs = 0usize;
        completions(c, 0, &Program::EMPTY, slots - 2, &mut |p| {
            pairs += 1;
            all_legal &= p.cards() == 2 && p.card_mask().count_ones() == 2;
        });
        let w = |d: &crate::rules::CardRules| if d.split { 2 } else { 1 };
        let mut expect = 0usize;
        for (a, da) in c.directives.iter().enumerate() {
            for (b, db) in c.directives.iter().enumerate() {
                if a != b {
                    expect += w(da) * w(db);
                }
            }
        }
        assert_eq!(pairs, expect);
        assert!(all_legal);
    }

    #[test]
    fn random_programs_fill_the_first_slots_with_distinct_cards() {
        let rules = duel_rules();
        let c = rules.chassis_of(0);
        let mut rng = Rng::seed_from_u64(3);
        for cards in 0..=usize::from(c.slots) {
            let p = random_program(c, 0b11, cards, &mut rng);
            assert_eq!(p.cards(), cards);
            assert_eq!(p.card_mask().count_ones() as usize, cards);
            assert_eq!(p.card_mask() & 0b11, 0);
            assert!(p.0[..cards].iter().all(|s| !s.is_empty()));
        }
    }
}
