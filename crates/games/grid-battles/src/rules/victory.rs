//! Victory points, the victory condition and the round limit.
//!
//! Seed, "Basic Game Overview" and "Combat Resolution" step 4: each destroyed unit gives one
//! victory point to the other side, and the game ends the moment the scenario's victory
//! condition holds. Decision file: after the last round, more VP wins and equal VP is a draw.

use crate::event::Event;
use crate::state::{EndReason, GridBattles, Phase};
use gridwright_engine::{Events, Seat};
use std::cmp::Ordering;

impl GridBattles {
    /// Gives `side` a victory point; ends the game and returns `true` if that wins it.
    pub(crate) fn award_vp(&mut self, side: u8, events: &mut Events<Event>) -> bool {
        let s = usize::from(side);
        self.vp[s] = self.vp[s].saturating_add(1);
        if self.vp[s] >= self.rules.target_vp[s] {
            self.finish(Some(Seat::new(side)), EndReason::Victory, events);
            true
        } else {
            false
        }
    }

    /// The last round is over: victory points decide.
    pub(crate) fn end_by_round_limit(&mut self, events: &mut Events<Event>) {
        let winner = match self.vp[0].cmp(&self.vp[1]) {
            Ordering::Greater => Some(Seat::new(0)),
            Ordering::Less => Some(Seat::new(1)),
            Ordering::Equal => None,
        };
        self.finish(winner, EndReason::RoundLimit, events);
    }

    fn finish(&mut self, winner: Option<Seat>, reason: EndReason, events: &mut Events<Event>) {
        self.phase = Phase::Over { winner, reason };
        let vp = self.vp;
        events.emit(|| Event::GameOver { winner, reason, vp });
    }
}
