//! The agent spec language: `name[:key=value,key=value…]`.

use std::collections::BTreeMap;
use std::fmt;
use std::str::FromStr;

/// A parsed agent spec.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AgentSpec {
    /// The agent's name (`random`, `greedy`, …).
    pub name: String,
    /// Parameters, in key order.
    pub params: BTreeMap<String, String>,
}

/// Why a spec does not parse, or does not suit the agent it names.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SpecError {
    /// Empty text.
    #[error("empty agent spec (try `random` or `greedy`)")]
    Empty,
    /// A parameter without `=`.
    #[error("agent parameter `{0}` must look like key=value")]
    BadParam(String),
    /// A name with characters other than letters, digits, `-` and `_`.
    #[error("`{0}` is not a valid agent name")]
    BadName(String),
    /// A parameter the agent does not have.
    #[error("`{agent}` has no parameter `{key}`; its parameters are: {known}")]
    UnknownParam {
        /// The agent.
        agent: String,
        /// The parameter given.
        key: String,
        /// The parameters it has.
        known: String,
    },
    /// The same parameter given twice (`mcts:iters=1,iters=2`).
    #[error("`{agent}` is given parameter `{key}` twice; give it once")]
    DuplicateParam {
        /// The agent.
        agent: String,
        /// The repeated key.
        key: String,
    },
    /// A value that does not parse.
    #[error("`{key}={value}`: expected {expected}")]
    BadValue {
        /// The parameter.
        key: String,
        /// The value given.
        value: String,
        /// What would do.
        expected: &'static str,
    },
}

impl AgentSpec {
    /// The value of parameter `key`, if given.
    pub fn param(&self, key: &str) -> Option<&str> {
        self.params.get(key).map(String::as_str)
    }

    /// Whether this spec names a person rather than an agent.
    pub fn is_human(&self) -> bool {
        self.name == "human"
    }

    /// Splits a comma-separated list of specs (`greedy,mcts:iters=900,c=1`), where a piece
    /// with `=` but no `:` continues the previous spec's parameters.
    ///
    /// # Errors
    /// The first piece that does not parse.
    ///
    /// # Examples
    /// ```
    /// use gridwright_agents::AgentSpec;
    /// let specs = AgentSpec::parse_list("random,mcts:iters=900,c=1,greedy")?;
    /// let names: Vec<String> = specs.iter().map(ToString::to_string).collect();
    /// assert_eq!(names, ["random", "mcts:c=1,iters=900", "greedy"]);
    /// # Ok::<(), gridwright_agents::SpecError>(())
    /// ```
    pub fn parse_list(text: &str) -> Result<Vec<AgentSpec>, SpecError> {
        let mut pieces: Vec<String> = Vec::new();
        for p in text.split(',') {
            match pieces.last_mut() {
                Some(last) if p.contains('=') && !p.contains(':') && last.contains(':') => {
                    last.push(',');
                    last.push_str(p);
                }
                _ => pieces.push(p.to_owned()),
            }
        }
        pieces.iter().map(|p| p.parse()).collect()
    }
}

impl FromStr for AgentSpec {
    type Err = SpecError;
    fn from_str(s: &str) -> Result<Self, SpecError> {
        let s = s.trim();
        if s.is_empty() {
            return Err(SpecError::Empty);
        }
        let (name, rest) = s.split_once(':').unwrap_or((s, ""));
        let name = name.trim().to_lowercase();
        if name.is_empty()
            || !name
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
        {
            return Err(SpecError::BadName(name));
        }
        let mut params = BTreeMap::new();
        for p in rest.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            let (k, v) = p
                .split_once('=')
                .ok_or_else(|| SpecError::BadParam(p.to_owned()))?;
            let key = k.trim().to_lowercase();
            if params.insert(key.clone(), v.trim().to_owned()).is_some() {
                return Err(SpecError::DuplicateParam { agent: name, key });
            }
        }
        Ok(AgentSpec { name, params })
    }
}

impl fmt::Display for AgentSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name)?;
        for (i, (k, v)) in self.params.iter().enumerate() {
            write!(f, "{}{k}={v}", if i == 0 { ':' } else { ',' })?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spec_round_trips_through_text() {
        for s in ["random", "greedy", "mcts:c=1.4,iters=2000"] {
            assert_eq!(s.parse::<AgentSpec>().unwrap().to_string(), s);
        }
    }

    #[test]
    fn a_parameter_given_twice_is_refused() {
        let e = "mcts:iters=1,iters=2".parse::<AgentSpec>().unwrap_err();
        assert_eq!(
            e,
            SpecError::DuplicateParam {
                agent: "mcts".into(),
                key: "iters".into()
            }
        );
        assert!(e.to_string().contains("parameter `iters` twice"), "{e}");
        // Keys are case-insensitive, so these are the same key too.
        assert!("mcts:ITERS=1, iters=2".parse::<AgentSpec>().is_err());
        assert!(AgentSpec::parse_list("mcts:iters=1,iters=2,random").is_err());
    }

    #[test]
    fn bad_specs_say_what_is_wrong() {
        assert_eq!("".parse::<AgentSpec>(), Err(SpecError::Empty));
        assert_eq!(
            "mcts:iters".parse::<AgentSpec>(),
            Err(SpecError::BadParam("iters".into()))
        );
        assert!(matches!(
            "m c t s".parse::<AgentSpec>(),
            Err(SpecError::BadName(_))
        ));
    }

    #[test]
    fn lists_keep_parameters_with_their_spec() {
        let l = AgentSpec::parse_list("mcts:ms=50,threads=2,random").unwrap();
        assert_eq!(l.len(), 2);
        assert_eq!(l[0].param("threads"), Some("2"));
        assert_eq!(l[1].name, "random");
    }
}
