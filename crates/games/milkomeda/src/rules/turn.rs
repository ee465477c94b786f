//! Phase 2 as game steps (§7 phase 2, §8): income with the M-Brain bonus, the main action
//! (different from the marker unless an active M-Brain), the core action in progress, the
//! optional module action, the objective claim windows (`claims.rs`), the marker.
//!
//! The core actions run one step at a time; their listings and steps are beside their rules
//! (`explore.rs`, `movement.rs`, `structures.rs`, `attack.rs`), and this file only dispatches
//! on the action in progress and the step (`act_actions`, `turn_step`). A core action's step
//! takes that action's own data and the table and says what it leaves to the turn
//! (`ActNext`); only the turn moves the game to another phase.

use crate::action::{Action, Event};
use crate::rules::actions::{CoreAction, allowed_main_actions, marker_after, module_allowed};
use crate::rules::directives::{Position, candidate_intersections, matches_at};
use crate::rules::income::mbrain_bonus;
use crate::rules::map::{Intersection, Space};
use crate::rules::objectives::{Facts, Keyword};
use crate::rules::scoring::EndTrigger;
use crate::rules::structures::Structure;
use crate::state::{Act, Phase, Table, TurnStage, TurnState};
use crate::{Resource, Resources};
use gridwright_engine::{Events, Seat};

/// Options per Build or Attack action (§8.C, §8.D: "up to 2").
pub const OPTIONS: u8 = 2;

/// What a step of a core action leaves to the turn.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
#[must_use]
pub(crate) enum ActNext {
    /// The action goes on.
    Going,
    /// The action is over.
    Finished,
    /// A Build or Attack option is used (the action ends after the second).
    OptionUsed,
    /// The combat of an Attack Fleets option starts in this sector.
    Combat(Space),
    /// The game ends.
    GameOver(EndTrigger),
}

impl Table {
    pub(crate) fn abilities(&self, seat: Seat) -> crate::rules::civilizations::Abilities {
        self.rules.abilities(seat)
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
    pub(crate) fn begin_turn(&mut self, seat: Seat, events: &mut Events<Event>) -> Phase {
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
        Phase::Turn(Box::new(TurnState {
            seat,
            stage: if bonus > 0 {
                TurnStage::Bonus { left: bonus }
            } else {
                TurnStage::Main
            },
            main: None,
            module: None,
            facts: Default::default(),
            claimed: false,
        }))
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
        let module = self.rules.module(m);
        let main = t.main?;
        if !module_allowed(module.action, main) {
            return None;
        }
        let left = self.storage[seat].checked_sub(module.cost())?;
        // The pattern before the feasibility: both must hold, and a match is rare while
        // feasibility lists every option of the action.
        // (`matching_intersections` over candidates found once per caller.)
        let pattern = self.rules.directive(d).pattern;
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
            Act::Build { options } => options_then_done(*options, out, |out| {
                self.build_options(seat, storage, out);
            }),
            Act::Attack {
                gather: Some(gather),
                ..
            } => self.gather_actions(seat, *gather, storage, out),
            Act::Attack {
                options,
                gather: None,
            } => options_then_done(*options, out, |out| {
                self.attack_options(seat, storage, out);
            }),
        }
    }

