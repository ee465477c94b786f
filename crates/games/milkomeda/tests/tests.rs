//! The one integration-test binary of the crate: property tests over the public rules API
//! and the game as a whole (random games, the conformance harness).

// A test binary reports failure by panicking; helpers outside `#[test]` fns may unwrap too.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod agents;
mod bribes;
mod combat;
mod common;
mod control;
mod game;
mod golden;
mod hidden;
mod map;
mod refresh;
mod scoring;
mod words;
