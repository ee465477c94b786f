//! A heuristic evaluation of a position, for search agents.
//!
//! The score, in structure points from the seat's point of view (the round limit is decided on
//! structure, so structure is the currency):
//!
//! - structure left, plus [`ALIVE`] per mech still standing;
//! - offence: per mech, the best expected damage of one shot it could fire from where it
//!   stands (or will stand, see below) at an enemy where that enemy stands, times [`OFFENCE`];
//!   a mech with no shot loses [`APPROACH`] per square it is out of range of the nearest enemy;
//! - an attack in progress counts at its expected damage (dice already rolled are counted as
//!   rolled);
//! - from programming until each mech has executed, the seat's own committed programs (and,
//!   during programming, the one it is building, as far as it goes) are run on the board as it
//!   stands, and each such mech counts at its end square and facing, minus the expected
//!   self-damage of a delta it cannot pay (so the value does not jump when the last program is
//!   sealed and execution begins). Other seats' sealed programs are not looked at: the value for
//!   a seat depends only on what that seat may know (so the values of the two seats need not
//!   sum to zero while programs are sealed).
//!
//! The score goes through `tanh` onto `[-1, 1]`; a finished game is worth exactly its returns.
//! Expected damages come from a small per-thread table (attack × armour × evade dice, no
//! rerolls), so an evaluation allocates nothing after the first.

use crate::action::Pool;
use crate::config::{MAX_MECHS, MAX_POOL};
use crate::odds::{OddsQuery, expected_damage_f64};
use crate::rules::dice::DiceRules;
use crate::rules::surge_flux::settle;
use crate::state::{AttackStep, COMMITTED, CommandCore, EXECUTED, SEATS, Stage};
use gridwright_engine::geom::{Arc, Dir8};
use gridwright_engine::{Game, Seat, SeatArray};
use std::cell::RefCell;

/// Value of a mech still standing, in structure points.
const ALIVE: f64 = 2.0;
/// Weight of expected damage a mech threatens.
const OFFENCE: f64 = 0.5;
/// Penalty per square out of range, for a mech with no shot.
const APPROACH: f64 = 0.15;
/// Expected self-damage per unpaid delta point (an attack die: two of three faces hit).
const SELF_HARM: f64 = 0.67;
/// Value of a point of Surge (rerolls, paying deltas) and of Flux.
const SURGE: f64 = 0.1;
const FLUX: f64 = 0.05;

const SIDE: usize = MAX_POOL as usize + 1;

thread_local! {
    /// Expected damage by (attack, armour, evade) dice for the last dice seen.
    static TABLE: RefCell<Option<(DiceRules, Vec<f64>)>> = const { RefCell::new(None) };
}

/// Expected damage of `attack` dice against `armour` and `evade` dice, no rerolls.
fn expected(dice: &DiceRules, attack: u8, armour: u8, evade: u8) -> f64 {
    let (a, r, e) = (
        usize::from(attack.min(MAX_POOL)),
        usize::from(armour.min(MAX_POOL)),
        usize::from(evade.min(MAX_POOL)),
    );
    TABLE.with(|t| {
        let mut t = t.borrow_mut();
        if t.as_ref().is_none_or(|(d, _)| d != dice) {
            let mut v = vec![0.0; SIDE * SIDE * SIDE];
            for (i, x) in v.iter_mut().enumerate() {
                let q = OddsQuery {
                    attack: (i / (SIDE * SIDE)) as u8,
                    armour: (i / SIDE % SIDE) as u8,
                    evade: (i % SIDE) as u8,
                    ..OddsQuery::default()
                };
                *x = expected_damage_f64(dice, q);
            }
            *t = Some((*dice, v));
        }
        t.as_ref()
            .map_or(0.0, |(_, v)| v[(a * SIDE + r) * SIDE + e])
    })
}

/// Success chance of one die of `pool`.
fn rate(dice: &DiceRules, pool: Pool) -> f64 {
    let w = dice.weights(pool);
    let total: u32 = w.iter().sum();
    f64::from(total - w[w.len() - 1]) / f64::from(total.max(1))
}

