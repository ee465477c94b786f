//! One thread's search: determinize, select and expand in every seat's tree, play out,
//! back up.

use super::config::{MctsConfig, Rollout, SimultaneousRule};
use super::tree::{Edge, Key, Kind, NONE, Tree};
use crate::Evaluator;
use gridwright_engine::{Actor, Events, Game, Rng, Seat, SeatView, Turn, Viewer};

/// A step of the current iteration's path: the edge taken out of a node of a tree.
#[derive(Clone, Copy, Debug)]
struct PathStep {
    tree: u8,
    node: u32,
    edge: u32,
}

/// The search state of one thread.
pub(crate) struct Searcher<'a, G: Game> {
    cfg: &'a MctsConfig,
    eval: Option<&'a dyn Evaluator<G>>,
    root_seat: Seat,
    seats: usize,
    /// One tree shared by all seats (perfect information), or one per seat.
    shared: bool,
    pub trees: Vec<Tree<G::Action>>,
    pub rng: Rng,
    /// Iterations done; also the availability stamp of the current one.
    pub iterations: u32,
    pub nodes: usize,
    /// States that chance edges of the shared tree lead to.
    reps: Vec<G>,
    /// Whether weighing determinizations (`belief`) can matter in this search.
    belief_useful: bool,
    // Scratch space, reused across iterations.
    legal: Vec<G::Action>,
    outcomes: Vec<(G::Action, u32)>,
    path: Vec<PathStep>,
    cursor: Vec<u32>,
    active: Vec<bool>,
    values: Vec<f64>,
    events: Events<G::Event>,
}

impl<'a, G: Game> Searcher<'a, G> {
    pub fn new(
        cfg: &'a MctsConfig,
        eval: Option<&'a dyn Evaluator<G>>,
        root_seat: Seat,
        seats: usize,
        shared: bool,
        seed: u64,
    ) -> Self {
        let n_trees = if shared { 1 } else { seats };
        Searcher {
            cfg,
            eval,
            root_seat,
            seats,
            shared,
            trees: (0..n_trees).map(|_| Tree::new()).collect(),
            rng: Rng::seed_from_u64(seed),
            iterations: 0,
            nodes: n_trees,
            reps: Vec::new(),
            belief_useful: true,
            legal: Vec::new(),
            outcomes: Vec::new(),
            path: Vec::new(),
            cursor: vec![0; n_trees],
            active: vec![true; n_trees],
            values: vec![0.0; seats],
            events: Events::disabled(),
        }
    }

    /// The tree in which `seat` keeps its statistics.
    #[inline]
    pub fn tree_of(&self, seat: Seat) -> usize {
        if self.shared { 0 } else { seat.index() }
    }

    /// The seat whose view tree `t` follows.
    #[inline]
    fn owner(&self, t: usize) -> Seat {
        if self.shared {
            self.root_seat
        } else {
            Seat::new(t as u8)
        }
    }

    /// Which seat of a simultaneous set commits first in the search: the searching seat if
    /// it is in the set (so that the root choice is the root's first step), else the lowest.
    #[inline]
    fn first_of(&self, turn: Turn) -> Option<Seat> {
        match turn {
            Turn::Seat(s) => Some(s),
            Turn::Simultaneous(set) if set.contains(self.root_seat) => Some(self.root_seat),
            Turn::Simultaneous(set) => set.iter().next(),
            Turn::Chance | Turn::Terminal => None,
        }
    }

