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
            faces: PerSeat::from_fn(self.seats, |_| Vec::new()),
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

    /// The rolling seat's next die: six equally likely faces (§9.A step 4).
    pub(crate) fn roll_outcomes(&self, c: &CombatPhase, out: &mut Vec<(Action, u32)>) {
        if c.stage != CombatStage::Roll || Self::roller(c).is_none() {
            return;
        }
        out.extend(Pip::ALL.into_iter().map(|f| (Action::Die(f), 1)));
    }

    fn combat_mut(&mut self) -> Option<&mut CombatPhase> {
        match &mut self.phase {
            Phase::Combat(c) => Some(c),
            _ => None,
        }
    }

    pub(crate) fn resolve_roll(&mut self, action: Action, events: &mut Events<Event>) {
        let Action::Die(face) = action else { return };
        let Some(c) = self.combat_mut() else { return };
        let Some(seat) = Self::roller(c) else { return };
        c.faces[seat].push(face);
        if c.faces[seat].len() < usize::from(c.battle.dice(seat)) {
            return;
        }
        // The seat's last die: its hit pool is the fives and sixes (step 5).
        let k = hits(&c.faces[seat]);
        c.hits[seat] = k;
        c.rolled = c.rolled.with(seat);
        let faces = c.faces[seat].clone();
        events.emit(|| Event::Rolled {
            seat,
            faces,
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
                c.faces = PerSeat::from_fn(c.battle.seats(), |_| Vec::new());
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
    use crate::Resources;
    use crate::rules::actions::CoreAction;
    use crate::rules::steps_tests::{explored_next_to, game, seat_to_act, to_first_turn};
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
        assert_eq!(c.stage, CombatStage::Roll);
        assert_eq!((c.battle.dice(seat), c.battle.dice(other)), (3, 1));
        assert_eq!(g.turn(), Turn::Chance);
        (g, seat, other)
    }

    /// The duel of [`to_first_roll`] at the start of its combat, before any fleet is
    /// configured: the attacker, the defender.
    fn to_configuration() -> (Milkomeda, Seat, Seat) {
        let mut g = game("duel");
        to_first_turn(&mut g);
        let seat = seat_to_act(&g);
        let other = seat.next(2);
        let home = g.homes[seat];
        let target = explored_next_to(&mut g, home);
        g.set_fleets(target, other, 2);
        g.set_fleets(home, seat, 2);
        g.storage[seat] = Resources::new(5, 5, 5, 5);
        let step = |g: &mut Milkomeda, s: Seat, a: Action| {
            assert!(g.legal_actions_vec(s).contains(&a), "{a:?} for {s}");
            g.step(Actor::Seat(s), a, &mut Events::disabled());
        };
        step(&mut g, seat, Action::Main(CoreAction::Attack));
        step(
            &mut g,
            seat,
            Action::AttackFleets {
                from: home,
                to: target,
                count: 2,
            },
        );
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
