//! The sector map (rulebook §3 Sector Cards, §4 step 7, §8.A–B, glossary
//! "Intersection Point", and the team's board decisions).
//!
//! - A square grid of card spaces ([`GridSize`], default 9 × 9) with orthogonal adjacency.
//! - A placed card is a [`Tile`]: which sector, turned by a [`Rotation`]. Its four corners show
//!   the standard colours (top-left blue, top-right orange, bottom-right green, bottom-left
//!   red) turned with it ([`Rotation::colour_at`]).
//! - Homeworlds start in corners ([`homeworld_corner`]).
//! - An [`Intersection`] is an inner grid point where four card spaces meet; each card gives
//!   the corner touching the point ([`Map::intersection`]), which is what directives match.
//! - [`Map::explored_distances`]: path lengths through explored sectors (move and Hypergate
//!   reach).

use crate::Resource;
use crate::config::SectorId;
use gridwright_engine::Seat;
use serde::{Deserialize, Serialize};
use std::fmt;

/// The longest side a grid may have.
pub const MAX_SIDE: u8 = 16;

/// The shortest side a grid may have (two homeworld corners need distinct columns and rows).
pub const MIN_SIDE: u8 = 2;

/// The default grid side (team decision: 9 × 9 holds the 72 sectors and four homeworlds).
pub const DEFAULT_SIDE: u8 = 9;

/// Why a map operation was refused; nothing is changed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MapError {
    /// Grid sides must be [`MIN_SIDE`] to [`MAX_SIDE`].
    #[error("a grid of {width} × {height} is not allowed (each side {min} to {max})", min = MIN_SIDE, max = MAX_SIDE)]
    BadSize {
        /// Width asked for.
        width: u8,
        /// Height asked for.
        height: u8,
    },
    /// A space outside the grid.
    #[error("column {col}, row {row} is outside the {width} × {height} grid")]
    OffGrid {
        /// Zero-based column.
        col: u8,
        /// Zero-based row.
        row: u8,
        /// Grid width.
        width: u8,
        /// Grid height.
        height: u8,
    },
    /// A card is already there.
    #[error("{space} already holds a sector")]
    Occupied {
        /// The space.
        space: Space,
    },
    /// More seats than corners.
    #[error("{seats} players do not fit in the four corners")]
    TooManySeats {
        /// Seats asked for.
        seats: usize,
    },
}

/// Width and height of the grid of card spaces.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(type = "[number, number]"))]
#[serde(try_from = "(u8, u8)", into = "(u8, u8)")]
pub struct GridSize {
    width: u8,
    height: u8,
}

impl GridSize {
    /// A grid size.
    ///
    /// # Errors
    /// [`MapError::BadSize`] unless both sides are [`MIN_SIDE`] to [`MAX_SIDE`].
    pub fn new(width: u8, height: u8) -> Result<GridSize, MapError> {
        let ok = |s: u8| (MIN_SIDE..=MAX_SIDE).contains(&s);
        if ok(width) && ok(height) {
            Ok(GridSize { width, height })
        } else {
            Err(MapError::BadSize { width, height })
        }
    }

    /// Columns.
    pub const fn width(self) -> u8 {
        self.width
    }

    /// Rows.
    pub const fn height(self) -> u8 {
        self.height
    }

    /// The space at zero-based `col`, `row` (row 0 at the top).
    ///
    /// # Errors
    /// [`MapError::OffGrid`] if it is outside the grid.
    pub fn space(self, col: u8, row: u8) -> Result<Space, MapError> {
        if col < self.width && row < self.height {
            Ok(Space { col, row })
        } else {
            Err(MapError::OffGrid {
                col,
                row,
                width: self.width,
                height: self.height,
            })
        }
    }

    /// Whether `space` lies in this grid (a space made for a larger grid may not).
    pub const fn contains(self, space: Space) -> bool {
        space.col < self.width && space.row < self.height
    }

    /// Every space, row by row from the top left.
    pub fn spaces(self) -> impl Iterator<Item = Space> + Clone {
        (0..self.height).flat_map(move |row| (0..self.width).map(move |col| Space { col, row }))
    }

