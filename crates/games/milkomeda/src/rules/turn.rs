//! Phase 2 as game steps (§7 phase 2, §8): income with the M-Brain bonus, the main action
//! (different from the marker unless an active M-Brain), Explore, Move, Build and Attack one
//! step at a time, the optional module action, the objective claim windows (`claims.rs`), the marker.

use crate::action::{Action, Event};
use crate::rules::actions::{CoreAction, allowed_main_actions, marker_after, module_allowed};
use crate::rules::attack::{
    STRUCTURE_ATTACK_COST, fleet_attack_cost, fleet_attack_targets, structure_attack_targets,
};
use crate::rules::combat::MAX_FLEETS;
use crate::rules::directives::{Position, candidate_intersections, matches_at};
use crate::rules::income::mbrain_bonus;
use crate::rules::map::{Intersection, Probe, Space};
use crate::rules::movement::move_destinations;
use crate::rules::objectives::{Facts, Keyword};
use crate::rules::scoring::grid_completion;
use crate::rules::structures::{
    FLEET_COST, HOMEWORLD_FLEETS_PER_BUILD, Structure, check_structure_build,
};
use crate::state::{Act, Milkomeda, Phase, Placed, TurnStage, TurnState};
use crate::{Resource, Resources};
use gridwright_engine::{Events, Seat};

/// Options per Build or Attack action (§8.C, §8.D: "up to 2").
pub const OPTIONS: u8 = 2;

impl Milkomeda {
    pub(crate) fn abilities(&self, seat: Seat) -> crate::rules::civilizations::Abilities {
        self.config.seats[seat.index()].abilities
    }

    /// A structure's cost for `seat` (§8.C table, its civilization's discount).
    pub fn structure_cost(&self, seat: Seat, structure: Structure) -> Resources {
        let base = structure.cost(None);
        if structure.is_megastructure() {
            let d = u16::from(self.abilities(seat).megastructure_discount);
            let orange = base.get(Resource::Orange);
            Resources::new(base.get(Resource::Blue), orange - d.min(orange), 0, 0)
        } else {
            base
        }
    }

    fn explored_spaces(&self) -> Vec<Space> {
        self.map.tiles().map(|(s, _)| s).collect()
    }

    fn controlled_with_fleets(&self, seat: Seat) -> Vec<Space> {
        self.explored_spaces()
            .into_iter()
            .filter(|s| self.controls(seat, *s) && self.fleets_at(*s, seat) > 0)
            .collect()
    }

    fn has_active_mbrain(&self, seat: Seat) -> bool {
        !self.active_structure(seat, Structure::MBrain).is_empty()
    }

    /// Starts `seat`'s turn: its structures built last turn become active, then income
    /// (§7 phase 2 step 1; items 39–40).
    pub(crate) fn begin_turn(&mut self, seat: Seat, events: &mut Events<Event>) {
        for p in self.structures.iter_mut().filter(|p| p.owner == seat) {
            p.active = true;
        }
        let mut income = Resources::ZERO;
        for (space, tile) in self.map.tiles() {
            if self.controls(seat, space) {
                income = income.saturating_add(self.sector_values(tile.sector));
            }
        }
        self.gain(seat, income);
        let bonus = self
            .active_structure(seat, Structure::MBrain)
            .first()
            .map_or(0, |m| {
                mbrain_bonus(&self.map, *m, |s| self.controls(seat, s))
            });
        events.emit(|| Event::TurnStarted {
            seat,
            income,
            bonus,
        });
        self.phase = Phase::Turn(Box::new(TurnState {
            seat,
            stage: if bonus > 0 {
                TurnStage::Bonus { left: bonus }
            } else {
                TurnStage::Main
            },
            main: None,
            module: None,
            in_module: false,
            facts: Default::default(),
            claimed: false,
        }));
    }

