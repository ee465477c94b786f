//! Vector Command (§9.A steps 1–11) as game steps, over the pure rules of `combat.rs`.
//!
//! - Step 2: every participant configures its fleets in secret, one roster track at a time
//!   ([`Action::Ships`]); the last track takes what is left. Rosters are revealed together.
//! - Steps 3–5: each seat with dice rolls in seat order; a roll is one chance step whose
//!   outcome is the number of successes, weighted exactly (binomial with p = 1/3).
//! - Step 6: every seat with hits allocates them in secret, one reachable track at a time
//!   ([`Action::Hits`]); the last reachable track takes what is left, and a seat with one
//!   reachable track has nothing to choose. Allocations are revealed together.
//! - Steps 8–9: markers in order (attacker, then turn order); only a hit on a type several
//!   opponents have needs a choice ([`Action::MarkShip`]). Casualties are simultaneous.
//! - Steps 10–11: another round, or the end with post-combat control. Our guards: a round in
//!   which nobody earns a die ends the combat (item 10), and so does the round cap
//!   [`COMBAT_ROUND_CAP`] (item 56).

use crate::action::{Action, Event};
use crate::rules::combat::{
    Battle, Marks, Roster, RoundCheck, ShipType, control_after_combat, marking_order,
};
use crate::rules::map::Space;
use crate::state::{COMBAT_ROUND_CAP, CombatPhase, CombatStage, Milkomeda, Phase, Sealed};
use gridwright_engine::{Events, PerSeat, Seat, SeatSet};

/// Every roster track.
pub const ALL_TRACKS: u8 = 0b11111;

impl Sealed {
    /// A sealed choice of `total` over the tracks in `tracks` (bit per ship type).
    pub(crate) fn new(tracks: u8, total: u8) -> Sealed {
        let mut s = Sealed {
            counts: [0; 5],
            tracks,
            next: tracks.trailing_zeros().min(4) as u8,
            left: total,
            done: false,
        };
        s.settle();
        s
    }

    /// Nothing left to decide: no tracks, or the only track left takes the rest. A seat with
    /// nothing left still steps through every track but the last (choosing 0): the number of
    /// steps depends only on public facts, so when a seat finishes tells nobody anything.
    fn settle(&mut self) {
        if self.tracks == 0 {
            self.done = true;
            return;
        }
        let rest = self.tracks >> self.next;
        if rest.count_ones() == 1 {
            self.counts[usize::from(self.next)] += self.left;
            self.left = 0;
            self.done = true;
        }
    }

    /// Puts `n` on the next track.
    pub(crate) fn set(&mut self, n: u8) {
        let n = n.min(self.left);
        self.counts[usize::from(self.next)] += n;
        self.left -= n;
        let mut k = self.next + 1;
        while k < 5 && self.tracks & (1 << k) == 0 {
            k += 1;
        }
        self.next = k.min(4);
        if k >= 5 {
            self.done = true;
            return;
        }
        self.settle();
    }

    /// The values the next track may take.
    pub(crate) fn choices(&self) -> std::ops::RangeInclusive<u8> {
        0..=self.left
    }

    pub(crate) fn roster(&self) -> Roster {
        Roster::new(self.counts).unwrap_or(Roster::EMPTY)
    }
}

/// The weight of `k` successes on `n` dice out of `3^n`: `C(n, k) · 2^(n − k)`.
pub fn roll_weight(n: u8, k: u8) -> u32 {
    let (n, k) = (u32::from(n), u32::from(k));
    let mut c: u32 = 1;
    for i in 0..k {
        c = c * (n - i) / (i + 1);
    }
    c * 2u32.pow(n - k)
}

