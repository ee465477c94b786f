//! Seats, viewers and per-seat containers.
//!
//! A *seat* is a place at the table (player 1, player 2, …), not a person: the server maps people
//! and agents onto seats. Seats are zero-based inside the engine and shown one-based to people
//! (`Seat::new(0)` prints as `P1`), because every rule document numbers players from one.

use serde::{Deserialize, Serialize};
use std::fmt;

/// A seat index at the table, `0..Seat::MAX`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Serialize, Deserialize)]
#[serde(try_from = "u8", into = "u8")]
pub struct Seat(u8);

impl Seat {
    /// The most seats any game may have (Milkomeda has four; eight leaves room).
    pub const MAX: usize = 8;

    /// Builds a seat from a zero-based index.
    ///
    /// # Panics
    /// If `index >= Seat::MAX`; use `Seat::try_from` for untrusted numbers.
    #[track_caller]
    pub const fn new(index: u8) -> Seat {
        assert!((index as usize) < Seat::MAX, "seat index out of range");
        Seat(index)
    }

    /// Zero-based index, for indexing per-seat arrays.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// One-based number, as people count players.
    pub const fn number(self) -> u8 {
        self.0 + 1
    }

    /// All seats of an `n`-seat game, in order.
    pub fn all(n: usize) -> impl Iterator<Item = Seat> + Clone {
        (0..n.min(Seat::MAX) as u8).map(Seat)
    }

    /// Parses a one-based player number as people type it (`"1"`, `"P2"`).
    pub fn parse_number(text: &str) -> Option<Seat> {
        let t = text.trim();
        let t = t.strip_prefix(['P', 'p']).unwrap_or(t);
        let n: u8 = t.parse().ok()?;
        if n == 0 || n as usize > Seat::MAX {
            None
        } else {
            Some(Seat(n - 1))
        }
    }
}

/// Error for a seat index that is out of range.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("seat index {0} is out of range (at most {max} seats)", max = Seat::MAX)]
pub struct SeatOutOfRange(pub u8);

impl TryFrom<u8> for Seat {
    type Error = SeatOutOfRange;
    fn try_from(v: u8) -> Result<Self, Self::Error> {
        if (v as usize) < Seat::MAX {
            Ok(Seat(v))
        } else {
            Err(SeatOutOfRange(v))
        }
    }
}

impl From<Seat> for u8 {
    fn from(s: Seat) -> u8 {
        s.0
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "P{}", self.0 + 1)
    }
}

/// A set of seats, e.g. the seats that still owe a hidden simultaneous commitment.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, Debug, Serialize, Deserialize)]
pub struct SeatSet(u8);

impl SeatSet {
    /// The empty set.
    pub const EMPTY: SeatSet = SeatSet(0);

    /// The set of the first `n` seats.
    pub fn first(n: usize) -> SeatSet {
        SeatSet(((1u16 << n.min(Seat::MAX)) - 1) as u8)
    }

    /// Whether `seat` is in the set.
    pub const fn contains(self, seat: Seat) -> bool {
        self.0 & (1 << seat.0) != 0
    }

    /// The set with `seat` added.
    #[must_use]
    pub const fn with(self, seat: Seat) -> SeatSet {
        SeatSet(self.0 | (1 << seat.0))
    }

    /// The set with `seat` removed.
    #[must_use]
    pub const fn without(self, seat: Seat) -> SeatSet {
        SeatSet(self.0 & !(1 << seat.0))
    }

    /// Whether the set is empty.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Number of seats in the set.
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// The seats in the set, lowest first.
    pub fn iter(self) -> impl Iterator<Item = Seat> {
        (0..Seat::MAX as u8)
            .filter(move |i| self.0 & (1 << i) != 0)
            .map(Seat)
    }
}

impl FromIterator<Seat> for SeatSet {
    fn from_iter<I: IntoIterator<Item = Seat>>(iter: I) -> Self {
        iter.into_iter().fold(SeatSet::EMPTY, SeatSet::with)
    }
}

/// Who is looking: one seat, or a spectator who sees only public information.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Viewer {
    /// A player at this seat: sees public information plus that seat's secrets.
    Seat(Seat),
    /// Sees public information only.
    Spectator,
}

impl Viewer {
    /// Whether this viewer may see secrets that belong to `seat`.
    pub fn sees_secrets_of(self, seat: Seat) -> bool {
        self == Viewer::Seat(seat)
    }
}

impl fmt::Display for Viewer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Viewer::Seat(s) => write!(f, "{s}"),
            Viewer::Spectator => f.write_str("spectator"),
        }
    }
}

/// One value per seat, indexed by [`Seat`] rather than a bare `usize`.
#[derive(Clone, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
#[serde(transparent)]
pub struct PerSeat<T>(Vec<T>);

impl<T> PerSeat<T> {
    /// Builds a value for each of `n` seats.
    pub fn from_fn(n: usize, f: impl FnMut(Seat) -> T) -> Self {
        PerSeat(Seat::all(n).map(f).collect())
    }

    /// Number of seats.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// Whether there are no seats.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// `(seat, value)` pairs in seat order.
    pub fn iter(&self) -> impl Iterator<Item = (Seat, &T)> {
        self.0.iter().enumerate().map(|(i, v)| (Seat(i as u8), v))
    }

    /// The values as a slice in seat order.
    pub fn as_slice(&self) -> &[T] {
        &self.0
    }

    /// The value for `seat`, if the game has that seat.
    pub fn get(&self, seat: Seat) -> Option<&T> {
        self.0.get(seat.index())
    }
}

impl<T> From<Vec<T>> for PerSeat<T> {
    fn from(v: Vec<T>) -> Self {
        PerSeat(v)
    }
}

impl<T> std::ops::Index<Seat> for PerSeat<T> {
    type Output = T;
    fn index(&self, s: Seat) -> &T {
        &self.0[s.index()]
    }
}

impl<T> std::ops::IndexMut<Seat> for PerSeat<T> {
    fn index_mut(&mut self, s: Seat) -> &mut T {
        &mut self.0[s.index()]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seat_numbers_are_one_based_for_people() {
        assert_eq!(Seat::new(0).to_string(), "P1");
        assert_eq!(Seat::parse_number("2"), Some(Seat::new(1)));
        assert_eq!(Seat::parse_number("p1"), Some(Seat::new(0)));
        assert_eq!(Seat::parse_number("0"), None);
        assert_eq!(Seat::parse_number("x"), None);
        assert!(Seat::try_from(8).is_err());
    }

    #[test]
    fn seat_set_operations() {
        let s = SeatSet::first(3).without(Seat::new(1));
        assert_eq!(
            s.iter().collect::<Vec<_>>(),
            vec![Seat::new(0), Seat::new(2)]
        );
        assert_eq!(s.len(), 2);
        assert!(!s.contains(Seat::new(1)));
        assert_eq!(SeatSet::first(8).len(), 8);
    }

    #[test]
    fn seat_serde_rejects_out_of_range() {
        assert!(serde_json::from_str::<Seat>("9").is_err());
        assert_eq!(serde_json::from_str::<Seat>("1").unwrap(), Seat::new(1));
    }
}