    /// One iteration from a fresh state consistent with the searching seat's view.
    pub fn iterate(&mut self, view: &SeatView<'_, G>) {
        self.iterations += 1;
        let mut state = match view.perfect() {
            Some(s) => s.clone(),
            None => self.determinize(view),
        };
        self.cursor.fill(0);
        self.active.fill(true);
        self.path.clear();
        let mut finished = false;
        loop {
            let turn = state.turn();
            match turn {
                Turn::Terminal => {
                    self.set_returns(&state);
                    finished = true;
                    break;
                }
                Turn::Chance => {
                    let Some(a) = self.sample_chance(&state) else {
                        break;
                    };
                    if self.shared {
                        state.step(Actor::Chance, a, &mut self.events);
                        if self.active[0] {
                            self.observe_outcome(&state, a);
                        }
                        continue;
                    }
                    for t in 0..self.trees.len() {
                        if self.active[t] {
                            let key = self.key_for(&state, t, Actor::Chance, a);
                            self.observe(t, Kind::Chance, key);
                        }
                    }
                    state.step(Actor::Chance, a, &mut self.events);
                }
                Turn::Seat(_) | Turn::Simultaneous(_) => {
                    let Some(seat) = self.first_of(turn) else {
                        break;
                    };
                    let simultaneous = matches!(turn, Turn::Simultaneous(_));
                    let t = self.tree_of(seat);
                    if !self.active[t] {
                        break;
                    }
                    let node = self.cursor[t];
                    let kind = Kind::Decision { seat, simultaneous };
                    let n = &mut self.trees[t].nodes[node as usize];
                    if n.kind == Kind::New {
                        n.kind = kind;
                    } else if n.kind != kind {
                        // The same observations led to another kind of node in an earlier
                        // determinization: this tree cannot follow; play out from here.
                        break;
                    }
                    self.legal.clear();
                    state.legal_actions(seat, &mut self.legal);
                    if self.legal.is_empty() {
                        break;
                    }
                    let e = self.select(t, node, seat, simultaneous, &state);
                    let Key::Action(a) = self.trees[t].nodes[node as usize].edges[e].key else {
                        break;
                    };
                    self.path.push(PathStep {
                        tree: t as u8,
                        node,
                        edge: e as u32,
                    });
                    self.descend(t, node, e);
                    for u in 0..self.trees.len() {
                        if u != t && self.active[u] {
                            let key = self.key_for(&state, u, Actor::Seat(seat), a);
                            self.observe(u, Kind::Observe { seat }, key);
                        }
                    }
                    state.step(Actor::Seat(seat), a, &mut self.events);
                }
            }
        }
        if !finished {
            self.playout(&mut state);
        }
        self.backup();
    }

    /// A state consistent with the view. With `belief = k > 1` and an evaluator, the most
    /// plausible of `k` draws: the one the other seats like best by the evaluation — their
    /// sealed choices were presumably made to suit them, not at random.
    fn determinize(&mut self, view: &SeatView<'_, G>) -> G {
        let draw = view.determinize(&mut self.rng);
        let (k, Some(eval)) = (self.cfg.belief, self.eval) else {
            return draw;
        };
        if k <= 1 || !self.belief_useful {
            return draw;
        }
        let plausibility = |g: &G| -> f64 {
            Seat::all(self.seats)
                .filter(|s| *s != self.root_seat)
                .map(|s| value_for(eval, g, s).unwrap_or(0.0))
                .sum()
        };
        let mut best = (plausibility(&draw), draw);
        for i in 1..k {
            let d = view.determinize(&mut self.rng);
            if i == 1 && self.iterations == 1 && d == best.1 {
                // Two equal draws at the start: most likely nothing is hidden from this seat
                // now, so weighing draws would only cost time.
                self.belief_useful = false;
                break;
            }
            let p = plausibility(&d);
            if p > best.0 {
                best = (p, d);
            }
        }
        best.1
    }

    /// The key under which tree `t` records `actor` taking `action` in `state`.
    #[inline]
    fn key_for(&self, state: &G, t: usize, actor: Actor, action: G::Action) -> Key<G::Action> {
        if self.shared || state.action_visible_to(actor, &action, Viewer::Seat(self.owner(t))) {
            Key::Action(action)
        } else {
            match actor {
                Actor::Seat(s) => Key::Hidden(s),
                Actor::Chance => Key::HiddenChance,
            }
        }
    }

    /// Follows `key` out of tree `t`'s current node, which is of `kind` (for other seats'
    /// moves and chance).
    fn observe(&mut self, t: usize, kind: Kind, key: Key<G::Action>) {
        let node = self.cursor[t];
        let n = &mut self.trees[t].nodes[node as usize];
        if n.kind == Kind::New {
            n.kind = kind;
        } else if n.kind != kind {
            self.active[t] = false;
            return;
        }
        let e = match n.find(&key) {
            Ok(e) => e,
            Err(at) => {
                n.edges.insert(at, Edge::new(key));
                at
            }
        };
        self.path.push(PathStep {
            tree: t as u8,
            node,
            edge: e as u32,
        });
        self.descend(t, node, e);
    }

