//! What one viewer may see: everything except programs. A program being built or sealed is
//! seen by its owner only, until every program is sealed: then everyone sees how many cards each
//! holds, and its cards once its mech executes (programming is simultaneous and hidden;
//! `docs/rules/command-core.md` item 9).
//!
//! Chassis data (weapons with their attack, range band, arcs and delta) is public, like a mech's
//! record sheet on the table, so each [`MechView`] carries its weapons: a client can draw where
//! a weapon reaches without asking the server square by square.

use crate::action::{Card, CardSet, MechId, Pos, Program};
use crate::config::HomeEdge;
use crate::state::{
    COMMITTED, Cause, CommandCore, CritStep, Crits, EXECUTED, Phase, REVEALED_FLAG, Revealed, Stage,
};
use gridwright_engine::geom::{Arc, Dir8};
use gridwright_engine::{Game, Seat, Turn, Viewer};
use serde::{Deserialize, Serialize};

/// One weapon of a mech, as printed on its chassis, plus whether it is depleted now.
///
/// A target is in reach when its Chebyshev distance is within `range` and it stands in one of
/// `arcs` of the firing mech (the engine's [`arc_of`](gridwright_engine::geom::arc_of): 90°
/// cones, the 45° and 135° boundaries belonging to the front and rear arcs).
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct WeaponView {
    /// Index on the chassis (the `weapon` of a fire action).
    pub index: u8,
    /// Id, used in action texts.
    pub id: String,
    /// Display name.
    pub name: String,
    /// Attack dice.
    pub attack: u8,
    /// Range band `[min, max]` in Chebyshev squares, both ends included.
    pub range: [u8; 2],
    /// Arcs, relative to the mech's facing, a target may stand in.
    pub arcs: Vec<Arc>,
    /// The weapon's delta (paid like a directive delta before the attack).
    pub delta: i8,
    /// Whether it is depleted (a depleted weapon cannot fire).
    pub depleted: bool,
}

/// One mech as a viewer sees it.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct MechView {
    /// Its id.
    pub id: MechId,
    /// Its owner.
    pub owner: Seat,
    /// Chassis id.
    pub chassis: String,
    /// Chassis display name.
    pub name: String,
    /// Chassis letter.
    pub letter: char,
    /// Whether it has been deployed.
    pub deployed: bool,
    /// Whether it has been destroyed.
    pub destroyed: bool,
    /// Square, while on the board.
    pub at: Option<Pos>,
    /// Facing, while on the board.
    pub facing: Option<Dir8>,
    /// Structure left.
    pub structure: u8,
    /// Starting structure.
    pub max_structure: u8,
    /// Surge.
    pub surge: u8,
    /// Flux.
    pub flux: u8,
    /// Targeting tokens.
    pub tokens: u8,
    /// Ordering number this round.
    pub order: Option<u8>,
    /// Depleted cards.
    pub depleted: CardSet,
    /// Its chassis' weapons (public data).
    pub weapons: Vec<WeaponView>,
    /// Its chassis' directive slots (public data): the most cards its program may hold.
    pub slots: u8,
    /// Whether its program for this round is sealed: the owner sees it at once, the others
    /// once every program is sealed.
    pub committed: bool,
    /// How many cards the sealed program holds (as `committed`; random fills count once made).
    pub committed_cards: Option<u8>,
    /// While its owner is building its program (programming phase, its turn among the owner's
    /// mechs), to the owner only: how many cards are in it so far.
    pub draft_cards: Option<u8>,
    /// As `draft_cards`: how many of its slots are decided so far (a card, or left empty).
    pub draft_slots: Option<u8>,
    /// The program: the owner's own (committed or being built), or anyone's once revealed.
    pub program: Option<Program>,
    /// Whether its program has been revealed this round.
    pub revealed: bool,
    /// Whether it has executed this round.
    pub executed: bool,
}

