//! The greedy agent: one-step lookahead with exact combat odds.
//!
//! - **Activation**: activates first the units that can hit something this turn (an enemy
//!   within movement + reach), best expected result first; then those nearest the enemy.
//! - **Movement**: for each activated unit and each hex it can reach (or staying put), scores
//!   the best attack it could make from there, minus the expected damage enemies could deal
//!   to it there next turn, plus a little for standing bold and for closing in; makes the best
//!   (unit, hex) choice first.
//! - **Attack**: makes the attack with the best expected damage plus a bonus for the chance of
//!   a kill, minus the expected cost of a bold defender's counterattack; stops when no attack
//!   is worth it.
//!
//! Combat odds come from the exact hit distributions of every (attacker type, defender type)
//! pair, computed once per game config with the engine's dice maths and cached as floats.

use crate::action::Action;
use crate::config::MAX_UNITS;
use crate::odds::hit_dist;
use crate::rules::Rules;
use crate::state::{GridBattles, Phase, Status, Unit};
use gridwright_engine::{Agent, Rng, SeatView};
use std::sync::Arc;

/// Weight of a kill, in health points, on top of the damage itself (a kill scores a VP and
/// removes a threat).
const KILL: f64 = 3.0;
/// How much the agent fears expected damage against it, relative to damage it deals.
const FEAR: f64 = 0.45;
/// Value of standing bold (two friends adjacent).
const BOLD: f64 = 0.3;
/// Pull towards the enemy, per hex of distance.
const APPROACH: f64 = 0.06;
/// Value of threatening an enemy next turn, relative to attacking it now.
const POTENTIAL: f64 = 0.35;

/// Hit distributions per (striker type, target type), as floats.
#[derive(Debug)]
struct OddsTable {
    rules: Arc<Rules>,
    types: usize,
    /// `p[(s * types + t)][h]`: probability of exactly `h` hits.
    p: Vec<Vec<f64>>,
}

impl OddsTable {
    fn new(rules: &Arc<Rules>) -> OddsTable {
        let n = rules.types.len();
        let (dice, table) = (&rules.dice, &rules.table);
        let mut p = Vec::with_capacity(n * n);
        for s in 0..n {
            for t in 0..n {
                let (ts, tt) = (&rules.types[s], &rules.types[t]);
                let probs = match (
                    dice.get(usize::from(ts.attack_die)),
                    dice.get(usize::from(tt.defence_die)),
                ) {
                    (Some(a), Some(d)) => {
                        let dist = hit_dist(a, d, rules.has_advantage(s as u8, t as u8), table);
                        let max = dist.iter().map(|(&k, _)| k).max().unwrap_or(0).max(0);
                        let mut v = vec![0.0; max as usize + 1];
                        for (&k, q) in dist.iter() {
                            v[k.max(0) as usize] += q.to_f64();
                        }
                        v
                    }
                    _ => vec![1.0],
                };
                p.push(probs);
            }
        }
        OddsTable {
            rules: Arc::clone(rules),
            types: n,
            p,
        }
    }

    /// Expected damage and kill probability of a unit of type `s` striking a unit of type `t`
    /// with `health` left.
    #[inline]
    fn strike(&self, s: u8, t: u8, health: u8) -> (f64, f64) {
        let p = &self.p[usize::from(s) * self.types + usize::from(t)];
        let h = usize::from(health);
        let mut dmg = 0.0;
        let mut kill = 0.0;
        for (k, q) in p.iter().enumerate() {
            dmg += q * k.min(h) as f64;
            if k >= h {
                kill += q;
            }
        }
        (dmg, kill)
    }

    /// Damage plus kill bonus.
    #[inline]
    fn value(&self, s: u8, t: u8, health: u8) -> (f64, f64) {
        let (dmg, kill) = self.strike(s, t, health);
        (dmg + KILL * kill, kill)
    }
}

