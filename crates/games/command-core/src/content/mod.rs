//! Loading designer-editable TOML content into validated [`Config`]s.
//!
//! `content/command-core/` holds `dice.toml`, one file per chassis in `chassis/` (statistics,
//! weapons and its directive cards) and one file per scenario in `scenarios/`. Raw files
//! deserialize into the shapes of `defs.rs`; this module reads them into the plain [`Config`]
//! (numbers into their types, names resolved) with the engine's content toolkit
//! (`gridwright_engine::content`). The facts of the dice, a chassis and a scenario are checked
//! once, by `DiceRules::new`, `check_chassis` and `Rules::new`, which also check configs from
//! replays; what they find is reported at the file's lines. Every problem is collected with its
//! file, line and field.

mod defs;

pub use gridwright_engine::content::{ContentError, Problem};

use crate::config::{
    Armour, Chassis, Combo, Config, DEFAULT_ROUND_LIMIT, DiceConfig, DieSymbol, Directive, Half,
    HomeEdge, Icon, MAX_RANGE, Neighbour, SideConfig, Weapon,
};
use crate::rules::dice::DiceRules;
use crate::rules::{Rules, check_chassis};
use defs::{
    ChassisFile, ComboDef, DiceFile, DieDef, DirectiveDef, HalfDef, ScenarioFile, WeaponDef,
};
use gridwright_engine::content::{
    Files, Lenient, Report, resolve_scenarios, scenario_config, valid,
};
use gridwright_engine::geom::Arc;
use std::collections::{BTreeMap, HashSet};

gridwright_engine::shipped!(
    impl Content,
    "../../../content/command-core":
    "dice.toml",
    "chassis/scout.toml",
    "chassis/brawler.toml",
    "chassis/artillery.toml",
    "chassis/heavy.toml",
    "scenarios/duel.toml",
    "scenarios/skirmish.toml",
);

/// Dice, chassis and scenarios, validated.
///
/// # Examples
/// ```
/// use gridwright_command_core::Content;
/// let content = Content::builtin()?;
/// assert_eq!(content.scenario_names(), ["duel", "skirmish"]);
/// let config = content.config("duel")?;
/// assert_eq!(config.sides[0].mechs.len(), 2);
/// # Ok::<(), gridwright_command_core::ContentError>(())
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct Content {
    dice: DiceConfig,
    chassis: Vec<Chassis>,
    scenarios: BTreeMap<String, Config>,
}

impl Content {
    /// Builds content from its files ([`Files`]: the shipped ones or a folder's).
    ///
    /// # Errors
    /// [`ContentError::Io`] if `dice.toml` is missing; [`ContentError::Invalid`] listing every
    /// problem found.
    pub fn from_files(files: &Files) -> Result<Content, ContentError> {
        Content::from_sources(
            files.file("dice.toml")?,
            files.folder("chassis"),
            files.folder("scenarios"),
        )
    }

    /// Builds content from file texts: `dice.toml`, then `(stem, text)` of each chassis file and
    /// each scenario file.
    ///
    /// # Errors
    /// [`ContentError::Invalid`] listing every problem found.
    pub fn from_sources(
        dice: &str,
        chassis: Vec<(String, String)>,
        scenarios: Vec<(String, String)>,
    ) -> Result<Content, ContentError> {
        let mut problems = Vec::new();
        let dice = load_dice(dice, &mut problems);
        let mut all = Vec::new();
        let mut seen = HashSet::new();
        for (stem, text) in &chassis {
            let mut r = Report::new(format!("chassis/{stem}.toml"), text);
            if let Some(c) = load_chassis(&mut r)
                && seen.insert(c.id.clone())
            {
                all.push(c);
            } else if r.is_empty() {
                r.whole("id", "this chassis id is already used by another file");
            }
            problems.extend(r.into_problems().into_vec());
        }
        if all.is_empty() && problems.is_empty() {
            problems.push(Problem {
                file: "chassis/".into(),
                line: None,
                field: String::new(),
                message: "no chassis files".into(),
            });
        }
        if !problems.is_empty() {
            // Scenario checks would only repeat these problems.
            return Err(ContentError::Invalid { problems });
        }
        let mut content = Content {
            dice,
            chassis: all,
            scenarios: BTreeMap::new(),
        };
        content.scenarios = resolve_scenarios(&scenarios, &mut problems, |name, r| {
            content.resolve_scenario(name, r)
        });
        valid(content, problems)
    }

