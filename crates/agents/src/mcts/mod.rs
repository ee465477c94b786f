//! Monte Carlo tree search for every game: UCT, chance by sampling, information sets, sealed
//! simultaneous choices, root parallelism.

mod config;
mod report;
mod search;
mod tree;

pub use config::{DEFAULT_ITERATIONS, MctsConfig, Rollout, SimultaneousRule};
pub use report::{ActionStats, LineStep, SearchReport};

use crate::{Evaluator, Stop};
use gridwright_engine::{Actor, Agent, Game, Information, Rng, Seat, SeatView, derive_seed};
use search::Searcher;
use std::sync::Arc;
use std::time::Instant;
use tree::{Key, Kind, NONE, Tree};

/// The MCTS agent. Generic over [`Game`]; it names no game.
///
/// Each iteration starts from a state drawn from the searching seat's [`SeatView`]: the
/// state itself for perfect-information games, else [`SeatView::determinize`] — the game's own
/// resampling of what the seat cannot see — so the agent never reads a secret (with `belief`,
/// the most plausible of a few such draws by the other seats' evaluation). Then:
///
/// - **Selection** descends one tree per seat (one shared tree for perfect-information games),
///   each keyed by what its seat observes: an action hidden from a seat is a single "hidden"
///   edge in that seat's tree (multiple-observer information-set MCTS). A seat choosing in
///   turn uses UCB1, with availability counts in place of the parent's visits, since an action
///   need not be legal in every determinization, and with progressive bias from the
///   evaluator's one-step opinion of each action (`prior`, `bias`).
/// - **Sealed simultaneous choices** ([`Turn::Simultaneous`](gridwright_engine::Turn)) commit
///   one seat at a time, but no seat's tree sees the others' commitments; each seat selects on
///   its own statistics: decoupled UCT (`sim=ucb`, the default; the most visited choice wins)
///   or regret matching (`sim=rm`; the final choice is drawn from the average strategy).
/// - **Wide nodes** (more than `wide` legal actions, like a mech's deployment squares) use
///   progressive widening: `pw·(n+1)^alpha` actions after `n` visits, added best prior first.
/// - **Chance** nodes sample an outcome by its exact weight. Outcomes are edges of the tree;
///   in perfect-information games, outcomes that lead to equal states share one edge.
/// - **Playouts** are random or heuristic (the best of `tries` actions by one-step evaluation,
///   with probability `1 - eps`), cut off after `depth` steps, where the [`Evaluator`] gives
///   the value.
/// - **Root parallelism**: `threads` independent searches with seeds derived from the one
///   drawn from the caller's [`Rng`], merged at the root. With an iteration budget the result
///   depends only on that seed, the budget and the thread count.
/// - **Stopping early**: with a [`Stop`] ([`Mcts::with_stop`]), every thread looks at it before
///   each iteration and ends once it is set; the report then says `stopped`. A stop that is
///   never set changes nothing (it draws no random number and the budget is the same).
///
/// # Examples
/// ```
/// use gridwright_agents::{Mcts, MctsConfig};
/// use gridwright_connect_four::ConnectFour;
/// use gridwright_engine::{Rng, Seat, SeatView};
/// let mcts = Mcts::<ConnectFour>::new(MctsConfig { iterations: Some(300), ..MctsConfig::default() });
/// let game = ConnectFour::initial();
/// let report = mcts.search(&SeatView::new(&game, Seat::new(0)), &mut Rng::seed_from_u64(1));
/// assert_eq!(report.iterations, 300);
/// assert_eq!(report.actions.len(), 7);
/// println!("{}", report.to_text());
/// ```
pub struct Mcts<G: Game> {
    config: MctsConfig,
    evaluator: Option<Arc<dyn Evaluator<G>>>,
    stop: Option<Stop>,
}

impl<G: Game> std::fmt::Debug for Mcts<G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Mcts")
            .field("config", &self.config)
            .field("evaluator", &self.evaluator.is_some())
            .field("stop", &self.stop)
            .finish()
    }
}

