//! The agent contract: something that picks an action for a seat.
//!
//! # Why agents see a [`SeatView`], not the state
//! An agent for a hidden-information game must never read what its seat may not see. The view
//! hands out the seat's legal actions and observation, full states only through
//! [`SeatView::determinize`] (the game's own resampling of hidden parts), and the raw state only
//! for perfect-information games, where there is nothing to hide.

use crate::game::{Game, Information};
use crate::rng::Rng;
use crate::seat::{Seat, Viewer};

/// What an agent may know when it chooses.
#[derive(Debug)]
pub struct SeatView<'a, G: Game> {
    state: &'a G,
    seat: Seat,
}

impl<'a, G: Game> SeatView<'a, G> {
    /// A view of `state` for `seat`.
    pub fn new(state: &'a G, seat: Seat) -> Self {
        SeatView { state, seat }
    }

    /// The seat choosing.
    pub fn seat(&self) -> Seat {
        self.seat
    }

    /// The legal actions of the seat.
    pub fn legal_actions(&self, out: &mut Vec<G::Action>) {
        self.state.legal_actions(self.seat, out);
    }

    /// The seat's observation.
    pub fn observe(&self) -> G::Observation {
        self.state.observe(Viewer::Seat(self.seat))
    }

    /// A full state consistent with the seat's information, secrets sampled with `rng`.
    pub fn determinize(&self, rng: &mut Rng) -> G {
        self.state.resample(self.seat, rng)
    }

    /// The state itself, only for perfect-information games.
    pub fn perfect(&self) -> Option<&'a G> {
        (G::INFO.information == Information::Perfect).then_some(self.state)
    }
}

/// Chooses actions for one seat.
pub trait Agent<G: Game>: Send {
    /// A short name for tables and logs.
    fn name(&self) -> String;

    /// Picks one of the view's legal actions. Called only when the seat may act.
    fn choose(&mut self, view: &SeatView<'_, G>, rng: &mut Rng) -> G::Action;
}

/// Uniformly random legal actions: the baseline every other agent must beat.
#[derive(Debug, Default, Clone)]
pub struct RandomAgent;

impl<G: Game> Agent<G> for RandomAgent {
    fn name(&self) -> String {
        "random".into()
    }

    fn choose(&mut self, view: &SeatView<'_, G>, rng: &mut Rng) -> G::Action {
        let mut legal = Vec::new();
        view.legal_actions(&mut legal);
        legal[rng.index(legal.len())]
    }
}

/// Scores within this of the best count as a tie in [`pick_best`].
pub const TIE_EPSILON: f64 = 1e-9;

/// The greedy agents' argmax with ties broken at random: scores every action of `legal` once, in
/// order, keeps those within [`TIE_EPSILON`] of the best score so far (a score more than that
/// above it starts the list again), and returns one of the kept at `rng.index(kept)`: one draw
/// from `rng`, none if nothing was kept (`legal` empty, or no score above `-∞`; `None` then).
///
/// ```
/// use gridwright_engine::{Rng, pick_best};
/// let mut rng = Rng::seed_from_u64(1);
/// assert_eq!(pick_best(&[1, 5, 3], |a| f64::from(*a), &mut rng), Some(5));
/// let tie = pick_best(&[1, 4, 4], |a| f64::from(*a), &mut rng);
/// assert_eq!(tie, Some(4));
/// assert_eq!(pick_best(&[] as &[i32], |_| 0.0, &mut rng), None);
/// ```
pub fn pick_best<A: Copy>(
    legal: &[A],
    mut score: impl FnMut(&A) -> f64,
    rng: &mut Rng,
) -> Option<A> {
    let mut kept: Vec<A> = Vec::new();
    let mut top = f64::NEG_INFINITY;
    for a in legal {
        let s = score(a);
        if s > top + TIE_EPSILON {
            top = s;
            kept.clear();
            kept.push(*a);
        } else if (s - top).abs() <= TIE_EPSILON {
            kept.push(*a);
        }
    }
    (!kept.is_empty()).then(|| kept[rng.index(kept.len())])
}

/// The first action of `items` with the highest score, and its score, with no randomness:
/// `score` gives `None` for an action not to consider; a later action replaces the best only
/// with a strictly higher score (a `NaN` first score is never replaced).
///
/// ```
/// use gridwright_engine::first_best;
/// let best = first_best([3, 7, 7, 2], |a| (*a != 2).then(|| f64::from(*a)));
/// assert_eq!(best, Some((7, 7.0)));
/// ```
pub fn first_best<A>(
    items: impl IntoIterator<Item = A>,
    mut score: impl FnMut(&A) -> Option<f64>,
) -> Option<(A, f64)> {
    let mut best: Option<(A, f64)> = None;
    for a in items {
        let Some(s) = score(&a) else { continue };
        if best.as_ref().is_none_or(|(_, b)| s > *b) {
            best = Some((a, s));
        }
    }
    best
}