    /// Scenario names, sorted.
    pub fn scenario_names(&self) -> Vec<String> {
        self.scenarios.keys().cloned().collect()
    }

    /// Every chassis, in load order.
    pub fn chassis(&self) -> &[Chassis] {
        &self.chassis
    }

    /// The dice.
    pub fn dice(&self) -> &DiceConfig {
        &self.dice
    }

    /// The config of a scenario by name, or of a scenario file at `name_or_path` resolved
    /// against this content's dice and chassis.
    ///
    /// # Errors
    /// [`ContentError::UnknownScenario`] if it is neither; [`ContentError::Io`] or
    /// [`ContentError::Invalid`] for an unreadable or invalid file.
    pub fn config(&self, name_or_path: &str) -> Result<Config, ContentError> {
        scenario_config(&self.scenarios, name_or_path, |name, r| {
            self.resolve_scenario(name, r)
        })
    }

    /// Reads a scenario file into a config, then checks the config once ([`Rules::new`]: board,
    /// rounds, sides, deployment zones) and reports what that finds at the lines of the file.
    fn resolve_scenario(&self, name: &str, r: &mut Report) -> Option<Config> {
        let def: ScenarioFile = r.parse()?;
        let width = r.int(&def.board.width, "board.width", 0, U8);
        let height = r.int(&def.board.height, "board.height", 0, U8);
        let deploy_range = r.int_or(
            def.board.deploy_range.as_ref(),
            "board.deploy_range",
            0,
            U8,
            1,
        );
        let round_limit = r.int_or(
            def.round_limit.as_ref(),
            "round_limit",
            0,
            i64::from(u16::MAX),
            i64::from(DEFAULT_ROUND_LIMIT),
        );
        let mut sides = Vec::new();
        let mut used = Vec::new();
        for (si, s) in def.side.get_ref().iter().enumerate() {
            let home_edge = match &s.home_edge {
                None => HomeEdge::Any,
                Some(e) => HomeEdge::from_name(e.get_ref()).unwrap_or_else(|| {
                    r.at(
                        e.span(),
                        format!("side[{si}].home_edge"),
                        format!(
                            "unknown edge `{}` (any, north, south, east or west)",
                            e.get_ref()
                        ),
                    );
                    HomeEdge::Any
                }),
            };
            let mut mechs = Vec::new();
            for (mi, m) in s.mechs.get_ref().iter().enumerate() {
                match self.chassis.iter().find(|c| c.id == *m.get_ref()) {
                    Some(c) => {
                        if !used.iter().any(|u: &Chassis| u.id == c.id) {
                            used.push(c.clone());
                        }
                    }
                    None => r.at(
                        m.span(),
                        format!("side[{si}].mechs[{mi}]"),
                        format!(
                            "unknown chassis `{}` (known: {})",
                            m.get_ref(),
                            self.chassis
                                .iter()
                                .map(|c| c.id.as_str())
                                .collect::<Vec<_>>()
                                .join(", ")
                        ),
                    ),
                }
                mechs.push(m.get_ref().clone());
            }
            sides.push(SideConfig {
                name: s.name.clone().unwrap_or_else(|| format!("Side {}", si + 1)),
                home_edge,
                mechs,
            });
        }
        let config = Config {
            scenario: name.to_owned(),
            title: def.title.clone().unwrap_or_else(|| name.to_owned()),
            description: def.description.trim().to_owned(),
            width: width? as u8,
            height: height? as u8,
            deploy_range: deploy_range? as u8,
            round_limit: round_limit? as u16,
            dice: self.dice.clone(),
            chassis: used,
            sides,
        };
        let checked = Rules::new(&config).err().unwrap_or_default();
        r.adopt(checked, |field| match field {
            "width" | "height" | "deploy_range" => format!("board.{field}"),
            f => f.replacen("sides", "side", 1),
        });
        r.is_empty().then_some(config)
    }
}

