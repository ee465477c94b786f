//! The event log as an audit trail ([`EventFold`]): folding the events a viewer was shown into
//! the starting observation gives that viewer's observation after every step. The vocabulary
//! (which event changes what) is listed in `docs/rules/command-core.md`, "Event log".
//!
//! Where the game stands (phase, seats to act, attack and crit in progress) is logged by
//! [`Event::Next`] after every step that changes it; everything else follows from the events
//! about mechs. The only derived value is each side's total structure, summed from the folded
//! mechs.

use crate::action::{Card, CardSet, MechId, Program};
use crate::event::Event;
use crate::observe::{MechView, Observation};
use crate::state::CommandCore;
use gridwright_engine::{EventFold, Viewer};

/// The folded view of mech `id`.
fn mech(seen: &mut Observation, id: MechId) -> Option<&mut MechView> {
    seen.mechs.get_mut(id.index())
}

/// Whether the mech is on the board.
fn live(m: &MechView) -> bool {
    m.deployed && !m.destroyed
}

/// A seat's next mech to program, shown to that seat with an empty program being built: its
/// lowest-numbered live mech not yet sealed.
fn open_draft(seen: &mut Observation, viewer: Viewer) {
    let Viewer::Seat(seat) = viewer else {
        return;
    };
    if let Some(m) = seen
        .mechs
        .iter_mut()
        .find(|m| m.owner == seat && live(m) && !m.committed)
    {
        m.program = Some(Program::EMPTY);
        m.draft_cards = Some(0);
        m.draft_slots = Some(0);
    }
}

impl EventFold for CommandCore {
    fn fold_event(_start: &Self, viewer: Viewer, seen: &mut Observation, event: &Event) {
        match event {
            Event::ChooserDrawn { .. }
            | Event::PlacementOrder { .. }
            | Event::Passed { .. }
            | Event::Held { .. }
            | Event::Stopped { .. }
            | Event::SelfDamageRolled { .. }
            | Event::CombatStarted
            | Event::NoTarget { .. }
            | Event::HeldFire { .. }
            | Event::Aimed { .. }
            | Event::AttackRolled { .. }
            | Event::DefenceRolled { .. }
            | Event::Rerolled { .. }
            | Event::Cancelled { .. }
            | Event::CardsRevealed { .. }
            | Event::GameOver { .. } => {}
            Event::Next {
                phase,
                to_act,
                attack,
                crit,
            } => {
                seen.phase = *phase;
                seen.to_act.clone_from(to_act);
                seen.attack.clone_from(attack);
                seen.crit.clone_from(crit);
            }
            Event::RoundStarted { round, .. } => {
                seen.round = *round;
                for m in &mut seen.mechs {
                    m.order = None;
                    m.committed = false;
                    m.committed_cards = None;
                    m.draft_cards = None;
                    m.draft_slots = None;
                    m.program = None;
                    m.revealed = false;
                    m.executed = false;
                }
            }
            Event::ProgrammingStarted => open_draft(seen, viewer),
            Event::Committed { mech: id, program } => {
                if let Some(m) = mech(seen, *id) {
                    m.committed = true;
                    m.committed_cards = Some(program.cards() as u8);
                    m.program = Some(*program);
                    m.draft_cards = None;
                    m.draft_slots = None;
                }
                open_draft(seen, viewer);
            }
            Event::ExecutionStarted { programs } => {
                for p in programs {
                    if let Some(m) = mech(seen, p.mech) {
                        m.committed = true;
                        m.committed_cards = Some(p.cards);
                        m.draft_cards = None;
                        m.draft_slots = None;
                    }
                }
            }
            Event::PutBack { .. } => {
                // The attacker spent a targeting token; the crit's own state is in `next`.
                if let Some(a) = seen.crit.as_ref().and_then(|c| c.attacker) {
                    if let Some(m) = mech(seen, a) {
                        m.tokens = m.tokens.saturating_sub(1);
                    }
                }
            }
            Event::Cleanup { .. } => {
                for m in &mut seen.mechs {
                    m.flux = m.surge;
                    m.surge = 0;
                }
            }
            Event::Deployed { mech: id, .. }
            | Event::Assigned { mech: id, .. }
            | Event::Programmed { mech: id, .. }
            | Event::Revealed { mech: id, .. }
            | Event::Filled { mech: id, .. }
            | Event::Moved { mech: id, .. }
            | Event::Turned { mech: id, .. }
            | Event::Targeted { mech: id }
            | Event::Delta { mech: id, .. }
            | Event::Fired { mech: id, .. }
            | Event::PickedUp { mech: id, .. }
            | Event::Damaged { mech: id, .. }
            | Event::Destroyed { mech: id }
            | Event::Depleted { mech: id, .. } => {
                if let Some(m) = mech(seen, *id) {
                    fold_mech(m, event);
                }
            }
        }
        // Each side's total: the structure of its mechs on the board.
        for side in &mut seen.sides {
            side.structure = seen
                .mechs
                .iter()
                .filter(|m| m.owner == side.seat && live(m))
                .map(|m| u32::from(m.structure))
                .sum();
        }
    }
}

