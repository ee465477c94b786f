//! The battlefield: two 8×3 grids, one per seat, meeting along their A rows.
//!
//! Every tile belongs to one seat's grid and is named from that seat's side: row **A** is the
//! row nearest the opponent, **C** the one nearest its owner (Grid seed, "Rows (Depth)"). Lanes
//! run 1–8 across the whole battlefield, so lane 5 of one grid continues into lane 5 of the
//! other; `P1:A5` and `P2:A5` share a face (`docs/rules/starcore.md`, "Board").
//!
//! # Why one byte per tile?
//! Rules code asks "is this tile in that set?" constantly (targeting boxes, networks, reachable
//! tiles). A [`Tile`] is its index `0..48` (owner-major, then row A–C, then lane 1–8), so a set
//! of tiles is one `u64` ([`TileSet`]) and a per-tile table is a fixed array ([`TileMap`]); the
//! future game state clones without allocating.

use gridwright_engine::Seat;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// The first seat (player 1).
pub const P1: Seat = Seat::new(0);
/// The second seat (player 2).
pub const P2: Seat = Seat::new(1);
/// Starcore is a two-player game: one grid per seat.
pub const SEATS: usize = 2;
/// Lanes per grid.
pub const LANES: u8 = 8;
/// Rows per grid.
pub const ROWS: u8 = 3;
/// Tiles on one grid (8 lanes × 3 rows).
pub const TILES_PER_GRID: usize = 24;
/// Tiles on the battlefield (two grids).
pub const TILES: usize = 2 * TILES_PER_GRID;

/// A row of a grid, named from the grid owner's side.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Serialize, Deserialize)]
pub enum Row {
    /// The front row, touching the opponent's grid.
    A,
    /// The middle row.
    B,
    /// The back row, nearest the owner.
    C,
}

impl Row {
    /// A, B, C.
    pub const ALL: [Row; 3] = [Row::A, Row::B, Row::C];

    /// 0 for A, 1 for B, 2 for C.
    pub const fn index(self) -> u8 {
        self as u8
    }

    /// The row of an index `0..3`.
    pub const fn from_index(i: u8) -> Option<Row> {
        match i {
            0 => Some(Row::A),
            1 => Some(Row::B),
            2 => Some(Row::C),
            _ => None,
        }
    }

    /// The row's letter.
    pub const fn letter(self) -> char {
        match self {
            Row::A => 'A',
            Row::B => 'B',
            Row::C => 'C',
        }
    }

    /// The row of a letter, either case.
    pub const fn from_letter(c: char) -> Option<Row> {
        match c {
            'A' | 'a' => Some(Row::A),
            'B' | 'b' => Some(Row::B),
            'C' | 'c' => Some(Row::C),
            _ => None,
        }
    }
}

impl fmt::Display for Row {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// A lane, numbered 1–8 as people count them.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(type = "number"))]
#[serde(try_from = "u8", into = "u8")]
pub struct Lane(u8);

/// A lane number outside 1–8.
#[derive(Clone, Copy, PartialEq, Eq, Debug, thiserror::Error)]
#[error("lane {0} is not between 1 and 8")]
pub struct LaneOutOfRange(pub u8);

impl Lane {
    /// Builds lane `n`.
    ///
    /// # Panics
    /// If `n` is not in `1..=8`; use `Lane::try_from` for untrusted numbers.
    #[track_caller]
    pub const fn new(n: u8) -> Lane {
        assert!(n >= 1 && n <= LANES, "lane out of range");
        Lane(n)
    }

    /// The lane number, 1–8.
    pub const fn number(self) -> u8 {
        self.0
    }

    /// Lanes 1 to 8 in order.
    pub fn all() -> impl Iterator<Item = Lane> + Clone {
        (1..=LANES).map(Lane)
    }

    /// The zone this lane lies in (Grid seed, "Zones": lanes 1–4 are Z1, 5–8 are Z2).
    pub const fn zone(self) -> Zone {
        if self.0 <= 4 { Zone::Z1 } else { Zone::Z2 }
    }

    /// The lane `delta` lanes away, if it is on the board.
    #[must_use]
    pub fn offset(self, delta: i8) -> Option<Lane> {
        let n = i16::from(self.0) + i16::from(delta);
        u8::try_from(n).ok().and_then(|n| Lane::try_from(n).ok())
    }
}

impl TryFrom<u8> for Lane {
    type Error = LaneOutOfRange;
    fn try_from(n: u8) -> Result<Lane, LaneOutOfRange> {
        if (1..=LANES).contains(&n) {
            Ok(Lane(n))
        } else {
            Err(LaneOutOfRange(n))
        }
    }
}

impl From<Lane> for u8 {
    fn from(l: Lane) -> u8 {
        l.0
    }
}

impl fmt::Display for Lane {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// A zone: the left (Z1, lanes 1–4) or right (Z2, lanes 5–8) half of a grid's lanes.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum Zone {
    /// Lanes 1–4.
    Z1,
    /// Lanes 5–8.
    Z2,
}

impl Zone {
    /// Z1, Z2.
    pub const ALL: [Zone; 2] = [Zone::Z1, Zone::Z2];

