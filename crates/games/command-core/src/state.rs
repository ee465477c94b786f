//! The game state, its phases and its [`Game`] implementation.
//!
//! The rules live in `rules/`, one file per area of the seed (the map is in
//! `docs/architecture.md`); this file holds the state and dispatches each phase to them. They
//! run in the seed's order: setup, then each round ordering → programming → execution →
//! combat → cleanup.

use crate::action::{Action, CardSet, Face, MechId, Pool, Pos, Program};
use crate::config::{Config, MAX_MECHS, MAX_WEAPONS};
use crate::event::Event;
use crate::observe::Observation;
use crate::rules::crits::reveal_outcomes;
use crate::rules::program::random_program;
use crate::rules::{Rules, Squares};
use gridwright_engine::geom::{Arc, Dir8};
use gridwright_engine::win_loss_returns;
use gridwright_engine::{
    Actor, ChanceMode, Events, Game, GameInfo, Information, PerSeat, Rng, Seat, SetupError, Turn,
    Viewer,
};
use serde::{Deserialize, Serialize};
use std::sync::Arc as Shared;

// The exact-odds module reads the cancelling rule from here.
pub(crate) use crate::rules::combat::cancel;

/// Command Core is for exactly two seats; the opponent of `seat` is `seat.next(SEATS)`.
pub(crate) const SEATS: usize = 2;

/// Static facts about Command Core.
pub const INFO: GameInfo = GameInfo {
    short_name: "command-core",
    long_name: "Command Core",
    summary: "Mech combat on a square grid: draft activation numbers, program directives in \
              secret, run them, and fight with Surge-fuelled attack dice and Flux-fuelled armour.",
    min_seats: 2,
    max_seats: 2,
    chance: ChanceMode::Explicit,
    information: Information::Imperfect,
    // 2: a program is chosen one slot at a time (`program 1 dash`, `seal 1`), not whole.
    // 3: any slot may be left empty (`leave 1`, no `seal`), every program takes one step per
    //    slot and nothing of it is shown to the other seat until all are sealed; a weapon's
    //    delta is paid before its target is chosen.
    rules_version: "3",
};

/// Why the game ended.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum EndReason {
    /// A player has no mechs left.
    Destruction,
    /// The round limit was reached; remaining structure decides.
    RoundLimit,
}

/// Where the game is. Public information only.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "phase", rename_all = "snake_case")]
pub enum Phase {
    /// Chance: who decides the placement order.
    DrawChooser,
    /// `chooser` places first or second.
    ChoosePlacementOrder {
        /// The seat choosing.
        chooser: Seat,
    },
    /// `seat` deploys one mech.
    Deploy {
        /// The seat deploying.
        seat: Seat,
    },
    /// `seat` drafts an ordering number.
    Ordering {
        /// The seat drafting.
        seat: Seat,
    },
    /// Every seat with uncommitted mechs commits programs (hidden, simultaneous).
    Programming,
    /// Chance: a random card for an empty slot of the executing mech.
    Fill {
        /// The executing mech.
        mech: MechId,
        /// The slot being filled.
        slot: u8,
    },
    /// Chance: attack dice a mech rolls against itself for what it could not pay.
    SelfDamage {
        /// The mech.
        mech: MechId,
        /// Dice still to roll.
        dice: u8,
    },
    /// `mech` chooses a weapon, or holds fire.
    ChooseAttack {
        /// The attacker.
        mech: MechId,
    },
    /// `mech` has paid its weapon's delta and chooses the target.
    ChooseTarget {
        /// The attacker.
        mech: MechId,
        /// The weapon it fires.
        weapon: u8,
    },
    /// Chance: the attack dice.
    AttackRoll,
    /// The attacker may reroll attack dice with Surge.
    AttackReroll,
    /// Chance: the defender's armour dice.
    ArmourRoll,
    /// Chance: the defender's evade dice.
    EvadeRoll,
    /// The defender may reroll armour dice with Flux and evade dice with Surge.
    DefenceReroll,
    /// Chance: one rerolled die.
    RerollDie {
        /// Its pool.
        pool: Pool,
    },
    /// Chance: the cards a crit reveals.
    CritReveal {
        /// The damaged mech.
        mech: MechId,
    },
    /// The attacker may put revealed cards back with targeting tokens.
    CritPutBack {
        /// The damaged mech.
        mech: MechId,
    },
    /// The defender depletes one of the revealed cards left.
    CritDeplete {
        /// The damaged mech.
        mech: MechId,
    },
    /// The game is over.
    Over {
        /// The winner, or `None` for a draw.
        winner: Option<Seat>,
        /// How it ended.
        reason: EndReason,
    },
}