/// One pool of dice in the attack being resolved.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct DiceView {
    /// Counts by face, in [`Face::of`](crate::Face::of) order (success first, blank last).
    pub faces: Vec<u8>,
    /// Of those, how many were already rerolled (by the same order).
    pub rerolled: Vec<u8>,
}

/// The attack being resolved.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct AttackView {
    /// The attacker.
    pub attacker: MechId,
    /// The target.
    pub target: MechId,
    /// Weapon index.
    pub weapon: u8,
    /// The target's arc the attacker stands in.
    pub arc: Arc,
    /// Attack dice: crit, hit, blank.
    pub attack: DiceView,
    /// Armour dice: block, blank.
    pub armour: DiceView,
    /// Evade dice: evade, blank.
    pub evade: DiceView,
}

/// A crit being resolved.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct CritView {
    /// The damaged mech.
    pub mech: MechId,
    /// The attacker, or `None` for self-inflicted damage.
    pub attacker: Option<MechId>,
    /// Crits still to resolve, this one included.
    pub crits: u8,
    /// Revealed cards still in the pool (put-back ones removed).
    pub revealed: CardSet,
    /// Targeting tokens spent on this crit.
    pub put_back: u8,
}

/// One side.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct SideView {
    /// The seat.
    pub seat: Seat,
    /// Its name.
    pub name: String,
    /// Where it deploys.
    pub home_edge: HomeEdge,
    /// Total remaining structure.
    pub structure: u32,
}

/// What a viewer sees.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Observation {
    /// Who is looking.
    pub viewer: Viewer,
    /// Scenario name.
    pub scenario: String,
    /// Scenario title.
    pub title: String,
    /// Board columns.
    pub width: u8,
    /// Board rows.
    pub height: u8,
    /// Round (0 during setup).
    pub round: u16,
    /// Round limit.
    pub round_limit: u16,
    /// The phase.
    pub phase: Phase,
    /// Seats that may act now.
    pub to_act: Vec<Seat>,
    /// The two sides.
    pub sides: Vec<SideView>,
    /// Every mech.
    pub mechs: Vec<MechView>,
    /// The attack being resolved, if any.
    pub attack: Option<AttackView>,
    /// The crit being resolved, if any.
    pub crit: Option<CritView>,
}

impl Observation {
    pub(crate) fn of(g: &CommandCore, viewer: Viewer) -> Observation {
        let rules = &g.rules;
        let cfg = &rules.config;
        let mechs = (0..g.mech_count())
            .map(|i| {
                let m = &g.mechs[i];
                let spec = rules.mechs[i];
                let c = &cfg.chassis[usize::from(spec.chassis)];
                let owner = spec.owner;
                let on_board = m.alive();
                let (x, y) = rules.xy(m.pos);
                let programming = matches!(g.stage, Stage::Programming { .. });
                let mine = viewer.sees_secrets_of(owner);
                let committed = m.has(COMMITTED) && (mine || !programming);
                let shown = committed && (mine || m.has(REVEALED_FLAG));
                let drafting = mine && programming && g.next_to_program(owner) == Some(i);
                let draft = drafting.then(|| g.draft(owner));
                let program = if shown { Some(m.program) } else { draft };
                MechView {
                    id: MechId(i as u8),
                    owner,
                    chassis: c.id.clone(),
                    name: c.name.clone(),
                    letter: c.letter,
                    deployed: m.has(crate::state::PLACED),
                    destroyed: m.has(crate::state::PLACED) && m.structure == 0,
                    at: on_board.then_some(Pos::new(x, y)),
                    facing: on_board.then_some(m.facing),
                    structure: m.structure,
                    max_structure: c.structure,
                    surge: m.surge,
                    flux: m.flux,
                    tokens: m.tokens,
                    order: (m.order > 0).then_some(m.order),
                    depleted: CardSet(m.depleted),
                    weapons: c
                        .weapons
                        .iter()
                        .enumerate()
                        .map(|(w, wpn)| {
                            let index = w as u8;
                            WeaponView {
                                index,
                                id: wpn.id.clone(),
                                name: wpn.name.clone(),
                                attack: wpn.attack,
                                range: [wpn.min_range, wpn.max_range],
                                arcs: wpn.arcs.clone(),
                                delta: wpn.delta,
                                depleted: m.depleted & Card::Weapon(index).bit() != 0,
                            }
                        })
                        .collect(),
                    slots: c.slots,
                    committed,
                    committed_cards: committed.then(|| m.program.cards() as u8),
                    draft_cards: draft.map(|d| d.cards() as u8),
                    draft_slots: drafting.then(|| g.draft_next(owner) as u8),
                    program,
                    revealed: m.has(REVEALED_FLAG),
                    executed: m.has(EXECUTED),
                }
            })
            .collect();
        let attack = attack_view(g);
        let crit = crit_view(g);
        let totals = g.total_structure();
        let to_act = to_act(g);
        Observation {
            viewer,
            scenario: cfg.scenario.clone(),
            title: cfg.title.clone(),
            width: cfg.width,
            height: cfg.height,
            round: g.round(),
            round_limit: cfg.round_limit,
            phase: g.phase(),
            to_act,
            sides: cfg
                .sides
                .iter()
                .zip(totals.iter())
                .map(|(s, (seat, structure))| SideView {
                    seat,
                    name: s.name.clone(),
                    home_edge: s.home_edge,
                    structure: *structure,
                })
                .collect(),
            mechs,
            attack,
            crit,
        }
    }
}

