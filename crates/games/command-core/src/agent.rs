//! The greedy agent: one-step lookahead with exact dice odds.
//!
//! It sees only its [`SeatView`]: the observation-level facts (positions, structure, Surge and
//! Flux) come from [`SeatView::determinize`], a state whose unrevealed enemy programs are
//! redrawn at random, and it never reads those programs. Its choices:
//!
//! - **Programs**: every full program of the mech that extends the cards already put into its
//!   slots is run on the current board (enemies assumed to stay put), and the agent puts the
//!   next card of the best one into the next slot; the end square and facing are scored by the best expected damage it could
//!   then deal (the expectation of [`damage_odds_with`](crate::damage_odds_with), in floating
//!   point) minus half the expected damage the enemies
//!   could deal to it from where they stand, plus a pull towards weapon range; the program's
//!   delta adds Surge gained and subtracts the expected damage of dice it cannot pay for.
//!   It never leaves a slot for the random fill while a card could go there: the fill draws
//!   from the very cards it could choose (unused, undepleted), so the mean of the draw is never
//!   worth more than the best of them, and it knows the board as well at programming as at the
//!   fill (docs/agents.md, "Leaving a slot"). It leaves a slot only when no card is left.
//! - **Attacks**: the weapon and target with the best expected damage net of an unpaid delta.
//! - **Rerolls**: blanks only, as [`damage_odds`](crate::damage_odds) explains.
//! - **Crits**: the attacker puts back the card the defender would rather lose; the defender
//!   depletes its least useful card (directives before weapons).
//! - **Setup**: places second, deploys facing the centre, drafts the highest number left for
//!   its best-armed mech (it attacks earlier).

use crate::action::{Action, Card, CardSet, Face, Pool, Program};
use crate::odds::{OddsQuery, expected_damage_f64};
use crate::rules::program::completions;
use crate::rules::surge_flux::settle;
use crate::state::{CommandCore, Phase, Stage};
use gridwright_engine::geom::Dir8;
use gridwright_engine::{Agent, Rng, SeatView, first_best};
use std::collections::HashMap;

/// Plays by exact one-step odds; see the module documentation.
#[derive(Debug, Default, Clone)]
pub struct GreedyAgent {
    /// Expected damage by query.
    odds: HashMap<OddsQuery, f64>,
}

impl GreedyAgent {
    /// A new agent.
    pub fn new() -> GreedyAgent {
        GreedyAgent::default()
    }

    fn expected(&mut self, g: &CommandCore, mut q: OddsQuery) -> f64 {
        q.attacker_surge = q.attacker_surge.min(q.attack);
        q.defender_flux = q.defender_flux.min(q.armour);
        q.defender_surge = q.defender_surge.min(q.evade);
        *self
            .odds
            .entry(q)
            .or_insert_with(|| expected_damage_f64(&g.rules.dice, q))
    }

    /// Expected damage mech `i` standing at `pos` facing `facing` (with `surge`) deals to mech
    /// `t` with weapon `w`, or `None` if it cannot shoot it from there.
    fn shot(
        &mut self,
        g: &CommandCore,
        i: usize,
        (pos, facing, surge): (u8, Dir8, u8),
        w: usize,
        t: usize,
        target_at: (u8, Dir8),
    ) -> Option<f64> {
        let r = &g.rules;
        let wpn = r.chassis_of(i).weapons[w];
        if g.mechs[i].depleted & (1 << w) != 0 {
            return None;
        }
        let dist = r.distance(pos, target_at.0);
        if dist < wpn.min_range || dist > wpn.max_range {
            return None;
        }
        if !r
            .arc(pos, facing, target_at.0)
            .is_some_and(|a| wpn.allows(a))
        {
            return None;
        }
        let arc = r.arc(target_at.0, target_at.1, pos)?;
        let tc = r.chassis_of(t);
        let tm = &g.mechs[t];
        Some(self.expected(
            g,
            OddsQuery {
                attack: wpn.attack,
                armour: tc.armour[arc as usize],
                evade: tc.evasion,
                attacker_surge: surge,
                defender_flux: tm.flux,
                defender_surge: tm.surge,
            },
        ))
    }