    /// The zone's lanes, lowest first.
    pub fn lanes(self) -> impl Iterator<Item = Lane> + Clone {
        let first = match self {
            Zone::Z1 => 1,
            Zone::Z2 => 5,
        };
        (first..first + 4).map(Lane)
    }

    /// The zone's number, 1 or 2.
    pub const fn number(self) -> u8 {
        match self {
            Zone::Z1 => 1,
            Zone::Z2 => 2,
        }
    }
}

gridwright_engine::display_number!(Zone => "Z");

/// A sector: a zone cut by depth. S1/S2 are the A and B rows of Z1/Z2, S3/S4 the C row
/// (Grid seed, "Sectors" and its `get_sector`).
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum Sector {
    /// Z1, rows A and B (8 tiles).
    S1,
    /// Z2, rows A and B (8 tiles).
    S2,
    /// Z1, row C (4 tiles).
    S3,
    /// Z2, row C (4 tiles).
    S4,
}

impl Sector {
    /// S1 to S4.
    pub const ALL: [Sector; 4] = [Sector::S1, Sector::S2, Sector::S3, Sector::S4];

    /// The sector of a row and a lane, exactly as the seed computes it.
    pub const fn of(row: Row, lane: Lane) -> Sector {
        match (row, lane.zone()) {
            (Row::A | Row::B, Zone::Z1) => Sector::S1,
            (Row::A | Row::B, Zone::Z2) => Sector::S2,
            (Row::C, Zone::Z1) => Sector::S3,
            (Row::C, Zone::Z2) => Sector::S4,
        }
    }

    /// The zone the sector lies in.
    pub const fn zone(self) -> Zone {
        match self {
            Sector::S1 | Sector::S3 => Zone::Z1,
            Sector::S2 | Sector::S4 => Zone::Z2,
        }
    }

    /// Whether the sector covers `row`.
    pub const fn has_row(self, row: Row) -> bool {
        match self {
            Sector::S1 | Sector::S2 => !matches!(row, Row::C),
            Sector::S3 | Sector::S4 => matches!(row, Row::C),
        }
    }

    /// The sector's number, 1–4.
    pub const fn number(self) -> u8 {
        self as u8 + 1
    }
}

gridwright_engine::display_number!(Sector => "S");

/// A direction of one movement step, from the moving card's owner's seat: forward is toward the
/// opponent, right is the owner's right hand. Listed clockwise from forward.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Step {
    /// Toward the opponent.
    Forward,
    /// Diagonally forward and right.
    ForwardRight,
    /// To the owner's right.
    Right,
    /// Diagonally back and right.
    BackRight,
    /// Toward the owner's back row.
    Back,
    /// Diagonally back and left.
    BackLeft,
    /// To the owner's left.
    Left,
    /// Diagonally forward and left.
    ForwardLeft,
}

impl Step {
    /// The eight steps, clockwise from forward (Grid seed, "Movement Directions").
    pub const ALL: [Step; 8] = [
        Step::Forward,
        Step::ForwardRight,
        Step::Right,
        Step::BackRight,
        Step::Back,
        Step::BackLeft,
        Step::Left,
        Step::ForwardLeft,
    ];

    /// `(forward, right)` in `-1..=1`, from the owner's seat.
    pub const fn delta(self) -> (i8, i8) {
        match self {
            Step::Forward => (1, 0),
            Step::ForwardRight => (1, 1),
            Step::Right => (0, 1),
            Step::BackRight => (-1, 1),
            Step::Back => (-1, 0),
            Step::BackLeft => (-1, -1),
            Step::Left => (0, -1),
            Step::ForwardLeft => (1, -1),
        }
    }

    /// Whether the step crosses a face (not a corner).
    pub const fn is_orthogonal(self) -> bool {
        matches!(self, Step::Forward | Step::Right | Step::Back | Step::Left)
    }
}

/// One tile of the battlefield: a seat's grid, a row and a lane. It cannot be off the board.
///
/// Text form `P2:B5` (the grid's owner, then row and lane as the seed writes them).
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(type = "string"))]
#[serde(try_from = "String", into = "String")]
pub struct Tile(u8);

