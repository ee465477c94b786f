//! The rules, one area per file.

pub(crate) mod blocking;
pub(crate) mod flank;
pub(crate) mod links;
pub(crate) mod modules;
pub(crate) mod movement;
pub(crate) mod network;
pub(crate) mod targeting;
pub(crate) mod zone_control;