    /// Whether `seat` could do something with core action `a` given `storage`.
    fn feasible(&self, seat: Seat, a: CoreAction, storage: Resources) -> bool {
        match a {
            CoreAction::Explore => {
                self.deck_left() > 0 && !self.controlled_with_fleets(seat).is_empty()
            }
            // The range is at least 1, so a move has a destination exactly when an origin
            // has an explored neighbour (no search needed).
            CoreAction::Move => self.controlled_with_fleets(seat).iter().any(|o| {
                self.map
                    .size()
                    .neighbors(*o)
                    .any(|n| self.map.is_explored(n))
            }),
            CoreAction::Build | CoreAction::Attack => {
                let act = if a == CoreAction::Build {
                    Act::Build { options: OPTIONS }
                } else {
                    Act::Attack {
                        options: OPTIONS,
                        gather: None,
                    }
                };
                let mut v = Vec::new();
                self.act_actions(seat, &act, storage, &mut v);
                v.iter().any(|x| *x != Action::Done)
            }
        }
    }

    fn range(&self, seat: Seat, boost: u8, origin: Space) -> u8 {
        self.abilities(seat)
            .move_base_range
            .saturating_add(boost)
            .saturating_add(u8::from(self.has_active_at(
                seat,
                Structure::Hypergate,
                origin,
            )))
    }

    /// The module at `p` that `seat` may activate now, with its action and cost.
    ///
    /// `candidates` are `seat`'s candidate intersections ([`Self::module_candidates`]), the
    /// same for every position, so callers find them once.
    fn module_option(
        &self,
        t: &TurnState,
        p: Position,
        candidates: &[Intersection],
    ) -> Option<(CoreAction, Resources)> {
        let seat = t.seat;
        let (d, m) = self.slots[usize::from(p.number() - 1)];
        let (d, m) = (d?, m?);
        let module = self.config.modules.get(usize::from(m))?;
        let main = t.main?;
        if !module_allowed(module.action, main) {
            return None;
        }
        let left = self.storage[seat].checked_sub(module.cost())?;
        // The pattern before the feasibility: both must hold, and a match is rare while
        // feasibility lists every option of the action.
        // (`matching_intersections` over candidates found once per caller.)
        let pattern = self.config.directives.get(usize::from(d))?.pattern;
        let found = candidates.iter().any(|point| {
            matches_at(
                &self.map,
                *point,
                pattern,
                |s| self.controls(seat, s),
                |r| self.sector_values(r),
            )
        });
        if !found || !self.feasible(seat, module.action, left) {
            return None;
        }
        Some((module.action, module.cost()))
    }

    /// `seat`'s candidate intersections for module activation (§7 phase 2 step 5).
    fn module_candidates(&self, seat: Seat) -> Vec<Intersection> {
        candidate_intersections(&self.map, |s| self.controls(seat, s))
    }

    /// What `seat`'s objectives measure now.
    pub(crate) fn facts(&self, t: &TurnState) -> Facts {
        let seat = t.seat;
        let mut f = Facts {
            storage: self.storage[seat],
            ships_on_map: self.fleets_on_map(seat),
            structures_on_map: self.structures.iter().filter(|p| p.owner == seat).count() as u32,
            turn: t.facts,
            ..Facts::default()
        };
        let home = self.homes[seat];
        for (space, _) in self.map.tiles() {
            if !self.controls(seat, space) {
                continue;
            }
            f.controlled_sectors += 1;
            f.farthest_from_homeworld = f
                .farthest_from_homeworld
                .max(u32::from(space.manhattan(home)));
            for k in self.keywords_at(space) {
                f.controlled_by_keyword[*k as usize] += 1;
            }
        }
        f
    }

    pub(crate) fn turn_actions(&self, t: &TurnState, out: &mut Vec<Action>) {
        let seat = t.seat;
        match &t.stage {
            TurnStage::Bonus { .. } => out.extend(Resource::ALL.map(Action::Bonus)),
            TurnStage::Main => {
                let before = out.len();
                for a in allowed_main_actions(self.marker[seat], self.has_active_mbrain(seat)) {
                    if self.feasible(seat, a, self.storage[seat]) {
                        out.push(Action::Main(a));
                    }
                }
                if out.len() == before {
                    out.push(Action::Pass);
                }
                self.claim_window(t, out);
            }
            TurnStage::Act(act) => self.act_actions(seat, act, self.storage[seat], out),
            TurnStage::Module => {
                let candidates = self.module_candidates(seat);
                for p in Position::ALL {
                    if self.module_option(t, p, &candidates).is_some() {
                        out.push(Action::Module(p));
                    }
                }
                out.push(Action::NoModule);
                self.claim_window(t, out);
            }
            TurnStage::Claim => {
                self.claim_window(t, out);
                out.push(Action::EndTurn);
            }
        }
    }

