//! The one integration-test binary of `gridwright-agents`: MCTS on the real games —
//! hidden information (an agent's choice does not depend on secrets), determinism with
//! threads, and explanations (strength is checked through `gridwright ladder`: crates/cli/tests/strength.rs).

// A test binary reports failure by panicking; helpers outside `#[test]` fns may unwrap too.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;
mod hidden;
mod reports;