    /// Follows chance outcome `a`, which led to `state`, out of the shared tree's current node.
    /// Outcomes that lead to equal states share one edge (36 faces of two dice that all mean
    /// "one hit" are one branch), so the tree spends its visits on what differs.
    fn observe_outcome(&mut self, state: &G, a: G::Action) {
        let node = self.cursor[0];
        let n = &mut self.trees[0].nodes[node as usize];
        if n.kind == Kind::New {
            n.kind = Kind::Chance;
        } else if n.kind != Kind::Chance {
            self.active[0] = false;
            return;
        }
        let reps = &self.reps;
        let same = n
            .edges
            .iter()
            .position(|e| e.rep != NONE && reps[e.rep as usize] == *state);
        let e = match same {
            Some(e) => e,
            None => match n.find(&Key::Action(a)) {
                Ok(e) => e,
                Err(at) => {
                    let mut edge = Edge::new(Key::Action(a));
                    edge.rep = self.reps.len() as u32;
                    self.reps.push(state.clone());
                    n.edges.insert(at, edge);
                    at
                }
            },
        };
        self.path.push(PathStep {
            tree: 0,
            node,
            edge: e as u32,
        });
        self.descend(0, node, e);
    }

    /// Moves tree `t`'s cursor along edge `e` of `node`, creating the child (and stopping the
    /// tree for this iteration) if it does not exist yet.
    fn descend(&mut self, t: usize, node: u32, e: usize) {
        let child = self.trees[t].nodes[node as usize].edges[e].child;
        if child != NONE {
            self.cursor[t] = child;
            return;
        }
        self.active[t] = false;
        if self.nodes < self.cfg.max_nodes {
            let c = self.trees[t].push();
            self.trees[t].nodes[node as usize].edges[e].child = c;
            self.nodes += 1;
        }
    }

    /// How many actions a node with `legal` actions and `visits` visits may consider.
    #[inline]
    fn width(&self, legal: usize, visits: u32) -> usize {
        if legal <= self.cfg.widen_above {
            return usize::MAX;
        }
        let w = self.cfg.widen_k * (f64::from(visits) + 1.0).powf(self.cfg.widen_alpha);
        (w.ceil() as usize).max(1)
    }

    /// Marks the edges available in this determinization, widens, and picks one edge.
    fn select(&mut self, t: usize, node: u32, seat: Seat, simultaneous: bool, state: &G) -> usize {
        let stamp = self.iterations;
        if self.cfg.prior && self.eval.is_some() && !self.trees[t].nodes[node as usize].priored {
            self.compute_priors(t, node, seat, state);
        }
        let width = self.width(self.legal.len(), self.trees[t].nodes[node as usize].visits);
        // Mark the edges that are legal now (both lists are sorted).
        let mut present = 0usize;
        let mut available = 0usize;
        {
            let n = &mut self.trees[t].nodes[node as usize];
            let (mut i, mut j) = (0, 0);
            while i < self.legal.len() && j < n.edges.len() {
                match Key::Action(self.legal[i]).cmp(&n.edges[j].key) {
                    std::cmp::Ordering::Less => i += 1,
                    std::cmp::Ordering::Greater => j += 1,
                    std::cmp::Ordering::Equal => {
                        let e = &mut n.edges[j];
                        e.stamp = stamp;
                        e.avail += 1;
                        present += 1;
                        available += 1;
                        i += 1;
                        j += 1;
                    }
                }
            }
        }
        let missing = self.legal.len() - present;
        if missing > 0 {
            let edges = self.trees[t].nodes[node as usize].edges.len();
            if width == usize::MAX {
                self.add_all_missing(t, node, stamp);
                available += missing;
            } else if edges < width || available == 0 {
                let want = width.saturating_sub(edges).clamp(1, missing);
                for _ in 0..want {
                    if self.widen(t, node, stamp) {
                        available += 1;
                    }
                }
            }
        }
        debug_assert!(available > 0, "no edge available at a decision node");
        let rule = if simultaneous {
            self.cfg.simultaneous
        } else {
            SimultaneousRule::Ucb
        };
        match rule {
            SimultaneousRule::Ucb => self.select_ucb(t, node, stamp),
            SimultaneousRule::RegretMatching => self.select_rm(t, node, stamp),
        }
    }