    /// The steps of a core action in progress, for `seat` with `storage`.
    pub(crate) fn act_actions(
        &self,
        seat: Seat,
        act: &Act,
        storage: Resources,
        out: &mut Vec<Action>,
    ) {
        match act {
            Act::Explore {
                probes,
                launched,
                hand,
                chain,
            } => {
                if !*launched {
                    if probes.len() < crate::rules::map::MAX_PROBES {
                        for s in self.controlled_with_fleets(seat) {
                            if !probes.iter().any(|p| p.origin == s) {
                                out.push(Action::Probe(s));
                            }
                        }
                    }
                    if !probes.is_empty() {
                        let most = crate::rules::explore::boost_limit(
                            storage.get(Resource::Green),
                            self.deck_left(),
                        );
                        out.extend((0..=most).map(Action::Launch));
                    }
                    return;
                }
                let green = storage.get(Resource::Green);
                let mut targets = self
                    .map
                    .placement_targets(probes, chain)
                    .unwrap_or_default();
                // Cards and spaces in order, so the list comes out sorted (the legal list
                // would be sorted anyway; sorting these few is cheaper).
                targets.sort_unstable();
                let mut cards = hand.clone();
                cards.sort_unstable();
                let before = out.len();
                self.place_actions(&cards, &targets, green, out);
                // §8.A steps 4–5: every drawn card is placed when the player can pay for them
                // all; only an unaffordable total lets it choose which go back (item 42). Once
                // the total is unaffordable it stays so (each placement takes its cost from
                // both sides), so this needs no memory. A card with no space can only go back.
                let total: u16 = hand
                    .iter()
                    .map(|c| {
                        self.config
                            .sectors
                            .get(usize::from(*c))
                            .map_or(0, |s| u16::from(s.cost))
                    })
                    .sum();
                if total > green || out.len() == before {
                    out.push(Action::Done);
                }
            }
            Act::Move {
                boost,
                origins,
                arrived,
            } => {
                let Some(boost) = boost else {
                    let most = crate::rules::movement::boost_limit(
                        storage.get(Resource::Blue),
                        usize::from(self.map.size().width())
                            * usize::from(self.map.size().height()),
                    );
                    out.extend((0..=most).map(Action::Boost));
                    return;
                };
                let mut sources: Vec<(Space, u8)> = origins.clone();
                if origins.len() < crate::rules::movement::MAX_ORIGINS {
                    for s in self.controlled_with_fleets(seat) {
                        if !origins.iter().any(|(o, _)| *o == s) {
                            // Fleets that arrived this action have made their move (§8.B).
                            let moved = arrived.iter().find(|(a, _)| *a == s).map_or(0, |a| a.1);
                            sources.push((s, self.fleets_at(s, seat).saturating_sub(moved)));
                        }
                    }
                }
                // Origins in order, so the list comes out sorted (as above).
                sources.sort_unstable_by_key(|(s, _)| *s);
                for (from, free) in sources {
                    let free = free.min(self.fleets_at(from, seat));
                    if free == 0 {
                        continue;
                    }
                    for to in move_destinations(&self.map, from, self.range(seat, *boost, from)) {
                        for count in 1..=free {
                            out.push(Action::MoveFleets { from, to, count });
                        }
                    }
                }
                out.push(Action::Done);
            }
            Act::Build { options } => {
                if *options > 0 {
                    self.build_options(seat, storage, out);
                }
                out.push(Action::Done);
            }
            Act::Attack {
                gather: Some((target, first, b1)),
                ..
            } => {
                self.second_origins(seat, storage, (*target, *first, *b1), out);
                out.push(Action::Engage);
            }
            Act::Attack {
                options,
                gather: None,
            } => {
                if *options > 0 {
                    self.attack_options(seat, storage, out);
                }
                out.push(Action::Done);
            }
        }
    }

    /// `seat`'s Outposts in structure order (bit `i` of a fleet build is the `i`-th).
    fn outposts(&self, seat: Seat) -> Vec<Placed> {
        self.structures
            .iter()
            .filter(|p| p.owner == seat && p.structure == Structure::Outpost)
            .copied()
            .collect()
    }

