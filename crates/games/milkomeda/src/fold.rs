//! The audit log (issue 20, "logs that let anyone audit a game"): every change of a number or
//! a place a viewer can see is an event, so folding the events a viewer was shown into the
//! observation of the game's start gives that viewer's observation after every step
//! ([`EventFold`], checked by `gridwright_engine::testing::check_event_fold` on every shipped
//! scenario). docs/rules/milkomeda.md, "Event log", lists the vocabulary.
//!
//! Most events say what happened (a card placed, fleets moved, a claim). Four more give the
//! levels a step left, so no change goes unlogged however it came about: [`Event::Storage`]
//! (a seat's storage), [`Event::Sector`] (a sector's fleets and control), [`Event::Marker`]
//! and [`Event::Stage`] (the round, order and phase as the table sees them). They are emitted
//! by [`Snapshot`] after each step, only while events are recorded, so simulations pay
//! nothing for them.

use crate::Resources;
use crate::action::Event;
use crate::config::{DirectiveId, ModuleId, SectorId};
use crate::observe::{CombatView, ObjectiveView, Observation, OrdersView, TileView, TurnView};
use crate::rules::actions::CoreAction;
use crate::rules::map::{SectorRef, Space};
use crate::rules::orders::OrderCard;
use crate::state::{Milkomeda, Phase};
use gridwright_engine::{EventFold, Events, PerSeat, Seat, Viewer};
use serde::{Deserialize, Serialize};

/// The public part of where the game stands: the round, the turn order and the phase's view
/// (setup, phase 1, the turn, the combat), as a spectator sees it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct StageView {
    /// Round (0 during setup).
    pub round: u32,
    /// This round's turn order.
    pub order: Vec<Seat>,
    /// This round's order cards, once revealed.
    pub cards: Option<Vec<OrderCard>>,
    /// Setup: whose starting exploration, and its drawn cards.
    pub setup: Option<(Seat, Vec<SectorId>)>,
    /// Phase 1 (the Master's drawn cards left out).
    pub orders: Option<OrdersView>,
    /// The current turn.
    pub turn: Option<TurnView>,
    /// The combat (sealed choices left out).
    pub combat: Option<CombatView>,
}

fn stage_view(g: &Milkomeda) -> StageView {
    let o = crate::observe::observe(g, Viewer::Spectator);
    StageView {
        round: o.round,
        order: o.order,
        cards: o.cards,
        setup: o.setup,
        orders: o.orders,
        turn: o.turn,
        combat: o.combat,
    }
}

fn own_sealed(g: &Milkomeda, seat: Seat) -> Option<[u8; 5]> {
    match &g.phase {
        Phase::Combat(c) => c
            .stage
            .sealing()
            .and_then(|sealed| sealed.get(seat))
            .map(|x| x.counts),
        _ => None,
    }
}

/// What a step may change that its own events do not always say: taken before the step, it
/// emits the levels that changed after it.
pub(crate) struct Snapshot {
    storage: PerSeat<Resources>,
    fleets: Vec<[u8; 4]>,
    control: Vec<Option<Seat>>,
    markers: PerSeat<Option<CoreAction>>,
    slots: [(Option<DirectiveId>, Option<ModuleId>); 4],
    stage: StageView,
    sealed: Vec<Option<[u8; 5]>>,
}

impl Snapshot {
    pub(crate) fn of(g: &Milkomeda) -> Snapshot {
        Snapshot {
            storage: g.table.storage.clone(),
            fleets: g.table.fleets.clone(),
            control: g.table.control.clone(),
            markers: g.table.marker.clone(),
            slots: g.table.slots,
            stage: stage_view(g),
            sealed: Seat::all(g.table.seats())
                .map(|s| own_sealed(g, s))
                .collect(),
        }
    }

    /// Emits an event for every level that differs in `g` from the snapshot.
    pub(crate) fn emit_changes(self, g: &Milkomeda, events: &mut Events<Event>) {
        for seat in Seat::all(g.table.seats()) {
            if g.table.storage[seat] != self.storage[seat] {
                let storage = g.table.storage[seat];
                events.emit(|| Event::Storage { seat, storage });
            }
        }
        let width = usize::from(g.table.map.size().width());
        for (i, (f, c)) in g.table.fleets.iter().zip(&g.table.control).enumerate() {
            if self.fleets.get(i) == Some(f) && self.control.get(i) == Some(c) {
                continue;
            }
            let Ok(space) = Space::try_from(((i % width) as u8, (i / width) as u8)) else {
                continue;
            };
            let fleets = f[..g.table.seats()].to_vec();
            let control = *c;
            events.emit(|| Event::Sector {
                space,
                fleets,
                control,
            });
        }
        for seat in Seat::all(g.table.seats()) {
            if g.table.marker[seat] != self.markers[seat] {
                let action = g.table.marker[seat];
                events.emit(|| Event::Marker { seat, action });
            }
        }
        for (position, (now, was)) in crate::rules::directives::Position::ALL
            .into_iter()
            .zip(g.table.slots.iter().zip(&self.slots))
        {
            let directives = (now.0.map(|c| c.0), was.0.map(|c| c.0));
            let modules = (now.1.map(|c| c.0), was.1.map(|c| c.0));
            for (directive, (now, was)) in [(true, directives), (false, modules)] {
                if let (None, Some(card)) = (now, was) {
                    events.emit(|| Event::SlotDiscarded {
                        position,
                        directive,
                        card,
                    });
                }
            }
        }
        let stage = stage_view(g);
        let staged = stage != self.stage;
        if staged {
            events.emit(|| Event::Stage(Box::new(stage)));
        }
        for seat in Seat::all(g.table.seats()) {
            let counts = own_sealed(g, seat);
            if self.sealed.get(seat.index()) != Some(&counts) || (staged && counts.is_some()) {
                events.emit(|| Event::OwnSealed { seat, counts });
            }
        }
    }
}

