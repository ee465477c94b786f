//! Phase 2 as game steps (§7 phase 2, §8): income with the M-Brain bonus, the main action
//! (different from the marker unless an active M-Brain), the core action in progress, the
//! optional module action, the objective claim windows (`claims.rs`), the marker.
//!
//! The core actions run one step at a time; their listings and steps are beside their rules
//! (`explore.rs`, `movement.rs`, `structures.rs`, `attack.rs`), and this file only dispatches
//! on the action in progress and the step (`act_actions`, `act_step`).

use crate::action::{Action, Event};
use crate::rules::actions::{CoreAction, allowed_main_actions, marker_after, module_allowed};
use crate::rules::directives::{Position, candidate_intersections, matches_at};
use crate::rules::income::mbrain_bonus;
use crate::rules::map::{Intersection, Space};
use crate::rules::objectives::{Facts, Keyword};
use crate::rules::structures::Structure;
use crate::state::{Act, Milkomeda, Phase, TurnStage, TurnState};
use crate::{Resource, Resources};
use gridwright_engine::{Events, Seat};

/// Options per Build or Attack action (§8.C, §8.D: "up to 2").
pub const OPTIONS: u8 = 2;

impl Milkomeda {
    pub(crate) fn abilities(&self, seat: Seat) -> crate::rules::civilizations::Abilities {
        self.config.seats[seat.index()].abilities
    }

    fn explored_spaces(&self) -> Vec<Space> {
        self.map.tiles().map(|(s, _)| s).collect()
    }

    /// The sectors `seat` controls with its fleets in them (where probes, moves and attacks
    /// start).
    pub(crate) fn controlled_with_fleets(&self, seat: Seat) -> Vec<Space> {
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

    /// The steps of a core action in progress, for `seat` with `storage`; each action's
    /// listing is beside its rule.
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
                launched: false,
                ..
            } => self.probe_actions(seat, probes, storage, out),
            Act::Explore {
                probes,
                hand,
                chain,
                ..
            } => self.placement_actions(probes, hand, chain, storage.get(Resource::Green), out),
            Act::Move { boost: None, .. } => self.move_boost_actions(storage, out),
            Act::Move {
                boost: Some(boost),
                origins,
                arrived,
            } => self.move_fleet_actions(seat, *boost, origins, arrived, out),
            Act::Build { options } => self.build_actions(seat, *options, storage, out),
            Act::Attack {
                gather: Some(gather),
                ..
            } => self.gather_actions(seat, *gather, storage, out),
            Act::Attack {
                options,
                gather: None,
            } => self.attack_actions(seat, *options, storage, out),
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

    pub(crate) fn act_mut(&mut self) -> Option<&mut Act> {
        match &mut self.turn_mut()?.stage {
            TurnStage::Act(a) => Some(a),
            _ => None,
        }
    }

    /// A step of the core action in progress; each action's step is beside its rule.
    fn act_step(&mut self, seat: Seat, action: Action, events: &mut Events<Event>) {
        use CoreAction::{Attack, Build, Explore, Move};
        let Some(kind) = self.act_mut().map(|a| a.kind()) else {
            return;
        };
        match (kind, action) {
            (Explore, Action::Probe(origin)) => self.send_probe(seat, origin),
            (Explore, Action::Launch(boost)) => self.launch(seat, boost, events),
            (
                Explore,
                Action::Place {
                    card,
                    space,
                    rotation,
                },
            ) => self.explore_place(seat, card, space, rotation, events),
            (Explore, Action::Done) => self.explore_done(seat, events),
            (Move, Action::Boost(boost)) => self.logistic_boost(seat, boost, events),
            (Move, Action::MoveFleets { from, to, count }) => {
                self.move_fleets(seat, from, to, count, events)
            }
            (Build, Action::BuildFleets { home, outposts }) => {
                self.build_fleets(seat, home, outposts, events)
            }
            (Build, Action::BuildStructure { structure, space }) => {
                self.build_structure(seat, structure, space, events)
            }
            (Attack, Action::AttackFleets { from, to, count }) => {
                self.attack_fleets(seat, from, to, count, events)
            }
            (Attack, Action::Engage) => self.engage(seat, events),
            (
                Attack,
                Action::AttackStructure {
                    target,
                    owner,
                    structure,
                },
            ) => self.attack_structure(seat, target, owner, structure, events),
            (_, Action::Done) => self.finish_act(events),
            _ => {}
        }
    }

    /// One Build or Attack option used; the action ends after the second.
    pub(crate) fn use_option(&mut self, events: &mut Events<Event>) {
        let mut done = false;
        if let Some(Act::Build { options } | Act::Attack { options, .. }) = self.act_mut() {
            *options = options.saturating_sub(1);
            done = *options == 0;
        }
        if done {
            self.finish_act(events);
        }
    }

    /// The core action is over: on to the module choice (after a main action, when a module
    /// can be activated) or the claim.
    pub(crate) fn finish_act(&mut self, events: &mut Events<Event>) {
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
