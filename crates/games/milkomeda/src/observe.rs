//! What each viewer may see ([`Observation`]) and `resample`.
//!
//! Public: the grid, fleets, structures, storages, markers, the positions' cards, the objective
//! row and claims, how many cards each deck holds, revealed order cards, open offers, a
//! combat's revealed rosters, rolls (each die's face) and allocations, and the numbered order cards the Master
//! drew (it reveals them to every player, §7 phase 1 step 4). Secret: the face-down order
//! cards (nobody sees them, the Master included, until the reveal), and each seat's sealed
//! roster or hit allocation until all are revealed (only its own seat sees it).
//!
//! # Why the observation is typed for a client
//! A view reads it without knowing the game's internals: where each phase stands is a tagged
//! enum (`{"kind": "offers", "pass": 1, "seat": 1}`), pairs are structs with named fields,
//! and every content card comes with its name (`{"card": 3, "name": "Sector 4"}`), so a client
//! needs no copy of the content to label what it shows.

use crate::Resources;
use crate::config::{DirectiveId, ModuleId, ObjectiveId, SectorId};
use crate::rules::actions::CoreAction;
use crate::rules::battle::ALL_TRACKS;
use crate::rules::bribes::{Offer, Transfer};
use crate::rules::combat::{Pip, Roster};
use crate::rules::directives::{Position, matching_intersections};
use crate::rules::map::{GridSize, Intersection, Map, Rotation, SectorRef, Space, Tile};
use crate::rules::orders::OrderCard;
use crate::rules::refresh::RefreshChoice;
use crate::rules::scoring::{EndTrigger, Score};
use crate::state::{
    Act, CombatPhase, CombatStage, Milkomeda, OrderStage, Phase, Placed, Sealed, Table, TurnStage,
};
use gridwright_engine::{Game, Rng, Seat, Viewer};
use serde::{Deserialize, Serialize};
use std::fmt;

/// A content card and its name as players read it (`Sector 7`, `Directive 3`, `Module 12`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Named<I> {
    /// The card.
    pub card: I,
    /// Its name.
    pub name: String,
}

impl Table {
    pub(crate) fn named_sector(&self, card: SectorId) -> Named<SectorId> {
        let name = self.rules.sector(card).name();
        Named { card, name }
    }

    pub(crate) fn named_directive(&self, card: DirectiveId) -> Named<DirectiveId> {
        let name = self.rules.directive(card).name();
        Named { card, name }
    }

    pub(crate) fn named_module(&self, card: ModuleId) -> Named<ModuleId> {
        let name = self.rules.module(card).name();
        Named { card, name }
    }

    /// The name a view shows for a sector on the grid.
    pub(crate) fn sector_name(&self, sector: SectorRef) -> String {
        match sector {
            SectorRef::Homeworld(s) => format!("{s}'s homeworld"),
            SectorRef::Card(c) => self.rules.sector(c).name(),
        }
    }
}

/// The grid's size.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct GridView {
    /// Columns.
    pub columns: u8,
    /// Rows.
    pub rows: u8,
}

/// A placed sector card with who holds it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct TileView {
    /// Where.
    pub space: Space,
    /// Which sector.
    pub sector: SectorRef,
    /// Its name: the card's (`Sector 7`) or `P1's homeworld`.
    pub name: String,
    /// How it is turned.
    pub rotation: Rotation,
    /// Who controls it.
    pub control: Option<Seat>,
    /// Fleets per seat.
    pub fleets: Vec<u8>,
}

/// One slot of an objective card.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct SlotView {
    /// The measure the slot needs.
    pub threshold: u32,
    /// Its VP.
    pub points: u8,
    /// Who claimed it.
    pub holder: Option<Seat>,
}

/// A card of the objective row and its slots.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ObjectiveView {
    /// The card.
    pub card: ObjectiveId,
    /// Its name.
    pub name: String,
    /// Each slot.
    pub slots: Vec<SlotView>,
}

/// A position's directive and module (none where the tier ran out).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct PositionView {
    /// Which position.
    pub position: Position,
    /// Its directive.
    pub directive: Option<Named<DirectiveId>>,
    /// Its module.
    pub module: Option<Named<ModuleId>>,
    /// Where its directive matches for the seat whose turn it is (public: the map, control
    /// and the cards' values; nothing outside a turn), each point as `[col, row]` of the space
    /// whose top-left corner it is, sorted.
    pub matches: Vec<Intersection>,
}