impl EventFold for Milkomeda {
    fn fold_event(start: &Self, viewer: Viewer, seen: &mut Observation, event: &Event) {
        match event {
            Event::ObjectiveRevealed { card } => {
                let def = start.table.rules.objective(*card);
                seen.objectives.push(ObjectiveView {
                    card: *card,
                    // One threshold per slot (`Config::check`).
                    slots: def
                        .thresholds
                        .iter()
                        .zip(&def.points)
                        .map(|(th, p)| (*th, *p, None))
                        .collect(),
                });
            }
            Event::Claimed {
                seat, card, slot, ..
            } => {
                if let Some(s) = seen
                    .objectives
                    .get_mut(usize::from(*card))
                    .and_then(|c| c.slots.get_mut(usize::from(*slot)))
                {
                    s.2 = Some(*seat);
                }
            }
            Event::SlotFilled {
                position,
                directive,
                card,
            } => {
                if let Some(p) = seen.positions.iter_mut().find(|p| p.0 == *position) {
                    if *directive {
                        p.1 = card.map(DirectiveId);
                    } else {
                        p.2 = card.map(ModuleId);
                    }
                }
            }
            Event::SlotDiscarded {
                position,
                directive,
                ..
            } => {
                if let Some(p) = seen.positions.iter_mut().find(|p| p.0 == *position) {
                    if *directive {
                        p.1 = None;
                    } else {
                        p.2 = None;
                    }
                }
            }
            Event::SectorDrawn { .. }
            | Event::SectorsReturned { .. }
            | Event::SectorPlaced { .. }
            | Event::Sector { .. }
            | Event::Storage { .. }
            | Event::Marker { .. }
            | Event::TurnStarted { .. }
            | Event::StructureBuilt { .. }
            | Event::StructureDestroyed { .. } => fold_table(start, seen, event),
            Event::MasterDrew { cards, .. } => {
                if let Some(o) = &mut seen.orders {
                    o.drawn.clone_from(cards);
                }
            }
            Event::Stage(v) => {
                let v = v.as_ref().clone();
                seen.round = v.round;
                seen.order = v.order;
                seen.cards = v.cards;
                seen.setup = v.setup;
                seen.orders = v.orders;
                seen.turn = v.turn;
                seen.combat = v.combat;
            }
            Event::Rolled { seat, faces, hits } => {
                if let Some(c) = &mut seen.combat {
                    if let Some(f) = c.faces.get_mut(seat.index()) {
                        f.clone_from(faces);
                    }
                    if let Some(h) = c.hits.get_mut(seat.index()) {
                        *h = *hits;
                    }
                }
            }
            Event::OwnSealed { seat, counts } if viewer.sees_secrets_of(*seat) => {
                if let Some(c) = &mut seen.combat {
                    c.own_sealed = *counts;
                }
            }
            Event::GameEnded { trigger, scores } => {
                seen.ended = Some(*trigger);
                seen.scores = Some(scores.clone());
            }
            _ => {}
        }
    }
}

/// The events that change the table: the sector deck, the tiles with their fleets and
/// control, the storages, the markers and the structures.
fn fold_table(start: &Milkomeda, seen: &mut Observation, event: &Event) {
    match event {
        Event::SectorDrawn { .. } => seen.deck_left = seen.deck_left.saturating_sub(1),
        Event::SectorsReturned { cards, .. } => seen.deck_left += cards.len(),
        Event::SectorPlaced {
            card,
            space,
            rotation,
            ..
        } => {
            let tile = TileView {
                space: *space,
                sector: SectorRef::Card(*card),
                rotation: *rotation,
                control: None,
                fleets: vec![0; start.table.seats()],
            };
            // Tiles are listed row by row from the top left, as the map lists them.
            let key = |s: Space| (s.row(), s.col());
            let at = seen
                .tiles
                .iter()
                .position(|t| key(t.space) > key(*space))
                .unwrap_or(seen.tiles.len());
            seen.tiles.insert(at, tile);
        }
        Event::Sector {
            space,
            fleets,
            control,
        } => {
            if let Some(t) = seen.tiles.iter_mut().find(|t| t.space == *space) {
                t.fleets.clone_from(fleets);
                t.control = *control;
            }
        }
        Event::Storage { seat, storage } => {
            if let Some(s) = seen.storage.get_mut(seat.index()) {
                *s = *storage;
            }
        }
        Event::Marker { seat, action } => {
            if let Some(m) = seen.markers.get_mut(seat.index()) {
                *m = *action;
            }
        }
        Event::TurnStarted { seat, .. } => {
            // Structures built on the seat's last turn are active from now (§8.C).
            for p in seen.structures.iter_mut().filter(|p| p.owner == *seat) {
                p.active = true;
            }
        }
        Event::StructureBuilt {
            seat,
            structure,
            space,
            ..
        } => seen.structures.push(crate::state::Placed {
            owner: *seat,
            structure: *structure,
            space: *space,
            active: false,
        }),
        Event::StructureDestroyed {
            target,
            owner,
            structure,
            ..
        } => {
            if let Some(i) = seen
                .structures
                .iter()
                .position(|p| p.space == *target && p.owner == *owner && p.structure == *structure)
            {
                seen.structures.remove(i);
            }
        }
        _ => {}
    }
}
