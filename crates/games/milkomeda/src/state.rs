//! The game state, its phases and the [`Game`] dispatch. The state is the [`Table`] (what
//! lasts from phase to phase) and the [`Phase`], whose variants hold what exists only in them
//! (the setup's hand, phase 1's cards and offers, the turn and its action in progress, a
//! combat's rosters, rolls, allocations and marks, the end trigger). A step's handler takes
//! its phase's data and the table, and returns the next phase when the step leaves this one.
//! The rules each phase follows live in
//! `rules/`: `setup.rs` (setup steps 1–12 and every chance draw), `round.rs` (phase 1: order
//! cards, the Master's refresh, bribes; phase 3 and the end), `turn.rs` (phase 2: income, the
//! core actions, modules, claims) and `battle.rs` (Vector Command as game steps).
//!
//! # Why draws are chance steps, not shuffled decks
//! Every deck (sectors, the six tiers, objectives, order cards) is kept as the *set* of cards
//! it still holds, and each draw is a chance step choosing one of them with equal weight.
//! That is the same distribution as drawing from a shuffled deck, every draw lands in the log,
//! and there is no deck order for anyone to know or for `resample` to redraw. The only
//! secrets are the face-down order cards (seen by no one, the Master included, until the
//! reveal; the two the Master draws are shown to every player, §7 phase 1 step 4) and the
//! sealed rosters and hit allocations of a combat.

use crate::Resources;
use crate::action::{Action, Event};
use crate::config::{Config, DirectiveId, ModuleId, ObjectiveId, Rules, SectorId};
use crate::observe::Observation;
use crate::rules::actions::CoreAction;
use crate::rules::bribes::{OpenOffers, Transfer};
use crate::rules::combat::{Battle, Marks, Pip, Roster};
use crate::rules::control::controller;
use crate::rules::directives::Position;
use crate::rules::explore::Probe;
use crate::rules::map::{Map, SectorRef, Space};
use crate::rules::objectives::{Keyword, TurnFacts};
use crate::rules::orders::OrderCard;
use crate::rules::refresh::RefreshChoice;
use crate::rules::scoring::{EndTrigger, ObjectiveRow, Score};
use crate::rules::structures::Structure;
use gridwright_engine::{
    Actor, ChanceMode, Events, Game, GameInfo, Information, PerSeat, Rng, Seat, SeatSet,
    SetupError, Turn, Viewer,
};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::sync::Arc;

/// Static facts about Milkomeda.
pub const INFO: GameInfo = GameInfo {
    short_name: "milkomeda",
    long_name: "Milkomeda",
    summary: "2–4 player space 4X: explore sector cards, move and build fleets and structures, \
              bribe the Master of the Order, fight with sealed Vector Command rosters",
    min_seats: 2,
    max_seats: 4,
    chance: ChanceMode::Explicit,
    information: Information::Imperfect,
    rules_version: "4",
};

/// The most combat rounds one combat may last before it ends as a stalemate (our guard:
/// docs/rules/milkomeda.md item 56).
pub const COMBAT_ROUND_CAP: u8 = 20;

/// A pending chance draw.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Draw {
    /// An objective card for the public row.
    Objective,
    /// A directive for this position.
    Directive(Position),
    /// A module for this position.
    Module(Position),
    /// A sector card for the explorer's hand.
    Sector,
    /// The first round's order cards, one to each seat.
    FirstDeal,
    /// A later round's numbered order cards: the Master's and the face-down ones.
    MasterDeal,
}

/// A structure on the map.
#[derive(Clone, Copy, PartialEq, Eq, Debug, serde::Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Placed {
    /// Its owner.
    pub owner: Seat,
    /// Which.
    pub structure: Structure,
    /// Where.
    pub space: Space,
    /// Whether its benefits are active (from the start of the owner's next turn, §8.C).
    pub active: bool,
}

