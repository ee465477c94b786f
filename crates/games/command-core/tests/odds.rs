//! Exact damage odds, checked against brute-force enumeration of every face of every die
//! (rerolls included) and against the game's own chance nodes.

use gridwright_command_core::{DiceConfig, OddsQuery, damage_odds, damage_odds_with};
use gridwright_engine::dice::Ratio;
use std::collections::BTreeMap;

/// Faces as (crit, hit, block, evade) contributions.
const ATTACK: [(u8, u8); 6] = [(1, 0), (0, 1), (0, 1), (0, 1), (0, 0), (0, 0)];
const ARMOUR: [u8; 6] = [1, 1, 1, 0, 0, 0];
const EVADE: [u8; 6] = [1, 1, 0, 0, 0, 0];

/// Every sequence of `n` dice with `faces`, blanks rerolled up to `budget` times: (successes,
/// probability), one entry per sequence (not summed).
fn successes(faces: [u8; 6], n: u8, budget: u8) -> Vec<(u8, Ratio)> {
    let sixth = Ratio::new(1, 6);
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
}

/// A test row: attack, armour and evade dice, the attacker's Surge, the defender's Flux and
/// Surge.
type Case = (u8, u8, u8, u8, u8, u8);

/// The query of a test row.
fn query((attack, armour, evade, surge, flux, dsurge): Case) -> OddsQuery {
    OddsQuery::new(attack, armour, evade, surge, flux).with_defender_surge(dsurge)
}

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
    let blocks = successes(ARMOUR, q.armour, q.defender_flux);
    let evades = successes(EVADE, q.evade, q.defender_surge);
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

/// An independent count of a query's damage distribution.
type Count = fn(OddsQuery) -> BTreeMap<u8, Ratio>;

/// Queries, each with the count its odds are checked against: the face-by-face brute force
/// where it is small enough; the die-by-die method for pools above the old cap of 10 dice
/// (computed exactly, not silently cut to 10 dice).
const CHECKED: [(Case, Count); 10] = [
    ((1, 0, 0, 0, 0, 0), brute),
    ((2, 1, 1, 0, 0, 0), brute),
    ((3, 1, 0, 2, 0, 0), brute),
    ((2, 2, 1, 1, 1, 1), brute),
    ((4, 1, 1, 1, 1, 0), brute),
    ((12, 0, 0, 0, 0, 0), by_die),
    ((20, 3, 2, 5, 1, 1), by_die),
    ((15, 12, 0, 4, 12, 0), by_die),
    ((20, 20, 0, 0, 0, 0), by_die),
    ((11, 2, 14, 11, 2, 3), by_die),
];

/// The odds of each query as asked are the nonzero entries of its independent count.
#[test]
fn damage_odds_match_an_independent_count() {
    for (case, count) in CHECKED {
        let q = query(case);
        let odds = damage_odds_with(&DiceConfig::default(), q).unwrap();
        assert_eq!(odds.query, q, "the query is reported as asked");
        let want: Vec<(u8, Ratio)> = count(q)
            .into_iter()
            .filter(|(_, p)| *p != Ratio::ZERO)
            .collect();
        assert_eq!(odds.damage, want, "{q:?}");
    }
}

#[test]
fn damage_odds_known_values() {
    // Two dice, nothing against them: each die scores 2/3.
    let o = damage_odds(2, 0, 0, 0, 0).unwrap();
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
        damage_odds(2, 0, 0, 2, 0).unwrap().expected_damage,
        Ratio::new(16, 9)
    );
    // Surge beyond the blanks is never spent on hits: the same odds with more Surge.
    assert_eq!(
        damage_odds(2, 0, 0, 9, 0).unwrap().damage,
        damage_odds(2, 0, 0, 2, 0).unwrap().damage
    );
    // One armour die, one Flux: damage needs an attack success and two armour blanks.
    assert_eq!(
        damage_odds(1, 1, 0, 0, 1).unwrap().expected_damage,
        Ratio::new(2, 3) * Ratio::new(1, 4)
    );
}

/// Distribution of defence successes (blocks + evades) with blanks rerolled.
fn defence(armour: u8, flux: u8, evade: u8, surge: u8) -> Vec<(u8, Ratio)> {
    let summed = |v: Vec<(u8, Ratio)>| {
        let mut m = BTreeMap::new();
        for (s, p) in v {
            *m.entry(s).or_insert(Ratio::ZERO) += p;
        }
        m
    };
    let a = summed(successes(ARMOUR, armour, flux));
    let e = summed(successes(EVADE, evade, surge));
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
        let q = query((attack, armour, evade, surge, flux, dsurge));
        assert_eq!(
            damage_odds_with(&DiceConfig::default(), q)
                .unwrap()
                .expected_damage,
            want,
            "{q:?}"
        );
    }
}