/// Why a tile could not be built or parsed.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum TileError {
    /// Only seats P1 and P2 own a grid.
    #[error("{0} owns no grid: Starcore has two seats, P1 and P2")]
    NoSuchGrid(Seat),
    /// The text is not `P<seat>:<row><lane>`.
    #[error(
        "`{0}` is not a tile: write the grid owner, a colon, the row A-C and the lane 1-8, as in P2:B5"
    )]
    Syntax(String),
}

impl Tile {
    /// The tile of `owner`'s grid at `row`, `lane`.
    ///
    /// # Panics
    /// If `owner` is neither P1 nor P2; use [`Tile::try_new`] for untrusted seats.
    #[track_caller]
    pub const fn new(owner: Seat, row: Row, lane: Lane) -> Tile {
        assert!(owner.index() < SEATS, "only P1 and P2 own a grid");
        Tile((owner.index() * TILES_PER_GRID) as u8 + row.index() * LANES + lane.0 - 1)
    }

    /// The tile of `owner`'s grid at `row`, `lane`, or an error naming the seat.
    ///
    /// # Errors
    /// [`TileError::NoSuchGrid`] if `owner` is neither P1 nor P2.
    pub const fn try_new(owner: Seat, row: Row, lane: Lane) -> Result<Tile, TileError> {
        if owner.index() < SEATS {
            Ok(Tile::new(owner, row, lane))
        } else {
            Err(TileError::NoSuchGrid(owner))
        }
    }

    /// The tile with index `i` (`0..48`).
    pub const fn from_index(i: usize) -> Option<Tile> {
        if i < TILES { Some(Tile(i as u8)) } else { None }
    }

    /// The index `0..48`: owner-major, then row A–C, then lane 1–8.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The seat whose grid this tile is on.
    pub const fn owner(self) -> Seat {
        if (self.0 as usize) < TILES_PER_GRID {
            P1
        } else {
            P2
        }
    }

    /// The row, named from the grid owner's side.
    pub const fn row(self) -> Row {
        match Row::from_index((self.0 as usize % TILES_PER_GRID) as u8 / LANES) {
            Some(r) => r,
            None => Row::C, // unreachable: the index is below 24
        }
    }

    /// The lane, 1–8.
    pub const fn lane(self) -> Lane {
        Lane(self.0 % LANES + 1)
    }

    /// The zone of the tile's lane.
    pub const fn zone(self) -> Zone {
        self.lane().zone()
    }

    /// The sector of the tile on its grid.
    pub const fn sector(self) -> Sector {
        Sector::of(self.row(), self.lane())
    }

    /// Every tile of the battlefield in index order (P1's grid first).
    pub fn all() -> impl Iterator<Item = Tile> + Clone {
        (0..TILES as u8).map(Tile)
    }

    /// Every tile of `owner`'s grid in index order (none for a seat other than P1 and P2).
    pub fn on_grid(owner: Seat) -> impl Iterator<Item = Tile> + Clone {
        let (first, len) = match Tile::try_new(owner, Row::A, Lane(1)) {
            Ok(t) => (t.0, TILES_PER_GRID as u8),
            Err(_) => (0, 0),
        };
        (first..first + len).map(Tile)
    }

    /// The battlefield depth, 0–5, counted from P1's back row: P1's C, B, A are 0, 1, 2 and
    /// P2's A, B, C are 3, 4, 5. Adjacent depths are adjacent rows, across the grids too.
    pub const fn depth(self) -> u8 {
        let r = self.row().index();
        if self.owner().index() == 0 {
            2 - r
        } else {
            3 + r
        }
    }

    /// The tile at battlefield `depth` (0–5) and `lane`.
    pub const fn at_depth(depth: u8, lane: Lane) -> Option<Tile> {
        let (owner, row) = match depth {
            0..=2 => (P1, 2 - depth),
            3..=5 => (P2, depth - 3),
            _ => return None,
        };
        match Row::from_index(row) {
            Some(row) => Some(Tile::new(owner, row, lane)),
            None => None,
        }
    }

    /// The tile on the other grid that shares a face with this one: only A-row tiles have one
    /// (`P1:A5` faces `P2:A5`).
    pub fn across(self) -> Option<Tile> {
        (self.row() == Row::A).then(|| Tile::new(self.owner().next(SEATS), Row::A, self.lane()))
    }

