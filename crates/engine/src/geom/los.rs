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
//! Crossing times are compared and midpoints evaluated as exact integer fractions (`i64` for
//! any line up to `2^18` hexes long, `i128` beyond, which cannot overflow for any pair of `i32`
//! hexes). Nothing is sampled or rounded: the result is exact for every distance, symmetric
//! (the line from `b` to `a` meets the same hexes in reverse order), and identical on every
//! machine. A line `N` hexes long is walked in `O(N)` steps without allocating.

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
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
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
/// Every hex strictly between the two whose inside the centre-to-centre line enters must be clear;
/// where the line runs along an edge, either hex on that edge must be clear; a hex whose corner
/// alone the line touches does not matter ([`LineStep`]). The line is computed exactly, in
/// integers, with no sampling: a line that clips a hex near a corner, or crosses an edge at its
/// midpoint, enters those hexes. The same hex and adjacent hexes always see each other, and sight
/// is symmetric. `blocks` is asked only about hexes the line meets, and the walk stops at the first
/// blocked step, so it may look things up lazily (terrain, units, smoke).
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
    from.distance(to) <= 1 || walk(from, to, |step| step.is_clear(&blocks))
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

/// The integers the walk computes in: `i64` for any line on a board (up to `2^18` hexes long,
/// where every product below stays under `2^58`), `i128` beyond (never overflows for `i32`
/// hexes). The two give identical results; `i64` is several times faster.
trait Int:
    Copy
    + Ord
    + std::fmt::Debug
    + From<i64>
    + std::ops::Add<Output = Self>
    + std::ops::Sub<Output = Self>
    + std::ops::Mul<Output = Self>
{
    fn floor_div(self, den: Self) -> Self;
    fn abs(self) -> Self;
    /// The value as an `i64`, or `fallback` if it does not fit (never for a hex on the line).
    fn to_i64(self, fallback: i64) -> i64;
}

/// `Int` for the primitive integers (for `i64`, `try_from` is the identity and never falls back).
macro_rules! impl_int {
    ($($t:ty),*) => {$(
        impl Int for $t {
            fn floor_div(self, den: $t) -> $t {
                self.div_euclid(den)
            }
            fn abs(self) -> $t {
                <$t>::abs(self)
            }
            fn to_i64(self, fallback: i64) -> i64 {
                i64::try_from(self).unwrap_or(fallback)
            }
        }
    )*};
}

impl_int!(i64, i128);

/// Lines at most this many hexes long are walked in `i64`.
const I64_REACH: i64 = 1 << 18;

/// A moment on the segment, `num / den` of the way along (`den > 0`).
#[derive(Clone, Copy, Debug)]
struct Time<T> {
    num: T,
    den: T,
}

impl<T: Int> Time<T> {
    fn less(self, o: Time<T>) -> bool {
        self.num * o.den < o.num * self.den
    }

    fn same(self, o: Time<T>) -> bool {
        self.num * o.den == o.num * self.den
    }
}

/// Where a point lies among the hex cells.
#[derive(Clone, Copy, Debug)]
enum Place<T> {
    /// Inside one hex (relative cube offset).
    Inside([T; 3]),
    /// On the boundary of these hexes only (the first `n` of the array).
    Boundary([[T; 3]; 3], usize),
}

/// Whether the point `n / den` is strictly inside hex `cell`; if it is on the hex's boundary
/// instead, the hex is added to the first `count` of `on` (while there is room).
fn try_cell<T: Int>(
    n: [T; 3],
    den: T,
    cell: [T; 3],
    on: &mut [[T; 3]; 3],
    count: &mut usize,
) -> bool {
    let e = [0, 1, 2].map(|i| n[i] - cell[i] * den);
    let spread = e[0].max(e[1]).max(e[2]) - e[0].min(e[1]).min(e[2]);
    if spread == den && *count < on.len() {
        on[*count] = cell;
        *count += 1;
    }
    spread < den
}

