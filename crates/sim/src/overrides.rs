//! Changes to a game's config by key path, for balance variants: `units.knight.health=4`,
//! `cards.volt-skirmisher.attack.dmg=2`, `options.pooling=global`.
//!
//! # How a path is read
//! The config is seen as the JSON document it serializes to (the one a replay stores). Each dot
//! separates one step down: a table's key; or, in a list, the entry whose `id` or `name` is the
//! step (a list of tagged entries, `{"unit": {"id": …}}`, is looked into through its tag), or the
//! entry at a zero-based position. The new value must have the type of the old one (a whole
//! number for a whole number, `true`/`false` for a switch, a word for a word; lists and tables
//! as JSON), and the changed document must still read as the game's config. Whether it still
//! sets up (health above 0, a known die) is the game's own check, made by the caller through
//! [`Game::new`](gridwright_engine::Game::new) before any game is played.

use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::Value;

/// One `key.path=value` change.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Override {
    /// The dotted path.
    pub path: String,
    /// The new value, as typed.
    pub value: String,
}

impl std::fmt::Display for Override {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}={}", self.path, self.value)
    }
}

impl std::str::FromStr for Override {
    type Err = OverrideError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let Some((path, value)) = s.split_once('=') else {
            return Err(OverrideError::Syntax {
                given: s.to_owned(),
            });
        };
        let path = path.trim();
        if path.is_empty() || path.split('.').any(str::is_empty) {
            return Err(OverrideError::Syntax {
                given: s.to_owned(),
            });
        }
        Ok(Override {
            path: path.to_owned(),
            value: value.trim().to_owned(),
        })
    }
}

/// Why a change is refused; each names the key path.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum OverrideError {
    /// Not `key.path=value`.
    #[error("`{given}` is not a change; write key.path=value (e.g. units.knight.health=4)")]
    Syntax {
        /// What was given.
        given: String,
    },
    /// A step of the path names nothing.
    #[error("unknown key path `{path}`: {where_} has no `{step}`; {known}")]
    UnknownKey {
        /// The whole path.
        path: String,
        /// The step not found.
        step: String,
        /// Where it was looked for (`the config`, `units`).
        where_: String,
        /// What there is instead, in words.
        known: String,
    },
    /// The value is not of the key's type.
    #[error("`{path}` is {expected}, not `{given}`")]
    WrongType {
        /// The path.
        path: String,
        /// What the key holds, in words (`a whole number`).
        expected: &'static str,
        /// The value given.
        given: String,
    },
    /// The changed config no longer reads as the game's config.
    #[error("`{path}={value}` makes an invalid config: {reason}")]
    Invalid {
        /// The path.
        path: String,
        /// The value.
        value: String,
        /// Why, as the config reader says.
        reason: String,
    },
}

/// `config` with every change of `changes` made, in order.
///
/// # Errors
/// The first change whose path names nothing, whose value has the wrong type, or that leaves a
/// document that is not a config.
///
/// # Examples
/// ```
/// use gridwright_sim::overrides::{Override, apply};
/// #[derive(serde::Serialize, serde::Deserialize, Debug, PartialEq)]
/// struct Unit { id: String, health: u8 }
/// #[derive(serde::Serialize, serde::Deserialize, Debug, PartialEq)]
/// struct Config { units: Vec<Unit>, rounds: u16 }
/// let c = Config { units: vec![Unit { id: "knight".into(), health: 3 }], rounds: 6 };
/// let changed = apply(&c, &["units.knight.health=4".parse()?])?;
/// assert_eq!(changed.units[0].health, 4);
/// let e = apply(&c, &["units.wizard.health=4".parse()?]).unwrap_err();
/// assert!(e.to_string().starts_with("unknown key path `units.wizard.health`"));
/// # Ok::<(), gridwright_sim::overrides::OverrideError>(())
/// ```
pub fn apply<C: Serialize + DeserializeOwned>(
    config: &C,
    changes: &[Override],
) -> Result<C, OverrideError> {
    let mut doc = serde_json::to_value(config).map_err(|e| OverrideError::Invalid {
        path: String::new(),
        value: String::new(),
        reason: e.to_string(),
    })?;
    for change in changes {
        let slot = find(&mut doc, &change.path)?;
        *slot = typed(slot, change)?;
        // Each change must leave a config, so an error names the change that broke it.
        serde_json::from_value::<C>(doc.clone()).map_err(|e| OverrideError::Invalid {
            path: change.path.clone(),
            value: change.value.clone(),
            reason: e.to_string(),
        })?;
    }
    serde_json::from_value(doc).map_err(|e| OverrideError::Invalid {
        path: String::new(),
        value: String::new(),
        reason: e.to_string(),
    })
}

