//! Firing arcs on a square grid: which quarter around a facing model a cell lies in.
//!
//! The four arcs are 90° cones centred on the facing and on the model's right, rear and left.
//! A cell exactly on a boundary between two cones (45° off the facing, or 135°) belongs to the
//! front or rear arc, never to a side arc, so side arcs are the strict ones.
//!
//! # How it is computed, exactly
//! Project the offset `(dx, dy)` onto the facing's own axes: `along = offset · forward` and
//! `across = offset · right`, where `forward` is the facing's step and `right` is the step a
//! quarter turn clockwise. For an orthogonal facing these are unit vectors; for a diagonal one
//! they are the diagonal steps, both of length √2. That is a 45° rotation combined with a √2
//! scale, which keeps the integer lattice integral and scales both components equally, so
//! comparing `|along|` with `|across|` gives exactly the same answer as the true rotated
//! angles: the front cone is `along ≥ |across|`, the rear cone `−along ≥ |across|`, and the
//! rest splits on the sign of `across`. No trigonometry, no rounding.

use super::{Cell, Dir8};
use serde::{Deserialize, Serialize};

/// A 90° quarter around a facing model.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum Arc {
    /// Centred on the facing; includes both 45° boundaries.
    Front,
    /// Centred a quarter turn clockwise; excludes its boundaries.
    Right,
    /// Centred opposite the facing; includes both 135° boundaries.
    Rear,
    /// Centred a quarter turn anticlockwise; excludes its boundaries.
    Left,
}

impl Arc {
    /// The four arcs, clockwise from the front.
    pub const ALL: [Arc; 4] = [Arc::Front, Arc::Right, Arc::Rear, Arc::Left];
}

/// The arc of a model at `from`, facing `facing`, that `to` lies in; `None` when `to == from`.
///
/// # Examples
/// ```
/// use gridwright_engine::geom::{Arc, Cell, Dir8, arc_of};
/// let me = Cell::new(5, 5);
/// assert_eq!(arc_of(me, Dir8::N, Cell::new(5, 1)), Some(Arc::Front));
/// assert_eq!(arc_of(me, Dir8::N, Cell::new(7, 3)), Some(Arc::Front)); // 45°: front wins
/// assert_eq!(arc_of(me, Dir8::N, Cell::new(8, 4)), Some(Arc::Right));
/// assert_eq!(arc_of(me, Dir8::NE, Cell::new(5, 8)), Some(Arc::Rear));
/// assert_eq!(arc_of(me, Dir8::N, me), None);
/// ```
pub fn arc_of(from: Cell, facing: Dir8, to: Cell) -> Option<Arc> {
    let dx = i64::from(to.x) - i64::from(from.x);
    let dy = i64::from(to.y) - i64::from(from.y);
    if dx == 0 && dy == 0 {
        return None;
    }
    let (fx, fy) = facing.delta();
    let (rx, ry) = facing.rotate(2).delta();
    let along = dx * i64::from(fx) + dy * i64::from(fy);
    let across = dx * i64::from(rx) + dy * i64::from(ry);
    Some(if along >= across.abs() {
        Arc::Front
    } else if -along >= across.abs() {
        Arc::Rear
    } else if across > 0 {
        Arc::Right
    } else {
        Arc::Left
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const ME: Cell = Cell::new(0, 0);

    #[test]
    fn own_cell_has_no_arc() {
        assert_eq!(arc_of(ME, Dir8::E, ME), None);
    }

    #[test]
    fn cones_are_centred_on_facing_right_back_left() {
        for facing in Dir8::ALL {
            for (rel, arc) in [
                (0, Arc::Front),
                (2, Arc::Right),
                (4, Arc::Rear),
                (6, Arc::Left),
            ] {
                let target = ME.step(facing.rotate(rel)).step(facing.rotate(rel));
                assert_eq!(arc_of(ME, facing, target), Some(arc), "{facing:?} +{rel}");
            }
        }
    }

    #[test]
    fn diagonal_boundary_belongs_to_front() {
        // Facing north, the NE and NW diagonals are the front arc's edges.
        assert_eq!(arc_of(ME, Dir8::N, Cell::new(3, -3)), Some(Arc::Front));
        assert_eq!(arc_of(ME, Dir8::N, Cell::new(-3, -3)), Some(Arc::Front));
        // Facing north-east, due north and due east are the front arc's edges.
        assert_eq!(arc_of(ME, Dir8::NE, Cell::new(0, -4)), Some(Arc::Front));
        assert_eq!(arc_of(ME, Dir8::NE, Cell::new(4, 0)), Some(Arc::Front));
    }

    #[test]
    fn rear_boundary_belongs_to_rear() {
        assert_eq!(arc_of(ME, Dir8::N, Cell::new(2, 2)), Some(Arc::Rear));
        assert_eq!(arc_of(ME, Dir8::N, Cell::new(-2, 2)), Some(Arc::Rear));
        assert_eq!(arc_of(ME, Dir8::NE, Cell::new(-1, 0)), Some(Arc::Rear));
        assert_eq!(arc_of(ME, Dir8::NE, Cell::new(0, 1)), Some(Arc::Rear));
    }

    #[test]
    fn side_arcs_lie_strictly_between_the_boundaries() {
        // Facing north: (3, -2) is 56° clockwise — right; (3, -3) is the boundary — front.
        assert_eq!(arc_of(ME, Dir8::N, Cell::new(3, -2)), Some(Arc::Right));
        assert_eq!(arc_of(ME, Dir8::N, Cell::new(-3, 2)), Some(Arc::Left));
        // Facing north-east, the right arc runs from E (exclusive) to S (exclusive).
        assert_eq!(arc_of(ME, Dir8::NE, Cell::new(1, 1)), Some(Arc::Right));
        assert_eq!(arc_of(ME, Dir8::NE, Cell::new(3, 1)), Some(Arc::Right));
        assert_eq!(arc_of(ME, Dir8::NE, Cell::new(1, 3)), Some(Arc::Right));
        assert_eq!(arc_of(ME, Dir8::NE, Cell::new(-1, -1)), Some(Arc::Left));
        // Facing north-east, (2, -1) is within 45° of the facing: front.
        assert_eq!(arc_of(ME, Dir8::NE, Cell::new(2, -1)), Some(Arc::Front));
    }
}
