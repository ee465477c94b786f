//! The game state, its phase machine and its [`Game`] implementation.
//!
//! The rules live in `rules/`; this file strings them together in the seed's order: setup,
//! then each round ordering → programming → execution → combat → cleanup.

use crate::action::{Action, Card, CardSet, Face, MechId, Pool, Pos, Program, Slot};
use crate::config::{Config, MAX_MECHS, MAX_WEAPONS};
use crate::event::Event;
use crate::observe::Observation;
use crate::rules::crits::{MAX_PUT_BACK, REVEALED, reveal_outcomes};
use crate::rules::program::{
    Step, fill_outcomes, is_legal_program, legal_programs, random_program,
};
use crate::rules::surge_flux::{cleanup, settle};
use crate::rules::{Rules, Squares};
use gridwright_engine::geom::{Arc, Dir8};
use gridwright_engine::{
    Actor, ChanceMode, Events, Game, GameInfo, Information, Rng, Seat, SeatSet, SetupError, Turn,
    Viewer,
};
use serde::{Deserialize, Serialize};
use std::sync::Arc as Shared;

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
    rules_version: "1",
};

/// Why the game ended.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EndReason {
    /// A player has no mechs left.
    Destruction,
    /// The round limit was reached; remaining structure decides.
    RoundLimit,
}

/// Where the game is. Public information only.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
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
    /// `mech` chooses a weapon and target, or holds fire.
    ChooseAttack {
        /// The attacker.
        mech: MechId,
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
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
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

/// What to do once damage (and its crits) has been dealt with.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum After {
    /// Go on with the next mech's execution.
    Execution,
    /// The attacker has paid its weapon's delta: roll the attack.
    Attack,
    /// Go on with the next mech's attack.
    Combat,
}

/// The attack being resolved.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct AttackState {
    pub attacker: u8,
    pub target: u8,
    pub weapon: u8,
    pub arc: Arc,
    /// Per pool (attack, armour, evade): dice not yet rerolled, by face slot.
    pub fresh: [[u8; 3]; 3],
    /// Per pool: dice already rerolled, by face slot.
    pub rerolled: [[u8; 3]; 3],
    /// The face of the die being rerolled.
    pub pending: Face,
}

impl AttackState {
    const EMPTY: AttackState = AttackState {
        attacker: 0,
        target: 0,
        weapon: 0,
        arc: Arc::Front,
        fresh: [[0; 3]; 3],
        rerolled: [[0; 3]; 3],
        pending: Face::Blank,
    };

    /// Total dice of `pool` showing face slot `f`.
    pub fn total(&self, pool: Pool, f: usize) -> u8 {
        self.fresh[pool as usize][f] + self.rerolled[pool as usize][f]
    }
}

/// Damage being applied and the crits that follow it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct DamageState {
    pub victim: u8,
    /// The attacking mech, or `None` for damage a mech did to itself.
    pub attacker: Option<u8>,
    pub damage: u8,
    /// Crits still to resolve.
    pub crits: u8,
    pub revealed: u16,
    pub put_back: u8,
    pub after: After,
}

impl DamageState {
    const EMPTY: DamageState = DamageState {
        victim: 0,
        attacker: None,
        damage: 0,
        crits: 0,
        revealed: 0,
        put_back: 0,
        after: After::Combat,
    };
}

/// A Command Core game in progress.
///
/// A fixed array of 24-byte mechs, the phase and a few counters, with the immutable content
/// behind a shared pointer: cloning copies about 300 bytes and allocates nothing.
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
    pub(crate) phase: Phase,
    pub(crate) round: u16,
    pub(crate) first_placer: u8,
    /// Numbers handed out this round (M).
    pub(crate) numbers: u8,
    /// The ordering number being executed or attacking.
    pub(crate) cursor: u8,
    pub(crate) attack: AttackState,
    pub(crate) damage: DamageState,
}

impl CommandCore {
    /// The config the game was built from.
    pub fn config(&self) -> &Config {
        &self.rules.config
    }

