//! Exact damage odds, checked against brute-force enumeration of every face of every die
//! (rerolls included) and against the game's own chance nodes.

use gridwright_command_core::{DiceConfig, OddsQuery, damage_odds, damage_odds_with};
use gridwright_engine::dice::Ratio;
use std::collections::BTreeMap;

/// Faces as (crit, hit, block, evade) contributions.
const ATTACK: [(u8, u8); 6] = [(1, 0), (0, 1), (0, 1), (0, 1), (0, 0), (0, 0)];
const ARMOUR: [u8; 6] = [1, 1, 1, 0, 0, 0];
const EVADE: [u8; 6] = [1, 1, 0, 0, 0, 0];

/// Damage distribution by enumerating every die face in sequence, rerolling blanks as the
/// documented policy says.
fn brute(q: OddsQuery) -> BTreeMap<u8, Ratio> {
    let mut out = BTreeMap::new();
    let sixth = Ratio::new(1, 6);
    // Attack: enumerate first roll, then rerolls of blanks.
    let mut attack: Vec<((u8, u8), Ratio)> = vec![((0, 0), Ratio::ONE)];
    let mut blanks_of: Vec<u8> = vec![0];
    for _ in 0..q.attack {
        let mut next = Vec::new();
        let mut nb = Vec::new();
        for (((c, h), p), b) in attack.iter().zip(&blanks_of) {
            for f in ATTACK {
                next.push(((c + f.0, h + f.1), *p * sixth));
                nb.push(b + u8::from(f == (0, 0)));
            }
        }
        attack = next;
        blanks_of = nb;
    }
    let mut after = Vec::new();
    for (((c, h), p), b) in attack.iter().zip(&blanks_of) {
        let r = (*b).min(q.attacker_surge);
        let mut v: Vec<((u8, u8), Ratio)> = vec![((*c, *h), *p)];
        for _ in 0..r {
            v = v
                .iter()
                .flat_map(|((c, h), p)| {
                    ATTACK.iter().map(move |f| ((c + f.0, h + f.1), *p * sixth))
                })
                .collect();
        }
        after.extend(v);
    }
    let one = |faces: [u8; 6], n: u8, budget: u8| -> Vec<(u8, Ratio)> {
        let mut v: Vec<(u8, u8, Ratio)> = vec![(0, 0, Ratio::ONE)];
        for _ in 0..n {
            v = v
                .iter()
                .flat_map(|(s, b, p)| {
                    faces
                        .iter()
                        .map(move |f| (s + f, b + u8::from(*f == 0), *p * sixth))
                })
                .collect();
        }
        let mut out = Vec::new();
        for (s, b, p) in v {
            let mut w: Vec<(u8, Ratio)> = vec![(s, p)];
            for _ in 0..b.min(budget) {
                w = w
                    .iter()
                    .flat_map(|(s, p)| faces.iter().map(move |f| (s + f, *p * sixth)))
                    .collect();
            }
            out.extend(w);
        }
        out
    };
    let blocks = one(ARMOUR, q.armour, q.defender_flux);
    let evades = one(EVADE, q.evade, q.defender_surge);
    for ((c, h), pa) in &after {
        for (b, pb) in &blocks {
            for (e, pe) in &evades {
                let d = (c + h).saturating_sub(b + e);
                *out.entry(d).or_insert(Ratio::ZERO) += *pa * *pb * *pe;
            }
        }
    }
    out
}

#[test]
fn damage_odds_match_brute_force_enumeration() {
    for (attack, armour, evade, surge, flux, dsurge) in [
        (1, 0, 0, 0, 0, 0),
        (2, 1, 1, 0, 0, 0),
        (3, 1, 0, 2, 0, 0),
        (2, 2, 1, 1, 1, 1),
        (4, 1, 1, 1, 1, 0),
    ] {
        let q = OddsQuery {
            attack,
            armour,
            evade,
            attacker_surge: surge,
            defender_flux: flux,
            defender_surge: dsurge,
        };
        let odds = damage_odds_with(&DiceConfig::default(), q);
        let want: Vec<(u8, Ratio)> = brute(q)
            .into_iter()
            .filter(|(_, p)| *p != Ratio::ZERO)
            .collect();
        assert_eq!(odds.damage, want, "{q:?}");
    }
}

#[test]
fn damage_odds_known_values() {
    // Two dice, nothing against them: each die scores 2/3.
    let o = damage_odds(2, 0, 0, 0, 0);
    assert_eq!(o.expected_damage, Ratio::new(4, 3));
    assert_eq!(
        o.damage,
        [
            (0, Ratio::new(1, 9)),
            (1, Ratio::new(4, 9)),
            (2, Ratio::new(4, 9))
        ]
    );
    // A surge per die lifts each die to 8/9.
    assert_eq!(
        damage_odds(2, 0, 0, 2, 0).expected_damage,
        Ratio::new(16, 9)
    );
    // Surge beyond the blanks is never spent on hits: the same odds with more Surge.
    assert_eq!(
        damage_odds(2, 0, 0, 9, 0).damage,
        damage_odds(2, 0, 0, 2, 0).damage
    );
    // One armour die, one Flux: damage needs an attack success and two armour blanks.
    assert_eq!(
        damage_odds(1, 1, 0, 0, 1).expected_damage,
        Ratio::new(2, 3) * Ratio::new(1, 4)
    );
}