/// Plays Grid Battles greedily with exact combat odds; see the module docs.
///
/// # Examples
/// ```
/// use gridwright_engine::{Agent, Game, Rng, Seat, SeatView, Turn};
/// use gridwright_grid_battles::{Content, GreedyAgent, GridBattles};
/// let game = GridBattles::new(&Content::builtin()?.config("skirmish")?)?;
/// let Turn::Seat(seat) = game.turn() else { unreachable!() };
/// let action = GreedyAgent::default().choose(&SeatView::new(&game, seat), &mut Rng::seed_from_u64(1));
/// assert!(game.legal_actions_vec(seat).contains(&action));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Default)]
pub struct GreedyAgent {
    odds: Option<OddsTable>,
}

impl GreedyAgent {
    /// A new agent.
    pub fn new() -> GreedyAgent {
        GreedyAgent::default()
    }

    fn table(&mut self, g: &GridBattles) -> &OddsTable {
        match &mut self.odds {
            Some(t) if Arc::ptr_eq(&t.rules, &g.rules) => {}
            // Same content in another game: keep the table, follow the new `Arc`.
            Some(t) if *t.rules == *g.rules => t.rules = Arc::clone(&g.rules),
            _ => self.odds = None,
        }
        self.odds.get_or_insert_with(|| OddsTable::new(&g.rules))
    }
}

impl Agent<GridBattles> for GreedyAgent {
    fn name(&self) -> String {
        "greedy".into()
    }

    fn choose(&mut self, view: &SeatView<'_, GridBattles>, rng: &mut Rng) -> Action {
        let mut legal = Vec::new();
        view.legal_actions(&mut legal);
        let Some(g) = view.perfect() else {
            return legal[rng.index(legal.len())];
        };
        let odds = self.table(g);
        let choice = match g.phase {
            Phase::Activation { .. } => best_activation(g, odds, &legal),
            Phase::Movement => best_move(g, odds, &legal),
            Phase::Attack => best_attack(g, odds, &legal),
            _ => None,
        };
        match choice {
            Some(a) if legal.contains(&a) => a,
            _ => legal[rng.index(legal.len())],
        }
    }
}

/// Value of a unit of type `ty` with `health` attacking enemy unit `t` (its counterattack
/// deducted).
fn attack_value(g: &GridBattles, odds: &OddsTable, ty: u8, health: u8, t: usize) -> f64 {
    let target = &g.units[t];
    let (value, kill) = odds.value(ty, target.ty, target.health);
    let ranged = g.rules.types[usize::from(ty)].ranged;
    if !ranged && g.is_bold(t) {
        let (back, _) = odds.value(target.ty, ty, health);
        value - (1.0 - kill) * back
    } else {
        value
    }
}

/// The reach of a type: hexes from which it strikes after moving (ignoring sight and blocking).
fn reach(g: &GridBattles, ty: u8) -> u32 {
    let t = &g.rules.types[usize::from(ty)];
    u32::from(t.movement) + u32::from(t.range)
}

fn best_activation(g: &GridBattles, odds: &OddsTable, legal: &[Action]) -> Option<Action> {
    let mut best: Option<(f64, Action)> = None;
    for &a in legal {
        let Action::Activate(id) = a else { continue };
        let u = &g.units[id.index()];
        let here = g.hex(u.pos);
        let r = reach(g, u.ty);
        let mut score = f64::NEG_INFINITY;
        let mut nearest = u32::MAX;
        for (t, e) in g.live().filter(|(_, e)| e.side != u.side) {
            let d = here.distance(g.hex(e.pos));
            nearest = nearest.min(d);
            if d <= r {
                let v = attack_value(g, odds, u.ty, u.health, t);
                // Striking without moving is surer than after a move.
                let sure = if g.can_strike(u.ty, u.pos, e.pos, &g.occupied) {
                    1.0
                } else {
                    0.8
                };
                score = score.max(10.0 + v * sure);
            }
        }
        if score == f64::NEG_INFINITY {
            score = -(nearest as f64);
        }
        if best.is_none_or(|(b, _)| score > b) {
            best = Some((score, a));
        }
    }
    best.map(|(_, a)| a)
}