    fn build_options(&self, seat: Seat, storage: Resources, out: &mut Vec<Action>) {
        let room = u32::from(MAX_FLEETS).saturating_sub(self.fleets_on_map(seat));
        let orange = u32::from(storage.get(Resource::Orange));
        let can = room.min(orange);
        let home_max = if self.controls(seat, self.homes[seat]) {
            HOMEWORLD_FLEETS_PER_BUILD
        } else {
            0
        };
        let outposts = self.outposts(seat);
        let mut usable = 0u8;
        for (i, p) in outposts.iter().enumerate() {
            if p.active && self.controls(seat, p.space) {
                usable |= 1 << i;
            }
        }
        for home in 0..=home_max {
            for mask in 0..4u8 {
                if mask & !usable != 0 {
                    continue;
                }
                let total = u32::from(home) + mask.count_ones();
                if total >= 1 && total <= can {
                    out.push(Action::BuildFleets {
                        home,
                        outposts: mask,
                    });
                }
            }
        }
        let mut on_map = [0u8; 4];
        for p in self.structures.iter().filter(|p| p.owner == seat) {
            on_map[p.structure as usize] += 1;
        }
        for st in Structure::ALL {
            if check_structure_build(st, on_map).is_err()
                || !storage.covers(self.structure_cost(seat, st))
            {
                continue;
            }
            for (space, _) in self.map.tiles() {
                if self.controls(seat, space) {
                    out.push(Action::BuildStructure {
                        structure: st,
                        space,
                    });
                }
            }
        }
    }

    fn attack_options(&self, seat: Seat, storage: Resources, out: &mut Vec<Action>) {
        let blue = storage.get(Resource::Blue);
        for from in self.controlled_with_fleets(seat) {
            let hg = self.has_active_at(seat, Structure::Hypergate, from);
            let mine = self.fleets_at(from, seat);
            for (to, boundaries) in fleet_attack_targets(&self.map, from, hg) {
                if fleet_attack_cost(&[boundaries]) > blue {
                    continue;
                }
                let enemy = Seat::all(self.seats).any(|s| s != seat && self.fleets_at(to, s) > 0);
                if !enemy {
                    continue;
                }
                for count in 1..=mine {
                    out.push(Action::AttackFleets { from, to, count });
                }
            }
        }
        if storage.covers(STRUCTURE_ATTACK_COST) {
            for lance in self.active_structure(seat, Structure::Starlance) {
                for target in structure_attack_targets(&self.map, lance) {
                    // §8.D: "containing *any* structure", the striker's own included.
                    for p in &self.structures {
                        if p.space == target {
                            out.push(Action::AttackStructure {
                                target,
                                owner: p.owner,
                                structure: p.structure,
                            });
                        }
                    }
                }
            }
        }
    }

    /// The second origin of an Attack Fleets option (§8.D: up to two origins): another
    /// controlled sector with the player's fleets that reaches the same target; it pays the
    /// blue its own boundaries add (item 45).
    fn second_origins(
        &self,
        seat: Seat,
        storage: Resources,
        (target, first, b1): (Space, Space, u8),
        out: &mut Vec<Action>,
    ) {
        let blue = storage.get(Resource::Blue);
        for from in self.controlled_with_fleets(seat) {
            if from == first || from == target {
                continue;
            }
            let hg = self.has_active_at(seat, Structure::Hypergate, from);
            let Some((_, b)) = fleet_attack_targets(&self.map, from, hg)
                .into_iter()
                .find(|(s, _)| *s == target)
            else {
                continue;
            };
            if fleet_attack_cost(&[b1, b]) - fleet_attack_cost(&[b1]) > blue {
                continue;
            }
            for count in 1..=self.fleets_at(from, seat) {
                out.push(Action::AttackFleets {
                    from,
                    to: target,
                    count,
                });
            }
        }
    }

    pub(crate) fn turn_mut(&mut self) -> Option<&mut TurnState> {
        match &mut self.phase {
            Phase::Turn(t) => Some(t),
            _ => None,
        }
    }

