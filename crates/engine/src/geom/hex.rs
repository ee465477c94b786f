//! Hexes in axial coordinates: directions, distances, areas and printed map codes.

use serde::{Deserialize, Serialize};
use std::fmt;
use std::ops::{Add, Sub};

/// One of the six directions from a flat-topped hex to its neighbours, clockwise from north.
///
/// Flat-topped hexes have a flat edge at the top, so straight north and south are neighbours
/// while due east and west are not (a line due east runs along hex edges).
///
/// # Examples
/// ```
/// use gridwright_engine::geom::HexDir;
/// assert_eq!(HexDir::N.rotate(1), HexDir::NE);
/// assert_eq!(HexDir::NE.opposite(), HexDir::SW);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[repr(u8)]
pub enum HexDir {
    /// Up the column.
    N = 0,
    /// Up and to the right.
    NE = 1,
    /// Down and to the right.
    SE = 2,
    /// Down the column.
    S = 3,
    /// Down and to the left.
    SW = 4,
    /// Up and to the left.
    NW = 5,
}

impl HexDir {
    /// All six directions, clockwise from north (the order of [`Hex::neighbors`]).
    pub const ALL: [HexDir; 6] = [
        HexDir::N,
        HexDir::NE,
        HexDir::SE,
        HexDir::S,
        HexDir::SW,
        HexDir::NW,
    ];

    /// Position in [`HexDir::ALL`], for per-direction arrays and flat action ids.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The axial step `(dq, dr)` one hex in this direction.
    pub const fn delta(self) -> (i32, i32) {
        match self {
            HexDir::N => (0, -1),
            HexDir::NE => (1, -1),
            HexDir::SE => (1, 0),
            HexDir::S => (0, 1),
            HexDir::SW => (-1, 1),
            HexDir::NW => (-1, 0),
        }
    }

    /// This direction turned clockwise by `steps60` sixths of a turn (negative turns
    /// anticlockwise).
    #[must_use]
    pub const fn rotate(self, steps60: i8) -> HexDir {
        let i = (self as i16 + steps60 as i16).rem_euclid(6);
        HexDir::ALL[i as usize]
    }

    /// The direction pointing the other way.
    #[must_use]
    pub const fn opposite(self) -> HexDir {
        self.rotate(3)
    }
}

/// A hex on an unbounded grid of flat-topped hexes, in axial coordinates `(q, r)`.
///
/// Stepping [`HexDir::SE`] adds one to `q`, stepping [`HexDir::S`] adds one to `r`, and the
/// implied third cube coordinate is `s = -q - r` ([`Hex::s`]). Maps printed as column and row use
/// [`Hex::from_offset`], [`Hex::to_offset`], [`Hex::code`] and [`Hex::parse_code`]. Pixel
/// positions are a presentation matter and live in the client, not here.
///
/// # Why axial coordinates?
/// Printed maps number hexes by column and row ("offset" coordinates), but in offset
/// coordinates the neighbours of a hex depend on whether its column is odd or even, so
/// distances, lines and areas all need parity special cases. Axial coordinates are a plain
/// 2-D lattice: a direction is a fixed vector, distance is one formula, and a line is linear
/// interpolation. They are the cube coordinates `(q, r, s)` with `q + r + s = 0`, storing two
/// and deriving the third, so the type is small and every value is a valid hex. Offset codes
/// are converted only at the edges: content files and displays.
///
/// # Examples
/// ```
/// use gridwright_engine::geom::{Hex, HexDir};
/// let a = Hex::parse_code("0304").unwrap();
/// let b = a.neighbor(HexDir::S).neighbor(HexDir::SE);
/// assert_eq!(a.distance(b), 2);
/// assert_eq!(b.code(), "0406");
/// ```
#[derive(
    Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Default, Serialize, Deserialize,
)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Hex {
    /// Axial column coordinate: grows towards the south-east (and, with `r`, eastward).
    pub q: i32,
    /// Axial row coordinate: grows towards the south.
    pub r: i32,
}

impl Hex {
    /// The hex at axial `(0, 0)`.
    pub const ORIGIN: Hex = Hex::new(0, 0);

