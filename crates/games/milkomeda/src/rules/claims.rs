//! Objective claims during a turn (§7 phase 2 step 7, §11.1; docs/rules/milkomeda.md item 64):
//! the three claim windows, at most one claim per turn.
//!
//! A player may claim a slot whose condition it meets
//! - when choosing its main action (after the income, before it is spent),
//! - after the main action, while choosing whether to activate a module (so a condition the
//!   main action met and the module would spend can still be claimed), and
//! - at the end of the turn, after the module.
//!
//! A claim in one of the first two windows leaves the turn going on; one at the end ends it.

use crate::action::{Action, Event};
use crate::rules::objectives::meets;
use crate::rules::scoring::EndTrigger;
use crate::state::{Phase, Table, TurnStage, TurnState};
use crate::{Resource, Resources};
use gridwright_engine::Events;

/// Whether a claim made at `stage` leaves the turn going on (the windows before the end).
pub(crate) fn claim_keeps_turn(stage: &TurnStage) -> bool {
    matches!(stage, TurnStage::Main | TurnStage::Module)
}

impl Table {
    /// The claims `t`'s player may make now, when its turn has no claim yet (the window is
    /// open at `t`'s stage: the caller lists it only at the main action, module and claim
    /// stages).
    pub(crate) fn claim_window(&self, t: &TurnState, out: &mut Vec<Action>) {
        if !t.claimed {
            self.claims_open(t, out);
        }
    }

    /// Every slot `t`'s player meets and may claim (§11.1: one slot per card per player).
    fn claims_open(&self, t: &TurnState, out: &mut Vec<Action>) {
        let facts = self.facts(t);
        for (ci, (card, id)) in self.claims.cards().iter().zip(&self.row).enumerate() {
            if card.held_by(t.seat) {
                continue;
            }
            let def = self.rules.objective(*id);
            for (k, (_, holder)) in card.slots().enumerate() {
                if holder.is_none()
                    && def
                        .thresholds
                        .get(k)
                        .is_some_and(|th| meets(def.objective, *th, &facts))
                {
                    out.push(Action::Claim {
                        card: ci as u8,
                        slot: k as u8,
                    });
                }
            }
        }
    }

    /// `seat` claims slot `slot` of card `card`: its VP are held, the Helix Cultivators gain
    /// their green, and a claim that leaves no available slot ends the game (item 15).
    #[must_use]
    pub(crate) fn claim(
        &mut self,
        t: &mut TurnState,
        card: u8,
        slot: u8,
        events: &mut Events<Event>,
    ) -> Option<Phase> {
        let seat = t.seat;
        if self
            .claims
            .claim(seat, usize::from(card), usize::from(slot))
            .is_err()
        {
            debug_assert!(false, "{seat} cannot claim slot {slot} of card {card}");
            return None;
        }
        let points = self
            .claims
            .cards()
            .get(usize::from(card))
            .and_then(|c| c.slots().nth(usize::from(slot)))
            .map_or(0, |(p, _)| p);
        self.progress = true;
        let green = self.abilities(seat).green_per_claim;
        self.gain(seat, Resources::only(Resource::Green, u16::from(green)));
        events.emit(|| Event::Claimed {
            seat,
            card,
            slot,
            points,
        });
        if self.claims.exhausted(self.seats()) {
            return Some(self.end_game(EndTrigger::ObjectivesCompleted { by: seat }, events));
        }
        t.claimed = true;
        if claim_keeps_turn(&t.stage) {
            None
        } else {
            Some(self.end_turn(t, events))
        }
    }

    /// To the end-of-turn claim window, or straight to the end of the turn when nothing can
    /// be claimed.
    #[must_use]
    pub(crate) fn go_to_claims(
        &mut self,
        t: &mut TurnState,
        events: &mut Events<Event>,
    ) -> Option<Phase> {
        let mut v = Vec::new();
        self.claim_window(t, &mut v);
        if v.is_empty() {
            Some(self.end_turn(t, events))
        } else {
            t.stage = TurnStage::Claim;
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::action::{Action, Event};
    use crate::rules::objectives::Objective;
    use crate::rules::steps_tests::{act, random_games};
    use crate::state::{Milkomeda, Phase, TurnStage};
    use gridwright_engine::Game;

    /// §7 phase 2 step 7, §11.1 (item 64): after the main action, while the module is still
    /// to choose, the player may claim a condition the main action left met and the module
    /// would spend; the module then stays on offer, and the turn has no second claim.
    ///
    /// Checked on the module choices of random games: the first row card is made to measure
    /// the module's cost resource, its first slot needing exactly what the player stores.
    #[test]
    fn a_claim_may_come_after_the_main_action_before_the_module_that_would_spend_it() {
        let mut positions: Vec<(Milkomeda, Action)> = Vec::new();
        for scenario in ["duel", "three", "four"] {
            random_games(scenario, 0..30, |before, seat, _, _, _| {
                let Phase::Turn(t) = &before.phase else {
                    return;
                };
                if t.stage != TurnStage::Module || t.claimed || positions.len() >= 200 {
                    return;
                }
                let module = before
                    .legal_actions_vec(seat)
                    .into_iter()
                    .find(|a| matches!(a, Action::Module(_)));
                if let Some(m) = module {
                    positions.push((before.clone(), m));
                }
            });
        }
        let mut checked = 0;
        let positions_len = positions.len();
        for (mut g, module) in positions {
            let Phase::Turn(t) = &g.phase else { panic!() };
            let seat = t.seat;
            let Action::Module(p) = module else { panic!() };
            let (_, m) = g.table.slots[usize::from(p.number() - 1)];
            let card = g.table.rules.module(m.unwrap()).clone();
            // The first row card measures the module's resource; its first slot needs
            // exactly what the player has, so paying the module breaks it.
            let have = u32::from(g.storage(seat).get(card.resource));
            let mut rules = (*g.table.rules).clone();
            let def = &mut rules.config.objectives[g.table.row[0].index()];
            def.objective = Objective::Stored(card.resource);
            def.thresholds[0] = have;
            g.table.rules = std::sync::Arc::new(rules);
            if g.table.claims.cards()[0]
                .slots()
                .next()
                .unwrap()
                .1
                .is_some()
                || g.table.claims.cards()[0].held_by(seat)
            {
                continue;
            }
            let claim = Action::Claim { card: 0, slot: 0 };
            checked += 1;

            // Without the claim, the module spends the condition away.
            let mut without = g.clone();
            act(&mut without, seat, module);
            assert!(u32::from(without.storage(seat).get(card.resource)) < have);

            let legal = g.legal_actions_vec(seat);
            assert!(legal.contains(&claim), "claim offered: {legal:?}");
            assert!(legal.contains(&module) && legal.contains(&Action::NoModule));
            let ev = act(&mut g, seat, claim);
            assert!(ev.iter().any(|e| matches!(e, Event::Claimed { .. })));
            let Phase::Turn(t) = &g.phase else { panic!() };
            assert_eq!((t.seat, &t.stage), (seat, &TurnStage::Module));
            let legal = g.legal_actions_vec(seat);
            assert!(legal.contains(&module), "the module stays on offer");
            assert!(
                !legal.iter().any(|a| matches!(a, Action::Claim { .. })),
                "one claim per turn: {legal:?}"
            );
            // No module: the turn ends without a claim window.
            act(&mut g, seat, Action::NoModule);
            if let Phase::Turn(t) = &g.phase {
                assert!(t.seat != seat || t.stage != TurnStage::Claim);
            }
        }
        assert!(
            checked > 0,
            "random games offer modules ({} positions)",
            positions_len
        );
    }
}