    /// The up-to-four orthogonal neighbours of `space` inside the grid.
    pub fn neighbors(self, space: Space) -> impl Iterator<Item = Space> {
        let (c, r) = (i16::from(space.col), i16::from(space.row));
        [(c, r - 1), (c + 1, r), (c, r + 1), (c - 1, r)]
            .into_iter()
            .filter_map(move |(c, r)| {
                let c = u8::try_from(c).ok()?;
                let r = u8::try_from(r).ok()?;
                self.space(c, r).ok()
            })
    }

    /// The inner points where four spaces meet, row by row.
    pub fn intersections(self) -> impl Iterator<Item = Intersection> + Clone {
        (1..self.height)
            .flat_map(move |row| (1..self.width).map(move |col| Intersection { col, row }))
    }

    /// The position of `space` in [`GridSize::spaces`] order (for a space of this grid).
    pub(crate) fn index(self, space: Space) -> usize {
        usize::from(space.row) * usize::from(self.width) + usize::from(space.col)
    }
}

impl Default for GridSize {
    fn default() -> GridSize {
        GridSize {
            width: DEFAULT_SIDE,
            height: DEFAULT_SIDE,
        }
    }
}

impl TryFrom<(u8, u8)> for GridSize {
    type Error = MapError;
    fn try_from((w, h): (u8, u8)) -> Result<Self, Self::Error> {
        GridSize::new(w, h)
    }
}

impl From<GridSize> for (u8, u8) {
    fn from(g: GridSize) -> (u8, u8) {
        (g.width, g.height)
    }
}

/// A card space of the grid, made by [`GridSize::space`] and the grid's iterators (or read as
/// `[col, row]`, each below [`MAX_SIDE`]; a map refuses a space outside its own grid). Shown
/// to people as [`Space::words`] (`column 3, row 5`, one-based); `c3r5` is its short typed
/// form.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(type = "[number, number]"))]
#[serde(try_from = "(u8, u8)", into = "(u8, u8)")]
pub struct Space {
    row: u8,
    col: u8,
}

impl Space {
    /// Zero-based column.
    pub const fn col(self) -> u8 {
        self.col
    }

    /// Zero-based row, 0 at the top.
    pub const fn row(self) -> u8 {
        self.row
    }

    /// The space as players name it: `column 3, row 5` (one-based, as the map's edges are
    /// labelled).
    pub fn words(self) -> String {
        format!("column {}, row {}", self.col + 1, self.row + 1)
    }

    /// Orthogonal steps between two spaces, ignoring what lies between.
    pub fn manhattan(self, other: Space) -> u8 {
        self.col.abs_diff(other.col) + self.row.abs_diff(other.row)
    }
}

impl TryFrom<(u8, u8)> for Space {
    type Error = MapError;
    fn try_from((col, row): (u8, u8)) -> Result<Self, Self::Error> {
        GridSize {
            width: MAX_SIDE,
            height: MAX_SIDE,
        }
        .space(col, row)
    }
}

impl From<Space> for (u8, u8) {
    fn from(s: Space) -> (u8, u8) {
        (s.col, s.row)
    }
}

impl fmt::Display for Space {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "c{}r{}", self.col + 1, self.row + 1)
    }
}

/// A corner of a card, clockwise from the top left.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Corner {
    /// Top left.
    TopLeft,
    /// Top right.
    TopRight,
    /// Bottom right.
    BottomRight,
    /// Bottom left.
    BottomLeft,
}

impl Corner {
    /// Clockwise from the top left.
    pub const ALL: [Corner; 4] = [
        Corner::TopLeft,
        Corner::TopRight,
        Corner::BottomRight,
        Corner::BottomLeft,
    ];

    /// The colour an unturned card shows here (the standard resource order of §3 and the
    /// glossary: top-left blue, top-right orange, bottom-left red, bottom-right green).
    pub const fn standard_colour(self) -> Resource {
        match self {
            Corner::TopLeft => Resource::Blue,
            Corner::TopRight => Resource::Orange,
            Corner::BottomRight => Resource::Green,
            Corner::BottomLeft => Resource::Red,
        }
    }
}