    pub(crate) fn turn_step(&mut self, action: Action, events: &mut Events<Event>) {
        let Phase::Turn(t) = &self.phase else {
            return;
        };
        let seat = t.seat;
        match action {
            Action::Bonus(r) => {
                self.gain(seat, Resources::only(r, 1));
                events.emit(|| Event::BonusTaken { seat, resource: r });
                if let Some(t) = self.turn_mut()
                    && let TurnStage::Bonus { left } = &mut t.stage
                {
                    *left -= 1;
                    if *left == 0 {
                        t.stage = TurnStage::Main;
                    }
                }
            }
            Action::Main(a) => {
                // A main action is offered only when it can change something: the round
                // made progress in the sense of the no-progress end (item 15a).
                self.progress = true;
                if let Some(t) = self.turn_mut() {
                    t.main = Some(a);
                }
                self.start_act(seat, a, None, Resources::ZERO, events);
            }
            Action::Pass => {
                events.emit(|| Event::Passed { seat });
                self.go_to_claims(events);
            }
            Action::Module(p) => {
                let Some((a, cost)) = self
                    .turn_mut()
                    .map(|t| t.clone())
                    .and_then(|t| self.module_option(&t, p, &self.module_candidates(seat)))
                else {
                    return;
                };
                self.pay(seat, cost);
                if let Some(t) = self.turn_mut() {
                    t.module = Some(a);
                    t.in_module = true;
                }
                self.start_act(seat, a, Some(p), cost, events);
            }
            Action::NoModule => self.go_to_claims(events),
            Action::Claim { card, slot } => self.claim(seat, card, slot, events),
            Action::EndTurn => self.end_turn(events),
            other => self.act_step(seat, other, events),
        }
    }

    fn start_act(
        &mut self,
        seat: Seat,
        a: CoreAction,
        module: Option<Position>,
        paid: Resources,
        events: &mut Events<Event>,
    ) {
        if a == CoreAction::Attack {
            let red = self.abilities(seat).red_per_attack;
            self.gain(seat, Resources::only(Resource::Red, u16::from(red)));
        }
        events.emit(|| Event::ActionChosen {
            seat,
            action: a,
            module,
            paid,
        });
        let act = match a {
            CoreAction::Explore => Act::Explore {
                probes: Vec::new(),
                launched: false,
                hand: Vec::new(),
                chain: Vec::new(),
            },
            CoreAction::Move => Act::Move {
                boost: None,
                origins: Vec::new(),
                arrived: Vec::new(),
            },
            CoreAction::Build => Act::Build { options: OPTIONS },
            CoreAction::Attack => Act::Attack {
                options: OPTIONS,
                gather: None,
            },
        };
        if let Some(t) = self.turn_mut() {
            t.stage = TurnStage::Act(act);
        }
    }

    fn act_mut(&mut self) -> Option<&mut Act> {
        match &mut self.turn_mut()?.stage {
            TurnStage::Act(a) => Some(a),
            _ => None,
        }
    }

