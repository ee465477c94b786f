//! Loading `content/milkomeda/` into validated [`Config`]s with the engine's content toolkit.
//!
//! Files: `sectors.toml`, `directives.toml`, `modules.toml`, `objectives.toml`,
//! `civilizations.toml` and one file per scenario in `scenarios/`. Each file is read into its
//! raw shape (numbers as `i64`, names as strings), every name and number is checked with its
//! line, and the built config is then checked once by [`Config::check`], whose problems are
//! reported at the scenario file. Every problem of every file is collected.

pub use gridwright_engine::content::{ContentError, Problem};

use crate::config::{
    BribeRule, CivilizationDef, Config, DEFAULT_GRID, DEFAULT_ROUNDS, DirectiveCard, MAX_VALUE,
    ModuleCard, ObjectiveCard, SectorCard,
};
use crate::rules::actions::CoreAction;
use crate::rules::civilizations::{Abilities, BASE_MOVE_RANGE};
use crate::rules::directives::Directive;
use crate::rules::objectives::{Keyword, Objective};
use crate::{Resource, Resources};
use gridwright_engine::content::{
    Files, Lenient, Report, resolve_scenarios, scenario_config, valid,
};
use serde::Deserialize;
use std::collections::{BTreeMap, HashSet};
use toml::Spanned;