/// An event about one mech (those of `fold_event`'s last arm), folded into its view.
fn fold_mech(m: &mut MechView, event: &Event) {
    match event {
        Event::Deployed { at, facing, .. } => {
            m.deployed = true;
            m.at = Some(*at);
            m.facing = Some(*facing);
        }
        Event::Assigned { number, .. } => m.order = Some(*number),
        Event::Programmed { slot, card, .. } => {
            let mut p = m.program.unwrap_or(Program::EMPTY);
            if let Some(c) = card {
                p = p.with_slot(usize::from(*slot), c.card, c.flipped);
                m.draft_cards = Some(m.draft_cards.unwrap_or(0) + 1);
            }
            m.program = Some(p);
            m.draft_slots = Some(slot + 1);
        }
        Event::Revealed { program, .. } => {
            m.revealed = true;
            m.program = Some(*program);
        }
        Event::Filled { slot, card, .. } => {
            let p = m.program.unwrap_or(Program::EMPTY);
            m.program = Some(p.with_slot(usize::from(*slot), card.card, card.flipped));
            m.committed_cards = m.committed_cards.map(|n| n + 1);
        }
        Event::Moved { to, .. } => m.at = Some(*to),
        Event::Turned { facing, .. } => m.facing = Some(*facing),
        Event::Targeted { .. } => m.tokens = m.tokens.saturating_add(1),
        Event::Delta { settlement, .. } => {
            m.executed = true;
            settle(m, settlement);
        }
        Event::Fired { settlement, .. } => settle(m, settlement),
        Event::PickedUp { pool, .. } => {
            if *pool == crate::Pool::Armour {
                m.flux = m.flux.saturating_sub(1);
            } else {
                m.surge = m.surge.saturating_sub(1);
            }
        }
        Event::Damaged { structure, .. } => m.structure = *structure,
        Event::Destroyed { .. } => {
            m.destroyed = true;
            m.at = None;
            m.facing = None;
        }
        Event::Depleted { card, .. } => {
            m.depleted = CardSet(m.depleted.0 | card.bit());
            if let Card::Weapon(w) = card {
                if let Some(wv) = m.weapons.get_mut(usize::from(*w)) {
                    wv.depleted = true;
                }
            }
        }
        // Every other event concerns no single mech: `fold_event` folds it.
        _ => {}
    }
}

/// A delta settled: Surge gained, or Flux then Surge paid.
fn settle(m: &mut MechView, s: &crate::Settlement) {
    m.surge = m.surge.saturating_add(s.gained).saturating_sub(s.surge);
    m.flux = m.flux.saturating_sub(s.flux);
}