impl Milkomeda {
    /// Starts a combat in `sector` (§9.A step 1): everyone with fleets there takes part.
    pub(crate) fn start_combat(
        &mut self,
        sector: Space,
        attacker: Seat,
        events: &mut Events<Event>,
    ) {
        let Phase::Turn(t) = &self.phase else {
            return;
        };
        let resume = (**t).clone();
        let fleets_in = PerSeat::from_fn(self.seats, |s| self.fleets_at(sector, s));
        let structure_owners: SeatSet = self
            .structures
            .iter()
            .filter(|p| p.space == sector)
            .map(|p| p.owner)
            .collect();
        let configs = fleets_in
            .clone()
            .map(|n| Sealed::new(if n > 0 { ALL_TRACKS } else { 0 }, n));
        let fleets: Vec<(Seat, u8)> = fleets_in
            .iter()
            .filter(|(_, n)| **n > 0)
            .map(|(s, n)| (s, *n))
            .collect();
        events.emit(|| Event::CombatStarted {
            sector,
            attacker,
            fleets,
        });
        let empty = Battle::new(PerSeat::from_fn(self.seats, |_| Roster::EMPTY));
        self.phase = Phase::Combat(Box::new(CombatPhase {
            sector,
            attacker,
            previous: self.controller(sector),
            structure_owners,
            fleets_in,
            stage: CombatStage::Configure,
            configs,
            start: empty.clone(),
            battle: empty.clone(),
            round: 0,
            rolled: SeatSet::default(),
            hits: PerSeat::from_fn(self.seats, |_| 0),
            allocs: PerSeat::from_fn(self.seats, |_| Sealed::new(0, 0)),
            marks: Marks::new(&empty),
            resume,
        }));
        self.after_configure(events);
    }

    pub(crate) fn combat_actions(&self, seat: Seat, c: &CombatPhase, out: &mut Vec<Action>) {
        match &c.stage {
            CombatStage::Configure => {
                let s = &c.configs[seat];
                if !s.done {
                    out.extend(s.choices().map(Action::Ships));
                }
            }
            CombatStage::Allocate => {
                let s = &c.allocs[seat];
                if !s.done {
                    out.extend(s.choices().map(Action::Hits));
                }
            }
            CombatStage::Mark { order, at, open } => {
                if order.get(*at) != Some(&seat) {
                    return;
                }
                if let Some(ship) = open.present().next() {
                    out.extend(
                        c.battle
                            .mark_targets(seat, ship)
                            .iter()
                            .map(Action::MarkShip),
                    );
                }
            }
            CombatStage::Roll => {}
        }
    }

    fn roller(c: &CombatPhase) -> Option<Seat> {
        Seat::all(c.battle.seats()).find(|s| !c.rolled.contains(*s) && c.battle.dice(*s) > 0)
    }

    pub(crate) fn roll_outcomes(&self, c: &CombatPhase, out: &mut Vec<(Action, u32)>) {
        if c.stage != CombatStage::Roll {
            return;
        }
        if let Some(s) = Self::roller(c) {
            let n = c.battle.dice(s);
            for k in 0..=n {
                out.push((Action::Roll(k), roll_weight(n, k)));
            }
        }
    }

    fn combat_mut(&mut self) -> Option<&mut CombatPhase> {
        match &mut self.phase {
            Phase::Combat(c) => Some(c),
            _ => None,
        }
    }

    pub(crate) fn resolve_roll(&mut self, action: Action, events: &mut Events<Event>) {
        let Action::Roll(k) = action else { return };
        let Some(c) = self.combat_mut() else { return };
        let Some(seat) = Self::roller(c) else { return };
        let dice = c.battle.dice(seat);
        c.hits[seat] = k;
        c.rolled = c.rolled.with(seat);
        events.emit(|| Event::Rolled {
            seat,
            dice,
            hits: k,
        });
        if Self::roller(c).is_none() {
            for s in Seat::all(c.battle.seats()) {
                let reach = c.battle.reachable_targets(s);
                let mut mask = 0u8;
                for (i, r) in reach.iter().enumerate() {
                    if *r {
                        mask |= 1 << i;
                    }
                }
                let tracks = if c.hits[s] > 0 { mask } else { 0 };
                c.allocs[s] = Sealed::new(tracks, c.hits[s]);
            }
            c.stage = CombatStage::Allocate;
            self.after_allocate(events);
        }
    }