    /// Adds an edge for every legal action the node lacks.
    fn add_all_missing(&mut self, t: usize, node: u32, stamp: u32) {
        let n = &mut self.trees[t].nodes[node as usize];
        let mut merged = Vec::with_capacity(self.legal.len().max(n.edges.len()));
        let old = std::mem::take(&mut n.edges);
        let mut old = old.into_iter().peekable();
        for &a in &self.legal {
            let key = Key::Action(a);
            while let Some(e) = old.next_if(|e| e.key < key) {
                merged.push(e);
            }
            match old.next_if(|e| e.key == key) {
                Some(e) => merged.push(e),
                None => {
                    let mut e = Edge::new(key);
                    e.stamp = stamp;
                    e.avail = 1;
                    e.prior = n.prior_of(&a);
                    merged.push(e);
                }
            }
        }
        merged.extend(old);
        n.edges = merged;
    }

    /// Adds one legal action the node lacks: the next by prior, else a random one. Returns
    /// whether an edge was added.
    fn widen(&mut self, t: usize, node: u32, stamp: u32) -> bool {
        let legal = &self.legal;
        let n = &mut self.trees[t].nodes[node as usize];
        let mut pick = None;
        while n.next < n.order.len() {
            let a = n.order[n.next];
            n.next += 1;
            if legal.binary_search(&a).is_ok()
                && let Err(at) = n.find(&Key::Action(a))
            {
                pick = Some((a, at));
                break;
            }
        }
        if pick.is_none() {
            for _ in 0..16 {
                let a = legal[self.rng.index(legal.len())];
                if let Err(at) = n.find(&Key::Action(a)) {
                    pick = Some((a, at));
                    break;
                }
            }
        }
        if pick.is_none() {
            pick = legal
                .iter()
                .find_map(|&a| n.find(&Key::Action(a)).err().map(|at| (a, at)));
        }
        let Some((a, at)) = pick else {
            return false;
        };
        let mut e = Edge::new(Key::Action(a));
        e.stamp = stamp;
        e.avail = 1;
        e.prior = n.prior_of(&a);
        n.edges.insert(at, e);
        true
    }

    /// Evaluates the state after each legal action (all of them at the root, a random sample
    /// of `prior_sample` elsewhere) as `seat` would judge it — on a state resampled for that
    /// seat, so that an opponent's priors do not use the searching seat's secrets — and keeps
    /// the values as priors and the best-first order for widening.
    fn compute_priors(&mut self, t: usize, node: u32, seat: Seat, state: &G) {
        self.trees[t].nodes[node as usize].priored = true;
        let Some(eval) = self.eval else {
            return;
        };
        let own;
        let base = if self.shared || seat == self.root_seat {
            state
        } else {
            own = state.resample(seat, &mut self.rng);
            &own
        };
        let root = node == 0 && t == self.tree_of(self.root_seat);
        let cap = if root {
            usize::MAX
        } else {
            self.cfg.prior_sample.max(1)
        };
        let mut candidates = self.legal.clone();
        if candidates.len() > cap {
            // A partial Fisher–Yates shuffle: `cap` distinct actions at random.
            for i in 0..cap {
                let j = i + self.rng.index(candidates.len() - i);
                candidates.swap(i, j);
            }
            candidates.truncate(cap);
        }
        let mut scored: Vec<(f64, G::Action)> = candidates
            .iter()
            .map(|&a| {
                let mut child = base.clone();
                child.step(Actor::Seat(seat), a, &mut self.events);
                (prior_for(eval, &child, seat).unwrap_or(0.0), a)
            })
            .collect();
        scored.sort_by(|x, y| y.0.total_cmp(&x.0).then(x.1.cmp(&y.1)));
        let n = &mut self.trees[t].nodes[node as usize];
        n.order = scored.iter().map(|(_, a)| *a).collect();
        let mut priors: Vec<(G::Action, f32)> =
            scored.iter().map(|(v, a)| (*a, *v as f32)).collect();
        priors.sort_by_key(|p| p.0);
        n.priors = priors;
    }

