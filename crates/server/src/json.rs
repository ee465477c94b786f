//! Strict JSON for request bodies and WebSocket messages: an object at the top, and no key twice
//! in any object at any depth.
//!
//! # Why
//! `serde_json` keeps the last of two equal keys when it builds a [`Value`], so
//! `{"action": {"drop": 0, "drop": 6}}` would be read as one action by the server and, maybe, as
//! another by a proxy, a log reader or an auditor that keeps the first. A message that means two
//! things is refused instead. And a struct can be read from a JSON array (`[3]` as `{"seat": 3}`),
//! which no documented message is: every body and message is an object.

use serde::de::{self, Deserialize, Deserializer, MapAccess, SeqAccess, Visitor};
use serde_json::{Map, Value};
use std::fmt;

/// A [`Value`] read with duplicate keys refused.
struct Strict(Value);

impl<'de> Deserialize<'de> for Strict {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Strict, D::Error> {
        d.deserialize_any(StrictVisitor).map(Strict)
    }
}

struct StrictVisitor;

impl<'de> Visitor<'de> for StrictVisitor {
    type Value = Value;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("JSON")
    }

    fn visit_bool<E>(self, v: bool) -> Result<Value, E> {
        Ok(Value::Bool(v))
    }

    fn visit_i64<E>(self, v: i64) -> Result<Value, E> {
        Ok(Value::from(v))
    }

    fn visit_u64<E>(self, v: u64) -> Result<Value, E> {
        Ok(Value::from(v))
    }

    fn visit_f64<E>(self, v: f64) -> Result<Value, E> {
        Ok(Value::from(v))
    }

    fn visit_str<E>(self, v: &str) -> Result<Value, E> {
        Ok(Value::String(v.to_owned()))
    }

    fn visit_string<E>(self, v: String) -> Result<Value, E> {
        Ok(Value::String(v))
    }

    fn visit_unit<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }

    fn visit_none<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }

    fn visit_some<D: Deserializer<'de>>(self, d: D) -> Result<Value, D::Error> {
        Strict::deserialize(d).map(|s| s.0)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Value, A::Error> {
        let mut out = Vec::with_capacity(seq.size_hint().unwrap_or(0).min(64));
        while let Some(Strict(v)) = seq.next_element()? {
            out.push(v);
        }
        Ok(Value::Array(out))
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Value, A::Error> {
        let mut out = Map::new();
        while let Some(key) = map.next_key::<String>()? {
            if out.contains_key(&key) {
                let shown: String = key.chars().take(40).collect();
                return Err(de::Error::custom(format!(
                    "the key `{shown}` appears twice in one object"
                )));
            }
            let Strict(v) = map.next_value()?;
            out.insert(key, v);
        }
        Ok(Value::Object(out))
    }
}

/// Parses `bytes` as one JSON object with no key twice at any depth. The error says what is
/// wrong, in words.
pub(crate) fn parse_object(bytes: &[u8]) -> Result<Value, String> {
    let Strict(v) = serde_json::from_slice(bytes).map_err(|e| e.to_string())?;
    if v.is_object() {
        Ok(v)
    } else {
        Err(format!(
            "expected a JSON object ({{…}}), not {}",
            match v {
                Value::Null => "null",
                Value::Bool(_) => "a boolean",
                Value::Number(_) => "a number",
                Value::String(_) => "a string",
                Value::Array(_) => "an array",
                Value::Object(_) => "an object",
            }
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn duplicate_keys_are_refused_at_any_depth() {
        assert!(parse_object(br#"{"a":1,"b":{"c":[{"d":1}]}}"#).is_ok());
        let top = parse_object(br#"{"seat":0,"seat":1}"#);
        assert!(top.is_err_and(|e| e.contains("`seat` appears twice")));
        let deep = parse_object(br#"{"action":{"drop":0,"drop":6}}"#);
        assert!(deep.is_err_and(|e| e.contains("`drop` appears twice")));
        let in_array = parse_object(br#"{"x":[{"k":1,"k":1}]}"#);
        assert!(in_array.is_err());
    }

    #[test]
    fn only_objects_are_bodies() {
        for text in ["[0]", "null", "3", "\"seat\"", "true"] {
            assert!(
                parse_object(text.as_bytes()).is_err_and(|e| e.contains("expected a JSON object")),
                "{text}"
            );
        }
    }
}
