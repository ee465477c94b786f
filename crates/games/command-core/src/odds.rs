//! Exact damage odds of one attack, rerolls included.
//!
//! # How rerolls are played
//! Every armour or evade success cancels exactly one attack result; they differ only in which
//! result they take first (armour: crits, evade: hits). So the damage of an attack is
//! `max(0, crits + hits − blocks − evades)`, whatever the split. From that:
//!
//! - **Attacker** (spends *its own* Surge, 1 per die): rerolls blank attack dice, as many as its
//!   Surge allows. A blank can only improve; a hit or crit is already worth one damage, and
//!   rerolling it can only keep or lose that, so it never raises expected damage.
//! - **Defender** (spends *its own* Flux on armour dice and *its own* Surge on evade dice, 1 per
//!   die): rerolls blank armour dice up to its Flux and blank evade dice up to its Surge. A
//!   block or evade is the best face its die has.
//!
//! Each die is rerolled at most once. This policy maximises (attacker) and minimises
//! (defender) expected damage, and it is what [`GreedyAgent`](crate::GreedyAgent) plays.
//! The distribution is computed exactly: every count of faces of each pool is enumerated with
//! its multinomial probability as an engine [`Ratio`]; nothing is sampled.

use crate::config::DiceConfig;
use crate::rules::dice::{DiceRules, multinomial};
use crate::state::cancel;
use gridwright_engine::dice::Ratio;
use serde::Serialize;
use std::collections::BTreeMap;

/// The inputs of [`damage_odds_with`].
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct OddsQuery {
    /// Attack dice (the weapon's attack value).
    pub attack: u8,
    /// Armour dice (the defender's armour in the arc the attacker stands in).
    pub armour: u8,
    /// Evade dice (the defender's evasion).
    pub evade: u8,
    /// The attacker's Surge, spent on rerolling blank attack dice.
    pub attacker_surge: u8,
    /// The defender's Flux, spent on rerolling blank armour dice.
    pub defender_flux: u8,
    /// The defender's Surge, spent on rerolling blank evade dice.
    pub defender_surge: u8,
}

impl OddsQuery {
    /// `attack` dice against `armour` and `evade` dice, the attacker holding `surge` Surge and
    /// the defender `flux` Flux and no Surge.
    #[must_use]
    pub const fn new(attack: u8, armour: u8, evade: u8, surge: u8, flux: u8) -> Self {
        OddsQuery {
            attack,
            armour,
            evade,
            attacker_surge: surge,
            defender_flux: flux,
            defender_surge: 0,
        }
    }

    /// The same query with the defender holding `surge` Surge for evade rerolls.
    #[must_use]
    pub const fn with_defender_surge(self, surge: u8) -> Self {
        OddsQuery {
            defender_surge: surge,
            ..self
        }
    }
}

/// The exact distribution of one attack's structure damage and crits.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct DamageOdds {
    /// What was asked.
    pub query: OddsQuery,
    /// Each possible damage with its probability, ascending.
    pub damage: Vec<(u8, Ratio)>,
    /// Each possible number of uncancelled crits with its probability, ascending.
    pub crits: Vec<(u8, Ratio)>,
    /// Expected damage.
    pub expected_damage: Ratio,
    /// Expected crits.
    pub expected_crits: Ratio,
}

impl DamageOdds {
    /// The probability of at least `n` damage.
    pub fn at_least(&self, n: u8) -> Ratio {
        self.damage
            .iter()
            .filter(|(d, _)| *d >= n)
            .map(|(_, p)| *p)
            .sum()
    }
}

/// Most dice of one pool [`damage_odds_with`] computes.
pub const MAX_ODDS_POOL: u8 = 20;