    /// The current phase.
    pub fn phase(&self) -> Phase {
        self.phase
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
        self.rules
            .mechs
            .get(mech.index())
            .map(|m| Seat::new(m.owner))
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
    pub fn total_structure(&self) -> [u32; 2] {
        let mut t = [0u32; 2];
        for (i, m) in self.live() {
            t[usize::from(self.rules.mechs[i].owner)] += u32::from(m.structure);
        }
        t
    }

    /// The winner once the game is over (`None` for a draw or while playing).
    pub fn winner(&self) -> Option<Seat> {
        match self.phase {
            Phase::Over { winner, .. } => winner,
            _ => None,
        }
    }

    #[inline]
    pub(crate) fn owner_of(&self, i: usize) -> u8 {
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
    fn numbered(&self, k: u8) -> Option<usize> {
        self.live().find(|(_, m)| m.order == k).map(|(i, _)| i)
    }

    fn has_unplaced(&self, seat: u8) -> bool {
        (0..usize::from(self.n)).any(|i| self.owner_of(i) == seat && !self.mechs[i].has(PLACED))
    }

    fn has_unnumbered(&self, seat: u8) -> bool {
        self.live()
            .any(|(i, m)| self.owner_of(i) == seat && m.order == 0)
    }

    /// The lowest-numbered live mech of `seat` that has not committed a program.
    pub(crate) fn next_to_program(&self, seat: u8) -> Option<usize> {
        self.live()
            .find(|(i, m)| self.owner_of(*i) == seat && !m.has(COMMITTED))
            .map(|(i, _)| i)
    }

    /// Undepleted cards of mech `i`.
    pub(crate) fn attached(&self, i: usize) -> u16 {
        self.rules.chassis_of(i).all_cards & !self.mechs[i].depleted
    }

    /// Whether mech `i` can attack `t` with weapon `w` now.
    pub(crate) fn can_fire(&self, i: usize, w: usize, t: usize) -> bool {
        let (a, d) = (&self.mechs[i], &self.mechs[t]);
        let wpn = &self.rules.chassis_of(i).weapons[w];
        if self.owner_of(i) == self.owner_of(t) || !d.alive() || a.depleted & (1 << w) != 0 {
            return false;
        }
        let dist = self.rules.distance(a.pos, d.pos);
        dist >= wpn.min_range
            && dist <= wpn.max_range
            && self
                .rules
                .arc(a.pos, a.facing, d.pos)
                .is_some_and(|arc| wpn.allows(arc))
    }

    fn any_attack(&self, i: usize) -> bool {
        let weapons = self.rules.chassis_of(i).weapons.len();
        (0..weapons).any(|w| (0..usize::from(self.n)).any(|t| self.can_fire(i, w, t)))
    }

    fn mech_id(i: usize) -> MechId {
        MechId(i as u8)
    }

    fn pos_of(&self, square: u8) -> Pos {
        let (x, y) = self.rules.xy(square);
        Pos::new(x, y)
    }

    // ----- the phase machine -----

    fn after_deploy(&mut self, seat: u8, ev: &mut Events<Event>) {
        let other = 1 - seat;
        if self.has_unplaced(other) {
            self.phase = Phase::Deploy {
                seat: Seat::new(other),
            };
        } else if self.has_unplaced(seat) {
            self.phase = Phase::Deploy {
                seat: Seat::new(seat),
            };
        } else {
            self.begin_round(ev);
        }
    }

    fn begin_round(&mut self, ev: &mut Events<Event>) {
        self.round += 1;
        for m in &mut self.mechs[..usize::from(self.n)] {
            m.order = 0;
            m.flags &= PLACED;
            m.program = Program::EMPTY;
        }
        self.numbers = 0;
        // The second placer drafts first in round 1; the first drafter alternates.
        let second_placer = 1 - self.first_placer;
        let first = if self.round % 2 == 1 {
            second_placer
        } else {
            self.first_placer
        };
        ev.emit(|| Event::RoundStarted {
            round: self.round,
            first_drafter: Seat::new(first),
        });
        let seat = if self.has_unnumbered(first) {
            first
        } else {
            1 - first
        };
        self.phase = Phase::Ordering {
            seat: Seat::new(seat),
        };
    }

    fn after_assign(&mut self, seat: u8, ev: &mut Events<Event>) {
        let other = 1 - seat;
        if self.has_unnumbered(other) {
            self.phase = Phase::Ordering {
                seat: Seat::new(other),
            };
        } else if self.has_unnumbered(seat) {
            ev.emit(|| Event::Passed {
                seat: Seat::new(other),
            });
            self.phase = Phase::Ordering {
                seat: Seat::new(seat),
            };
        } else {
            self.phase = Phase::Programming;
            ev.emit(|| Event::ProgrammingStarted);
        }
    }

    fn after_commit(&mut self, ev: &mut Events<Event>) {
        if self.live().all(|(_, m)| m.has(COMMITTED)) {
            ev.emit(|| Event::ExecutionStarted);
            self.cursor = 1;
            self.next_execution(ev);
        }
    }

    fn next_execution(&mut self, ev: &mut Events<Event>) {
        while self.cursor <= self.numbers {
            if let Some(i) = self.numbered(self.cursor) {
                self.mechs[i].flags |= REVEALED_FLAG;
                let program = self.mechs[i].program;
                ev.emit(|| Event::Revealed {
                    mech: Self::mech_id(i),
                    program,
                });
                self.continue_fill(i, ev);
                return;
            }
            self.cursor += 1;
        }
        self.start_combat(ev);
    }

    fn continue_fill(&mut self, i: usize, ev: &mut Events<Event>) {
        let m = &self.mechs[i];
        let c = self.rules.chassis_of(i);
        let used = m.program.cards();
        let available = c.directives.len() - (m.depleted_directives().count_ones() as usize) - used;
        if available > 0
            && let Some(slot) = m.program.0[..usize::from(c.slots)]
                .iter()
                .position(|s| s.is_empty())
        {
            self.phase = Phase::Fill {
                mech: Self::mech_id(i),
                slot: slot as u8,
            };
            return;
        }
        self.run_program(i, ev);
    }

    fn run_program(&mut self, i: usize, ev: &mut Events<Event>) {
        let rules = Shared::clone(&self.rules);
        let c = rules.chassis_of(i);
        let m = self.mechs[i];
        self.occupied.clear(m.pos);
        let id = Self::mech_id(i);
        let run = rules.run(c, &m.program, m.pos, m.facing, &self.occupied, |step| {
            ev.emit(|| match step {
                Step::Moved { from, to } => Event::Moved {
                    mech: id,
                    from: self.pos_of(from),
                    to: self.pos_of(to),
                },
                Step::Turned { facing } => Event::Turned { mech: id, facing },
                Step::Held => Event::Held { mech: id },
                Step::Targeted => Event::Targeted { mech: id },
                Step::Blocked {
                    slot,
                    icon,
                    off_board,
                } => Event::Stopped {
                    mech: id,
                    slot,
                    icon,
                    off_board,
                },
            });
        });
        self.occupied.set(run.pos);
        let m = &mut self.mechs[i];
        m.pos = run.pos;
        m.facing = run.facing;
        m.tokens = m.tokens.saturating_add(run.tokens);
        m.flags |= EXECUTED;
        let paid = settle(&mut m.surge, &mut m.flux, run.delta);
        ev.emit(|| Event::Delta {
            mech: id,
            delta: run.delta,
            status: run.status,
            settlement: paid,
        });
        if paid.unpaid > 0 {
            self.start_self_damage(i, paid.unpaid, After::Execution);
        } else {
            self.resume(After::Execution, ev);
        }
    }

    fn start_self_damage(&mut self, i: usize, dice: u8, after: After) {
        self.damage = DamageState {
            victim: i as u8,
            attacker: None,
            after,
            ..DamageState::EMPTY
        };
        self.phase = Phase::SelfDamage {
            mech: Self::mech_id(i),
            dice,
        };
    }

    fn resume(&mut self, after: After, ev: &mut Events<Event>) {
        if matches!(self.phase, Phase::Over { .. }) {
            return;
        }
        match after {
            After::Execution => {
                self.cursor += 1;
                self.next_execution(ev);
            }
            After::Attack => {
                if self.mechs[usize::from(self.attack.attacker)].alive() {
                    self.phase = Phase::AttackRoll;
                } else {
                    self.resume(After::Combat, ev);
                }
            }
            After::Combat => {
                self.cursor -= 1;
                self.next_combatant(ev);
            }
        }
    }

    fn start_combat(&mut self, ev: &mut Events<Event>) {
        ev.emit(|| Event::CombatStarted);
        self.cursor = self.numbers;
        self.next_combatant(ev);
    }

    fn next_combatant(&mut self, ev: &mut Events<Event>) {
        while self.cursor >= 1 {
            if let Some(i) = self.numbered(self.cursor) {
                if self.any_attack(i) {
                    self.phase = Phase::ChooseAttack {
                        mech: Self::mech_id(i),
                    };
                    return;
                }
                ev.emit(|| Event::NoTarget {
                    mech: Self::mech_id(i),
                });
            }
            self.cursor -= 1;
        }
        self.cleanup(ev);
    }

    fn cleanup(&mut self, ev: &mut Events<Event>) {
        for m in &mut self.mechs[..usize::from(self.n)] {
            cleanup(&mut m.surge, &mut m.flux);
        }
        ev.emit(|| Event::Cleanup { round: self.round });
        if self.round >= self.rules.config.round_limit {
            let [a, b] = self.total_structure();
            let winner = match a.cmp(&b) {
                std::cmp::Ordering::Greater => Some(Seat::new(0)),
                std::cmp::Ordering::Less => Some(Seat::new(1)),
                std::cmp::Ordering::Equal => None,
            };
            self.game_over(winner, EndReason::RoundLimit, ev);
        } else {
            self.begin_round(ev);
        }
    }

    fn game_over(&mut self, winner: Option<Seat>, reason: EndReason, ev: &mut Events<Event>) {
        self.phase = Phase::Over { winner, reason };
        ev.emit(|| Event::GameOver { winner, reason });
    }

    /// After the attack roll or an attack reroll: offer a reroll, or go on to the defence.
    fn attack_reroll_step(&mut self, ev: &mut Events<Event>) {
        let a = &self.attack;
        if self.mechs[usize::from(a.attacker)].surge > 0 && a.fresh[0].iter().any(|&n| n > 0) {
            self.phase = Phase::AttackReroll;
        } else {
            self.armour_step(ev);
        }
    }

    fn armour_step(&mut self, ev: &mut Events<Event>) {
        let t = usize::from(self.attack.target);
        if self.rules.chassis_of(t).armour[self.attack.arc as usize] > 0 {
            self.phase = Phase::ArmourRoll;
        } else {
            self.evade_step(ev);
        }
    }

    fn evade_step(&mut self, ev: &mut Events<Event>) {
        let t = usize::from(self.attack.target);
        if self.rules.chassis_of(t).evasion > 0 {
            self.phase = Phase::EvadeRoll;
        } else {
            self.defence_reroll_step(ev);
        }
    }

    /// After the defence rolls or a defence reroll: offer a reroll the defender can pay for
    /// (Flux for armour, Surge for evade), or resolve the attack.
    fn defence_reroll_step(&mut self, ev: &mut Events<Event>) {
        let t = &self.mechs[usize::from(self.attack.target)];
        let a = &self.attack;
        let armour = t.flux > 0 && a.fresh[Pool::Armour as usize].iter().any(|&n| n > 0);
        let evade = t.surge > 0 && a.fresh[Pool::Evade as usize].iter().any(|&n| n > 0);
        if armour || evade {
            self.phase = Phase::DefenceReroll;
        } else {
            self.resolve_attack(ev);
        }
    }

    /// Cancels results and applies damage (seed, "Cancelling Results", "Resolving Damage").
    fn resolve_attack(&mut self, ev: &mut Events<Event>) {
        let a = self.attack;
        let crits = a.total(Pool::Attack, 0);
        let hits = a.total(Pool::Attack, 1);
        let blocks = a.total(Pool::Armour, 0);
        let evades = a.total(Pool::Evade, 0);
        let r = cancel(crits, hits, blocks, evades);
        ev.emit(|| Event::Cancelled {
            crits,
            hits,
            blocks,
            evades,
            damage: r.damage,
            crits_left: r.crits,
        });
        if r.damage == 0 {
            self.resume(After::Combat, ev);
            return;
        }
        self.damage = DamageState {
            victim: a.target,
            attacker: Some(a.attacker),
            damage: r.damage,
            crits: r.crits,
            after: After::Combat,
            ..DamageState::EMPTY
        };
        self.apply_damage(ev);
    }

    fn apply_damage(&mut self, ev: &mut Events<Event>) {
        let d = self.damage;
        let v = usize::from(d.victim);
        let m = &mut self.mechs[v];
        m.structure = m.structure.saturating_sub(d.damage);
        let left = m.structure;
        ev.emit(|| Event::Damaged {
            mech: Self::mech_id(v),
            amount: d.damage,
            structure: left,
        });
        if left == 0 {
            self.occupied.clear(self.mechs[v].pos);
            ev.emit(|| Event::Destroyed {
                mech: Self::mech_id(v),
            });
            if self.check_victory(ev) {
                return;
            }
            self.damage.crits = 0;
        }
        self.begin_crit(ev);
    }

    /// Ends the game if a side has no mechs left; returns whether it did.
    fn check_victory(&mut self, ev: &mut Events<Event>) -> bool {
        let mut alive = [false; 2];
        for (i, _) in self.live() {
            alive[usize::from(self.owner_of(i))] = true;
        }
        let winner = match alive {
            [true, true] => return false,
            [true, false] => Some(Seat::new(0)),
            [false, true] => Some(Seat::new(1)),
            [false, false] => None,
        };
        self.game_over(winner, EndReason::Destruction, ev);
        true
    }

    fn begin_crit(&mut self, ev: &mut Events<Event>) {
        let v = usize::from(self.damage.victim);
        if self.damage.crits == 0 || !self.mechs[v].alive() {
            self.resume(self.damage.after, ev);
            return;
        }
        let attached = self.attached(v);
        self.damage.revealed = 0;
        self.damage.put_back = 0;
        if attached == 0 {
            self.damage.crits = 0;
            self.resume(self.damage.after, ev);
        } else if attached.count_ones() as usize <= REVEALED {
            self.damage.revealed = attached;
            ev.emit(|| Event::CardsRevealed {
                mech: Self::mech_id(v),
                cards: CardSet(attached),
            });
            self.crit_put_back_step(ev);
        } else {
            self.phase = Phase::CritReveal {
                mech: Self::mech_id(v),
            };
        }
    }

    fn crit_put_back_step(&mut self, ev: &mut Events<Event>) {
        let d = self.damage;
        let can = d
            .attacker
            .is_some_and(|a| self.mechs[usize::from(a)].tokens > 0)
            && d.put_back < MAX_PUT_BACK
            && d.revealed != 0;
        if can {
            self.phase = Phase::CritPutBack {
                mech: Self::mech_id(usize::from(d.victim)),
            };
        } else {
            self.crit_deplete_step(ev);
        }
    }

    fn crit_deplete_step(&mut self, ev: &mut Events<Event>) {
        let d = self.damage;
        let v = usize::from(d.victim);
        match d.revealed.count_ones() {
            0 => self.next_crit(ev),
            1 => {
                let card = Card::from_bit(d.revealed.trailing_zeros());
                self.deplete(v, card, ev);
            }
            _ => {
                self.phase = Phase::CritDeplete {
                    mech: Self::mech_id(v),
                };
            }
        }
    }

    fn deplete(&mut self, v: usize, card: Card, ev: &mut Events<Event>) {
        self.mechs[v].depleted |= card.bit();
        ev.emit(|| Event::Depleted {
            mech: Self::mech_id(v),
            card,
        });
        self.next_crit(ev);
    }

    fn next_crit(&mut self, ev: &mut Events<Event>) {
        self.damage.crits -= 1;
        self.begin_crit(ev);
    }

    fn fire(&mut self, i: usize, weapon: u8, target: usize, ev: &mut Events<Event>) {
        let a = self.mechs[i];
        let t = self.mechs[target];
        let arc = self.rules.arc(t.pos, t.facing, a.pos).unwrap_or(Arc::Front);
        let wpn = self.rules.chassis_of(i).weapons[usize::from(weapon)];
        self.attack = AttackState {
            attacker: i as u8,
            target: target as u8,
            weapon,
            arc,
            ..AttackState::EMPTY
        };
        let m = &mut self.mechs[i];
        let paid = settle(&mut m.surge, &mut m.flux, i16::from(wpn.delta));
        ev.emit(|| Event::Fired {
            mech: Self::mech_id(i),
            weapon,
            target: Self::mech_id(target),
            distance: self.rules.distance(a.pos, t.pos),
            arc,
            settlement: paid,
        });
        if paid.unpaid > 0 {
            self.start_self_damage(i, paid.unpaid, After::Attack);
        } else {
            self.phase = Phase::AttackRoll;
        }
    }

    /// Dice in the pending chance roll.
    pub(crate) fn pending_dice(&self) -> u8 {
        match self.phase {
            Phase::SelfDamage { dice, .. } => dice.min(self.rules.dice.batch),
            Phase::AttackRoll => {
                let a = &self.attack;
                self.rules.chassis_of(usize::from(a.attacker)).weapons[usize::from(a.weapon)].attack
            }
            Phase::ArmourRoll => {
                let t = usize::from(self.attack.target);
                self.rules.chassis_of(t).armour[self.attack.arc as usize]
            }
            Phase::EvadeRoll => {
                self.rules
                    .chassis_of(usize::from(self.attack.target))
                    .evasion
            }
            _ => 0,
        }
    }

    /// The seat that must act now, for single-seat phases.
    fn seat_to_act(&self) -> Option<u8> {
        match self.phase {
            Phase::ChoosePlacementOrder { chooser: s }
            | Phase::Deploy { seat: s }
            | Phase::Ordering { seat: s } => Some(u8::from(s)),
            Phase::ChooseAttack { mech } => Some(self.owner_of(mech.index())),
            Phase::AttackReroll => Some(self.owner_of(usize::from(self.attack.attacker))),
            Phase::DefenceReroll => Some(self.owner_of(usize::from(self.attack.target))),
            Phase::CritPutBack { .. } => {
                self.damage.attacker.map(|a| self.owner_of(usize::from(a)))
            }
            Phase::CritDeplete { mech } => Some(self.owner_of(mech.index())),
            _ => None,
        }
    }

    /// Seats that still owe a program.
    fn programming_seats(&self) -> SeatSet {
        (0..2u8)
            .filter(|&s| self.next_to_program(s).is_some())
            .map(Seat::new)
            .collect()
    }

    /// Squares of `seat`'s deployment zone that are free, ascending by (x, y).
    fn deploy_squares(&self, seat: u8) -> impl Iterator<Item = u8> + '_ {
        let r = &self.rules;
        (0..r.width).flat_map(move |x| {
            (0..r.height).filter_map(move |y| {
                let i = r.index(x, y);
                (r.deploy[usize::from(seat)].get(i) && !self.occupied.get(i)).then_some(i)
            })
        })
    }

    /// Whether `program` may be committed for mech `i` now (used by the text parser's checks).
    pub(crate) fn program_allowed(&self, i: usize, program: &Program) -> bool {
        is_legal_program(
            self.rules.chassis_of(i),
            self.mechs[i].depleted_directives(),
            program,
        )
    }
}

/// The result of cancelling attack results.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Cancelled {
    pub damage: u8,
    pub crits: u8,
}