/// Phase 1 of a later round.
#[derive(Clone, PartialEq, Debug)]
pub struct OrderPhase {
    pub(crate) master: Seat,
    /// The numbered cards the Master drew and revealed to every player (§7 phase 1 step 4).
    pub(crate) drawn: Vec<OrderCard>,
    /// The face-down numbered cards, in their dealt order (nobody sees them, the Master
    /// included, until the order cards are revealed).
    pub(crate) face_down: Vec<OrderCard>,
    pub(crate) offers: OpenOffers,
    pub(crate) stage: OrderStage,
    pub(crate) refresh: Option<RefreshChoice>,
    pub(crate) given: Vec<(Seat, OrderCard)>,
    /// The Master's announced distribution of the cards it knows (public, not binding).
    pub(crate) proposal: Vec<(Seat, OrderCard)>,
    /// The bribes transferred this round (the default rule; empty under `binding`).
    pub(crate) transfers: Vec<Transfer>,
    /// The bribe the seat in the offer window is building, one unit at a time (public; empty
    /// outside a build).
    pub(crate) bribe: Resources,
}

impl OrderPhase {
    /// The Master of the Order.
    pub fn master(&self) -> Seat {
        self.master
    }

    /// The Master's proposed distribution so far (public, not binding; §7 phase 1 step 4).
    pub fn proposal(&self) -> &[(Seat, OrderCard)] {
        &self.proposal
    }

    /// The bribes transferred to the Master this round (the default rule).
    pub fn transfers(&self) -> &[Transfer] {
        &self.transfers
    }

    /// The bribe in progress of the seat in the offer window (nothing when none).
    pub fn bribe(&self) -> Resources {
        self.bribe
    }

    /// The open offers.
    pub fn offers(&self) -> &OpenOffers {
        &self.offers
    }

    /// Where phase 1 stands.
    pub fn stage(&self) -> OrderStage {
        self.stage
    }

    /// The cards the Master knows, in giving order: the drawn ones, then the Master card.
    pub(crate) fn known(&self) -> Vec<OrderCard> {
        self.drawn
            .iter()
            .copied()
            .chain(std::iter::once(OrderCard::Master))
            .collect()
    }
}

/// Where phase 1 stands (the state's and the observation's: a view shows it as it is).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum OrderStage {
    /// The Master announces a proposed distribution, one card it knows at a time (§7 phase 1
    /// step 4: public, not binding).
    Propose,
    /// Offer window: `seat` may build a bribe one unit at a time and finish it, transferring
    /// it (the default rule) or posting it as an offer (`binding`), withdraw its offer
    /// (`binding`), or keep.
    Offers {
        /// 1 or 2: the second pass lets players answer the first.
        pass: u8,
        /// Who may bribe now.
        seat: Seat,
    },
    /// The Master chooses the refresh.
    Refresh,
    /// The Master gives out the cards it knows, one at a time.
    Give,
}

impl fmt::Display for OrderStage {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OrderStage::Propose => f.write_str("propose"),
            OrderStage::Offers { pass, seat } => write!(f, "offers {pass} {seat}"),
            OrderStage::Refresh => f.write_str("refresh"),
            OrderStage::Give => f.write_str("give"),
        }
    }
}

/// A core action being performed.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Act {
    /// Explore (§8.A).
    Explore {
        /// Probes sent.
        probes: Vec<Probe>,
        /// Whether the cards are drawn.
        launched: bool,
        /// Drawn cards not placed yet.
        hand: Vec<SectorId>,
        /// Spaces placed this explore.
        chain: Vec<Space>,
    },
    /// Move (§8.B).
    Move {
        /// Blue spent (None until chosen).
        boost: Option<u8>,
        /// Origins used, with the fleets still free to leave each.
        origins: Vec<(Space, u8)>,
        /// Fleets that arrived in each space during this action: they have moved, and do
        /// not move on from there (§8.B; item 57).
        arrived: Vec<(Space, u8)>,
    },
    /// Build (§8.C): options left.
    Build {
        /// Options left (2 at the start).
        options: u8,
    },
    /// Attack (§8.D): options left.
    Attack {
        /// Options left (2 at the start).
        options: u8,
        /// An Attack Fleets option gathering its origins: the target, the first origin and the
        /// boundaries its fleets crossed. Combat starts with the second origin or `engage`.
        gather: Option<(Space, Space, u8)>,
    },
}

