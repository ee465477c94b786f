//! Line of sight between hex centres, with the "either side of an edge" rule.
//!
//! The line runs from the centre of the source hex to the centre of the target hex. Only the
//! hexes strictly between them matter: a unit never blocks its own sight, nor does the target.
//! Where the line runs exactly along the edge between two hexes, sight passes if *either* of
//! them is clear (the common hex-wargame ruling).
//!
//! # How the line is computed, exactly
//! A line `N` hexes long is sampled at its `N − 1` interior points `from + (to − from)·i/N`
//! (cube coordinates), and each point is rounded to the hex containing it. A point lying
//! exactly on an edge would round arbitrarily, so each point is rounded twice, nudged by
//! `+ε·(1, 2, −3)` and by `−ε·(1, 2, −3)`: the nudge is not parallel to any hex edge, so the two
//! roundings agree when the point is inside a hex and land on the two sides when it is on an
//! edge. (Sample points are never on a corner: the cube coordinate that changes fastest is a
//! whole number at every sample.)
//!
//! Everything is integer arithmetic. Each coordinate is kept as `whole + frac/N` and advanced
//! Bresenham-style, without division. The nudge is represented by scaling the
//! fractions by 7 and adding `±1`, `±2` or `∓3`: every comparison in the rounding then has
//! real parts that are multiples of 7 and a nudge of at most 6, so the nudge breaks every tie
//! and never changes an untied comparison. The result is exact for any distance and symmetric:
//! the line from `b` to `a` visits the same points in reverse.

use super::Hex;
use serde::{Deserialize, Serialize};

/// One interior point of a line between hex centres, for displays and for sight checks.
///
/// # Examples
/// ```
/// use gridwright_engine::geom::{Hex, LineStep, line_steps};
/// // A line two hexes long, diagonally between columns, runs along an edge.
/// let steps = line_steps(Hex::new(0, 0), Hex::new(1, 1));
/// assert_eq!(steps, [LineStep::Edge(Hex::new(0, 1), Hex::new(1, 0))]);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub enum LineStep {
    /// The line passes through the middle of this hex.
    Hex(Hex),
    /// The line runs along the edge shared by these two adjacent hexes (smaller first).
    Edge(Hex, Hex),
}

impl LineStep {
    /// Whether sight passes this point: the hex is clear, or either side of the edge is.
    pub fn is_clear(self, blocks: impl Fn(Hex) -> bool) -> bool {
        match self {
            LineStep::Hex(h) => !blocks(h),
            LineStep::Edge(a, b) => !blocks(a) || !blocks(b),
        }
    }
}

/// Whether there is line of sight from `from` to `to`, given which hexes block sight.
///
/// Only the hexes strictly between the two matter; where the line runs along an edge it is
/// clear if either hex on that edge is clear. The same hex and adjacent hexes always see each
/// other, and sight is symmetric. `blocks` is asked only about hexes on the line, so it may
/// look things up lazily (terrain, units, smoke).
///
/// # Examples
/// ```
/// use gridwright_engine::geom::{Hex, line_of_sight};
/// let wood = Hex::parse_code("0102").unwrap();
/// let from = Hex::parse_code("0101").unwrap();
/// let to = Hex::parse_code("0104").unwrap();
/// assert!(!line_of_sight(from, to, |h| h == wood));
/// assert!(line_of_sight(from, to, |_| false));
/// ```
pub fn line_of_sight(from: Hex, to: Hex, blocks: impl Fn(Hex) -> bool) -> bool {
    LineWalk::new(from, to).all(|step| step.is_clear(&blocks))
}

/// The interior points of the line from `from` to `to`, in order from `from`.
///
/// A line between hexes `N` apart has `N − 1` steps (none for the same or adjacent hexes);
/// neither end hex appears. `line_steps(b, a)` is `line_steps(a, b)` reversed.
///
/// # Examples
/// ```
/// use gridwright_engine::geom::{Hex, LineStep, line_steps};
/// let (from, to) = (Hex::parse_code("0101").unwrap(), Hex::parse_code("0104").unwrap());
/// let codes: Vec<String> = line_steps(from, to)
///     .into_iter()
///     .map(|s| match s {
///         LineStep::Hex(h) => h.code(),
///         LineStep::Edge(a, b) => format!("{}|{}", a.code(), b.code()),
///     })
///     .collect();
/// assert_eq!(codes, ["0102", "0103"]);
/// ```
pub fn line_steps(from: Hex, to: Hex) -> Vec<LineStep> {
    LineWalk::new(from, to).collect()
}