/// Damage distribution by an independent method: a die-by-die dynamic programme over
/// (successes, blanks) states, then rerolls of the blanks one die at a time. Unlike
/// [`brute`] it stays small for 20-dice pools, and it shares no code with the library.
fn by_die(q: OddsQuery) -> BTreeMap<u8, Ratio> {
    type Dist = BTreeMap<(u8, u8), Ratio>;
    // One die of `faces` (success count, is-blank) rolled `n` times, then `budget` blanks
    // rerolled; returns P(successes) keyed by (successes, crits).
    fn pool(faces: &[(u8, u8, bool)], n: u8, budget: u8) -> Dist {
        let sixth = Ratio::new(1, 6);
        // (successes, crits, blanks)
        let mut v: BTreeMap<(u8, u8, u8), Ratio> = BTreeMap::from([((0, 0, 0), Ratio::ONE)]);
        for _ in 0..n {
            let mut next = BTreeMap::new();
            for (&(s, c, b), &p) in &v {
                for &(fs, fc, blank) in faces {
                    *next
                        .entry((s + fs, c + fc, b + u8::from(blank)))
                        .or_insert(Ratio::ZERO) += p * sixth;
                }
            }
            v = next;
        }
        // Reroll: blanks left to reroll count down.
        let mut w: BTreeMap<(u8, u8, u8), Ratio> = BTreeMap::new();
        for ((s, c, b), p) in v {
            *w.entry((s, c, b.min(budget))).or_insert(Ratio::ZERO) += p;
        }
        loop {
            let mut next = BTreeMap::new();
            let mut any = false;
            for (&(s, c, r), &p) in &w {
                if r == 0 {
                    *next.entry((s, c, 0)).or_insert(Ratio::ZERO) += p;
                    continue;
                }
                any = true;
                for &(fs, fc, _) in faces {
                    *next.entry((s + fs, c + fc, r - 1)).or_insert(Ratio::ZERO) += p * sixth;
                }
            }
            w = next;
            if !any {
                break;
            }
        }
        w.into_iter().map(|((s, c, _), p)| ((s, c), p)).collect()
    }
    let attack_faces: Vec<(u8, u8, bool)> = ATTACK
        .iter()
        .map(|&(c, h)| (c + h, c, c + h == 0))
        .collect();
    let armour_faces: Vec<(u8, u8, bool)> = ARMOUR.iter().map(|&b| (b, 0, b == 0)).collect();
    let evade_faces: Vec<(u8, u8, bool)> = EVADE.iter().map(|&e| (e, 0, e == 0)).collect();
    let a = pool(&attack_faces, q.attack, q.attacker_surge);
    let b = pool(&armour_faces, q.armour, q.defender_flux);
    let e = pool(&evade_faces, q.evade, q.defender_surge);
    let mut out = BTreeMap::new();
    for (&(s, _), &pa) in &a {
        for (&(x, _), &pb) in &b {
            for (&(y, _), &pe) in &e {
                *out.entry(s.saturating_sub(x + y)).or_insert(Ratio::ZERO) += pa * pb * pe;
            }
        }
    }
    out.retain(|_, p| *p != Ratio::ZERO);
    out
}

/// Pools above the old cap of 10 are computed exactly, not silently cut to 10 dice.
#[test]
fn large_pools_are_computed_exactly() {
    // Twelve attack dice at 2/3 each: 8 (the old code answered 20/3, the odds of 10 dice).
    let o = damage_odds(12, 0, 0, 0, 0).unwrap();
    assert_eq!(o.expected_damage, Ratio::from_integer(8));
    assert_eq!(o.query.attack, 12);
    // Twenty dice, each rerolled once if blank: 20 · 8/9.
    assert_eq!(
        damage_odds(20, 0, 0, 20, 0).unwrap().expected_damage,
        Ratio::new(160, 9)
    );
    // Their whole distributions: the `by_die` rows of `CHECKED`.
}

/// The independent method agrees with the face-by-face brute force where both are small.
#[test]
fn the_die_by_die_check_agrees_with_brute_force() {
    for case in [(2, 1, 1, 0, 0, 0), (3, 1, 0, 2, 0, 0), (2, 2, 1, 1, 1, 1)] {
        let q = query(case);
        let mut want = brute(q);
        want.retain(|_, p| *p != Ratio::ZERO);
        assert_eq!(by_die(q), want, "{q:?}");
    }
}

/// Queries beyond what 128-bit fractions hold are refused with a reason, never cut down.
#[test]
fn queries_too_large_for_exact_odds_are_refused() {
    let e = damage_odds_with(
        &DiceConfig::default(),
        OddsQuery {
            attack: 21,
            ..OddsQuery::default()
        },
    )
    .unwrap_err();
    assert!(e.to_string().contains("at most 20 attack dice"), "{e}");
    let e = damage_odds(20, 20, 20, 20, 20).unwrap_err();
    assert!(e.to_string().contains("do not fit 128-bit"), "{e}");
}