    /// The tile one `step` away for a card owned by `mover`, if it is on the battlefield
    /// (`None` too for a seat other than P1 and P2, which has no side to step from). Steps may
    /// cross from one grid to the other between the A rows.
    pub fn step(self, mover: Seat, step: Step) -> Option<Tile> {
        let (forward, right) = step.delta();
        // P1 faces increasing depth with lane 1 on the left; P2 sits opposite, turned round.
        let sign = match mover {
            P1 => 1,
            P2 => -1,
            _ => return None,
        };
        let depth = i16::from(self.depth()) + i16::from(forward * sign);
        let lane = self.lane().offset(right * sign)?;
        Tile::at_depth(u8::try_from(depth).ok()?, lane)
    }

    /// The tiles sharing a face with this one **on its own grid**: 2 for a corner, 3 for an edge,
    /// 4 for an interior tile (Grid seed, "Adjacency by Position").
    pub fn grid_neighbours(self) -> TileSet {
        neighbour_table()[self.index()].0
    }

    fn compute_grid_neighbours(self) -> TileSet {
        let mut set = TileSet::EMPTY;
        let (row, lane, owner) = (self.row().index(), self.lane(), self.owner());
        for (dr, dl) in [(-1i8, 0i8), (1, 0), (0, -1), (0, 1)] {
            let r = i16::from(row) + i16::from(dr);
            let (Ok(r), Some(l)) = (u8::try_from(r), lane.offset(dl)) else {
                continue;
            };
            if let Some(r) = Row::from_index(r) {
                set.insert(Tile::new(owner, r, l));
            }
        }
        set
    }

    /// The tiles sharing a face with this one on the battlefield: its grid neighbours, plus the
    /// facing A-row tile of the other grid for an A-row tile.
    pub fn neighbours(self) -> TileSet {
        neighbour_table()[self.index()].1
    }

    fn compute_neighbours(self) -> TileSet {
        let mut set = self.compute_grid_neighbours();
        if let Some(t) = self.across() {
            set.insert(t);
        }
        set
    }

    /// Whether the two tiles share a face (across the grids too).
    pub fn is_adjacent(self, other: Tile) -> bool {
        self.neighbours().contains(other)
    }

    /// The number of king steps between two tiles on the battlefield (a diagonal step counts
    /// as one, as the seed's `can_move_to` measures movement).
    pub fn chebyshev(self, other: Tile) -> u8 {
        let dd = self.depth().abs_diff(other.depth());
        let dl = self.lane().0.abs_diff(other.lane().0);
        dd.max(dl)
    }
}

/// Each tile's grid neighbours and battlefield neighbours, computed once: adjacency is asked
/// for on every stat lookup, so it is a table, not arithmetic.
impl Tile {
    /// The tiles one movement step away in any of the eight directions: the same set for
    /// either mover, since the eight steps turned round are the same eight (from a table
    /// filled once by [`Tile::step`]).
    pub fn step_neighbours(self) -> TileSet {
        static TABLE: std::sync::OnceLock<[TileSet; TILES]> = std::sync::OnceLock::new();
        TABLE.get_or_init(|| {
            std::array::from_fn(|i| {
                let t = Tile(i as u8);
                Step::ALL
                    .into_iter()
                    .filter_map(|s| t.step(P1, s))
                    .collect()
            })
        })[self.index()]
    }
}

fn neighbour_table() -> &'static [(TileSet, TileSet); TILES] {
    static TABLE: std::sync::OnceLock<[(TileSet, TileSet); TILES]> = std::sync::OnceLock::new();
    TABLE.get_or_init(|| {
        std::array::from_fn(|i| {
            let t = Tile(i as u8);
            (t.compute_grid_neighbours(), t.compute_neighbours())
        })
    })
}

impl fmt::Display for Tile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}{}", self.owner(), self.row(), self.lane())
    }
}

impl FromStr for Tile {
    type Err = TileError;
    fn from_str(s: &str) -> Result<Tile, TileError> {
        let bad = || TileError::Syntax(s.chars().take(40).collect());
        let (seat, coord) = s.trim().split_once(':').ok_or_else(bad)?;
        let seat = Seat::parse_number(seat).ok_or_else(bad)?;
        let mut chars = coord.trim().chars();
        let row = chars.next().and_then(Row::from_letter).ok_or_else(bad)?;
        let lane: u8 = chars.as_str().parse().map_err(|_| bad())?;
        let lane = Lane::try_from(lane).map_err(|_| bad())?;
        Tile::try_new(seat, row, lane)
    }
}

string_conversions!(Tile, TileError);

/// A set of tiles, one bit per tile; iterates in index order. Serialized as a list of tile
/// names.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(from = "Vec<Tile>", into = "Vec<Tile>")]
pub struct TileSet(u64);

