//! The one integration-test binary of the crate: property tests over the public rules API
//! (the game itself, and with it conformance and golden replays, does not exist yet).

// A test binary reports failure by panicking; helpers outside `#[test]` fns may unwrap too.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod bribes;
mod combat;
mod control;
mod map;
mod refresh;
mod scoring;
