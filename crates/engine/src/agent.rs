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
