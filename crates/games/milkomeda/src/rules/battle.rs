//! Vector Command (§9.A steps 1–11) as game steps, over the pure rules of `combat.rs`.
//!
//! - Step 2: every participant configures its fleets in secret, one roster track at a time
//!   ([`Action::Ships`]); the last track takes what is left. Rosters are revealed together.
//! - Steps 3–5: each seat with dice rolls in seat order, one die after another; each die is
//!   a chance step of six equally likely faces ([`Action::Die`]). After a seat's last die,
//!   [`Event::Rolled`] shows its faces and its hits (the fives and sixes).
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
    Battle, Marks, Pip, Roster, RoundCheck, ShipType, control_after_combat, hits, marking_order,
};
use crate::rules::map::Space;
use crate::state::{
    COMBAT_ROUND_CAP, CombatPhase, CombatStage, Phase, Rolls, Sealed, Table, TurnState,
};
use gridwright_engine::{Actor, Events, PerSeat, Seat, SeatSet};

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

/// The seat rolling now: the first in seat order with dice that has not rolled them all.
fn roller(battle: &Battle, rolls: &Rolls) -> Option<Seat> {
    Seat::all(battle.seats()).find(|s| !rolls.rolled.contains(*s) && battle.dice(*s) > 0)
}

/// The stage taken out of `c` (to move its data into the next one).
fn take_stage(c: &mut CombatPhase) -> CombatStage {
    std::mem::replace(&mut c.stage, CombatStage::Roll(Rolls::new(0)))
}

impl CombatPhase {
    /// What `seat` may do now in this combat.
    pub(crate) fn actions(&self, seat: Seat, out: &mut Vec<Action>) {
        match &self.stage {
            CombatStage::Configure { configs: sealed }
            | CombatStage::Allocate { allocs: sealed, .. } => {
                let s = &sealed[seat];
                if !s.done {
                    let choice = if matches!(self.stage, CombatStage::Configure { .. }) {
                        Action::Ships
                    } else {
                        Action::Hits
                    };
                    out.extend(s.choices().map(choice));
                }
            }
            CombatStage::Mark {
                order, at, open, ..
            } => {
                if order.get(*at) != Some(&seat) {
                    return;
                }
                if let Some(ship) = open.present().next() {
                    out.extend(
                        self.battle
                            .mark_targets(seat, ship)
                            .iter()
                            .map(Action::MarkShip),
                    );
                }
            }
            CombatStage::Roll(_) => {}
        }
    }

    /// The rolling seat's next die: six equally likely faces (§9.A step 4).
    pub(crate) fn roll_outcomes(&self, out: &mut Vec<(Action, u32)>) {
        if let CombatStage::Roll(rolls) = &self.stage
            && roller(&self.battle, rolls).is_some()
        {
            out.extend(Pip::ALL.into_iter().map(|f| (Action::Die(f), 1)));
        }
    }
}

impl Table {
    /// Starts a combat in `sector` (§9.A step 1), interrupting the turn `t`: everyone with
    /// fleets there takes part.
    pub(crate) fn start_combat(
        &mut self,
        t: &TurnState,
        sector: Space,
        events: &mut Events<Event>,
    ) -> Phase {
        let attacker = t.seat;
        let fleets_in = PerSeat::from_fn(self.seats(), |s| self.fleets_at(sector, s));
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
        let empty = Battle::new(PerSeat::from_fn(self.seats(), |_| Roster::EMPTY));
        let mut c = CombatPhase {
            sector,
            attacker,
            previous: self.controller(sector),
            structure_owners,
            fleets_in,
            stage: CombatStage::Configure { configs },
            start: empty.clone(),
            battle: empty,
            round: 0,
            resume: t.clone(),
        };
        match self.after_configure(&mut c, events) {
            Some(next) => next,
            None => Phase::Combat(Box::new(c)),
        }
    }