    /// A step of `t`, the turn in progress: each (stage, action) pair goes to its rule (the
    /// core actions' steps are beside their rules); says which phase follows when the step
    /// leaves the turn.
    #[must_use]
    pub(crate) fn turn_step(
        &mut self,
        t: &mut TurnState,
        action: Action,
        events: &mut Events<Event>,
    ) -> Option<Phase> {
        let seat = t.seat;
        let next = match (&mut t.stage, action) {
            (TurnStage::Bonus { left }, Action::Bonus(r)) => {
                self.gain(seat, Resources::only(r, 1));
                events.emit(|| Event::BonusTaken { seat, resource: r });
                *left -= 1;
                if *left == 0 {
                    t.stage = TurnStage::Main;
                }
                return None;
            }
            (TurnStage::Main, Action::Main(a)) => {
                // A main action is offered only when it can change something: the round
                // made progress in the sense of the no-progress end (item 15a).
                self.progress = true;
                t.main = Some(a);
                self.start_act(t, a, None, Resources::ZERO, events);
                return None;
            }
            (TurnStage::Main, Action::Pass) => {
                events.emit(|| Event::Passed { seat });
                return self.go_to_claims(t, events);
            }
            (TurnStage::Module, Action::Module(p)) => {
                let Some((a, cost)) = self.module_option(t, p, &self.module_candidates(seat))
                else {
                    debug_assert!(false, "module {p} cannot be activated");
                    return None;
                };
                self.pay(seat, cost);
                t.module = Some(a);
                self.start_act(t, a, Some(p), cost, events);
                return None;
            }
            (TurnStage::Module, Action::NoModule) => return self.go_to_claims(t, events),
            (
                TurnStage::Main | TurnStage::Module | TurnStage::Claim,
                Action::Claim { card, slot },
            ) => {
                return self.claim(t, card, slot, events);
            }
            (TurnStage::Claim, Action::EndTurn) => return Some(self.end_turn(t, events)),
            (TurnStage::Act(Act::Explore { probes, .. }), Action::Probe(origin)) => {
                self.send_probe(seat, probes, origin)
            }
            (TurnStage::Act(Act::Explore { launched, .. }), Action::Launch(boost)) => {
                self.launch(seat, launched, boost, events)
            }
            (
                TurnStage::Act(Act::Explore { hand, chain, .. }),
                Action::Place {
                    card,
                    space,
                    rotation,
                },
            ) => {
                t.facts.sectors_explored += 1;
                self.explore_place(seat, hand, chain, (card, space, rotation), events)
            }
            (TurnStage::Act(Act::Explore { hand, .. }), Action::Done) => {
                self.explore_done(seat, hand, events)
            }
            (TurnStage::Act(Act::Move { boost: b, .. }), Action::Boost(boost)) => {
                self.logistic_boost(seat, b, boost, events)
            }
            (
                TurnStage::Act(Act::Move {
                    origins, arrived, ..
                }),
                Action::MoveFleets { from, to, count },
            ) => self.move_fleets(seat, origins, arrived, (from, to, count), events),
            (TurnStage::Act(Act::Build { .. }), Action::BuildFleets { home, outposts }) => {
                self.build_fleets(seat, home, outposts, events)
            }
            (TurnStage::Act(Act::Build { .. }), Action::BuildStructure { structure, space }) => {
                self.build_structure(seat, structure, space, events)
            }
            (
                TurnStage::Act(Act::Attack { options, gather }),
                Action::AttackFleets { from, to, count },
            ) => self.attack_fleets(
                seat,
                (options, gather),
                &mut t.facts,
                (from, to, count),
                events,
            ),
            (TurnStage::Act(Act::Attack { gather, .. }), Action::Engage) => Table::engage(gather),
            (
                TurnStage::Act(Act::Attack { .. }),
                Action::AttackStructure {
                    target,
                    owner,
                    structure,
                },
            ) => {
                t.facts.structures_destroyed += 1;
                self.attack_structure(seat, target, owner, structure, events)
            }
            (TurnStage::Act(_), Action::Done) => ActNext::Finished,
            (stage, action) => {
                debug_assert!(false, "illegal turn step {action:?} at {stage:?}");
                return None;
            }
        };
        self.after_act_step(t, next, events)
    }

    /// What follows a step of the core action in progress.
    #[must_use]
    pub(crate) fn after_act_step(
        &mut self,
        t: &mut TurnState,
        next: ActNext,
        events: &mut Events<Event>,
    ) -> Option<Phase> {
        match next {
            ActNext::Going => None,
            ActNext::Finished => self.finish_act(t, events),
            ActNext::OptionUsed => self.use_option(t, events),
            ActNext::Combat(sector) => Some(self.start_combat(t, sector, events)),
            ActNext::GameOver(trigger) => Some(self.end_game(trigger, events)),
        }
    }

    fn start_act(
        &mut self,
        t: &mut TurnState,
        a: CoreAction,
        module: Option<Position>,
        paid: Resources,
        events: &mut Events<Event>,
    ) {
        let seat = t.seat;
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
        t.stage = TurnStage::Act(match a {
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
        });
    }

    /// One Build or Attack option used; the action ends after the second.
    #[must_use]
    fn use_option(&mut self, t: &mut TurnState, events: &mut Events<Event>) -> Option<Phase> {
        let mut done = false;
        if let TurnStage::Act(Act::Build { options } | Act::Attack { options, .. }) = &mut t.stage {
            *options = options.saturating_sub(1);
            done = *options == 0;
        }
        if done {
            self.finish_act(t, events)
        } else {
            None
        }
    }

    /// The core action is over: on to the module choice (after a main action, when a module
    /// can be activated) or the claim.
    #[must_use]
    pub(crate) fn finish_act(
        &mut self,
        t: &mut TurnState,
        events: &mut Events<Event>,
    ) -> Option<Phase> {
        if !t.in_module() {
            let candidates = self.module_candidates(t.seat);
            if Position::ALL
                .iter()
                .any(|p| self.module_option(t, *p, &candidates).is_some())
            {
                t.stage = TurnStage::Module;
                return None;
            }
        }
        self.go_to_claims(t, events)
    }

    pub(crate) fn end_turn(&mut self, t: &TurnState, events: &mut Events<Event>) -> Phase {
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

/// A Build or an Attack with `options` left (§8.C, §8.D): what `each` lists while an option is
/// left, then `done`.
fn options_then_done(options: u8, out: &mut Vec<Action>, each: impl FnOnce(&mut Vec<Action>)) {
    if options > 0 {
        each(out);
    }
    out.push(Action::Done);
}
