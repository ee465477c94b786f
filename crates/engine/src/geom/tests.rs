//! Property tests for the geometry module: metric laws, round trips, symmetry of sight,
//! partition of arcs, and movement against a brute-force reference.

use super::*;
use proptest::collection::{btree_set, vec};
use proptest::prelude::*;
use std::collections::BTreeSet;

fn hex() -> impl Strategy<Value = Hex> {
    (-1000i32..1000, -1000i32..1000).prop_map(|(q, r)| Hex::new(q, r))
}

fn small_hex() -> impl Strategy<Value = Hex> {
    (-7i32..7, -7i32..7).prop_map(|(q, r)| Hex::new(q, r))
}

/// Up to 60 blocking hexes near the origin.
fn blockers() -> impl Strategy<Value = BTreeSet<Hex>> {
    btree_set(small_hex(), 0..60)
}

fn cell() -> impl Strategy<Value = Cell> {
    (-1000i32..1000, -1000i32..1000).prop_map(|(x, y)| Cell::new(x, y))
}

fn dir8() -> impl Strategy<Value = Dir8> {
    (0usize..8).prop_map(|i| Dir8::ALL[i])
}

/// Quarter turn clockwise of an offset, with `y` growing southward.
fn quarter_turn(c: Cell) -> Cell {
    Cell::new(-c.y, c.x)
}

fn arc_after_quarter_turn(a: Arc) -> Arc {
    Arc::ALL[(a as usize + 1) % 4]
}

