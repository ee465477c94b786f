//! How to play each game (`GET /api/games/{game}/how-to-play`, the web client's drawer and
//! tooltips): the rules in our own words and a glossary of every stat, symbol and keyword a
//! view shows, kept as data in `content/<game>/how-to-play.toml` and checked here.
//!
//! # Why data files, and why a glossary
//! Designers reword rules without recompiling, as they edit units and cards; the file is read
//! from the content folder when it has one and from the copy embedded in the binary otherwise.
//! Views show a tooltip for every stat, symbol and keyword by looking its name up in the
//! glossary, so a test (`every_keyword_and_stat_of_the_shipped_content_has_a_glossary_entry`)
//! checks that the glossary names every one the shipped content uses.
//!
//! A content folder need not hold a `how-to-play.toml` (nor a folder for a game without
//! content, such as Connect Four): the embedded copy is then used. A file that is there must be
//! valid.

use crate::{CatalogError, ContentSource, GameKind};
use gridwright_engine::content::{ContentError, Problems, Report};
use serde::{Deserialize, Serialize};

/// The file's name in each game's content folder.
pub const FILE: &str = "how-to-play.toml";

/// How to play one game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct HowToPlay {
    /// The page's title (`How to play Starcore`).
    pub title: String,
    /// The rules, a section at a time, in reading order.
    pub sections: Vec<HowToPlaySection>,
    /// Every stat, symbol and keyword a view shows, with what it means, sorted as written.
    pub glossary: Vec<GlossaryEntry>,
}

/// One section of the rules.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct HowToPlaySection {
    /// Its heading.
    pub heading: String,
    /// Its paragraphs.
    pub paragraphs: Vec<String>,
}

/// One glossary entry.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct GlossaryEntry {
    /// The word as a view shows it (`First Strike`, `DEF`, `Sword`).
    pub term: String,
    /// What it means, in a sentence or two.
    pub text: String,
}

impl HowToPlay {
    /// The entry for `term`, case ignored.
    pub fn entry(&self, term: &str) -> Option<&GlossaryEntry> {
        let t = term.trim();
        self.glossary
            .iter()
            .find(|g| g.term.eq_ignore_ascii_case(t))
    }

    /// Every problem of a page read from `file` (whose text is `src`, for lines): an empty
    /// title, no section, a section without heading or paragraphs, an empty paragraph, a
    /// glossary term without text or given twice (case ignored).
    fn check(&self, report: &mut Report<'_>) {
        let mut p = Problems::new();
        if self.title.trim().is_empty() {
            p.push("title", "must not be empty");
        }
        if self.sections.is_empty() {
            p.push("section", "needs at least one [[section]]");
        }
        for (i, s) in self.sections.iter().enumerate() {
            if s.heading.trim().is_empty() {
                p.push(format!("section[{i}].heading"), "must not be empty");
            }
            if s.paragraphs.is_empty() {
                p.push(
                    format!("section[{i}].paragraphs"),
                    "needs at least one paragraph",
                );
            }
            for (j, text) in s.paragraphs.iter().enumerate() {
                if text.trim().is_empty() {
                    p.push(format!("section[{i}].paragraphs[{j}]"), "must not be empty");
                }
            }
        }
        for (i, g) in self.glossary.iter().enumerate() {
            if g.term.trim().is_empty() {
                p.push(format!("glossary[{i}].term"), "must not be empty");
            }
            if g.text.trim().is_empty() {
                p.push(format!("glossary[{i}].text"), "must not be empty");
            }
            if let Some(first) = self.glossary[..i]
                .iter()
                .position(|o| o.term.trim().eq_ignore_ascii_case(g.term.trim()))
            {
                p.push(
                    format!("glossary[{i}].term"),
                    format!(
                        "`{}` is already glossary entry {} (terms are unique, case ignored)",
                        g.term.trim(),
                        first + 1
                    ),
                );
            }
        }
        report.adopt(p, |f| f.to_owned());
    }
}

/// The file as written: `title`, then `[[section]]` and `[[glossary]]` tables.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct HowToPlayFile {
    title: String,
    #[serde(default)]
    section: Vec<HowToPlaySection>,
    #[serde(default)]
    glossary: Vec<GlossaryEntry>,
}