/// How far a card is turned clockwise when placed (§3, §8.A step 4).
#[derive(
    Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default, Debug, Serialize, Deserialize,
)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Rotation {
    /// Unturned.
    #[default]
    R0,
    /// A quarter turn clockwise.
    R90,
    /// A half turn.
    R180,
    /// Three quarter turns clockwise.
    R270,
}

impl Rotation {
    /// All four.
    pub const ALL: [Rotation; 4] = [Rotation::R0, Rotation::R90, Rotation::R180, Rotation::R270];

    /// Quarter turns clockwise, 0 to 3.
    pub const fn quarters(self) -> u8 {
        self as u8
    }

    /// The colour shown at `corner` of a card turned this way: a clockwise quarter turn moves
    /// the top-left colour to the top right, and so on round the card.
    pub const fn colour_at(self, corner: Corner) -> Resource {
        let from = (corner as u8 + 4 - self.quarters()) % 4;
        Corner::ALL[from as usize].standard_colour()
    }

    /// Degrees, for text (`0`, `90`, `180`, `270`).
    pub const fn degrees(self) -> u16 {
        self.quarters() as u16 * 90
    }

    /// Parses degrees (`90`, `180°`).
    pub fn parse(text: &str) -> Option<Rotation> {
        let t = text.trim().trim_end_matches('°');
        Rotation::ALL
            .into_iter()
            .find(|r| t.parse::<u16>().ok() == Some(r.degrees()))
    }
}

impl fmt::Display for Rotation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.degrees())
    }
}

/// Which sector a placed card is.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum SectorRef {
    /// A seat's homeworld.
    Homeworld(Seat),
    /// A card of the sector deck.
    Card(SectorId),
}

/// A sector card on the grid.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Tile {
    /// The sector.
    pub sector: SectorRef,
    /// How it was turned when placed.
    pub rotation: Rotation,
}

impl Tile {
    /// The colour this card shows at `corner`.
    pub const fn colour_at(self, corner: Corner) -> Resource {
        self.rotation.colour_at(corner)
    }
}

/// The corner for each of up to four seats' homeworlds (§4 step 7; team decision: opposite
/// corners for two players). Seats go clockwise from the top left: two players top-left and
/// bottom-right, three players top-left, top-right, bottom-right, four players all corners.
///
/// # Errors
/// [`MapError::TooManySeats`] for more than four seats or a seat outside the game.
pub fn homeworld_corner(size: GridSize, seat: Seat, seats: usize) -> Result<Space, MapError> {
    let corners: &[Corner] = match seats {
        0..=2 => &[Corner::TopLeft, Corner::BottomRight],
        3 => &[Corner::TopLeft, Corner::TopRight, Corner::BottomRight],
        4 => &Corner::ALL,
        _ => return Err(MapError::TooManySeats { seats }),
    };
    let corner = corners
        .get(seat.index())
        .filter(|_| seat.index() < seats)
        .ok_or(MapError::TooManySeats { seats })?;
    let (w, h) = (size.width - 1, size.height - 1);
    let (col, row) = match corner {
        Corner::TopLeft => (0, 0),
        Corner::TopRight => (w, 0),
        Corner::BottomRight => (w, h),
        Corner::BottomLeft => (0, h),
    };
    size.space(col, row)
}

/// A point where four card spaces meet: the top-left corner of the space at (`col`, `row`),
/// for `col` in `1..width` and `row` in `1..height`. Made only by [`GridSize::intersections`]
/// and [`Map::intersections_of`]; on the wire `[col, row]` of that space, read back only for
/// a point inside the largest grid ([`MapError::OffGrid`] otherwise). Shown to people as
/// [`Intersection::words`].
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(type = "[number, number]"))]
#[serde(try_from = "(u8, u8)", into = "(u8, u8)")]
pub struct Intersection {
    row: u8,
    col: u8,
}

