//! The rules, one area per file.

pub mod actions;
pub mod attack;
pub mod battle;
pub mod bribes;
pub mod civilizations;
pub mod claims;
pub mod combat;
pub mod control;
pub mod directives;
pub mod explore;
pub mod income;
pub mod map;
pub mod movement;
pub mod objectives;
pub mod orders;
pub mod refresh;
pub mod round;
pub mod scoring;
pub mod setup;
pub mod structures;
pub mod turn;

#[cfg(test)]
mod core_action_tests;
#[cfg(test)]
pub(crate) mod steps_tests;
