//! Combat resolution and the counterattack.
//!
//! Seed, "Combat Resolution" steps 1–6: the attacker's attack die against the defender's
//! defence die; hits = swords + (bonus symbols if the attacker's base type has the advantage)
//! − shields, never below zero; hits come off health; a unit at zero health is destroyed and
//! the other side scores a victory point. A defender that survives and was bold when the attack
//! was declared strikes back at once after a melee attack, with the roles reversed.
//!
//! Each roll is a chance node whose outcomes are the (attack face, defence face) pairs, one
//! weight each, so every roll shows in the log and odds are exact.

use crate::action::UnitId;
use crate::event::Event;
use crate::rules::Rules;
use crate::state::{CombatRoll, GridBattles, Phase, Unit};
use gridwright_engine::Events;

/// What one roll did.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Strike {
    pub swords: u8,
    /// Bonus symbols rolled (they count only with the advantage).
    pub bonus: u8,
    pub advantage: bool,
    pub shields: u8,
    pub hits: u8,
}

impl Rules {
    /// Seed, "Combat Resolution" step 3: hits from one roll of a unit of type `striker` against
    /// a unit of type `target`.
    #[inline]
    pub(crate) fn strike(
        &self,
        striker: u8,
        target: u8,
        attack_face: u8,
        defence_face: u8,
    ) -> Strike {
        let (s, t) = (
            &self.types[usize::from(striker)],
            &self.types[usize::from(target)],
        );
        let af = self.dice[usize::from(s.attack_die)].face(usize::from(attack_face));
        let df = self.dice[usize::from(t.defence_die)].face(usize::from(defence_face));
        let swords = af.count(self.symbols.sword);
        let bonus = af.count(self.symbols.bonus);
        let shields = df.count(self.symbols.shield);
        let advantage = self.has_advantage(striker, target);
        let raw = u16::from(swords) + if advantage { u16::from(bonus) } else { 0 };
        let hits = raw
            .saturating_sub(u16::from(shields))
            .min(u16::from(u8::MAX)) as u8;
        Strike {
            swords,
            bonus,
            advantage,
            shields,
            hits,
        }
    }
}

impl GridBattles {
    /// In a combat roll, the unit that strikes, the unit struck (the roles are reversed in the
    /// counterattack) and the roll; `None` out of combat.
    pub(crate) fn striker_and_target(&self) -> Option<(UnitId, UnitId, CombatRoll)> {
        let Phase::Combat {
            attacker,
            defender,
            roll,
        } = self.phase
        else {
            return None;
        };
        Some(if roll.is_counterattack() {
            (defender, attacker, roll)
        } else {
            (attacker, defender, roll)
        })
    }

    /// The (attack die, defence die) of the roll now due.
    pub(crate) fn combat_dice(&self) -> (u8, u8) {
        let Some((s, t, _)) = self.striker_and_target() else {
            return (0, 0);
        };
        let types = &self.rules.types;
        (
            types[usize::from(self.units[s.index()].ty)].attack_die,
            types[usize::from(self.units[t.index()].ty)].defence_die,
        )
    }

    /// Unit `u` attacks unit `t`. Boldness is judged now, as the attack is declared.
    pub(crate) fn declare_attack(&mut self, u: usize, t: usize, events: &mut Events<Event>) {
        self.units[u].flags |= Unit::ATTACKED;
        let ranged = self.rules.types[usize::from(self.units[u].ty)].ranged;
        let bold = self.is_bold(t);
        let roll = if bold && !ranged {
            CombatRoll::AttackThenCounter
        } else {
            CombatRoll::Attack
        };
        let (attacker, defender) = (UnitId(u as u8), UnitId(t as u8));
        let advantage = self.rules.has_advantage(self.units[u].ty, self.units[t].ty);
        events.emit(|| Event::AttackDeclared {
            attacker,
            defender,
            ranged,
            advantage,
            defender_bold: bold,
        });
        self.phase = Phase::Combat {
            attacker,
            defender,
            roll,
        };
    }

    /// Applies a combat roll.
    pub(crate) fn resolve_roll(
        &mut self,
        attack_face: u8,
        defence_face: u8,
        events: &mut Events<Event>,
    ) {
        let Some((striker, target, roll)) = self.striker_and_target() else {
            return;
        };
        let counterattack = roll.is_counterattack();
        let (si, ti) = (striker.index(), target.index());
        let strike = self.rules.strike(
            self.units[si].ty,
            self.units[ti].ty,
            attack_face,
            defence_face,
        );
        let t = &mut self.units[ti];
        t.health = t.health.saturating_sub(strike.hits);
        let health = t.health;
        events.emit(|| Event::Rolled {
            striker,
            target,
            counterattack,
            attack_face,
            defence_face,
            swords: strike.swords,
            bonus: strike.bonus,
            advantage: strike.advantage,
            shields: strike.shields,
            hits: strike.hits,
            health,
        });
        if health == 0 {
            // Seed, step 4 / step 5: destroyed, removed, and the other side scores.
            let pos = self.units[ti].pos;
            self.occupied.clear(pos);
            let scorer = self.units[si].side;
            events.emit(|| Event::Destroyed {
                unit: target,
                vp_to: scorer,
            });
            self.phase = Phase::Attack;
            if self.award_vp(scorer, events) {
                return;
            }
        } else if roll == CombatRoll::AttackThenCounter {
            // Not the counterattack: the striker is the attacker, the target the defender.
            events.emit(|| Event::Counterattack { unit: target });
            self.phase = Phase::Combat {
                attacker: striker,
                defender: target,
                roll: CombatRoll::Counterattack,
            };
            return;
        } else {
            self.phase = Phase::Attack;
        }
        self.after_attack_step(events);
    }
}
