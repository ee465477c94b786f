//! Reading the unit, dice and rules files (a unit type's numbers are checked by
//! `UnitType::check`).

use super::Problem;
use super::defs::{DiceFile, RulesFile, UnitDef, UnitsFile};
use crate::config::{Advantage, AttackKind, BaseType, DieType, Symbol, TerrainType, UnitType};
use gridwright_engine::content::{Problems, Report};
use gridwright_engine::text::capitalised;
use std::collections::{HashMap, HashSet};
use toml::Spanned;

/// The largest number a byte field holds.
const U8: i64 = u8::MAX as i64;

pub(super) fn load_rules(
    src: &str,
    problems: &mut Vec<Problem>,
) -> (Vec<TerrainType>, usize, Vec<Advantage>) {
    let mut r = Report::new("rules.toml", src);
    let Some(def) = r.parse::<RulesFile>() else {
        problems.extend(r.into_problems().into_vec());
        return (Vec::new(), 0, Vec::new());
    };
    let mut terrain = Vec::new();
    let mut seen = HashSet::new();
    let mut letters = HashSet::new();
    for (i, t) in def.terrain.iter().enumerate() {
        let f = |k: &str| format!("terrain[{i}].{k}");
        let tid = r.unique_id(&t.id, &f("id"), &mut seen, "in this file");
        let letter = r.one_char(&t.letter, &f("letter"));
        if let Some(l) = letter
            && !letters.insert(l)
        {
            r.at(
                t.letter.span(),
                f("letter"),
                format!("letter `{l}` is used twice"),
            );
        }
        let glyph = match &t.glyph {
            Some(g) => r.one_char(g, &f("glyph")),
            None => letter,
        };
        let cost = match &t.cost {
            Some(c) => r.int(c, &f("cost"), 1, 20),
            None => Some(1),
        };
        terrain.push(TerrainType {
            id: tid,
            letter: letter.unwrap_or('?'),
            glyph: glyph.unwrap_or('?'),
            cost: cost.unwrap_or(1) as u8,
            blocks_los: t.blocks_los,
        });
    }
    if terrain.is_empty() {
        r.whole("terrain", "at least one [[terrain]] type is needed");
    }
    let mut bonus = Vec::new();
    for (i, b) in def.bonus.iter().enumerate() {
        let a = base(&mut r, &b.attacker, &format!("bonus[{i}].attacker"));
        let d = base(&mut r, &b.against, &format!("bonus[{i}].against"));
        if let (Some(attacker), Some(against)) = (a, d) {
            let adv = Advantage { attacker, against };
            if !bonus.contains(&adv) {
                bonus.push(adv);
            }
        }
    }
    problems.extend(r.into_problems().into_vec());
    (terrain, 0, bonus)
}

fn base(r: &mut Report, v: &Spanned<String>, field: &str) -> Option<BaseType> {
    let b = BaseType::from_name(v.get_ref());
    if b.is_none() {
        r.at(
            v.span(),
            field,
            format!(
                "unknown base type `{}` (infantry, mounted or missile)",
                v.get_ref()
            ),
        );
    }
    b
}

pub(super) fn load_dice(src: &str, problems: &mut Vec<Problem>) -> Vec<DieType> {
    let mut r = Report::new("dice.toml", src);
    let Some(def) = r.parse::<DiceFile>() else {
        problems.extend(r.into_problems().into_vec());
        return Vec::new();
    };
    let mut dice = Vec::new();
    let mut seen = HashSet::new();
    for (i, d) in def.die.iter().enumerate() {
        let did = r.unique_id(&d.id, &format!("die[{i}].id"), &mut seen, "in this file");
        let faces = d.faces.get_ref();
        if faces.is_empty() || faces.len() > 20 {
            r.at(
                d.faces.span(),
                format!("die[{i}].faces"),
                format!("a die needs 1 to 20 faces, not {}", faces.len()),
            );
        }
        let mut out = Vec::new();
        for (fi, face) in faces.iter().enumerate() {
            if face.get_ref().len() > 9 {
                r.at(
                    face.span(),
                    format!("die[{i}].faces[{fi}]"),
                    "a face carries at most 9 symbols",
                );
            }
            let mut syms = Vec::new();
            for s in face.get_ref() {
                match Symbol::from_name(s.get_ref()) {
                    Some(sym) => syms.push(sym),
                    None => r.at(
                        s.span(),
                        format!("die[{i}].faces[{fi}]"),
                        format!("unknown symbol `{}` (sword, bonus or shield)", s.get_ref()),
                    ),
                }
            }
            out.push(syms);
        }
        dice.push(DieType {
            id: did,
            faces: out,
        });
    }
    if dice.is_empty() {
        r.whole("die", "at least one [[die]] is needed");
    }
    problems.extend(r.into_problems().into_vec());
    dice
}