impl<G: Game> Clone for Mcts<G> {
    fn clone(&self) -> Self {
        Mcts {
            config: self.config.clone(),
            evaluator: self.evaluator.clone(),
            stop: self.stop.clone(),
        }
    }
}

/// What one thread brings back.
struct ThreadResult<A> {
    trees: Vec<Tree<A>>,
    iterations: u64,
    nodes: usize,
    /// Whether the [`Stop`] ended it before its budget.
    stopped: bool,
}

impl<G: Game> Mcts<G> {
    /// An agent with these settings and no evaluator (playouts then run to the end).
    pub fn new(config: MctsConfig) -> Self {
        Mcts {
            config,
            evaluator: None,
            stop: None,
        }
    }

    /// The same agent with an evaluator for cutoffs, widening order and heuristic playouts.
    #[must_use]
    pub fn with_evaluator(mut self, evaluator: Arc<dyn Evaluator<G>>) -> Self {
        self.evaluator = Some(evaluator);
        self
    }

    /// The same agent, stopping as soon as `stop` is set (by any clone, from any thread): each
    /// search thread looks at it before every iteration, so a search returns within one
    /// iteration of the request, its report saying
    /// [`stopped`](SearchReport::stopped) and its choice the best so far (the first legal
    /// action if no iteration was done). Until it is set, searches are exactly those of the agent
    /// without it. A stop once set stays set: every later search returns at once.
    ///
    /// ```
    /// use gridwright_agents::{Mcts, MctsConfig, Stop};
    /// use gridwright_connect_four::ConnectFour;
    /// use gridwright_engine::{Rng, Seat, SeatView};
    /// let stop = Stop::new();
    /// let mcts = Mcts::<ConnectFour>::new(MctsConfig { iterations: Some(300), ..MctsConfig::default() })
    ///     .with_stop(stop.clone());
    /// let game = ConnectFour::initial();
    /// let view = SeatView::new(&game, Seat::new(0));
    /// assert!(!mcts.search(&view, &mut Rng::seed_from_u64(1)).stopped);
    /// stop.stop();
    /// let report = mcts.search(&view, &mut Rng::seed_from_u64(1));
    /// assert!(report.stopped);
    /// assert_eq!(report.iterations, 0);
    /// ```
    #[must_use]
    pub fn with_stop(mut self, stop: Stop) -> Self {
        self.stop = Some(stop);
        self
    }

    /// The settings.
    pub fn config(&self) -> &MctsConfig {
        &self.config
    }

    /// The evaluator, if any.
    pub fn evaluator(&self) -> Option<Arc<dyn Evaluator<G>>> {
        self.evaluator.clone()
    }