/// Why [`damage_odds_with`] refused a query.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum OddsError {
    /// A pool has more dice than [`MAX_ODDS_POOL`].
    #[error("at most {max} {pool} dice can be computed exactly, not {dice}")]
    PoolTooLarge {
        /// `attack`, `armour` or `evade`.
        pool: &'static str,
        /// The dice asked for.
        dice: u8,
        /// [`MAX_ODDS_POOL`].
        max: u8,
    },
    /// The exact fractions of this query do not fit 128-bit rationals.
    #[error(
        "the exact odds of {attack} attack (Surge {attacker_surge}) against {armour} armour (Flux {defender_flux}) + {evade} evade (Surge {defender_surge}) do not fit 128-bit fractions; roll fewer dice or spend fewer rerolls",
        attack = .0.attack, attacker_surge = .0.attacker_surge, armour = .0.armour,
        defender_flux = .0.defender_flux, evade = .0.evade, defender_surge = .0.defender_surge
    )]
    TooLarge(OddsQuery),
    /// The dice configuration is not valid (content loading validates it).
    #[error("invalid dice: {0}")]
    InvalidDice(String),
}

/// Exact damage odds with the shipped dice: `attack` dice against `armour` and `evade` dice,
/// the attacker holding `surge` Surge and the defender `flux` Flux (and no Surge; see
/// [`damage_odds_with`] for a defender that has Surge for evade rerolls).
///
/// # Errors
/// As [`damage_odds_with`].
///
/// # Examples
/// ```
/// use gridwright_command_core::damage_odds;
/// use gridwright_engine::dice::Ratio;
/// let odds = damage_odds(1, 0, 0, 0, 0).unwrap();
/// assert_eq!(odds.expected_damage, Ratio::new(2, 3)); // crit or hit on four faces of six
/// assert_eq!(odds.expected_crits, Ratio::new(1, 6));
/// // One Surge rerolls the blank: 2/3 + 1/3 · 2/3.
/// assert_eq!(damage_odds(1, 0, 0, 1, 0).unwrap().expected_damage, Ratio::new(8, 9));
/// ```
pub fn damage_odds(
    attack: u8,
    armour: u8,
    evade: u8,
    surge: u8,
    flux: u8,
) -> Result<DamageOdds, OddsError> {
    damage_odds_with(
        &DiceConfig::default(),
        OddsQuery::new(attack, armour, evade, surge, flux),
    )
}

/// Exact damage odds with the given dice, for exactly the query asked, or an error.
///
/// Pools of up to [`MAX_ODDS_POOL`] dice are computed; a reroll budget above its pool is the
/// same as one equal to it (each die is rerolled at most once). All arithmetic is checked: a
/// query whose exact fractions do not fit 128-bit rationals (very many dice *and* rerolls on
/// every pool) is refused with [`OddsError::TooLarge`], never approximated or cut down.
///
/// # Errors
/// [`OddsError`]: a pool above [`MAX_ODDS_POOL`], fractions too large, or invalid dice.
pub fn damage_odds_with(dice: &DiceConfig, q: OddsQuery) -> Result<DamageOdds, OddsError> {
    let rules = DiceRules::new(dice).map_err(|p| OddsError::InvalidDice(p.to_string()))?;
    for (pool, dice) in [
        ("attack", q.attack),
        ("armour", q.armour),
        ("evade", q.evade),
    ] {
        if dice > MAX_ODDS_POOL {
            return Err(OddsError::PoolTooLarge {
                pool,
                dice,
                max: MAX_ODDS_POOL,
            });
        }
    }
    let too_large = |_| OddsError::TooLarge(q);
    let add = |m: &mut Ratio, p: Ratio| -> Result<(), OddsError> {
        *m = m.checked_add(p).map_err(too_large)?;
        Ok(())
    };
    // Attack: (crits, hits) after rerolling blanks.
    let mut attack: BTreeMap<(u8, u8), Ratio> = BTreeMap::new();
    for (first, p) in counts(&rules.attack, q.attack).ok_or(OddsError::TooLarge(q))? {
        let (c, h, b) = (first[0], first[1], first[2]);
        let r = b.min(q.attacker_surge);
        for (again, p2) in counts(&rules.attack, r).ok_or(OddsError::TooLarge(q))? {
            let p = p.checked_mul(p2).map_err(too_large)?;
            add(
                attack
                    .entry((c + again[0], h + again[1]))
                    .or_insert(Ratio::ZERO),
                p,
            )?;
        }
    }
    let defence = |weights: &[u32; 2], n: u8, budget: u8| {
        let mut out: BTreeMap<u8, Ratio> = BTreeMap::new();
        for (first, p) in counts(weights, n).ok_or(OddsError::TooLarge(q))? {
            let r = first[1].min(budget);
            for (again, p2) in counts(weights, r).ok_or(OddsError::TooLarge(q))? {
                let p = p.checked_mul(p2).map_err(too_large)?;
                add(out.entry(first[0] + again[0]).or_insert(Ratio::ZERO), p)?;
            }
        }
        Ok::<_, OddsError>(out)
    };
    let blocks = defence(&rules.armour, q.armour, q.defender_flux)?;
    let evades = defence(&rules.evade, q.evade, q.defender_surge)?;
    let mut damage: BTreeMap<u8, Ratio> = BTreeMap::new();
    let mut crits: BTreeMap<u8, Ratio> = BTreeMap::new();
    for (&(c, h), &pa) in &attack {
        for (&b, &pb) in &blocks {
            let pab = pa.checked_mul(pb).map_err(too_large)?;
            for (&e, &pe) in &evades {
                let p = pab.checked_mul(pe).map_err(too_large)?;
                let r = cancel(c, h, b, e);
                add(damage.entry(r.damage).or_insert(Ratio::ZERO), p)?;
                add(crits.entry(r.crits).or_insert(Ratio::ZERO), p)?;
            }
        }
    }
    let expect = |m: &BTreeMap<u8, Ratio>| {
        let mut sum = Ratio::ZERO;
        for (&k, &p) in m {
            let term = Ratio::from_integer(i128::from(k))
                .checked_mul(p)
                .map_err(too_large)?;
            add(&mut sum, term)?;
        }
        Ok::<_, OddsError>(sum)
    };
    Ok(DamageOdds {
        query: q,
        expected_damage: expect(&damage)?,
        expected_crits: expect(&crits)?,
        damage: damage.into_iter().collect(),
        crits: crits.into_iter().collect(),
    })
}