impl TileSet {
    /// No tile.
    pub const EMPTY: TileSet = TileSet(0);
    /// Every tile of the battlefield.
    pub const ALL: TileSet = TileSet((1u64 << TILES) - 1);

    /// Every tile of `owner`'s grid (empty for a seat other than P1 and P2).
    pub fn grid(owner: Seat) -> TileSet {
        Tile::on_grid(owner).collect()
    }

    /// Whether `tile` is in the set.
    pub const fn contains(self, tile: Tile) -> bool {
        self.0 & (1 << tile.0) != 0
    }

    /// Adds `tile`; returns whether it was new.
    pub fn insert(&mut self, tile: Tile) -> bool {
        let new = !self.contains(tile);
        self.0 |= 1 << tile.0;
        new
    }

    /// Removes `tile`; returns whether it was there.
    pub fn remove(&mut self, tile: Tile) -> bool {
        let had = self.contains(tile);
        self.0 &= !(1 << tile.0);
        had
    }

    /// The set with `tile` added.
    #[must_use]
    pub const fn with(self, tile: Tile) -> TileSet {
        TileSet(self.0 | 1 << tile.0)
    }

    /// Tiles in either set.
    #[must_use]
    pub const fn union(self, o: TileSet) -> TileSet {
        TileSet(self.0 | o.0)
    }

    /// Tiles in both sets.
    #[must_use]
    pub const fn intersection(self, o: TileSet) -> TileSet {
        TileSet(self.0 & o.0)
    }

    /// Tiles in this set and not in `o`.
    #[must_use]
    pub const fn difference(self, o: TileSet) -> TileSet {
        TileSet(self.0 & !o.0)
    }

    /// Number of tiles.
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set is empty.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The tiles, lowest index first.
    pub fn iter(self) -> impl Iterator<Item = Tile> + Clone {
        let mut bits = self.0;
        std::iter::from_fn(move || {
            if bits == 0 {
                return None;
            }
            let i = bits.trailing_zeros() as u8;
            bits &= bits - 1;
            Some(Tile(i))
        })
    }
}

set_conversions!(TileSet, Tile);

impl fmt::Debug for TileSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set()
            .entries(self.iter().map(|t| t.to_string()))
            .finish()
    }
}

impl fmt::Display for TileSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names: Vec<String> = self.iter().map(|t| t.to_string()).collect();
        write!(f, "{{{}}}", names.join(", "))
    }
}

/// One optional value per tile of the battlefield, e.g. the card on each tile (a card stands on
/// one tile, and a tile holds at most one card: Grid seed, "Tiles").
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct TileMap<T> {
    slots: [Option<T>; TILES],
    /// The tiles holding a value (kept with `slots`, so iteration skips empty tiles).
    occupied: TileSet,
}

impl<T> Default for TileMap<T> {
    fn default() -> Self {
        TileMap {
            slots: std::array::from_fn(|_| None),
            occupied: TileSet::EMPTY,
        }
    }
}

impl<T> TileMap<T> {
    /// A map with every tile empty.
    pub fn new() -> Self {
        Self::default()
    }

    /// The value on `tile`.
    pub fn get(&self, tile: Tile) -> Option<&T> {
        self.slots[tile.index()].as_ref()
    }

    /// The value on `tile`, to change it.
    pub fn get_mut(&mut self, tile: Tile) -> Option<&mut T> {
        self.slots[tile.index()].as_mut()
    }

    /// Puts `value` on `tile`, returning what was there.
    pub fn insert(&mut self, tile: Tile, value: T) -> Option<T> {
        self.occupied.insert(tile);
        self.slots[tile.index()].replace(value)
    }

    /// Empties `tile`, returning what was there.
    pub fn remove(&mut self, tile: Tile) -> Option<T> {
        self.occupied.remove(tile);
        self.slots[tile.index()].take()
    }

    /// Moves the value on `from` to `to`, which must be empty; returns whether it moved.
    pub fn relocate(&mut self, from: Tile, to: Tile) -> bool {
        if from == to || self.slots[to.index()].is_some() {
            return false;
        }
        match self.slots[from.index()].take() {
            Some(v) => {
                self.slots[to.index()] = Some(v);
                self.occupied.remove(from);
                self.occupied.insert(to);
                true
            }
            None => false,
        }
    }

    /// The occupied tiles and their values, in tile order.
    pub fn iter(&self) -> impl Iterator<Item = (Tile, &T)> {
        self.occupied
            .iter()
            .filter_map(|t| Some((t, self.slots[t.index()].as_ref()?)))
    }

    /// The occupied tiles.
    pub fn occupied(&self) -> TileSet {
        self.occupied
    }

