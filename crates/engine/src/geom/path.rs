//! Movement: everywhere a piece can reach within a movement budget, and cheapest paths.
//!
//! The search knows nothing about grids. The caller's closure lists, for one node, the steps
//! that are allowed and what entering each neighbour costs; terrain, facing changes, zones of
//! control and occupied spaces are all rules of the game, expressed by what the closure pushes.

use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashMap};
use std::hash::Hash;

/// Up to this many discovered nodes, lookups scan a `Vec` (faster than hashing for the small
/// searches of a playout); beyond it, a `HashMap` index is built and used.
const LINEAR_LIMIT: usize = 64;

/// Every node reachable from `start` with a total entry cost of at most `budget`, with the
/// cheapest such cost, sorted by node; `start` itself is not listed.
///
/// `neighbors(node, out)` pushes `(neighbour, cost to enter it)` onto `out` (which arrives
/// empty) for each step allowed from `node`. A node that may not be entered is simply not
/// pushed, which also forbids moving *through* it. Costs of 0 are allowed.
///
/// This is Dijkstra's algorithm. It is tuned for the small budgets of random playouts: node
/// lookups scan a short `Vec` and switch to hashing only when the search grows large.
///
/// # Examples
/// ```
/// use gridwright_engine::geom::{Bounds, Cell, reachable};
/// let board = Bounds::new(5, 5);
/// let wall = Cell::new(1, 0);
/// // Orthogonal steps, 1 point each; the wall may not be entered.
/// let moves = reachable(Cell::new(0, 0), 2, |c, out| {
///     for n in c.neighbors4() {
///         if board.contains(n) && n != wall {
///             out.push((n, 1));
///         }
///     }
/// });
/// assert_eq!(moves, [(Cell::new(0, 1), 1), (Cell::new(0, 2), 2), (Cell::new(1, 1), 2)]);
/// ```
pub fn reachable<N: Copy + Eq + Hash + Ord>(
    start: N,
    budget: u32,
    mut neighbors: impl FnMut(N, &mut Vec<(N, u32)>),
) -> Vec<(N, u32)> {
    let mut best = Best::new(start);
    let mut frontier = BinaryHeap::new();
    frontier.push(Reverse((0u32, start)));
    let mut steps = Vec::new();
    while let Some(Reverse((cost, node))) = frontier.pop() {
        let Some(at) = best.current(node, cost) else {
            continue; // A cheaper way here was found after this entry was queued.
        };
        steps.clear();
        neighbors(node, &mut steps);
        for &(next, step) in &steps {
            let total = cost.saturating_add(step);
            if total <= budget && best.improve(next, total, at) {
                frontier.push(Reverse((total, next)));
            }
        }
    }
    let mut out = best.entries;
    out.swap_remove(0); // The start, always first and never moved.
    out.sort_unstable_by_key(|&(n, _)| n);
    out
}

/// The cheapest path from `start` to `goal` (both included) and its total entry cost, or
/// `None` if `goal` cannot be reached.
///
/// `neighbors` works as for [`reachable`]. `estimate(node)` must never exceed the true
/// remaining cost to `goal` (e.g. hex distance times the cheapest step cost), or the path may
/// not be the cheapest; `|_| 0` turns this into plain Dijkstra. On an unbounded grid the
/// closure must itself keep the search finite (board bounds), or an unreachable goal is
/// searched for forever. Ties between equally cheap paths are broken deterministically.
///
/// # Examples
/// ```
/// use gridwright_engine::geom::{Hex, a_star};
/// let (from, to) = (Hex::new(0, 0), Hex::new(3, 0));
/// let river = [Hex::new(1, 0), Hex::new(1, -1), Hex::new(2, -1)];
/// let (path, cost) = a_star(
///     from,
///     to,
///     |h, out| {
///         let near = h.neighbors().into_iter().filter(|n| n.distance(Hex::ORIGIN) <= 4);
///         out.extend(near.filter(|n| !river.contains(n)).map(|n| (n, 1)));
///     },
///     |h| h.distance(to),
/// )
/// .unwrap();
/// assert_eq!(cost, 4);
/// assert_eq!((path[0], path[4]), (from, to));
/// ```
pub fn a_star<N: Copy + Eq + Hash + Ord>(
    start: N,
    goal: N,
    mut neighbors: impl FnMut(N, &mut Vec<(N, u32)>),
    estimate: impl Fn(N) -> u32,
) -> Option<(Vec<N>, u32)> {
    let mut best = Best::new(start);
    let mut frontier = BinaryHeap::new();
    frontier.push(Reverse((estimate(start), 0u32, start)));
    let mut steps = Vec::new();
    while let Some(Reverse((_, cost, node))) = frontier.pop() {
        let Some(at) = best.current(node, cost) else {
            continue;
        };
        if node == goal {
            return Some((best.path_to(at), cost));
        }
        steps.clear();
        neighbors(node, &mut steps);
        for &(next, step) in &steps {
            let total = cost.saturating_add(step);
            if best.improve(next, total, at) {
                frontier.push(Reverse((total.saturating_add(estimate(next)), total, next)));
            }
        }
    }
    None
}

