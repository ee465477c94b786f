//! Line of sight between hex centres, computed exactly, with the "either side of an edge" rule.
//!
//! The line is the straight segment from the centre of the source hex to the centre of the
//! target hex. Only what lies strictly between them matters: a unit never blocks its own sight,
//! nor does the target. Along the way the segment meets other hexes in one of three ways
//! ([`LineStep`]):
//!
//! - it passes through the **inside** of a hex (however little of it): that hex blocks if it is
//!   blocking;
//! - it runs **along the edge** shared by two hexes, touching the inside of neither: sight passes
//!   if *either* of them is clear (the common hex-wargame ruling);
//! - it passes exactly through a **corner** of a hex and touches nothing else of it: that hex
//!   never blocks, because the line does not cross it.
//!
//! # How the line is computed, exactly
//! Work in cube coordinates `(q, r, s)`, `q + r + s = 0`, relative to the source centre. A point
//! belongs to the closed cell of hex `c` when `max(p − c) − min(p − c) ≤ 1`, and to its inside
//! when that spread is `< 1` (the cell is the set of points nearer `c` than any other centre).
//! So every hex edge lies on one of the lines `q − r ∈ ℤ`, `r − s ∈ ℤ` or `s − q ∈ ℤ`. Those
//! three families of lines cut the plane into triangles, six to a hex: inside one open triangle
//! there is no cell boundary at all.
//!
//! The segment `p(t) = t·(to − from)`, `0 ≤ t ≤ 1`, meets the lines of a family at
//! `t = j / |g|`, where `g` is the change of that family's difference over the whole segment
//! (at most `2·distance` crossings per family). Between two consecutive crossing times the
//! segment is inside one open triangle, or lies on one line of a family; so its midpoint
//! decides the whole piece: a point with spread `< 1` about some hex is inside that hex, and a
//! point with spread exactly `1` about two hexes is on their shared edge. At a crossing time
//! where all three differences are whole numbers the segment may pass a corner of three hexes;
//! any of them that the pieces on either side do not already include is touched only at that
//! corner.
//!
//! Crossing times are compared and midpoints evaluated as exact fractions in `i128`
//! arithmetic, which cannot overflow for any pair of `i32` hexes. Nothing is sampled or
//! rounded: the result is exact for every distance, symmetric (the line from `b` to `a` meets
//! the same hexes in reverse order), and identical on every machine. A line `N` hexes long is
//! walked in `O(N)` steps without allocating.

use super::Hex;
use serde::{Deserialize, Serialize};

/// One thing a line between hex centres meets on its way, for displays and for sight checks.
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
    /// The line passes through the inside of this hex.
    Hex(Hex),
    /// The line runs along the edge shared by these two adjacent hexes (smaller first),
    /// touching the inside of neither.
    Edge(Hex, Hex),
    /// The line passes exactly through a corner of this hex and touches nothing else of it.
    Corner(Hex),
}

impl LineStep {
    /// Whether sight passes here: the hex is clear, either side of the edge is clear, or the
    /// line only touches a corner (which never blocks).
    pub fn is_clear(self, blocks: impl Fn(Hex) -> bool) -> bool {
        match self {
            LineStep::Hex(h) => !blocks(h),
            LineStep::Edge(a, b) => !blocks(a) || !blocks(b),
            LineStep::Corner(_) => true,
        }
    }
}

/// Whether there is line of sight from `from` to `to`, given which hexes block sight.
///
/// Every hex strictly between the two whose inside the centre-to-centre line enters must be
/// clear; where the line runs along an edge, either hex on that edge must be clear; a hex whose
/// corner alone the line touches does not matter (see the [module docs](self)). The same hex
/// and adjacent hexes always see each other, and sight is symmetric. `blocks` is asked only
/// about hexes the line meets, and the walk stops at the first blocked step, so it may look
/// things up lazily (terrain, units, smoke).
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
    walk(from, to, |step| step.is_clear(&blocks))
}

/// Everything the line from `from` to `to` meets strictly between them, in order from `from`.
///
/// Neither end hex appears, and nothing appears for the same or adjacent hexes. A line along a
/// row of centres meets `N − 1` hexes; an oblique line may clip more. `line_steps(b, a)` is
/// `line_steps(a, b)` reversed.
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
///         LineStep::Corner(h) => format!("<{}>", h.code()),
///     })
///     .collect();
/// assert_eq!(codes, ["0102", "0103"]);
/// ```
pub fn line_steps(from: Hex, to: Hex) -> Vec<LineStep> {
    let mut out = Vec::new();
    walk(from, to, |step| {
        out.push(step);
        true
    });
    out
}

/// A moment on the segment, `num / den` of the way along (`den > 0`).
#[derive(Clone, Copy, Debug)]
struct Time {
    num: i128,
    den: i128,
}

impl Time {
    fn less(self, o: Time) -> bool {
        self.num * o.den < o.num * self.den
    }

    fn same(self, o: Time) -> bool {
        self.num * o.den == o.num * self.den
    }
}

/// Where a point lies among the hex cells.
#[derive(Clone, Copy, Debug)]
enum Place {
    /// Inside one hex (relative cube offset).
    Inside([i128; 3]),
    /// On the boundary of these hexes only (the first `n` of the array).
    Boundary([[i128; 3]; 3], usize),
}