    /// A step of the combat `c`: each (stage, action) pair to its step of §9.A; says which
    /// phase follows when the combat ends.
    #[must_use]
    pub(crate) fn combat_step(
        &mut self,
        c: &mut CombatPhase,
        actor: Actor,
        action: Action,
        events: &mut Events<Event>,
    ) -> Option<Phase> {
        match (actor, &mut c.stage, action) {
            (Actor::Seat(seat), CombatStage::Configure { configs }, Action::Ships(n)) => {
                configs[seat].set(n);
                self.after_configure(c, events)
            }
            (Actor::Chance, CombatStage::Roll(rolls), Action::Die(face)) => {
                if !roll(&c.battle, rolls, face, events) {
                    return None;
                }
                // Every seat rolled: each with hits seals its allocation over the tracks
                // its vectors reach (step 6).
                let rolls = std::mem::replace(rolls, Rolls::new(0));
                let allocs = PerSeat::from_fn(c.battle.seats(), |s| {
                    let mut mask = 0u8;
                    for (i, r) in c.battle.reachable_targets(s).iter().enumerate() {
                        if *r {
                            mask |= 1 << i;
                        }
                    }
                    let tracks = if rolls.hits[s] > 0 { mask } else { 0 };
                    Sealed::new(tracks, rolls.hits[s])
                });
                c.stage = CombatStage::Allocate { rolls, allocs };
                self.after_allocate(c, events)
            }
            (Actor::Seat(seat), CombatStage::Allocate { allocs, .. }, Action::Hits(n)) => {
                allocs[seat].set(n);
                self.after_allocate(c, events)
            }
            (
                Actor::Seat(seat),
                CombatStage::Mark {
                    open, marks, at, ..
                },
                Action::MarkShip(target),
            ) => {
                let Some(ship) = open.present().next() else {
                    debug_assert!(false, "{seat} marks with no hit open");
                    return None;
                };
                let mut counts = open.counts();
                counts[ship.index()] -= 1;
                *open = Roster::new(counts).unwrap_or(Roster::EMPTY);
                let _ = marks.mark(&c.battle, seat, target, ship);
                events.emit(|| Event::Marked {
                    marker: seat,
                    target,
                    ship,
                });
                if !open.is_empty() {
                    return None;
                }
                *at += 1;
                self.start_marker(c, events)
            }
            (actor, stage, action) => {
                debug_assert!(
                    false,
                    "illegal combat step {action:?} by {actor:?} at {stage:?}"
                );
                None
            }
        }
    }

    /// When every roster is sealed: reveal them and begin the first round.
    #[must_use]
    fn after_configure(
        &mut self,
        c: &mut CombatPhase,
        events: &mut Events<Event>,
    ) -> Option<Phase> {
        let CombatStage::Configure { configs } = &c.stage else {
            debug_assert!(false, "configured at {:?}", c.stage);
            return None;
        };
        if configs.iter().any(|(_, s)| !s.done) {
            return None;
        }
        c.battle = Battle::new(configs.clone().map(|s| s.roster()));
        c.start = c.battle.clone();
        let rosters: Vec<(Seat, Roster)> = c
            .battle
            .rosters()
            .iter()
            .filter(|(_, r)| !r.is_empty())
            .map(|(s, r)| (s, *r))
            .collect();
        events.emit(|| Event::RostersRevealed { rosters });
        self.begin_round(c, events)
    }

    #[must_use]
    fn begin_round(&mut self, c: &mut CombatPhase, events: &mut Events<Event>) -> Option<Phase> {
        match c.battle.round_check() {
            RoundCheck::NextRound if c.round < COMBAT_ROUND_CAP => {
                c.stage = CombatStage::Roll(Rolls::new(c.battle.seats()));
                None
            }
            RoundCheck::NextRound => Some(self.end_combat(c, true, events)),
            _ => Some(self.end_combat(c, false, events)),
        }
    }