    /// Whether no tile holds a value.
    pub fn is_empty(&self) -> bool {
        self.occupied.is_empty()
    }
}

/// A place off the battlefield where a player's cards can be (Grid seed, "Off-Board Areas";
/// the hand is where drawn cards wait). Each player has one of each. The seed's dice and
/// counters areas hold no cards, so they are not places.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Area {
    /// The face-down draw pile.
    Deck,
    /// Cards drawn and not yet played; hidden from the opponent.
    Hand,
    /// The face-up discard pile: destroyed cards and spent Actions; Salvage draws from it.
    Scrapyard,
    /// Permanent exile: nothing returns from it unless a card says so.
    Void,
    /// Where the Commander waits before it is placed on the grid.
    CommanderArea,
}

impl Area {
    /// Every area.
    pub const ALL: [Area; 5] = [
        Area::Deck,
        Area::Hand,
        Area::Scrapyard,
        Area::Void,
        Area::CommanderArea,
    ];
}

/// Where a card is: on a tile, or in one of its owner's off-board areas.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Place {
    /// On the battlefield.
    Tile(Tile),
    /// In `owner`'s off-board `area`.
    OffBoard {
        /// Whose area.
        owner: Seat,
        /// Which area.
        area: Area,
    },
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_support::{set, t};

    #[test]
    fn each_grid_has_24_tiles_of_8_lanes_and_3_rows() {
        for seat in [P1, P2] {
            let tiles: Vec<Tile> = Tile::on_grid(seat).collect();
            assert_eq!(tiles.len(), 24);
            assert!(tiles.iter().all(|t| t.owner() == seat));
            for row in Row::ALL {
                assert_eq!(tiles.iter().filter(|t| t.row() == row).count(), 8);
            }
        }
        assert_eq!(Tile::all().count(), 48);
        assert_eq!(TileSet::ALL.len(), 48);
    }

    #[test]
    fn tile_index_round_trips_and_text_names_owner_row_lane() {
        for tile in Tile::all() {
            assert_eq!(Tile::from_index(tile.index()), Some(tile));
            assert_eq!(Tile::new(tile.owner(), tile.row(), tile.lane()), tile);
            assert_eq!(t(&tile.to_string()), tile);
        }
        assert_eq!(t("P2:B5").to_string(), "P2:B5");
        assert_eq!(t(" p1 : c8 "), Tile::new(P1, Row::C, Lane::new(8)));
        assert_eq!(Tile::from_index(48), None);
    }

    #[test]
    fn tiles_off_the_board_are_refused_with_a_reason() {
        for bad in ["P1:D1", "P1:A0", "P1:A9", "A5", "P9:A1", "P0:A1", "P1:", ""] {
            assert!(bad.parse::<Tile>().is_err(), "{bad}");
        }
        assert_eq!(
            "P3:A1".parse::<Tile>(),
            Err(TileError::NoSuchGrid(Seat::new(2)))
        );
        assert_eq!(Lane::try_from(0), Err(LaneOutOfRange(0)));
        assert_eq!(Lane::try_from(9), Err(LaneOutOfRange(9)));
        assert!(serde_json::from_str::<Tile>("\"P1:B9\"").is_err());
        assert_eq!(
            serde_json::to_string(&t("P2:C3")).unwrap_or_default(),
            "\"P2:C3\""
        );
    }

    #[test]
    fn zones_split_lanes_1_to_4_from_5_to_8() {
        for lane in Lane::all() {
            let expected = if lane.number() <= 4 {
                Zone::Z1
            } else {
                Zone::Z2
            };
            assert_eq!(lane.zone(), expected);
        }
        assert_eq!(
            Zone::Z1.lanes().map(Lane::number).collect::<Vec<_>>(),
            [1, 2, 3, 4]
        );
        assert_eq!(
            Zone::Z2.lanes().map(Lane::number).collect::<Vec<_>>(),
            [5, 6, 7, 8]
        );
        // Each zone holds 12 tiles of a grid (Grid seed, Quick Reference).
        for z in Zone::ALL {
            assert_eq!(Tile::on_grid(P1).filter(|t| t.zone() == z).count(), 12);
        }
        // Common Mistake 4: B5 is in Zone 2, B3 in Zone 1.
        assert_eq!(t("P1:B5").zone(), Zone::Z2);
        assert_eq!(t("P1:B3").zone(), Zone::Z1);
    }

    #[test]
    fn sectors_follow_the_seed_mapping_table() {
        let on = |s: Sector| -> TileSet { Tile::on_grid(P1).filter(|t| t.sector() == s).collect() };
        assert_eq!(
            on(Sector::S1),
            set(&[
                "P1:A1", "P1:A2", "P1:A3", "P1:A4", "P1:B1", "P1:B2", "P1:B3", "P1:B4"
            ])
        );
        assert_eq!(
            on(Sector::S2),
            set(&[
                "P1:A5", "P1:A6", "P1:A7", "P1:A8", "P1:B5", "P1:B6", "P1:B7", "P1:B8"
            ])
        );
        assert_eq!(on(Sector::S3), set(&["P1:C1", "P1:C2", "P1:C3", "P1:C4"]));
        assert_eq!(on(Sector::S4), set(&["P1:C5", "P1:C6", "P1:C7", "P1:C8"]));
        // Common Mistake 5: C5 is in Sector 4, not Sector 2.
        assert_eq!(t("P2:C5").sector(), Sector::S4);
        for s in Sector::ALL {
            for tile in Tile::all() {
                assert_eq!(
                    tile.sector() == s,
                    s.has_row(tile.row()) && s.zone() == tile.zone()
                );
            }
        }
    }

    #[test]
    fn adjacency_is_face_only_corner_2_edge_3_interior_4() {
        // The seed's table and examples 1-3, on P1's grid.
        assert_eq!(t("P1:A1").grid_neighbours(), set(&["P1:A2", "P1:B1"]));
        assert_eq!(
            t("P1:A4").grid_neighbours(),
            set(&["P1:A3", "P1:A5", "P1:B4"])
        );
        assert_eq!(
            t("P1:B2").grid_neighbours(),
            set(&["P1:A2", "P1:B1", "P1:B3", "P1:C2"])
        );
        assert_eq!(
            t("P1:B4").grid_neighbours(),
            set(&["P1:A4", "P1:B3", "P1:B5", "P1:C4"])
        );
        // Diagonals are never adjacent.
        for d in ["P1:A3", "P1:A5", "P1:C3", "P1:C5"] {
            assert!(!t("P1:B4").is_adjacent(t(d)), "{d}");
        }
        assert!(!t("P1:A1").is_adjacent(t("P1:B2")));
        // Example 4: adjacency crosses the zone boundary.
        assert!(t("P1:B4").is_adjacent(t("P1:B5")));
        assert_ne!(t("P1:B4").zone(), t("P1:B5").zone());
    }

    #[test]
    fn seed_edge_example_b2_also_touches_c2_on_the_full_grid() {
        // The seed's adjacency example 2 draws B2 in a window of rows A and B only and lists
        // three neighbours; on the full 3-row grid B2 also touches C2, so it is interior (four
        // neighbours), as the seed's own table classes B4. Recorded in docs/rules/starcore.md.
        assert_eq!(t("P1:B2").grid_neighbours().len(), 4);
        assert_eq!(t("P1:B1").grid_neighbours().len(), 3);
    }

    #[test]
    fn the_two_a_rows_share_faces_across_the_grids() {
        for lane in Lane::all() {
            let a1 = Tile::new(P1, Row::A, lane);
            let a2 = Tile::new(P2, Row::A, lane);
            assert!(a1.is_adjacent(a2) && a2.is_adjacent(a1));
            assert_eq!(a1.across(), Some(a2));
            assert_eq!(a1.neighbours().len(), a1.grid_neighbours().len() + 1);
        }
        assert!(
            !t("P1:A4").is_adjacent(t("P2:A5")),
            "diagonal across the grids"
        );
        assert!(!t("P1:B4").is_adjacent(t("P2:B4")));
        assert_eq!(t("P1:B4").across(), None);
    }

    #[test]
    fn movement_steps_go_8_ways_from_the_owners_seat() {
        let b4 = t("P1:B4");
        assert_eq!(b4.step(P1, Step::Forward), Some(t("P1:A4")));
        assert_eq!(b4.step(P1, Step::Right), Some(t("P1:B5")));
        assert_eq!(b4.step(P1, Step::BackLeft), Some(t("P1:C3")));
        // P2 sits opposite: its forward is toward P1, its right toward lane 1.
        assert_eq!(b4.step(P2, Step::Forward), Some(t("P1:C4")));
        assert_eq!(b4.step(P2, Step::Right), Some(t("P1:B3")));
        // Crossing between the grids, straight and diagonally.
        assert_eq!(t("P1:A4").step(P1, Step::Forward), Some(t("P2:A4")));
        assert_eq!(t("P1:A4").step(P1, Step::ForwardRight), Some(t("P2:A5")));
        assert_eq!(t("P2:A4").step(P2, Step::Forward), Some(t("P1:A4")));
        // Off the board.
        assert_eq!(t("P1:C1").step(P1, Step::Back), None);
        assert_eq!(t("P1:C1").step(P1, Step::Left), None);
        assert_eq!(t("P2:C8").step(P1, Step::Forward), None);
        // Every step from an interior tile lands on a distinct tile one king step away.
        let targets: TileSet = Step::ALL.iter().filter_map(|s| b4.step(P1, *s)).collect();
        assert_eq!(targets.len(), 8);
        assert!(targets.iter().all(|x| b4.chebyshev(x) == 1));
        // The orthogonal steps reach exactly the face neighbours.
        let faces: TileSet = Step::ALL
            .iter()
            .filter(|s| s.is_orthogonal())
            .filter_map(|s| b4.step(P1, *s))
            .collect();
        assert_eq!(faces, b4.neighbours());
    }

    #[test]
    fn a_seat_without_a_grid_has_no_tiles_and_no_steps() {
        let p3 = Seat::new(2);
        assert_eq!(Tile::on_grid(p3).count(), 0);
        assert!(TileSet::grid(p3).is_empty());
        assert!(Step::ALL.iter().all(|s| t("P1:B4").step(p3, *s).is_none()));
        assert_eq!(
            Tile::try_new(p3, Row::A, Lane::new(1)),
            Err(TileError::NoSuchGrid(p3))
        );
    }

    #[test]
    fn step_neighbours_are_the_eight_steps_of_either_mover() {
        for tile in Tile::all() {
            for mover in [P1, P2] {
                let steps: TileSet = Step::ALL
                    .into_iter()
                    .filter_map(|s| tile.step(mover, s))
                    .collect();
                assert_eq!(tile.step_neighbours(), steps, "{tile} for {mover}");
            }
        }
    }

    #[test]
    fn chebyshev_counts_diagonal_steps_as_one() {
        assert_eq!(t("P1:B3").chebyshev(t("P1:B5")), 2);
        assert_eq!(t("P1:B4").chebyshev(t("P1:A5")), 1);
        assert_eq!(t("P1:C1").chebyshev(t("P2:C1")), 5);
        assert_eq!(t("P1:A4").chebyshev(t("P2:A5")), 1);
    }

    #[test]
    fn depth_orders_the_six_rows_across_both_grids() {
        let lane = Lane::new(3);
        let order: Vec<String> = (0..6)
            .filter_map(|d| Tile::at_depth(d, lane))
            .map(|x| x.to_string())
            .collect();
        assert_eq!(
            order,
            ["P1:C3", "P1:B3", "P1:A3", "P2:A3", "P2:B3", "P2:C3"]
        );
        assert_eq!(Tile::at_depth(6, lane), None);
        for tile in Tile::all() {
            assert_eq!(Tile::at_depth(tile.depth(), tile.lane()), Some(tile));
        }
    }

    #[test]
    fn tile_map_holds_one_value_per_tile() {
        let mut m: TileMap<u8> = TileMap::new();
        assert_eq!(m.insert(t("P1:B3"), 1), None);
        assert_eq!(m.insert(t("P1:B3"), 2), Some(1));
        m.insert(t("P2:A1"), 3);
        assert!(!m.relocate(t("P1:B3"), t("P2:A1")), "target occupied");
        assert!(m.relocate(t("P1:B3"), t("P1:B5")));
        assert_eq!(m.get(t("P1:B3")), None);
        assert_eq!(m.get(t("P1:B5")), Some(&2));
        assert_eq!(m.occupied(), set(&["P1:B5", "P2:A1"]));
        assert_eq!(m.remove(t("P2:A1")), Some(3));
        assert_eq!(m.iter().count(), 1);
    }

    #[test]
    fn tile_set_operations() {
        let a = set(&["P1:A1", "P2:C8"]);
        let b = set(&["P2:C8", "P1:B2"]);
        assert_eq!(a.union(b).len(), 3);
        assert_eq!(a.intersection(b), set(&["P2:C8"]));
        assert_eq!(a.difference(b), set(&["P1:A1"]));
        assert_eq!(a.to_string(), "{P1:A1, P2:C8}");
        assert_eq!(TileSet::grid(P2).len(), 24);
        let json = serde_json::to_string(&a).unwrap_or_default();
        assert_eq!(json, r#"["P1:A1","P2:C8"]"#);
        assert_eq!(serde_json::from_str::<TileSet>(&json).ok(), Some(a));
        assert!(serde_json::from_str::<TileSet>(r#"["P1:A9"]"#).is_err());
        assert!(TileSet::grid(P1).intersection(TileSet::grid(P2)).is_empty());
    }
}