/// Setup step 11: whose starting exploration, and its drawn cards.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct SetupView {
    /// Who explores.
    pub seat: Seat,
    /// The drawn cards not placed yet.
    pub hand: Vec<Named<SectorId>>,
}

/// An order card meant for, or given to, a seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct CardTo {
    /// The seat.
    pub seat: Seat,
    /// The card.
    pub card: OrderCard,
}

/// Phase 1 as the viewer sees it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct OrdersView {
    /// The Master of the Order.
    pub master: Seat,
    /// Where phase 1 stands.
    pub stage: OrderStage,
    /// The open offers (public; the `binding` variant).
    pub offers: Vec<Offer>,
    /// The bribes transferred this round, with their notes (public; the default rule).
    pub transfers: Vec<Transfer>,
    /// The bribe the seat in the offer window is building (public; nothing when none).
    pub bribe: Resources,
    /// The refresh chosen so far.
    pub refresh: Option<RefreshChoice>,
    /// Cards given so far.
    pub given: Vec<CardTo>,
    /// The Master's proposed distribution of the cards it knows (public, not binding).
    pub proposal: Vec<CardTo>,
    /// The cards the Master drew and revealed to every player (§7 phase 1 step 4).
    pub drawn: Vec<OrderCard>,
    /// How many numbered cards lie face down (seen by no one until the reveal).
    pub face_down: usize,
}

/// Fleets in a space.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct FleetsAt {
    /// Where.
    pub space: Space,
    /// How many.
    pub fleets: u8,
}

/// Where a turn stands, with the core action in progress.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum TurnStep {
    /// Choosing M-Brain bonus resources.
    Bonus {
        /// How many are left to choose.
        left: u8,
    },
    /// Choosing the main action.
    Main,
    /// Exploring (§8.A).
    Explore {
        /// Probe origins.
        probes: Vec<Space>,
        /// Drawn sector cards not placed yet (revealed).
        hand: Vec<Named<SectorId>>,
        /// Spaces placed this explore.
        chain: Vec<Space>,
    },
    /// Moving (§8.B).
    Move {
        /// Blue spent on the boost, once chosen.
        boost: Option<u8>,
        /// Origins used, with the fleets still free to leave each.
        origins: Vec<FleetsAt>,
        /// Fleets that arrived in each space during this move (they move no further).
        arrived: Vec<FleetsAt>,
    },
    /// Building (§8.C).
    Build {
        /// Options left.
        options: u8,
    },
    /// Attacking (§8.D).
    Attack {
        /// Options left.
        options: u8,
    },
    /// Choosing whether to activate a module.
    Module,
    /// Claiming an objective slot or ending the turn.
    Claim,
}

impl TurnStep {
    /// The core action in progress, if any.
    pub fn action(&self) -> Option<CoreAction> {
        match self {
            TurnStep::Explore { .. } => Some(CoreAction::Explore),
            TurnStep::Move { .. } => Some(CoreAction::Move),
            TurnStep::Build { .. } => Some(CoreAction::Build),
            TurnStep::Attack { .. } => Some(CoreAction::Attack),
            TurnStep::Bonus { .. } | TurnStep::Main | TurnStep::Module | TurnStep::Claim => None,
        }
    }
}

impl fmt::Display for TurnStep {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self, self.action()) {
            (TurnStep::Bonus { left }, _) => write!(f, "bonus {left}"),
            (_, Some(a)) => write!(f, "{a}"),
            (TurnStep::Module, _) => f.write_str("module"),
            (TurnStep::Claim, _) => f.write_str("claim"),
            _ => f.write_str("main"),
        }
    }
}

/// The current turn.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct TurnView {
    /// Whose turn.
    pub seat: Seat,
    /// Where it stands.
    pub stage: TurnStep,
    /// Main action taken.
    pub main: Option<CoreAction>,
    /// Module action taken.
    pub module: Option<CoreAction>,
}

/// Where a combat stands (§9.A).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum CombatStep {
    /// Sealed fleet configuration (step 2).
    Configure,
    /// Rolling (steps 3–5).
    Roll,
    /// Sealed hit allocation (step 6).
    Allocate,
    /// Marking in order (step 8).
    Mark,
}

impl CombatStep {
    /// Its word (`configure`, `roll`, `allocate`, `mark`).
    pub fn word(self) -> &'static str {
        match self {
            CombatStep::Configure => "configure",
            CombatStep::Roll => "roll",
            CombatStep::Allocate => "allocate",
            CombatStep::Mark => "mark",
        }
    }

    /// All four, in order.
    pub const ALL: [CombatStep; 4] = [
        CombatStep::Configure,
        CombatStep::Roll,
        CombatStep::Allocate,
        CombatStep::Mark,
    ];
}