pub(crate) const PLACED: u8 = 1;
pub(crate) const COMMITTED: u8 = 2;
pub(crate) const REVEALED_FLAG: u8 = 4;
pub(crate) const EXECUTED: u8 = 8;

/// One mech (24 bytes; the state holds a fixed array of them).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub(crate) struct Mech {
    pub pos: u8,
    pub facing: Dir8,
    pub structure: u8,
    pub surge: u8,
    pub flux: u8,
    pub tokens: u8,
    /// Ordering number this round; 0 = none yet.
    pub order: u8,
    pub flags: u8,
    /// Depleted cards, as a [`CardSet`] mask.
    pub depleted: u16,
    pub program: Program,
}

impl Mech {
    const EMPTY: Mech = Mech {
        pos: 0,
        facing: Dir8::N,
        structure: 0,
        surge: 0,
        flux: 0,
        tokens: 0,
        order: 0,
        flags: 0,
        depleted: 0,
        program: Program::EMPTY,
    };

    #[inline]
    pub fn has(&self, flag: u8) -> bool {
        self.flags & flag != 0
    }

    /// On the board and not destroyed.
    #[inline]
    pub fn alive(&self) -> bool {
        self.has(PLACED) && self.structure > 0
    }

    /// Depleted directives as a mask over directive indices.
    #[inline]
    pub fn depleted_directives(&self) -> u16 {
        self.depleted >> MAX_WEAPONS
    }
}

/// Where the game is, with the data that exists only there: an attack's dice live in
/// [`Stage::Attack`], the dice a mech owes itself in [`Stage::SelfDamage`], the crits being
/// resolved in [`Stage::Crit`], so none of it outlives its step. [`Phase`] is its public face
/// ([`CommandCore::phase`]), serialized in observations.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Stage {
    /// Chance: who decides the placement order.
    DrawChooser,
    /// `chooser` places first or second.
    ChoosePlacementOrder { chooser: Seat },
    /// `seat` deploys one mech.
    Deploy { seat: Seat },
    /// `seat` drafts an ordering number.
    Ordering { seat: Seat },
    /// Every seat with uncommitted mechs builds their programs, one slot at a time, in mech
    /// order. `drafts[s]` is what seat `s` has put so far into its next mech's program and
    /// `next[s]` how many of its slots are decided (sealed into the mech once all are).
    Programming {
        drafts: [Program; SEATS],
        next: [u8; SEATS],
    },
    /// Chance: a random card for an empty slot of the executing mech.
    Fill { mech: MechId, slot: u8 },
    /// Chance: `dice` more attack dice a mech rolls against itself.
    SelfDamage { owed: Owed, dice: u8 },
    /// `mech` chooses a weapon, or holds fire.
    ChooseAttack { mech: MechId },
    /// The attack's weapon has fired and its delta is paid: its owner chooses the target
    /// (`attack.target` and `attack.arc` are set then).
    ChooseTarget { attack: Attack },
    /// An attack, from its roll until it is cancelled.
    Attack { attack: Attack, step: AttackStep },
    /// The crits of damage just dealt.
    Crit { crits: Crits, step: CritStep },
    /// The game is over.
    Over {
        winner: Option<Seat>,
        reason: EndReason,
    },
}

/// An attack from the moment its weapon fires until its damage and crits are dealt with.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Attack {
    pub attacker: u8,
    pub target: u8,
    pub weapon: u8,
    /// The target's arc the attacker stands in.
    pub arc: Arc,
    /// Per pool (attack, armour, evade): dice not yet rerolled, by face slot.
    pub fresh: [[u8; 3]; 3],
    /// Per pool: dice already rerolled, by face slot.
    pub rerolled: [[u8; 3]; 3],
}

