//! The bitboard: two 64-bit masks, one per seat, plus the height of each column.
//!
//! # Why this bit layout?
//! Cell (column `c`, row `r`) is bit `c * 7 + r`: each column takes seven bits, six for its rows
//! (bottom first) and one always-empty *sentinel* bit on top. Shifting a mask by 1 moves every
//! disc one row up, by 7 one column right, by 6 and 8 along the two diagonals. Because the
//! sentinel row is always empty, a line can never wrap from the top of one column into the
//! bottom of the next, so "four in a row" for a whole mask is four shifts and ands (the classic
//! layout of John Tromp's Fhourstones).

use crate::action::Column;
use gridwright_engine::{Seat, SeatArray};

/// Number of rows.
pub(crate) const ROWS: u8 = 6;
/// Bits per column: the rows plus the sentinel.
const STRIDE: u32 = ROWS as u32 + 1;
/// Number of cells.
pub(crate) const CELLS: u8 = ROWS * Column::COUNT as u8;

/// Discs on the board.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub(crate) struct Board {
    /// One mask per seat.
    stones: SeatArray<u64, 2>,
    /// Discs in each column, `0..=ROWS`.
    heights: [u8; Column::COUNT],
}

impl Board {
    /// Whether `column` has no room left.
    #[inline]
    pub(crate) fn is_full(&self, column: Column) -> bool {
        self.heights[column.index()] >= ROWS
    }

    /// Discs in `column`.
    #[inline]
    pub(crate) fn height(&self, column: Column) -> u8 {
        self.heights[column.index()]
    }

    /// Drops a disc of seat `who` into `column` and returns the row it lands in, and
    /// whether it completes four in a row for `who`. The column must not be full.
    #[inline]
    pub(crate) fn drop_disc(&mut self, who: Seat, column: Column) -> (u8, bool) {
        let c = column.index();
        let row = self.heights[c];
        debug_assert!(row < ROWS, "drop into full column {column}");
        self.heights[c] = row + 1;
        let mask = &mut self.stones[who];
        *mask |= 1u64 << (c as u32 * STRIDE + u32::from(row));
        (row, has_four(*mask))
    }

    /// The seat whose disc is at (`column`, `row`), rows counted from the bottom.
    pub(crate) fn cell(&self, column: Column, row: u8) -> Option<Seat> {
        if row >= ROWS {
            return None;
        }
        let bit = 1u64 << (column.index() as u32 * STRIDE + u32::from(row));
        self.stones
            .iter()
            .find(|(_, mask)| *mask & bit != 0)
            .map(|(seat, _)| seat)
    }
}

/// Whether `mask` contains four set bits in a line: vertical (shift 1), the two diagonals
/// (shifts 6 and 8) or horizontal (shift 7).
#[inline]
fn has_four(mask: u64) -> bool {
    let mut found = 0;
    for shift in [1, STRIDE - 1, STRIDE, STRIDE + 1] {
        let pairs = mask & (mask >> shift);
        found |= pairs & (pairs >> (2 * shift));
    }
    found != 0
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bit(c: u32, r: u32) -> u64 {
        1 << (c * STRIDE + r)
    }

    #[test]
    fn four_bits_in_each_direction_are_found() {
        let lines = [(0, 1), (1, 0), (1, 1), (1, -1)];
        for (dc, dr) in lines {
            let (c0, r0) = if dr < 0 { (0, 3) } else { (0, 0) };
            let mask = (0..4).fold(0, |m, i| {
                m | bit((c0 + dc * i) as u32, (r0 + dr * i) as u32)
            });
            assert!(has_four(mask), "line ({dc},{dr})");
            assert!(!has_four(mask & !bit(c0 as u32, r0 as u32)));
        }
    }

    #[test]
    fn lines_do_not_wrap_through_the_sentinel_row() {
        // Top three cells of column 0 plus the bottom of column 1.
        let mask = bit(0, 3) | bit(0, 4) | bit(0, 5) | bit(1, 0);
        assert!(!has_four(mask));
    }
}