    /// UCB1 over the available edges (availability counts stand in for the parent's visits);
    /// an untried edge first — unless it has a prior, which then counts as `bias` visits of
    /// that value (progressive bias: the evaluator's favourites are tried first and kept until
    /// the playouts disagree).
    fn select_ucb(&mut self, t: usize, node: u32, stamp: u32) -> usize {
        let c = self.cfg.c;
        let b = self.cfg.bias;
        let n = &self.trees[t].nodes[node as usize];
        let mut best = 0usize;
        let mut best_score = f64::NEG_INFINITY;
        for (i, e) in n.edges.iter().enumerate() {
            if e.stamp != stamp {
                continue;
            }
            let v = f64::from(e.visits);
            let (q, weight) = if b > 0.0 && !e.prior.is_nan() {
                ((e.value + b * f64::from(e.prior)) / (v + b), v + b)
            } else if e.visits == 0 {
                return i;
            } else {
                (e.value / v, v)
            };
            let score = q + c * ((f64::from(e.avail) + 1.0).ln() / weight).sqrt();
            if score > best_score {
                best_score = score;
                best = i;
            }
        }
        best
    }

    /// Regret matching with `gamma` exploration over the available edges.
    fn select_rm(&mut self, t: usize, node: u32, stamp: u32) -> usize {
        let gamma = self.cfg.gamma;
        let n = &self.trees[t].nodes[node as usize];
        let (k, pos) = rm_totals(&n.edges, stamp);
        let mut r = self.rng.unit_f64();
        let mut last = 0;
        for (i, e) in n.edges.iter().enumerate() {
            if e.stamp != stamp {
                continue;
            }
            let p = rm_prob(e, k, pos, gamma);
            if r < p {
                return i;
            }
            r -= p;
            last = i;
        }
        last
    }

    /// Plays on from `state` with the playout policy until the end or the depth cutoff, and
    /// leaves the per-seat result in `values`.
    fn playout(&mut self, state: &mut G) {
        let mut steps = 0u32;
        let (depth, plies) = if self.eval.is_some() {
            (self.cfg.depth, self.cfg.plies)
        } else {
            (None, None)
        };
        let mut ask = true;
        let mut last: Option<Seat> = None;
        let mut changes = 0u32;
        loop {
            let turn = state.turn();
            if turn == Turn::Terminal {
                self.set_returns(state);
                return;
            }
            let mover = self.first_of(turn);
            if let (Some(m), Some(l)) = (mover, last)
                && m != l
            {
                changes += 1;
            }
            if mover.is_some() {
                last = mover;
            }
            if ask && (depth.is_some_and(|d| steps >= d) || plies.is_some_and(|p| changes >= p)) {
                if self.set_evaluation(state) {
                    return;
                }
                ask = false;
            }
            let (actor, action) = match (turn, mover) {
                (Turn::Chance, _) => match self.sample_chance(state) {
                    Some(a) => (Actor::Chance, a),
                    None => break,
                },
                (_, Some(seat)) => {
                    self.legal.clear();
                    state.legal_actions(seat, &mut self.legal);
                    if self.legal.is_empty() {
                        break;
                    }
                    (Actor::Seat(seat), self.playout_move(state, seat))
                }
                (_, None) => break,
            };
            state.step(actor, action, &mut self.events);
            steps += 1;
        }
        self.values.fill(0.0);
    }

    /// A chance outcome drawn by its exact weight; `None` if the game offers none.
    fn sample_chance(&mut self, state: &G) -> Option<G::Action> {
        self.outcomes.clear();
        state.chance_outcomes(&mut self.outcomes);
        if self.outcomes.is_empty() {
            return None;
        }
        let i = self
            .rng
            .weighted_index(self.outcomes.iter().map(|(_, w)| *w));
        Some(self.outcomes[i].0)
    }

    /// The playout policy's move for `seat` among `self.legal`.
    fn playout_move(&mut self, state: &G, seat: Seat) -> G::Action {
        let n = self.legal.len();
        let random = n == 1
            || self.cfg.rollout == Rollout::Random
            || self.eval.is_none()
            || self.rng.unit_f64() < self.cfg.epsilon;
        let Some(eval) = self.eval.filter(|_| !random) else {
            return self.legal[self.rng.index(n)];
        };
        let tries = self.cfg.tries.min(n);
        let mut best = (f64::NEG_INFINITY, self.legal[0]);
        for k in 0..tries {
            let a = if n <= self.cfg.tries {
                self.legal[k]
            } else {
                self.legal[self.rng.index(n)]
            };
            let mut child = state.clone();
            child.step(Actor::Seat(seat), a, &mut self.events);
            let v = value_for(eval, &child, seat).unwrap_or(0.0);
            if v > best.0 {
                best = (v, a);
            }
        }
        best.1
    }