    pub(crate) fn combat_step(&mut self, seat: Seat, action: Action, events: &mut Events<Event>) {
        let Some(c) = self.combat_mut() else { return };
        match action {
            Action::Ships(n) => {
                c.configs[seat].set(n);
                self.after_configure(events);
            }
            Action::Hits(n) => {
                c.allocs[seat].set(n);
                self.after_allocate(events);
            }
            Action::MarkShip(target) => {
                let CombatStage::Mark { open, .. } = &mut c.stage else {
                    return;
                };
                let Some(ship) = open.present().next() else {
                    return;
                };
                let mut counts = open.counts();
                counts[ship.index()] -= 1;
                *open = Roster::new(counts).unwrap_or(Roster::EMPTY);
                let _ = c.marks.mark(&c.battle, seat, target, ship);
                events.emit(|| Event::Marked {
                    marker: seat,
                    target,
                    ship,
                });
                self.advance_marking(events);
            }
            _ => {}
        }
    }

    /// When every roster is sealed: reveal them and begin the first round.
    fn after_configure(&mut self, events: &mut Events<Event>) {
        let Some(c) = self.combat_mut() else { return };
        if c.configs.iter().any(|(_, s)| !s.done) {
            return;
        }
        c.battle = Battle::new(c.configs.clone().map(|s| s.roster()));
        c.start = c.battle.clone();
        let rosters: Vec<(Seat, Roster)> = c
            .battle
            .rosters()
            .iter()
            .filter(|(_, r)| !r.is_empty())
            .map(|(s, r)| (s, *r))
            .collect();
        events.emit(|| Event::RostersRevealed { rosters });
        self.begin_round(events);
    }

    fn begin_round(&mut self, events: &mut Events<Event>) {
        let Some(c) = self.combat_mut() else { return };
        match c.battle.round_check() {
            RoundCheck::NextRound if c.round < COMBAT_ROUND_CAP => {
                c.stage = CombatStage::Roll;
                c.rolled = SeatSet::default();
                c.hits = PerSeat::from_fn(c.battle.seats(), |_| 0);
            }
            RoundCheck::NextRound => self.end_combat(true, events),
            _ => self.end_combat(false, events),
        }
    }

    /// When every allocation is sealed: reveal them and start marking.
    fn after_allocate(&mut self, events: &mut Events<Event>) {
        let order = self.order.clone();
        let Some(c) = self.combat_mut() else { return };
        if c.allocs.iter().any(|(_, s)| !s.done) {
            return;
        }
        let allocations: Vec<(Seat, Roster)> = c
            .allocs
            .iter()
            .filter(|(s, _)| c.hits[*s] > 0)
            .map(|(s, a)| (s, a.roster()))
            .collect();
        events.emit(|| Event::HitsRevealed { allocations });
        c.marks = Marks::new(&c.battle);
        let order = marking_order(c.attacker, &order, &c.battle);
        c.stage = CombatStage::Mark {
            order,
            at: 0,
            open: Roster::EMPTY,
        };
        self.start_marker(events);
    }

    /// Forced marks for the marker at `at`; it waits only for hits with a choice.
    fn start_marker(&mut self, events: &mut Events<Event>) {
        loop {
            let Some(c) = self.combat_mut() else { return };
            let CombatStage::Mark { order, at, open } = &mut c.stage else {
                return;
            };
            let Some(marker) = order.get(*at).copied() else {
                self.resolve_round(events);
                return;
            };
            let alloc = c.allocs[marker].roster();
            let before = c.marks.clone();
            match c.marks.mark_forced(&c.battle, marker, alloc) {
                Ok(left) => *open = left,
                Err(_) => *open = Roster::EMPTY,
            }
            if events.is_enabled() {
                for ship in ShipType::ALL {
                    for (target, r) in c.marks.marked().iter() {
                        let was = before.marked()[target].count(ship);
                        for _ in was..r.count(ship) {
                            events.emit(|| Event::Marked {
                                marker,
                                target,
                                ship,
                            });
                        }
                    }
                }
            }
            if !open.is_empty() {
                return;
            }
            *at += 1;
        }
    }