proptest! {
    #[test]
    fn hex_distance_is_a_metric(a in hex(), b in hex(), c in hex()) {
        prop_assert_eq!(a.distance(b), b.distance(a));
        prop_assert_eq!(a.distance(b) == 0, a == b);
        prop_assert!(a.distance(c) <= a.distance(b) + b.distance(c));
    }

    #[test]
    fn hex_neighbours_are_at_distance_one(a in hex()) {
        for n in a.neighbors() {
            prop_assert_eq!(a.distance(n), 1);
        }
    }

    #[test]
    fn hex_range_is_the_ball(c in small_hex(), h in small_hex(), radius in 0u32..6) {
        let inside = c.range(radius).any(|x| x == h);
        prop_assert_eq!(inside, c.distance(h) <= radius);
    }

    #[test]
    fn offset_round_trips(a in hex(), col in -1000i32..1000, row in -1000i32..1000) {
        let (c, r) = a.to_offset();
        prop_assert_eq!(Hex::from_offset(c, r), a);
        prop_assert_eq!(Hex::from_offset(col, row).to_offset(), (col, row));
    }

    #[test]
    fn code_round_trips(col in 0i32..100, row in 0i32..100) {
        let h = Hex::from_offset(col, row);
        let code = h.code();
        prop_assert_eq!(&code, &format!("{col:02}{row:02}"));
        prop_assert_eq!(Hex::parse_code(&code), Ok(h));
    }

    #[test]
    fn any_four_digits_parse_and_reprint(text in "[0-9]{4}") {
        let h = Hex::parse_code(&text);
        prop_assert_eq!(h.map(Hex::code), Ok(text));
    }

    #[test]
    fn non_codes_are_rejected(text in "\\PC{0,6}") {
        let is_code = text.trim().len() == 4 && text.trim().bytes().all(|b| b.is_ascii_digit());
        prop_assert_eq!(Hex::parse_code(&text).is_ok(), is_code);
    }

    #[test]
    fn los_is_symmetric(a in small_hex(), b in small_hex(), blockers in blockers()) {
        let blocks = |h: Hex| blockers.contains(&h);
        prop_assert_eq!(line_of_sight(a, b, blocks), line_of_sight(b, a, blocks));
    }

    #[test]
    fn los_without_blockers_is_clear(a in hex(), b in small_hex()) {
        prop_assert!(line_of_sight(a, a + b, |_| false));
    }

    #[test]
    fn line_steps_are_symmetric_and_never_name_the_ends(a in hex(), d in small_hex()) {
        let b = a + d;
        let n = a.distance(b);
        let steps = line_steps(a, b);
        let mut back = line_steps(b, a);
        back.reverse();
        prop_assert_eq!(&steps, &back);
        // Crossed hexes and edge runs form a chain of neighbours from `a` to `b`, so there are
        // at least `n − 1` of them.
        let chain = steps.iter().filter(|s| !matches!(s, LineStep::Corner(_))).count();
        prop_assert!(chain + 1 >= n as usize, "{} steps for distance {}", chain, n);
        for step in &steps {
            let hexes = match *step {
                LineStep::Hex(h) | LineStep::Corner(h) => vec![h],
                LineStep::Edge(x, y) => {
                    prop_assert!(x < y);
                    prop_assert_eq!(x.distance(y), 1, "edge sides are adjacent");
                    vec![x, y]
                }
            };
            for h in hexes {
                prop_assert!(h != a && h != b, "{:?} names an end", step);
                prop_assert!(a.distance(h) < n && h.distance(b) < n, "{:?}", step);
            }
        }
    }

    #[test]
    fn los_only_asks_about_the_steps(a in small_hex(), b in small_hex(), blockers in blockers()) {
        let blocks = |h: Hex| blockers.contains(&h);
        let clear = line_steps(a, b).into_iter().all(|s| s.is_clear(blocks));
        prop_assert_eq!(line_of_sight(a, b, blocks), clear);
    }

    #[test]
    fn chebyshev_is_a_metric(a in cell(), b in cell(), c in cell()) {
        prop_assert_eq!(a.chebyshev(b), b.chebyshev(a));
        prop_assert_eq!(a.chebyshev(b) == 0, a == b);
        prop_assert!(a.chebyshev(c) <= a.chebyshev(b) + b.chebyshev(c));
        for n in a.neighbors8() {
            prop_assert_eq!(a.chebyshev(n), 1);
        }
    }

    #[test]
    fn dir8_rotation_is_modular(d in dir8(), s in -127i8..=127, t in -64i8..64) {
        prop_assert_eq!(d.rotate(8), d);
        prop_assert_eq!(d.rotate(s).rotate(-s), d);
        prop_assert_eq!(d.rotate(t).rotate(t), d.rotate(2 * t));
    }

    #[test]
    fn arcs_partition_nonzero_offsets(facing in dir8(), dx in -30i32..30, dy in -30i32..30) {
        let arc = arc_of(Cell::new(0, 0), facing, Cell::new(dx, dy));
        prop_assert_eq!(arc.is_none(), dx == 0 && dy == 0);
        if let Some(arc) = arc {
            // Compare with the angle from the facing, away from the exact boundaries.
            let angle = f64::from(dx).atan2(-f64::from(dy)).to_degrees();
            let rel = (angle - 45.0 * facing.index() as f64).rem_euclid(360.0);
            let near = |b: f64| (rel - b).abs() < 1e-9;
            if near(45.0) || near(315.0) {
                prop_assert_eq!(arc, Arc::Front, "front boundary");
            } else if near(135.0) || near(225.0) {
                prop_assert_eq!(arc, Arc::Rear, "rear boundary");
            } else {
                // 90° sectors centred on 0°, 90°, 180°, 270°.
                let expected = Arc::ALL[((rel + 45.0) / 90.0) as usize % 4];
                prop_assert_eq!(arc, expected, "rel {}", rel);
            }
        }
    }

    #[test]
    fn turning_model_and_target_together_keeps_the_arc(
        from in cell(),
        facing in dir8(),
        dx in -30i32..30,
        dy in -30i32..30,
    ) {
        let to = from + Cell::new(dx, dy);
        let turned = from + quarter_turn(Cell::new(dx, dy));
        prop_assert_eq!(arc_of(from, facing, to), arc_of(from, facing.rotate(2), turned));
    }

    #[test]
    fn turning_the_target_a_quarter_turns_the_arc(
        facing in dir8(),
        dx in -30i32..30,
        dy in -30i32..30,
    ) {
        let (from, off) = (Cell::new(0, 0), Cell::new(dx, dy));
        let (fx, fy) = facing.delta();
        let along = dx * fx + dy * fy;
        let (rx, ry) = facing.rotate(2).delta();
        let across = dx * rx + dy * ry;
        // Boundaries belong to Front/Rear, so only strictly interior offsets rotate cleanly.
        prop_assume!(along.abs() != across.abs());
        let arc = arc_of(from, facing, off).map(arc_after_quarter_turn);
        prop_assert_eq!(arc_of(from, facing, quarter_turn(off)), arc);
    }

    #[test]
    fn movement_matches_brute_force(
        costs in vec(prop::option::weighted(0.8, 0u32..4), 36),
        start in (0i32..6, 0i32..6),
        goal in (0i32..6, 0i32..6),
        budget in 0u32..10,
    ) {
        let cheapest = costs.iter().flatten().copied().min().unwrap_or(0);
        let board = Bounds::new(6, 6);
        let cost = |c: Cell| costs[(c.y * 6 + c.x) as usize];
        let start = Cell::new(start.0, start.1);
        let steps = |c: Cell, out: &mut Vec<(Cell, u32)>| {
            for n in c.neighbors8() {
                if board.contains(n) {
                    if let Some(k) = cost(n) {
                        out.push((n, k));
                    }
                }
            }
        };
        let moves = reachable(start, budget, steps);
        // Bellman-Ford over the whole board.
        let mut dist = [u32::MAX; 36];
        let idx = |c: Cell| (c.y * 6 + c.x) as usize;
        dist[idx(start)] = 0;
        for _ in 0..36 {
            for c in board.cells() {
                if dist[idx(c)] == u32::MAX {
                    continue;
                }
                for n in c.neighbors8().into_iter().filter(|&n| board.contains(n)) {
                    if let Some(k) = cost(n) {
                        dist[idx(n)] = dist[idx(n)].min(dist[idx(c)] + k);
                    }
                }
            }
        }
        let expected: BTreeSet<(Cell, u32)> = board
            .cells()
            .filter(|&c| c != start && dist[idx(c)] <= budget)
            .map(|c| (c, dist[idx(c)]))
            .collect();
        prop_assert_eq!(moves.iter().copied().collect::<BTreeSet<_>>(), expected);
        prop_assert!(moves.windows(2).all(|w| w[0].0 < w[1].0));

        // A* to any goal agrees with the brute-force cost, along a path of allowed steps.
        let goal = Cell::new(goal.0, goal.1);
        let found = a_star(start, goal, steps, |c| c.chebyshev(goal) * cheapest);
        match found {
            None => prop_assert_eq!(dist[idx(goal)], u32::MAX),
            Some((path, total)) => {
                prop_assert_eq!(total, dist[idx(goal)]);
                prop_assert_eq!(path.first(), Some(&start));
                prop_assert_eq!(path.last(), Some(&goal));
                let mut sum = 0;
                for w in path.windows(2) {
                    prop_assert_eq!(w[0].chebyshev(w[1]), 1);
                    sum += cost(w[1]).unwrap_or(u32::MAX);
                }
                prop_assert_eq!(sum, total);
            }
        }
    }
}
