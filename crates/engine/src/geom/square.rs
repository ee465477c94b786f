//! Square grids: cells, the eight compass directions (also used as facings), board bounds.
//!
//! Conventions: `x` grows eastward and `y` grows southward, as on a printed board read from
//! the top-left; directions are listed clockwise from north.

use serde::{Deserialize, Serialize};
use std::ops::{Add, Sub};

/// A cell of a square grid; `x` grows eastward, `y` southward.
///
/// # Examples
/// ```
/// use gridwright_engine::geom::{Cell, Dir8};
/// let c = Cell::new(2, 2).step(Dir8::NE);
/// assert_eq!(c, Cell::new(3, 1));
/// assert_eq!(c.chebyshev(Cell::new(0, 0)), 3);
/// ```
#[derive(
    Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Default, Serialize, Deserialize,
)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Cell {
    /// Column, growing eastward.
    pub x: i32,
    /// Row, growing southward.
    pub y: i32,
}

impl Cell {
    /// The cell at column `x`, row `y`.
    pub const fn new(x: i32, y: i32) -> Cell {
        Cell { x, y }
    }

    /// The adjacent cell in direction `dir` (diagonals included).
    #[must_use]
    pub const fn step(self, dir: Dir8) -> Cell {
        let (dx, dy) = dir.delta();
        Cell::new(self.x + dx, self.y + dy)
    }

    /// King-move distance: diagonal steps cost the same as straight ones.
    ///
    /// # Examples
    /// ```
    /// use gridwright_engine::geom::Cell;
    /// assert_eq!(Cell::new(0, 0).chebyshev(Cell::new(3, -5)), 5);
    /// ```
    pub fn chebyshev(self, other: Cell) -> u32 {
        let dx = (i64::from(other.x) - i64::from(self.x)).unsigned_abs();
        let dy = (i64::from(other.y) - i64::from(self.y)).unsigned_abs();
        // Each difference of two i32s is below 2^32, so this cannot fail.
        u32::try_from(dx.max(dy)).unwrap_or(u32::MAX)
    }

    /// The eight cells touching this one by an edge or a corner, in [`Dir8::ALL`] order.
    pub fn neighbors8(self) -> [Cell; 8] {
        Dir8::ALL.map(|d| self.step(d))
    }

    /// The four cells sharing an edge with this one: north, east, south, west.
    pub fn neighbors4(self) -> [Cell; 4] {
        [Dir8::N, Dir8::E, Dir8::S, Dir8::W].map(|d| self.step(d))
    }
}

impl Add for Cell {
    type Output = Cell;
    fn add(self, o: Cell) -> Cell {
        Cell::new(self.x + o.x, self.y + o.y)
    }
}

impl Sub for Cell {
    type Output = Cell;
    fn sub(self, o: Cell) -> Cell {
        Cell::new(self.x - o.x, self.y - o.y)
    }
}

/// One of the eight compass directions of a square grid, clockwise from north.
///
/// Doubles as a *facing*: the direction a model points, with [`Dir8::relative`] turning
/// "forward", "left" and so on into compass directions.
///
/// # Examples
/// ```
/// use gridwright_engine::geom::{Dir8, Relative};
/// assert_eq!(Dir8::N.rotate(3), Dir8::SE);
/// assert_eq!(Dir8::NE.relative(Relative::Left), Dir8::NW);
/// assert!(Dir8::SW.is_diagonal());
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[repr(u8)]
pub enum Dir8 {
    /// Up the board (`y` decreasing).
    N = 0,
    /// Up and right.
    NE = 1,
    /// Right (`x` increasing).
    E = 2,
    /// Down and right.
    SE = 3,
    /// Down the board (`y` increasing).
    S = 4,
    /// Down and left.
    SW = 5,
    /// Left (`x` decreasing).
    W = 6,
    /// Up and left.
    NW = 7,
}

impl Dir8 {
    /// All eight directions, clockwise from north (the order of [`Cell::neighbors8`]).
    pub const ALL: [Dir8; 8] = [
        Dir8::N,
        Dir8::NE,
        Dir8::E,
        Dir8::SE,
        Dir8::S,
        Dir8::SW,
        Dir8::W,
        Dir8::NW,
    ];

    /// Position in [`Dir8::ALL`], for per-direction arrays and flat action ids.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The step `(dx, dy)` to the adjacent cell in this direction.
    pub const fn delta(self) -> (i32, i32) {
        match self {
            Dir8::N => (0, -1),
            Dir8::NE => (1, -1),
            Dir8::E => (1, 0),
            Dir8::SE => (1, 1),
            Dir8::S => (0, 1),
            Dir8::SW => (-1, 1),
            Dir8::W => (-1, 0),
            Dir8::NW => (-1, -1),
        }
    }

    /// This direction turned clockwise by `steps45` eighths of a turn (negative turns
    /// anticlockwise).
    #[must_use]
    pub const fn rotate(self, steps45: i8) -> Dir8 {
        let i = (self as i16 + steps45 as i16).rem_euclid(8);
        Dir8::ALL[i as usize]
    }

    /// The direction pointing the other way.
    #[must_use]
    pub const fn opposite(self) -> Dir8 {
        self.rotate(4)
    }

    /// Whether this is a diagonal (NE, SE, SW, NW), i.e. its step crosses a cell corner.
    pub const fn is_diagonal(self) -> bool {
        self as u8 % 2 == 1
    }

    /// The compass direction of `rel` for a model facing `self`: left and right are quarter
    /// turns.
    #[must_use]
    pub const fn relative(self, rel: Relative) -> Dir8 {
        match rel {
            Relative::Forward => self,
            Relative::Right => self.rotate(2),
            Relative::Back => self.rotate(4),
            Relative::Left => self.rotate(-2),
        }
    }
}

