//! Helpers shared by the unit tests: tiles written as text.

use crate::grid::{Tile, TileSet};

/// The tile named `s` (`P1:B4`).
pub(crate) fn t(s: &str) -> Tile {
    s.parse().unwrap_or_else(|e| panic!("{e}"))
}

/// The set of the tiles named.
pub(crate) fn set(tiles: &[&str]) -> TileSet {
    tiles.iter().map(|s| t(s)).collect()
}