impl Attack {
    /// Total dice of `pool` showing face slot `f`.
    pub fn total(&self, pool: Pool, f: usize) -> u8 {
        self.fresh[pool as usize][f] + self.rerolled[pool as usize][f]
    }
}

/// Where an attack stands.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum AttackStep {
    /// Chance: the attack dice.
    Roll,
    /// The attacker may reroll attack dice with Surge.
    Reroll,
    /// Chance: the defender's armour dice.
    ArmourRoll,
    /// Chance: the defender's evade dice.
    EvadeRoll,
    /// The defender may reroll armour dice with Flux and evade dice with Surge.
    DefenceReroll,
    /// Chance: one die of `pool`, which showed `from`, rerolled.
    RerollDie { pool: Pool, from: Face },
}

/// Why a mech rolls attack dice against itself, which also says what follows.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Unpaid {
    /// Its program's delta: execution goes on with the next mech.
    Program,
    /// The delta of the weapon it fired: the target is chosen next, if the mech survives.
    Weapon(Attack),
}

/// The dice a mech owes itself and what they have done so far.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Owed {
    pub mech: u8,
    pub unpaid: Unpaid,
    pub damage: u8,
    pub crits: u8,
}

/// What dealt damage, which also says what follows once its crits are resolved.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Cause {
    /// Dice a mech rolled against itself.
    Unpaid(Unpaid),
    /// An attack: the next mech's attack follows.
    Attack(Attack),
}

/// Crits a damaged mech has still to resolve.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Crits {
    pub victim: u8,
    /// Crits still to resolve, the one in progress included.
    pub left: u8,
    pub cause: Cause,
}

impl Crits {
    /// The attacking mech, which may put cards back; `None` for damage a mech did to itself.
    pub fn attacker(&self) -> Option<u8> {
        match self.cause {
            Cause::Attack(a) => Some(a.attacker),
            Cause::Unpaid(_) => None,
        }
    }
}

/// Where a crit stands.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum CritStep {
    /// Chance: the cards revealed.
    Reveal,
    /// The attacker may put revealed cards back with targeting tokens.
    PutBack(Revealed),
    /// The defender depletes one of the revealed cards left.
    Deplete(Revealed),
}

/// The cards a crit revealed that are still out, and how many were put back.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Revealed {
    pub cards: u16,
    pub put_back: u8,
}

/// A Command Core game in progress.
///
/// A fixed array of 24-byte mechs, the stage (the phase with the data only it needs) and a few
/// counters, with the immutable content behind a shared pointer: cloning copies under 200
/// bytes and allocates nothing.
///
/// # Examples
/// ```
/// use gridwright_command_core::{CommandCore, Content};
/// use gridwright_engine::{Game, Turn};
/// let game = CommandCore::new(&Content::builtin()?.config("duel")?)?;
/// assert_eq!(game.turn(), Turn::Chance); // who chooses the placement order
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, PartialEq, Debug)]
pub struct CommandCore {
    pub(crate) rules: Shared<Rules>,
    pub(crate) mechs: [Mech; MAX_MECHS],
    pub(crate) n: u8,
    pub(crate) occupied: Squares,
    pub(crate) stage: Stage,
    pub(crate) round: u16,
    pub(crate) first_placer: Seat,
    /// Numbers handed out this round (M).
    pub(crate) numbers: u8,
    /// The ordering number being executed or attacking.
    pub(crate) cursor: u8,
}

impl CommandCore {
    /// The config the game was built from.
    pub fn config(&self) -> &Config {
        &self.rules.config
    }