/// The expected damage of [`damage_odds_with`] in floating point, fast enough for agents that
/// score thousands of positions (the same policy; a crit and a hit both count one success).
pub(crate) fn expected_damage_f64(rules: &DiceRules, q: OddsQuery) -> f64 {
    /// Distribution of successes of `n` dice with success chance `p`, blanks rerolled up to
    /// `budget` times.
    fn successes(n: u8, budget: u8, p: f64) -> Vec<f64> {
        let n = usize::from(n.min(crate::config::MAX_POOL));
        let binom = |m: usize| -> Vec<f64> {
            let mut d = vec![0.0; m + 1];
            d[0] = 1.0;
            for _ in 0..m {
                for k in (0..m).rev() {
                    d[k + 1] += d[k] * p;
                    d[k] *= 1.0 - p;
                }
            }
            d
        };
        let first = binom(n);
        let mut out = vec![0.0; n + 1];
        for (k, pk) in first.iter().enumerate() {
            let again = binom((n - k).min(usize::from(budget)));
            for (j, pj) in again.iter().enumerate() {
                out[k + j] += pk * pj;
            }
        }
        out
    }
    let rate = |w: &[u32]| {
        let total: u32 = w.iter().sum();
        f64::from(total - w[w.len() - 1]) / f64::from(total.max(1))
    };
    let attack = successes(q.attack, q.attacker_surge, rate(&rules.attack));
    let blocks = successes(q.armour, q.defender_flux, rate(&rules.armour));
    let evades = successes(q.evade, q.defender_surge, rate(&rules.evade));
    let mut defence = vec![0.0; blocks.len() + evades.len()];
    for (b, pb) in blocks.iter().enumerate() {
        for (e, pe) in evades.iter().enumerate() {
            defence[b + e] += pb * pe;
        }
    }
    let mut total = 0.0;
    for (t, pt) in attack.iter().enumerate() {
        for (d, pd) in defence.iter().enumerate().take(t) {
            total += pt * pd * (t - d) as f64;
        }
    }
    total
}