display_word!(CombatStep);

impl<S> CombatView<S> {
    /// The same view with its stage told as `stage`.
    pub(crate) fn with_stage<T>(&self, stage: T) -> CombatView<T> {
        CombatView {
            sector: self.sector,
            attacker: self.attacker,
            fleets_in: self.fleets_in.clone(),
            stage,
            round: self.round,
            rosters: self.rosters.clone(),
            faces: self.faces.clone(),
            hits: self.hits.clone(),
            allocations: self.allocations.clone(),
            own_sealed: self.own_sealed,
            owing: self.owing.clone(),
            marked: self.marked.clone(),
        }
    }
}

/// A combat. The log's `stage` event holds it with its stage as text
/// ([`CombatRecord`](crate::CombatRecord)); the observation's is a [`CombatStep`].
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct CombatView<S = CombatStep> {
    /// Where.
    pub sector: Space,
    /// Who attacked.
    pub attacker: Seat,
    /// Fleets each seat brought.
    pub fleets_in: Vec<u8>,
    /// Where it stands.
    pub stage: S,
    /// Round (from 0).
    pub round: u8,
    /// Revealed rosters (empty while configuring).
    pub rosters: Vec<Roster>,
    /// The faces each seat's dice showed this round, in the order rolled (empty until the
    /// seat has rolled all its dice).
    pub faces: Vec<Vec<Pip>>,
    /// Hits rolled this round.
    pub hits: Vec<u8>,
    /// Revealed allocations (empty until revealed).
    pub allocations: Vec<Roster>,
    /// The viewer's own sealed choice so far, while sealing.
    pub own_sealed: Option<[u8; 5]>,
    /// Who still owes a sealed choice.
    pub owing: Vec<Seat>,
    /// Marks so far this round.
    pub marked: Vec<Roster>,
}

/// What one viewer sees.
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Observation {
    /// Who is looking.
    pub viewer: Viewer,
    /// Round (0 during setup).
    pub round: u32,
    /// The grid's size.
    pub grid: GridView,
    /// Placed cards.
    pub tiles: Vec<TileView>,
    /// Structures.
    pub structures: Vec<Placed>,
    /// Storage per seat.
    pub storage: Vec<Resources>,
    /// Action marker per seat.
    pub markers: Vec<Option<CoreAction>>,
    /// Sector cards left.
    pub deck_left: usize,
    /// Directive and module at each position.
    pub positions: Vec<PositionView>,
    /// The objective row.
    pub objectives: Vec<ObjectiveView>,
    /// This round's turn order.
    pub order: Vec<Seat>,
    /// This round's order cards, once revealed.
    pub cards: Option<Vec<OrderCard>>,
    /// Setup: whose starting exploration, and its drawn cards.
    pub setup: Option<SetupView>,
    /// Phase 1 of a later round.
    pub orders: Option<OrdersView>,
    /// The current turn.
    pub turn: Option<TurnView>,
    /// The combat.
    pub combat: Option<CombatView>,
    /// Why the game ended.
    pub ended: Option<EndTrigger>,
    /// Final scores.
    pub scores: Option<Vec<Score>>,
}

fn fleets_at(v: &[(Space, u8)]) -> Vec<FleetsAt> {
    v.iter()
        .map(|(space, fleets)| FleetsAt {
            space: *space,
            fleets: *fleets,
        })
        .collect()
}

fn turn_view(table: &Table, t: &crate::state::TurnState) -> TurnView {
    let step = match &t.stage {
        TurnStage::Bonus { left } => TurnStep::Bonus { left: *left },
        TurnStage::Main => TurnStep::Main,
        TurnStage::Module => TurnStep::Module,
        TurnStage::Claim => TurnStep::Claim,
        TurnStage::Act(Act::Explore {
            probes,
            hand,
            chain,
            ..
        }) => TurnStep::Explore {
            probes: probes.iter().map(|p| p.origin).collect(),
            hand: hand.iter().map(|c| table.named_sector(*c)).collect(),
            chain: chain.clone(),
        },
        TurnStage::Act(Act::Move {
            boost,
            origins,
            arrived,
        }) => TurnStep::Move {
            boost: *boost,
            origins: fleets_at(origins),
            arrived: fleets_at(arrived),
        },
        TurnStage::Act(Act::Build { options }) => TurnStep::Build { options: *options },
        TurnStage::Act(Act::Attack { options, .. }) => TurnStep::Attack { options: *options },
    };
    TurnView {
        seat: t.seat,
        stage: step,
        main: t.main,
        module: t.module,
    }
}