/// The value of `game` for `seat`, in `[-1, 1]`: its returns once over, else a heuristic.
///
/// # Examples
/// ```
/// use gridwright_command_core::{CommandCore, Content, evaluate};
/// use gridwright_engine::{Game, Seat};
/// let game = CommandCore::new(&Content::builtin()?.config("duel")?)?;
/// let (a, b) = (evaluate(&game, Seat::new(0)), evaluate(&game, Seat::new(1)));
/// assert!((a + b).abs() < 1e-9 && a.abs() < 0.5); // zero-sum, and nobody is ahead yet
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn evaluate(game: &CommandCore, seat: Seat) -> f64 {
    // A seat the game does not have is valued as the last seat.
    let me = Seat::new(seat.index().min(SEATS - 1) as u8);
    if let Stage::Over { .. } = game.stage {
        return game.returns()[me];
    }
    let r = &game.rules;
    let n = usize::from(game.n);
    // Where each mech stands (or will stand once its committed program has run), and its
    // structure after the expected damage of an attack in progress or an unpaid delta.
    let mut pos = [0u8; MAX_MECHS];
    let mut facing = [Dir8::N; MAX_MECHS];
    let mut structure = [0.0f64; MAX_MECHS];
    let mut surge = [0u8; MAX_MECHS];
    let mut flux = [0u8; MAX_MECHS];
    let programming = matches!(game.stage, Stage::Programming { .. });
    // The program the seat is building now counts as far as it goes.
    let drafting = game
        .next_to_program(me)
        .filter(|_| programming)
        .map(|i| (i, game.draft(me)));
    for i in 0..n {
        let m = &game.mechs[i];
        pos[i] = m.pos;
        facing[i] = m.facing;
        structure[i] = if m.alive() {
            f64::from(m.structure)
        } else {
            0.0
        };
        surge[i] = m.surge;
        flux[i] = m.flux;
        // Only the seat's own sealed programs: the others' are unknown to it, whatever a
        // determinization drew for them (they stay where they stand, as far as it knows).
        let own = game.owner_of(i) == me;
        let program = match drafting {
            Some((d, draft)) if d == i => Some(draft),
            _ => (m.has(COMMITTED) && !m.has(EXECUTED)).then_some(m.program),
        };
        if let Some(program) = program.filter(|_| own && m.alive()) {
            let mut occupied = game.occupied;
            occupied.clear(m.pos);
            let run = r.run(
                r.chassis_of(i),
                &program,
                m.pos,
                m.facing,
                &occupied,
                |_| {},
            );
            pos[i] = run.pos;
            facing[i] = run.facing;
            let paid = settle(&mut surge[i], &mut flux[i], run.delta);
            structure[i] = (structure[i] - SELF_HARM * f64::from(paid.unpaid)).max(0.0);
        }
    }
    pending_attack(game, &mut structure);
    let mut score = SeatArray::<f64, SEATS>::default();
    let mut start = SeatArray::<f64, SEATS>::default();
    for i in 0..n {
        let side = game.owner_of(i);
        let c = r.chassis_of(i);
        start[side] += f64::from(c.structure) + ALIVE;
        if structure[i] <= 0.0 || !game.mechs[i].alive() {
            continue;
        }
        let mut s = structure[i] + ALIVE * (structure[i] / f64::from(c.structure)).min(1.0).sqrt();
        s += SURGE * f64::from(surge[i]) + FLUX * f64::from(flux[i]);
        // Offence from here.
        let mut best = 0.0f64;
        let mut nearest = u8::MAX;
        let mut reach = 0u8;
        for (w, wpn) in c.weapons.iter().enumerate() {
            if game.mechs[i].depleted & (1 << w) != 0 {
                continue;
            }
            reach = reach.max(wpn.max_range);
            for t in 0..n {
                if game.owner_of(t) == game.owner_of(i)
                    || structure[t] <= 0.0
                    || !game.mechs[t].alive()
                {
                    continue;
                }
                let d = r.distance(pos[i], pos[t]);
                nearest = nearest.min(d);
                if d < wpn.min_range || d > wpn.max_range {
                    continue;
                }
                if !r
                    .arc(pos[i], facing[i], pos[t])
                    .is_some_and(|a| wpn.allows(a))
                {
                    continue;
                }
                let arc = r.arc(pos[t], facing[t], pos[i]).unwrap_or(Arc::Front);
                let tc = r.chassis_of(t);
                let dmg = expected(&r.dice, wpn.attack, tc.armour[arc as usize], tc.evasion)
                    .min(structure[t]);
                best = best.max(dmg);
            }
        }
        if best > 0.0 {
            s += OFFENCE * best;
        } else if nearest != u8::MAX {
            s -= APPROACH * f64::from(nearest.saturating_sub(reach));
        }
        score[side] += s;
    }
    let scale = 0.4 * start.as_slice().iter().sum::<f64>() / SEATS as f64;
    ((score[me] - score[me.next(SEATS)]) / scale.max(1.0)).tanh()
}