/// Distribution of defence successes (blocks + evades) with blanks rerolled.
fn defence(armour: u8, flux: u8, evade: u8, surge: u8) -> Vec<(u8, Ratio)> {
    let sixth = Ratio::new(1, 6);
    let one = |faces: [u8; 6], n: u8, budget: u8| -> BTreeMap<u8, Ratio> {
        let mut v: Vec<(u8, u8, Ratio)> = vec![(0, 0, Ratio::ONE)];
        for _ in 0..n {
            v = v
                .iter()
                .flat_map(|(s, b, p)| {
                    faces
                        .iter()
                        .map(move |f| (s + f, b + u8::from(*f == 0), *p * sixth))
                })
                .collect();
        }
        let mut out = BTreeMap::new();
        for (s, b, p) in v {
            let mut w: Vec<(u8, Ratio)> = vec![(s, p)];
            for _ in 0..b.min(budget) {
                w = w
                    .iter()
                    .flat_map(|(s, p)| faces.iter().map(move |f| (s + f, *p * sixth)))
                    .collect();
            }
            for (s, p) in w {
                *out.entry(s).or_insert(Ratio::ZERO) += p;
            }
        }
        out
    };
    let (a, e) = (one(ARMOUR, armour, flux), one(EVADE, evade, surge));
    let mut out = BTreeMap::new();
    for (x, p) in &a {
        for (y, q) in &e {
            *out.entry(x + y).or_insert(Ratio::ZERO) += *p * *q;
        }
    }
    out.into_iter().collect()
}

/// The best expected damage over *every* adaptive reroll policy (rerolling blanks, hits or
/// crits, die by die, each die once), by exhaustive search.
fn best(
    fresh_succ: u8,
    fresh_blank: u8,
    rerolled_succ: u8,
    surge: u8,
    def: &[(u8, Ratio)],
) -> Ratio {
    let p = Ratio::new(2, 3);
    let q = Ratio::new(1, 3);
    let g = |succ: u8| -> Ratio {
        def.iter()
            .map(|(d, pd)| Ratio::from_integer(i128::from(succ.saturating_sub(*d))) * *pd)
            .sum()
    };
    let mut v = g(fresh_succ + rerolled_succ);
    if surge > 0 && fresh_blank > 0 {
        let r = p * best(
            fresh_succ,
            fresh_blank - 1,
            rerolled_succ + 1,
            surge - 1,
            def,
        ) + q * best(fresh_succ, fresh_blank - 1, rerolled_succ, surge - 1, def);
        v = v.max(r);
    }
    if surge > 0 && fresh_succ > 0 {
        let r = p * best(
            fresh_succ - 1,
            fresh_blank,
            rerolled_succ + 1,
            surge - 1,
            def,
        ) + q * best(fresh_succ - 1, fresh_blank, rerolled_succ, surge - 1, def);
        v = v.max(r);
    }
    v
}

/// The documented policy (reroll blanks only, as many as Surge allows) reaches the optimum of
/// every adaptive policy, so the odds are the odds of optimal play.
#[test]
fn blank_only_rerolls_are_optimal_for_expected_damage() {
    for (attack, armour, evade, surge, flux, dsurge) in [
        (2, 1, 1, 1, 0, 0),
        (3, 1, 0, 2, 1, 0),
        (3, 2, 1, 3, 1, 1),
        (4, 0, 2, 2, 0, 1),
    ] {
        let def = defence(armour, flux, evade, dsurge);
        let mut want = Ratio::ZERO;
        for succ in 0..=attack {
            // P(succ successes of `attack` dice at 2/3 each).
            let ways = (0..succ).fold(1i128, |acc, i| {
                acc * i128::from(attack - i) / i128::from(i + 1)
            });
            let pr = Ratio::from_integer(ways)
                * Ratio::new(2i128.pow(u32::from(succ)), 3i128.pow(u32::from(succ)))
                * Ratio::new(1, 3i128.pow(u32::from(attack - succ)));
            want += pr * best(succ, attack - succ, 0, surge, &def);
        }
        let q = OddsQuery {
            attack,
            armour,
            evade,
            attacker_surge: surge,
            defender_flux: flux,
            defender_surge: dsurge,
        };
        assert_eq!(
            damage_odds_with(&DiceConfig::default(), q).expected_damage,
            want,
            "{q:?}"
        );
    }
}