    fn act_step(&mut self, seat: Seat, action: Action, events: &mut Events<Event>) {
        match action {
            Action::Probe(s) => {
                let hg = self.has_active_at(seat, Structure::Hypergate, s);
                if let Some(Act::Explore { probes, .. }) = self.act_mut() {
                    probes.push(Probe {
                        origin: s,
                        hypergate: hg,
                    });
                }
            }
            Action::Launch(b) => {
                self.pay(seat, Resources::only(Resource::Green, u16::from(b)));
                if b > 0 {
                    events.emit(|| Event::Boosted {
                        seat,
                        resource: Resource::Green,
                        amount: b,
                    });
                }
                if let Some(Act::Explore { launched, .. }) = self.act_mut() {
                    *launched = true;
                }
                self.queue_sectors(2 + usize::from(b));
            }
            Action::Place {
                card,
                space,
                rotation,
            } => {
                self.place_card(seat, card, space, rotation, events);
                let mut empty = false;
                if let Some(t) = self.turn_mut() {
                    t.facts.sectors_explored += 1;
                    if let TurnStage::Act(Act::Explore { hand, chain, .. }) = &mut t.stage {
                        hand.retain(|c| *c != card);
                        chain.push(space);
                        empty = hand.is_empty();
                    }
                }
                if empty {
                    self.complete_explore(seat, events);
                }
            }
            Action::Boost(b) => {
                self.pay(seat, Resources::only(Resource::Blue, u16::from(b)));
                if b > 0 {
                    events.emit(|| Event::Boosted {
                        seat,
                        resource: Resource::Blue,
                        amount: b,
                    });
                }
                if let Some(Act::Move { boost, .. }) = self.act_mut() {
                    *boost = Some(b);
                }
            }
            Action::MoveFleets { from, to, count } => {
                let here = self.fleets_at(from, seat);
                if let Some(Act::Move {
                    origins, arrived, ..
                }) = self.act_mut()
                {
                    let moved = arrived.iter().find(|(a, _)| *a == from).map_or(0, |a| a.1);
                    match origins.iter_mut().find(|(o, _)| *o == from) {
                        Some((_, free)) => *free = free.saturating_sub(count),
                        None => {
                            origins.push((from, here.saturating_sub(moved).saturating_sub(count)))
                        }
                    }
                    match arrived.iter_mut().find(|(a, _)| *a == to) {
                        Some((_, n)) => *n = n.saturating_add(count),
                        None => arrived.push((to, count)),
                    }
                }
                self.set_fleets(from, seat, here - count.min(here));
                let there = self.fleets_at(to, seat);
                self.set_fleets(to, seat, there + count);
                self.recontrol(from);
                let control = self.recontrol(to);
                self.progress = true;
                events.emit(|| Event::Moved {
                    seat,
                    from,
                    to,
                    count,
                    control,
                });
            }
            Action::BuildFleets { home, outposts } => {
                let total = u16::from(home) + outposts.count_ones() as u16;
                self.pay(
                    seat,
                    Resources::only(Resource::Orange, total * FLEET_COST.get(Resource::Orange)),
                );
                let mut places: Vec<(Space, u8)> = Vec::new();
                if home > 0 {
                    places.push((self.homes[seat], home));
                }
                for (i, p) in self.outposts(seat).iter().enumerate() {
                    if outposts & (1 << i) != 0 {
                        places.push((p.space, 1));
                    }
                }
                for (space, n) in places {
                    let f = self.fleets_at(space, seat);
                    self.set_fleets(space, seat, f + n);
                    self.recontrol(space);
                    events.emit(|| Event::FleetsBuilt {
                        seat,
                        space,
                        count: n,
                    });
                }
                self.progress = true;
                self.use_option(events);
            }
            Action::BuildStructure { structure, space } => {
                let cost = self.structure_cost(seat, structure);
                self.pay(seat, cost);
                self.structures.push(Placed {
                    owner: seat,
                    structure,
                    space,
                    active: false,
                });
                self.progress = true;
                events.emit(|| Event::StructureBuilt {
                    seat,
                    structure,
                    space,
                    cost,
                });
                self.use_option(events);
            }
            Action::AttackFleets { from, to, count } => {
                let hg = self.has_active_at(seat, Structure::Hypergate, from);
                let boundaries = fleet_attack_targets(&self.map, from, hg)
                    .into_iter()
                    .find(|(s, _)| *s == to)
                    .map_or(1, |(_, b)| b);
                let first = match self.act_mut() {
                    Some(Act::Attack { gather, .. }) => *gather,
                    _ => None,
                };
                // The first origin pays its boundaries (at least 1); a second one pays what
                // its own boundaries add to the option's cost (item 45).
                let cost = match first {
                    None => fleet_attack_cost(&[boundaries]),
                    Some((_, _, b1)) => {
                        fleet_attack_cost(&[b1, boundaries]) - fleet_attack_cost(&[b1])
                    }
                };
                self.pay(seat, Resources::only(Resource::Blue, cost));
                if from != to {
                    let here = self.fleets_at(from, seat);
                    self.set_fleets(from, seat, here - count.min(here));
                    let there = self.fleets_at(to, seat);
                    self.set_fleets(to, seat, there + count);
                    self.recontrol(from);
                }
                let hypergate = boundaries > 1;
                if let Some(t) = self.turn_mut() {
                    if hypergate {
                        t.facts.hypergate_attacks += 1;
                    }
                    if let TurnStage::Act(Act::Attack { options, gather }) = &mut t.stage {
                        // The second origin leaves the gathered option for `engage`.
                        if first.is_none() {
                            *options -= 1;
                            *gather = Some((to, from, boundaries));
                        }
                    }
                }
                self.progress = true;
                events.emit(|| Event::Attacked {
                    seat,
                    from,
                    to,
                    count,
                    cost: cost as u8,
                    hypergate,
                });
                // Combat starts with the second origin, or at once when none could join.
                let mut second = Vec::new();
                if first.is_none() {
                    self.second_origins(
                        seat,
                        self.storage[seat],
                        (to, from, boundaries),
                        &mut second,
                    );
                }
                if second.is_empty() {
                    self.engage(seat, events);
                }
            }
            Action::Engage => self.engage(seat, events),
            Action::AttackStructure {
                target,
                owner,
                structure,
            } => {
                self.pay(seat, STRUCTURE_ATTACK_COST);
                if let Some(i) = self
                    .structures
                    .iter()
                    .position(|p| p.space == target && p.owner == owner && p.structure == structure)
                {
                    self.structures.remove(i);
                }
                if let Some(t) = self.turn_mut() {
                    t.facts.structures_destroyed += 1;
                }
                self.progress = true;
                events.emit(|| Event::StructureDestroyed {
                    seat,
                    target,
                    owner,
                    structure,
                });
                self.use_option(events);
            }
            Action::Done => {
                if let Some(Act::Explore { hand, .. }) = self.act_mut() {
                    let rest = std::mem::take(hand);
                    self.return_cards(seat, rest, events);
                    self.complete_explore(seat, events);
                } else {
                    self.finish_act(events);
                }
            }
            _ => {}
        }
    }