/// Locates the point `n / den` (cube coordinates relative to the source centre, `den > 0`).
///
/// A cell containing the point has every coordinate within `2/3` of it, so each coordinate of
/// the cell is the point's floor or ceiling: at most 8 candidates, of which those summing to
/// zero are hexes.
fn place<T: Int>(n: [T; 3], den: T) -> Place<T> {
    let zero = T::from(0);
    let one = T::from(1);
    let lo = n.map(|x| x.floor_div(den));
    let hi = [0, 1, 2].map(|i| {
        if n[i] == lo[i] * den {
            lo[i]
        } else {
            lo[i] + one
        }
    });
    let ceil = |i: usize| hi[i];
    let mut on = [[zero; 3]; 3];
    let mut count = 0;
    for a in [lo[0], ceil(0)] {
        for b in [lo[1], ceil(1)] {
            let c = zero - a - b;
            if c != lo[2] && c != ceil(2) {
                continue;
            }
            let cell = [a, b, c];
            if count > 0 && on[..count].contains(&cell) {
                continue;
            }
            if try_cell(n, den, cell, &mut on, &mut count) {
                return Place::Inside(cell);
            }
        }
    }
    Place::Boundary(on, count)
}

/// [`place`] without division, for a point on a piece of the line next to a piece in hex
/// `near`: every cell containing it is `near` or a neighbour of `near` (consecutive pieces
/// share a point, and a hex piece is followed by a hex or an edge piece at its boundary, an
/// edge piece by a hex touching both its sides). Falls back to [`place`] if not.
fn place_near<T: Int>(n: [T; 3], den: T, near: [T; 3]) -> Place<T> {
    let zero = T::from(0);
    let (one, minus) = (T::from(1), T::from(-1));
    let steps = [
        [zero, zero, zero],
        [zero, minus, one],
        [one, minus, zero],
        [one, zero, minus],
        [zero, one, minus],
        [minus, one, zero],
        [minus, zero, one],
    ];
    let mut on = [[zero; 3]; 3];
    let mut count = 0;
    for step in steps {
        let cell = [near[0] + step[0], near[1] + step[1], near[2] + step[2]];
        if try_cell(n, den, cell, &mut on, &mut count) {
            return Place::Inside(cell);
        }
    }
    if count >= 2 {
        Place::Boundary(on, count)
    } else {
        #[cfg(test)]
        tests::FALLBACKS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        place(n, den)
    }
}

/// Walks the line from `from` to `to`, calling `visit` with each [`LineStep`] in order until it
/// returns `false`. Returns whether every call returned `true`.
fn walk(from: Hex, to: Hex, visit: impl FnMut(LineStep) -> bool) -> bool {
    let cube = |h: Hex| {
        [
            i64::from(h.q),
            i64::from(h.r),
            -i64::from(h.q) - i64::from(h.r),
        ]
    };
    let (a, b) = (cube(from), cube(to));
    let d = [b[0] - a[0], b[1] - a[1], b[2] - a[2]];
    if d.iter().all(|x| x.abs() <= I64_REACH) {
        walk_in::<i64>(from, to, d, visit)
    } else {
        walk_in::<i128>(from, to, d, visit)
    }
}