impl Intersection {
    /// The four spaces around the point and the corner each one turns to it, in the position
    /// order of a directive: top-left, top-right, bottom-left, bottom-right.
    pub fn around(self) -> [(Space, Corner); 4] {
        let (c, r) = (self.col, self.row);
        [
            (
                Space {
                    col: c - 1,
                    row: r - 1,
                },
                Corner::BottomRight,
            ),
            (Space { col: c, row: r - 1 }, Corner::BottomLeft),
            (Space { col: c - 1, row: r }, Corner::TopRight),
            (Space { col: c, row: r }, Corner::TopLeft),
        ]
    }

    /// The space whose top-left corner the point is (the bottom right of the four).
    pub fn below_right(self) -> Space {
        Space {
            col: self.col,
            row: self.row,
        }
    }

    /// The point as players name it: `where columns 2 and 3 meet rows 4 and 5` (one-based).
    pub fn words(self) -> String {
        format!(
            "where columns {} and {} meet rows {} and {}",
            self.col,
            self.col + 1,
            self.row,
            self.row + 1
        )
    }
}

impl TryFrom<(u8, u8)> for Intersection {
    type Error = MapError;
    fn try_from((col, row): (u8, u8)) -> Result<Self, Self::Error> {
        if (1..MAX_SIDE).contains(&col) && (1..MAX_SIDE).contains(&row) {
            Ok(Intersection { row, col })
        } else {
            Err(MapError::OffGrid {
                col,
                row,
                width: MAX_SIDE,
                height: MAX_SIDE,
            })
        }
    }
}

impl From<Intersection> for (u8, u8) {
    fn from(p: Intersection) -> (u8, u8) {
        (p.col, p.row)
    }
}

impl fmt::Display for Intersection {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "x{}y{}", self.col, self.row)
    }
}

/// The grid and the cards placed on it. Serialized for output only: a map is built by
/// placing cards, never read from untrusted input.
#[derive(Clone, PartialEq, Eq, Hash, Debug, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Map {
    size: GridSize,
    tiles: Vec<Option<Tile>>,
}

impl Map {
    /// An empty grid.
    pub fn new(size: GridSize) -> Map {
        Map {
            size,
            tiles: vec![None; usize::from(size.width) * usize::from(size.height)],
        }
    }

    /// A grid with each seat's homeworld, unturned, in its corner (§4 step 7).
    ///
    /// # Errors
    /// [`MapError::TooManySeats`] for more than four seats.
    pub fn with_homeworlds(size: GridSize, seats: usize) -> Result<Map, MapError> {
        if seats > 4 {
            return Err(MapError::TooManySeats { seats });
        }
        let mut map = Map::new(size);
        for seat in Seat::all(seats) {
            let at = homeworld_corner(size, seat, seats)?;
            map.place(
                at,
                Tile {
                    sector: SectorRef::Homeworld(seat),
                    rotation: Rotation::R0,
                },
            )?;
        }
        Ok(map)
    }

    /// The grid size.
    pub fn size(&self) -> GridSize {
        self.size
    }

    /// The index of `space` in [`GridSize::spaces`] order.
    ///
    /// # Errors
    /// [`MapError::OffGrid`] for a space outside the grid.
    pub(crate) fn check(&self, space: Space) -> Result<usize, MapError> {
        if self.size.contains(space) {
            Ok(self.size.index(space))
        } else {
            Err(MapError::OffGrid {
                col: space.col,
                row: space.row,
                width: self.size.width,
                height: self.size.height,
            })
        }
    }

    /// The card at `space`, if any (none off the grid).
    pub fn tile(&self, space: Space) -> Option<Tile> {
        self.check(space).ok().and_then(|i| self.tiles[i])
    }

    /// Whether a card lies at the space of index `i` in [`GridSize::spaces`] order (false off
    /// the grid): for scans over the grid by index.
    pub(crate) fn explored_at(&self, i: usize) -> bool {
        self.tiles.get(i).is_some_and(Option::is_some)
    }

