//! MCTS settings and their spec keys.

use crate::spec::{AgentSpec, SpecError};
use std::time::Duration;

/// How playouts choose moves.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Rollout {
    /// Uniformly random legal actions.
    Random,
    /// Mostly the best of a few sampled actions by one-step evaluation, sometimes random
    /// (needs an [`Evaluator`](crate::Evaluator); without one, random).
    Heuristic,
}

/// How a seat picks its hidden choice at a simultaneous node.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum SimultaneousRule {
    /// Regret matching with exploration; the final choice is drawn from the average strategy,
    /// which tends to a Nash equilibrium in two-player zero-sum games.
    RegretMatching,
    /// Decoupled UCT: each seat runs UCB on its own actions; the final choice is the most
    /// visited.
    Ucb,
}

/// Settings of an [`Mcts`](crate::Mcts) agent. [`MctsConfig::default`] is the `mcts` spec.
#[derive(Clone, Debug, PartialEq)]
pub struct MctsConfig {
    /// Iterations per move, over all threads (`iters`). `None`: only the time budget counts.
    pub iterations: Option<u64>,
    /// Wall-clock budget per move (`ms`).
    pub time: Option<Duration>,
    /// Independent searches run in parallel and merged at the root (`threads`).
    pub threads: usize,
    /// UCT exploration constant, for rewards in `[-1, 1]` (`c`).
    pub c: f64,
    /// Playout policy (`rollout`).
    pub rollout: Rollout,
    /// Playout length in steps (player and chance) before the evaluator is asked (`depth`);
    /// `None` plays to the end. Ignored without an evaluator.
    pub depth: Option<u32>,
    /// Playout length in plies — turns of one seat, counted each time the seat to act
    /// changes — before the evaluator is asked (`plies`); with `depth` too, whichever comes
    /// first. `None`: no limit. Ignored without an evaluator.
    pub plies: Option<u32>,
    /// Selection at simultaneous nodes (`sim`).
    pub simultaneous: SimultaneousRule,
    /// Exploration mixed into regret matching (`gamma`).
    pub gamma: f64,
    /// Progressive widening: a node with more than `widen_above` legal actions considers
    /// `widen_k · (visits + 1)^widen_alpha` of them (`wide`, `pw`, `alpha`).
    pub widen_above: usize,
    /// See [`MctsConfig::widen_above`].
    pub widen_k: f64,
    /// See [`MctsConfig::widen_above`].
    pub widen_alpha: f64,
    /// Order the actions a widening node adds by one-step evaluation (`prior=eval`) instead of
    /// at random (`prior=none`). Needs an evaluator.
    pub prior: bool,
    /// Progressive bias: an action's prior counts as this many visits of its value (`bias`);
    /// 0 turns it off (untried actions are then tried first, in any order).
    pub bias: f64,
    /// Away from the root, priors are computed for a random sample of at most this many
    /// actions (`sample`); the root evaluates them all.
    pub prior_sample: usize,
    /// Hidden information: each iteration keeps the most plausible of this many
    /// determinizations — the one the other seats' evaluation likes best (`belief`); 1 takes
    /// the game's resampling as it is. Needs an evaluator.
    pub belief: usize,
    /// Heuristic playouts: probability of a random move (`eps`).
    pub epsilon: f64,
    /// Heuristic playouts: actions sampled and evaluated per move (`tries`).
    pub tries: usize,
    /// Simultaneous root: actions whose average-strategy weight is below this fraction of the
    /// largest are dropped before the final draw (`purify`).
    pub purify: f64,
    /// Tree size limit per thread, in nodes (`nodes`); the search stops growing at the limit.
    pub max_nodes: usize,
}

/// Iterations per move of the default `mcts` spec.
pub const DEFAULT_ITERATIONS: u64 = 3000;

