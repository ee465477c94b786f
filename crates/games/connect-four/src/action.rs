//! The vocabulary of the game: columns, the one kind of action, and the events it causes.

use gridwright_engine::Seat;
use serde::{Deserialize, Serialize};

/// A column of the board, zero-based inside the code and in JSON (`0..7`), shown one-based to
/// people (`1..=7`), like [`Seat`].
///
/// # Examples
/// ```
/// use gridwright_connect_four::Column;
/// let c = Column::new(3);
/// assert_eq!(c.number(), 4);
/// assert_eq!(c.to_string(), "4");
/// assert!(Column::try_from(7).is_err());
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(type = "number"))]
#[serde(try_from = "u8", into = "u8")]
pub struct Column(u8);

impl Column {
    /// Number of columns on the board.
    pub const COUNT: usize = 7;

    /// Builds a column from a zero-based index.
    ///
    /// # Panics
    /// If `index >= 7`; use `Column::try_from` or [`Column::from_number`] for untrusted input.
    #[track_caller]
    pub const fn new(index: u8) -> Column {
        assert!(
            (index as usize) < Column::COUNT,
            "column index out of range"
        );
        Column(index)
    }

    /// Zero-based index.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// One-based number, as people count columns.
    pub const fn number(self) -> u8 {
        self.0 + 1
    }

    /// The column with one-based number `n` (`1..=7`), if there is one.
    pub const fn from_number(n: u8) -> Option<Column> {
        if n >= 1 && n as usize <= Column::COUNT {
            Some(Column(n - 1))
        } else {
            None
        }
    }

    /// All columns, left to right.
    pub fn all() -> impl Iterator<Item = Column> + Clone {
        (0..Column::COUNT as u8).map(Column)
    }
}

/// Error for a column index that is out of range.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("column index {0} is out of range (the board has 7 columns, 0 to 6)")]
pub struct ColumnOutOfRange(pub u8);

impl TryFrom<u8> for Column {
    type Error = ColumnOutOfRange;
    fn try_from(v: u8) -> Result<Self, Self::Error> {
        if (v as usize) < Column::COUNT {
            Ok(Column(v))
        } else {
            Err(ColumnOutOfRange(v))
        }
    }
}

impl From<Column> for u8 {
    fn from(c: Column) -> u8 {
        c.0
    }
}

gridwright_engine::display_number!(Column);

/// A player's move: drop a disc into a column. Its text form is `drop 4` (one-based column);
/// its JSON form is `{"drop":3}` (zero-based).
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Action {
    /// Drop a disc into this column; it falls to the lowest empty cell.
    Drop(Column),
}

impl Action {
    /// The column this action drops into.
    pub const fn column(self) -> Column {
        match self {
            Action::Drop(c) => c,
        }
    }
}

/// Something that happened on the board.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Event {
    /// `seat`'s disc landed in `column` at `row` (0 = bottom row).
    Dropped {
        /// Who dropped it.
        seat: Seat,
        /// Where.
        column: Column,
        /// The row it came to rest in, counted from the bottom, from 0.
        row: u8,
    },
    /// `seat` made four in a row and won.
    Won {
        /// The winner.
        seat: Seat,
    },
    /// The board filled up with no four in a row.
    Draw,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn actions_are_small() {
        assert!(std::mem::size_of::<Action>() <= 16);
        assert_eq!(std::mem::size_of::<Action>(), 1);
    }

    #[test]
    fn action_json_is_zero_based_and_text_is_one_based() {
        let a = Action::Drop(Column::new(3));
        assert_eq!(serde_json::to_string(&a).unwrap(), r#"{"drop":3}"#);
        assert_eq!(a.to_string(), "drop 4");
        assert!(serde_json::from_str::<Action>(r#"{"drop":7}"#).is_err());
    }

    #[test]
    fn column_numbers_are_one_based_for_people() {
        assert_eq!(Column::from_number(1), Some(Column::new(0)));
        assert_eq!(Column::from_number(7), Some(Column::new(6)));
        assert_eq!(Column::from_number(0), None);
        assert_eq!(Column::from_number(8), None);
    }
}