/// Every count of faces of `n` dice with face weights `w`, with its exact probability, or
/// `None` if the exact weights do not fit 128 bits.
fn counts<const K: usize>(w: &[u32; K], n: u8) -> Option<Vec<([u8; K], Ratio)>> {
    let total: u32 = w.iter().sum();
    let denom = i128::from(total).checked_pow(u32::from(n))?;
    let mut out = Vec::new();
    let mut cur = [0u8; K];
    fn rec<const K: usize>(
        i: usize,
        left: u8,
        n: u8,
        w: &[u32; K],
        cur: &mut [u8; K],
        denom: i128,
        out: &mut Vec<([u8; K], Ratio)>,
    ) -> Option<()> {
        if i == K - 1 {
            cur[i] = left;
            let mut num = i128::from(multinomial(n, cur));
            for (k, &c) in cur.iter().enumerate() {
                num = num.checked_mul(i128::from(w[k]).checked_pow(u32::from(c))?)?;
            }
            if num > 0 {
                out.push((*cur, Ratio::try_new(num, denom).ok()?));
            }
            return Some(());
        }
        for c in 0..=left {
            cur[i] = c;
            rec(i + 1, left - c, n, w, cur, denom, out)?;
        }
        Some(())
    }
    rec(0, n, n, w, &mut cur, denom, &mut out)?;
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn distributions_sum_to_one() {
        for (a, r, e, s, f) in [
            (3, 2, 1, 1, 1),
            (5, 3, 0, 2, 3),
            (0, 2, 2, 0, 0),
            (10, 10, 10, 9, 9),
        ] {
            let o = damage_odds(a, r, e, s, f).unwrap();
            assert_eq!(o.damage.iter().map(|(_, p)| *p).sum::<Ratio>(), Ratio::ONE);
            assert_eq!(o.crits.iter().map(|(_, p)| *p).sum::<Ratio>(), Ratio::ONE);
        }
    }

    #[test]
    fn one_die_against_one_armour_die() {
        // Damage 1 needs a success on the attack die (2/3) and a blank on the armour die (1/2).
        let o = damage_odds(1, 1, 0, 0, 0).unwrap();
        assert_eq!(o.expected_damage, Ratio::new(1, 3));
        // A crit survives only a blank armour die: 1/6 · 1/2.
        assert_eq!(o.expected_crits, Ratio::new(1, 12));
        // With one Flux the defender rerolls a blank: damage needs two blanks, 1/4.
        assert_eq!(
            damage_odds(1, 1, 0, 0, 1).unwrap().expected_damage,
            Ratio::new(2, 3) * Ratio::new(1, 4)
        );
    }

    #[test]
    fn floating_point_expectation_matches_the_exact_one() {
        let rules = DiceRules::new(&DiceConfig::default()).unwrap();
        for (a, r, e, s, f, d) in [
            (1, 0, 0, 0, 0, 0),
            (3, 2, 1, 1, 1, 1),
            (5, 3, 2, 2, 0, 1),
            (4, 0, 2, 4, 0, 2),
        ] {
            let q = OddsQuery {
                attack: a,
                armour: r,
                evade: e,
                attacker_surge: s,
                defender_flux: f,
                defender_surge: d,
            };
            let exact = damage_odds_with(&DiceConfig::default(), q)
                .unwrap()
                .expected_damage
                .to_f64();
            assert!(
                (expected_damage_f64(&rules, q) - exact).abs() < 1e-12,
                "{q:?}"
            );
        }
    }

    #[test]
    fn what_cannot_be_computed_exactly_is_refused_not_cut_down() {
        let q = OddsQuery {
            attack: 200,
            ..OddsQuery::default()
        };
        assert!(matches!(
            damage_odds_with(&DiceConfig::default(), q),
            Err(OddsError::PoolTooLarge {
                pool: "attack",
                dice: 200,
                max: MAX_ODDS_POOL
            })
        ));
        let all = OddsQuery {
            attack: 20,
            armour: 20,
            evade: 20,
            attacker_surge: 20,
            defender_flux: 20,
            defender_surge: 20,
        };
        assert_eq!(
            damage_odds_with(&DiceConfig::default(), all),
            Err(OddsError::TooLarge(all))
        );
    }

    #[test]
    fn defender_surge_rerolls_evade_blanks() {
        let q = OddsQuery {
            attack: 1,
            evade: 1,
            defender_surge: 1,
            ..OddsQuery::default()
        };
        // Evade succeeds on 1/3, or on the reroll of a blank: 1/3 + 2/3 · 1/3 = 5/9.
        let o = damage_odds_with(&DiceConfig::default(), q).unwrap();
        assert_eq!(o.expected_damage, Ratio::new(2, 3) * Ratio::new(4, 9));
    }
}