/// Where a player's turn stands.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum TurnStage {
    /// Choosing M-Brain bonus resources.
    Bonus {
        /// How many are left to choose.
        left: u8,
    },
    /// Choosing the main action.
    Main,
    /// Performing a core action.
    Act(Act),
    /// Choosing whether to activate a module.
    Module,
    /// Claiming an objective slot or ending the turn.
    Claim,
}

/// A player's turn (phase 2).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct TurnState {
    pub(crate) seat: Seat,
    pub(crate) stage: TurnStage,
    pub(crate) main: Option<CoreAction>,
    pub(crate) module: Option<CoreAction>,
    pub(crate) facts: TurnFacts,
    /// Whether the one claim of the turn is made.
    pub(crate) claimed: bool,
}

impl TurnState {
    /// Whether the core action in progress is the module's (a module is activated once, after
    /// the main action).
    pub(crate) fn in_module(&self) -> bool {
        self.module.is_some()
    }
}

/// A sealed choice made one track at a time (a fleet roster or a hit allocation).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Sealed {
    pub(crate) counts: [u8; 5],
    /// Tracks that may take a value (bit per ship type).
    pub(crate) tracks: u8,
    /// The next track to set.
    pub(crate) next: u8,
    /// What is still to place.
    pub(crate) left: u8,
    pub(crate) done: bool,
}

/// A combat round's rolls (§9.A steps 3–5), from the first die to the round's end.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Rolls {
    /// The seats that rolled all their dice.
    pub(crate) rolled: SeatSet,
    /// The faces each seat's dice showed this round, in the order rolled (the seat rolling
    /// now: its dice so far).
    pub(crate) faces: PerSeat<Vec<Pip>>,
    /// Each seat's hits (its fives and sixes), once it rolled all its dice.
    pub(crate) hits: PerSeat<u8>,
}

impl Rolls {
    /// No die rolled yet among `seats` seats.
    pub(crate) fn new(seats: usize) -> Rolls {
        Rolls {
            rolled: SeatSet::default(),
            faces: PerSeat::from_fn(seats, |_| Vec::new()),
            hits: PerSeat::from_fn(seats, |_| 0),
        }
    }
}

/// Where a combat stands; each stage holds what exists only in it.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum CombatStage {
    /// Sealed fleet configuration (§9.A step 2).
    Configure {
        /// Each seat's roster so far.
        configs: PerSeat<Sealed>,
    },
    /// Rolling, seat by seat and die by die (steps 3–5).
    Roll(Rolls),
    /// Sealed hit allocation (step 6).
    Allocate {
        /// The round's rolls.
        rolls: Rolls,
        /// Each seat's allocation so far.
        allocs: PerSeat<Sealed>,
    },
    /// Marking in order (step 8): the marker at `at` in `order`, with `open` hits needing a
    /// choice of opponent.
    Mark {
        /// The round's rolls.
        rolls: Rolls,
        /// The revealed allocations.
        allocs: PerSeat<Sealed>,
        /// The marks so far.
        marks: Marks,
        /// Marking order.
        order: Vec<Seat>,
        /// Who marks now.
        at: usize,
        /// Hits left that need a choice.
        open: Roster,
    },
}

impl CombatStage {
    /// The round's rolls, once rolling has begun.
    pub(crate) fn rolls(&self) -> Option<&Rolls> {
        match self {
            CombatStage::Configure { .. } => None,
            CombatStage::Roll(r)
            | CombatStage::Allocate { rolls: r, .. }
            | CombatStage::Mark { rolls: r, .. } => Some(r),
        }
    }

    /// The sealed choices being made (rosters or allocations), while sealing.
    pub(crate) fn sealing(&self) -> Option<&PerSeat<Sealed>> {
        match self {
            CombatStage::Configure { configs } => Some(configs),
            CombatStage::Allocate { allocs, .. } => Some(allocs),
            CombatStage::Roll(_) | CombatStage::Mark { .. } => None,
        }
    }
}

/// A combat (§9), with the turn it interrupts.
#[derive(Clone, PartialEq, Debug)]
pub struct CombatPhase {
    pub(crate) sector: Space,
    pub(crate) attacker: Seat,
    pub(crate) previous: Option<Seat>,
    pub(crate) structure_owners: SeatSet,
    pub(crate) fleets_in: PerSeat<u8>,
    pub(crate) stage: CombatStage,
    /// The rosters as revealed (every roster empty while configuring).
    pub(crate) start: Battle,
    /// The rosters now.
    pub(crate) battle: Battle,
    pub(crate) round: u8,
    pub(crate) resume: TurnState,
}