/// [`reachable`] for maps whose nodes are dense indices `0..n_nodes`, writing into `out`.
///
/// # Why a second version
/// Movement generation runs at every step of every random playout, where a general Dijkstra's
/// heap, hashing and fresh vectors dominate the cost. With dense indices the cheapest costs
/// live in a flat array, and because entry costs are small integers bounded by the budget, a
/// bucket queue (Dial's algorithm) replaces the heap. The buffers are kept per thread and
/// reused, so a warm call allocates nothing. Results equal [`reachable`]'s (a property test
/// checks this).
///
/// # Panics
/// If `neighbors` pushes an index `>= n_nodes`.
///
/// # Examples
/// ```
/// use gridwright_engine::geom::reachable_dense;
/// // A line of five nodes, 1 point per step; node 3 may not be entered.
/// let mut out = Vec::new();
/// reachable_dense(0, 4, 5, |n, steps| {
///     for m in [n.wrapping_sub(1), n + 1] {
///         if m < 5 && m != 3 {
///             steps.push((m, 1));
///         }
///     }
/// }, &mut out);
/// assert_eq!(out, [(1, 1), (2, 2)]);
/// ```
pub fn reachable_dense(
    start: u32,
    budget: u32,
    n_nodes: usize,
    mut neighbors: impl FnMut(u32, &mut Vec<(u32, u32)>),
    out: &mut Vec<(u32, u32)>,
) {
    out.clear();
    DENSE_SCRATCH.with(|cell| {
        let mut guard = cell.borrow_mut();
        let DenseScratch {
            best,
            touched,
            buckets,
            steps,
        } = &mut *guard;
        if best.len() < n_nodes {
            best.resize(n_nodes, u32::MAX);
        }
        let levels = budget as usize + 1;
        if buckets.len() < levels {
            buckets.resize_with(levels, Vec::new);
        }
        best[start as usize] = 0;
        touched.push(start);
        buckets[0].push(start);
        for level in 0..levels {
            // Zero-cost steps push into the bucket being drained, so drain with a loop.
            while let Some(node) = buckets[level].pop() {
                if best[node as usize] != level as u32 {
                    continue; // Stale: reached more cheaply after it was queued.
                }
                steps.clear();
                neighbors(node, steps);
                for &(next, cost) in steps.iter() {
                    let total = (level as u32).saturating_add(cost);
                    let slot = &mut best[next as usize];
                    if total <= budget && total < *slot {
                        if *slot == u32::MAX {
                            touched.push(next);
                        }
                        *slot = total;
                        buckets[total as usize].push(next);
                    }
                }
            }
        }
        for &node in touched.iter() {
            if node != start {
                out.push((node, best[node as usize]));
            }
            best[node as usize] = u32::MAX;
        }
        touched.clear();
    });
    out.sort_unstable_by_key(|&(n, _)| n);
}

#[derive(Default)]
struct DenseScratch {
    best: Vec<u32>,
    touched: Vec<u32>,
    buckets: Vec<Vec<u32>>,
    steps: Vec<(u32, u32)>,
}

