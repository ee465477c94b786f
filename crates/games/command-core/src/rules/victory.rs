//! The end of the game (`docs/rules/command-core.md` items 30–31; decisions, "Combat"): a
//! player with no mechs left loses (both at once: a draw); after the cleanup of the last round
//! the side with more total structure left wins, equal totals a draw.

use crate::event::Event;
use crate::state::{CommandCore, EndReason, Stage};
use gridwright_engine::{Events, Seat, SeatSet};

impl CommandCore {
    pub(crate) fn game_over(
        &mut self,
        winner: Option<Seat>,
        reason: EndReason,
        ev: &mut Events<Event>,
    ) {
        self.stage = Stage::Over { winner, reason };
        ev.emit(|| Event::GameOver { winner, reason });
    }

    /// Ends the game if a side has no mechs left; returns whether it did.
    pub(crate) fn check_victory(&mut self, ev: &mut Events<Event>) -> bool {
        let alive: SeatSet = self.live().map(|(i, _)| self.owner_of(i)).collect();
        let winner = match alive.len() {
            0 => None,
            1 => alive.iter().next(),
            _ => return false,
        };
        self.game_over(winner, EndReason::Destruction, ev);
        true
    }

    /// The last round is over: more total structure wins.
    pub(crate) fn round_limit_reached(&mut self, ev: &mut Events<Event>) {
        let totals = self.total_structure();
        let most = totals.iter().map(|(_, t)| *t).max().unwrap_or(0);
        let mut leaders = totals.iter().filter(|(_, t)| **t == most);
        let winner = match (leaders.next(), leaders.next()) {
            (Some((s, _)), None) => Some(s),
            _ => None,
        };
        self.game_over(winner, EndReason::RoundLimit, ev);
    }
}