/// Takes the expected damage of an attack in progress off the target's structure.
fn pending_attack(game: &CommandCore, structure: &mut [f64; MAX_MECHS]) {
    let Stage::Attack { attack: a, step } = game.stage else {
        return;
    };
    let r = &game.rules;
    let (t, i) = (usize::from(a.target), usize::from(a.attacker));
    let tc = r.chassis_of(t);
    let attack_dice = || r.chassis_of(i).weapons[usize::from(a.weapon)].attack;
    let successes = |pool: Pool| {
        f64::from(
            a.total(pool, 0)
                + if pool == Pool::Attack {
                    a.total(pool, 1)
                } else {
                    0
                },
        )
    };
    let damage = match step {
        AttackStep::Roll => expected(
            &r.dice,
            attack_dice(),
            tc.armour[a.arc as usize],
            tc.evasion,
        ),
        AttackStep::Reroll
        | AttackStep::ArmourRoll
        | AttackStep::EvadeRoll
        | AttackStep::DefenceReroll
        | AttackStep::RerollDie { .. } => {
            // Dice rolled count as rolled; pools not rolled yet at their expectation.
            // The die being rerolled counts at its chance of success.
            let pending = |pool: Pool| match step {
                AttackStep::RerollDie { pool: p, .. } if p == pool => rate(&r.dice, pool),
                _ => 0.0,
            };
            let attack = successes(Pool::Attack) + pending(Pool::Attack);
            let armour = if matches!(step, AttackStep::Reroll | AttackStep::ArmourRoll) {
                f64::from(tc.armour[a.arc as usize]) * rate(&r.dice, Pool::Armour)
            } else {
                successes(Pool::Armour) + pending(Pool::Armour)
            };
            let evade = if matches!(
                step,
                AttackStep::Reroll | AttackStep::ArmourRoll | AttackStep::EvadeRoll
            ) {
                f64::from(tc.evasion) * rate(&r.dice, Pool::Evade)
            } else {
                successes(Pool::Evade) + pending(Pool::Evade)
            };
            (attack - armour - evade).max(0.0)
        }
    };
    structure[t] = (structure[t] - damage).max(0.0);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Content;

    #[test]
    fn evaluation_is_zero_sum_bounded_and_likes_structure() {
        let mut g = CommandCore::new(&Content::builtin().unwrap().config("duel").unwrap()).unwrap();
        for i in 0..usize::from(g.n) {
            g.mechs[i].flags |= crate::state::PLACED;
        }
        let even = evaluate(&g, Seat::new(0));
        assert!((even + evaluate(&g, Seat::new(1))).abs() < 1e-9);
        let hurt = (0..usize::from(g.n))
            .find(|&i| g.owner_of(i) == Seat::new(1))
            .unwrap();
        g.mechs[hurt].structure = 1;
        let ahead = evaluate(&g, Seat::new(0));
        assert!(ahead > even && ahead < 1.0, "{even} {ahead}");
    }

    /// A seat's sealed program still counts once execution has begun, until that mech has run:
    /// the value does not jump when the last program is sealed.
    #[test]
    fn own_programs_count_until_their_mech_executes() {
        use crate::action::Program;
        use gridwright_engine::Rng;
        let mut g = CommandCore::new(&Content::builtin().unwrap().config("duel").unwrap()).unwrap();
        let mut rng = Rng::seed_from_u64(7);
        let mut out = Vec::new();
        // Random play to the first execution step where a mech of P1 has a sealed program it
        // has not run yet.
        let waiting = |g: &CommandCore| {
            if matches!(g.stage, Stage::Programming { .. }) {
                return None;
            }
            (0..usize::from(g.n)).find(|&i| {
                let m = &g.mechs[i];
                g.owner_of(i) == Seat::new(0) && m.alive() && m.has(COMMITTED) && !m.has(EXECUTED)
            })
        };
        let i = loop {
            if let Some(i) = waiting(&g) {
                break i;
            }
            // Cards only at a sealed choice (no early seal), so the program moves the mech.
            random_step(&mut g, &mut rng, &mut out, |g, set, _| {
                let s = set.iter().next().unwrap();
                (s, g.legal_actions_vec(s)[0])
            });
        };
        let with = evaluate(&g, Seat::new(0));
        let mut still = g.clone();
        still.mechs[i].program = Program::EMPTY;
        assert_ne!(with, evaluate(&still, Seat::new(0)));
        // The other seat cannot see that program: its value does not change.
        assert_eq!(evaluate(&g, Seat::new(1)), evaluate(&still, Seat::new(1)));
    }

    #[test]
    fn a_seat_value_ignores_the_others_sealed_programs() {
        use gridwright_engine::Rng;
        let mut g = CommandCore::new(&Content::builtin().unwrap().config("duel").unwrap()).unwrap();
        let mut rng = Rng::seed_from_u64(4);
        let mut out = Vec::new();
        // Random play until P1 has sealed a program.
        while !(0..usize::from(g.n))
            .any(|i| g.owner_of(i) == Seat::new(0) && g.mechs[i].has(COMMITTED))
        {
            random_step(&mut g, &mut rng, &mut out, |g, _, rng| {
                let s = Seat::new(0);
                let l = g.legal_actions_vec(s);
                (s, l[rng.index(l.len())])
            });
        }
        let i = (0..usize::from(g.n))
            .find(|&i| g.mechs[i].has(COMMITTED))
            .unwrap();
        let other = g.resample(Seat::new(1), &mut rng);
        assert_ne!(other.mechs[i].program, g.mechs[i].program);
        assert_eq!(evaluate(&g, Seat::new(1)), evaluate(&other, Seat::new(1)));
    }

    /// One random step of a test game: a random chance outcome or seat action, and at a sealed
    /// simultaneous choice whatever `sealed` picks.
    fn random_step(
        g: &mut CommandCore,
        rng: &mut gridwright_engine::Rng,
        out: &mut Vec<(crate::Action, u32)>,
        sealed: impl FnOnce(
            &CommandCore,
            gridwright_engine::SeatSet,
            &mut gridwright_engine::Rng,
        ) -> (Seat, crate::Action),
    ) {
        use gridwright_engine::{Actor, Events, Turn};
        match g.turn() {
            Turn::Chance => {
                out.clear();
                g.chance_outcomes(out);
                let k = rng.weighted_index(out.iter().map(|(_, w)| *w));
                g.step(Actor::Chance, out[k].0, &mut Events::disabled());
            }
            Turn::Seat(s) => {
                let l = g.legal_actions_vec(s);
                g.step(
                    Actor::Seat(s),
                    l[rng.index(l.len())],
                    &mut Events::disabled(),
                );
            }
            Turn::Simultaneous(set) => {
                let (s, a) = sealed(g, set, rng);
                g.step(Actor::Seat(s), a, &mut Events::disabled());
            }
            Turn::Terminal => panic!("the game ended before the test's position"),
        }
    }
}
