//! What each viewer may see ([`Observation`]) and `resample`.
//!
//! Public: the grid, fleets, structures, storages, markers, the positions' cards, the objective
//! row and claims, how many cards each deck holds, revealed order cards, open offers, a
//! combat's revealed rosters, rolls (each die's face) and allocations, and the numbered order cards the Master
//! drew (it reveals them to every player, §7 phase 1 step 4). Secret: the face-down order
//! cards (nobody sees them, the Master included, until the reveal), and each seat's sealed
//! roster or hit allocation until all are revealed (only its own seat sees it).

use crate::Resources;
use crate::config::{DirectiveId, ModuleId, ObjectiveId, SectorId};
use crate::rules::actions::CoreAction;
use crate::rules::battle::ALL_TRACKS;
use crate::rules::bribes::{Offer, Transfer};
use crate::rules::combat::{Pip, Roster};
use crate::rules::directives::Position;
use crate::rules::map::{Rotation, SectorRef, Space};
use crate::rules::orders::OrderCard;
use crate::rules::refresh::RefreshChoice;
use crate::rules::scoring::{EndTrigger, Score};
use crate::state::{
    Act, CombatPhase, CombatStage, Milkomeda, OrderStage, Phase, Placed, Sealed, TurnStage,
};
use gridwright_engine::{Game, Rng, Seat, Viewer};
use serde::{Deserialize, Serialize};

/// A placed sector card with who holds it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TileView {
    /// Where.
    pub space: Space,
    /// Which sector.
    pub sector: SectorRef,
    /// How it is turned.
    pub rotation: Rotation,
    /// Who controls it.
    pub control: Option<Seat>,
    /// Fleets per seat.
    pub fleets: Vec<u8>,
}

/// A card of the objective row and its slots.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ObjectiveView {
    /// Index of the card in the content.
    pub card: ObjectiveId,
    /// Each slot: threshold, VP and who claimed it.
    pub slots: Vec<(u32, u8, Option<Seat>)>,
}

/// Phase 1 as the viewer sees it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct OrdersView {
    /// The Master of the Order.
    pub master: Seat,
    /// `propose`, `offers 1 P2`, `refresh` or `give`.
    pub stage: String,
    /// The open offers (public; the `binding` variant).
    pub offers: Vec<Offer>,
    /// The bribes transferred this round, with their notes (public; the default rule).
    pub transfers: Vec<Transfer>,
    /// The bribe the seat in the offer window is building (public; nothing when none).
    pub bribe: Resources,
    /// The refresh chosen so far.
    pub refresh: Option<RefreshChoice>,
    /// Cards given so far.
    pub given: Vec<(Seat, OrderCard)>,
    /// The Master's proposed distribution of the cards it knows (public, not binding).
    pub proposal: Vec<(Seat, OrderCard)>,
    /// The cards the Master drew and revealed to every player (§7 phase 1 step 4).
    pub drawn: Vec<OrderCard>,
    /// How many numbered cards lie face down (seen by no one until the reveal).
    pub face_down: usize,
}

/// The current turn.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TurnView {
    /// Whose turn.
    pub seat: Seat,
    /// Its stage (`bonus 2`, `main`, `explore`, `module`, `claim`).
    pub stage: String,
    /// Main action taken.
    pub main: Option<CoreAction>,
    /// Module action taken.
    pub module: Option<CoreAction>,
    /// Drawn sector cards not placed yet (revealed).
    pub hand: Vec<SectorId>,
    /// Probe origins.
    pub probes: Vec<Space>,
    /// Spaces placed this explore.
    pub chain: Vec<Space>,
    /// Move: blue spent and origins used with fleets still free.
    pub boost: Option<u8>,
    /// Move origins.
    pub origins: Vec<(Space, u8)>,
    /// Move: fleets that arrived in each space during this move (they move no further).
    pub arrived: Vec<(Space, u8)>,
    /// Build or attack options left.
    pub options: Option<u8>,
}