    /// Whether a card lies at `space` (the sector is explored).
    pub fn is_explored(&self, space: Space) -> bool {
        self.tile(space).is_some()
    }

    /// Every placed card with its space, row by row.
    pub fn tiles(&self) -> impl Iterator<Item = (Space, Tile)> + '_ {
        self.size
            .spaces()
            .filter_map(|s| self.tile(s).map(|t| (s, t)))
    }

    /// Puts a card on an empty space (no reach check: see
    /// [`crate::rules::explore::check_placement`]).
    ///
    /// # Errors
    /// [`MapError::OffGrid`] or [`MapError::Occupied`]; the map is unchanged.
    pub fn place(&mut self, space: Space, tile: Tile) -> Result<(), MapError> {
        let i = self.check(space)?;
        if self.tiles[i].is_some() {
            return Err(MapError::Occupied { space });
        }
        self.tiles[i] = Some(tile);
        Ok(())
    }

    /// The up-to-four intersections at the corners of `space` (none on the grid's edge).
    pub fn intersections_of(&self, space: Space) -> Vec<Intersection> {
        let mut out = Vec::with_capacity(4);
        if !self.size.contains(space) {
            return out;
        }
        for (dc, dr) in [(0u8, 0u8), (1, 0), (0, 1), (1, 1)] {
            let (col, row) = (space.col + dc, space.row + dr);
            if (1..self.size.width).contains(&col) && (1..self.size.height).contains(&row) {
                out.push(Intersection { col, row });
            }
        }
        out.sort();
        out
    }

    /// What meets at an intersection, in directive position order (top-left, top-right,
    /// bottom-left, bottom-right): each space with its card and the colour of the corner it
    /// turns to the point; `None` unless all four spaces hold cards.
    pub fn intersection(&self, point: Intersection) -> Option<[(Space, Tile, Resource); 4]> {
        let around = point.around();
        let mut out = [(around[0].0, self.tile(around[0].0)?, Resource::Blue); 4];
        for (slot, (space, corner)) in out.iter_mut().zip(around) {
            let tile = self.tile(space)?;
            *slot = (space, tile, tile.colour_at(corner));
        }
        Some(out)
    }

    /// Steps from `from` to every explored sector reachable through explored sectors only,
    /// up to `max` steps (0 for `from` itself), sorted by space. Empty if `from` is not
    /// explored.
    pub fn explored_distances(&self, from: Space, max: u8) -> Vec<(Space, u8)> {
        if !self.is_explored(from) {
            return Vec::new();
        }
        // One step (a plain move or attack): the origin and its explored neighbours.
        if max <= 1 {
            let mut out = Vec::with_capacity(5);
            out.push((from, 0));
            if max == 1 {
                out.extend(
                    self.size
                        .neighbors(from)
                        .filter(|n| self.is_explored(*n))
                        .map(|n| (n, 1)),
                );
                out.sort_unstable();
            }
            return out;
        }
        // Breadth first over fixed arrays (a grid has at most MAX_SIDE² spaces): no heap but
        // the answer's, since moves and attacks ask this for every origin.
        const UNSEEN: u8 = u8::MAX;
        const CELLS: usize = MAX_SIDE as usize * MAX_SIDE as usize;
        let mut dist = [UNSEEN; CELLS];
        let mut queue = [from; CELLS];
        let (mut head, mut tail) = (0usize, 1usize);
        dist[self.size.index(from)] = 0;
        let mut found = 1usize;
        while head < tail {
            let s = queue[head];
            head += 1;
            let d = dist[self.size.index(s)];
            if d == max {
                continue;
            }
            for n in self.size.neighbors(s) {
                let i = self.size.index(n);
                if dist[i] == UNSEEN && self.is_explored(n) {
                    dist[i] = d + 1;
                    queue[tail] = n;
                    tail += 1;
                    found += 1;
                }
            }
        }
        let mut out = Vec::with_capacity(found);
        out.extend(self.size.spaces().filter_map(|s| {
            let d = dist[self.size.index(s)];
            (d != UNSEEN).then_some((s, d))
        }));
        out
    }
}

