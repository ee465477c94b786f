//! # gridwright-agents
//!
//! Agents that work for every game, and the one place where agent specs are defined.
//!
//! ## Agent specs
//! Wherever Gridwright asks for an agent (command line, web app), it takes a *spec*: a name,
//! optionally followed by `:` and comma-separated `key=value` parameters.
//!
//! | spec | agent |
//! |---|---|
//! | `random` | uniformly random legal actions |
//! | `greedy` | the game's own one-step heuristic player (exact odds where the game has dice) |
//! | `human` | a person (only where a person can be asked: `play`, the web app) |
//!
//! ```
//! use gridwright_agents::AgentSpec;
//! let spec: AgentSpec = "random".parse().unwrap();
//! assert_eq!(spec.name, "random");
//! let spec: AgentSpec = "mcts:iters=2000,c=1.4".parse().unwrap();
//! assert_eq!(spec.param("iters"), Some("2000"));
//! ```
//!
//! Search agents (MCTS) join this crate in a later issue; they stay generic over
//! [`gridwright_engine::Game`] and never name a game.

use std::collections::BTreeMap;
use std::fmt;
use std::str::FromStr;

pub use gridwright_engine::{Agent, RandomAgent, SeatView};

/// A parsed agent spec.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AgentSpec {
    /// The agent's name (`random`, `greedy`, …).
    pub name: String,
    /// Parameters, in key order.
    pub params: BTreeMap<String, String>,
}

/// Why a spec does not parse.
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
            params.insert(k.trim().to_lowercase(), v.trim().to_owned());
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
}