    /// Searches the view's position and returns the choice with its explanation.
    ///
    /// Draws exactly one number from `rng` for the search seed (and, at a simultaneous root,
    /// one more for the final draw), so the caller's stream stays predictable — stopped early
    /// or not.
    ///
    /// # Panics
    /// If the seat has no legal action (the [`Agent`] contract: agents are asked only when
    /// they may act).
    pub fn search(&self, view: &SeatView<'_, G>, rng: &mut Rng) -> SearchReport<G::Action> {
        let start = Instant::now();
        let seat = view.seat();
        let mut legal = Vec::new();
        view.legal_actions(&mut legal);
        let seed = rng.next_u64();
        let mut text_rng = Rng::seed_from_u64(derive_seed(seed, 0x7e47));
        let text_state = match view.perfect() {
            Some(s) => s.clone(),
            None => view.determinize(&mut text_rng),
        };
        let simultaneous = matches!(text_state.turn(), gridwright_engine::Turn::Simultaneous(_));
        if legal.len() == 1 {
            let a = legal[0];
            return SearchReport {
                seat,
                chosen: a,
                chosen_text: text_state.action_text(&a),
                simultaneous,
                iterations: 0,
                threads: 0,
                nodes: 0,
                elapsed_ms: start.elapsed().as_secs_f64() * 1000.0,
                value: 0.0,
                actions: vec![ActionStats {
                    action: a,
                    text: text_state.action_text(&a),
                    visits: 0,
                    value: None,
                    policy: 1.0,
                }],
                principal_line: Vec::new(),
                stopped: false,
            };
        }
        let threads = self.config.threads.max(1);
        let seats = text_state.num_seats();
        let results: Vec<ThreadResult<G::Action>> = if threads == 1 {
            vec![self.run_thread(view, seed, seats, 0, threads, start)]
        } else {
            std::thread::scope(|scope| {
                let handles: Vec<_> = (0..threads)
                    .map(|i| {
                        scope.spawn(move || self.run_thread(view, seed, seats, i, threads, start))
                    })
                    .collect();
                handles.into_iter().filter_map(|h| h.join().ok()).collect()
            })
        };
        let shared = G::INFO.information == Information::Perfect;
        let root_tree = if shared { 0 } else { seat.index() };
        // Merge the root statistics of every thread, in thread order.
        let mut merged: Vec<(G::Action, u64, f64, f64)> =
            legal.iter().map(|&a| (a, 0, 0.0, 0.0)).collect();
        let mut root_sim = false;
        for r in &results {
            let Some(root) = r.trees.get(root_tree).and_then(|t| t.nodes.first()) else {
                continue;
            };
            if let Kind::Decision { simultaneous, .. } = root.kind {
                root_sim = simultaneous;
            }
            for e in &root.edges {
                if let Key::Action(a) = e.key
                    && let Ok(i) = legal.binary_search(&a)
                {
                    merged[i].1 += u64::from(e.visits);
                    merged[i].2 += e.value;
                    merged[i].3 += e.strategy;
                }
            }
        }
        let total_visits: u64 = merged.iter().map(|m| m.1).sum();
        let total_strategy: f64 = merged.iter().map(|m| m.3).sum();
        let use_strategy = root_sim
            && self.config.simultaneous == SimultaneousRule::RegretMatching
            && total_strategy > 0.0;
        let policy = |m: &(G::Action, u64, f64, f64)| {
            if use_strategy {
                m.3 / total_strategy
            } else if total_visits > 0 {
                m.1 as f64 / total_visits as f64
            } else {
                0.0
            }
        };
        let chosen = if use_strategy {
            // Draw from the average strategy, purified: weak actions dropped.
            let top = merged.iter().map(|m| m.3).fold(0.0, f64::max);
            let keep =
                |m: &&(G::Action, u64, f64, f64)| m.3 >= self.config.purify * top && m.3 > 0.0;
            let kept: Vec<&(G::Action, u64, f64, f64)> = merged.iter().filter(keep).collect();
            let sum: f64 = kept.iter().map(|m| m.3).sum();
            let mut r = rng.unit_f64() * sum;
            let mut pick = kept.last().map_or(legal[0], |m| m.0);
            for m in &kept {
                if r < m.3 {
                    pick = m.0;
                    break;
                }
                r -= m.3;
            }
            pick
        } else {
            let mut best: Option<&(G::Action, u64, f64, f64)> = None;
            for m in &merged {
                let better = match best {
                    None => true,
                    Some(b) => {
                        m.1 > b.1 || (m.1 == b.1 && m.1 > 0 && m.2 / m.1 as f64 > b.2 / b.1 as f64)
                    }
                };
                if better {
                    best = Some(m);
                }
            }
            best.map_or(legal[0], |m| m.0)
        };
        let mut actions: Vec<ActionStats<G::Action>> = merged
            .iter()
            .map(|m| ActionStats {
                action: m.0,
                text: text_state.action_text(&m.0),
                visits: m.1,
                value: (m.1 > 0).then(|| m.2 / m.1 as f64),
                policy: policy(m),
            })
            .collect();
        actions.sort_by(|a, b| b.visits.cmp(&a.visits).then(b.policy.total_cmp(&a.policy)));
        let value = if total_visits > 0 {
            merged.iter().map(|m| m.2).sum::<f64>() / total_visits as f64
        } else {
            0.0
        };
        let principal_line = results
            .first()
            .and_then(|r| r.trees.get(root_tree))
            .map(|t| line(t, chosen, seat, &text_state))
            .unwrap_or_default();
        SearchReport {
            seat,
            chosen,
            chosen_text: text_state.action_text(&chosen),
            simultaneous,
            iterations: results.iter().map(|r| r.iterations).sum(),
            threads,
            nodes: results.iter().map(|r| r.nodes).sum(),
            elapsed_ms: start.elapsed().as_secs_f64() * 1000.0,
            value,
            actions,
            principal_line,
            stopped: results.iter().any(|r| r.stopped),
        }
    }