    /// The current phase.
    pub fn phase(&self) -> Phase {
        match self.stage {
            Stage::DrawChooser => Phase::DrawChooser,
            Stage::ChoosePlacementOrder { chooser } => Phase::ChoosePlacementOrder { chooser },
            Stage::Deploy { seat } => Phase::Deploy { seat },
            Stage::Ordering { seat } => Phase::Ordering { seat },
            Stage::Programming { .. } => Phase::Programming,
            Stage::Fill { mech, slot } => Phase::Fill { mech, slot },
            Stage::SelfDamage { owed, dice } => Phase::SelfDamage {
                mech: MechId(owed.mech),
                dice,
            },
            Stage::ChooseAttack { mech } => Phase::ChooseAttack { mech },
            Stage::ChooseTarget { attack } => Phase::ChooseTarget {
                mech: MechId(attack.attacker),
                weapon: attack.weapon,
            },
            Stage::Attack { step, .. } => match step {
                AttackStep::Roll => Phase::AttackRoll,
                AttackStep::Reroll => Phase::AttackReroll,
                AttackStep::ArmourRoll => Phase::ArmourRoll,
                AttackStep::EvadeRoll => Phase::EvadeRoll,
                AttackStep::DefenceReroll => Phase::DefenceReroll,
                AttackStep::RerollDie { pool, .. } => Phase::RerollDie { pool },
            },
            Stage::Crit { crits, step } => {
                let mech = MechId(crits.victim);
                match step {
                    CritStep::Reveal => Phase::CritReveal { mech },
                    CritStep::PutBack(_) => Phase::CritPutBack { mech },
                    CritStep::Deplete(_) => Phase::CritDeplete { mech },
                }
            }
            Stage::Over { winner, reason } => Phase::Over { winner, reason },
        }
    }

    /// The current round (0 during setup).
    pub fn round(&self) -> u16 {
        self.round
    }

    /// Number of mechs (destroyed ones included: ids never change).
    pub fn mech_count(&self) -> usize {
        usize::from(self.n)
    }

    /// The owner of `mech`, if the game has that mech.
    pub fn owner(&self, mech: MechId) -> Option<Seat> {
        self.rules.mechs.get(mech.index()).map(|m| m.owner)
    }

    /// Where `mech` stands and faces, if it is on the board.
    pub fn position(&self, mech: MechId) -> Option<(Pos, Dir8)> {
        let m = self.mechs.get(mech.index())?;
        m.alive().then(|| {
            let (x, y) = self.rules.xy(m.pos);
            (Pos::new(x, y), m.facing)
        })
    }

    /// Remaining structure of `mech` (0 once destroyed).
    pub fn structure(&self, mech: MechId) -> u8 {
        self.mechs.get(mech.index()).map_or(0, |m| m.structure)
    }

    /// Surge and Flux of `mech`.
    pub fn surge_flux(&self, mech: MechId) -> (u8, u8) {
        self.mechs
            .get(mech.index())
            .map_or((0, 0), |m| (m.surge, m.flux))
    }

    /// Total remaining structure of each seat's mechs.
    pub fn total_structure(&self) -> PerSeat<u32> {
        let mut t = PerSeat::from_fn(SEATS, |_| 0u32);
        for (i, m) in self.live() {
            t[self.rules.mechs[i].owner] += u32::from(m.structure);
        }
        t
    }

    /// The winner once the game is over (`None` for a draw or while playing).
    pub fn winner(&self) -> Option<Seat> {
        match self.stage {
            Stage::Over { winner, .. } => winner,
            _ => None,
        }
    }

    #[inline]
    pub(crate) fn owner_of(&self, i: usize) -> Seat {
        self.rules.mechs[i].owner
    }

