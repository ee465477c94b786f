use super::*;
use crate::Rng;
use proptest::prelude::*;

/// A die from faces written as space-separated symbol names (`""` is a blank face).
fn die(symbols: &mut SymbolTable, name: &str, faces: &[&str]) -> Die {
    let faces = faces
        .iter()
        .map(|f| f.split_whitespace().map(String::from).collect())
        .collect();
    let def = DieDef {
        name: name.into(),
        faces,
    };
    Die::from_def(&def, symbols).unwrap()
}

fn sym(symbols: &SymbolTable, name: &str) -> Symbol {
    symbols.get(name).unwrap()
}

/// A d6 whose face `k` shows `k` pips.
fn d6(symbols: &mut SymbolTable) -> Die {
    let faces: Vec<String> = (1..=6).map(|k| vec!["pip"; k].join(" ")).collect();
    let faces: Vec<&str> = faces.iter().map(String::as_str).collect();
    die(symbols, "d6", &faces)
}

/// The three six-sided dice of a crit/hit/block/evade game.
fn attack_armour_evade(t: &mut SymbolTable) -> [Die; 3] {
    [
        die(t, "attack", &["crit", "hit", "hit", "hit", "", ""]),
        die(t, "armour", &["block", "block", "block", "", "", ""]),
        die(t, "evade", &["evade", "evade", "", "", "", ""]),
    ]
}

#[test]
fn fair_d6_expectation_is_7_2() {
    let mut t = SymbolTable::new();
    let d6 = d6(&mut t);
    let pip = sym(&t, "pip");
    assert_eq!(d6.dist(|f| f.count(pip)).expected(), Ratio::new(7, 2));
}

#[test]
fn two_d6_sum_to_seven_one_time_in_six() {
    let mut t = SymbolTable::new();
    let d6 = d6(&mut t);
    let pip = sym(&t, "pip");
    let two = pool(&[&d6, &d6], |f| f.count(pip).into());
    assert_eq!(two.probability(&7), Ratio::new(1, 6));
    assert_eq!(two.probability(&12), Ratio::new(1, 36));
    assert_eq!(
        two.iter().map(|(&k, _)| k).collect::<Vec<_>>(),
        (2..=12).collect::<Vec<_>>()
    );
}

#[test]
fn swords_plus_bonus_minus_shields_expects_5_3_hits_and_13_9_without_bonus() {
    let mut t = SymbolTable::new();
    let red = die(
        &mut t,
        "red",
        &["B", "S", "S S", "S S B", "S S S", "S S S S"],
    );
    let brown = die(&mut t, "brown", &["", "", "D", "D", "D", "D"]);
    let [s, b, d] = ["S", "B", "D"].map(|n| sym(&t, n));
    let hits = |bonus: bool| {
        let faces = |die: &Die| die.dist(|f| *f);
        contest(&faces(&red), &faces(&brown), |a, def| {
            let bonus = if bonus { a.count(b) } else { 0 };
            (i64::from(a.count(s) + bonus) - i64::from(def.count(d))).max(0)
        })
    };
    // Attack 1,1,2,3,3,4 against 0 (1/3) or 1 (2/3): 1/3 * 14/6 + 2/3 * 8/6 = 5/3.
    assert_eq!(hits(true).expected(), Ratio::new(5, 3));
    // Attack 0,1,2,2,3,4: 1/3 * 12/6 + 2/3 * 7/6 = 13/9.
    assert_eq!(hits(false).expected(), Ratio::new(13, 9));
    assert_eq!(
        hits(false).probability(&0),
        Ratio::new(1, 3 * 6) + Ratio::new(2, 3 * 3)
    );
}

#[test]
fn three_attack_dice_crit_at_least_once_91_216() {
    let mut t = SymbolTable::new();
    let [attack, ..] = attack_armour_evade(&mut t);
    let crit = sym(&t, "crit");
    let crits = pool(&[&attack; 3], |f| f.count(crit).into());
    assert_eq!(crits.cumulative_at_least(&1), Ratio::new(91, 216));
    assert_eq!(Ratio::ONE - crits.probability(&0), Ratio::new(91, 216));
}

#[test]
fn armour_cancels_crits_first_evade_cancels_hits_first() {
    let mut t = SymbolTable::new();
    let [attack, armour, evade] = attack_armour_evade(&mut t);
    let [crit, hit, block, dodge] = ["crit", "hit", "block", "evade"].map(|n| sym(&t, n));
    let rolled = pool_counts(&[&attack, &attack], &[crit, hit]);
    assert_eq!(
        rolled.probability(&Face::BLANK.with(crit, 1).with(hit, 1)),
        Ratio::new(6, 36)
    );
    // Surviving (crits, hits) after `n` cancels, applied to crits first or hits first.
    let cancel = |f: &Face, n: u8, crits_first: bool| {
        let (c, h) = (f.count(crit), f.count(hit));
        if crits_first {
            (c.saturating_sub(n), h.saturating_sub(n.saturating_sub(c)))
        } else {
            (c.saturating_sub(n.saturating_sub(h)), h.saturating_sub(n))
        }
    };
    let vs_armour = contest(&rolled, &armour.dist(|f| f.count(block)), |f, &n| {
        cancel(f, n, true)
    });
    let vs_evade = contest(&rolled, &evade.dist(|f| f.count(dodge)), |f, &n| {
        cancel(f, n, false)
    });
    let crit_through = |d: &Dist<(u8, u8)>| d.map(|&(c, _)| c.min(1)).probability(&1);
    // Crits c = 2 (1/36) always get through; c = 1 (10/36) when no block (1/2): 6/36.
    assert_eq!(crit_through(&vs_armour), Ratio::new(1, 6));
    // Evade (1/3) saves only a lone crit with no hit (4/36): 11/36 - 1/3 * 4/36 = 29/108.
    assert_eq!(crit_through(&vs_evade), Ratio::new(29, 108));
    // Damage: 4/3 successes rolled, minus 1/2 * P(any success) = 1/2 * 8/9 blocked.
    let damage = vs_armour.map(|&(c, h)| c + h);
    assert_eq!(damage.expected(), Ratio::new(8, 9));
}

