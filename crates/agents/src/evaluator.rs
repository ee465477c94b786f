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
}

impl<G: Game, F> Evaluator<G> for F
where
    F: Fn(&G, Seat) -> Option<f64> + Send + Sync,
{
    fn evaluate(&self, state: &G, seat: Seat) -> Option<f64> {
        self(state, seat)
    }
}