/// The view of phase 1.
fn orders_view(o: &crate::state::OrderPhase) -> OrdersView {
    let card_to = |v: &[(Seat, OrderCard)]| -> Vec<CardTo> {
        v.iter()
            .map(|(seat, card)| CardTo {
                seat: *seat,
                card: *card,
            })
            .collect()
    };
    OrdersView {
        master: o.master,
        stage: o.stage,
        offers: o.offers.offers().collect(),
        transfers: o.transfers.clone(),
        bribe: o.bribe,
        refresh: o.refresh,
        given: card_to(&o.given),
        proposal: card_to(&o.proposal),
        drawn: o.drawn.clone(),
        face_down: o.face_down.len(),
    }
}

/// The observation of `viewer`.
pub fn observe(g: &Milkomeda, viewer: Viewer) -> Observation {
    let table = &g.table;
    let tiles = table
        .map
        .tiles()
        .map(|(space, t)| TileView {
            space,
            sector: t.sector,
            name: table.sector_name(t.sector),
            rotation: t.rotation,
            control: table.controller(space),
            fleets: Seat::all(table.seats())
                .map(|s| table.fleets_at(space, s))
                .collect(),
        })
        .collect();
    let objectives = table
        .claims
        .cards()
        .iter()
        .zip(&table.row)
        .map(|(c, r)| {
            let def = table.rules.objective(*r);
            ObjectiveView {
                card: *r,
                name: def.name(),
                // One threshold per slot (`Config::check`).
                slots: c
                    .slots()
                    .zip(&def.thresholds)
                    .map(|((points, holder), threshold)| SlotView {
                        threshold: *threshold,
                        points,
                        holder,
                    })
                    .collect(),
            }
        })
        .collect();
    let size = table.map.size();
    let mut obs = Observation {
        viewer,
        round: table.round,
        grid: GridView {
            columns: size.width(),
            rows: size.height(),
        },
        tiles,
        structures: table.structures.clone(),
        storage: table.storage.as_slice().to_vec(),
        markers: table.marker.as_slice().to_vec(),
        deck_left: table.deck_left(),
        positions: Position::ALL
            .iter()
            .map(|p| {
                let (d, m) = table.slots[usize::from(p.number() - 1)];
                PositionView {
                    position: *p,
                    directive: d.map(|d| table.named_directive(d)),
                    module: m.map(|m| table.named_module(m)),
                    matches: Vec::new(),
                }
            })
            .collect(),
        objectives,
        order: table.order.clone(),
        cards: table.cards.as_ref().map(|c| c.as_slice().to_vec()),
        setup: None,
        orders: None,
        turn: None,
        combat: None,
        ended: g.ended(),
        scores: g.final_scores().map(|s| s.as_slice().to_vec()),
    };
    match &g.phase {
        Phase::Setup { seat, hand, .. } => {
            obs.setup = Some(SetupView {
                seat: *seat,
                hand: hand.iter().map(|c| table.named_sector(*c)).collect(),
            });
        }
        Phase::Orders(o) => {
            obs.cards = None;
            obs.orders = Some(orders_view(o));
        }
        Phase::Turn(t) => obs.turn = Some(turn_view(table, t)),
        Phase::Combat(c) => {
            obs.turn = Some(turn_view(table, &c.resume));
            obs.combat = Some(combat_view(c, viewer));
        }
        Phase::FirstDeal | Phase::Over { .. } => {}
    }
    obs.fill_matches(table);
    obs
}

impl Observation {
    /// Fills each position's `matches`: where its directive matches for the seat whose turn it
    /// is, read from this observation's own public facts (the tiles with their rotation and
    /// control, the cards' values from `table`'s content), so a view and the event log's fold
    /// find the same points.
    pub(crate) fn fill_matches(&mut self, table: &Table) {
        let seat = self.turn.as_ref().map(|t| t.seat);
        let map = GridSize::new(self.grid.columns, self.grid.rows)
            .ok()
            .map(|size| {
                let mut map = Map::new(size);
                for t in &self.tiles {
                    let tile = Tile {
                        sector: t.sector,
                        rotation: t.rotation,
                    };
                    // Each tile lies on its own space of this grid.
                    let _ = map.place(t.space, tile);
                }
                map
            });
        let tiles = &self.tiles;
        let controls = |seat: Seat, s: Space| {
            tiles
                .iter()
                .find(|t| t.space == s)
                .is_some_and(|t| t.control == Some(seat))
        };
        for p in &mut self.positions {
            p.matches = match (seat, &map, &p.directive) {
                (Some(seat), Some(map), Some(d)) => matching_intersections(
                    map,
                    table.rules.directive(d.card).pattern,
                    |s| controls(seat, s),
                    |r| table.sector_values(r),
                ),
                _ => Vec::new(),
            };
        }
    }
}

