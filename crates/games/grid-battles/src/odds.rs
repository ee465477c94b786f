//! Exact combat odds, from the engine's dice distributions.
//!
//! One roll's hits are `max(0, swords + bonus·[advantage] − shields)` of an independent attack
//! die and defence die (seed, "Combat Resolution" step 3), computed with
//! [`contest`](gridwright_engine::dice::contest) in exact rationals.

use crate::action::{Action, UnitId};
use crate::config::{Advantage, UnitType, engine_dice};
use crate::content::{Content, ContentError};
use crate::rules::Rules;
use crate::state::GridBattles;
use gridwright_engine::dice::{Die, Dist, Ratio, SymbolTable, contest};
use serde::Serialize;
use std::sync::Arc;

/// The exact distribution of one roll's hits.
pub(crate) fn hit_dist(
    attack: &Die,
    defence: &Die,
    advantage: bool,
    table: &SymbolTable,
) -> Dist<i64> {
    let count = |f: &gridwright_engine::dice::Face, name: &str| {
        table.get(name).map_or(0, |s| i64::from(f.count(s)))
    };
    let a = attack.dist(|f| count(f, "sword") + if advantage { count(f, "bonus") } else { 0 });
    let d = defence.dist(|f| count(f, "shield"));
    contest(&a, &d, |a, d| (a - d).max(0))
}

/// The hit distributions of every (striker type, target type) pair, as floats, for the rules
/// they were computed from: what the greedy agent and the evaluator look up.
#[derive(Debug)]
pub(crate) struct HitTable {
    rules: Arc<Rules>,
    types: usize,
    /// `p[s * types + t][h]`: probability of exactly `h` hits.
    p: Vec<Vec<f64>>,
}

impl HitTable {
    /// From the engine's exact dice distributions (the greedy agent's table).
    pub(crate) fn exact(rules: &Arc<Rules>) -> HitTable {
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
        HitTable {
            rules: Arc::clone(rules),
            types: n,
            p,
        }
    }

    /// By adding up every pair of faces in floats (the evaluator's table).
    pub(crate) fn by_faces(rules: &Arc<Rules>) -> HitTable {
        let types = rules.types.len();
        let mut p = Vec::with_capacity(types * types);
        for s in 0..types {
            for t in 0..types {
                let fa = rules.faces(rules.types[s].attack_die);
                let fd = rules.faces(rules.types[t].defence_die);
                let mut dist = vec![0.0f64; 1];
                let w = 1.0 / (fa * fd).max(1) as f64;
                for a in 0..fa {
                    for d in 0..fd {
                        let h = usize::from(rules.strike(s as u8, t as u8, a as u8, d as u8).hits);
                        if dist.len() <= h {
                            dist.resize(h + 1, 0.0);
                        }
                        dist[h] += w;
                    }
                }
                p.push(dist);
            }
        }
        HitTable {
            rules: Arc::clone(rules),
            types,
            p,
        }
    }

    /// `slot`'s table, rebuilt with `build` unless it was computed for the same rules (then it
    /// is kept, following the new `Arc`).
    pub(crate) fn refresh<'a>(
        slot: &'a mut Option<HitTable>,
        rules: &Arc<Rules>,
        build: fn(&Arc<Rules>) -> HitTable,
    ) -> &'a HitTable {
        match slot {
            Some(t) if Arc::ptr_eq(&t.rules, rules) => {}
            Some(t) if *t.rules == **rules => t.rules = Arc::clone(rules),
            _ => *slot = None,
        }
        slot.get_or_insert_with(|| build(rules))
    }

    /// The distribution of a unit of type `s` striking one of type `t`: `[h]` is the
    /// probability of exactly `h` hits.
    #[inline]
    pub(crate) fn dist(&self, s: u8, t: u8) -> &[f64] {
        &self.p[usize::from(s) * self.types + usize::from(t)]
    }

    /// Expected damage and kill probability of a unit of type `s` striking a unit of type `t`
    /// with `health` left.
    #[inline]
    pub(crate) fn strike(&self, s: u8, t: u8, health: u8) -> (f64, f64) {
        let h = usize::from(health);
        let (mut dmg, mut kill) = (0.0, 0.0);
        for (k, q) in self.dist(s, t).iter().enumerate() {
            dmg += q * k.min(h) as f64;
            if k >= h {
                kill += q;
            }
        }
        (dmg, kill)
    }
}

