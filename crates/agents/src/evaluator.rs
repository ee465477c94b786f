//! Pluggable position evaluation.

use gridwright_engine::{Game, Seat};

/// A heuristic value of a full state for one seat, in `[-1, 1]` (the scale of
/// [`Game::returns`]): what search uses where it stops a playout early, to order the actions
/// it tries first at wide nodes, and to steer heuristic playouts.
///
/// Search calls it only on states it built itself from the searching seat's
/// [`SeatView`](gridwright_engine::SeatView) (for hidden-information games, a determinization),
/// so an evaluator cannot leak secrets even though it reads a full state.
///
/// Any `Fn(&G, Seat) -> Option<f64>` is an evaluator:
/// ```
/// use gridwright_agents::Evaluator;
/// use gridwright_connect_four::ConnectFour;
/// use gridwright_engine::{Game, Seat};
/// let centre = |g: &ConnectFour, _seat: Seat| Some(if g.is_terminal() { 0.0 } else { 0.1 });
/// let e: &dyn Evaluator<ConnectFour> = &centre;
/// assert_eq!(e.evaluate(&ConnectFour::initial(), Seat::new(0)), Some(0.1));
/// ```
pub trait Evaluator<G: Game>: Send + Sync {
    /// The value of `state` for `seat`, or `None` if the evaluator has no opinion (search then
    /// plays on to the end).
    fn evaluate(&self, state: &G, seat: Seat) -> Option<f64>;

    /// The value of `state` for `seat` as a *prior*: search asks it once per action when it
    /// first meets a node (to order the actions it widens and to bias their selection), far
    /// less often than [`evaluate`](Evaluator::evaluate), so it may look deeper at a higher
    /// cost. The default is [`evaluate`](Evaluator::evaluate).
    fn prior(&self, state: &G, seat: Seat) -> Option<f64> {
        self.evaluate(state, seat)
    }
}

/// An evaluator from two functions: `evaluate` for playouts and cut-offs, `prior` for the
/// once-per-node action priors (see [`Evaluator::prior`]).
///
/// ```
/// use gridwright_agents::{Evaluator, WithPrior};
/// use gridwright_connect_four::ConnectFour;
/// use gridwright_engine::Seat;
/// let e = WithPrior {
///     evaluate: |_: &ConnectFour, _: Seat| Some(0.0),
///     prior: |_: &ConnectFour, _: Seat| Some(0.5),
/// };
/// let (g, s) = (ConnectFour::initial(), Seat::new(0));
/// assert_eq!((e.evaluate(&g, s), e.prior(&g, s)), (Some(0.0), Some(0.5)));
/// ```
#[derive(Debug, Clone, Copy)]
pub struct WithPrior<E, P> {
    /// The everyday evaluation.
    pub evaluate: E,
    /// The once-per-node evaluation behind action priors.
    pub prior: P,
}

impl<G: Game, E, P> Evaluator<G> for WithPrior<E, P>
where
    E: Fn(&G, Seat) -> Option<f64> + Send + Sync,
    P: Fn(&G, Seat) -> Option<f64> + Send + Sync,
{
    fn evaluate(&self, state: &G, seat: Seat) -> Option<f64> {
        (self.evaluate)(state, seat)
    }

    fn prior(&self, state: &G, seat: Seat) -> Option<f64> {
        (self.prior)(state, seat)
    }
}

impl<G: Game, F> Evaluator<G> for F
where
    F: Fn(&G, Seat) -> Option<f64> + Send + Sync,
{
    fn evaluate(&self, state: &G, seat: Seat) -> Option<f64> {
        self(state, seat)
    }
}