    /// How good it is for mech `i` to end its program at `pos` facing `facing`.
    fn position_score(&mut self, g: &CommandCore, i: usize, pos: u8, facing: Dir8) -> f64 {
        let r = &g.rules;
        let me = g.owner_of(i);
        let m = g.mechs[i];
        let enemies: Vec<usize> = g
            .live()
            .filter(|(j, _)| g.owner_of(*j) != me)
            .map(|(j, _)| j)
            .collect();
        let mut best = 0.0f64;
        let weapons = r.chassis_of(i).weapons.len();
        for &e in &enemies {
            let em = g.mechs[e];
            for w in 0..weapons {
                if let Some(v) = self.shot(g, i, (pos, facing, 0), w, e, (em.pos, em.facing)) {
                    let wpn = r.chassis_of(i).weapons[w];
                    let owed = (-i32::from(wpn.delta)).max(0);
                    let can_pay = i32::from(m.flux) + i32::from(m.surge);
                    let unpaid = (owed - can_pay).max(0);
                    best = best.max(v - 0.8 * f64::from(unpaid));
                }
            }
        }
        let mut threat = 0.0;
        for &e in &enemies {
            let em = g.mechs[e];
            let mut worst = 0.0f64;
            for w in 0..r.chassis_of(e).weapons.len() {
                if let Some(v) = self.shot(g, e, (em.pos, em.facing, em.surge), w, i, (pos, facing))
                {
                    worst = worst.max(v);
                }
            }
            threat += worst;
        }
        let mut approach = 0.0;
        if best == 0.0 {
            // Pull towards the middle of the best weapon's range band of the nearest enemy.
            let wpn = r
                .chassis_of(i)
                .weapons
                .iter()
                .enumerate()
                .filter(|(w, _)| m.depleted & (1 << w) == 0)
                .map(|(_, w)| *w)
                .max_by_key(|w| w.attack);
            if let (Some(wpn), Some(near)) = (
                wpn,
                enemies
                    .iter()
                    .min_by_key(|&&e| r.distance(pos, g.mechs[e].pos)),
            ) {
                let target = g.mechs[*near].pos;
                let d = f64::from(r.distance(pos, target));
                let ideal = f64::from(wpn.min_range + wpn.max_range) / 2.0;
                approach -= 0.2 * (d - ideal).abs();
                // Facing the enemy matters for the next round's shots.
                let turn = (facing as i8 - r.toward(pos, target) as i8).rem_euclid(8);
                approach -= 0.1 * f64::from(turn.min(8 - turn));
            }
        }
        best - 0.5 * threat + approach
    }

    /// The next programming step: the first step towards the best full program that extends
    /// what the seat has put into the mech's slots so far.
    fn choose_program(&mut self, g: &CommandCore, legal: &[Action]) -> Option<Action> {
        let (Action::Program { mech, .. } | Action::Leave { mech }) = *legal.first()? else {
            return None;
        };
        let i = mech.index();
        let seat = g.owner_of(i);
        let draft = g.draft(seat);
        let next = g.draft_next(seat);
        let r = &g.rules;
        let c = r.chassis_of(i);
        let m = g.mechs[i];
        let mut occupied = g.occupied;
        occupied.clear(m.pos);
        // Scores of end squares and facings, computed once each: many programs end alike.
        let mut memo = vec![f64::NAN; usize::from(r.width) * usize::from(r.height) * 8];
        let mut best: Option<(f64, Program)> = None;
        completions(c, m.depleted_directives(), &draft, next, &mut |program| {
            let run = r.run(c, program, m.pos, m.facing, &occupied, |_| {});
            let (mut surge, mut flux) = (m.surge, m.flux);
            let paid = settle(&mut surge, &mut flux, run.delta);
            let key = usize::from(run.pos) * 8 + run.facing.index();
            if memo[key].is_nan() {
                memo[key] = self.position_score(g, i, run.pos, run.facing);
            }
            let place = memo[key];
            let score = place + 0.3 * f64::from(paid.gained)
                - 0.9 * f64::from(paid.unpaid)
                - 0.05 * f64::from(paid.surge)
                + 0.1 * f64::from(run.tokens);
            if best.as_ref().is_none_or(|(b, _)| score > *b) {
                best = Some((score, *program));
            }
        });
        let (_, program) = best?;
        let step = program.slots().get(next).and_then(|s| s.get()).map_or(
            Action::Leave { mech },
            |card| Action::Program { mech, card },
        );
        legal.contains(&step).then_some(step)
    }

