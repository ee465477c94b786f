//! The rules, one area per file.

pub(crate) mod activate;
pub(crate) mod blocking;
pub(crate) mod combat;
pub(crate) mod deck;
pub(crate) mod deploy;
pub(crate) mod destroy;
pub(crate) mod effects;
pub(crate) mod flank;
pub(crate) mod links;
pub(crate) mod modules;
pub(crate) mod movement;
pub(crate) mod mulligan;
pub(crate) mod network;
pub(crate) mod pool;
pub(crate) mod setup;
pub(crate) mod stack;
pub(crate) mod stats;
pub(crate) mod targeting;
pub(crate) mod turn;
pub(crate) mod victory;
pub(crate) mod zone_control;
