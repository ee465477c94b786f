//! The end of the game (`docs/rules/command-core.md` items 30–31; decisions, "Combat"): a
//! player with no mechs left loses (both at once: a draw); after the cleanup of the last round
//! the side with more total structure left wins, equal totals a draw.

use crate::event::Event;
use crate::state::{CommandCore, EndReason, Stage};
use gridwright_engine::{Events, Seat};

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
        let mut alive = [false; 2];
        for (i, _) in self.live() {
            alive[usize::from(self.owner_of(i))] = true;
        }
        let winner = match alive {
            [true, true] => return false,
            [true, false] => Some(Seat::new(0)),
            [false, true] => Some(Seat::new(1)),
            [false, false] => None,
        };
        self.game_over(winner, EndReason::Destruction, ev);
        true
    }

    /// The last round is over: more total structure wins.
    pub(crate) fn round_limit_reached(&mut self, ev: &mut Events<Event>) {
        let [a, b] = self.total_structure();
        let winner = match a.cmp(&b) {
            std::cmp::Ordering::Greater => Some(Seat::new(0)),
            std::cmp::Ordering::Less => Some(Seat::new(1)),
            std::cmp::Ordering::Equal => None,
        };
        self.game_over(winner, EndReason::RoundLimit, ev);
    }
}