/// The odds of one unit type attacking another, out of any battle.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct MatchupOdds {
    /// Attacking unit type id.
    pub attacker: String,
    /// Defending unit type id.
    pub defender: String,
    /// The attacker's attack die.
    pub attack_die: String,
    /// The defender's defence die.
    pub defence_die: String,
    /// Whether the attacker's bonus symbols count (bonus table).
    pub advantage: bool,
    /// Each possible number of hits with its exact probability.
    pub hits: Vec<(u32, Ratio)>,
    /// Expected hits.
    pub expected: Ratio,
}

/// The odds of the counterattack that may follow an attack.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct CounterOdds {
    /// Whether the defender's bonus symbols count against the attacker.
    pub advantage: bool,
    /// Probability that the counterattack happens (the defender survives).
    pub happens: Ratio,
    /// Damage to the attacker, unconditionally (0 includes "no counterattack").
    pub damage: Vec<(u32, Ratio)>,
    /// Expected damage to the attacker.
    pub expected_damage: Ratio,
    /// Probability that the attacker is destroyed.
    pub attacker_destroyed: Ratio,
}

/// The exact odds of an attack between two units in the current position.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct AttackOdds {
    /// The attacker.
    pub attacker: UnitId,
    /// The defender.
    pub defender: UnitId,
    /// Whether it is a ranged attack.
    pub ranged: bool,
    /// Whether the attacker's bonus symbols count.
    pub advantage: bool,
    /// Whether the defender is bold now.
    pub defender_bold: bool,
    /// Each possible number of hits with its probability.
    pub hits: Vec<(u32, Ratio)>,
    /// Expected hits (before health caps them).
    pub expected_hits: Ratio,
    /// Damage actually taken by the defender (capped at its health).
    pub damage: Vec<(u32, Ratio)>,
    /// Expected damage to the defender.
    pub expected_damage: Ratio,
    /// Probability that the defender is destroyed.
    pub destroyed: Ratio,
    /// The counterattack, if the defender is bold and the attack is melee.
    pub counter: Option<CounterOdds>,
}

fn pairs(d: &Dist<i64>) -> Vec<(u32, Ratio)> {
    d.iter()
        .map(|(&k, p)| (u32::try_from(k).unwrap_or(0), p))
        .collect()
}

fn advantage_of(bonus: &[Advantage], a: &UnitType, d: &UnitType) -> bool {
    bonus
        .iter()
        .any(|adv| a.base.contains(&adv.attacker) && d.base.contains(&adv.against))
}

/// The exact hit distribution of one unit type attacking another, with the bonus applied per
/// the bonus table (`gridwright odds grid-battles --attacker knight --defender pikeman`).
///
/// # Errors
/// [`ContentError::UnknownName`] for an unknown unit type id.
///
/// # Examples
/// ```
/// use gridwright_engine::dice::Ratio;
/// use gridwright_grid_battles::{Content, unit_matchup_odds};
/// let content = Content::builtin()?;
/// let odds = unit_matchup_odds(&content, "knight", "archer")?;
/// assert!(odds.advantage);
/// assert_eq!(odds.expected, Ratio::new(5, 3));
/// # Ok::<(), gridwright_grid_battles::ContentError>(())
/// ```
pub fn unit_matchup_odds(
    content: &Content,
    attacker: &str,
    defender: &str,
) -> Result<MatchupOdds, ContentError> {
    let a = content.unit(attacker)?;
    let d = content.unit(defender)?;
    let (_, dice, bonus) = content.tables();
    let (table, engine) = engine_dice(dice);
    let find = |id: &str| {
        dice.iter()
            .position(|x| x.id == id)
            .and_then(|i| engine.get(i))
            .and_then(|d| d.as_ref().ok())
    };
    let (Some(ad), Some(dd)) = (find(&a.attack_die), find(&d.defence_die)) else {
        return Err(ContentError::UnknownName {
            kind: "unit type",
            name: format!("{attacker}/{defender} (dice missing)"),
            known: content.unit_names(),
        });
    };
    let advantage = advantage_of(bonus, a, d);
    let dist = hit_dist(ad, dd, advantage, &table);
    Ok(MatchupOdds {
        attacker: a.id.clone(),
        defender: d.id.clone(),
        attack_die: a.attack_die.clone(),
        defence_die: d.defence_die.clone(),
        advantage,
        expected: dist.expected(),
        hits: pairs(&dist),
    })
}