    /// The hex at axial coordinates `(q, r)`.
    pub const fn new(q: i32, r: i32) -> Hex {
        Hex { q, r }
    }

    /// The third cube coordinate, `-q - r`.
    pub const fn s(self) -> i32 {
        -self.q - self.r
    }

    /// The adjacent hex in direction `dir`.
    ///
    /// # Examples
    /// ```
    /// use gridwright_engine::geom::{Hex, HexDir};
    /// assert_eq!(Hex::ORIGIN.neighbor(HexDir::NE), Hex::new(1, -1));
    /// ```
    #[must_use]
    pub const fn neighbor(self, dir: HexDir) -> Hex {
        let (dq, dr) = dir.delta();
        Hex::new(self.q + dq, self.r + dr)
    }

    /// The six adjacent hexes, in [`HexDir::ALL`] order.
    pub fn neighbors(self) -> [Hex; 6] {
        HexDir::ALL.map(|d| self.neighbor(d))
    }

    /// The number of hex steps from `self` to `other`, ignoring what lies between.
    ///
    /// Saturates at `u32::MAX` for hexes too far apart to matter on any board.
    ///
    /// # Examples
    /// ```
    /// use gridwright_engine::geom::Hex;
    /// assert_eq!(Hex::new(0, 0).distance(Hex::new(2, -3)), 3);
    /// ```
    pub fn distance(self, other: Hex) -> u32 {
        let dq = i64::from(other.q) - i64::from(self.q);
        let dr = i64::from(other.r) - i64::from(self.r);
        let ds = -dq - dr;
        let d = dq.abs().max(dr.abs()).max(ds.abs());
        u32::try_from(d).unwrap_or(u32::MAX)
    }

    /// Every hex within `radius` steps of `self` (itself included), in ascending [`Hex`]
    /// order: `3·radius·(radius+1) + 1` hexes.
    ///
    /// # Examples
    /// ```
    /// use gridwright_engine::geom::Hex;
    /// assert_eq!(Hex::ORIGIN.range(2).count(), 19);
    /// assert!(Hex::ORIGIN.range(2).all(|h| h.distance(Hex::ORIGIN) <= 2));
    /// ```
    pub fn range(self, radius: u32) -> impl Iterator<Item = Hex> + Clone {
        let n = clamp_radius(radius);
        (-n..=n).flat_map(move |dq| {
            let lo = (-n).max(-dq - n);
            let hi = n.min(-dq + n);
            (lo..=hi).map(move |dr| Hex::new(self.q + dq, self.r + dr))
        })
    }

    /// The hexes exactly `radius` steps from `self`, clockwise from the one due north
    /// (`6·radius` hexes; just `self` for radius 0).
    ///
    /// # Examples
    /// ```
    /// use gridwright_engine::geom::Hex;
    /// let ring: Vec<Hex> = Hex::ORIGIN.ring(1).collect();
    /// assert_eq!(ring, Hex::ORIGIN.neighbors());
    /// ```
    pub fn ring(self, radius: u32) -> impl Iterator<Item = Hex> + Clone {
        let n = clamp_radius(radius);
        let count = if n == 0 { 1 } else { 6 * i64::from(n) };
        (0..count).map(move |i| {
            if n == 0 {
                return self;
            }
            // Walk the six sides: side k starts at the corner `n` steps in direction k and
            // runs towards the next corner, which is direction k + 2.
            let side = (i / i64::from(n)) as usize;
            let along = (i % i64::from(n)) as i32;
            let (cq, cr) = HexDir::ALL[side].delta();
            let (wq, wr) = HexDir::ALL[(side + 2) % 6].delta();
            Hex::new(self.q + cq * n + wq * along, self.r + cr * n + wr * along)
        })
    }