/// The nudge is `±ε·(1, 2, −3)`, represented on a lattice scaled by `SCALE` (see module docs:
/// `SCALE` must exceed twice the largest nudge weight, 3, and not divide `2·weight`).
const SCALE: i64 = 7;
const NUDGE: [i64; 3] = [1, 2, -3];

/// One cube coordinate of the moving sample point, relative to the source: `whole + frac/n`.
#[derive(Clone, Copy, Debug)]
struct Axis {
    whole: i64,
    frac: i64,
    step_whole: i64,
    step_frac: i64,
}

impl Axis {
    fn new(delta: i64, n: i64) -> Axis {
        Axis {
            whole: 0,
            frac: 0,
            step_whole: delta.div_euclid(n),
            step_frac: delta.rem_euclid(n),
        }
    }

    /// Moves the point on by `delta / n`.
    fn advance(&mut self, n: i64) {
        self.whole += self.step_whole;
        self.frac += self.step_frac;
        if self.frac >= n {
            self.frac -= n;
            self.whole += 1;
        }
    }

    /// The nearest whole number to the nudged coordinate, and its distance from it (scaled by
    /// `n·SCALE`).
    fn round(self, n: i64, nudge: i64) -> (i64, i64) {
        let num = self.frac * SCALE + nudge;
        let den = n * SCALE;
        if 2 * num > den {
            (self.whole + 1, den - num)
        } else {
            (self.whole, num.abs())
        }
    }
}

/// Iterator over the interior [`LineStep`]s of a line, allocation-free.
#[derive(Clone, Debug)]
struct LineWalk {
    from: Hex,
    n: i64,
    i: i64,
    axes: [Axis; 3],
}

impl LineWalk {
    fn new(from: Hex, to: Hex) -> LineWalk {
        let n = i64::from(from.distance(to)).max(1);
        let dq = i64::from(to.q) - i64::from(from.q);
        let dr = i64::from(to.r) - i64::from(from.r);
        LineWalk {
            from,
            n,
            i: 0,
            axes: [Axis::new(dq, n), Axis::new(dr, n), Axis::new(-dq - dr, n)],
        }
    }

    /// Cube rounding of the current point nudged by `sign·ε·(1, 2, −3)`.
    fn hex_at(&self, sign: i64) -> Hex {
        let [a, b, c] = self.axes;
        let (mut q, dq) = a.round(self.n, sign * NUDGE[0]);
        let (mut r, dr) = b.round(self.n, sign * NUDGE[1]);
        let (s, ds) = c.round(self.n, sign * NUDGE[2]);
        // The rounded coordinates may not sum to zero; recompute the one that moved furthest.
        if dq > dr && dq > ds {
            q = -r - s;
        } else if dr > ds {
            r = -q - s;
        }
        // The hex lies between the two ends, so its coordinates fit in an i32.
        Hex::new(
            (i64::from(self.from.q) + q) as i32,
            (i64::from(self.from.r) + r) as i32,
        )
    }
}

impl Iterator for LineWalk {
    type Item = LineStep;