/// How good it is for unit `u` to stand at its current position in `g` (the position after a
/// hypothetical move).
fn position_score(g: &GridBattles, odds: &OddsTable, u: usize) -> f64 {
    let unit = g.units[u];
    let here = g.hex(unit.pos);
    let stats = &g.rules.types[usize::from(unit.ty)];
    // Offence: the best attack available from here this turn.
    let mut offence: f64 = 0.0;
    let mut nearest = u32::MAX;
    let mut threats = [0.0f64; MAX_UNITS];
    let mut nt = 0;
    let mut potential: f64 = 0.0;
    let my_reach = reach(g, unit.ty);
    let bold = g.friends_adjacent(unit.side, unit.pos, u) >= 2;
    for (t, e) in g.live().filter(|(_, e)| e.side != unit.side) {
        let there = g.hex(e.pos);
        let d = here.distance(there);
        nearest = nearest.min(d);
        if g.can_strike(unit.ty, unit.pos, e.pos, &g.occupied) {
            offence = offence.max(attack_value(g, odds, unit.ty, unit.health, t));
        }
        // Potential: what we could do to this enemy on our next activation.
        if d <= my_reach {
            potential = potential.max(attack_value(g, odds, unit.ty, unit.health, t));
        }
        // Defence: what this enemy could do to us on its next activation.
        if d <= reach(g, e.ty) {
            let (mut threat, kill) = odds.value(e.ty, unit.ty, unit.health);
            let e_ranged = g.rules.types[usize::from(e.ty)].ranged;
            if bold && !e_ranged {
                let (back, _) = odds.value(unit.ty, e.ty, e.health);
                threat -= (1.0 - kill) * back;
            }
            let weight = if e.status == Status::Fresh { 1.0 } else { 0.6 };
            if nt < threats.len() {
                threats[nt] = (threat * weight).max(0.0);
                nt += 1;
            }
        }
    }
    threats[..nt].sort_unstable_by(|a, b| b.total_cmp(a));
    let k = usize::from(g.rules.config.activations).min(nt);
    let danger: f64 = threats[..k].iter().sum();
    let want = if stats.ranged {
        // Archers like to stand at the edge of their range, not in contact.
        nearest.abs_diff(u32::from(stats.range).min(3))
    } else {
        nearest.saturating_sub(1)
    };
    // Caution fades as the round limit nears: a draw is worth nothing to either side.
    let rounds = f64::from(g.rules.config.round_limit.max(1));
    let fear = FEAR * (1.0 - f64::from(g.round.saturating_sub(1)) / rounds);
    offence + POTENTIAL * potential - fear * danger + if bold { BOLD } else { 0.0 }
        - APPROACH * f64::from(want)
}

fn best_move(g: &GridBattles, odds: &OddsTable, legal: &[Action]) -> Option<Action> {
    let mut best: Option<(f64, Action)> = None;
    let mut consider = |score: f64, a: Action| {
        if best.is_none_or(|(b, _)| score > b) {
            best = Some((score, a));
        }
    };
    let mut scratch = g.clone();
    for &a in legal {
        match a {
            Action::Hold(id) => consider(position_score(g, odds, id.index()), a),
            Action::Move { unit, to } => {
                let Some(dest) = g.rules.index(to) else {
                    continue;
                };
                let u = unit.index();
                let from = g.units[u].pos;
                scratch.occupied.clear(from);
                scratch.occupied.set(dest);
                scratch.units[u].pos = dest;
                consider(position_score(&scratch, odds, u), a);
                scratch.occupied.clear(dest);
                scratch.occupied.set(from);
                scratch.units[u].pos = from;
            }
            _ => {}
        }
    }
    best.map(|(_, a)| a)
}

fn best_attack(g: &GridBattles, odds: &OddsTable, legal: &[Action]) -> Option<Action> {
    let mut best: Option<(f64, Action)> = None;
    for &a in legal {
        let Action::Attack { unit, target } = a else {
            continue;
        };
        let u: &Unit = &g.units[unit.index()];
        let v = attack_value(g, odds, u.ty, u.health, target.index());
        if best.is_none_or(|(b, _)| v > b) {
            best = Some((v, a));
        }
    }
    match best {
        Some((v, a)) if v > 0.0 => Some(a),
        _ => Some(Action::Done),
    }
}