thread_local! {
    static DENSE_SCRATCH: std::cell::RefCell<DenseScratch> = std::cell::RefCell::default();
}

/// Cheapest known cost per node: `(node, cost)` entries with the entry each was reached from,
/// plus, once the search grows large, a hash index into them.
struct Best<N> {
    entries: Vec<(N, u32)>,
    parents: Vec<usize>,
    index: Option<HashMap<N, usize>>,
}

impl<N: Copy + Eq + Hash> Best<N> {
    fn new(start: N) -> Self {
        Best {
            entries: vec![(start, 0)],
            parents: vec![0],
            index: None,
        }
    }

    fn position(&self, node: N) -> Option<usize> {
        match &self.index {
            Some(index) => index.get(&node).copied(),
            None => self.entries.iter().position(|&(n, _)| n == node),
        }
    }

    /// The entry of `node` if `cost` is still its cheapest known cost (the queue entry is not
    /// stale).
    fn current(&self, node: N, cost: u32) -> Option<usize> {
        self.position(node).filter(|&i| self.entries[i].1 == cost)
    }

    /// Records `cost` for `node`, reached from entry `parent`, if it is new or cheaper; says
    /// whether it was.
    fn improve(&mut self, node: N, cost: u32, parent: usize) -> bool {
        match self.position(node) {
            Some(i) if self.entries[i].1 <= cost => false,
            Some(i) => {
                self.entries[i].1 = cost;
                self.parents[i] = parent;
                true
            }
            None => {
                let i = self.entries.len();
                self.entries.push((node, cost));
                self.parents.push(parent);
                match &mut self.index {
                    Some(index) => {
                        index.insert(node, i);
                    }
                    None if self.entries.len() > LINEAR_LIMIT => {
                        let index = self.entries.iter().enumerate();
                        self.index = Some(index.map(|(i, &(n, _))| (n, i)).collect());
                    }
                    None => {}
                }
                true
            }
        }
    }