    /// When every allocation is sealed: reveal them and start marking.
    #[must_use]
    fn after_allocate(&mut self, c: &mut CombatPhase, events: &mut Events<Event>) -> Option<Phase> {
        let CombatStage::Allocate { rolls, allocs } = &c.stage else {
            debug_assert!(false, "allocated at {:?}", c.stage);
            return None;
        };
        if allocs.iter().any(|(_, s)| !s.done) {
            return None;
        }
        let allocations: Vec<(Seat, Roster)> = allocs
            .iter()
            .filter(|(s, _)| rolls.hits[*s] > 0)
            .map(|(s, a)| (s, a.roster()))
            .collect();
        events.emit(|| Event::HitsRevealed { allocations });
        let CombatStage::Allocate { rolls, allocs } = take_stage(c) else {
            return None;
        };
        c.stage = CombatStage::Mark {
            rolls,
            allocs,
            marks: Marks::new(&c.battle),
            order: marking_order(c.attacker, &self.order, &c.battle),
            at: 0,
            open: Roster::EMPTY,
        };
        self.start_marker(c, events)
    }

    /// Forced marks for the marker at `at`; it waits only for hits with a choice.
    #[must_use]
    fn start_marker(&mut self, c: &mut CombatPhase, events: &mut Events<Event>) -> Option<Phase> {
        loop {
            let CombatStage::Mark {
                allocs,
                marks,
                order,
                at,
                open,
                ..
            } = &mut c.stage
            else {
                debug_assert!(false, "marking at {:?}", c.stage);
                return None;
            };
            let Some(marker) = order.get(*at).copied() else {
                return self.resolve_round(c, events);
            };
            let alloc = allocs[marker].roster();
            let before = marks.clone();
            match marks.mark_forced(&c.battle, marker, alloc) {
                Ok(left) => *open = left,
                Err(_) => *open = Roster::EMPTY,
            }
            if events.is_enabled() {
                for ship in ShipType::ALL {
                    for (target, r) in marks.marked().iter() {
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
                return None;
            }
            *at += 1;
        }
    }

    /// Step 9: simultaneous casualties; then step 10.
    #[must_use]
    fn resolve_round(&mut self, c: &mut CombatPhase, events: &mut Events<Event>) -> Option<Phase> {
        let CombatStage::Mark { marks, .. } = &c.stage else {
            debug_assert!(false, "casualties at {:?}", c.stage);
            return None;
        };
        let (next, losses) = c.battle.resolve_casualties(marks);
        let shown: Vec<(Seat, Roster)> = losses
            .iter()
            .filter(|(_, r)| !r.is_empty())
            .map(|(s, r)| (s, *r))
            .collect();
        events.emit(|| Event::Casualties { losses: shown });
        c.battle = next;
        c.round += 1;
        for (s, _) in c.fleets_in.iter() {
            let n = c.battle.rosters()[s].total();
            if self.fleets_at(c.sector, s) != n {
                self.progress = true;
            }
            self.set_fleets(c.sector, s, n);
        }
        self.begin_round(c, events)
    }

    /// Step 11: control after the combat, then back to the attacker's turn.
    fn end_combat(&mut self, c: &CombatPhase, capped: bool, events: &mut Events<Event>) -> Phase {
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
        let mut resume = c.resume.clone();
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
        match self.after_combat(&mut resume, events) {
            Some(next) => next,
            None => Phase::Turn(Box::new(resume)),
        }
    }
}

/// Rolls one die of the rolling seat (§9.A steps 4–5); after its last die its hit pool is the
/// fives and sixes. Whether every seat with dice has rolled.
fn roll(battle: &Battle, rolls: &mut Rolls, face: Pip, events: &mut Events<Event>) -> bool {
    let Some(seat) = roller(battle, rolls) else {
        debug_assert!(false, "a die with nobody to roll it");
        return false;
    };
    rolls.faces[seat].push(face);
    if rolls.faces[seat].len() < usize::from(battle.dice(seat)) {
        return false;
    }
    let k = hits(&rolls.faces[seat]);
    rolls.hits[seat] = k;
    rolls.rolled = rolls.rolled.with(seat);
    let faces = rolls.faces[seat].clone();
    events.emit(|| Event::Rolled {
        seat,
        faces,
        hits: k,
    });
    roller(battle, rolls).is_none()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::steps_tests::{attack_ready, declare_attack};
    use crate::state::Milkomeda;
    use gridwright_engine::dice::Ratio;
    use gridwright_engine::{Actor, Game, Turn};

    /// A chance outcome's die face.
    fn face(a: Action) -> Option<u8> {
        match a {
            Action::Die(f) => Some(f.value()),
            _ => None,
        }
    }

    /// A roll's event: the seat, its faces and its hits.
    fn rolled(e: &Event) -> Option<(Seat, Vec<u8>, u8)> {
        match e {
            Event::Rolled { seat, faces, hits } => {
                Some((*seat, faces.iter().map(|f| f.value()).collect(), *hits))
            }
            _ => None,
        }
    }

    /// A duel played to its first combat's first roll: the attacker brings a beam frigate
    /// and an artillery platform, the defender a shield cruiser and a drone carrier. Beams
    /// counter both defender types and artillery the drone carriers: three dice for the
    /// attacker; shields counter artillery: one die for the defender (§9.A step 3, item 3).
    fn to_first_roll() -> (Milkomeda, Seat, Seat) {
        let (mut g, seat, other) = to_configuration();
        let step = |g: &mut Milkomeda, s: Seat, a: Action| {
            assert!(g.legal_actions_vec(s).contains(&a), "{a:?} for {s}");
            g.step(Actor::Seat(s), a, &mut Events::disabled());
        };
        for n in [1, 0, 1, 0] {
            step(&mut g, seat, Action::Ships(n));
        }
        for n in [0, 1, 0, 1] {
            step(&mut g, other, Action::Ships(n));
        }
        let Phase::Combat(c) = &g.phase else {
            panic!("no combat")
        };
        assert!(matches!(c.stage, CombatStage::Roll(_)), "{:?}", c.stage);
        assert_eq!((c.battle.dice(seat), c.battle.dice(other)), (3, 1));
        assert_eq!(g.turn(), Turn::Chance);
        (g, seat, other)
    }

    /// The duel of [`to_first_roll`] at the start of its combat, before any fleet is
    /// configured: the attacker, the defender.
    fn to_configuration() -> (Milkomeda, Seat, Seat) {
        let (mut g, seat, other, home, target) = attack_ready(2, 2);
        let step = |g: &mut Milkomeda, s: Seat, a: Action| {
            assert!(g.legal_actions_vec(s).contains(&a), "{a:?} for {s}");
            g.step(Actor::Seat(s), a, &mut Events::disabled());
        };
        declare_attack(&mut g, seat, home, target, 2);
        while let Phase::Turn(_) = g.phase {
            // No second origin: engage.
            step(&mut g, seat, Action::Engage);
        }
        (g, seat, other)
    }

    /// A sealed roster in progress reads, in the terminal, as ship types and counts in words
    /// (player language), never as an array, and only in its own seat's view.
    #[test]
    fn a_sealed_roster_so_far_reads_as_ship_types_and_counts() {
        let (mut g, seat, other) = to_configuration();
        for n in [1, 0, 1] {
            g.step(Actor::Seat(seat), Action::Ships(n), &mut Events::disabled());
        }
        let own = crate::render::render(&g, gridwright_engine::Viewer::Seat(seat));
        let line = own
            .lines()
            .find(|l| l.contains("your sealed choice so far"))
            .unwrap_or_else(|| panic!("no sealed line in {own}"));
        assert_eq!(
            line.trim(),
            "your sealed choice so far: beam 1, artillery 1"
        );
        let theirs = crate::render::render(&g, gridwright_engine::Viewer::Seat(other));
        assert!(
            !theirs.contains("beam 1, artillery 1"),
            "the other seat sees no roster: {theirs}"
        );
    }

    /// §9.A steps 4–5: every die earned is a d6 of the player's colour; a 5 or a 6 is a
    /// success. Through the game's own chance API: each die is one chance step of six equally
    /// likely faces, and the attacker's successes over every path of the round's four dice
    /// follow C(3, k)·(1/3)^k·(2/3)^(3−k).
    #[test]
    fn a_roll_is_one_d6_per_die_and_five_or_six_is_a_success() {
        fn walk(
            g: &Milkomeda,
            attacker: Seat,
            p: Ratio,
            steps: usize,
            rolls: usize,
            hits: Option<u8>,
            dist: &mut [Ratio; 4],
        ) {
            if rolls == 2 {
                assert_eq!(steps, 4, "one chance step per die: 3 + 1");
                dist[usize::from(hits.unwrap())] += p;
                return;
            }
            assert_eq!(g.turn(), Turn::Chance);
            let mut outs = Vec::new();
            g.chance_outcomes(&mut outs);
            let faces: Vec<Option<u8>> = outs.iter().map(|(a, _)| face(*a)).collect();
            assert_eq!(
                faces,
                (1..=6).map(Some).collect::<Vec<_>>(),
                "a die shows 1 to 6: {outs:?}"
            );
            assert!(outs.iter().all(|(_, w)| *w == outs[0].1), "equally likely");
            let total: u32 = outs.iter().map(|(_, w)| w).sum();
            for (a, w) in outs {
                let mut next = g.clone();
                let mut ev = Events::recording();
                next.step(Actor::Chance, a, &mut ev);
                let (mut rolls, mut hits) = (rolls, hits);
                for (seat, _, h) in ev.take().iter().filter_map(rolled) {
                    rolls += 1;
                    if seat == attacker {
                        hits = Some(h);
                    }
                }
                let q = p * Ratio::new(i128::from(w), i128::from(total));
                walk(&next, attacker, q, steps + 1, rolls, hits, dist);
            }
        }
        let (g, attacker, _) = to_first_roll();
        let mut dist = [Ratio::ZERO; 4];
        walk(&g, attacker, Ratio::ONE, 0, 0, None, &mut dist);
        let choose = |n: i128, k: i128| (1..=k).fold(1, |c, i| c * (n - k + i) / i);
        for k in 0..=3i128 {
            let want = Ratio::new(choose(3, k) * 2i128.pow((3 - k) as u32), 27);
            assert_eq!(dist[k as usize], want, "P({k} successes of 3 dice)");
        }
    }

    /// §9.A steps 4–5 and issue 20 (logs a referee can check): the roll's event shows every
    /// face the seat's dice showed, in the order chance rolled them, and its hits are the
    /// number of fives and sixes among them.
    #[test]
    fn the_log_shows_every_die_face() {
        let (mut g, attacker, defender) = to_first_roll();
        let mut taken = Vec::new();
        let mut events = Vec::new();
        for want in [6, 2, 5, 1] {
            let mut outs = Vec::new();
            g.chance_outcomes(&mut outs);
            let a = outs
                .iter()
                .map(|(a, _)| *a)
                .find(|a| face(*a) == Some(want))
                .unwrap_or_else(|| panic!("no face {want} among {outs:?}"));
            taken.push(want);
            let mut ev = Events::recording();
            g.step(Actor::Chance, a, &mut ev);
            events.extend(ev.take());
        }
        let rolls: Vec<(Seat, Vec<u8>, u8)> = events.iter().filter_map(rolled).collect();
        assert_eq!(rolls.len(), 2, "{events:?}");
        let shown: Vec<u8> = rolls.iter().flat_map(|r| r.1.clone()).collect();
        assert_eq!(shown, taken, "the faces, in the order rolled");
        for (seat, faces, hits) in &rolls {
            let want = if *seat == attacker { 3 } else { 1 };
            assert_eq!(faces.len(), want, "{seat}: one face per die");
            let fives_and_sixes = faces.iter().filter(|f| **f == 5 || **f == 6).count();
            assert_eq!(usize::from(*hits), fives_and_sixes, "{seat}'s hits");
        }
        assert!(rolls.iter().any(|r| r.0 == defender));
        let text: Vec<String> = events
            .iter()
            .filter(|e| rolled(e).is_some())
            .map(|e| g.event_text(e))
            .collect();
        let first = rolls[0].0;
        let want = if first == attacker {
            [
                format!("{attacker} rolls 6, 2, 5: 2 hits"),
                format!("{defender} rolls 1: 0 hits"),
            ]
        } else {
            [
                format!("{defender} rolls 6: 1 hit"),
                format!("{attacker} rolls 2, 5, 1: 1 hit"),
            ]
        };
        assert_eq!(text, want);
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
