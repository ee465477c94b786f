//! Combat (seed, "Combat", "Attacking", "Rolling Attack Dice", "Rolling Defense Dice",
//! "Cancelling Results", "Resolving Damage"; `docs/rules/command-core.md` items 19–24).
//!
//! From the highest ordering number down, each mech with a legal attack fires one weapon, or
//! holds fire. As the seed orders it, the weapon's delta is paid first
//! ([`super::surge_flux`]; dice for what is unpaid are rolled against the attacker), then the
//! target is chosen among the enemies in the weapon's range band and arcs. The attacker rolls the weapon's attack dice and may reroll
//! each die once for 1 Surge; the defender rolls armour dice for the arc the attacker stands in
//! and its evade dice, and may reroll each once (armour for Flux, evade for Surge). Armour
//! cancels crits first, evade hits first; what is left is damage, and each crit left triggers a
//! crit ([`super::crits`]). How dice become chance nodes is [`super::dice`].

use super::surge_flux::settle;
use crate::action::{Action, Face, MechId, Pool};
use crate::event::Event;
use crate::state::{Attack, AttackStep, Cause, CommandCore, Crits, Stage, Unpaid};
use gridwright_engine::Events;
use gridwright_engine::geom::Arc;

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

impl CommandCore {
    pub(crate) fn start_combat(&mut self, ev: &mut Events<Event>) {
        ev.emit(|| Event::CombatStarted);
        self.cursor = self.numbers;
        self.next_combatant(ev);
    }