    /// The hex printed at column `col`, row `row` of a map of flat-topped hexes whose
    /// odd-numbered columns sit half a hex lower than even ones ("odd-q" layout).
    ///
    /// # Examples
    /// ```
    /// use gridwright_engine::geom::{Hex, HexDir};
    /// // Column 1 is shifted down, so (1, 0) is the south-east neighbour of (0, 0)...
    /// assert_eq!(Hex::from_offset(1, 0), Hex::from_offset(0, 0).neighbor(HexDir::SE));
    /// // ...and (2, 0) is the north-east neighbour of (1, 0).
    /// assert_eq!(Hex::from_offset(2, 0), Hex::from_offset(1, 0).neighbor(HexDir::NE));
    /// ```
    pub const fn from_offset(col: i32, row: i32) -> Hex {
        Hex::new(col, row - (col - (col & 1)) / 2)
    }

    /// The `(column, row)` at which this hex is printed; inverse of [`Hex::from_offset`].
    pub const fn to_offset(self) -> (i32, i32) {
        (self.q, self.r + (self.q - (self.q & 1)) / 2)
    }

    /// The four-digit map code, column then row (`"0304"` is column 3, row 4).
    ///
    /// Codes exist for columns and rows `0..=99`. A hex outside that range gets the
    /// non-code text `"col,row"` (e.g. `"-1,4"`), which [`Hex::parse_code`] rejects, so a
    /// misplaced hex is visible rather than silently aliased to another code.
    ///
    /// # Examples
    /// ```
    /// use gridwright_engine::geom::Hex;
    /// assert_eq!(Hex::from_offset(3, 4).code(), "0304");
    /// assert_eq!(Hex::from_offset(-1, 4).code(), "-1,4");
    /// ```
    pub fn code(self) -> String {
        let (col, row) = self.to_offset();
        if (0..=99).contains(&col) && (0..=99).contains(&row) {
            format!("{col:02}{row:02}")
        } else {
            format!("{col},{row}")
        }
    }

    /// Parses a four-digit map code (column then row, surrounding spaces ignored).
    ///
    /// # Errors
    /// [`HexCodeError`] naming the text if it is not exactly four ASCII digits.
    ///
    /// # Examples
    /// ```
    /// use gridwright_engine::geom::Hex;
    /// assert_eq!(Hex::parse_code("0304"), Ok(Hex::from_offset(3, 4)));
    /// assert!(Hex::parse_code("304").is_err());
    /// ```
    pub fn parse_code(text: &str) -> Result<Hex, HexCodeError> {
        let t = text.trim();
        if t.chars().count() != 4 {
            return Err(HexCodeError::WrongLength(text.to_owned()));
        }
        let b = t.as_bytes();
        if !b.iter().all(u8::is_ascii_digit) {
            return Err(HexCodeError::NotDigits(text.to_owned()));
        }
        let digit = |i: usize| i32::from(b[i] - b'0');
        Ok(Hex::from_offset(
            digit(0) * 10 + digit(1),
            digit(2) * 10 + digit(3),
        ))
    }
}

/// Radii beyond `i32::MAX` cannot fit on any grid; clamp rather than wrap.
fn clamp_radius(radius: u32) -> i32 {
    i32::try_from(radius).unwrap_or(i32::MAX)
}

impl Add for Hex {
    type Output = Hex;
    fn add(self, o: Hex) -> Hex {
        Hex::new(self.q + o.q, self.r + o.r)
    }
}

impl Sub for Hex {
    type Output = Hex;
    fn sub(self, o: Hex) -> Hex {
        Hex::new(self.q - o.q, self.r - o.r)
    }
}

/// Why a map code could not be read as a hex.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum HexCodeError {
    /// The code is not four characters long.
    #[error(
        "hex code {0:?} is not 4 characters: expected 4 digits, column then row (e.g. \"0304\")"
    )]
    WrongLength(String),
    /// The code has four characters but not all are digits.
    #[error(
        "hex code {0:?} contains a non-digit: expected 4 digits, column then row (e.g. \"0304\")"
    )]
    NotDigits(String),
}

