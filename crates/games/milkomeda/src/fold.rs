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
use crate::observe::{
    CardTo, CombatStep, CombatView, FleetsAt, ObjectiveView, Observation, OrdersView, SetupView,
    SlotView, TileView, TurnStep, TurnView,
};
use crate::rules::actions::CoreAction;
use crate::rules::bribes::{Offer, Transfer};
use crate::rules::map::{SectorRef, Space};
use crate::rules::orders::OrderCard;
use crate::rules::refresh::RefreshChoice;
use crate::state::{Milkomeda, OrderStage, Phase, Table};
use gridwright_engine::{EventFold, Events, PerSeat, Seat, Viewer};
use serde::{Deserialize, Serialize};

/// The public part of where the game stands: the round, the turn order and the phase
/// (setup, phase 1, the turn, the combat), as a spectator sees it, in the log's own words
/// ([`Event::Stage`]). The log keeps this shape so recorded games replay to the same log;
/// the observation's typed views are read from it (`StageView::views`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
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
    pub orders: Option<OrdersRecord>,
    /// The current turn.
    pub turn: Option<TurnRecord>,
    /// The combat (sealed choices left out).
    pub combat: Option<CombatRecord>,
}

/// Phase 1 in the log ([`OrdersView`] with its step as text).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct OrdersRecord {
    /// The Master of the Order.
    pub master: Seat,
    /// `propose`, `offers 1 P2`, `refresh` or `give`.
    pub stage: String,
    /// The open offers.
    pub offers: Vec<Offer>,
    /// The bribes transferred this round.
    pub transfers: Vec<Transfer>,
    /// The bribe being built.
    pub bribe: Resources,
    /// The refresh chosen so far.
    pub refresh: Option<RefreshChoice>,
    /// Cards given so far.
    pub given: Vec<(Seat, OrderCard)>,
    /// The Master's proposed distribution.
    pub proposal: Vec<(Seat, OrderCard)>,
    /// The cards the Master drew and revealed.
    pub drawn: Vec<OrderCard>,
    /// How many numbered cards lie face down.
    pub face_down: usize,
}

/// The turn in the log ([`TurnView`] flat, its step as text).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct TurnRecord {
    /// Whose turn.
    pub seat: Seat,
    /// Its stage (`bonus 2`, `main`, `explore`, `module`, `claim`).
    pub stage: String,
    /// Main action taken.
    pub main: Option<CoreAction>,
    /// Module action taken.
    pub module: Option<CoreAction>,
    /// Drawn sector cards not placed yet.
    pub hand: Vec<SectorId>,
    /// Probe origins.
    pub probes: Vec<Space>,
    /// Spaces placed this explore.
    pub chain: Vec<Space>,
    /// Move: blue spent.
    pub boost: Option<u8>,
    /// Move origins.
    pub origins: Vec<(Space, u8)>,
    /// Move: fleets that arrived.
    pub arrived: Vec<(Space, u8)>,
    /// Build or attack options left.
    pub options: Option<u8>,
}

/// A combat in the log: [`CombatView`] with its stage as text (`configure`, `roll`,
/// `allocate` or `mark`; a spectator's view, so `own_sealed` is always nothing).
pub type CombatRecord = CombatView<String>;

fn pairs(v: &[FleetsAt]) -> Vec<(Space, u8)> {
    v.iter().map(|f| (f.space, f.fleets)).collect()
}

fn fleets(v: &[(Space, u8)]) -> Vec<FleetsAt> {
    v.iter()
        .map(|(space, fleets)| FleetsAt {
            space: *space,
            fleets: *fleets,
        })
        .collect()
}

fn card_pairs(v: &[CardTo]) -> Vec<(Seat, OrderCard)> {
    v.iter().map(|c| (c.seat, c.card)).collect()
}

fn cards_to(v: &[(Seat, OrderCard)]) -> Vec<CardTo> {
    v.iter()
        .map(|(seat, card)| CardTo {
            seat: *seat,
            card: *card,
        })
        .collect()
}

impl OrdersRecord {
    fn of(o: &OrdersView) -> OrdersRecord {
        OrdersRecord {
            master: o.master,
            stage: o.stage.to_string(),
            offers: o.offers.clone(),
            transfers: o.transfers.clone(),
            bribe: o.bribe,
            refresh: o.refresh,
            given: card_pairs(&o.given),
            proposal: card_pairs(&o.proposal),
            drawn: o.drawn.clone(),
            face_down: o.face_down,
        }
    }

