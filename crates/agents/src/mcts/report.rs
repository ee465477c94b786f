//! What a search found, for people (`gridwright analyze`, the web app's hint panel).

use gridwright_engine::{Actor, Seat};
use serde::Serialize;

/// The statistics of one root action.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(bound(serialize = "A: Serialize"))]
pub struct ActionStats<A> {
    /// The action.
    pub action: A,
    /// Its text form.
    pub text: String,
    /// Iterations that tried it (all threads).
    pub visits: u64,
    /// Mean result for the searching seat after it, in `[-1, 1]`; `None` if never tried.
    pub value: Option<f64>,
    /// The share of visits (sequential root) or the average-strategy probability
    /// (simultaneous root under regret matching).
    pub policy: f64,
}

/// One step of the principal line.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(bound(serialize = "A: Serialize"))]
pub struct LineStep<A> {
    /// Who acts.
    pub actor: Actor,
    /// The action, or `None` where it is hidden from the searching seat.
    pub action: Option<A>,
    /// Its text form (`(hidden)` where hidden).
    pub text: String,
    /// Iterations through this step.
    pub visits: u64,
    /// Mean result for the actor (for chance and hidden steps: for the searching seat).
    pub value: Option<f64>,
}

/// A search's account of its choice: every root action with its visit count, value estimate
/// and policy weight, most visited first, plus the principal line (the most visited path).
/// Serializable, so a server can send it as it is.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(bound(serialize = "A: Serialize"))]
pub struct SearchReport<A> {
    /// The seat searched for.
    pub seat: Seat,
    /// The action chosen.
    pub chosen: A,
    /// Its text form.
    pub chosen_text: String,
    /// Whether the root was a sealed simultaneous choice.
    pub simultaneous: bool,
    /// Iterations run, all threads together.
    pub iterations: u64,
    /// Threads used.
    pub threads: usize,
    /// Tree nodes built, all trees and threads together.
    pub nodes: usize,
    /// Wall-clock time of the search.
    pub elapsed_ms: f64,
    /// The searching seat's expected result, in `[-1, 1]` (visit-weighted mean at the root).
    pub value: f64,
    /// Root actions, most visited first.
    pub actions: Vec<ActionStats<A>>,
    /// The most visited line from the root, starting with the chosen action.
    pub principal_line: Vec<LineStep<A>>,
    /// Whether a [`Stop`](crate::Stop) ended the search before its budget: `chosen` is then
    /// only the best so far, and a caller that stopped it should not play it.
    pub stopped: bool,
}

impl<A> SearchReport<A> {
    /// The report as aligned text: one line per root action, then the principal line.
    pub fn to_text(&self) -> String {
        use std::fmt::Write;
        let mut out = String::new();
        let _ = writeln!(
            out,
            "{} to act{}: {} iterations on {} thread{} in {:.0} ms{}, {} nodes; expected result {:+.3}",
            self.seat,
            if self.simultaneous {
                " (sealed choice)"
            } else {
                ""
            },
            self.iterations,
            self.threads,
            if self.threads == 1 { "" } else { "s" },
            self.elapsed_ms,
            if self.stopped {
                " (stopped before its budget)"
            } else {
                ""
            },
            self.nodes,
            self.value
        );
        let width = self
            .actions
            .iter()
            .map(|a| a.text.chars().count())
            .max()
            .unwrap_or(6)
            .max(6);
        let _ = writeln!(
            out,
            "  {:<width$}  {:>8}  {:>7}  {:>6}",
            "action", "visits", "value", "policy"
        );
        for a in &self.actions {
            let mark = if a.text == self.chosen_text { '*' } else { ' ' };
            let value = a
                .value
                .map_or_else(|| "-".to_owned(), |v| format!("{v:+.3}"));
            let _ = writeln!(
                out,
                "{mark} {:<width$}  {:>8}  {:>7}  {:>5.1}%",
                a.text,
                a.visits,
                value,
                100.0 * a.policy
            );
        }
        let _ = writeln!(out, "principal line:");
        for (i, s) in self.principal_line.iter().enumerate() {
            let who = match s.actor {
                Actor::Seat(seat) => seat.to_string(),
                Actor::Chance => "chance".to_owned(),
            };
            let value = s
                .value
                .map_or_else(String::new, |v| format!(", value {v:+.3}"));
            let _ = writeln!(
                out,
                "  {:>2}. {who:<6} {} ({} visits{value})",
                i + 1,
                s.text,
                s.visits
            );
        }
        out
    }
}