/// Where the game stands.
#[derive(Clone, PartialEq, Debug)]
#[must_use = "a step that leaves its phase returns the next one"]
pub enum Phase {
    /// Setup step 11: `seat` places its starting sector cards.
    Setup {
        /// Who.
        seat: Seat,
        /// The drawn cards not placed yet.
        hand: Vec<SectorId>,
        /// How many it placed.
        placed: u8,
    },
    /// Phase 1 of the first round: the order cards are being dealt.
    FirstDeal,
    /// Phase 1 of a later round.
    Orders(Box<OrderPhase>),
    /// Phase 2: a player's turn.
    Turn(Box<TurnState>),
    /// A combat inside a turn.
    Combat(Box<CombatPhase>),
    /// The game is over.
    Over {
        /// Why.
        trigger: EndTrigger,
    },
}

/// The table: everything that lasts from phase to phase (the map, fleets, control,
/// structures, storages, markers, decks, the positions' cards, the objective row and claims,
/// the round and its order cards), with the content it was set up from.
#[derive(Clone, PartialEq, Debug)]
pub struct Table {
    pub(crate) rules: Arc<Rules>,
    pub(crate) map: Map,
    /// Fleets per space (row-major), per seat.
    pub(crate) fleets: Vec<[u8; 4]>,
    /// Controller per space.
    pub(crate) control: Vec<Option<Seat>>,
    pub(crate) structures: Vec<Placed>,
    pub(crate) storage: PerSeat<Resources>,
    pub(crate) marker: PerSeat<Option<CoreAction>>,
    pub(crate) homes: PerSeat<Space>,
    /// Sector cards still in the deck (bit per card).
    pub(crate) deck: u128,
    /// Directive and module draw piles and discard piles per tier (bit per card).
    pub(crate) dir_draw: [u64; 3],
    pub(crate) dir_discard: [u64; 3],
    pub(crate) mod_draw: [u64; 3],
    pub(crate) mod_discard: [u64; 3],
    /// Each position's directive and module.
    pub(crate) slots: [(Option<DirectiveId>, Option<ModuleId>); 4],
    pub(crate) objective_deck: u64,
    /// The public row.
    pub(crate) row: Vec<ObjectiveId>,
    pub(crate) claims: ObjectiveRow,
    /// Pending chance draws, in order.
    pub(crate) draws: Vec<Draw>,
    pub(crate) round: u32,
    pub(crate) order: Vec<Seat>,
    /// The round's order cards, from the first deal on.
    pub(crate) cards: Option<PerSeat<OrderCard>>,
    pub(crate) progress: bool,
}

/// A game of Milkomeda: the table and where the game stands on it.
#[derive(Clone, PartialEq, Debug)]
pub struct Milkomeda {
    pub(crate) table: Table,
    pub(crate) phase: Phase,
}

impl Table {
    /// The number of seats.
    pub(crate) fn seats(&self) -> usize {
        self.rules.seats()
    }

    pub(crate) fn idx(&self, s: Space) -> usize {
        usize::from(s.row()) * usize::from(self.map.size().width()) + usize::from(s.col())
    }

    /// `seat`'s fleets in `space`.
    pub(crate) fn fleets_at(&self, space: Space, seat: Seat) -> u8 {
        self.fleets[self.idx(space)][seat.index()]
    }

    pub(crate) fn set_fleets(&mut self, space: Space, seat: Seat, n: u8) {
        let i = self.idx(space);
        self.fleets[i][seat.index()] = n;
    }

    /// Who controls `space`.
    pub(crate) fn controller(&self, space: Space) -> Option<Seat> {
        self.control[self.idx(space)]
    }

    pub(crate) fn controls(&self, seat: Seat, space: Space) -> bool {
        self.controller(space) == Some(seat)
    }