/// The value the config holds at `path` now (a tuning run's base), as JSON.
///
/// # Errors
/// [`OverrideError::UnknownKey`] for a path the config does not have.
pub fn current<C: Serialize>(config: &C, path: &str) -> Result<Value, OverrideError> {
    let mut doc = serde_json::to_value(config).map_err(|e| OverrideError::Invalid {
        path: path.to_owned(),
        value: String::new(),
        reason: e.to_string(),
    })?;
    find(&mut doc, path).map(|v| v.clone())
}

/// The entries of the list or table at `path` (an importance run's pieces), each named: a
/// list entry by its `name` or `id`, else by its words (`pikeman 0101`) after its position
/// (`#0`); a table entry by its key (a table of copies names a card once, however many
/// copies it has).
///
/// # Errors
/// [`OverrideError::UnknownKey`] for a path the config does not have, and
/// [`OverrideError::WrongType`] for a path that holds neither a list nor a table.
pub fn entries<C: Serialize>(config: &C, path: &str) -> Result<Vec<String>, OverrideError> {
    let here = current(config, path)?;
    match &here {
        Value::Array(items) => Ok(items
            .iter()
            .enumerate()
            .map(|(i, v)| match names(v).pop() {
                Some(n) => n,
                None => format!("#{i} {}", entry_words(v)).trim_end().to_owned(),
            })
            .collect()),
        Value::Object(map) => Ok(map.keys().cloned().collect()),
        other => Err(OverrideError::WrongType {
            path: path.to_owned(),
            expected: kind(other),
            given: "a list or table of pieces".to_owned(),
        }),
    }
}

/// What the config calls the thing whose `id` is `id` (a card, a unit type): the `name` of
/// the first table in the config with that `id`, if any. Pieces are named so in reports
/// (`Grid Overload` for `grid-overload`).
pub fn name_of<C: Serialize>(config: &C, id: &str) -> Option<String> {
    fn find(v: &Value, id: &str) -> Option<String> {
        match v {
            Value::Object(m) => {
                if m.get("id").and_then(Value::as_str) == Some(id)
                    && let Some(name) = m.get("name").and_then(Value::as_str)
                {
                    return Some(name.to_owned());
                }
                m.values().find_map(|x| find(x, id))
            }
            Value::Array(items) => items.iter().find_map(|x| find(x, id)),
            _ => None,
        }
    }
    find(&serde_json::to_value(config).ok()?, id)
}