/// The largest number a byte field holds.
const U8: i64 = u8::MAX as i64;

/// Reads `dice.toml`: symbol names into symbols; the dice's facts are checked once, by
/// [`DiceRules::new`], and reported at the lines of the file.
fn load_dice(src: &str, problems: &mut Vec<Problem>) -> DiceConfig {
    let mut r = Report::new("dice.toml", src);
    let Some(def) = r.parse::<DiceFile>() else {
        problems.extend(r.into_problems().into_vec());
        return DiceConfig::default();
    };
    let mut die = |d: &DieDef, name: &str| {
        let mut out = Vec::new();
        for (fi, face) in d.faces.get_ref().iter().enumerate() {
            let mut syms = Vec::new();
            for s in face.get_ref() {
                match DieSymbol::from_name(s.get_ref()) {
                    Some(sym) => syms.push(sym),
                    None => r.at(
                        s.span(),
                        format!("{name}.faces[{fi}]"),
                        format!(
                            "unknown symbol `{}` (known: {})",
                            s.get_ref(),
                            DieSymbol::ALL.map(DieSymbol::name).join(", ")
                        ),
                    ),
                }
            }
            out.push(syms);
        }
        out
    };
    let dice = DiceConfig {
        attack: die(&def.attack, "attack"),
        armour: die(&def.armour, "armour"),
        evade: die(&def.evade, "evade"),
    };
    let checked = DiceRules::new(&dice).err().unwrap_or_default();
    r.adopt(checked, str::to_owned);
    problems.extend(r.into_problems().into_vec());
    dice
}

/// Reads a chassis file: numbers into their types, names into icons, arcs and slots; the
/// chassis' facts are checked once, by [`check_chassis`], and reported at the lines of the file.
fn load_chassis(r: &mut Report) -> Option<Chassis> {
    let def: ChassisFile = r.parse()?;
    let cid = r.id(&def.id, "id");
    let name = def
        .name
        .as_ref()
        .map_or_else(|| cid.clone(), |n| n.get_ref().trim().to_owned());
    let letter = match &def.letter {
        Some(l) => r.one_char(l, "letter").unwrap_or('?'),
        None => name.chars().next().unwrap_or('?').to_ascii_uppercase(),
    };
    let structure = byte(r, &def.structure, "structure");
    let a = &def.armour;
    let armour = Armour {
        front: byte(r, &a.front, "armour.front"),
        right: byte(r, &a.right, "armour.right"),
        rear: byte(r, &a.rear, "armour.rear"),
        left: byte(r, &a.left, "armour.left"),
    };
    let evasion = byte(r, &def.evasion, "evasion");
    let slots = byte(r, &def.slots, "slots");
    let weapons = def
        .weapon
        .iter()
        .enumerate()
        .map(|(wi, w)| read_weapon(r, w, |k| format!("weapon[{wi}].{k}")))
        .collect();
    let directives = def
        .directive
        .iter()
        .enumerate()
        .map(|(di, d)| read_directive(r, d, di))
        .collect();
    let chassis = Chassis {
        id: cid,
        name,
        letter,
        role: def.role.trim().to_owned(),
        structure,
        armour,
        evasion,
        slots,
        weapons,
        directives,
    };
    // Values the file got wrong were read as defaults; their fields are already reported, and
    // adopt leaves out what the check finds at or inside them.
    r.adopt(check_chassis(&chassis), |field| {
        field
            .replacen("weapons", "weapon", 1)
            .replacen("directives", "directive", 1)
            .replacen("halves", "half", 1)
    });
    r.is_empty().then_some(chassis)
}

/// A number read as a byte (0 where it is not one: reported).
fn byte(r: &mut Report, v: &Lenient<i64>, field: &str) -> u8 {
    r.int(v, field, 0, U8).unwrap_or(0) as u8
}