    /// Reassesses control of `space` after a move or attack (glossary, §8.B): most fleets, a
    /// tie kept by the controller before.
    pub(crate) fn recontrol(&mut self, space: Space) -> Option<Seat> {
        let i = self.idx(space);
        let counts = PerSeat::from_fn(self.seats(), |s| self.fleets[i][s.index()]);
        let c = controller(&counts, self.control[i]);
        self.control[i] = c;
        c
    }

    /// `seat`'s fleet tokens on the map.
    pub(crate) fn fleets_on_map(&self, seat: Seat) -> u32 {
        self.fleets.iter().map(|f| u32::from(f[seat.index()])).sum()
    }

    pub(crate) fn sector_values(&self, sector: SectorRef) -> Resources {
        match sector {
            SectorRef::Homeworld(_) => crate::rules::income::HOMEWORLD_VALUES,
            SectorRef::Card(c) => self.rules.sector(c).values,
        }
    }

    pub(crate) fn keywords_at(&self, space: Space) -> &[Keyword] {
        match self.map.tile(space).map(|t| t.sector) {
            Some(SectorRef::Card(c)) => &self.rules.sector(c).keywords,
            _ => &[],
        }
    }

    /// `seat`'s active structure of this kind in a sector it controls, if any.
    pub(crate) fn active_structure(&self, seat: Seat, structure: Structure) -> Vec<Space> {
        self.structures
            .iter()
            .filter(|p| {
                p.owner == seat
                    && p.structure == structure
                    && p.active
                    && self.controls(seat, p.space)
            })
            .map(|p| p.space)
            .collect()
    }

    pub(crate) fn has_active_at(&self, seat: Seat, structure: Structure, space: Space) -> bool {
        self.active_structure(seat, structure).contains(&space)
    }

    /// Pays `cost`; legal actions only offer what the storage covers (checked in tests).
    pub(crate) fn pay(&mut self, seat: Seat, cost: Resources) {
        debug_assert!(
            self.storage[seat].covers(cost),
            "{seat} pays {cost} with only {}",
            self.storage[seat]
        );
        self.storage[seat] = self.storage[seat]
            .checked_sub(cost)
            .unwrap_or(Resources::ZERO);
    }

    pub(crate) fn gain(&mut self, seat: Seat, gain: Resources) {
        self.storage[seat] = self.storage[seat].saturating_add(gain);
    }

    /// Cards left in the sector deck.
    pub(crate) fn deck_left(&self) -> usize {
        self.deck.count_ones() as usize
    }
}

impl Milkomeda {
    /// `seat`'s fleets in `space`.
    pub fn fleets_at(&self, space: Space, seat: Seat) -> u8 {
        self.table.fleets_at(space, seat)
    }

    /// Who controls `space`.
    pub fn controller(&self, space: Space) -> Option<Seat> {
        self.table.controller(space)
    }

    /// `seat`'s fleet tokens on the map.
    pub fn fleets_on_map(&self, seat: Seat) -> u32 {
        self.table.fleets_on_map(seat)
    }

    /// The storage of `seat`.
    pub fn storage(&self, seat: Seat) -> Resources {
        self.table.storage[seat]
    }

    /// The config.
    pub fn config(&self) -> &Config {
        &self.table.rules.config
    }

    /// The phase.
    pub fn phase(&self) -> &Phase {
        &self.phase
    }

    /// The map.
    pub fn map(&self) -> &Map {
        &self.table.map
    }

    /// The round (from 1; 0 during setup).
    pub fn round(&self) -> u32 {
        self.table.round
    }

    /// Why the game ended, once it has.
    pub fn ended(&self) -> Option<EndTrigger> {
        match self.phase {
            Phase::Over { trigger } => Some(trigger),
            _ => None,
        }
    }

    /// The final score of every seat, once the game is over.
    pub fn final_scores(&self) -> Option<PerSeat<Score>> {
        self.ended().map(|e| self.table.scores_now(Some(e)))
    }

    /// The structures on the map.
    pub fn structures(&self) -> &[Placed] {
        &self.table.structures
    }

    /// Cards left in the sector deck.
    pub fn deck_left(&self) -> usize {
        self.table.deck_left()
    }

