//! Victory points, the victory condition and the round limit.
//!
//! Seed, "Basic Game Overview" and "Combat Resolution" step 4: each destroyed unit gives one
//! victory point to the other side, and the game ends the moment the scenario's victory
//! condition holds. Decision file: after the last round, more VP wins and equal VP is a draw.

use crate::event::Event;
use crate::state::{EndReason, GridBattles, Phase};
use gridwright_engine::{Events, Seat};

impl GridBattles {
    /// Gives `side` a victory point; ends the game and returns `true` if that wins it.
    pub(crate) fn award_vp(&mut self, side: Seat, events: &mut Events<Event>) -> bool {
        self.vp[side] = self.vp[side].saturating_add(1);
        if self.vp[side] >= self.rules.target_vp[side] {
            self.finish(Some(side), EndReason::Victory, events);
            true
        } else {
            false
        }
    }

    /// The last round is over: victory points decide. The seat with the most wins; a tie for
    /// the most is a draw.
    pub(crate) fn end_by_round_limit(&mut self, events: &mut Events<Event>) {
        let most = self.vp.iter().map(|(_, v)| *v).max().unwrap_or(0);
        let winner = {
            let mut leaders = self.vp.iter().filter(|(_, v)| **v == most);
            match (leaders.next(), leaders.next()) {
                (Some((s, _)), None) => Some(s),
                _ => None,
            }
        };
        self.finish(winner, EndReason::RoundLimit, events);
    }

    fn finish(&mut self, winner: Option<Seat>, reason: EndReason, events: &mut Events<Event>) {
        self.phase = Phase::Over { winner, reason };
        events.emit(|| Event::GameOver {
            winner,
            reason,
            vp: self.vp.to_per_seat(),
        });
    }
}