impl fmt::Display for HexDir {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self, f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn directions_are_clockwise_and_opposites_cancel() {
        for d in HexDir::ALL {
            let h = Hex::ORIGIN.neighbor(d).neighbor(d.opposite());
            assert_eq!(h, Hex::ORIGIN);
            assert_eq!(d.rotate(6), d);
            assert_eq!(d.rotate(-1).rotate(1), d);
        }
        assert_eq!(HexDir::NW.rotate(1), HexDir::N);
        assert_eq!(HexDir::N.rotate(-1), HexDir::NW);
    }

    #[test]
    fn neighbours_are_at_distance_one_and_distinct() {
        let n = Hex::new(3, -2).neighbors();
        for (i, a) in n.iter().enumerate() {
            assert_eq!(a.distance(Hex::new(3, -2)), 1);
            for b in &n[i + 1..] {
                assert_ne!(a, b);
            }
        }
    }

    #[test]
    fn range_and_ring_sizes() {
        let c = Hex::new(-4, 7);
        for radius in 0..6u32 {
            let area: Vec<Hex> = c.range(radius).collect();
            assert_eq!(area.len() as u32, 3 * radius * (radius + 1) + 1);
            assert!(area.windows(2).all(|w| w[0] < w[1]), "range is sorted");
            let ring: Vec<Hex> = c.ring(radius).collect();
            assert_eq!(ring.len() as u32, if radius == 0 { 1 } else { 6 * radius });
            assert!(ring.iter().all(|h| h.distance(c) == radius));
            assert!(
                ring.windows(2).all(|w| w[0].distance(w[1]) == 1),
                "ring is a walk"
            );
            let mut sorted = ring.clone();
            sorted.sort();
            sorted.dedup();
            assert_eq!(sorted.len(), ring.len(), "ring has no repeats");
        }
        assert_eq!(
            c.ring(3).next(),
            Some(Hex::new(-4, 4)),
            "ring starts due north"
        );
    }

    #[test]
    fn odd_columns_are_shifted_down() {
        // In an odd-q layout, column 1's row 0 is south-east of column 0's row 0, and
        // column 2's row 0 is north-east of it.
        let a = Hex::from_offset(0, 0);
        assert_eq!(Hex::from_offset(1, 0), a.neighbor(HexDir::SE));
        assert_eq!(Hex::from_offset(0, 1), a.neighbor(HexDir::S));
        assert_eq!(
            Hex::from_offset(2, 0),
            Hex::from_offset(1, 0).neighbor(HexDir::NE)
        );
        // Even column: neighbours of 0202 in printed codes.
        let h = Hex::parse_code("0202").unwrap();
        let codes: Vec<String> = h.neighbors().iter().map(|n| n.code()).collect();
        assert_eq!(codes, ["0201", "0301", "0302", "0203", "0102", "0101"]);
        // Odd column: neighbours of 0303.
        let h = Hex::parse_code("0303").unwrap();
        let codes: Vec<String> = h.neighbors().iter().map(|n| n.code()).collect();
        assert_eq!(codes, ["0302", "0403", "0404", "0304", "0204", "0203"]);
    }

    #[test]
    fn code_is_column_then_row() {
        assert_eq!(Hex::from_offset(3, 4).code(), "0304");
        assert_eq!(Hex::from_offset(12, 0).code(), "1200");
        assert_eq!(Hex::parse_code(" 1200 "), Ok(Hex::from_offset(12, 0)));
    }

    #[test]
    fn bad_codes_name_the_text() {
        let e = Hex::parse_code("304").unwrap_err();
        assert_eq!(e, HexCodeError::WrongLength("304".into()));
        assert!(e.to_string().contains("\"304\""), "{e}");
        let e = Hex::parse_code("03a4").unwrap_err();
        assert_eq!(e, HexCodeError::NotDigits("03a4".into()));
        assert!(e.to_string().contains("\"03a4\""), "{e}");
        assert!(Hex::parse_code("-1,4").is_err());
        assert!(Hex::parse_code("０３０４").is_err(), "only ASCII digits");
    }

    #[test]
    fn distance_saturates_instead_of_overflowing() {
        let far = Hex::new(i32::MIN, i32::MIN).distance(Hex::new(i32::MAX, i32::MAX));
        assert_eq!(far, u32::MAX);
    }
}