    /// Live mechs with their indices.
    #[inline]
    pub(crate) fn live(&self) -> impl Iterator<Item = (usize, &Mech)> + '_ {
        self.mechs[..usize::from(self.n)]
            .iter()
            .enumerate()
            .filter(|(_, m)| m.alive())
    }

    /// The live mech holding ordering number `k`.
    pub(crate) fn numbered(&self, k: u8) -> Option<usize> {
        self.live().find(|(_, m)| m.order == k).map(|(i, _)| i)
    }

    /// Undepleted cards of mech `i`.
    pub(crate) fn attached(&self, i: usize) -> u16 {
        self.rules.chassis_of(i).all_cards & !self.mechs[i].depleted
    }

    pub(crate) fn mech_id(i: usize) -> MechId {
        MechId(i as u8)
    }

    pub(crate) fn pos_of(&self, square: u8) -> Pos {
        let (x, y) = self.rules.xy(square);
        Pos::new(x, y)
    }

    /// Goes on once damage (and its crits) has been dealt with: what follows depends on what
    /// caused it.
    pub(crate) fn resume(&mut self, cause: Cause, ev: &mut Events<Event>) {
        if matches!(self.stage, Stage::Over { .. }) {
            return;
        }
        match cause {
            Cause::Unpaid(Unpaid::Program) => {
                self.cursor += 1;
                self.next_execution(ev);
            }
            Cause::Unpaid(Unpaid::Weapon(attack)) => {
                if self.mechs[usize::from(attack.attacker)].alive() {
                    self.stage = Stage::ChooseTarget { attack };
                } else {
                    self.next_attacker(ev);
                }
            }
            Cause::Attack(_) => self.next_attacker(ev),
        }
    }

    /// The cards the crit in progress has revealed and not put back (none outside a crit).
    pub(crate) fn revealed(&self) -> CardSet {
        match self.stage {
            Stage::Crit {
                step: CritStep::PutBack(r) | CritStep::Deplete(r),
                ..
            } => CardSet(r.cards),
            _ => CardSet(0),
        }
    }

    /// The seat that must act now, for single-seat phases.
    fn seat_to_act(&self) -> Option<Seat> {
        match self.stage {
            Stage::ChoosePlacementOrder { chooser: s }
            | Stage::Deploy { seat: s }
            | Stage::Ordering { seat: s } => Some(s),
            Stage::ChooseAttack { mech } => Some(self.owner_of(mech.index())),
            Stage::ChooseTarget { attack } => Some(self.owner_of(usize::from(attack.attacker))),
            Stage::Attack {
                attack,
                step: AttackStep::Reroll,
            } => Some(self.owner_of(usize::from(attack.attacker))),
            Stage::Attack {
                attack,
                step: AttackStep::DefenceReroll,
            } => Some(self.owner_of(usize::from(attack.target))),
            Stage::Crit {
                crits,
                step: CritStep::PutBack(_),
            } => crits.attacker().map(|a| self.owner_of(usize::from(a))),
            Stage::Crit {
                crits,
                step: CritStep::Deplete(_),
            } => Some(self.owner_of(usize::from(crits.victim))),
            _ => None,
        }
    }
}

impl CommandCore {
    /// Applies `action` by the rules (the step without the [`Event::Next`] summary).
    fn step_rules(&mut self, actor: Actor, action: Action, ev: &mut Events<Event>) {
        let seat = match actor {
            Actor::Seat(s) => s,
            Actor::Chance => Seat::new(0),
        };
        match (self.stage, action) {
            (Stage::DrawChooser, Action::Chooser(s)) => self.draw_chooser(s, ev),
            (Stage::ChoosePlacementOrder { chooser }, Action::PlaceFirst(first)) => {
                self.choose_placement(chooser, first, ev);
            }
            (Stage::Deploy { .. }, Action::Deploy { mech, at, facing }) => {
                self.deploy(seat, mech, at, facing, ev);
            }
            (Stage::Ordering { .. }, Action::Assign { number, mech }) => {
                self.assign(seat, number, mech, ev);
            }
            (Stage::Programming { .. }, Action::Program { mech, card }) => {
                self.program_step(seat, mech, Some(card), ev);
            }
            (Stage::Programming { .. }, Action::Leave { mech }) => {
                self.program_step(seat, mech, None, ev);
            }
            (Stage::Fill { mech, slot }, Action::Fill { card, .. }) => {
                self.fill(mech, slot, card, ev);
            }
            (Stage::SelfDamage { owed, dice }, Action::AttackDice { crits, hits }) => {
                self.self_damage_rolled(owed, dice, crits, hits, ev);
            }
            (Stage::ChooseAttack { mech }, Action::Fire { weapon, .. }) => {
                self.fire(mech.index(), weapon, ev);
            }
            (Stage::ChooseTarget { attack }, Action::Aim { target }) => {
                self.aim(attack, target.index(), ev);
            }
            (Stage::ChooseAttack { mech }, Action::HoldFire) => self.hold_fire(mech, ev),
            (Stage::Attack { attack, step }, action) => self.attack_step(attack, step, action, ev),
            (Stage::Crit { crits, step }, action) => self.crit_step(crits, step, action, ev),
            (stage, action) => {
                debug_assert!(false, "illegal step {action:?} in {stage:?}");
            }
        }
    }
}

impl Game for CommandCore {
    gridwright_engine::game_types!();

