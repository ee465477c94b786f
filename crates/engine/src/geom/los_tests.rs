//! Line of sight against an independent exact computation.
//!
//! The oracle never uses cube coordinates or crossing times. Each hex is an explicit hexagon
//! with integer corners in a frame where `x` is scaled by 2 and `y` by `2/√3` (an affine map:
//! segments, insides, edges and corners correspond exactly), and the segment between two centres
//! is clipped against every nearby hexagon with integer cross products (Cyrus–Beck). A hex is
//! *crossed* if the clipped piece has length and its midpoint is strictly inside, *run along*
//! if that midpoint is on an edge, and *touched at a corner* if the clipped piece is one point.

use super::{Hex, LineStep, line_of_sight, line_steps};
use proptest::collection::btree_set;
use proptest::prelude::*;
use std::collections::{BTreeMap, BTreeSet};
use std::sync::OnceLock;

/// A hex's centre in the scaled frame: flat-topped hexes of size 1 have their centre at
/// `(1.5·q, √3·(r + q/2))`, so here at `(3q, 2r + q)`.
fn centre(h: Hex) -> (i64, i64) {
    let (q, r) = (i64::from(h.q), i64::from(h.r));
    (3 * q, 2 * r + q)
}

/// The corners of a flat-topped hex about its centre in the scaled frame, anticlockwise
/// (angles 0°, 60°, …, 300°): `(±1, 0)` and `(±1/2, ±√3/2)` scaled by `(2, 2/√3)`.
const CORNERS: [(i64, i64); 6] = [(2, 0), (1, 1), (-1, 1), (-2, 0), (-1, -1), (1, -1)];

/// The hex across edge `i` (from corner `i` to corner `i + 1`): its centre is the sum of the
/// edge's two corners away.
fn across(h: Hex, i: usize) -> Hex {
    let (a, b) = (CORNERS[i], CORNERS[(i + 1) % 6]);
    let (x, y) = (a.0 + b.0, a.1 + b.1);
    let dq = x / 3;
    let dr = (y - dq) / 2;
    Hex::new(h.q + dq as i32, h.r + dr as i32)
}

fn cross(a: (i64, i64), b: (i64, i64)) -> i64 {
    a.0 * b.1 - a.1 * b.0
}

/// A fraction `num / den` with `den > 0`.
#[derive(Clone, Copy, Debug)]
struct Frac(i64, i64);

