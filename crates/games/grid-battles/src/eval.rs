//! A heuristic evaluation of a position, for search agents.
//!
//! The score, in victory points from the seat's point of view:
//!
//! - victory points scored, each weighed by how near it brings its side to the scenario's
//!   target (the last point needed is worth most);
//! - damage: each unit's lost health as a fraction of its starting health, times [`HURT`] (a
//!   badly hurt unit is most of a victory point for the enemy);
//! - threats: each unit that can still act this round threatens the best attack it could make
//!   after a move (expected damage and kill chance from the exact hit distribution, a bold
//!   defender's counterattack deducted); a side counts its best [`activations`] threats,
//!   the side to act at [`MOVER`], the other at [`WAITER`];
//! - position: units out of reach of every enemy lose [`FAR`] per hex (growing towards the
//!   round limit by [`LATE`]: a battle never joined is a draw), bold units gain
//!   [`BOLD`];
//! - a combat roll in progress counts at its exact expectation over the dice faces.
//!
//! The score goes through `tanh` onto `[-1, 1]`, the scale of [`Game::returns`]; a finished
//! game is worth exactly its returns. Hit distributions per pair of unit types are computed
//! once per rules and thread; an evaluation allocates nothing after that.
//!
//! [`activations`]: crate::Config::activations

use crate::config::MAX_UNITS;
use crate::odds::HitTable;
use crate::state::{GridBattles, Phase, SEATS, Status};
use gridwright_engine::{Game, Seat, SeatArray};
use std::cell::RefCell;

/// Weight of a unit's lost health fraction, in victory points.
const HURT: f64 = 0.6;
/// Weight of the threats of the side to act, and of the other side.
const MOVER: f64 = 0.5;
const WAITER: f64 = 0.3;
/// Penalty per hex of distance beyond reach, per unit.
const FAR: f64 = 0.03;
/// How much more [`FAR`] weighs in the last round than in the first (times the fraction of
/// the rounds played).
const LATE: f64 = 4.0;
/// Score per bold unit (two friends adjacent).
const BOLD: f64 = 0.04;
/// Score scale of `tanh`: a score this large is worth about 0.76.
const SCALE: f64 = 1.5;

thread_local! {
    static ODDS: RefCell<Option<HitTable>> = const { RefCell::new(None) };
}

/// Runs `f` with the hit tables of `g`'s rules.
fn with_odds<R>(g: &GridBattles, f: impl FnOnce(&HitTable) -> R) -> R {
    ODDS.with(|cell| {
        f(HitTable::refresh(
            &mut cell.borrow_mut(),
            &g.rules,
            HitTable::by_faces,
        ))
    })
}

/// The value of `game` for `seat`, in `[-1, 1]`: its returns once over, else a heuristic.
///
/// # Examples
/// ```
/// use gridwright_engine::{Game, Seat};
/// use gridwright_grid_battles::{Content, GridBattles, evaluate};
/// let game = GridBattles::new(&Content::builtin()?.config("skirmish")?)?;
/// let (a, b) = (evaluate(&game, Seat::new(0)), evaluate(&game, Seat::new(1)));
/// assert!((a + b).abs() < 1e-9 && a.abs() < 0.5); // zero-sum, and nobody is ahead yet
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn evaluate(game: &GridBattles, seat: Seat) -> f64 {
    // A seat the game does not have is valued as the last seat.
    let me = Seat::new(seat.index().min(SEATS - 1) as u8);
    if let Phase::Over { .. } = game.phase {
        return game.returns()[me];
    }
    with_odds(game, |odds| evaluate_with(game, me, odds))
}

fn evaluate_with(game: &GridBattles, me: Seat, odds: &HitTable) -> f64 {
    let mut health = [0u8; MAX_UNITS];
    let n = usize::from(game.n_units);
    for (h, u) in health.iter_mut().zip(&game.units[..n]) {
        *h = u.health;
    }
    let Some((s, t, _)) = game.striker_and_target() else {
        return squash(score(game, me, odds, &health, game.vp));
    };
    // Expectation over the roll in progress.
    let (s, t) = (s.index(), t.index());
    let (striker, target) = (game.units[s], game.units[t]);
    let dist = odds.dist(striker.ty, target.ty);
    let side = striker.side;
    let mut total = 0.0;
    for (hits, q) in dist.iter().enumerate() {
        if *q == 0.0 {
            continue;
        }
        let left = target.health.saturating_sub(hits.min(255) as u8);
        let mut vp = game.vp;
        if left == 0 {
            vp[side] = vp[side].saturating_add(1);
            if vp[side] >= game.rules.target_vp[side] {
                total += q * if side == me { 1.0 } else { -1.0 };
                continue;
            }
        }
        health[t] = left;
        total += q * squash(score(game, me, odds, &health, vp));
    }
    total
}