    fn advance_marking(&mut self, events: &mut Events<Event>) {
        let Some(c) = self.combat_mut() else { return };
        if let CombatStage::Mark { at, open, .. } = &mut c.stage
            && open.is_empty()
        {
            *at += 1;
            self.start_marker(events);
        }
    }

    /// Step 9: simultaneous casualties; then step 10.
    fn resolve_round(&mut self, events: &mut Events<Event>) {
        let sector;
        let left: Vec<(Seat, u8)>;
        {
            let Some(c) = self.combat_mut() else { return };
            let (next, losses) = c.battle.resolve_casualties(&c.marks);
            let shown: Vec<(Seat, Roster)> = losses
                .iter()
                .filter(|(_, r)| !r.is_empty())
                .map(|(s, r)| (s, *r))
                .collect();
            events.emit(|| Event::Casualties { losses: shown });
            c.battle = next;
            c.round += 1;
            sector = c.sector;
            left = c
                .fleets_in
                .iter()
                .map(|(s, _)| (s, c.battle.rosters()[s].total()))
                .collect();
        }
        for (s, n) in left {
            if self.fleets_at(sector, s) != n {
                self.progress = true;
            }
            self.set_fleets(sector, s, n);
        }
        self.begin_round(events);
    }

    /// Step 11: control after the combat, then back to the attacker's turn.
    fn end_combat(&mut self, capped: bool, events: &mut Events<Event>) {
        let Phase::Combat(c) = std::mem::replace(&mut self.phase, Phase::Over) else {
            return;
        };
        let control = control_after_combat(
            &c.start,
            &c.battle,
            c.attacker,
            c.previous,
            c.structure_owners,
        );
        let mut left = Vec::new();
        for (s, n) in c.fleets_in.iter() {
            if *n > 0 {
                let k = c.battle.rosters()[s].total();
                self.set_fleets(c.sector, s, k);
                left.push((s, k));
            }
        }
        let i = self.idx(c.sector);
        self.control[i] = control;
        let mut resume = c.resume;
        if c.battle.round_check() == RoundCheck::Won(resume.seat) && c.attacker == resume.seat {
            let kw = self.battle_keywords(c.sector);
            resume.facts.won_battle(&kw);
        }
        let sector = c.sector;
        events.emit(|| Event::CombatEnded {
            sector,
            control,
            left,
            capped,
        });
        self.phase = Phase::Turn(Box::new(resume));
        self.after_combat(events);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn roll_weights_are_binomial_thirds() {
        let w: Vec<u32> = (0..=3).map(|k| roll_weight(3, k)).collect();
        assert_eq!(w, vec![8, 12, 6, 1]);
        assert_eq!(w.iter().sum::<u32>(), 27);
        let ten: u32 = (0..=10).map(|k| roll_weight(10, k)).sum();
        assert_eq!(ten, 3u32.pow(10));
    }

    #[test]
    fn a_sealed_roster_fills_one_track_at_a_time_and_the_last_takes_the_rest() {
        let mut s = Sealed::new(0b11111, 5);
        assert!(!s.done);
        s.set(2);
        s.set(0);
        s.set(1);
        assert!(!s.done);
        s.set(1);
        assert!(s.done);
        assert_eq!(s.counts, [2, 0, 1, 1, 1]);
        let mut zero = Sealed::new(0b11111, 2);
        zero.set(2);
        assert!(
            !zero.done,
            "a seat with nothing left still steps through the tracks"
        );
        for _ in 0..3 {
            zero.set(0);
        }
        assert!(zero.done);
        assert_eq!(zero.counts, [2, 0, 0, 0, 0]);
        let one = Sealed::new(0b00100, 3);
        assert!(one.done);
        assert_eq!(one.counts, [0, 0, 3, 0, 0]);
        let mut three = Sealed::new(0b10101, 2);
        three.set(2);
        three.set(0);
        assert!(three.done);
        assert_eq!(three.counts, [2, 0, 0, 0, 0]);
    }
}