/// The words of a list entry without a name: its words and numbers, in order.
fn entry_words(v: &Value) -> String {
    let inner = match v {
        Value::Object(m) if m.len() == 1 && !m.contains_key("id") => m.values().next().unwrap_or(v),
        _ => v,
    };
    match inner {
        Value::Object(m) => m
            .values()
            .filter_map(|x| match x {
                Value::String(s) => Some(s.clone()),
                Value::Number(n) => Some(n.to_string()),
                _ => None,
            })
            .collect::<Vec<_>>()
            .join(" "),
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

/// The config with entry `k` (in [`entries`] order) of the list or table at `path` taken out:
/// a list entry removed; in a table of whole numbers (copies of a card), one copy fewer (the
/// key removed at 0), and with `swap`, one copy of `swap` more instead; any other table
/// entry removed.
///
/// # Errors
/// As [`entries`]; `swap` on a list or on a table that does not count copies; a config the
/// change leaves unreadable ([`OverrideError::Invalid`]).
pub fn without<C: Serialize + DeserializeOwned>(
    config: &C,
    path: &str,
    k: usize,
    swap: Option<&str>,
) -> Result<C, OverrideError> {
    let mut doc = serde_json::to_value(config).map_err(|e| OverrideError::Invalid {
        path: path.to_owned(),
        value: String::new(),
        reason: e.to_string(),
    })?;
    let here = find(&mut doc, path)?;
    let swap_refused = |what: &'static str| OverrideError::WrongType {
        path: path.to_owned(),
        expected: what,
        given: format!("a swap for {}", swap.unwrap_or_default()),
    };
    let label;
    match here {
        Value::Array(items) if k < items.len() => {
            if swap.is_some() {
                return Err(swap_refused("a list (a swap needs a table of copies)"));
            }
            items.remove(k);
            label = format!("#{k}");
        }
        Value::Object(map) if k < map.len() => {
            let key = map.keys().nth(k).cloned().unwrap_or_default();
            let copies = map.values().all(|v| v.as_u64().is_some());
            label = key.clone();
            if copies {
                let left = map.get(&key).and_then(Value::as_u64).unwrap_or(0);
                if left <= 1 {
                    map.remove(&key);
                } else {
                    map.insert(key, Value::from(left - 1));
                }
                if let Some(other) = swap {
                    let now = map.get(other).and_then(Value::as_u64).unwrap_or(0);
                    map.insert(other.to_owned(), Value::from(now + 1));
                }
            } else {
                if swap.is_some() {
                    return Err(swap_refused("a table that does not count copies"));
                }
                map.remove(&key);
            }
        }
        other => {
            return Err(OverrideError::WrongType {
                path: path.to_owned(),
                expected: kind(other),
                given: format!("entry {k}"),
            });
        }
    }
    serde_json::from_value(doc).map_err(|e| OverrideError::Invalid {
        path: path.to_owned(),
        value: format!("without {label}"),
        reason: e.to_string(),
    })
}

/// The value at `path` in `doc`.
fn find<'a>(doc: &'a mut Value, path: &str) -> Result<&'a mut Value, OverrideError> {
    let mut here = doc;
    let mut where_ = "the config".to_owned();
    for step in path.split('.') {
        let unknown = |known: String, where_: &str| OverrideError::UnknownKey {
            path: path.to_owned(),
            step: step.to_owned(),
            where_: where_.to_owned(),
            known,
        };
        here = match here {
            Value::Object(map) => {
                if !map.contains_key(step) {
                    let keys: Vec<&str> = map.keys().map(String::as_str).collect();
                    return Err(unknown(listing("keys", &keys), &where_));
                }
                map.get_mut(step)
                    .ok_or_else(|| unknown(String::new(), &where_))?
            }
            Value::Array(items) => {
                let at = match step.parse::<usize>() {
                    Ok(i) if i < items.len() => Some(i),
                    _ => items
                        .iter()
                        .position(|v| names(v).iter().any(|n| n == step)),
                };
                let Some(i) = at else {
                    let all: Vec<String> = items.iter().filter_map(|v| names(v).pop()).collect();
                    let all: Vec<&str> = all.iter().map(String::as_str).collect();
                    return Err(unknown(listing("entries", &all), &where_));
                };
                // Look into a tagged entry (`{"unit": {...}}`) through its tag.
                let tagged =
                    matches!(&items[i], Value::Object(m) if m.len() == 1 && !m.contains_key("id"));
                if tagged {
                    match items[i].as_object_mut().and_then(|m| m.values_mut().next()) {
                        Some(inner) => inner,
                        None => return Err(unknown(String::new(), &where_)),
                    }
                } else {
                    &mut items[i]
                }
            }
            other => {
                return Err(unknown(
                    format!("it is {}, with nothing inside", kind(other)),
                    &where_,
                ));
            }
        };
        where_ = format!("`{step}`");
    }
    Ok(here)
}