/// Locates the point `n / den` (cube coordinates relative to the source centre, `den > 0`).
///
/// A cell containing the point has every coordinate within `2/3` of it, so each coordinate of
/// the cell is the point's floor or ceiling: at most 8 candidates, of which those summing to
/// zero are hexes.
fn place(n: [i128; 3], den: i128) -> Place {
    let lo = n.map(|x| x.div_euclid(den));
    let span = n.map(|x| i128::from(x.rem_euclid(den) != 0));
    let mut on = [[0i128; 3]; 3];
    let mut count = 0;
    for a in 0..=span[0] {
        for b in 0..=span[1] {
            for c in 0..=span[2] {
                let cell = [lo[0] + a, lo[1] + b, lo[2] + c];
                if cell[0] + cell[1] + cell[2] != 0 {
                    continue;
                }
                let e = [0, 1, 2].map(|i| n[i] - cell[i] * den);
                let spread = e[0].max(e[1]).max(e[2]) - e[0].min(e[1]).min(e[2]);
                if spread < den {
                    return Place::Inside(cell);
                }
                if spread == den && count < on.len() {
                    on[count] = cell;
                    count += 1;
                }
            }
        }
    }
    Place::Boundary(on, count)
}

/// Walks the line from `from` to `to`, calling `visit` with each [`LineStep`] in order until it
/// returns `false`. Returns whether every call returned `true`.
fn walk(from: Hex, to: Hex, mut visit: impl FnMut(LineStep) -> bool) -> bool {
    let origin = [
        i128::from(from.q),
        i128::from(from.r),
        -i128::from(from.q) - i128::from(from.r),
    ];
    let target = [
        i128::from(to.q),
        i128::from(to.r),
        -i128::from(to.q) - i128::from(to.r),
    ];
    let d = [0, 1, 2].map(|i| target[i] - origin[i]);
    // Change of each family's difference (q − r, r − s, s − q) over the whole segment.
    let g = [0, 1, 2].map(|i| (d[i] - d[(i + 1) % 3]).abs());
    let hex = |cell: [i128; 3]| {
        // Every hex the line meets lies within the box spanned by the two ends (a cell
        // coordinate is an integer within 2/3 of a coordinate of a point on the segment), so
        // it fits in an `i32`.
        let coord =
            |i: usize, fallback: i32| i32::try_from(origin[i] + cell[i]).unwrap_or(fallback);
        Hex::new(coord(0, from.q), coord(1, from.r))
    };
    let step_of = |place: Place| match place {
        Place::Inside(c) => LineStep::Hex(hex(c)),
        // A piece of the segment between crossings is never a single point, so off every
        // hex's inside it lies on exactly one edge.
        Place::Boundary(on, _) => {
            let (a, b) = (hex(on[0]), hex(on[1]));
            LineStep::Edge(a.min(b), a.max(b))
        }
    };
    let is_end = |s: LineStep| s == LineStep::Hex(from) || s == LineStep::Hex(to);

    // Next crossing index per family: crossing `j` of family `k` is at `t = j / g[k]`.
    let mut next = [1i128; 3];
    let mut prev = Time { num: 0, den: 1 };
    let mut last: Option<LineStep> = None;
    // Hexes around a corner the segment just passed, waiting for the piece after it.
    let mut corner: Option<([[i128; 3]; 3], usize)> = None;
    loop {
        // The earliest crossing still ahead, and how many families cross there.
        let mut at: Option<Time> = None;
        let mut families = 0;
        for k in 0..3 {
            if next[k] >= g[k] {
                continue;
            }
            let t = Time {
                num: next[k],
                den: g[k],
            };
            match at {
                Some(a) if a.less(t) => {}
                Some(a) if a.same(t) => families += 1,
                _ => {
                    at = Some(t);
                    families = 1;
                }
            }
        }
        let end = at.unwrap_or(Time { num: 1, den: 1 });

        // The piece of segment from `prev` to `end`, located by its midpoint.
        let mid_num = prev.num * end.den + end.num * prev.den;
        let mid_den = 2 * prev.den * end.den;
        let step = step_of(place(d.map(|x| x * mid_num), mid_den));
        if let Some((on, n)) = corner.take() {
            let sides = |s: Option<LineStep>, h: Hex| match s {
                Some(LineStep::Hex(x)) => x == h,
                Some(LineStep::Edge(x, y)) => x == h || y == h,
                _ => false,
            };
            for &cell in &on[..n] {
                let h = hex(cell);
                let touched = LineStep::Corner(h);
                if !sides(last, h)
                    && !sides(Some(step), h)
                    && !is_end(LineStep::Hex(h))
                    && !visit(touched)
                {
                    return false;
                }
            }
        }
        if last != Some(step) {
            last = Some(step);
            if !is_end(step) && !visit(step) {
                return false;
            }
        }
        let Some(t) = at else { return true };

        // Only where two families cross at once (then all three differences are whole
        // numbers) can the point be a hex corner. A family whose difference never changes
        // makes the other two cross together everywhere.
        if families >= 2 {
            if let Place::Boundary(on, 3) = place(d.map(|x| x * t.num), t.den) {
                corner = Some((on, 3));
            }
        }
        for k in 0..3 {
            if next[k] < g[k]
                && t.same(Time {
                    num: next[k],
                    den: g[k],
                })
            {
                next[k] += 1;
            }
        }
        prev = t;
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
