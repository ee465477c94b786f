//! Helpers shared by the unit tests: tiles written as text.

use crate::grid::{Tile, TileMap, TileSet};

/// The tile named `s` (`P1:B4`).
pub(crate) fn t(s: &str) -> Tile {
    s.parse().unwrap_or_else(|e| panic!("{e}"))
}

/// The set of the tiles named.
pub(crate) fn set(tiles: &[&str]) -> TileSet {
    tiles.iter().map(|s| t(s)).collect()
}

/// A board holding each value on the tile named beside it.
pub(crate) fn board<T: Copy>(cards: &[(&str, T)]) -> TileMap<T> {
    let mut m = TileMap::new();
    for (tile, c) in cards {
        m.insert(t(tile), *c);
    }
    m
}