    fn view(&self) -> OrdersView {
        let words: Vec<&str> = self.stage.split_whitespace().collect();
        let step = match words.as_slice() {
            ["offers", pass, seat] => match (pass.parse(), Seat::parse_number(seat)) {
                (Ok(pass), Some(seat)) => OrderStage::Offers { pass, seat },
                _ => OrderStage::Propose,
            },
            ["refresh"] => OrderStage::Refresh,
            ["give"] => OrderStage::Give,
            _ => OrderStage::Propose,
        };
        OrdersView {
            master: self.master,
            stage: step,
            offers: self.offers.clone(),
            transfers: self.transfers.clone(),
            bribe: self.bribe,
            refresh: self.refresh,
            given: cards_to(&self.given),
            proposal: cards_to(&self.proposal),
            drawn: self.drawn.clone(),
            face_down: self.face_down,
        }
    }
}

impl TurnRecord {
    fn of(t: &TurnView) -> TurnRecord {
        let mut r = TurnRecord {
            seat: t.seat,
            stage: t.stage.to_string(),
            main: t.main,
            module: t.module,
            hand: Vec::new(),
            probes: Vec::new(),
            chain: Vec::new(),
            boost: None,
            origins: Vec::new(),
            arrived: Vec::new(),
            options: None,
        };
        match &t.stage {
            TurnStep::Explore {
                probes,
                hand,
                chain,
            } => {
                r.probes.clone_from(probes);
                r.hand = hand.iter().map(|c| c.card).collect();
                r.chain.clone_from(chain);
            }
            TurnStep::Move {
                boost,
                origins,
                arrived,
            } => {
                r.boost = *boost;
                r.origins = pairs(origins);
                r.arrived = pairs(arrived);
            }
            TurnStep::Build { options } | TurnStep::Attack { options } => {
                r.options = Some(*options);
            }
            TurnStep::Bonus { .. } | TurnStep::Main | TurnStep::Module | TurnStep::Claim => {}
        }
        r
    }

    fn view(&self, table: &Table) -> TurnView {
        let words: Vec<&str> = self.stage.split_whitespace().collect();
        let options = self.options.unwrap_or(0);
        let step = match words.as_slice() {
            ["bonus", left] => TurnStep::Bonus {
                left: left.parse().unwrap_or(0),
            },
            ["module"] => TurnStep::Module,
            ["claim"] => TurnStep::Claim,
            [word] => match CoreAction::parse(word) {
                Some(CoreAction::Explore) => TurnStep::Explore {
                    probes: self.probes.clone(),
                    hand: self.hand.iter().map(|c| table.named_sector(*c)).collect(),
                    chain: self.chain.clone(),
                },
                Some(CoreAction::Move) => TurnStep::Move {
                    boost: self.boost,
                    origins: fleets(&self.origins),
                    arrived: fleets(&self.arrived),
                },
                Some(CoreAction::Build) => TurnStep::Build { options },
                Some(CoreAction::Attack) => TurnStep::Attack { options },
                None => TurnStep::Main,
            },
            _ => TurnStep::Main,
        };
        TurnView {
            seat: self.seat,
            stage: step,
            main: self.main,
            module: self.module,
        }
    }
}

/// The combat view of a record.
fn combat_view(c: &CombatRecord) -> CombatView {
    let step = CombatStep::ALL
        .into_iter()
        .find(|s| s.word() == c.stage)
        .unwrap_or(CombatStep::Configure);
    c.with_stage(step)
}

impl StageView {
    /// Where the game stands in a spectator's observation `o`, in the log's words.
    fn of(o: Observation) -> StageView {
        StageView {
            round: o.round,
            order: o.order,
            cards: o.cards,
            setup: o
                .setup
                .map(|s| (s.seat, s.hand.iter().map(|c| c.card).collect())),
            orders: o.orders.as_ref().map(OrdersRecord::of),
            turn: o.turn.as_ref().map(TurnRecord::of),
            combat: o
                .combat
                .as_ref()
                .map(|c| c.with_stage(c.stage.word().to_owned())),
        }
    }