/// [`walk`] in the integer type `T`; `d` is `to − from` in cube coordinates.
fn walk_in<T: Int>(
    from: Hex,
    to: Hex,
    d: [i64; 3],
    mut visit: impl FnMut(LineStep) -> bool,
) -> bool {
    let zero = T::from(0);
    let one = T::from(1);
    let d = d.map(T::from);
    // Change of each family's difference (q − r, r − s, s − q) over the whole segment.
    let g = [0, 1, 2].map(|i| (d[i] - d[(i + 1) % 3]).abs());
    let hex = |cell: [T; 3]| {
        // Every hex the line meets lies within the box spanned by the two ends (a cell
        // coordinate is an integer within 2/3 of a coordinate of a point on the segment), so
        // it fits in an `i32`.
        let coord = |base: i32, c: T| i32::try_from(i64::from(base) + c.to_i64(0)).unwrap_or(base);
        Hex::new(coord(from.q, cell[0]), coord(from.r, cell[1]))
    };
    let step_of = |place: Place<T>| match place {
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
    let mut next = [one; 3];
    let mut prev = Time {
        num: zero,
        den: one,
    };
    let mut last: Option<LineStep> = None;
    // The (relative) hex of the last piece, or one side of its edge.
    let mut near = [zero; 3];
    // Hexes around a corner the segment just passed, waiting for the piece after it.
    let mut corner: Option<[[T; 3]; 3]> = None;
    loop {
        // The earliest crossing still ahead, and how many families cross there.
        let mut at: Option<Time<T>> = None;
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
        let end = at.unwrap_or(Time { num: one, den: one });

        // The piece of segment from `prev` to `end`, located by its midpoint. The first piece
        // starts at the source centre and the last ends at the target centre, both inside
        // their hexes, so those two need no locating.
        let step = if prev.num == zero {
            LineStep::Hex(from)
        } else if at.is_none() {
            LineStep::Hex(to)
        } else {
            let mid_num = prev.num * end.den + end.num * prev.den;
            let mid_den = T::from(2) * prev.den * end.den;
            let placed = place_near(d.map(|x| x * mid_num), mid_den, near);
            near = match placed {
                Place::Inside(c) | Place::Boundary([c, ..], _) => c,
            };
            step_of(placed)
        };
        if let Some(on) = corner.take() {
            let sides = |s: Option<LineStep>, h: Hex| match s {
                Some(LineStep::Hex(x)) => x == h,
                Some(LineStep::Edge(x, y)) => x == h || y == h,
                _ => false,
            };
            for cell in on {
                let h = hex(cell);
                if !sides(last, h)
                    && !sides(Some(step), h)
                    && !is_end(LineStep::Hex(h))
                    && !visit(LineStep::Corner(h))
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
                corner = Some(on);
            }
        }
        for k in 0..3 {
            if next[k] < g[k]
                && t.same(Time {
                    num: next[k],
                    den: g[k],
                })
            {
                next[k] = next[k] + one;
            }
        }
        prev = t;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};

    /// How often [`place_near`] had to fall back to [`place`] (never, if its reasoning holds).
    pub(super) static FALLBACKS: AtomicUsize = AtomicUsize::new(0);

    #[test]
    fn locating_a_piece_never_needs_the_fallback() {
        for dq in -15..=15 {
            for dr in -15..=15 {
                let _ = line_steps(Hex::new(0, 0), Hex::new(dq, dr));
            }
        }
        assert_eq!(FALLBACKS.load(Ordering::Relaxed), 0);
    }

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
    fn column_line_in_map_codes() {
        // (The edge runs between map codes, 0001 to 0201 and 0202 to 0303, are in
        // los_tests::edge_run_needs_one_clear_side.)
        // Straight down a column, 0101 to 0104: 0102 and 0103 lie between.
        let (from, to) = (code("0101"), code("0104"));
        assert!(!line_of_sight(from, to, |h| h == code("0103")));
        assert!(line_of_sight(from, to, |h| h == code("0204")));
    }

    fn steps_in<T: Int>(a: Hex, b: Hex) -> Vec<LineStep> {
        let mut out = Vec::new();
        let d = [
            i64::from(b.q) - i64::from(a.q),
            i64::from(b.r) - i64::from(a.r),
            i64::from(a.q) + i64::from(a.r) - i64::from(b.q) - i64::from(b.r),
        ];
        walk_in::<T>(a, b, d, |s| {
            out.push(s);
            true
        });
        out
    }

    #[test]
    fn i64_and_i128_walks_agree() {
        for dq in -12..=12 {
            for dr in -12..=12 {
                let (a, b) = (Hex::new(3, -7), Hex::new(3 + dq, -7 + dr));
                assert_eq!(steps_in::<i64>(a, b), steps_in::<i128>(a, b), "{dq},{dr}");
            }
        }
    }

    #[test]
    fn lines_at_the_ends_of_the_i32_range_are_translated_copies() {
        let (a, b) = (Hex::new(0, 0), Hex::new(7, -6));
        let near = line_steps(a, b);
        let shift = |h: Hex, o: Hex| Hex::new(h.q + o.q, h.r + o.r);
        for o in [
            Hex::new(i32::MAX - 7, i32::MIN + 6),
            Hex::new(i32::MIN, i32::MAX),
        ] {
            let moved: Vec<LineStep> = near
                .iter()
                .map(|s| match *s {
                    LineStep::Hex(h) => LineStep::Hex(shift(h, o)),
                    LineStep::Edge(x, y) => LineStep::Edge(shift(x, o), shift(y, o)),
                    LineStep::Corner(h) => LineStep::Corner(shift(h, o)),
                })
                .collect();
            assert_eq!(line_steps(shift(a, o), shift(b, o)), moved);
        }
        // A line longer than the i64 reach is walked in i128 and still ends where it should.
        let (a, b) = (Hex::new(0, 0), Hex::new(0, (I64_REACH + 3) as i32));
        let steps = line_steps(a, b);
        assert_eq!(steps.len() as i64, I64_REACH + 2);
        assert_eq!(
            steps.last(),
            Some(&LineStep::Hex(Hex::new(0, (I64_REACH + 2) as i32)))
        );
    }

    #[test]
    fn reversed_line_visits_the_same_points() {
        let (a, b) = (Hex::new(-3, 5), Hex::new(4, -1));
        let mut back = line_steps(b, a);
        back.reverse();
        assert_eq!(line_steps(a, b), back);
    }
}