    /// Thread `index` of `threads`: its share of the iterations, or until the deadline, or
    /// until the stop is set.
    fn run_thread(
        &self,
        view: &SeatView<'_, G>,
        seed: u64,
        seats: usize,
        index: usize,
        threads: usize,
        start: Instant,
    ) -> ThreadResult<G::Action> {
        let cfg = &self.config;
        let shared = G::INFO.information == Information::Perfect;
        let mut s = Searcher::new(
            cfg,
            self.evaluator.as_deref(),
            view.seat(),
            seats,
            shared,
            derive_seed(seed, index as u64),
        );
        let share = cfg.iterations.map(|n| {
            let t = threads as u64;
            n / t + u64::from((index as u64) < n % t)
        });
        let deadline = cfg.time.map(|d| start + d);
        let stop = self.stop.as_ref();
        let mut done = 0u64;
        let mut stopped = false;
        loop {
            if share.is_some_and(|n| done >= n) {
                break;
            }
            // Every iteration: one relaxed load, next to an iteration's thousands of steps.
            if stop.is_some_and(Stop::is_stopped) {
                stopped = true;
                break;
            }
            // The clock at every iteration: one iteration of a big game (priors over hundreds
            // of actions, a long playout) can take tens of milliseconds, and checking only every
            // eighth let a search run far past its budget.
            if deadline.is_some_and(|d| Instant::now() >= d) {
                break;
            }
            if share.is_none() && deadline.is_none() {
                break;
            }
            s.iterate(view);
            done += 1;
        }
        ThreadResult {
            nodes: s.nodes,
            trees: s.trees,
            iterations: done,
            stopped,
        }
    }
}

/// The principal line of `tree` from its root, starting with `first`.
fn line<G: Game>(
    tree: &Tree<G::Action>,
    first: G::Action,
    seat: Seat,
    text: &G,
) -> Vec<LineStep<G::Action>> {
    let mut out = Vec::new();
    let mut node = 0u32;
    let mut first = Some(first);
    while out.len() < 16 {
        let Some(n) = tree.nodes.get(node as usize) else {
            break;
        };
        let e = match first.take() {
            Some(a) => n.find(&Key::Action(a)).ok(),
            None => tree.best_edge(node),
        };
        let Some(e) = e.map(|i| &n.edges[i]) else {
            break;
        };
        if e.visits == 0 {
            break;
        }
        let actor = match n.kind {
            Kind::Decision { seat, .. } | Kind::Observe { seat } => Actor::Seat(seat),
            Kind::Chance => Actor::Chance,
            Kind::New => Actor::Seat(seat),
        };
        let (action, txt) = match e.key {
            Key::Action(a) => (Some(a), text.action_text(&a)),
            Key::Hidden(_) | Key::HiddenChance => (None, "(hidden)".to_owned()),
        };
        out.push(LineStep {
            actor,
            action,
            text: txt,
            visits: u64::from(e.visits),
            value: e.mean(),
        });
        if e.child == NONE {
            break;
        }
        node = e.child;
    }
    out
}

impl<G: Game> Agent<G> for Mcts<G> {
    fn name(&self) -> String {
        "mcts".into()
    }

    fn choose(&mut self, view: &SeatView<'_, G>, rng: &mut Rng) -> G::Action {
        self.search(view, rng).chosen
    }
}

#[cfg(test)]
mod tests;