    /// The nodes from the start to entry `at`, following parents back to entry 0.
    fn path_to(&self, mut at: usize) -> Vec<N> {
        let mut path = vec![self.entries[at].0];
        while at != 0 {
            at = self.parents[at];
            path.push(self.entries[at].0);
        }
        path.reverse();
        path
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn dense_version_agrees_with_general_search() {
        // A 7x7 grid with walls and varied costs, from every start and budget.
        let w = 7u32;
        let cost = |n: u32| 1 + (n * 7 + 3) % 3;
        let wall = |n: u32| n % 5 == 2;
        let nb = |n: u32, out: &mut Vec<(u32, u32)>| {
            let (x, y) = (n % w, n / w);
            let cand = [
                (x.wrapping_sub(1), y),
                (x + 1, y),
                (x, y.wrapping_sub(1)),
                (x, y + 1),
            ];
            for (cx, cy) in cand {
                if cx < w && cy < w && !wall(cy * w + cx) {
                    out.push((cy * w + cx, cost(cy * w + cx)));
                }
            }
        };
        let mut dense = Vec::new();
        for start in 0..w * w {
            for budget in 0..6 {
                reachable_dense(start, budget, (w * w) as usize, nb, &mut dense);
                assert_eq!(
                    dense,
                    super::reachable(start, budget, nb),
                    "start {start} budget {budget}"
                );
            }
        }
    }

    use super::*;
    use crate::geom::{Bounds, Cell, Hex};

    /// Orthogonal moves on a board where `cost(cell)` is the entry cost, `None` = impassable.
    fn grid_moves(
        start: Cell,
        budget: u32,
        board: Bounds,
        cost: impl Fn(Cell) -> Option<u32>,
    ) -> Vec<(Cell, u32)> {
        reachable(start, budget, |c, out| {
            for n in c.neighbors4() {
                if board.contains(n) {
                    if let Some(k) = cost(n) {
                        out.push((n, k));
                    }
                }
            }
        })
    }

    #[test]
    fn zero_budget_reaches_nothing() {
        let moves = grid_moves(Cell::new(2, 2), 0, Bounds::new(5, 5), |_| Some(1));
        assert!(moves.is_empty());
    }

    #[test]
    fn blocked_nodes_cannot_be_moved_through() {
        // A wall across column 1 except at the far end: the way round costs more.
        let wall = |c: Cell| c.x == 1 && c.y < 4;
        let moves = grid_moves(Cell::new(0, 0), 10, Bounds::new(3, 5), |c| {
            (!wall(c)).then_some(1)
        });
        let cost_to = |c: Cell| moves.iter().find(|m| m.0 == c).map(|m| m.1);
        assert_eq!(cost_to(Cell::new(2, 0)), Some(10)); // down 4, across 2, up 4
        assert_eq!(cost_to(Cell::new(1, 4)), Some(5));
        assert_eq!(cost_to(Cell::new(1, 0)), None);
    }

    #[test]
    fn cheapest_cost_wins_over_fewest_steps() {
        // Entering (1, 0) costs 5 (rough ground), more than the budget of 4; going round it
        // reaches (2, 0) for 4.
        let moves = grid_moves(Cell::new(0, 0), 4, Bounds::new(3, 2), |c| {
            Some(if c == Cell::new(1, 0) { 5 } else { 1 })
        });
        assert_eq!(
            moves,
            [
                (Cell::new(0, 1), 1),
                (Cell::new(1, 1), 2),
                (Cell::new(2, 0), 4),
                (Cell::new(2, 1), 3),
            ]
        );
    }

    #[test]
    fn start_is_excluded_even_when_revisited() {
        let moves = reachable(Hex::ORIGIN, 2, |h, out| {
            out.extend(h.neighbors().map(|n| (n, 1)));
        });
        assert_eq!(moves.len(), 18);
        assert!(
            moves
                .iter()
                .all(|&(h, c)| h != Hex::ORIGIN && c == h.distance(Hex::ORIGIN))
        );
        assert!(moves.windows(2).all(|w| w[0].0 < w[1].0), "sorted by node");
    }

    #[test]
    fn large_search_matches_distance() {
        // 331 nodes: exercises the switch from linear scan to hashing.
        let moves = reachable(Hex::new(3, -7), 10, |h, out| {
            out.extend(h.neighbors().map(|n| (n, 1)));
        });
        let expected: Vec<(Hex, u32)> = Hex::new(3, -7)
            .range(10)
            .filter(|&h| h != Hex::new(3, -7))
            .map(|h| (h, h.distance(Hex::new(3, -7))))
            .collect();
        assert_eq!(moves, expected);
    }

    #[test]
    fn a_star_finds_the_cheapest_path_around_blocks() {
        let board = Bounds::new(3, 5);
        let wall = |c: Cell| c.x == 1 && c.y < 4;
        let steps = |c: Cell, out: &mut Vec<(Cell, u32)>| {
            for n in c.neighbors4() {
                if board.contains(n) && !wall(n) {
                    out.push((n, 1));
                }
            }
        };
        let (from, to) = (Cell::new(0, 0), Cell::new(2, 0));
        let (path, cost) = a_star(from, to, steps, |c| c.chebyshev(to)).unwrap();
        assert_eq!(cost, 10);
        assert_eq!(path.len(), 11);
        assert_eq!((path[0], path[10]), (from, to));
        assert!(
            path.windows(2)
                .all(|w| w[0].chebyshev(w[1]) == 1 && !wall(w[1]))
        );
        let dijkstra = reachable(from, 20, steps);
        assert!(dijkstra.contains(&(to, cost)));
    }

    #[test]
    fn a_star_reports_unreachable_goals() {
        let board = Bounds::new(3, 3);
        let steps = |c: Cell, out: &mut Vec<(Cell, u32)>| {
            for n in c.neighbors4() {
                if board.contains(n) && n.x != 1 {
                    out.push((n, 1));
                }
            }
        };
        assert_eq!(a_star(Cell::new(0, 0), Cell::new(2, 2), steps, |_| 0), None);
        assert_eq!(
            a_star(Cell::new(0, 0), Cell::new(0, 0), steps, |_| 0),
            Some((vec![Cell::new(0, 0)], 0))
        );
    }
}