impl Default for MctsConfig {
    fn default() -> Self {
        MctsConfig {
            iterations: Some(DEFAULT_ITERATIONS),
            time: None,
            threads: 1,
            c: 0.5,
            rollout: Rollout::Heuristic,
            depth: Some(20),
            plies: None,
            simultaneous: SimultaneousRule::Ucb,
            gamma: 0.1,
            widen_above: 24,
            widen_k: 2.0,
            widen_alpha: 0.5,
            prior: true,
            bias: 4.0,
            prior_sample: 48,
            belief: 4,
            epsilon: 0.2,
            tries: 4,
            purify: 0.5,
            max_nodes: 200_000,
        }
    }
}

/// The spec keys, for messages.
const KEYS: &str = "iters, ms, threads, c, rollout, depth, plies, sim, gamma, wide, pw, alpha, prior, bias, sample, \
                    belief, eps, tries, purify, nodes";

/// `none` (or `end`): no limit; otherwise a whole number, as [`num`] reads it.
fn count_or_none(key: &str, value: &str, expected: &'static str) -> Result<Option<u32>, SpecError> {
    match value {
        "none" | "end" => Ok(None),
        _ => num(key, value, expected, |_: &u32| true).map(Some),
    }
}

fn num<T: std::str::FromStr>(
    key: &str,
    value: &str,
    expected: &'static str,
    ok: impl Fn(&T) -> bool,
) -> Result<T, SpecError> {
    value
        .parse::<T>()
        .ok()
        .filter(|v| ok(v))
        .ok_or_else(|| SpecError::BadValue {
            key: key.to_owned(),
            value: value.to_owned(),
            expected,
        })
}

impl MctsConfig {
    /// The settings of a spec named `mcts`: the defaults, overridden by its parameters.
    ///
    /// # Errors
    /// An unknown key or a value out of range.
    ///
    /// # Examples
    /// ```
    /// use gridwright_agents::{AgentSpec, MctsConfig};
    /// let c = MctsConfig::from_spec(&"mcts:ms=500,threads=2".parse()?)?;
    /// assert_eq!(c.iterations, None); // a time budget alone: as many as fit
    /// assert_eq!(c.threads, 2);
    /// assert!(MctsConfig::from_spec(&"mcts:iters=0".parse()?).is_err());
    /// # Ok::<(), gridwright_agents::SpecError>(())
    /// ```
    pub fn from_spec(spec: &AgentSpec) -> Result<MctsConfig, SpecError> {
        let mut c = MctsConfig::default();
        if spec.param("ms").is_some() && spec.param("iters").is_none() {
            c.iterations = None;
        }
        for (key, value) in &spec.params {
            let v = value.as_str();
            let unit = "a number from 0 to 1";
            match key.as_str() {
                "iters" => {
                    c.iterations = Some(num(key, v, "a whole number ≥ 1", |n: &u64| *n >= 1)?);
                }
                "ms" => {
                    let ms: u64 = num(key, v, "milliseconds ≥ 1", |n: &u64| *n >= 1)?;
                    c.time = Some(Duration::from_millis(ms));
                }
                "threads" => {
                    c.threads = num(key, v, "1 to 64 threads", |n: &usize| (1..=64).contains(n))?;
                }
                "c" => {
                    c.c = num(key, v, "a number ≥ 0", |x: &f64| {
                        *x >= 0.0 && x.is_finite()
                    })?
                }
                "rollout" => {
                    c.rollout = match v {
                        "random" => Rollout::Random,
                        "heuristic" => Rollout::Heuristic,
                        _ => return Err(bad(key, v, "`random` or `heuristic`")),
                    };
                }
                "depth" => {
                    c.depth = count_or_none(key, v, "steps (a whole number) or `none`")?;
                }
                "plies" => {
                    c.plies = count_or_none(key, v, "plies (a whole number) or `none`")?;
                }
                "sim" => {
                    c.simultaneous = match v {
                        "rm" => SimultaneousRule::RegretMatching,
                        "ucb" => SimultaneousRule::Ucb,
                        _ => return Err(bad(key, v, "`rm` (regret matching) or `ucb`")),
                    };
                }
                "gamma" => c.gamma = num(key, v, unit, |x: &f64| (0.0..=1.0).contains(x))?,
                "wide" => c.widen_above = num(key, v, "a whole number", |_: &usize| true)?,
                "pw" => c.widen_k = num(key, v, "a number > 0", |x: &f64| *x > 0.0)?,
                "alpha" => c.widen_alpha = num(key, v, unit, |x: &f64| (0.0..=1.0).contains(x))?,
                "prior" => {
                    c.prior = match v {
                        "eval" => true,
                        "none" => false,
                        _ => return Err(bad(key, v, "`eval` or `none`")),
                    };
                }
                "bias" => {
                    c.bias = num(key, v, "a number ≥ 0", |x: &f64| {
                        *x >= 0.0 && x.is_finite()
                    })?
                }
                "sample" => {
                    c.prior_sample = num(key, v, "a whole number ≥ 1", |n: &usize| *n >= 1)?
                }
                "belief" => c.belief = num(key, v, "1 to 64", |n: &usize| (1..=64).contains(n))?,
                "eps" => c.epsilon = num(key, v, unit, |x: &f64| (0.0..=1.0).contains(x))?,
                "tries" => c.tries = num(key, v, "1 to 64", |n: &usize| (1..=64).contains(n))?,
                "purify" => c.purify = num(key, v, unit, |x: &f64| (0.0..=1.0).contains(x))?,
                "nodes" => c.max_nodes = num(key, v, "at least 1000", |n: &usize| *n >= 1000)?,
                _ => {
                    return Err(SpecError::UnknownParam {
                        agent: spec.name.clone(),
                        key: key.clone(),
                        known: KEYS.to_owned(),
                    });
                }
            }
        }
        Ok(c)
    }
}