    fn next(&mut self) -> Option<LineStep> {
        if self.i + 1 >= self.n {
            return None;
        }
        self.i += 1;
        let n = self.n;
        self.axes.iter_mut().for_each(|a| a.advance(n));
        let plus = self.hex_at(1);
        let minus = self.hex_at(-1);
        Some(if plus == minus {
            LineStep::Hex(plus)
        } else {
            LineStep::Edge(plus.min(minus), plus.max(minus))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn code(c: &str) -> Hex {
        Hex::parse_code(c).unwrap()
    }

    #[test]
    fn straight_line_passes_through_hex_centres() {
        let steps = line_steps(Hex::new(0, 0), Hex::new(0, 3));
        assert_eq!(
            steps,
            [LineStep::Hex(Hex::new(0, 1)), LineStep::Hex(Hex::new(0, 2))]
        );
    }

    #[test]
    fn blocker_between_blocks_line() {
        let (from, to) = (Hex::new(0, 0), Hex::new(0, 3));
        assert!(!line_of_sight(from, to, |h| h == Hex::new(0, 1)));
        assert!(!line_of_sight(from, to, |h| h == Hex::new(0, 2)));
        assert!(line_of_sight(from, to, |h| h == Hex::new(1, 1)));
    }

    #[test]
    fn source_and_target_hexes_are_ignored() {
        let (from, to) = (Hex::new(0, 0), Hex::new(3, -1));
        assert!(line_of_sight(from, to, |h| h == from || h == to));
        assert!(line_of_sight(to, from, |h| h == from || h == to));
    }

    #[test]
    fn same_and_adjacent_hexes_always_see_each_other() {
        let h = Hex::new(2, -1);
        assert!(line_of_sight(h, h, |_| true));
        for n in h.neighbors() {
            assert!(line_of_sight(h, n, |_| true));
            assert!(line_steps(h, n).is_empty());
        }
    }

    #[test]
    fn off_axis_line_rounds_to_nearest_hexes() {
        // Cube (3, -1, -2): the points (1, -1/3, -2/3) and (2, -2/3, -4/3) are inside
        // hexes (1, 0) and (2, -1).
        let steps = line_steps(Hex::new(0, 0), Hex::new(3, -1));
        assert_eq!(
            steps,
            [
                LineStep::Hex(Hex::new(1, 0)),
                LineStep::Hex(Hex::new(2, -1))
            ]
        );
    }

    #[test]
    fn line_along_edge_is_clear_if_either_side_is_clear() {
        // Cube (1, 1, -2): the midpoint (1/2, 1/2, -1) is on the edge between (1, 0) and (0, 1).
        let (from, to) = (Hex::new(0, 0), Hex::new(1, 1));
        assert_eq!(
            line_steps(from, to),
            [LineStep::Edge(Hex::new(0, 1), Hex::new(1, 0))]
        );
        assert!(line_of_sight(from, to, |h| h == Hex::new(0, 1)));
        assert!(line_of_sight(from, to, |h| h == Hex::new(1, 0)));
    }

    #[test]
    fn line_along_edge_is_blocked_if_both_sides_block() {
        let (from, to) = (Hex::new(0, 0), Hex::new(1, 1));
        let wall = [Hex::new(0, 1), Hex::new(1, 0)];
        assert!(!line_of_sight(from, to, |h| wall.contains(&h)));
        assert!(!line_of_sight(to, from, |h| wall.contains(&h)));
    }

    #[test]
    fn long_line_mixes_edges_and_hexes() {
        // Cube (4, -2, -2): points at 1/4 and 3/4 are on edges, the midpoint is a centre.
        let steps = line_steps(Hex::new(0, 0), Hex::new(4, -2));
        assert_eq!(
            steps,
            [
                LineStep::Edge(Hex::new(1, -1), Hex::new(1, 0)),
                LineStep::Hex(Hex::new(2, -1)),
                LineStep::Edge(Hex::new(3, -2), Hex::new(3, -1)),
            ]
        );
    }

    #[test]
    fn edge_rule_in_map_codes() {
        // Odd columns sit half a hex lower, so the line along row 1 from 0001 to 0201 runs
        // exactly between 0100 and 0101.
        let (from, to) = (code("0001"), code("0201"));
        assert_eq!(
            line_steps(from, to),
            [LineStep::Edge(code("0100"), code("0101"))]
        );
        assert!(line_of_sight(from, to, |h| h == code("0100")));
        assert!(line_of_sight(from, to, |h| h == code("0101")));
        assert!(!line_of_sight(from, to, |h| h == code("0100") || h == code("0101")));

        // 0202 and 0303 are the far tips of the rhombus 0202-0302-0303-0203.
        let (from, to) = (code("0202"), code("0303"));
        assert_eq!(
            line_steps(from, to),
            [LineStep::Edge(code("0203"), code("0302"))]
        );
        assert!(line_of_sight(from, to, |h| h == code("0302")));
        assert!(!line_of_sight(from, to, |h| h == code("0203") || h == code("0302")));

        // Straight down a column, 0101 to 0104: 0102 and 0103 lie between.
        let (from, to) = (code("0101"), code("0104"));
        assert!(!line_of_sight(from, to, |h| h == code("0103")));
        assert!(line_of_sight(from, to, |h| h == code("0204")));
    }

    #[test]
    fn reversed_line_visits_the_same_points() {
        let (a, b) = (Hex::new(-3, 5), Hex::new(4, -1));
        let mut back = line_steps(b, a);
        back.reverse();
        assert_eq!(line_steps(a, b), back);
    }
}