    /// The observation's views of the setup, phase 1, the turn and the combat (names from
    /// `table`'s content).
    #[allow(clippy::type_complexity)] // the four views, as the observation holds them
    pub(crate) fn views(
        &self,
        table: &Table,
    ) -> (
        Option<SetupView>,
        Option<OrdersView>,
        Option<TurnView>,
        Option<CombatView>,
    ) {
        (
            self.setup.as_ref().map(|(seat, hand)| SetupView {
                seat: *seat,
                hand: hand.iter().map(|c| table.named_sector(*c)).collect(),
            }),
            self.orders.as_ref().map(OrdersRecord::view),
            self.turn.as_ref().map(|t| t.view(table)),
            self.combat.as_ref().map(combat_view),
        )
    }
}

fn stage_view(g: &Milkomeda) -> StageView {
    StageView::of(crate::observe::observe(g, Viewer::Spectator))
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
        fold_one(start, viewer, seen, event);
        // Where the directives match follows from the folded tiles, control and turn.
        seen.fill_matches(&start.table);
    }
}

fn fold_one(start: &Milkomeda, viewer: Viewer, seen: &mut Observation, event: &Event) {
    match event {
        Event::ObjectiveRevealed { card } => {
            let def = start.table.rules.objective(*card);
            seen.objectives.push(ObjectiveView {
                card: *card,
                name: def.name(),
                // One threshold per slot (`Config::check`).
                slots: def
                    .thresholds
                    .iter()
                    .zip(&def.points)
                    .map(|(threshold, points)| SlotView {
                        threshold: *threshold,
                        points: *points,
                        holder: None,
                    })
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
                s.holder = Some(*seat);
            }
        }
        Event::SlotFilled {
            position,
            directive,
            card,
        } => {
            let table = &start.table;
            if let Some(p) = seen.positions.iter_mut().find(|p| p.position == *position) {
                if *directive {
                    p.directive = card.map(|c| table.named_directive(DirectiveId(c)));
                } else {
                    p.module = card.map(|c| table.named_module(ModuleId(c)));
                }
            }
        }
        Event::SlotDiscarded {
            position,
            directive,
            ..
        } => {
            if let Some(p) = seen.positions.iter_mut().find(|p| p.position == *position) {
                if *directive {
                    p.directive = None;
                } else {
                    p.module = None;
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
            (seen.setup, seen.orders, seen.turn, seen.combat) = v.views(&start.table);
            seen.round = v.round;
            seen.order.clone_from(&v.order);
            seen.cards.clone_from(&v.cards);
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
                name: start.table.sector_name(SectorRef::Card(*card)),
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::steps_tests::random_games;
    use std::collections::BTreeSet;

    /// docs/rules/milkomeda.md item 71: the log's `stage` record keeps its words while the
    /// observation is typed, and the record reads back as exactly the typed views, at every
    /// step of random games of every seat count; the typed views name each step with a
    /// `kind` tag, and every step of each phase comes up.
    #[test]
    fn the_stage_record_reads_back_as_the_typed_views() {
        let mut kinds = BTreeSet::new();
        for (scenario, games) in [("duel", 2), ("three", 4), ("four", 12)] {
            random_games(scenario, 0..games, |_, _, _, _, after| {
                let o = crate::observe::observe(after, Viewer::Spectator);
                let record = StageView::of(o.clone());
                let views = (o.setup, o.orders, o.turn, o.combat);
                assert_eq!(record.views(&after.table), views, "{scenario}");
                let json = serde_json::to_value(&views).unwrap();
                for (part, field) in [(1, "stage"), (2, "stage"), (3, "stage")] {
                    if let Some(kind) = json[part][field]["kind"].as_str() {
                        kinds.insert(format!("{part} {kind}"));
                    }
                }
                // The log's record is in its own words: steps as text.
                let text = serde_json::to_value(&record).unwrap();
                if let Some(t) = text["turn"].get("stage") {
                    assert!(t.is_string(), "{t}");
                }
            });
        }
        for want in [
            "1 propose",
            "1 offers",
            "1 refresh",
            "1 give",
            "2 main",
            "2 explore",
            "2 move",
            "2 build",
            "2 attack",
            "2 claim",
            "3 configure",
            "3 roll",
            "3 allocate",
            "3 mark",
        ] {
            assert!(kinds.contains(want), "{want} never came up: {kinds:?}");
        }
    }
}