/// The `id` and `name` of a list entry (looked into through a one-key tag), name last.
fn names(v: &Value) -> Vec<String> {
    let inner = match v {
        Value::Object(m) if m.len() == 1 && !m.contains_key("id") => m.values().next().unwrap_or(v),
        _ => v,
    };
    ["name", "id"]
        .iter()
        .filter_map(|k| inner.get(k).and_then(Value::as_str).map(str::to_owned))
        .collect()
}

/// `there are: a, b, c` (at most 30 listed).
fn listing(what: &str, items: &[&str]) -> String {
    if items.is_empty() {
        return format!("there are no {what}");
    }
    let more = items.len().saturating_sub(30);
    let mut text = format!(
        "the {what} are: {}",
        items
            .iter()
            .take(30)
            .copied()
            .collect::<Vec<_>>()
            .join(", ")
    );
    if more > 0 {
        text.push_str(&format!(" and {more} more"));
    }
    text
}

/// A JSON value's kind, in words.
fn kind(v: &Value) -> &'static str {
    match v {
        Value::Null => "empty",
        Value::Bool(_) => "a switch (true or false)",
        Value::Number(n) if n.is_f64() => "a number",
        Value::Number(_) => "a whole number",
        Value::String(_) => "a word",
        Value::Array(_) => "a list (give it as JSON)",
        Value::Object(_) => "a table (give it as JSON)",
    }
}