    /// The sector an attack is gathering in (fleets moved in, combat not started yet) or a
    /// combat is being fought in: control there waits for the combat's end.
    pub fn contested(&self) -> Option<Space> {
        match &self.phase {
            Phase::Combat(c) => Some(c.sector),
            Phase::Turn(t) => match &t.stage {
                TurnStage::Act(Act::Attack {
                    gather: Some((target, _, _)),
                    ..
                }) => Some(*target),
                _ => None,
            },
            _ => None,
        }
    }

    /// The round's turn order.
    pub fn turn_order(&self) -> &[Seat] {
        &self.table.order
    }

    /// Applies `action` by the rules: each (phase, action) pair goes to its rule's handler,
    /// which takes the phase's own data and the table, and says which phase follows when the
    /// step leaves this one.
    fn step_rules(&mut self, actor: Actor, action: Action, events: &mut Events<Event>) {
        let Milkomeda { table, phase } = self;
        let next = match (actor, phase, action) {
            (Actor::Chance, phase, action) if !table.draws.is_empty() => {
                let draw = table.draws.remove(0);
                table.draw_step(phase, draw, action, events)
            }
            (
                Actor::Seat(seat),
                Phase::Setup { hand, placed, .. },
                Action::Place {
                    card,
                    space,
                    rotation,
                },
            ) => table.setup_place(seat, hand, placed, (card, space, rotation), events),
            (Actor::Seat(seat), Phase::Setup { hand, .. }, Action::Done) => {
                Some(table.setup_done(seat, hand, events))
            }
            (Actor::Seat(seat), Phase::Orders(o), Action::AddBribe(r)) => {
                table.add_bribe(o, seat, r);
                None
            }
            (
                Actor::Seat(seat),
                Phase::Orders(o),
                action @ (Action::Offer(_) | Action::Transfer | Action::Withdraw | Action::Keep),
            ) => {
                table.close_bribe(o, seat, action, events);
                None
            }
            (Actor::Seat(_), Phase::Orders(o), Action::Propose(to)) => {
                table.propose(o, to, events);
                None
            }
            (Actor::Seat(_), Phase::Orders(o), Action::Refresh(choice)) => {
                Table::choose_refresh(o, choice, events);
                None
            }
            (Actor::Seat(_), Phase::Orders(o), Action::Give(to)) => table.give(o, to, events),
            (Actor::Seat(_), Phase::Turn(t), action) => table.turn_step(t, action, events),
            (actor, Phase::Combat(c), action) => table.combat_step(c, actor, action, events),
            (actor, phase, action) => {
                debug_assert!(false, "illegal step {action:?} by {actor:?} in {phase:?}");
                None
            }
        };
        if let Some(next) = next {
            self.phase = next;
        }
    }
}

/// Who owes a sealed choice of `sealed`.
fn owing(sealed: &PerSeat<Sealed>) -> SeatSet {
    sealed
        .iter()
        .filter(|(_, s)| !s.done)
        .map(|(seat, _)| seat)
        .collect()
}

impl Game for Milkomeda {
    gridwright_engine::game_types!();

    fn new(config: &Config) -> Result<Self, SetupError> {
        Milkomeda::setup(config)
    }

    fn num_seats(&self) -> usize {
        self.table.seats()
    }

    fn turn(&self) -> Turn {
        if !self.table.draws.is_empty() {
            return Turn::Chance;
        }
        match &self.phase {
            Phase::Setup { seat, .. } => Turn::Seat(*seat),
            Phase::FirstDeal => Turn::Chance,
            Phase::Orders(o) => match o.stage {
                OrderStage::Offers { seat, .. } => Turn::Seat(seat),
                OrderStage::Propose | OrderStage::Refresh | OrderStage::Give => {
                    Turn::Seat(o.master)
                }
            },
            Phase::Turn(t) => Turn::Seat(t.seat),
            Phase::Combat(c) => match &c.stage {
                CombatStage::Configure { configs: sealed }
                | CombatStage::Allocate { allocs: sealed, .. } => Turn::Simultaneous(owing(sealed)),
                CombatStage::Roll(_) => Turn::Chance,
                CombatStage::Mark { order, at, .. } => {
                    order.get(*at).map_or(Turn::Chance, |s| Turn::Seat(*s))
                }
            },
            Phase::Over { .. } => Turn::Terminal,
        }
    }