    /// Starts the combat of the Attack Fleets option being gathered.
    fn engage(&mut self, seat: Seat, events: &mut Events<Event>) {
        let mut target = None;
        if let Some(Act::Attack { gather, .. }) = self.act_mut() {
            target = gather.take().map(|(t, _, _)| t);
        }
        if let Some(t) = target {
            self.start_combat(t, seat, events);
        }
    }

    /// One Build or Attack option used; the action ends after the second.
    fn use_option(&mut self, events: &mut Events<Event>) {
        let mut done = false;
        if let Some(Act::Build { options } | Act::Attack { options, .. }) = self.act_mut() {
            *options = options.saturating_sub(1);
            done = *options == 0;
        }
        if done {
            self.finish_act(events);
        }
    }

    /// After a combat: back to the attack, which ends once both options are used.
    pub(crate) fn after_combat(&mut self, events: &mut Events<Event>) {
        if let Some(Act::Attack { options: 0, .. }) = self.act_mut() {
            self.finish_act(events);
        }
    }

    fn complete_explore(&mut self, seat: Seat, events: &mut Events<Event>) {
        if let Some(t) = grid_completion(seat, self.deck_left()) {
            self.end_game(t, events);
        } else {
            self.finish_act(events);
        }
    }

    /// The core action is over: on to the module choice (after a main action, when a module
    /// can be activated) or the claim.
    fn finish_act(&mut self, events: &mut Events<Event>) {
        let Some(t) = self.turn_mut().map(|t| t.clone()) else {
            return;
        };
        let candidates = if t.in_module {
            Vec::new()
        } else {
            self.module_candidates(t.seat)
        };
        if !t.in_module
            && Position::ALL
                .iter()
                .any(|p| self.module_option(&t, *p, &candidates).is_some())
        {
            if let Some(t) = self.turn_mut() {
                t.stage = TurnStage::Module;
            }
        } else {
            self.go_to_claims(events);
        }
    }

    pub(crate) fn end_turn(&mut self, events: &mut Events<Event>) {
        let Some(t) = self.turn_mut().map(|t| t.clone()) else {
            return;
        };
        if let Some(main) = t.main {
            self.marker[t.seat] = Some(marker_after(main, t.module));
        }
        let last = self.order.last() == Some(&t.seat);
        match t.seat.next_in(&self.order) {
            Some(next) if !last => self.begin_turn(next, events),
            _ => self.end_round(events),
        }
    }

    /// Keywords of a sector, for "won a battle in a … sector".
    pub(crate) fn battle_keywords(&self, space: Space) -> Vec<Keyword> {
        self.keywords_at(space).to_vec()
    }
}