#[inline]
fn squash(x: f64) -> f64 {
    (x / SCALE).tanh()
}

/// Value of `vp` points towards a target of `target`: the k-th point is worth
/// `1 + k / target`, so the last ones count most.
#[inline]
fn vp_value(vp: u8, target: u8) -> f64 {
    let t = f64::from(target.max(1));
    (1..=vp).map(|k| 1.0 + f64::from(k) / t).sum()
}

/// The raw score for side `me` with units at `health` and `vp` points.
fn score(
    g: &GridBattles,
    me: Seat,
    odds: &HitTable,
    health: &[u8; MAX_UNITS],
    vp: SeatArray<u8, SEATS>,
) -> f64 {
    let n = usize::from(g.n_units);
    let mut sides = SeatArray::<f64, SEATS>::default();
    let mut threats = SeatArray::<[f64; MAX_UNITS], SEATS>::from_fn(|_| [0.0; MAX_UNITS]);
    let mut counts = SeatArray::<usize, SEATS>::default();
    let attack_phase = matches!(g.phase, Phase::Attack | Phase::Combat { .. });
    // Distance matters more as the round limit nears: a battle not joined is a draw.
    let late = f64::from(g.round) / f64::from(g.rules.config.round_limit.max(1));
    let far = FAR * (1.0 + LATE * late.min(1.0));
    for i in 0..n {
        if health[i] == 0 {
            continue;
        }
        let u = &g.units[i];
        let side = u.side;
        let stats = &g.rules.types[usize::from(u.ty)];
        let start = f64::from(stats.health.max(1));
        let mut s = -HURT * (1.0 - f64::from(health[i]) / start).max(0.0);
        // Can it still act before the round ends, and from how far?
        // Units that have acted this round threaten nothing until the next.
        let can_act = match u.status {
            Status::Fresh => true,
            Status::Activated => !u.has(crate::state::Unit::ATTACKED),
            Status::Fatigued => false,
        };
        let moved =
            u.status == Status::Activated && (u.has(crate::state::Unit::MOVED) || attack_phase);
        let reach = if moved { 0 } else { u32::from(stats.movement) }
            + if stats.ranged {
                u32::from(stats.range)
            } else {
                1
            };
        let here = g.hex(u.pos);
        let mut nearest = u32::MAX;
        let mut friends = 0;
        let mut best = 0.0f64;
        for j in 0..n {
            if j == i || health[j] == 0 {
                continue;
            }
            let e = &g.units[j];
            let d = here.distance(g.hex(e.pos));
            if e.side == u.side {
                friends += usize::from(d == 1);
                continue;
            }
            nearest = nearest.min(d);
            if can_act && d <= reach {
                let (dmg, kill) = odds.strike(u.ty, e.ty, health[j]);
                let et = &g.rules.types[usize::from(e.ty)];
                let mut v = HURT * dmg / f64::from(et.health.max(1)) + kill;
                if !stats.ranged && g.is_bold(j) {
                    let (back, _) = odds.strike(e.ty, u.ty, health[i]);
                    v -= (1.0 - kill) * HURT * back / start;
                }
                best = best.max(v);
            }
        }
        if best > 0.0 {
            threats[side][counts[side]] = best;
            counts[side] += 1;
        }
        if nearest != u32::MAX && nearest > reach {
            s -= far * f64::from(nearest - reach);
        }
        if friends >= 2 {
            s += BOLD;
        }
        sides[side] += s;
    }
    let k = usize::from(g.rules.config.activations.max(1));
    let mover = g.active;
    for side in Seat::all(SEATS) {
        let list = &mut threats[side][..counts[side]];
        list.sort_unstable_by(|a, b| b.total_cmp(a));
        let top: f64 = list.iter().take(k).sum();
        sides[side] += top * if side == mover { MOVER } else { WAITER };
    }
    let t = &g.rules.target_vp;
    let points = SeatArray::<f64, SEATS>::from_fn(|s| vp_value(vp[s], t[s]));
    let other = me.next(SEATS);
    (points[me] - points[other]) + (sides[me] - sides[other])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Content;

    fn skirmish() -> GridBattles {
        GridBattles::new(&Content::builtin().unwrap().config("skirmish").unwrap()).unwrap()
    }

    #[test]
    fn evaluation_is_zero_sum_and_bounded() {
        let mut g = skirmish();
        g.units[0].health = 1;
        let a = evaluate(&g, Seat::new(0));
        let b = evaluate(&g, Seat::new(1));
        assert!((a + b).abs() < 1e-9);
        assert!(a < 0.0 && a > -1.0, "P1's hurt unit: {a}");
    }

    #[test]
    fn a_victory_point_outweighs_position() {
        let mut g = skirmish();
        let before = evaluate(&g, Seat::new(1));
        g.vp[Seat::new(1)] = 1;
        assert!(evaluate(&g, Seat::new(1)) > before + 0.3);
    }
}