    /// The next mech down the numbers that has a legal attack chooses one; mechs with none
    /// are skipped; after the last, cleanup.
    pub(crate) fn next_combatant(&mut self, ev: &mut Events<Event>) {
        while self.cursor >= 1 {
            if let Some(i) = self.numbered(self.cursor) {
                if self.any_attack(i) {
                    self.stage = Stage::ChooseAttack {
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

    /// Whether mech `i` can attack `t` with weapon `w` now.
    pub(crate) fn can_fire(&self, i: usize, w: usize, t: usize) -> bool {
        self.mechs[i].depleted & (1 << w) == 0 && self.in_reach(i, w, t)
    }

    /// Whether enemy mech `t` stands in the range band and arcs of mech `i`'s weapon `w` (the
    /// weapon may have been depleted since it fired: the shot goes on).
    pub(crate) fn in_reach(&self, i: usize, w: usize, t: usize) -> bool {
        let (a, d) = (&self.mechs[i], &self.mechs[t]);
        let wpn = &self.rules.chassis_of(i).weapons[w];
        if self.owner_of(i) == self.owner_of(t) || !d.alive() {
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

    /// Every weapon of `mech` with a target in reach (measured before anything is paid, so
    /// a delta is never paid for an attack that cannot happen), then holding fire.
    pub(crate) fn legal_attacks(&self, mech: MechId, out: &mut Vec<Action>) {
        let i = mech.index();
        for w in 0..self.rules.chassis_of(i).weapons.len() {
            if (0..usize::from(self.n)).any(|t| self.can_fire(i, w, t)) {
                out.push(Action::Fire {
                    mech,
                    weapon: w as u8,
                });
            }
        }
        out.push(Action::HoldFire);
    }

    /// Every enemy in reach of the weapon that fired.
    pub(crate) fn legal_targets(&self, attack: &Attack, out: &mut Vec<Action>) {
        let (i, w) = (usize::from(attack.attacker), usize::from(attack.weapon));
        for t in 0..usize::from(self.n) {
            if self.in_reach(i, w, t) {
                out.push(Action::Aim {
                    target: Self::mech_id(t),
                });
            }
        }
    }

    pub(crate) fn hold_fire(&mut self, mech: MechId, ev: &mut Events<Event>) {
        ev.emit(|| Event::HeldFire { mech });
        self.next_attacker(ev);
    }

    /// The next mech down the numbers attacks.
    pub(crate) fn next_attacker(&mut self, ev: &mut Events<Event>) {
        self.cursor -= 1;
        self.next_combatant(ev);
    }

    /// Mech `i` fires `weapon`: the weapon's delta is settled (seed, "Attacking": "pay the
    /// delta, then select a target"), any dice the attacker owes itself are rolled, then it
    /// chooses the target.
    pub(crate) fn fire(&mut self, i: usize, weapon: u8, ev: &mut Events<Event>) {
        let wpn = self.rules.chassis_of(i).weapons[usize::from(weapon)];
        let attack = Attack {
            attacker: i as u8,
            target: i as u8,
            weapon,
            arc: Arc::Front,
            fresh: [[0; 3]; 3],
            rerolled: [[0; 3]; 3],
        };
        let m = &mut self.mechs[i];
        let paid = settle(&mut m.surge, &mut m.flux, i16::from(wpn.delta));
        ev.emit(|| Event::Fired {
            mech: Self::mech_id(i),
            weapon,
            settlement: paid,
        });
        if paid.unpaid > 0 {
            self.start_self_damage(i, paid.unpaid, Unpaid::Weapon(attack));
        } else {
            self.stage = Stage::ChooseTarget { attack };
        }
    }

    /// The attacker of `attack`, its delta paid, attacks `target`: the attack is rolled.
    pub(crate) fn aim(&mut self, mut attack: Attack, target: usize, ev: &mut Events<Event>) {
        let a = self.mechs[usize::from(attack.attacker)];
        let t = self.mechs[target];
        attack.target = target as u8;
        attack.arc = self.rules.arc(t.pos, t.facing, a.pos).unwrap_or(Arc::Front);
        ev.emit(|| Event::Aimed {
            mech: MechId(attack.attacker),
            target: Self::mech_id(target),
            distance: self.rules.distance(a.pos, t.pos),
            arc: attack.arc,
        });
        self.stage = Stage::Attack {
            attack,
            step: AttackStep::Roll,
        };
    }

    /// Attack dice: the weapon's attack value.
    fn attack_dice(&self, a: &Attack) -> u8 {
        self.rules.chassis_of(usize::from(a.attacker)).weapons[usize::from(a.weapon)].attack
    }

    /// Armour dice: the target's armour in the arc the attacker stands in.
    fn armour_dice(&self, a: &Attack) -> u8 {
        self.rules.chassis_of(usize::from(a.target)).armour[a.arc as usize]
    }

    /// Evade dice: the target's evasion.
    fn evade_dice(&self, a: &Attack) -> u8 {
        self.rules.chassis_of(usize::from(a.target)).evasion
    }

    /// Dice in the pending chance roll.
    pub(crate) fn pending_dice(&self) -> u8 {
        match self.stage {
            Stage::SelfDamage { dice, .. } => dice.min(self.rules.dice.batch),
            Stage::Attack { attack, step } => match step {
                AttackStep::Roll => self.attack_dice(&attack),
                AttackStep::ArmourRoll => self.armour_dice(&attack),
                AttackStep::EvadeRoll => self.evade_dice(&attack),
                _ => 0,
            },
            _ => 0,
        }
    }

    /// Applies `action` to the attack at `step`.
    pub(crate) fn attack_step(
        &mut self,
        attack: Attack,
        step: AttackStep,
        action: Action,
        ev: &mut Events<Event>,
    ) {
        match (step, action) {
            (AttackStep::Roll, Action::AttackDice { crits, hits }) => {
                self.attack_rolled(attack, crits, hits, ev);
            }
            (AttackStep::ArmourRoll, Action::ArmourDice { blocks }) => {
                self.armour_rolled(attack, blocks, ev);
            }
            (AttackStep::EvadeRoll, Action::EvadeDice { evades }) => {
                self.evade_rolled(attack, evades, ev);
            }
            (AttackStep::Reroll | AttackStep::DefenceReroll, Action::Reroll { pool, face }) => {
                self.reroll(attack, pool, face, ev);
            }
            (AttackStep::RerollDie { pool, from }, Action::Rerolled(face)) => {
                self.rerolled(attack, pool, from, face, ev);
            }
            (AttackStep::Reroll, Action::Keep) => self.armour_step(attack, ev),
            (AttackStep::DefenceReroll, Action::Keep) => self.resolve_attack(attack, ev),
            (step, action) => {
                debug_assert!(false, "illegal step {action:?} in attack {step:?}");
            }
        }
    }

    fn attack_rolled(&mut self, mut attack: Attack, crits: u8, hits: u8, ev: &mut Events<Event>) {
        let n = self.attack_dice(&attack);
        let blanks = n - crits - hits;
        attack.fresh[0] = [crits, hits, blanks];
        ev.emit(|| Event::AttackRolled {
            crits,
            hits,
            blanks,
        });
        self.attack_reroll_step(attack, ev);
    }

    /// After the attack roll or an attack reroll: offer a reroll, or go on to the defence.
    fn attack_reroll_step(&mut self, attack: Attack, ev: &mut Events<Event>) {
        if self.mechs[usize::from(attack.attacker)].surge > 0
            && attack.fresh[0].iter().any(|&n| n > 0)
        {
            self.stage = Stage::Attack {
                attack,
                step: AttackStep::Reroll,
            };
        } else {
            self.armour_step(attack, ev);
        }
    }

    /// Each face of an attack die not yet rerolled, then keeping the roll.
    pub(crate) fn legal_attack_rerolls(attack: &Attack, out: &mut Vec<Action>) {
        for &f in Face::of(Pool::Attack) {
            if attack.fresh[0][f.slot()] > 0 {
                out.push(Action::Reroll {
                    pool: Pool::Attack,
                    face: f,
                });
            }
        }
        out.push(Action::Keep);
    }

    fn armour_step(&mut self, attack: Attack, ev: &mut Events<Event>) {
        if self.armour_dice(&attack) > 0 {
            self.stage = Stage::Attack {
                attack,
                step: AttackStep::ArmourRoll,
            };
        } else {
            self.evade_step(attack, ev);
        }
    }

    fn armour_rolled(&mut self, mut attack: Attack, blocks: u8, ev: &mut Events<Event>) {
        let n = self.armour_dice(&attack);
        attack.fresh[Pool::Armour as usize] = [blocks, 0, n - blocks];
        ev.emit(|| Event::DefenceRolled {
            pool: Pool::Armour,
            successes: blocks,
            blanks: n - blocks,
        });
        self.evade_step(attack, ev);
    }

    fn evade_step(&mut self, attack: Attack, ev: &mut Events<Event>) {
        if self.evade_dice(&attack) > 0 {
            self.stage = Stage::Attack {
                attack,
                step: AttackStep::EvadeRoll,
            };
        } else {
            self.defence_reroll_step(attack, ev);
        }
    }

    fn evade_rolled(&mut self, mut attack: Attack, evades: u8, ev: &mut Events<Event>) {
        let n = self.evade_dice(&attack);
        attack.fresh[Pool::Evade as usize] = [evades, 0, n - evades];
        ev.emit(|| Event::DefenceRolled {
            pool: Pool::Evade,
            successes: evades,
            blanks: n - evades,
        });
        self.defence_reroll_step(attack, ev);
    }

    /// After the defence rolls or a defence reroll: offer a reroll the defender can pay for
    /// (Flux for armour, Surge for evade), or resolve the attack.
    fn defence_reroll_step(&mut self, attack: Attack, ev: &mut Events<Event>) {
        let t = &self.mechs[usize::from(attack.target)];
        let armour = t.flux > 0 && attack.fresh[Pool::Armour as usize].iter().any(|&n| n > 0);
        let evade = t.surge > 0 && attack.fresh[Pool::Evade as usize].iter().any(|&n| n > 0);
        if armour || evade {
            self.stage = Stage::Attack {
                attack,
                step: AttackStep::DefenceReroll,
            };
        } else {
            self.resolve_attack(attack, ev);
        }
    }

    /// Each face of a defence die not yet rerolled that the defender can pay for, then keeping.
    pub(crate) fn legal_defence_rerolls(&self, attack: &Attack, out: &mut Vec<Action>) {
        let t = &self.mechs[usize::from(attack.target)];
        for (pool, budget) in [(Pool::Armour, t.flux), (Pool::Evade, t.surge)] {
            if budget == 0 {
                continue;
            }
            for &f in Face::of(pool) {
                if attack.fresh[pool as usize][f.slot()] > 0 {
                    out.push(Action::Reroll { pool, face: f });
                }
            }
        }
        out.push(Action::Keep);
    }

    /// A die of `pool` showing `face` is picked up for a reroll and paid for (Flux for armour,
    /// Surge otherwise).
    fn reroll(&mut self, mut attack: Attack, pool: Pool, face: Face, ev: &mut Events<Event>) {
        attack.fresh[pool as usize][face.slot()] -= 1;
        let who = match pool {
            Pool::Attack => attack.attacker,
            _ => attack.target,
        };
        let m = &mut self.mechs[usize::from(who)];
        if pool == Pool::Armour {
            m.flux -= 1;
        } else {
            m.surge -= 1;
        }
        ev.emit(|| Event::PickedUp {
            mech: MechId(who),
            pool,
            face,
        });
        self.stage = Stage::Attack {
            attack,
            step: AttackStep::RerollDie { pool, from: face },
        };
    }

    fn rerolled(
        &mut self,
        mut attack: Attack,
        pool: Pool,
        from: Face,
        face: Face,
        ev: &mut Events<Event>,
    ) {
        attack.rerolled[pool as usize][face.slot()] += 1;
        let who = match pool {
            Pool::Attack => attack.attacker,
            _ => attack.target,
        };
        ev.emit(|| Event::Rerolled {
            mech: MechId(who),
            pool,
            from,
            to: face,
        });
        if pool == Pool::Attack {
            self.attack_reroll_step(attack, ev);
        } else {
            self.defence_reroll_step(attack, ev);
        }
    }

    /// Cancels results and applies damage (seed, "Cancelling Results", "Resolving Damage").
    fn resolve_attack(&mut self, attack: Attack, ev: &mut Events<Event>) {
        let a = attack;
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
            self.next_attacker(ev);
            return;
        }
        self.apply_damage(a.target, r.damage, r.crits, Cause::Attack(attack), ev);
    }

    /// Each point of damage is one structure; a mech at 0 is destroyed and leaves the board
    /// (which may end the game); a survivor then resolves its crits.
    pub(crate) fn apply_damage(
        &mut self,
        victim: u8,
        damage: u8,
        crits: u8,
        cause: Cause,
        ev: &mut Events<Event>,
    ) {
        let v = usize::from(victim);
        let m = &mut self.mechs[v];
        m.structure = m.structure.saturating_sub(damage);
        let left = m.structure;
        ev.emit(|| Event::Damaged {
            mech: Self::mech_id(v),
            amount: damage,
            structure: left,
        });
        let mut crits = crits;
        if left == 0 {
            self.occupied.clear(self.mechs[v].pos);
            ev.emit(|| Event::Destroyed {
                mech: Self::mech_id(v),
            });
            if self.check_victory(ev) {
                return;
            }
            crits = 0;
        }
        self.begin_crit(
            Crits {
                victim,
                left: crits,
                cause,
            },
            ev,
        );
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
}