/// A combat.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CombatView {
    /// Where.
    pub sector: Space,
    /// Who attacked.
    pub attacker: Seat,
    /// Fleets each seat brought.
    pub fleets_in: Vec<u8>,
    /// `configure`, `roll`, `allocate` or `mark`.
    pub stage: String,
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
pub struct Observation {
    /// Who is looking.
    pub viewer: Viewer,
    /// Round (0 during setup).
    pub round: u32,
    /// Grid columns and rows.
    pub grid: (u8, u8),
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
    pub positions: Vec<(Position, Option<DirectiveId>, Option<ModuleId>)>,
    /// The objective row.
    pub objectives: Vec<ObjectiveView>,
    /// This round's turn order.
    pub order: Vec<Seat>,
    /// This round's order cards, once revealed.
    pub cards: Option<Vec<OrderCard>>,
    /// Setup: whose starting exploration, and its drawn cards.
    pub setup: Option<(Seat, Vec<SectorId>)>,
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

fn turn_view(t: &crate::state::TurnState) -> TurnView {
    let mut v = TurnView {
        seat: t.seat,
        stage: String::new(),
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
    v.stage = match &t.stage {
        TurnStage::Bonus { left } => format!("bonus {left}"),
        TurnStage::Main => "main".into(),
        TurnStage::Module => "module".into(),
        TurnStage::Claim => "claim".into(),
        TurnStage::Act(a) => {
            match a {
                Act::Explore {
                    probes,
                    hand,
                    chain,
                    ..
                } => {
                    v.probes = probes.iter().map(|p| p.origin).collect();
                    v.hand.clone_from(hand);
                    v.chain.clone_from(chain);
                }
                Act::Move {
                    boost,
                    origins,
                    arrived,
                } => {
                    v.boost = *boost;
                    v.origins.clone_from(origins);
                    v.arrived.clone_from(arrived);
                }
                Act::Build { options } | Act::Attack { options, .. } => v.options = Some(*options),
            }
            a.kind().word().to_owned()
        }
    };
    v
}

/// The observation of `viewer`.
pub fn observe(g: &Milkomeda, viewer: Viewer) -> Observation {
    let tiles = g
        .table
        .map
        .tiles()
        .map(|(space, t)| TileView {
            space,
            sector: t.sector,
            rotation: t.rotation,
            control: g.controller(space),
            fleets: Seat::all(g.table.seats())
                .map(|s| g.fleets_at(space, s))
                .collect(),
        })
        .collect();
    let objectives = g
        .table
        .claims
        .cards()
        .iter()
        .zip(&g.table.row)
        .map(|(c, r)| {
            let def = g.table.rules.objective(*r);
            ObjectiveView {
                card: *r,
                // One threshold per slot (`Config::check`).
                slots: c
                    .slots()
                    .zip(&def.thresholds)
                    .map(|((p, h), th)| (*th, p, h))
                    .collect(),
            }
        })
        .collect();
    let mut obs = Observation {
        viewer,
        round: g.table.round,
        grid: (g.table.map.size().width(), g.table.map.size().height()),
        tiles,
        structures: g.table.structures.clone(),
        storage: g.table.storage.as_slice().to_vec(),
        markers: g.table.marker.as_slice().to_vec(),
        deck_left: g.deck_left(),
        positions: Position::ALL
            .iter()
            .map(|p| {
                let (d, m) = g.table.slots[usize::from(p.number() - 1)];
                (*p, d, m)
            })
            .collect(),
        objectives,
        order: g.table.order.clone(),
        cards: g.table.cards.as_ref().map(|c| c.as_slice().to_vec()),
        setup: None,
        orders: None,
        turn: None,
        combat: None,
        ended: g.ended(),
        scores: g.final_scores().map(|s| s.as_slice().to_vec()),
    };
    match &g.phase {
        Phase::Setup { seat, hand, .. } => obs.setup = Some((*seat, hand.clone())),
        Phase::Orders(o) => {
            obs.cards = None;
            obs.orders = Some(OrdersView {
                master: o.master,
                stage: match o.stage {
                    OrderStage::Offers { pass, seat } => format!("offers {} {seat}", pass + 1),
                    OrderStage::Refresh => "refresh".into(),
                    OrderStage::Give => "give".into(),
                    OrderStage::Propose => "propose".into(),
                },
                offers: o.offers.offers().collect(),
                transfers: o.transfers.clone(),
                bribe: o.bribe,
                refresh: o.refresh,
                given: o.given.clone(),
                proposal: o.proposal.clone(),
                drawn: o.drawn.clone(),
                face_down: o.face_down.len(),
            });
        }
        Phase::Turn(t) => obs.turn = Some(turn_view(t)),
        Phase::Combat(c) => {
            obs.turn = Some(turn_view(&c.resume));
            obs.combat = Some(combat_view(c, viewer));
        }
        Phase::FirstDeal | Phase::Over { .. } => {}
    }
    obs
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
        stage: c.stage.word().into(),
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