/// The exact odds of `attacker` attacking `defender` now: hits, damage, destruction, and the
/// counterattack if the defender is bold and the attack is melee. `None` if either unit is
/// missing or destroyed, or both are on the same side. Legality (range, line of sight) is not
/// checked: this answers "what if".
pub fn attack_odds(state: &GridBattles, attacker: UnitId, defender: UnitId) -> Option<AttackOdds> {
    let a = *state.unit(attacker).filter(|u| u.alive())?;
    let d = *state.unit(defender).filter(|u| u.alive())?;
    if a.side == d.side {
        return None;
    }
    let rules = &*state.rules;
    let (ta, td) = (
        &rules.types[usize::from(a.ty)],
        &rules.types[usize::from(d.ty)],
    );
    let table = &rules.table;
    let die = |i: u8| rules.dice.get(usize::from(i));
    let advantage = rules.has_advantage(a.ty, d.ty);
    let hits = hit_dist(die(ta.attack_die)?, die(td.defence_die)?, advantage, table);
    let dh = i64::from(d.health);
    let damage = hits.map(|&h| h.min(dh));
    let destroyed = damage.probability(&dh);
    let defender_bold = state.is_bold(defender.index());
    let counter = (defender_bold && !ta.ranged).then(|| {
        let back_adv = rules.has_advantage(d.ty, a.ty);
        let back = hit_dist(die(td.attack_die)?, die(ta.defence_die)?, back_adv, table);
        let ah = i64::from(a.health);
        let survive = Ratio::ONE - destroyed;
        let capped = back.map(|&h| h.min(ah));
        // No counterattack (the defender was destroyed) counts as zero damage.
        let damage: Vec<(u32, Ratio)> = capped
            .iter()
            .map(|(&k, p)| {
                let p = survive * p + if k == 0 { destroyed } else { Ratio::ZERO };
                (u32::try_from(k).unwrap_or(0), p)
            })
            .chain(
                (capped.probability(&0) == Ratio::ZERO && destroyed != Ratio::ZERO)
                    .then_some((0, destroyed)),
            )
            .filter(|(_, p)| *p != Ratio::ZERO)
            .collect();
        let mut damage = damage;
        damage.sort_by_key(|(k, _)| *k);
        Some(CounterOdds {
            advantage: back_adv,
            happens: survive,
            expected_damage: survive * capped.expected(),
            attacker_destroyed: survive * capped.probability(&ah),
            damage,
        })
    });
    Some(AttackOdds {
        attacker,
        defender,
        ranged: ta.ranged,
        advantage,
        defender_bold,
        expected_hits: hits.expected(),
        hits: pairs(&hits),
        expected_damage: damage.expected(),
        damage: pairs(&damage),
        destroyed,
        counter: counter.flatten(),
    })
}

/// The odds of an attack action, if `action` is one.
pub(crate) fn odds_of_action(state: &GridBattles, action: &Action) -> Option<AttackOdds> {
    match *action {
        Action::Attack { unit, target } => attack_odds(state, unit, target),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn knight_against_archer_expects_five_thirds() {
        let content = Content::builtin().unwrap();
        let odds = unit_matchup_odds(&content, "knight", "archer").unwrap();
        assert!(odds.advantage);
        assert_eq!(odds.expected, Ratio::new(5, 3));
        let total: Ratio = odds.hits.iter().map(|(_, p)| *p).sum();
        assert_eq!(total, Ratio::ONE);
    }

    #[test]
    fn unknown_unit_is_an_error() {
        let content = Content::builtin().unwrap();
        assert!(matches!(
            unit_matchup_odds(&content, "dragon", "archer"),
            Err(ContentError::UnknownName {
                kind: "unit type",
                ..
            })
        ));
    }
}