/// The attack being resolved, as every viewer sees it.
pub(crate) fn attack_view(g: &CommandCore) -> Option<AttackView> {
    let attack = match g.stage {
        Stage::Attack { attack, .. }
        | Stage::Crit {
            crits:
                Crits {
                    cause: Cause::Attack(attack),
                    ..
                },
            ..
        } => Some(attack),
        _ => None,
    };
    attack.map(|a| {
        let pool = |p: usize, n: usize| DiceView {
            faces: (0..n).map(|f| a.fresh[p][f] + a.rerolled[p][f]).collect(),
            rerolled: (0..n).map(|f| a.rerolled[p][f]).collect(),
        };
        AttackView {
            attacker: MechId(a.attacker),
            target: MechId(a.target),
            weapon: a.weapon,
            arc: a.arc,
            attack: pool(0, 3),
            armour: DiceView {
                faces: vec![
                    a.total(crate::Pool::Armour, 0),
                    a.total(crate::Pool::Armour, 2),
                ],
                rerolled: vec![a.rerolled[1][0], a.rerolled[1][2]],
            },
            evade: DiceView {
                faces: vec![
                    a.total(crate::Pool::Evade, 0),
                    a.total(crate::Pool::Evade, 2),
                ],
                rerolled: vec![a.rerolled[2][0], a.rerolled[2][2]],
            },
        }
    })
}

/// The crit being resolved, as every viewer sees it.
pub(crate) fn crit_view(g: &CommandCore) -> Option<CritView> {
    match g.stage {
        Stage::Crit { crits, step } => {
            let r = match step {
                CritStep::Reveal => Revealed {
                    cards: 0,
                    put_back: 0,
                },
                CritStep::PutBack(r) | CritStep::Deplete(r) => r,
            };
            Some(CritView {
                mech: MechId(crits.victim),
                attacker: crits.attacker().map(MechId),
                crits: crits.left,
                revealed: CardSet(r.cards),
                put_back: r.put_back,
            })
        }
        _ => None,
    }
}

/// The seats that may act now.
pub(crate) fn to_act(g: &CommandCore) -> Vec<Seat> {
    match g.turn() {
        Turn::Seat(s) => vec![s],
        Turn::Simultaneous(set) => set.iter().collect(),
        Turn::Chance | Turn::Terminal => Vec::new(),
    }
}