/// A cost or delta read as a signed byte (0 where it is not one: reported).
fn delta(r: &mut Report, v: &Lenient<i64>, field: &str) -> i8 {
    r.int(v, field, i64::from(i8::MIN), i64::from(i8::MAX))
        .unwrap_or(0) as i8
}

/// One `[[weapon]]` (`f`: the path of its fields): its range band and arcs, each arc once.
fn read_weapon(r: &mut Report, w: &WeaponDef, f: impl Fn(&str) -> String) -> Weapon {
    let wid = r.id(&w.id, &f("id"));
    let attack = byte(r, &w.attack, &f("attack"));
    let (lo, hi) = match w.range.get_ref().as_slice() {
        &[lo, hi] if u8::try_from(lo).is_ok() && u8::try_from(hi).is_ok() => (lo as u8, hi as u8),
        _ => {
            r.at(
                w.range.span(),
                f("range"),
                format!("write the range band as [min, max] with 1 <= min <= max <= {MAX_RANGE}"),
            );
            (1, 1)
        }
    };
    let mut arcs = Vec::new();
    for a in w.arcs.get_ref() {
        match arc_from_name(a.get_ref()) {
            Some(arc) if !arcs.contains(&arc) => arcs.push(arc),
            Some(_) => r.at(
                a.span(),
                f("arcs"),
                format!("arc `{}` listed twice", a.get_ref()),
            ),
            None => r.at(
                a.span(),
                f("arcs"),
                format!("unknown arc `{}` (front, right, rear or left)", a.get_ref()),
            ),
        }
    }
    let delta = w.delta.as_ref().map_or(0, |d| delta(r, d, &f("delta")));
    Weapon {
        name: w.name.clone().unwrap_or_else(|| wid.clone()),
        id: wid,
        attack,
        min_range: lo,
        max_range: hi,
        arcs,
        delta,
    }
}

/// The `di`th `[[directive]]` and its halves.
fn read_directive(r: &mut Report, d: &DirectiveDef, di: usize) -> Directive {
    let did = r.id(&d.id, &format!("directive[{di}].id"));
    let halves = d
        .half
        .iter()
        .enumerate()
        .map(|(hi, h)| {
            read_half(r, h.get_ref(), |k| {
                format!("directive[{di}].half[{hi}].{k}")
            })
        })
        .collect();
    Directive {
        name: d.name.clone().unwrap_or_else(|| did.clone()),
        id: did,
        halves,
    }
}

/// One half of a directive (`f`: the path of its fields): its icons by name, cost, colour and
/// combos.
fn read_half(r: &mut Report, h: &HalfDef, f: impl Fn(&str) -> String) -> Half {
    let mut icons = Vec::new();
    for (ii, icon) in h.icons.get_ref().iter().enumerate() {
        match Icon::from_name(icon.get_ref()) {
            Some(i) => icons.push(i),
            None => r.at(
                icon.span(),
                f(&format!("icons[{ii}]")),
                format!(
                    "unknown icon `{}` (known: {})",
                    icon.get_ref(),
                    Icon::ALL.map(Icon::name).join(", ")
                ),
            ),
        }
    }
    let cost = delta(r, &h.cost, &f("cost"));
    if h.colour.get_ref().trim().is_empty() {
        r.at(h.colour.span(), f("colour"), "a half needs a colour");
    }
    let combos = h
        .combos
        .iter()
        .enumerate()
        .map(|(ki, k)| read_combo(r, k.get_ref(), |x| f(&format!("combos[{ki}].{x}"))))
        .collect();
    Half {
        icons,
        cost,
        colour: h.colour.get_ref().trim().to_owned(),
        combos,
    }
}