/// `change.value` as a value of the same type as `old`.
fn typed(old: &Value, change: &Override) -> Result<Value, OverrideError> {
    let wrong = || OverrideError::WrongType {
        path: change.path.clone(),
        expected: kind(old),
        given: change.value.clone(),
    };
    let text = change.value.as_str();
    Ok(match old {
        Value::Bool(_) => match text {
            "true" | "yes" | "on" => Value::Bool(true),
            "false" | "no" | "off" => Value::Bool(false),
            _ => return Err(wrong()),
        },
        // Any whole number: whether it fits the field (a `u8` health, a signed offset) is the
        // config reader's to say.
        Value::Number(n) if !n.is_f64() => match text.parse::<i64>() {
            Ok(x) => Value::from(x),
            Err(_) => Value::from(text.parse::<u64>().map_err(|_| wrong())?),
        },
        Value::Number(_) => {
            let x = text.parse::<f64>().map_err(|_| wrong())?;
            serde_json::Number::from_f64(x)
                .map(Value::Number)
                .ok_or_else(wrong)?
        }
        Value::String(_) => Value::String(text.to_owned()),
        Value::Array(_) | Value::Object(_) | Value::Null => {
            let v: Value = serde_json::from_str(text).map_err(|_| wrong())?;
            if std::mem::discriminant(&v) != std::mem::discriminant(old) && !old.is_null() {
                return Err(wrong());
            }
            v
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Serialize, serde::Deserialize, Debug, PartialEq, Clone)]
    #[serde(rename_all = "snake_case")]
    enum Card {
        Unit { id: String, dmg: u8 },
        Action { id: String, cost: u8 },
    }

    #[derive(Serialize, serde::Deserialize, Debug, PartialEq, Clone)]
    struct Options {
        pooling: Pooling,
        blocking: bool,
        bonus: f64,
        offset: i32,
    }

    #[derive(Serialize, serde::Deserialize, Debug, PartialEq, Clone, Copy)]
    #[serde(rename_all = "snake_case")]
    enum Pooling {
        Network,
        Global,
    }

    #[derive(Serialize, serde::Deserialize, Debug, PartialEq, Clone)]
    struct Config {
        cards: Vec<Card>,
        options: Options,
        grid: Vec<u8>,
    }

    fn config() -> Config {
        Config {
            cards: vec![
                Card::Unit {
                    id: "volt-skirmisher".into(),
                    dmg: 1,
                },
                Card::Action {
                    id: "arc-bolt".into(),
                    cost: 2,
                },
            ],
            options: Options {
                pooling: Pooling::Network,
                blocking: false,
                bonus: 0.5,
                offset: -1,
            },
            grid: vec![9, 9],
        }
    }

    fn set(items: &[&str]) -> Result<Config, OverrideError> {
        let changes: Vec<Override> = items.iter().map(|s| s.parse().unwrap()).collect();
        apply(&config(), &changes)
    }

    #[test]
    fn paths_reach_tagged_list_entries_tables_and_positions() {
        let c = set(&[
            "cards.volt-skirmisher.dmg=2",
            "options.pooling=global",
            "options.blocking=true",
            "options.bonus=1.25",
            "options.offset=-3",
            "grid.1=7",
            "cards.1.cost=0",
        ])
        .unwrap();
        assert_eq!(
            c.cards[0],
            Card::Unit {
                id: "volt-skirmisher".into(),
                dmg: 2
            }
        );
        assert_eq!(
            c.cards[1],
            Card::Action {
                id: "arc-bolt".into(),
                cost: 0
            }
        );
        assert_eq!(c.options.pooling, Pooling::Global);
        assert!(c.options.blocking);
        assert_eq!((c.options.bonus, c.options.offset), (1.25, -3));
        assert_eq!(c.grid, vec![9, 7]);
        assert_eq!(set(&["grid=[3,4]"]).unwrap().grid, vec![3, 4]);
    }

    #[test]
    fn bad_changes_name_the_key_and_why() {
        let e = set(&["cards.wizard.dmg=2"]).unwrap_err();
        assert_eq!(
            e.to_string(),
            "unknown key path `cards.wizard.dmg`: `cards` has no `wizard`; the entries are: \
             volt-skirmisher, arc-bolt"
        );
        let e = set(&["rules.pooling=global"]).unwrap_err();
        assert!(
            e.to_string().starts_with(
                "unknown key path `rules.pooling`: the config has no `rules`; the keys are: \
                 cards, grid, options"
            ),
            "{e}"
        );
        let e = set(&["options.pooling.x=1"]).unwrap_err();
        assert!(
            e.to_string().contains("it is a word, with nothing inside"),
            "{e}"
        );
        let e = set(&["cards.volt-skirmisher.dmg=lots"]).unwrap_err();
        assert_eq!(
            e.to_string(),
            "`cards.volt-skirmisher.dmg` is a whole number, not `lots`"
        );
        assert!(matches!(
            set(&["cards.volt-skirmisher.dmg=-1"]),
            Err(OverrideError::Invalid { .. })
        ));
        assert!(matches!(
            set(&["cards.volt-skirmisher.dmg=1.5"]),
            Err(OverrideError::WrongType { .. })
        ));
        assert!(matches!(
            set(&["options.blocking=maybe"]),
            Err(OverrideError::WrongType { .. })
        ));
        assert!(matches!(
            set(&["grid={\"a\":1}"]),
            Err(OverrideError::WrongType { .. })
        ));
        // A whole number past the field's range, or a word the config does not know.
        let e = set(&["cards.volt-skirmisher.dmg=300"]).unwrap_err();
        assert!(
            e.to_string()
                .starts_with("`cards.volt-skirmisher.dmg=300` makes an invalid config:"),
            "{e}"
        );
        let e = set(&["options.pooling=everywhere"]).unwrap_err();
        assert!(matches!(e, OverrideError::Invalid { .. }), "{e}");
        for bad in ["", "=3", "units.knight.health", "units..health=3", ".a=1"] {
            assert!(
                matches!(bad.parse::<Override>(), Err(OverrideError::Syntax { .. })),
                "{bad}"
            );
        }
    }
}