impl Frac {
    fn cmp(self, o: Frac) -> std::cmp::Ordering {
        (self.0 * o.1).cmp(&(o.0 * self.1))
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Meet {
    Inside,
    Edge(usize),
    Corner,
}

/// How the segment between centres `p0` and `p1` meets hex `h`, and where it first does.
fn meet(h: Hex, p0: (i64, i64), p1: (i64, i64)) -> Option<(Frac, Meet)> {
    let c = centre(h);
    // For each edge, the signed area c(t) = c0 + t·(c1 − c0) of the point at `t`: ≥ 0 inside.
    let edges: Vec<(i64, i64)> = (0..6)
        .map(|i| {
            let v = (c.0 + CORNERS[i].0, c.1 + CORNERS[i].1);
            let w = (c.0 + CORNERS[(i + 1) % 6].0, c.1 + CORNERS[(i + 1) % 6].1);
            let e = (w.0 - v.0, w.1 - v.1);
            let c0 = cross(e, (p0.0 - v.0, p0.1 - v.1));
            let c1 = cross(e, (p1.0 - v.0, p1.1 - v.1));
            (c0, c1 - c0)
        })
        .collect();
    let (mut lo, mut hi) = (Frac(0, 1), Frac(1, 1));
    for &(c0, dc) in &edges {
        if dc == 0 {
            if c0 < 0 {
                return None;
            }
        } else if dc > 0 {
            let t = Frac(-c0, dc);
            if t.cmp(lo).is_gt() {
                lo = t;
            }
        } else {
            let t = Frac(c0, -dc);
            if t.cmp(hi).is_lt() {
                hi = t;
            }
        }
    }
    match lo.cmp(hi) {
        std::cmp::Ordering::Greater => None,
        std::cmp::Ordering::Equal => {
            // One point: it must lie on two edges' lines, i.e. be a corner.
            let on = edges
                .iter()
                .filter(|&&(c0, dc)| c0 * lo.1 + lo.0 * dc == 0)
                .count();
            assert_eq!(on, 2, "a single-point touch of {h:?} is a corner");
            Some((lo, Meet::Corner))
        }
        std::cmp::Ordering::Less => {
            // Midpoint (lo + hi) / 2 = m / md.
            let (m, md) = (lo.0 * hi.1 + hi.0 * lo.1, 2 * lo.1 * hi.1);
            let zero: Vec<usize> = (0..6)
                .filter(|&i| edges[i].0 * md + m * edges[i].1 == 0)
                .collect();
            match zero[..] {
                [] => Some((lo, Meet::Inside)),
                [i] => Some((lo, Meet::Edge(i))),
                _ => panic!("the middle of a piece of {h:?} is a corner"),
            }
        }
    }
}

/// What the line from `a` to `b` meets, by the oracle, in order (a corner before a hex entered
/// at the same point).
fn oracle(a: Hex, b: Hex) -> Vec<LineStep> {
    let (p0, p1) = (centre(a), centre(b));
    let mut found: BTreeMap<(i64, i64, u8, Hex), LineStep> = BTreeMap::new();
    let mut key = |t: Frac, rank: u8, h: Hex, step: LineStep| {
        // Order by time: scale to a common denominator through the exact ratio.
        let _ = found.insert((t.0, t.1, rank, h), step);
    };
    let (q0, q1) = (a.q.min(b.q) - 2, a.q.max(b.q) + 2);
    let (r0, r1) = (a.r.min(b.r) - 2, a.r.max(b.r) + 2);
    for q in q0..=q1 {
        for r in r0..=r1 {
            let h = Hex::new(q, r);
            if h == a || h == b {
                continue;
            }
            match meet(h, p0, p1) {
                None => {}
                Some((t, Meet::Inside)) => key(t, 1, h, LineStep::Hex(h)),
                Some((t, Meet::Corner)) => key(t, 0, h, LineStep::Corner(h)),
                Some((t, Meet::Edge(i))) => {
                    let o = across(h, i);
                    let (x, y) = (h.min(o), h.max(o));
                    key(t, 1, x, LineStep::Edge(x, y));
                }
            }
        }
    }
    // Sort by exact time, then corners first.
    let mut list: Vec<((i64, i64, u8, Hex), LineStep)> = found.into_iter().collect();
    list.sort_by(|x, y| {
        Frac(x.0.0, x.0.1)
            .cmp(Frac(y.0.0, y.0.1))
            .then(x.0.2.cmp(&y.0.2))
    });
    let mut out: Vec<LineStep> = Vec::new();
    for (_, s) in list {
        if !out.contains(&s) {
            out.push(s);
        }
    }
    out
}

/// Sight by the oracle: every crossed hex clear, every edge run with a clear side.
fn oracle_sight(steps: &[LineStep], blocks: impl Fn(Hex) -> bool) -> bool {
    steps.iter().all(|s| match *s {
        LineStep::Hex(h) => !blocks(h),
        LineStep::Edge(x, y) => !blocks(x) || !blocks(y),
        LineStep::Corner(_) => true,
    })
}

fn code(c: &str) -> Hex {
    Hex::parse_code(c).unwrap()
}

/// A 10×10 map as printed (columns and rows 0–9).
fn map10() -> Vec<Hex> {
    (0..10)
        .flat_map(|col| (0..10).map(move |row| Hex::from_offset(col, row)))
        .collect()
}

/// The oracle's steps for every ordered pair on the 10×10 map, computed once.
fn map10_lines() -> &'static Vec<(Hex, Hex, Vec<LineStep>)> {
    static LINES: OnceLock<Vec<(Hex, Hex, Vec<LineStep>)>> = OnceLock::new();
    LINES.get_or_init(|| {
        let map = map10();
        let mut out = Vec::new();
        for &a in &map {
            for &b in &map {
                out.push((a, b, oracle(a, b)));
            }
        }
        out
    })
}

#[test]
fn every_line_on_a_10x10_map_matches_the_oracle() {
    let mut clipped = 0;
    for (a, b, expected) in map10_lines() {
        assert_eq!(
            &line_steps(*a, *b),
            expected,
            "{} to {}",
            a.code(),
            b.code()
        );
        if expected.len() + 1 > a.distance(*b) as usize {
            clipped += 1;
        }
    }
    // The map really exercises oblique lines that meet more than N − 1 hexes.
    assert!(clipped > 1000, "{clipped}");
}

#[test]
fn the_oracle_sees_edges_and_corners_on_the_map() {
    let all: Vec<&LineStep> = map10_lines().iter().flat_map(|(_, _, s)| s).collect();
    assert!(all.iter().any(|s| matches!(s, LineStep::Edge(..))));
    assert!(all.iter().any(|s| matches!(s, LineStep::Corner(..))));
}

/// Issue 10 point 15: the line from 0404 to 0003 crosses the 0203/0204 edge at its midpoint
/// at a shallow angle, through the inside of both; the old sampled line called it an edge run.
#[test]
fn shallow_crossing_at_an_edge_midpoint_enters_both_hexes() {
    let (from, to) = (code("0404"), code("0003"));
    let steps = line_steps(from, to);
    assert!(steps.contains(&LineStep::Hex(code("0203"))), "{steps:?}");
    assert!(steps.contains(&LineStep::Hex(code("0204"))), "{steps:?}");
    assert!(!line_of_sight(from, to, |h| h == code("0203")));
    assert!(!line_of_sight(to, from, |h| h == code("0203")));
    assert!(!line_of_sight(from, to, |h| h == code("0204")));
    assert!(line_of_sight(from, to, |_| false));
}

/// Cube direction (5, −4, −1) passes exactly through the corner shared by (1, −1), (2, −2)
/// and (2, −1) a third of the way along: it crosses the first two and only touches (2, −1).
#[test]
fn a_corner_touch_does_not_block() {
    let (from, to) = (Hex::new(0, 0), Hex::new(5, -4));
    let steps = line_steps(from, to);
    assert_eq!(steps, oracle(from, to));
    let touched = Hex::new(2, -1);
    assert!(steps.contains(&LineStep::Corner(touched)), "{steps:?}");
    let at = steps.iter().position(|s| *s == LineStep::Corner(touched));
    assert_eq!(
        at.map(|i| (steps[i - 1], steps[i + 1])),
        Some((
            LineStep::Hex(Hex::new(1, -1)),
            LineStep::Hex(Hex::new(2, -2))
        ))
    );
    assert!(line_of_sight(from, to, |h| h == touched));
    assert!(line_of_sight(to, from, |h| h == touched));
    assert!(!line_of_sight(from, to, |h| h == Hex::new(1, -1)));
}

/// A line 7 hexes long clips the inside of (3, −2) and (4, −4) near their corners, between the
/// points a sampled line would look at; each of them blocks it.
#[test]
fn long_line_blocked_by_a_clipped_hex() {
    let (from, to) = (Hex::new(0, 0), Hex::new(7, -6));
    assert_eq!(from.distance(to), 7);
    let steps = line_steps(from, to);
    assert_eq!(steps, oracle(from, to));
    for clipped in [Hex::new(3, -2), Hex::new(4, -4)] {
        assert!(steps.contains(&LineStep::Hex(clipped)), "{steps:?}");
        assert!(!line_of_sight(from, to, |x| x == clipped), "{clipped:?}");
        assert!(!line_of_sight(to, from, |x| x == clipped), "{clipped:?}");
    }
    for s in &steps {
        if let LineStep::Hex(h) = *s {
            assert!(!line_of_sight(from, to, |x| x == h), "{h:?} is crossed");
        }
    }
}

/// Along an edge run, sight needs one clear side; both sides blocking block it.
#[test]
fn edge_run_needs_one_clear_side() {
    // Odd columns sit half a hex lower, so the line along row 1 from 0001 to 0201 runs
    // exactly between 0100 and 0101; 0202 and 0303 are the far tips of the rhombus
    // 0202-0302-0303-0203.
    for [a, b, x, y] in [
        ["0001", "0201", "0100", "0101"],
        ["0202", "0303", "0203", "0302"],
    ] {
        let [a, b, x, y] = [a, b, x, y].map(code);
        assert_eq!(line_steps(a, b), [LineStep::Edge(x, y)]);
        assert!(line_of_sight(a, b, |h| h == x));
        assert!(line_of_sight(a, b, |h| h == y));
        let both = |h: Hex| h == x || h == y;
        assert!(!line_of_sight(a, b, both));
        assert!(!line_of_sight(b, a, both));
    }
    let from = code("0001");
    // Six hexes along the same direction: three edge runs, each with two sides.
    let far = Hex::new(from.q + 6, from.r - 3);
    let steps = line_steps(from, far);
    assert_eq!(steps, oracle(from, far));
    let edges: Vec<(Hex, Hex)> = steps
        .iter()
        .filter_map(|s| match *s {
            LineStep::Edge(x, y) => Some((x, y)),
            _ => None,
        })
        .collect();
    assert_eq!(edges.len(), 3, "{steps:?}");
    for (x, y) in edges {
        assert!(line_of_sight(from, far, |h| h == x));
        assert!(line_of_sight(from, far, |h| h == y));
        assert!(!line_of_sight(from, far, |h| h == x || h == y));
    }
}

fn wide_hex() -> impl Strategy<Value = Hex> {
    (-30i32..30, -30i32..30).prop_map(|(q, r)| Hex::new(q, r))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Sight on the 10×10 map, for every ordered pair, agrees with the oracle's geometry.
    #[test]
    fn sight_on_a_map_matches_the_oracle(
        blockers in btree_set((0i32..10, 0i32..10), 0..40),
    ) {
        let blocked: BTreeSet<Hex> =
            blockers.iter().map(|&(c, r)| Hex::from_offset(c, r)).collect();
        let blocks = |h: Hex| blocked.contains(&h);
        for (a, b, steps) in map10_lines() {
            prop_assert_eq!(
                line_of_sight(*a, *b, blocks),
                oracle_sight(steps, blocks),
                "{} to {}", a.code(), b.code()
            );
        }
    }

    /// Long lines anywhere match the oracle, and run backwards in reverse.
    #[test]
    fn long_lines_match_the_oracle(a in wide_hex(), b in wide_hex()) {
        let steps = line_steps(a, b);
        prop_assert_eq!(&steps, &oracle(a, b));
        let mut back = line_steps(b, a);
        back.reverse();
        prop_assert_eq!(steps, back);
    }
}