/// The copy embedded in the binary.
fn shipped(kind: GameKind) -> &'static str {
    match kind {
        GameKind::GridBattles => {
            include_str!("../../../content/grid-battles/how-to-play.toml")
        }
        GameKind::CommandCore => {
            include_str!("../../../content/command-core/how-to-play.toml")
        }
        GameKind::ConnectFour => {
            include_str!("../../../content/connect-four/how-to-play.toml")
        }
        GameKind::Starcore => include_str!("../../../content/starcore/how-to-play.toml"),
        GameKind::Milkomeda => include_str!("../../../content/milkomeda/how-to-play.toml"),
    }
}

/// Reads and checks one page: every problem, with file, line and field.
///
/// # Errors
/// [`ContentError::Invalid`] listing every problem.
pub fn parse(file: &str, src: &str) -> Result<HowToPlay, ContentError> {
    let mut report = Report::new(file, src);
    let page = report.parse::<HowToPlayFile>().map(|f| HowToPlay {
        title: f.title,
        sections: f.section,
        glossary: f.glossary,
    });
    if let Some(page) = &page {
        page.check(&mut report);
    }
    match page {
        Some(page) if report.is_empty() => Ok(page),
        _ => Err(report.into_problems().into()),
    }
}

/// How to play `kind`: `how-to-play.toml` of the game's folder in `source` when there is one,
/// else the embedded copy.
///
/// # Errors
/// A file that cannot be read or is not valid (every problem, with file, line and field).
pub fn how_to_play(source: &ContentSource, kind: GameKind) -> Result<HowToPlay, CatalogError> {
    let dir = match source {
        ContentSource::Builtin => None,
        ContentSource::Dir(d) | ContentSource::Explicit { dir: d, .. } => {
            Some(d.join(kind.name()).join(FILE))
        }
    };
    if let Some(path) = dir.filter(|p| p.is_file()) {
        let text = gridwright_engine::content::read_file(&path)?;
        return Ok(parse(FILE, &text)?);
    }
    Ok(parse(FILE, shipped(kind))?)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Frontend, with_game};

    use gridwright_engine::text::capitalised as cap;

    /// Every game of the catalog has a How to play page with sections and a glossary, and the
    /// copy in `content/` (what a content folder serves) is the embedded one.
    #[test]
    fn every_game_has_a_how_to_play_page() {
        let dir = ContentSource::Dir(
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../content"),
        );
        for k in GameKind::ALL {
            let page = how_to_play(&ContentSource::Builtin, k).unwrap();
            assert!(
                page.title.contains(k.info().long_name),
                "{k:?}: {}",
                page.title
            );
            assert!(page.sections.len() >= 2, "{k:?}");
            assert!(page.glossary.len() >= 5, "{k:?}");
            assert_eq!(how_to_play(&dir, k).unwrap(), page, "{k:?}");
        }
    }

    /// Every stat label and keyword of every shipped setup's reference data, and every symbol,
    /// icon, resource, ship type, structure and keyword a view of the game shows, has a glossary
    /// entry (case ignored), so a tooltip can explain it.
    #[test]
    fn every_keyword_and_stat_of_the_shipped_content_has_a_glossary_entry() {
        let c = ContentSource::Builtin;
        for k in GameKind::ALL {
            let page = how_to_play(&c, k).unwrap();
            let mut wanted: Vec<String> = Vec::new();
            with_game!(k, G => {
                for s in G::scenarios(&c).unwrap() {
                    let config = G::load_config(&c, Some(&s.name)).unwrap();
                    let r = G::reference(&config);
                    for g in &r.groups {
                        for e in &g.entries {
                            wanted.extend(e.stats.iter().map(|s| s.label.clone()));
                            if k != GameKind::Starcore {
                                wanted.extend(e.keywords.iter().cloned());
                            }
                            if matches!(g.kind.as_str(), "terrain" | "dice" | "units") {
                                wanted.push(e.name.clone());
                            }
                        }
                    }
                }
            });
            match k {
                GameKind::GridBattles => {
                    use gridwright_grid_battles::Symbol;
                    wanted.extend(Symbol::ALL.iter().map(|s| cap(s.name())));
                    for w in [
                        "Fresh",
                        "Activated",
                        "Fatigued",
                        "Bold",
                        "VP",
                        "MP",
                        "Blank",
                    ] {
                        wanted.push(w.into());
                    }
                }
                GameKind::CommandCore => {
                    use gridwright_command_core::{DieSymbol, Icon};
                    wanted.extend(DieSymbol::ALL.iter().map(|s| cap(s.name())));
                    wanted.extend(Icon::ALL.iter().map(|i| cap(&i.name().replace('-', " "))));
                    for w in ["Front", "Rear", "Left", "Right", "Surge", "Flux", "Blank"] {
                        wanted.push(w.into());
                    }
                    for s in crate::CommandCore::scenarios(&c).unwrap() {
                        let cfg = crate::CommandCore::load_config(&c, Some(&s.name)).unwrap();
                        for ch in &cfg.chassis {
                            for d in &ch.directives {
                                wanted.extend(d.halves.iter().map(|h| cap(&h.colour)));
                            }
                        }
                    }
                }
                GameKind::ConnectFour => {
                    wanted.extend(["Disc", "Column", "X", "O"].map(String::from));
                }
                GameKind::Starcore => {
                    use gridwright_starcore::ResourceType;
                    for s in crate::Starcore::scenarios(&c).unwrap() {
                        let cfg = crate::Starcore::load_config(&c, Some(&s.name)).unwrap();
                        let titles = gridwright_starcore::pool_keyword_titles(&cfg);
                        assert!(titles.len() >= 10, "{titles:?}");
                        wanted.extend(titles.iter().map(|t| (*t).to_owned()));
                    }
                    wanted.extend(ResourceType::ALL.iter().map(|r| r.to_string()));
                    for w in [
                        "Commander",
                        "Unit",
                        "Module",
                        "Resource",
                        "Action",
                        "Counter",
                    ] {
                        wanted.push(w.into());
                    }
                }
                GameKind::Milkomeda => {
                    use gridwright_milkomeda::Resource;
                    use gridwright_milkomeda::rules::actions::CoreAction;
                    use gridwright_milkomeda::rules::combat::ShipType;
                    use gridwright_milkomeda::rules::objectives::Keyword;
                    use gridwright_milkomeda::rules::structures::Structure;
                    wanted.extend(Resource::ALL.iter().map(|r| cap(r.word())));
                    wanted.extend(ShipType::ALL.iter().map(|t| cap(t.word())));
                    wanted.extend(Structure::ALL.iter().map(|s| {
                        let w = s.to_string();
                        if w == "m-brain" {
                            "M-Brain".to_owned()
                        } else {
                            cap(&w)
                        }
                    }));
                    wanted.extend(Keyword::ALL.iter().map(|w| cap(&w.to_string())));
                    wanted.extend(CoreAction::ALL.iter().map(|a| cap(a.word())));
                    wanted.extend(["Master", "Homeworld", "Fleet", "VP"].map(String::from));
                }
            }
            wanted.sort();
            wanted.dedup();
            let missing: Vec<&String> = wanted.iter().filter(|w| page.entry(w).is_none()).collect();
            assert!(
                missing.is_empty(),
                "{k:?}: no glossary entry for {missing:?}"
            );
        }
    }

    /// A page with problems is refused with every one of them, each at its line and field.
    #[test]
    fn a_how_to_play_file_with_problems_names_each_at_its_line_and_field() {
        let src = "title = \"\"\n\n[[section]]\nheading = \"Goal\"\nparagraphs = []\n\n\
                   [[glossary]]\nterm = \"HP\"\ntext = \"Hit points.\"\n\n\
                   [[glossary]]\nterm = \"hp\"\ntext = \"\"\n";
        let e = parse(FILE, src).unwrap_err();
        let p = e.problems();
        let at = |field: &str| p.iter().find(|x| x.field == field).map(|x| x.line);
        assert_eq!(at("title"), Some(Some(1)), "{e}");
        assert_eq!(at("section[0].paragraphs"), Some(Some(5)), "{e}");
        assert_eq!(at("glossary[1].text"), Some(Some(13)), "{e}");
        assert_eq!(at("glossary[1].term"), Some(Some(12)), "{e}");
        assert!(e.to_string().contains("already glossary entry 1"), "{e}");
        let unknown = parse(FILE, "title = \"x\"\ncolour = \"red\"\n").unwrap_err();
        assert!(unknown.to_string().contains("colour"), "{unknown}");
    }
}