    fn legal_actions(&self, seat: Seat, out: &mut Vec<Action>) {
        if !self.turn().includes(seat) {
            return;
        }
        let start = out.len();
        let table = &self.table;
        match &self.phase {
            Phase::Setup { hand, placed, .. } => table.setup_actions(seat, hand, *placed, out),
            Phase::Orders(o) => table.order_actions(seat, o, out),
            Phase::Turn(t) => table.turn_actions(t, out),
            Phase::Combat(c) => c.actions(seat, out),
            Phase::FirstDeal | Phase::Over { .. } => {}
        }
        // Most other lists come out sorted and unique already; sort only when needed.
        if !out[start..].is_sorted() {
            out[start..].sort_unstable();
        }
        if out[start..].windows(2).any(|w| w[0] == w[1]) {
            let mut v = out.split_off(start);
            v.dedup();
            out.append(&mut v);
        }
    }

    fn chance_outcomes(&self, out: &mut Vec<(Action, u32)>) {
        if self.turn() != Turn::Chance {
            return;
        }
        if let Some(d) = self.table.draws.first() {
            self.table.draw_outcomes(*d, out);
        } else if let Phase::Combat(c) = &self.phase {
            c.roll_outcomes(out);
        }
    }

    fn step(&mut self, actor: Actor, action: Action, events: &mut Events<Event>) {
        // The audit log's levels (`fold.rs`): only while events are recorded.
        let before = events.is_enabled().then(|| crate::fold::Snapshot::of(self));
        self.step_rules(actor, action, events);
        self.table.settle_draws(events);
        if let Some(b) = before {
            b.emit_changes(self, events);
        }
    }

    fn returns(&self) -> PerSeat<f64> {
        match self.final_scores() {
            Some(scores) => crate::rules::scoring::returns(&scores),
            None => PerSeat::from_fn(self.num_seats(), |_| 0.0),
        }
    }

    fn observe(&self, viewer: Viewer) -> Observation {
        crate::observe::observe(self, viewer)
    }

    fn max_game_length(&self) -> usize {
        let n = self.num_seats();
        // A round: every seat's dice one by one, four allocation steps each, ten marks each.
        let dice = n * usize::from(crate::rules::combat::MAX_DICE);
        let combat = 4 * n + usize::from(COMBAT_ROUND_CAP) * (dice + 4 * n + 10 * n) + 2;
        // Probes, launch, one step per card drawn (at most the deck), done.
        let explore = 2 + 1 + self.table.rules.config.sectors.len() + 1;
        let mv = 2 + 2 * usize::from(crate::rules::combat::MAX_FLEETS);
        let attack = 2 * (1 + combat) + 1;
        let act = explore.max(mv).max(attack).max(3);
        let turn = 4 + 1 + act + 1 + act + 1;
        let round = 1 + 2 * n + 1 + 2 * n + 2 + n * turn;
        let setup = 5 + 8 + n * 6;
        setup + self.table.rules.config.round_limit as usize * round + 16
    }

    fn action_text(&self, action: &Action) -> String {
        crate::text::action_text(self, action)
    }

    fn event_text(&self, event: &Event) -> String {
        crate::text::event_text(self, event)
    }

    /// Accepts the text of a legal action as shown (`place Sector 7 at column 2, row 1
    /// turned 90°`) or in the short form (`place s07 c2r1 90`), case and spacing ignored.
    fn parse_action(&self, seat: Seat, text: &str) -> Result<Action, String> {
        crate::text::parse_action(self, seat, text)
    }

    fn action_visible_to(&self, actor: Actor, action: &Action, viewer: Viewer) -> bool {
        match (actor, action) {
            (Actor::Seat(s), Action::Ships(_) | Action::Hits(_)) => viewer.sees_secrets_of(s),
            (Actor::Chance, Action::Deal(_)) => false,
            _ => true,
        }
    }

    fn redact_event(&self, event: &Event, viewer: Viewer) -> Option<Event> {
        match event {
            Event::OwnSealed { seat, .. } if !viewer.sees_secrets_of(*seat) => None,
            _ => Some(event.clone()),
        }
    }

    fn resample(&self, seat: Seat, rng: &mut Rng) -> Self {
        crate::observe::resample(self, seat, rng)
    }
}