pub(super) fn load_units(
    src: &str,
    dice: &[DieType],
    problems: &mut Vec<Problem>,
) -> Vec<UnitType> {
    let mut r = Report::new("units.toml", src);
    let Some(def) = r.parse::<UnitsFile>() else {
        problems.extend(r.into_problems().into_vec());
        return Vec::new();
    };
    let mut units = Vec::new();
    let mut seen = HashSet::new();
    let mut letters: HashMap<char, String> = HashMap::new();
    let mut checked = Problems::new();
    for (i, u) in def.unit.iter().enumerate() {
        let f = |k: &str| format!("unit[{i}].{k}");
        let uid = r.unique_id(&u.id, &f("id"), &mut seen, "in this file");
        let name = match &u.name {
            Some(n) if !n.get_ref().trim().is_empty() => n.get_ref().trim().to_owned(),
            _ => capitalised(&uid),
        };
        let letter = unit_letter(&mut r, u, &name, &uid, &mut letters, &f);
        let bases = unit_bases(&mut r, u, &f);
        let (attack, range) = attack_and_range(&mut r, u, &f);
        // Numbers are read as bytes here; their bounds are the unit type's own check below.
        let movement = r.int(&u.movement, &f("movement"), 0, U8);
        let health = r.int(&u.health, &f("health"), 0, U8);
        let mut die = |v: &Spanned<String>, field: &str| {
            if !dice.iter().any(|d| d.id == *v.get_ref()) {
                let known: Vec<&str> = dice.iter().map(|d| d.id.as_str()).collect();
                r.at(
                    v.span(),
                    f(field),
                    format!(
                        "unknown die `{}` (known: {})",
                        v.get_ref(),
                        known.join(", ")
                    ),
                );
            }
            v.get_ref().clone()
        };
        let attack_die = die(&u.attack_die, "attack_die");
        let defence_die = die(&u.defence_die, "defence_die");
        let unit = UnitType {
            id: uid,
            name,
            letter,
            base: bases,
            attack: attack.unwrap_or(AttackKind::Melee),
            range: range.unwrap_or(1) as u8,
            movement: movement.unwrap_or(0) as u8,
            health: health.unwrap_or(1) as u8,
            attack_die,
            defence_die,
        };
        let mut found = Problems::new();
        unit.check(&mut found);
        checked.extend_prefixed(&format!("unit[{i}]"), found);
        units.push(unit);
    }
    r.adopt(checked, str::to_owned);
    if units.is_empty() {
        r.whole("unit", "at least one [[unit]] is needed");
    }
    problems.extend(r.into_problems().into_vec());
    units
}

/// A unit's map letter (by default its name's first, capitalised), one per unit type
/// (`letters`: those taken, with the unit that took each).
fn unit_letter(
    r: &mut Report,
    u: &UnitDef,
    name: &str,
    uid: &str,
    letters: &mut HashMap<char, String>,
    f: &impl Fn(&str) -> String,
) -> char {
    let letter = match &u.letter {
        Some(l) => r.one_char(l, &f("letter")),
        None => name.chars().next().map(|c| c.to_ascii_uppercase()),
    }
    .unwrap_or('?');
    if let Some(other) = letters.get(&letter) {
        let span = u.letter.as_ref().map_or(u.id.span(), Spanned::span);
        r.at(
            span,
            f("letter"),
            format!("map letter `{letter}` is already used by `{other}`; set `letter`"),
        );
    } else {
        letters.insert(letter, uid.to_owned());
    }
    letter
}

/// A unit's base types: at least one, none twice.
fn unit_bases(r: &mut Report, u: &UnitDef, f: &impl Fn(&str) -> String) -> Vec<BaseType> {
    let mut bases = Vec::new();
    for b in u.base.get_ref() {
        if let Some(bt) = base(r, b, &f("base")) {
            if bases.contains(&bt) {
                r.at(
                    b.span(),
                    f("base"),
                    format!("base type `{bt}` listed twice"),
                );
            } else {
                bases.push(bt);
            }
        }
    }
    if u.base.get_ref().is_empty() {
        r.at(
            u.base.span(),
            f("base"),
            "a unit needs at least one base type",
        );
    }
    bases
}

/// A unit's attack type and range: a ranged unit needs one, a melee unit reaches 1.
fn attack_and_range(
    r: &mut Report,
    u: &UnitDef,
    f: &impl Fn(&str) -> String,
) -> (Option<AttackKind>, Option<i64>) {
    let attack = match u.attack.get_ref().as_str() {
        "melee" => Some(AttackKind::Melee),
        "ranged" => Some(AttackKind::Ranged),
        other => {
            r.at(
                u.attack.span(),
                f("attack"),
                format!("unknown attack type `{other}` (melee or ranged)"),
            );
            None
        }
    };
    let range = match (attack, &u.range) {
        (Some(AttackKind::Ranged), Some(v)) => r.int(v, &f("range"), 0, U8),
        (Some(AttackKind::Ranged), None) => {
            r.at(u.attack.span(), f("range"), "a ranged unit needs a `range`");
            None
        }
        (_, Some(v)) if v.get() != Some(&1) => {
            r.at(
                v.span(),
                f("range"),
                "melee units attack adjacent hexes only: remove `range`",
            );
            None
        }
        _ => Some(1),
    };
    (attack, range)
}