    fn new(config: &Config) -> Result<Self, SetupError> {
        let rules = Rules::new(config)?;
        let n = rules.mechs.len();
        let mut mechs = [Mech::EMPTY; MAX_MECHS];
        for (i, m) in mechs.iter_mut().enumerate().take(n) {
            m.structure = rules.chassis_of(i).structure;
        }
        Ok(CommandCore {
            rules: Shared::new(rules),
            mechs,
            n: n as u8,
            occupied: Squares::default(),
            stage: Stage::DrawChooser,
            round: 0,
            first_placer: Seat::new(0),
            numbers: 0,
            cursor: 0,
        })
    }

    fn num_seats(&self) -> usize {
        2
    }

    fn turn(&self) -> Turn {
        match self.stage {
            Stage::Over { .. } => Turn::Terminal,
            Stage::Programming { .. } => Turn::Simultaneous(self.programming_seats()),
            Stage::DrawChooser
            | Stage::Fill { .. }
            | Stage::SelfDamage { .. }
            | Stage::Attack {
                step:
                    AttackStep::Roll
                    | AttackStep::ArmourRoll
                    | AttackStep::EvadeRoll
                    | AttackStep::RerollDie { .. },
                ..
            }
            | Stage::Crit {
                step: CritStep::Reveal,
                ..
            } => Turn::Chance,
            _ => match self.seat_to_act() {
                Some(s) => Turn::Seat(s),
                None => Turn::Terminal,
            },
        }
    }

    fn legal_actions(&self, seat: Seat, out: &mut Vec<Action>) {
        if let Stage::Programming { .. } = self.stage {
            self.legal_programming(seat, out);
            return;
        }
        if self.seat_to_act() != Some(seat) {
            return;
        }
        let start = out.len();
        match self.stage {
            Stage::ChoosePlacementOrder { .. } => Self::legal_placement_orders(out),
            Stage::Deploy { .. } => self.legal_deploys(seat, out),
            Stage::Ordering { .. } => self.legal_assigns(seat, out),
            Stage::ChooseAttack { mech } => self.legal_attacks(mech, out),
            Stage::ChooseTarget { attack } => self.legal_targets(&attack, out),
            Stage::Attack {
                attack,
                step: AttackStep::Reroll,
            } => Self::legal_attack_rerolls(&attack, out),
            Stage::Attack {
                attack,
                step: AttackStep::DefenceReroll,
            } => self.legal_defence_rerolls(&attack, out),
            Stage::Crit {
                crits,
                step: CritStep::PutBack(r),
            } => Self::legal_put_backs(&crits, r, out),
            Stage::Crit {
                crits,
                step: CritStep::Deplete(r),
            } => Self::legal_depletes(&crits, r, out),
            _ => {}
        }
        debug_assert!(out[start..].windows(2).all(|w| w[0] < w[1]));
    }

    fn chance_outcomes(&self, out: &mut Vec<(Action, u32)>) {
        let d = &self.rules.dice;
        match self.stage {
            Stage::DrawChooser => Self::chooser_outcomes(out),
            Stage::Fill { mech, .. } => self.pending_fill_outcomes(mech, out),
            Stage::SelfDamage { .. }
            | Stage::Attack {
                step: AttackStep::Roll,
                ..
            } => d.attack_outcomes(self.pending_dice(), out),
            Stage::Attack {
                step: AttackStep::ArmourRoll,
                ..
            } => d.defence_outcomes(Pool::Armour, self.pending_dice(), out),
            Stage::Attack {
                step: AttackStep::EvadeRoll,
                ..
            } => d.defence_outcomes(Pool::Evade, self.pending_dice(), out),
            Stage::Attack {
                step: AttackStep::RerollDie { pool, .. },
                ..
            } => d.reroll_outcomes(pool, out),
            Stage::Crit {
                crits,
                step: CritStep::Reveal,
            } => {
                let v = usize::from(crits.victim);
                reveal_outcomes(MechId(crits.victim), self.attached(v), out);
            }
            _ => {}
        }
    }

