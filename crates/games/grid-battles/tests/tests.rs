//! Grid Battles integration tests: one binary.
//!
//! - `rules`: one test per rule, named after it, each citing the seed section (or the shared
//!   decision file, or `docs/rules/grid-battles.md`) it checks. Tiny inline scenarios; dice are
//!   forced by stepping the chance node with a chosen `roll A D` (1-based faces).
//! - `content`: bad input is refused with file, line and field.
//! - `conformance`: the engine's random-game harness on every shipped scenario.
//! - `golden`: a fixed-seed replay re-verified on every run.
//! - `agents`: the greedy agent against random play.
//! - `odds`: exact combat odds.

// Helpers outside `#[test]` functions may panic too: this is a test binary.
#![allow(clippy::expect_used, clippy::unwrap_used)]

mod agents;
mod conformance;
mod content;
mod golden;
mod odds;
mod rules;
mod support;
mod views;
