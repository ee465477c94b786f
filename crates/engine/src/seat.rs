//! Seats, viewers and per-seat containers.
//!
//! A *seat* is a place at the table (player 1, player 2, …), not a person: the server maps people
//! and agents onto seats. Seats are zero-based inside the engine and shown one-based to people
//! (`Seat::new(0)` prints as `P1`), because every rule document numbers players from one.

use serde::{Deserialize, Serialize};
use std::fmt;

/// A seat index at the table, `0..Seat::MAX`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(type = "number"))]
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

    /// The seat after this one in an `n`-seat game, in seat order, wrapping from the last seat
    /// to the first (`P4` → `P1` with four seats).
    ///
    /// # Panics
    /// If this seat is not one of the `n` seats.
    #[track_caller]
    #[must_use]
    pub fn next(self, n: usize) -> Seat {
        assert!(self.index() < n, "{self} is not a seat of a {n}-seat game");
        Seat(((self.index() + 1) % n) as u8)
    }

    /// The seat after this one in a turn `order` (a list of distinct seats, e.g. decided by
    /// initiative), wrapping from the end to the start; `None` if this seat is not in `order`.
    pub fn next_in(self, order: &[Seat]) -> Option<Seat> {
        let i = order.iter().position(|s| *s == self)?;
        order.get((i + 1) % order.len()).copied()
    }

    /// The other seats of an `n`-seat game, in turn order starting after this one (with four
    /// seats, `P2`'s others are `P3`, `P4`, `P1`).
    pub fn others(self, n: usize) -> impl Iterator<Item = Seat> + Clone {
        let n = n.min(Seat::MAX);
        (1..n).map(move |k| Seat(((self.index() + k) % n) as u8))
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
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
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

    /// The first seat of the set after `seat` in seat order, wrapping around, with `seat`
    /// itself last: the next seat still in play when the set holds the seats still in play.
    /// `None` if the set is empty.
    pub fn next_after(self, seat: Seat) -> Option<Seat> {
        (1..=Seat::MAX)
            .map(|k| Seat(((seat.index() + k) % Seat::MAX) as u8))
            .find(|s| self.contains(*s))
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
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
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
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
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

    /// The values in seat order, as a `Vec`.
    pub fn into_vec(self) -> Vec<T> {
        self.0
    }

    /// Each value mapped through `f`, still per seat.
    pub fn map<U>(self, f: impl FnMut(T) -> U) -> PerSeat<U> {
        PerSeat(self.0.into_iter().map(f).collect())
    }
}

impl<T> FromIterator<T> for PerSeat<T> {
    /// The values of seats `P1`, `P2`, … in order.
    fn from_iter<I: IntoIterator<Item = T>>(iter: I) -> Self {
        PerSeat(iter.into_iter().collect())
    }
}

/// Compares with values listed in seat order (`assert_eq!(game.returns(), [1.0, -1.0])`).
impl<T: PartialEq, const N: usize> PartialEq<[T; N]> for PerSeat<T> {
    fn eq(&self, other: &[T; N]) -> bool {
        self.0.as_slice() == other.as_slice()
    }
}

/// Compares with values listed in seat order.
impl<T: PartialEq> PartialEq<Vec<T>> for PerSeat<T> {
    fn eq(&self, other: &Vec<T>) -> bool {
        &self.0 == other
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

/// One value per seat of a game whose seat count `N` is fixed, stored inline.
///
/// [`PerSeat`] holds its values in a `Vec`, which is right for observations, events and other
/// values made once. A game state that search clones thousands of times a second (and promises
/// to clone without allocating) keeps its per-seat counters here instead: it is `Copy` when `T`
/// is, and indexed by [`Seat`] like [`PerSeat`]. [`SeatArray::to_per_seat`] converts for output.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct SeatArray<T, const N: usize>([T; N]);

impl<T, const N: usize> SeatArray<T, N> {
    /// Builds a value for each of the `N` seats.
    ///
    /// # Panics
    /// If `N > Seat::MAX`.
    pub fn from_fn(mut f: impl FnMut(Seat) -> T) -> Self {
        SeatArray(std::array::from_fn(|i| f(Seat::new(i as u8))))
    }

    /// `(seat, value)` pairs in seat order.
    pub fn iter(&self) -> impl Iterator<Item = (Seat, &T)> {
        self.0.iter().enumerate().map(|(i, v)| (Seat(i as u8), v))
    }

    /// The values as a slice in seat order.
    pub fn as_slice(&self) -> &[T] {
        &self.0
    }

    /// The values as a [`PerSeat`], e.g. for an observation or event.
    pub fn to_per_seat(&self) -> PerSeat<T>
    where
        T: Clone,
    {
        PerSeat(self.0.to_vec())
    }
}

impl<T: Default, const N: usize> Default for SeatArray<T, N> {
    fn default() -> Self {
        SeatArray(std::array::from_fn(|_| T::default()))
    }
}

impl<T, const N: usize> std::ops::Index<Seat> for SeatArray<T, N> {
    type Output = T;
    fn index(&self, s: Seat) -> &T {
        &self.0[s.index()]
    }
}

impl<T, const N: usize> std::ops::IndexMut<Seat> for SeatArray<T, N> {
    fn index_mut(&mut self, s: Seat) -> &mut T {
        &mut self.0[s.index()]
    }
}

/// Returns from a final ranking of any number of seats, ties included: `scores[i]` is seat
/// `i`'s score, higher is better (a tuple such as `(points, tiebreak)` ranks by both).
///
/// The seats are ranked and rank `r` (0 = first) of `n` is worth `1 - 2r / (n - 1)`: first 1,
/// last -1, evenly spaced between. Tied seats share the average worth of the ranks they
/// occupy. Equivalently, a seat gets
///
/// ```text
/// (seats it beats - seats that beat it) / (n - 1)
/// ```
///
/// So every value is in `[-1, 1]`, the values sum to 0 (the game is zero-sum; exactly for the
/// integers before division, up to float rounding after), and with two seats this is the usual
/// win 1, loss -1, draw 0. A lone seat, or all seats tied, get 0.
///
/// ```
/// use gridwright_engine::rank_returns;
/// assert_eq!(rank_returns(&[3, 1]), [1.0, -1.0]);
/// assert_eq!(rank_returns(&[2, 2]), [0.0, 0.0]);
/// // Four seats: P2 first, P1 and P4 tie for second and third, P3 last.
/// assert_eq!(rank_returns(&[5, 9, 0, 5]), [0.0, 1.0, -1.0, 0.0]);
/// ```
pub fn rank_returns<T: Ord>(scores: &[T]) -> PerSeat<f64> {
    let n = scores.len();
    if n < 2 {
        return PerSeat(vec![0.0; n]);
    }
    let span = (n - 1) as f64;
    scores
        .iter()
        .map(|mine| {
            let net: i64 = scores
                .iter()
                .map(|other| match mine.cmp(other) {
                    std::cmp::Ordering::Greater => 1,
                    std::cmp::Ordering::Less => -1,
                    std::cmp::Ordering::Equal => 0,
                })
                .sum();
            net as f64 / span
        })
        .collect()
}

/// Returns of a win/loss/draw game for `seats` seats: 1 for the `winner` and -1 for every other
/// seat, or 0 for all when there is no winner (a draw, or a game not over yet).
///
/// ```
/// use gridwright_engine::{Seat, win_loss_returns};
/// assert_eq!(win_loss_returns(2, Some(Seat::new(1))), [-1.0, 1.0]);
/// assert_eq!(win_loss_returns(2, None), [0.0, 0.0]);
/// ```
pub fn win_loss_returns(seats: usize, winner: Option<Seat>) -> PerSeat<f64> {
    PerSeat::from_fn(seats, |s| match winner {
        Some(w) if s == w => 1.0,
        Some(_) => -1.0,
        None => 0.0,
    })
}

/// The winner from per-seat returns: the unique seat with the highest return, else a draw
/// (`None`; also for a game of one seat). The inverse of [`win_loss_returns`].
///
/// ```
/// use gridwright_engine::{Seat, win_loss_returns, winner_of};
/// assert_eq!(winner_of(&win_loss_returns(2, Some(Seat::new(1)))), Some(Seat::new(1)));
/// assert_eq!(winner_of(&win_loss_returns(2, None)), None);
/// ```
pub fn winner_of(returns: &PerSeat<f64>) -> Option<Seat> {
    let best = returns
        .iter()
        .map(|(_, r)| *r)
        .fold(f64::NEG_INFINITY, f64::max);
    let mut top = returns.iter().filter(|(_, r)| **r == best);
    match (top.next(), top.next()) {
        (Some((seat, _)), None) if returns.len() > 1 => Some(seat),
        _ => None,
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
    fn next_seat_wraps_in_seat_order_and_in_a_given_order() {
        let p = |i| Seat::new(i);
        assert_eq!(p(0).next(4), p(1));
        assert_eq!(p(3).next(4), p(0));
        assert_eq!(p(1).next(2), p(0));
        let order = [p(2), p(0), p(3), p(1)];
        assert_eq!(p(2).next_in(&order), Some(p(0)));
        assert_eq!(p(1).next_in(&order), Some(p(2)));
        assert_eq!(p(4).next_in(&order), None);
        assert_eq!(p(0).next_in(&[p(0)]), Some(p(0)));
    }

    #[test]
    #[should_panic(expected = "P5 is not a seat of a 4-seat game")]
    fn next_seat_outside_the_game_panics() {
        let _ = Seat::new(4).next(4);
    }

    #[test]
    fn other_seats_follow_turn_order() {
        let p = |i| Seat::new(i);
        assert_eq!(p(1).others(4).collect::<Vec<_>>(), [p(2), p(3), p(0)]);
        assert_eq!(p(0).others(2).collect::<Vec<_>>(), [p(1)]);
        assert_eq!(p(0).others(1).count(), 0);
    }

    #[test]
    fn next_in_set_skips_seats_out_of_play() {
        let p = |i| Seat::new(i);
        let live = SeatSet::first(4).without(p(2));
        assert_eq!(live.next_after(p(1)), Some(p(3)));
        assert_eq!(live.next_after(p(3)), Some(p(0)));
        assert_eq!(live.next_after(p(2)), Some(p(3)));
        assert_eq!(SeatSet::EMPTY.with(p(1)).next_after(p(1)), Some(p(1)));
        assert_eq!(SeatSet::EMPTY.next_after(p(0)), None);
    }

    #[test]
    fn rank_returns_two_seats_are_win_loss_draw() {
        assert_eq!(rank_returns(&[1, 0]), [1.0, -1.0]);
        assert_eq!(rank_returns(&[0, 7]), [-1.0, 1.0]);
        assert_eq!(rank_returns(&[4, 4]), [0.0, 0.0]);
    }

    #[test]
    fn rank_returns_four_seats_with_ties() {
        let third = 1.0 / 3.0;
        // Distinct: 1, 1/3, -1/3, -1 by rank.
        assert_eq!(rank_returns(&[10, 40, 20, 30]), [-1.0, 1.0, -third, third]);
        // Two tied for first share (1 + 1/3) / 2.
        assert_eq!(
            rank_returns(&[9, 9, 1, 0]),
            [2.0 * third, 2.0 * third, -third, -1.0]
        );
        // Three tied for last share (1/3 - 1/3 - 1) / 3.
        assert_eq!(rank_returns(&[8, 1, 1, 1]), [1.0, -third, -third, -third]);
        assert_eq!(rank_returns(&[3, 3, 3, 3]), [0.0; 4]);
        // Tiebreaks by tuple order.
        assert_eq!(rank_returns(&[(5, 1), (5, 2)]), [-1.0, 1.0]);
        assert_eq!(rank_returns::<u8>(&[]), Vec::<f64>::new());
        assert_eq!(rank_returns(&[7]), [0.0]);
    }

    #[test]
    fn rank_returns_are_in_range_and_zero_sum_for_every_ranking() {
        // Every score vector over {0, 1, 2} for 1..=6 seats.
        for n in 1..=6u32 {
            for code in 0..3u32.pow(n) {
                let scores: Vec<u32> = (0..n).map(|i| code / 3u32.pow(i) % 3).collect();
                let r = rank_returns(&scores).into_vec();
                assert_eq!(r.len(), scores.len());
                assert!(
                    r.iter().all(|v| (-1.0..=1.0).contains(v)),
                    "{scores:?} {r:?}"
                );
                assert!(r.iter().sum::<f64>().abs() < 1e-12, "{scores:?} {r:?}");
                // A better score never gets less.
                for i in 0..scores.len() {
                    for j in 0..scores.len() {
                        if scores[i] > scores[j] {
                            assert!(r[i] > r[j], "{scores:?} {r:?}");
                        }
                    }
                }
                // The best seat of a field with a unique winner gets 1, a unique loser -1.
                let best = scores.iter().max().copied();
                if n > 1 && scores.iter().filter(|s| Some(**s) == best).count() == 1 {
                    assert!(r.contains(&1.0), "{scores:?} {r:?}");
                }
            }
        }
    }

    #[test]
    fn seat_array_is_indexed_by_seat_and_converts_to_per_seat() {
        let mut a: SeatArray<u8, 2> = SeatArray::default();
        a[Seat::new(1)] += 3;
        assert_eq!(a.as_slice(), [0, 3]);
        assert_eq!(a.to_per_seat(), PerSeat::from(vec![0, 3]));
        let b = SeatArray::<usize, 3>::from_fn(|s| s.index() * 2);
        assert_eq!(
            b.iter().map(|(s, v)| (s.index(), *v)).collect::<Vec<_>>(),
            [(0, 0), (1, 2), (2, 4)]
        );
    }

    #[test]
    fn seat_serde_rejects_out_of_range() {
        assert!(serde_json::from_str::<Seat>("9").is_err());
        assert_eq!(serde_json::from_str::<Seat>("1").unwrap(), Seat::new(1));
    }
}