#[test]
fn die_def_errors_name_the_die_and_face() {
    let mut t = SymbolTable::new();
    let def = |faces: Vec<Vec<String>>| DieDef {
        name: "odd".into(),
        faces,
    };
    let none = Die::from_def(&def(vec![]), &mut t).unwrap_err();
    assert_eq!(none, DiceError::NoFaces { die: "odd".into() });
    assert_eq!(none.to_string(), "die `odd` has no faces");

    let nine: Vec<String> = (0..=MAX_SYMBOLS).map(|i| format!("s{i}")).collect();
    let err = Die::from_def(&def(vec![vec![], nine]), &mut t).unwrap_err();
    let symbol = format!("s{MAX_SYMBOLS}");
    assert_eq!(
        err,
        DiceError::TooManySymbols {
            die: "odd".into(),
            face: 1,
            symbol
        }
    );
    assert!(
        err.to_string()
            .starts_with("die `odd`, face 2: symbol `s8`"),
        "{err}"
    );

    let many = vec!["s0".to_owned(); 256];
    let err = Die::from_def(&def(vec![many]), &mut t).unwrap_err();
    assert_eq!(err.to_string(), "die `odd`, face 1: more than 255 `s0`");
}

#[test]
fn symbol_table_interns_each_name_once() {
    let mut t = SymbolTable::new();
    let a = t.intern("sword").unwrap();
    assert_eq!(t.intern("shield").unwrap().index(), 1);
    assert_eq!(t.intern("sword"), Some(a));
    assert_eq!(t.name(a), Some("sword"));
    assert_eq!(t.get("bonus"), None);
    assert_eq!(
        t.iter().map(|(_, n)| n).collect::<Vec<_>>(),
        ["sword", "shield"]
    );
    for i in 2..MAX_SYMBOLS {
        assert!(t.intern(&i.to_string()).is_some());
    }
    assert_eq!(t.intern("one too many"), None);
    assert_eq!(t.intern("sword"), Some(a));
}

#[test]
fn faces_are_small_copy_values_and_add_as_multisets() {
    assert_eq!(size_of::<Face>(), MAX_SYMBOLS);
    assert_eq!(size_of::<Symbol>(), 1);
    let mut t = SymbolTable::new();
    let red = die(&mut t, "red", &["S S B", ""]);
    let [s, b] = ["S", "B"].map(|n| sym(&t, n));
    let face = *red.face(0);
    assert_eq!((face.count(s), face.count(b)), (2, 1));
    assert!(red.face(1).is_blank());
    assert_eq!(face + face, Face::BLANK.with(s, 4).with(b, 2));
    assert_eq!(face.project(&[b]), Face::BLANK.with(b, 1));
    assert_eq!(Face::BLANK.with(s, 255).checked_add(face), None);
}

#[test]
fn roll_returns_every_face_index_of_the_die() {
    let mut t = SymbolTable::new();
    let d6 = d6(&mut t);
    let mut rng = Rng::seed_from_u64(3);
    let mut seen = [0u32; 6];
    for _ in 0..600 {
        seen[d6.roll(&mut rng)] += 1;
    }
    assert!(seen.iter().all(|&n| n > 50), "{seen:?}");
}

fn die_def() -> impl Strategy<Value = DieDef> {
    let face = prop::collection::vec(prop::sample::select(vec!["a", "b", "c"]), 0..4);
    prop::collection::vec(face, 1..=6).prop_map(|faces| DieDef {
        name: "random".into(),
        faces: faces
            .into_iter()
            .map(|f| f.into_iter().map(String::from).collect())
            .collect(),
    })
}

proptest! {
    #[test]
    fn probabilities_sum_to_one_and_expectations_add(
        defs in prop::collection::vec(die_def(), 0..=4)
    ) {
        let mut t = SymbolTable::new();
        let dice: Vec<Die> = defs.iter().map(|d| Die::from_def(d, &mut t).unwrap()).collect();
        let dice: Vec<&Die> = dice.iter().collect();
        let [a, b, c] = ["a", "b", "c"].map(|n| t.intern(n).unwrap());
        let score = |f: &Face| 2 * i64::from(f.count(a)) - i64::from(f.count(b));

        let total = pool(&dice, score);
        prop_assert_eq!(total.total(), Ratio::ONE);
        let each: Ratio = dice.iter().map(|d| d.dist(score).expected()).sum();
        prop_assert_eq!(total.expected(), each);

        let joint = pool_counts(&dice, &[a, c]);
        prop_assert_eq!(joint.total(), Ratio::ONE);
        prop_assert_eq!(joint.map(|f| f.count(b)), Dist::certain(0));
        let a_total = pool(&dice, |f| f.count(a).into());
        prop_assert_eq!(joint.map(|f| i64::from(f.count(a))), a_total);

        let duel = contest(&total, &joint, |x, f| x - i64::from(f.count(c)));
        prop_assert_eq!(duel.total(), Ratio::ONE);
        let c_mean = joint.map(|f| f.count(c)).expected();
        prop_assert_eq!(duel.expected(), total.expected() - c_mean);
    }
}