gridwright_engine::shipped!(
    impl Content,
    "../../../content/milkomeda":
    "sectors.toml",
    "directives.toml",
    "modules.toml",
    "objectives.toml",
    "civilizations.toml",
    "scenarios/duel.toml",
    "scenarios/four.toml",
    "scenarios/small.toml",
    "scenarios/small-three.toml",
    "scenarios/three.toml",
);

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct SectorsFile {
    sector: Vec<SectorDef>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct SectorDef {
    id: Spanned<String>,
    values: Spanned<Vec<Lenient<i64>>>,
    keywords: Vec<Spanned<String>>,
    cost: Lenient<i64>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct DirectivesFile {
    directive: Vec<DirectiveDef>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct DirectiveDef {
    id: Spanned<String>,
    dots: Spanned<Vec<Spanned<String>>>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct ModulesFile {
    module: Vec<ModuleDef>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct ModuleDef {
    id: Spanned<String>,
    action: Spanned<String>,
    resource: Spanned<String>,
    amount: Lenient<i64>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct ObjectivesFile {
    objective: Vec<ObjectiveDef>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct ObjectiveDef {
    id: Spanned<String>,
    measure: Spanned<String>,
    resource: Option<Spanned<String>>,
    keyword: Option<Spanned<String>>,
    thresholds: Vec<Lenient<i64>>,
    points: Vec<Lenient<i64>>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct CivilizationsFile {
    civilization: Vec<CivilizationFileDef>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct CivilizationFileDef {
    id: Spanned<String>,
    megastructure_discount: Option<Lenient<i64>>,
    red_per_attack: Option<Lenient<i64>>,
    move_base_range: Option<Lenient<i64>>,
    green_per_claim: Option<Lenient<i64>>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct ScenarioFile {
    title: String,
    #[serde(default)]
    description: String,
    civilizations: Vec<Spanned<String>>,
    grid: Option<Spanned<Vec<Lenient<i64>>>>,
    round_limit: Option<Lenient<i64>>,
    bribes: Option<Spanned<String>>,
    /// A short variant's deck: the first this many cards of `sectors.toml`.
    sectors: Option<Lenient<i64>>,
}

/// The cards, civilizations and scenarios, validated.
///
/// # Examples
/// ```
/// use gridwright_milkomeda::Content;
/// let content = Content::builtin()?;
/// assert_eq!(content.scenario_names(), ["duel", "four", "small", "small-three", "three"]);
/// assert_eq!(content.config("four")?.seats.len(), 4);
/// # Ok::<(), gridwright_milkomeda::ContentError>(())
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct Content {
    sectors: Vec<SectorCard>,
    directives: Vec<DirectiveCard>,
    modules: Vec<ModuleCard>,
    objectives: Vec<ObjectiveCard>,
    civilizations: Vec<CivilizationDef>,
    scenarios: BTreeMap<String, Config>,
}

/// The text of each content file: `(file name, text)` for the five card files, then the
/// scenarios as `(stem, text)`.
#[derive(Clone, Debug)]
pub struct Sources {
    /// `sectors.toml`.
    pub sectors: String,
    /// `directives.toml`.
    pub directives: String,
    /// `modules.toml`.
    pub modules: String,
    /// `objectives.toml`.
    pub objectives: String,
    /// `civilizations.toml`.
    pub civilizations: String,
    /// `(stem, text)` of each scenario file.
    pub scenarios: Vec<(String, String)>,
}

impl Sources {
    /// The texts of `files` (the shipped ones or a folder's, [`Files`]).
    ///
    /// # Errors
    /// [`ContentError::Io`] naming the first of the five card files that is missing.
    pub fn from_files(files: &Files) -> Result<Sources, ContentError> {
        Ok(Sources {
            sectors: files.file("sectors.toml")?.to_owned(),
            directives: files.file("directives.toml")?.to_owned(),
            modules: files.file("modules.toml")?.to_owned(),
            objectives: files.file("objectives.toml")?.to_owned(),
            civilizations: files.file("civilizations.toml")?.to_owned(),
            scenarios: files.folder("scenarios"),
        })
    }

    /// The shipped files' texts ([`Content::SHIPPED`]).
    ///
    /// # Errors
    /// Only if the shipped list lacks a card file (a test guards against that).
    pub fn builtin() -> Result<Sources, ContentError> {
        Sources::from_files(&Files::shipped(Content::SHIPPED))
    }
}

fn resource(r: &mut Report, v: &Spanned<String>, field: &str, white: bool) -> Option<Resource> {
    let text = v.get_ref();
    if white && text == "white" {
        return None;
    }
    let found = Resource::parse(text).filter(|c| c.word() == text);
    if found.is_none() {
        r.at(
            v.span(),
            field,
            format!(
                "unknown colour `{text}` (blue, orange, red, green{})",
                if white { " or white" } else { "" }
            ),
        );
    }
    found
}

fn keyword(r: &mut Report, v: &Spanned<String>, field: &str) -> Option<Keyword> {
    let found = Keyword::parse(v.get_ref());
    if found.is_none() {
        let known: Vec<&str> = Keyword::ALL.iter().map(|k| k.word()).collect();
        r.at(
            v.span(),
            field,
            format!("unknown keyword `{}` ({})", v.get_ref(), known.join(", ")),
        );
    }
    found
}

fn load_sectors(text: &str, out: &mut Vec<Problem>) -> Vec<SectorCard> {
    let mut r = Report::new("sectors.toml", text);
    let mut cards = Vec::new();
    if let Some(file) = r.parse::<SectorsFile>() {
        let mut seen = HashSet::new();
        for (i, s) in file.sector.iter().enumerate() {
            let id = r.unique_id(
                &s.id,
                &format!("sector[{i}].id"),
                &mut seen,
                "in sectors.toml",
            );
            let mut values = [0u16; 4];
            if s.values.get_ref().len() == 4 {
                for (k, v) in s.values.get_ref().iter().enumerate() {
                    let f = format!("sector[{i}].values[{k}]");
                    values[k] = r.int(v, &f, 0, i64::from(MAX_VALUE)).unwrap_or(0) as u16;
                }
            } else {
                r.at(
                    s.values.span(),
                    format!("sector[{i}].values"),
                    "must list four values: blue, orange, red, green",
                );
            }
            let mut keywords = Vec::new();
            for (k, w) in s.keywords.iter().enumerate() {
                if let Some(kw) = keyword(&mut r, w, &format!("sector[{i}].keywords[{k}]")) {
                    if keywords.contains(&kw) {
                        r.at(
                            w.span(),
                            format!("sector[{i}].keywords[{k}]"),
                            format!("keyword `{kw}` is listed twice"),
                        );
                    } else {
                        keywords.push(kw);
                    }
                }
            }
            let cost = r
                .int(
                    &s.cost,
                    &format!("sector[{i}].cost"),
                    0,
                    i64::from(MAX_VALUE),
                )
                .unwrap_or(0) as u8;
            cards.push(SectorCard {
                id,
                values: Resources::new(values[0], values[1], values[2], values[3]),
                keywords,
                cost,
            });
        }
    }
    out.extend(r.into_problems().into_vec());
    cards
}

fn load_directives(text: &str, out: &mut Vec<Problem>) -> Vec<DirectiveCard> {
    let mut r = Report::new("directives.toml", text);
    let mut cards = Vec::new();
    if let Some(file) = r.parse::<DirectivesFile>() {
        let mut seen = HashSet::new();
        for (i, d) in file.directive.iter().enumerate() {
            let id = r.unique_id(
                &d.id,
                &format!("directive[{i}].id"),
                &mut seen,
                "in directives.toml",
            );
            if d.dots.get_ref().len() != 4 {
                r.at(
                    d.dots.span(),
                    format!("directive[{i}].dots"),
                    "must list four dots: top left, top right, bottom left, bottom right",
                );
                continue;
            }
            let mut dots = [None; 4];
            let mut ok = true;
            for (k, v) in d.dots.get_ref().iter().enumerate() {
                let before = r.len();
                dots[k] = resource(&mut r, v, &format!("directive[{i}].dots[{k}]"), true);
                ok &= r.len() == before;
            }
            if !ok {
                continue;
            }
            match Directive::new(dots) {
                Ok(pattern) => cards.push(DirectiveCard { id, pattern }),
                Err(e) => r.at(d.dots.span(), format!("directive[{i}].dots"), e.to_string()),
            }
        }
    }
    out.extend(r.into_problems().into_vec());
    cards
}

fn load_modules(text: &str, out: &mut Vec<Problem>) -> Vec<ModuleCard> {
    let mut r = Report::new("modules.toml", text);
    let mut cards = Vec::new();
    if let Some(file) = r.parse::<ModulesFile>() {
        let mut seen = HashSet::new();
        for (i, m) in file.module.iter().enumerate() {
            let id = r.unique_id(
                &m.id,
                &format!("module[{i}].id"),
                &mut seen,
                "in modules.toml",
            );
            let action = CoreAction::parse(m.action.get_ref());
            if action.is_none() {
                r.at(
                    m.action.span(),
                    format!("module[{i}].action"),
                    format!(
                        "unknown action `{}` (explore, move, build or attack)",
                        m.action.get_ref()
                    ),
                );
            }
            let res = resource(&mut r, &m.resource, &format!("module[{i}].resource"), false);
            let amount = r.int(&m.amount, &format!("module[{i}].amount"), 1, 3);
            if let (Some(action), Some(resource), Some(amount)) = (action, res, amount) {
                cards.push(ModuleCard {
                    id,
                    action,
                    resource,
                    amount: amount as u8,
                });
            }
        }
    }
    out.extend(r.into_problems().into_vec());
    cards
}

fn measure(r: &mut Report, d: &ObjectiveDef, i: usize) -> Option<Objective> {
    let field = format!("objective[{i}].measure");
    let need_keyword = |r: &mut Report| match &d.keyword {
        Some(k) => keyword(r, k, &format!("objective[{i}].keyword")),
        None => {
            r.at(
                d.measure.span(),
                format!("objective[{i}].keyword"),
                "this measure needs a keyword",
            );
            None
        }
    };
    let o = match d.measure.get_ref().as_str() {
        "controlled_sectors" => Objective::ControlledSectors,
        "structures_on_map" => Objective::StructuresOnMap,
        "ships_on_map" => Objective::ShipsOnMap,
        "stored" => match &d.resource {
            Some(v) => {
                Objective::Stored(resource(r, v, &format!("objective[{i}].resource"), false)?)
            }
            None => {
                r.at(
                    d.measure.span(),
                    format!("objective[{i}].resource"),
                    "`stored` needs a resource",
                );
                return None;
            }
        },
        "control_keyword" => Objective::ControlKeyword(need_keyword(r)?),
        "keyword_variety" => Objective::KeywordVariety,
        "sectors_of_one_keyword" => Objective::SectorsOfOneKeyword,
        "distance_from_homeworld" => Objective::DistanceFromHomeworld,
        "won_battle_this_turn" => Objective::WonBattleThisTurn,
        "won_battle_in_this_turn" => Objective::WonBattleInThisTurn(need_keyword(r)?),
        "destroyed_structure_this_turn" => Objective::DestroyedStructureThisTurn,
        "hypergate_attack_this_turn" => Objective::HypergateAttackThisTurn,
        "explored_this_turn" => Objective::ExploredThisTurn,
        other => {
            r.at(
                d.measure.span(),
                field,
                format!("unknown measure `{other}` (see docs/rules/milkomeda.md item 47)"),
            );
            return None;
        }
    };
    Some(o)
}

fn load_objectives(text: &str, out: &mut Vec<Problem>) -> Vec<ObjectiveCard> {
    let mut r = Report::new("objectives.toml", text);
    let mut cards = Vec::new();
    if let Some(file) = r.parse::<ObjectivesFile>() {
        let mut seen = HashSet::new();
        for (i, d) in file.objective.iter().enumerate() {
            let id = r.unique_id(
                &d.id,
                &format!("objective[{i}].id"),
                &mut seen,
                "in objectives.toml",
            );
            let objective = measure(&mut r, d, i);
            let thresholds: Vec<u32> = d
                .thresholds
                .iter()
                .enumerate()
                .map(|(k, v)| {
                    r.int(v, &format!("objective[{i}].thresholds[{k}]"), 1, 99)
                        .unwrap_or(1) as u32
                })
                .collect();
            let points: Vec<u8> = d
                .points
                .iter()
                .enumerate()
                .map(|(k, v)| {
                    r.int(v, &format!("objective[{i}].points[{k}]"), 1, 30)
                        .unwrap_or(1) as u8
                })
                .collect();
            if let Some(objective) = objective {
                cards.push(ObjectiveCard {
                    id,
                    objective,
                    thresholds,
                    points,
                });
            }
        }
        let mut found = gridwright_engine::content::Problems::new();
        for (i, c) in cards.iter().enumerate() {
            if c.thresholds.len() != c.points.len() {
                found.push(
                    format!("objective[{i}].points"),
                    "must list one VP value per threshold",
                );
            }
            if c.thresholds.is_empty() || c.thresholds.len() > crate::rules::scoring::MAX_SLOTS {
                found.push(
                    format!("objective[{i}].thresholds"),
                    "must list 1 to 4 slots",
                );
            }
        }
        r.adopt(found, str::to_owned);
    }
    out.extend(r.into_problems().into_vec());
    cards
}

fn load_civilizations(text: &str, out: &mut Vec<Problem>) -> Vec<CivilizationDef> {
    let mut r = Report::new("civilizations.toml", text);
    let mut civs = Vec::new();
    if let Some(file) = r.parse::<CivilizationsFile>() {
        let mut seen = HashSet::new();
        for (i, c) in file.civilization.iter().enumerate() {
            let id = r.unique_id(
                &c.id,
                &format!("civilization[{i}].id"),
                &mut seen,
                "in civilizations.toml",
            );
            let mut num = |v: &Option<Lenient<i64>>, name: &str, lo: i64, hi: i64, d: u8| {
                r.int_or(
                    v.as_ref(),
                    &format!("civilization[{i}].{name}"),
                    lo,
                    hi,
                    i64::from(d),
                )
                .unwrap_or(i64::from(d)) as u8
            };
            let abilities = Abilities {
                megastructure_discount: num(
                    &c.megastructure_discount,
                    "megastructure_discount",
                    0,
                    3,
                    0,
                ),
                red_per_attack: num(&c.red_per_attack, "red_per_attack", 0, 3, 0),
                move_base_range: num(&c.move_base_range, "move_base_range", 1, 4, BASE_MOVE_RANGE),
                green_per_claim: num(&c.green_per_claim, "green_per_claim", 0, 3, 0),
            };
            civs.push(CivilizationDef { id, abilities });
        }
    }
    out.extend(r.into_problems().into_vec());
    civs
}

impl Content {
    /// Builds content from its files ([`Files`]: the shipped ones or a folder's).
    ///
    /// # Errors
    /// [`ContentError::Io`] if a card file is missing; [`ContentError::Invalid`] listing every
    /// problem found in every file.
    pub fn from_files(files: &Files) -> Result<Content, ContentError> {
        Content::from_sources(&Sources::from_files(files)?)
    }

    /// Builds content from the files' texts.
    ///
    /// # Errors
    /// [`ContentError::Invalid`] listing every problem found.
    pub fn from_sources(src: &Sources) -> Result<Content, ContentError> {
        let mut problems = Vec::new();
        let mut content = Content {
            sectors: load_sectors(&src.sectors, &mut problems),
            directives: load_directives(&src.directives, &mut problems),
            modules: load_modules(&src.modules, &mut problems),
            objectives: load_objectives(&src.objectives, &mut problems),
            civilizations: load_civilizations(&src.civilizations, &mut problems),
            scenarios: BTreeMap::new(),
        };
        if !problems.is_empty() {
            // Scenario checks would only repeat these problems.
            return Err(ContentError::Invalid { problems });
        }
        content.scenarios = resolve_scenarios(&src.scenarios, &mut problems, |name, r| {
            content.resolve_scenario(name, r)
        });
        valid(content, problems)
    }

    /// Scenario names, sorted.
    pub fn scenario_names(&self) -> Vec<String> {
        self.scenarios.keys().cloned().collect()
    }

    /// The civilizations, in file order.
    pub fn civilizations(&self) -> &[CivilizationDef] {
        &self.civilizations
    }

    /// The config of a scenario by name, or of a scenario file at `name_or_path`.
    ///
    /// # Errors
    /// [`ContentError::UnknownScenario`] if it is neither; [`ContentError::Io`] or
    /// [`ContentError::Invalid`] for an unreadable or invalid file.
    ///
    /// A name may end in `+binding` or `+transfer` to choose how bribes work (`duel+binding`).
    pub fn config(&self, name_or_path: &str) -> Result<Config, ContentError> {
        for rule in [BribeRule::Binding, BribeRule::Transfer] {
            if let Some(base) = name_or_path.strip_suffix(&format!("+{}", rule.name())) {
                let mut c = self.config(base)?;
                c.bribes = rule;
                return Ok(c);
            }
        }
        scenario_config(&self.scenarios, name_or_path, |name, r| {
            self.resolve_scenario(name, r)
        })
    }

    fn resolve_scenario(&self, name: &str, r: &mut Report) -> Option<Config> {
        let def: ScenarioFile = r.parse()?;
        let mut seats = Vec::new();
        for (i, c) in def.civilizations.iter().enumerate() {
            match self.civilizations.iter().find(|d| d.id == *c.get_ref()) {
                Some(d) => seats.push(d.clone()),
                None => {
                    let known: Vec<&str> =
                        self.civilizations.iter().map(|d| d.id.as_str()).collect();
                    r.at(
                        c.span(),
                        format!("civilizations[{i}]"),
                        format!(
                            "unknown civilization `{}` ({})",
                            c.get_ref(),
                            known.join(", ")
                        ),
                    );
                }
            }
        }
        let mut grid = DEFAULT_GRID;
        if let Some(g) = &def.grid {
            if g.get_ref().len() == 2 {
                let w = r.int(&g.get_ref()[0], "grid[0]", 0, 255);
                let h = r.int(&g.get_ref()[1], "grid[1]", 0, 255);
                grid = (w.unwrap_or(0) as u8, h.unwrap_or(0) as u8);
            } else {
                r.at(g.span(), "grid", "must be [columns, rows]");
            }
        }
        let round_limit = r
            .int_or(
                def.round_limit.as_ref(),
                "round_limit",
                0,
                i64::from(u32::MAX),
                i64::from(DEFAULT_ROUNDS),
            )
            .unwrap_or(0) as u32;
        let bribes = match def.bribes.as_ref().map(|b| b.get_ref().as_str()) {
            None | Some("transfer") => BribeRule::Transfer,
            Some("binding") => BribeRule::Binding,
            Some(other) => {
                if let Some(b) = &def.bribes {
                    r.at(
                        b.span(),
                        "bribes",
                        format!("must be \"transfer\" or \"binding\", not \"{other}\""),
                    );
                }
                BribeRule::Transfer
            }
        };
        let all = self.sectors.len();
        let deck = r
            .int_or(def.sectors.as_ref(), "sectors", 1, all as i64, all as i64)
            .unwrap_or(0) as usize;
        if !r.is_empty() {
            return None;
        }
        let config = Config {
            scenario: name.to_owned(),
            title: def.title,
            description: def.description,
            grid,
            round_limit,
            seats,
            sectors: self.sectors[..deck.min(all)].to_vec(),
            directives: self.directives.clone(),
            modules: self.modules.clone(),
            objectives: self.objectives.clone(),
            bribes,
        };
        r.adopt(config.check(), |f| {
            if f == "seats" {
                "civilizations".to_owned()
            } else if let Some(rest) = f.strip_prefix("seats") {
                format!("civilizations{}", rest.split('.').next().unwrap_or(""))
            } else {
                f.to_owned()
            }
        });
        r.is_empty().then_some(config)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::Path;

    #[test]
    fn builtin_content_loads_with_the_card_counts() {
        let c = Content::builtin().unwrap();
        assert_eq!(c.sectors.len(), 72);
        assert_eq!(c.directives.len(), 25);
        assert_eq!(c.modules.len(), 24);
        assert_eq!(c.objectives.len(), 29);
        assert_eq!(c.civilizations.len(), 4);
        for (name, seats) in [
            ("duel", 2),
            ("three", 3),
            ("four", 4),
            ("small", 2),
            ("small-three", 3),
        ] {
            let config = c.config(name).unwrap();
            assert_eq!(config.seats.len(), seats, "{name}");
            assert!(config.check().is_empty(), "{name}");
        }
    }

    #[test]
    fn shipped_directory_loads_like_the_builtin_content() {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../content/milkomeda");
        let loaded = Content::load_dir(&dir).unwrap();
        assert_eq!(loaded, Content::builtin().unwrap());
    }

    #[test]
    fn every_problem_is_reported_with_file_line_and_field() {
        let mut src = Sources::builtin().unwrap();
        src.sectors = src.sectors.replacen("cost = 1", "cost = 12", 1);
        src.sectors = src.sectors.replacen("\"observatory\"", "\"volcano\"", 1);
        src.directives = src.directives.replacen("\"red\"", "\"purple\"", 1);
        src.modules = src
            .modules
            .replacen("action = \"build\"", "action = \"dance\"", 1);
        src.civilizations =
            src.civilizations
                .replacen("move_base_range = 2", "move_base_range = 9", 1);
        let err = Content::from_sources(&src).unwrap_err();
        let text = err.to_string();
        for want in [
            "sectors.toml:10: `sector[0].cost`: must be 0 to 9, not 12",
            "sectors.toml:9: `sector[0].keywords[0]`: unknown keyword `volcano`",
            "directives.toml:9: `directive[0].dots[1]`: unknown colour `purple`",
            "modules.toml:8: `module[0].action`: unknown action `dance`",
            "`civilization[2].move_base_range`: must be 1 to 4, not 9",
        ] {
            assert!(text.contains(want), "missing {want:?} in:\n{text}");
        }
        assert_eq!(err.problems().len(), 5, "{text}");
    }

    #[test]
    fn scenario_problems_name_the_scenario_file() {
        let mut src = Sources::builtin().unwrap();
        src.scenarios = vec![(
            "bad".into(),
            "title = \"x\"\ncivilizations = [\"stellar-architects\", \"nobody\"]\ngrid = [40, 9]\n"
                .into(),
        )];
        let err = Content::from_sources(&src).unwrap_err().to_string();
        assert!(
            err.contains("scenarios/bad.toml:2: `civilizations[1]`: unknown civilization `nobody`"),
            "{err}"
        );
        src.scenarios = vec![(
            "bad".into(),
            "title = \"x\"\ncivilizations = [\"stellar-architects\"]\ngrid = [40, 9]\n".into(),
        )];
        let err = Content::from_sources(&src).unwrap_err().to_string();
        assert!(
            err.contains(
                "scenarios/bad.toml:2: `civilizations`: must name 2 to 4 civilizations, not 1"
            ),
            "{err}"
        );
        assert!(
            err.contains("scenarios/bad.toml:3: `grid[0]`: must be 2 to 16, not 40"),
            "{err}"
        );
    }

    /// Issue 20.9: a scenario's grid must hold its homeworlds and its whole sector deck, or
    /// the grid-completion ending (§2, §14.1) can never happen; the error names the file, the
    /// line and the scenario. A short variant fits by taking a smaller deck (`sectors = N`).
    #[test]
    fn a_scenario_grid_must_hold_its_sector_deck_and_homeworlds() {
        let mut src = Sources::builtin().unwrap();
        let text = "title = \"x\"\ncivilizations = [\"stellar-architects\", \"void-navigators\"]\ngrid = [5, 5]\n";
        src.scenarios = vec![("cramped".into(), text.into())];
        let err = Content::from_sources(&src).unwrap_err().to_string();
        // 5 × 5 = 25 spaces against 72 cards + 2 homeworlds.
        assert!(
            err.contains("scenarios/cramped.toml:3: `grid`: scenario `cramped`: a 5 × 5 grid has 25 spaces, too few for its 72 sector cards and 2 homeworlds (74)"),
            "{err}"
        );
        // 25 − 2 = 23 cards fit exactly; 24 do not.
        src.scenarios = vec![("fits".into(), format!("{text}sectors = 23\n"))];
        let c = Content::from_sources(&src).unwrap().config("fits").unwrap();
        assert_eq!(c.sectors.len(), 23);
        src.scenarios = vec![("over".into(), format!("{text}sectors = 24\n"))];
        assert!(Content::from_sources(&src).is_err());
        // Every shipped scenario fits (the built-in content loads only if each does).
        let content = Content::builtin().unwrap();
        for name in content.scenario_names() {
            let c = content.config(&name).unwrap();
            let spaces = usize::from(c.grid.0) * usize::from(c.grid.1);
            assert!(spaces >= c.sectors.len() + c.seats.len(), "{name}");
        }
    }
}
