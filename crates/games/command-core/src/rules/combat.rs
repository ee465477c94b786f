//! Combat (seed, "Combat", "Attacking", "Rolling Attack Dice", "Rolling Defense Dice",
//! "Cancelling Results", "Resolving Damage"; `docs/rules/command-core.md` items 19–24).
//!
//! From the highest ordering number down, each mech with a legal attack fires one weapon at an
//! enemy in the weapon's range band and arcs, or holds fire. The weapon's delta is settled
//! first ([`super::surge_flux`]). The attacker rolls the weapon's attack dice and may reroll
//! each die once for 1 Surge; the defender rolls armour dice for the arc the attacker stands in
//! and its evade dice, and may reroll each once (armour for Flux, evade for Surge). Armour
//! cancels crits first, evade hits first; what is left is damage, and each crit left triggers a
//! crit ([`super::crits`]). How dice become chance nodes is [`super::dice`].

use crate::action::{Action, Face, MechId, Pool};
use crate::event::Event;
use crate::state::{After, AttackState, CommandCore, DamageState, Phase};
use gridwright_engine::Events;
use gridwright_engine::geom::Arc;

use super::surge_flux::settle;

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

    /// Every (weapon, target) `mech` can fire at, then holding fire.
    pub(crate) fn legal_attacks(&self, mech: MechId, out: &mut Vec<Action>) {
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

    pub(crate) fn hold_fire(&mut self, mech: MechId, ev: &mut Events<Event>) {
        ev.emit(|| Event::HeldFire { mech });
        self.resume(After::Combat, ev);
    }

    /// Mech `i` fires `weapon` at `target`: the weapon's delta is settled, then the attack is
    /// rolled (after any dice the attacker owes itself).
    pub(crate) fn fire(&mut self, i: usize, weapon: u8, target: usize, ev: &mut Events<Event>) {
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

    pub(crate) fn attack_rolled(&mut self, crits: u8, hits: u8, ev: &mut Events<Event>) {
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

    /// After the attack roll or an attack reroll: offer a reroll, or go on to the defence.
    fn attack_reroll_step(&mut self, ev: &mut Events<Event>) {
        let a = &self.attack;
        if self.mechs[usize::from(a.attacker)].surge > 0 && a.fresh[0].iter().any(|&n| n > 0) {
            self.phase = Phase::AttackReroll;
        } else {
            self.armour_step(ev);
        }
    }

    /// Each face of an attack die not yet rerolled, then keeping the roll.
    pub(crate) fn legal_attack_rerolls(&self, out: &mut Vec<Action>) {
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

    pub(crate) fn armour_step(&mut self, ev: &mut Events<Event>) {
        let t = usize::from(self.attack.target);
        if self.rules.chassis_of(t).armour[self.attack.arc as usize] > 0 {
            self.phase = Phase::ArmourRoll;
        } else {
            self.evade_step(ev);
        }
    }

    pub(crate) fn armour_rolled(&mut self, blocks: u8, ev: &mut Events<Event>) {
        let n = self.pending_dice();
        self.attack.fresh[Pool::Armour as usize] = [blocks, 0, n - blocks];
        ev.emit(|| Event::DefenceRolled {
            pool: Pool::Armour,
            successes: blocks,
            blanks: n - blocks,
        });
        self.evade_step(ev);
    }

    fn evade_step(&mut self, ev: &mut Events<Event>) {
        let t = usize::from(self.attack.target);
        if self.rules.chassis_of(t).evasion > 0 {
            self.phase = Phase::EvadeRoll;
        } else {
            self.defence_reroll_step(ev);
        }
    }

    pub(crate) fn evade_rolled(&mut self, evades: u8, ev: &mut Events<Event>) {
        let n = self.pending_dice();
        self.attack.fresh[Pool::Evade as usize] = [evades, 0, n - evades];
        ev.emit(|| Event::DefenceRolled {
            pool: Pool::Evade,
            successes: evades,
            blanks: n - evades,
        });
        self.defence_reroll_step(ev);
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

    /// Each face of a defence die not yet rerolled that the defender can pay for, then keeping.
    pub(crate) fn legal_defence_rerolls(&self, out: &mut Vec<Action>) {
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

    /// A die of `pool` showing `face` is picked up for a reroll and paid for (Flux for armour,
    /// Surge otherwise).
    pub(crate) fn reroll(&mut self, pool: Pool, face: Face) {
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

    pub(crate) fn rerolled(&mut self, pool: Pool, face: Face, ev: &mut Events<Event>) {
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

    /// Cancels results and applies damage (seed, "Cancelling Results", "Resolving Damage").
    pub(crate) fn resolve_attack(&mut self, ev: &mut Events<Event>) {
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

    /// Each point of damage is one structure; a mech at 0 is destroyed and leaves the board
    /// (which may end the game); a survivor then resolves its crits.
    pub(crate) fn apply_damage(&mut self, ev: &mut Events<Event>) {
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
