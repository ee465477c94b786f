//! The one integration-test binary of the crate: engine conformance, rules (one test per rule,
//! named after it), hidden information, agents, exact odds, golden replays and properties.

// A test binary reports failure by panicking; helpers outside `#[test]` fns may unwrap too.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod agents;
mod common;
mod conformance;
mod content;
mod display;
mod golden;
mod hidden;
mod odds;
mod properties;
mod reach;
mod rules;