/// One combo of a half (`f`: the path of its fields): the neighbouring slot, the colour it
/// needs there and the modified cost.
fn read_combo(r: &mut Report, k: &ComboDef, f: impl Fn(&str) -> String) -> Combo {
    let slot = match k.slot.get_ref().as_str() {
        "previous" => Neighbour::Previous,
        "next" => Neighbour::Next,
        other => {
            r.at(
                k.slot.span(),
                f("slot"),
                format!("unknown slot `{other}` (previous or next)"),
            );
            Neighbour::Previous
        }
    };
    Combo {
        slot,
        colour: k.colour.get_ref().trim().to_owned(),
        cost: delta(r, &k.cost, &f("cost")),
    }
}

fn arc_from_name(s: &str) -> Option<Arc> {
    match s {
        "front" => Some(Arc::Front),
        "right" => Some(Arc::Right),
        "rear" => Some(Arc::Rear),
        "left" => Some(Arc::Left),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::Path;

    /// A shipped file's text.
    fn shipped(path: &str) -> String {
        Files::shipped(Content::SHIPPED)
            .file(path)
            .unwrap()
            .to_owned()
    }

    #[test]
    fn builtin_content_loads() {
        let c = Content::builtin().unwrap();
        assert_eq!(c.chassis().len(), 4);
        assert_eq!(c.dice(), &DiceConfig::default());
        for name in c.scenario_names() {
            c.config(&name).unwrap();
        }
    }

    #[test]
    fn the_content_directory_loads_like_the_embedded_copy() {
        let dir = Path::new(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../../content/command-core"
        ));
        let loaded = Content::load_dir(dir).unwrap();
        let builtin = Content::builtin().unwrap();
        assert_eq!(loaded.scenario_names(), builtin.scenario_names());
        for name in builtin.scenario_names() {
            assert_eq!(
                loaded.config(&name).unwrap(),
                builtin.config(&name).unwrap()
            );
        }
        // A scenario file given by path resolves against the content's chassis.
        let path = dir.join("scenarios/duel.toml");
        let by_path = builtin.config(&path.display().to_string()).unwrap();
        assert_eq!(by_path, builtin.config("duel").unwrap());
        assert!(matches!(
            builtin.config("nowhere"),
            Err(ContentError::UnknownScenario { .. })
        ));
    }

    #[test]
    fn errors_name_file_line_and_field() {
        let bad = shipped("chassis/scout.toml").replace("slots = 4", "slots = 9");
        let chassis = vec![("scout".to_owned(), bad)];
        let err = Content::from_sources(&shipped("dice.toml"), chassis, vec![]).unwrap_err();
        let p = &err.problems()[0];
        assert_eq!(p.file, "chassis/scout.toml");
        assert_eq!(p.field, "slots");
        assert_eq!(p.line, Some(9));
        assert!(
            err.to_string()
                .contains("chassis/scout.toml:9: `slots`: must be 1 to 4"),
            "{err}"
        );
    }

    #[test]
    fn unknown_icon_and_chassis_are_reported() {
        let bad = shipped("chassis/brawler.toml").replace("\"back\"", "\"jump\"");
        let chassis = vec![("brawler".to_owned(), bad)];
        let err = Content::from_sources(&shipped("dice.toml"), chassis, vec![]).unwrap_err();
        assert!(err.to_string().contains("unknown icon `jump`"), "{err}");

        let chassis = vec![("scout".to_owned(), shipped("chassis/scout.toml"))];
        let scen = vec![("duel".to_owned(), shipped("scenarios/duel.toml"))];
        let err = Content::from_sources(&shipped("dice.toml"), chassis, scen).unwrap_err();
        let p = &err.problems()[0];
        assert_eq!(p.file, "scenarios/duel.toml");
        assert_eq!(p.field, "side[0].mechs[1]");
        assert!(p.message.contains("unknown chassis `brawler`"));
    }

    #[test]
    fn dice_faces_are_checked() {
        let bad =
            shipped("dice.toml").replace("[\"block\"], [\"block\"]", "[\"hit\"], [\"block\"]");
        let err = Content::from_sources(&bad, vec![], vec![]).unwrap_err();
        assert!(
            err.to_string().contains("not a symbol of the armour die"),
            "{err}"
        );
    }
}