fn bad(key: &str, value: &str, expected: &'static str) -> SpecError {
    SpecError::BadValue {
        key: key.to_owned(),
        value: value.to_owned(),
        expected,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cfg(s: &str) -> Result<MctsConfig, SpecError> {
        MctsConfig::from_spec(&s.parse().unwrap())
    }

    #[test]
    fn plain_mcts_is_the_default() {
        assert_eq!(cfg("mcts").unwrap(), MctsConfig::default());
    }

    #[test]
    fn every_key_parses() {
        let c = cfg(
            "mcts:iters=5,ms=7,threads=2,c=0.5,rollout=random,depth=none,sim=ucb,\
                     gamma=0.2,wide=9,pw=3,alpha=0.3,prior=none,eps=0.4,tries=2,purify=0.1,\
                     nodes=5000",
        )
        .unwrap();
        assert_eq!(c.iterations, Some(5));
        assert_eq!(c.time, Some(Duration::from_millis(7)));
        assert_eq!((c.threads, c.c, c.rollout), (2, 0.5, Rollout::Random));
        assert_eq!((c.depth, c.simultaneous), (None, SimultaneousRule::Ucb));
        assert_eq!(
            (c.gamma, c.widen_above, c.widen_k, c.widen_alpha),
            (0.2, 9, 3.0, 0.3)
        );
        assert_eq!(
            (c.prior, c.epsilon, c.tries, c.purify),
            (false, 0.4, 2, 0.1)
        );
        assert_eq!(c.max_nodes, 5000);
    }

    #[test]
    fn bad_values_and_keys_are_refused_with_reasons() {
        assert!(matches!(
            cfg("mcts:threads=0"),
            Err(SpecError::BadValue { .. })
        ));
        assert!(matches!(
            cfg("mcts:rollout=smart"),
            Err(SpecError::BadValue { .. })
        ));
        assert!(matches!(cfg("mcts:c=-1"), Err(SpecError::BadValue { .. })));
        let e = cfg("mcts:iterations=5").unwrap_err();
        assert!(e.to_string().contains("iters"), "{e}");
    }
}
