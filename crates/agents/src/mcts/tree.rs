//! The search tree: an arena of nodes whose edges are sorted by key.
//!
//! Each seat of a hidden-information game has its own tree, keyed by what that seat sees: an
//! action it may see is an edge of its own, an action hidden from it (an opponent's sealed
//! commitment) is one [`Key::Hidden`] edge whatever the action was. Perfect-information games
//! share one tree.

use gridwright_engine::Seat;

/// No node.
pub(crate) const NONE: u32 = u32::MAX;

/// What an edge stands for, as the tree's owner sees it.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub(crate) enum Key<A> {
    /// A visible action or chance outcome.
    Action(A),
    /// Some action of this seat that the owner may not see.
    Hidden(Seat),
    /// Some chance outcome that the owner may not see.
    HiddenChance,
}

/// What happens at a node, as first seen.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Kind {
    /// Not visited yet.
    New,
    /// `seat` chooses, using this node's statistics.
    Decision { seat: Seat, simultaneous: bool },
    /// Another seat acts; the node only follows what the owner observes.
    Observe { seat: Seat },
    /// Chance acts.
    Chance,
}

/// One edge and its statistics.
#[derive(Clone, Debug)]
pub(crate) struct Edge<A> {
    pub key: Key<A>,
    pub child: u32,
    pub visits: u32,
    /// Times the edge was available (legal) when its node was visited.
    pub avail: u32,
    /// The iteration in which the edge was last available.
    pub stamp: u32,
    /// Sum of rewards for the node's deciding seat (or the tree's owner at observe nodes).
    pub value: f64,
    /// Regret matching: cumulative regret and cumulative strategy.
    pub regret: f64,
    pub strategy: f64,
    /// The evaluator's opinion of the action for the deciding seat (NaN: none).
    pub prior: f32,
    /// Chance edges of a shared tree: the index of the state this edge leads to in the
    /// searcher's list of representative states ([`NONE`] otherwise).
    pub rep: u32,
}

impl<A> Edge<A> {
    pub fn new(key: Key<A>) -> Self {
        Edge {
            key,
            child: NONE,
            visits: 0,
            avail: 0,
            stamp: 0,
            value: 0.0,
            regret: 0.0,
            strategy: 0.0,
            rep: NONE,
            prior: f32::NAN,
        }
    }

    /// Mean reward, if visited.
    pub fn mean(&self) -> Option<f64> {
        (self.visits > 0).then(|| self.value / f64::from(self.visits))
    }
}

/// A node: its kind, visit count, edges sorted by key, and (for widening nodes) the order in
/// which it adds actions.
#[derive(Clone, Debug)]
pub(crate) struct Node<A> {
    pub kind: Kind,
    pub visits: u32,
    pub edges: Vec<Edge<A>>,
    /// Actions in the order a widening node adds them (best prior first), once computed.
    pub order: Vec<A>,
    /// The evaluated actions with their prior values, sorted by action.
    pub priors: Vec<(A, f32)>,
    /// Whether priors were computed.
    pub priored: bool,
    /// How far into `order` widening has got.
    pub next: usize,
}

impl<A: Copy + Ord> Node<A> {
    fn new() -> Self {
        Node {
            kind: Kind::New,
            visits: 0,
            edges: Vec::new(),
            order: Vec::new(),
            priors: Vec::new(),
            priored: false,
            next: 0,
        }
    }

    /// The prior of action `a`, if it was evaluated.
    #[inline]
    pub fn prior_of(&self, a: &A) -> f32 {
        self.priors
            .binary_search_by(|(x, _)| x.cmp(a))
            .map_or(f32::NAN, |i| self.priors[i].1)
    }

    /// The index of the edge with `key`, or where it would go.
    #[inline]
    pub fn find(&self, key: &Key<A>) -> Result<usize, usize> {
        self.edges.binary_search_by(|e| e.key.cmp(key))
    }
}

/// One tree.
#[derive(Clone, Debug)]
pub(crate) struct Tree<A> {
    pub nodes: Vec<Node<A>>,
}

impl<A: Copy + Ord> Tree<A> {
    /// A tree holding only its root (node 0).
    pub fn new() -> Self {
        Tree {
            nodes: vec![Node::new()],
        }
    }

    /// Adds an empty node.
    pub fn push(&mut self) -> u32 {
        self.nodes.push(Node::new());
        (self.nodes.len() - 1) as u32
    }

    /// The most visited edge of `node` (ties: the higher mean, then the lower key).
    pub fn best_edge(&self, node: u32) -> Option<usize> {
        let edges = &self.nodes.get(node as usize)?.edges;
        let mut best: Option<usize> = None;
        for (i, e) in edges.iter().enumerate() {
            if e.visits == 0 {
                continue;
            }
            let better = match best {
                None => true,
                Some(b) => {
                    let be = &edges[b];
                    e.visits > be.visits
                        || (e.visits == be.visits
                            && e.mean().unwrap_or(0.0) > be.mean().unwrap_or(0.0))
                }
            };
            if better {
                best = Some(i);
            }
        }
        best
    }
}