/// Armour cancels crits first, then hits; evade cancels hits first, then crits (seed,
/// "Cancelling Results"; decisions, "Combat").
pub(crate) fn cancel(crits: u8, hits: u8, blocks: u8, evades: u8) -> Cancelled {
    let c1 = crits - blocks.min(crits);
    let b_left = blocks - (crits - c1);
    let h1 = hits - b_left.min(hits);
    let h2 = h1 - evades.min(h1);
    let e_left = evades - (h1 - h2);
    let c2 = c1 - e_left.min(c1);
    Cancelled {
        damage: c2 + h2,
        crits: c2,
    }
}

impl Game for CommandCore {
    type Config = Config;
    type Action = Action;
    type Event = Event;
    type Observation = Observation;

    const INFO: GameInfo = INFO;

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
            phase: Phase::DrawChooser,
            round: 0,
            first_placer: 0,
            numbers: 0,
            cursor: 0,
            attack: AttackState::EMPTY,
            damage: DamageState::EMPTY,
        })
    }

    fn num_seats(&self) -> usize {
        2
    }

    fn turn(&self) -> Turn {
        match self.phase {
            Phase::Over { .. } => Turn::Terminal,
            Phase::Programming => Turn::Simultaneous(self.programming_seats()),
            Phase::DrawChooser
            | Phase::Fill { .. }
            | Phase::SelfDamage { .. }
            | Phase::AttackRoll
            | Phase::ArmourRoll
            | Phase::EvadeRoll
            | Phase::RerollDie { .. }
            | Phase::CritReveal { .. } => Turn::Chance,
            _ => match self.seat_to_act() {
                Some(s) => Turn::Seat(Seat::new(s)),
                None => Turn::Terminal,
            },
        }
    }

    fn legal_actions(&self, seat: Seat, out: &mut Vec<Action>) {
        let s = u8::from(seat);
        if self.phase == Phase::Programming {
            if let Some(i) = self.next_to_program(s) {
                legal_programs(&self.rules, i, self.mechs[i].depleted_directives(), out);
            }
            return;
        }
        if self.seat_to_act() != Some(s) {
            return;
        }
        let start = out.len();
        match self.phase {
            Phase::ChoosePlacementOrder { .. } => {
                out.extend([Action::PlaceFirst(false), Action::PlaceFirst(true)]);
            }
            Phase::Deploy { .. } => {
                for i in 0..usize::from(self.n) {
                    if self.owner_of(i) != s || self.mechs[i].has(PLACED) {
                        continue;
                    }
                    for sq in self.deploy_squares(s) {
                        let at = self.pos_of(sq);
                        out.extend(Dir8::ALL.map(|facing| Action::Deploy {
                            mech: Self::mech_id(i),
                            at,
                            facing,
                        }));
                    }
                }
            }
            Phase::Ordering { .. } => {
                for number in 1..=self.numbers_total() {
                    if self.numbered(number).is_some() {
                        continue;
                    }
                    for (i, m) in self.live() {
                        if self.owner_of(i) == s && m.order == 0 {
                            out.push(Action::Assign {
                                number,
                                mech: Self::mech_id(i),
                            });
                        }
                    }
                }
            }
            Phase::ChooseAttack { mech } => {
                let i = mech.index();
                for w in 0..self.rules.chassis_of(i).weapons.len() {
                    for t in 0..usize::from(self.n) {
                        if self.can_fire(i, w, t) {
                            out.push(Action::Fire {
                                mech,
                                weapon: w as u8,
                                target: Self::mech_id(t),
                            });
                        }
                    }
                }
                out.push(Action::HoldFire);
            }
            Phase::AttackReroll => {
                for &f in Face::of(Pool::Attack) {
                    if self.attack.fresh[0][f.slot()] > 0 {
                        out.push(Action::Reroll {
                            pool: Pool::Attack,
                            face: f,
                        });
                    }
                }
                out.push(Action::Keep);
            }
            Phase::DefenceReroll => {
                let t = &self.mechs[usize::from(self.attack.target)];
                for (pool, budget) in [(Pool::Armour, t.flux), (Pool::Evade, t.surge)] {
                    if budget == 0 {
                        continue;
                    }
                    for &f in Face::of(pool) {
                        if self.attack.fresh[pool as usize][f.slot()] > 0 {
                            out.push(Action::Reroll { pool, face: f });
                        }
                    }
                }
                out.push(Action::Keep);
            }
            Phase::CritPutBack { mech } => {
                out.push(Action::Keep);
                out.extend(
                    CardSet(self.damage.revealed)
                        .iter()
                        .map(|card| Action::PutBack { mech, card }),
                );
            }
            Phase::CritDeplete { mech } => {
                out.extend(
                    CardSet(self.damage.revealed)
                        .iter()
                        .map(|card| Action::Deplete { mech, card }),
                );
            }
            _ => {}
        }
        debug_assert!(out[start..].windows(2).all(|w| w[0] < w[1]));
    }

    fn chance_outcomes(&self, out: &mut Vec<(Action, u32)>) {
        let d = &self.rules.dice;
        match self.phase {
            Phase::DrawChooser => {
                out.extend([
                    (Action::Chooser(Seat::new(0)), 1),
                    (Action::Chooser(Seat::new(1)), 1),
                ]);
            }
            Phase::Fill { mech, .. } => {
                let i = mech.index();
                let m = &self.mechs[i];
                fill_outcomes(
                    self.rules.chassis_of(i),
                    m.depleted_directives(),
                    &m.program,
                    mech,
                    out,
                );
            }
            Phase::SelfDamage { .. } | Phase::AttackRoll => {
                d.attack_outcomes(self.pending_dice(), out);
            }
            Phase::ArmourRoll => d.defence_outcomes(Pool::Armour, self.pending_dice(), out),
            Phase::EvadeRoll => d.defence_outcomes(Pool::Evade, self.pending_dice(), out),
            Phase::RerollDie { pool } => d.reroll_outcomes(pool, out),
            Phase::CritReveal { mech } => reveal_outcomes(mech, self.attached(mech.index()), out),
            _ => {}
        }
    }

    fn step(&mut self, actor: Actor, action: Action, ev: &mut Events<Event>) {
        let seat = match actor {
            Actor::Seat(s) => u8::from(s),
            Actor::Chance => 0,
        };
        match (self.phase, action) {
            (Phase::DrawChooser, Action::Chooser(s)) => {
                ev.emit(|| Event::ChooserDrawn { seat: s });
                self.phase = Phase::ChoosePlacementOrder { chooser: s };
            }
            (Phase::ChoosePlacementOrder { chooser }, Action::PlaceFirst(first)) => {
                let c = u8::from(chooser);
                self.first_placer = if first { c } else { 1 - c };
                let fp = Seat::new(self.first_placer);
                ev.emit(|| Event::PlacementOrder { first: fp });
                self.phase = Phase::Deploy { seat: fp };
            }
            (Phase::Deploy { .. }, Action::Deploy { mech, at, facing }) => {
                let i = mech.index();
                let sq = self.rules.index(at.x, at.y);
                let m = &mut self.mechs[i];
                m.pos = sq;
                m.facing = facing;
                m.flags |= PLACED;
                self.occupied.set(sq);
                ev.emit(|| Event::Deployed { mech, at, facing });
                self.after_deploy(seat, ev);
            }
            (Phase::Ordering { .. }, Action::Assign { number, mech }) => {
                self.mechs[mech.index()].order = number;
                self.numbers = self.numbers.max(number);
                ev.emit(|| Event::Assigned { mech, number });
                self.after_assign(seat, ev);
            }
            (Phase::Programming, Action::Program { mech, program }) => {
                let m = &mut self.mechs[mech.index()];
                m.program = program;
                m.flags |= COMMITTED;
                ev.emit(|| Event::Committed {
                    mech,
                    cards: program.cards() as u8,
                    program: Some(program),
                });
                self.after_commit(ev);
            }
            (Phase::Fill { mech, slot }, Action::Fill { card, .. }) => {
                let i = mech.index();
                self.mechs[i].program.0[usize::from(slot)] = Slot::card(card.card, card.flipped);
                ev.emit(|| Event::Filled { mech, slot, card });
                self.continue_fill(i, ev);
            }
            (Phase::SelfDamage { mech, dice }, Action::AttackDice { crits, hits }) => {
                let rolled = dice.min(self.rules.dice.batch);
                ev.emit(|| Event::SelfDamageRolled {
                    mech,
                    crits,
                    hits,
                    blanks: rolled - crits - hits,
                });
                self.damage.damage = self.damage.damage.saturating_add(crits + hits);
                self.damage.crits = self.damage.crits.saturating_add(crits);
                if dice > rolled {
                    self.phase = Phase::SelfDamage {
                        mech,
                        dice: dice - rolled,
                    };
                } else if self.damage.damage > 0 {
                    self.apply_damage(ev);
                } else {
                    self.resume(self.damage.after, ev);
                }
            }
            (Phase::ChooseAttack { mech }, Action::Fire { weapon, target, .. }) => {
                self.fire(mech.index(), weapon, target.index(), ev);
            }
            (Phase::ChooseAttack { mech }, Action::HoldFire) => {
                ev.emit(|| Event::HeldFire { mech });
                self.resume(After::Combat, ev);
            }
            (Phase::AttackRoll, Action::AttackDice { crits, hits }) => {
                let n = self.pending_dice();
                let blanks = n - crits - hits;
                self.attack.fresh[0] = [crits, hits, blanks];
                ev.emit(|| Event::AttackRolled {
                    crits,
                    hits,
                    blanks,
                });
                self.attack_reroll_step(ev);
            }
            (Phase::ArmourRoll, Action::ArmourDice { blocks }) => {
                let n = self.pending_dice();
                self.attack.fresh[Pool::Armour as usize] = [blocks, 0, n - blocks];
                ev.emit(|| Event::DefenceRolled {
                    pool: Pool::Armour,
                    successes: blocks,
                    blanks: n - blocks,
                });
                self.evade_step(ev);
            }
            (Phase::EvadeRoll, Action::EvadeDice { evades }) => {
                let n = self.pending_dice();
                self.attack.fresh[Pool::Evade as usize] = [evades, 0, n - evades];
                ev.emit(|| Event::DefenceRolled {
                    pool: Pool::Evade,
                    successes: evades,
                    blanks: n - evades,
                });
                self.defence_reroll_step(ev);
            }
            (Phase::AttackReroll | Phase::DefenceReroll, Action::Reroll { pool, face }) => {
                let p = pool as usize;
                self.attack.fresh[p][face.slot()] -= 1;
                self.attack.pending = face;
                let who = match pool {
                    Pool::Attack => self.attack.attacker,
                    _ => self.attack.target,
                };
                let m = &mut self.mechs[usize::from(who)];
                if pool == Pool::Armour {
                    m.flux -= 1;
                } else {
                    m.surge -= 1;
                }
                self.phase = Phase::RerollDie { pool };
            }
            (Phase::RerollDie { pool }, Action::Rerolled(face)) => {
                self.attack.rerolled[pool as usize][face.slot()] += 1;
                let who = match pool {
                    Pool::Attack => self.attack.attacker,
                    _ => self.attack.target,
                };
                let from = self.attack.pending;
                ev.emit(|| Event::Rerolled {
                    mech: MechId(who),
                    pool,
                    from,
                    to: face,
                });
                if pool == Pool::Attack {
                    self.attack_reroll_step(ev);
                } else {
                    self.defence_reroll_step(ev);
                }
            }
            (Phase::AttackReroll, Action::Keep) => self.armour_step(ev),
            (Phase::DefenceReroll, Action::Keep) => self.resolve_attack(ev),
            (Phase::CritReveal { mech }, Action::Reveal { cards, .. }) => {
                self.damage.revealed = cards.0;
                ev.emit(|| Event::CardsRevealed { mech, cards });
                self.crit_put_back_step(ev);
            }
            (Phase::CritPutBack { mech }, Action::PutBack { card, .. }) => {
                self.damage.revealed &= !card.bit();
                self.damage.put_back += 1;
                if let Some(a) = self.damage.attacker {
                    self.mechs[usize::from(a)].tokens -= 1;
                }
                ev.emit(|| Event::PutBack { mech, card });
                self.crit_put_back_step(ev);
            }
            (Phase::CritPutBack { .. }, Action::Keep) => self.crit_deplete_step(ev),
            (Phase::CritDeplete { mech }, Action::Deplete { card, .. }) => {
                self.deplete(mech.index(), card, ev);
            }
            (phase, action) => {
                debug_assert!(false, "illegal step {action:?} in {phase:?}");
            }
        }
    }

    fn returns(&self) -> Vec<f64> {
        match self.phase {
            Phase::Over {
                winner: Some(w), ..
            } => Seat::all(2)
                .map(|s| if s == w { 1.0 } else { -1.0 })
                .collect(),
            _ => vec![0.0, 0.0],
        }
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
        let Action::Program { mech, program } = action else {
            return "it is not among the legal actions in this position".to_owned();
        };
        let i = mech.index();
        if self.phase != Phase::Programming {
            return "programs are committed only in the programming phase".to_owned();
        }
        if i >= usize::from(self.n) || self.owner_of(i) != u8::from(seat) {
            return format!("mech {mech} is not yours");
        }
        match self.next_to_program(u8::from(seat)) {
            None => return "all your mechs are programmed".to_owned(),
            Some(j) if j != i => {
                return format!(
                    "program your mechs in number order: mech {} is next",
                    Self::mech_id(j)
                );
            }
            Some(_) => {}
        }
        if self.program_allowed(i, program) {
            return "it is not among the legal actions in this position".to_owned();
        }
        let c = self.rules.chassis_of(i);
        format!(
            "mech {mech} has {} slots and {} cards; each card at most once, not depleted, and \
             only split cards may be turned to their second half",
            c.slots,
            c.directives.len()
        )
    }

    fn action_visible_to(&self, actor: Actor, action: &Action, viewer: Viewer) -> bool {
        match (actor, action) {
            (Actor::Seat(s), Action::Program { .. }) => viewer.sees_secrets_of(s),
            _ => true,
        }
    }

    fn redact_event(&self, event: &Event, viewer: Viewer) -> Option<Event> {
        match event {
            Event::Committed {
                mech,
                cards,
                program: Some(_),
            } if !self.owner(*mech).is_some_and(|o| viewer.sees_secrets_of(o)) => {
                Some(Event::Committed {
                    mech: *mech,
                    cards: *cards,
                    program: None,
                })
            }
            e => Some(e.clone()),
        }
    }

    /// Redraws every opponent program that is committed but not yet revealed: the same number
    /// of cards (which is public), drawn at random from that mech's undepleted directives, each
    /// in a random orientation, in random slots. Everything else is public.
    fn resample(&self, seat: Seat, rng: &mut Rng) -> Self {
        let mut s = self.clone();
        for i in 0..usize::from(self.n) {
            let m = &self.mechs[i];
            if self.owner_of(i) != u8::from(seat) && m.has(COMMITTED) && !m.has(REVEALED_FLAG) {
                s.mechs[i].program = random_program(
                    self.rules.chassis_of(i),
                    m.depleted_directives(),
                    m.program.cards(),
                    rng,
                );
            }
        }
        s
    }
}

impl CommandCore {
    /// M: how many numbers the ordering draft hands out this round (the mechs on the board).
    fn numbers_total(&self) -> u8 {
        self.live().count() as u8
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cancellation_order() {
        // Armour takes crits first, evade takes hits first.
        assert_eq!(
            cancel(2, 2, 1, 0),
            Cancelled {
                damage: 3,
                crits: 1
            }
        );
        assert_eq!(
            cancel(2, 2, 0, 1),
            Cancelled {
                damage: 3,
                crits: 2
            }
        );
        assert_eq!(
            cancel(1, 1, 0, 2),
            Cancelled {
                damage: 0,
                crits: 0
            }
        );
        assert_eq!(
            cancel(1, 2, 3, 0),
            Cancelled {
                damage: 0,
                crits: 0
            }
        );
        assert_eq!(
            cancel(3, 0, 1, 1),
            Cancelled {
                damage: 1,
                crits: 1
            }
        );
    }

    #[test]
    fn mech_is_small() {
        assert!(std::mem::size_of::<Mech>() <= 24);
    }
}
