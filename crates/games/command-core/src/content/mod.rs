//! Loading designer-editable TOML content into validated [`Config`]s.
//!
//! `content/command-core/` holds `dice.toml`, one file per chassis in `chassis/` (statistics,
//! weapons and its directive cards) and one file per scenario in `scenarios/`. Raw files
//! deserialize into the shapes of `defs.rs`; this module checks ranges and names, collecting
//! every problem with its file, line and field, and only then builds the plain [`Config`].

mod defs;
mod error;

pub use error::{ContentError, Problem};

use crate::config::{
    Armour, COST_RANGE, Chassis, Combo, Config, DEFAULT_ROUND_LIMIT, DiceConfig, DieSymbol,
    Directive, Half, HomeEdge, Icon, MAX_BOARD_SIDE, MAX_DIRECTIVES, MAX_ICONS, MAX_MECHS,
    MAX_POOL, MAX_SLOTS, MAX_WEAPONS, Neighbour, SideConfig, Weapon,
};
use crate::rules::Rules;
use crate::rules::dice::{DiceRules, MAX_FACES};
use defs::{ChassisFile, DiceFile, DieDef, ScenarioFile};
use error::Report;
use gridwright_engine::geom::Arc;
use serde::Serialize;
use std::collections::{BTreeMap, HashSet};
use std::path::Path;
use toml::Spanned;

macro_rules! shipped {
    ($path:literal) => {
        include_str!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../../content/command-core/",
            $path
        ))
    };
}

const BUILTIN_DICE: &str = shipped!("dice.toml");
const BUILTIN_CHASSIS: [(&str, &str); 4] = [
    ("scout", shipped!("chassis/scout.toml")),
    ("brawler", shipped!("chassis/brawler.toml")),
    ("artillery", shipped!("chassis/artillery.toml")),
    ("heavy", shipped!("chassis/heavy.toml")),
];
const BUILTIN_SCENARIOS: [(&str, &str); 2] = [
    ("duel", shipped!("scenarios/duel.toml")),
    ("skirmish", shipped!("scenarios/skirmish.toml")),
];

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

/// What the lobby shows about a scenario.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ScenarioSummary {
    /// Scenario name (file stem).
    pub name: String,
    /// Display title.
    pub title: String,
    /// Description.
    pub description: String,
    /// Number of seats (always 2).
    pub seats: u8,
    /// Board columns and rows.
    pub board: (u8, u8),
    /// Round limit.
    pub round_limit: u16,
    /// Each side's name, home edge and chassis names.
    pub sides: Vec<(String, HomeEdge, Vec<String>)>,
}

impl ScenarioSummary {
    /// The summary of a resolved config.
    pub fn of(config: &Config) -> ScenarioSummary {
        let name_of = |id: &String| {
            config
                .chassis
                .iter()
                .find(|c| c.id == *id)
                .map_or_else(|| id.clone(), |c| c.name.clone())
        };
        ScenarioSummary {
            name: config.scenario.clone(),
            title: config.title.clone(),
            description: config.description.clone(),
            seats: 2,
            board: (config.width, config.height),
            round_limit: config.round_limit,
            sides: config
                .sides
                .iter()
                .map(|s| {
                    (
                        s.name.clone(),
                        s.home_edge,
                        s.mechs.iter().map(name_of).collect(),
                    )
                })
                .collect(),
        }
    }
}

impl Content {
    /// The content shipped with the game (embedded in the binary).
    ///
    /// # Errors
    /// Only if the shipped files are broken (a test guards against that).
    pub fn builtin() -> Result<Content, ContentError> {
        let own = |list: &[(&str, &str)]| {
            list.iter()
                .map(|(n, s)| ((*n).to_owned(), (*s).to_owned()))
                .collect()
        };
        Content::from_sources(BUILTIN_DICE, own(&BUILTIN_CHASSIS), own(&BUILTIN_SCENARIOS))
    }