/// A direction relative to a facing, e.g. for "move one cell left" instructions.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum Relative {
    /// The facing itself.
    Forward,
    /// Opposite the facing.
    Back,
    /// A quarter turn anticlockwise.
    Left,
    /// A quarter turn clockwise.
    Right,
}

/// The extent of a rectangular board: cells `(0, 0)` to `(width − 1, height − 1)`.
///
/// # Examples
/// ```
/// use gridwright_engine::geom::{Bounds, Cell};
/// let board = Bounds::new(8, 6);
/// assert!(board.contains(Cell::new(7, 5)));
/// assert!(!board.contains(Cell::new(8, 0)));
/// assert_eq!(board.edge_distance(Cell::new(2, 4)), Some(1));
/// assert_eq!(board.cells().count(), 48);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Bounds {
    /// Number of columns.
    pub width: u32,
    /// Number of rows.
    pub height: u32,
}

impl Bounds {
    /// A board `width` columns wide and `height` rows tall.
    pub const fn new(width: u32, height: u32) -> Bounds {
        Bounds { width, height }
    }

    /// Whether `cell` is on the board.
    pub const fn contains(self, cell: Cell) -> bool {
        cell.x >= 0 && cell.y >= 0 && (cell.x as u32) < self.width && (cell.y as u32) < self.height
    }

    /// Every cell on the board in reading order: row by row from the top, each row west to
    /// east.
    pub fn cells(self) -> impl Iterator<Item = Cell> + Clone {
        let w = clamp(self.width);
        (0..clamp(self.height)).flat_map(move |y| (0..w).map(move |x| Cell::new(x, y)))
    }

    /// How many steps `cell` is from the nearest board edge: 0 for cells in the outer ring.
    /// `None` if the cell is off the board.
    pub fn edge_distance(self, cell: Cell) -> Option<u32> {
        if !self.contains(cell) {
            return None;
        }
        // Non-negative and below the (u32) dimensions, as `contains` checked.
        let (x, y) = (cell.x as u32, cell.y as u32);
        Some(x.min(y).min(self.width - 1 - x).min(self.height - 1 - y))
    }
}

/// Board dimensions beyond `i32::MAX` cannot be addressed by a [`Cell`]; clamp rather than wrap.
fn clamp(n: u32) -> i32 {
    i32::try_from(n).unwrap_or(i32::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rotation_is_clockwise_with_y_south() {
        assert_eq!(Dir8::N.rotate(2), Dir8::E);
        assert_eq!(Dir8::E.delta(), (1, 0));
        assert_eq!(Dir8::N.rotate(-1), Dir8::NW);
        assert_eq!(Dir8::NW.rotate(1), Dir8::N);
        assert_eq!(Dir8::S.rotate(i8::MIN), Dir8::S);
        for d in Dir8::ALL {
            assert_eq!(d.opposite().opposite(), d);
            let (dx, dy) = d.delta();
            assert_eq!(d.opposite().delta(), (-dx, -dy));
            assert_eq!(d.is_diagonal(), dx != 0 && dy != 0);
        }
    }

    #[test]
    fn left_is_a_quarter_turn_anticlockwise() {
        assert_eq!(Dir8::N.relative(Relative::Left), Dir8::W);
        assert_eq!(Dir8::N.relative(Relative::Right), Dir8::E);
        assert_eq!(Dir8::N.relative(Relative::Back), Dir8::S);
        assert_eq!(Dir8::SE.relative(Relative::Forward), Dir8::SE);
        assert_eq!(Dir8::SE.relative(Relative::Left), Dir8::NE);
        assert_eq!(Dir8::SE.relative(Relative::Right), Dir8::SW);
    }

    #[test]
    fn face_neighbours_are_the_orthogonal_ones() {
        let c = Cell::new(5, 5);
        assert_eq!(
            c.neighbors4(),
            [
                Cell::new(5, 4),
                Cell::new(6, 5),
                Cell::new(5, 6),
                Cell::new(4, 5)
            ]
        );
        assert!(c.neighbors8().iter().all(|n| n.chebyshev(c) == 1));
        assert!(c.neighbors4().iter().all(|n| c.neighbors8().contains(n)));
    }

    #[test]
    fn edge_distance_is_zero_on_the_edge() {
        let b = Bounds::new(5, 4);
        assert_eq!(b.edge_distance(Cell::new(0, 2)), Some(0));
        assert_eq!(b.edge_distance(Cell::new(4, 1)), Some(0));
        assert_eq!(b.edge_distance(Cell::new(2, 3)), Some(0));
        assert_eq!(b.edge_distance(Cell::new(2, 1)), Some(1));
        assert_eq!(b.edge_distance(Cell::new(2, 2)), Some(1));
        assert_eq!(b.edge_distance(Cell::new(5, 2)), None);
        assert_eq!(b.edge_distance(Cell::new(-1, 2)), None);
    }

    #[test]
    fn cells_are_in_reading_order_and_all_contained() {
        let b = Bounds::new(3, 2);
        let cells: Vec<Cell> = b.cells().collect();
        assert_eq!(
            cells[..4],
            [
                Cell::new(0, 0),
                Cell::new(1, 0),
                Cell::new(2, 0),
                Cell::new(0, 1)
            ]
        );
        assert_eq!(cells.len(), 6);
        assert!(cells.iter().all(|&c| b.contains(c)));
        assert_eq!(Bounds::new(0, 7).cells().count(), 0);
    }
}
