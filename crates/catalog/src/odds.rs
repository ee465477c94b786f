//! `gridwright odds` for any game: each game names the parameters of its question
//! ([`Frontend::ODDS`](crate::Frontend::ODDS)) and answers it
//! ([`Frontend::odds`](crate::Frontend::odds)); this module parses `--name value` words against
//! that list and carries the answer as text and JSON. The command line only composes: adding a
//! game with odds needs no edit there.

use crate::CatalogError;
use gridwright_engine::dice::Ratio;
use std::collections::BTreeMap;

/// One parameter of a game's odds question, written `--name VALUE` on the command line.
#[derive(Clone, Copy, Debug)]
pub struct OddsParam {
    /// The name, without dashes (`attacker`).
    pub name: &'static str,
    /// Other accepted names (`armor` for `armour`).
    pub aliases: &'static [&'static str],
    /// What the value is, for help texts (`UNIT`, `N`).
    pub value: &'static str,
    /// What it means.
    pub help: &'static str,
    /// The value when it is not given; `None`: required; `Some("")`: optional, with no value
    /// (the game tells which of its optional parameters go together).
    pub default: Option<&'static str>,
}

impl OddsParam {
    fn matches(&self, name: &str) -> bool {
        self.name == name || self.aliases.contains(&name)
    }
}

/// The help lines of a parameter list, one per parameter.
pub fn odds_help(params: &[OddsParam]) -> String {
    params
        .iter()
        .map(|p| {
            let head = format!("--{} {}", p.name, p.value);
            let default = p
                .default
                .filter(|d| !d.is_empty())
                .map(|d| format!(" [default: {d}]"))
                .unwrap_or_default();
            format!("  {head:<24} {}{default}", p.help)
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// A parsed odds question: every parameter of the game's list with its value.
#[derive(Clone, Debug, Default)]
pub struct OddsQuery {
    values: BTreeMap<&'static str, String>,
}

impl OddsQuery {
    /// Parses `--name value` / `--name=value` words against `params`. Unknown, repeated and
    /// missing parameters are refused with a message naming them and listing the known ones.
    ///
    /// # Errors
    /// As above.
    pub fn parse(
        game: &str,
        params: &'static [OddsParam],
        words: &[String],
    ) -> Result<OddsQuery, CatalogError> {
        let refuse = |what: String| {
            CatalogError::Odds(format!("{what}\n{game} odds take:\n{}", odds_help(params)))
        };
        let mut values = BTreeMap::new();
        let mut words = words.iter();
        while let Some(word) = words.next() {
            let Some(flag) = word.strip_prefix("--") else {
                return Err(refuse(format!(
                    "unexpected `{word}`: parameters are `--name VALUE`"
                )));
            };
            let (name, inline) = match flag.split_once('=') {
                Some((n, v)) => (n, Some(v.to_owned())),
                None => (flag, None),
            };
            let Some(param) = params.iter().find(|p| p.matches(name)) else {
                return Err(refuse(format!("{game} odds have no parameter `--{name}`")));
            };
            let value = match inline {
                Some(v) => v,
                None => words
                    .next()
                    .cloned()
                    .ok_or_else(|| refuse(format!("`--{name}` needs a value")))?,
            };
            if values.insert(param.name, value).is_some() {
                return Err(refuse(format!("`--{}` is given twice", param.name)));
            }
        }
        for p in params {
            if !values.contains_key(p.name) {
                match p.default {
                    Some(d) => {
                        values.insert(p.name, d.to_owned());
                    }
                    None => return Err(refuse(format!("{game} odds need `--{}`", p.name))),
                }
            }
        }
        Ok(OddsQuery { values })
    }

    /// The text of parameter `name`.
    ///
    /// # Errors
    /// If the game's list has no such parameter (a bug in the game's `odds`).
    pub fn text(&self, name: &str) -> Result<&str, CatalogError> {
        self.values
            .get(name)
            .map(String::as_str)
            .ok_or_else(|| CatalogError::Odds(format!("no odds parameter `--{name}`")))
    }

    /// Parameter `name` as a small count.
    ///
    /// # Errors
    /// If it is not a whole number in `0..=255`, naming the parameter and the value.
    pub fn count(&self, name: &str) -> Result<u8, CatalogError> {
        let text = self.text(name)?;
        text.parse().map_err(|_| {
            CatalogError::Odds(format!(
                "`--{name} {}`: expected a whole number from 0 to 255",
                text.chars().take(40).collect::<String>()
            ))
        })
    }
}

/// A game's answer: what a terminal shows, and one JSON document.
#[derive(Clone, Debug)]
pub struct OddsReport {
    /// Lines for a terminal.
    pub text: String,
    /// The same facts as JSON.
    pub json: serde_json::Value,
}

/// One line of a distribution in the JSON form every odds report uses.
pub fn odds_entry(value: u32, p: Ratio) -> serde_json::Value {
    serde_json::json!({ "value": value, "probability": p.to_string(), "decimal": p.to_f64() })
}

/// A distribution as aligned terminal lines (`   2 hits      5/36   13.889%`).
pub fn odds_table(rows: &[(u32, Ratio)], what: &str) -> String {
    rows.iter()
        .map(|(v, p)| {
            format!(
                "  {v:>2} {what:<6} {:>9}  {:>7.3}%",
                p.to_string(),
                100.0 * p.to_f64()
            )
        })
        .collect::<Vec<_>>()
        .join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    const PARAMS: &[OddsParam] = &[
        OddsParam {
            name: "attack",
            aliases: &[],
            value: "N",
            help: "attack dice",
            default: None,
        },
        OddsParam {
            name: "armour",
            aliases: &["armor"],
            value: "N",
            help: "armour dice",
            default: Some("0"),
        },
    ];

    fn words(w: &[&str]) -> Vec<String> {
        w.iter().map(|s| (*s).to_owned()).collect()
    }

    #[test]
    fn odds_parameters_parse_with_aliases_defaults_and_inline_values() {
        let q = OddsQuery::parse("g", PARAMS, &words(&["--attack=3"])).unwrap();
        assert_eq!(
            (q.count("attack").unwrap(), q.count("armour").unwrap()),
            (3, 0)
        );
        let q = OddsQuery::parse("g", PARAMS, &words(&["--armor", "2", "--attack", "1"])).unwrap();
        assert_eq!(q.count("armour").unwrap(), 2);
    }

    #[test]
    fn odds_parameters_refuse_unknown_repeated_missing_and_bad_values() {
        for (w, says) in [
            (&["--attack", "1", "--wizard", "2"][..], "`--wizard`"),
            (&["--attack", "1", "--attack", "2"], "twice"),
            (&["--armour", "1"], "need `--attack`"),
            (&["--attack"], "needs a value"),
            (&["3"], "unexpected `3`"),
        ] {
            let e = OddsQuery::parse("g", PARAMS, &words(w))
                .unwrap_err()
                .to_string();
            assert!(e.contains(says) && e.contains("--armour N"), "{w:?}: {e}");
        }
        let q = OddsQuery::parse("g", PARAMS, &words(&["--attack", "999"])).unwrap();
        assert!(
            q.count("attack")
                .unwrap_err()
                .to_string()
                .contains("--attack 999")
        );
    }
}