    /// The weapon to fire: the one whose best shot, after paying its delta, is worth most
    /// (or holding fire).
    fn choose_attack(&mut self, g: &CommandCore, legal: &[Action]) -> Action {
        let mut best = (0.05, Action::HoldFire);
        for a in legal {
            let Action::Fire { mech, weapon } = *a else {
                continue;
            };
            let i = mech.index();
            let m = g.mechs[i];
            let wpn = g.rules.chassis_of(i).weapons[usize::from(weapon)];
            let (mut surge, mut flux) = (m.surge, m.flux);
            let paid = settle(&mut surge, &mut flux, i16::from(wpn.delta));
            let Some((v, _)) = self.best_target(g, i, weapon, surge, |t| {
                g.can_fire(i, usize::from(weapon), t)
            }) else {
                continue;
            };
            // Unpaid delta: that many attack dice against itself (2/3 damage each).
            let self_harm = f64::from(paid.unpaid) * 2.0 / 3.0;
            let score = v - 1.2 * self_harm;
            if score > best.0 {
                best = (score, *a);
            }
        }
        best.1
    }

    /// The target of the weapon that fired (its delta paid): the best shot.
    fn choose_target(&mut self, g: &CommandCore, legal: &[Action]) -> Option<Action> {
        let Stage::ChooseTarget { attack } = g.stage else {
            return None;
        };
        let i = usize::from(attack.attacker);
        let surge = g.mechs[i].surge;
        let (_, t) = self.best_target(g, i, attack.weapon, surge, |t| {
            legal.contains(&Action::Aim {
                target: CommandCore::mech_id(t),
            })
        })?;
        Some(Action::Aim {
            target: CommandCore::mech_id(t),
        })
    }

    /// The best target of mech `i`'s weapon among those `allowed`, with `surge` left to
    /// reroll: its value (expected damage, plus 1 for a likely kill) and the target.
    fn best_target(
        &mut self,
        g: &CommandCore,
        i: usize,
        weapon: u8,
        surge: u8,
        allowed: impl Fn(usize) -> bool,
    ) -> Option<(f64, usize)> {
        let m = g.mechs[i];
        let targets = (0..g.mech_count()).filter(|&t| allowed(t));
        let best = first_best(targets, |&t| {
            let tm = g.mechs[t];
            let v = self.shot(
                g,
                i,
                (m.pos, m.facing, surge),
                usize::from(weapon),
                t,
                (tm.pos, tm.facing),
            )?;
            let kill = if v >= f64::from(tm.structure) {
                1.0
            } else {
                0.0
            };
            Some(v + kill)
        });
        best.map(|(t, v)| (v, t))
    }

    /// How much mech `i` would miss `card`.
    fn card_value(g: &CommandCore, i: usize, card: Card) -> f64 {
        match card {
            Card::Weapon(w) => {
                let weapons = g.rules.chassis_of(i).weapons.len() as u32;
                let left = weapons - (g.mechs[i].depleted & 0xF).count_ones();
                let attack = g.rules.chassis_of(i).weapons[usize::from(w)].attack;
                10.0 + f64::from(attack) + if left <= 1 { 50.0 } else { 0.0 }
            }
            Card::Directive(d) => {
                let half = &g.rules.chassis_of(i).directives[usize::from(d)].halves[0];
                1.0 + 0.1 * f64::from(half.cost)
            }
        }
    }