/// Short names for grids, spaces and tiles in the unit tests of the map and its rules.
#[cfg(test)]
pub(crate) mod fixtures {
    use super::{GridSize, Rotation, SectorRef, Space, Tile};

    /// The grid `w` × `h`.
    pub(crate) fn g(w: u8, h: u8) -> GridSize {
        GridSize::new(w, h).unwrap()
    }

    /// The space at `col`, `row` (from 0) of `size`.
    pub(crate) fn at(size: GridSize, col: u8, row: u8) -> Space {
        size.space(col, row).unwrap()
    }

    /// Sector card `i` placed at `rotation`.
    pub(crate) fn card(i: u8, rotation: Rotation) -> Tile {
        Tile {
            sector: SectorRef::Card(crate::SectorId(i)),
            rotation,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::fixtures::{at, card, g};
    use super::*;

    #[test]
    fn grid_size_is_bounded_and_defaults_to_nine_by_nine() {
        assert_eq!(GridSize::default(), g(9, 9));
        assert!(GridSize::new(1, 9).is_err());
        assert!(GridSize::new(9, 17).is_err());
        assert_eq!(
            g(9, 9).space(9, 0),
            Err(MapError::OffGrid {
                col: 9,
                row: 0,
                width: 9,
                height: 9
            })
        );
        assert_eq!(at(g(9, 9), 2, 4).to_string(), "c3r5");
    }

    #[test]
    fn adjacency_is_orthogonal_and_stays_on_the_grid() {
        let size = g(9, 9);
        let mut n: Vec<Space> = size.neighbors(at(size, 0, 0)).collect();
        n.sort();
        assert_eq!(n, vec![at(size, 1, 0), at(size, 0, 1)]);
        assert_eq!(size.neighbors(at(size, 4, 4)).count(), 4);
    }

    /// Asserts the colours `tile` shows at its corners, clockwise from the top left.
    fn assert_colours(tile: Tile, expected: [Resource; 4]) {
        for (corner, colour) in Corner::ALL.into_iter().zip(expected) {
            assert_eq!(tile.colour_at(corner), colour, "{corner:?}");
        }
    }

    #[test]
    fn unturned_cards_show_the_standard_corner_colours() {
        use Resource::*;
        assert_colours(card(0, Rotation::R0), [Blue, Orange, Green, Red]);
    }

    #[test]
    fn rotation_turns_the_corner_colours_clockwise() {
        use Resource::*;
        assert_colours(card(0, Rotation::R90), [Red, Blue, Orange, Green]);
        let h = card(0, Rotation::R180);
        assert_eq!(h.colour_at(Corner::BottomRight), Resource::Blue);
        let t = card(0, Rotation::R270);
        assert_eq!(t.colour_at(Corner::BottomLeft), Resource::Blue);
        for r in Rotation::ALL {
            let mut seen: Vec<Resource> = Corner::ALL.iter().map(|c| r.colour_at(*c)).collect();
            seen.sort();
            assert_eq!(seen, Resource::ALL.to_vec(), "each colour once at {r}");
            assert_eq!(Rotation::parse(&r.to_string()), Some(r));
        }
    }

    #[test]
    fn homeworlds_start_in_corners() {
        let size = g(9, 9);
        let corner = |seat, seats| homeworld_corner(size, Seat::new(seat), seats).unwrap();
        assert_eq!(corner(0, 2), at(size, 0, 0));
        assert_eq!(
            corner(1, 2),
            at(size, 8, 8),
            "two players: opposite corners"
        );
        assert_eq!(corner(1, 3), at(size, 8, 0));
        assert_eq!(corner(2, 3), at(size, 8, 8));
        assert_eq!(
            (0..4).map(|s| corner(s, 4)).collect::<Vec<_>>(),
            vec![
                at(size, 0, 0),
                at(size, 8, 0),
                at(size, 8, 8),
                at(size, 0, 8)
            ]
        );
        assert!(homeworld_corner(size, Seat::new(2), 2).is_err());
        assert!(homeworld_corner(size, Seat::new(0), 5).is_err());
        let map = Map::with_homeworlds(size, 4).unwrap();
        assert_eq!(map.tiles().count(), 4);
        assert_eq!(
            map.tile(at(size, 0, 8)).map(|t| t.sector),
            Some(SectorRef::Homeworld(Seat::new(3)))
        );
    }

    #[test]
    fn cards_go_only_on_empty_spaces_of_the_grid() {
        let size = g(3, 3);
        let mut map = Map::new(size);
        map.place(at(size, 1, 1), card(0, Rotation::R0)).unwrap();
        let before = map.clone();
        assert_eq!(
            map.place(at(size, 1, 1), card(1, Rotation::R0)),
            Err(MapError::Occupied {
                space: at(size, 1, 1)
            })
        );
        let far = g(9, 9).space(5, 5).unwrap();
        assert!(matches!(
            map.place(far, card(1, Rotation::R0)),
            Err(MapError::OffGrid { .. })
        ));
        assert_eq!(map, before);
    }

    #[test]
    fn spaces_read_from_text_stay_below_the_largest_grid() {
        let s: Space = serde_json::from_str("[2, 4]").unwrap();
        assert_eq!(s, at(g(9, 9), 2, 4));
        assert!(serde_json::from_str::<Space>("[16, 0]").is_err());
        assert!(serde_json::from_str::<Space>("[255, 255]").is_err());
        // A space of a larger grid is refused by a smaller map, never a panic.
        let big: Space = serde_json::from_str("[15, 15]").unwrap();
        let map = Map::new(g(9, 9));
        assert!(map.intersections_of(big).is_empty());
        assert!(map.tile(big).is_none());
        assert!(
            Map::new(g(9, 9))
                .clone()
                .place(big, card(0, Rotation::R0))
                .is_err()
        );
    }

    #[test]
    fn an_intersection_takes_the_corner_each_card_turns_to_it() {
        let size = g(3, 3);
        let mut map = Map::new(size);
        map.place(at(size, 0, 0), card(0, Rotation::R0)).unwrap(); // BR green
        map.place(at(size, 1, 0), card(1, Rotation::R90)).unwrap(); // BL green
        map.place(at(size, 0, 1), card(2, Rotation::R180)).unwrap(); // TR red
        let point = map.intersections_of(at(size, 0, 0))[0];
        assert_eq!(point.to_string(), "x1y1");
        assert_eq!(map.intersection(point), None, "only three cards meet there");
        map.place(at(size, 1, 1), card(3, Rotation::R270)).unwrap(); // TL orange
        let colours = map.intersection(point).unwrap().map(|(_, _, c)| c);
        assert_eq!(
            colours,
            [
                Resource::Green,
                Resource::Green,
                Resource::Red,
                Resource::Orange
            ]
        );
    }

    #[test]
    fn intersections_are_the_inner_grid_points() {
        let size = g(9, 9);
        assert_eq!(size.intersections().count(), 64);
        let map = Map::new(size);
        assert!(map.intersections_of(at(size, 0, 0)).len() == 1);
        assert!(map.intersections_of(at(size, 4, 0)).len() == 2);
        assert!(map.intersections_of(at(size, 4, 4)).len() == 4);
    }

    #[test]
    fn distances_run_through_explored_sectors_only() {
        let size = g(5, 5);
        let mut map = Map::with_homeworlds(size, 2).unwrap();
        for (c, r) in [(1, 0), (2, 0), (2, 1)] {
            map.place(at(size, c, r), card(c + r, Rotation::R0))
                .unwrap();
        }
        let d = map.explored_distances(at(size, 0, 0), 10);
        assert_eq!(
            d,
            vec![
                (at(size, 0, 0), 0),
                (at(size, 1, 0), 1),
                (at(size, 2, 0), 2),
                (at(size, 2, 1), 3)
            ]
        );
        assert_eq!(map.explored_distances(at(size, 0, 0), 1).len(), 2);
        assert!(map.explored_distances(at(size, 3, 3), 5).is_empty());
    }
}