    fn step(&mut self, actor: Actor, action: Action, ev: &mut Events<Event>) {
        if !ev.is_enabled() {
            self.step_rules(actor, action, ev);
            return;
        }
        // Every step that changes where the game stands says so (the log is an audit trail).
        let stands = |g: &CommandCore| {
            (
                g.phase(),
                crate::observe::to_act(g),
                crate::observe::attack_view(g),
                crate::observe::crit_view(g),
            )
        };
        let before = stands(self);
        self.step_rules(actor, action, ev);
        let after = stands(self);
        if after != before {
            let (phase, to_act, attack, crit) = after;
            ev.emit(|| Event::Next {
                phase,
                to_act,
                attack,
                crit,
            });
        }
    }

    fn returns(&self) -> PerSeat<f64> {
        win_loss_returns(SEATS, self.winner())
    }

    fn observe(&self, viewer: Viewer) -> Observation {
        Observation::of(self, viewer)
    }

    fn max_game_length(&self) -> usize {
        self.rules.max_len
    }

    fn action_text(&self, action: &Action) -> String {
        crate::text::action_text(&self.rules, action)
    }

    fn event_text(&self, event: &Event) -> String {
        crate::text::event_text(&self.rules, event)
    }

    fn parse_action(&self, seat: Seat, text: &str) -> Result<Action, String> {
        crate::text::parse_action(self, seat, text)
    }

    fn explain_illegal(&self, seat: Seat, action: &Action) -> String {
        self.explain_programming(seat, action)
    }

    fn action_visible_to(&self, actor: Actor, action: &Action, viewer: Viewer) -> bool {
        match (actor, action) {
            (Actor::Seat(s), Action::Program { .. } | Action::Leave { .. }) => {
                viewer.sees_secrets_of(s)
            }
            _ => true,
        }
    }

    /// Programming is simultaneous and hidden (seed, "Programming": cards placed face down;
    /// `docs/rules/command-core.md` item 9): a program step or seal is shown only to the mech's
    /// owner. Everyone learns the card counts at once, when the last program is sealed
    /// ([`Event::ExecutionStarted`]), and each program as its mech executes
    /// ([`Event::Revealed`]).
    fn redact_event(&self, event: &Event, viewer: Viewer) -> Option<Event> {
        match event {
            Event::Programmed { mech, .. } | Event::Committed { mech, .. }
                if !self.owner(*mech).is_some_and(|o| viewer.sees_secrets_of(o)) =>
            {
                None
            }
            e => Some(e.clone()),
        }
    }

    /// Redraws every opponent program that is not yet revealed. While programs are being
    /// built nothing of them is public but how many slots each seat has decided (every program
    /// takes one step per slot, whatever it holds): each decided slot of a sealed program or
    /// of the draft gets a random undepleted card in a random orientation (as long as cards
    /// last). Once every program is sealed the card counts are public: each unrevealed program
    /// is redrawn with its count, in its first slots. Everything else is public.
    fn resample(&self, seat: Seat, rng: &mut Rng) -> Self {
        let mut s = self.clone();
        let programming = matches!(self.stage, Stage::Programming { .. });
        for i in 0..usize::from(self.n) {
            let m = &self.mechs[i];
            if self.owner_of(i) != seat && m.has(COMMITTED) && !m.has(REVEALED_FLAG) {
                let c = self.rules.chassis_of(i);
                let cards = if programming {
                    usize::from(c.slots)
                } else {
                    m.program.cards()
                };
                s.mechs[i].program = random_program(c, m.depleted_directives(), cards, rng);
            }
        }
        if let Stage::Programming { mut drafts, next } = self.stage {
            for other in Seat::all(SEATS).filter(|o| *o != seat) {
                let Some(i) = self.next_to_program(other) else {
                    continue;
                };
                drafts[other.index()] = random_program(
                    self.rules.chassis_of(i),
                    self.mechs[i].depleted_directives(),
                    usize::from(next[other.index()]),
                    rng,
                );
            }
            s.stage = Stage::Programming { drafts, next };
        }
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mech_is_small() {
        assert!(std::mem::size_of::<Mech>() <= 24);
    }

    #[test]
    fn state_is_cheap_to_clone() {
        // The phase data rides in `Stage` (32 bytes); the whole state stays under 200 bytes.
        assert!(std::mem::size_of::<Stage>() <= 32);
        assert!(std::mem::size_of::<CommandCore>() <= 200);
    }
}
