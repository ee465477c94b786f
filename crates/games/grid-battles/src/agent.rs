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
use crate::odds::HitTable;
use crate::state::{GridBattles, Phase, Status, Unit};
use gridwright_engine::{Agent, Rng, SeatView, first_best};

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

impl HitTable {
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
    odds: Option<HitTable>,
}

impl GreedyAgent {
    /// A new agent.
    pub fn new() -> GreedyAgent {
        GreedyAgent::default()
    }

    fn table(&mut self, g: &GridBattles) -> &HitTable {
        HitTable::refresh(&mut self.odds, &g.rules, HitTable::exact)
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
fn attack_value(g: &GridBattles, odds: &HitTable, ty: u8, health: u8, t: usize) -> f64 {
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

fn best_activation(g: &GridBattles, odds: &HitTable, legal: &[Action]) -> Option<Action> {
    let best = first_best(legal.iter().copied(), |&a| {
        let Action::Activate(id) = a else {
            return None;
        };
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
        Some(score)
    });
    best.map(|(a, _)| a)
}

/// How good it is for unit `u` to stand at its current position in `g` (the position after a
/// hypothetical move).
fn position_score(g: &GridBattles, odds: &HitTable, u: usize) -> f64 {
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

fn best_move(g: &GridBattles, odds: &HitTable, legal: &[Action]) -> Option<Action> {
    let mut scratch = g.clone();
    let best = first_best(legal.iter().copied(), |&a| match a {
        Action::Hold(id) => Some(position_score(g, odds, id.index())),
        Action::Move { unit, to } => {
            let dest = g.rules.index(to)?;
            let u = unit.index();
            let from = g.units[u].pos;
            scratch.occupied.clear(from);
            scratch.occupied.set(dest);
            scratch.units[u].pos = dest;
            let score = position_score(&scratch, odds, u);
            scratch.occupied.clear(dest);
            scratch.occupied.set(from);
            scratch.units[u].pos = from;
            Some(score)
        }
        _ => None,
    });
    best.map(|(a, _)| a)
}

fn best_attack(g: &GridBattles, odds: &HitTable, legal: &[Action]) -> Option<Action> {
    let best = first_best(legal.iter().copied(), |&a| {
        let Action::Attack { unit, target } = a else {
            return None;
        };
        let u: &Unit = &g.units[unit.index()];
        Some(attack_value(g, odds, u.ty, u.health, target.index()))
    });
    match best {
        Some((a, v)) if v > 0.0 => Some(a),
        _ => Some(Action::Done),
    }
}
