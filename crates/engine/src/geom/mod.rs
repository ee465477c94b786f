//! Grid geometry for board games: hexes, squares, facings, line of sight and movement.
//!
//! Nothing here knows a game. Rules enter through closures: *which hexes block sight* for
//! [`line_of_sight`], *which steps are allowed and what they cost* for [`reachable`]. The games
//! decide what terrain, units and facings mean; this module only does the geometry, exactly
//! and in integers, so that results are identical on every machine.
//!
//! - Hex grids: [`Hex`] in axial coordinates (flat-topped, columns printed "odd-q" as
//!   four-digit codes such as `"0304"`), [`HexDir`], and exact [`line_of_sight`] /
//!   [`line_steps`] (no sampling): every hex the line enters counts, a line along an edge is
//!   clear if either side is, and a hex touched only at a corner never blocks.
//! - Square grids: [`Cell`] (`y` grows southward), [`Dir8`] (compass direction and facing),
//!   [`Relative`] moves, [`Bounds`], and firing arcs ([`Arc`], [`arc_of`]).
//! - Movement on any graph: [`reachable`] within a budget, cheapest paths with [`a_star`].
//!
//! Directions are always listed clockwise from north. Pixel layout is presentation and lives
//! in the client.
//!
//! # Examples
//! ```
//! use gridwright_engine::geom::{Hex, line_of_sight, reachable};
//! let (gun, target) = (Hex::parse_code("0202").unwrap(), Hex::parse_code("0205").unwrap());
//! let wood = Hex::parse_code("0203").unwrap();
//! assert!(!line_of_sight(gun, target, |h| h == wood));
//!
//! // Two movement points, one per hex, woods cost two.
//! let moves = reachable(gun, 2, |h, out| {
//!     out.extend(h.neighbors().map(|n| (n, if n == wood { 2 } else { 1 })));
//! });
//! assert!(moves.contains(&(wood, 2)));
//! assert!(!moves.iter().any(|&(h, _)| h == target));
//! ```

mod arc;
mod hex;
mod los;
mod path;
mod square;

pub use arc::{Arc, arc_of};
pub use hex::{Hex, HexCodeError, HexDir};
pub use los::{LineStep, line_of_sight, line_steps};
pub use path::{a_star, reachable, reachable_dense};
pub use square::{Bounds, Cell, Dir8, Relative};

#[cfg(test)]
mod los_tests;
#[cfg(test)]
mod tests;
