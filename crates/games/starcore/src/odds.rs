//! Exact odds of one attack: 2d12 against 10 + DEF, doubles critical (×2), Shield absorbing
//! first unless the attacker has Pierce (rules 63–64 of `docs/rules/starcore.md`). The 144
//! equally likely rolls are counted, so every probability is a fraction over 144.

use serde::Serialize;

/// The distribution of the HP damage one attack deals.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct AttackOdds {
    /// Each HP damage value with its probability (0 for a miss included), ascending.
    pub distribution: Vec<(u16, f64)>,
    /// The same as counts out of 144.
    pub counts: Vec<(u16, u32)>,
    /// Expected HP damage.
    pub expected: f64,
    /// Probability of a hit (criticals included).
    pub hit: f64,
    /// Probability of a critical hit.
    pub critical: f64,
}

/// The odds of an attack of `dmg` damage against DEF `def` and `shield` Shield points.
pub fn attack_odds(dmg: u8, def: u8, shield: u8, pierce: bool) -> AttackOdds {
    let mut counts = std::collections::BTreeMap::<u16, u32>::new();
    let (mut hits, mut crits) = (0u32, 0u32);
    for a in 1..=12u8 {
        for b in 1..=12u8 {
            let (hit, critical) = crate::rules::combat::roll_result(a, b, def);
            hits += u32::from(hit);
            crits += u32::from(critical);
            let raw = if !hit {
                0
            } else if critical {
                u16::from(dmg) * 2
            } else {
                u16::from(dmg)
            };
            let absorbed = if pierce || raw == 0 {
                0
            } else {
                raw.min(u16::from(shield))
            };
            *counts.entry(raw - absorbed).or_insert(0) += 1;
        }
    }
    let p = |n: u32| f64::from(n) / 144.0;
    let counts: Vec<(u16, u32)> = counts.into_iter().collect();
    AttackOdds {
        distribution: counts.iter().map(|(v, n)| (*v, p(*n))).collect(),
        expected: counts.iter().map(|(v, n)| f64::from(*v) * p(*n)).sum(),
        counts,
        hit: p(hits),
        critical: p(crits),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn odds_of_an_attack_are_counted_over_144_rolls() {
        let o = attack_odds(3, 0, 0, false);
        // 10+ on 2d12: 144 − 36 (totals 2–9) = 108, plus the doubles 1-1 … 4-4 = 112.
        assert_eq!(o.hit, 112.0 / 144.0);
        assert_eq!(o.critical, 12.0 / 144.0);
        assert_eq!(o.counts, [(0, 32), (3, 100), (6, 12)]);
        assert!((o.expected - (300.0 + 72.0) / 144.0).abs() < 1e-12);
        let shielded = attack_odds(3, 0, 2, false);
        assert_eq!(shielded.counts, [(0, 32), (1, 100), (4, 12)]);
        assert_eq!(attack_odds(3, 0, 2, true).counts, o.counts);
        // DEF 14 needs 24: only doubles hit.
        assert_eq!(attack_odds(2, 14, 0, false).hit, 12.0 / 144.0 + 0.0);
    }
}