    fn least_valuable(g: &CommandCore, i: usize, cards: CardSet) -> Option<Card> {
        cards
            .iter()
            .min_by(|a, b| Self::card_value(g, i, *a).total_cmp(&Self::card_value(g, i, *b)))
    }
}

impl Agent<CommandCore> for GreedyAgent {
    fn name(&self) -> String {
        "greedy".into()
    }

    fn choose(&mut self, view: &SeatView<'_, CommandCore>, rng: &mut Rng) -> Action {
        let mut legal = Vec::new();
        view.legal_actions(&mut legal);
        let fallback = legal[0];
        // Only what this seat may know: unrevealed enemy programs are redrawn at random.
        let g = view.determinize(rng);
        let seat = view.seat();
        match g.phase() {
            Phase::ChoosePlacementOrder { .. } => Action::PlaceFirst(false),
            Phase::Deploy { .. } => {
                let r = &g.rules;
                let centre = r.index(r.width / 2, r.height / 2);
                let mut best = (f64::MIN, fallback);
                for a in &legal {
                    let Action::Deploy { at, facing, .. } = *a else {
                        continue;
                    };
                    let sq = r.index(at.x, at.y);
                    let dist = f64::from(r.distance(sq, centre));
                    let good_facing = r.toward(sq, centre) == facing;
                    let crowd = g
                        .live()
                        .filter(|(j, m)| g.owner_of(*j) == seat && r.distance(m.pos, sq) <= 1)
                        .count() as f64;
                    let score = -dist + if good_facing { 5.0 } else { 0.0 } - 2.0 * crowd;
                    if score > best.0 {
                        best = (score, *a);
                    }
                }
                best.1
            }
            Phase::Ordering { .. } => {
                // Highest number left, onto the best-armed unnumbered mech.
                let best_arm = |a: &Action| match *a {
                    Action::Assign { number, mech } => {
                        let i = mech.index();
                        let arm: u32 = g
                            .rules
                            .chassis_of(i)
                            .weapons
                            .iter()
                            .map(|w| u32::from(w.attack))
                            .max()
                            .unwrap_or(0);
                        (u32::from(number), arm)
                    }
                    _ => (0, 0),
                };
                legal
                    .iter()
                    .copied()
                    .max_by_key(best_arm)
                    .unwrap_or(fallback)
            }
            Phase::Programming => self.choose_program(&g, &legal).unwrap_or(fallback),
            Phase::ChooseAttack { .. } => self.choose_attack(&g, &legal),
            Phase::ChooseTarget { .. } => {
                self.choose_target(&g, &legal).unwrap_or_else(|| legal[0])
            }
            Phase::AttackReroll => legal
                .iter()
                .copied()
                .find(|a| {
                    matches!(
                        a,
                        Action::Reroll {
                            pool: Pool::Attack,
                            face: Face::Blank
                        }
                    )
                })
                .unwrap_or(Action::Keep),
            Phase::DefenceReroll => legal
                .iter()
                .copied()
                .find(|a| {
                    matches!(
                        a,
                        Action::Reroll {
                            face: Face::Blank,
                            ..
                        }
                    )
                })
                .unwrap_or(Action::Keep),
            Phase::CritPutBack { mech } => {
                let revealed = g.revealed();
                if revealed.len() >= 2 {
                    Self::least_valuable(&g, mech.index(), revealed)
                        .map_or(Action::Keep, |card| Action::PutBack { mech, card })
                } else {
                    Action::Keep
                }
            }
            Phase::CritDeplete { mech } => Self::least_valuable(&g, mech.index(), g.revealed())
                .map_or(fallback, |card| Action::Deplete { mech, card }),
            _ => fallback,
        }
    }
}