/// The battle mat as `viewer` sees it: rosters once revealed, the faces of the seats that
/// rolled, allocations once revealed, its own sealed choice while sealing.
fn combat_view(c: &CombatPhase, viewer: Viewer) -> CombatView {
    let revealed_rosters = !matches!(c.stage, CombatStage::Configure { .. });
    let revealed = match &c.stage {
        CombatStage::Mark { allocs, marks, .. } => Some((allocs, marks)),
        _ => None,
    };
    let sealing = c.stage.sealing();
    let own_sealed = match (viewer, sealing) {
        (Viewer::Seat(s), Some(sealed)) => sealed.get(s).map(|x| x.counts),
        _ => None,
    };
    let owing = sealing.map_or_else(Vec::new, |sealed| {
        sealed
            .iter()
            .filter(|(_, x)| !x.done)
            .map(|(s, _)| s)
            .collect()
    });
    let seats = c.fleets_in.len();
    let rolls = c.stage.rolls();
    CombatView {
        sector: c.sector,
        attacker: c.attacker,
        fleets_in: c.fleets_in.as_slice().to_vec(),
        stage: match c.stage {
            CombatStage::Configure { .. } => CombatStep::Configure,
            CombatStage::Roll(_) => CombatStep::Roll,
            CombatStage::Allocate { .. } => CombatStep::Allocate,
            CombatStage::Mark { .. } => CombatStep::Mark,
        },
        round: c.round,
        rosters: if revealed_rosters {
            c.battle.rosters().as_slice().to_vec()
        } else {
            Vec::new()
        },
        faces: match rolls {
            Some(r) => r
                .faces
                .iter()
                .map(|(s, f)| {
                    if r.rolled.contains(s) {
                        f.clone()
                    } else {
                        Vec::new()
                    }
                })
                .collect(),
            None => vec![Vec::new(); seats],
        },
        hits: rolls.map_or_else(|| vec![0; seats], |r| r.hits.as_slice().to_vec()),
        allocations: revealed.map_or_else(Vec::new, |(allocs, _)| {
            allocs.iter().map(|(_, a)| a.roster()).collect()
        }),
        own_sealed,
        owing,
        marked: revealed.map_or_else(Vec::new, |(_, marks)| marks.marked().as_slice().to_vec()),
    }
}

/// Fills a sealed choice at random (a complete one if `done`, else a fresh one).
fn random_sealed(tracks: u8, total: u8, done: bool, rng: &mut Rng) -> Sealed {
    let mut s = Sealed::new(tracks, total);
    if done {
        while !s.done {
            let n = rng.index(usize::from(s.left) + 1) as u8;
            s.set(n);
        }
    }
    s
}

/// A state `seat` cannot tell from this one, its secrets drawn at random from what it sees.
pub fn resample(g: &Milkomeda, seat: Seat, rng: &mut Rng) -> Milkomeda {
    let mut out = g.clone();
    match &mut out.phase {
        Phase::Orders(o) => {
            // The Master's drawn cards are public; only the face-down ones, which nobody has
            // seen (the Master included), are dealt again.
            o.face_down.sort();
            rng.shuffle(&mut o.face_down);
        }
        Phase::Combat(c) => match &mut c.stage {
            CombatStage::Configure { configs } => {
                for s in Seat::all(g.num_seats()) {
                    if s != seat {
                        let done = configs[s].done;
                        let n = c.fleets_in[s];
                        let tracks = if n > 0 { ALL_TRACKS } else { 0 };
                        configs[s] = random_sealed(tracks, n, done, rng);
                    }
                }
            }
            CombatStage::Allocate { rolls, allocs } => {
                for s in Seat::all(g.num_seats()) {
                    if s != seat {
                        let (tracks, done) = (allocs[s].tracks, allocs[s].done);
                        allocs[s] = random_sealed(tracks, rolls.hits[s], done, rng);
                    }
                }
            }
            _ => {}
        },
        _ => {}
    }
    debug_assert_eq!(out.num_seats(), g.num_seats());
    out
}