    fn set_returns(&mut self, state: &G) {
        let r = state.returns();
        for (v, x) in self
            .values
            .iter_mut()
            .zip(r.as_slice().iter().chain(std::iter::repeat(&0.0)))
        {
            *v = *x;
        }
    }

    /// Asks the evaluator for every seat; false if it has no opinion.
    fn set_evaluation(&mut self, state: &G) -> bool {
        let Some(eval) = self.eval else {
            return false;
        };
        for s in 0..self.seats {
            match value_for(eval, state, Seat::new(s as u8)) {
                Some(v) => self.values[s] = v,
                None => return false,
            }
        }
        true
    }

    /// Adds this iteration's result to every edge on its path.
    fn backup(&mut self) {
        let stamp = self.iterations;
        let gamma = self.cfg.gamma;
        let rm = self.cfg.simultaneous == SimultaneousRule::RegretMatching;
        for step in &self.path {
            let t = usize::from(step.tree);
            let owner = if self.shared {
                self.root_seat
            } else {
                Seat::new(step.tree)
            };
            let n = &mut self.trees[t].nodes[step.node as usize];
            n.visits += 1;
            let (who, simultaneous) = match n.kind {
                Kind::Decision { seat, simultaneous } => (seat, simultaneous),
                _ => (owner, false),
            };
            let u = self.values.get(who.index()).copied().unwrap_or(0.0);
            let chosen = step.edge as usize;
            if simultaneous && rm {
                // Outcome-sampling regret matching (Lanctot et al. 2013): the sampled action's
                // value is importance-weighted, every available action's regret moves by its
                // estimate minus the value obtained.
                let (k, pos) = rm_totals(&n.edges, stamp);
                let p = rm_prob(&n.edges[chosen], k, pos, gamma).max(1e-9);
                let kf = k as f64;
                for (i, e) in n.edges.iter_mut().enumerate() {
                    if e.stamp != stamp {
                        continue;
                    }
                    let sigma = if pos > 0.0 {
                        e.regret.max(0.0) / pos
                    } else {
                        1.0 / kf
                    };
                    e.strategy += sigma;
                    let estimate = if i == chosen { u / p } else { 0.0 };
                    e.regret += estimate - u;
                }
            }
            let e = &mut n.edges[chosen];
            e.visits += 1;
            e.value += u;
        }
    }
}

/// The evaluator's prior value clamped to `[-1, 1]`.
fn prior_for<G: Game>(eval: &dyn Evaluator<G>, state: &G, seat: Seat) -> Option<f64> {
    eval.prior(state, seat)
        .filter(|v| v.is_finite())
        .map(|v| v.clamp(-1.0, 1.0))
}

/// The evaluator's value clamped to `[-1, 1]`.
#[inline]
fn value_for<G: Game>(eval: &dyn Evaluator<G>, state: &G, seat: Seat) -> Option<f64> {
    eval.evaluate(state, seat)
        .filter(|v| v.is_finite())
        .map(|v| v.clamp(-1.0, 1.0))
}

/// Number of available edges and their total positive regret.
#[inline]
fn rm_totals<A>(edges: &[Edge<A>], stamp: u32) -> (usize, f64) {
    edges
        .iter()
        .filter(|e| e.stamp == stamp)
        .fold((0, 0.0), |(k, pos), e| (k + 1, pos + e.regret.max(0.0)))
}

/// The regret-matching probability of an available edge, with `gamma` exploration.
#[inline]
fn rm_prob<A>(e: &Edge<A>, k: usize, pos: f64, gamma: f64) -> f64 {
    let kf = k as f64;
    let sigma = if pos > 0.0 {
        e.regret.max(0.0) / pos
    } else {
        1.0 / kf
    };
    gamma / kf + (1.0 - gamma) * sigma
}