    /// Loads `dir/dice.toml`, `dir/chassis/*.toml` and `dir/scenarios/*.toml`.
    ///
    /// # Errors
    /// [`ContentError::Io`] if a file cannot be read; [`ContentError::Invalid`] listing every
    /// problem found in every file.
    pub fn load_dir(dir: &Path) -> Result<Content, ContentError> {
        let dice = read(&dir.join("dice.toml"))?;
        let chassis = read_all(&dir.join("chassis"))?;
        let scenarios = read_all(&dir.join("scenarios"))?;
        Content::from_sources(&dice, chassis, scenarios)
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
            let file = format!("chassis/{stem}.toml");
            let mut r = Report::new(file, text);
            if let Some(c) = load_chassis(&mut r, text)
                && seen.insert(c.id.clone())
            {
                all.push(c);
            } else if r.problems.is_empty() {
                r.whole("id", "this chassis id is already used by another file");
            }
            problems.append(&mut r.problems);
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
        for (name, text) in scenarios {
            let mut r = Report::new(format!("scenarios/{name}.toml"), &text);
            if let Some(c) = content.resolve_scenario(&name, &text, &mut r) {
                content.scenarios.insert(name, c);
            }
            problems.append(&mut r.problems);
        }
        if problems.is_empty() {
            Ok(content)
        } else {
            Err(ContentError::Invalid { problems })
        }
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

    /// The lobby summary of a scenario.
    ///
    /// # Errors
    /// As [`Content::config`].
    pub fn scenario_summary(&self, name_or_path: &str) -> Result<ScenarioSummary, ContentError> {
        Ok(ScenarioSummary::of(&self.config(name_or_path)?))
    }

    /// The config of a scenario by name, or of a scenario file at `name_or_path` resolved
    /// against this content's dice and chassis.
    ///
    /// # Errors
    /// [`ContentError::UnknownScenario`] if it is neither; [`ContentError::Io`] or
    /// [`ContentError::Invalid`] for an unreadable or invalid file.
    pub fn config(&self, name_or_path: &str) -> Result<Config, ContentError> {
        if let Some(c) = self.scenarios.get(name_or_path) {
            return Ok(c.clone());
        }
        let path = Path::new(name_or_path);
        if !path.is_file() {
            return Err(ContentError::UnknownScenario {
                name: name_or_path.to_owned(),
                known: self.scenario_names(),
            });
        }
        let text = read(path)?;
        let name = path
            .file_stem()
            .map_or_else(|| "custom".to_owned(), |s| s.to_string_lossy().into_owned());
        let mut r = Report::new(path.display().to_string(), &text);
        match self.resolve_scenario(&name, &text, &mut r) {
            Some(c) if r.problems.is_empty() => Ok(c),
            _ => Err(ContentError::Invalid {
                problems: r.problems,
            }),
        }
    }

    fn resolve_scenario(&self, name: &str, text: &str, r: &mut Report) -> Option<Config> {
        let def: ScenarioFile = match toml::from_str(text) {
            Ok(d) => d,
            Err(e) => {
                r.toml(&e);
                return None;
            }
        };
        let side = i64::from(MAX_BOARD_SIDE);
        let width = int(r, &def.board.width, "board.width", 2, side);
        let height = int(r, &def.board.height, "board.height", 2, side);
        let deploy_range = match &def.board.deploy_range {
            Some(v) => int(r, v, "board.deploy_range", 1, side),
            None => Some(1),
        };
        let round_limit = match &def.round_limit {
            Some(v) => int(r, v, "round_limit", 1, 100),
            None => Some(i64::from(DEFAULT_ROUND_LIMIT)),
        };
        let sides_def = def.side.get_ref();
        if sides_def.len() != 2 {
            r.at(
                def.side.span(),
                "side",
                format!(
                    "a battle has exactly 2 [[side]] tables, not {}",
                    sides_def.len()
                ),
            );
        }
        let mut sides = Vec::new();
        let mut used = Vec::new();
        let mut total = 0;
        for (si, s) in sides_def.iter().enumerate() {
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
            if s.mechs.get_ref().is_empty() {
                r.at(
                    s.mechs.span(),
                    format!("side[{si}].mechs"),
                    "a side needs a mech",
                );
            }
            let mut mechs = Vec::new();
            for (mi, m) in s.mechs.get_ref().iter().enumerate() {
                total += 1;
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
        if total > MAX_MECHS {
            r.at(
                def.side.span(),
                "side",
                format!("{total} mechs in all; at most {MAX_MECHS} are supported"),
            );
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
        if !r.problems.is_empty() {
            return None;
        }
        // Whole-scenario checks (deployment zones big enough, …).
        if let Err(e) = Rules::new(&config) {
            r.whole("", e.0);
            return None;
        }
        Some(config)
    }
}

/// Reads one content file: a regular file of at most
/// [`DEFAULT_MAX_FILE_BYTES`](gridwright_engine::files::DEFAULT_MAX_FILE_BYTES), as UTF-8 (a link
/// to a device or a huge file is refused, not read forever).
fn read(p: &Path) -> Result<String, ContentError> {
    gridwright_engine::files::read_text(p, gridwright_engine::files::DEFAULT_MAX_FILE_BYTES)
        .map_err(|e| ContentError::Io {
            path: p.display().to_string(),
            reason: match e {
                gridwright_engine::files::ReadError::Io { source, .. } => source.to_string(),
                other => other.to_string(),
            },
        })
}

/// `(stem, text)` of every `*.toml` in `dir`, sorted by name.
fn read_all(dir: &Path) -> Result<Vec<(String, String)>, ContentError> {
    let entries = std::fs::read_dir(dir).map_err(|e| ContentError::Io {
        path: dir.display().to_string(),
        reason: e.to_string(),
    })?;
    let mut paths: Vec<_> = entries
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .collect();
    paths.sort();
    paths
        .into_iter()
        .map(|p| {
            let stem = p
                .file_stem()
                .map(|s| s.to_string_lossy().into_owned())
                .unwrap_or_default();
            Ok((stem, read(&p)?))
        })
        .collect()
}

/// Checks an integer field's range.
fn int(r: &mut Report, v: &Spanned<i64>, field: &str, lo: i64, hi: i64) -> Option<i64> {
    let n = *v.get_ref();
    if (lo..=hi).contains(&n) {
        Some(n)
    } else {
        r.at(v.span(), field, format!("must be {lo} to {hi}, not {n}"));
        None
    }
}

/// Checks an id: lowercase letters, digits and `-`, unique among `seen`.
fn id(r: &mut Report, v: &Spanned<String>, field: &str, seen: &mut HashSet<String>) -> String {
    let s = v.get_ref();
    if s.is_empty()
        || !s
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
    {
        r.at(
            v.span(),
            field,
            format!("{s:?} is not a valid id (lowercase letters, digits and `-`)"),
        );
    } else if !seen.insert(s.clone()) {
        r.at(
            v.span(),
            field,
            format!("id `{s}` is used twice on this chassis"),
        );
    }
    s.clone()
}

fn load_dice(src: &str, problems: &mut Vec<Problem>) -> DiceConfig {
    let mut r = Report::new("dice.toml", src);
    let def: DiceFile = match toml::from_str(src) {
        Ok(d) => d,
        Err(e) => {
            r.toml(&e);
            problems.append(&mut r.problems);
            return DiceConfig::default();
        }
    };
    let mut die = |d: &DieDef, name: &str, allowed: &[DieSymbol]| {
        let faces = d.faces.get_ref();
        if faces.is_empty() || faces.len() > MAX_FACES {
            r.at(
                d.faces.span(),
                format!("{name}.faces"),
                format!("a die has 1 to {MAX_FACES} faces, not {}", faces.len()),
            );
        }
        let mut out = Vec::new();
        for (fi, face) in faces.iter().enumerate() {
            let field = format!("{name}.faces[{fi}]");
            if face.get_ref().len() > 1 {
                r.at(face.span(), &field, "a face shows at most one symbol");
            }
            let mut syms = Vec::new();
            for s in face.get_ref() {
                match DieSymbol::from_name(s.get_ref()).filter(|x| allowed.contains(x)) {
                    Some(sym) => syms.push(sym),
                    None => r.at(
                        s.span(),
                        &field,
                        format!(
                            "`{}` is not a symbol of the {name} die ({})",
                            s.get_ref(),
                            allowed
                                .iter()
                                .map(|a| a.name())
                                .collect::<Vec<_>>()
                                .join(", ")
                        ),
                    ),
                }
            }
            out.push(syms);
        }
        out
    };
    let dice = DiceConfig {
        attack: die(&def.attack, "attack", &[DieSymbol::Crit, DieSymbol::Hit]),
        armour: die(&def.armour, "armour", &[DieSymbol::Block]),
        evade: die(&def.evade, "evade", &[DieSymbol::Evade]),
    };
    if r.problems.is_empty()
        && let Err(e) = DiceRules::new(&dice)
    {
        r.whole("", e);
    }
    problems.append(&mut r.problems);
    dice
}

fn load_chassis(r: &mut Report, src: &str) -> Option<Chassis> {
    let def: ChassisFile = match toml::from_str(src) {
        Ok(d) => d,
        Err(e) => {
            r.toml(&e);
            return None;
        }
    };
    let before = r.problems.len();
    let mut ids = HashSet::new();
    let cid = id(r, &def.id, "id", &mut HashSet::new());
    let name = def
        .name
        .as_ref()
        .map_or_else(|| cid.clone(), |n| n.get_ref().trim().to_owned());
    let letter = match &def.letter {
        Some(l) => {
            let mut chars = l.get_ref().chars();
            match (chars.next(), chars.next()) {
                (Some(c), None) if !c.is_whitespace() => c,
                _ => {
                    r.at(l.span(), "letter", "must be a single character");
                    '?'
                }
            }
        }
        None => name.chars().next().unwrap_or('?').to_ascii_uppercase(),
    };
    let pool = i64::from(MAX_POOL);
    let structure = int(r, &def.structure, "structure", 1, 99);
    let a = &def.armour;
    let armour = [
        int(r, &a.front, "armour.front", 0, pool),
        int(r, &a.right, "armour.right", 0, pool),
        int(r, &a.rear, "armour.rear", 0, pool),
        int(r, &a.left, "armour.left", 0, pool),
    ];
    let evasion = int(r, &def.evasion, "evasion", 0, pool);
    let slots = int(r, &def.slots, "slots", 1, MAX_SLOTS as i64);
    let cost_lo = i64::from(COST_RANGE.0);
    let cost_hi = i64::from(COST_RANGE.1);

    if def.weapon.is_empty() || def.weapon.len() > MAX_WEAPONS {
        r.whole(
            "weapon",
            format!(
                "a chassis carries 1 to {MAX_WEAPONS} [[weapon]]s, not {}",
                def.weapon.len()
            ),
        );
    }
    let mut weapons = Vec::new();
    for (wi, w) in def.weapon.iter().enumerate() {
        let f = |k: &str| format!("weapon[{wi}].{k}");
        let wid = id(r, &w.id, &f("id"), &mut ids);
        let attack = int(r, &w.attack, &f("attack"), 1, pool);
        let (lo, hi) = match w.range.get_ref().as_slice() {
            &[lo, hi] if 1 <= lo && lo <= hi && hi <= 32 => (lo as u8, hi as u8),
            _ => {
                r.at(
                    w.range.span(),
                    f("range"),
                    "write the range band as [min, max] with 1 <= min <= max <= 32",
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
        if w.arcs.get_ref().is_empty() {
            r.at(w.arcs.span(), f("arcs"), "a weapon needs at least one arc");
        }
        let delta = match &w.delta {
            Some(d) => int(r, d, &f("delta"), cost_lo, cost_hi),
            None => Some(0),
        };
        weapons.push(Weapon {
            name: w.name.clone().unwrap_or_else(|| wid.clone()),
            id: wid,
            attack: attack.unwrap_or(1) as u8,
            min_range: lo,
            max_range: hi,
            arcs,
            delta: delta.unwrap_or(0) as i8,
        });
    }

    if def.directive.is_empty() || def.directive.len() > MAX_DIRECTIVES {
        r.whole(
            "directive",
            format!(
                "a chassis carries 1 to {MAX_DIRECTIVES} [[directive]]s, not {}",
                def.directive.len()
            ),
        );
    }
    let mut directives = Vec::new();
    for (di, d) in def.directive.iter().enumerate() {
        let did = id(r, &d.id, &format!("directive[{di}].id"), &mut ids);
        if d.half.is_empty() || d.half.len() > 2 {
            r.at(
                d.id.span(),
                format!("directive[{di}].half"),
                format!(
                    "a card has one [[directive.half]], or two for a split card, not {}",
                    d.half.len()
                ),
            );
        }
        let mut halves = Vec::new();
        for (hi, h) in d.half.iter().enumerate() {
            let f = |k: &str| format!("directive[{di}].half[{hi}].{k}");
            let h = h.get_ref();
            let icons_def = h.icons.get_ref();
            if icons_def.is_empty() || icons_def.len() > MAX_ICONS {
                r.at(
                    h.icons.span(),
                    f("icons"),
                    format!("a half has 1 to {MAX_ICONS} icons, not {}", icons_def.len()),
                );
            }
            let mut icons = Vec::new();
            for (ii, icon) in icons_def.iter().enumerate() {
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
            let cost = int(r, &h.cost, &f("cost"), cost_lo, cost_hi);
            if h.colour.get_ref().trim().is_empty() {
                r.at(h.colour.span(), f("colour"), "a half needs a colour");
            }
            let mut combos = Vec::new();
            for (ki, k) in h.combos.iter().enumerate() {
                let fk = |x: &str| f(&format!("combos[{ki}].{x}"));
                let k = k.get_ref();
                let slot = match k.slot.get_ref().as_str() {
                    "previous" => Neighbour::Previous,
                    "next" => Neighbour::Next,
                    other => {
                        r.at(
                            k.slot.span(),
                            fk("slot"),
                            format!("unknown slot `{other}` (previous or next)"),
                        );
                        Neighbour::Previous
                    }
                };
                let cost = int(r, &k.cost, &fk("cost"), cost_lo, cost_hi);
                combos.push(Combo {
                    slot,
                    colour: k.colour.get_ref().trim().to_owned(),
                    cost: cost.unwrap_or(0) as i8,
                });
            }
            halves.push(Half {
                icons,
                cost: cost.unwrap_or(0) as i8,
                colour: h.colour.get_ref().trim().to_owned(),
                combos,
            });
        }
        directives.push(Directive {
            name: d.name.clone().unwrap_or_else(|| did.clone()),
            id: did,
            halves,
        });
    }
    if r.problems.len() > before {
        return None;
    }
    let [front, right, rear, left] = armour.map(|a| a.unwrap_or(0) as u8);
    Some(Chassis {
        id: cid,
        name,
        letter,
        role: def.role.trim().to_owned(),
        structure: structure? as u8,
        armour: Armour {
            front,
            right,
            rear,
            left,
        },
        evasion: evasion? as u8,
        slots: slots? as u8,
        weapons,
        directives,
    })
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
        let bad = BUILTIN_CHASSIS[0].1.replace("slots = 4", "slots = 9");
        let chassis = vec![("scout".to_owned(), bad)];
        let err = Content::from_sources(BUILTIN_DICE, chassis, vec![]).unwrap_err();
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
        let bad = BUILTIN_CHASSIS[1].1.replace("\"back\"", "\"jump\"");
        let chassis = vec![("brawler".to_owned(), bad)];
        let err = Content::from_sources(BUILTIN_DICE, chassis, vec![]).unwrap_err();
        assert!(err.to_string().contains("unknown icon `jump`"), "{err}");

        let chassis = vec![("scout".to_owned(), BUILTIN_CHASSIS[0].1.to_owned())];
        let scen = vec![("duel".to_owned(), BUILTIN_SCENARIOS[0].1.to_owned())];
        let err = Content::from_sources(BUILTIN_DICE, chassis, scen).unwrap_err();
        let p = &err.problems()[0];
        assert_eq!(p.file, "scenarios/duel.toml");
        assert_eq!(p.field, "side[0].mechs[1]");
        assert!(p.message.contains("unknown chassis `brawler`"));
    }

    #[test]
    fn dice_faces_are_checked() {
        let bad = BUILTIN_DICE.replace("[\"block\"], [\"block\"]", "[\"hit\"], [\"block\"]");
        let err = Content::from_sources(&bad, vec![], vec![]).unwrap_err();
        assert!(
            err.to_string().contains("not a symbol of the armour die"),
            "{err}"
        );
    }
}
